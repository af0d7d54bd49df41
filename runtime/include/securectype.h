/* Types and limits of the bounds-checked C functions (securec.h, libc_sec.so), as Huawei's
 * securec library defines them for CANN programs. */
#ifndef ACLEMU_SECURECTYPE_H
#define ACLEMU_SECURECTYPE_H

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if !defined(__STDC_WANT_LIB_EXT1__) || !__STDC_WANT_LIB_EXT1__ || defined(SECUREC_NEED_ERRNO_TYPE)
#    ifndef SECUREC_DEFINED_ERRNO_TYPE
#        define SECUREC_DEFINED_ERRNO_TYPE
#        ifndef errno_t
typedef int errno_t;
#        endif
#    endif
#endif

/* The largest destination size a call accepts (bytes); a larger one is taken for a negative
 * number passed as a size. */
#ifndef SECUREC_STRING_MAX_LEN
#    define SECUREC_STRING_MAX_LEN 0x7fffffffUL
#endif
#ifndef SECUREC_MEM_MAX_LEN
#    define SECUREC_MEM_MAX_LEN 0x7fffffffUL
#endif

#if defined(__GNUC__)
#    define SECUREC_ATTRIBUTE(format_index, first_arg) \
        __attribute__((format(printf, format_index, first_arg)))
#else
#    define SECUREC_ATTRIBUTE(format_index, first_arg)
#endif

#ifndef SECUREC_API
#    if defined(SECUREC_DLL_EXPORT) && defined(__GNUC__)
#        define SECUREC_API __attribute__((visibility("default")))
#    else
#        define SECUREC_API extern
#    endif
#endif

#endif /* ACLEMU_SECURECTYPE_H */
