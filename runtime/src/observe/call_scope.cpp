// CallScope: the thread's current call, and what its watchers get from it: an NVTX range from
// entry to return; at return a DEBUG line and a slice on the thread's ACLEMU_TRACE track, both
// with the arguments, the facts noted during the call, the result and the time taken.
#include "aclemu/log.h"
#include "aclemu/observe.h"
#include "observe/nvtx_ranges.h"
#include "observe/trace_json.h"
#include "observe/trace_recorder.h"
#include "observe/watchers.h"

#include <cstdarg>
#include <cstdio>
#include <string>

namespace aclemu::observe {
namespace {

thread_local CallScope* tl_current = nullptr;

log::Module module_of(CallKind kind) {
    return kind == CallKind::Aclnn ? log::Module::Op : log::Module::AscendCL;
}

RangeKind range_of(CallKind kind) {
    return kind == CallKind::Aclnn ? RangeKind::Aclnn : RangeKind::Runtime;
}

}  // namespace

CallScope::CallScope(const char* api,
                     CallKind kind,
                     const char* file,
                     int line,
                     DescribeArgs describe,
                     const void* context) noexcept
    : api_(api),
      file_(file),
      line_(line),
      kind_(kind),
      describe_(describe),
      context_(context),
      outer_(tl_current) {
    tl_current = this;
    const uint32_t watching = watchers();
    if (watching != 0) {
        watched_ = watching;
        open();
    }
}

CallScope::~CallScope() {
    if (watched_ != 0) {
        close();
    }
    tl_current = outer_;
}

void CallScope::open() noexcept {
    begin_ns_ = steady_ns();
    if ((watched_ & kNvtx) == 0) {
        return;
    }
    try {
        // NVTX shows the message as the range's name: the API, then for aclnn calls the
        // tensors' dtypes and shapes.
        if (describe_ == nullptr) {
            nvtx::push(range_of(kind_), api_);
            return;
        }
        std::string message = api_;
        message += '(';
        describe_(context_, true, &message);
        message += ')';
        nvtx::push(range_of(kind_), message.c_str());
    } catch (...) {
        nvtx::push(range_of(kind_), api_);  // out of memory: the name alone
    }
}

void CallScope::close() noexcept {
    if ((watched_ & kNvtx) != 0) {
        nvtx::pop();
    }
    const bool log_line =
        (watched_ & kDebugLog) != 0 && log::enabled(module_of(kind_), log::Level::Debug);
    const bool traced = (watched_ & kTrace) != 0;
    if (!log_line && !traced) {
        return;
    }
    const int64_t end_ns = steady_ns();
    try {
        std::string arguments;
        if (describe_ != nullptr) {
            describe_(context_, false, &arguments);
        }
        if (log_line) {
            std::string text = arguments;
            if (!text.empty()) {
                text += "; ";
            }
            if (!notes_.empty()) {
                text += notes_;
                text += "; ";
            }
            char tail[64];
            std::snprintf(tail,
                          sizeof tail,
                          "returned %d in %.1f us",
                          static_cast<int>(result_),
                          static_cast<double>(end_ns - begin_ns_) / 1000.0);
            text += tail;
            log::write(module_of(kind_), log::Level::Debug, file_, line_, api_, "%s", text.c_str());
        }
        if (traced) {
            std::string args;
            if (!arguments.empty()) {
                trace::append_arg(&args, "arguments", arguments);
            }
            if (!notes_.empty()) {
                trace::append_arg(&args, "facts", notes_);
            }
            trace::append_arg(&args, "result", static_cast<int64_t>(result_));
            trace::Recorder::instance().add_call(api_,
                                                 kind_ == CallKind::Aclnn ? "aclnn" : "acl",
                                                 begin_ns_,
                                                 end_ns,
                                                 std::move(args));
        }
    } catch (...) {
        // Out of memory while describing a call: the call itself is unaffected.
    }
}

const CallScope* current_call() noexcept {
    return tl_current;
}

void note(const char* format, ...) noexcept {
    CallScope* call = tl_current;
    if (call == nullptr || call->watched_ == 0) {
        return;
    }
    char text[512];
    va_list args;
    va_start(args, format);
    std::vsnprintf(text, sizeof text, format, args);
    va_end(args);
    try {
        if (!call->notes_.empty()) {
            call->notes_ += "; ";
        }
        call->notes_ += text;
    } catch (...) {
        // Out of memory: the fact is left out.
    }
}

ScopedRange::ScopedRange(RangeKind kind, const char* message) noexcept {
    if ((watchers() & kNvtx) != 0) {
        nvtx::push(kind, message);
        pushed_ = true;
    }
}

ScopedRange::~ScopedRange() {
    if (pushed_) {
        nvtx::pop();
    }
}

}  // namespace aclemu::observe
