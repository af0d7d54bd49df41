// The running block (block_api.h): its state per thread, its failure, the checks and printf.
#include "launch_record.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

thread_local int64_t block_idx = 0;
thread_local int64_t block_num = 0;

namespace aclemu::ascendc::detail {

namespace {

thread_local BlockState* t_block = nullptr;

/// Thrown by fail_block, caught by LaunchRecord::run_block.
struct BlockFailure {
    std::string what;
};

LaunchRecord* launch_of(BlockState* block) {
    return block != nullptr ? static_cast<LaunchRecord*>(block->launch) : nullptr;
}

}  // namespace

bool strict_checks() {
    static const bool strict = [] {
        const char* value = std::getenv("ACLEMU_ASCENDC_STRICT");
        return value != nullptr && value[0] != '\0' && std::strcmp(value, "0") != 0;
    }();
    return strict;
}

void set_current_block(BlockState* state) noexcept {
    t_block = state;
    block_idx = state != nullptr ? state->index : 0;
    block_num = state != nullptr ? state->count : 0;
}

BlockState* current_block_on_host() noexcept {
    return t_block;
}

void fail_block_on_host(const char* api, const char* what) {
    BlockState* block = t_block;
    std::string text = std::string(api) + ": " + what;
    if (block == nullptr) {
        std::fprintf(stderr, "aclemu: Ascend C %s (outside a kernel)\n", text.c_str());
        std::abort();
    }
    throw BlockFailure{std::move(text)};
}

void report_check_on_host(const char* api, const char* what) {
    BlockState* block = t_block;
    if (strict_checks()) {
        fail_block(api, what);
    }
    LaunchRecord* launch = launch_of(block);
    if (launch == nullptr) {
        std::fprintf(stderr, "aclemu: Ascend C check: %s: %s\n", api, what);
        return;
    }
    if (launch->first_report(api)) {
        std::fprintf(stderr,
                     "aclemu: Ascend C check: kernel %s, block %lld, %s: %s (reported once per "
                     "launch; ACLEMU_ASCENDC_STRICT=1 makes it an error)\n",
                     block->kernel,
                     static_cast<long long>(block->index),
                     api,
                     what);
    }
}

void block_print_text_on_host(const char* text, size_t length) {
    LaunchRecord* launch = launch_of(t_block);
    if (launch == nullptr) {
        std::fwrite(text, 1, length, stdout);
        return;
    }
    launch->output(t_block->index).append(text, length);
}

void block_printf_on_host(const char* format, const PrintArg* args, size_t count) {
    std::string out;
    size_t next = 0;
    char buffer[512];
    for (const char* p = format; *p != '\0'; ++p) {
        if (*p != '%') {
            out.push_back(*p);
            continue;
        }
        if (p[1] == '%') {
            out.push_back('%');
            ++p;
            continue;
        }
        // %[flags][width][.precision][length]conversion
        const char* spec_start = p;
        std::string spec = "%";
        ++p;
        while (*p != '\0' && std::strchr("-+ #0", *p) != nullptr) {
            spec.push_back(*p++);
        }
        while (*p >= '0' && *p <= '9') {
            spec.push_back(*p++);
        }
        if (*p == '.') {
            spec.push_back(*p++);
            while (*p >= '0' && *p <= '9') {
                spec.push_back(*p++);
            }
        }
        while (*p != '\0' && std::strchr("hlLqjzt", *p) != nullptr) {
            ++p;  // every integer is printed from its widened value
        }
        const char conversion = *p;
        if (conversion == '\0' || next >= count) {
            out.append(spec_start,
                       conversion == '\0' ? std::strlen(spec_start) : p - spec_start + 1);
            if (conversion == '\0') {
                break;
            }
            continue;
        }
        const PrintArg& arg = args[next++];
        int n = 0;
        switch (conversion) {
            case 'd':
            case 'i':
                spec += "lld";
                n = std::snprintf(
                    buffer,
                    sizeof buffer,
                    spec.c_str(),
                    arg.kind == PrintArg::Floating ? static_cast<long long>(arg.f) : arg.i);
                break;
            case 'u':
            case 'x':
            case 'X':
            case 'o':
                spec += "ll";
                spec.push_back(conversion);
                n = std::snprintf(buffer,
                                  sizeof buffer,
                                  spec.c_str(),
                                  arg.kind == PrintArg::Floating
                                      ? static_cast<unsigned long long>(arg.f)
                                      : arg.u);
                break;
            case 'f':
            case 'F':
            case 'e':
            case 'E':
            case 'g':
            case 'G':
            case 'a':
            case 'A':
                spec.push_back(conversion);
                n = std::snprintf(buffer,
                                  sizeof buffer,
                                  spec.c_str(),
                                  arg.kind == PrintArg::Floating ? arg.f
                                  : arg.kind == PrintArg::Signed ? static_cast<double>(arg.i)
                                                                 : static_cast<double>(arg.u));
                break;
            case 'c':
                spec.push_back('c');
                n = std::snprintf(buffer, sizeof buffer, spec.c_str(), static_cast<int>(arg.i));
                break;
            case 's':
                spec.push_back('s');
                n = std::snprintf(
                    buffer,
                    sizeof buffer,
                    spec.c_str(),
                    arg.kind == PrintArg::String && arg.s != nullptr ? arg.s : "(null)");
                break;
            case 'p':
                spec.push_back('p');
                n = std::snprintf(buffer, sizeof buffer, spec.c_str(), arg.p);
                break;
            default:
                out.append(spec_start, p - spec_start + 1);
                continue;
        }
        if (n > 0) {
            out.append(buffer, std::min<size_t>(static_cast<size_t>(n), sizeof buffer - 1));
        }
    }
    block_print_text(out.data(), out.size());
}

void sync_all_blocks_on_host(const char* api) {
    BlockState* mine = t_block;
    LaunchRecord* launch = launch_of(mine);
    if (launch == nullptr) {
        return;
    }
    if (launch->concurrent < launch->blocks()) {
        fail_block(api,
                   "the launch has more blocks than the emulated SoC's vector cores, so they "
                   "cannot all wait at the barrier (the NPU hangs)");
    }
    const bool passed =
        launch->barrier != nullptr ? launch->barrier(*launch) : launch->barrier_wait();
    if (!passed) {
        set_current_block(mine);
        fail_block(api, "another block failed or finished without reaching SyncAll");
    }
    set_current_block(mine);  // a fiber switch may have run other blocks on this thread
}

// ---- LaunchRecord ------------------------------------------------------------------------------

LaunchRecord::LaunchRecord(
    std::string name, uint32_t blocks, void* closure, BlockEntry entry, ClosureDeleter deleter)
    : name_(std::move(name)),
      blocks_(blocks),
      closure_(closure),
      entry_(entry),
      deleter_(deleter),
      output_(blocks) {}

LaunchRecord::~LaunchRecord() {
    deleter_(closure_);
}

void LaunchRecord::run_block(int64_t index, uint8_t* ub) {
    BlockState state;
    state.kernel = name_.c_str();
    state.index = index;
    state.count = blocks_;
    state.ub = ub;
    state.ub_size = kUbBytes;
    state.launch = this;
    set_current_block(&state);
    try {
        entry_(closure_);
    } catch (const BlockFailure& failure) {
        record_failure(index, failure.what);
    }
    set_current_block(nullptr);
    block_finished();
}

void LaunchRecord::record_failure(int64_t block, const std::string& what) {
    std::lock_guard<std::mutex> lock(mu_);
    if (failed_block_ < 0 || block < failed_block_) {
        failed_block_ = block;
        failure_ = what;
    }
    barrier_broken_ = true;
    barrier_open_.notify_all();
}

bool LaunchRecord::first_report(const std::string& api) {
    std::lock_guard<std::mutex> lock(mu_);
    return reported_.insert(api).second;
}

bool LaunchRecord::barrier_wait() {
    std::unique_lock<std::mutex> lock(mu_);
    if (barrier_broken_ || finished_ > 0) {
        barrier_broken_ = true;
        barrier_open_.notify_all();
        return false;
    }
    const uint64_t generation = generation_;
    if (++arrived_ == blocks_) {
        arrived_ = 0;
        ++generation_;
        barrier_open_.notify_all();
        return true;
    }
    barrier_open_.wait(lock, [&] { return generation_ != generation || barrier_broken_; });
    return generation_ != generation;
}

void LaunchRecord::block_finished() {
    std::lock_guard<std::mutex> lock(mu_);
    ++finished_;
    if (arrived_ > 0) {  // blocks wait at a barrier this one never reached
        barrier_broken_ = true;
        barrier_open_.notify_all();
    }
}

bool LaunchRecord::finish(const rt::StreamTarget& target) {
    for (const std::string& text : output_) {
        std::fwrite(text.data(), 1, text.size(), stdout);
    }
    std::fflush(stdout);
    const bool failed = failed_block_ >= 0;
    if (failed) {
        const std::string message = "Ascend C kernel " + name_ + " failed in block "
                                    + std::to_string(failed_block_) + ": " + failure_;
        std::fprintf(stderr, "aclemu: %s\n", message.c_str());
        rt::fail_stream_task(target, ACL_ERROR_RT_VECTOR_CORE_EXCEPTION, message);
    }
    start_over();
    return !failed;
}

void LaunchRecord::start_over() {
    std::lock_guard<std::mutex> lock(mu_);
    failed_block_ = -1;
    failure_.clear();
    reported_.clear();
    arrived_ = 0;
    finished_ = 0;
    barrier_broken_ = false;
    for (std::string& text : output_) {
        text.clear();
    }
}

}  // namespace aclemu::ascendc::detail
