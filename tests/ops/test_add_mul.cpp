// aclnnAdd/Adds/InplaceAdd/InplaceAdds and aclnnMul/Muls/InplaceMul/InplaceMuls through the
// public two-phase API on every backend (Cpu/..., and Gpu/... on a GPU or the simulator):
// every dtype CANN lists (but complex), NumPy broadcasting (0-D, size-1 dims, leading dims),
// non-contiguous views, CANN's type promotion (tensor-tensor, tensor-scalar, 0-D tensors like
// any other), alpha on floating, integral and BOOL types, integer wrap-around, empty tensors,
// in-place calls, and bad input with its exact code and the parameter named. References are
// computed here in double precision and rounded as the promoted and output types round.
#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_mul.h"

#include "support/backend_fixture.h"
#include "support/broadcast_index.h"
#include "support/device_tensor.h"
#include "support/error_message.h"
#include "support/reference_dtype.h"
#include "support/two_phase.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

bool is_float(aclDataType t) {
    return t == ACL_FLOAT || t == ACL_FLOAT16 || t == ACL_BF16 || t == ACL_DOUBLE;
}

// v as the value `t` holds: floats rounded (FLOAT16/BF16/FLOAT), integers wrapped to their
// width, BOOL 0/1.
double as_type(double v, aclDataType t) {
    switch (t) {
        case ACL_DOUBLE:
            return v;
        case ACL_FLOAT:
        case ACL_FLOAT16:
        case ACL_BF16:
            return round_to_dtype(v, t);
        case ACL_BOOL:
            return v != 0 ? 1 : 0;
        default:
            break;
    }
    const auto wrapped = static_cast<uint64_t>(static_cast<int64_t>(v));
    switch (t) {
        case ACL_INT8:
            return static_cast<int8_t>(wrapped);
        case ACL_UINT8:
            return static_cast<uint8_t>(wrapped);
        case ACL_INT16:
            return static_cast<int16_t>(wrapped);
        case ACL_INT32:
            return static_cast<int32_t>(wrapped);
        default:
            return static_cast<double>(static_cast<int64_t>(wrapped));
    }
}

// The tolerance of one result computed in `promoted` (float math for the 16-bit types) whose
// terms have magnitude `scale` (|self| + |alpha * other|: a sum that cancels keeps the terms'
// absolute rounding error).
double tolerance(double scale, aclDataType promoted, aclDataType out) {
    double rel = 0;
    for (aclDataType t : {promoted, out}) {
        switch (t) {
            case ACL_FLOAT:
                rel = std::max(rel, 3e-7);
                break;
            case ACL_FLOAT16:
                rel = std::max(rel, 1e-3);
                break;
            case ACL_BF16:
                rel = std::max(rel, 8e-3);
                break;
            case ACL_DOUBLE:
                rel = std::max(rel, 1e-15);
                break;
            default:
                break;
        }
    }
    return rel * std::fabs(scale);
}

struct Scalar {
    aclScalar* s = nullptr;
    Scalar(double v, aclDataType t) {
        const std::vector<uint8_t> bytes = encode_values({v}, t);
        std::vector<uint8_t> padded(16, 0);
        std::memcpy(padded.data(), bytes.data(), bytes.size());
        s = aclCreateScalar(padded.data(), t);
    }
    ~Scalar() { aclDestroyScalar(s); }
    Scalar(const Scalar&) = delete;
    Scalar& operator=(const Scalar&) = delete;
};

// Expected out for row-major `shape` from self and other (already broadcast by the caller's
// index maps) per element.
void expect_values(const std::vector<double>& actual,
                   const std::vector<double>& expected,
                   aclDataType promoted,
                   aclDataType out,
                   const std::vector<double>& scale = {}) {
    ASSERT_EQ(actual.size(), expected.size());
    for (size_t i = 0; i < actual.size(); ++i) {
        if (std::isnan(expected[i])) {
            EXPECT_TRUE(std::isnan(actual[i])) << "element " << i;
        } else {
            const double magnitude = scale.empty() ? expected[i] : scale[i];
            EXPECT_NEAR(actual[i], expected[i], tolerance(magnitude, promoted, out))
                << "element " << i;
        }
    }
}

