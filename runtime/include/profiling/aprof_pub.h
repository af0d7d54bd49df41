/* profiling/aprof_pub.h: the profiling library's registration calls that CANN's model loader
 * makes (libprofapi.so), which profiling examples call themselves to stand in for a loaded
 * model. aclemu loads no offline models, so a pairing is accepted and changes nothing: the
 * subscription (acl/acl_prof.h) tags the aclnn operators run while it lasts with its model id. */
#ifndef ACLEMU_PROFILING_APROF_PUB_H
#define ACLEMU_PROFILING_APROF_PUB_H

#include <stdint.h>

#ifndef MSVP_PROF_API
#    if defined(_WIN32) || defined(_WIN64) || defined(_MSC_VER)
#        define MSVP_PROF_API __declspec(dllexport)
#    else
#        define MSVP_PROF_API __attribute__((visibility("default")))
#    endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* What the Msprof* calls return. */
enum MsprofErrorCode {
    MSPROF_ERROR_NONE = 0,
    MSPROF_ERROR_MEM_NOT_ENOUGH,
    MSPROF_ERROR_GET_ENV,
    MSPROF_ERROR_CONFIG_INVALID,
    MSPROF_ERROR_ACL_JSON_OFF,
    MSPROF_ERROR,
    MSPROF_ERROR_UNINITIALIZE,
};

/* Pairs a loaded model's id with the device it runs on (MSPROF_ERROR_NONE). */
MSVP_PROF_API int32_t MsprofSetDeviceIdByGeModelIdx(const uint32_t geModelIdx,
                                                    const uint32_t deviceId);
/* Undoes the pairing when the model is unloaded (MSPROF_ERROR_NONE). */
MSVP_PROF_API int32_t MsprofUnsetDeviceIdByGeModelIdx(const uint32_t geModelIdx,
                                                      const uint32_t deviceId);

#ifdef __cplusplus
}
#endif

#endif /* ACLEMU_PROFILING_APROF_PUB_H */
