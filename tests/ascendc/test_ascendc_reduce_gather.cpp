// The per-repeat reductions and Gather (kernels/reduce_gather_kernels.cpp) on the backend
// ACLEMU_BACKEND names (ctest: cpu and gpusim). The references are computed here in double from
// the documented rules: the source is read through the mask and the block and repeat strides;
// a sum covers the selected elements (the inputs are multiples of 1/4 or integers, so every
// partial sum is exact and the order of additions cannot matter); a maximum or minimum takes
// the first of equal values and stores its index within the repeat as the bits of the element
// type; a DataBlock or pair with nothing selected is not written; Gather reads the element at
// byte srcBaseAddr + srcOffset[i], Gatherb whole blocks, GatherMask packs the elements whose
// pattern bit is set.
#include "device_test_fixture.h"
#include "reduce_gather_kernels.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

namespace {

using namespace reduce_gather_layout;
using AscendCReduceGather = DeviceFixture;

bool untouched(const std::vector<uint8_t>& bytes, uint32_t offset, uint32_t count) {
    return ::untouched(bytes, offset, count, kFill);
}

// Element k of repeat r of a float source (8 per DataBlock) through the strides.
int source_index(int r, int k, int blk_stride, int rep_stride) {
    return (r * rep_stride + (k / 8) * blk_stride) * 8 + k % 8;
}

struct Extreme {
    double value;
    uint32_t index;
};

// The first maximum (or minimum) of x over the elements `picked(k)` of repeat r.
template <typename Picked>
Extreme extreme(const std::vector<float>& x, int r, int blk, int rep, bool max, Picked picked) {
    Extreme best{0, 0};
    bool any = false;
    for (int k = 0; k < 64; ++k) {
        if (!picked(k)) {
            continue;
        }
        const double v = x[source_index(r, k, blk, rep)];
        if (!any || (max ? v > best.value : v < best.value)) {
            best = {v, static_cast<uint32_t>(k)};
        }
        any = true;
    }
    return best;
}

uint32_t float_bits(float f) {
    uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    return u;
}

TEST_F(AscendCReduceGather, PerRepeatReductionsAndGatherFollowStridesAndMasks) {
    std::vector<float> x(256);
    std::vector<_Float16> xh(256);
    std::vector<uint32_t> offsets(256);
    for (int i = 0; i < 256; ++i) {
        x[i] = static_cast<float>((i * 29) % 61) * 0.25f - 7.5f;
        xh[i] = static_cast<_Float16>(static_cast<float>((i * 13) % 8 - 4));
        offsets[i] = i < 128 ? static_cast<uint32_t>((i * 37) % 250) * 4
                             : static_cast<uint32_t>((i * 53) % 256) * 2;
    }
    void* dx = to_device(x);
    void* dh = to_device(xh);
    void* doffs = to_device(offsets);
    void* dout = to_device(std::vector<uint8_t>(kBytes, 0));
    ASSERT_EQ(launch_reduce_gather(stream_, dx, dh, doffs, dout), 0u);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS) << aclGetRecentErrMsg();
    const std::vector<uint8_t> out = to_host<uint8_t>(dout, kBytes);
    auto sum = [&](int first, int count) {
        double s = 0;
        for (int i = first; i < first + count; ++i) {
            s += x[i];
        }
        return s;
    };
    auto all = [](int) { return true; };