std::vector<double> sample_values(int64_t n, aclDataType t, int seed) {
    std::vector<double> v(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) {
        const int k = static_cast<int>((i * 7 + seed * 13) % 23) - 11;  // -11 .. 11
        if (t == ACL_BOOL) {
            v[static_cast<size_t>(i)] = k > 0 ? 1 : 0;
        } else if (t == ACL_UINT8) {
            v[static_cast<size_t>(i)] = k + 11;
        } else if (is_float(t)) {
            v[static_cast<size_t>(i)] = as_type(k * 0.37 + seed * 0.1, t);
        } else {
            v[static_cast<size_t>(i)] = k;
        }
    }
    return v;
}

double combine(bool mul, double a, double b, double alpha) {
    return mul ? a * b : a + alpha * b;
}

class AddMulTest : public BackendTest {
protected:
    TwoPhaseResult add(const DeviceTensor& s,
                       const DeviceTensor& o,
                       const aclScalar* alpha,
                       const DeviceTensor& out) {
        return run_two_phase(aclnnAddGetWorkspaceSize,
                             aclnnAdd,
                             stream(),
                             static_cast<const aclTensor*>(s.get()),
                             static_cast<const aclTensor*>(o.get()),
                             alpha,
                             out.get());
    }
    TwoPhaseResult mul(const DeviceTensor& s, const DeviceTensor& o, const DeviceTensor& out) {
        return run_two_phase(aclnnMulGetWorkspaceSize,
                             aclnnMul,
                             stream(),
                             static_cast<const aclTensor*>(s.get()),
                             static_cast<const aclTensor*>(o.get()),
                             out.get());
    }

    // self (dims a) op other (dims b) into out (broadcast shape) with the given dtypes; checks
    // against the double reference with `promoted` as CANN's promoted type.
    void check_tensor_op(bool is_mul,
                         const std::vector<int64_t>& a,
                         aclDataType ta,
                         const std::vector<int64_t>& b,
                         aclDataType tb,
                         const std::vector<int64_t>& shape,
                         aclDataType tout,
                         aclDataType promoted,
                         double alpha_value,
                         aclDataType alpha_type) {
        const std::vector<double> va = sample_values(product(a), ta, 1);
        const std::vector<double> vb = sample_values(product(b), tb, 2);
        auto self = DeviceTensor::contiguous(a, ta, va);
        auto other = DeviceTensor::contiguous(b, tb, vb);
        auto out = DeviceTensor::filled(shape, tout, 0);
        Scalar alpha(alpha_value, alpha_type);
        const TwoPhaseResult r = is_mul ? mul(self, other, out) : add(self, other, alpha.s, out);
        ASSERT_TRUE(r.ok()) << r << " " << take_recent_error();
        EXPECT_EQ(r.workspace_size, 0u);
        const double al = as_type(alpha_value, is_float(promoted) ? ACL_DOUBLE : promoted);
        std::vector<double> expected(static_cast<size_t>(product(shape)));
        std::vector<double> scale(expected.size());
        for (int64_t i = 0; i < product(shape); ++i) {
            const double x =
                as_type(va[static_cast<size_t>(broadcast_source_index(i, shape, a))], promoted);
            const double y =
                as_type(vb[static_cast<size_t>(broadcast_source_index(i, shape, b))], promoted);
            expected[static_cast<size_t>(i)] =
                as_type(as_type(combine(is_mul, x, y, al), promoted), tout);
            scale[static_cast<size_t>(i)] = is_mul ? x * y : std::fabs(x) + std::fabs(al * y);
        }
        expect_values(out.read(), expected, promoted, tout, scale);
    }
};

constexpr aclDataType kAllTypes[] = {ACL_FLOAT,
                                     ACL_FLOAT16,
                                     ACL_BF16,
                                     ACL_DOUBLE,
                                     ACL_INT8,
                                     ACL_UINT8,
                                     ACL_INT16,
                                     ACL_INT32,
                                     ACL_INT64,
                                     ACL_BOOL};

