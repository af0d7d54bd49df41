// The shared operator checks (common/op_checks.h) and op_fail: exact codes and the message each
// failure leaves for aclGetRecentErrMsg. check_device_data asks the runtime, so it runs in the
// backend fixture.
#include "aclnn/aclnn_base.h"

#include "common/op_checks.h"
#include "common/op_error.h"
#include "nnopbase/tensor.h"
#include "support/backend_fixture.h"
#include "support/device_tensor.h"
#include "support/error_message.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;
namespace ops = ::aclemu::ops;

constexpr const char* kApi = "aclnnTest";

// Host-only tensor descriptions (no storage needed by the pure checks).
aclTensor make(std::vector<int64_t> view,
               aclDataType dtype = ACL_FLOAT,
               aclFormat format = ACL_FORMAT_ND) {
    aclTensor t;
    t.dtype = dtype;
    t.format = format;
    t.view_dims = view;
    t.strides = contiguous_strides(view);
    t.storage_dims = std::move(view);
    return t;
}

aclTensor strided(std::vector<int64_t> view,
                  std::vector<int64_t> strides,
                  int64_t offset,
                  std::vector<int64_t> storage) {
    aclTensor t = make(std::move(view));
    t.strides = std::move(strides);
    t.offset = offset;
    t.storage_dims = std::move(storage);
    return t;
}

class OpChecks : public ::testing::Test {
protected:
    void SetUp() override { take_recent_error(); }
};

