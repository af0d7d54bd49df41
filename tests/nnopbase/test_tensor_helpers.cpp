// tensor.h's helpers: element sizes, element counts, view addressing, the fit test, names.
#include "nnopbase/tensor.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>

namespace aclemu::nn {
namespace {

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

TEST(TensorHelpers, ElementSize) {
    EXPECT_EQ(element_size(ACL_FLOAT), 4u);
    EXPECT_EQ(element_size(ACL_FLOAT16), 2u);
    EXPECT_EQ(element_size(ACL_BF16), 2u);
    EXPECT_EQ(element_size(ACL_DOUBLE), 8u);
    EXPECT_EQ(element_size(ACL_INT8), 1u);
    EXPECT_EQ(element_size(ACL_UINT8), 1u);
    EXPECT_EQ(element_size(ACL_BOOL), 1u);
    EXPECT_EQ(element_size(ACL_INT16), 2u);
    EXPECT_EQ(element_size(ACL_INT32), 4u);
    EXPECT_EQ(element_size(ACL_INT64), 8u);
    EXPECT_EQ(element_size(ACL_UINT64), 8u);
    EXPECT_EQ(element_size(ACL_COMPLEX64), 8u);
    EXPECT_EQ(element_size(ACL_COMPLEX128), 16u);
    EXPECT_EQ(element_size(ACL_INT4), 0u);
    EXPECT_EQ(element_size(ACL_STRING), 0u);
    EXPECT_EQ(element_size(ACL_DT_UNDEFINED), 0u);
}

TEST(TensorHelpers, Numel) {
    EXPECT_EQ(numel({}), 1);
    EXPECT_EQ(numel({2, 3, 4}), 24);
    EXPECT_EQ(numel({2, 0, 4}), 0);
    aclTensor t = make({2}, {1}, 0, {3, 5});
    EXPECT_EQ(storage_numel(t), 15);
}

TEST(TensorHelpers, ViewDataAppliesTheOffsetInElements) {
    alignas(8) char storage[64];
    aclTensor f = make({2}, {1}, 3, {8});
    f.data = storage;
    EXPECT_EQ(view_data(f), storage + 12);
    aclTensor h = make({2}, {1}, 3, {8}, ACL_FLOAT16);
    h.data = storage;
    EXPECT_EQ(view_data(h), storage + 6);
    aclTensor none = make({2}, {1}, 3, {8});
    EXPECT_EQ(view_data(none), nullptr);
}

TEST(TensorHelpers, ViewFitsStorage) {
    EXPECT_TRUE(view_fits_storage(make({2, 3}, {3, 1}, 0, {6})));
    EXPECT_FALSE(view_fits_storage(make({2, 3}, {3, 1}, 1, {6})));  // last element is 6
    EXPECT_TRUE(view_fits_storage(make({2, 3}, {3, 1}, 1, {7})));
    EXPECT_TRUE(view_fits_storage(make({3, 2}, {1, 3}, 0, {2, 3})));  // transpose
    EXPECT_TRUE(view_fits_storage(make({4, 3}, {0, 1}, 0, {3})));     // broadcast
    EXPECT_FALSE(view_fits_storage(make({4, 3}, {0, 1}, 1, {3})));
    // Negative strides reach below the offset.
    EXPECT_TRUE(view_fits_storage(make({4}, {-1}, 3, {4})));
    EXPECT_FALSE(view_fits_storage(make({4}, {-1}, 2, {4})));
    EXPECT_FALSE(view_fits_storage(make({1}, {1}, -1, {4})));
    // Rank 0: one element at the offset.
    EXPECT_TRUE(view_fits_storage(make({}, {}, 0, {})));
    EXPECT_FALSE(view_fits_storage(make({}, {}, 1, {})));
    // Empty views fit whatever their strides and storage.
    EXPECT_TRUE(view_fits_storage(make({0, 5}, {5, 1}, 100, {0})));
    // Stride count mismatch and overflow never fit.
    EXPECT_FALSE(view_fits_storage(make({2, 2}, {1}, 0, {4})));
    const int64_t big = std::numeric_limits<int64_t>::max() / 2;
    EXPECT_FALSE(view_fits_storage(make({4}, {big}, 0, {big})));
}

TEST(TensorHelpers, Names) {
    EXPECT_STREQ(dtype_name(ACL_FLOAT), "FLOAT");
    EXPECT_STREQ(dtype_name(ACL_FLOAT16), "FLOAT16");
    EXPECT_STREQ(dtype_name(ACL_BF16), "BFLOAT16");
    EXPECT_STREQ(dtype_name(ACL_BOOL), "BOOL");
    EXPECT_STREQ(dtype_name(ACL_INT64), "INT64");
    EXPECT_STREQ(dtype_name(static_cast<aclDataType>(5)), "UNKNOWN");
    EXPECT_STREQ(format_name(ACL_FORMAT_ND), "ND");
    EXPECT_STREQ(format_name(ACL_FORMAT_NCHW), "NCHW");
    EXPECT_STREQ(format_name(ACL_FORMAT_NCL), "NCL");
    EXPECT_STREQ(format_name(ACL_FRACTAL_Z_3D), "FRACTAL_Z_3D");
    EXPECT_STREQ(format_name(ACL_FORMAT_FRACTAL_NZ_C0_8), "FRACTAL_NZ_C0_8");
    EXPECT_STREQ(format_name(static_cast<aclFormat>(999)), "UNKNOWN");
}

}  // namespace
}  // namespace aclemu::nn