TEST_P(AddMulTest, EveryDtypeSameTypeWithAlpha) {
    for (aclDataType t : kAllTypes) {
        SCOPED_TRACE(t);
        const double alpha = is_float(t) ? 1.5 : (t == ACL_BOOL ? 1 : 3);
        const aclDataType alpha_type =
            is_float(t) ? ACL_FLOAT : (t == ACL_BOOL ? ACL_BOOL : ACL_INT32);
        check_tensor_op(false, {3, 5}, t, {3, 5}, t, {3, 5}, t, t, alpha, alpha_type);
        check_tensor_op(true, {3, 5}, t, {3, 5}, t, {3, 5}, t, t, 1, ACL_INT32);
    }
}

TEST_P(AddMulTest, BroadcastingShapes) {
    for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_INT32}) {
        SCOPED_TRACE(t);
        check_tensor_op(false, {2, 1, 4}, t, {3, 1}, t, {2, 3, 4}, t, t, 2, ACL_INT32);
        check_tensor_op(true, {4}, t, {2, 3, 1}, t, {2, 3, 4}, t, t, 1, ACL_INT32);
        check_tensor_op(false, {2, 3}, t, {}, t, {2, 3}, t, t, 1, ACL_INT32);  // 0-D other
        check_tensor_op(true, {}, t, {}, t, {}, t, t, 1, ACL_INT32);           // 0-D both
        check_tensor_op(false, {1, 5}, t, {7, 1}, t, {7, 5}, t, t, -1, ACL_INT64);
    }
}

TEST_P(AddMulTest, TypePromotion) {
    // Mixed floating, integral with floating, widening integers, BOOL, and a 0-D FLOAT tensor
    // that promotes an INT32 tensor as any tensor would (no scalar rule for 0-D tensors).
    check_tensor_op(
        false, {4, 3}, ACL_FLOAT16, {3}, ACL_FLOAT, {4, 3}, ACL_FLOAT, ACL_FLOAT, 1, ACL_FLOAT);
    check_tensor_op(
        true, {4, 3}, ACL_BF16, {4, 3}, ACL_FLOAT, {4, 3}, ACL_FLOAT, ACL_FLOAT, 1, ACL_INT32);
    check_tensor_op(false,
                    {4, 3},
                    ACL_FLOAT16,
                    {4, 3},
                    ACL_BF16,
                    {4, 3},
                    ACL_FLOAT,
                    ACL_FLOAT,
                    0.5,
                    ACL_DOUBLE);
    check_tensor_op(
        false, {6}, ACL_INT32, {6}, ACL_FLOAT16, {6}, ACL_FLOAT16, ACL_FLOAT16, 2, ACL_INT32);
    check_tensor_op(true, {6}, ACL_UINT8, {6}, ACL_INT8, {6}, ACL_INT16, ACL_INT16, 1, ACL_INT32);
    check_tensor_op(false, {6}, ACL_BOOL, {6}, ACL_INT64, {6}, ACL_INT64, ACL_INT64, 2, ACL_INT32);
    check_tensor_op(
        false, {2, 3}, ACL_INT32, {}, ACL_FLOAT, {2, 3}, ACL_FLOAT, ACL_FLOAT, 1, ACL_INT32);
    check_tensor_op(
        true, {2, 3}, ACL_INT64, {2, 3}, ACL_DOUBLE, {2, 3}, ACL_DOUBLE, ACL_DOUBLE, 1, ACL_INT32);
    // The promoted type written to a wider or another floating out.
    check_tensor_op(false, {5}, ACL_INT32, {5}, ACL_INT32, {5}, ACL_FLOAT, ACL_INT32, 2, ACL_INT8);
    check_tensor_op(
        false, {5}, ACL_FLOAT16, {5}, ACL_FLOAT16, {5}, ACL_FLOAT, ACL_FLOAT16, 1, ACL_FLOAT);
    check_tensor_op(true, {5}, ACL_BOOL, {5}, ACL_BOOL, {5}, ACL_FLOAT, ACL_BOOL, 1, ACL_INT32);
}

