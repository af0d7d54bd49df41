// The program's own __gm__ variables and kernels (kernels/symbol_kernels.cpp) on the backend
// ACLEMU_BACKEND names (ctest: cpu and gpusim): aclrtGetSymbolAddress / Size, the symbol copies,
// aclrtGetFuncBySymbol with the launch-by-handle calls, aclrtGetFunctionAttribute, and the codes
// and messages of bad input. References are computed here from the values written.
#include "acl/acl_rt_api.h"

#include "device_test_fixture.h"
#include "symbol_kernels.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace {

using AscendCSymbols = DeviceFixture;

std::vector<int32_t> table_values(int32_t step) {
    std::vector<int32_t> values(kSymbolTableSize);
    for (int i = 0; i < kSymbolTableSize; ++i) {
        values[i] = (i + 1) * step;
    }
    return values;
}

std::vector<int32_t> read_table() {
    std::vector<int32_t> out(kSymbolTableSize, -1);
    const size_t bytes = out.size() * sizeof(int32_t);
    EXPECT_EQ(aclrtMemcpyFromSymbol(
                  out.data(), bytes, table_symbol(), bytes, 0, ACL_MEMCPY_DEVICE_TO_HOST),
              ACL_SUCCESS)
        << recent_message();
    return out;
}

TEST_F(AscendCSymbols, SizesAndAddressesAreTheVariables) {
    size_t size = 0;
    ASSERT_EQ(aclrtGetSymbolSize(table_symbol(), &size), ACL_SUCCESS) << recent_message();
    EXPECT_EQ(size, kSymbolTableSize * sizeof(int32_t));
    ASSERT_EQ(aclrtGetSymbolSize(scale_symbol(), &size), ACL_SUCCESS);
    EXPECT_EQ(size, sizeof(float));
    ASSERT_EQ(aclrtGetSymbolSize(counter_symbol(), &size), ACL_SUCCESS) << "a static variable";
    EXPECT_EQ(size, sizeof(int64_t));
    void* address = nullptr;
    ASSERT_EQ(aclrtGetSymbolAddress(table_symbol(), &address), ACL_SUCCESS);
    ASSERT_NE(address, nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(address) % alignof(int32_t), 0u);
    void* again = nullptr;
    ASSERT_EQ(aclrtGetSymbolAddress(table_symbol(), &again), ACL_SUCCESS);
    EXPECT_EQ(again, address);
}

TEST_F(AscendCSymbols, CopiesReachTheVariableAtAnOffset) {
    const std::vector<int32_t> values = table_values(3);
    const size_t bytes = values.size() * sizeof(int32_t);
    ASSERT_EQ(aclrtMemcpyToSymbol(table_symbol(), values.data(), bytes, 0, ACL_MEMCPY_DEFAULT),
              ACL_SUCCESS)
        << recent_message();
    EXPECT_EQ(read_table(), values);

    // Elements 4..7 replaced through an offset of 16 bytes, read back from the same offset.
    const int32_t middle[4] = {-1, -2, -3, -4};
    ASSERT_EQ(
        aclrtMemcpyToSymbol(table_symbol(), middle, sizeof(middle), 16, ACL_MEMCPY_HOST_TO_DEVICE),
        ACL_SUCCESS);
    int32_t back[4] = {};
    ASSERT_EQ(aclrtMemcpyFromSymbol(
                  back, sizeof(back), table_symbol(), sizeof(back), 16, ACL_MEMCPY_DEFAULT),
              ACL_SUCCESS);
    std::vector<int32_t> expected = values;
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(back[i], -(i + 1));
        expected[4 + i] = -(i + 1);
    }
    EXPECT_EQ(read_table(), expected);

    // The device address is device memory to aclrtMemcpy too.
    void* address = nullptr;
    ASSERT_EQ(aclrtGetSymbolAddress(table_symbol(), &address), ACL_SUCCESS);
    int32_t first = 0;
    ASSERT_EQ(aclrtMemcpy(&first, sizeof(first), address, sizeof(first), ACL_MEMCPY_DEVICE_TO_HOST),
              ACL_SUCCESS)
        << recent_message();
    EXPECT_EQ(first, values[0]);
}

