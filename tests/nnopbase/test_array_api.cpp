// Scalars, host arrays and lists: values are copied in, sizes round-trip, bad arguments give
// NULL or the exact code, and lists own (and destroy) their elements.
#include "aclnn/aclnn_base.h"

#include "nnopbase/tensor.h"
#include "support/error_message.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

aclTensor* small_tensor() {
    const int64_t dims[1] = {3};
    return aclCreateTensor(dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 1, nullptr);
}

TEST(ArrayApi, ScalarCopiesItsValue) {
    double value = 2.5;
    aclScalar* s = aclCreateScalar(&value, ACL_DOUBLE);
    ASSERT_NE(s, nullptr);
    value = -1.0;  // the scalar holds a copy
    double held = 0.0;
    std::memcpy(&held, s->value, sizeof held);
    EXPECT_EQ(held, 2.5);
    EXPECT_EQ(s->dtype, ACL_DOUBLE);
    EXPECT_EQ(aclDestroyScalar(s), ACLNN_SUCCESS);

    uint16_t half = 0x3C00;
    aclScalar* h = aclCreateScalar(&half, ACL_FLOAT16);
    ASSERT_NE(h, nullptr);
    uint16_t held_half = 0;
    std::memcpy(&held_half, h->value, sizeof held_half);
    EXPECT_EQ(held_half, 0x3C00);
    aclDestroyScalar(h);
}

TEST(ArrayApi, ScalarRejectsNullValueAndSizelessDtype) {
    take_recent_error();
    EXPECT_EQ(aclCreateScalar(nullptr, ACL_FLOAT), nullptr);
    EXPECT_THAT(take_recent_error(), HasSubstr("EZ1002: [aclCreateScalar] value"));
    int64_t v = 1;
    EXPECT_EQ(aclCreateScalar(&v, ACL_STRING), nullptr);
    EXPECT_EQ(aclCreateScalar(&v, ACL_DT_UNDEFINED), nullptr);
    EXPECT_THAT(take_recent_error(), HasSubstr("dataType"));
}

