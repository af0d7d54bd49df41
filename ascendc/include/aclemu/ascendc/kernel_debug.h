// printf / PRINTF, assert and Trap in kernel code. Output is kept per block and printed in block
// order when the kernel's task ends, as CANN prints the NPU's print buffer after the kernel.
// ASCENDC_DUMP=0 compiles printf and assert out, NDEBUG drops assert.
#pragma once

#include "aclemu/ascendc/kernel_defs.h"

#include <cstdio>
#include <type_traits>

namespace AscendC {
namespace detail {

template <typename T>
ACLEMU_ASC_HD ::aclemu::ascendc::detail::PrintArg print_arg(const T& value) {
    using ::aclemu::ascendc::detail::PrintArg;
    PrintArg arg{};
    if constexpr (std::is_same_v<
                      T,
                      half> || std::is_same_v<T, bfloat16_t> || std::is_floating_point_v<T>) {
        arg.kind = PrintArg::Floating;
        arg.f = static_cast<double>(static_cast<float>(value));
    } else if constexpr (std::is_same_v<T, bool>) {
        arg.kind = PrintArg::Unsigned;
        arg.u = value ? 1 : 0;
    } else if constexpr (std::is_enum_v<T>) {
        arg.kind = PrintArg::Signed;
        arg.i = static_cast<long long>(value);
    } else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
        arg.kind = PrintArg::Signed;
        arg.i = value;
    } else if constexpr (std::is_integral_v<T>) {
        arg.kind = PrintArg::Unsigned;
        arg.u = value;
    } else if constexpr (std::is_same_v<std::decay_t<T>,
                                        char*> || std::is_same_v<std::decay_t<T>, const char*>) {
        arg.kind = PrintArg::String;
        arg.s = value;
    } else if constexpr (std::is_pointer_v<std::decay_t<T>>) {
        arg.kind = PrintArg::Pointer;
        arg.p = reinterpret_cast<const void*>(value);
    } else {
        static_assert(std::is_arithmetic_v<T>, "AscendC::printf: unsupported argument type");
    }
    return arg;
}

}  // namespace detail

/// CANN's kernel printf: %d %i %ld %lld %u %lu %llu %x %lx %llx %X %f %F %s %p %%.
template <typename... Args>
inline ACLEMU_ASC_HD void printf(const char* format, Args... args) {
#if ASCENDC_DUMP
    const ::aclemu::ascendc::detail::PrintArg packed[sizeof...(Args) + 1] = {
        detail::print_arg(args)...};
    ::aclemu::ascendc::detail::block_printf(format, packed, sizeof...(Args));
#else
    (void)format;
    ((void)args, ...);
#endif
}

template <typename... Args>
inline ACLEMU_ASC_HD void PRINTF(const char* format, Args... args) {
    AscendC::printf(format, args...);
}

/// Interrupts the core: the kernel fails with 507035.
[[noreturn]] inline ACLEMU_ASC_HD void Trap() {
    ::aclemu::ascendc::detail::fail_block("Trap", "the kernel trapped");
}

namespace detail {

inline ACLEMU_ASC_HD void assert_message() {}
template <typename... Args>
inline ACLEMU_ASC_HD void assert_message(const char* format, Args... args) {
    AscendC::printf(format, args...);
}

// `value` is the expression again (unused): the macro passes its arguments on as they are.
template <typename... Args>
inline ACLEMU_ASC_HD void assert_failed(
    const char* expr, const char* file, int line, bool value, Args... args) {
    (void)value;
    char head[1024];
    const int n = ::aclemu::ascendc::detail::format_message(
        head, sizeof head, "[ASSERT] %s:%d: Assertion `%s' ", file, line, expr);
    ::aclemu::ascendc::detail::block_print_text(head, n > 0 ? static_cast<size_t>(n) : 0);
    assert_message(args...);
    ::aclemu::ascendc::detail::block_print_text("\n", 1);
    ::aclemu::ascendc::detail::fail_block("assert", expr);
}

}  // namespace detail
}  // namespace AscendC

// assert(expr) and assert(expr, format, args...).
#undef assert
#if defined(NDEBUG) || !ASCENDC_DUMP
#    define assert(...) ((void)0)
#else
#    define ACLEMU_ASC_ASSERT_EXPR(expr, ...) (expr)
#    define ACLEMU_ASC_ASSERT_TEXT(expr, ...) #    expr
#    define assert(...)                          \
        (ACLEMU_ASC_ASSERT_EXPR(__VA_ARGS__, 0)  \
             ? (void)0                           \
             : ::AscendC::detail::assert_failed( \
                 ACLEMU_ASC_ASSERT_TEXT(__VA_ARGS__, 0), __FILE__, __LINE__, __VA_ARGS__))
#endif

#define PRINTF AscendC::PRINTF
