// memset_s, memmove_s, memcpy_s (securec.h): the checks in securec's order, each failure with
// its code, the destination zeroed where the code says _AND_RESET.
#include "securec.h"
#include "securec/overlap.h"

#include <cstring>

namespace {

bool bad_memory_dest_size(size_t destMax) {
    return destMax == 0 || destMax > SECUREC_MEM_MAX_LEN;
}

// The checks memmove_s and memcpy_s share, in securec's order: EOK when the copy may go ahead.
errno_t check_copy(void* dest, size_t destMax, const void* src, size_t count) {
    if (bad_memory_dest_size(destMax)) {
        return ERANGE;
    }
    if (dest == nullptr) {
        return EINVAL;
    }
    if (src == nullptr) {
        std::memset(dest, 0, destMax);
        return EINVAL_AND_RESET;
    }
    if (count > destMax) {
        std::memset(dest, 0, destMax);
        return ERANGE_AND_RESET;
    }
    return EOK;
}

}  // namespace

extern "C" {

errno_t memset_s(void* dest, size_t destMax, int c, size_t count) {
    if (bad_memory_dest_size(destMax)) {
        return ERANGE;
    }
    if (dest == nullptr) {
        return EINVAL;
    }
    if (count > destMax) {
        std::memset(dest, c, destMax);  // as securec: the whole buffer, with the value asked
        return ERANGE_AND_RESET;
    }
    std::memset(dest, c, count);
    return EOK;
}

errno_t memmove_s(void* dest, size_t destMax, const void* src, size_t count) {
    if (errno_t err = check_copy(dest, destMax, src, count); err != EOK) {
        return err;
    }
    if (dest != src && count > 0) {
        std::memmove(dest, src, count);
    }
    return EOK;
}

errno_t memcpy_s(void* dest, size_t destMax, const void* src, size_t count) {
    if (errno_t err = check_copy(dest, destMax, src, count); err != EOK) {
        return err;
    }
    if (dest == src || count == 0) {
        return EOK;
    }
    if (aclemu::securec::overlap(dest, count, src, count)) {
        std::memset(dest, 0, destMax);
        return EOVERLAP_AND_RESET;
    }
    std::memcpy(dest, src, count);
    return EOK;
}

const char* GetHwSecureCVersion(unsigned short* verNumber) {
    if (verNumber != nullptr) {
        *verNumber = 0x500 | 0x0a;  // securec 5.10: the release whose behaviour this follows
    }
    return "aclemu securec 1.0";
}

}  // extern "C"
