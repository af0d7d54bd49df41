// aclrtRandomNumAsync on every backend: each output against an independent reference (the
// tests' own Philox4x32-10 and the transforms of docs/backends.md in double), distribution
// statistics, the truncation bounds, the dropout keep ratio, parameters given by device
// address, the counter's meaning, the task struct's layout, every error path, and the same
// bits on the CPU backend and the GPU simulator.
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"
#include "support/c_enum_calls.h"
#include "support/device_tensor.h"
#include "support/philox_reference.h"
#include "support/random_param.h"
#include "support/reference_dtype.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

constexpr uint64_t kSeed = 0x0123456789ABCDEFull;
constexpr uint64_t kCounterLo = 5;
constexpr uint64_t kCounterHi = 7;

// A task over `out`, with the counter in `counter` (16 bytes) and two parameters.
aclrtRandomNumTaskInfo make_task(aclrtRandomNumFuncType func,
                                 aclDataType type,
                                 void* out,
                                 void* counter,
                                 uint64_t count,
                                 aclrtRandomParaInfo a,
                                 aclrtRandomParaInfo b) {
    aclrtRandomNumTaskInfo task;
    std::memset(&task, 0, sizeof task);
    task.dataType = type;
    task.randomNumFuncParaInfo.funcType = func;
    if (func == ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS) {
        task.randomNumFuncParaInfo.paramInfo.uniformDisInfo.min = a;
        task.randomNumFuncParaInfo.paramInfo.uniformDisInfo.max = b;
    } else if (func == ACL_RT_RANDOM_NUM_FUNC_TYPE_DROPOUT_BITMASK) {
        task.randomNumFuncParaInfo.paramInfo.dropoutBitmaskInfo.dropoutRation = a;
    } else {
        task.randomNumFuncParaInfo.paramInfo.normalDisInfo.mean = a;
        task.randomNumFuncParaInfo.paramInfo.normalDisInfo.stddev = b;
    }
    task.randomResultAddr = out;
    task.randomCounterAddr = counter;
    task.randomSeed = value_of<uint64_t>(kSeed);
    task.randomNum = value_of<uint64_t>(count);
    return task;
}

// The reference word of element i for 32-bit draws.
uint32_t word32(uint64_t i, uint64_t lo = kCounterLo, uint64_t hi = kCounterHi) {
    return reference_random_word(kSeed, lo, hi, i / 4, static_cast<int>(i % 4));
}

double unit(uint32_t w) {
    return static_cast<double>(w >> 8) / 16777216.0;
}

// sqrt(2) erfinv(s), s = (k + 1/2) 2^-23, k = (w >> 8) - 2^23 (scaled by erf(sqrt 2) when
// truncated): the inverse-CDF normal of docs/backends.md, in double.
double reference_normal(uint32_t w, bool truncated) {
    double s = (static_cast<double>(static_cast<int64_t>(w >> 8) - 8388608) + 0.5) / 8388608.0;
    if (truncated) {
        s *= std::erf(std::sqrt(2.0));
    }
    return std::sqrt(2.0) * reference_erfinv(s);
}

double as_double(const std::vector<uint8_t>& bytes, size_t i, aclDataType type) {
    switch (type) {
        case ACL_FLOAT16: {
            uint16_t h;
            std::memcpy(&h, bytes.data() + 2 * i, 2);
            return half_value(h);
        }
        case ACL_BF16: {
            uint16_t b;
            std::memcpy(&b, bytes.data() + 2 * i, 2);
            return bf16_value(b);
        }
        default:
            break;
    }
    float f;
    std::memcpy(&f, bytes.data() + 4 * i, 4);
    return f;
}

// Relative spacing of the type's values (half an ulp is the rounding error).
double type_epsilon(aclDataType type) {
    return type == ACL_FLOAT16 ? std::ldexp(1.0, -10)
           : type == ACL_BF16  ? std::ldexp(1.0, -7)
                               : std::ldexp(1.0, -23);
}

class RandomNum : public BackendTest {
protected:
    void SetUp() override {
        BackendTest::SetUp();
        if (HasFatalFailure() || IsSkipped()) {
            return;
        }
        counter_ = DeviceBuffer(16);
        set_counter(kCounterLo, kCounterHi);
    }

    void set_counter(uint64_t lo, uint64_t hi) {
        const uint64_t words[2] = {lo, hi};
        ASSERT_TRUE(counter_.upload(words, sizeof words));
    }

