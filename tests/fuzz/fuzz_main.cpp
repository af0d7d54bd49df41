// aclemu_fuzz: the seeded fuzzer's command line.
//
//   aclemu_fuzz --seed S --cases N [--backend cpu|gpusim] [--verbose]
//   aclemu_fuzz --seed S --case K [--backend ...] --verbose      (replays case K of that run)
//   aclemu_fuzz --seed S --seconds T ...                         (as many cases as fit in T s)
//
// Case i of seed S draws its choices from case_seed(S, i), so a failure replays from the line it
// prints. A case that takes longer than --hang-seconds (default 120) is reported as a hang.
// Exit status: 0 when every case passed, 1 on the first failure, 2 on a usage or setup error.
#include "fuzz/fuzz_case.h"
#include "fuzz/fuzz_random.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>

namespace {

using namespace aclemu::fuzz;
using Clock = std::chrono::steady_clock;

struct Args {
    uint64_t seed = 1;
    uint64_t cases = 1000;
    int64_t only_case = -1;
    double seconds = 0;  // > 0: run cases until this many seconds have passed
    double hang_seconds = 120;
    Options options;
};

void usage() {
    std::fprintf(stderr,
                 "usage: aclemu_fuzz --seed S [--cases N | --case K | --seconds T]\n"
                 "                   [--backend cpu|gpusim] [--hang-seconds H] [--verbose]\n");
}

bool parse(int argc, char** argv, Args* args) {
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const char* value = i + 1 < argc ? argv[i + 1] : nullptr;
        if (arg == "--verbose") {
            args->options.verbose = true;
            continue;
        }
        if (value == nullptr) {
            return false;
        }
        ++i;
        if (arg == "--seed") {
            args->seed = std::strtoull(value, nullptr, 0);
        } else if (arg == "--cases") {
            args->cases = std::strtoull(value, nullptr, 0);
        } else if (arg == "--case") {
            args->only_case = std::strtoll(value, nullptr, 0);
        } else if (arg == "--seconds") {
            args->seconds = std::strtod(value, nullptr);
        } else if (arg == "--hang-seconds") {
            args->hang_seconds = std::strtod(value, nullptr);
        } else if (arg == "--backend") {
            args->options.backend = value;
        } else {
            return false;
        }
    }
    return true;
}

// Aborts the process with a repro line when one case runs longer than the limit.
class Watchdog {
public:
    Watchdog(double seconds, const Args& args) : seconds_(seconds), args_(args) {
        thread_ = std::thread([this] { watch(); });
    }
    ~Watchdog() {
        {
            std::lock_guard<std::mutex> lock(mu_);
            done_ = true;
        }
        cv_.notify_all();
        thread_.join();
    }
    void start(uint64_t index) {
        std::lock_guard<std::mutex> lock(mu_);
        index_ = index;
        started_ = Clock::now();
        running_ = true;
    }
    void stop() {
        std::lock_guard<std::mutex> lock(mu_);
        running_ = false;
    }

private:
    void watch() {
        std::unique_lock<std::mutex> lock(mu_);
        while (!done_) {
            cv_.wait_for(lock, std::chrono::seconds(1));
            const auto limit = std::chrono::duration<double>(seconds_);
            if (running_ && Clock::now() - started_ > limit) {
                std::fprintf(
                    stderr,
                    "aclemu_fuzz: HANG: case %llu of seed %llu ran longer than %g s\n"
                    "  repro: aclemu_fuzz --seed %llu --case %llu --backend %s --verbose\n",
                    static_cast<unsigned long long>(index_),
                    static_cast<unsigned long long>(args_.seed),
                    seconds_,
                    static_cast<unsigned long long>(args_.seed),
                    static_cast<unsigned long long>(index_),
                    args_.options.backend.c_str());
                std::fflush(stderr);
                std::abort();
            }
        }
    }

    const double seconds_;
    const Args& args_;
    std::mutex mu_;
    std::condition_variable cv_;
    bool done_ = false;
    bool running_ = false;
    uint64_t index_ = 0;
    Clock::time_point started_;
    std::thread thread_;
};

}  // namespace

int main(int argc, char** argv) {
    Args args;
    if (!parse(argc, argv, &args)) {
        usage();
        return 2;
    }
    std::string why;
    if (!start_runtime(args.options, &why)) {
        std::fprintf(stderr, "aclemu_fuzz: %s\n", why.c_str());
        return 2;
    }
    std::printf("aclemu_fuzz: seed %llu, backend %s\n",
                static_cast<unsigned long long>(args.seed),
                args.options.backend.c_str());
    std::fflush(stdout);
    Watchdog watchdog(args.hang_seconds, args);
    const auto begin = Clock::now();
    uint64_t counts[5] = {};
    uint64_t ran = 0;
    const uint64_t first = args.only_case >= 0 ? static_cast<uint64_t>(args.only_case) : 0;
    const uint64_t last = args.only_case >= 0 ? first + 1
                          : args.seconds > 0  ? UINT64_MAX
                                              : args.cases;
    for (uint64_t i = first; i < last; ++i) {
        if (args.seconds > 0
            && std::chrono::duration<double>(Clock::now() - begin).count() > args.seconds) {
            break;
        }
        SeededSource source(case_seed(args.seed, i));
        Choices choices(source);
        watchdog.start(i);
        const Report report = run_case(choices, args.options);
        watchdog.stop();
        ++ran;
        ++counts[static_cast<int>(report.kind)];
        if (args.options.verbose || report.failed()) {
            std::printf("case %llu:\n  %s\n",
                        static_cast<unsigned long long>(i),
                        report.description().c_str());
        }
        if (report.failed()) {
            std::printf(
                "FAIL case %llu of seed %llu on %s:\n  %s\n"
                "  repro: aclemu_fuzz --seed %llu --case %llu --backend %s --verbose\n",
                static_cast<unsigned long long>(i),
                static_cast<unsigned long long>(args.seed),
                args.options.backend.c_str(),
                report.failures().c_str(),
                static_cast<unsigned long long>(args.seed),
                static_cast<unsigned long long>(i),
                args.options.backend.c_str());
            stop_runtime();
            return 1;
        }
    }
    stop_runtime();
    const double elapsed = std::chrono::duration<double>(Clock::now() - begin).count();
    std::printf(
        "aclemu_fuzz: %llu cases passed in %.1f s (seed %llu, %s): %llu valid operator "
        "calls checked against references, %llu rejected operator calls, %llu runtime "
        "misuses, %llu tensor descriptions, %llu runtime group cases (notifies, stream values, "
        "reduce, random, overflow, VMM, IPC, memory configs, allocators, stream configs, "
        "devices)\n",
        static_cast<unsigned long long>(ran),
        elapsed,
        static_cast<unsigned long long>(args.seed),
        args.options.backend.c_str(),
        static_cast<unsigned long long>(counts[0]),
        static_cast<unsigned long long>(counts[1]),
        static_cast<unsigned long long>(counts[2]),
        static_cast<unsigned long long>(counts[3]),
        static_cast<unsigned long long>(counts[4]));
    return 0;
}
