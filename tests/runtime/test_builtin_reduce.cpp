// aclrtReduceAsync on every backend: dst = op(dst, src) for every element type and reduction
// against references computed here in double (integer SUM wraps around; float SUM is rounded to
// fp32, then to the storage type), NaN and signed zeros in MAX/MIN, in-place use, and every
// error path.
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"
#include "support/device_tensor.h"
#include "support/reference_dtype.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

// Deterministic values in [lo, hi), rounded to `type` (integers to nearest).
std::vector<double> values(size_t n, double lo, double hi, uint32_t seed, aclDataType type) {
    std::vector<double> v(n);
    uint32_t state = seed;
    for (double& x : v) {
        state = state * 1664525u + 1013904223u;
        x = lo + (hi - lo) * (state >> 8) / 16777216.0;
        x = (type == ACL_FLOAT || type == ACL_FLOAT16 || type == ACL_BF16) ? round_to_dtype(x, type)
                                                                           : std::floor(x);
    }
    return v;
}

int bits_of(aclDataType type) {
    return type == ACL_UINT32 ? 32 : static_cast<int>(dtype_bytes(type)) * 8;
}

// Integer SUM in `type`'s width, two's complement.
double wrap(double sum, aclDataType type) {
    const int bits = bits_of(type);
    const double modulus = std::ldexp(1.0, bits);
    double r = std::fmod(sum, modulus);
    if (r < 0) {
        r += modulus;
    }
    if (type != ACL_UINT32 && r >= modulus / 2) {
        r -= modulus;
    }
    return r;
}

double reference(aclrtReduceKind kind, double a, double b, aclDataType type) {
    switch (kind) {
        case ACL_RT_MEMCPY_SDMA_AUTOMATIC_MAX:
            return std::max(a, b);
        case ACL_RT_MEMCPY_SDMA_AUTOMATIC_MIN:
            return std::min(a, b);
        default:
            break;
    }
    if (type == ACL_FLOAT || type == ACL_FLOAT16 || type == ACL_BF16) {
        return round_to_dtype(static_cast<float>(a + b), type);
    }
    return wrap(a + b, type);
}

std::vector<uint8_t> encode_u32(const std::vector<double>& v) {
    std::vector<uint8_t> bytes(v.size() * 4);
    for (size_t i = 0; i < v.size(); ++i) {
        const uint32_t u = static_cast<uint32_t>(v[i]);
        std::memcpy(bytes.data() + 4 * i, &u, 4);
    }
    return bytes;
}

std::vector<double> decode_u32(const std::vector<uint8_t>& bytes) {
    std::vector<double> v(bytes.size() / 4);
    for (size_t i = 0; i < v.size(); ++i) {
        uint32_t u;
        std::memcpy(&u, bytes.data() + 4 * i, 4);
        v[i] = u;
    }
    return v;
}

class Reduce : public BackendTest {
protected:
    std::vector<uint8_t> encode(const std::vector<double>& v, aclDataType type) {
        return type == ACL_UINT32 ? encode_u32(v) : encode_values(v, type);
    }
    std::vector<double> decode(const std::vector<uint8_t>& bytes, aclDataType type) {
        return type == ACL_UINT32 ? decode_u32(bytes) : decode_values(bytes, type);
    }

    // dst = kind(dst, src) on the device; returns dst.
    std::vector<double> run(aclrtReduceKind kind,
                            aclDataType type,
                            const std::vector<double>& dst,
                            const std::vector<double>& src) {
        const auto dst_bytes = encode(dst, type);
        const auto src_bytes = encode(src, type);
        DeviceBuffer d(dst_bytes.size()), s(src_bytes.size());
        EXPECT_TRUE(d.upload(dst_bytes.data(), dst_bytes.size()));
        EXPECT_TRUE(s.upload(src_bytes.data(), src_bytes.size()));
        EXPECT_EQ(
            aclrtReduceAsync(d.get(), s.get(), dst_bytes.size(), kind, type, stream(), nullptr),
            ACL_SUCCESS)
            << take_recent_error();
        EXPECT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
        std::vector<uint8_t> out(dst_bytes.size());
        EXPECT_TRUE(d.download(out.data(), out.size()));
        return decode(out, type);
    }
};

