// Test helper shared by the one-input elementwise operator tests (Sigmoid, LogSigmoid, Logit):
// runs the op over dtype x rank x layout (elementwise_op_layouts.h, the input in role 1) and
// compares with a double-precision reference of the (rounded) input, and checks that the
// output's storage outside its view stays untouched. Header-only.
#pragma once

#include "ops/elementwise_op_layouts.h"
#include "support/compare.h"
#include "support/device_tensor.h"
#include "support/reference_dtype.h"
#include "support/two_phase.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <initializer_list>
#include <vector>

namespace aclemu::test::elementwise {

/// `run(self, out)` runs the op and returns its TwoPhaseResult; `reference(x)` is the expected
/// value for the input value x; inputs are uniform in [lo, hi].
template <typename Run, typename Reference>
void check_unary_matrix(
    Run run, Reference reference, double lo, double hi, std::initializer_list<aclDataType> dtypes) {
    const std::vector<std::vector<int64_t>> shapes = {
        {}, {37}, {3, 5, 7}, {2, 3, 1, 4, 5}, {2, 1, 3, 2, 2, 1, 3, 2}};
    const LayoutKind kinds[] = {LayoutKind::Contiguous,
                                LayoutKind::Permuted,
                                LayoutKind::Offsets,
                                LayoutKind::SharedOffset,
                                LayoutKind::ZeroStride};
    constexpr double kSentinel = -1536.0;
    uint32_t seed = 11;
    for (aclDataType t : dtypes) {
        for (const auto& dims : shapes) {
            for (LayoutKind kind : kinds) {
                SCOPED_TRACE(::testing::Message()
                             << "dtype " << t << " dims " << ::testing::PrintToString(dims)
                             << " layout " << layout_name(kind));
                const auto vo = make_view(kind, dims, 0);
                const auto vx = make_view(kind, dims, 1);
                const auto sx = uniform_values(vx.storage_numel, lo, hi, seed++);
                auto x = make_tensor(dims, vx, t, sx);
                auto out =
                    make_tensor(dims, vo, t, std::vector<double>(vo.storage_numel, kSentinel));
                const TwoPhaseResult r = run(x, out);
                ASSERT_TRUE(r.ok()) << r;
                EXPECT_EQ(r.workspace_size, 0u);
                const auto xv = view_values(dims, vx, sx);
                std::vector<double> want(xv.size());
                for (size_t i = 0; i < want.size(); ++i) {
                    want[i] = reference(round_to_dtype(xv[i], t));
                }
                EXPECT_TRUE(all_close(out.read(), want, t));
                const auto storage = out.read_storage();
                const auto mask = view_mask(dims, vo);
                for (size_t i = 0; i < storage.size(); ++i) {
                    if (!mask[i]) {
                        EXPECT_EQ(storage[i], kSentinel) << "storage element " << i;
                    }
                }
            }
        }
    }
}

/// A long contiguous run (many GPU blocks and CPU threads, a tail off every vector width), then
/// the same with the views misaligned differently and equally.
template <typename Run, typename Reference>
void check_unary_large(Run run, Reference reference, double lo, double hi) {
    const std::vector<int64_t> dims = {300007};
    for (LayoutKind kind :
         {LayoutKind::Contiguous, LayoutKind::Offsets, LayoutKind::SharedOffset}) {
        for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
            SCOPED_TRACE(::testing::Message() << layout_name(kind) << " dtype " << t);
            const auto vo = make_view(kind, dims, 0);
            const auto vx = make_view(kind, dims, 1);
            const auto sx = uniform_values(vx.storage_numel, lo, hi, 78);
            auto x = make_tensor(dims, vx, t, sx);
            auto out = make_tensor(dims, vo, t, {});
            const TwoPhaseResult r = run(x, out);
            ASSERT_TRUE(r.ok()) << r;
            const auto xv = view_values(dims, vx, sx);
            std::vector<double> want(xv.size());
            for (size_t i = 0; i < want.size(); ++i) {
                want[i] = reference(round_to_dtype(xv[i], t));
            }
            EXPECT_TRUE(all_close(out.read(), want, t));
        }
    }
}

}  // namespace aclemu::test::elementwise