TEST_F(OpChecks, OpFailFormatsTheMessage) {
    EXPECT_EQ(ops::op_fail(ACLNN_ERR_PARAM_INVALID, "aclnnLogitGrad", "eps", "is %d", 3),
              ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ(take_recent_error(), "EZ1001: [aclnnLogitGrad] eps: is 3");
    EXPECT_EQ(ops::op_fail(ACLNN_ERR_PARAM_NULLPTR, "aclnnX", nullptr, "no parameter"),
              ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(take_recent_error(), "EZ1002: [aclnnX] no parameter");
    EXPECT_EQ(ops::op_fail(ACLNN_ERR_RUNTIME_ERROR, "aclnnX", "", "stream"),
              ACLNN_ERR_RUNTIME_ERROR);
    EXPECT_EQ(take_recent_error(), "EZ3001: [aclnnX] stream");
    EXPECT_EQ(ops::op_fail(ACLNN_ERR_INNER, nullptr, nullptr, "inner"), ACLNN_ERR_INNER);
    EXPECT_EQ(take_recent_error(), "EZ9999: inner");
}

TEST_F(OpChecks, MessagesAccumulateNewestFirst) {
    ops::op_fail(ACLNN_ERR_PARAM_INVALID, kApi, "a", "first");
    ops::op_fail(ACLNN_ERR_PARAM_INVALID, kApi, "b", "second");
    EXPECT_EQ(take_recent_error(), "EZ1001: [aclnnTest] b: second\nEZ1001: [aclnnTest] a: first");
    EXPECT_EQ(take_recent_error(), "");
}

TEST_F(OpChecks, ReturnIfErrorMacro) {
    auto f = [](aclnnStatus first) -> aclnnStatus {
        ACLEMU_OP_RETURN_IF_ERROR(first);
        return 7;
    };
    EXPECT_EQ(f(ACLNN_SUCCESS), 7);
    EXPECT_EQ(f(ACLNN_ERR_PARAM_INVALID), ACLNN_ERR_PARAM_INVALID);
}

TEST_F(OpChecks, NotNull) {
    const aclTensor t = make({2});
    EXPECT_EQ(ops::check_not_null(&t, kApi, "x"), ACLNN_SUCCESS);
    EXPECT_EQ(ops::check_not_null(nullptr, kApi, "x"), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(take_recent_error(), "EZ1002: [aclnnTest] x: must not be null");
}

TEST_F(OpChecks, DtypeIn) {
    const aclTensor f16 = make({2}, ACL_FLOAT16);
    const aclTensor b = make({2}, ACL_BOOL);
    EXPECT_EQ(ops::check_dtype_in(&f16, kApi, "x", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}),
              ACLNN_SUCCESS);
    EXPECT_EQ(ops::check_dtype_in(&b, "aclnnLogitGrad", "x", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}),
              ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ(take_recent_error(),
              "EZ1001: [aclnnLogitGrad] x: dtype BOOL is not supported, expected FLOAT, FLOAT16 "
              "or BFLOAT16");
    EXPECT_EQ(ops::check_dtype_in(&b, kApi, "x", {ACL_FLOAT}), ACLNN_ERR_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("expected FLOAT"));
    EXPECT_EQ(ops::check_dtype_in(nullptr, kApi, "x", {ACL_FLOAT}), ACLNN_ERR_PARAM_NULLPTR);
}

TEST_F(OpChecks, SameDtype) {
    const aclTensor a = make({2}, ACL_FLOAT);
    const aclTensor b = make({2}, ACL_FLOAT);
    const aclTensor c = make({2}, ACL_BF16);
    EXPECT_EQ(ops::check_same_dtype(&a, kApi, "a", &b, "b"), ACLNN_SUCCESS);
    EXPECT_EQ(ops::check_same_dtype(&c, kApi, "gradInput", &a, "gradOutput"),
              ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ(take_recent_error(),
              "EZ1001: [aclnnTest] gradInput: dtype BFLOAT16 differs from gradOutput's dtype "
              "FLOAT");
    EXPECT_EQ(ops::check_same_dtype(nullptr, kApi, "a", &b, "b"), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(ops::check_same_dtype(&a, kApi, "a", nullptr, "b"), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_THAT(take_recent_error(), StartsWith("EZ1002: [aclnnTest] b:"));
}

TEST_F(OpChecks, SameShapeIsExactWithoutBroadcast) {
    const aclTensor a = make({2, 3});
    const aclTensor b = strided({2, 3}, {1, 2}, 0, {6});  // same view shape, other layout
    const aclTensor broadcastable = make({1, 3});
    const aclTensor flat = make({6});
    EXPECT_EQ(ops::check_same_shape(&b, kApi, "b", &a, "a"), ACLNN_SUCCESS);
    EXPECT_EQ(ops::check_same_shape(&broadcastable, kApi, "self", &a, "gradInput"),
              ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ(take_recent_error(),
              "EZ1001: [aclnnTest] self: shape [1,3] differs from gradInput's shape [2,3]");
    EXPECT_EQ(ops::check_same_shape(&flat, kApi, "flat", &a, "a"), ACLNN_ERR_PARAM_INVALID);
    const aclTensor scalar = make({});
    const aclTensor one = make({1});
    EXPECT_EQ(ops::check_same_shape(&scalar, kApi, "s", &one, "one"), ACLNN_ERR_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("shape [] differs from one's shape [1]"));
}

TEST_F(OpChecks, SameFormat) {
    const aclTensor nd = make({2}, ACL_FLOAT, ACL_FORMAT_ND);
    const aclTensor ncl = make({2}, ACL_FLOAT, ACL_FORMAT_NCL);
    EXPECT_EQ(ops::check_same_format(&nd, kApi, "a", &nd, "b"), ACLNN_SUCCESS);
    EXPECT_EQ(ops::check_same_format(&ncl, kApi, "out", &nd, "gradOutput"),
              ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ(take_recent_error(),
              "EZ1001: [aclnnTest] out: format NCL differs from gradOutput's format ND");
}

TEST_F(OpChecks, RankIn) {
    const aclTensor r0 = make({});
    const aclTensor r2 = make({2, 3});
    const aclTensor r9 = make({1, 1, 1, 1, 1, 1, 1, 1, 1});
    EXPECT_EQ(ops::check_rank_in(&r2, kApi, "x", 2, 8), ACLNN_SUCCESS);
    EXPECT_EQ(ops::check_rank_in(&r0, kApi, "x", 0, 8), ACLNN_SUCCESS);
    EXPECT_EQ(ops::check_rank_in(&r0, kApi, "gradOut", 2, 8), ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ(take_recent_error(),
              "EZ1001: [aclnnTest] gradOut: rank 0 (shape []) is not supported, expected 2 to 8");
    EXPECT_EQ(ops::check_rank_in(&r9, kApi, "x", 2, 8), ACLNN_ERR_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("rank 9 (shape [1,1,1,1,1,1,1,1,1])"));
    EXPECT_EQ(ops::check_rank_in(&r2, kApi, "out", 3, 3), ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ(take_recent_error(),
              "EZ1001: [aclnnTest] out: rank 2 (shape [2,3]) is not supported, expected 3");
}

TEST_F(OpChecks, PrivateFormats) {
    for (aclFormat f : {ACL_FORMAT_NC1HWC0,
                        ACL_FORMAT_NC1HWC0_C04,
                        ACL_FORMAT_FRACTAL_Z,
                        ACL_FORMAT_NDC1HWC0,
                        ACL_FRACTAL_Z_3D,
                        ACL_FORMAT_FRACTAL_NZ,
                        ACL_FORMAT_FRACTAL_NZ_C0_16,
                        ACL_FORMAT_FRACTAL_NZ_C0_32,
                        ACL_FORMAT_FRACTAL_NZ_C0_2,
                        ACL_FORMAT_FRACTAL_NZ_C0_4,
                        ACL_FORMAT_FRACTAL_NZ_C0_8}) {
        EXPECT_TRUE(ops::is_private_format(f)) << f;
        const aclTensor t = make({2, 3}, ACL_FLOAT, f);
        EXPECT_EQ(ops::check_not_private_format(&t, kApi, "input"), ACLNN_ERR_PARAM_INVALID);
    }
    EXPECT_THAT(take_recent_error(),
                HasSubstr("input: format FRACTAL_NZ_C0_8 is a device-private"));
    for (aclFormat f : {ACL_FORMAT_ND,
                        ACL_FORMAT_NCHW,
                        ACL_FORMAT_NHWC,
                        ACL_FORMAT_HWCN,
                        ACL_FORMAT_NDHWC,
                        ACL_FORMAT_NCDHW,
                        ACL_FORMAT_NCL,
                        ACL_FORMAT_NC}) {
        EXPECT_FALSE(ops::is_private_format(f)) << f;
        const aclTensor t = make({2, 3}, ACL_FLOAT, f);
        EXPECT_EQ(ops::check_not_private_format(&t, kApi, "input"), ACLNN_SUCCESS);
    }
}

TEST_F(OpChecks, ViewFitsAcceptsViewsInsideTheirStorage) {
    const aclTensor contiguous = make({2, 3});
    const aclTensor transposed = strided({3, 2}, {1, 3}, 0, {2, 3});
    const aclTensor sliced = strided({2, 2}, {4, 1}, 1, {2, 4});
    const aclTensor broadcast = strided({5, 3}, {0, 1}, 0, {3});
    const aclTensor reversed = strided({4}, {-1}, 3, {4});
    const aclTensor empty = strided({0, 3}, {3, 1}, 0, {0});
    for (const aclTensor* t : {&contiguous, &transposed, &sliced, &broadcast, &reversed, &empty}) {
        EXPECT_EQ(ops::check_view_fits(t, kApi, "x"), ACLNN_SUCCESS)
            << ops::dims_to_string(t->view_dims) << take_recent_error();
    }
}

TEST_F(OpChecks, ViewFitsRejectsViewsOutsideTheirStorage) {
    const aclTensor past_end = strided({2, 3}, {3, 1}, 1, {6});
    EXPECT_EQ(ops::check_view_fits(&past_end, kApi, "self"), ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ(take_recent_error(),
              "EZ1001: [aclnnTest] self: the view reaches outside its storage of 6 elements "
              "(view [2,3] strides [3,1] offset 1 over storage [6])");
    const aclTensor negative_offset = strided({2}, {1}, -1, {4});
    EXPECT_EQ(ops::check_view_fits(&negative_offset, kApi, "x"), ACLNN_ERR_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("x: negative view offset"));
    // Even an empty view may not name a negative offset.
    const aclTensor empty_negative = strided({0}, {1}, -2, {4});
    EXPECT_EQ(ops::check_view_fits(&empty_negative, kApi, "x"), ACLNN_ERR_PARAM_INVALID);
    const aclTensor reversed_too_far = strided({4}, {-1}, 2, {4});
    EXPECT_EQ(ops::check_view_fits(&reversed_too_far, kApi, "x"), ACLNN_ERR_PARAM_INVALID);
    const aclTensor big_stride = strided({2, 2}, {100, 1}, 0, {4});
    EXPECT_EQ(ops::check_view_fits(&big_stride, kApi, "x"), ACLNN_ERR_PARAM_INVALID);
    aclTensor stride_count = make({2, 2});
    stride_count.strides = {1};
    EXPECT_EQ(ops::check_view_fits(&stride_count, kApi, "x"), ACLNN_ERR_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("1 strides for 2 view dims"));
    EXPECT_EQ(ops::check_view_fits(nullptr, kApi, "x"), ACLNN_ERR_PARAM_NULLPTR);
}

TEST_F(OpChecks, ViewFitsWorksOnTensorsFromTheApi) {
    // Through aclCreateTensor, as a user builds them.
    const int64_t view[2] = {3, 3};
    const int64_t strides[2] = {3, 1};
    const int64_t storage[1] = {8};
    aclTensor* t =
        aclCreateTensor(view, 2, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, storage, 1, nullptr);
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(ops::check_view_fits(t, kApi, "x"), ACLNN_ERR_PARAM_INVALID);
    take_recent_error();
    aclDestroyTensor(t);
}

TEST_F(OpChecks, OutputSelfOverlap) {
    const aclTensor fine = make({2, 3});
    const aclTensor size_one_zero_stride = strided({1, 3}, {0, 1}, 0, {3});
    const aclTensor zero_stride = strided({4, 3}, {0, 1}, 0, {3});
    EXPECT_EQ(ops::check_output_not_self_overlapping(&fine, kApi, "out"), ACLNN_SUCCESS);
    EXPECT_EQ(ops::check_output_not_self_overlapping(&size_one_zero_stride, kApi, "out"),
              ACLNN_SUCCESS);
    EXPECT_EQ(ops::check_output_not_self_overlapping(&zero_stride, kApi, "gradInput"),
              ACLNN_ERR_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(),
                StartsWith("EZ1001: [aclnnTest] gradInput: output dim 0 of size 4 has stride 0"));
    // An empty output writes nothing, so no stride can make it write twice (found by the fuzzer).
    const aclTensor empty_zero_stride = strided({4, 0, 3}, {0, 0, 0}, 0, {0});
    EXPECT_EQ(ops::check_output_not_self_overlapping(&empty_zero_stride, kApi, "out"),
              ACLNN_SUCCESS);
}

TEST_F(OpChecks, DimsToString) {
    EXPECT_EQ(ops::dims_to_string({}), "[]");
    EXPECT_EQ(ops::dims_to_string({7}), "[7]");
    EXPECT_EQ(ops::dims_to_string({2, -3, 4}), "[2,-3,4]");
}

// check_device_data needs the runtime's allocation table.
class DeviceDataCheck : public BackendTest {
protected:
    void SetUp() override {
        BackendTest::SetUp();
        take_recent_error();
    }
};

TEST_P(DeviceDataCheck, AcceptsDeviceStorage) {
    DeviceTensor t = DeviceTensor::filled({4, 5}, ACL_FLOAT16, 1.0);
    ASSERT_NE(t.get(), nullptr);
    EXPECT_EQ(ops::check_device_data(t.get(), kApi, "x"), ACLNN_SUCCESS) << take_recent_error();
    // A view over part of the storage: the whole storage is checked, and it is device memory.
    DeviceTensor v = DeviceTensor::strided({2}, {3}, 1, {8}, ACL_FLOAT);
    EXPECT_EQ(ops::check_device_data(v.get(), kApi, "x"), ACLNN_SUCCESS) << take_recent_error();
}

TEST_P(DeviceDataCheck, RejectsHostAndNullStorage) {
    std::vector<float> host(20, 0.0f);
    const int64_t dims[2] = {4, 5};
    aclTensor* t =
        aclCreateTensor(dims, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 2, host.data());
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(ops::check_device_data(t, "aclnnLogitGrad", "x"), ACLNN_ERR_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("EZ1001: [aclnnLogitGrad] x: storage at"));
    aclSetRawTensorAddr(t, nullptr);
    EXPECT_EQ(ops::check_device_data(t, kApi, "x"), ACLNN_ERR_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("is not device memory allocated by aclrtMalloc"));
    aclDestroyTensor(t);
}

TEST_P(DeviceDataCheck, RejectsStorageLargerThanTheAllocation) {
    DeviceBuffer buffer(64);  // 16 floats
    ASSERT_NE(buffer.get(), nullptr);
    const int64_t dims[1] = {4096};  // claims 16 KiB
    aclTensor* t =
        aclCreateTensor(dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 1, buffer.get());
    EXPECT_EQ(ops::check_device_data(t, kApi, "x"), ACLNN_ERR_PARAM_INVALID);
    take_recent_error();
    aclDestroyTensor(t);
}

TEST_P(DeviceDataCheck, SkipsEmptyTensors) {
    const int64_t dims[2] = {0, 3};
    aclTensor* t = aclCreateTensor(dims, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 2, nullptr);
    EXPECT_EQ(ops::check_device_data(t, kApi, "x"), ACLNN_SUCCESS);
    EXPECT_EQ(ops::check_device_data(nullptr, kApi, "x"), ACLNN_ERR_PARAM_NULLPTR);
    take_recent_error();
    aclDestroyTensor(t);
}

ACLEMU_INSTANTIATE_BACKENDS(DeviceDataCheck);

}  // namespace
}  // namespace aclemu::test