    // Runs `task` and returns `bytes` of its output.
    std::vector<uint8_t> run(const aclrtRandomNumTaskInfo& task, DeviceBuffer& out, size_t bytes) {
        EXPECT_EQ(aclrtRandomNumAsync(&task, stream(), nullptr), ACL_SUCCESS)
            << take_recent_error();
        EXPECT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS) << take_recent_error();
        std::vector<uint8_t> host(bytes);
        EXPECT_TRUE(out.download(host.data(), bytes));
        return host;
    }

    DeviceBuffer counter_;
};

TEST_P(RandomNum, UniformFloatMatchesReference) {
    constexpr uint64_t n = 4099;  // not a multiple of 4: a partial last block
    const double lo = -2.0, hi = 3.0;
    for (aclDataType type : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        DeviceBuffer out(n * 4);
        aclrtRandomParaInfo a, b;
        if (type == ACL_FLOAT) {
            a = value_of<float>(static_cast<float>(lo));
            b = value_of<float>(static_cast<float>(hi));
        } else {
            a = value_of<uint16_t>(type == ACL_FLOAT16 ? half_bits(lo) : bf16_bits(lo));
            b = value_of<uint16_t>(type == ACL_FLOAT16 ? half_bits(hi) : bf16_bits(hi));
        }
        const auto bytes = run(
            make_task(
                ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS, type, out.get(), counter_.get(), n, a, b),
            out,
            n * dtype_bytes(type));
        double max_error = 0.0;
        for (uint64_t i = 0; i < n; ++i) {
            const double expected = lo + unit(word32(i)) * (hi - lo);
            const double got = as_double(bytes, i, type);
            ASSERT_GE(got, lo) << i;
            ASSERT_LE(got, hi) << i;
            max_error = std::max(max_error, std::fabs(got - expected));
        }
        // fp32 arithmetic (three roundings) plus one rounding to the output type.
        EXPECT_LE(max_error, 4.0 * std::ldexp(1.0, -24) * 5.0 + 0.5 * type_epsilon(type) * 3.0)
            << "dtype " << type;
    }
}

template <typename T>
std::vector<T> as_vector(const std::vector<uint8_t>& bytes) {
    std::vector<T> values(bytes.size() / sizeof(T));
    std::memcpy(values.data(), bytes.data(), values.size() * sizeof(T));
    return values;
}

TEST_P(RandomNum, UniformIntegersAreExact) {
    constexpr uint64_t n = 1027;
    {
        DeviceBuffer out(n * 4);
        const int32_t lo = -50, hi = 1000;
        const auto got = as_vector<int32_t>(run(make_task(ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS,
                                                          ACL_INT32,
                                                          out.get(),
                                                          counter_.get(),
                                                          n,
                                                          value_of(lo),
                                                          value_of(hi)),
                                                out,
                                                n * 4));
        for (uint64_t i = 0; i < n; ++i) {
            ASSERT_EQ(got[i], lo + static_cast<int32_t>(word32(i) % uint32_t(hi - lo))) << i;
        }
    }
    {
        DeviceBuffer out(n * 4);
        const uint32_t lo = 3000000000u, hi = 4000000000u;
        const auto got = as_vector<uint32_t>(run(make_task(ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS,
                                                           ACL_UINT32,
                                                           out.get(),
                                                           counter_.get(),
                                                           n,
                                                           value_of(lo),
                                                           value_of(hi)),
                                                 out,
                                                 n * 4));
        for (uint64_t i = 0; i < n; ++i) {
            ASSERT_EQ(got[i], lo + word32(i) % (hi - lo)) << i;
        }
    }
    for (aclDataType type : {ACL_INT64, ACL_UINT64}) {
        DeviceBuffer out(n * 8);
        const int64_t lo = -(int64_t{1} << 40), hi = (int64_t{1} << 41) + 17;
        const uint64_t ulo = 1, uhi = ~uint64_t{0};
        const bool is_signed = type == ACL_INT64;
        const auto got =
            as_vector<uint64_t>(run(make_task(ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS,
                                              type,
                                              out.get(),
                                              counter_.get(),
                                              n,
                                              is_signed ? value_of(lo) : value_of(ulo),
                                              is_signed ? value_of(hi) : value_of(uhi)),
                                    out,
                                    n * 8));
        for (uint64_t i = 0; i < n; ++i) {
            const uint64_t block = i / 2;
            const int w = static_cast<int>(i % 2) * 2;
            const uint64_t r =
                reference_random_word(kSeed, kCounterLo, kCounterHi, block, w)
                | (uint64_t{reference_random_word(kSeed, kCounterLo, kCounterHi, block, w + 1)}
                   << 32);
            const uint64_t expected =
                is_signed ? static_cast<uint64_t>(lo) + r % static_cast<uint64_t>(hi - lo)
                          : ulo + r % (uhi - ulo);
            ASSERT_EQ(got[i], expected) << "dtype " << type << " element " << i;
        }
    }
}

