// aclemu/dump.h: what each aclnn operator's phase 2 reports, turned into the files (or callback
// chunks) and argument lines the dump configuration asks for. A dump never fails the operator:
// what cannot be written is a WARNING (module ASCENDCL).
#include "aclemu/dump.h"
#include "aclemu/log.h"
#include "dump/dump_state.h"
#include "dump/npy_file.h"
#include "dump/tensor_reader.h"
#include "files/private_file.h"
#include "runtime_state.h"

#include <algorithm>
#include <cinttypes>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <unistd.h>

namespace aclemu::dump {
namespace detail {
std::atomic<bool> g_active{false};
}

namespace {

using rt::dump::ChunkCallback;

// The sequence number of the operator this thread is running (before_op to after_op); 0: its
// tensors are not dumped.
thread_local uint64_t t_seq = 0;

// A copy of what one operator's dump needs, taken under the state's mutex.
struct Target {
    std::string root;     // dump_path
    std::string run_dir;  // <time>
    ChunkCallback callback = nullptr;
};

void warn(const std::string& text) {
    ACLEMU_LOG(Runtime, Warning, "dump: %s", text.c_str());
}

std::string dims_text(const int64_t* values, size_t n) {
    std::string text = "[";
    for (size_t i = 0; i < n; ++i) {
        text += (i > 0 ? "," : "") + std::to_string(values[i]);
    }
    return text + "]";
}

std::string tensor_name(const TensorView& view, const char* role, size_t index) {
    return view.name != nullptr ? view.name : std::string(role) + std::to_string(index);
}

// Hands `bytes` to the callback in chunks (bufLen is 32-bit).
void deliver_chunks(ChunkCallback callback, const std::string& path, const std::string& bytes) {
    constexpr size_t kChunk = size_t{64} << 20;
    size_t at = 0;
    do {
        const size_t n = std::min(kChunk, bytes.size() - at);
        // CANN counts the whole struct (with its tail padding) before the data in the length it
        // passes: sizeof(acldumpChunk) + bufLen; the data itself starts at dataBuf.
        constexpr size_t kHead = offsetof(acldumpChunk, dataBuf);
        const size_t length = sizeof(acldumpChunk) + n;
        std::unique_ptr<uint8_t[]> memory(new uint8_t[length]());
        auto* chunk = reinterpret_cast<acldumpChunk*>(memory.get());
        std::snprintf(chunk->fileName, sizeof(chunk->fileName), "%s", path.c_str());
        chunk->bufLen = static_cast<uint32_t>(n);
        chunk->offset = static_cast<int64_t>(at);
        chunk->isLastChunk = at + n == bytes.size() ? 1 : 0;
        chunk->flag = 0;
        std::memcpy(memory.get() + kHead, bytes.data() + at, n);
        if (callback(chunk, static_cast<int32_t>(length)) != 0) {
            warn("the dump callback refused " + path);
            return;
        }
        at += n;
    } while (at < bytes.size());
}

// One operator's tensors of one role ("input" or "output"), as dump_tensors and write_args_line
// read them.
struct OpTensors {
    const char* api;
    uint64_t seq;
    const rt::StreamTarget& stream;
    const char* role;
    const TensorView* views;
    size_t count;
};

void write_file(const Target& target,
                const std::string& device_dir,
                const std::string& name,
                const std::string& bytes) {
    if (target.callback != nullptr) {
        deliver_chunks(target.callback,
                       target.root + "/" + target.run_dir + "/" + device_dir + "/" + name,
                       bytes);
        return;
    }
    std::string error;
    const int dir_fd = files::open_private_directory(
        target.root, {target.run_dir.c_str(), device_dir.c_str()}, &error);
    if (dir_fd < 0) {
        warn("cannot make the dump directory under " + target.root + ": " + error);
        return;
    }
    std::FILE* file = files::open_private_file(dir_fd, name, false, &error);
    ::close(dir_fd);
    if (file == nullptr) {
        warn("cannot open " + name + ": " + error);
        return;
    }
    const bool ok = std::fwrite(bytes.data(), 1, bytes.size(), file) == bytes.size();
    if (std::fclose(file) != 0 || !ok) {
        warn("cannot write " + name);
    }
}

void dump_tensors(const Target& target, const OpTensors& op) {
    const auto& [api, seq, stream, role, views, count] = op;
    rt::Backend* backend = rt::runtime().existing_backend();
    if (backend == nullptr || !stream.stream) {
        return;
    }
    // The tensors hold what the operator reads (or wrote) once the stream is done.
    rt::WaitResult waited = rt::WaitResult::Done;
    if (backend->streams().synchronize_stream(stream.stream->impl.get(), -1, &waited) != 0) {
        warn(std::string("cannot wait for the stream of ") + api);
        return;
    }
    const std::string device_dir = std::to_string(stream.device);
    for (size_t i = 0; i < count; ++i) {
        const TensorView& view = views[i];
        if (view.data == nullptr) {
            continue;  // an absent optional tensor
        }
        const std::string descr = rt::dump::npy_descr(view.dtype);
        const size_t element_bytes = aclDataTypeSize(static_cast<aclDataType>(view.dtype));
        if (descr.empty() || element_bytes == 0) {
            warn(std::string(api) + " " + tensor_name(view, role, i) + ": data type "
                 + std::to_string(view.dtype) + " has no whole-byte element; not dumped");
            continue;
        }
        std::vector<uint8_t> payload;
        std::string error;
        if (!rt::dump::read_view(*backend, view, element_bytes, &payload, &error)) {
            warn(std::string(api) + " " + tensor_name(view, role, i) + ": " + error);
            continue;
        }
        std::string bytes = rt::dump::npy_header(descr, view.dims, view.rank);
        bytes.append(reinterpret_cast<const char*>(payload.data()), payload.size());
        const std::string name = std::string(api) + "." + std::to_string(seq) + "." + role + "."
                                 + std::to_string(i) + ".npy";
        write_file(target, device_dir, name, bytes);
    }
}

void write_args_line(std::FILE* file, const OpTensors& op) {
    const auto& [api, seq, stream, role, views, count] = op;
    for (size_t i = 0; i < count; ++i) {
        const TensorView& view = views[i];
        std::fprintf(file,
                     "%" PRIu64
                     " %s device=%d stream=%p %s %zu %s dtype=%d format=%d shape=%s "
                     "strides=%s offset=%" PRId64 " addr=%p\n",
                     seq,
                     api,
                     stream.device,
                     stream.handle,
                     role,
                     i,
                     tensor_name(view, role, i).c_str(),
                     view.dtype,
                     view.format,
                     dims_text(view.dims, view.rank).c_str(),
                     dims_text(view.strides, view.rank).c_str(),
                     view.offset,
                     view.data);
    }
}

}  // namespace

void before_op(const char* api,
               const rt::StreamTarget& stream,
               const TensorView* inputs,
               size_t input_count,
               const TensorView* outputs,
               size_t output_count) noexcept {
    t_seq = 0;
    try {
        rt::dump::State& s = rt::dump::state();
        Target target;
        bool inputs_wanted = false;
        uint64_t seq = 0;
        {
            std::lock_guard<std::mutex> lock(s.mu);
            const bool tensors = s.initialized && s.config.enabled && s.config.selects(api);
            if (!tensors && s.args_file == nullptr) {
                return;
            }
            seq = s.next_seq++;
            if (s.args_file != nullptr) {
                write_args_line(s.args_file, {api, seq, stream, "input", inputs, input_count});
                write_args_line(s.args_file, {api, seq, stream, "output", outputs, output_count});
                std::fflush(s.args_file);
            }
            if (!tensors) {
                return;
            }
            target = Target{s.config.path, s.run_dir, s.callback};
            inputs_wanted = s.config.inputs;
            t_seq = s.config.outputs ? seq : 0;
        }
        if (inputs_wanted) {
            dump_tensors(target, {api, seq, stream, "input", inputs, input_count});
        }
    } catch (...) {
        warn(std::string("cannot dump the inputs of ") + api);
    }
}

void after_op(const char* api,
              const rt::StreamTarget& stream,
              const TensorView* outputs,
              size_t output_count) noexcept {
    const uint64_t seq = t_seq;
    t_seq = 0;
    if (seq == 0) {
        return;
    }
    try {
        rt::dump::State& s = rt::dump::state();
        Target target;
        {
            std::lock_guard<std::mutex> lock(s.mu);
            if (!s.initialized || !s.config.enabled) {
                return;
            }
            target = Target{s.config.path, s.run_dir, s.callback};
        }
        dump_tensors(target, {api, seq, stream, "output", outputs, output_count});
    } catch (...) {
        warn(std::string("cannot dump the outputs of ") + api);
    }
}

}  // namespace aclemu::dump
