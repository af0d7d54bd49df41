// aclCreateTensor / aclInitTensor / aclDestroyTensor, the tensor getters and the raw storage
// address: successes, every rejected argument with its exact code, and getter round trips.
// Pure host metadata: no runtime needed.
#include "aclnn/aclnn_base.h"

#include "support/error_message.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::ElementsAre;
using ::testing::ElementsAreArray;
using ::testing::HasSubstr;

std::vector<int64_t> view_shape(const aclTensor* t) {
    int64_t* dims = nullptr;
    uint64_t n = 0;
    EXPECT_EQ(aclGetViewShape(t, &dims, &n), ACLNN_SUCCESS);
    std::vector<int64_t> out(dims, dims + n);
    delete[] dims;
    return out;
}

std::vector<int64_t> view_strides(const aclTensor* t) {
    int64_t* strides = nullptr;
    uint64_t n = 0;
    EXPECT_EQ(aclGetViewStrides(t, &strides, &n), ACLNN_SUCCESS);
    std::vector<int64_t> out(strides, strides + n);
    delete[] strides;
    return out;
}

std::vector<int64_t> storage_shape(const aclTensor* t) {
    int64_t* dims = nullptr;
    uint64_t n = 0;
    EXPECT_EQ(aclGetStorageShape(t, &dims, &n), ACLNN_SUCCESS);
    std::vector<int64_t> out(dims, dims + n);
    delete[] dims;
    return out;
}

TEST(TensorApi, CreateRoundTripsEveryField) {
    // The transpose of a 2x4 row-major tensor: view {4, 2}, strides {1, 4}, same storage.
    const std::vector<int64_t> view{4, 2};
    const std::vector<int64_t> strides{1, 4};
    const std::vector<int64_t> storage{2, 4};
    int dummy = 0;
    aclTensor* t = aclCreateTensor(view.data(),
                                   view.size(),
                                   ACL_FLOAT16,
                                   strides.data(),
                                   3,
                                   ACL_FORMAT_NCHW,
                                   storage.data(),
                                   storage.size(),
                                   &dummy);
    ASSERT_NE(t, nullptr);
    EXPECT_THAT(view_shape(t), ElementsAreArray(view));
    EXPECT_THAT(view_strides(t), ElementsAreArray(strides));
    EXPECT_THAT(storage_shape(t), ElementsAreArray(storage));
    int64_t offset = -1;
    EXPECT_EQ(aclGetViewOffset(t, &offset), ACLNN_SUCCESS);
    EXPECT_EQ(offset, 3);
    aclFormat format = ACL_FORMAT_UNDEFINED;
    EXPECT_EQ(aclGetFormat(t, &format), ACLNN_SUCCESS);
    EXPECT_EQ(format, ACL_FORMAT_NCHW);
    aclDataType dtype = ACL_DT_UNDEFINED;
    EXPECT_EQ(aclGetDataType(t, &dtype), ACLNN_SUCCESS);
    EXPECT_EQ(dtype, ACL_FLOAT16);
    void* addr = nullptr;
    EXPECT_EQ(aclGetRawTensorAddr(t, &addr), ACLNN_SUCCESS);
    EXPECT_EQ(addr, &dummy);
    EXPECT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
}

TEST(TensorApi, NullStrideGivesContiguousStrides) {
    const std::vector<int64_t> view{2, 3, 4};
    aclTensor* t = aclCreateTensor(
        view.data(), view.size(), ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, view.data(), 3, nullptr);
    ASSERT_NE(t, nullptr);
    EXPECT_THAT(view_strides(t), ElementsAre(12, 4, 1));
    aclDestroyTensor(t);
}

TEST(TensorApi, ContiguousStridesSkipZeroSizeDims) {
    // A zero-size dim must not zero the strides of the dims outside it.
    const std::vector<int64_t> view{2, 0, 3};
    aclTensor* t = aclCreateTensor(
        view.data(), view.size(), ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, view.data(), 3, nullptr);
    ASSERT_NE(t, nullptr);
    EXPECT_THAT(view_strides(t), ElementsAre(3, 3, 1));
    aclDestroyTensor(t);
}

TEST(TensorApi, RankZeroAndNullData) {
    aclTensor* t =
        aclCreateTensor(nullptr, 0, ACL_BF16, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, nullptr);
    ASSERT_NE(t, nullptr);
    EXPECT_TRUE(view_shape(t).empty());
    EXPECT_TRUE(view_strides(t).empty());
    EXPECT_TRUE(storage_shape(t).empty());
    void* addr = &addr;
    EXPECT_EQ(aclGetRawTensorAddr(t, &addr), ACLNN_SUCCESS);
    EXPECT_EQ(addr, nullptr);
    aclDestroyTensor(t);
}