// Normal and truncated normal against the inverse-CDF reference; their sample moments.
void check_normal(RandomNum* test,
                  const std::vector<uint8_t>& bytes,
                  aclDataType type,
                  uint64_t n,
                  double mean,
                  double stddev,
                  bool truncated) {
    double max_error = 0.0, sum = 0.0, sum_sq = 0.0;
    uint64_t within_one = 0;
    for (uint64_t i = 0; i < n; ++i) {
        const double z = reference_normal(word32(i), truncated);
        const double got = as_double(bytes, i, type);
        max_error = std::max(max_error, std::fabs(got - (mean + stddev * z)) / stddev);
        if (truncated) {
            ASSERT_LE(std::fabs(got - mean), 2.0 * stddev * (1.0 + type_epsilon(type))) << i;
        }
        const double d = (got - mean) / stddev;
        sum += d;
        sum_sq += d * d;
        within_one += std::fabs(d) <= 1.0 ? 1 : 0;
    }
    // Giles' single-precision erfinv and fp32 arithmetic, then the output rounding (relative to
    // |mean| + 5.4 stddev at worst).
    const double rounding = type_epsilon(type) * (std::fabs(mean) / stddev + 5.5);
    EXPECT_LE(max_error, 2e-6 + rounding) << "dtype " << type;
    (void)test;
    const double m = sum / n;
    const double var = sum_sq / n - m * m;
    // Truncated at +-2: variance 1 - 2 * 2 phi(2) / erf(sqrt 2), P(|Z| <= 1) = erf(1/sqrt 2) /
    // erf(sqrt 2).
    const double phi2 = std::exp(-2.0) / std::sqrt(2.0 * M_PI);
    const double expected_var = truncated ? 1.0 - 4.0 * phi2 / std::erf(std::sqrt(2.0)) : 1.0;
    const double expected_within =
        std::erf(1.0 / std::sqrt(2.0)) / (truncated ? std::erf(std::sqrt(2.0)) : 1.0);
    const double tolerance = 6.0 / std::sqrt(static_cast<double>(n));  // about 6 sigma
    EXPECT_NEAR(m, 0.0, tolerance) << "dtype " << type;
    EXPECT_NEAR(var, expected_var, 2.0 * tolerance) << "dtype " << type;
    EXPECT_NEAR(static_cast<double>(within_one) / n, expected_within, tolerance)
        << "dtype " << type;
}

TEST_P(RandomNum, NormalAndTruncatedNormalMatchReference) {
    constexpr uint64_t n = 1 << 17;
    for (bool truncated : {false, true}) {
        for (aclDataType type : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
            const double mean = 3.0, stddev = 2.0;
            DeviceBuffer out(n * 4);
            aclrtRandomParaInfo a, b;
            if (type == ACL_FLOAT) {
                a = value_of<float>(3.0f);
                b = value_of<float>(2.0f);
            } else {
                a = value_of<uint16_t>(type == ACL_FLOAT16 ? half_bits(mean) : bf16_bits(mean));
                b = value_of<uint16_t>(type == ACL_FLOAT16 ? half_bits(stddev) : bf16_bits(stddev));
            }
            const auto func = truncated ? ACL_RT_RANDOM_NUM_FUNC_TYPE_TRUNCATED_NORMAL_DIS
                                        : ACL_RT_RANDOM_NUM_FUNC_TYPE_NORMAL_DIS;
            const auto bytes = run(make_task(func, type, out.get(), counter_.get(), n, a, b),
                                   out,
                                   n * dtype_bytes(type));
            check_normal(this, bytes, type, n, mean, stddev, truncated);
        }
    }
}

