// Process snapshots (device/api_snapshot.cpp): what aclFinalize ends.
#pragma once

namespace aclemu::rt {

/// aclFinalize: the process is running again and the last backup is dropped (its blocks are
/// freed); registered callbacks stay, as CANN's are process-wide.
void forget_snapshots();

}  // namespace aclemu::rt
