// aclnnUpsampleNearestExact1d through the public two-phase API on every backend: worked maps
// (up, down, non-integer and mismatched scales), the index rule against a reference written
// here from the backward's bins, exact adjointness with aclnnUpsampleNearestExact1dBackward,
// dtypes and strided views, and each validation step with its exact code and parameter name.
#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_upsample_nearest_exact1d.h"
#include "aclnnop/aclnn_upsample_nearest_exact1d_backward.h"

#include "support/backend_fixture.h"
#include "support/compare.h"
#include "support/device_tensor.h"
#include "support/error_message.h"
#include "support/reference_dtype.h"
#include "support/two_phase.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

class IntArray {
public:
    explicit IntArray(std::vector<int64_t> v)
        : array_(aclCreateIntArray(v.data(), static_cast<uint64_t>(v.size()))) {}
    ~IntArray() { aclDestroyIntArray(array_); }
    IntArray(const IntArray&) = delete;
    IntArray& operator=(const IntArray&) = delete;
    const aclIntArray* get() const { return array_; }

private:
    aclIntArray* array_;
};

// The backward's bin start lo(i) = min(ceil(fp32(fp32(i * S) - 0.5)), L_out), each fp32 step
// stored (no fusion); the forward reads, for output j, the last i whose bin starts at or
// before j, clamped to L_in - 1.
int64_t bin_start(int64_t i, float s, int64_t l_out) {
    volatile float p = static_cast<float>(i) * s;
    volatile float q = p - 0.5f;
    const double c = std::ceil(static_cast<double>(q));
    return c >= static_cast<double>(l_out) ? l_out : static_cast<int64_t>(c < 0 ? 0 : c);
}

std::vector<int64_t> source_indices(int64_t l_in, int64_t l_out, double scales) {
    const float s = scales > 0 ? static_cast<float>(scales)
                               : static_cast<float>(l_out) / static_cast<float>(l_in);
    std::vector<int64_t> src(l_out);
    for (int64_t j = 0; j < l_out; ++j) {
        int64_t i = 0;
        while (i + 1 < l_in && bin_start(i + 1, s, l_out) <= j) {
            ++i;
        }
        src[j] = i;
    }
    return src;
}

class UpsampleNearestExact1dTest : public BackendTest {
protected:
    TwoPhaseResult run(const DeviceTensor& self,
                       int64_t l_out,
                       double scales,
                       const DeviceTensor& out) {
        IntArray size({l_out});
        return run_two_phase(aclnnUpsampleNearestExact1dGetWorkspaceSize,
                             aclnnUpsampleNearestExact1d,
                             stream(),
                             static_cast<const aclTensor*>(self.get()),
                             size.get(),
                             scales,
                             out.get());
    }

    void expect_phase1(aclnnStatus want,
                       const aclTensor* self,
                       const aclIntArray* size,
                       aclTensor* out,
                       const std::string& param,
                       bool null_ws = false,
                       bool null_exec = false) {
        take_recent_error();
        uint64_t ws = 0;
        aclOpExecutor* exec = nullptr;
        const aclnnStatus got = aclnnUpsampleNearestExact1dGetWorkspaceSize(
            self, size, 0.0, out, null_ws ? nullptr : &ws, null_exec ? nullptr : &exec);
        EXPECT_EQ(got, want);
        if (want == ACLNN_SUCCESS) {
            if (exec != nullptr) {
                EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
            }
            return;
        }
        const std::string msg = take_recent_error();
        EXPECT_THAT(msg, HasSubstr("aclnnUpsampleNearestExact1d")) << msg;
        EXPECT_THAT(msg, HasSubstr(param + ":")) << msg;
    }
};

TEST_P(UpsampleNearestExact1dTest, WorkedMaps) {
    struct Case {
        int64_t l_in, l_out;
        double scales;
        std::vector<double> want;  // out for self = 0, 1, ..., l_in - 1
    };
    const std::vector<Case> cases = {
        {3, 5, 0, {0, 0, 1, 2, 2}},             // 5/3: floor((j + 0.5) * 0.6)
        {3, 6, 2.0, {0, 0, 1, 1, 2, 2}},        // doubling
        {5, 3, 0, {0, 2, 4}},                   // downsampling: floor((j + 0.5) * 5/3)
        {4, 8, 1.5, {0, 1, 1, 2, 3, 3, 3, 3}},  // scales disagreeing with the sizes
        {2, 4, 0, {0, 0, 1, 1}},
        {1, 50, 0, std::vector<double>(50, 0)},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(::testing::Message() << c.l_in << " -> " << c.l_out << " scales " << c.scales);
        std::vector<double> x(c.l_in);
        for (int64_t i = 0; i < c.l_in; ++i) {
            x[i] = static_cast<double>(i);
        }
        auto self = DeviceTensor::contiguous({1, 1, c.l_in}, ACL_FLOAT, x);
        auto out = DeviceTensor::filled({1, 1, c.l_out}, ACL_FLOAT, -1);
        const auto r = run(self, c.l_out, c.scales, out);
        ASSERT_TRUE(r.ok()) << r;
        EXPECT_EQ(r.workspace_size, 0u);
        EXPECT_EQ(out.read(), c.want);
    }
}

