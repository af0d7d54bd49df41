// BackendTest: selects the backend through ACLEMU_BACKEND (read by aclInit, so the variable is
// restored right after), initializes, sets device 0 and creates a stream. On the Gpu parameter
// a failing aclrtSetDevice means no GPU answers: the test is skipped with the runtime's reason.
#include "support/backend_fixture.h"

#include <cstdlib>
#include <optional>
#include <string>

namespace aclemu::test {
namespace {

std::string recent_error() {
    const char* text = aclGetRecentErrMsg();
    return text != nullptr ? text : "(no message)";
}

}  // namespace

void BackendTest::SetUp() {
    aclGetRecentErrMsg();  // start with an empty message list

    std::optional<std::string> previous;
    if (const char* value = std::getenv("ACLEMU_BACKEND")) {
        previous = value;
    }
    setenv("ACLEMU_BACKEND", on_gpu() ? "gpu" : "cpu", 1);
    aclError err = aclInit(nullptr);
    if (err == ACL_ERROR_REPEAT_INITIALIZE) {
        // An earlier test left the runtime initialized; start from a clean one.
        aclFinalize();
        err = aclInit(nullptr);
    }
    if (previous) {
        setenv("ACLEMU_BACKEND", previous->c_str(), 1);
    } else {
        unsetenv("ACLEMU_BACKEND");
    }
    ASSERT_EQ(err, ACL_SUCCESS) << "aclInit: " << recent_error();
    initialized_ = true;

    err = aclrtSetDevice(0);
    if (err != ACL_SUCCESS && on_gpu()) {
        GTEST_SKIP() << "no GPU answers (aclrtSetDevice returned " << err
                     << "): " << recent_error();
    }
    ASSERT_EQ(err, ACL_SUCCESS) << "aclrtSetDevice(0): " << recent_error();
    device_set_ = true;

    ASSERT_EQ(aclrtCreateStream(&stream_), ACL_SUCCESS) << "aclrtCreateStream: " << recent_error();
}

void BackendTest::TearDown() {
    if (stream_ != nullptr) {
        EXPECT_EQ(aclrtDestroyStream(stream_), ACL_SUCCESS) << recent_error();
        stream_ = nullptr;
    }
    if (device_set_) {
        EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS) << recent_error();
        device_set_ = false;
    }
    if (initialized_) {
        EXPECT_EQ(aclFinalize(), ACL_SUCCESS) << recent_error();
        initialized_ = false;
    }
}

}  // namespace aclemu::test
