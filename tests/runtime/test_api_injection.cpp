// API injection (aclrtApiInjectionGetFunc / aclrtApiInjectionSetFunc): a tool's function replaces
// an injectable entry point and can call the original; restoring the original ends it; enum
// arguments reach a hook as the caller's bits; CANN's codes for names aclemu cannot inject.
#include "support/backend_fixture.h"
#include "support/c_enum_calls.h"
#include "support/error_message.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

using GetDeviceFn = aclError (*)(int32_t*);
using MemcpyRawFn = aclError (*)(void*, size_t, const void*, size_t, int32_t);

GetDeviceFn g_original_get_device = nullptr;
int g_get_device_calls = 0;
MemcpyRawFn g_original_memcpy = nullptr;
int32_t g_seen_kind = -1;

aclError counting_get_device(int32_t* device) {
    ++g_get_device_calls;
    return g_original_get_device(device);
}

aclError watching_memcpy(void* dst, size_t dest_max, const void* src, size_t count, int32_t kind) {
    g_seen_kind = kind;
    return g_original_memcpy(dst, dest_max, src, count, kind);
}

template <class F>
aclrtApiFunc as_api(F function) {
    return reinterpret_cast<aclrtApiFunc>(reinterpret_cast<void*>(function));  // as tools do
}

class ApiInjection : public BackendTest {};

TEST_P(ApiInjection, AHookReplacesTheEntryPointUntilTheOriginalIsBack) {
    aclrtApiFunc origin = nullptr;
    aclrtApiFunc current = nullptr;
    ASSERT_EQ(aclrtApiInjectionGetFunc("aclrtGetDevice", &origin, &current), ACL_SUCCESS);
    ASSERT_NE(origin, nullptr);
    EXPECT_EQ(current, origin);
    EXPECT_NE(reinterpret_cast<void*>(origin), reinterpret_cast<void*>(&aclrtGetDevice));

    g_original_get_device = reinterpret_cast<GetDeviceFn>(reinterpret_cast<void*>(origin));
    g_get_device_calls = 0;
    ASSERT_EQ(aclrtApiInjectionSetFunc("aclrtGetDevice", as_api(&counting_get_device)),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtApiInjectionGetFunc("aclrtGetDevice", nullptr, &current), ACL_SUCCESS);
    EXPECT_EQ(current, as_api(&counting_get_device));
    int32_t device = -1;
    ASSERT_EQ(aclrtGetDevice(&device), ACL_SUCCESS);
    EXPECT_EQ(device, 0);
    EXPECT_EQ(g_get_device_calls, 1);

    ASSERT_EQ(aclrtApiInjectionSetFunc("aclrtGetDevice", origin), ACL_SUCCESS);
    device = -1;
    ASSERT_EQ(aclrtGetDevice(&device), ACL_SUCCESS);
    EXPECT_EQ(device, 0);
    EXPECT_EQ(g_get_device_calls, 1);
}

TEST_P(ApiInjection, AnEnumArgumentReachesTheHookAsTheCallersBits) {
    aclrtApiFunc origin = nullptr;
    ASSERT_EQ(aclrtApiInjectionGetFunc("aclrtMemcpy", &origin, nullptr), ACL_SUCCESS);
    g_original_memcpy = reinterpret_cast<MemcpyRawFn>(reinterpret_cast<void*>(origin));
    ASSERT_EQ(aclrtApiInjectionSetFunc("aclrtMemcpy", as_api(&watching_memcpy)), ACL_SUCCESS);
    int src = 5;
    int dst = 0;
    ASSERT_EQ(aclrtMemcpy(&dst, sizeof dst, &src, sizeof src, ACL_MEMCPY_HOST_TO_HOST),
              ACL_SUCCESS);
    EXPECT_EQ(g_seen_kind, ACL_MEMCPY_HOST_TO_HOST);
    EXPECT_EQ(dst, 5);
    take_recent_error();
    EXPECT_EQ(c_aclrtMemcpy(&dst, sizeof dst, &src, sizeof src, 99), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(g_seen_kind, 99);  // passed on, and the original refused it as usual
    EXPECT_THAT(take_recent_error(), HasSubstr("kind"));
    ASSERT_EQ(aclrtApiInjectionSetFunc("aclrtMemcpy", origin), ACL_SUCCESS);
}

TEST_P(ApiInjection, NamesThatCannotBeInjectedAreRefused) {
    aclrtApiFunc origin = nullptr;
    take_recent_error();
    EXPECT_EQ(aclrtApiInjectionGetFunc(nullptr, &origin, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("name"));
    for (const char* name : {"aclInit", "aclrtNoSuchCall", "aclrtApiInjectionSetFunc", ""}) {
        EXPECT_EQ(aclrtApiInjectionGetFunc(name, &origin, nullptr), ACL_ERROR_INVALID_PARAM)
            << name;
        EXPECT_THAT(take_recent_error(),
                    HasSubstr("not an entry point aclemu lets a tool replace"));
        EXPECT_EQ(aclrtApiInjectionSetFunc(name, as_api(&counting_get_device)),
                  ACL_ERROR_INVALID_PARAM);
        take_recent_error();
    }
    EXPECT_EQ(aclrtApiInjectionSetFunc(nullptr, as_api(&counting_get_device)),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("name"));
    EXPECT_EQ(aclrtApiInjectionSetFunc("aclrtGetDevice", nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("func"));
    EXPECT_EQ(aclrtApiInjectionGetFunc("aclrtMalloc", nullptr, nullptr), ACL_SUCCESS);
}

ACLEMU_INSTANTIATE_BACKENDS(ApiInjection);

}  // namespace
}  // namespace aclemu::test