TEST_F(AscendCSymbols, AsyncCopiesAndAKernelFoundBySymbolKeepStreamOrder) {
    const std::vector<int32_t> values = table_values(10);
    const size_t bytes = values.size() * sizeof(int32_t);
    int32_t* pinned_in = nullptr;
    int32_t* pinned_out = nullptr;
    ASSERT_EQ(aclrtMallocHost(reinterpret_cast<void**>(&pinned_in), bytes), ACL_SUCCESS);
    ASSERT_EQ(aclrtMallocHost(reinterpret_cast<void**>(&pinned_out), bytes), ACL_SUCCESS);
    for (int i = 0; i < kSymbolTableSize; ++i) {
        pinned_in[i] = values[i];
        pinned_out[i] = 0;
    }
    aclrtFuncHandle add = nullptr;
    ASSERT_EQ(aclrtGetFuncBySymbol(add_to_table_kernel(), &add), ACL_SUCCESS) << recent_message();
    ASSERT_EQ(aclrtMemcpyToSymbolAsync(
                  table_symbol(), pinned_in, bytes, 0, ACL_MEMCPY_HOST_TO_DEVICE, stream_),
              ACL_SUCCESS);
    int32_t increment = 7;
    void* args[] = {&increment};
    ASSERT_EQ(aclrtLaunchKernelWithArgsArray(add, 3, stream_, nullptr, args), ACL_SUCCESS)
        << recent_message();
    ASSERT_EQ(aclrtMemcpyFromSymbolAsync(
                  pinned_out, bytes, table_symbol(), bytes, 0, ACL_MEMCPY_DEVICE_TO_HOST, stream_),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS) << recent_message();
    for (int i = 0; i < kSymbolTableSize; ++i) {
        EXPECT_EQ(pinned_out[i], (i + 1) * 10 + 7) << i;
    }
    aclrtFreeHost(pinned_in);
    aclrtFreeHost(pinned_out);
}

TEST_F(AscendCSymbols, ReusableArgumentListsLaunchAProgramKernel) {
    const std::vector<int32_t> values = table_values(2);
    const size_t bytes = values.size() * sizeof(int32_t);
    ASSERT_EQ(aclrtMemcpyToSymbol(table_symbol(), values.data(), bytes, 0, ACL_MEMCPY_DEFAULT),
              ACL_SUCCESS);
    aclrtFuncHandle add = nullptr;
    ASSERT_EQ(aclrtGetFuncBySymbol(add_to_table_kernel(), &add), ACL_SUCCESS);
    aclrtArgsHandle args = nullptr;
    ASSERT_EQ(aclrtKernelArgsInit(add, &args), ACL_SUCCESS) << recent_message();
    int32_t increment = 100;
    aclrtParamHandle param = nullptr;
    ASSERT_EQ(aclrtKernelArgsAppend(args, &increment, sizeof(increment), &param), ACL_SUCCESS);
    ASSERT_EQ(aclrtKernelArgsFinalize(args), ACL_SUCCESS);
    ASSERT_EQ(aclrtLaunchKernelWithConfig(add, 4, stream_, nullptr, args, nullptr), ACL_SUCCESS)
        << recent_message();
    increment = -1;
    ASSERT_EQ(aclrtKernelArgsParaUpdate(args, param, &increment, sizeof(increment)), ACL_SUCCESS);
    ASSERT_EQ(aclrtKernelArgsFinalize(args), ACL_SUCCESS);
    ASSERT_EQ(aclrtLaunchKernelWithConfig(add, 1, stream_, nullptr, args, nullptr), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS) << recent_message();
    const std::vector<int32_t> table = read_table();
    for (int i = 0; i < kSymbolTableSize; ++i) {
        EXPECT_EQ(table[i], (i + 1) * 2 + 99) << i;
    }
}

