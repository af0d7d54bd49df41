// The one profiling session of the process: the directory of aclprofInit, and what
// aclprofStart started (the timeline recording, the time the summary counts from).
//
// The timeline is the ACLEMU_TRACE recorder (observe/trace_recorder.h): aclprofStart records
// into <dir>/aclemu_timeline.json unless ACLEMU_TRACE already records (then the timeline stays
// there and only the summary goes into <dir>); aclprofStop writes the timeline and
// op_summary.{csv,txt} (op_summary.h).
#pragma once

#include "acl/acl_prof.h"

#include <cstdint>
#include <string>
#include <vector>

namespace aclemu::rt::prof {

/// The file names aclprofStop writes into the directory.
inline constexpr const char* kTimelineFile = "aclemu_timeline.json";

aclError init(const std::string& dir);
/// aclprofWarmup: prepares a start (nothing to prepare here); ACL_ERROR_PROF_API_CONFLICT once
/// profiling runs.
aclError warmup(const aclprofConfig& config);
aclError start(const aclprofConfig& config);
aclError stop(const aclprofConfig& config);
aclError finalize();
/// aclprofSetConfig's precondition: ACL_ERROR_PROF_NOT_RUN before aclprofInit.
aclError require_initialized();

}  // namespace aclemu::rt::prof