TEST_P(RandomNum, DropoutBitmaskKeepsOneMinusRatio) {
    constexpr uint64_t n = (1 << 16) + 5;  // a partial last byte
    const uint64_t bytes_out = (n + 7) / 8;
    for (float ratio : {0.0f, 0.4f, 1.0f}) {
        DeviceBuffer out(bytes_out);
        std::vector<uint8_t> junk(bytes_out, 0xA5);
        ASSERT_TRUE(out.upload(junk.data(), junk.size()));
        const auto mask = run(make_task(ACL_RT_RANDOM_NUM_FUNC_TYPE_DROPOUT_BITMASK,
                                        ACL_FLOAT,
                                        out.get(),
                                        counter_.get(),
                                        n,
                                        value_of(ratio),
                                        value_of<float>(0.0f)),
                              out,
                              bytes_out);
        uint64_t kept = 0;
        for (uint64_t i = 0; i < n; ++i) {
            const int bit = (mask[i / 8] >> (i % 8)) & 1;
            ASSERT_EQ(bit, unit(word32(i)) >= ratio ? 1 : 0) << "ratio " << ratio << " bit " << i;
            kept += bit;
        }
        EXPECT_EQ(mask.back() >> (n % 8), 0) << "bits past the count are 0";
        const double expected = 1.0 - ratio;
        EXPECT_NEAR(static_cast<double>(kept) / n, expected, 6.0 * std::sqrt(0.25 / n))
            << "ratio " << ratio;
    }
    // The ratio in FLOAT16: 0.25 keeps three quarters.
    DeviceBuffer out(bytes_out);
    const auto mask = run(make_task(ACL_RT_RANDOM_NUM_FUNC_TYPE_DROPOUT_BITMASK,
                                    ACL_FLOAT16,
                                    out.get(),
                                    counter_.get(),
                                    n,
                                    value_of(half_bits(0.25)),
                                    value_of<uint16_t>(0)),
                          out,
                          bytes_out);
    for (uint64_t i = 0; i < n; ++i) {
        ASSERT_EQ((mask[i / 8] >> (i % 8)) & 1, unit(word32(i)) >= 0.25 ? 1 : 0) << i;
    }
}

TEST_P(RandomNum, ParametersByDeviceAddressGiveTheSameNumbers) {
    constexpr uint64_t n = 999;
    const float lo = -1.5f, hi = 8.25f;
    DeviceBuffer by_value_out(n * 4), by_address_out(n * 4);
    const auto by_value = run(make_task(ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS,
                                        ACL_FLOAT,
                                        by_value_out.get(),
                                        counter_.get(),
                                        n,
                                        value_of(lo),
                                        value_of(hi)),
                              by_value_out,
                              n * 4);
    DeviceBuffer params(32);
    const uint64_t seed = kSeed, count = n;
    ASSERT_TRUE(params.upload(&seed, 8));
    uint8_t host[32] = {};
    std::memcpy(host, &seed, 8);
    std::memcpy(host + 8, &count, 8);
    std::memcpy(host + 16, &lo, 4);
    std::memcpy(host + 20, &hi, 4);
    ASSERT_TRUE(params.upload(host, sizeof host));
    auto* base = static_cast<uint8_t*>(params.get());
    aclrtRandomNumTaskInfo task = make_task(ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS,
                                            ACL_FLOAT,
                                            by_address_out.get(),
                                            counter_.get(),
                                            n,
                                            address_param(base + 16),
                                            address_param(base + 20));
    task.randomSeed = address_param(base);
    task.randomNum = address_param(base + 8);
    const auto by_address = run(task, by_address_out, n * 4);
    EXPECT_EQ(by_value, by_address);
}

TEST_P(RandomNum, CounterSelectsTheBlocks) {
    constexpr uint64_t n = 64;
    DeviceBuffer out(n * 4);
    // Raw words: uniform UINT32 over [0, 2^32 - 1) is w mod (2^32 - 1).
    auto draw = [&] {
        return as_vector<uint32_t>(run(make_task(ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS,
                                                 ACL_UINT32,
                                                 out.get(),
                                                 counter_.get(),
                                                 n,
                                                 value_of<uint32_t>(0),
                                                 value_of<uint32_t>(0xFFFFFFFFu)),
                                       out,
                                       n * 4));
    };
    const auto a = draw();
    // One block further: element i of the second draw is element i + 4 of the first.
    set_counter(kCounterLo + 1, kCounterHi);
    const auto b = draw();
    for (uint64_t i = 0; i + 4 < n; ++i) {
        ASSERT_EQ(b[i], a[i + 4]) << i;
    }
    // The low half carries into the high half.
    set_counter(~uint64_t{0}, kCounterHi);
    const auto c = draw();
    for (uint64_t i = 0; i < n; ++i) {
        const uint32_t w = reference_random_word(kSeed, ~uint64_t{0}, kCounterHi, i / 4, i % 4);
        ASSERT_EQ(c[i], w % 0xFFFFFFFFu) << i;
    }
}

