// gpusim_planted_bug <bug>: runs one deliberately broken kernel (tests/gpusim/kernels/
// planted_bugs.h) on the GPU simulator, then compares its output with what a correct kernel
// writes and prints one line: "planted bug <bug>: <k> of <n> outputs wrong (...)" or "... all
// <n> outputs right". ctest checks what reported the bug: that line (the simulator's poison),
// or the report of the simulator's race checker or of a sanitizer (ASan, UBSan, TSan builds),
// which comes first.
#include "gpu/sim/runtime.h"
#include "tests/gpusim/kernels/planted_bugs.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

using namespace aclemu::gpusim_test;

constexpr int kBlock = 256;

void check(gpusimError_t status, const char* what) {
    if (status != gpusimSuccess) {
        std::printf("%s failed: %s\n", what, gpusimGetErrorString(status));
        std::exit(2);
    }
}

float* device_copy(const std::vector<float>& host) {
    void* ptr = nullptr;
    check(gpusimMalloc(&ptr, host.size() * sizeof(float)), "gpusimMalloc");
    check(gpusimMemcpy(ptr, host.data(), host.size() * sizeof(float), gpusimMemcpyHostToDevice),
          "gpusimMemcpy");
    return static_cast<float*>(ptr);
}

std::vector<float> host_copy(const float* device, size_t n) {
    std::vector<float> host(n);
    check(gpusimMemcpy(host.data(), device, n * sizeof(float), gpusimMemcpyDeviceToHost),
          "gpusimMemcpy");
    return host;
}

// Runs `launch` (which writes `expected.size()` floats to its output) and reports.
int run(const char* bug,
        const std::vector<float>& input,
        const std::vector<float>& expected,
        const std::function<int(const float*, float*)>& launch) {
    float* in = device_copy(input);
    float* out = device_copy(std::vector<float>(expected.size(), 0.0f));
    check(static_cast<gpusimError_t>(launch(in, out)), "launch");
    check(gpusimDeviceSynchronize(), "gpusimDeviceSynchronize");
    const std::vector<float> got = host_copy(out, expected.size());
    size_t wrong = 0;
    size_t first = 0;
    for (size_t i = 0; i < got.size(); ++i) {
        if (!(got[i] == expected[i])) {
            first = wrong == 0 ? i : first;
            ++wrong;
        }
    }
    if (wrong == 0) {
        std::printf("planted bug %s: all %zu outputs right\n", bug, got.size());
    } else {
        std::printf("planted bug %s: %zu of %zu outputs wrong (out[%zu] = %g, expected %g)\n",
                    bug,
                    wrong,
                    got.size(),
                    first,
                    static_cast<double>(got[first]),
                    static_cast<double>(expected[first]));
    }
    gpusimFree(in);
    gpusimFree(out);
    return 0;
}

std::vector<float> ramp(size_t n) {
    std::vector<float> v(n);
    for (size_t i = 0; i < n; ++i) {
        v[i] = static_cast<float>(i % 97) - 40.0f;
    }
    return v;
}

}  // namespace

int run_bug(const char* bug) {
    if (std::strcmp(bug, "missing_barrier") == 0) {
        constexpr int n = 4 * kBlock;
        const std::vector<float> in = ramp(n);
        std::vector<float> expected(n);
        for (int i = 0; i < n; ++i) {
            const int base = i / kBlock * kBlock;
            expected[i] = in[i] + in[base + (i - base + 1) % kBlock];
        }
        return run(bug, in, expected, [](const float* d_in, float* d_out) {
            return launch_missing_barrier(d_in, d_out, n, nullptr);
        });
    }
    if (std::strcmp(bug, "one_past_the_end") == 0) {
        constexpr int n = 1000;
        const std::vector<float> in = ramp(n);
        std::vector<float> expected(n);
        for (int i = 0; i < n; ++i) {
            expected[i] = 2.0f * in[i];
        }
        return run(bug, in, expected, [](const float* d_in, float* d_out) {
            return launch_one_past_the_end(d_in, d_out, n, nullptr);
        });
    }
    if (std::strcmp(bug, "misaligned_vector_load") == 0) {
        constexpr int vectors = 300;
        const std::vector<float> in = ramp(4 * vectors + 4);
        const std::vector<float> expected(in.begin() + 1, in.begin() + 1 + 4 * vectors);
        return run(bug, in, expected, [](const float* d_in, float* d_out) {
            return launch_misaligned_vector_load(d_in, d_out, vectors, nullptr);
        });
    }
    if (std::strcmp(bug, "reduction_read_outside_thread_zero") == 0) {
        constexpr int blocks = 3;
        const std::vector<float> in = ramp(blocks * kBlock);
        std::vector<float> expected(blocks, 0.0f);
        for (int i = 0; i < blocks * kBlock; ++i) {
            expected[i / kBlock] += in[i];  // small integers: exact in any order
        }
        return run(bug, in, expected, [](const float* d_in, float* d_out) {
            return launch_reduction_read_outside_thread_zero(d_in, d_out, blocks, nullptr);
        });
    }
    if (std::strcmp(bug, "missing_atomic") == 0) {
        constexpr int n = 4 * kBlock;
        const std::vector<float> in = ramp(n);
        std::vector<float> expected(1, 0.0f);
        for (float v : in) {
            expected[0] += v;  // small integers: exact in any order
        }
        return run(bug, in, expected, [](const float* d_in, float* d_out) {
            return launch_missing_atomic(d_in, d_out, n, nullptr);
        });
    }
    if (std::strcmp(bug, "shared_reuse_without_barrier") == 0) {
        constexpr int blocks = 4;
        const std::vector<float> in = ramp(2 * blocks * kBlock);
        std::vector<float> expected(2 * blocks, 0.0f);
        for (size_t i = 0; i < in.size(); ++i) {
            expected[i / kBlock] += in[i];
        }
        return run(bug, in, expected, [](const float* d_in, float* d_out) {
            return launch_shared_reuse_without_barrier(d_in, d_out, blocks, nullptr);
        });
    }
    if (std::strcmp(bug, "divergent_barrier") == 0) {
        constexpr int n = 2 * kBlock;
        const std::vector<float> in = ramp(n);
        std::vector<float> expected(n);
        for (int i = 0; i < n; ++i) {
            expected[i] = i % kBlock < kBlock / 2 ? in[i] + in[i ^ 1] : in[i];
        }
        return run(bug, in, expected, [](const float* d_in, float* d_out) {
            return launch_divergent_barrier(d_in, d_out, n, nullptr);
        });
    }
    std::fprintf(stderr,
                 "usage: gpusim_planted_bug missing_barrier | one_past_the_end | "
                 "misaligned_vector_load | reduction_read_outside_thread_zero | missing_atomic | "
                 "shared_reuse_without_barrier | divergent_barrier\n");
    return 2;
}

// The bug runs in a child process: a checker report may be followed by the access it reported (a
// misaligned 16-byte load faults on x86 too), so the child's death is reported here as a line of
// its own and the test is judged by the reports that came before it.
int main(int argc, char** argv) {
    const char* bug = argc == 2 ? argv[1] : "";
    std::fflush(stdout);
    const pid_t child = fork();
    if (child == 0) {
        std::exit(run_bug(bug));
    }
    int status = 0;
    if (child < 0 || waitpid(child, &status, 0) != child) {
        std::perror("gpusim_planted_bug: fork/waitpid");
        return 2;
    }
    if (WIFSIGNALED(status)) {
        std::printf("planted bug %s: the program died of signal %d\n", bug, WTERMSIG(status));
        return 0;
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 2;
}
