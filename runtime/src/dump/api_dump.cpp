// Entry points of acl/acl_dump.h and the dump configuration of acl/acl_mdl.h: aclmdlInitDump /
// SetDump / FinalizeDump, the chunk callback, the argument dump, acldumpGetPath. The dumping
// itself happens at each operator (dump_service.cpp).
#include "acl/acl_dump.h"
#include "acl/acl_mdl.h"

#include "aclemu/c_enum.h"
#include "aclemu/dump.h"
#include "aclemu/log.h"
#include "core/arg_checks.h"
#include "core/local_time.h"
#include "core/status.h"
#include "dump/dump_state.h"
#include "files/private_file.h"

#include <cerrno>
#include <cstring>
#include <ctime>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace aclemu::rt;

namespace aclemu::rt::dump {

State& state() {
    static auto* s = new State;  // operators may still run during exit
    return *s;
}

void refresh_active_locked(const State& s) {
    aclemu::dump::detail::g_active.store(
        (s.initialized && s.config.enabled) || s.args_file != nullptr, std::memory_order_relaxed);
}

}  // namespace aclemu::rt::dump

namespace {

constexpr size_t kMaxConfigBytes = size_t{1} << 20;

std::string time_dir_name() {
    return aclemu::local_time_text(std::chrono::system_clock::now(), "%Y%m%d%H%M%S");
}

aclError read_config_file(const char* path, std::string* text) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        return reject_arg(ACL_ERROR_INVALID_FILE,
                          "dumpCfgPath",
                          std::string(path),
                          std::string("cannot be read: ") + std::strerror(errno));
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    *text = buffer.str();
    if (text->size() > kMaxConfigBytes) {
        return reject_arg(
            ACL_ERROR_INVALID_FILE_SIZE, "dumpCfgPath", std::string(path), "is larger than 1 MiB");
    }
    return ACL_SUCCESS;
}

aclError check_args_type(uint32_t dump_type) {
    return reject_if(dump_type != ACL_OP_DUMP_OP_AICORE_ARGS,
                     "dumpType",
                     dump_type,
                     "must be ACL_OP_DUMP_OP_AICORE_ARGS (1)");
}

}  // namespace

