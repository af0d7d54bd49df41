// Argument checks the entry points share, each returning ACL_SUCCESS or the recorded failure
// (ACL_ERROR_INVALID_PARAM, with a message naming the parameter: docs/errors.md).
#pragma once

#include "acl/acl_base.h"

#include "core/status.h"

#include <cstdint>
#include <string>
#include <type_traits>

namespace aclemu::rt {

/// How a message shows an argument's value: a number in decimal, a pointer as pointer_text()
/// does, a std::string as it is. A C string is refused at compile time: whether its text or its
/// address is meant, the caller says (std::string(text) or pointer_text(text)). An enum argument
/// is read with enum_value() first (c_enum.h).
std::string arg_text(const void* pointer);
std::string arg_text(const char* text) = delete;
inline const std::string& arg_text(const std::string& text) {
    return text;
}
template <class Number, std::enable_if_t<std::is_arithmetic_v<Number>, int> = 0>
std::string arg_text(Number value) {
    return std::to_string(value);
}

/// Records and returns `code` with msg_invalid(param, arg_text(value), reason), at the caller's
/// file and line: the one failure of an argument with a value the call cannot use. Out of line
/// and cold, so that a check's passing path stays as short as the if it replaces.
template <class Value, class Reason>
[[gnu::cold, gnu::noinline]] aclError reject_arg(aclError code,
                                                 const char* param,
                                                 const Value& value,
                                                 const Reason& reason,
                                                 const char* file = __builtin_FILE(),
                                                 int line = __builtin_LINE()) {
    return fail(code, msg_invalid(param, arg_text(value), reason), file, line);
}

/// reject_arg(code, param, value, reason) when `bad`, else ACL_SUCCESS. The reason is plain
/// text, so a check that passes builds no string.
template <class Value>
aclError reject_if(bool bad,
                   const char* param,
                   const Value& value,
                   const char* reason,
                   aclError code = ACL_ERROR_INVALID_PARAM,
                   const char* file = __builtin_FILE(),
                   int line = __builtin_LINE()) {
    return bad ? reject_arg(code, param, value, reason, file, line) : ACL_SUCCESS;
}

/// A getter's one result: `value` stored in *out and ACL_SUCCESS, or, when `out` is NULL, the
/// failure that names `param` (ACLEMU_CHECK_NOT_NULL's), at the caller's file and line.
template <class T, class Value>
aclError store_out(const char* param,
                   T* out,
                   const Value& value,
                   const char* file = __builtin_FILE(),
                   int line = __builtin_LINE()) {
    if (out == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null(param), file, line);
    }
    *out = value;
    return ACL_SUCCESS;
}

/// A reserved pointer argument: must be NULL.
aclError check_reserved_null(const char* param, const void* value);
/// A reserved number (flags): must be 0.
aclError check_reserved_zero(const char* param, uint64_t value);
/// A wait's timeout in ms: -1 (wait forever) or greater than 0; `code` when it is neither.
aclError check_wait_timeout(int32_t timeout, aclError code = ACL_ERROR_RT_PARAM_INVALID);
/// An array of `count` entries: not NULL when `count` is greater than 0.
template <class Count>
aclError check_array(const char* param,
                     const void* array,
                     Count count,
                     const char* file = __builtin_FILE(),
                     int line = __builtin_LINE()) {
    if (count > 0 && array == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null(param), file, line);
    }
    return ACL_SUCCESS;
}
/// An on/off switch: 0 (off) or 1 (on); `code` when it is neither, at the caller's file and line.
aclError check_switch(const char* param,
                      uint32_t value,
                      aclError code = ACL_ERROR_INVALID_PARAM,
                      const char* file = __builtin_FILE(),
                      int line = __builtin_LINE());
/// A count or size that must be greater than 0.
aclError check_positive(const char* param, uint64_t value);
/// [ptr, ptr + bytes) must lie in one device allocation (aclrtMalloc and its variants, or device
/// memory of another library): "must be <bytes> bytes of device memory (aclrtMalloc)".
aclError check_device_range(const char* param, const void* ptr, uint64_t bytes);
/// check_device_range, then that the allocation grants what the call does to it (`needed`:
/// kRead and/or kWrite of memory_access.h).
aclError check_device_access(const char* param, const void* ptr, uint64_t bytes, uint8_t needed);

}  // namespace aclemu::rt
