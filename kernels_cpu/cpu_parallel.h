// A tiny parallel-for for the CPU kernels over the host thread pool (aclemu/thread_pool.h). Work
// runs on the calling thread plus at most `threads - 1` helpers; small ranges (fewer than `grain`
// items per thread) stay on fewer threads. The body must not throw (helper threads cannot report
// it).
//
//   // Contiguous ranges, one per thread (the split depends on the thread count):
//   cpu::parallel_for(n, /*grain=*/32768, threads, [&](int64_t begin, int64_t end) {
//       for (int64_t i = begin; i < end; ++i) out[i] = f(in[i]);
//   });
//   // The same, in several ranges per thread taken as threads finish (elementwise work):
//   cpu::parallel_for_dynamic(n, /*grain=*/32768, threads, [&](int64_t begin, int64_t end) {...});
//   // A fixed set of chunks, e.g. per-chunk partial sums that must be bitwise reproducible
//   // whatever the thread count (each chunk index is visited exactly once):
//   cpu::parallel_for_chunks(num_chunks, threads, [&](int64_t chunk) { partial[chunk] = ...; });
#pragma once

#include "aclemu/thread_pool.h"

#include <algorithm>
#include <cstdint>

namespace aclemu::kernels::cpu {

namespace detail {

// [0, n) cut into equal contiguous ranges, `per_thread` for each thread used, each at least
// `grain` items (except when n < grain); body(begin, end) for each, as threads take them.
template <typename Body>
void parallel_ranges(int64_t n, int64_t grain, int threads, int64_t per_thread, const Body& body) {
    if (n <= 0) {
        return;
    }
    grain = std::max<int64_t>(grain, 1);
    const int64_t by_grain = (n + grain - 1) / grain;
    const int team = static_cast<int>(std::min<int64_t>(std::max(threads, 1), by_grain));
    if (team <= 1) {
        body(int64_t{0}, n);
        return;
    }
    const int64_t ranges = std::min<int64_t>(by_grain, team * per_thread);
    const int64_t per = (n + ranges - 1) / ranges;
    run_items(team, ranges, [&](int64_t r) {
        const int64_t begin = std::min(n, r * per);
        const int64_t end = std::min(n, begin + per);
        if (begin < end) {
            body(begin, end);
        }
    });
}

}  // namespace detail

/// Splits [0, n) into at most `threads` contiguous ranges of at least `grain` items (except
/// when n < grain) and calls body(begin, end) once per non-empty range, in parallel.
template <typename Body>
void parallel_for(int64_t n, int64_t grain, int threads, const Body& body) {
    detail::parallel_ranges(n, grain, threads, 1, body);
}

/// Like parallel_for, but [0, n) is cut into several ranges per thread (each at least `grain`
/// items) that threads take as they finish: a thread slowed down by other work on its core (a
/// shared machine) holds up the others for one range, not for a whole share. For bodies whose
/// result does not depend on how the ranges fall (elementwise work).
template <typename Body>
void parallel_for_dynamic(int64_t n, int64_t grain, int threads, const Body& body) {
    constexpr int64_t kRangesPerThread = 8;
    detail::parallel_ranges(n, grain, threads, kRangesPerThread, body);
}

/// Calls body(chunk) for every chunk in [0, num_chunks), spread over up to `threads` threads
/// (dynamic schedule: chunks may cost different amounts).
template <typename Body>
void parallel_for_chunks(int64_t num_chunks, int threads, const Body& body) {
    if (num_chunks <= 0) {
        return;
    }
    const int team = static_cast<int>(std::min<int64_t>(std::max(threads, 1), num_chunks));
    run_items(team, num_chunks, [&](int64_t c) { body(c); });
}

}  // namespace aclemu::kernels::cpu
