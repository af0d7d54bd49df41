// The fuzzer's tensors: a description passed to aclCreateTensor as a C caller would (dtype and
// format as ints), its storage in a guarded device block, and what the case may expect of the
// storage afterwards. Usage:
//
//   auto t = std::make_unique<FuzzTensor>();
//   t->spec.dims = {2, 3};
//   random_layout(c, &t->spec, /*output=*/false);   // strides, offset, storage dims
//   t->fill(c, ValueKind::Any);                     // storage contents, rounded to the dtype
//   t->create(report);                              // guarded block + aclCreateTensor
//   ... run the operator ...
//   t->check_storage(report, "x", nullptr);          // guards intact, nothing written
#pragma once

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"

#include "fuzz/fuzz_random.h"
#include "fuzz/fuzz_report.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace aclemu::fuzz {

/// An aclrtMalloc block with kGuard bytes of a known pattern on each side of the payload that
/// tensors see: writes outside the payload show up in check().
class GuardedBuffer {
public:
    static constexpr size_t kGuard = 64;

    GuardedBuffer() = default;
    ~GuardedBuffer();
    GuardedBuffer(const GuardedBuffer&) = delete;
    GuardedBuffer& operator=(const GuardedBuffer&) = delete;

    /// A block for `bytes` of payload (0 allowed), guards and payload written: payload from
    /// `payload` (bytes long, or empty for zeros). `guarded` false: no guards, the allocation
    /// ends where the payload does (what a storage larger than its block needs, so the
    /// runtime's allocation table, not a guard, bounds it).
    bool create(size_t bytes,
                const std::vector<uint8_t>& payload,
                Report& report,
                bool guarded = true);
    void* data() const { return base_ == nullptr ? nullptr : static_cast<char*>(base_) + guard_; }
    size_t bytes() const { return bytes_; }
    /// Reads the payload back; false (reported) when a guard byte changed.
    bool read(std::vector<uint8_t>* payload, Report& report, const std::string& name) const;
    /// After aclFinalize the block is gone with the runtime: do not free it.
    void forget() { base_ = nullptr; }
    void swap(GuardedBuffer& other) {
        std::swap(base_, other.base_);
        std::swap(bytes_, other.bytes_);
        std::swap(guard_, other.guard_);
    }

private:
    void* base_ = nullptr;
    size_t bytes_ = 0;
    size_t guard_ = kGuard;
};

/// The largest storage (in elements) the fuzzer backs with memory; a larger one is a hostile
/// size over a 4-byte block, which tensor creation or phase 2 must reject.
constexpr int64_t kMaxStorageElements = int64_t{1} << 20;

/// Where a tensor's storage lives.
enum class Memory {
    Device,  // a guarded aclrtMalloc block of exactly the storage's bytes
    None,    // data NULL
    Host,    // ordinary host memory (not device memory: phase 2 must reject it)
    Short,   // a guarded device block smaller than the storage (phase 2 must reject it)
};

struct TensorSpec {
    std::vector<int64_t> dims;
    std::vector<int64_t> strides;
    bool null_strides = false;  // pass NULL: row-major strides
    int64_t offset = 0;
    std::vector<int64_t> storage_dims;
    int dtype = ACL_FLOAT;  // may be a value aclDataType does not name
    int format = ACL_FORMAT_ND;
    Memory memory = Memory::Device;
};

/// Element count of dims: 0 when a dim is 0, whatever the others; -1 when a dim is negative or
/// the count is past int64.
int64_t count_elements(const std::vector<int64_t>& dims);
/// Storage offsets (elements) of the view's elements, row-major over dims. Only for small,
/// valid views.
std::vector<int64_t> view_offsets(const TensorSpec& spec);
/// Bytes of one element of the fuzzer's value dtypes (FLOAT, FLOAT16, BF16); 0 otherwise.
size_t value_bytes(int dtype);
std::string describe(const TensorSpec& spec);

/// Fills strides, offset and storage dims for spec->dims (small dims): a random permutation of
/// the dims in memory, gaps, negative strides, a storage offset and spare storage at the end.
/// Inputs may also broadcast (stride 0) and overlap themselves; outputs never do.
void random_layout(Choices& c, TensorSpec* spec, bool output);

enum class ValueKind {
    Any,           // moderate values of both signs, a few zeros
    WithSpecials,  // also inf, -inf, NaN, -0
    Positive,      // (0.1, 4]
    Unit,          // around [0, 1] and its edges, for LogitGrad's x
    Count,         // whole numbers in [2, 64], for BatchNorm's element counts
};

class FuzzTensor {
public:
    FuzzTensor() = default;
    ~FuzzTensor();
    FuzzTensor(const FuzzTensor&) = delete;
    FuzzTensor& operator=(const FuzzTensor&) = delete;

    /// Storage contents drawn from `kind` and rounded to the dtype (value dtypes only).
    void fill(Choices& c, ValueKind kind);
    /// Allocates and uploads the storage, then calls aclCreateTensor. False when the call
    /// returned nullptr (the message is left for the caller to check).
    bool create(Report& report);
    aclTensor* get() const { return handle_; }

    /// The storage's values as stored (decoded from the dtype), by storage element.
    const std::vector<double>& values() const { return values_; }
    /// The storage now, decoded; false (reported) when it cannot be read or a guard changed.
    bool read(std::vector<double>* now, Report& report, const std::string& name) const;
    /// Every storage byte outside `written` (storage elements; null: none) must be as uploaded,
    /// and the guards intact.
    void check_storage(Report& report,
                       const std::string& name,
                       const std::vector<bool>* written) const;
    /// Another block with the same contents, for aclSet*TensorAddr: returns its address.
    void* relocate(Report& report);
    /// After aclFinalize: the tensor's block went with the runtime.
    void forget_storage() { buffer_.forget(); }

    TensorSpec spec;

private:
    std::vector<double> values_;
    std::vector<uint8_t> bytes_;  // as uploaded
    GuardedBuffer buffer_;
    std::vector<uint8_t> host_;  // Memory::Host storage
    aclTensor* handle_ = nullptr;
};

/// True when `got` may be what a computation in fp32 within `error` of `exact` gives once
/// rounded to `dtype`: got lies in [round(exact - error), round(exact + error)]. NaN matches
/// NaN, an infinity only itself.
bool within(double got, double exact, double error, int dtype);

}  // namespace aclemu::fuzz
