// The benchmarked operator cases, written like a user program against acl/acl.h and aclnnop/*.h:
// a Case describes shapes and dtype; a CaseInstance owns `sets` device arenas filled with random
// data (fixed seed), the aclTensors over them, one repeatable executor per arena, a workspace,
// and the device-to-device copy of the same bytes that serves as the bandwidth baseline.
#pragma once

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"

#include "bench_op.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace aclemu::bench {

struct Case {
    const BenchOp* op = nullptr;
    aclDataType dtype = ACL_FLOAT;
    std::string variant;
    // ShapeKind::Elementwise: rows x cols (1-D [cols] when rows == 1). transposed: x and dy are the
    // transposed view [cols, rows] of a [rows, cols] storage, dx is contiguous [cols, rows].
    int64_t rows = 1;
    int64_t cols = 1;
    bool transposed = false;
    // ShapeKind::BatchNorm: [n, c, l], per-channel tensors fp32 [c]. ShapeKind::Upsample: the
    // forward maps [n, c, l] -> [n, c, l_out], the backward gradOutput [n, c, l_out] -> [n, c, l].
    int64_t n = 1;
    int64_t c = 1;
    int64_t l = 1;
    int64_t l_out = 1;
    double scales = 0;

    /// Elements of the largest tensor.
    int64_t numel() const;
    /// The bytes the op must move at minimum (read every input once, write every output once).
    double min_bytes() const;
    std::string shape() const;
    /// Bytes of one input set on the device (tensors + room for the copy baseline).
    size_t arena_bytes() const;
};

class CaseInstance {
public:
    /// Allocates `sets` arenas, fills their inputs (seed-derived data, never zeros) and zeroes the
    /// rest (every page mapped before timing), creates tensors and one repeatable executor per
    /// set. Returns nullptr after printing why on failure.
    static std::unique_ptr<CaseInstance> create(const Case& c, int sets, uint64_t seed);
    ~CaseInstance();
    CaseInstance(const CaseInstance&) = delete;
    CaseInstance& operator=(const CaseInstance&) = delete;

    /// Phase 2 on set `set`'s repeatable executor.
    bool enqueue_op(int set, aclrtStream stream);
    /// The copy baseline: min_bytes()/2 bytes device-to-device inside set `set`'s arena.
    bool enqueue_copy(int set, aclrtStream stream);
    /// The same copy's source, destination and byte count in set `set`'s arena (for the CPU
    /// backend's host-side reference copy, where device memory is host memory).
    void copy_span(int set, const void** src, void** dst, size_t* bytes) const;
    /// Phase 1 with a fresh (single-use) executor over set 0's tensors, for overhead timing.
    bool phase1(uint64_t* workspace_size, aclOpExecutor** executor);
    /// Phase 2 with an executor from phase1 or the repeatable one of set 0 (executor == null).
    bool phase2(aclOpExecutor* executor, aclrtStream stream);
    uint64_t workspace_size() const { return workspace_size_; }
    int sets() const { return static_cast<int>(sets_.size()); }

private:
    struct Set {
        void* arena = nullptr;
        BenchArgs args;
        aclOpExecutor* executor = nullptr;
    };

    explicit CaseInstance(const Case& c) : case_(c) {}
    bool make_set(Set* s, uint64_t seed, int index);
    bool run_phase1(const Set& s, uint64_t* ws, aclOpExecutor** ex);

    Case case_;
    size_t copy_bytes_ = 0;
    size_t copy_dst_ = 0;
    std::vector<Set> sets_;
    void* workspace_ = nullptr;
    uint64_t workspace_size_ = 0;
};

}  // namespace aclemu::bench
