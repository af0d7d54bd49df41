/* Bounds-checked memory and string functions (libc_sec.so), with the names, signatures and
 * return codes of Huawei's securec library, which CANN programs include as "securec.h".
 *
 * The errno_t functions return EOK, or an error code; a *_AND_RESET code says the destination
 * was cleared (a memory block zeroed, a string made empty) because of the error. The printf-style
 * functions return the characters written, or -1 (the destination, when usable, is made an
 * empty string, except a snprintf_s truncated to its count). */
#ifndef ACLEMU_SECUREC_H
#define ACLEMU_SECUREC_H

#include "securectype.h"

#include <errno.h>
#include <stdarg.h>

#ifndef EOK
#    define EOK 0
#endif
#ifndef EINVAL
#    define EINVAL 22 /* a bad argument; the destination could not be cleared */
#endif
#ifndef EINVAL_AND_RESET
#    define EINVAL_AND_RESET 150 /* a bad argument; the destination was cleared */
#endif
#ifndef ERANGE
#    define ERANGE 34 /* destMax is 0 or too large; the destination was not touched */
#endif
#ifndef ERANGE_AND_RESET
#    define ERANGE_AND_RESET 162 /* the result does not fit; the destination was cleared */
#endif
#ifndef EOVERLAP_AND_RESET
#    define EOVERLAP_AND_RESET                                             \
        182 /* source and destination overlap; the destination was cleared \
             */
#endif

#ifdef __cplusplus
extern "C" {
#endif

/** The library's version string; *verNumber (if not NULL) gets its number. */
SECUREC_API const char* GetHwSecureCVersion(unsigned short* verNumber);

SECUREC_API errno_t memset_s(void* dest, size_t destMax, int c, size_t count);
SECUREC_API errno_t memmove_s(void* dest, size_t destMax, const void* src, size_t count);
SECUREC_API errno_t memcpy_s(void* dest, size_t destMax, const void* src, size_t count);
SECUREC_API errno_t strcpy_s(char* strDest, size_t destMax, const char* strSrc);
SECUREC_API errno_t strncpy_s(char* strDest, size_t destMax, const char* strSrc, size_t count);
SECUREC_API errno_t strcat_s(char* strDest, size_t destMax, const char* strSrc);
SECUREC_API errno_t strncat_s(char* strDest, size_t destMax, const char* strSrc, size_t count);

SECUREC_API int vsprintf_s(char* strDest, size_t destMax, const char* format, va_list argList)
    SECUREC_ATTRIBUTE(3, 0);
SECUREC_API int sprintf_s(char* strDest, size_t destMax, const char* format, ...)
    SECUREC_ATTRIBUTE(3, 4);
/** At most `count` characters (and the terminating NUL) are written; more output than that
 * returns -1 with the output truncated to `count` when count < destMax, else an empty string. */
SECUREC_API int vsnprintf_s(char* strDest,
                            size_t destMax,
                            size_t count,
                            const char* format,
                            va_list argList) SECUREC_ATTRIBUTE(4, 0);
SECUREC_API int snprintf_s(char* strDest, size_t destMax, size_t count, const char* format, ...)
    SECUREC_ATTRIBUTE(4, 5);

/** sscanf with the size (an unsigned int) of each %s, %c and %[ destination after its pointer;
 * a field that does not fit leaves its destination empty and ends the scan. Returns the fields
 * assigned, or -1 for NULL arguments, a malformed format, or input ending before the first. */
SECUREC_API int vsscanf_s(const char* buffer, const char* format, va_list argList);
SECUREC_API int sscanf_s(const char* buffer, const char* format, ...);

#ifdef __cplusplus
}
#endif

#endif /* ACLEMU_SECUREC_H */
