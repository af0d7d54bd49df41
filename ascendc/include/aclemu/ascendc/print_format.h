// printf formatting that runs on a GPU: a kernel's printf and the checks' messages in a kernel
// compiled by nvcc or hipcc (device printf has no snprintf). CANN's conversions (%d %i %u %x %X
// %f %F %s %p %%, any length modifier) with flags '-' and '0', a width and a precision; %f
// prints fixed-point digits computed in double, exact to about 17 significant digits.
// Included by block_device.h, after block_api.h has declared PrintArg.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <type_traits>

namespace aclemu::ascendc::detail {

/// Appends to a fixed buffer, always NUL-terminated, dropping what does not fit.
struct TextSink {
    char* out;
    size_t cap;
    size_t len = 0;

    ACLEMU_ASC_HD void put(char c) {
        if (len + 1 < cap) {
            out[len++] = c;
            out[len] = '\0';
        }
    }
    ACLEMU_ASC_HD void put(const char* s, size_t n) {
        for (size_t i = 0; i < n; ++i) {
            put(s[i]);
        }
    }
};

/// `digits` (most significant first) padded to `width` as the flags ask.
ACLEMU_ASC_HD inline void put_padded(
    TextSink& sink, const char* digits, size_t n, bool negative, int width, bool left, bool zero) {
    const int body = static_cast<int>(n) + (negative ? 1 : 0);
    if (!left && !zero) {
        for (int i = body; i < width; ++i) {
            sink.put(' ');
        }
    }
    if (negative) {
        sink.put('-');
    }
    if (!left && zero) {
        for (int i = body; i < width; ++i) {
            sink.put('0');
        }
    }
    sink.put(digits, n);
    if (left) {
        for (int i = body; i < width; ++i) {
            sink.put(' ');
        }
    }
}

ACLEMU_ASC_HD inline size_t unsigned_digits(char* buf,
                                            unsigned long long v,
                                            unsigned base,
                                            bool upper) {
    const char* set = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    char rev[24];
    size_t n = 0;
    do {
        rev[n++] = set[v % base];
        v /= base;
    } while (v != 0);
    for (size_t i = 0; i < n; ++i) {
        buf[i] = rev[n - 1 - i];
    }
    return n;
}

/// Fixed-point digits of |v| with `precision` decimals.
ACLEMU_ASC_HD inline size_t fixed_digits(char* buf, size_t cap, double v, int precision) {
    if (v != v) {
        buf[0] = 'n', buf[1] = 'a', buf[2] = 'n';
        return 3;
    }
    if (v > 1.8e19) {
        buf[0] = 'i', buf[1] = 'n', buf[2] = 'f';
        return 3;
    }
    double scale = 1.0;
    for (int i = 0; i < precision; ++i) {
        scale *= 10.0;
    }
    const auto whole = static_cast<unsigned long long>(v);
    auto fraction = static_cast<unsigned long long>((v - static_cast<double>(whole)) * scale + 0.5);
    unsigned long long carry = 0;
    if (static_cast<double>(fraction) >= scale) {
        fraction -= static_cast<unsigned long long>(scale);
        carry = 1;
    }
    size_t n = unsigned_digits(buf, whole + carry, 10, false);
    if (precision > 0 && n + 1 + static_cast<size_t>(precision) < cap) {
        buf[n++] = '.';
        char frac[24];
        const size_t m = unsigned_digits(frac, fraction, 10, false);
        for (size_t i = m; i < static_cast<size_t>(precision); ++i) {
            buf[n++] = '0';
        }
        for (size_t i = 0; i < m; ++i) {
            buf[n++] = frac[i];
        }
    }
    return n;
}

/// Formats `format` over `args` (PrintArg, block_api.h) into `out` (`cap` bytes, NUL-terminated).
ACLEMU_ASC_HD inline size_t format_print(
    char* out, size_t cap, const char* format, const PrintArg* args, size_t count) {
    TextSink sink{out, cap};
    if (cap > 0) {
        out[0] = '\0';
    }
    size_t next = 0;
    for (const char* p = format; *p != '\0'; ++p) {
        if (*p != '%') {
            sink.put(*p);
            continue;
        }
        const char* start = p++;
        bool left = false, zero = false;
        for (; *p == '-' || *p == '0' || *p == '+' || *p == ' ' || *p == '#'; ++p) {
            left = left || *p == '-';
            zero = zero || *p == '0';
        }
        int width = 0;
        for (; *p >= '0' && *p <= '9'; ++p) {
            width = width * 10 + (*p - '0');
        }
        int precision = -1;
        if (*p == '.') {
            precision = 0;
            for (++p; *p >= '0' && *p <= '9'; ++p) {
                precision = precision * 10 + (*p - '0');
            }
        }
        while (*p == 'h' || *p == 'l' || *p == 'L' || *p == 'q' || *p == 'j' || *p == 'z'
               || *p == 't') {
            ++p;
        }
        const char conversion = *p;
        if (conversion == '%') {
            sink.put('%');
            continue;
        }
        if (conversion == '\0' || next >= count) {
            sink.put(start, static_cast<size_t>(p - start) + (conversion != '\0' ? 1 : 0));
            if (conversion == '\0') {
                break;
            }
            continue;
        }
        const PrintArg& arg = args[next++];
        char digits[64];
        size_t n = 0;
        bool negative = false;
        switch (conversion) {
            case 'd':
            case 'i': {
                long long v =
                    arg.kind == PrintArg::Floating ? static_cast<long long>(arg.f) : arg.i;
                negative = v < 0;
                n = unsigned_digits(digits,
                                    negative ? 0ull - static_cast<unsigned long long>(v)
                                             : static_cast<unsigned long long>(v),
                                    10,
                                    false);
                break;
            }
            case 'u':
            case 'x':
            case 'X':
            case 'o':
                n = unsigned_digits(
                    digits,
                    arg.kind == PrintArg::Floating ? static_cast<unsigned long long>(arg.f) : arg.u,
                    conversion == 'u'   ? 10
                    : conversion == 'o' ? 8
                                        : 16,
                    conversion == 'X');
                break;
            case 'f':
            case 'F':
            case 'e':
            case 'g': {
                double v = arg.kind == PrintArg::Floating ? arg.f
                           : arg.kind == PrintArg::Signed ? static_cast<double>(arg.i)
                                                          : static_cast<double>(arg.u);
                negative = v < 0;
                n = fixed_digits(
                    digits, sizeof digits, negative ? -v : v, precision < 0 ? 6 : precision);
                break;
            }
            case 'c':
                digits[0] = static_cast<char>(arg.i);
                n = 1;
                break;
            case 's': {
                const char* s = arg.kind == PrintArg::String && arg.s != nullptr ? arg.s : "(null)";
                size_t len = 0;
                while (s[len] != '\0' && (precision < 0 || len < static_cast<size_t>(precision))) {
                    ++len;
                }
                if (!left) {
                    for (int i = static_cast<int>(len); i < width; ++i) {
                        sink.put(' ');
                    }
                }
                sink.put(s, len);
                if (left) {
                    for (int i = static_cast<int>(len); i < width; ++i) {
                        sink.put(' ');
                    }
                }
                continue;
            }
            case 'p':
                digits[0] = '0', digits[1] = 'x';
                n = 2 + unsigned_digits(digits + 2, reinterpret_cast<uintptr_t>(arg.p), 16, false);
                break;
            default:
                sink.put(start, static_cast<size_t>(p - start) + 1);
                continue;
        }
        put_padded(sink, digits, n, negative, width, left, zero);
    }
    return sink.len;
}

/// A check's message argument (integers, floating point, strings, pointers) as a PrintArg.
template <typename T>
ACLEMU_ASC_HD PrintArg message_arg(const T& value) {
    PrintArg arg{};
    if constexpr (std::is_floating_point_v<T>) {
        arg.kind = PrintArg::Floating;
        arg.f = static_cast<double>(value);
    } else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
        arg.kind = PrintArg::Signed;
        arg.i = value;
    } else if constexpr (std::is_integral_v<T> || std::is_enum_v<T>) {
        arg.kind = PrintArg::Unsigned;
        arg.u = static_cast<unsigned long long>(value);
    } else if constexpr (std::is_convertible_v<const T&, const char*>) {
        arg.kind = PrintArg::String;
        arg.s = value;
    } else {
        arg.kind = PrintArg::Pointer;
        arg.p = static_cast<const void*>(value);
    }
    return arg;
}

/// snprintf for the kernel headers' messages: the C library's on the host, format_print on a GPU.
template <typename... Args>
ACLEMU_ASC_HD int format_message(char* out, size_t cap, const char* format, const Args&... args) {
#ifdef ACLEMU_ASC_DEVICE_PASS
    const PrintArg packed[sizeof...(Args) + 1] = {message_arg(args)...};
    return static_cast<int>(format_print(out, cap, format, packed, sizeof...(Args)));
#else
    return std::snprintf(out, cap, format, args...);
#endif
}

}  // namespace aclemu::ascendc::detail
