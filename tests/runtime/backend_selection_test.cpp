// ACLEMU_BACKEND end to end through the public API: `auto` runs on the GPU when one answers and
// on the CPU otherwise; an explicit GPU choice either runs on that GPU or makes aclrtSetDevice
// fail with ACL_ERROR_RT_NO_DEVICE and a message that says why (the GPU runtime's own words, e.g.
// "cudaGetDeviceCount: ... (cudaErrorNoDevice)"). Whether a GPU answers is learnt from the
// runtime itself, so every test is meaningful with and without one (label cpu). ACLEMU_BACKEND=
// gpusim is the GPU backend on the GPU simulator, which needs no GPU (label gpu).
#include "acl/acl.h"

#include "aclemu/rt.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>

namespace {

using ::testing::AnyOf;
using ::testing::HasSubstr;
using ::testing::StartsWith;

struct Outcome {
    aclError set_device = ACL_SUCCESS;
    std::string soc;      // aclrtGetSocName() when aclrtSetDevice succeeded
    std::string message;  // aclGetRecentErrMsg() when it failed
};

// aclInit reads ACLEMU_BACKEND; the variable is restored right after.
Outcome run_with_backend(const char* choice) {
    Outcome outcome;
    aclGetRecentErrMsg();  // start with an empty message list
    std::optional<std::string> previous;
    if (const char* value = std::getenv("ACLEMU_BACKEND")) {
        previous = value;
    }
    setenv("ACLEMU_BACKEND", choice, 1);
    aclError init = aclInit(nullptr);
    if (init == ACL_ERROR_REPEAT_INITIALIZE) {
        aclFinalize();
        init = aclInit(nullptr);
    }
    if (previous) {
        setenv("ACLEMU_BACKEND", previous->c_str(), 1);
    } else {
        unsetenv("ACLEMU_BACKEND");
    }
    EXPECT_EQ(init, ACL_SUCCESS) << "aclInit with ACLEMU_BACKEND=" << choice;
    outcome.set_device = aclrtSetDevice(0);
    if (outcome.set_device == ACL_SUCCESS) {
        const char* soc = aclrtGetSocName();
        outcome.soc = soc != nullptr ? soc : "";
        EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    } else {
        const char* text = aclGetRecentErrMsg();
        outcome.message = text != nullptr ? text : "";
    }
    EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
    return outcome;
}

TEST(BackendSelection, CpuChoiceRunsOnTheCpu) {
    Outcome cpu = run_with_backend("cpu");
    ASSERT_EQ(cpu.set_device, ACL_SUCCESS) << cpu.message;
    EXPECT_EQ(cpu.soc, "Ascend910B_aclemu_cpu");
}

TEST(BackendSelection, AutoRunsOnTheGpuWhenOneAnswersElseOnTheCpu) {
    Outcome gpu = run_with_backend("gpu");
    Outcome automatic = run_with_backend("auto");
    ASSERT_EQ(automatic.set_device, ACL_SUCCESS) << "auto never fails: " << automatic.message;
    if (gpu.set_device == ACL_SUCCESS) {
        EXPECT_EQ(automatic.soc, gpu.soc);
        EXPECT_THAT(gpu.soc, AnyOf("Ascend910B_aclemu_cuda", "Ascend910B_aclemu_hip"));
    } else {
        EXPECT_EQ(automatic.soc, "Ascend910B_aclemu_cpu") << "no GPU answers: " << gpu.message;
    }
}

// Each explicit GPU choice: runs on that GPU, or fails saying which choice and why.
TEST(BackendSelection, ExplicitGpuChoiceRunsThereOrFailsWithTheReason) {
    for (const char* choice : {"cuda", "hip", "gpu"}) {
        SCOPED_TRACE(std::string("ACLEMU_BACKEND=") + choice);
        Outcome outcome = run_with_backend(choice);
        if (outcome.set_device == ACL_SUCCESS) {
            const std::string vendor = std::string(choice) == "gpu" ? "" : choice;
            EXPECT_THAT(outcome.soc, StartsWith("Ascend910B_aclemu_" + vendor));
            EXPECT_NE(outcome.soc, "Ascend910B_aclemu_cpu");
            continue;
        }
        EXPECT_EQ(outcome.set_device, ACL_ERROR_RT_NO_DEVICE);
        EXPECT_THAT(outcome.message, HasSubstr(std::string("ACLEMU_BACKEND=") + choice));
        // The reason: no GPU backend built, the other one built, or the GPU runtime's answer.
        EXPECT_THAT(outcome.message,
                    AnyOf(HasSubstr("built without a GPU backend"),
                          HasSubstr("built with the"),
                          HasSubstr("cudaGetDeviceCount: "),
                          HasSubstr("hipGetDeviceCount: ")));
    }
}

TEST(BackendSelection, GpuSimChoiceRunsTheGpuBackendOnTheSimulator) {
    Outcome sim = run_with_backend("gpusim");
    ASSERT_EQ(sim.set_device, ACL_SUCCESS) << sim.message;
    EXPECT_EQ(sim.soc, "Ascend910B_aclemu_gpusim");
}

// `auto` chooses the CPU only with a reason, which aclemu-info prints; a GPU choice has none.
TEST(BackendSelection, AutoSaysWhyItChoseTheCpu) {
    Outcome gpu = run_with_backend("gpu");
    setenv("ACLEMU_BACKEND", "auto", 1);
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    unsetenv("ACLEMU_BACKEND");
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    const std::string reason = aclemu::rt::cpu_fallback_reason();
    if (gpu.set_device == ACL_SUCCESS) {
        EXPECT_NE(aclemu::rt::active_backend(), aclemu::rt::BackendKind::Cpu);
        EXPECT_EQ(reason, "");
    } else {
        EXPECT_EQ(aclemu::rt::active_backend(), aclemu::rt::BackendKind::Cpu);
        EXPECT_THAT(reason,
                    AnyOf(HasSubstr("built without a GPU backend"),
                          HasSubstr("cudaGetDeviceCount: "),
                          HasSubstr("hipGetDeviceCount: ")));
    }
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
    EXPECT_EQ(aclemu::rt::cpu_fallback_reason(), "") << "cleared by aclFinalize";
}

}  // namespace
