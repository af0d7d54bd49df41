// aclrtRandomParaInfo of a test's aclrtRandomNumTaskInfo: a value given in place, or the device
// address it is read from when the task runs.
#pragma once

#include "acl/acl.h"

#include <cstdint>
#include <cstring>

namespace aclemu::test {

/// `size` bytes of `value` in place (little-endian).
inline aclrtRandomParaInfo value_param(const void* value, uint8_t size) {
    aclrtRandomParaInfo p;
    std::memset(&p, 0, sizeof p);
    std::memcpy(p.valueOrAddr, value, size);
    p.size = size;
    return p;
}

template <typename T>
aclrtRandomParaInfo value_of(T value) {
    return value_param(&value, sizeof(T));
}

/// Read from device memory at `device_ptr` when the task runs.
inline aclrtRandomParaInfo address_param(const void* device_ptr) {
    aclrtRandomParaInfo p;
    std::memset(&p, 0, sizeof p);
    p.isAddr = 1;
    std::memcpy(p.valueOrAddr, &device_ptr, sizeof device_ptr);
    p.size = sizeof device_ptr;
    return p;
}

}  // namespace aclemu::test