TEST_P(AddMulTest, IntegersWrapAndBoolIsLogical) {
    auto a = DeviceTensor::contiguous({3}, ACL_INT8, {100, -100, 127});
    auto b = DeviceTensor::contiguous({3}, ACL_INT8, {100, -100, 1});
    auto out = DeviceTensor::filled({3}, ACL_INT8, 0);
    Scalar one(1, ACL_INT32);
    ASSERT_TRUE(add(a, b, one.s, out).ok()) << take_recent_error();
    EXPECT_EQ(out.read(), (std::vector<double>{-56, 56, -128}));
    auto c = DeviceTensor::contiguous({2}, ACL_INT32, {65536, -65536});
    auto out32 = DeviceTensor::filled({2}, ACL_INT32, 0);
    ASSERT_TRUE(mul(c, c, out32).ok()) << take_recent_error();
    EXPECT_EQ(out32.read(), (std::vector<double>{0, 0}));  // 2^32 wraps to 0
    auto p = DeviceTensor::contiguous({4}, ACL_BOOL, {0, 0, 1, 1});
    auto q = DeviceTensor::contiguous({4}, ACL_BOOL, {0, 1, 0, 1});
    auto sum = DeviceTensor::filled({4}, ACL_BOOL, 0);
    Scalar yes(1, ACL_BOOL);
    ASSERT_TRUE(add(p, q, yes.s, sum).ok()) << take_recent_error();
    EXPECT_EQ(sum.read(), (std::vector<double>{0, 1, 1, 1}));  // or
    auto prod = DeviceTensor::filled({4}, ACL_INT32, 7);
    ASSERT_TRUE(mul(p, q, prod).ok()) << take_recent_error();
    EXPECT_EQ(prod.read(), (std::vector<double>{0, 0, 0, 1}));  // and
    Scalar no(0, ACL_BOOL);
    ASSERT_TRUE(add(p, q, no.s, sum).ok()) << take_recent_error();
    EXPECT_EQ(sum.read(), (std::vector<double>{0, 0, 1, 1}));  // alpha false: self
}

TEST_P(AddMulTest, NonContiguousViews) {
    // self: the transpose of a [6, 5] storage, other: every second column of a [5, 12] storage
    // at offset 1, out: a [5, 6] view with row pitch 8 (gaps stay untouched).
    for (aclDataType t : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT64}) {
        SCOPED_TRACE(t);
        const std::vector<double> sa = sample_values(30, t, 3);
        const std::vector<double> sb = sample_values(60, t, 4);
        auto self = DeviceTensor::strided({5, 6}, {1, 5}, 0, {30}, t, sa);
        auto other = DeviceTensor::strided({5, 6}, {12, 2}, 1, {60}, t, sb);
        auto out = DeviceTensor::strided({5, 6}, {8, 1}, 0, {40}, t, std::vector<double>(40, 9));
        Scalar alpha(2, ACL_INT32);
        const TwoPhaseResult r = add(self, other, alpha.s, out);
        ASSERT_TRUE(r.ok()) << r << take_recent_error();
        const std::vector<double> storage = out.read_storage();
        for (int i = 0; i < 5; ++i) {
            for (int j = 0; j < 8; ++j) {
                const double got = storage[static_cast<size_t>(i * 8 + j)];
                if (j >= 6) {
                    EXPECT_EQ(got, 9) << "gap " << i << "," << j;
                    continue;
                }
                const double x = sa[static_cast<size_t>(i + 5 * j)];
                const double y = sb[static_cast<size_t>(1 + 12 * i + 2 * j)];
                const double e = as_type(x + 2 * y, t);
                EXPECT_NEAR(got, e, tolerance(std::fabs(x) + std::fabs(2 * y), t, t))
                    << i << "," << j;
            }
        }
    }
}

