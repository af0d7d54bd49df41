// The stream-configuration, device-attribute, core-budget and after-aclFinalize cases of the
// runtime groups (fuzz_groups.h).
#include "acl/acl.h"

#include "fuzz/fuzz_groups.h"
#include "fuzz/fuzz_tensor.h"
#include "support/c_enum_calls.h"

#include <climits>
#include <cstdint>
#include <cstring>
#include <set>
#include <vector>

namespace aclemu::fuzz {
namespace {

constexpr uint32_t kKnownStreamFlags = ACL_STREAM_FAST_LAUNCH | ACL_STREAM_FAST_SYNC
                                       | ACL_STREAM_PERSISTENT | ACL_STREAM_HUGE
                                       | ACL_STREAM_CPU_SCHEDULE | ACL_STREAM_DEVICE_USE_ONLY;

// ---- stream configurations and priorities ------------------------------------------------------

// A stream made from a configuration handle (or aclrtCreateStreamWithConfig) reports the priority
// it was given and the known flags; one broken call instead, now and then.
void stream_config_case(Choices& c, Report& report) {
    Cleanup cleanup(report);
    int32_t least = -1;
    int32_t greatest = -1;
    expect_status(report,
                  "aclrtDeviceGetStreamPriorityRange",
                  aclrtDeviceGetStreamPriorityRange(&least, &greatest),
                  ACL_SUCCESS);
    if (least != 7 || greatest != 0) {
        report.fail(
            "the priority range is [%d, %d], expected least 7, greatest 0", least, greatest);
    }
    aclrtStreamConfigHandle* config = aclrtCreateStreamConfigHandle();
    if (config == nullptr) {
        report.fail("aclrtCreateStreamConfigHandle gave NULL");
        return;
    }
    bool config_live = true;
    if (config->priority != 0 || config->flag != 0 || config->workptr != nullptr
        || config->workSize != 0) {
        report.fail("a new configuration handle is not zeroed");
    }
    const uint32_t priority = static_cast<uint32_t>(c.range(0, 7));
    const uint64_t flag = c.chance(1, 2) ? c.bits() & 0x3F : c.bits();
    const bool flag_as_size_t = c.chance(1, 2);
    const auto flag32 = static_cast<uint32_t>(flag);
    expect_status(
        report,
        "aclrtSetStreamConfigOpt(PRIORITY)",
        aclrtSetStreamConfigOpt(config, ACL_RT_STREAM_PRIORITY, &priority, sizeof priority),
        ACL_SUCCESS);
    expect_status(report,
                  "aclrtSetStreamConfigOpt(FLAG)",
                  flag_as_size_t
                      ? aclrtSetStreamConfigOpt(config, ACL_RT_STREAM_FLAG, &flag, sizeof flag)
                      : aclrtSetStreamConfigOpt(config, ACL_RT_STREAM_FLAG, &flag32, sizeof flag32),
                  ACL_SUCCESS);
    const size_t work_size = static_cast<size_t>(c.bits());
    void* work_ptr = reinterpret_cast<void*>(static_cast<uintptr_t>(c.bits()));
    expect_status(
        report,
        "aclrtSetStreamConfigOpt(WORK_SIZE)",
        aclrtSetStreamConfigOpt(config, ACL_RT_STREAM_WORK_SIZE, &work_size, sizeof work_size),
        ACL_SUCCESS);
    expect_status(
        report,
        "aclrtSetStreamConfigOpt(WORK_ADDR_PTR)",
        aclrtSetStreamConfigOpt(config, ACL_RT_STREAM_WORK_ADDR_PTR, &work_ptr, sizeof work_ptr),
        ACL_SUCCESS);
    const uint32_t flags_kept =
        static_cast<uint32_t>(flag_as_size_t ? flag : flag32) & kKnownStreamFlags;
    if (config->priority != priority || config->workSize != work_size
        || config->workptr != work_ptr) {
        report.fail("the handle does not hold what was set");
    }
    aclrtStream stream = nullptr;
    uint32_t value = 0;
    switch (c.range(0, 15)) {
        case 0:
            report.note("options with NULLs, an attribute no enum holds or a wrong value size");
            switch (c.range(0, 3)) {
                case 0:
                    expect_status(
                        report,
                        "aclrtSetStreamConfigOpt(NULL)",
                        c.chance(1, 2)
                            ? aclrtSetStreamConfigOpt(nullptr, ACL_RT_STREAM_PRIORITY, &priority, 4)
                            : aclrtSetStreamConfigOpt(config, ACL_RT_STREAM_PRIORITY, nullptr, 4),
                        ACL_ERROR_INVALID_PARAM);
                    break;
                case 1:
                    expect_status(report,
                                  "aclrtSetStreamConfigOpt(attr)",
                                  c_aclrtSetStreamConfigOpt(
                                      config, c.pick({4, 5, -1, INT_MAX}), &priority, 4),
                                  ACL_ERROR_INVALID_PARAM);
                    break;
                case 2:
                    expect_status(report,
                                  "aclrtSetStreamConfigOpt(valueSize)",
                                  aclrtSetStreamConfigOpt(config,
                                                          ACL_RT_STREAM_PRIORITY,
                                                          &flag,
                                                          c.pick<size_t>({0, 1, 2, 8, SIZE_MAX})),
                                  ACL_ERROR_INVALID_PARAM);
                    break;
                default:
                    expect_status(
                        report,
                        "aclrtSetStreamConfigOpt(FLAG valueSize)",
                        aclrtSetStreamConfigOpt(
                            config, ACL_RT_STREAM_FLAG, &flag, c.pick<size_t>({0, 2, 3, 16})),
                        ACL_ERROR_INVALID_PARAM);
                    break;
            }
            if (config->priority != priority) {
                report.fail("a refused option changed the handle");
            }
            break;
        case 1:
            report.note("a destroyed configuration handle");
            expect_status(report,
                          "aclrtDestroyStreamConfigHandle",
                          aclrtDestroyStreamConfigHandle(config),
                          ACL_SUCCESS);
            config_live = false;
            expect_status(report,
                          "aclrtSetStreamConfigOpt(destroyed)",
                          aclrtSetStreamConfigOpt(config, ACL_RT_STREAM_PRIORITY, &priority, 4),
                          ACL_ERROR_INVALID_PARAM);
            expect_status(report,
                          "aclrtCreateStreamV2(destroyed)",
                          aclrtCreateStreamV2(&stream, config),
                          ACL_ERROR_INVALID_PARAM);
            expect_status(report,
                          "aclrtDestroyStreamConfigHandle again",
                          aclrtDestroyStreamConfigHandle(config),
                          ACL_ERROR_INVALID_PARAM);
            break;
        case 2: {
            report.note("priorities past the least");
            const auto bad =
                static_cast<uint32_t>(c.pick<int64_t>({8, 9, 255, INT32_MAX, UINT32_MAX}));
            config->priority = bad;  // the handle is a plain struct
            expect_status(report,
                          "aclrtCreateStreamV2",
                          aclrtCreateStreamV2(&stream, config),
                          ACL_ERROR_RT_PARAM_INVALID);
            expect_status(report,
                          "aclrtCreateStreamWithConfig",
                          aclrtCreateStreamWithConfig(&stream, bad, flag32),
                          ACL_ERROR_RT_PARAM_INVALID);
            break;
        }
        case 3:
            report.note("stream creation without a handle or an output");
            expect_status(report,
                          "aclrtCreateStreamV2",
                          c.chance(1, 2) ? aclrtCreateStreamV2(&stream, nullptr)
                                         : aclrtCreateStreamV2(nullptr, config),
                          ACL_ERROR_INVALID_PARAM);
            break;
        case 4: {
            report.note("queries of a dead stream, or with NULL outputs");
            void* dead = dead_stream(c, report);
            int32_t id = 0;
            expect_status(report,
                          "aclrtStreamGetPriority",
                          aclrtStreamGetPriority(dead, &value),
                          ACL_ERROR_INVALID_PARAM);
            expect_status(report,
                          "aclrtStreamGetFlags",
                          aclrtStreamGetFlags(dead, &value),
                          ACL_ERROR_INVALID_PARAM);
            expect_status(
                report, "aclrtStreamGetId", aclrtStreamGetId(dead, &id), ACL_ERROR_INVALID_PARAM);
            expect_status(report,
                          "aclrtStreamGetPriority(NULL)",
                          aclrtStreamGetPriority(nullptr, nullptr),
                          ACL_ERROR_INVALID_PARAM);
            expect_status(
                report, "aclrtStreamStop(NULL)", aclrtStreamStop(nullptr), ACL_ERROR_INVALID_PARAM);
            break;
        }
        default: {
            uint32_t before = 0;
            expect_status(report,
                          "aclrtGetStreamAvailableNum",
                          aclrtGetStreamAvailableNum(&before),
                          ACL_SUCCESS);
            const bool v2 = c.chance(2, 3);
            report.note("%s priority %u flag 0x%llx%s",
                        v2 ? "aclrtCreateStreamV2" : "aclrtCreateStreamWithConfig",
                        priority,
                        static_cast<unsigned long long>(flag),
                        flag_as_size_t ? " (size_t)" : "");
            expect_status(report,
                          "create",
                          v2 ? aclrtCreateStreamV2(&stream, config)
                             : aclrtCreateStreamWithConfig(&stream, priority, flag32),
                          ACL_SUCCESS);
            if (stream == nullptr) {
                break;
            }
            cleanup.add([stream] { aclrtDestroyStream(stream); });
            const uint32_t want_flags = v2 ? flags_kept : flag32 & kKnownStreamFlags;
            expect_status(report,
                          "aclrtStreamGetPriority",
                          aclrtStreamGetPriority(stream, &value),
                          ACL_SUCCESS);
            if (value != priority) {
                report.fail("the stream's priority is %u, expected %u", value, priority);
            }
            expect_status(
                report, "aclrtStreamGetFlags", aclrtStreamGetFlags(stream, &value), ACL_SUCCESS);
            if (value != want_flags) {
                report.fail("the stream's flags are 0x%x, expected 0x%x", value, want_flags);
            }
            int32_t id = -1;
            int32_t default_id = -1;
            expect_status(report, "aclrtStreamGetId", aclrtStreamGetId(stream, &id), ACL_SUCCESS);
            expect_status(report,
                          "aclrtStreamGetId(default)",
                          aclrtStreamGetId(nullptr, &default_id),
                          ACL_SUCCESS);
            if (id < 0 || id == default_id) {
                report.fail(
                    "the stream id %d is negative or the default stream's (%d)", id, default_id);
            }
            uint32_t after = 0;
            expect_status(report,
                          "aclrtGetStreamAvailableNum",
                          aclrtGetStreamAvailableNum(&after),
                          ACL_SUCCESS);
            if (after + 1 != before) {
                report.fail(
                    "streams available went from %u to %u, expected one fewer", before, after);
            }
            expect_status(report,
                          "aclrtStreamStop",
                          aclrtStreamStop(stream),
                          ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
            break;
        }
    }
    if (config_live) {
        expect_status(report,
                      "aclrtDestroyStreamConfigHandle",
                      aclrtDestroyStreamConfigHandle(config),
                      ACL_SUCCESS);
    }
}

// ---- device attributes and capabilities -------------------------------------------------------

bool simt_attribute(int attr) {
    return attr >= ACL_DEV_ATTR_WARP_SIZE && attr <= ACL_DEV_ATTR_MAX_BLOCK_DIM_Z
           && attr != ACL_DEV_ATTR_UBUF_PER_VECTOR_CORE;
}

void device_info_case(Choices& c, Report& report) {
    int64_t cores = 0;
    int64_t l2 = 0;
    expect_status(report,
                  "aclGetDeviceCapability(AI_CORE_NUM)",
                  aclGetDeviceCapability(0, ACL_DEVICE_INFO_AI_CORE_NUM, &cores),
                  ACL_SUCCESS);
    expect_status(report,
                  "aclGetDeviceCapability(L2_SIZE)",
                  aclGetDeviceCapability(0, ACL_DEVICE_INFO_L2_SIZE, &l2),
                  ACL_SUCCESS);
    if (cores <= 0 || l2 < 0) {
        report.fail("the device has %lld cores and %lld bytes of L2",
                    static_cast<long long>(cores),
                    static_cast<long long>(l2));
        return;
    }
    int64_t warp = 0;
    const bool simt = aclrtGetDeviceInfo(0, ACL_DEV_ATTR_WARP_SIZE, &warp) == ACL_SUCCESS;
    take_message();
    const int named[] = {1,   101, 102, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210, 211, 212,
                         301, 302, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 501, 601};
    int64_t value = -7;
    switch (c.range(0, 9)) {
        case 0: {
            const int attr =
                c.pick({0, 2, 100, 103, 200, 213, 300, 303, 400, 411, 500, 600, 1000, -1, INT_MAX});
            report.note("aclrtGetDeviceInfo attr %d", attr);
            expect_status(report,
                          "aclrtGetDeviceInfo",
                          c_aclrtGetDeviceInfo(0, attr, &value),
                          ACL_ERROR_INVALID_PARAM);
            break;
        }
        case 1: {
            report.note("device ids no device has, NULL outputs");
            const int32_t device = static_cast<int32_t>(c.pick<int64_t>({64, 4096, INT32_MAX, -1}));
            int32_t feature = 0;
            expect_status(report,
                          "aclrtGetDeviceInfo",
                          aclrtGetDeviceInfo(
                              static_cast<uint32_t>(device), ACL_DEV_ATTR_AICORE_CORE_NUM, &value),
                          ACL_ERROR_RT_INVALID_DEVICEID);
            expect_status(report,
                          "aclGetDeviceCapability",
                          aclGetDeviceCapability(
                              static_cast<uint32_t>(device), ACL_DEVICE_INFO_AI_CORE_NUM, &value),
                          ACL_ERROR_INVALID_PARAM);
            expect_status(
                report,
                "aclrtGetDeviceCapability",
                aclrtGetDeviceCapability(device, ACL_FEATURE_SYSTEM_MEMQ_EVENT_CROSS_DEV, &feature),
                ACL_ERROR_RT_INVALID_DEVICEID);
            expect_status(report,
                          "aclrtGetDeviceInfo(NULL)",
                          aclrtGetDeviceInfo(0, ACL_DEV_ATTR_AICORE_CORE_NUM, nullptr),
                          ACL_ERROR_INVALID_PARAM);
            break;
        }
        case 2: {
            const int feature = c.pick({0, 2, 20, 22, -1, INT_MIN});
            report.note("aclrtGetDeviceCapability feature %d", feature);
            int32_t got = 0;
            expect_status(report,
                          "aclrtGetDeviceCapability",
                          c_aclrtGetDeviceCapability(0, feature, &got),
                          ACL_ERROR_INVALID_PARAM);
            break;
        }
        case 3: {
            report.note("CANN attributes");
            const aclCannAttr* list = nullptr;
            size_t count = 0;
            expect_status(report,
                          "aclGetCannAttributeList",
                          aclGetCannAttributeList(&list, &count),
                          ACL_SUCCESS);
            std::set<int> listed;
            for (size_t i = 0; list != nullptr && i < count; ++i) {
                listed.insert(static_cast<int>(list[i]));
            }
            for (int attr :
                 {ACL_CANN_ATTR_INF_NAN, ACL_CANN_ATTR_BF16, ACL_CANN_ATTR_JIT_COMPILE}) {
                int32_t got = -1;
                expect_status(report,
                              "aclGetCannAttribute",
                              aclGetCannAttribute(static_cast<aclCannAttr>(attr), &got),
                              ACL_SUCCESS);
                if (got != (listed.count(attr) != 0 ? 1 : 0)) {
                    report.fail("aclGetCannAttribute(%d) is %d, the list disagrees", attr, got);
                }
            }
            int32_t got = 0;
            expect_status(report,
                          "aclGetCannAttribute(bad)",
                          c_aclGetCannAttribute(c.pick({-1, 3, 100, INT_MIN}), &got),
                          ACL_ERROR_INVALID_PARAM);
            break;
        }
        case 4: {
            report.note("device health");
            aclrtDeviceStatus status = ACL_RT_DEVICE_STATUS_ABNORMAL;
            aclrtErrorInfo info{};
            expect_status(
                report, "aclrtQueryDeviceStatus", aclrtQueryDeviceStatus(0, &status), ACL_SUCCESS);
            expect_status(
                report, "aclrtGetErrorVerbose", aclrtGetErrorVerbose(0, &info), ACL_SUCCESS);
            if (status != ACL_RT_DEVICE_STATUS_NORMAL || info.errorType != ACL_RT_NO_ERROR) {
                report.fail("the device reports a fault");
            }
            expect_status(
                report, "aclrtRepairError(no error)", aclrtRepairError(0, &info), ACL_SUCCESS);
            c_set_enum_field(&info.errorType, c.pick({6, 7, 0x10000, -1}));
            expect_status(report,
                          "aclrtRepairError(bad type)",
                          aclrtRepairError(0, &info),
                          ACL_ERROR_INVALID_PARAM);
            aclrtUtilizationInfo busy{};
            expect_status(report,
                          "aclrtGetDeviceUtilizationRate",
                          aclrtGetDeviceUtilizationRate(0, &busy),
                          ACL_SUCCESS);
            for (int32_t percent : {busy.cubeUtilization,
                                    busy.vectorUtilization,
                                    busy.aicpuUtilization,
                                    busy.memoryUtilization}) {
                if (percent < -1 || percent > 100) {
                    report.fail("a utilization of %d%%", percent);
                }
            }
            break;
        }
        default: {
            const int attr = c.pick(std::vector<int>(std::begin(named), std::end(named)));
            report.note("aclrtGetDeviceInfo attr %d", attr);
            const bool ascend_only =
                attr >= 401 && attr != ACL_DEV_ATTR_PHY_CHIP_ID && attr != ACL_DEV_ATTR_IS_VIRTUAL;
            const bool unsupported = ascend_only || (simt_attribute(attr) && !simt);
            expect_status(report,
                          "aclrtGetDeviceInfo",
                          c_aclrtGetDeviceInfo(0, attr, &value),
                          unsupported ? ACL_ERROR_RT_FEATURE_NOT_SUPPORT : ACL_SUCCESS);
            if (unsupported) {
                break;
            }
            switch (attr) {
                case ACL_DEV_ATTR_AICORE_CORE_NUM:
                case ACL_DEV_ATTR_CUBE_CORE_NUM:
                case ACL_DEV_ATTR_VECTOR_CORE_NUM: {
                    // The emulated SoC's: 24 AI (cube) cores, two vector cores each.
                    const int64_t want = attr == ACL_DEV_ATTR_VECTOR_CORE_NUM ? 2 * cores : cores;
                    if (cores != 24 || value != want) {
                        report.fail("attribute %d is %lld, the capability says %lld AI cores",
                                    attr,
                                    static_cast<long long>(value),
                                    static_cast<long long>(cores));
                    }
                    break;
                }
                case ACL_DEV_ATTR_L2_CACHE_SIZE:
                    if (value != l2) {
                        report.fail("the L2 size is %lld, the capability says %lld",
                                    static_cast<long long>(value),
                                    static_cast<long long>(l2));
                    }
                    break;
                case ACL_DEV_ATTR_IS_VIRTUAL:
                    if (value != 0) {
                        report.fail("the device says it is virtual");
                    }
                    break;
                case ACL_DEV_ATTR_PHY_CHIP_ID:
                case ACL_DEV_ATTR_UBUF_PER_VECTOR_CORE:
                    if (value < 0) {
                        report.fail("attribute %d is negative", attr);
                    }
                    break;
                default:
                    if (value <= 0) {
                        report.fail("attribute %d is %lld", attr, static_cast<long long>(value));
                    }
                    break;
            }
            break;
        }
    }
}

// ---- core budgets -----------------------------------------------------------------------------

void res_limit_case(Choices& c, Report& report) {
    Cleanup cleanup(report);
    aclrtStream stream = case_stream(report, cleanup);
    if (stream == nullptr) {
        return;
    }
    cleanup.add([] { aclrtResetDeviceResLimit(0); });
    cleanup.add([stream] {
        aclrtUnuseStreamResInCurrentThread(stream);
        aclrtResetStreamResLimit(stream);
    });
    const int type = static_cast<int>(c.range(0, 1));
    uint32_t cores = 0;
    expect_status(
        report, "aclrtGetDeviceResLimit", c_aclrtGetDeviceResLimit(0, type, &cores), ACL_SUCCESS);
    int64_t device_cores = 0;  // the budget of a type is the device's cores of that type
    aclGetDeviceCapability(0,
                           type == ACL_RT_DEV_RES_VECTOR_CORE ? ACL_DEVICE_INFO_VECTOR_CORE_NUM
                                                              : ACL_DEVICE_INFO_AI_CORE_NUM,
                           &device_cores);
    take_message();
    if (cores == 0 || cores != device_cores) {
        report.fail("the budget is %u with no limit set, the device has %lld cores",
                    cores,
                    static_cast<long long>(device_cores));
        return;
    }
    const auto device_limit = static_cast<uint32_t>(c.range(1, cores));
    const auto stream_limit = static_cast<uint32_t>(c.range(1, cores));
    uint32_t got = 0;
    auto expect_budget = [&](const char* what, aclError status, uint32_t want) {
        expect_status(report, what, status, ACL_SUCCESS);
        if (got != want) {
            report.fail("%s is %u, expected %u", what, got, want);
        }
    };
    switch (c.range(0, 5)) {
        case 0: {
            const int bad = c.pick({2, 3, 1000, -1, INT_MIN});
            report.note("core budget type %d", bad);
            expect_status(report,
                          "aclrtGetDeviceResLimit",
                          c_aclrtGetDeviceResLimit(0, bad, &got),
                          ACL_ERROR_RT_PARAM_INVALID);
            expect_status(report,
                          "aclrtSetDeviceResLimit",
                          c_aclrtSetDeviceResLimit(0, bad, 1),
                          ACL_ERROR_RT_PARAM_INVALID);
            expect_status(report,
                          "aclrtGetStreamResLimit",
                          c_aclrtGetStreamResLimit(stream, bad, &got),
                          ACL_ERROR_RT_PARAM_INVALID);
            expect_status(report,
                          "aclrtSetStreamResLimit",
                          c_aclrtSetStreamResLimit(stream, bad, 1),
                          ACL_ERROR_RT_PARAM_INVALID);
            expect_status(report,
                          "aclrtGetResInCurrentThread",
                          c_aclrtGetResInCurrentThread(bad, &got),
                          ACL_ERROR_RT_PARAM_INVALID);
            break;
        }
        case 1: {
            const uint32_t bad =
                c.chance(1, 2) ? 0 : cores + static_cast<uint32_t>(c.range(1, 1000));
            report.note("core budget %u of %u", bad, cores);
            expect_status(report,
                          "aclrtSetDeviceResLimit",
                          c_aclrtSetDeviceResLimit(0, type, bad),
                          ACL_ERROR_RT_PARAM_INVALID);
            expect_status(report,
                          "aclrtSetStreamResLimit",
                          c_aclrtSetStreamResLimit(stream, type, bad),
                          ACL_ERROR_RT_PARAM_INVALID);
            expect_budget(
                "the budget after refused limits", c_aclrtGetDeviceResLimit(0, type, &got), cores);
            break;
        }
        case 2: {
            report.note("budgets of devices no one has, dead streams, NULL outputs");
            const int32_t device = static_cast<int32_t>(c.pick<int64_t>({64, 4096, -1}));
            expect_status(report,
                          "aclrtGetDeviceResLimit",
                          c_aclrtGetDeviceResLimit(device, type, &got),
                          ACL_ERROR_RT_INVALID_DEVICEID);
            expect_status(report,
                          "aclrtSetDeviceResLimit",
                          c_aclrtSetDeviceResLimit(device, type, 1),
                          ACL_ERROR_RT_INVALID_DEVICEID);
            void* dead = dead_stream(c, report);
            expect_status(report,
                          "aclrtGetStreamResLimit(dead)",
                          c_aclrtGetStreamResLimit(dead, type, &got),
                          ACL_ERROR_INVALID_PARAM);
            expect_status(report,
                          "aclrtUseStreamResInCurrentThread(dead)",
                          aclrtUseStreamResInCurrentThread(dead),
                          ACL_ERROR_INVALID_PARAM);
            expect_status(report,
                          "aclrtGetDeviceResLimit(NULL)",
                          c_aclrtGetDeviceResLimit(0, type, nullptr),
                          ACL_ERROR_INVALID_PARAM);
            break;
        }
        default:
            // Device limit, stream limit, the thread's view through the stream, then resets.
            report.note("budgets: device %u, stream %u of %u cores (type %d)",
                        device_limit,
                        stream_limit,
                        cores,
                        type);
            expect_status(report,
                          "aclrtSetDeviceResLimit",
                          c_aclrtSetDeviceResLimit(0, type, device_limit),
                          ACL_SUCCESS);
            expect_budget(
                "the device budget", c_aclrtGetDeviceResLimit(0, type, &got), device_limit);
            expect_budget(
                "the thread's budget", c_aclrtGetResInCurrentThread(type, &got), device_limit);
            expect_budget("an unlimited stream's budget",
                          c_aclrtGetStreamResLimit(stream, type, &got),
                          device_limit);
            expect_status(report,
                          "aclrtSetStreamResLimit",
                          c_aclrtSetStreamResLimit(stream, type, stream_limit),
                          ACL_SUCCESS);
            expect_budget(
                "the stream budget", c_aclrtGetStreamResLimit(stream, type, &got), stream_limit);
            expect_status(report,
                          "aclrtUseStreamResInCurrentThread",
                          aclrtUseStreamResInCurrentThread(stream),
                          ACL_SUCCESS);
            expect_budget("the thread's budget through the stream",
                          c_aclrtGetResInCurrentThread(type, &got),
                          stream_limit);
            expect_status(report,
                          "aclrtUnuseStreamResInCurrentThread",
                          aclrtUnuseStreamResInCurrentThread(stream),
                          ACL_SUCCESS);
            expect_budget("the thread's budget again",
                          c_aclrtGetResInCurrentThread(type, &got),
                          device_limit);
            expect_status(
                report, "aclrtResetStreamResLimit", aclrtResetStreamResLimit(stream), ACL_SUCCESS);
            expect_budget("the stream budget after its reset",
                          c_aclrtGetStreamResLimit(stream, type, &got),
                          device_limit);
            expect_status(
                report, "aclrtResetDeviceResLimit", aclrtResetDeviceResLimit(0), ACL_SUCCESS);
            expect_budget("the device budget after its reset",
                          c_aclrtGetDeviceResLimit(0, type, &got),
                          cores);
            break;
    }
}

// ---- after aclFinalize ------------------------------------------------------------------------

// Resources of every group made, the runtime finalized, then group calls: each must return
// ACL_ERROR_UNINITIALIZE; calls that need no runtime (configuration handles, allocator
// descriptors, CANN attributes) keep working.
void after_finalize_case(Choices& c, Report& report) {
    aclrtStream stream = nullptr;
    aclrtNotify notify = nullptr;
    aclrtDrvMemHandle physical = nullptr;
    void* reserved = nullptr;
    aclrtPhysicalMemProp prop{};
    prop.handleType = ACL_MEM_HANDLE_TYPE_NONE;
    prop.allocationType = ACL_MEM_ALLOCATION_TYPE_PINNED;
    prop.memAttr = ACL_HBM_MEM_NORMAL;
    prop.location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
    size_t unit = 0;
    expect_status(report, "aclrtCreateStream", aclrtCreateStream(&stream), ACL_SUCCESS);
    expect_status(report, "aclrtCreateNotify", aclrtCreateNotify(&notify, 0), ACL_SUCCESS);
    expect_status(
        report,
        "aclrtMemGetAllocationGranularity",
        aclrtMemGetAllocationGranularity(&prop, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &unit),
        ACL_SUCCESS);
    expect_status(
        report, "aclrtMallocPhysical", aclrtMallocPhysical(&physical, unit, &prop, 0), ACL_SUCCESS);
    expect_status(report,
                  "aclrtReserveMemAddress",
                  aclrtReserveMemAddress(&reserved, unit, 0, nullptr, 0),
                  ACL_SUCCESS);
    expect_status(report, "aclrtMapMem", aclrtMapMem(reserved, unit, 0, physical, 0), ACL_SUCCESS);
    GuardedBuffer block;  // 64 KiB: the GPU simulator shares blocks of its own pages only
    if (!block.create(64 * 1024, {}, report)) {
        return;
    }
    char key[ACL_IPC_HANDLE_SIZE] = {};
    expect_status(report,
                  "aclrtIpcMemGetExportKey",
                  aclrtIpcMemGetExportKey(block.data(), 64, key, sizeof key, 0),
                  ACL_SUCCESS);
    aclrtStreamConfigHandle* config = aclrtCreateStreamConfigHandle();
    aclrtAllocatorDesc desc = aclrtAllocatorCreateDesc();
    if (report.failed() || config == nullptr || desc == nullptr) {
        return;
    }
    expect_status(report, "aclFinalize", aclFinalize(), ACL_SUCCESS);
    report.runtime_stopped = true;
    block.forget();
    report.note("group calls after aclFinalize");

    constexpr int kGate = ACL_ERROR_UNINITIALIZE;
    uint32_t value = 0;
    int64_t info = 0;
    void* ptr = nullptr;
    aclrtRandomNumTaskInfo task{};
    for (int k = 0; k < 6; ++k) {
        switch (c.range(0, 19)) {
            case 0:
                expect_status(report, "aclrtCreateNotify", aclrtCreateNotify(&notify, 0), kGate);
                break;
            case 1:
                expect_status(
                    report, "aclrtRecordNotify", aclrtRecordNotify(notify, stream), kGate);
                break;
            case 2:
                expect_status(
                    report, "aclrtValueWrite", aclrtValueWrite(block.data(), 1, 0, stream), kGate);
                break;
            case 3:
                expect_status(report,
                              "aclrtReduceAsync",
                              aclrtReduceAsync(block.data(),
                                               block.data(),
                                               64,
                                               ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM,
                                               ACL_FLOAT,
                                               stream,
                                               nullptr),
                              kGate);
                break;
            case 4:
                expect_status(report,
                              "aclrtRandomNumAsync",
                              aclrtRandomNumAsync(&task, stream, nullptr),
                              kGate);
                break;
            case 5:
                expect_status(report,
                              "aclrtSetStreamOverflowSwitch",
                              aclrtSetStreamOverflowSwitch(stream, 1),
                              kGate);
                break;
            case 6:
                expect_status(report,
                              "aclrtMallocPhysical",
                              aclrtMallocPhysical(&physical, unit, &prop, 0),
                              kGate);
                break;
            case 7:
                expect_status(report, "aclrtUnmapMem", aclrtUnmapMem(reserved), kGate);
                break;
            case 8:
                expect_status(report, "aclrtFreePhysical", aclrtFreePhysical(physical), kGate);
                break;
            case 9:
                expect_status(
                    report, "aclrtReleaseMemAddress", aclrtReleaseMemAddress(reserved), kGate);
                break;
            case 10:
                expect_status(report, "aclrtIpcMemClose", aclrtIpcMemClose(key), kGate);
                break;
            case 11:
                expect_status(report,
                              "aclrtMallocWithCfg",
                              aclrtMallocWithCfg(&ptr, 64, ACL_MEM_MALLOC_HUGE_FIRST, nullptr),
                              kGate);
                break;
            case 12:
                expect_status(
                    report, "aclrtAllocatorRegister", aclrtAllocatorRegister(stream, desc), kGate);
                break;
            case 13:
                expect_status(
                    report, "aclrtCreateStreamV2", aclrtCreateStreamV2(&stream, config), kGate);
                break;
            case 14:
                expect_status(report,
                              "aclrtStreamGetPriority",
                              aclrtStreamGetPriority(stream, &value),
                              kGate);
                break;
            case 15:
                expect_status(report,
                              "aclrtGetDeviceInfo",
                              aclrtGetDeviceInfo(0, ACL_DEV_ATTR_AICORE_CORE_NUM, &info),
                              kGate);
                break;
            case 16:
                expect_status(report,
                              "aclrtGetDeviceResLimit",
                              aclrtGetDeviceResLimit(0, ACL_RT_DEV_RES_VECTOR_CORE, &value),
                              kGate);
                break;
            case 17:
                expect_status(report,
                              "aclrtSetDeviceSatMode",
                              aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_INFNAN),
                              kGate);
                break;
            case 18: {
                int32_t supported = -1;
                expect_status(report,
                              "aclGetCannAttribute",
                              aclGetCannAttribute(ACL_CANN_ATTR_BF16, &supported),
                              ACL_SUCCESS);
                break;
            }
            default: {
                const uint32_t priority = 3;
                expect_status(report,
                              "aclrtSetStreamConfigOpt",
                              aclrtSetStreamConfigOpt(
                                  config, ACL_RT_STREAM_PRIORITY, &priority, sizeof priority),
                              ACL_SUCCESS);
                break;
            }
        }
    }
    // The handles that need no runtime are released without one.
    expect_status(report,
                  "aclrtDestroyStreamConfigHandle",
                  aclrtDestroyStreamConfigHandle(config),
                  ACL_SUCCESS);
    expect_status(
        report, "aclrtAllocatorDestroyDesc", aclrtAllocatorDestroyDesc(desc), ACL_SUCCESS);
}

}  // namespace

void run_device_case(Choices& c, Report& report) {
    report.kind = Report::Kind::Group;
    switch (c.range(0, 7)) {
        case 0:
        case 1:
        case 2:
            stream_config_case(c, report);
            break;
        case 3:
        case 4:
            device_info_case(c, report);
            break;
        case 5:
        case 6:
            res_limit_case(c, report);
            break;
        default:
            after_finalize_case(c, report);
            break;
    }
}

}  // namespace aclemu::fuzz
