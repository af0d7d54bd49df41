// Launch by loaded binary: loads the axpy kernel's binary (its path is the first argument, or the
// one this build made), finds the kernel by name, appends its arguments, launches it on 8 blocks
// and checks y against a double-precision reference.
#include "acl/acl.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#ifndef SAMPLE_NAME
#    define SAMPLE_NAME "binary_launch"  // the ASC-language build names its copy binary_launch_asc
#endif

#define CHECK(call)                                                                 \
    do {                                                                            \
        const int err_ = static_cast<int>(call);                                    \
        if (err_ != 0) {                                                            \
            std::printf("%s failed: %d (%s)\n", #call, err_, aclGetRecentErrMsg()); \
            return 1;                                                               \
        }                                                                           \
    } while (0)

int main(int argc, char** argv) {
    const char* binary_path = argc > 1 ? argv[1] : AXPY_KERNEL_BINARY;
    constexpr uint32_t kBlocks = 8;
    constexpr uint32_t kPerBlock = 256;
    constexpr size_t kCount = kBlocks * kPerBlock;
    CHECK(aclInit(nullptr));
    CHECK(aclrtSetDevice(0));
    aclrtStream stream = nullptr;
    CHECK(aclrtCreateStream(&stream));

    std::vector<float> x(kCount);
    std::vector<float> y(kCount);
    for (size_t i = 0; i < kCount; ++i) {
        x[i] = static_cast<float>(i % 13) - 6.0f;
        y[i] = 0.5f * static_cast<float>(i % 7);
    }
    const size_t bytes = kCount * sizeof(float);
    void* x_dev = nullptr;
    void* y_dev = nullptr;
    CHECK(aclrtMalloc(&x_dev, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMalloc(&y_dev, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMemcpy(x_dev, bytes, x.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK(aclrtMemcpy(y_dev, bytes, y.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));

    aclrtBinHandle binary = nullptr;
    CHECK(aclrtBinaryLoadFromFile(binary_path, nullptr, &binary));
    aclrtFuncHandle axpy = nullptr;
    CHECK(aclrtBinaryGetFunction(binary, "axpy", &axpy));
    aclrtArgsHandle args = nullptr;
    CHECK(aclrtKernelArgsInit(axpy, &args));
    float alpha = 2.5f;
    uint32_t per_block = kPerBlock;
    aclrtParamHandle param = nullptr;
    CHECK(aclrtKernelArgsAppend(args, &x_dev, sizeof(x_dev), &param));
    CHECK(aclrtKernelArgsAppend(args, &y_dev, sizeof(y_dev), &param));
    CHECK(aclrtKernelArgsAppend(args, &alpha, sizeof(alpha), &param));
    CHECK(aclrtKernelArgsAppend(args, &per_block, sizeof(per_block), &param));
    CHECK(aclrtKernelArgsFinalize(args));
    CHECK(aclrtLaunchKernelWithConfig(axpy, kBlocks, stream, nullptr, args, nullptr));
    CHECK(aclrtSynchronizeStream(stream));

    std::vector<float> out(kCount);
    CHECK(aclrtMemcpy(out.data(), bytes, y_dev, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
    int wrong = 0;
    for (size_t i = 0; i < kCount; ++i) {
        const double want = 2.5 * static_cast<double>(x[i]) + static_cast<double>(y[i]);
        wrong += out[i] != static_cast<float>(want);
    }
    CHECK(aclrtBinaryUnLoad(binary));
    CHECK(aclrtFree(x_dev));
    CHECK(aclrtFree(y_dev));
    CHECK(aclrtDestroyStream(stream));
    CHECK(aclrtResetDevice(0));
    CHECK(aclFinalize());
    std::printf("%s %s\n", wrong == 0 ? "[PASS]" : "[FAIL]", SAMPLE_NAME);
    return wrong == 0 ? 0 : 1;
}
