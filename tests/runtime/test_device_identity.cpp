// A device's identity: aclrtDeviceGetUuid, aclrtDeviceGetPCIBusId and aclrtDeviceGetByPCIBusId
// on the CPU backend and the GPU simulator, whose ids are synthesized: PCI domain 0xace0 (cpu)
// or 0xace1 (gpusim), bus = the physical device index; a version 8 UUID that is the same in
// every session and differs per device and backend. Device ids are the visible ones
// (ASCEND_RT_VISIBLE_DEVICES).
#include "runtime/runtime_test_util.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstring>
#include <set>
#include <string>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

std::string bus_id_of(int32_t device) {
    char text[32];
    std::memset(text, 'x', sizeof text);
    EXPECT_EQ(aclrtDeviceGetPCIBusId(device, text, sizeof text), ACL_SUCCESS)
        << take_recent_error();
    return std::string(text, strnlen(text, sizeof text));
}

std::vector<unsigned char> uuid_of(int32_t device) {
    aclrtUuid uuid;
    std::memset(&uuid, 0, sizeof uuid);
    EXPECT_EQ(aclrtDeviceGetUuid(device, &uuid), ACL_SUCCESS) << take_recent_error();
    return std::vector<unsigned char>(uuid.bytes, uuid.bytes + sizeof uuid.bytes);
}

int32_t device_by(const char* bus_id) {
    int32_t device = -1;
    EXPECT_EQ(aclrtDeviceGetByPCIBusId(bus_id, &device), ACL_SUCCESS) << take_recent_error();
    return device;
}

// The identity a backend shows for `count` devices, checked against the documented scheme.
std::vector<std::vector<unsigned char>> check_devices(const char* domain, int32_t count) {
    std::vector<std::vector<unsigned char>> uuids;
    for (int32_t device = 0; device < count; ++device) {
        char want[16];
        std::snprintf(want, sizeof want, "%s:%02x:00.0", domain, static_cast<unsigned>(device));
        EXPECT_EQ(bus_id_of(device), want);
        EXPECT_EQ(device_by(want), device);
        std::vector<unsigned char> uuid = uuid_of(device);
        EXPECT_EQ(uuid[6] >> 4, 8);       // version 8
        EXPECT_EQ(uuid[8] & 0xC0, 0x80);  // RFC 9562 variant
        uuids.push_back(uuid);
    }
    EXPECT_EQ(std::set<std::vector<unsigned char>>(uuids.begin(), uuids.end()).size(),
              static_cast<size_t>(count));
    return uuids;
}

TEST(DeviceIdentity, CpuDevicesHaveStableDistinctIds) {
    ScopedEnv devices("ACLEMU_CPU_DEVICE_COUNT", "3");
    ScopedEnv visible("ASCEND_RT_VISIBLE_DEVICES", nullptr);
    std::vector<std::vector<unsigned char>> first;
    {
        RuntimeSession session("cpu");
        ASSERT_EQ(session.init_result, ACL_SUCCESS);
        first = check_devices("ace0", 3);
        // The other forms CUDA accepts, and upper-case hex.
        EXPECT_EQ(device_by("ACE0:02:00.0"), 2);
        EXPECT_EQ(device_by("ace0:01:00"), 1);
        EXPECT_EQ(device_by("ace0:0:0.0"), 0);
    }
    RuntimeSession again("cpu");
    ASSERT_EQ(again.init_result, ACL_SUCCESS);
    EXPECT_EQ(check_devices("ace0", 3), first);  // the same in every session
}

