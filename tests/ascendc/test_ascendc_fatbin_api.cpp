// The rest of acl_rt.h's launch-by-binary calls on kernels/fatbin_kernels.cpp (ACLEMU_TEST_FATBIN):
// argument lists in the caller's memory (aclrtKernelArgsInitByUserMem and its two sizes), the
// kernel count, enumeration, entry address and code size (aclrtBinaryGetFunctionCount /
// EnumerateFunctions, aclrtGetFunctionAddr / Size, aclrtBinaryGetDevAddress), launch
// with a parameter array, the parameter layout queries, the binary's globals, and the reserved
// aclrtBinaryGetFunctionByEntry, on the backend ACLEMU_BACKEND names (ctest: cpu and gpusim).
// Results are checked against references computed here in double precision.
#include "device_test_fixture.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

constexpr uint32_t kBlocks = 8;
constexpr uint32_t kPerBlock = 32;

class AscendCFatbinApi : public FatbinFixture {
protected:
    void SetUp() override {
        FatbinFixture::SetUp();
        ASSERT_EQ(aclrtBinaryLoadFromFile(ACLEMU_TEST_FATBIN, nullptr, &binary_), ACL_SUCCESS);
    }
    void TearDown() override {
        aclrtBinaryUnLoad(binary_);
        FatbinFixture::TearDown();
    }

    aclrtFuncHandle function(const char* name) {
        aclrtFuncHandle f = nullptr;
        EXPECT_EQ(aclrtBinaryGetFunction(binary_, name, &f), ACL_SUCCESS);
        return f;
    }

    aclrtBinHandle binary_ = nullptr;
};

