// Entry points: the device id mappings (aclrtGetPhyDevIdByLogicDevId and the other five). CANN
// names three ids: the physical chip's, a "logical" one and the user's, which
// ASCEND_RT_VISIBLE_DEVICES numbers and every other call takes. CANN's runtime treats the logical
// ids of these calls as user ids (its own example says so), and so does aclemu: a logical or
// user id is a position in the visible list, a physical id the backend's device
// (runtime_state.h).
#include "acl/acl_rt.h"

#include "backend/backend.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "runtime_state.h"

#include <string>

using namespace aclemu::rt;

namespace {

/// `id` names a backend device.
aclError check_backend_device(int32_t id, const char* param) {
    ACLEMU_BACKEND(backend, backend);
    const int count = backend->physical_device_count();
    if (id < 0 || id >= count) {
        return reject_arg(ACL_ERROR_RT_INVALID_DEVICEID,
                          param,
                          id,
                          "must be in [0, " + std::to_string(count) + ") (the backend's devices)");
    }
    return ACL_SUCCESS;
}

/// The user (or "logical") id of backend device `physical`.
aclError user_id_of_physical(int32_t physical, int32_t* out) {
    ACLEMU_TRY(check_backend_device(physical, "phyDevId"));
    return runtime().visible_id_of(physical, "phyDevId", out);
}

/// A visible (user, or "logical") id, unchanged.
aclError same_visible_id(int32_t id, const char* param, int32_t* out) {
    ACLEMU_TRY(runtime().check_device(id, param, nullptr));
    *out = id;
    return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclError aclrtGetPhyDevIdByLogicDevId(const int32_t logicDevId, int32_t* const phyDevId) {
    return api_call_init(__func__, [&] {
        ACLEMU_CHECK_NOT_NULL(phyDevId);
        return runtime().check_device(logicDevId, "logicDevId", phyDevId);
    });
}

aclError aclrtGetLogicDevIdByPhyDevId(const int32_t phyDevId, int32_t* const logicDevId) {
    return api_call_init(__func__, [&] {
        ACLEMU_CHECK_NOT_NULL(logicDevId);
        return user_id_of_physical(phyDevId, logicDevId);
    });
}

aclError aclrtGetUserDevIdByLogicDevId(const int32_t logicDevId, int32_t* const userDevid) {
    return api_call_init(__func__, [&] {
        ACLEMU_CHECK_NOT_NULL(userDevid);
        return same_visible_id(logicDevId, "logicDevId", userDevid);
    });
}

aclError aclrtGetLogicDevIdByUserDevId(const int32_t userDevid, int32_t* const logicDevId) {
    return api_call_init(__func__, [&] {
        ACLEMU_CHECK_NOT_NULL(logicDevId);
        return same_visible_id(userDevid, "userDevid", logicDevId);
    });
}

aclError aclrtGetUserDevIdByPhyDevId(const int32_t phyDevId, int32_t* const userDevId) {
    return api_call_init(__func__, [&] {
        ACLEMU_CHECK_NOT_NULL(userDevId);
        return user_id_of_physical(phyDevId, userDevId);
    });
}

aclError aclrtGetPhyDevIdByUserDevId(const int32_t userDevId, int32_t* const phyDevId) {
    return api_call_init(__func__, [&] {
        ACLEMU_CHECK_NOT_NULL(phyDevId);
        return runtime().check_device(userDevId, "userDevId", phyDevId);
    });
}

}  // extern "C"
