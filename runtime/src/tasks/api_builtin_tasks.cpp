// Entry points: the built-in tasks. aclrtReduceAsync (CANN's SDMA reduction: dst = op(dst, src)
// element by element) and aclrtRandomNumAsync (Philox4x32-10 uniform, normal, truncated normal
// and dropout-bitmask numbers) run libascendcl's own kernels on the stream (kernels_cu/builtin
// on a GPU, kernels_cpu/builtin on the CPU backend; docs/backends.md, "Built-in tasks"). While
// the stream's overflow switch is on, a floating-point overflow sets the device's overflow
// status (overflow_state.h).
#include "acl/acl.h"

#include "aclemu/c_enum.h"
#include "aclemu/checked_math.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "memory/memory_access.h"
#include "observe/traced_task.h"
#include "runtime_state.h"
#include "tasks/builtin_task_names.h"
#include "tasks/overflow_state.h"
#include "tasks/random_task.h"

#include <optional>
#include <string>
#include <utility>

using namespace aclemu::rt;
namespace kernels = aclemu::kernels;

namespace {

using kernels::builtin::ElemType;

// The element types aclrtReduceAsync takes (CANN's Atlas A2/A3 list, and UINT32 of Ascend 950).
// `type` is the integer the caller passed.
std::optional<ElemType> reduce_type(int64_t type) {
    switch (type) {
        case ACL_INT8:
        case ACL_INT16:
        case ACL_INT32:
        case ACL_UINT32:
        case ACL_FLOAT16:
        case ACL_FLOAT:
        case ACL_BF16:
            return static_cast<ElemType>(type);
        default:
            return std::nullopt;
    }
}

// `count` bytes at `ptr` inside one device allocation of logical device `device` that allows
// what the reduction does to it (`needed`).
aclError check_operand(
    const char* name, const void* ptr, uint64_t count, int32_t device, uint8_t needed) {
    ACLEMU_TRY(check_device_range(name, ptr, count));
    if (auto block = runtime().allocations().find(ptr); block && block->device != device) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          name,
                          ptr,
                          "it is memory of device " + std::to_string(block->device)
                              + ", the stream's device is " + std::to_string(device));
    }
    return check_access(ACL_ERROR_INVALID_PARAM, name, ptr, needed);
}

// [a, a + count) and [b, b + count) share a byte but do not start together.
bool overlap_partially(uintptr_t a, uintptr_t b, uint64_t count) {
    uintptr_t a_end = 0;
    uintptr_t b_end = 0;
    if (!aclemu::checked_add(a, count, &a_end) || !aclemu::checked_add(b, count, &b_end)) {
        return a != b;  // cannot happen for ranges inside allocations; refuse rather than wrap
    }
    return a != b && a < b_end && b < a_end;
}

// Queues built-in kernel task `args` on `target`, named after its arguments. A task whose result
// may overflow (`may_overflow`: floating-point results) sets the device's overflow status while
// the stream's overflow switch is on.
template <class Args, class Describe, class Enqueue>
aclError enqueue_builtin(const std::shared_ptr<Stream>& target,
                         Backend& backend,
                         Args& args,
                         bool may_overflow,
                         const char* what,
                         Describe&& describe,
                         Enqueue&& enqueue) {
    if (may_overflow) {
        args.overflow_flag = OverflowState::instance().flag_for(*target);
    }
    return enqueue_task(
        target,
        backend,
        TaskKind::Kernel,
        [&] { return builtin_task_name(args); },
        what,
        std::forward<Describe>(describe),
        std::forward<Enqueue>(enqueue));
}