    for (int r = 0; r < 4; ++r) {
        EXPECT_EQ(read_at<float>(out, kWholeSum, r), sum(r * 64, 64)) << "WholeReduceSum " << r;
    }
    for (int r = 0; r < 2; ++r) {
        const Extreme e = extreme(x, r, 1, 16, true, [](int k) { return k < 48; });
        EXPECT_EQ(read_at<float>(out, kRepeatMax, 2 * r), e.value) << "ReduceRepeat MAX " << r;
        EXPECT_EQ(read_at<uint32_t>(out, kRepeatMax, 2 * r + 1), e.index) << "its index " << r;
    }
    for (int r = 0; r < 2; ++r) {
        const Extreme e = extreme(x, r, 2, 8, false, [](int k) { return k % 2 == 1; });
        EXPECT_EQ(read_at<uint32_t>(out, kWholeMin, 4 * r), e.index) << "WholeReduceMin idx " << r;
        EXPECT_EQ(read_at<float>(out, kWholeMin, 4 * r + 1), e.value) << "WholeReduceMin " << r;
        EXPECT_TRUE(untouched(out, kWholeMin + (4 * r + 2) * 4, 8)) << "dstRepStride gap " << r;
    }
    for (int r = 0; r < 2; ++r) {
        EXPECT_EQ(read_at<uint32_t>(out, kOnlyIndex, r), extreme(x, r, 1, 8, true, all).index);
        EXPECT_EQ(read_at<float>(out, kOnlyValue, r), extreme(x, r, 1, 8, false, all).value);
    }
    for (int b = 0; b < 16; ++b) {
        EXPECT_EQ(read_at<float>(out, kBlockSum, b), sum(b * 8, 8)) << "BlockReduceSum " << b;
    }
    for (int b = 0; b < 3; ++b) {
        double m = x[b * 8];
        for (int e = 1; e < (b == 2 ? 4 : 8); ++e) {
            m = x[b * 8 + e] > m ? x[b * 8 + e] : m;
        }
        EXPECT_EQ(read_at<float>(out, kBlockMax, b), m) << "BlockReduceMax, mask 20, block " << b;
    }
    EXPECT_TRUE(untouched(out, kBlockMax + 3 * 4, 5 * 4)) << "blocks without a selected element";
    for (int r = 0; r < 2; ++r) {
        for (int b = 0; b < 8; ++b) {
            const uint32_t at = kDataBlockMin + (16 * r + b) * 4;
            if (b % 2 != 0) {
                EXPECT_TRUE(untouched(out, at, 4)) << "odd block " << b << " of repeat " << r;
                continue;
            }
            double m = x[r * 64 + b * 8];
            for (int e = 1; e < 8; ++e) {
                m = x[r * 64 + b * 8 + e] < m ? x[r * 64 + b * 8 + e] : m;
            }
            EXPECT_EQ(read_at<float>(out, at, 0), m) << "ReduceDataBlock MIN " << r << "/" << b;
        }
    }
    for (int j = 0; j < 64; ++j) {
        EXPECT_EQ(read_at<float>(out, kPairSum, j), sum(2 * j, 2)) << "PairReduceSum " << j;
    }
    for (int j = 0; j < 32; ++j) {
        if (j < 20) {
            EXPECT_EQ(read_at<float>(out, kPairElem, j), sum(2 * j, 2)) << "ReducePairElem " << j;
        } else {
            EXPECT_TRUE(untouched(out, kPairElem + j * 4, 4)) << "pair beyond mask 40: " << j;
        }
    }
    for (int r = 0; r < 2; ++r) {
        double s = 0;
        for (int i = r * 128; i < r * 128 + 128; ++i) {
            s += static_cast<double>(xh[i]);
        }
        EXPECT_EQ(static_cast<double>(read_at<_Float16>(out, kHalfWholeSum, r)), s) << r;
    }
    for (int b = 0; b < 8; ++b) {
        double s = 0;
        for (int i = b * 16; i < b * 16 + 16; ++i) {
            s += static_cast<double>(xh[i]);
        }
        EXPECT_EQ(static_cast<double>(read_at<_Float16>(out, kHalfBlockSum, b)), s) << b;
    }
    EXPECT_EQ(read_at<float>(out, kCounterSum, 0), sum(0, 64)) << "counter mode, repeat 0";
    EXPECT_EQ(read_at<float>(out, kCounterSum, 1), sum(64, 36)) << "counter mode, 36 left";
    EXPECT_EQ(read_at<float>(out, kRepeatReduce, 0), sum(0, 10)) << "RepeatReduceSum";
    EXPECT_EQ(read_at<float>(out, kRepeatReduce, 1), sum(64, 10)) << "RepeatReduceSum";

