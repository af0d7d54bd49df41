// Writing the ACLEMU_TRACE file (trace_json.h).
#include "observe/trace_json.h"

#include "files/private_file.h"

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <map>

namespace aclemu::observe::trace {
namespace {

// JSON string contents: quotes, backslashes and control characters escaped; bytes outside
// ASCII become '?', so a stray non-UTF-8 byte cannot make the file unreadable.
void append_escaped(std::string* out, const std::string& text) {
    out->push_back('"');
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out->push_back('\\');
            out->push_back(c);
        } else if (byte < 0x20) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\u%04x", byte);
            out->append(escaped);
        } else {
            out->push_back(byte < 0x80 ? c : '?');
        }
    }
    out->push_back('"');
}

std::string quoted(const std::string& text) {
    std::string out;
    append_escaped(&out, text);
    return out;
}

// Microseconds since the origin, to the nanosecond; never negative.
std::string micros(int64_t ns) {
    char text[32];
    ns = std::max<int64_t>(ns, 0);
    std::snprintf(text, sizeof text, "%" PRId64 ".%03d", ns / 1000, static_cast<int>(ns % 1000));
    return text;
}

class Writer {
public:
    explicit Writer(std::FILE* file) : file_(file) {}

    // One element of traceEvents: `{...}` with the comma before every element but the first.
    void element(const std::string& body) {
        std::fputs(first_ ? "\n{" : ",\n{", file_);
        std::fputs(body.c_str(), file_);
        std::fputc('}', file_);
        first_ = false;
    }

private:
    std::FILE* file_;
    bool first_ = true;
};

std::string metadata(const char* what, int32_t pid, const int32_t* tid, const std::string& value) {
    std::string body =
        "\"ph\":\"M\",\"name\":\"" + std::string(what) + "\",\"pid\":" + std::to_string(pid);
    if (tid != nullptr) {
        body += ",\"tid\":" + std::to_string(*tid);
    }
    body += ",\"args\":{\"name\":" + quoted(value) + "}";
    return body;
}

std::string sort_index(const char* what, int32_t pid, const int32_t* tid, int index) {
    std::string body =
        "\"ph\":\"M\",\"name\":\"" + std::string(what) + "\",\"pid\":" + std::to_string(pid);
    if (tid != nullptr) {
        body += ",\"tid\":" + std::to_string(*tid);
    }
    body += ",\"args\":{\"sort_index\":" + std::to_string(index) + "}";
    return body;
}

std::string event_body(const Event& event, int64_t origin_ns) {
    std::string body = "\"ph\":\"";
    body += event.phase;
    body += "\",\"pid\":" + std::to_string(event.pid) + ",\"tid\":" + std::to_string(event.tid)
            + ",\"ts\":" + micros(event.ts_ns - origin_ns);
    if (event.phase == 'X') {
        body += ",\"dur\":" + micros(event.dur_ns);
    }
    if (event.phase == 'i') {
        body += ",\"s\":\"t\"";
    }
    body += ",\"cat\":" + quoted(event.category) + ",\"name\":" + quoted(event.name);
    if (event.phase == 's' || event.phase == 'f') {
        body += ",\"id\":" + std::to_string(event.flow);
        if (event.phase == 'f') {
            body += ",\"bp\":\"e\"";
        }
    }
    if (!event.args.empty()) {
        body += ",\"args\":{" + event.args + "}";
    }
    return body;
}

}  // namespace

void append_arg(std::string* args, const char* key, const std::string& value) {
    if (!args->empty()) {
        args->push_back(',');
    }
    append_escaped(args, key);
    args->push_back(':');
    append_escaped(args, value);
}

void append_arg(std::string* args, const char* key, int64_t value) {
    if (!args->empty()) {
        args->push_back(',');
    }
    append_escaped(args, key);
    args->push_back(':');
    args->append(std::to_string(value));
}

bool write_file(const std::string& path, Contents& contents, std::string* error) {
    // Never through a symbolic link, only a file of this user (files/private_file.h).
    std::FILE* file = files::open_private_file(AT_FDCWD, path, false, error);
    if (file == nullptr) {
        return false;
    }
    Writer out(file);
    std::fputs("{\"traceEvents\":[", file);

    out.element(metadata("process_name", contents.host_pid, nullptr, contents.host_name));
    out.element(sort_index("process_sort_index", contents.host_pid, nullptr, 0));
    int device_index = 1;
    for (const auto& [pid, name] : contents.devices) {
        out.element(metadata("process_name", pid, nullptr, name));
        out.element(sort_index("process_sort_index", pid, nullptr, device_index++));
    }
    for (const auto& [tid, track] : contents.tracks) {
        out.element(metadata("thread_name", track.pid, &tid, track.name));
        out.element(sort_index("thread_sort_index", track.pid, &tid, track.sort));
    }

    // By track, then time; at one time slices first, the longer (enclosing) one first, so
    // nested calls and the flows that start in them bind to the right slice.
    std::stable_sort(
        contents.events.begin(), contents.events.end(), [](const Event& a, const Event& b) {
            if (a.pid != b.pid) {
                return a.pid < b.pid;
            }
            if (a.tid != b.tid) {
                return a.tid < b.tid;
            }
            if (a.ts_ns != b.ts_ns) {
                return a.ts_ns < b.ts_ns;
            }
            if ((a.phase == 'X') != (b.phase == 'X')) {
                return a.phase == 'X';
            }
            return a.dur_ns > b.dur_ns;
        });
    std::map<std::pair<int32_t, int32_t>, int64_t> track_end;  // device tracks: last slice's end
    for (const Event& recorded : contents.events) {
        Event event = recorded;
        if (event.phase == 'X' && event.pid != contents.host_pid) {
            int64_t& end = track_end[{event.pid, event.tid}];
            const int64_t stop = event.ts_ns + event.dur_ns;
            event.ts_ns = std::max(event.ts_ns, end);
            event.dur_ns = std::max<int64_t>(stop - event.ts_ns, 0);
            end = event.ts_ns + event.dur_ns;
        }
        out.element(event_body(event, contents.origin_ns));
        if (event.phase == 'X' && event.flow != 0) {
            // The flow ends inside the slice it points at.
            Event arrow;
            arrow.phase = 'f';
            arrow.pid = event.pid;
            arrow.tid = event.tid;
            arrow.ts_ns = event.ts_ns + event.dur_ns / 2;
            arrow.category = "flow";
            arrow.name = "enqueue";
            arrow.flow = event.flow;
            out.element(event_body(arrow, contents.origin_ns));
        }
    }

    std::string other;
    append_arg(&other, "producer", std::string("aclemu (ACLEMU_TRACE)"));
    append_arg(&other,
               "clock",
               std::string("host steady clock; ts in microseconds since aclInit; GPU tasks mapped "
                           "from timing events (docs/profiling.md)"));
    append_arg(&other, "dropped_events", static_cast<int64_t>(contents.dropped));
    append_arg(&other, "unresolved_tasks", static_cast<int64_t>(contents.unresolved));
    std::fprintf(file, "\n],\"displayTimeUnit\":\"ns\",\"otherData\":{%s}}\n", other.c_str());

    const bool failed = std::ferror(file) != 0;
    const int saved = errno;
    const bool closed = std::fclose(file) == 0;
    if (failed || !closed) {
        *error = std::strerror(failed ? saved : errno);
        return false;
    }
    return true;
}

}  // namespace aclemu::observe::trace