aclError reduce_async(void* dst,
                      const void* src,
                      uint64_t count,
                      int64_t kind,
                      int64_t type,
                      aclrtStream stream,
                      void* reserve) {
    ACLEMU_CHECK_NOT_NULL(dst);
    ACLEMU_CHECK_NOT_NULL(src);
    ACLEMU_TRY(check_reserved_null("reserve", reserve));
    switch (kind) {
        case ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM:
        case ACL_RT_MEMCPY_SDMA_AUTOMATIC_MAX:
        case ACL_RT_MEMCPY_SDMA_AUTOMATIC_MIN:
            break;
        case ACL_RT_MEMCPY_SDMA_AUTOMATIC_EQUAL:
            return fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        msg_unsupported("aclrtReduceAsync",
                                        "ACL_RT_MEMCPY_SDMA_AUTOMATIC_EQUAL: CANN documents no "
                                        "result for it (its own runtime refuses it too)"));
        default:
            return reject_arg(ACL_ERROR_INVALID_PARAM,
                              "kind",
                              kind,
                              "must be ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, _MAX or _MIN");
    }
    const std::optional<ElemType> elem = reduce_type(type);
    ACLEMU_TRY(reject_if(!elem,
                         "type",
                         type,
                         "aclrtReduceAsync reduces ACL_INT8, ACL_INT16, ACL_INT32, "
                         "ACL_UINT32, ACL_FLOAT16, ACL_FLOAT and ACL_BF16",
                         ACL_ERROR_RT_FEATURE_NOT_SUPPORT));
    const int size = kernels::builtin::elem_size(*elem);
    if (count % static_cast<uint64_t>(size) != 0) {
        return reject_arg(
            ACL_ERROR_INVALID_PARAM,
            "count",
            count,
            "is in bytes and must be a multiple of the element size " + std::to_string(size));
    }
    ACLEMU_RESOLVE_STREAM(stream, target, backend);
    if (count == 0) {
        return ACL_SUCCESS;
    }
    ACLEMU_TRY(check_operand("dst", dst, count, target->device, kRead | kWrite));
    ACLEMU_TRY(check_operand("src", src, count, target->device, kRead));
    ACLEMU_TRY(
        reject_if(overlap_partially(
                      reinterpret_cast<uintptr_t>(dst), reinterpret_cast<uintptr_t>(src), count),
                  "src",
                  src,
                  "overlaps dst partially (the same buffer, or none of it)"));
    kernels::builtin::ReduceArgs args;
    args.dst = dst;
    args.src = src;
    args.n = count / static_cast<uint64_t>(size);
    args.op = static_cast<kernels::builtin::ReduceOp>(kind);
    args.type = *elem;
    return enqueue_builtin(
        target,
        *backend,
        args,
        kernels::builtin::is_floating(*elem),
        "the reduction",
        [&](TaskTrace& task) {
            task.arg("bytes", count);
            task.arg("dst", pointer_text(dst));
            task.arg("src", pointer_text(src));
        },
        [&] { return backend->tasks().reduce_async(args, target->impl.get()); });
}

aclError random_async(const aclrtRandomNumTaskInfo* task_info, aclrtStream stream, void* reserve) {
    if (task_info == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null("taskInfo"));
    }
    ACLEMU_TRY(check_reserved_null("reserve", reserve));
    ACLEMU_RESOLVE_STREAM(stream, target, backend);
    kernels::builtin::RandomArgs args;
    bool empty = false;
    ACLEMU_TRY(parse_random_task(*task_info, &args, &empty));
    if (empty) {
        return ACL_SUCCESS;
    }
    return enqueue_builtin(
        target,
        *backend,
        args,
        args.func != kernels::builtin::RandomFunc::DropoutBitmask,
        "the random-number task",
        [&](TaskTrace& task) {
            task.arg("out", pointer_text(args.out));
            if (args.count.addr == nullptr) {
                task.arg("count", args.count.value);
            } else {
                task.arg("count at", pointer_text(args.count.addr));
            }
        },
        [&] { return backend->tasks().random_async(args, target->impl.get()); });
}

}  // namespace

extern "C" {

aclError aclrtReduceAsync(void* dst,
                          const void* src,
                          uint64_t count,
                          aclrtReduceKind kind,
                          aclDataType type,
                          aclrtStream stream,
                          void* reserve) {
    const int64_t kind_value = aclemu::enum_value(kind);  // any int a C caller passed
    const int64_t type_value = aclemu::enum_value(type);
    return api_call_init("aclrtReduceAsync", [&] {
        return reduce_async(dst, src, count, kind_value, type_value, stream, reserve);
    });
}

aclError aclrtRandomNumAsync(const aclrtRandomNumTaskInfo* taskInfo,
                             const aclrtStream stream,
                             void* reserve) {
    return api_call_init("aclrtRandomNumAsync",
                         [&] { return random_async(taskInfo, stream, reserve); });
}

}  // extern "C"
