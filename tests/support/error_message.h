// Reading the message a failed call left for aclGetRecentErrMsg, in tests:
//
//   take_recent_error();                                 // drop older messages
//   EXPECT_EQ(aclnnXxxGetWorkspaceSize(...), ACLNN_ERR_PARAM_INVALID);
//   EXPECT_THAT(take_recent_error(), HasSubstr("EZ1001: [aclnnXxx] self: dtype"));
#pragma once

#include <string>

namespace aclemu::test {

/// aclGetRecentErrMsg() as a string ("" when there is none); reading clears the messages.
/// Several messages come newest first, one per line.
std::string take_recent_error();

}  // namespace aclemu::test
