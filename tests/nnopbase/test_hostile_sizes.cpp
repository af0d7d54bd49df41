// Hostile sizes and enum values at the tensor layer (issue 10): the checked arithmetic of
// base/aclemu/checked_math.h, aclCreateTensor / aclInitTensor / aclCreateScalar rejecting what
// would overflow or is not a value of its enum, and the helpers that address views computing
// without overflow. Each rejection is checked for its code and the parameter its message names.
// Pure host metadata: no runtime needed.
#include "aclnn/aclnn_base.h"

#include "aclemu/checked_math.h"
#include "common/iteration_dims.h"
#include "common/op_checks.h"
#include "common/workspace.h"
#include "nnopbase/tensor.h"
#include "support/c_enum_calls.h"
#include "support/error_message.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <climits>
#include <cstdint>
#include <limits>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
constexpr int64_t k2to62 = int64_t{1} << 62;

TEST(CheckedMath, MultiplyAndAddReportOverflow) {
    int64_t out = 0;
    EXPECT_TRUE(checked_mul(int64_t{3}, int64_t{4}, &out));
    EXPECT_EQ(out, 12);
    EXPECT_FALSE(checked_mul(k2to62 + 1, size_t{4}, &out));  // the storage bytes
    EXPECT_FALSE(checked_mul(kMin, int64_t{-1}, &out));
    EXPECT_TRUE(checked_add(kMax - 1, int64_t{1}, &out));
    EXPECT_FALSE(checked_add(kMax, int64_t{1}, &out));
    size_t bytes = 0;
    EXPECT_FALSE(checked_mul(int64_t{-1}, size_t{4}, &bytes));  // negative into unsigned
    EXPECT_FALSE(checked_sub(size_t{0}, size_t{1}, &bytes));
}

TEST(CheckedMath, ProductIsZeroWhenAnyDimIsZero) {
    int64_t n = -1;
    const std::vector<int64_t> empty_huge{k2to62, 5, k2to62, 0};
    EXPECT_TRUE(checked_product(empty_huge.data(), empty_huge.size(), &n));
    EXPECT_EQ(n, 0);
    const std::vector<int64_t> huge{k2to62, 4};
    EXPECT_FALSE(checked_product(huge.data(), huge.size(), &n));
    const std::vector<int64_t> negative{2, -1, 0};
    EXPECT_FALSE(checked_product(negative.data(), negative.size(), &n));
    EXPECT_TRUE(checked_product(nullptr, 0, &n));
    EXPECT_EQ(n, 1);
}

TEST(CheckedMath, RoundUpAndSaturation) {
    size_t out = 0;
    EXPECT_TRUE(checked_round_up(size_t{33}, size_t{32}, &out));
    EXPECT_EQ(out, 64u);
    EXPECT_FALSE(checked_round_up(SIZE_MAX - 3, size_t{32}, &out));
    EXPECT_EQ(saturating_mul<uint64_t>(kMax, 3), UINT64_MAX);
    EXPECT_EQ(saturating_mul<uint64_t>(int64_t{-2}, 3), 0u);
    EXPECT_EQ(saturating_mul<size_t>(int64_t{6}, size_t{7}), 42u);
    EXPECT_EQ(saturating_add<uint64_t>(UINT64_MAX, 1), UINT64_MAX);
    EXPECT_EQ(saturating_add<uint64_t>(int64_t{-5}, 3), 0u);
}

// ---- aclCreateTensor and friends -------------------------------------------------------------

class HostileTensors : public ::testing::Test {
protected:
    void SetUp() override { take_recent_error(); }
};

