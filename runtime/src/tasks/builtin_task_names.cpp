#include "tasks/builtin_task_names.h"

namespace aclemu::rt {

using kernels::builtin::ElemType;
using kernels::builtin::RandomFunc;
using kernels::builtin::ReduceOp;
using kernels::builtin::WaitMode;

const char* elem_type_name(ElemType type) {
    switch (type) {
        case ElemType::Float32:
            return "fp32";
        case ElemType::Float16:
            return "fp16";
        case ElemType::BFloat16:
            return "bf16";
        case ElemType::Int8:
            return "int8";
        case ElemType::Int16:
            return "int16";
        case ElemType::Int32:
            return "int32";
        case ElemType::UInt32:
            return "uint32";
        case ElemType::Int64:
            return "int64";
        case ElemType::UInt64:
            return "uint64";
    }
    return "?";
}

const char* reduce_op_name(ReduceOp op) {
    switch (op) {
        case ReduceOp::Sum:
            return "SUM";
        case ReduceOp::Max:
            return "MAX";
        case ReduceOp::Min:
            return "MIN";
    }
    return "?";
}

const char* wait_mode_name(WaitMode mode) {
    switch (mode) {
        case WaitMode::Geq:
            return "GEQ";
        case WaitMode::Eq:
            return "EQ";
        case WaitMode::And:
            return "AND";
        case WaitMode::Nor:
            return "NOR";
    }
    return "?";
}

std::string reduce_task_name(const kernels::builtin::ReduceArgs& args) {
    return std::string("aclrtReduceAsync ") + reduce_op_name(args.op) + " "
           + elem_type_name(args.type);
}

std::string random_task_name(const kernels::builtin::RandomArgs& args) {
    const char* func = "?";
    switch (args.func) {
        case RandomFunc::DropoutBitmask:
            func = "dropout bitmask";
            break;
        case RandomFunc::Uniform:
            func = "uniform";
            break;
        case RandomFunc::Normal:
            func = "normal";
            break;
        case RandomFunc::TruncatedNormal:
            func = "truncated normal";
            break;
    }
    return std::string("aclrtRandomNumAsync ") + func + " " + elem_type_name(args.type);
}

}  // namespace aclemu::rt