TEST_P(AddMulTest, LargeContiguousAndTransposedFloat) {
    // Enough elements for the threaded and streaming paths, and a transposed fp16 input (tiles).
    const int64_t n = 300000;
    std::vector<double> va(static_cast<size_t>(n));
    std::vector<double> vb(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) {
        va[static_cast<size_t>(i)] =
            round_to_dtype(std::sin(0.001 * static_cast<double>(i)), ACL_FLOAT);
        vb[static_cast<size_t>(i)] =
            round_to_dtype(std::cos(0.002 * static_cast<double>(i)), ACL_FLOAT);
    }
    auto a = DeviceTensor::contiguous({n}, ACL_FLOAT, va);
    auto b = DeviceTensor::contiguous({n}, ACL_FLOAT, vb);
    auto out = DeviceTensor::filled({n}, ACL_FLOAT, 0);
    Scalar alpha(-0.75, ACL_FLOAT);
    ASSERT_TRUE(add(a, b, alpha.s, out).ok()) << take_recent_error();
    std::vector<double> expected(static_cast<size_t>(n));
    std::vector<double> scale(expected.size());
    for (int64_t i = 0; i < n; ++i) {
        const size_t k = static_cast<size_t>(i);
        expected[k] = va[k] - 0.75 * vb[k];
        scale[k] = std::fabs(va[k]) + std::fabs(0.75 * vb[k]);
    }
    expect_values(out.read(), expected, ACL_FLOAT, ACL_FLOAT, scale);

    const std::vector<double> sa = sample_values(96 * 80, ACL_FLOAT16, 5);
    const std::vector<double> sb = sample_values(96 * 80, ACL_FLOAT16, 6);
    auto ta = DeviceTensor::strided({96, 80}, {1, 96}, 0, {80, 96}, ACL_FLOAT16, sa);
    auto tb = DeviceTensor::contiguous({96, 80}, ACL_FLOAT16, sb);
    auto tout = DeviceTensor::filled({96, 80}, ACL_FLOAT16, 0);
    ASSERT_TRUE(mul(ta, tb, tout).ok()) << take_recent_error();
    std::vector<double> te(96 * 80);
    for (int i = 0; i < 96; ++i) {
        for (int j = 0; j < 80; ++j) {
            te[static_cast<size_t>(i * 80 + j)] = round_to_dtype(
                sa[static_cast<size_t>(i + 96 * j)] * sb[static_cast<size_t>(i * 80 + j)],
                ACL_FLOAT16);
        }
    }
    expect_values(tout.read(), te, ACL_FLOAT16, ACL_FLOAT16);
}

TEST_P(AddMulTest, ScalarForms) {
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    // Adds: an INT64 scalar does not raise an INT32 tensor; a FLOAT scalar makes it FLOAT.
    auto s = DeviceTensor::contiguous({4}, ACL_INT32, {1, -2, 3, 2147483647});
    auto out_i = DeviceTensor::filled({4}, ACL_INT32, 0);
    Scalar five(5, ACL_INT64);
    Scalar two(2, ACL_INT32);
    auto r = run_two_phase(aclnnAddsGetWorkspaceSize,
                           aclnnAdds,
                           stream(),
                           static_cast<const aclTensor*>(s.get()),
                           static_cast<const aclScalar*>(five.s),
                           static_cast<const aclScalar*>(two.s),
                           out_i.get());
    ASSERT_TRUE(r.ok()) << r << take_recent_error();
    EXPECT_EQ(out_i.read(),
              (std::vector<double>{11, 8, 13, as_type(2147483647.0 + 10, ACL_INT32)}));
    auto out_f = DeviceTensor::filled({4}, ACL_FLOAT, 0);
    Scalar half(0.5, ACL_FLOAT);
    r = run_two_phase(aclnnAddsGetWorkspaceSize,
                      aclnnAdds,
                      stream(),
                      static_cast<const aclTensor*>(s.get()),
                      static_cast<const aclScalar*>(half.s),
                      static_cast<const aclScalar*>(two.s),
                      out_f.get());
    ASSERT_TRUE(r.ok()) << r << take_recent_error();
    EXPECT_EQ(
        out_f.read(),
        (std::vector<double>{
            2, -1, 4, round_to_dtype(round_to_dtype(2147483647.0, ACL_FLOAT) + 1, ACL_FLOAT)}));
    // INT32 out from a FLOAT promoted type: refused (Adds checks the cast).
    EXPECT_EQ(aclnnAddsGetWorkspaceSize(s.get(), half.s, two.s, s.get(), &ws, &ex),
              ACLNN_ERR_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("[aclnnAdds] out:"));

    // FLOAT16 tensor + DOUBLE scalar: FLOAT16, the scalar rounded to FLOAT16 first.
    auto h = DeviceTensor::contiguous({2}, ACL_FLOAT16, {1, 2048});
    auto out_h = DeviceTensor::filled({2}, ACL_FLOAT16, 0);
    Scalar third(1.0 / 3.0, ACL_DOUBLE);
    Scalar one(1, ACL_INT32);
    r = run_two_phase(aclnnAddsGetWorkspaceSize,
                      aclnnAdds,
                      stream(),
                      static_cast<const aclTensor*>(h.get()),
                      static_cast<const aclScalar*>(third.s),
                      static_cast<const aclScalar*>(one.s),
                      out_h.get());
    ASSERT_TRUE(r.ok()) << r << take_recent_error();
    const double third_h = round_to_dtype(1.0 / 3.0, ACL_FLOAT16);
    EXPECT_EQ(out_h.read(),
              (std::vector<double>{round_to_dtype(1 + third_h, ACL_FLOAT16),
                                   round_to_dtype(2048 + third_h, ACL_FLOAT16)}));

    // Muls: INT32 * 0.5 written to INT32 (no promotion check on A2/A3): toward zero.
    auto m = DeviceTensor::contiguous({4}, ACL_INT32, {3, -3, 7, 100});
    auto mout = DeviceTensor::filled({4}, ACL_INT32, 9);
    r = run_two_phase(aclnnMulsGetWorkspaceSize,
                      aclnnMuls,
                      stream(),
                      static_cast<const aclTensor*>(m.get()),
                      static_cast<const aclScalar*>(half.s),
                      mout.get());
    ASSERT_TRUE(r.ok()) << r << take_recent_error();
    EXPECT_EQ(mout.read(), (std::vector<double>{1, -1, 3, 50}));
    // Muls of BF16 computes in float: one rounding into BF16.
    auto bf = DeviceTensor::contiguous({3}, ACL_BF16, {1.5, -3, 257});
    auto bout = DeviceTensor::filled({3}, ACL_BF16, 0);
    Scalar f(1.1, ACL_FLOAT);
    r = run_two_phase(aclnnMulsGetWorkspaceSize,
                      aclnnMuls,
                      stream(),
                      static_cast<const aclTensor*>(bf.get()),
                      static_cast<const aclScalar*>(f.s),
                      bout.get());
    ASSERT_TRUE(r.ok()) << r << take_recent_error();
    const double ff = round_to_dtype(1.1, ACL_FLOAT);
    EXPECT_EQ(bout.read(),
              (std::vector<double>{round_to_dtype(1.5 * ff, ACL_BF16),
                                   round_to_dtype(-3 * ff, ACL_BF16),
                                   round_to_dtype(256 * ff, ACL_BF16)}));
}