    for (int i = 0; i < 64; ++i) {
        EXPECT_EQ(float_bits(read_at<float>(out, kGatherCount, i)), float_bits(x[offsets[i] / 4]))
            << "Gather count form " << i;
    }
    for (int r = 0; r < 2; ++r) {
        for (int k = 0; k < 64; ++k) {
            const uint32_t at = kGatherRepeat + (r * 128 + k) * 4;
            if (k >= 32) {
                EXPECT_TRUE(untouched(out, at, 4)) << "Gather beyond mask " << r << "/" << k;
                continue;
            }
            const float want = x[(16 + offsets[r * 64 + k]) / 4];
            EXPECT_EQ(float_bits(read_at<float>(out, at, 0)), float_bits(want)) << r << "/" << k;
        }
    }
    for (int j = 0; j < 8; ++j) {
        for (int e = 0; e < 8; ++e) {
            const float want = x[(j * 5 % 8) * 96 / 4 + e];
            EXPECT_EQ(float_bits(read_at<float>(out, kGatherb, 16 * j + e)), float_bits(want))
                << "Gatherb block " << j;
        }
        EXPECT_TRUE(untouched(out, kGatherb + (16 * j + 8) * 4, 32)) << "dstBlkStride 2 gap";
    }
    for (int i = 0; i < 64; ++i) {
        EXPECT_EQ(float_bits(read_at<float>(out, kGatherMaskFixed, i)), float_bits(x[2 * i + 1]))
            << "GatherMask pattern 2, element " << i;
    }
    EXPECT_EQ(read_at<uint32_t>(out, kGatherCounts, 0), 64u);
    std::vector<uint8_t> pattern(offsets.size() * 4);
    std::memcpy(pattern.data(), offsets.data(), pattern.size());
    uint32_t kept = 0;
    for (int r = 0; r < 2; ++r) {
        for (int k = 0; k < 70; ++k) {
            if (((pattern[r * 32 + k / 8] >> (k % 8)) & 1) == 0) {
                continue;
            }
            EXPECT_EQ(float_bits(read_at<float>(out, kGatherMaskUser, kept)),
                      float_bits(x[r * 32 + k]))
                << "GatherMask user pattern, repeat " << r << " element " << k;
            ++kept;
        }
    }
    EXPECT_EQ(read_at<uint32_t>(out, kGatherCounts, 1), kept);
    for (int i = 0; i < 128; ++i) {
        // Normal mode again after GatherMask: count mask 8 in each of 2 repeats.
        if (i % 64 < 8) {
            EXPECT_EQ(read_at<float>(out, kAfterGatherMask, i), x[i] + 1.0f) << i;
        } else {
            EXPECT_TRUE(untouched(out, kAfterGatherMask + i * 4, 4))
                << "Adds after GatherMask " << i;
        }
    }
    EXPECT_EQ(read_at<float>(out, kRepeatFormSum, 0), sum(0, 192)) << "ReduceSum, 3 repeats";
    EXPECT_EQ(read_at<float>(out, kRepeatFormRounds, 0), 70 * sum(0, 64)) << "ReduceSum, 70";
    {
        Extreme best{0, 0};
        for (int r = 0; r < 2; ++r) {
            const Extreme e = extreme(x, r, 1, 16, true, [](int k) { return k < 48; });
            if (r == 0 || e.value > best.value) {
                best = {e.value, static_cast<uint32_t>(r * 64) + e.index};
            }
        }
        EXPECT_EQ(read_at<float>(out, kRepeatFormMax, 0), best.value) << "ReduceMax repeat form";
        EXPECT_EQ(read_at<uint32_t>(out, kRepeatFormMax, 1), best.index) << "its index";
        for (int r = 0; r < 4; ++r) {
            const Extreme e = extreme(x, r, 1, 8, false, [](int k) { return k % 2 == 1; });
            if (r == 0 || e.value < best.value) {
                best = {e.value, static_cast<uint32_t>(r * 64) + e.index};
            }
        }
        EXPECT_EQ(read_at<float>(out, kRepeatFormMin, 0), best.value) << "ReduceMin repeat form";
        EXPECT_EQ(read_at<uint32_t>(out, kRepeatFormMin, 1), best.index) << "its index";
    }
    for (int i = 0; i < 128; ++i) {
        EXPECT_EQ(static_cast<double>(read_at<_Float16>(out, kGatherHalf, i)),
                  static_cast<double>(xh[offsets[128 + i] / 2]))
            << "Gather half " << i;
    }
}

TEST_F(AscendCReduceGather, ReduceSumRegisterAndTheKernelsTPipe) {
    std::vector<float> x(256);
    double total = 0;
    for (int i = 0; i < 256; ++i) {
        x[i] = static_cast<float>((i * 13) % 29) * 0.5f - 6.0f;  // halves: every sum exact
        total += i < 200 ? x[i] : 0.0;
    }
    void* dx = to_device(x);
    void* dout = to_device(std::vector<float>(8, -1.0f));
    ASSERT_EQ(launch_pipe_spr(stream_, dx, dout), 0u);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS) << aclGetRecentErrMsg();
    const std::vector<float> out = to_host<float>(dout, 8);
    EXPECT_EQ(out[0], total) << "ReduceSum of the first 200";
    EXPECT_EQ(out[1], total) << "GetReduceRepeatSumSpr after it";
    EXPECT_EQ(out[2], 1.0f) << "GetTPipePtr() is the kernel's TPipe";
}

}  // namespace
