// BackendStreams' stream-capture defaults: a backend that cannot record its streams' work says so
// (the front end turns the code into a message naming the call).
#include "backend/backend.h"

namespace aclemu::rt {

aclError BackendStreams::begin_capture(BackendStream*) {
    return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
}

aclError BackendStreams::end_capture(BackendStream*, std::unique_ptr<BackendGraph>*) {
    return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
}

aclError BackendStreams::captured_count(BackendStream*, size_t*) {
    return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
}

aclError BackendStreams::launch_graph(BackendGraph&, BackendStream*) {
    return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
}

aclError BackendStreams::replace_tasks(BackendGraph&,
                                       size_t,
                                       size_t,
                                       std::unique_ptr<BackendGraph>) {
    return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
}

}  // namespace aclemu::rt
