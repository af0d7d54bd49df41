#include "tasks/builtin_task_names.h"

#include "core/enum_names.h"

namespace aclemu::rt {

using kernels::builtin::ElemType;
using kernels::builtin::RandomFunc;
using kernels::builtin::ReduceOp;
using kernels::builtin::WaitMode;

constexpr EnumName<ElemType> kElemTypeNames[] = {{ElemType::Float32, "fp32"},
                                                 {ElemType::Float16, "fp16"},
                                                 {ElemType::BFloat16, "bf16"},
                                                 {ElemType::Int8, "int8"},
                                                 {ElemType::Int16, "int16"},
                                                 {ElemType::Int32, "int32"},
                                                 {ElemType::UInt32, "uint32"},
                                                 {ElemType::Int64, "int64"},
                                                 {ElemType::UInt64, "uint64"}};

const char* elem_type_name(ElemType type) {
    return name_in(kElemTypeNames, type, "?");
}

constexpr EnumName<ReduceOp> kReduceOpNames[] = {
    {ReduceOp::Sum, "SUM"}, {ReduceOp::Max, "MAX"}, {ReduceOp::Min, "MIN"}};

const char* reduce_op_name(ReduceOp op) {
    return name_in(kReduceOpNames, op, "?");
}

constexpr EnumName<WaitMode> kWaitModeNames[] = {
    {WaitMode::Geq, "GEQ"}, {WaitMode::Eq, "EQ"}, {WaitMode::And, "AND"}, {WaitMode::Nor, "NOR"}};

const char* wait_mode_name(WaitMode mode) {
    return name_in(kWaitModeNames, mode, "?");
}

constexpr EnumName<RandomFunc> kRandomFuncNames[] = {
    {RandomFunc::DropoutBitmask, "dropout bitmask"},
    {RandomFunc::Uniform, "uniform"},
    {RandomFunc::Normal, "normal"},
    {RandomFunc::TruncatedNormal, "truncated normal"}};

std::string builtin_task_name(const kernels::builtin::ReduceArgs& args) {
    return std::string("aclrtReduceAsync ") + reduce_op_name(args.op) + " "
           + elem_type_name(args.type);
}

std::string builtin_task_name(const kernels::builtin::RandomArgs& args) {
    return std::string("aclrtRandomNumAsync ") + name_in(kRandomFuncNames, args.func, "?") + " "
           + elem_type_name(args.type);
}

}  // namespace aclemu::rt
