// ascendc_add_bench: an Ascend C vector add (add_kernel.cpp, samples/ascendc/vector_add's kernel,
// or its fp32 twin) against aclnnAdd on the same fp16 (fp32) vectors, on the backend
// ACLEMU_BACKEND names (cpu by default). Each timing is a launch plus aclrtSynchronizeStream; the
// table gives the median and the minimum of the repetitions and the throughput (of the median)
// as (2 reads + 1 write) x the element size. Both results are compared element by element once per
// size. A benchmark, not a test: nothing asserts a time.
//   ascendc_add_bench [--min-log2 N] [--max-log2 N] [--blocks B] [--reps R] [--dtype fp16|fp32]
#include "acl/acl.h"
#include "aclnnop/aclnn_add.h"

#include "add_kernel.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <vector>

namespace {

#define CHECK(call)                                                                 \
    do {                                                                            \
        const int err_ = static_cast<int>(call);                                    \
        if (err_ != 0) {                                                            \
            std::printf("%s failed: %d (%s)\n", #call, err_, aclGetRecentErrMsg()); \
            std::exit(1);                                                           \
        }                                                                           \
    } while (0)

struct Options {
    int min_log2 = 16;
    int max_log2 = 24;
    uint32_t blocks = 8;
    int reps = 9;
    bool fp32 = false;
};

Options parse(int argc, char** argv) {
    Options o;
    for (int i = 1; i + 1 < argc; i += 2) {
        const int v = std::atoi(argv[i + 1]);
        if (std::strcmp(argv[i], "--dtype") == 0) {
            o.fp32 = std::strcmp(argv[i + 1], "fp32") == 0;
        } else if (std::strcmp(argv[i], "--min-log2") == 0) {
            o.min_log2 = v;
        } else if (std::strcmp(argv[i], "--max-log2") == 0) {
            o.max_log2 = v;
        } else if (std::strcmp(argv[i], "--blocks") == 0) {
            o.blocks = static_cast<uint32_t>(v);
        } else if (std::strcmp(argv[i], "--reps") == 0) {
            o.reps = v;
        }
    }
    return o;
}

struct Timing {
    double median_us;
    double min_us;  // on a loaded machine the undisturbed runs: the steadier comparison
};

/// Median and minimum wall time in microseconds of `reps` runs of `run` (each ends
/// synchronised), after one warm-up run.
Timing time_runs(int reps, const std::function<void()>& run) {
    run();
    std::vector<double> times;
    for (int r = 0; r < reps; ++r) {
        const auto start = std::chrono::steady_clock::now();
        run();
        const auto end = std::chrono::steady_clock::now();
        times.push_back(std::chrono::duration<double, std::micro>(end - start).count());
    }
    std::sort(times.begin(), times.end());
    return {times[times.size() / 2], times.front()};
}

aclTensor* vector_tensor(void* device, int64_t n, aclDataType dtype) {
    const int64_t stride = 1;
    return aclCreateTensor(&n, 1, dtype, &stride, 0, ACL_FORMAT_ND, &n, 1, device);
}

/// n elements of fp16 (or fp32) bytes: x = (i % 251) / 8, y = -(i % 127) / 4, exact in both.
std::vector<uint8_t> ramp(int64_t n, bool fp32, float scale, int modulus) {
    std::vector<uint8_t> bytes(static_cast<size_t>(n) * (fp32 ? 4 : 2));
    for (int64_t i = 0; i < n; ++i) {
        const float v = static_cast<float>(i % modulus) * scale;
        if (fp32) {
            std::memcpy(bytes.data() + i * 4, &v, 4);
        } else {
            const _Float16 h = static_cast<_Float16>(v);
            std::memcpy(bytes.data() + i * 2, &h, 2);
        }
    }
    return bytes;
}

}  // namespace

int main(int argc, char** argv) {
    const Options o = parse(argc, argv);
    CHECK(aclInit(nullptr));
    CHECK(aclrtSetDevice(0));
    aclrtStream stream = nullptr;
    CHECK(aclrtCreateStream(&stream));
    const aclDataType dtype = o.fp32 ? ACL_FLOAT : ACL_FLOAT16;
    std::printf("%s\n", o.fp32 ? "fp32" : "fp16");
    std::printf(
        "| elements | Ascend C add median (min) us | GB/s | aclnnAdd median (min) us | GB/s | "
        "Ascend C / aclnnAdd, medians (minima) |\n");
    std::printf("|---:|---:|---:|---:|---:|---:|\n");
    for (int log2 = o.min_log2; log2 <= o.max_log2; log2 += 2) {
        const int64_t n = int64_t{1} << log2;
        const size_t bytes = static_cast<size_t>(n) * (o.fp32 ? 4 : 2);
        const std::vector<uint8_t> x = ramp(n, o.fp32, 0.125f, 251);
        const std::vector<uint8_t> y = ramp(n, o.fp32, -0.25f, 127);
        void *dx = nullptr, *dy = nullptr, *dz_asc = nullptr, *dz_nn = nullptr;
        CHECK(aclrtMalloc(&dx, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
        CHECK(aclrtMalloc(&dy, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
        CHECK(aclrtMalloc(&dz_asc, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
        CHECK(aclrtMalloc(&dz_nn, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
        CHECK(aclrtMemcpy(dx, bytes, x.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));
        CHECK(aclrtMemcpy(dy, bytes, y.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));

        const Timing asc = time_runs(o.reps, [&] {
            const auto count = static_cast<uint32_t>(n);
            CHECK(o.fp32 ? launch_ascendc_add_float(o.blocks, stream, dx, dy, dz_asc, count)
                         : launch_ascendc_add(o.blocks, stream, dx, dy, dz_asc, count));
            CHECK(aclrtSynchronizeStream(stream));
        });
        aclTensor* tx = vector_tensor(dx, n, dtype);
        aclTensor* ty = vector_tensor(dy, n, dtype);
        aclTensor* tz = vector_tensor(dz_nn, n, dtype);
        const float one = 1.0f;
        aclScalar* alpha = aclCreateScalar(const_cast<float*>(&one), ACL_FLOAT);
        void* workspace = nullptr;
        uint64_t workspace_bytes = 0;
        const Timing nn = time_runs(o.reps, [&] {
            uint64_t workspace_size = 0;
            aclOpExecutor* executor = nullptr;
            CHECK(aclnnAddGetWorkspaceSize(tx, ty, alpha, tz, &workspace_size, &executor));
            if (workspace_size > workspace_bytes) {  // once: the size does not change
                CHECK(workspace != nullptr ? aclrtFree(workspace) : 0);
                CHECK(aclrtMalloc(&workspace, workspace_size, ACL_MEM_MALLOC_HUGE_FIRST));
                workspace_bytes = workspace_size;
            }
            CHECK(aclnnAdd(workspace, workspace_size, executor, stream));
            CHECK(aclrtSynchronizeStream(stream));
        });
        CHECK(workspace != nullptr ? aclrtFree(workspace) : 0);

        std::vector<uint8_t> z_asc(bytes), z_nn(bytes);
        CHECK(aclrtMemcpy(z_asc.data(), bytes, dz_asc, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
        CHECK(aclrtMemcpy(z_nn.data(), bytes, dz_nn, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
        const bool same = std::memcmp(z_asc.data(), z_nn.data(), bytes) == 0;
        const double moved = 3.0 * static_cast<double>(bytes);
        std::printf("| 2^%d | %.1f (%.1f) | %.2f | %.1f (%.1f) | %.2f | %.2f (%.2f) |%s\n",
                    log2,
                    asc.median_us,
                    asc.min_us,
                    moved / asc.median_us / 1e3,
                    nn.median_us,
                    nn.min_us,
                    moved / nn.median_us / 1e3,
                    nn.median_us / asc.median_us,
                    nn.min_us / asc.min_us,
                    same ? "" : " results differ!");
        aclDestroyTensor(tx);
        aclDestroyTensor(ty);
        aclDestroyTensor(tz);
        aclDestroyScalar(alpha);
        CHECK(aclrtFree(dx));
        CHECK(aclrtFree(dy));
        CHECK(aclrtFree(dz_asc));
        CHECK(aclrtFree(dz_nn));
    }
    CHECK(aclrtDestroyStream(stream));
    CHECK(aclrtResetDevice(0));
    CHECK(aclFinalize());
    return 0;
}
