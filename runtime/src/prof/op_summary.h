// The per-operator summary aclprofStop writes next to the timeline: how many times each kernel
// and other stream task ran on a device and for how long, and the same for the host calls
// (aclnn, acl, mstx ranges),
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

/// Rows by (kind, name); kind is the slice's category in the timeline: "kernel" (a kernel on a
/// device stream, named after the aclnn call that launched it), "memcpy", "memset" and the other
/// stream tasks, "aclnn" or "acl" (host calls) or "mstx" (a program's mark or range).
using Summary = std::map<std::pair<std::string, std::string>, OpStats>;

/// The slices in `contents` that began at or after `since_ns` (steady_ns()).
Summary summarize(const observe::trace::Contents& contents, int64_t since_ns);

/// Writes op_summary.csv (kind,name,count,total_us,mean_us,min_us,max_us) and op_summary.txt
/// (the same as an aligned table) into the directory `dir_fd`; false with `*error` set.
bool write_summary(int dir_fd, const Summary& summary, std::string* error);

}  // namespace aclemu::rt::prof