TEST(TensorApi, RejectsNullDimsWithCount) {
    const std::vector<int64_t> dims{2};
    take_recent_error();
    EXPECT_EQ(
        aclCreateTensor(nullptr, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims.data(), 1, nullptr),
        nullptr);
    EXPECT_THAT(take_recent_error(), HasSubstr("EZ1002: [aclCreateTensor] viewDims"));
    EXPECT_EQ(
        aclCreateTensor(dims.data(), 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 1, nullptr),
        nullptr);
    EXPECT_THAT(take_recent_error(), HasSubstr("EZ1002: [aclCreateTensor] storageDims"));
}

TEST(TensorApi, RejectsNegativeDims) {
    const std::vector<int64_t> bad{2, -1};
    const std::vector<int64_t> good{2, 1};
    take_recent_error();
    EXPECT_EQ(aclCreateTensor(
                  bad.data(), 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, good.data(), 2, nullptr),
              nullptr);
    EXPECT_THAT(take_recent_error(), HasSubstr("EZ1001: [aclCreateTensor] viewDims: dim 1"));
    EXPECT_EQ(aclCreateTensor(
                  good.data(), 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, bad.data(), 2, nullptr),
              nullptr);
    EXPECT_THAT(take_recent_error(), HasSubstr("storageDims: dim 1 is negative"));
}

TEST(TensorApi, RejectsElementCountOverflow) {
    const std::vector<int64_t> huge{int64_t{1} << 40, int64_t{1} << 40};
    const std::vector<int64_t> one{1};
    EXPECT_EQ(aclCreateTensor(
                  huge.data(), 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, one.data(), 1, nullptr),
              nullptr);
    EXPECT_THAT(take_recent_error(), HasSubstr("overflows"));
}

TEST(TensorApi, CreateDoesNotRequireTheViewToFit) {
    // CANN accepts any view at creation; operators reject views that do not fit their storage.
    const std::vector<int64_t> view{4};
    const std::vector<int64_t> storage{2};
    aclTensor* t = aclCreateTensor(
        view.data(), 1, ACL_FLOAT, nullptr, -5, ACL_FORMAT_ND, storage.data(), 1, nullptr);
    ASSERT_NE(t, nullptr);
    aclDestroyTensor(t);
}

