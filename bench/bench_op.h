// What the benchmark knows about one aclnn operator: its recipe. Each kernel family of the
// operator list (kernels_cu/operators.def) has a recipe file, bench/ops/<family>.cpp, defining
// `void add_<family>_bench_ops(BenchOps*)`, which appends the family's operators (binary_arith:
// Add and Mul). bench_ops.cpp calls them from the list, so an operator added to the list is
// benchmarked (and a family without a recipe file is a link error, not a silent gap).
#pragma once

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"

#include <cstdint>
#include <string>
#include <vector>

namespace aclemu::bench {

/// How the sweep shapes an operator's cases (aclemu_bench's build_cases).
enum class ShapeKind {
    Elementwise,  // rows x cols (1-D when rows == 1), plus a transposed view of the inputs
    BatchNorm,    // [n, c, l] with per-channel fp32 [c] tensors
    Upsample,     // [n, c, l] -> [n, c, l_out] (or the reverse for a backward), `scales`
};

struct Case;
struct BenchOp;

/// One tensor's storage inside an arena; `random` regions get uniform [lo, hi) data.
struct Region {
    size_t offset;
    size_t elems;
    aclDataType dtype;
    bool random;
    float lo;
    float hi;
};

/// Collects an operator's regions, in the order its tensors use them.
class RegionList {
public:
    void input(size_t elems, aclDataType dtype, float lo, float hi);
    void output(size_t elems, aclDataType dtype);
    const std::vector<Region>& regions() const { return regions_; }
    size_t end() const { return end_; }

private:
    std::vector<Region> regions_;
    size_t end_ = 0;
};

/// The objects of one input set the recipe's phase 1 gets: tensors, int arrays and scalars in
/// the order the recipe created them.
struct BenchArgs {
    std::vector<aclTensor*> t;
    std::vector<aclIntArray*> arrays;
    std::vector<aclScalar*> scalars;
};

/// Creates one input set's objects over an arena (bench_cases.cpp).
class ArgsBuilder {
public:
    ArgsBuilder(void* arena, const std::vector<Region>& regions, BenchArgs* args)
        : arena_(arena), regions_(regions), args_(args) {}
    /// A tensor over region `region`: row-major strides unless given, storage = view unless
    /// given.
    bool tensor(size_t region,
                std::vector<int64_t> view,
                std::vector<int64_t> strides = {},
                std::vector<int64_t> storage = {});
    bool int_array(std::vector<int64_t> values);
    bool float_scalar(float value);

private:
    void* arena_;
    const std::vector<Region>& regions_;
    BenchArgs* args_;
};

struct ValueRange {
    float lo;
    float hi;
};

using Phase2Fn = aclnnStatus (*)(void*, uint64_t, aclOpExecutor*, aclrtStream);

struct BenchOp {
    std::string name;    // the aclnn name without the prefix, as reports print it
    std::string key;     // the --ops key
    std::string family;  // the operator list's kernel family (filled by the registry)
    ShapeKind shape = ShapeKind::Elementwise;
    /// Tensors of the large shape the op must read or write once (min_bytes); Upsample ops move
    /// n*c*(l + l_out) elements whatever this says.
    int big_operands = 2;
    /// Bytes the op must move at minimum, when not big_operands' rule (per-channel-only ops).
    double (*min_bytes)(const Case&) = nullptr;
    /// Elementwise ops: the inputs' value ranges (the default layout and tensors use them).
    std::vector<ValueRange> inputs;
    /// The case's shape as reports print it, when not the ShapeKind's default.
    std::string (*shape_text)(const Case&) = nullptr;
    void (*layout)(const Case&, RegionList*) = nullptr;
    bool (*make_args)(const Case&, ArgsBuilder*) = nullptr;
    aclnnStatus (*phase1)(const Case&, const BenchArgs&, uint64_t*, aclOpExecutor**) = nullptr;
    Phase2Fn phase2 = nullptr;
};

using BenchOps = std::vector<BenchOp>;

/// Every benchmarked operator, in the operator list's order (bench_ops.cpp).
const BenchOps& bench_ops();
/// The operator with --ops key `key`, or nullptr.
const BenchOp* find_bench_op(const std::string& key);

// Helpers for recipes (bench_ops.cpp).

/// Elementwise views of case `c`: the inputs' view, strides and storage (transposed or not) and
/// the contiguous output's view.
struct ElementwiseViews {
    std::vector<int64_t> in_view, in_strides, in_storage, out_view;
};
ElementwiseViews elementwise_views(const Case& c);
/// The default elementwise layout: one random region per BenchOp::inputs range, then the output.
void elementwise_layout(const Case& c, RegionList* regions);
/// The default elementwise tensors: every input over the inputs' view, then the output.
bool elementwise_args(const Case& c, ArgsBuilder* b);
/// An elementwise operator whose inputs are uniform in `inputs` (in tensor order) and whose one
/// output follows them; phase1 and phase2 are left to the recipe.
BenchOp elementwise_op(const char* name, const char* key, std::vector<ValueRange> inputs);

}  // namespace aclemu::bench
