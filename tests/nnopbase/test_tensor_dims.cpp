// DimVector (nnopbase/tensor_dims.h), the dims / strides container of aclTensor: inline up to
// kInlineDims values, heap beyond, value semantics on copy and move, interoperation with
// std::vector, and high-rank tensors through the public tensor API.
#include "aclnn/acl_meta.h"
#include "aclnn/aclnn_base.h"

#include "nnopbase/tensor.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <utility>
#include <vector>

namespace aclemu::nn {
namespace {

std::vector<int64_t> iota_values(size_t n, int64_t start) {
    std::vector<int64_t> v(n);
    for (size_t i = 0; i < n; ++i) {
        v[i] = start + static_cast<int64_t>(i);
    }
    return v;
}

TEST(DimVector, BuildsLikeAStdVector) {
    DimVector empty;
    EXPECT_TRUE(empty.empty());
    EXPECT_EQ(empty.size(), 0u);
    EXPECT_EQ(empty, std::vector<int64_t>{});

    DimVector listed = {2, 3, 4};
    EXPECT_EQ(listed.size(), 3u);
    EXPECT_EQ(listed[0], 2);
    EXPECT_EQ(listed.front(), 2);
    EXPECT_EQ(listed.back(), 4);
    EXPECT_EQ(listed, (std::vector<int64_t>{2, 3, 4}));
    EXPECT_NE(listed, (std::vector<int64_t>{2, 3}));
    EXPECT_NE(listed, (DimVector{2, 3, 5}));

    DimVector filled(5, 7);
    EXPECT_EQ(filled, (std::vector<int64_t>{7, 7, 7, 7, 7}));

    const std::vector<int64_t> source = {9, 8};
    DimVector ranged(source.begin(), source.end());
    EXPECT_EQ(ranged, source);
    DimVector assigned;
    assigned = source;
    EXPECT_EQ(assigned, source);
    assigned = {1};
    EXPECT_EQ(assigned, std::vector<int64_t>{1});

    const std::vector<int64_t> converted = listed;
    EXPECT_EQ(converted, (std::vector<int64_t>{2, 3, 4}));
}

TEST(DimVector, GrowsPastTheInlineCapacity) {
    const size_t n = DimVector::kInlineDims * 3 + 1;
    DimVector v;
    for (size_t i = 0; i < n; ++i) {
        v.push_back(static_cast<int64_t>(i) + 10);
    }
    EXPECT_EQ(v, iota_values(n, 10));
    EXPECT_GE(v.capacity(), n);

    v.resize(2);
    EXPECT_EQ(v, (std::vector<int64_t>{10, 11}));
    v.resize(4, -1);
    EXPECT_EQ(v, (std::vector<int64_t>{10, 11, -1, -1}));
    v.pop_back();
    EXPECT_EQ(v.size(), 3u);
    v.clear();
    EXPECT_TRUE(v.empty());

    DimVector big(iota_values(n, 0));
    big.assign(3, 5);  // shrinking keeps working in the heap block
    EXPECT_EQ(big, (std::vector<int64_t>{5, 5, 5}));
}

TEST(DimVector, CopiesAndMovesAreIndependentValues) {
    for (size_t n : {size_t{3}, DimVector::kInlineDims, DimVector::kInlineDims + 5}) {
        SCOPED_TRACE(n);
        const std::vector<int64_t> want = iota_values(n, 1);
        DimVector original(want);

        DimVector copy = original;
        copy[0] = 100;
        EXPECT_EQ(original, want);
        EXPECT_EQ(copy[0], 100);

        DimVector assigned = {4};
        assigned = original;
        EXPECT_EQ(assigned, want);

        DimVector moved = std::move(copy);
        EXPECT_EQ(moved[0], 100);
        EXPECT_EQ(moved.size(), n);
        EXPECT_TRUE(copy.empty());  // NOLINT: moved-from state is specified as empty

        DimVector target(20, 0);
        target = std::move(moved);
        EXPECT_EQ(target.size(), n);
        EXPECT_EQ(target[0], 100);
        target = target;  // self-assignment keeps the values
        EXPECT_EQ(target.size(), n);
    }
}

TEST(DimVector, TensorsOfAnyRankRoundTripThroughTheApi) {
    for (uint64_t rank : {uint64_t{0}, uint64_t{2}, uint64_t{8}, uint64_t{12}}) {
        SCOPED_TRACE(rank);
        const std::vector<int64_t> dims(rank, 2);
        int64_t storage = 1;
        for (int64_t d : dims) {
            storage *= d;
        }
        float data = 0;
        aclTensor* t = aclCreateTensor(
            dims.data(), rank, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, &storage, 1, &data);
        ASSERT_NE(t, nullptr);
        aclTensor snapshot = *t;  // what executors keep
        ASSERT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
        EXPECT_EQ(snapshot.view_dims, dims);
        EXPECT_EQ(snapshot.strides.size(), rank);
        if (rank > 0) {
            EXPECT_EQ(snapshot.strides[rank - 1], 1);
            EXPECT_EQ(snapshot.strides[0], int64_t{1} << (rank - 1));
        }
        EXPECT_EQ(numel(snapshot.view_dims), storage);
        EXPECT_TRUE(view_fits_storage(snapshot));

        int64_t* shape = nullptr;
        uint64_t shape_rank = 0;
        ASSERT_EQ(aclGetViewShape(&snapshot, &shape, &shape_rank), ACLNN_SUCCESS);
        EXPECT_EQ(std::vector<int64_t>(shape, shape + shape_rank), dims);
        delete[] shape;
    }
}

}  // namespace
}  // namespace aclemu::nn
