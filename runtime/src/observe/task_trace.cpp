// TaskTrace (aclemu/observe.h): a task's record from the thread that enqueues it to the
// recorder (trace_recorder.h).
#include "aclemu/observe.h"
#include "observe/trace_json.h"
#include "observe/trace_recorder.h"
#include "runtime_state.h"

namespace aclemu::observe {
namespace {

// Links the record to the watched call that enqueues it: the flow arrow's start, and its name.
void note_caller(trace::Recorder& recorder, detail::TaskRecord* record) {
    const CallScope* call = current_call();
    if (call == nullptr || (call->watched() & kTrace) == 0) {
        return;
    }
    record->host_tid = recorder.host_track().tid;
    record->enqueued_ns = steady_ns();
    trace::append_arg(&record->args, "call", std::string(call->api()));
}

std::unique_ptr<detail::TaskRecord> new_record(trace::Recorder& recorder,
                                               TaskKind kind,
                                               const char* name,
                                               trace::Track track) {
    auto record = std::make_unique<detail::TaskRecord>();
    record->session = recorder.session();
    record->kind = kind;
    record->name = name;
    record->pid = track.pid;
    record->tid = track.tid;
    note_caller(recorder, record.get());
    return record;
}

}  // namespace

TaskTrace::TaskTrace() noexcept = default;
TaskTrace::TaskTrace(TaskTrace&& other) noexcept = default;
TaskTrace& TaskTrace::operator=(TaskTrace&& other) noexcept = default;
TaskTrace::~TaskTrace() = default;

TaskTrace::TaskTrace(const std::shared_ptr<rt::Stream>& stream,
                     TaskKind kind,
                     const char* name) noexcept {
    if ((watchers() & kTrace) == 0 || stream == nullptr) {
        return;
    }
    try {
        trace::Recorder& recorder = trace::Recorder::instance();
        record_ = new_record(recorder, kind, name, recorder.stream_track(stream));
        record_->stream = stream;
    } catch (...) {
        record_.reset();  // out of memory: the task goes unrecorded
    }
}

TaskTrace TaskTrace::synchronous(TaskKind kind, const char* name) noexcept {
    TaskTrace task;
    if ((watchers() & kTrace) == 0) {
        return task;
    }
    try {
        trace::Recorder& recorder = trace::Recorder::instance();
        task.record_ = new_record(
            recorder, kind, name, recorder.sync_track(rt::runtime().current_device_or_none()));
    } catch (...) {
        task.record_.reset();
    }
    return task;
}

void TaskTrace::arg(const char* key, const std::string& value) noexcept {
    if (record_ == nullptr) {
        return;
    }
    try {
        trace::append_arg(&record_->args, key, value);
    } catch (...) {
        // Out of memory: the argument is left out.
    }
}

void TaskTrace::arg(const char* key, uint64_t value) noexcept {
    if (record_ == nullptr) {
        return;
    }
    try {
        trace::append_arg(&record_->args, key, static_cast<int64_t>(value));
    } catch (...) {
        // Out of memory: the argument is left out.
    }
}

void TaskTrace::mark(bool after, bool enqueued) noexcept {
    try {
        rt::Backend* backend = rt::runtime().existing_backend();
        const rt::Stream* stream = record_->stream.get();
        std::shared_ptr<rt::StreamMark> mark;
        if (!enqueued || backend == nullptr || stream == nullptr || !stream->impl
            || (after && record_->before == nullptr)
            || backend->streams().mark_stream(stream->impl.get(), &mark) != ACL_SUCCESS) {
            record_.reset();
            return;
        }
        if (!after) {
            record_->before = std::move(mark);
            return;
        }
        record_->after = std::move(mark);
        record_->stream.reset();
        trace::Recorder::instance().add_pending(std::move(record_));
    } catch (...) {
        record_.reset();
    }
}

void TaskTrace::ran(int64_t begin_ns, int64_t end_ns) noexcept {
    if (record_ == nullptr) {
        return;
    }
    record_->begin_ns = begin_ns;
    record_->end_ns = end_ns;
    record_->stream.reset();
    try {
        trace::Recorder::instance().add_task(std::move(record_));
    } catch (...) {
        record_.reset();
    }
}

}  // namespace aclemu::observe