TEST_P(UpsampleNearestExact1dTest, IndexRuleOverManySizes) {
    // Every pair of lengths in [1, 40] (and long rows), rows of distinct values per (n, c).
    for (int64_t l_in : {1, 2, 3, 7, 13, 40}) {
        for (int64_t l_out : {1, 2, 5, 9, 17, 40, 77, 300}) {
            for (double scales : {0.0, 2.5}) {
                SCOPED_TRACE(::testing::Message()
                             << l_in << " -> " << l_out << " scales " << scales);
                const int64_t n = 2, c = 3;
                std::vector<double> x(n * c * l_in);
                for (size_t k = 0; k < x.size(); ++k) {
                    x[k] = static_cast<double>(k);
                }
                auto self = DeviceTensor::contiguous({n, c, l_in}, ACL_FLOAT, x);
                auto out = DeviceTensor::filled({n, c, l_out}, ACL_FLOAT, -1);
                const auto r = run(self, l_out, scales, out);
                ASSERT_TRUE(r.ok()) << r;
                const auto src = source_indices(l_in, l_out, scales);
                std::vector<double> want;
                for (int64_t row = 0; row < n * c; ++row) {
                    for (int64_t j = 0; j < l_out; ++j) {
                        want.push_back(x[row * l_in + src[j]]);
                    }
                }
                EXPECT_EQ(out.read(), want);
            }
        }
    }
}

TEST_P(UpsampleNearestExact1dTest, DtypesAndStridedViews) {
    // self [2, 3, 5] as a transposed view of a [5, 3, 2] storage, out [2, 3, 12] with padded
    // rows: values are copied exactly in every dtype; storage outside out's view is untouched.
    const int64_t n = 2, c = 3, l_in = 5, l_out = 12;
    for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        SCOPED_TRACE(::testing::Message() << "dtype " << t);
        std::vector<double> storage(n * c * l_in);
        for (size_t k = 0; k < storage.size(); ++k) {
            storage[k] = round_to_dtype(0.37 * static_cast<double>(k) - 4.1, t);
        }
        auto self = DeviceTensor::strided({n, c, l_in}, {1, 2, 6}, 0, {l_in, c, n}, t, storage);
        const int64_t pitch = l_out + 3;
        const std::vector<double> sentinel(n * c * pitch, -99);
        auto out = DeviceTensor::strided(
            {n, c, l_out}, {c * pitch, pitch, 1}, 0, {n * c * pitch}, t, sentinel);
        const auto r = run(self, l_out, 0, out);
        ASSERT_TRUE(r.ok()) << r;
        const auto src = source_indices(l_in, l_out, 0);
        std::vector<double> want;
        for (int64_t in = 0; in < n; ++in) {
            for (int64_t ic = 0; ic < c; ++ic) {
                for (int64_t j = 0; j < l_out; ++j) {
                    want.push_back(storage[in * 1 + ic * 2 + src[j] * 6]);
                }
            }
        }
        EXPECT_EQ(out.read(), want);
        const auto st = out.read_storage();
        for (int64_t row = 0; row < n * c; ++row) {
            for (int64_t j = l_out; j < pitch; ++j) {
                EXPECT_EQ(st[row * pitch + j], -99.0);
            }
        }
    }
}

