// Bench recipes of the binary_arith family, same shape and dtype: aclnnAdd (out = self + 1.5 *
// other), aclnnAdds (scalar other 0.75), aclnnInplaceAdd, aclnnMul, aclnnMuls (scalar 0.75) and
// aclnnInplaceMul. The in-place forms write selfRef (the first input) at every repetition; the
// unused output region keeps the default layout. InplaceMul's other stays within 1e-3 of 1 so
// that the repeated products keep selfRef's magnitude.
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_mul.h"

#include "../bench_cases.h"

namespace aclemu::bench {
namespace {

constexpr float kAlpha = 1.5f;
constexpr float kScalarOther = 0.75f;

}  // namespace

void add_binary_arith_bench_ops(BenchOps* ops) {
    BenchOp add = elementwise_op("Add", "add", {{-4.f, 4.f}, {-4.f, 4.f}});
    add.make_args = [](const Case& c, ArgsBuilder* b) {
        return elementwise_args(c, b) && b->float_scalar(kAlpha);
    };
    add.phase1 = [](const Case&, const BenchArgs& a, uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAddGetWorkspaceSize(a.t[0], a.t[1], a.scalars[0], a.t[2], ws, ex);
    };
    add.phase2 = aclnnAdd;
    ops->push_back(add);

    BenchOp adds = elementwise_op("Adds", "adds", {{-4.f, 4.f}});
    adds.make_args = [](const Case& c, ArgsBuilder* b) {
        return elementwise_args(c, b) && b->float_scalar(kScalarOther) && b->float_scalar(kAlpha);
    };
    adds.phase1 = [](const Case&, const BenchArgs& a, uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAddsGetWorkspaceSize(a.t[0], a.scalars[0], a.scalars[1], a.t[1], ws, ex);
    };
    adds.phase2 = aclnnAdds;
    ops->push_back(adds);

    BenchOp inplace_add = elementwise_op("InplaceAdd", "inplace_add", {{-4.f, 4.f}, {-4.f, 4.f}});
    inplace_add.make_args = add.make_args;
    inplace_add.phase1 = [](const Case&, const BenchArgs& a, uint64_t* ws, aclOpExecutor** ex) {
        return aclnnInplaceAddGetWorkspaceSize(a.t[0], a.t[1], a.scalars[0], ws, ex);
    };
    inplace_add.phase2 = aclnnInplaceAdd;
    ops->push_back(inplace_add);

    BenchOp mul = elementwise_op("Mul", "mul", {{-4.f, 4.f}, {-4.f, 4.f}});
    mul.phase1 = [](const Case&, const BenchArgs& a, uint64_t* ws, aclOpExecutor** ex) {
        return aclnnMulGetWorkspaceSize(a.t[0], a.t[1], a.t[2], ws, ex);
    };
    mul.phase2 = aclnnMul;
    ops->push_back(mul);

    BenchOp muls = elementwise_op("Muls", "muls", {{-4.f, 4.f}});
    muls.make_args = [](const Case& c, ArgsBuilder* b) {
        return elementwise_args(c, b) && b->float_scalar(kScalarOther);
    };
    muls.phase1 = [](const Case&, const BenchArgs& a, uint64_t* ws, aclOpExecutor** ex) {
        return aclnnMulsGetWorkspaceSize(a.t[0], a.scalars[0], a.t[1], ws, ex);
    };
    muls.phase2 = aclnnMuls;
    ops->push_back(muls);

    BenchOp inplace_mul =
        elementwise_op("InplaceMul", "inplace_mul", {{-4.f, 4.f}, {0.999f, 1.001f}});
    inplace_mul.phase1 = [](const Case&, const BenchArgs& a, uint64_t* ws, aclOpExecutor** ex) {
        return aclnnInplaceMulGetWorkspaceSize(a.t[0], a.t[1], ws, ex);
    };
    inplace_mul.phase2 = aclnnInplaceMul;
    ops->push_back(inplace_mul);
}

}  // namespace aclemu::bench
