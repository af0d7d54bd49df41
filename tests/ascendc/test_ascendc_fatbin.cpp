// Launch by loaded binary: kernels built as ascendc_fatbin_library builds them
// (kernels/fatbin_kernels.cpp, ACLEMU_TEST_FATBIN is the binary's path), loaded from the file and
// from its bytes, found by name, launched with an argument list (placeholders included) and with
// packed host arguments, on the backend ACLEMU_BACKEND names (ctest: cpu and gpusim). References
// are computed here in double precision; bad handles and arguments get exact codes and messages.
#include "device_test_fixture.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

std::vector<char> binary_bytes() {
    std::ifstream file(ACLEMU_TEST_FATBIN, std::ios::binary);
    return std::vector<char>(std::istreambuf_iterator<char>(file), {});
}

using AscendCFatbin = FatbinFixture;

constexpr uint32_t kBlocks = 8;
constexpr uint32_t kPerBlock = 64;

TEST_F(AscendCFatbin, LoadsFromFileAndLaunchesAnArgumentList) {
    aclrtBinHandle binary = nullptr;
    ASSERT_EQ(aclrtBinaryLoadFromFile(ACLEMU_TEST_FATBIN, nullptr, &binary), ACL_SUCCESS);
    aclrtFuncHandle function = nullptr;
    ASSERT_EQ(aclrtBinaryGetFunction(binary, "scale_block", &function), ACL_SUCCESS);

    const std::vector<float> x = ramp(kBlocks * kPerBlock);
    void* x_dev = to_device(x);
    void* out_dev = to_device(std::vector<float>(x.size(), 0.0f));
    uint8_t negate = 1;
    float alpha = 1.5f;
    uint32_t per_block = kPerBlock;

    aclrtArgsHandle args = nullptr;
    ASSERT_EQ(aclrtKernelArgsInit(function, &args), ACL_SUCCESS);
    aclrtParamHandle param = nullptr;
    aclrtParamHandle alpha_param = nullptr;
    ASSERT_EQ(aclrtKernelArgsAppend(args, &x_dev, sizeof(x_dev), &param), ACL_SUCCESS);
    ASSERT_EQ(aclrtKernelArgsAppend(args, &negate, sizeof(negate), &param), ACL_SUCCESS);
    ASSERT_EQ(aclrtKernelArgsAppend(args, &out_dev, sizeof(out_dev), &param), ACL_SUCCESS);
    ASSERT_EQ(aclrtKernelArgsAppend(args, &alpha, sizeof(alpha), &alpha_param), ACL_SUCCESS);
    ASSERT_EQ(aclrtKernelArgsAppend(args, &per_block, sizeof(per_block), &param), ACL_SUCCESS);
    ASSERT_EQ(aclrtKernelArgsFinalize(args), ACL_SUCCESS);
    ASSERT_EQ(aclrtLaunchKernelWithConfig(function, kBlocks, stream_, nullptr, args, nullptr),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    expect_scaled(x, to_host(out_dev, x.size()), true, 1.5);

    // An update, finalized again, reaches the next launch; the config's attributes are accepted.
    float alpha2 = -0.75f;
    ASSERT_EQ(aclrtKernelArgsParaUpdate(args, alpha_param, &alpha2, sizeof(alpha2)), ACL_SUCCESS);
    ASSERT_EQ(aclrtKernelArgsFinalize(args), ACL_SUCCESS);
    aclrtLaunchKernelAttr attrs[2] = {};
    attrs[0].id = ACL_RT_LAUNCH_KERNEL_ATTR_SCHEM_MODE;
    attrs[0].value.schemMode = 1;
    attrs[1].id = ACL_RT_LAUNCH_KERNEL_ATTR_LOCAL_MEMORY_SIZE;
    attrs[1].value.localMemorySize = 1024;
    aclrtLaunchKernelCfg cfg{attrs, 2};
    ASSERT_EQ(aclrtLaunchKernelWithConfig(function, kBlocks, stream_, &cfg, args, nullptr),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    expect_scaled(x, to_host(out_dev, x.size()), true, -0.75);
    EXPECT_EQ(aclrtBinaryUnLoad(binary), ACL_SUCCESS);
}

TEST_F(AscendCFatbin, LoadsFromDataAndLaunchesPackedHostArguments) {
    const std::vector<char> bytes = binary_bytes();
    ASSERT_FALSE(bytes.empty());
    aclrtBinHandle binary = nullptr;
    ASSERT_EQ(aclrtBinaryLoadFromData(bytes.data(), bytes.size(), nullptr, &binary), ACL_SUCCESS);
    aclrtFuncHandle function = nullptr;
    ASSERT_EQ(aclrtBinaryGetFunction(binary, "scale_block", &function), ACL_SUCCESS);

    const std::vector<float> x = ramp(kBlocks * kPerBlock);
    void* x_dev = to_device(x);
    void* out_dev = to_device(std::vector<float>(x.size(), 0.0f));
    ScaleArgs packed{x_dev, 0, out_dev, 3.0f, kPerBlock};
    ASSERT_EQ(aclrtLaunchKernel(function, kBlocks, &packed, sizeof(packed), stream_), ACL_SUCCESS);
    packed.alpha = 100.0f;  // the arguments were copied at the launch
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    expect_scaled(x, to_host(out_dev, x.size()), false, 3.0);

    aclrtFuncHandle empty = nullptr;
    ASSERT_EQ(aclrtBinaryGetFunction(binary, "no_params", &empty), ACL_SUCCESS);
    EXPECT_EQ(aclrtLaunchKernel(empty, 2, nullptr, 0, stream_), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    EXPECT_EQ(aclrtBinaryUnLoad(binary), ACL_SUCCESS);
}

TEST_F(AscendCFatbin, PlaceholderBufferIsCopiedAtEachLaunch) {
    aclrtBinHandle binary = nullptr;
    ASSERT_EQ(aclrtBinaryLoadFromFile(ACLEMU_TEST_FATBIN, nullptr, &binary), ACL_SUCCESS);
    aclrtFuncHandle function = nullptr;
    ASSERT_EQ(aclrtBinaryGetFunction(binary, "add_block_bias", &function), ACL_SUCCESS);

    const std::vector<float> start = ramp(kBlocks * kPerBlock);
    void* out_dev = to_device(start);
    uint32_t per_block = kPerBlock;
    aclrtArgsHandle args = nullptr;
    ASSERT_EQ(aclrtKernelArgsInit(function, &args), ACL_SUCCESS);
    aclrtParamHandle param = nullptr;
    aclrtParamHandle table = nullptr;
    ASSERT_EQ(aclrtKernelArgsAppend(args, &out_dev, sizeof(out_dev), &param), ACL_SUCCESS);
    ASSERT_EQ(aclrtKernelArgsAppend(args, &per_block, sizeof(per_block), &param), ACL_SUCCESS);
    ASSERT_EQ(aclrtKernelArgsAppendPlaceHolder(args, &table), ACL_SUCCESS);
    void* buffer = nullptr;
    ASSERT_EQ(aclrtKernelArgsGetPlaceHolderBuffer(args, table, kBlocks * sizeof(float), &buffer),
              ACL_SUCCESS);
    ASSERT_NE(buffer, nullptr);
    auto* biases = static_cast<float*>(buffer);
    for (uint32_t b = 0; b < kBlocks; ++b) {
        biases[b] = 0.5f * static_cast<float>(b + 1);
    }
    ASSERT_EQ(aclrtKernelArgsFinalize(args), ACL_SUCCESS);
    ASSERT_EQ(aclrtLaunchKernelWithConfig(function, kBlocks, stream_, nullptr, args, nullptr),
              ACL_SUCCESS);
    for (uint32_t b = 0; b < kBlocks; ++b) {
        biases[b] = 10.0f * static_cast<float>(b);  // the second launch's table
    }
    ASSERT_EQ(aclrtLaunchKernelWithConfig(function, kBlocks, stream_, nullptr, args, nullptr),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    const std::vector<float> out = to_host(out_dev, start.size());
    for (size_t i = 0; i < out.size(); ++i) {
        const size_t b = i / kPerBlock;
        const double want = static_cast<double>(start[i]) + 0.5 * static_cast<double>(b + 1)
                            + 10.0 * static_cast<double>(b);
        EXPECT_FLOAT_EQ(out[i], static_cast<float>(want)) << "element " << i;
    }
    EXPECT_EQ(aclrtBinaryUnLoad(binary), ACL_SUCCESS);
}

TEST_F(AscendCFatbin, CreatedBinaryHostArgsAndV2Launches) {
    const std::vector<char> bytes = binary_bytes();
    aclrtBinary data = aclrtCreateBinary(bytes.data(), bytes.size());
    ASSERT_NE(data, nullptr);
    aclrtBinHandle binary = nullptr;
    ASSERT_EQ(aclrtBinaryLoad(data, &binary), ACL_SUCCESS);
    ASSERT_EQ(aclrtDestroyBinary(data), ACL_SUCCESS);  // the loaded binary does not need it
    EXPECT_EQ(aclrtDestroyBinary(data), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("binary");

    aclrtFuncHandle bias = nullptr;
    ASSERT_EQ(aclrtBinaryGetFunction(binary, "add_block_bias", &bias), ACL_SUCCESS);
    char name[32] = {};
    ASSERT_EQ(aclrtGetFunctionName(bias, sizeof(name), name), ACL_SUCCESS);
    EXPECT_STREQ(name, "add_block_bias");
    EXPECT_EQ(aclrtGetFunctionName(bias, 5, name), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("maxLen");
    aclrtBinHandle owner = nullptr;
    ASSERT_EQ(aclrtFunctionGetBinary(bias, &owner), ACL_SUCCESS);
    EXPECT_EQ(owner, binary);

    // add_block_bias(out, per_block, table): 24 bytes of parameters, then the table's data.
    const std::vector<float> start = ramp(kBlocks * kPerBlock);
    void* out_dev = to_device(start);
    struct {
        void* out;
        uint32_t per_block;
        void* table;
        float data[kBlocks];
    } host_args{out_dev, kPerBlock, nullptr, {}};
    static_assert(offsetof(decltype(host_args), data) == 24, "parameters take 24 bytes");
    for (uint32_t b = 0; b < kBlocks; ++b) {
        host_args.data[b] = -1.25f * static_cast<float>(b);
    }
    aclrtPlaceHolderInfo placeholder{16, 24};
    ASSERT_EQ(aclrtLaunchKernelWithHostArgs(
                  bias, kBlocks, stream_, nullptr, &host_args, sizeof(host_args), &placeholder, 1),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    const std::vector<float> out = to_host(out_dev, start.size());
    for (size_t i = 0; i < out.size(); ++i) {
        const double want =
            static_cast<double>(start[i]) - 1.25 * static_cast<double>(i / kPerBlock);
        EXPECT_FLOAT_EQ(out[i], static_cast<float>(want)) << "element " << i;
    }
    aclrtPlaceHolderInfo outside{16, 8};
    EXPECT_EQ(aclrtLaunchKernelWithHostArgs(
                  bias, kBlocks, stream_, nullptr, &host_args, sizeof(host_args), &outside, 1),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("dataOffset");

    aclrtFuncHandle scale = nullptr;
    ASSERT_EQ(aclrtBinaryGetFunction(binary, "scale_block", &scale), ACL_SUCCESS);
    const std::vector<float> x = ramp(kBlocks * kPerBlock);
    void* x_dev = to_device(x);
    void* y_dev = to_device(std::vector<float>(x.size(), 0.0f));
    ScaleArgs packed{x_dev, 1, y_dev, 0.5f, kPerBlock};
    aclrtLaunchKernelAttr attr{};
    attr.id = ACL_RT_LAUNCH_KERNEL_ATTR_LOCAL_MEMORY_SIZE;
    attr.value.localMemorySize = 256;
    aclrtLaunchKernelCfg cfg{&attr, 1};
    ASSERT_EQ(aclrtLaunchKernelV2(scale, kBlocks, &packed, sizeof(packed), &cfg, stream_),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    expect_scaled(x, to_host(y_dev, x.size()), true, 0.5);
    EXPECT_EQ(aclrtBinaryUnLoad(binary), ACL_SUCCESS);
}

TEST_F(AscendCFatbin, BadLoadsAndNamesAreRefused) {
    aclrtBinHandle binary = nullptr;
    EXPECT_EQ(aclrtBinaryLoadFromFile(nullptr, nullptr, &binary), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("binPath");
    EXPECT_EQ(aclrtBinaryLoadFromFile("/nonexistent/aclemu/kernels.o", nullptr, &binary),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_MESSAGE_HAS("binPath");
    const char junk[] = "not an ELF shared object";
    EXPECT_EQ(aclrtBinaryLoadFromData(junk, sizeof(junk), nullptr, &binary),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_MESSAGE_HAS("data");
    EXPECT_EQ(aclrtBinaryLoadFromData(junk, 0, nullptr, &binary), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("length");
    aclrtBinaryLoadOption option{};
    option.type = ACL_RT_BINARY_LOAD_OPT_CPU_KERNEL_MODE;
    aclrtBinaryLoadOptions options{&option, 1};
    EXPECT_EQ(aclrtBinaryLoadFromFile(ACLEMU_TEST_FATBIN, &options, &binary),
              ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    // A type no enumerator has, stored as a C caller may (the bits of an int): read as an int.
    for (const int bad_type : {0, 4, 1000}) {
        std::memcpy(&option.type, &bad_type, sizeof bad_type);
        EXPECT_EQ(aclrtBinaryLoadFromFile(ACLEMU_TEST_FATBIN, &options, &binary),
                  ACL_ERROR_INVALID_PARAM);
        EXPECT_MESSAGE_HAS("Value [" + std::to_string(bad_type)
                           + "] for parameter [options->options[].type]");
    }

    ASSERT_EQ(aclrtBinaryLoadFromFile(ACLEMU_TEST_FATBIN, nullptr, &binary), ACL_SUCCESS);
    aclrtFuncHandle function = nullptr;
    // CANN's runtime answers an unknown name with its invalid-value error (107000).
    EXPECT_EQ(aclrtBinaryGetFunction(binary, "no_such_kernel", &function),
              ACL_ERROR_RT_PARAM_INVALID);
    const std::string lookup = recent_message();  // reading the message takes it
    EXPECT_NE(lookup.find("no_such_kernel"), std::string::npos) << lookup;
    EXPECT_NE(lookup.find("kernelName"), std::string::npos) << lookup;
    EXPECT_EQ(aclrtBinaryGetFunction(binary, nullptr, &function), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("kernelName");

    ASSERT_EQ(aclrtBinaryGetFunction(binary, "scale_block", &function), ACL_SUCCESS);
    ASSERT_EQ(aclrtBinaryUnLoad(binary), ACL_SUCCESS);
    EXPECT_EQ(aclrtBinaryUnLoad(binary), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("binHandle");
    ScaleArgs packed{};
    EXPECT_EQ(aclrtLaunchKernel(function, 1, &packed, sizeof(packed), stream_),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("funcHandle");
    int not_a_handle = 0;
    EXPECT_EQ(aclrtBinaryGetFunction(&not_a_handle, "scale_block", &function),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("binHandle");
}

TEST_F(AscendCFatbin, BadArgumentsAndLaunchesAreRefused) {
    aclrtBinHandle binary = nullptr;
    ASSERT_EQ(aclrtBinaryLoadFromFile(ACLEMU_TEST_FATBIN, nullptr, &binary), ACL_SUCCESS);
    aclrtFuncHandle function = nullptr;
    ASSERT_EQ(aclrtBinaryGetFunction(binary, "scale_block", &function), ACL_SUCCESS);
    aclrtArgsHandle args = nullptr;
    ASSERT_EQ(aclrtKernelArgsInit(function, &args), ACL_SUCCESS);
    aclrtParamHandle param = nullptr;
    void* device = to_device(std::vector<float>(kPerBlock, 1.0f));
    uint32_t wrong = 1;
    EXPECT_EQ(aclrtKernelArgsAppend(args, &wrong, sizeof(wrong), &param), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("paramSize");
    ASSERT_EQ(aclrtKernelArgsAppend(args, &device, sizeof(device), &param), ACL_SUCCESS);
    EXPECT_EQ(aclrtKernelArgsFinalize(args), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("argsHandle");
    EXPECT_EQ(aclrtLaunchKernelWithConfig(function, 1, stream_, nullptr, args, nullptr),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("not finalized");
    void* buffer = nullptr;
    EXPECT_EQ(aclrtKernelArgsGetPlaceHolderBuffer(args, param, 16, &buffer),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("paramHandle");

    uint8_t negate = 0;
    float alpha = 1.0f;
    uint32_t per_block = kPerBlock;
    ASSERT_EQ(aclrtKernelArgsAppend(args, &negate, sizeof(negate), &param), ACL_SUCCESS);
    ASSERT_EQ(aclrtKernelArgsAppend(args, &device, sizeof(device), &param), ACL_SUCCESS);
    ASSERT_EQ(aclrtKernelArgsAppend(args, &alpha, sizeof(alpha), &param), ACL_SUCCESS);
    ASSERT_EQ(aclrtKernelArgsAppend(args, &per_block, sizeof(per_block), &param), ACL_SUCCESS);
    EXPECT_EQ(aclrtKernelArgsAppend(args, &per_block, sizeof(per_block), &param),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("takes 5");
    ASSERT_EQ(aclrtKernelArgsFinalize(args), ACL_SUCCESS);

    EXPECT_EQ(aclrtLaunchKernelWithConfig(function, 0, stream_, nullptr, args, nullptr),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("numBlocks");
    int reserved = 0;
    EXPECT_EQ(aclrtLaunchKernelWithConfig(function, 1, stream_, nullptr, args, &reserved),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("reserve");
    aclrtLaunchKernelAttr attr{};
    attr.id = static_cast<aclrtLaunchKernelAttrId>(99);
    aclrtLaunchKernelCfg cfg{&attr, 1};
    EXPECT_EQ(aclrtLaunchKernelWithConfig(function, 1, stream_, &cfg, args, nullptr),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("cfg->attrs[].id");
    attr.id = ACL_RT_LAUNCH_KERNEL_ATTR_LOCAL_MEMORY_SIZE;
    attr.value.localMemorySize = 1u << 30;
    EXPECT_EQ(aclrtLaunchKernelWithConfig(function, 1, stream_, &cfg, args, nullptr),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("dynUBufSize");
    ScaleArgs packed{};
    EXPECT_EQ(aclrtLaunchKernel(function, 1, &packed, sizeof(packed) - 4, stream_),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("argsSize");
    EXPECT_EQ(aclrtLaunchKernel(function, 1, nullptr, sizeof(packed), stream_),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("argsData");

    aclrtFuncHandle other = nullptr;
    ASSERT_EQ(aclrtBinaryGetFunction(binary, "no_params", &other), ACL_SUCCESS);
    EXPECT_EQ(aclrtLaunchKernelWithConfig(other, 1, stream_, nullptr, args, nullptr),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("scale_block");
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    ASSERT_EQ(aclrtBinaryUnLoad(binary), ACL_SUCCESS);
    EXPECT_EQ(aclrtKernelArgsFinalize(args), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("argsHandle");
}

}  // namespace
