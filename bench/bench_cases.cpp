// Operator cases of the benchmark (see bench_cases.h). Each input set lives in one device
// arena: the op's tensors at 256-byte aligned offsets, and the copy baseline reads the first
// min_bytes/2 bytes of the arena and writes the next min_bytes/2 (so it needs no extra memory).
#include "bench_cases.h"

#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_batch_norm_backward_reduce.h"
#include "aclnnop/aclnn_batch_norm_elemt.h"
#include "aclnnop/aclnn_batch_norm_elemt_backward.h"
#include "aclnnop/aclnn_batch_norm_stats.h"
#include "aclnnop/aclnn_logit.h"
#include "aclnnop/aclnn_logit_grad.h"
#include "aclnnop/aclnn_logsigmoid.h"
#include "aclnnop/aclnn_logsigmoid_backward.h"
#include "aclnnop/aclnn_mul.h"
#include "aclnnop/aclnn_sigmoid.h"
#include "aclnnop/aclnn_sigmoid_backward.h"
#include "aclnnop/aclnn_upsample_nearest_exact1d.h"
#include "aclnnop/aclnn_upsample_nearest_exact1d_backward.h"

#include "bench_data.h"
#include "bench_timing.h"

#include <algorithm>
#include <cstdio>
#include <thread>

