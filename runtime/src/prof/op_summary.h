// The per-operator summary aclprofStop writes next to the timeline: how many times each kernel
// ran on a device and for how long, and the same for the host calls (aclnn, acl, mstx ranges),
// from the events the trace recorded between aclprofStart and aclprofStop.
#pragma once

#include "observe/trace_recorder.h"

#include <cstdint>
#include <map>
#include <string>

namespace aclemu::rt::prof {

/// Count and times (nanoseconds) of one name.
struct OpStats {
    uint64_t count = 0;
    int64_t total_ns = 0;
    int64_t min_ns = 0;
    int64_t max_ns = 0;
};

/// Rows by (kind, name); kind is "kernel" (a task on a device stream, named after the aclnn
/// call that launched it), "aclnn" or "acl" (host calls) or "mstx" (a program's range).
using Summary = std::map<std::pair<std::string, std::string>, OpStats>;

/// The slices in `contents` that began at or after `since_ns` (steady_ns()).
Summary summarize(const observe::trace::Contents& contents, int64_t since_ns);

/// Writes op_summary.csv (kind,name,count,total_us,mean_us,min_us,max_us) and op_summary.txt
/// (the same as an aligned table) into the directory `dir_fd`; false with `*error` set.
bool write_summary(int dir_fd, const Summary& summary, std::string* error);

}  // namespace aclemu::rt::prof
