// Entry points of acl/acl_prof.h's session: aclprofInit, aclprofStart, aclprofStop,
// aclprofFinalize, the profiling config and aclprofSetConfig (prof_session.h does the work).
#include "acl/acl_prof.h"

#include "aclemu/c_enum.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "handles/live_handle.h"
#include "prof/prof_objects.h"
#include "prof/prof_session.h"
#include "runtime_state.h"

#include <cstring>
#include <limits.h>

using namespace aclemu::rt;

namespace aclemu::rt::prof {

aclError check_metrics(const char* param, int64_t metrics) {
    if ((metrics >= ACL_AICORE_ARITHMETIC_UTILIZATION && metrics <= ACL_AICORE_MEMORY_ACCESS)
        || metrics == ACL_AICORE_NONE) {
        return ACL_SUCCESS;
    }
    return reject_arg(ACL_ERROR_INVALID_PARAM,
                      param,
                      metrics,
                      "is not an aclprofAicoreMetrics value (0..8 or ACL_AICORE_NONE)");
}

}  // namespace aclemu::rt::prof

namespace {

// Every ACL_PROF_* bit acl_prof.h defines.
constexpr uint64_t kKnownDataTypes =
    ACL_PROF_ACL_API | ACL_PROF_TASK_TIME | ACL_PROF_AICORE_METRICS | ACL_PROF_AICPU
    | ACL_PROF_L2CACHE | ACL_PROF_HCCL_TRACE | ACL_PROF_TRAINING_TRACE | ACL_PROF_MSPROFTX
    | ACL_PROF_RUNTIME_API | ACL_PROF_GE_API_L0 | ACL_PROF_TASK_TIME_L0 | ACL_PROF_TASK_MEMORY
    | ACL_PROF_TASK_TIME_L2 | ACL_PROF_OP_ATTR | ACL_PROF_TASK_TIME_L3 | ACL_PROF_GE_API_L1
    | ACL_PROF_API_STATS;

// Runs `act(config)` on the live config `handle` names as entry point `api`.
template <class Act>
aclError with_config(const char* api,
                     const aclprofConfig* handle,
                     Act&& act,
                     const char* file = __builtin_FILE(),
                     int line = __builtin_LINE()) {
    return api_call_init(
        api,
        [&]() -> aclError {
            ACLEMU_FIND(aclprofConfig, config, live, handle, "profilerConfig");
            return act(*config);
        },
        file,
        line);
}

}  // namespace

extern "C" {

aclError aclprofInit(const char* profilerResultPath, size_t length) {
    return api_call_init("aclprofInit", [&]() -> aclError {
        ACLEMU_CHECK_NOT_NULL(profilerResultPath);
        if (length == 0 || length > PATH_MAX) {
            return reject_arg(ACL_ERROR_INVALID_PARAM,
                              "length",
                              length,
                              "must be the path's length, 1 to " + std::to_string(PATH_MAX));
        }
        const size_t actual = strnlen(profilerResultPath, length);
        if (actual != length) {
            return reject_arg(
                ACL_ERROR_INVALID_PARAM,
                "length",
                length,
                "is not the length of profilerResultPath (" + std::to_string(actual) + ")");
        }
        return prof::init(std::string(profilerResultPath, length));
    });
}

aclError aclprofFinalize(void) {
    return api_call_init("aclprofFinalize", [] { return prof::finalize(); });
}

aclError aclprofStart(const aclprofConfig* profilerConfig) {
    return with_config("aclprofStart", profilerConfig, prof::start);
}

aclError aclprofWarmup(const aclprofConfig* profilerConfig) {
    return with_config("aclprofWarmup", profilerConfig, prof::warmup);
}

aclError aclprofStop(const aclprofConfig* profilerConfig) {
    return with_config("aclprofStop", profilerConfig, prof::stop);
}

aclprofConfig* aclprofCreateConfig(uint32_t* deviceIdList,
                                   uint32_t deviceNums,
                                   aclprofAicoreMetrics aicoreMetrics,
                                   const aclprofAicoreEvents* aicoreEvents,
                                   uint64_t dataTypeConfig) {
    const int64_t metrics = aclemu::enum_value(aicoreMetrics);  // any int a C caller passed
    aclprofConfig* created = nullptr;
    api_call_init("aclprofCreateConfig", [&]() -> aclError {
        ACLEMU_TRY(check_array("deviceIdList", deviceIdList, deviceNums));
        if (aicoreEvents != nullptr) {
            return reject_arg(ACL_ERROR_INVALID_PARAM,
                              "aicoreEvents",
                              std::string("not null"),
                              "only NULL is supported");
        }
        ACLEMU_TRY(prof::check_metrics("aicoreMetrics", metrics));
        ACLEMU_TRY(reject_if((dataTypeConfig & ~kKnownDataTypes) != 0,
                             "dataTypeConfig",
                             dataTypeConfig,
                             "has bits that are no ACL_PROF_* switch"));
        std::vector<uint32_t> devices(deviceIdList, deviceIdList + deviceNums);
        for (uint32_t i = 0; i < deviceNums; ++i) {
            ACLEMU_TRY(reject_if(deviceIdList[i] > static_cast<uint32_t>(INT32_MAX),
                                 "deviceIdList",
                                 deviceIdList[i],
                                 "is not a device id"));
            int32_t physical = 0;
            ACLEMU_TRY(aclemu::rt::runtime().check_device(
                static_cast<int32_t>(deviceIdList[i]), "deviceIdList", &physical));
            for (uint32_t j = 0; j < i; ++j) {
                ACLEMU_TRY(reject_if(deviceIdList[j] == deviceIdList[i],
                                     "deviceIdList",
                                     deviceIdList[i],
                                     "names a device twice"));
            }
        }
        created = prof::configs().create();
        if (created == nullptr) {
            return fail(ACL_ERROR_BAD_ALLOC, aclemu::rt::msg_runtime("out of host memory"));
        }
        created->devices = std::move(devices);
        created->metrics = static_cast<aclprofAicoreMetrics>(metrics);  // checked above
        created->data_types = dataTypeConfig;
        return ACL_SUCCESS;
    });
    return created;
}

aclError aclprofDestroyConfig(const aclprofConfig* profilerConfig) {
    return api_call_init("aclprofDestroyConfig",
                         [&] { return destroy(profilerConfig, "profilerConfig"); });
}

aclError aclprofSetConfig(aclprofConfigType configType, const char* config, size_t configLength) {
    return api_call_init("aclprofSetConfig", [&]() -> aclError {
        const int64_t type = aclemu::enum_value(configType);  // a C caller may pass any int
        ACLEMU_TRY(reject_if(type <= ACL_PROF_ARGS_MIN || type >= ACL_PROF_ARGS_MAX || type == 2,
                             "configType",
                             type,
                             "is not an aclprofConfigType value"));
        ACLEMU_CHECK_NOT_NULL(config);
        ACLEMU_TRY(reject_if(configLength == 0 || strnlen(config, configLength) != configLength,
                             "configLength",
                             configLength,
                             "must be the length of config (not 0)"));
        // Hardware sampling settings (frequencies, storage limits): nothing to sample here.
        return prof::require_initialized();
    });
}

}  // extern "C"