TEST_F(AscendCFatbinApi, ParameterLayoutIsACStructOfTheParameters) {
    aclrtFuncHandle scale = function("scale_block");
    size_t count = 0;
    ASSERT_EQ(aclrtFunctionGetParamCount(scale, &count), ACL_SUCCESS);
    EXPECT_EQ(count, 5u);
    // (void*, uint8_t, void*, float, uint32_t) laid out by the C rules, written out by hand.
    const size_t want_offsets[] = {0, 8, 16, 24, 28};
    const size_t want_sizes[] = {8, 1, 8, 4, 4};
    for (size_t i = 0; i < 5; ++i) {
        size_t offset = 99;
        size_t size = 99;
        ASSERT_EQ(aclrtFunctionGetParamInfo(scale, i, &offset, &size), ACL_SUCCESS);
        EXPECT_EQ(offset, want_offsets[i]) << "parameter " << i;
        EXPECT_EQ(size, want_sizes[i]) << "parameter " << i;
    }
    size_t offset = 0;
    size_t size = 0;
    EXPECT_EQ(aclrtFunctionGetParamInfo(scale, 5, &offset, &size), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("paramIndex");
    EXPECT_EQ(aclrtFunctionGetParamInfo(scale, 0, nullptr, &size), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("paramOffset");
    ASSERT_EQ(aclrtFunctionGetParamCount(function("no_params"), &count), ACL_SUCCESS);
    EXPECT_EQ(count, 0u);
    int not_a_handle = 0;
    EXPECT_EQ(aclrtFunctionGetParamCount(&not_a_handle, &count), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("func");

    size_t dyn_ub = 7;
    ASSERT_EQ(aclrtFunctionGetAvailDynUbufPerBlock(scale, 0, &dyn_ub), ACL_SUCCESS);
    EXPECT_EQ(dyn_ub, 0u);  // not a SIMT kernel
    EXPECT_EQ(aclrtFunctionGetAvailDynUbufPerBlock(scale, 1, &dyn_ub), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("flags");
    EXPECT_EQ(aclrtFunctionGetAvailDynUbufPerBlock(scale, 0, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("dynamicUbufSize");
}

TEST_F(AscendCFatbinApi, LaunchesWithAParameterArray) {
    aclrtFuncHandle scale = function("scale_block");
    const std::vector<float> x = ramp(kBlocks * kPerBlock);
    void* x_dev = to_device(x);
    void* out_dev = to_device(std::vector<float>(x.size(), 0.0f));
    uint8_t negate = 1;
    float alpha = -2.5f;
    uint32_t per_block = kPerBlock;
    void* args[] = {&x_dev, &negate, &out_dev, &alpha, &per_block};
    ASSERT_EQ(aclrtLaunchKernelWithArgsArray(scale, kBlocks, stream_, nullptr, args), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    expect_scaled(x, to_host(out_dev, x.size()), true, -2.5);

    // With a configuration, and the parameters changed after the launch returned: the launch
    // copied them.
    aclrtLaunchKernelAttr attr{};
    attr.id = ACL_RT_LAUNCH_KERNEL_ATTR_LOCAL_MEMORY_SIZE;
    attr.value.localMemorySize = 1024;
    aclrtLaunchKernelCfg cfg{&attr, 1};
    negate = 0;
    alpha = 3.0f;
    ASSERT_EQ(aclrtLaunchKernelWithArgsArray(scale, kBlocks, stream_, &cfg, args), ACL_SUCCESS);
    alpha = 100.0f;
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    expect_scaled(x, to_host(out_dev, x.size()), false, 3.0);

    ASSERT_EQ(aclrtLaunchKernelWithArgsArray(function("no_params"), 1, stream_, nullptr, nullptr),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);

    EXPECT_EQ(aclrtLaunchKernelWithArgsArray(scale, kBlocks, stream_, nullptr, nullptr),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("args");
    void* holes[] = {&x_dev, &negate, nullptr, &alpha, &per_block};
    EXPECT_EQ(aclrtLaunchKernelWithArgsArray(scale, kBlocks, stream_, nullptr, holes),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("args");
    int not_a_handle = 0;
    EXPECT_EQ(aclrtLaunchKernelWithArgsArray(&not_a_handle, kBlocks, stream_, nullptr, args),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("func");
}

TEST_F(AscendCFatbinApi, EnumeratesTheBinarysKernelsInNameOrder) {
    // fatbin_kernels.cpp defines five kernels; written out here in name order.
    const char* const want[] = {
        "add_block_bias", "add_global_bias", "no_params", "scale_block", "trap_in_block"};
    int not_a_handle_marker = 0;
    uint32_t count = 0;
    ASSERT_EQ(aclrtBinaryGetFunctionCount(binary_, &count), ACL_SUCCESS);
    ASSERT_EQ(count, 5u);
    aclrtFuncHandle found[5] = {};
    ASSERT_EQ(aclrtBinaryEnumerateFunctions(binary_, found, 5), ACL_SUCCESS);
    for (uint32_t i = 0; i < 5; ++i) {
        char name[64] = {};
        ASSERT_EQ(aclrtGetFunctionName(found[i], sizeof(name), name), ACL_SUCCESS);
        EXPECT_STREQ(name, want[i]) << "function " << i;
    }

    // An enumerated handle launches as one found by name does.
    const std::vector<float> x = ramp(kBlocks * kPerBlock);
    void* x_dev = to_device(x);
    void* out_dev = to_device(std::vector<float>(x.size(), 0.0f));
    uint8_t negate = 0;
    float alpha = 1.5f;
    uint32_t per_block = kPerBlock;
    void* args[] = {&x_dev, &negate, &out_dev, &alpha, &per_block};
    ASSERT_EQ(aclrtLaunchKernelWithArgsArray(found[3], kBlocks, stream_, nullptr, args),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    expect_scaled(x, to_host(out_dev, x.size()), false, 1.5);

    // The entry address: a vector kernel's, the same for every handle of one kernel.
    void* aic = &not_a_handle_marker;
    void* aiv = nullptr;
    void* aiv_by_name = nullptr;
    ASSERT_EQ(aclrtGetFunctionAddr(found[3], &aic, &aiv), ACL_SUCCESS);
    EXPECT_EQ(aic, nullptr);
    EXPECT_NE(aiv, nullptr);
    ASSERT_EQ(aclrtGetFunctionAddr(function("scale_block"), &aic, &aiv_by_name), ACL_SUCCESS);
    EXPECT_EQ(aiv, aiv_by_name);
    EXPECT_EQ(aclrtGetFunctionAddr(found[3], &aic, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("aivAddr");

    // The code size is the vector kernel's, and its entry lies inside the binary's image.
    size_t aic_size = 99;
    size_t aiv_size = 0;
    ASSERT_EQ(aclrtGetFunctionSize(found[3], &aic_size, &aiv_size), ACL_SUCCESS);
    EXPECT_EQ(aic_size, 0u);
    EXPECT_GT(aiv_size, 0u);
    void* image = nullptr;
    size_t image_size = 0;
    ASSERT_EQ(aclrtBinaryGetDevAddress(binary_, &image, &image_size), ACL_SUCCESS);
    const auto image_begin = reinterpret_cast<uintptr_t>(image);
    const auto entry = reinterpret_cast<uintptr_t>(aiv);
    EXPECT_GE(entry, image_begin);
    EXPECT_LE(entry + aiv_size, image_begin + image_size);
    EXPECT_EQ(aclrtGetFunctionSize(found[3], nullptr, &aiv_size), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("aicSize");
    EXPECT_EQ(aclrtBinaryGetDevAddress(binary_, &image, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("devSize");

    // Fewer than all: the first ones in the same order.
    aclrtFuncHandle first[2] = {};
    ASSERT_EQ(aclrtBinaryEnumerateFunctions(binary_, first, 2), ACL_SUCCESS);
    char name[64] = {};
    ASSERT_EQ(aclrtGetFunctionName(first[1], sizeof(name), name), ACL_SUCCESS);
    EXPECT_STREQ(name, "add_global_bias");

    EXPECT_EQ(aclrtBinaryEnumerateFunctions(binary_, found, 6), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("numFunctions");
    EXPECT_EQ(aclrtBinaryEnumerateFunctions(binary_, found, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("numFunctions");
    EXPECT_EQ(aclrtBinaryEnumerateFunctions(binary_, nullptr, 5), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("functions");
    EXPECT_EQ(aclrtBinaryGetFunctionCount(binary_, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("count");
    int not_a_handle = 0;
    EXPECT_EQ(aclrtBinaryGetFunctionCount(&not_a_handle, &count), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("binHandle");
}

// What the exception callback saw (one report per test).
aclrtFuncHandle reported_function = nullptr;
uint32_t reported_code = 0;
aclError reported_args_result = ACL_SUCCESS;

void record_exception(aclrtExceptionInfo* info) {
    reported_code = aclrtGetErrorCodeFromExceptionInfo(info);
    EXPECT_EQ(aclrtGetFuncHandleFromExceptionInfo(info, &reported_function), ACL_SUCCESS);
    // A failing call keeps its message in the calling thread's storage. On the simulator this
    // callback runs on a simulator thread that lives until exit, and the sanitizer build runs
    // this test without TLS in the leak scan (cmake/sanitizers.cmake): the message would look
    // leaked. The CPU backend's run checks the call.
    if (on_cpu_backend()) {
        void* args = nullptr;
        uint32_t length = 0;
        reported_args_result = aclrtGetArgsFromExceptionInfo(info, &args, &length);
    }
}

TEST_F(AscendCFatbinApi, ExceptionReportNamesTheFailedKernelsFunction) {
    aclrtFuncHandle trap = function("trap_in_block");
    ASSERT_EQ(aclrtSetExceptionInfoCallback(record_exception), ACL_SUCCESS);
    uint32_t trap_block = 1;
    void* args[] = {&trap_block};
    ASSERT_EQ(aclrtLaunchKernelWithArgsArray(trap, 2, stream_, nullptr, args), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_ERROR_RT_VECTOR_CORE_EXCEPTION);
    ASSERT_EQ(aclrtSetExceptionInfoCallback(nullptr), ACL_SUCCESS);
    EXPECT_EQ(reported_code, static_cast<uint32_t>(ACL_ERROR_RT_VECTOR_CORE_EXCEPTION));
    // The CPU backend runs the kernel as a host task that knows its launch; a GPU kernel (the
    // simulator's too) ends in a stream callback that does not, and reports NULL.
    EXPECT_EQ(reported_function, on_cpu_backend() ? trap : nullptr);
    if (on_cpu_backend()) {
        EXPECT_EQ(reported_args_result, ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    }

    aclrtFuncHandle out = nullptr;
    EXPECT_EQ(aclrtGetFuncHandleFromExceptionInfo(nullptr, &out), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("info");
}

TEST_F(AscendCFatbinApi, ArgumentListInTheCallersMemory) {
    aclrtFuncHandle scale = function("scale_block");
    size_t handle_bytes = 0;
    ASSERT_EQ(aclrtKernelArgsGetHandleMemSize(scale, &handle_bytes), ACL_SUCCESS);
    EXPECT_GT(handle_bytes, 0u);
    // Five parameters, each rounded up to 8 bytes: 40; the packed struct takes 32.
    size_t args_bytes = 0;
    ASSERT_EQ(aclrtKernelArgsGetMemSize(scale, 40, &args_bytes), ACL_SUCCESS);
    EXPECT_EQ(args_bytes, 40u);
    ASSERT_EQ(aclrtKernelArgsGetMemSize(scale, 0, &args_bytes), ACL_SUCCESS);
    EXPECT_EQ(args_bytes, 32u);

    std::vector<unsigned char> handle_mem(handle_bytes);
    std::vector<unsigned char> args_mem(40);
    aclrtArgsHandle args = handle_mem.data();
    ASSERT_EQ(aclrtKernelArgsInitByUserMem(scale, args, args_mem.data(), args_mem.size()),
              ACL_SUCCESS);

    const std::vector<float> x = ramp(kBlocks * kPerBlock);
    void* x_dev = to_device(x);
    void* out_dev = to_device(std::vector<float>(x.size(), 0.0f));
    uint8_t negate = 0;
    float alpha = 0.75f;
    uint32_t per_block = kPerBlock;
    aclrtParamHandle param = nullptr;
    aclrtParamHandle alpha_param = nullptr;
    ASSERT_EQ(aclrtKernelArgsAppend(args, &x_dev, sizeof(x_dev), &param), ACL_SUCCESS);
    ASSERT_EQ(aclrtKernelArgsAppend(args, &negate, sizeof(negate), &param), ACL_SUCCESS);
    ASSERT_EQ(aclrtKernelArgsAppend(args, &out_dev, sizeof(out_dev), &param), ACL_SUCCESS);
    ASSERT_EQ(aclrtKernelArgsAppend(args, &alpha, sizeof(alpha), &alpha_param), ACL_SUCCESS);
    ASSERT_EQ(aclrtKernelArgsAppend(args, &per_block, sizeof(per_block), &param), ACL_SUCCESS);
    ASSERT_EQ(aclrtKernelArgsFinalize(args), ACL_SUCCESS);
    ASSERT_EQ(aclrtLaunchKernelWithConfig(scale, kBlocks, stream_, nullptr, args, nullptr),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    expect_scaled(x, to_host(out_dev, x.size()), false, 0.75);

    float new_alpha = -4.0f;
    ASSERT_EQ(aclrtKernelArgsParaUpdate(args, alpha_param, &new_alpha, sizeof(new_alpha)),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtKernelArgsFinalize(args), ACL_SUCCESS);
    ASSERT_EQ(aclrtLaunchKernelWithConfig(scale, kBlocks, stream_, nullptr, args, nullptr),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    expect_scaled(x, to_host(out_dev, x.size()), false, -4.0);

    // The same memory initialised again is a fresh list: nothing appended yet.
    ASSERT_EQ(aclrtKernelArgsInitByUserMem(scale, args, args_mem.data(), args_mem.size()),
              ACL_SUCCESS);
    EXPECT_EQ(aclrtKernelArgsFinalize(args), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("argsHandle");

    EXPECT_EQ(aclrtKernelArgsInitByUserMem(scale, args, args_mem.data(), 31),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("actualArgsSize");
    EXPECT_EQ(aclrtKernelArgsInitByUserMem(scale, args, nullptr, 40), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("userHostMem");
    EXPECT_EQ(aclrtKernelArgsInitByUserMem(scale, nullptr, args_mem.data(), 40),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("argsHandle");
    EXPECT_EQ(aclrtKernelArgsInitByUserMem(scale, binary_, args_mem.data(), 40),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("argsHandle");
    EXPECT_EQ(aclrtKernelArgsGetMemSize(scale, 0, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("actualArgsSize");

    // Unloading the binary ends the list lent by the caller too.
    ASSERT_EQ(aclrtKernelArgsInitByUserMem(scale, args, args_mem.data(), args_mem.size()),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtBinaryUnLoad(binary_), ACL_SUCCESS);
    binary_ = nullptr;
    EXPECT_EQ(aclrtKernelArgsAppend(args, &x_dev, sizeof(x_dev), &param), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("argsHandle");
}

TEST_F(AscendCFatbinApi, GlobalVariableOfTheBinary) {
    void* global = nullptr;
    size_t bytes = 0;
    if (!on_host_memory_backend()) {
        EXPECT_EQ(aclrtBinaryGetGlobal(binary_, "fatbin_block_bias", &global, &bytes),
                  ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
        EXPECT_MESSAGE_HAS("aclrtBinaryGetGlobal");
        return;
    }
    ASSERT_EQ(aclrtBinaryGetGlobal(binary_, "fatbin_block_bias", &global, &bytes), ACL_SUCCESS);
    ASSERT_NE(global, nullptr);
    EXPECT_EQ(bytes, 8 * sizeof(float));
    size_t size_only = 0;
    ASSERT_EQ(aclrtBinaryGetGlobal(binary_, "fatbin_block_bias", nullptr, &size_only), ACL_SUCCESS);
    EXPECT_EQ(size_only, bytes);

    std::vector<float> bias(8);
    for (size_t b = 0; b < bias.size(); ++b) {
        bias[b] = static_cast<float>(b) * 1.25f - 2.0f;
    }
    ASSERT_EQ(aclrtMemcpy(global, bytes, bias.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_SUCCESS);
    const std::vector<float> x = ramp(kBlocks * kPerBlock);
    void* out_dev = to_device(x);
    uint32_t per_block = kPerBlock;
    void* args[] = {&out_dev, &per_block};
    ASSERT_EQ(aclrtLaunchKernelWithArgsArray(
                  function("add_global_bias"), kBlocks, stream_, nullptr, args),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    const std::vector<float> out = to_host(out_dev, x.size());
    for (size_t i = 0; i < x.size(); ++i) {
        const double want = static_cast<double>(x[i]) + bias[i / kPerBlock];
        EXPECT_DOUBLE_EQ(out[i], static_cast<float>(want)) << "element " << i;
    }
    std::vector<float> back(8);
    ASSERT_EQ(aclrtMemcpy(back.data(), bytes, global, bytes, ACL_MEMCPY_DEVICE_TO_HOST),
              ACL_SUCCESS);
    EXPECT_EQ(back, bias);
    EXPECT_EQ(aclrtFree(global), ACL_ERROR_INVALID_PARAM);  // the binary's, not aclrtMalloc's
    EXPECT_MESSAGE_HAS("aclrtBinaryGetGlobal");

    EXPECT_EQ(aclrtBinaryGetGlobal(binary_, "no_such_global", &global, &bytes),
              ACL_ERROR_RT_SYMBOL_NOT_FOUND);
    EXPECT_MESSAGE_HAS("no_such_global");
    // A kernel is a function, not a global; a symbol of a library the binary links is not its.
    EXPECT_EQ(aclrtBinaryGetGlobal(binary_, "scale_block", &global, &bytes),
              ACL_ERROR_RT_SYMBOL_NOT_FOUND);
    EXPECT_EQ(aclrtBinaryGetGlobal(binary_, "stdout", &global, &bytes),
              ACL_ERROR_RT_SYMBOL_NOT_FOUND);
    EXPECT_EQ(aclrtBinaryGetGlobal(binary_, "fatbin_block_bias", nullptr, nullptr),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("dptr");
    EXPECT_EQ(aclrtBinaryGetGlobal(binary_, nullptr, &global, &bytes), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("name");
}

TEST_F(AscendCFatbinApi, FunctionByEntryIsReserved) {
    aclrtFuncHandle f = nullptr;
    EXPECT_EQ(aclrtBinaryGetFunctionByEntry(binary_, 0, &f), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    EXPECT_MESSAGE_HAS("aclrtBinaryGetFunction");
    int not_a_handle = 0;
    EXPECT_EQ(aclrtBinaryGetFunctionByEntry(&not_a_handle, 0, &f), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("binHandle");
}

}  // namespace