TEST_P(Reduce, SampleSumOfFloats) {
    EXPECT_EQ(run(ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_FLOAT, {1, 2, 3, 4}, {1, 2, 3, 4}),
              (std::vector<double>{2, 4, 6, 8}));
}

TEST_P(Reduce, EveryTypeAndKindMatchesReference) {
    struct Range {
        aclDataType type;
        double lo, hi;
    };
    // Integer ranges reach past the type's limits in SUM, so wrap-around is exercised.
    const Range ranges[] = {
        {ACL_INT8, -128, 128},
        {ACL_INT16, -32768, 32768},
        {ACL_INT32, -2147483648.0, 2147483648.0},
        {ACL_UINT32, 0, 4294967296.0},
        {ACL_FLOAT, -1000, 1000},
        {ACL_FLOAT16, -60000, 60000},
        {ACL_BF16, -1e30, 1e30},
    };
    constexpr size_t n = 1027;
    for (const Range& r : ranges) {
        const auto a = values(n, r.lo, r.hi, 7, r.type);
        const auto b = values(n, r.lo, r.hi, 11, r.type);
        for (aclrtReduceKind kind : {ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM,
                                     ACL_RT_MEMCPY_SDMA_AUTOMATIC_MAX,
                                     ACL_RT_MEMCPY_SDMA_AUTOMATIC_MIN}) {
            const auto got = run(kind, r.type, a, b);
            ASSERT_EQ(got.size(), n);
            for (size_t i = 0; i < n; ++i) {
                const double expected = reference(kind, a[i], b[i], r.type);
                ASSERT_EQ(got[i], expected) << "type " << r.type << " kind " << kind << " " << i
                                            << ": " << a[i] << " op " << b[i];
            }
        }
    }
}

TEST_P(Reduce, InPlaceDoubles) {
    const auto v = values(100, -50, 50, 3, ACL_FLOAT);
    const auto bytes = encode_values(v, ACL_FLOAT);
    DeviceBuffer d(bytes.size());
    ASSERT_TRUE(d.upload(bytes.data(), bytes.size()));
    ASSERT_EQ(aclrtReduceAsync(d.get(),
                               d.get(),
                               bytes.size(),
                               ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM,
                               ACL_FLOAT,
                               stream(),
                               nullptr),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    std::vector<uint8_t> out(bytes.size());
    ASSERT_TRUE(d.download(out.data(), out.size()));
    const auto got = decode_values(out, ACL_FLOAT);
    for (size_t i = 0; i < v.size(); ++i) {
        EXPECT_EQ(got[i], 2 * v[i]) << i;
    }
}

TEST_P(Reduce, NanPropagatesAndSignedZerosOrder) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    for (aclDataType type : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        const std::vector<double> a{nan, 1.0, -0.0, 0.0, -inf, 5.0};
        const std::vector<double> b{1.0, nan, 0.0, -0.0, 3.0, inf};
        const auto max = run(ACL_RT_MEMCPY_SDMA_AUTOMATIC_MAX, type, a, b);
        const auto min = run(ACL_RT_MEMCPY_SDMA_AUTOMATIC_MIN, type, a, b);
        EXPECT_TRUE(std::isnan(max[0]) && std::isnan(max[1])) << type;
        EXPECT_TRUE(std::isnan(min[0]) && std::isnan(min[1])) << type;
        for (int i : {2, 3}) {
            EXPECT_EQ(max[i], 0.0);
            EXPECT_FALSE(std::signbit(max[i])) << "max(+0, -0) is +0, dtype " << type;
            EXPECT_TRUE(std::signbit(min[i])) << "min(+0, -0) is -0, dtype " << type;
        }
        EXPECT_EQ(max[4], 3.0);
        EXPECT_EQ(min[4], -inf);
        EXPECT_EQ(max[5], inf);
        EXPECT_EQ(min[5], 5.0);
        const auto sum =
            run(ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, type, {inf, 65504.0}, {-inf, 65504.0});
        EXPECT_TRUE(std::isnan(sum[0]));
        EXPECT_EQ(sum[1], round_to_dtype(static_cast<float>(131008.0), type));
    }
}