extern "C" {

aclError aclmdlInitDump(void) {
    return api_call_init("aclmdlInitDump", []() -> aclError {
        dump::State& s = dump::state();
        std::lock_guard<std::mutex> lock(s.mu);
        if (s.initialized) {
            return fail(
                ACL_ERROR_DUMP_ALREADY_RUN,
                msg_order("aclmdlInitDump was already called; call aclmdlFinalizeDump first"));
        }
        s.initialized = true;
        s.config = dump::DumpConfig{};
        s.data_path.clear();
        dump::refresh_active_locked(s);
        return ACL_SUCCESS;
    });
}

aclError aclmdlSetDump(const char* dumpCfgPath) {
    return api_call_init("aclmdlSetDump", [&]() -> aclError {
        ACLEMU_CHECK_NOT_NULL(dumpCfgPath);
        std::string text;
        ACLEMU_TRY(read_config_file(dumpCfgPath, &text));
        dump::DumpConfig config;
        std::string error;
        if (!dump::parse_dump_config(text, &config, &error)) {
            return reject_arg(
                ACL_ERROR_INVALID_DUMP_CONFIG, "dumpCfgPath", std::string(dumpCfgPath), error);
        }
        const std::string run_dir = time_dir_name();
        if (config.enabled || !config.exception_scene.empty()) {
            // Made now, so that a path that cannot hold the dump is reported here.
            const int dir_fd = aclemu::files::open_private_directory(config.path, {}, &error);
            if (dir_fd < 0) {
                return reject_arg(ACL_ERROR_INVALID_DUMP_CONFIG, "dump_path", config.path, error);
            }
            ::close(dir_fd);
        }
        dump::State& s = dump::state();
        std::lock_guard<std::mutex> lock(s.mu);
        if (!s.initialized) {
            return fail(ACL_ERROR_DUMP_NOT_RUN, msg_order("aclmdlInitDump has not been called"));
        }
        if (config.stats_requested) {
            ACLEMU_LOG(Runtime,
                       Warning,
                       "dump: dump_data \"stats\" is not supported; aclemu dumps the tensors");
        }
        s.config = std::move(config);
        s.run_dir = run_dir;
        s.data_path = s.config.enabled ? s.config.path : std::string();
        dump::refresh_active_locked(s);
        return ACL_SUCCESS;
    });
}

aclError aclmdlFinalizeDump(void) {
    return api_call_init("aclmdlFinalizeDump", []() -> aclError {
        dump::State& s = dump::state();
        std::lock_guard<std::mutex> lock(s.mu);
        if (!s.initialized) {
            return fail(ACL_ERROR_DUMP_NOT_RUN, msg_order("aclmdlInitDump has not been called"));
        }
        s.initialized = false;
        s.from_init = false;
        s.config = dump::DumpConfig{};
        s.data_path.clear();
        dump::refresh_active_locked(s);
        return ACL_SUCCESS;
    });
}

aclError acldumpRegCallback(int32_t (*const messageCallback)(const acldumpChunk*, int32_t),
                            int32_t flag) {
    return api_call("acldumpRegCallback", [&]() -> aclError {
        ACLEMU_CHECK_NOT_NULL(messageCallback);
        static_cast<void>(flag);  // reserved
        dump::State& s = dump::state();
        std::lock_guard<std::mutex> lock(s.mu);
        s.callback = messageCallback;
        return ACL_SUCCESS;
    });
}

void acldumpUnregCallback(void) {
    api_call("acldumpUnregCallback", []() -> aclError {
        dump::State& s = dump::state();
        std::lock_guard<std::mutex> lock(s.mu);
        s.callback = nullptr;
        return ACL_SUCCESS;
    });
}

aclError aclopStartDumpArgs(uint32_t dumpType, const char* path) {
    return api_call_init("aclopStartDumpArgs", [&]() -> aclError {
        ACLEMU_TRY(check_args_type(dumpType));
        ACLEMU_CHECK_NOT_NULL(path);
        std::string error;
        const int dir_fd = aclemu::files::open_private_directory(path, {}, &error);
        if (dir_fd < 0) {
            return reject_arg(ACL_ERROR_INVALID_PARAM, "path", std::string(path), error);
        }
        const std::string name = "aclemu_op_args_" + std::to_string(::getpid()) + ".txt";
        std::FILE* file = aclemu::files::open_private_file(dir_fd, name, true, &error);
        ::close(dir_fd);
        if (file == nullptr) {
            return reject_arg(ACL_ERROR_INVALID_PARAM, "path", std::string(path), error);
        }
        dump::State& s = dump::state();
        std::lock_guard<std::mutex> lock(s.mu);
        if (s.args_file != nullptr) {
            std::fclose(s.args_file);  // a second start moves the dump to the new path
        }
        s.args_file = file;
        dump::refresh_active_locked(s);
        return ACL_SUCCESS;
    });
}

aclError aclopStopDumpArgs(uint32_t dumpType) {
    return api_call_init("aclopStopDumpArgs", [&]() -> aclError {
        ACLEMU_TRY(check_args_type(dumpType));
        dump::State& s = dump::state();
        std::lock_guard<std::mutex> lock(s.mu);
        if (s.args_file != nullptr) {
            std::fclose(s.args_file);
            s.args_file = nullptr;
        }
        dump::refresh_active_locked(s);
        return ACL_SUCCESS;
    });
}

const char* acldumpGetPath(acldumpType dumpType) {
    const char* path = nullptr;
    api_call("acldumpGetPath", [&]() -> aclError {
        const int64_t type = aclemu::enum_value(dumpType);  // a C caller may pass any int
        ACLEMU_TRY(reject_if(type < AIC_ERR_BRIEF_DUMP || type > OVERFLOW_DUMP,
                             "dumpType",
                             type,
                             "is not an acldumpType value"));
        if (type != DATA_DUMP) {
            return fail(ACL_ERROR_FEATURE_UNSUPPORTED,
                        aclemu::rt::msg_unsupported("exception and overflow dumps",
                                                    "aclemu dumps operator data only (DATA_DUMP)"));
        }
        dump::State& s = dump::state();
        std::lock_guard<std::mutex> lock(s.mu);
        if (s.data_path.empty()) {
            return fail(ACL_ERROR_DUMP_NOT_RUN,
                        msg_order("no dump path is configured (aclmdlInitDump, aclmdlSetDump)"));
        }
        path = s.data_path.c_str();  // valid until the next aclmdlSetDump / FinalizeDump
        return ACL_SUCCESS;
    });
    return path;
}

}  // extern "C"