TEST(DeviceIdentity, VisibleDevicesKeepTheirPhysicalIdentity) {
    ScopedEnv devices("ACLEMU_CPU_DEVICE_COUNT", "3");
    std::vector<unsigned char> physical_two;
    {
        ScopedEnv visible("ASCEND_RT_VISIBLE_DEVICES", nullptr);
        RuntimeSession session("cpu");
        ASSERT_EQ(session.init_result, ACL_SUCCESS);
        physical_two = uuid_of(2);
    }
    ScopedEnv visible("ASCEND_RT_VISIBLE_DEVICES", "2");
    RuntimeSession session("cpu");
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    EXPECT_EQ(bus_id_of(0), "ace0:02:00.0");
    EXPECT_EQ(uuid_of(0), physical_two);
    EXPECT_EQ(device_by("ace0:02:00.0"), 0);
    int32_t device = -1;
    EXPECT_EQ(aclrtDeviceGetByPCIBusId("ace0:00:00.0", &device), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_THAT(take_recent_error(), HasSubstr("pciBusId"));
    EXPECT_EQ(device, -1);
}

TEST(DeviceIdentity, RefusesWhatCannRefuses) {
    ScopedEnv devices("ACLEMU_CPU_DEVICE_COUNT", nullptr);
    ScopedEnv visible("ASCEND_RT_VISIBLE_DEVICES", nullptr);
    RuntimeSession session("cpu");
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    aclrtUuid uuid;
    char text[13];
    int32_t device = -1;
    EXPECT_EQ(aclrtDeviceGetUuid(0, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("uuid"));
    EXPECT_EQ(aclrtDeviceGetUuid(1, &uuid), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_THAT(take_recent_error(), HasSubstr("deviceId"));
    EXPECT_EQ(aclrtDeviceGetUuid(-1, &uuid), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_EQ(aclrtDeviceGetPCIBusId(0, nullptr, 13), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("pciBusId"));
    EXPECT_EQ(aclrtDeviceGetPCIBusId(1, text, 13), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_THAT(take_recent_error(), HasSubstr("deviceId"));
    std::memset(text, 'x', sizeof text);
    EXPECT_EQ(aclrtDeviceGetPCIBusId(0, text, 12), ACL_ERROR_INVALID_PARAM);  // no room for NUL
    EXPECT_THAT(take_recent_error(), HasSubstr("len"));
    EXPECT_EQ(text[0], 'x');
    EXPECT_EQ(aclrtDeviceGetPCIBusId(0, text, -1), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtDeviceGetPCIBusId(0, text, 13), ACL_SUCCESS);  // exactly enough
    EXPECT_STREQ(text, "ace0:00:00.0");
    EXPECT_EQ(aclrtDeviceGetByPCIBusId(nullptr, &device), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("pciBusId"));
    EXPECT_EQ(aclrtDeviceGetByPCIBusId("ace0:00:00.0", nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("deviceId"));
    for (const char* bad : {"", "ace0", "ace0:00:00.0 ", "xyz:00:00.0", "ace0:00:00.0.1"}) {
        EXPECT_EQ(aclrtDeviceGetByPCIBusId(bad, &device), ACL_ERROR_INVALID_PARAM) << bad;
        EXPECT_THAT(take_recent_error(), HasSubstr("not a PCI bus id")) << bad;
    }
    const std::string long_text(200, 'a');
    EXPECT_EQ(aclrtDeviceGetByPCIBusId(long_text.c_str(), &device), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(device, -1);
}

TEST(DeviceIdentity, GpuSimulatorDevicesHaveTheirOwnIds) {
    ScopedEnv devices("ACLEMU_GPUSIM_DEVICE_COUNT", "2");
    ScopedEnv visible("ASCEND_RT_VISIBLE_DEVICES", nullptr);
    std::vector<std::vector<unsigned char>> cpu;
    {
        ScopedEnv cpu_devices("ACLEMU_CPU_DEVICE_COUNT", "2");
        RuntimeSession session("cpu");
        ASSERT_EQ(session.init_result, ACL_SUCCESS);
        cpu = check_devices("ace0", 2);
    }
    RuntimeSession session("gpusim");
    if (session.init_result != ACL_SUCCESS) {
        GTEST_SKIP() << "no GPU simulator in this build: " << take_recent_error();
    }
    const std::vector<std::vector<unsigned char>> sim = check_devices("ace1", 2);
    for (const auto& uuid : sim) {
        EXPECT_TRUE(uuid != cpu[0] && uuid != cpu[1]);
    }
    int32_t device = -1;
    EXPECT_EQ(aclrtDeviceGetByPCIBusId("ace0:00:00.0", &device), ACL_ERROR_RT_INVALID_DEVICEID);
}

}  // namespace
}  // namespace aclemu::test
