// strcpy_s, strncpy_s, strcat_s, strncat_s (securec.h): on any error after the destination is
// known to be usable, it becomes an empty string (_AND_RESET codes).
#include "securec.h"
#include "securec/overlap.h"

#include <cstring>

namespace {

bool bad_string_dest_size(size_t destMax) {
    return destMax == 0 || destMax > SECUREC_STRING_MAX_LEN;
}

// Characters of `text` before its NUL, looking at no more than `limit`.
size_t bounded_length(const char* text, size_t limit) {
    return strnlen(text, limit);
}

errno_t reset(char* dest, errno_t code) {
    dest[0] = '\0';
    return code;
}

// Appends `length` characters of `src` at dest[dest_length] (the caller checked the room).
errno_t append(char* dest, size_t dest_length, const char* src, size_t length) {
    // What is read (the source and its NUL) against what the result spans.
    if (aclemu::securec::overlap(dest, dest_length + length + 1, src, length + 1)) {
        return reset(dest, EOVERLAP_AND_RESET);
    }
    std::memcpy(dest + dest_length, src, length);
    dest[dest_length + length] = '\0';
    return EOK;
}

// The checks copy and concatenate share, in securec's order: EOK when they may go ahead.
errno_t check_arguments(
    char* strDest, size_t destMax, const char* strSrc, size_t count, bool bounded) {
    if (bad_string_dest_size(destMax)) {
        return ERANGE;
    }
    if (strDest == nullptr) {
        return EINVAL;
    }
    if (strSrc == nullptr) {
        return reset(strDest, EINVAL_AND_RESET);
    }
    if (bounded && count > SECUREC_STRING_MAX_LEN) {
        return reset(strDest, ERANGE_AND_RESET);
    }
    return EOK;
}

// The common part of strncpy_s (count < SIZE_MAX) and strcpy_s (count = the whole string).
errno_t copy(char* strDest, size_t destMax, const char* strSrc, size_t count, bool bounded) {
    if (errno_t err = check_arguments(strDest, destMax, strSrc, count, bounded); err != EOK) {
        return err;
    }
    if (strDest == strSrc) {
        // Copying a string onto itself changes nothing, if it fits (and is cut at count).
        const size_t length = bounded_length(strSrc, bounded && count < destMax ? count : destMax);
        if (length >= destMax) {
            return reset(strDest, ERANGE_AND_RESET);
        }
        strDest[length] = '\0';
        return EOK;
    }
    // Never read more of the source than can be used: destMax, or count when that is less.
    const size_t limit = bounded && count < destMax ? count : destMax;
    const size_t length = bounded_length(strSrc, limit);
    if (length >= destMax) {
        return reset(strDest, ERANGE_AND_RESET);
    }
    return append(strDest, 0, strSrc, length);
}

errno_t concatenate(char* strDest, size_t destMax, const char* strSrc, size_t count, bool bounded) {
    if (errno_t err = check_arguments(strDest, destMax, strSrc, count, bounded); err != EOK) {
        return err;
    }
    const size_t dest_length = bounded_length(strDest, destMax);
    if (dest_length == destMax) {  // not a string within destMax
        return reset(strDest, EINVAL_AND_RESET);
    }
    const size_t room = destMax - dest_length;  // characters + the NUL
    const size_t limit = bounded && count < room ? count : room;
    const size_t length = bounded_length(strSrc, limit);
    if (length >= room) {
        return reset(strDest, ERANGE_AND_RESET);
    }
    return append(strDest, dest_length, strSrc, length);
}

}  // namespace

extern "C" {

errno_t strcpy_s(char* strDest, size_t destMax, const char* strSrc) {
    return copy(strDest, destMax, strSrc, 0, false);
}

errno_t strncpy_s(char* strDest, size_t destMax, const char* strSrc, size_t count) {
    return copy(strDest, destMax, strSrc, count, true);
}

errno_t strcat_s(char* strDest, size_t destMax, const char* strSrc) {
    return concatenate(strDest, destMax, strSrc, 0, false);
}

errno_t strncat_s(char* strDest, size_t destMax, const char* strSrc, size_t count) {
    return concatenate(strDest, destMax, strSrc, count, true);
}

}  // extern "C"