TEST_P(AddMulTest, InPlaceForms) {
    auto x = DeviceTensor::contiguous({2, 3}, ACL_FLOAT, {1, 2, 3, 4, 5, 6});
    auto row = DeviceTensor::contiguous({3}, ACL_FLOAT, {10, 20, 30});
    Scalar alpha(2, ACL_FLOAT);
    auto r = run_two_phase(aclnnInplaceAddGetWorkspaceSize,
                           aclnnInplaceAdd,
                           stream(),
                           static_cast<const aclTensor*>(x.get()),
                           static_cast<const aclTensor*>(row.get()),
                           static_cast<const aclScalar*>(alpha.s));
    ASSERT_TRUE(r.ok()) << r << take_recent_error();
    EXPECT_EQ(x.read(), (std::vector<double>{21, 42, 63, 24, 45, 66}));
    r = run_two_phase(aclnnInplaceMulGetWorkspaceSize,
                      aclnnInplaceMul,
                      stream(),
                      static_cast<const aclTensor*>(x.get()),
                      static_cast<const aclTensor*>(x.get()));
    ASSERT_TRUE(r.ok()) << r << take_recent_error();
    EXPECT_EQ(x.read(), (std::vector<double>{441, 1764, 3969, 576, 2025, 4356}));
    Scalar tenth(0.5, ACL_FLOAT);
    r = run_two_phase(aclnnInplaceMulsGetWorkspaceSize,
                      aclnnInplaceMuls,
                      stream(),
                      static_cast<const aclTensor*>(x.get()),
                      static_cast<const aclScalar*>(tenth.s));
    ASSERT_TRUE(r.ok()) << r << take_recent_error();
    EXPECT_EQ(x.read(), (std::vector<double>{220.5, 882, 1984.5, 288, 1012.5, 2178}));
    Scalar minus(-1, ACL_INT32);
    r = run_two_phase(aclnnInplaceAddsGetWorkspaceSize,
                      aclnnInplaceAdds,
                      stream(),
                      static_cast<const aclTensor*>(x.get()),
                      static_cast<const aclScalar*>(tenth.s),
                      static_cast<const aclScalar*>(minus.s));
    ASSERT_TRUE(r.ok()) << r << take_recent_error();
    EXPECT_EQ(x.read(), (std::vector<double>{220, 881.5, 1984, 287.5, 1012, 2177.5}));
    // Other must broadcast to selfRef's own shape.
    auto wide = DeviceTensor::contiguous({4, 3}, ACL_FLOAT, std::vector<double>(12, 1));
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    take_recent_error();
    EXPECT_EQ(aclnnInplaceAddGetWorkspaceSize(x.get(), wide.get(), alpha.s, &ws, &ex),
              ACLNN_ERR_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("[aclnnInplaceAdd] other:"));
    auto col = DeviceTensor::contiguous({1, 2, 3}, ACL_FLOAT, std::vector<double>(6, 1));
    EXPECT_EQ(aclnnInplaceMulGetWorkspaceSize(x.get(), col.get(), &ws, &ex),
              ACLNN_ERR_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("[aclnnInplaceMul] selfRef:"));
}

