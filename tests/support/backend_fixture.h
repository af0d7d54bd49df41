// A GoogleTest fixture parameterized over backends. SetUp selects the backend through
// ACLEMU_BACKEND, calls aclInit and aclrtSetDevice(0) and creates a stream; on the Gpu parameter
// it skips (GTEST_SKIP, with the runtime's reason) when no GPU answers. TearDown releases all.
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
    bool on_gpu() const { return GetParam() == Backend::Gpu; }

private:
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