// The heap overflow: a 4-byte block described as 2^62 + 1 FLOAT elements. The byte size
// wrapped to 4 in the phase-2 check; now the tensor cannot be made.
TEST_F(HostileTensors, StorageWhoseBytesOverflowIsRejected) {
    const int64_t view[1] = {1000};
    const int64_t storage[1] = {k2to62 + 1};
    alignas(8) char block[4];
    EXPECT_EQ(aclCreateTensor(view, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, storage, 1, block),
              nullptr);
    EXPECT_EQ(take_recent_error(),
              "EZ1001: [aclCreateTensor] storageDims: 4611686018427387905 elements of FLOAT take "
              "more than 2^63 - 1 bytes");
    // The largest storage whose bytes fit: (2^63 - 1) / 4 elements of FLOAT, 2^63 - 2 of INT4.
    const int64_t fits[1] = {kMax / 4};
    aclTensor* t = aclCreateTensor(view, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, fits, 1, block);
    ASSERT_NE(t, nullptr) << take_recent_error();
    aclDestroyTensor(t);
    const int64_t one_more[1] = {kMax / 4 + 1};
    EXPECT_EQ(aclCreateTensor(view, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, one_more, 1, block),
              nullptr);
    EXPECT_THAT(take_recent_error(), HasSubstr("storageDims:"));
    const int64_t packed[1] = {kMax - 1};
    t = aclCreateTensor(view, 1, ACL_INT4, nullptr, 0, ACL_FORMAT_ND, packed, 1, block);
    ASSERT_NE(t, nullptr) << take_recent_error();
    aclDestroyTensor(t);
    // An aclInitTensor to such storage fails the same way and keeps the tensor as it was.
    const int64_t small[1] = {1};
    t = aclCreateTensor(small, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, small, 1, block);
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(aclInitTensor(t, view, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, storage, 1, block),
              ACLNN_ERR_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("[aclInitTensor] storageDims:"));
    int64_t* dims = nullptr;
    uint64_t count = 0;
    ASSERT_EQ(aclGetStorageShape(t, &dims, &count), ACLNN_SUCCESS);
    EXPECT_EQ(count, 1u);
    EXPECT_EQ(dims[0], 1);
    delete[] dims;
    aclDestroyTensor(t);
}

TEST_F(HostileTensors, EmptyTensorsMayHaveHugeDims) {
    const int64_t view[4] = {k2to62, 5, k2to62, 0};
    const int64_t strides[4] = {kMax, kMin, 1, -7};
    const int64_t storage[1] = {0};
    aclTensor* t =
        aclCreateTensor(view, 4, ACL_FLOAT16, strides, kMax, ACL_FORMAT_ND, storage, 1, nullptr);
    ASSERT_NE(t, nullptr) << take_recent_error();
    EXPECT_EQ(nn::numel(t->view_dims), 0);
    EXPECT_TRUE(nn::view_fits_storage(*t));
    aclDestroyTensor(t);
    // Without strides, their row-major strides would overflow int64: rejected.
    const int64_t wide[3] = {0, int64_t{1} << 40, int64_t{1} << 40};
    EXPECT_EQ(aclCreateTensor(wide, 3, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, storage, 1, nullptr),
              nullptr);
    EXPECT_THAT(take_recent_error(),
                HasSubstr("[aclCreateTensor] stride: is null, and the row-major strides of "
                          "viewDims overflow int64"));
}

TEST_F(HostileTensors, DimCountsNoArrayHoldsAreRejectedUnread) {
    const int64_t dims[1] = {1};
    const uint64_t absurd = uint64_t{1} << 62;  // forming dims + absurd would overflow
    EXPECT_EQ(aclCreateTensor(dims, absurd, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 1, nullptr),
              nullptr);
    EXPECT_THAT(take_recent_error(),
                HasSubstr("viewDimsNum: 4611686018427387904 dims are more than any array holds"));
    EXPECT_EQ(
        aclCreateTensor(dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, UINT64_MAX, nullptr),
        nullptr);
    EXPECT_THAT(take_recent_error(), HasSubstr("storageDimsNum:"));
    const int64_t values[1] = {3};
    EXPECT_EQ(aclCreateIntArray(values, absurd), nullptr);
    EXPECT_THAT(take_recent_error(), HasSubstr("[aclCreateIntArray] size:"));
}

