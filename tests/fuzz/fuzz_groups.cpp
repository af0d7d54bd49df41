// The helpers the group cases share (fuzz_groups.h).
#include "fuzz/fuzz_groups.h"

#include "acl/acl.h"

namespace aclemu::fuzz {

void* case_stream(Report& report, Cleanup& cleanup) {
    aclrtStream stream = nullptr;
    if (aclrtCreateStream(&stream) != ACL_SUCCESS) {
        report.fail("aclrtCreateStream failed: %s", take_message().c_str());
        return nullptr;
    }
    cleanup.add([stream] { aclrtDestroyStream(stream); });
    return stream;
}

void* dead_stream(Choices& c, Report& report) {
    static int never_a_stream = 0;
    if (c.chance(1, 3)) {
        return &never_a_stream;
    }
    aclrtStream stream = nullptr;
    if (aclrtCreateStream(&stream) != ACL_SUCCESS || aclrtDestroyStream(stream) != ACL_SUCCESS) {
        report.fail("creating and destroying a stream failed: %s", take_message().c_str());
    }
    return stream;
}

}  // namespace aclemu::fuzz
