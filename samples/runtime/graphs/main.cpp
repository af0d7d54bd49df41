// ACL graphs sample: a stream capture records a host-to-device copy, a fill, a device-to-device
// copy, a copy back and a host function into a model runtime instance (aclmdlRI) instead of
// running them; the instance then runs three times on new input, and each result is checked
// against values computed here. Then a conditional task (IF): the instance runs one of two
// captured branches, chosen by a device word when the stream reaches the task. The program
// returns non-zero on any failure.
#include "acl/acl.h"

#include <cstdint>
#include <cstdio>
#include <cstring>

#define CHECK_ERROR(expr)                                                              \
    do {                                                                               \
        aclError ret_ = (expr);                                                        \
        if (ret_ != ACL_SUCCESS) {                                                     \
            printf("[ERROR] %s failed: %d (%s)\n", #expr, ret_, aclGetRecentErrMsg()); \
            return 1;                                                                  \
        }                                                                              \
    } while (0)

#define CHECK_TRUE(cond, ...)               \
    do {                                    \
        if (!(cond)) {                      \
            printf("[ERROR] " __VA_ARGS__); \
            printf("\n");                   \
            return 1;                       \
        }                                   \
    } while (0)

namespace {

const size_t kCount = 1024;
const size_t kBytes = kCount * sizeof(int32_t);

// The captured host function: sums what the copy back brought, once per execution.
struct Summary {
    const int32_t* result = nullptr;
    int64_t sums[8] = {};
    int runs = 0;
};

void Summarize(void* args) {
    Summary* summary = static_cast<Summary*>(args);
    int64_t sum = 0;
    for (size_t i = 0; i < kCount; ++i) {
        sum += summary->result[i];
    }
    if (summary->runs < 8) {
        summary->sums[summary->runs] = sum;
    }
    ++summary->runs;
}

// A capture with an IF task: branch 0 fills `out` with 0x11, branch 1 with 0x22; the
// condition's word, written before each execution, chooses.
int RunConditional(aclrtStream stream) {
    aclrtStream branchStream = nullptr;
    CHECK_ERROR(aclrtCreateStream(&branchStream));
    void* out = nullptr;
    CHECK_ERROR(aclrtMalloc(&out, kBytes, ACL_MEM_MALLOC_HUGE_FIRST));

    CHECK_ERROR(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL));
    aclmdlRICaptureStatus status = ACL_MODEL_RI_CAPTURE_STATUS_NONE;
    aclmdlRI model = nullptr;
    CHECK_ERROR(aclmdlRICaptureGetInfo(stream, &status, &model));
    aclmdlRICondHandle cond = nullptr;
    CHECK_ERROR(aclmdlRICondHandleCreate(model, 0, static_cast<aclmdlRICondHandleFlag>(0), &cond));
    uint64_t* word = nullptr;
    CHECK_ERROR(aclmdlRICondHandleGetCondPtr(cond, &word));
    aclmdlRI branches[2] = {nullptr, nullptr};
    aclmdlRICondTaskParams params;
    params.handle = cond;
    params.type = ACL_MODEL_RI_COND_TYPE_IF;
    params.size = 2;
    params.modelRIArray = branches;
    CHECK_ERROR(aclmdlRIAddCondTask(params, stream, 0));
    const int fills[2] = {0x11, 0x22};
    for (int i = 0; i < 2; ++i) {
        CHECK_ERROR(aclmdlRICaptureToModelRIBegin(
            branchStream, branches[i], ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL));
        CHECK_ERROR(aclrtMemsetAsync(out, kBytes, fills[i], kBytes, branchStream));
        CHECK_ERROR(aclmdlRICaptureEnd(branchStream, &branches[i]));
    }
    CHECK_ERROR(aclmdlRICaptureEnd(stream, &model));

    const uint64_t words[2] = {1, 0};  // non-zero: branch 0; zero: branch 1
    for (int i = 0; i < 2; ++i) {
        CHECK_ERROR(aclrtMemcpy(
            word, sizeof(uint64_t), &words[i], sizeof(uint64_t), ACL_MEMCPY_HOST_TO_DEVICE));
        CHECK_ERROR(aclmdlRIExecuteAsync(model, stream));
        CHECK_ERROR(aclrtSynchronizeStream(stream));
        unsigned char first = 0;
        CHECK_ERROR(aclrtMemcpy(&first, 1, out, 1, ACL_MEMCPY_DEVICE_TO_HOST));
        CHECK_TRUE(first == fills[i],
                   "IF with word %llu: 0x%x, expected 0x%x",
                   static_cast<unsigned long long>(words[i]),
                   first,
                   fills[i]);
        printf("IF with word %llu ran branch %d\n", static_cast<unsigned long long>(words[i]), i);
    }
    CHECK_ERROR(aclmdlRIDestroy(model));  // its branches and condition go with it
    CHECK_ERROR(aclrtFree(out));
    CHECK_ERROR(aclrtDestroyStream(branchStream));
    return 0;
}

}  // namespace