// Enum arguments as a C caller may pass them (c_enum_calls.h): values the C++ enum types cannot
// hold are read as integers and rejected, never stored (UBSan's -fsanitize=enum stays quiet).
TEST_F(HostileTensors, DtypesAndFormatsOutsideTheirEnumsAreRejected) {
    const int64_t dims[2] = {2, 3};
    for (int dtype : {999, 64, -2, INT_MIN, 5, 14}) {
        EXPECT_EQ(c_aclCreateTensor(dims, 2, dtype, nullptr, 0, ACL_FORMAT_ND, dims, 2, nullptr),
                  nullptr)
            << dtype;
        EXPECT_THAT(take_recent_error(),
                    HasSubstr("[aclCreateTensor] dataType: " + std::to_string(dtype)
                              + " is not an aclDataType"));
    }
    for (int format : {1000, 64, -2, INT_MAX}) {
        EXPECT_EQ(c_aclCreateTensor(dims, 2, ACL_FLOAT, nullptr, 0, format, dims, 2, nullptr),
                  nullptr)
            << format;
        EXPECT_THAT(take_recent_error(),
                    HasSubstr("[aclCreateTensor] format: " + std::to_string(format)
                              + " is not a format (-1 to 63)"));
    }
    // GE's formats that aclFormat does not name (DHWCN = 31) are accepted, as CANN does.
    aclTensor* t = c_aclCreateTensor(dims, 2, ACL_BF16, nullptr, 0, 31, dims, 2, nullptr);
    ASSERT_NE(t, nullptr) << take_recent_error();
    EXPECT_EQ(c_aclInitTensor(t, dims, 2, 1000, nullptr, 0, ACL_FORMAT_ND, dims, 2, nullptr),
              ACLNN_ERR_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("[aclInitTensor] dataType: 1000"));
    aclDataType dtype = ACL_DT_UNDEFINED;
    ASSERT_EQ(aclGetDataType(t, &dtype), ACLNN_SUCCESS);
    EXPECT_EQ(dtype, ACL_BF16);
    aclDestroyTensor(t);

    float value = 1.0f;
    EXPECT_EQ(c_aclCreateScalar(&value, 999), nullptr);
    EXPECT_THAT(take_recent_error(), HasSubstr("[aclCreateScalar] dataType: 999"));
    aclScalar* scalar = c_aclCreateScalar(&value, ACL_FLOAT);
    ASSERT_NE(scalar, nullptr);
    aclDestroyScalar(scalar);
}

// ---- the helpers behind both phases ----------------------------------------------------------

aclTensor make(std::vector<int64_t> view,
               std::vector<int64_t> strides,
               int64_t offset,
               std::vector<int64_t> storage,
               aclDataType dtype = ACL_FLOAT) {
    aclTensor t;
    t.dtype = dtype;
    t.view_dims = std::move(view);
    t.strides = std::move(strides);
    t.offset = offset;
    t.storage_dims = std::move(storage);
    return t;
}

// The signed overflow: offset * element size in int64.
TEST_F(HostileTensors, ViewDataNeverOverflows) {
    alignas(8) char block[16];
    aclTensor t = make({2}, {1}, k2to62, {2});
    t.data = block;
    EXPECT_EQ(nn::view_data(t), nullptr);  // 2^62 * 4 does not fit: no address
    t.offset = kMax;
    EXPECT_EQ(nn::view_data(t), nullptr);
    // An empty view addresses no element: its storage start, whatever the offset.
    aclTensor empty = make({0, 3}, {3, 1}, k2to62, {0});
    empty.data = block;
    EXPECT_EQ(nn::view_data(empty), block);
}