TEST(TensorApi, GettersRejectNullArguments) {
    const std::vector<int64_t> dims{2};
    aclTensor* t = aclCreateTensor(
        dims.data(), 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims.data(), 1, nullptr);
    ASSERT_NE(t, nullptr);
    int64_t* array = nullptr;
    uint64_t n = 0;
    EXPECT_EQ(aclGetViewShape(nullptr, &array, &n), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetViewShape(t, nullptr, &n), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetViewShape(t, &array, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetStorageShape(nullptr, &array, &n), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetStorageShape(t, nullptr, &n), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetStorageShape(t, &array, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetViewStrides(nullptr, &array, &n), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetViewStrides(t, nullptr, &n), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetViewStrides(t, &array, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    int64_t offset = 0;
    EXPECT_EQ(aclGetViewOffset(nullptr, &offset), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetViewOffset(t, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    aclFormat format;
    EXPECT_EQ(aclGetFormat(nullptr, &format), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetFormat(t, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    aclDataType dtype;
    EXPECT_EQ(aclGetDataType(nullptr, &dtype), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetDataType(t, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    void* addr = nullptr;
    EXPECT_EQ(aclGetRawTensorAddr(nullptr, &addr), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetRawTensorAddr(t, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclSetRawTensorAddr(nullptr, addr), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(array, nullptr);  // nothing was allocated by a failed call
    take_recent_error();
    aclDestroyTensor(t);
}

TEST(TensorApi, GetterArraysAreFreshCopies) {
    const std::vector<int64_t> dims{5, 6};
    aclTensor* t = aclCreateTensor(
        dims.data(), 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims.data(), 2, nullptr);
    ASSERT_NE(t, nullptr);
    int64_t* first = nullptr;
    uint64_t n = 0;
    ASSERT_EQ(aclGetViewShape(t, &first, &n), ACLNN_SUCCESS);
    first[0] = 99;  // the caller owns the array; the tensor must not change
    EXPECT_THAT(view_shape(t), ElementsAre(5, 6));
    delete[] first;
    aclDestroyTensor(t);
}

TEST(TensorApi, SetRawTensorAddr) {
    const std::vector<int64_t> dims{2};
    aclTensor* t = aclCreateTensor(
        dims.data(), 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims.data(), 1, nullptr);
    ASSERT_NE(t, nullptr);
    int target = 0;
    EXPECT_EQ(aclSetRawTensorAddr(t, &target), ACLNN_SUCCESS);
    void* addr = nullptr;
    EXPECT_EQ(aclGetRawTensorAddr(t, &addr), ACLNN_SUCCESS);
    EXPECT_EQ(addr, &target);
    aclDestroyTensor(t);
}

TEST(TensorApi, InitTensorRedescribesInPlace) {
    const std::vector<int64_t> dims{2, 3};
    aclTensor* t = aclCreateTensor(
        dims.data(), 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims.data(), 2, nullptr);
    ASSERT_NE(t, nullptr);
    const std::vector<int64_t> view{3};
    const std::vector<int64_t> strides{2};
    const std::vector<int64_t> storage{8};
    int data = 0;
    ASSERT_EQ(aclInitTensor(t,
                            view.data(),
                            1,
                            ACL_INT32,
                            strides.data(),
                            1,
                            ACL_FORMAT_NCL,
                            storage.data(),
                            1,
                            &data),
              ACLNN_SUCCESS);
    EXPECT_THAT(view_shape(t), ElementsAre(3));
    EXPECT_THAT(view_strides(t), ElementsAre(2));
    EXPECT_THAT(storage_shape(t), ElementsAre(8));
    aclDataType dtype;
    aclGetDataType(t, &dtype);
    EXPECT_EQ(dtype, ACL_INT32);
    aclFormat format;
    aclGetFormat(t, &format);
    EXPECT_EQ(format, ACL_FORMAT_NCL);
    int64_t offset = 0;
    aclGetViewOffset(t, &offset);
    EXPECT_EQ(offset, 1);
    void* addr = nullptr;
    aclGetRawTensorAddr(t, &addr);
    EXPECT_EQ(addr, &data);
    aclDestroyTensor(t);
}

TEST(TensorApi, InitTensorRejectsBadArgumentsAndKeepsTheTensor) {
    const std::vector<int64_t> dims{2, 3};
    const std::vector<int64_t> negative{-2};
    aclTensor* t = aclCreateTensor(
        dims.data(), 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims.data(), 2, nullptr);
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(
        aclInitTensor(
            nullptr, dims.data(), 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims.data(), 2, nullptr),
        ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(
        aclInitTensor(t, nullptr, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims.data(), 2, nullptr),
        ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(
        aclInitTensor(t, dims.data(), 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 2, nullptr),
        ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(
        aclInitTensor(
            t, negative.data(), 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims.data(), 2, nullptr),
        ACLNN_ERR_PARAM_INVALID);
    EXPECT_THAT(view_shape(t), ElementsAre(2, 3));
    take_recent_error();
    aclDestroyTensor(t);
}

TEST(TensorApi, DestroyNullIsOk) {
    EXPECT_EQ(aclDestroyTensor(nullptr), ACLNN_SUCCESS);
    EXPECT_EQ(aclDestroyScalar(nullptr), ACLNN_SUCCESS);
    EXPECT_EQ(aclDestroyIntArray(nullptr), ACLNN_SUCCESS);
    EXPECT_EQ(aclDestroyFloatArray(nullptr), ACLNN_SUCCESS);
    EXPECT_EQ(aclDestroyBoolArray(nullptr), ACLNN_SUCCESS);
    EXPECT_EQ(aclDestroyTensorList(nullptr), ACLNN_SUCCESS);
    EXPECT_EQ(aclDestroyScalarList(nullptr), ACLNN_SUCCESS);
}

TEST(TensorApi, AclnnInitAndFinalizeAreIdempotent) {
    EXPECT_EQ(aclnnInit(nullptr), ACLNN_SUCCESS);
    EXPECT_EQ(aclnnInit("unused.json"), ACLNN_SUCCESS);
    EXPECT_EQ(aclnnFinalize(), ACLNN_SUCCESS);
    EXPECT_EQ(aclnnFinalize(), ACLNN_SUCCESS);
}

TEST(TensorApi, DumpOpTensors) {
    const std::vector<int64_t> dims{2};
    aclTensor* t = aclCreateTensor(
        dims.data(), 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims.data(), 1, nullptr);
    aclTensor* tensors[2] = {t, nullptr};
    EXPECT_EQ(aclDumpOpTensors("LogitGrad", "op0", tensors, 1, 1, nullptr), ACLNN_SUCCESS);
    EXPECT_EQ(aclDumpOpTensors("LogitGrad", "op0", nullptr, 0, 0, nullptr), ACLNN_SUCCESS);
    EXPECT_EQ(aclDumpOpTensors("LogitGrad", "op0", nullptr, 1, 0, nullptr),
              ACLNN_ERR_PARAM_NULLPTR);
    take_recent_error();
    aclDestroyTensor(t);
}

}  // namespace
}  // namespace aclemu::test
