// Event-pair timing (see bench_timing.h).
#include "bench_timing.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sys/resource.h>

namespace aclemu::bench {

bool acl_ok(int ret, const char* what, const char* file, int line) {
    if (ret == 0)
        return true;
    const char* msg = aclGetRecentErrMsg();
    std::fprintf(stderr,
                 "aclemu_bench: %s failed with %d at %s:%d%s%s\n",
                 what,
                 ret,
                 file,
                 line,
                 msg ? ": " : "",
                 msg ? msg : "");
    return false;
}

namespace {

long page_faults_so_far() {
    rusage u{};
    if (getrusage(RUSAGE_SELF, &u) != 0)
        return 0;
    return u.ru_minflt + u.ru_majflt;
}

}  // namespace

double median(std::vector<double> v) {
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

EventTimer::~EventTimer() {
    for (aclrtEvent e : start_)
        aclrtDestroyEvent(e);
    for (aclrtEvent e : end_)
        aclrtDestroyEvent(e);
}

bool EventTimer::ensure_events(size_t n) {
    while (start_.size() < n) {
        aclrtEvent a = nullptr;
        aclrtEvent b = nullptr;
        if (!BENCH_OK(aclrtCreateEvent(&a)))
            return false;
        if (!BENCH_OK(aclrtCreateEvent(&b))) {
            aclrtDestroyEvent(a);
            return false;
        }
        start_.push_back(a);
        end_.push_back(b);
    }
    return true;
}

bool EventTimer::measure(const std::function<bool(int)>& enqueue,
                         int sets,
                         const TimingPolicy& policy,
                         Timing* out) {
    sets = std::max(sets, 1);
    if (!ensure_events(static_cast<size_t>(std::max({policy.warmup, policy.min_reps, sets}))))
        return false;
    // Warm-up (lazy initialisation, thread pools, page faults), each run timed for an estimate.
    // Every input set is touched once only while that is cheap: every page of the sets was
    // written at set-up, so their pages are already mapped (Note [Every page written at set-up]).
    std::vector<double> est;
    for (int i = 0; i < std::max(policy.warmup, sets); ++i) {
        if (i >= policy.warmup && median(est) * (sets - i) > policy.target_ms)
            break;
        if (!BENCH_OK(aclrtRecordEvent(start_[i], stream_)))
            return false;
        if (!enqueue(i % sets))
            return false;
        if (!BENCH_OK(aclrtRecordEvent(end_[i], stream_)))
            return false;
        if (!BENCH_OK(aclrtSynchronizeStream(stream_)))
            return false;
        float ms = 0;
        if (!BENCH_OK(aclrtEventElapsedTime(&ms, start_[i], end_[i])))
            return false;
        if (i > 0 || policy.warmup == 1)
            est.push_back(ms);  // the very first run is an outlier
    }
    const double one = std::max(median(est), 1e-4);
    int reps = static_cast<int>(std::ceil(policy.target_ms / one));
    // Slow cases (a repetition longer than the whole target) get the minimum, never fewer than 3.
    const int min_reps = one > policy.target_ms ? std::min(policy.min_reps, 3) : policy.min_reps;
    reps = std::clamp(reps, min_reps, policy.max_reps);
    // Keep whole rotations so every set is timed equally often.
    if (reps > sets)
        reps = (reps + sets - 1) / sets * sets;
    if (!ensure_events(static_cast<size_t>(reps)))
        return false;

    const long faults_before = page_faults_so_far();
    for (int r = 0; r < reps; ++r) {
        if (!BENCH_OK(aclrtRecordEvent(start_[r], stream_)))
            return false;
        if (!enqueue(r % sets))
            return false;
        if (!BENCH_OK(aclrtRecordEvent(end_[r], stream_)))
            return false;
    }
    if (!BENCH_OK(aclrtSynchronizeStream(stream_)))
        return false;
    out->page_faults = page_faults_so_far() - faults_before;
    std::vector<double> times;
    times.reserve(reps);
    for (int r = 0; r < reps; ++r) {
        float ms = 0;
        if (!BENCH_OK(aclrtEventElapsedTime(&ms, start_[r], end_[r])))
            return false;
        times.push_back(ms);
    }
    out->median_ms = median(times);
    out->min_ms = *std::min_element(times.begin(), times.end());
    out->reps = reps;
    return true;
}

}  // namespace aclemu::bench
