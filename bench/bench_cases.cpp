// Operator cases of the benchmark (see bench_cases.h). Each input set lives in one device
// arena: the op's tensors at 256-byte aligned offsets (the op's recipe, bench/ops/, lays them
// out), and the copy baseline reads the first min_bytes/2 bytes of the arena and writes the
// next min_bytes/2 (so it needs no extra memory).
#include "bench_cases.h"

#include "bench_data.h"
#include "bench_timing.h"

#include <algorithm>
#include <cstdio>
#include <thread>

namespace aclemu::bench {

namespace {

constexpr size_t kAlign = 256;

size_t align_up(size_t v) {
    return (v + kAlign - 1) / kAlign * kAlign;
}

struct Layout {
    std::vector<Region> regions;
    size_t copy_bytes = 0;
    size_t copy_dst = 0;
    size_t arena = 0;
};

Layout layout_of(const Case& c) {
    RegionList list;
    c.op->layout(c, &list);
    Layout lay;
    lay.regions = list.regions();
    lay.copy_bytes = static_cast<size_t>(c.min_bytes() / 2);
    lay.copy_dst = align_up(lay.copy_bytes);
    lay.arena = std::max(list.end(), align_up(lay.copy_dst + lay.copy_bytes));
    return lay;
}

/// Fills one region in chunks through a small host staging buffer. Each chunk is generated
/// by a few host threads, each part from its own seed, so the data does not depend on timing.
bool fill_region(void* arena, const Region& r, uint64_t seed) {
    const size_t esize = dtype_size(r.dtype);
    const size_t chunk = std::min<size_t>(r.elems, size_t{1} << 22);
    const size_t parts = std::clamp<size_t>(std::thread::hardware_concurrency(), 1, 8);
    std::vector<unsigned char> host(chunk * esize);
    for (size_t done = 0, index = 0; done < r.elems; done += chunk, ++index) {
        const size_t cnt = std::min(chunk, r.elems - done);
        const size_t per = (cnt + parts - 1) / parts;
        std::vector<std::thread> workers;
        for (size_t p = 0; p < parts && p * per < cnt; ++p) {
            workers.emplace_back([&, p] {
                Rng rng(seed * 7919u + index * parts + p);
                const size_t begin = p * per;
                const size_t m = std::min(per, cnt - begin);
                fill_uniform(host.data() + begin * esize, m, r.dtype, r.lo, r.hi, rng);
            });
        }
        for (std::thread& w : workers)
            w.join();
        auto* dst = static_cast<unsigned char*>(arena) + r.offset + done * esize;
        if (!BENCH_OK(
                aclrtMemcpy(dst, cnt * esize, host.data(), cnt * esize, ACL_MEMCPY_HOST_TO_DEVICE)))
            return false;
    }
    return true;
}

/// Writes zeros over [offset, offset + bytes) of an arena. Note [Every page written at set-up]:
/// an output region is not filled, and on the CPU backend device memory is mapped lazily, so the
/// first call writing it would page-fault its whole output (at 2^22 fp32 elements about 4096
/// faults, 80-160 ms on the development VM, against 1-2 ms for the add itself). The warm-up
/// touches every set only while that is cheap, so without this some timed repetitions would be
/// first touches (aclnnAdd fp32 at 2^20-2^22 measured at 0.01-0.04 of copy).
bool zero_span(void* arena, size_t offset, size_t bytes) {
    if (bytes == 0)
        return true;
    void* p = static_cast<unsigned char*>(arena) + offset;
    return BENCH_OK(aclrtMemset(p, bytes, 0, bytes));
}

std::string dims_text(std::initializer_list<int64_t> dims) {
    std::string s;
    for (int64_t d : dims)
        s += (s.empty() ? "" : "x") + std::to_string(d);
    return s;
}

}  // namespace

void RegionList::input(size_t elems, aclDataType dtype, float lo, float hi) {
    regions_.push_back({end_, elems, dtype, true, lo, hi});
    end_ = align_up(end_ + std::max<size_t>(elems, 1) * dtype_size(dtype));
}

void RegionList::output(size_t elems, aclDataType dtype) {
    regions_.push_back({end_, elems, dtype, false, 0, 0});
    end_ = align_up(end_ + std::max<size_t>(elems, 1) * dtype_size(dtype));
}

bool ArgsBuilder::tensor(size_t region,
                         std::vector<int64_t> view,
                         std::vector<int64_t> strides,
                         std::vector<int64_t> storage) {
    if (strides.empty()) {
        strides.assign(view.size(), 1);
        for (int i = static_cast<int>(view.size()) - 2; i >= 0; --i)
            strides[i] = strides[i + 1] * view[i + 1];
    }
    if (storage.empty())
        storage = view;
    const Region& r = regions_.at(region);
    void* data = static_cast<unsigned char*>(arena_) + r.offset;
    aclTensor* t = aclCreateTensor(view.data(),
                                   view.size(),
                                   r.dtype,
                                   strides.data(),
                                   0,
                                   ACL_FORMAT_ND,
                                   storage.data(),
                                   storage.size(),
                                   data);
    if (!t) {
        std::fprintf(stderr, "aclemu_bench: aclCreateTensor failed\n");
        return false;
    }
    args_->t.push_back(t);
    return true;
}

bool ArgsBuilder::int_array(std::vector<int64_t> values) {
    aclIntArray* a = aclCreateIntArray(values.data(), values.size());
    if (!a)
        return false;
    args_->arrays.push_back(a);
    return true;
}

bool ArgsBuilder::float_scalar(float value) {
    aclScalar* s = aclCreateScalar(&value, ACL_FLOAT);
    if (!s)
        return false;
    args_->scalars.push_back(s);
    return true;
}

ElementwiseViews elementwise_views(const Case& c) {
    ElementwiseViews v;
    if (c.transposed) {
        v.in_view = {c.cols, c.rows};
        v.in_strides = {1, c.cols};
        v.in_storage = {c.rows, c.cols};
        v.out_view = {c.cols, c.rows};
    } else if (c.rows == 1) {
        v.in_view = v.out_view = {c.cols};
    } else {
        v.in_view = v.out_view = {c.rows, c.cols};
    }
    return v;
}

void elementwise_layout(const Case& c, RegionList* regions) {
    const size_t n = static_cast<size_t>(c.numel());
    for (const ValueRange& r : c.op->inputs)
        regions->input(n, c.dtype, r.lo, r.hi);
    regions->output(n, c.dtype);
}

bool elementwise_args(const Case& c, ArgsBuilder* b) {
    const ElementwiseViews v = elementwise_views(c);
    size_t i = 0;
    for (; i < c.op->inputs.size(); ++i)
        if (!b->tensor(i, v.in_view, v.in_strides, v.in_storage))
            return false;
    return b->tensor(i, v.out_view);
}

BenchOp elementwise_op(const char* name, const char* key, std::vector<ValueRange> inputs) {
    BenchOp op;
    op.name = name;
    op.key = key;
    op.shape = ShapeKind::Elementwise;
    op.big_operands = static_cast<int>(inputs.size()) + 1;
    op.inputs = std::move(inputs);
    op.layout = elementwise_layout;
    op.make_args = elementwise_args;
    return op;
}

int64_t Case::numel() const {
    switch (op->shape) {
        case ShapeKind::Elementwise:
            return rows * cols;
        case ShapeKind::BatchNorm:
            return n * c * l;
        case ShapeKind::Upsample:
            return n * c * std::max(l, l_out);
    }
    return 0;
}

double Case::min_bytes() const {
    if (op->min_bytes)
        return op->min_bytes(*this);
    const double e = static_cast<double>(dtype_size(dtype));
    if (op->shape == ShapeKind::Upsample)
        return static_cast<double>(n * c * (l_out + l)) * e;
    return op->big_operands * static_cast<double>(numel()) * e;
}

std::string Case::shape() const {
    if (op->shape_text)
        return op->shape_text(*this);
    switch (op->shape) {
        case ShapeKind::Elementwise:
            if (transposed)
                return dims_text({cols, rows}) + "^T";
            return rows == 1 ? std::to_string(cols) : dims_text({rows, cols});
        case ShapeKind::BatchNorm:
            return dims_text({n, c, l});
        case ShapeKind::Upsample:
            return dims_text({n, c, l}) + ">" + std::to_string(l_out);
    }
    return "";
}

size_t Case::arena_bytes() const {
    return layout_of(*this).arena;
}

std::unique_ptr<CaseInstance> CaseInstance::create(const Case& c, int sets, uint64_t seed) {
    std::unique_ptr<CaseInstance> inst(new CaseInstance(c));
    const Layout lay = layout_of(c);
    inst->copy_bytes_ = lay.copy_bytes;
    inst->copy_dst_ = lay.copy_dst;
    inst->sets_.resize(static_cast<size_t>(std::max(sets, 1)));
    for (size_t i = 0; i < inst->sets_.size(); ++i) {
        if (!inst->make_set(&inst->sets_[i], seed, static_cast<int>(i)))
            return nullptr;
    }
    if (inst->workspace_size_ > 0
        && (!BENCH_OK(
                aclrtMalloc(&inst->workspace_, inst->workspace_size_, ACL_MEM_MALLOC_HUGE_FIRST))
            || !zero_span(inst->workspace_, 0, inst->workspace_size_)))
        return nullptr;
    return inst;
}

CaseInstance::~CaseInstance() {
    for (Set& s : sets_) {
        if (s.executor)
            aclDestroyAclOpExecutor(s.executor);
        for (aclTensor* t : s.args.t)
            aclDestroyTensor(t);
        for (aclIntArray* a : s.args.arrays)
            aclDestroyIntArray(a);
        for (aclScalar* v : s.args.scalars)
            aclDestroyScalar(v);
        if (s.arena)
            aclrtFree(s.arena);
    }
    if (workspace_)
        aclrtFree(workspace_);
}

bool CaseInstance::make_set(Set* s, uint64_t seed, int index) {
    const Layout lay = layout_of(case_);
    if (!BENCH_OK(aclrtMalloc(&s->arena, lay.arena, ACL_MEM_MALLOC_HUGE_FIRST)))
        return false;
    for (size_t r = 0; r < lay.regions.size(); ++r) {
        const Region& reg = lay.regions[r];
        if (!reg.random) {
            if (!zero_span(s->arena, reg.offset, reg.elems * dtype_size(reg.dtype)))
                return false;
            continue;
        }
        const uint64_t region_seed = seed * 1000003ull + static_cast<uint64_t>(index) * 131ull + r;
        if (!fill_region(s->arena, reg, region_seed))
            return false;
    }
    // The copy baseline may write past the op's last region.
    const size_t end = lay.regions.empty()
                           ? 0
                           : lay.regions.back().offset
                                 + lay.regions.back().elems * dtype_size(lay.regions.back().dtype);
    if (!zero_span(s->arena, end, lay.arena - std::min(end, lay.arena)))
        return false;
    ArgsBuilder builder(s->arena, lay.regions, &s->args);
    if (!case_.op->make_args(case_, &builder))
        return false;

    uint64_t ws = 0;
    if (!run_phase1(*s, &ws, &s->executor))
        return false;
    if (!BENCH_OK(aclSetAclOpExecutorRepeatable(s->executor)))
        return false;
    workspace_size_ = std::max(workspace_size_, ws);
    return true;
}

bool CaseInstance::run_phase1(const Set& s, uint64_t* ws, aclOpExecutor** ex) {
    return BENCH_OK(case_.op->phase1(case_, s.args, ws, ex));
}

bool CaseInstance::phase1(uint64_t* workspace_size, aclOpExecutor** executor) {
    return run_phase1(sets_[0], workspace_size, executor);
}

bool CaseInstance::phase2(aclOpExecutor* executor, aclrtStream stream) {
    aclOpExecutor* ex = executor ? executor : sets_[0].executor;
    return BENCH_OK(case_.op->phase2(workspace_, workspace_size_, ex, stream));
}

bool CaseInstance::enqueue_op(int set, aclrtStream stream) {
    aclOpExecutor* ex = sets_[static_cast<size_t>(set)].executor;
    return phase2(ex, stream);
}

bool CaseInstance::enqueue_copy(int set, aclrtStream stream) {
    auto* base = static_cast<unsigned char*>(sets_[static_cast<size_t>(set)].arena);
    return BENCH_OK(aclrtMemcpyAsync(
        base + copy_dst_, copy_bytes_, base, copy_bytes_, ACL_MEMCPY_DEVICE_TO_DEVICE, stream));
}

void CaseInstance::copy_span(int set, const void** src, void** dst, size_t* bytes) const {
    auto* base = static_cast<unsigned char*>(sets_[static_cast<size_t>(set)].arena);
    *src = base;
    *dst = base + copy_dst_;
    *bytes = copy_bytes_;
}

}  // namespace aclemu::bench
