// Every environment variable libascendcl reads (the GPU simulator reads its own two; aclInit
// logs the values it cannot use), read in one place (config.cpp) at aclInit: the
// logger's settings (also on the first line logged before aclInit) and one Config for the rest.
// Everything else gets its settings from these: the backends as constructor arguments, the
// operator libraries through rt::op_settings(), the CPU kernels as call parameters.
#pragma once

#include "acl/acl_base.h"

#include "aclemu/rt.h"
#include "backend/backend.h"
#include "core/log_internal.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace aclemu::rt {

/// ACLEMU_BACKEND: which backend the first device call creates (GpuSim: the GPU backend on the GPU
/// simulator; `auto` never picks it).
enum class BackendChoice { Auto, Cpu, Cuda, Hip, Gpu, GpuSim };

/// "auto", "cpu", "cuda", "hip", "gpu" or "gpusim".
const char* backend_choice_name(BackendChoice choice);

struct Config {
    BackendChoice backend = BackendChoice::Auto;  // ACLEMU_BACKEND
    bool launch_blocking = false;                 // ASCEND_LAUNCH_BLOCKING=1
    bool kernel_launch_blocking = false;          // ASCEND_RT_LAUNCH_BLOCKING=1
    /// ASCEND_RT_VISIBLE_DEVICES as given (nullopt: unset); it needs the backend's device count,
    /// so visible_devices() applies it when the backend is created.
    std::optional<std::string> visible_devices;
    /// ACLEMU_CPU_DEVICE_COUNT, ACLEMU_CPU_INLINE, ACLEMU_CPU_DEVICE_MEMORY.
    CpuBackendOptions cpu_backend;
    /// ACLEMU_CPU_THREADS, ACLEMU_CPU_STREAMING_STORES, ACLEMU_UPSAMPLE_ALGORITHM.
    OpSettings ops;
    std::string trace_path;  // ACLEMU_TRACE: the timeline's file (empty: no timeline)
};

/// Reads every variable but the logger's. A value it cannot use is logged (WARNING) and
/// replaced by its default, except ACLEMU_BACKEND: a value outside auto|cpu|cuda|hip|gpu|gpusim
/// (any case) fails with ACL_ERROR_INVALID_PARAM and a message.
aclError read_config(Config* out);

/// ACLEMU_BACKEND now (for calls answered before aclInit); false when it names no backend.
bool read_backend_choice(BackendChoice* out);

/// ACLEMU_SOC_NAME now: the name aclrtGetSocName reports instead of aclemu's own (unset or
/// empty: nullopt).
std::optional<std::string> read_soc_name_override();

/// ASCEND_GLOBAL_LOG_LEVEL, ASCEND_MODULE_LOG_LEVEL, ASCEND_LOG_PRINT_TO_STDOUT /
/// ASCEND_SLOG_PRINT_TO_STDOUT and ASCEND_PROCESS_LOG_PATH (default $HOME/ascend/log).
log::Settings read_log_settings();

/// CPU threads when ACLEMU_CPU_THREADS is unset (and before aclInit): every core.
int default_cpu_threads();

/// The logical -> physical device map for `physical_count` devices and an
/// ASCEND_RT_VISIBLE_DEVICES value (comma-separated physical ids; unset: all). Like
/// CUDA_VISIBLE_DEVICES, the list ends at the first entry that is not a valid, unused id (a
/// warning names it); an empty value hides every device.
std::vector<int32_t> visible_devices(const std::optional<std::string>& list, int physical_count);

}  // namespace aclemu::rt
