// Entry points of profiling/aprof_pub.h: the model registrations a model loader makes. aclemu
// loads no offline models and its subscriptions take any model id (subscriptions.h), so a
// pairing has nothing to change; every value of the two ids is valid.
#include "profiling/aprof_pub.h"

extern "C" {

int32_t MsprofSetDeviceIdByGeModelIdx(const uint32_t /*geModelIdx*/, const uint32_t /*deviceId*/) {
    return MSPROF_ERROR_NONE;
}

int32_t MsprofUnsetDeviceIdByGeModelIdx(const uint32_t /*geModelIdx*/,
                                        const uint32_t /*deviceId*/) {
    return MSPROF_ERROR_NONE;
}

}  // extern "C"