TEST(ArrayApi, IntArrayCopiesAndReportsSize) {
    std::vector<int64_t> values{4, -5, 6};
    aclIntArray* a = aclCreateIntArray(values.data(), values.size());
    ASSERT_NE(a, nullptr);
    values[0] = 0;
    EXPECT_THAT(a->values, ElementsAre(4, -5, 6));
    uint64_t size = 0;
    EXPECT_EQ(aclGetIntArraySize(a, &size), ACLNN_SUCCESS);
    EXPECT_EQ(size, 3u);
    EXPECT_EQ(aclGetIntArraySize(nullptr, &size), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetIntArraySize(a, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclDestroyIntArray(a), ACLNN_SUCCESS);
    take_recent_error();
}

TEST(ArrayApi, FloatAndBoolArrays) {
    const float f[2] = {1.5f, -2.0f};
    aclFloatArray* fa = aclCreateFloatArray(f, 2);
    ASSERT_NE(fa, nullptr);
    EXPECT_THAT(fa->values, ElementsAre(1.5f, -2.0f));
    uint64_t size = 0;
    EXPECT_EQ(aclGetFloatArraySize(fa, &size), ACLNN_SUCCESS);
    EXPECT_EQ(size, 2u);
    EXPECT_EQ(aclGetFloatArraySize(nullptr, &size), ACLNN_ERR_PARAM_NULLPTR);
    aclDestroyFloatArray(fa);

    const bool b[3] = {true, false, true};
    aclBoolArray* ba = aclCreateBoolArray(b, 3);
    ASSERT_NE(ba, nullptr);
    EXPECT_THAT(ba->values, ElementsAre(true, false, true));
    EXPECT_EQ(aclGetBoolArraySize(ba, &size), ACLNN_SUCCESS);
    EXPECT_EQ(size, 3u);
    EXPECT_EQ(aclGetBoolArraySize(ba, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    aclDestroyBoolArray(ba);
    take_recent_error();
}

TEST(ArrayApi, ArraysRejectNullValuesOnlyWithASize) {
    EXPECT_EQ(aclCreateIntArray(nullptr, 2), nullptr);
    EXPECT_EQ(aclCreateFloatArray(nullptr, 1), nullptr);
    EXPECT_EQ(aclCreateBoolArray(nullptr, 1), nullptr);
    EXPECT_THAT(take_recent_error(), HasSubstr("EZ1002: [aclCreateBoolArray] value"));
    aclIntArray* empty = aclCreateIntArray(nullptr, 0);
    ASSERT_NE(empty, nullptr);
    uint64_t size = 7;
    EXPECT_EQ(aclGetIntArraySize(empty, &size), ACLNN_SUCCESS);
    EXPECT_EQ(size, 0u);
    aclDestroyIntArray(empty);
}

TEST(ArrayApi, TensorListTakesOwnership) {
    aclTensor* a = small_tensor();
    aclTensor* b = small_tensor();
    const aclTensor* items[2] = {a, b};
    aclTensorList* list = aclCreateTensorList(items, 2);
    ASSERT_NE(list, nullptr);
    ASSERT_EQ(list->tensors.size(), 2u);
    EXPECT_EQ(list->tensors[0], a);  // the same tensors, not copies
    EXPECT_EQ(list->tensors[1], b);
    uint64_t size = 0;
    EXPECT_EQ(aclGetTensorListSize(list, &size), ACLNN_SUCCESS);
    EXPECT_EQ(size, 2u);
    EXPECT_EQ(aclGetTensorListSize(nullptr, &size), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclGetTensorListSize(list, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    // Destroys a and b too (run under ASan/valgrind this shows neither a leak nor a double free).
    EXPECT_EQ(aclDestroyTensorList(list), ACLNN_SUCCESS);
    take_recent_error();
}

TEST(ArrayApi, FailedTensorListTakesNothing) {
    aclTensor* a = small_tensor();
    const aclTensor* with_null[2] = {a, nullptr};
    EXPECT_EQ(aclCreateTensorList(with_null, 2), nullptr);
    EXPECT_THAT(take_recent_error(), HasSubstr("element 1 is null"));
    const aclTensor* repeated[2] = {a, a};
    EXPECT_EQ(aclCreateTensorList(repeated, 2), nullptr);
    EXPECT_THAT(take_recent_error(), HasSubstr("EZ1001: [aclCreateTensorList] value: element 1"));
    EXPECT_EQ(aclCreateTensorList(nullptr, 1), nullptr);
    take_recent_error();
    // `a` is still ours.
    EXPECT_EQ(aclDestroyTensor(a), ACLNN_SUCCESS);

    aclTensorList* empty = aclCreateTensorList(nullptr, 0);
    ASSERT_NE(empty, nullptr);
    aclDestroyTensorList(empty);
}

TEST(ArrayApi, ScalarListTakesOwnership) {
    float one = 1.0f;
    int32_t two = 2;
    aclScalar* a = aclCreateScalar(&one, ACL_FLOAT);
    aclScalar* b = aclCreateScalar(&two, ACL_INT32);
    const aclScalar* items[2] = {a, b};
    aclScalarList* list = aclCreateScalarList(items, 2);
    ASSERT_NE(list, nullptr);
    EXPECT_EQ(list->scalars[0], a);
    uint64_t size = 0;
    EXPECT_EQ(aclGetScalarListSize(list, &size), ACLNN_SUCCESS);
    EXPECT_EQ(size, 2u);
    EXPECT_EQ(aclGetScalarListSize(nullptr, &size), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclDestroyScalarList(list), ACLNN_SUCCESS);

    aclScalar* c = aclCreateScalar(&one, ACL_FLOAT);
    const aclScalar* bad[2] = {c, nullptr};
    EXPECT_EQ(aclCreateScalarList(bad, 2), nullptr);
    EXPECT_EQ(aclDestroyScalar(c), ACLNN_SUCCESS);
    take_recent_error();
}

}  // namespace
}  // namespace aclemu::test
