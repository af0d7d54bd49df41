// take_recent_error (error_message.h).
#include "support/error_message.h"

#include "acl/acl.h"

namespace aclemu::test {

std::string take_recent_error() {
    const char* message = aclGetRecentErrMsg();
    return message != nullptr ? std::string(message) : std::string();
}

}  // namespace aclemu::test