TEST_F(AscendCSymbols, KernelsReadVariablesAndTakeTheirAddresses) {
    const std::vector<int32_t> values = table_values(-5);
    const size_t bytes = values.size() * sizeof(int32_t);
    ASSERT_EQ(aclrtMemcpyToSymbol(table_symbol(), values.data(), bytes, 0, ACL_MEMCPY_DEFAULT),
              ACL_SUCCESS);
    const float scale = 0.5f;
    ASSERT_EQ(aclrtMemcpyToSymbol(scale_symbol(), &scale, sizeof(scale), 0, ACL_MEMCPY_DEFAULT),
              ACL_SUCCESS);
    void* table = nullptr;
    ASSERT_EQ(aclrtGetSymbolAddress(table_symbol(), &table), ACL_SUCCESS);
    void* out = to_device(std::vector<float>(kSymbolTableSize, 0.0f));
    // The <<<>>> launch, the variable's device address as the kernel's input.
    ASSERT_EQ(launch_scale_into(2, stream_, static_cast<float*>(out), static_cast<int32_t*>(table)),
              0u);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS) << recent_message();
    const std::vector<float> scaled = to_host<float>(out, kSymbolTableSize);
    for (int i = 0; i < kSymbolTableSize; ++i) {
        EXPECT_EQ(static_cast<double>(scaled[i]), (i + 1) * -5 * 0.5) << i;
    }
    // A kernel of C++ linkage in a namespace updates a static variable.
    int64_t zero = 0;
    ASSERT_EQ(aclrtMemcpyToSymbol(counter_symbol(), &zero, sizeof(zero), 0, ACL_MEMCPY_DEFAULT),
              ACL_SUCCESS);
    aclrtFuncHandle count = nullptr;
    ASSERT_EQ(aclrtGetFuncBySymbol(count_launch_kernel(), &count), ACL_SUCCESS);
    for (int i = 0; i < 3; ++i) {
        ASSERT_EQ(aclrtLaunchKernelWithArgsArray(count, 1, stream_, nullptr, nullptr), ACL_SUCCESS)
            << recent_message();
    }
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    int64_t launches = 0;
    ASSERT_EQ(aclrtMemcpyFromSymbol(&launches,
                                    sizeof(launches),
                                    counter_symbol(),
                                    sizeof(launches),
                                    0,
                                    ACL_MEMCPY_DEVICE_TO_HOST),
              ACL_SUCCESS);
    EXPECT_EQ(launches, 3);
}

TEST_F(AscendCSymbols, FunctionHandlesDescribeTheKernel) {
    aclrtFuncHandle add = nullptr;
    ASSERT_EQ(aclrtGetFuncBySymbol(add_to_table_kernel(), &add), ACL_SUCCESS);
    char name[32] = {};
    ASSERT_EQ(aclrtGetFunctionName(add, sizeof(name), name), ACL_SUCCESS);
    EXPECT_STREQ(name, "add_to_table");
    int64_t value = -1;
    ASSERT_EQ(aclrtGetFunctionAttribute(add, ACL_FUNC_ATTR_KERNEL_TYPE, &value), ACL_SUCCESS);
    EXPECT_EQ(value, ACL_KERNEL_TYPE_VECTOR);
    ASSERT_EQ(aclrtGetFunctionAttribute(add, ACL_FUNC_ATTR_KERNEL_RATIO, &value), ACL_SUCCESS);
    EXPECT_EQ(value, 1) << "0 cube : 1 vector";
    ASSERT_EQ(aclrtGetFunctionAttribute(add, ACL_FUNC_ATTR_KERNEL_SCHED_MODE, &value), ACL_SUCCESS);
    EXPECT_EQ(value, 0);

    aclrtFuncHandle scale = nullptr;
    ASSERT_EQ(aclrtGetFuncBySymbol(scale_into_kernel(), &scale), ACL_SUCCESS);
    ASSERT_EQ(aclrtGetFunctionAttribute(scale, ACL_FUNC_ATTR_KERNEL_TYPE, &value), ACL_SUCCESS);
    EXPECT_EQ(value, ACL_KERNEL_TYPE_VECTOR) << "an __aicore__ kernel runs on vector cores";
    aclrtFuncHandle mixed = nullptr;
    ASSERT_EQ(aclrtGetFuncBySymbol(mix_kernel(), &mixed), ACL_SUCCESS);
    ASSERT_EQ(aclrtGetFunctionAttribute(mixed, ACL_FUNC_ATTR_KERNEL_TYPE, &value), ACL_SUCCESS);
    EXPECT_EQ(value, ACL_KERNEL_TYPE_MIX);
    ASSERT_EQ(aclrtGetFunctionAttribute(mixed, ACL_FUNC_ATTR_KERNEL_RATIO, &value), ACL_SUCCESS);
    EXPECT_EQ(value, (int64_t{1} << 16) | 2);

    // The handle belongs to the program binary, which finds the same kernel by name.
    aclrtBinHandle program = nullptr;
    ASSERT_EQ(aclrtFunctionGetBinary(add, &program), ACL_SUCCESS);
    aclrtFuncHandle by_name = nullptr;
    ASSERT_EQ(aclrtBinaryGetFunction(program, "add_to_table", &by_name), ACL_SUCCESS)
        << recent_message();
    ASSERT_EQ(aclrtGetFunctionName(by_name, sizeof(name), name), ACL_SUCCESS);
    EXPECT_STREQ(name, "add_to_table");
}

