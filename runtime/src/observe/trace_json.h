// The ACLEMU_TRACE file format: Chrome's trace-event JSON ({"traceEvents": [...]}), as Perfetto
// (ui.perfetto.dev) and chrome://tracing read it. Timestamps are microseconds since the trace's
// origin, with nanosecond decimals.
#pragma once

#include "observe/trace_recorder.h"

#include <cstdint>
#include <string>

namespace aclemu::observe::trace {

/// Appends `"key":"value"` (escaped) or `"key":value` to a list of JSON object members.
void append_arg(std::string* args, const char* key, const std::string& value);
void append_arg(std::string* args, const char* key, int64_t value);

/// Writes `contents` to `path`: the names of the processes and tracks, then the events by
/// track and time; slices on a device's track are laid end to end (a task starts no earlier
/// than the one before it ended), as the format requires. False, with `error`, when the file
/// cannot be written.
bool write_file(const std::string& path, Contents& contents, std::string* error);

}  // namespace aclemu::observe::trace