TEST_P(RandomNum, CountZeroWritesNothing) {
    DeviceBuffer out(16);
    const std::vector<uint8_t> before(16, 0x5A);
    ASSERT_TRUE(out.upload(before.data(), before.size()));
    const auto after = run(make_task(ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS,
                                     ACL_FLOAT,
                                     out.get(),
                                     counter_.get(),
                                     0,
                                     value_of(0.0f),
                                     value_of(1.0f)),
                           out,
                           16);
    EXPECT_EQ(after, before);
}

TEST_P(RandomNum, ErrorPaths) {
    DeviceBuffer out(64);
    const auto good = make_task(ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS,
                                ACL_FLOAT,
                                out.get(),
                                counter_.get(),
                                16,
                                value_of(0.0f),
                                value_of(1.0f));
    auto expect_invalid = [&](aclrtRandomNumTaskInfo task, const char* field) {
        take_recent_error();
        EXPECT_EQ(aclrtRandomNumAsync(&task, stream(), nullptr), ACL_ERROR_INVALID_PARAM) << field;
        EXPECT_THAT(take_recent_error(), HasSubstr(field));
    };
    take_recent_error();
    EXPECT_EQ(aclrtRandomNumAsync(nullptr, stream(), nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("[taskInfo]"));
    int reserve = 0;
    EXPECT_EQ(aclrtRandomNumAsync(&good, stream(), &reserve), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("[reserve]"));

    auto task = good;
    c_set_enum_field(&task.randomNumFuncParaInfo.funcType, 7);  // as a C caller may
    expect_invalid(task, "funcType");
    task = good;
    task.dataType = ACL_INT8;
    expect_invalid(task, "[taskInfo->dataType]");
    task = good;
    task.randomNumFuncParaInfo.funcType = ACL_RT_RANDOM_NUM_FUNC_TYPE_NORMAL_DIS;
    task.dataType = ACL_INT32;
    expect_invalid(task, "normal distributions are");
    task = good;
    task.randomCounterAddr = nullptr;
    expect_invalid(task, "[taskInfo->randomCounterAddr]");
    uint8_t host_counter[16] = {};
    task.randomCounterAddr = host_counter;
    expect_invalid(task, "[taskInfo->randomCounterAddr]");
    task = good;
    task.randomResultAddr = nullptr;
    expect_invalid(task, "[taskInfo->randomResultAddr]");
    task = good;
    task.randomNum = value_of<uint64_t>(17);  // 68 bytes > 64
    expect_invalid(task, "[taskInfo->randomResultAddr]");
    task = good;
    task.randomNumFuncParaInfo.paramInfo.uniformDisInfo.min = value_of<double>(0.0);
    expect_invalid(task, "uniformDisInfo.min.size");
    task = good;
    task.randomSeed.isAddr = 2;
    expect_invalid(task, "randomSeed.isAddr");
    task = good;
    task.randomNum = address_param(host_counter);
    expect_invalid(task, "randomNum.valueOrAddr");
    task = make_task(ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS,
                     ACL_INT32,
                     out.get(),
                     counter_.get(),
                     4,
                     value_of<int32_t>(5),
                     value_of<int32_t>(5));
    expect_invalid(task, "max > min");
    task = make_task(ACL_RT_RANDOM_NUM_FUNC_TYPE_DROPOUT_BITMASK,
                     ACL_FLOAT,
                     out.get(),
                     counter_.get(),
                     8,
                     value_of(1.5f),
                     value_of(0.0f));
    expect_invalid(task, "dropout ratio must be in [0, 1]");
}

ACLEMU_INSTANTIATE_BACKENDS(RandomNum);

TEST(RandomNumLayout, StructsHaveCannLayout) {
    EXPECT_EQ(sizeof(aclrtRandomParaInfo), 16u);
    EXPECT_EQ(offsetof(aclrtRandomParaInfo, valueOrAddr), 1u);
    EXPECT_EQ(offsetof(aclrtRandomParaInfo, size), 9u);
    EXPECT_EQ(sizeof(aclrtRandomNumFuncParaInfo), 36u);
    EXPECT_EQ(offsetof(aclrtRandomNumFuncParaInfo, paramInfo), 4u);
    EXPECT_EQ(offsetof(aclrtRandomNumTaskInfo, randomNumFuncParaInfo), 4u);
    EXPECT_EQ(offsetof(aclrtRandomNumTaskInfo, randomParaAddr), 40u);
    EXPECT_EQ(offsetof(aclrtRandomNumTaskInfo, randomResultAddr), 48u);
    EXPECT_EQ(offsetof(aclrtRandomNumTaskInfo, randomCounterAddr), 56u);
    EXPECT_EQ(offsetof(aclrtRandomNumTaskInfo, randomSeed), 64u);
    EXPECT_EQ(offsetof(aclrtRandomNumTaskInfo, randomNum), 80u);
    EXPECT_EQ(offsetof(aclrtRandomNumTaskInfo, rsv), 96u);
    EXPECT_EQ(sizeof(aclrtRandomNumTaskInfo), 104u);
    EXPECT_EQ(ACL_RT_RANDOM_NUM_FUNC_TYPE_DROPOUT_BITMASK, 0);
    EXPECT_EQ(ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS, 1);
    EXPECT_EQ(ACL_RT_RANDOM_NUM_FUNC_TYPE_NORMAL_DIS, 2);
    EXPECT_EQ(ACL_RT_RANDOM_NUM_FUNC_TYPE_TRUNCATED_NORMAL_DIS, 3);
}

// Every distribution and type on the CPU backend, then on the GPU simulator: the same bytes.
std::vector<std::vector<uint8_t>> draw_everything(const char* backend) {
    RuntimeSession session(backend);
    std::vector<std::vector<uint8_t>> results;
    EXPECT_EQ(session.init_result, ACL_SUCCESS) << take_recent_error();
    if (aclrtSetDevice(0) != ACL_SUCCESS) {
        ADD_FAILURE() << backend << ": " << take_recent_error();
        return results;
    }
    {
        constexpr uint64_t n = 2053;
        DeviceBuffer counter(16), out(n * 8);
        const uint64_t words[2] = {kCounterLo, kCounterHi};
        EXPECT_TRUE(counter.upload(words, sizeof words));
        struct Case {
            aclrtRandomNumFuncType func;
            aclDataType type;
            aclrtRandomParaInfo a, b;
        };
        const Case cases[] = {
            {ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS, ACL_FLOAT, value_of(-1.0f), value_of(7.0f)},
            {ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS,
             ACL_FLOAT16,
             value_of(half_bits(1.0)),
             value_of(half_bits(2.0))},
            {ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS,
             ACL_BF16,
             value_of(bf16_bits(-4.0)),
             value_of(bf16_bits(4.0))},
            {ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS,
             ACL_INT32,
             value_of<int32_t>(1),
             value_of<int32_t>(100)},
            {ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS,
             ACL_UINT64,
             value_of<uint64_t>(0),
             value_of<uint64_t>(12345678901234ull)},
            {ACL_RT_RANDOM_NUM_FUNC_TYPE_NORMAL_DIS, ACL_FLOAT, value_of(3.0f), value_of(2.0f)},
            {ACL_RT_RANDOM_NUM_FUNC_TYPE_NORMAL_DIS,
             ACL_BF16,
             value_of(bf16_bits(1.0)),
             value_of(bf16_bits(2.0))},
            {ACL_RT_RANDOM_NUM_FUNC_TYPE_TRUNCATED_NORMAL_DIS,
             ACL_FLOAT16,
             value_of(half_bits(0.0)),
             value_of(half_bits(1.0))},
            {ACL_RT_RANDOM_NUM_FUNC_TYPE_DROPOUT_BITMASK,
             ACL_FLOAT,
             value_of(0.4f),
             value_of(0.0f)},
        };
        for (const Case& c : cases) {
            EXPECT_EQ(aclrtMemset(out.get(), n * 8, 0, n * 8), ACL_SUCCESS);
            const auto task = make_task(c.func, c.type, out.get(), counter.get(), n, c.a, c.b);
            EXPECT_EQ(aclrtRandomNumAsync(&task, nullptr, nullptr), ACL_SUCCESS)
                << backend << ": " << take_recent_error();
            EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
            std::vector<uint8_t> host(n * 8);
            EXPECT_TRUE(out.download(host.data(), host.size()));
            results.push_back(host);
        }
    }
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    return results;
}

TEST(RandomNumGpuSim, SameBitsAsTheCpuBackend) {
    const auto cpu = draw_everything("cpu");
    const auto gpusim = draw_everything("gpusim");
    ASSERT_EQ(cpu.size(), gpusim.size());
    for (size_t i = 0; i < cpu.size(); ++i) {
        EXPECT_EQ(cpu[i], gpusim[i]) << "case " << i;
    }
}

}  // namespace
}  // namespace aclemu::test
