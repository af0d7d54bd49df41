// The benchmarked operators, from the operator list: every kernel family of
// kernels_cu/operators.def has a recipe file bench/ops/<family>.cpp (see bench_op.h).
#include "bench_op.h"

namespace aclemu::bench {

#define ACLEMU_BENCH_DECLARE(name, Args)    void add_##name##_bench_ops(BenchOps* ops);
#define ACLEMU_ELEMENTWISE_OP(name, Args)   ACLEMU_BENCH_DECLARE(name, Args)
#define ACLEMU_WORKSPACE_OP(name, Args)     ACLEMU_BENCH_DECLARE(name, Args)
#define ACLEMU_GPU_WORKSPACE_OP(name, Args) ACLEMU_BENCH_DECLARE(name, Args)
#define ACLEMU_KERNEL_OP(name, Args)        ACLEMU_BENCH_DECLARE(name, Args)
#include "../kernels_cu/operators.def"
#undef ACLEMU_BENCH_DECLARE

namespace {

BenchOps collect() {
    BenchOps ops;
    auto add_family = [&ops](const char* family, void (*add)(BenchOps*)) {
        const size_t first = ops.size();
        add(&ops);
        for (size_t i = first; i < ops.size(); ++i)
            ops[i].family = family;
    };
#define ACLEMU_BENCH_ADD(name, Args)        add_family(#name, add_##name##_bench_ops);
#define ACLEMU_ELEMENTWISE_OP(name, Args)   ACLEMU_BENCH_ADD(name, Args)
#define ACLEMU_WORKSPACE_OP(name, Args)     ACLEMU_BENCH_ADD(name, Args)
#define ACLEMU_GPU_WORKSPACE_OP(name, Args) ACLEMU_BENCH_ADD(name, Args)
#define ACLEMU_KERNEL_OP(name, Args)        ACLEMU_BENCH_ADD(name, Args)
#include "../kernels_cu/operators.def"
#undef ACLEMU_BENCH_ADD
    return ops;
}

}  // namespace

const BenchOps& bench_ops() {
    static const BenchOps ops = collect();
    return ops;
}

const BenchOp* find_bench_op(const std::string& key) {
    for (const BenchOp& op : bench_ops())
        if (op.key == key)
            return &op;
    return nullptr;
}

}  // namespace aclemu::bench