TEST_P(AddMulTest, EmptyTensors) {
    auto a = DeviceTensor::filled({0, 3}, ACL_FLOAT, 0);
    auto b = DeviceTensor::contiguous({3}, ACL_FLOAT, {1, 2, 3});
    auto out = DeviceTensor::filled({0, 3}, ACL_FLOAT, 0);
    Scalar one(1, ACL_INT32);
    auto r = add(a, b, one.s, out);
    EXPECT_TRUE(r.ok()) << r;
    EXPECT_EQ(r.workspace_size, 0u);
    r = mul(a, b, out);
    EXPECT_TRUE(r.ok()) << r;
    auto e = DeviceTensor::filled({2, 0}, ACL_INT32, 0);
    r = run_two_phase(aclnnMulsGetWorkspaceSize,
                      aclnnMuls,
                      stream(),
                      static_cast<const aclTensor*>(e.get()),
                      static_cast<const aclScalar*>(one.s),
                      e.get());
    EXPECT_TRUE(r.ok()) << r;
}

TEST_P(AddMulTest, BadInputCodesAndMessages) {
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    auto f = DeviceTensor::filled({2, 3}, ACL_FLOAT, 1);
    auto i32 = DeviceTensor::filled({2, 3}, ACL_INT32, 1);
    auto b = DeviceTensor::filled({2, 3}, ACL_BOOL, 1);
    auto c64 = DeviceTensor::shape_only({2, 3}, ACL_COMPLEX64);
    auto bad_shape = DeviceTensor::filled({4}, ACL_FLOAT, 1);
    auto out_wrong = DeviceTensor::filled({3, 2}, ACL_FLOAT, 1);
    auto rank9 = DeviceTensor::shape_only({1, 1, 1, 1, 1, 1, 1, 1, 1}, ACL_FLOAT);
    Scalar one(1, ACL_INT32);
    Scalar fone(1.5, ACL_FLOAT);
    struct Case {
        const char* what;
        aclnnStatus got;
        aclnnStatus code;
        const char* message;
    };
    take_recent_error();
    const auto expect = [](aclnnStatus got, aclnnStatus code, const char* message) {
        EXPECT_EQ(got, code) << message;
        EXPECT_THAT(take_recent_error(), HasSubstr(message));
    };
    expect(aclnnAddGetWorkspaceSize(nullptr, f.get(), one.s, f.get(), &ws, &ex),
           ACLNN_ERR_PARAM_NULLPTR,
           "[aclnnAdd] self:");
    expect(aclnnAddGetWorkspaceSize(f.get(), nullptr, one.s, f.get(), &ws, &ex),
           ACLNN_ERR_PARAM_NULLPTR,
           "[aclnnAdd] other:");
    expect(aclnnAddGetWorkspaceSize(f.get(), f.get(), nullptr, f.get(), &ws, &ex),
           ACLNN_ERR_PARAM_NULLPTR,
           "[aclnnAdd] alpha:");
    expect(aclnnAddGetWorkspaceSize(f.get(), f.get(), one.s, nullptr, &ws, &ex),
           ACLNN_ERR_PARAM_NULLPTR,
           "[aclnnAdd] out:");
    expect(aclnnAddGetWorkspaceSize(f.get(), f.get(), one.s, f.get(), nullptr, &ex),
           ACLNN_ERR_PARAM_NULLPTR,
           "[aclnnAdd] workspaceSize:");
    expect(aclnnAddGetWorkspaceSize(c64.get(), f.get(), one.s, f.get(), &ws, &ex),
           ACLNN_ERR_PARAM_INVALID,
           "[aclnnAdd] self: dtype");
    expect(aclnnAddGetWorkspaceSize(f.get(), c64.get(), one.s, f.get(), &ws, &ex),
           ACLNN_ERR_PARAM_INVALID,
           "[aclnnAdd] other: dtype");
    // A FLOAT alpha cannot be cast to INT32; BOOL needs an integral alpha.
    expect(aclnnAddGetWorkspaceSize(i32.get(), i32.get(), fone.s, i32.get(), &ws, &ex),
           ACLNN_ERR_PARAM_INVALID,
           "[aclnnAdd] alpha: dtype FLOAT cannot be cast");
    expect(aclnnAddGetWorkspaceSize(b.get(), b.get(), fone.s, b.get(), &ws, &ex),
           ACLNN_ERR_PARAM_INVALID,
           "[aclnnAdd] alpha:");
    // FLOAT cannot be written as INT32, INT32 not as BOOL.
    expect(aclnnAddGetWorkspaceSize(f.get(), i32.get(), one.s, i32.get(), &ws, &ex),
           ACLNN_ERR_PARAM_INVALID,
           "[aclnnAdd] out: the promoted dtype FLOAT cannot be cast");
    expect(aclnnMulGetWorkspaceSize(i32.get(), i32.get(), b.get(), &ws, &ex),
           ACLNN_ERR_PARAM_INVALID,
           "[aclnnMul] out:");
    expect(aclnnAddGetWorkspaceSize(f.get(), bad_shape.get(), one.s, f.get(), &ws, &ex),
           ACLNN_ERR_PARAM_INVALID,
           "[aclnnAdd] other: shape [4] cannot broadcast");
    expect(aclnnMulGetWorkspaceSize(f.get(), f.get(), out_wrong.get(), &ws, &ex),
           ACLNN_ERR_PARAM_INVALID,
           "[aclnnMul] out: shape should be [2,3]");
    expect(aclnnAddGetWorkspaceSize(rank9.get(), rank9.get(), one.s, rank9.get(), &ws, &ex),
           ACLNN_ERR_PARAM_INVALID,
           "[aclnnAdd] self:");
    expect(aclnnMulsGetWorkspaceSize(f.get(), one.s, out_wrong.get(), &ws, &ex),
           ACLNN_ERR_PARAM_INVALID,
           "[aclnnMuls] out:");
    expect(aclnnMulsGetWorkspaceSize(f.get(), nullptr, f.get(), &ws, &ex),
           ACLNN_ERR_PARAM_NULLPTR,
           "[aclnnMuls] other:");
    expect(aclnnInplaceAddGetWorkspaceSize(nullptr, f.get(), one.s, &ws, &ex),
           ACLNN_ERR_PARAM_NULLPTR,
           "[aclnnInplaceAdd] selfRef:");
    expect(aclnnInplaceMulsGetWorkspaceSize(c64.get(), one.s, &ws, &ex),
           ACLNN_ERR_PARAM_INVALID,
           "[aclnnInplaceMuls] selfRef: dtype");
    // An output that writes one element twice (a broadcast view as out).
    auto overlap = DeviceTensor::strided({2, 3}, {0, 1}, 0, {3}, ACL_FLOAT);
    expect(aclnnAddGetWorkspaceSize(f.get(), f.get(), one.s, overlap.get(), &ws, &ex),
           ACLNN_ERR_PARAM_INVALID,
           "[aclnnAdd] out:");
}

ACLEMU_INSTANTIATE_BACKENDS(AddMulTest);

}  // namespace
}  // namespace aclemu::test
