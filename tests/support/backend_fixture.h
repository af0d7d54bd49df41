// A GoogleTest fixture parameterized over backends. SetUp selects the backend through
// ACLEMU_BACKEND, calls aclInit and aclrtSetDevice(0) and creates a stream. The Gpu parameter
// runs on the CUDA/HIP backend when a GPU answers, else on the GPU simulator (ACLEMU_BACKEND=
// gpusim), so every gpu-labelled test runs everywhere; ACLEMU_REQUIRE_GPU=1 (GPU CI runners)
// makes a missing GPU a failure instead. TearDown releases all.
//
//   class MyTest : public aclemu::test::BackendTest {};
//   TEST_P(MyTest, Works) { ... stream() ... }
//   ACLEMU_INSTANTIATE_BACKENDS(MyTest);   // instantiations "Cpu/..." and "Gpu/..."
#pragma once

#include "acl/acl.h"

#include <gtest/gtest.h>

#include <string>

namespace aclemu::test {

enum class Backend { Cpu, Gpu };

inline std::string backend_name(const ::testing::TestParamInfo<Backend>& info) {
    return info.param == Backend::Cpu ? "cpu" : "gpu";
}

class BackendTest : public ::testing::TestWithParam<Backend> {
protected:
    void SetUp() override;
    void TearDown() override;

    aclrtStream stream() const { return stream_; }
    /// For a test that called aclFinalize: aclInit with the same backend, device 0 and a new
    /// stream() again, as SetUp does (TearDown then releases them as usual).
    void restart_runtime();
    bool on_gpu() const { return GetParam() == Backend::Gpu; }
    /// The Gpu parameter, run on the GPU simulator because no real GPU answers.
    bool on_simulator() const;
    /// Releases the stream, the device and the runtime now (aclFinalize), for tests that check
    /// what finalizing leaves behind; TearDown then has nothing left to do.
    void finish();

private:
    void start_runtime();

    aclrtStream stream_ = nullptr;
    bool initialized_ = false;
    bool device_set_ = false;
};

}  // namespace aclemu::test

#define ACLEMU_INSTANTIATE_BACKENDS(Suite)                                    \
    INSTANTIATE_TEST_SUITE_P(Cpu,                                             \
                             Suite,                                           \
                             ::testing::Values(::aclemu::test::Backend::Cpu), \
                             ::aclemu::test::backend_name);                   \
    INSTANTIATE_TEST_SUITE_P(                                                 \
        Gpu, Suite, ::testing::Values(::aclemu::test::Backend::Gpu), ::aclemu::test::backend_name)

/// For suites about one backend only (the CPU backend's work queue, a GPU launch path).
#define ACLEMU_INSTANTIATE_CPU_ONLY(Suite) \
    INSTANTIATE_TEST_SUITE_P(              \
        Cpu, Suite, ::testing::Values(::aclemu::test::Backend::Cpu), ::aclemu::test::backend_name)
#define ACLEMU_INSTANTIATE_GPU_ONLY(Suite) \
    INSTANTIATE_TEST_SUITE_P(              \
        Gpu, Suite, ::testing::Values(::aclemu::test::Backend::Gpu), ::aclemu::test::backend_name)