TEST_F(HostileTensors, ByteCountsAreChecked) {
    int64_t bytes = 0;
    EXPECT_TRUE(nn::elements_bytes(9, ACL_INT4, &bytes));
    EXPECT_EQ(bytes, 5);
    EXPECT_TRUE(nn::elements_bytes(3, ACL_FLOAT6_E3M2, &bytes));
    EXPECT_EQ(bytes, 3);  // 18 bits
    EXPECT_FALSE(nn::elements_bytes(k2to62 + 1, ACL_FLOAT, &bytes));
    EXPECT_FALSE(nn::elements_bytes(-1, ACL_FLOAT, &bytes));
    EXPECT_TRUE(nn::storage_bytes(make({1}, {1}, 0, {kMax / 8}, ACL_DOUBLE), &bytes));
    EXPECT_FALSE(nn::storage_bytes(make({1}, {1}, 0, {kMax / 8 + 1}, ACL_DOUBLE), &bytes));
    EXPECT_EQ(nn::numel(std::vector<int64_t>{k2to62, 4}), -1);
}

// A tensor whose storage bytes overflow (not one aclCreateTensor makes, but a snapshot the checks
// must not trust): the phase-1 fit check reports it.
TEST_F(HostileTensors, ViewFitsRejectsStorageWhoseBytesOverflow) {
    const aclTensor t = make({1000}, {1}, 0, {k2to62 + 1});
    EXPECT_EQ(ops::check_view_fits(&t, "aclnnTest", "gradInput"), ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ(take_recent_error(),
              "EZ1001: [aclnnTest] gradInput: the storage [4611686018427387905] of FLOAT takes "
              "more than 2^63 - 1 bytes");
    // Extents that overflow int64 never fit.
    const aclTensor huge_stride = make({2, 2}, {kMax, 1}, 0, {4});
    EXPECT_EQ(ops::check_view_fits(&huge_stride, "aclnnTest", "x"), ACLNN_ERR_PARAM_INVALID);
    const aclTensor most_negative = make({2}, {kMin}, kMax, {4});
    EXPECT_EQ(ops::check_view_fits(&most_negative, "aclnnTest", "x"), ACLNN_ERR_PARAM_INVALID);
    take_recent_error();
}

TEST_F(HostileTensors, CoalescingSurvivesAnyStrides) {
    // The dims of an empty view reach the planner whatever their strides.
    std::vector<ops::IterDim<2>> dims = {{0, {kMin, kMax}}, {k2to62, {kMax, kMin}}, {4, {1, 1}}};
    ops::coalesce(dims);
    ASSERT_EQ(dims.size(), 3u);
    EXPECT_EQ(dims[2].size, 4);
    // stride * size overflows: not mergeable, left as they are.
    std::vector<ops::IterDim<2>> wide = {{2, {k2to62, k2to62}}, {4, {k2to62, k2to62}}};
    ops::coalesce(wide);
    EXPECT_EQ(wide.size(), 2u);
}

TEST_F(HostileTensors, WorkspaceLayoutsThatOverflowAreUnusable) {
    const ops::WorkspaceLayout saturated = ops::make_workspace_layout({SIZE_MAX});
    EXPECT_TRUE(saturated.overflow);
    EXPECT_EQ(saturated.total, 0u);
    const ops::WorkspaceLayout rounded = ops::make_workspace_layout({SIZE_MAX - 10});
    EXPECT_TRUE(rounded.overflow);
    const ops::WorkspaceLayout summed =
        ops::make_workspace_layout({SIZE_MAX / 2 + 1, SIZE_MAX / 2 + 1});
    EXPECT_TRUE(summed.overflow);
    EXPECT_EQ(ops::check_workspace_layout("aclnnTest", summed), ACLNN_ERR_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(),
                HasSubstr("[aclnnTest] workspaceSize: the tensors are too large"));
    const ops::WorkspaceLayout fine = ops::make_workspace_layout({1, 300});
    EXPECT_FALSE(fine.overflow);
    EXPECT_EQ(fine.total, 256u + 512u);
    EXPECT_EQ(ops::check_workspace_layout("aclnnTest", fine), ACLNN_SUCCESS);
}

}  // namespace
}  // namespace aclemu::test
