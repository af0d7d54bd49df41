// What a backend answers for the optional parts of the seam it does not implement.
#include "backend/backend.h"

namespace aclemu::rt {

aclError Backend::export_device_memory(void*, void*, size_t, ExportBlob*) {
    return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
}
aclError Backend::open_device_memory(int32_t, const ExportBlob&, size_t, void**) {
    return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
}
aclError Backend::close_device_memory(void*, size_t) {
    return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
}
aclError Backend::vmm_granularity(int32_t, bool, size_t*) {
    return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
}
aclError Backend::reserve_address(size_t, void*, void**) {
    return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
}
aclError Backend::release_address(void*, size_t) {
    return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
}
aclError Backend::create_physical(int32_t, size_t, std::unique_ptr<BackendPhysical>*) {
    return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
}
aclError Backend::map_physical(void*, size_t, BackendPhysical&, int32_t) {
    return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
}
aclError Backend::unmap_physical(void*, size_t) {
    return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
}
aclError Backend::set_access(void*, size_t, const DeviceAccess*, size_t) {
    return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
}
aclError Backend::export_physical(BackendPhysical&, ExportBlob*) {
    return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
}
aclError Backend::import_physical(
    int32_t, const ExportBlob&, size_t, int32_t, std::unique_ptr<BackendPhysical>*) {
    return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
}
aclError Backend::create_ipc_event(std::unique_ptr<BackendEvent>*) {
    return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
}
aclError Backend::export_event(BackendEvent*, ExportBlob*) {
    return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
}
aclError Backend::open_event(int32_t, const ExportBlob&, std::unique_ptr<BackendEvent>*) {
    return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
}

}  // namespace aclemu::rt