namespace aclemu::bench {

namespace {

constexpr size_t kAlign = 256;
constexpr double kLogitEps = 1e-6;

size_t align_up(size_t v) {
    return (v + kAlign - 1) / kAlign * kAlign;
}

/// One tensor's storage inside an arena; `random` regions get uniform [lo, hi) data.
struct Region {
    size_t offset;
    size_t elems;
    aclDataType dtype;
    bool random;
    float lo;
    float hi;
};

struct Layout {
    std::vector<Region> regions;
    size_t copy_bytes = 0;
    size_t copy_dst = 0;
    size_t arena = 0;
};

Layout layout_of(const Case& c) {
    Layout lay;
    size_t at = 0;
    auto add = [&](size_t elems, aclDataType dt, bool random, float lo, float hi) {
        lay.regions.push_back({at, elems, dt, random, lo, hi});
        at = align_up(at + std::max<size_t>(elems, 1) * dtype_size(dt));
    };
    const size_t n = static_cast<size_t>(c.numel());
    switch (c.op) {
        case OpKind::LogSigmoidBackward:  // x, dy, dx
            add(n, c.dtype, true, -8.f, 8.f);
            add(n, c.dtype, true, -1.f, 1.f);
            add(n, c.dtype, false, 0, 0);
            break;
        case OpKind::Add:  // self, other, out
        case OpKind::Mul:
            add(n, c.dtype, true, -4.f, 4.f);
            add(n, c.dtype, true, -4.f, 4.f);
            add(n, c.dtype, false, 0, 0);
            break;
        case OpKind::LogitGrad:  // x inside (eps, 1 - eps) so the formula path runs, dy, dx
            add(n, c.dtype, true, 0.01f, 0.99f);
            add(n, c.dtype, true, -1.f, 1.f);
            add(n, c.dtype, false, 0, 0);
            break;
        case OpKind::BatchNormReduceBackward:  // dy, x, mean, invstd, weight, 4 outputs
            add(n, c.dtype, true, -1.f, 1.f);
            add(n, c.dtype, true, -3.f, 3.f);
            add(c.c, ACL_FLOAT, true, -0.5f, 0.5f);
            add(c.c, ACL_FLOAT, true, 0.5f, 2.f);
            add(c.c, ACL_FLOAT, true, 0.5f, 1.5f);
            for (int i = 0; i < 4; ++i)
                add(c.c, ACL_FLOAT, false, 0, 0);
            break;
        case OpKind::UpsampleNearestExact1dBackward:  // gradOutput, out
            add(c.n * c.c * c.l_out, c.dtype, true, -1.f, 1.f);
            add(c.n * c.c * c.l, c.dtype, false, 0, 0);
            break;
        case OpKind::Sigmoid:
        case OpKind::LogSigmoid:  // x, out
            add(n, c.dtype, true, -8.f, 8.f);
            add(n, c.dtype, false, 0, 0);
            break;
        case OpKind::Logit:  // x in (0, 1), out
            add(n, c.dtype, true, 0.01f, 0.99f);
            add(n, c.dtype, false, 0, 0);
            break;
        case OpKind::SigmoidBackward:  // dy, y, dx
            add(n, c.dtype, true, -1.f, 1.f);
            add(n, c.dtype, true, 0.01f, 0.99f);
            add(n, c.dtype, false, 0, 0);
            break;
        case OpKind::UpsampleNearestExact1d:  // self, out
            add(c.n * c.c * c.l, c.dtype, true, -1.f, 1.f);
            add(c.n * c.c * c.l_out, c.dtype, false, 0, 0);
            break;
        case OpKind::BatchNormStats:  // x, mean, invstd
            add(n, c.dtype, true, -3.f, 3.f);
            add(c.c, ACL_FLOAT, false, 0, 0);
            add(c.c, ACL_FLOAT, false, 0, 0);
            break;
        case OpKind::BatchNormElemt:  // x, out, weight, bias, mean, invstd
            add(n, c.dtype, true, -3.f, 3.f);
            add(n, c.dtype, false, 0, 0);
            add(c.c, ACL_FLOAT, true, 0.5f, 1.5f);
            add(c.c, ACL_FLOAT, true, -0.5f, 0.5f);
            add(c.c, ACL_FLOAT, true, -0.5f, 0.5f);
            add(c.c, ACL_FLOAT, true, 0.5f, 2.f);
            break;
        case OpKind::BatchNormElemtBackward:  // dy, x, gradIn, mean, invstd, weight, sumDy,
                                              // sumDyXmu, counter
            add(n, c.dtype, true, -1.f, 1.f);
            add(n, c.dtype, true, -3.f, 3.f);
            add(n, c.dtype, false, 0, 0);
            add(c.c, ACL_FLOAT, true, -0.5f, 0.5f);
            add(c.c, ACL_FLOAT, true, 0.5f, 2.f);
            add(c.c, ACL_FLOAT, true, 0.5f, 1.5f);
            add(c.c, ACL_FLOAT, true, -10.f, 10.f);
            add(c.c, ACL_FLOAT, true, -10.f, 10.f);
            add(2, ACL_FLOAT, true, 1000.f, 2000.f);
            break;
    }
    lay.copy_bytes = static_cast<size_t>(c.min_bytes() / 2);
    lay.copy_dst = align_up(lay.copy_bytes);
    lay.arena = std::max(at, align_up(lay.copy_dst + lay.copy_bytes));
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

aclTensor* make_tensor(void* base,
                       const Region& r,
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
    void* data = static_cast<unsigned char*>(base) + r.offset;
    aclTensor* t = aclCreateTensor(view.data(),
                                   view.size(),
                                   r.dtype,
                                   strides.data(),
                                   0,
                                   ACL_FORMAT_ND,
                                   storage.data(),
                                   storage.size(),
                                   data);
    if (!t)
        std::fprintf(stderr, "aclemu_bench: aclCreateTensor failed\n");
    return t;
}

}  // namespace

const char* op_name(OpKind op) {
    switch (op) {
        case OpKind::LogSigmoidBackward:
            return "LogSigmoidBackward";
        case OpKind::LogitGrad:
            return "LogitGrad";
        case OpKind::BatchNormReduceBackward:
            return "BatchNormReduceBackward";
        case OpKind::UpsampleNearestExact1dBackward:
            return "UpsampleNearestExact1dBwd";
        case OpKind::Add:
            return "Add";
        case OpKind::Mul:
            return "Mul";
        case OpKind::Sigmoid:
            return "Sigmoid";
        case OpKind::LogSigmoid:
            return "LogSigmoid";
        case OpKind::Logit:
            return "Logit";
        case OpKind::SigmoidBackward:
            return "SigmoidBackward";
        case OpKind::UpsampleNearestExact1d:
            return "UpsampleNearestExact1d";
        case OpKind::BatchNormStats:
            return "BatchNormStats";
        case OpKind::BatchNormElemt:
            return "BatchNormElemt";
        case OpKind::BatchNormElemtBackward:
            return "BatchNormElemtBackward";
    }
    return "?";
}

bool is_unary(OpKind op) {
    return op == OpKind::Sigmoid || op == OpKind::LogSigmoid || op == OpKind::Logit;
}

bool is_elementwise(OpKind op) {
    return is_unary(op) || op == OpKind::SigmoidBackward || op == OpKind::LogSigmoidBackward
           || op == OpKind::LogitGrad;
}

bool is_batch_norm(OpKind op) {
    return op == OpKind::BatchNormReduceBackward || op == OpKind::BatchNormStats
           || op == OpKind::BatchNormElemt || op == OpKind::BatchNormElemtBackward;
}

int64_t Case::numel() const {
    if (is_elementwise(op))
        return rows * cols;
    if (is_batch_norm(op))
        return n * c * l;
    switch (op) {
        case OpKind::LogSigmoidBackward:
        case OpKind::LogitGrad:
        case OpKind::Add:
        case OpKind::Mul:
            return rows * cols;
        case OpKind::BatchNormReduceBackward:
            return n * c * l;
        case OpKind::UpsampleNearestExact1dBackward:
        case OpKind::UpsampleNearestExact1d:
            return n * c * std::max(l, l_out);
        default:
            break;
    }
    return 0;
}

double Case::min_bytes() const {
    const double e = static_cast<double>(dtype_size(dtype));
    switch (op) {
        case OpKind::LogSigmoidBackward:
        case OpKind::LogitGrad:
        case OpKind::Add:
        case OpKind::Mul:
            return 3.0 * static_cast<double>(numel()) * e;
        case OpKind::BatchNormReduceBackward:
            return 2.0 * static_cast<double>(numel()) * e;
        case OpKind::UpsampleNearestExact1dBackward:
        case OpKind::UpsampleNearestExact1d:
            return static_cast<double>(n * c * (l_out + l)) * e;
        case OpKind::Sigmoid:
        case OpKind::LogSigmoid:
        case OpKind::Logit:
        case OpKind::BatchNormElemt:
            return 2.0 * static_cast<double>(numel()) * e;
        case OpKind::SigmoidBackward:
        case OpKind::BatchNormElemtBackward:
            return 3.0 * static_cast<double>(numel()) * e;
        case OpKind::BatchNormStats:
            return static_cast<double>(numel()) * e;
    }
    return 0;
}

std::string Case::shape() const {
    if (is_elementwise(op)) {
        if (transposed)
            return std::to_string(cols) + "x" + std::to_string(rows) + "^T";
        if (rows == 1)
            return std::to_string(cols);
        return std::to_string(rows) + "x" + std::to_string(cols);
    }
    if (is_batch_norm(op))
        return std::to_string(n) + "x" + std::to_string(c) + "x" + std::to_string(l);
    switch (op) {
        case OpKind::LogSigmoidBackward:
        case OpKind::LogitGrad:
        case OpKind::Add:
        case OpKind::Mul:
            if (transposed)
                return std::to_string(cols) + "x" + std::to_string(rows) + "^T";
            if (rows == 1)
                return std::to_string(cols);
            return std::to_string(rows) + "x" + std::to_string(cols);
        case OpKind::BatchNormReduceBackward:
            return std::to_string(n) + "x" + std::to_string(c) + "x" + std::to_string(l);
        case OpKind::UpsampleNearestExact1dBackward:
            return std::to_string(n) + "x" + std::to_string(c) + "x" + std::to_string(l_out) + ">"
                   + std::to_string(l);
        case OpKind::UpsampleNearestExact1d:
            return std::to_string(n) + "x" + std::to_string(c) + "x" + std::to_string(l) + ">"
                   + std::to_string(l_out);
        default:
            break;
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
        && !BENCH_OK(
            aclrtMalloc(&inst->workspace_, inst->workspace_size_, ACL_MEM_MALLOC_HUGE_FIRST)))
        return nullptr;
    return inst;
}

CaseInstance::~CaseInstance() {
    for (Set& s : sets_) {
        if (s.executor)
            aclDestroyAclOpExecutor(s.executor);
        for (aclTensor* t : s.tensors)
            aclDestroyTensor(t);
        aclDestroyIntArray(s.output_size);
        aclDestroyIntArray(s.input_size);
        if (s.alpha)
            aclDestroyScalar(s.alpha);
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
        if (!reg.random)
            continue;
        const uint64_t region_seed = seed * 1000003ull + static_cast<uint64_t>(index) * 131ull + r;
        if (!fill_region(s->arena, reg, region_seed))
            return false;
    }

    const Case& c = case_;
    const std::vector<Region>& R = lay.regions;
    auto add = [&](aclTensor* t) {
        if (t)
            s->tensors.push_back(t);
        return t != nullptr;
    };
    switch (c.op) {
        case OpKind::Sigmoid:
        case OpKind::LogSigmoid:
        case OpKind::Logit:
        case OpKind::SigmoidBackward:
        case OpKind::LogSigmoidBackward:
        case OpKind::LogitGrad:
        case OpKind::Add:
        case OpKind::Mul: {
            std::vector<int64_t> in_view, in_strides, in_storage, out_view;
            if (c.transposed) {
                in_view = {c.cols, c.rows};
                in_strides = {1, c.cols};
                in_storage = {c.rows, c.cols};
                out_view = {c.cols, c.rows};
            } else if (c.rows == 1) {
                in_view = out_view = {c.cols};
            } else {
                in_view = out_view = {c.rows, c.cols};
            }
            if (is_unary(c.op)) {  // x, out
                if (!add(make_tensor(s->arena, R[0], in_view, in_strides, in_storage)))
                    return false;
                if (!add(make_tensor(s->arena, R[1], out_view, {}, {})))
                    return false;
                break;
            }
            // x, dy, dx (+ LogSigmoidBackward's buffer: a second view of x, only null-checked)
            if (!add(make_tensor(s->arena, R[0], in_view, in_strides, in_storage)))
                return false;
            if (!add(make_tensor(s->arena, R[1], in_view, in_strides, in_storage)))
                return false;
            if (!add(make_tensor(s->arena, R[2], out_view, {}, {})))
                return false;
            if (c.op == OpKind::LogSigmoidBackward
                && !add(make_tensor(s->arena, R[0], in_view, in_strides, in_storage)))
                return false;
            if (c.op == OpKind::Add) {
                float alpha = 1.5f;
                s->alpha = aclCreateScalar(&alpha, ACL_FLOAT);
                if (!s->alpha)
                    return false;
            }
            break;
        }
        case OpKind::BatchNormStats:
        case OpKind::BatchNormElemt:
        case OpKind::BatchNormElemtBackward: {
            const std::vector<int64_t> big = {c.n, c.c, c.l};
            const int bigs =
                c.op == OpKind::BatchNormStats ? 1 : (c.op == OpKind::BatchNormElemt ? 2 : 3);
            for (size_t i = 0; i < R.size(); ++i) {
                std::vector<int64_t> view =
                    static_cast<int>(i) < bigs ? big : std::vector<int64_t>{c.c};
                if (c.op == OpKind::BatchNormElemtBackward && i + 1 == R.size())
                    view = {2};  // the counter: two devices
                if (!add(make_tensor(s->arena, R[i], view, {}, {})))
                    return false;
            }
            break;
        }
        case OpKind::UpsampleNearestExact1d: {
            if (!add(make_tensor(s->arena, R[0], {c.n, c.c, c.l}, {}, {})))
                return false;
            if (!add(make_tensor(s->arena, R[1], {c.n, c.c, c.l_out}, {}, {})))
                return false;
            const int64_t out_size[] = {c.l_out};
            s->output_size = aclCreateIntArray(out_size, 1);
            if (!s->output_size)
                return false;
            break;
        }
        case OpKind::BatchNormReduceBackward: {
            const std::vector<int64_t> big = {c.n, c.c, c.l};
            for (int i = 0; i < 2; ++i)
                if (!add(make_tensor(s->arena, R[i], big, {}, {})))
                    return false;
            for (size_t i = 2; i < R.size(); ++i)
                if (!add(make_tensor(s->arena, R[i], {c.c}, {}, {})))
                    return false;
            break;
        }
        case OpKind::UpsampleNearestExact1dBackward: {
            if (!add(make_tensor(s->arena, R[0], {c.n, c.c, c.l_out}, {}, {})))
                return false;
            if (!add(make_tensor(s->arena, R[1], {c.n, c.c, c.l}, {}, {})))
                return false;
            const int64_t out_size[] = {c.l_out};
            const int64_t in_size[] = {c.n, c.c, c.l};
            s->output_size = aclCreateIntArray(out_size, 1);
            s->input_size = aclCreateIntArray(in_size, 3);
            if (!s->output_size || !s->input_size)
                return false;
            break;
        }
    }

    uint64_t ws = 0;
    if (!run_phase1(*s, &ws, &s->executor))
        return false;
    if (!BENCH_OK(aclSetAclOpExecutorRepeatable(s->executor)))
        return false;
    workspace_size_ = std::max(workspace_size_, ws);
    return true;
}

bool CaseInstance::run_phase1(const Set& s, uint64_t* ws, aclOpExecutor** ex) {
    const auto& t = s.tensors;
    switch (case_.op) {
        case OpKind::LogSigmoidBackward:
            return BENCH_OK(
                aclnnLogSigmoidBackwardGetWorkspaceSize(t[1], t[0], t[3], t[2], ws, ex));
        case OpKind::LogitGrad:
            return BENCH_OK(aclnnLogitGradGetWorkspaceSize(t[0], t[1], kLogitEps, t[2], ws, ex));
        case OpKind::BatchNormReduceBackward:
            return BENCH_OK(aclnnBatchNormReduceBackwardGetWorkspaceSize(
                t[0], t[1], t[2], t[3], t[4], true, true, true, t[5], t[6], t[7], t[8], ws, ex));
        case OpKind::UpsampleNearestExact1dBackward:
            return BENCH_OK(aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize(
                t[0], s.output_size, s.input_size, case_.scales, t[1], ws, ex));
        case OpKind::Add:
            return BENCH_OK(aclnnAddGetWorkspaceSize(t[0], t[1], s.alpha, t[2], ws, ex));
        case OpKind::Mul:
            return BENCH_OK(aclnnMulGetWorkspaceSize(t[0], t[1], t[2], ws, ex));
        case OpKind::Sigmoid:
            return BENCH_OK(aclnnSigmoidGetWorkspaceSize(t[0], t[1], ws, ex));
        case OpKind::LogSigmoid:
            return BENCH_OK(aclnnLogSigmoidGetWorkspaceSize(t[0], t[1], ws, ex));
        case OpKind::Logit:
            return BENCH_OK(aclnnLogitGetWorkspaceSize(t[0], kLogitEps, t[1], ws, ex));
        case OpKind::SigmoidBackward:
            return BENCH_OK(aclnnSigmoidBackwardGetWorkspaceSize(t[0], t[1], t[2], ws, ex));
        case OpKind::UpsampleNearestExact1d:
            return BENCH_OK(aclnnUpsampleNearestExact1dGetWorkspaceSize(
                t[0], s.output_size, case_.scales, t[1], ws, ex));
        case OpKind::BatchNormStats:
            return BENCH_OK(aclnnBatchNormStatsGetWorkspaceSize(t[0], 1e-5, t[1], t[2], ws, ex));
        case OpKind::BatchNormElemt:
            return BENCH_OK(aclnnBatchNormElemtGetWorkspaceSize(
                t[0], t[2], t[3], t[4], t[5], 1e-5, t[1], ws, ex));
        case OpKind::BatchNormElemtBackward:
            return BENCH_OK(aclnnBatchNormElemtBackwardGetWorkspaceSize(
                t[0], t[1], t[3], t[4], t[5], t[6], t[7], t[8], t[2], ws, ex));
    }
    return false;
}

bool CaseInstance::phase1(uint64_t* workspace_size, aclOpExecutor** executor) {
    return run_phase1(sets_[0], workspace_size, executor);
}

bool CaseInstance::phase2(aclOpExecutor* executor, aclrtStream stream) {
    aclOpExecutor* ex = executor ? executor : sets_[0].executor;
    switch (case_.op) {
        case OpKind::LogSigmoidBackward:
            return BENCH_OK(aclnnLogSigmoidBackward(workspace_, workspace_size_, ex, stream));
        case OpKind::LogitGrad:
            return BENCH_OK(aclnnLogitGrad(workspace_, workspace_size_, ex, stream));
        case OpKind::BatchNormReduceBackward:
            return BENCH_OK(aclnnBatchNormReduceBackward(workspace_, workspace_size_, ex, stream));
        case OpKind::UpsampleNearestExact1dBackward:
            return BENCH_OK(
                aclnnUpsampleNearestExact1dBackward(workspace_, workspace_size_, ex, stream));
        case OpKind::Add:
            return BENCH_OK(aclnnAdd(workspace_, workspace_size_, ex, stream));
        case OpKind::Mul:
            return BENCH_OK(aclnnMul(workspace_, workspace_size_, ex, stream));
        case OpKind::Sigmoid:
            return BENCH_OK(aclnnSigmoid(workspace_, workspace_size_, ex, stream));
        case OpKind::LogSigmoid:
            return BENCH_OK(aclnnLogSigmoid(workspace_, workspace_size_, ex, stream));
        case OpKind::Logit:
            return BENCH_OK(aclnnLogit(workspace_, workspace_size_, ex, stream));
        case OpKind::SigmoidBackward:
            return BENCH_OK(aclnnSigmoidBackward(workspace_, workspace_size_, ex, stream));
        case OpKind::UpsampleNearestExact1d:
            return BENCH_OK(aclnnUpsampleNearestExact1d(workspace_, workspace_size_, ex, stream));
        case OpKind::BatchNormStats:
            return BENCH_OK(aclnnBatchNormStats(workspace_, workspace_size_, ex, stream));
        case OpKind::BatchNormElemt:
            return BENCH_OK(aclnnBatchNormElemt(workspace_, workspace_size_, ex, stream));
        case OpKind::BatchNormElemtBackward:
            return BENCH_OK(aclnnBatchNormElemtBackward(workspace_, workspace_size_, ex, stream));
    }
    return false;
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
