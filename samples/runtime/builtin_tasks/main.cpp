// Built-in tasks sample: aclrtReduceAsync adds, maxes and mins device buffers element by
// element (CANN's SDMA reduction), aclrtRandomNumAsync draws uniform, normal, truncated-normal
// and dropout-bitmask numbers from the Philox4x32-10 counter. Every result is checked against
// values computed here (exact for the reductions, ranges and moments for the random numbers);
// the program returns non-zero on any failure.
#include "acl/acl.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

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

int ReduceSample(aclrtStream stream) {
    const float hostInput[4] = {1.0f, 2.0f, 3.0f, 4.0f};
    const size_t size = sizeof(hostInput);
    void* devInput = nullptr;
    void* devOutput = nullptr;
    CHECK_ERROR(aclrtMalloc(&devInput, size, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_ERROR(aclrtMalloc(&devOutput, size, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_ERROR(aclrtMemcpy(devInput, size, hostInput, size, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK_ERROR(aclrtMemcpy(devOutput, size, hostInput, size, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK_ERROR(aclrtReduceAsync(
        devOutput, devInput, size, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_FLOAT, stream, nullptr));
    CHECK_ERROR(aclrtSynchronizeStream(stream));
    float hostOutput[4] = {};
    CHECK_ERROR(aclrtMemcpy(hostOutput, size, devOutput, size, ACL_MEMCPY_DEVICE_TO_HOST));
    for (int i = 0; i < 4; ++i) {
        printf("Reduce SUM result[%d] = %f\n", i, hostOutput[i]);
        CHECK_TRUE(hostOutput[i] == 2.0f * hostInput[i], "SUM result[%d] is wrong", i);
    }

    // MAX and MIN of int32 buffers.
    const int32_t a[6] = {5, -3, 100, 0, -70000, 42};
    const int32_t b[6] = {-5, 7, 99, 0, 70000, 41};
    void* devA = nullptr;
    void* devB = nullptr;
    CHECK_ERROR(aclrtMalloc(&devA, sizeof a, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_ERROR(aclrtMalloc(&devB, sizeof b, ACL_MEM_MALLOC_HUGE_FIRST));
    for (aclrtReduceKind kind :
         {ACL_RT_MEMCPY_SDMA_AUTOMATIC_MAX, ACL_RT_MEMCPY_SDMA_AUTOMATIC_MIN}) {
        CHECK_ERROR(aclrtMemcpy(devA, sizeof a, a, sizeof a, ACL_MEMCPY_HOST_TO_DEVICE));
        CHECK_ERROR(aclrtMemcpy(devB, sizeof b, b, sizeof b, ACL_MEMCPY_HOST_TO_DEVICE));
        CHECK_ERROR(aclrtReduceAsync(devA, devB, sizeof a, kind, ACL_INT32, stream, nullptr));
        CHECK_ERROR(aclrtSynchronizeStream(stream));
        int32_t got[6] = {};
        CHECK_ERROR(aclrtMemcpy(got, sizeof got, devA, sizeof got, ACL_MEMCPY_DEVICE_TO_HOST));
        for (int i = 0; i < 6; ++i) {
            const int32_t expected = kind == ACL_RT_MEMCPY_SDMA_AUTOMATIC_MAX
                                         ? (a[i] > b[i] ? a[i] : b[i])
                                         : (a[i] < b[i] ? a[i] : b[i]);
            CHECK_TRUE(got[i] == expected,
                       "%s[%d] = %d, expected %d",
                       kind == ACL_RT_MEMCPY_SDMA_AUTOMATIC_MAX ? "MAX" : "MIN",
                       i,
                       got[i],
                       expected);
        }
    }
    printf("Reduce MAX and MIN of int32 match\n");
    CHECK_ERROR(aclrtFree(devInput));
    CHECK_ERROR(aclrtFree(devOutput));
    CHECK_ERROR(aclrtFree(devA));
    CHECK_ERROR(aclrtFree(devB));
    return 0;
}

template <typename T>
void SetValue(aclrtRandomParaInfo* para, T value) {
    std::memset(para, 0, sizeof(*para));
    std::memcpy(para->valueOrAddr, &value, sizeof(T));
    para->size = sizeof(T);
    para->isAddr = 0;
}

aclrtRandomNumTaskInfo MakeTask(aclrtRandomNumFuncType funcType,
                                aclDataType dataType,
                                uint64_t seed,
                                uint64_t num,
                                void* counter,
                                void* output) {
    aclrtRandomNumTaskInfo taskInfo = {};
    taskInfo.dataType = dataType;
    taskInfo.randomNumFuncParaInfo.funcType = funcType;
    taskInfo.randomParaAddr = nullptr;
    taskInfo.randomCounterAddr = counter;
    taskInfo.randomResultAddr = output;
    SetValue<uint64_t>(&taskInfo.randomSeed, seed);
    SetValue<uint64_t>(&taskInfo.randomNum, num);
    return taskInfo;
}

uint16_t Bf16(float f) {  // exact for the values used here
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    return (uint16_t)(bits >> 16);
}

float FromBf16(uint16_t b) {
    const uint32_t bits = (uint32_t)b << 16;
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

int RandomSample(aclrtStream stream) {
    const uint64_t seed = 2024;
    const uint64_t num = 1 << 16;
    void* counter = nullptr;
    void* output = nullptr;
    CHECK_ERROR(aclrtMalloc(&counter, 16, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_ERROR(aclrtMemset(counter, 16, 0, 16));  // Philox counter 0
    CHECK_ERROR(aclrtMalloc(&output, num * sizeof(uint64_t), ACL_MEM_MALLOC_HUGE_FIRST));
    std::vector<uint8_t> host(num * sizeof(uint64_t));

    // Uniform float in [1, 2).
    aclrtRandomNumTaskInfo task =
        MakeTask(ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS, ACL_FLOAT, seed, num, counter, output);
    SetValue<float>(&task.randomNumFuncParaInfo.paramInfo.uniformDisInfo.min, 1.0f);
    SetValue<float>(&task.randomNumFuncParaInfo.paramInfo.uniformDisInfo.max, 2.0f);
    CHECK_ERROR(aclrtRandomNumAsync(&task, stream, nullptr));
    CHECK_ERROR(aclrtSynchronizeStream(stream));
    CHECK_ERROR(aclrtMemcpy(host.data(), host.size(), output, num * 4, ACL_MEMCPY_DEVICE_TO_HOST));
    double sum = 0;
    for (uint64_t i = 0; i < num; ++i) {
        float v;
        std::memcpy(&v, host.data() + 4 * i, 4);
        CHECK_TRUE(
            v >= 1.0f && v <= 2.0f, "uniform[%llu] = %f outside [1, 2]", (unsigned long long)i, v);
        sum += v;
    }
    printf("Uniform FLOAT in [1, 2): mean %.4f (expected 1.5)\n", sum / num);
    CHECK_TRUE(std::fabs(sum / num - 1.5) < 0.01, "uniform mean is off");

    // Normal float, mean 3, stddev 2.
    task = MakeTask(ACL_RT_RANDOM_NUM_FUNC_TYPE_NORMAL_DIS, ACL_FLOAT, seed, num, counter, output);
    SetValue<float>(&task.randomNumFuncParaInfo.paramInfo.normalDisInfo.mean, 3.0f);
    SetValue<float>(&task.randomNumFuncParaInfo.paramInfo.normalDisInfo.stddev, 2.0f);
    CHECK_ERROR(aclrtRandomNumAsync(&task, stream, nullptr));
    CHECK_ERROR(aclrtSynchronizeStream(stream));
    CHECK_ERROR(aclrtMemcpy(host.data(), host.size(), output, num * 4, ACL_MEMCPY_DEVICE_TO_HOST));
    double s1 = 0, s2 = 0;
    for (uint64_t i = 0; i < num; ++i) {
        float v;
        std::memcpy(&v, host.data() + 4 * i, 4);
        s1 += v;
        s2 += (double)v * v;
    }
    const double mean = s1 / num;
    const double stddev = std::sqrt(s2 / num - mean * mean);
    printf("Normal FLOAT: mean %.4f (expected 3), stddev %.4f (expected 2)\n", mean, stddev);
    CHECK_TRUE(std::fabs(mean - 3.0) < 0.05 && std::fabs(stddev - 2.0) < 0.05,
               "normal moments are off");

    // Truncated normal in BF16, mean 1, stddev 2: every value within two standard deviations.
    task = MakeTask(
        ACL_RT_RANDOM_NUM_FUNC_TYPE_TRUNCATED_NORMAL_DIS, ACL_BF16, seed, num, counter, output);
    SetValue<uint16_t>(&task.randomNumFuncParaInfo.paramInfo.normalDisInfo.mean, Bf16(1.0f));
    SetValue<uint16_t>(&task.randomNumFuncParaInfo.paramInfo.normalDisInfo.stddev, Bf16(2.0f));
    CHECK_ERROR(aclrtRandomNumAsync(&task, stream, nullptr));
    CHECK_ERROR(aclrtSynchronizeStream(stream));
    CHECK_ERROR(aclrtMemcpy(host.data(), host.size(), output, num * 2, ACL_MEMCPY_DEVICE_TO_HOST));
    for (uint64_t i = 0; i < num; ++i) {
        uint16_t b;
        std::memcpy(&b, host.data() + 2 * i, 2);
        const float v = FromBf16(b);
        CHECK_TRUE(v >= -3.0f && v <= 5.0f,
                   "truncated normal[%llu] = %f outside [-3, 5]",
                   (unsigned long long)i,
                   v);
    }
    printf("Truncated normal BF16: all %llu values within mean +- 2 stddev\n",
           (unsigned long long)num);

    // Uniform int32 in [1, 100).
    task = MakeTask(ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS, ACL_INT32, seed, num, counter, output);
    SetValue<int32_t>(&task.randomNumFuncParaInfo.paramInfo.uniformDisInfo.min, 1);
    SetValue<int32_t>(&task.randomNumFuncParaInfo.paramInfo.uniformDisInfo.max, 100);
    CHECK_ERROR(aclrtRandomNumAsync(&task, stream, nullptr));
    CHECK_ERROR(aclrtSynchronizeStream(stream));
    CHECK_ERROR(aclrtMemcpy(host.data(), host.size(), output, num * 4, ACL_MEMCPY_DEVICE_TO_HOST));
    for (uint64_t i = 0; i < num; ++i) {
        int32_t v;
        std::memcpy(&v, host.data() + 4 * i, 4);
        CHECK_TRUE(v >= 1 && v < 100,
                   "uniform int32[%llu] = %d outside [1, 100)",
                   (unsigned long long)i,
                   v);
    }
    printf("Uniform INT32 in [1, 100): in range\n");

    // Dropout bitmask, ratio 0.4: about 60 %% of the bits are 1 (kept).
    task = MakeTask(
        ACL_RT_RANDOM_NUM_FUNC_TYPE_DROPOUT_BITMASK, ACL_FLOAT, seed, num, counter, output);
    SetValue<float>(&task.randomNumFuncParaInfo.paramInfo.dropoutBitmaskInfo.dropoutRation, 0.4f);
    CHECK_ERROR(aclrtRandomNumAsync(&task, stream, nullptr));
    CHECK_ERROR(aclrtSynchronizeStream(stream));
    CHECK_ERROR(aclrtMemcpy(host.data(), host.size(), output, num / 8, ACL_MEMCPY_DEVICE_TO_HOST));
    uint64_t kept = 0;
    for (uint64_t i = 0; i < num / 8; ++i) {
        for (int bit = 0; bit < 8; ++bit) {
            kept += (host[i] >> bit) & 1;
        }
    }
    printf("Dropout bitmask, ratio 0.4: %.4f of the bits kept (expected 0.6)\n",
           (double)kept / num);
    CHECK_TRUE(std::fabs((double)kept / num - 0.6) < 0.01, "keep ratio is off");

    CHECK_ERROR(aclrtFree(counter));
    CHECK_ERROR(aclrtFree(output));
    return 0;
}

}  // namespace

int main() {
    CHECK_ERROR(aclInit(nullptr));
    CHECK_ERROR(aclrtSetDevice(0));
    aclrtStream stream = nullptr;
    CHECK_ERROR(aclrtCreateStream(&stream));
    if (ReduceSample(stream) != 0 || RandomSample(stream) != 0) {
        return 1;
    }
    CHECK_ERROR(aclrtDestroyStream(stream));
    CHECK_ERROR(aclrtResetDevice(0));
    CHECK_ERROR(aclFinalize());
    printf("Sample run successfully.\n");
    return 0;
}