TEST_F(AscendCSymbols, BadInputIsRefusedNamingTheParameter) {
    size_t size = 0;
    void* address = nullptr;
    EXPECT_EQ(aclrtGetSymbolSize(nullptr, &size), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("symbol");
    EXPECT_EQ(aclrtGetSymbolAddress(table_symbol(), nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("devPtr");
    int not_a_symbol = 0;
    EXPECT_EQ(aclrtGetSymbolAddress(&not_a_symbol, &address), ACL_ERROR_RT_SYMBOL_NOT_FOUND);
    EXPECT_MESSAGE_HAS("not a __gm__ variable");
    const char* inside = static_cast<const char*>(table_symbol()) + 4;
    EXPECT_EQ(aclrtGetSymbolSize(inside, &size), ACL_ERROR_RT_SYMBOL_NOT_FOUND)
        << "an address inside a variable names no variable";

    int32_t data[kSymbolTableSize + 1] = {};
    EXPECT_EQ(aclrtMemcpyToSymbol(table_symbol(), data, sizeof(data), 0, ACL_MEMCPY_DEFAULT),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_MESSAGE_HAS("offset + count");
    EXPECT_EQ(aclrtMemcpyFromSymbol(data, sizeof(data), table_symbol(), 8, 60, ACL_MEMCPY_DEFAULT),
              ACL_ERROR_RT_PARAM_INVALID)
        << "60 + 8 > 64";
    EXPECT_MESSAGE_HAS("exceeds the variable's 64 bytes");
    EXPECT_EQ(aclrtMemcpyToSymbol(table_symbol(), data, 4, 0, ACL_MEMCPY_DEVICE_TO_HOST),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("kind");
    EXPECT_EQ(aclrtMemcpyFromSymbol(data, 4, table_symbol(), 4, 0, ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("kind");
    EXPECT_EQ(aclrtMemcpyFromSymbol(data, 2, table_symbol(), 4, 0, ACL_MEMCPY_DEFAULT),
              ACL_ERROR_RT_PARAM_INVALID)
        << "count > dstMax, as aclrtMemcpy";

    ASSERT_EQ(aclrtGetSymbolAddress(table_symbol(), &address), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(address), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("__gm__ variable of the program");

    aclrtFuncHandle function = nullptr;
    EXPECT_EQ(aclrtGetFuncBySymbol(&not_a_symbol, &function), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_MESSAGE_HAS("not a kernel of the program");
    EXPECT_EQ(aclrtGetFuncBySymbol(nullptr, &function), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("symbol");
    EXPECT_EQ(aclrtGetFuncBySymbol(add_to_table_kernel(), nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("funcHandle");
    ASSERT_EQ(aclrtGetFuncBySymbol(add_to_table_kernel(), &function), ACL_SUCCESS);
    int64_t value = 0;
    EXPECT_EQ(aclrtGetFunctionAttribute(function, static_cast<aclrtFuncAttribute>(9), &value),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("attrType");
    EXPECT_EQ(aclrtGetFunctionAttribute(function, ACL_FUNC_ATTR_KERNEL_TYPE, nullptr),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("attrValue");
}

TEST_F(AscendCSymbols, TheVariablesNeedACurrentDevice) {
    ASSERT_EQ(aclrtDestroyStream(stream_), ACL_SUCCESS);
    stream_ = nullptr;
    ASSERT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    void* address = nullptr;
    EXPECT_EQ(aclrtGetSymbolAddress(table_symbol(), &address), ACL_ERROR_RT_CONTEXT_NULL);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    ASSERT_EQ(aclrtCreateStream(&stream_), ACL_SUCCESS);
}

}  // namespace
