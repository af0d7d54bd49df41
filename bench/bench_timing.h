// Timing for the benchmark, through the public API only: device-side time from aclrtEvent pairs
// recorded around each repetition on one stream (on the CPU backend the stream's worker thread
// stamps the events, so host-side enqueue cost is excluded), median of the repetitions.
#pragma once

#include "acl/acl.h"

#include <functional>
#include <vector>

namespace aclemu::bench {

/// Prints the failed call with its code and aclGetRecentErrMsg(); returns ret == 0.
bool acl_ok(int ret, const char* what, const char* file, int line);
#define BENCH_OK(expr) (::aclemu::bench::acl_ok((expr), #expr, __FILE__, __LINE__))

struct TimingPolicy {
    int warmup = 2;          // runs before timing (at least one per input set)
    double target_ms = 200;  // aim for this much timed work per measurement
    int min_reps = 5;
    int max_reps = 200;
};

struct Timing {
    double median_ms = 0;
    double min_ms = 0;
    int reps = 0;
    // Page faults (minor + major) of the whole process during the timed repetitions: on the CPU
    // backend, where the op runs in this process, they are memory the calls touched for the
    // first time or allocated afresh (Note [Every page written at set-up], bench_cases.cpp).
    long page_faults = 0;
};

/// Times `enqueue(set)` (which enqueues one repetition on `stream` using input set `set`) with
/// one event pair per repetition, rotating over `sets` input sets.
class EventTimer {
public:
    explicit EventTimer(aclrtStream stream) : stream_(stream) {}
    ~EventTimer();
    EventTimer(const EventTimer&) = delete;
    EventTimer& operator=(const EventTimer&) = delete;

    bool measure(const std::function<bool(int)>& enqueue,
                 int sets,
                 const TimingPolicy& policy,
                 Timing* out);

private:
    bool ensure_events(size_t n);

    aclrtStream stream_;
    std::vector<aclrtEvent> start_;
    std::vector<aclrtEvent> end_;
};

double median(std::vector<double> v);

}  // namespace aclemu::bench
