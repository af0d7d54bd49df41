#include "prof/op_summary.h"

#include "files/private_file.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>

namespace aclemu::rt::prof {
namespace {

// The row kind of a slice: its category (host calls "acl", "aclnn", "mstx"; tasks on a
// stream "kernel", "memcpy", "memset", "event record", ...); nullptr for none.
const char* kind_of(const observe::trace::Event& event) {
    return event.category != nullptr && *event.category != '\0' ? event.category : nullptr;
}

double us(int64_t ns) {
    return static_cast<double>(ns) / 1000.0;
}

bool close_checked(std::FILE* file, const char* name, std::string* error) {
    const bool ok = std::ferror(file) == 0;
    if (std::fclose(file) != 0 || !ok) {
        *error = std::string("cannot write ") + name;
        return false;
    }
    return true;
}

// A row's numbers, laid out by `format`: the count, then total, mean, min and max in us.
void print_times(std::FILE* file, const char* format, const OpStats& stats) {
    std::fprintf(file,
                 format,
                 stats.count,
                 us(stats.total_ns),
                 us(stats.total_ns) / static_cast<double>(stats.count),
                 us(stats.min_ns),
                 us(stats.max_ns));
}

}  // namespace

Summary summarize(const observe::trace::Contents& contents, int64_t since_ns) {
    Summary summary;
    for (const auto& event : contents.events) {
        const char* kind = kind_of(event);
        if (event.phase != 'X' || kind == nullptr || event.ts_ns < since_ns) {
            continue;
        }
        OpStats& stats = summary[{kind, event.name}];
        stats.min_ns = stats.count == 0 ? event.dur_ns : std::min(stats.min_ns, event.dur_ns);
        stats.max_ns = std::max(stats.max_ns, event.dur_ns);
        stats.total_ns += event.dur_ns;
        ++stats.count;
    }
    return summary;
}

bool write_summary(int dir_fd, const Summary& summary, std::string* error) {
    std::FILE* csv = files::open_private_file(dir_fd, "op_summary.csv", false, error);
    if (csv == nullptr) {
        return false;
    }
    std::fprintf(csv, "kind,name,count,total_us,mean_us,min_us,max_us\n");
    size_t width = 4;
    for (const auto& [key, stats] : summary) {
        width = std::max(width, key.second.size());
        // Names are API and kernel names; a program's mstx message is quoted as CSV asks.
        std::string name = key.second;
        if (name.find_first_of(",\"\n") != std::string::npos) {
            std::string quoted = "\"";
            for (char c : name) {
                quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
            }
            name = quoted + "\"";
        }
        std::fprintf(csv, "%s,%s,", key.first.c_str(), name.c_str());
        print_times(csv, "%" PRIu64 ",%.3f,%.3f,%.3f,%.3f\n", stats);
    }
    if (!close_checked(csv, "op_summary.csv", error)) {
        return false;
    }
    std::FILE* txt = files::open_private_file(dir_fd, "op_summary.txt", false, error);
    if (txt == nullptr) {
        return false;
    }
    const int w = static_cast<int>(std::min<size_t>(width, 80));
    std::fprintf(txt,
                 "%-13s  %-*s  %8s  %14s  %12s  %12s  %12s\n",
                 "kind",
                 w,
                 "name",
                 "count",
                 "total (us)",
                 "mean (us)",
                 "min (us)",
                 "max (us)");
    for (const auto& [key, stats] : summary) {
        std::string name = key.second;
        std::replace(name.begin(), name.end(), '\n', ' ');
        std::fprintf(txt, "%-13s  %-*s  ", key.first.c_str(), w, name.c_str());
        print_times(txt, "%8" PRIu64 "  %14.3f  %12.3f  %12.3f  %12.3f\n", stats);
    }
    return close_checked(txt, "op_summary.txt", error);
}

}  // namespace aclemu::rt::prof
