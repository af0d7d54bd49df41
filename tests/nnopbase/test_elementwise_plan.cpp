// plan_elementwise: size-1 dims dropped, dims ordered by the output's strides, mergeable dims
// coalesced, the contiguous flag, and the kMaxDims limit. Geometries are asserted field by field.
#include "common/elementwise_plan.h"
#include "nnopbase/tensor.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace aclemu::test {
namespace {

using kernels::ElementwiseGeometry;
using kernels::kMaxDims;

aclTensor view(std::vector<int64_t> dims, std::vector<int64_t> strides, int64_t offset = 0) {
    aclTensor t;
    t.dtype = ACL_FLOAT;
    t.view_dims = std::move(dims);
    t.strides = std::move(strides);
    t.offset = offset;
    return t;
}

std::vector<int64_t> row_major(const std::vector<int64_t>& dims) {
    std::vector<int64_t> s(dims.size(), 1);
    for (size_t d = dims.size(); d-- > 1;) {
        s[d - 1] = s[d] * dims[d];
    }
    return s;
}

// Plans (out, a, b) and returns the geometry; fails the test when planning fails.
ElementwiseGeometry plan(const aclTensor& out, const aclTensor& a, const aclTensor& b) {
    const aclTensor* const operands[3] = {&out, &a, &b};
    ElementwiseGeometry g;
    EXPECT_TRUE(ops::plan_elementwise(operands, &g));
    return g;
}

std::vector<int64_t> sizes(const ElementwiseGeometry& g) {
    return {g.sizes, g.sizes + g.ndim};
}

std::vector<int64_t> strides(const ElementwiseGeometry& g, int operand) {
    return {g.strides[operand], g.strides[operand] + g.ndim};
}

using V = std::vector<int64_t>;

TEST(ElementwisePlan, ContiguousCollapsesToOneDim) {
    const aclTensor t = view({2, 3, 4}, {12, 4, 1});
    const ElementwiseGeometry g = plan(t, t, t);
    EXPECT_EQ(g.numel, 24);
    EXPECT_EQ(g.ndim, 1);
    EXPECT_EQ(sizes(g), V({24}));
    for (int k = 0; k < 3; ++k) {
        EXPECT_EQ(strides(g, k), V({1}));
    }
    EXPECT_TRUE(g.contiguous);
}

TEST(ElementwisePlan, RankZeroIsOneContiguousElement) {
    const aclTensor t = view({}, {});
    const ElementwiseGeometry g = plan(t, t, t);
    EXPECT_EQ(g.numel, 1);
    EXPECT_EQ(sizes(g), V({1}));
    EXPECT_TRUE(g.contiguous);
}

TEST(ElementwisePlan, SizeOneDimsAreDroppedWhateverTheirStrides) {
    const aclTensor out = view({1, 5, 1}, {5, 1, 1});
    const aclTensor a = view({1, 5, 1}, {999, 1, -7});
    const ElementwiseGeometry g = plan(out, a, out);
    EXPECT_EQ(sizes(g), V({5}));
    EXPECT_EQ(strides(g, 1), V({1}));
    EXPECT_TRUE(g.contiguous);
    const aclTensor ones = view({1, 1, 1}, {3, 2, 1});
    const ElementwiseGeometry single = plan(ones, ones, ones);
    EXPECT_EQ(single.numel, 1);
    EXPECT_EQ(sizes(single), V({1}));
    EXPECT_TRUE(single.contiguous);
}

TEST(ElementwisePlan, EmptyGivesZeroElements) {
    const aclTensor t = view({3, 0, 2}, {2, 2, 1});
    const ElementwiseGeometry g = plan(t, t, t);
    EXPECT_EQ(g.numel, 0);
    EXPECT_EQ(g.ndim, 1);
    EXPECT_EQ(g.sizes[0], 0);
}

TEST(ElementwisePlan, OffsetsDoNotEnterTheGeometry) {
    const aclTensor out = view({4, 5}, {5, 1});
    const aclTensor shifted = view({4, 5}, {5, 1}, 17);
    const ElementwiseGeometry g = plan(out, shifted, shifted);
    EXPECT_EQ(sizes(g), V({20}));
    EXPECT_TRUE(g.contiguous);
}

TEST(ElementwisePlan, TransposedInputKeepsTheOutputOrder) {
    // out row-major [2,3]; a is the transpose of a row-major [3,2] storage.
    const aclTensor out = view({2, 3}, {3, 1});
    const aclTensor a = view({2, 3}, {1, 2});
    const ElementwiseGeometry g = plan(out, a, out);
    EXPECT_EQ(sizes(g), V({2, 3}));
    EXPECT_EQ(strides(g, 0), V({3, 1}));
    EXPECT_EQ(strides(g, 1), V({1, 2}));
    EXPECT_EQ(strides(g, 2), V({3, 1}));
    EXPECT_FALSE(g.contiguous);
}

TEST(ElementwisePlan, PermutedOutputPutsItsDensestDimInnermost) {
    // out is a transposed view (strides {1, 2}); inputs are row-major.
    const aclTensor out = view({2, 3}, {1, 2});
    const aclTensor a = view({2, 3}, {3, 1});
    const ElementwiseGeometry g = plan(out, a, a);
    EXPECT_EQ(sizes(g), V({3, 2}));
    EXPECT_EQ(strides(g, 0), V({2, 1}));
    EXPECT_EQ(strides(g, 1), V({1, 3}));
    EXPECT_FALSE(g.contiguous);
}

TEST(ElementwisePlan, SamePermutationEverywhereBecomesContiguous) {
    // All three are the same permutation (NCHW logical, NHWC memory): dense in memory.
    const V dims{2, 3, 4, 5};    // N, C, H, W
    const V nhwc{60, 1, 15, 3};  // memory order N, H, W, C
    const aclTensor t = view(dims, nhwc);
    const ElementwiseGeometry g = plan(t, t, t);
    EXPECT_EQ(sizes(g), V({120}));
    EXPECT_TRUE(g.contiguous);
}

TEST(ElementwisePlan, BroadcastInputs) {
    const aclTensor out = view({4, 3}, {3, 1});
    const aclTensor row = view({4, 3}, {0, 1});     // one row repeated
    const aclTensor scalar = view({4, 3}, {0, 0});  // one value repeated
    const ElementwiseGeometry g = plan(out, row, scalar);
    EXPECT_EQ(sizes(g), V({4, 3}));
    EXPECT_EQ(strides(g, 0), V({3, 1}));
    EXPECT_EQ(strides(g, 1), V({0, 1}));
    EXPECT_EQ(strides(g, 2), V({0, 0}));
    EXPECT_FALSE(g.contiguous);
    // A scalar broadcast alone merges: stride 0 everywhere is one dim of stride 0.
    const ElementwiseGeometry s = plan(out, scalar, out);
    EXPECT_EQ(sizes(s), V({12}));
    EXPECT_EQ(strides(s, 1), V({0}));
    EXPECT_FALSE(s.contiguous);
}

TEST(ElementwisePlan, PaddedRowsMergeOnlyWhereAllowed) {
    // b's rows are padded to 8 elements: the outer pair merges, the inner pair cannot. c is
    // every other element of a dense buffer: everything merges into one stride-2 dim.
    const aclTensor out = view({2, 3, 4}, {12, 4, 1});
    const aclTensor b = view({2, 3, 4}, {24, 8, 1});
    const aclTensor c = view({2, 3, 4}, {24, 8, 2});
    const ElementwiseGeometry g = plan(out, b, out);
    EXPECT_EQ(sizes(g), V({6, 4}));
    EXPECT_EQ(strides(g, 0), V({4, 1}));
    EXPECT_EQ(strides(g, 1), V({8, 1}));
    const ElementwiseGeometry h = plan(out, c, out);
    EXPECT_EQ(sizes(h), V({24}));
    EXPECT_EQ(strides(h, 1), V({2}));
    EXPECT_FALSE(h.contiguous);
}

TEST(ElementwisePlan, NegativeStrides) {
    const aclTensor out = view({4}, {1});
    const aclTensor reversed = view({4}, {-1}, 3);
    const ElementwiseGeometry g = plan(out, reversed, out);
    EXPECT_EQ(sizes(g), V({4}));
    EXPECT_EQ(strides(g, 1), V({-1}));
    EXPECT_FALSE(g.contiguous);
    // Reversed 2-D, same for everyone: merges into one dim of stride -1.
    const aclTensor r2 = view({2, 3}, {-3, -1}, 5);
    const ElementwiseGeometry h = plan(r2, r2, r2);
    EXPECT_EQ(sizes(h), V({6}));
    EXPECT_EQ(strides(h, 0), V({-1}));
    EXPECT_FALSE(h.contiguous);
}

// `rank` dims of size 2; the input is the full transpose, so no adjacent pair merges.
bool plan_unmergeable(int rank, ElementwiseGeometry* g) {
    const V dims(static_cast<size_t>(rank), 2);
    const V forward = row_major(dims);
    const V backward(forward.rbegin(), forward.rend());
    const aclTensor out = view(dims, forward);
    const aclTensor in = view(dims, backward);
    const aclTensor* const operands[3] = {&out, &in, &out};
    return ops::plan_elementwise(operands, g);
}

TEST(ElementwisePlan, AtMostMaxDims) {
    ElementwiseGeometry g;
    ASSERT_TRUE(plan_unmergeable(kMaxDims, &g));
    EXPECT_EQ(g.ndim, kMaxDims);
    EXPECT_EQ(g.numel, int64_t{1} << kMaxDims);
    EXPECT_EQ(g.strides[1][0], 1);
    EXPECT_EQ(g.strides[1][kMaxDims - 1], int64_t{1} << (kMaxDims - 1));
    ElementwiseGeometry untouched;
    untouched.ndim = -5;
    EXPECT_FALSE(plan_unmergeable(kMaxDims + 1, &untouched));
    EXPECT_EQ(untouched.ndim, -5);
}

TEST(ElementwisePlan, ManyDimsThatMergeAreFine) {
    const V dims(25, 1);
    V big = dims;
    big[0] = 3;
    big[24] = 2;
    const aclTensor t = view(big, row_major(big));
    const ElementwiseGeometry g = plan(t, t, t);
    EXPECT_EQ(sizes(g), V({6}));
}

TEST(ElementwisePlan, RejectsMismatchedOperands) {
    const aclTensor a = view({2, 3}, {3, 1});
    const aclTensor b = view({3, 2}, {2, 1});
    aclTensor short_strides = view({2, 3}, {1});
    ElementwiseGeometry g;
    const aclTensor* const shapes[3] = {&a, &b, &a};
    EXPECT_FALSE(ops::plan_elementwise(shapes, &g));
    const aclTensor* const counts[3] = {&a, &a, &short_strides};
    EXPECT_FALSE(ops::plan_elementwise(counts, &g));
    const aclTensor* const null_operand[3] = {&a, nullptr, &a};
    EXPECT_FALSE(ops::plan_elementwise(null_operand, &g));
    const aclTensor* const fine[3] = {&a, &a, &a};
    EXPECT_FALSE(ops::plan_elementwise(fine, nullptr));
}

}  // namespace
}  // namespace aclemu::test