TEST_P(UpsampleNearestExact1dTest, BackwardIsTheExactAdjoint) {
    // <g, forward(x)> == <backward(g), x> for the same scales, in double over fp32 values.
    for (double scales : {0.0, 1.7, 0.4}) {
        const int64_t n = 2, c = 2, l_in = 23;
        const int64_t l_out = scales > 0 ? static_cast<int64_t>(std::floor(l_in * scales)) : 61;
        SCOPED_TRACE(::testing::Message() << "scales " << scales << " l_out " << l_out);
        std::vector<double> x(n * c * l_in), g(n * c * l_out);
        for (size_t k = 0; k < x.size(); ++k) {
            x[k] = static_cast<double>((k * 7) % 11) - 5;
        }
        for (size_t k = 0; k < g.size(); ++k) {
            g[k] = static_cast<double>((k * 5) % 13) - 6;
        }
        auto tx = DeviceTensor::contiguous({n, c, l_in}, ACL_FLOAT, x);
        auto fx = DeviceTensor::filled({n, c, l_out}, ACL_FLOAT, 0);
        ASSERT_TRUE(run(tx, l_out, scales, fx).ok());
        auto tg = DeviceTensor::contiguous({n, c, l_out}, ACL_FLOAT, g);
        auto bg = DeviceTensor::filled({n, c, l_in}, ACL_FLOAT, 0);
        IntArray out_size({l_out});
        IntArray in_size({n, c, l_in});
        const auto r = run_two_phase(aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize,
                                     aclnnUpsampleNearestExact1dBackward,
                                     stream(),
                                     static_cast<const aclTensor*>(tg.get()),
                                     out_size.get(),
                                     in_size.get(),
                                     scales,
                                     bg.get());
        ASSERT_TRUE(r.ok()) << r;
        const auto f = fx.read();
        const auto b = bg.read();
        double lhs = 0, rhs = 0;
        for (size_t k = 0; k < g.size(); ++k) {
            lhs += g[k] * f[k];
        }
        for (size_t k = 0; k < x.size(); ++k) {
            rhs += b[k] * x[k];
        }
        EXPECT_EQ(lhs, rhs);
    }
}

TEST_P(UpsampleNearestExact1dTest, Validation) {
    auto self = DeviceTensor::filled({2, 3, 4}, ACL_FLOAT, 0);
    auto out = DeviceTensor::filled({2, 3, 8}, ACL_FLOAT, 0);
    IntArray size8({8});
    IntArray size0({0});
    IntArray size_two({8, 8});
    auto i32 = DeviceTensor::filled({2, 3, 4}, ACL_INT32, 0);
    auto f16_out = DeviceTensor::filled({2, 3, 8}, ACL_FLOAT16, 0);
    auto empty = DeviceTensor::filled({2, 0, 4}, ACL_FLOAT, 0);
    auto empty_out = DeviceTensor::filled({2, 0, 8}, ACL_FLOAT, 0);
    auto rank4 = DeviceTensor::filled({2, 3, 4, 1}, ACL_FLOAT, 0);
    auto rank2 = DeviceTensor::filled({2, 3}, ACL_FLOAT, 0);
    auto wrong_out = DeviceTensor::filled({2, 3, 7}, ACL_FLOAT, 0);
    expect_phase1(ACLNN_ERR_PARAM_NULLPTR, nullptr, size8.get(), out.get(), "workspaceSize", true);
    expect_phase1(
        ACLNN_ERR_PARAM_NULLPTR, nullptr, size8.get(), out.get(), "executor", false, true);
    expect_phase1(ACLNN_ERR_PARAM_NULLPTR, nullptr, size8.get(), out.get(), "self");
    expect_phase1(ACLNN_ERR_PARAM_NULLPTR, self.get(), size8.get(), nullptr, "out");
    expect_phase1(ACLNN_ERR_PARAM_NULLPTR, i32.get(), nullptr, out.get(), "outputSize");
    expect_phase1(ACLNN_ERR_PARAM_INVALID, i32.get(), size8.get(), out.get(), "self");
    expect_phase1(ACLNN_ERR_PARAM_INVALID, self.get(), size8.get(), f16_out.get(), "out");
    // Sizes are checked before ranks: empty tensors and a zero output length are rejected.
    expect_phase1(ACLNN_ERR_PARAM_INVALID, empty.get(), size8.get(), empty_out.get(), "self");
    expect_phase1(ACLNN_ERR_PARAM_INVALID, self.get(), size0.get(), out.get(), "self");
    expect_phase1(ACLNN_ERR_PARAM_INVALID, rank4.get(), size8.get(), out.get(), "self");
    expect_phase1(ACLNN_ERR_PARAM_INVALID, rank2.get(), size8.get(), out.get(), "self");
    expect_phase1(ACLNN_ERR_PARAM_INVALID, self.get(), size_two.get(), out.get(), "outputSize");
    // aclemu: out must be [N, C, outputSize[0]].
    expect_phase1(ACLNN_ERR_PARAM_INVALID, self.get(), size8.get(), wrong_out.get(), "out");
    auto overlapping = DeviceTensor::strided({2, 3, 8}, {0, 8, 1}, 0, {24}, ACL_FLOAT);
    expect_phase1(ACLNN_ERR_PARAM_INVALID, self.get(), size8.get(), overlapping.get(), "out");
    expect_phase1(ACLNN_SUCCESS, self.get(), size8.get(), out.get(), "");
}

ACLEMU_INSTANTIATE_BACKENDS(UpsampleNearestExact1dTest);

}  // namespace
}  // namespace aclemu::test
