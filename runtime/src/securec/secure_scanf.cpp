// sscanf_s and vsscanf_s (securec.h): sscanf where every %s, %c and %[ is followed by the size of
// its destination (an unsigned int). Each conversion is scanned on its own (with a %n behind it to
// know how far the input went), a string field first into a buffer as long as the rest of the
// input, so a field that does not fit its destination never touches memory past it: the
// destination is made empty and the scan stops. The result is the number of fields assigned, or
// -1 (EOF) for NULL arguments, a malformed format, or input that ends before the first one.
#include "securec.h"

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

struct Spec {
    bool suppress = false;
    bool has_width = false;
    size_t width = 0;
    char conversion = 0;
    std::string text;  // the conversion as sscanf reads it, "%" included
};

// Parses the conversion at `f` (just after '%'); false for a malformed one.
bool parse_spec(const char*& f, Spec* spec) {
    spec->text = "%";
    if (*f == '*') {
        spec->suppress = true;
        spec->text += *f++;
    }
    while (std::isdigit(static_cast<unsigned char>(*f))) {
        spec->has_width = true;
        spec->width = spec->width * 10 + static_cast<size_t>(*f - '0');
        if (spec->width > SECUREC_STRING_MAX_LEN) {
            return false;
        }
        spec->text += *f++;
    }
    while (*f != '\0' && std::strchr("hljztL", *f) != nullptr) {
        spec->text += *f++;
    }
    if (*f == '\0') {
        return false;
    }
    spec->conversion = *f;
    spec->text += *f++;
    if (spec->conversion == '[') {
        // A ']' first (after an optional '^') belongs to the set.
        if (*f == '^') {
            spec->text += *f++;
        }
        if (*f == ']') {
            spec->text += *f++;
        }
        while (*f != '\0' && *f != ']') {
            spec->text += *f++;
        }
        if (*f != ']') {
            return false;
        }
        spec->text += *f++;
    }
    return std::strchr("diouxXaAeEfFgGsc[pn", spec->conversion) != nullptr;
}

// Writes `count` through a %n target of the length modifier in `text` ("%n", "%ln", ...).
void store_count(const std::string& text, size_t count, void* target) {
    const std::string length = text.substr(1, text.size() - 2);
    if (length == "hh") {
        *static_cast<signed char*>(target) = static_cast<signed char>(count);
    } else if (length == "h") {
        *static_cast<short*>(target) = static_cast<short>(count);
    } else if (length == "l") {
        *static_cast<long*>(target) = static_cast<long>(count);
    } else if (length == "ll") {
        *static_cast<long long*>(target) = static_cast<long long>(count);
    } else if (length == "j") {
        *static_cast<intmax_t*>(target) = static_cast<intmax_t>(count);
    } else if (length == "z") {
        *static_cast<size_t*>(target) = count;
    } else if (length == "t") {
        *static_cast<ptrdiff_t*>(target) = static_cast<ptrdiff_t>(count);
    } else {
        *static_cast<int*>(target) = static_cast<int>(count);
    }
}

}  // namespace

extern "C" {

int vsscanf_s(const char* buffer, const char* format, va_list argList) {
    if (buffer == nullptr || format == nullptr) {
        return -1;
    }
    va_list args;
    va_copy(args, argList);
    size_t pos = 0;
    int assigned = 0;
    std::string piece;  // literal text up to and including one conversion
    const char* f = format;
    int result = 0;
    bool done = false;
    while (!done && *f != '\0') {
        if (*f != '%' || f[1] == '%') {
            piece += *f;
            if (*f == '%') {
                piece += *++f;
            }
            ++f;
            continue;
        }
        ++f;
        Spec spec;
        if (!parse_spec(f, &spec)) {
            result = -1;
            done = true;
            break;
        }
        const bool sized =
            spec.conversion == 's' || spec.conversion == 'c' || spec.conversion == '[';
        void* target = spec.suppress ? nullptr : va_arg(args, void*);
        size_t size = 0;
        if (sized && !spec.suppress) {
            size = va_arg(args, unsigned int);
        }
        // %n counts from the start of the buffer, so it is answered here, not by sscanf.
        piece += spec.conversion == 'n' ? std::string("%n") : spec.text + "%n";
        int consumed = -1;
        int scanned = 0;
        std::vector<char> field;
        if (sized && !spec.suppress) {
            if (size == 0) {
                result = assigned;
                done = true;
                break;
            }
            // Long enough for any field of the rest of the input (a %c field: its width).
            const size_t rest = std::strlen(buffer + pos);
            const size_t chars = spec.has_width ? spec.width : 1;
            field.assign((spec.conversion == 'c' ? chars : rest) + 1, '\0');
            scanned = std::sscanf(buffer + pos, piece.c_str(), field.data(), &consumed);
        } else if (target != nullptr && spec.conversion != 'n') {
            scanned = std::sscanf(buffer + pos, piece.c_str(), target, &consumed);
        } else {
            scanned = std::sscanf(buffer + pos, piece.c_str(), &consumed);
        }
        piece.clear();
        if (consumed < 0) {  // the literal text or the field did not match, or the input ended
            result = scanned == EOF && assigned == 0 ? -1 : assigned;
            done = true;
            break;
        }
        pos += static_cast<size_t>(consumed);
        if (spec.conversion == 'n' && target != nullptr) {
            store_count(spec.text, pos, target);
        }
        if (sized && !spec.suppress) {
            char* destination = static_cast<char*>(target);
            const size_t length = spec.conversion == 'c' ? (spec.has_width ? spec.width : 1)
                                                         : std::strlen(field.data());
            const size_t needed = spec.conversion == 'c' ? length : length + 1;
            if (needed > size) {
                destination[0] = '\0';
                result = assigned;
                done = true;
                break;
            }
            std::memcpy(destination, field.data(), needed);
        }
        if (!spec.suppress && spec.conversion != 'n') {
            ++assigned;
        }
    }
    va_end(args);
    return done ? result : assigned;
}

int sscanf_s(const char* buffer, const char* format, ...) {
    va_list args;
    va_start(args, format);
    const int result = vsscanf_s(buffer, format, args);
    va_end(args);
    return result;
}

}  // extern "C"
