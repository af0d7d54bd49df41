#include "tasks/random_task.h"

#include "aclemu/c_enum.h"
#include "aclemu/checked_math.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "kernels_cu/math/dtype.h"
#include "memory/memory_access.h"
#include "runtime_state.h"

#include <cmath>
#include <cstring>
#include <string>

namespace aclemu::rt {
namespace {

using kernels::builtin::ElemType;
using kernels::builtin::RandomFunc;
using kernels::builtin::RandomParam;

// `type` is the integer the caller's struct holds (aclemu/c_enum.h).
bool random_type(int64_t type, ElemType* out) {
    switch (type) {
        case ACL_FLOAT:
        case ACL_FLOAT16:
        case ACL_BF16:
        case ACL_INT32:
        case ACL_UINT32:
        case ACL_INT64:
        case ACL_UINT64:
            *out = static_cast<ElemType>(type);
            return true;
        default:
            return false;
    }
}

aclError invalid(const std::string& field, const std::string& value, const std::string& reason) {
    return reject_arg(ACL_ERROR_INVALID_PARAM, field.c_str(), value, reason);
}

bool device_range(const void* ptr, uint64_t bytes) {
    return locate(ptr, static_cast<size_t>(bytes)) == MemoryLocation::Device;
}

// The bytes of the allocation from `ptr` on (SIZE_MAX when the table does not know the memory:
// a GPU driver's own allocation).
uint64_t bytes_from(const void* ptr) {
    const std::optional<Allocation> block = runtime().allocations().find(ptr);
    return block ? block->remaining(reinterpret_cast<uintptr_t>(ptr)) : UINT64_MAX;
}

// One aclrtRandomParaInfo of `width` bytes; a value's `size` must be `width` unless
// `any_size_up_to_width` (the seed and the count take 1..8 bytes).
aclError parse_param(const aclrtRandomParaInfo& info,
                     const std::string& field,
                     int width,
                     bool any_size_up_to_width,
                     RandomParam* out) {
    if (info.isAddr > 1) {
        return invalid(field + ".isAddr",
                       std::to_string(info.isAddr),
                       "must be 0 (a value) or 1 (a device address)");
    }
    if (info.isAddr == 1) {
        const void* addr = nullptr;
        std::memcpy(&addr, info.valueOrAddr, sizeof addr);
        if (addr == nullptr || !device_range(addr, static_cast<uint64_t>(width))) {
            return invalid(field + ".valueOrAddr",
                           pointer_text(addr),
                           "isAddr is 1, so it must address " + std::to_string(width)
                               + " bytes of device memory");
        }
        const std::string name = field + ".valueOrAddr";
        ACLEMU_TRY(check_access(ACL_ERROR_INVALID_PARAM, name.c_str(), addr, kRead));
        out->addr = addr;
        out->bytes = width;
        return ACL_SUCCESS;
    }
    const bool size_ok =
        any_size_up_to_width ? info.size >= 1 && info.size <= width : info.size == width;
    if (!size_ok) {
        return invalid(field + ".size",
                       std::to_string(info.size),
                       any_size_up_to_width ? "must be 1 to " + std::to_string(width) + " bytes"
                                            : "must be " + std::to_string(width)
                                                  + " (the size of the task's dataType)");
    }
    uint64_t bits = 0;
    std::memcpy(&bits, info.valueOrAddr, info.size);  // little-endian host
    out->value = bits;
    out->bytes = info.size;
    return ACL_SUCCESS;
}

float param_as_float(uint64_t bits, ElemType type) {
    switch (type) {
        case ElemType::Float16:
            return kernels::half_bits_to_float(static_cast<uint16_t>(bits));
        case ElemType::BFloat16:
            return kernels::bf16_bits_to_float(static_cast<uint16_t>(bits));
        default:
            break;
    }
    return kernels::bits_float(static_cast<uint32_t>(bits));
}

int64_t signed_param(uint64_t bits, ElemType type) {
    return type == ElemType::Int32 ? static_cast<int64_t>(static_cast<int32_t>(bits))
                                   : static_cast<int64_t>(bits);
}

// Checks the values that are known now.
aclError check_values(RandomFunc func, ElemType type, const RandomParam& a, const RandomParam& b) {
    const bool known = a.addr == nullptr && b.addr == nullptr;
    if (func == RandomFunc::DropoutBitmask && a.addr == nullptr) {
        const float ratio = param_as_float(a.value, type);
        if (!(ratio >= 0.0f && ratio <= 1.0f)) {
            return invalid(
                "taskInfo->randomNumFuncParaInfo.paramInfo.dropoutBitmaskInfo."
                "dropoutRation",
                std::to_string(ratio),
                "the dropout ratio must be in [0, 1]");
        }
    }
    if (func == RandomFunc::Uniform && known && !kernels::builtin::is_floating(type)) {
        const bool is_signed = type == ElemType::Int32 || type == ElemType::Int64;
        const bool ordered = is_signed ? signed_param(a.value, type) < signed_param(b.value, type)
                                       : a.value < b.value;
        if (!ordered) {
            return invalid("taskInfo->randomNumFuncParaInfo.paramInfo.uniformDisInfo.max",
                           std::to_string(is_signed ? signed_param(b.value, type)
                                                    : static_cast<int64_t>(b.value)),
                           "an integer uniform range [min, max) needs max > min");
        }
    }
    return ACL_SUCCESS;
}

}  // namespace

aclError parse_random_task(const aclrtRandomNumTaskInfo& info,
                           kernels::builtin::RandomArgs* args,
                           bool* empty) {
    // The caller's struct may hold any int in its enum fields: each is read as an integer.
    const int64_t func_value = aclemu::enum_value(info.randomNumFuncParaInfo.funcType);
    const int64_t type_value = aclemu::enum_value(info.dataType);
    if (func_value < 0 || func_value > ACL_RT_RANDOM_NUM_FUNC_TYPE_TRUNCATED_NORMAL_DIS) {
        return invalid("taskInfo->randomNumFuncParaInfo.funcType",
                       std::to_string(func_value),
                       "must be an aclrtRandomNumFuncType (0..3)");
    }
    const auto func = static_cast<RandomFunc>(func_value);
    ElemType type;
    if (!random_type(type_value, &type)) {
        return invalid("taskInfo->dataType",
                       std::to_string(type_value),
                       "random numbers are ACL_INT32, ACL_INT64, ACL_UINT32, ACL_UINT64, "
                       "ACL_BF16, ACL_FLOAT16 or ACL_FLOAT");
    }
    if (func != RandomFunc::Uniform && !kernels::builtin::is_floating(type)) {
        return invalid("taskInfo->dataType",
                       std::to_string(type_value),
                       func == RandomFunc::DropoutBitmask
                           ? "the dropout ratio is ACL_FLOAT, ACL_FLOAT16 or ACL_BF16"
                           : "normal distributions are ACL_FLOAT, ACL_FLOAT16 or ACL_BF16");
    }
    if (info.randomCounterAddr == nullptr || !device_range(info.randomCounterAddr, 16)) {
        return invalid("taskInfo->randomCounterAddr",
                       pointer_text(info.randomCounterAddr),
                       "must address the 16-byte Philox counter in device memory");
    }
    ACLEMU_TRY(check_access(
        ACL_ERROR_INVALID_PARAM, "taskInfo->randomCounterAddr", info.randomCounterAddr, kRead));
    if (info.randomResultAddr == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null("taskInfo->randomResultAddr"));
    }

