// The host cost of two hot calls, for callgrind: an aclnn operator call (LogSigmoidBackward's
// GetWorkspaceSize + execute pair) and aclrtMemcpyAsync, on whatever backend ACLEMU_BACKEND picks
// (run.sh sets cpu). Each measured loop is its own extern "C" function so that callgrind can
// count only its instructions (--toggle-collect): set-up, warm-up and the stream synchronizes
// between batches stay outside, as does the stream's worker thread, which never enters them.
// Usage: aclemu_callgrind_calls op|memcpy [calls]
#include "acl/acl.h"
#include "aclnnop/aclnn_logsigmoid_backward.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

constexpr int64_t kElements = 256;  // small: the host cost is the point, not the kernel
constexpr int kBatch = 50;          // calls between synchronizes, so no queue ever fills

struct OpTensors {
    aclTensor* grad_output = nullptr;
    aclTensor* self = nullptr;
    aclTensor* buffer = nullptr;
    aclTensor* grad_input = nullptr;
};

bool ok(int status, const char* what) {
    if (status == 0) {
        return true;
    }
    std::fprintf(stderr, "%s failed: %d (%s)\n", what, status, aclGetRecentErrMsg());
    return false;
}

aclTensor* device_tensor(void** device, const std::vector<float>& host) {
    const size_t bytes = host.size() * sizeof(float);
    if (!ok(aclrtMalloc(device, bytes, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc")
        || !ok(aclrtMemcpy(*device, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE),
               "aclrtMemcpy")) {
        return nullptr;
    }
    const int64_t shape[1] = {kElements};
    const int64_t strides[1] = {1};
    return aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, *device);
}

}  // namespace

// The measured loops: noinline and extern "C", so that run.sh can name them to callgrind.
extern "C" __attribute__((noinline)) int aclemu_cg_op_calls(const OpTensors* t,
                                                            int calls,
                                                            aclrtStream stream) {
    for (int i = 0; i < calls; ++i) {
        uint64_t workspace_size = 0;
        aclOpExecutor* executor = nullptr;
        if (aclnnLogSigmoidBackwardGetWorkspaceSize(
                t->grad_output, t->self, t->buffer, t->grad_input, &workspace_size, &executor)
                != 0
            || aclnnLogSigmoidBackward(nullptr, workspace_size, executor, stream) != 0) {
            return 1;
        }
    }
    return 0;
}

extern "C" __attribute__((noinline)) int aclemu_cg_memcpy_calls(
    void* dst, const void* src, size_t bytes, int calls, aclrtStream stream) {
    for (int i = 0; i < calls; ++i) {
        if (aclrtMemcpyAsync(dst, bytes, src, bytes, ACL_MEMCPY_DEVICE_TO_DEVICE, stream) != 0) {
            return 1;
        }
    }
    return 0;
}

int main(int argc, char** argv) {
    const bool op = argc >= 2 && std::strcmp(argv[1], "op") == 0;
    const bool memcpy_calls = argc >= 2 && std::strcmp(argv[1], "memcpy") == 0;
    const int calls = argc >= 3 ? std::atoi(argv[2]) : 1000;
    if ((!op && !memcpy_calls) || calls <= 0) {
        std::fprintf(stderr, "usage: %s op|memcpy [calls > 0]\n", argv[0]);
        return 2;
    }
    aclrtStream stream = nullptr;
    if (!ok(aclInit(nullptr), "aclInit") || !ok(aclrtSetDevice(0), "aclrtSetDevice")
        || !ok(aclrtCreateStream(&stream), "aclrtCreateStream")) {
        return 1;
    }
    std::vector<float> host(kElements);
    for (int64_t i = 0; i < kElements; ++i) {
        host[i] = static_cast<float>(i % 17) * 0.25f - 2.0f;
    }
    void* device[4] = {};
    OpTensors t;
    t.grad_output = device_tensor(&device[0], host);
    t.self = device_tensor(&device[1], host);
    t.buffer = device_tensor(&device[2], host);
    t.grad_input = device_tensor(&device[3], host);
    if (t.grad_output == nullptr || t.self == nullptr || t.buffer == nullptr
        || t.grad_input == nullptr) {
        return 1;
    }
    const size_t bytes = kElements * sizeof(float);
    auto batch = [&](int n) {
        return op ? aclemu_cg_op_calls(&t, n, stream)
                  : aclemu_cg_memcpy_calls(device[3], device[0], bytes, n, stream);
    };
    // Warm-up: first-call costs (lazy tables, thread start) are not the per-call cost.
    if (batch(kBatch) != 0 || !ok(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream")) {
        return 1;
    }
    for (int done = 0; done < calls; done += kBatch) {
        const int n = calls - done < kBatch ? calls - done : kBatch;
        if (batch(n) != 0) {
            std::fprintf(stderr, "call failed: %s\n", aclGetRecentErrMsg());
            return 1;
        }
        if (!ok(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream")) {
            return 1;
        }
    }
    std::printf("%s: %d calls\n", op ? "op" : "memcpy", calls);
    aclDestroyTensor(t.grad_output);
    aclDestroyTensor(t.self);
    aclDestroyTensor(t.buffer);
    aclDestroyTensor(t.grad_input);
    for (void* d : device) {
        aclrtFree(d);
    }
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
