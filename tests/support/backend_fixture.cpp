// BackendTest: selects the backend through ACLEMU_BACKEND (read by aclInit, so the variable is
// restored right after), initializes, sets device 0 and creates a stream. The Gpu parameter runs
// on the real GPU backend when a device answers, else on the GPU simulator; with
// ACLEMU_REQUIRE_GPU=1 a missing GPU fails the test instead.
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

// aclInit with ACLEMU_BACKEND=`backend`, restoring the variable right after.
aclError init_with_backend(const char* backend) {
    std::optional<std::string> previous;
    if (const char* value = std::getenv("ACLEMU_BACKEND")) {
        previous = value;
    }
    setenv("ACLEMU_BACKEND", backend, 1);
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
    return err;
}

struct GpuChoice {
    const char* backend = "gpu";  // "gpu": the CUDA/HIP backend; "gpusim": the simulator
    std::string why_not_real;     // the runtime's reason when no real GPU answers
};

// Asked once per process: does a real GPU answer?
const GpuChoice& gpu_choice() {
    static const GpuChoice choice = [] {
        GpuChoice c;
        aclGetRecentErrMsg();
        if (init_with_backend("gpu") != ACL_SUCCESS) {
            c.backend = "gpusim";
            c.why_not_real = "aclInit: " + recent_error();
            return c;
        }
        if (aclrtSetDevice(0) == ACL_SUCCESS) {
            aclrtResetDevice(0);
        } else {
            c.backend = "gpusim";
            c.why_not_real = recent_error();
        }
        aclFinalize();
        return c;
    }();
    return choice;
}

bool gpu_required() {
    const char* value = std::getenv("ACLEMU_REQUIRE_GPU");
    return value != nullptr && std::string(value) == "1";
}

}  // namespace

bool BackendTest::on_simulator() const {
    return on_gpu() && std::string(gpu_choice().backend) == "gpusim";
}

void BackendTest::SetUp() {
    aclGetRecentErrMsg();  // start with an empty message list
    if (on_gpu() && on_simulator() && gpu_required()) {
        FAIL() << "ACLEMU_REQUIRE_GPU=1, but no GPU answers: " << gpu_choice().why_not_real;
    }
    start_runtime();
}

void BackendTest::restart_runtime() {
    stream_ = nullptr;  // released by the test's aclFinalize
    device_set_ = false;
    initialized_ = false;
    start_runtime();
}

void BackendTest::start_runtime() {
    aclError err = init_with_backend(on_gpu() ? gpu_choice().backend : "cpu");
    ASSERT_EQ(err, ACL_SUCCESS) << "aclInit: " << recent_error();
    initialized_ = true;

    err = aclrtSetDevice(0);
    if (err != ACL_SUCCESS && on_simulator()) {
        GTEST_SKIP() << "no GPU answers (" << gpu_choice().why_not_real
                     << ") and the GPU simulator is unavailable (aclrtSetDevice returned " << err
                     << "): " << recent_error();
    }
    ASSERT_EQ(err, ACL_SUCCESS) << "aclrtSetDevice(0): " << recent_error();
    device_set_ = true;

    ASSERT_EQ(aclrtCreateStream(&stream_), ACL_SUCCESS) << "aclrtCreateStream: " << recent_error();
}

void BackendTest::TearDown() {
    finish();
}

void BackendTest::finish() {
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