    kernels::builtin::RandomArgs parsed;
    parsed.func = func;
    parsed.type = type;
    parsed.out = info.randomResultAddr;
    parsed.counter = info.randomCounterAddr;
    ACLEMU_TRY(parse_param(info.randomSeed, "taskInfo->randomSeed", 8, true, &parsed.seed));
    ACLEMU_TRY(parse_param(info.randomNum, "taskInfo->randomNum", 8, true, &parsed.count));
    const int width = kernels::builtin::elem_size(type);
    const auto& params = info.randomNumFuncParaInfo.paramInfo;
    const std::string prefix = "taskInfo->randomNumFuncParaInfo.paramInfo.";
    // The distribution's parameters, read as numbers of `type`.
    auto parse = [&](const aclrtRandomParaInfo& value, const char* name, RandomParam* out) {
        return parse_param(value, prefix + name, width, false, out);
    };
    switch (func) {
        case RandomFunc::DropoutBitmask:
            ACLEMU_TRY(parse(params.dropoutBitmaskInfo.dropoutRation,
                             "dropoutBitmaskInfo.dropoutRation",
                             &parsed.a));
            break;
        case RandomFunc::Uniform:
            ACLEMU_TRY(parse(params.uniformDisInfo.min, "uniformDisInfo.min", &parsed.a));
            ACLEMU_TRY(parse(params.uniformDisInfo.max, "uniformDisInfo.max", &parsed.b));
            break;
        case RandomFunc::Normal:
        case RandomFunc::TruncatedNormal:
            ACLEMU_TRY(parse(params.normalDisInfo.mean, "normalDisInfo.mean", &parsed.a));
            ACLEMU_TRY(parse(params.normalDisInfo.stddev, "normalDisInfo.stddev", &parsed.b));
            break;
    }
    ACLEMU_TRY(check_values(func, type, parsed.a, parsed.b));

    // The output must be device memory: all of it when the count is known now.
    *empty = parsed.count.addr == nullptr && parsed.count.value == 0;
    if (*empty) {
        *args = parsed;
        return ACL_SUCCESS;
    }
    // A dropout mask takes a bit per number, the others `width` bytes. A count known only when
    // the task runs needs room for one, and is clamped to what the buffer holds (max_count).
    const bool bits = func == RandomFunc::DropoutBitmask;
    uint64_t out_bytes = bits ? 1 : static_cast<uint64_t>(width);
    if (parsed.count.addr == nullptr) {
        const uint64_t n = parsed.count.value;
        if (bits) {
            out_bytes = n / 8 + (n % 8 != 0 ? 1 : 0);  // (n + 7) / 8 without the wrap near 2^64
        } else if (!aclemu::checked_mul(n, width, &out_bytes)) {
            return invalid("taskInfo->randomNum",
                           std::to_string(n),
                           "is too large: its results would not fit an address space");
        }
    }
    if (!device_range(info.randomResultAddr, out_bytes)) {
        return invalid("taskInfo->randomResultAddr",
                       pointer_text(info.randomResultAddr),
                       "must be device memory (aclrtMalloc) holding " + std::to_string(out_bytes)
                           + " bytes of results");
    }
    ACLEMU_TRY(check_access(
        ACL_ERROR_INVALID_PARAM, "taskInfo->randomResultAddr", info.randomResultAddr, kWrite));
    if (parsed.count.addr != nullptr) {
        const uint64_t room = bytes_from(info.randomResultAddr);
        parsed.max_count =
            bits ? aclemu::saturating_mul<uint64_t>(room, 8) : room / static_cast<uint64_t>(width);
    }
    *args = parsed;
    return ACL_SUCCESS;
}

}  // namespace aclemu::rt