int main() {
    CHECK_ERROR(aclInit(nullptr));
    CHECK_ERROR(aclrtSetDevice(0));
    aclrtStream stream = nullptr;
    CHECK_ERROR(aclrtCreateStream(&stream));

    // Pinned host buffers: a copy from pageable memory is an unsafe call during a capture.
    void* input = nullptr;
    void* output = nullptr;
    CHECK_ERROR(aclrtMallocHost(&input, kBytes));
    CHECK_ERROR(aclrtMallocHost(&output, kBytes));
    void* a = nullptr;
    void* b = nullptr;
    CHECK_ERROR(aclrtMalloc(&a, kBytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_ERROR(aclrtMalloc(&b, 2 * kBytes, ACL_MEM_MALLOC_HUGE_FIRST));
    Summary summary;
    summary.result = static_cast<const int32_t*>(output);

    // Record: input -> a, b[second half] = 0x01010101, a -> b[first half], b -> output, summary.
    CHECK_ERROR(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    CHECK_ERROR(aclrtMemcpyAsync(a, kBytes, input, kBytes, ACL_MEMCPY_HOST_TO_DEVICE, stream));
    CHECK_ERROR(aclrtMemsetAsync(static_cast<char*>(b) + kBytes, kBytes, 1, kBytes, stream));
    CHECK_ERROR(aclrtMemcpyAsync(b, kBytes, a, kBytes, ACL_MEMCPY_DEVICE_TO_DEVICE, stream));
    CHECK_ERROR(aclrtMemcpyAsync(output, kBytes, b, kBytes, ACL_MEMCPY_DEVICE_TO_HOST, stream));
    CHECK_ERROR(aclrtLaunchHostFunc(stream, Summarize, &summary));
    aclmdlRI model = nullptr;
    CHECK_ERROR(aclmdlRICaptureEnd(stream, &model));
    CHECK_ERROR(aclrtSynchronizeStream(stream));
    CHECK_TRUE(summary.runs == 0, "the capture ran %d host functions", summary.runs);
    printf("Captured 5 tasks into a model runtime instance\n");

    for (int run = 0; run < 3; ++run) {
        int32_t* values = static_cast<int32_t*>(input);
        int64_t expected = 0;
        for (size_t i = 0; i < kCount; ++i) {
            values[i] = static_cast<int32_t>(i) * (run + 1) - 7;
            expected += values[i];
        }
        CHECK_ERROR(aclmdlRIExecuteAsync(model, stream));
        CHECK_ERROR(aclrtSynchronizeStream(stream));
        CHECK_TRUE(
            summary.runs == run + 1, "execution %d ran %d host functions", run, summary.runs);
        CHECK_TRUE(summary.sums[run] == expected,
                   "execution %d: sum %lld, expected %lld",
                   run,
                   static_cast<long long>(summary.sums[run]),
                   static_cast<long long>(expected));
        int32_t tail = 0;
        CHECK_ERROR(aclrtMemcpy(&tail,
                                sizeof(tail),
                                static_cast<char*>(b) + kBytes,
                                sizeof(tail),
                                ACL_MEMCPY_DEVICE_TO_HOST));
        CHECK_TRUE(
            tail == 0x01010101, "execution %d: fill gave 0x%x", run, static_cast<unsigned>(tail));
        printf("Execution %d: sum %lld as expected\n", run, static_cast<long long>(expected));
    }

    CHECK_ERROR(aclmdlRIDestroy(model));
    if (RunConditional(stream) != 0) {
        return 1;
    }
    CHECK_ERROR(aclrtFree(a));
    CHECK_ERROR(aclrtFree(b));
    CHECK_ERROR(aclrtFreeHost(input));
    CHECK_ERROR(aclrtFreeHost(output));
    CHECK_ERROR(aclrtDestroyStream(stream));
    CHECK_ERROR(aclrtResetDevice(0));
    CHECK_ERROR(aclFinalize());
    printf("graphs sample passed\n");
    return 0;
}
