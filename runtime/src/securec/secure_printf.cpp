// sprintf_s, vsprintf_s, snprintf_s, vsnprintf_s (securec.h) over vsnprintf: -1 on any error;
// the destination, when usable, becomes an empty string, except that a snprintf_s whose count
// is below destMax keeps its output truncated to count characters.
#include "securec.h"

#include <cstdio>

namespace {

bool usable(const char* strDest, size_t destMax) {
    return strDest != nullptr && destMax != 0 && destMax <= SECUREC_STRING_MAX_LEN;
}

int failed(char* strDest, size_t destMax) {
    if (usable(strDest, destMax)) {
        strDest[0] = '\0';
    }
    return -1;
}

}  // namespace

extern "C" {

int vsprintf_s(char* strDest, size_t destMax, const char* format, va_list argList) {
    if (!usable(strDest, destMax) || format == nullptr) {
        return failed(strDest, destMax);
    }
    const int written = std::vsnprintf(strDest, destMax, format, argList);
    if (written < 0 || static_cast<size_t>(written) >= destMax) {
        return failed(strDest, destMax);
    }
    return written;
}

int sprintf_s(char* strDest, size_t destMax, const char* format, ...) {
    va_list args;
    va_start(args, format);
    const int written = vsprintf_s(strDest, destMax, format, args);
    va_end(args);
    return written;
}

int vsnprintf_s(char* strDest, size_t destMax, size_t count, const char* format, va_list argList) {
    if (!usable(strDest, destMax) || format == nullptr || count > SECUREC_STRING_MAX_LEN) {
        return failed(strDest, destMax);
    }
    if (count < destMax) {
        // At most count characters; more is a truncation, kept, and reported as -1.
        const int written = std::vsnprintf(strDest, count + 1, format, argList);
        if (written < 0) {
            return failed(strDest, destMax);
        }
        return static_cast<size_t>(written) > count ? -1 : written;
    }
    const int written = std::vsnprintf(strDest, destMax, format, argList);
    if (written < 0 || static_cast<size_t>(written) >= destMax) {
        return failed(strDest, destMax);
    }
    return written;
}

int snprintf_s(char* strDest, size_t destMax, size_t count, const char* format, ...) {
    va_list args;
    va_start(args, format);
    const int written = vsnprintf_s(strDest, destMax, count, format, args);
    va_end(args);
    return written;
}

}  // extern "C"