TEST_P(Reduce, ErrorPaths) {
    DeviceBuffer a(64), b(64);
    take_recent_error();
    EXPECT_EQ(
        aclrtReduceAsync(
            nullptr, b.get(), 64, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_FLOAT, stream(), nullptr),
        ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("[dst]"));
    EXPECT_EQ(
        aclrtReduceAsync(
            a.get(), nullptr, 64, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_FLOAT, stream(), nullptr),
        ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("[src]"));
    int reserve = 0;
    EXPECT_EQ(
        aclrtReduceAsync(
            a.get(), b.get(), 64, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_FLOAT, stream(), &reserve),
        ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("[reserve]"));
    EXPECT_EQ(
        aclrtReduceAsync(
            a.get(), b.get(), 64, ACL_RT_MEMCPY_SDMA_AUTOMATIC_EQUAL, ACL_FLOAT, stream(), nullptr),
        ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    EXPECT_THAT(take_recent_error(), HasSubstr("ACL_RT_MEMCPY_SDMA_AUTOMATIC_EQUAL"));
    EXPECT_EQ(
        aclrtReduceAsync(
            a.get(), b.get(), 64, static_cast<aclrtReduceKind>(0), ACL_FLOAT, stream(), nullptr),
        ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("[kind]"));
    for (aclDataType type : {ACL_INT64, ACL_DOUBLE, ACL_UINT8, ACL_BOOL}) {
        EXPECT_EQ(
            aclrtReduceAsync(
                a.get(), b.get(), 64, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, type, stream(), nullptr),
            ACL_ERROR_RT_FEATURE_NOT_SUPPORT)
            << type;
        EXPECT_THAT(take_recent_error(), HasSubstr("[type]"));
    }
    EXPECT_EQ(
        aclrtReduceAsync(
            a.get(), b.get(), 6, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_FLOAT, stream(), nullptr),
        ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("multiple of the element size 4"));
    EXPECT_EQ(
        aclrtReduceAsync(
            a.get(), b.get(), 128, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_FLOAT, stream(), nullptr),
        ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("128 bytes of device memory"));
    float host[16] = {};
    EXPECT_EQ(
        aclrtReduceAsync(
            a.get(), host, 64, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_FLOAT, stream(), nullptr),
        ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("[src]"));
    auto* base = static_cast<uint8_t*>(a.get());
    EXPECT_EQ(
        aclrtReduceAsync(
            base, base + 16, 32, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_FLOAT, stream(), nullptr),
        ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("overlaps dst partially"));
    EXPECT_EQ(
        aclrtReduceAsync(
            a.get(), b.get(), 0, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, ACL_FLOAT, stream(), nullptr),
        ACL_SUCCESS);
    int not_a_stream = 0;
    EXPECT_EQ(aclrtReduceAsync(a.get(),
                               b.get(),
                               64,
                               ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM,
                               ACL_FLOAT,
                               &not_a_stream,
                               nullptr),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("not a live stream"));
}

TEST_P(Reduce, ReduceKindValues) {
    EXPECT_EQ(ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, 10);
    EXPECT_EQ(ACL_RT_MEMCPY_SDMA_AUTOMATIC_MAX, 11);
    EXPECT_EQ(ACL_RT_MEMCPY_SDMA_AUTOMATIC_MIN, 12);
    EXPECT_EQ(ACL_RT_MEMCPY_SDMA_AUTOMATIC_EQUAL, 13);
}

ACLEMU_INSTANTIATE_BACKENDS(Reduce);

}  // namespace
}  // namespace aclemu::test
