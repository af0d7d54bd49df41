#include "dump/init_dump.h"

#include "aclemu/log.h"
#include "core/arg_checks.h"
#include "core/local_time.h"
#include "core/status.h"
#include "dump/dump_state.h"
#include "dump/json_reader.h"
#include "files/private_file.h"

#include <ctime>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace aclemu::rt::dump {

aclError read_init_dump(const char* config_path, DumpConfig* out) {
    *out = DumpConfig{};
    if (config_path == nullptr || config_path[0] == '\0') {
        return ACL_SUCCESS;
    }
    std::ifstream in(config_path, std::ios::binary);
    if (!in) {
        return ACL_SUCCESS;  // aclInit reports the file
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    const std::string text = buffer.str();
    Json document;
    std::string error;
    if (text.size() > (size_t{1} << 20) || !parse_json(text, &document, &error)) {
        ACLEMU_LOG(AscendCL,
                   Warning,
                   "aclInit: %s is not a JSON configuration; no dump is configured",
                   config_path);
        return ACL_SUCCESS;
    }
    if (!parse_dump_config(text, out, &error)) {
        return reject_arg(
            ACL_ERROR_INVALID_DUMP_CONFIG, "configPath", std::string(config_path), error);
    }
    if (out->enabled || !out->exception_scene.empty()) {
        const int dir_fd = files::open_private_directory(out->path, {}, &error);
        if (dir_fd < 0) {
            return reject_arg(ACL_ERROR_INVALID_DUMP_CONFIG, "dump_path", out->path, error);
        }
        ::close(dir_fd);
    }
    return ACL_SUCCESS;
}

void apply_init_dump(DumpConfig config) {
    if (!config.enabled && config.exception_scene.empty()) {
        return;
    }
    State& s = state();
    std::lock_guard<std::mutex> lock(s.mu);
    const std::string run_dir = local_time_text(std::chrono::system_clock::now(), "%Y%m%d%H%M%S");
    s.initialized = true;
    s.from_init = true;
    s.config = std::move(config);
    s.run_dir = run_dir;
    s.data_path = s.config.enabled ? s.config.path : std::string();
    refresh_active_locked(s);
}

void finish_init_dump() {
    State& s = state();
    std::lock_guard<std::mutex> lock(s.mu);
    if (!s.from_init) {
        return;
    }
    s.initialized = false;
    s.from_init = false;
    s.config = DumpConfig{};
    s.data_path.clear();
    refresh_active_locked(s);
}

}  // namespace aclemu::rt::dump
