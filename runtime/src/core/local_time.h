// Local time as text, the way CANN stamps log lines, log files and dump folders.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace aclemu {

/// `when` in local time, laid out by strftime's `format` ("%Y%m%d%H%M%S": CANN's file and folder
/// stamps). At most 31 characters.
std::string local_time_text(std::chrono::system_clock::time_point when, const char* format);

/// The part of `when` below its second, counted in `Unit` (milliseconds: 0..999).
template <class Unit>
int64_t below_second(std::chrono::system_clock::time_point when) {
    return std::chrono::duration_cast<Unit>(when.time_since_epoch() % std::chrono::seconds(1))
        .count();
}

}  // namespace aclemu
