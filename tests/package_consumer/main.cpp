// Runs one operator through a prefix found with find_package(aclemu): LogSigmoidBackward of
// x = 0, dy = 2 is 2 * sigmoid(0) = 1. Prints PASSED and exits 0 when it is.
#include "acl/acl.h"
#include "aclnnop/aclnn_logsigmoid_backward.h"

#include <cmath>
#include <cstdio>

int main() {
    if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS) {
        std::printf("FAILED: no device\n");
        return 1;
    }
    const float host_x = 0.0f, host_dy = 2.0f;
    void *x = nullptr, *dy = nullptr, *dx = nullptr;
    aclrtMalloc(&x, sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&dy, sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&dx, sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(x, sizeof(float), &host_x, sizeof(float), ACL_MEMCPY_HOST_TO_DEVICE);
    aclrtMemcpy(dy, sizeof(float), &host_dy, sizeof(float), ACL_MEMCPY_HOST_TO_DEVICE);
    const int64_t shape[1] = {1};
    aclTensor* tx = aclCreateTensor(shape, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, shape, 1, x);
    aclTensor* tdy = aclCreateTensor(shape, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, shape, 1, dy);
    aclTensor* tdx = aclCreateTensor(shape, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, shape, 1, dx);
    uint64_t workspace_size = 0;
    aclOpExecutor* executor = nullptr;
    aclnnStatus st =
        aclnnLogSigmoidBackwardGetWorkspaceSize(tdy, tx, tx, tdx, &workspace_size, &executor);
    if (st == ACL_SUCCESS) {
        st = aclnnLogSigmoidBackward(nullptr, 0, executor, nullptr);
    }
    float result = 0.0f;
    aclrtSynchronizeStream(nullptr);
    aclrtMemcpy(&result, sizeof(float), dx, sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST);
    aclDestroyTensor(tx);
    aclDestroyTensor(tdy);
    aclDestroyTensor(tdx);
    aclrtFree(x);
    aclrtFree(dy);
    aclrtFree(dx);
    aclrtResetDevice(0);
    aclFinalize();
    const bool ok = st == ACL_SUCCESS && std::fabs(result - 1.0f) < 1e-6f;
    std::printf("%s: status %d, result %f (expected 1)\n", ok ? "PASSED" : "FAILED", st, result);
    return ok ? 0 : 1;
}
