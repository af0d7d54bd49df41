// aclnnUpsampleNearestExact1dBackward through the public two-phase API, on every backend that
// answers: the seed sample and op_semantics §4.6 examples, a dtype x layout matrix against a
// double reference, fp16 accumulation, scales given vs derived, downsampling, the 50x shrink
// boundary, one test per validation row, the scatter alternative and executor reuse.
#include "aclnnop/aclnn_upsample_nearest_exact1d_backward.h"

#include "support/backend_fixture.h"
#include "support/compare.h"
#include "support/device_tensor.h"
#include "support/error_message.h"
#include "support/reference_dtype.h"
#include "support/two_phase.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace {

using aclemu::test::all_close;
using aclemu::test::DeviceTensor;
using aclemu::test::round_to_dtype;
using aclemu::test::take_recent_error;

constexpr const char* kApi = "[aclnnUpsampleNearestExact1dBackward] ";

class UpsampleNearestExact1dBackwardTest : public aclemu::test::BackendTest {};

// An aclIntArray owned by the test.
class IntArray {
public:
    explicit IntArray(std::vector<int64_t> v)
        : array_(aclCreateIntArray(v.data(), static_cast<uint64_t>(v.size()))) {}
    ~IntArray() { aclDestroyIntArray(array_); }
    IntArray(const IntArray&) = delete;
    IntArray& operator=(const IntArray&) = delete;
    const aclIntArray* get() const { return array_; }

private:
    aclIntArray* array_;
};

// Reference bin start: each fp32 step forced through memory, so nothing is fused.
int64_t ref_lo(int64_t i, float s, int64_t l_out) {
    volatile float fi = static_cast<float>(i);
    volatile float p = fi * s;
    volatile float q = p - 0.5f;
    const double c = std::ceil(static_cast<double>(q));
    return c >= static_cast<double>(l_out) ? l_out : static_cast<int64_t>(c < 0 ? 0 : c);
}

float ref_scale(double scales, int64_t l_in, int64_t l_out) {
    return scales > 0 ? static_cast<float>(scales)
                      : static_cast<float>(l_out) / static_cast<float>(l_in);
}

// out[n][c][i] in row-major order, from grad_output values in row-major [N, C, L_out].
std::vector<double> reference(const std::vector<double>& g,
                              int64_t n,
                              int64_t c,
                              int64_t l_in,
                              int64_t l_out,
                              double scales) {
    const float s = ref_scale(scales, l_in, l_out);
    std::vector<double> out(static_cast<size_t>(n * c * l_in), 0.0);
    for (int64_t row = 0; row < n * c; ++row) {
        for (int64_t i = 0; i < l_in; ++i) {
            for (int64_t j = ref_lo(i, s, l_out); j < ref_lo(i + 1, s, l_out); ++j) {
                out[row * l_in + i] += g[row * l_out + j];
            }
        }
    }
    return out;
}

struct OpRun {
    aclemu::test::TwoPhaseResult result;
    std::vector<double> out;
};

OpRun run_op(
    aclrtStream stream, const DeviceTensor& grad, int64_t l_in, double scales, DeviceTensor& out) {
    IntArray output_size({grad.dims()[2]});
    IntArray input_size({grad.dims()[0], grad.dims()[1], l_in});
    OpRun r;
    r.result = aclemu::test::run_two_phase(aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize,
                                           aclnnUpsampleNearestExact1dBackward,
                                           stream,
                                           grad.get(),
                                           output_size.get(),
                                           input_size.get(),
                                           scales,
                                           out.get());
    if (r.result.ok()) {
        r.out = out.read();
    }
    return r;
}

// One row, fp32.
std::vector<double> run_row(aclrtStream stream,
                            const std::vector<double>& g,
                            int64_t l_in,
                            double scales) {
    const int64_t l_out = static_cast<int64_t>(g.size());
    auto grad = DeviceTensor::contiguous({1, 1, l_out}, ACL_FLOAT, g, ACL_FORMAT_NCL);
    auto out = DeviceTensor::filled({1, 1, l_in}, ACL_FLOAT, -99, ACL_FORMAT_NCL);
    OpRun r = run_op(stream, grad, l_in, scales, out);
    EXPECT_TRUE(r.result.ok()) << r.result << " " << take_recent_error();
    return r.out;
}

TEST_P(UpsampleNearestExact1dBackwardTest, SeedSample) {
    // gradOutput [1,1,2] = [1, 2], outputSize {2}, inputSize {1,1,4}, scales 0.5, NCL.
    EXPECT_EQ(run_row(stream(), {1, 2}, 4, 0.5), (std::vector<double>{0, 1, 0, 2}));
}

TEST_P(UpsampleNearestExact1dBackwardTest, WorkedExamples) {
    EXPECT_EQ(run_row(stream(), {1, 2, 3, 4, 5}, 3, 0), (std::vector<double>{3, 3, 9}));
    EXPECT_EQ(run_row(stream(), {1, 2, 3, 4, 5, 6}, 3, 2.0), (std::vector<double>{3, 7, 11}));
    EXPECT_EQ(run_row(stream(), {1, 2, 3}, 5, 0), (std::vector<double>{1, 0, 2, 0, 3}));
    EXPECT_EQ(run_row(stream(), {10, 20, 30, 40, 50, 60, 70}, 3, 0),
              (std::vector<double>{30, 120, 130}));
    EXPECT_EQ(run_row(stream(), {1, 2, 3, 4, 5, 6, 7, 8}, 4, 1.5),
              (std::vector<double>{1, 5, 4, 11}));
}

TEST_P(UpsampleNearestExact1dBackwardTest, ScalesGivenVersusDerived) {
    const std::vector<double> g = {1, 2, 3, 4, 5, 6, 7, 8};
    const std::vector<double> pairs = {3, 7, 11, 15};
    EXPECT_EQ(run_row(stream(), g, 4, 0), pairs);    // S = 8 / 4
    EXPECT_EQ(run_row(stream(), g, 4, 2.0), pairs);  // the same S, given
    EXPECT_EQ(run_row(stream(), g, 4, std::numeric_limits<double>::quiet_NaN()), pairs);  // = 0
    EXPECT_EQ(run_row(stream(), g, 4, 3.0), (std::vector<double>{6, 15, 15, 0}));
    EXPECT_EQ(run_row(stream(), g, 4, 1.5), (std::vector<double>{1, 5, 4, 11}));
}

TEST_P(UpsampleNearestExact1dBackwardTest, DownsamplingLeavesEmptyBinsZero) {
    const std::vector<double> g = {1, 2, 3, 4};
    const std::vector<double> out = run_row(stream(), g, 10, 0);
    EXPECT_EQ(out, reference(g, 1, 1, 10, 4, 0));
    int empty = 0;
    for (double v : out) {
        empty += v == 0.0;
    }
    EXPECT_EQ(empty, 6);
}

// Seven fp16(0.1) into one bin: fp32 sum, one rounding -> 0.69970703, not 0.70019531.
TEST_P(UpsampleNearestExact1dBackwardTest, Fp16AccumulatesInFloat) {
    auto grad = DeviceTensor::filled({1, 1, 7}, ACL_FLOAT16, 0.1);
    auto out = DeviceTensor::filled({1, 1, 1}, ACL_FLOAT16, 0);
    OpRun r = run_op(stream(), grad, 1, 0, out);
    ASSERT_TRUE(r.result.ok()) << r.result << " " << take_recent_error();
    EXPECT_DOUBLE_EQ(r.out[0], 0.69970703125);
}

// Random values through contiguous, permuted and padded views of both tensors.
void check_matrix_case(aclrtStream stream,
                       aclDataType dtype,
                       int64_t n,
                       int64_t c,
                       int64_t l_in,
                       int64_t l_out,
                       double scales,
                       bool strided,
                       uint32_t seed) {
    SCOPED_TRACE(::testing::Message()
                 << "dtype " << dtype << " n " << n << " c " << c << " l_in " << l_in << " l_out "
                 << l_out << " scales " << scales << " strided " << strided);
    std::mt19937 gen(seed);
    std::uniform_real_distribution<double> u(-2, 2);
    std::vector<double> g(static_cast<size_t>(n * c * l_out));
    for (double& v : g) {
        v = round_to_dtype(u(gen), dtype);
    }
    DeviceTensor grad, out;
    if (strided) {
        // grad_output stored [L, N, C]; out stored [C, L, N] with every other element used.
        std::vector<double> storage(static_cast<size_t>(n * c * l_out));
        for (int64_t ni = 0; ni < n; ++ni) {
            for (int64_t ci = 0; ci < c; ++ci) {
                for (int64_t j = 0; j < l_out; ++j) {
                    storage[(j * n + ni) * c + ci] = g[(ni * c + ci) * l_out + j];
                }
            }
        }
        grad = DeviceTensor::strided(
            {n, c, l_out}, {c, 1, n * c}, 0, {n * c * l_out}, dtype, storage, ACL_FORMAT_NCL);
        out = DeviceTensor::strided({n, c, l_in},
                                    {2, 2 * n * l_in, 2 * n},
                                    1,
                                    {2 * n * c * l_in + 1},
                                    dtype,
                                    {},
                                    ACL_FORMAT_NCL);
    } else {
        grad = DeviceTensor::contiguous({n, c, l_out}, dtype, g);
        out = DeviceTensor::filled({n, c, l_in}, dtype, -99);
    }
    OpRun r = run_op(stream, grad, l_in, scales, out);
    ASSERT_TRUE(r.result.ok()) << r.result << " " << take_recent_error();
    std::vector<double> want = reference(g, n, c, l_in, l_out, scales);
    for (double& v : want) {
        v = round_to_dtype(v, dtype);
    }
    EXPECT_TRUE(all_close(r.out, want, dtype));
}

TEST_P(UpsampleNearestExact1dBackwardTest, DtypeLayoutMatrix) {
    uint32_t seed = 1;
    for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        for (bool strided : {false, true}) {
            check_matrix_case(stream(), dtype, 2, 3, 7, 19, 0, strided, ++seed);
            check_matrix_case(stream(), dtype, 3, 2, 10, 4, 0, strided, ++seed);
            check_matrix_case(stream(), dtype, 1, 4, 5, 13, 2.5, strided, ++seed);
            check_matrix_case(stream(), dtype, 2, 2, 3, 7, 0, strided, ++seed);
            check_matrix_case(stream(), dtype, 4, 5, 300, 1000, 0, strided, ++seed);
        }
    }
}

// ---- The 50x shrink limit (realScales >= 0.02, inclusive) ---------------------------------

aclnnStatus phase1_status(int64_t l_in, int64_t l_out, double scales) {
    auto grad = DeviceTensor::shape_only({1, 1, l_out}, ACL_FLOAT);
    auto out = DeviceTensor::shape_only({1, 1, l_in}, ACL_FLOAT);
    IntArray output_size({l_out});
    IntArray input_size({1, 1, l_in});
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    const aclnnStatus st = aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize(
        grad.get(), output_size.get(), input_size.get(), scales, out.get(), &ws, &exec);
    if (exec != nullptr) {
        aclDestroyAclOpExecutor(exec);
    }
    return st;
}

TEST_P(UpsampleNearestExact1dBackwardTest, ShrinkLimitIsFiftyInclusive) {
    EXPECT_EQ(phase1_status(1, 50, 0), ACLNN_SUCCESS);
    take_recent_error();
    EXPECT_EQ(phase1_status(1, 51, 0), ACLNN_ERR_PARAM_INVALID);
    const std::string msg = take_recent_error();
    EXPECT_NE(msg.find(std::string(kApi) + "scales: is too large"), std::string::npos) << msg;
    EXPECT_EQ(phase1_status(3, 150, 50.0), ACLNN_SUCCESS);
    EXPECT_EQ(phase1_status(3, 151, 50.5), ACLNN_ERR_PARAM_INVALID);
    // With scales > 0 only scales counts, not the sizes.
    EXPECT_EQ(phase1_status(1, 51, 50.0), ACLNN_SUCCESS);
    EXPECT_EQ(phase1_status(3, 10, 50.5), ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ(phase1_status(3, 10, std::numeric_limits<double>::infinity()),
              ACLNN_ERR_PARAM_INVALID);
    // NaN behaves like 0: the sizes decide.
    EXPECT_EQ(phase1_status(1, 50, std::numeric_limits<double>::quiet_NaN()), ACLNN_SUCCESS);
    EXPECT_EQ(phase1_status(1, 51, std::numeric_limits<double>::quiet_NaN()),
              ACLNN_ERR_PARAM_INVALID);
}

TEST_P(UpsampleNearestExact1dBackwardTest, FiftyTimesUpsampleRuns) {
    std::vector<double> g(50);
    for (int j = 0; j < 50; ++j) {
        g[j] = j + 1;
    }
    EXPECT_EQ(run_row(stream(), g, 1, 0), (std::vector<double>{1275}));
    std::vector<double> g3(150, 1.0);
    EXPECT_EQ(run_row(stream(), g3, 3, 50.0), (std::vector<double>{50, 50, 50}));
}

// ---- Validation rows ----------------------------------------------------------------------

struct Args {
    DeviceTensor grad = DeviceTensor::shape_only({2, 3, 8}, ACL_FLOAT, ACL_FORMAT_NCL);
    DeviceTensor out = DeviceTensor::shape_only({2, 3, 4}, ACL_FLOAT, ACL_FORMAT_NCL);
    std::vector<int64_t> output_size = {8};
    std::vector<int64_t> input_size = {2, 3, 4};
    double scales = 0;
    bool null_grad = false, null_out = false, null_output_size = false, null_input_size = false;

    aclnnStatus call(uint64_t* ws, aclOpExecutor** exec) {
        IntArray os(output_size);
        IntArray is(input_size);
        return aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize(
            null_grad ? nullptr : grad.get(),
            null_output_size ? nullptr : os.get(),
            null_input_size ? nullptr : is.get(),
            scales,
            null_out ? nullptr : out.get(),
            ws,
            exec);
    }
};

void expect_rejected(Args& a, aclnnStatus code, const std::string& param) {
    take_recent_error();
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    EXPECT_EQ(a.call(&ws, &exec), code) << "param " << param;
    EXPECT_EQ(exec, nullptr);
    const std::string msg = take_recent_error();
    EXPECT_NE(msg.find(kApi + param + ": "), std::string::npos) << msg;
}

TEST_P(UpsampleNearestExact1dBackwardTest, AcceptsTheBaseArguments) {
    Args a;
    uint64_t ws = 1;
    aclOpExecutor* exec = nullptr;
    ASSERT_EQ(a.call(&ws, &exec), ACLNN_SUCCESS) << take_recent_error();
    EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
}

TEST_P(UpsampleNearestExact1dBackwardTest, RejectsNullPointers) {
    {
        Args a;
        aclOpExecutor* exec = nullptr;
        uint64_t ws = 0;
        EXPECT_EQ(a.call(nullptr, &exec), ACLNN_ERR_PARAM_NULLPTR);
        EXPECT_EQ(a.call(&ws, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    }
    {
        Args a;
        a.null_grad = a.null_input_size = a.null_out = a.null_output_size = true;
        expect_rejected(a, ACLNN_ERR_PARAM_NULLPTR, "gradOutput");
    }
    {
        Args a;
        a.null_input_size = a.null_out = true;
        expect_rejected(a, ACLNN_ERR_PARAM_NULLPTR, "inputSize");
    }
    {
        Args a;
        a.null_out = true;
        expect_rejected(a, ACLNN_ERR_PARAM_NULLPTR, "out");
    }
    {
        Args a;  // stricter than CANN, which does not null-check outputSize
        a.null_output_size = true;
        expect_rejected(a, ACLNN_ERR_PARAM_NULLPTR, "outputSize");
    }
}

TEST_P(UpsampleNearestExact1dBackwardTest, RejectsDtypes) {
    {
        Args a;
        a.grad = DeviceTensor::shape_only({2, 3, 8}, ACL_INT32, ACL_FORMAT_NCL);
        a.out = DeviceTensor::shape_only({2, 3, 4}, ACL_INT32, ACL_FORMAT_NCL);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "gradOutput");
    }
    {
        Args a;
        a.out = DeviceTensor::shape_only({2, 3, 4}, ACL_FLOAT16, ACL_FORMAT_NCL);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "out");
    }
}

TEST_P(UpsampleNearestExact1dBackwardTest, RejectsFormatsRanksAndArrayLengths) {
    {
        Args a;
        a.out = DeviceTensor::shape_only({2, 3, 4}, ACL_FLOAT, ACL_FORMAT_ND);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "out");
    }
    {
        Args a;
        a.grad = DeviceTensor::shape_only({2, 3, 1, 8}, ACL_FLOAT, ACL_FORMAT_NCL);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "gradOutput");
    }
    {
        Args a;  // the seed page's "4-D out" is a copy error: out must be 3-D
        a.out = DeviceTensor::shape_only({2, 3, 1, 4}, ACL_FLOAT, ACL_FORMAT_NCL);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "out");
    }
    {
        Args a;
        a.input_size = {2, 4};
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "inputSize");
    }
    {
        Args a;
        a.output_size = {1, 8};
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "outputSize");
    }
    // ND on both is fine; outputSize's value and inputSize[0..1] are not used.
    Args ok;
    ok.grad = DeviceTensor::shape_only({2, 3, 8}, ACL_FLOAT, ACL_FORMAT_ND);
    ok.out = DeviceTensor::shape_only({2, 3, 4}, ACL_FLOAT, ACL_FORMAT_ND);
    ok.output_size = {12345};
    ok.input_size = {7, 9, 4};
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    ASSERT_EQ(ok.call(&ws, &exec), ACLNN_SUCCESS) << take_recent_error();
    EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
}

TEST_P(UpsampleNearestExact1dBackwardTest, RejectsBatchChannelMismatchAndBadScales) {
    {
        Args a;
        a.out = DeviceTensor::shape_only({3, 3, 4}, ACL_FLOAT, ACL_FORMAT_NCL);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "out");
    }
    {
        Args a;
        a.out = DeviceTensor::shape_only({2, 2, 4}, ACL_FLOAT, ACL_FORMAT_NCL);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "out");
    }
    {
        Args a;
        a.scales = -1.0;
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "scales");
    }
    {
        Args a;  // 1 / 60 < 0.02
        a.scales = 60.0;
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "scales");
    }
}

TEST_P(UpsampleNearestExact1dBackwardTest, RejectsEmptyGradOutputAndZeroInputLength) {
    {
        Args a;  // L_out = 0: L_in / 0 passes the shrink check, then L > 0 fails
        a.grad = DeviceTensor::shape_only({2, 3, 0}, ACL_FLOAT, ACL_FORMAT_NCL);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "gradOutput");
    }
    {
        Args a;
        a.grad = DeviceTensor::shape_only({0, 3, 8}, ACL_FLOAT, ACL_FORMAT_NCL);
        a.out = DeviceTensor::shape_only({0, 3, 4}, ACL_FLOAT, ACL_FORMAT_NCL);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "gradOutput");
    }
    {
        Args a;  // with scales 0, inputSize[2] = 0 fails the shrink check (0 / 8 < 0.02) first
        a.input_size = {2, 3, 0};
        a.out = DeviceTensor::shape_only({2, 3, 0}, ACL_FLOAT, ACL_FORMAT_NCL);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "scales");
    }
    {
        Args a;  // with scales > 0 the shrink check passes and inputSize[2] > 0 fails
        a.input_size = {2, 3, 0};
        a.out = DeviceTensor::shape_only({2, 3, 0}, ACL_FLOAT, ACL_FORMAT_NCL);
        a.scales = 2.0;
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "inputSize");
    }
}

// Stricter than CANN (docs/compatibility.md): out's L must equal inputSize[2].
TEST_P(UpsampleNearestExact1dBackwardTest, RejectsOutLengthOtherThanInputSize) {
    Args a;
    a.out = DeviceTensor::shape_only({2, 3, 5}, ACL_FLOAT, ACL_FORMAT_NCL);
    expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "out");
}

TEST_P(UpsampleNearestExact1dBackwardTest, RejectsViewsOutsideStorageAndOverlappingOut) {
    {
        Args a;
        a.grad =
            DeviceTensor::strided({2, 3, 8}, {24, 8, 1}, 1, {48}, ACL_FLOAT, {}, ACL_FORMAT_NCL);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "gradOutput");
    }
    {
        Args a;
        a.out =
            DeviceTensor::strided({2, 3, 4}, {12, 4, 0}, 0, {24}, ACL_FLOAT, {}, ACL_FORMAT_NCL);
        expect_rejected(a, ACLNN_ERR_PARAM_INVALID, "out");
    }
}

// ---- Algorithms, workspace, executors -----------------------------------------------------

// A session started with ACLEMU_UPSAMPLE_ALGORITHM=scatter (read at aclInit).
class UpsampleScatterTest : public UpsampleNearestExact1dBackwardTest {
protected:
    void SetUp() override {
        ASSERT_EQ(setenv("ACLEMU_UPSAMPLE_ALGORITHM", "scatter", 1), 0);
        UpsampleNearestExact1dBackwardTest::SetUp();
        unsetenv("ACLEMU_UPSAMPLE_ALGORITHM");
    }
};

// ACLEMU_UPSAMPLE_ALGORITHM=scatter selects the atomic scatter on GPU backends (fp32
// workspace); never when deterministic (the gather then runs, with no workspace), never on the
// CPU. Sums agree with the gather's.
TEST_P(UpsampleScatterTest, ScatterAlternativeAgreesWithGather) {
    const int64_t n = 3, c = 4, l_in = 333, l_out = 1000;
    std::mt19937 gen(5);
    std::uniform_real_distribution<double> u(-1, 1);
    std::vector<double> g(static_cast<size_t>(n * c * l_out));
    for (double& v : g) {
        v = u(gen);
    }
    auto grad = DeviceTensor::contiguous({n, c, l_out}, ACL_FLOAT, g);
    auto out_scatter = DeviceTensor::filled({n, c, l_in}, ACL_FLOAT, 0);
    OpRun scatter = run_op(stream(), grad, l_in, 0, out_scatter);
    ASSERT_EQ(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1), ACL_SUCCESS);
    auto out_gather = DeviceTensor::filled({n, c, l_in}, ACL_FLOAT, 0);
    OpRun gather = run_op(stream(), grad, l_in, 0, out_gather);
    ASSERT_EQ(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0), ACL_SUCCESS);

    ASSERT_TRUE(scatter.result.ok()) << scatter.result;
    ASSERT_TRUE(gather.result.ok()) << gather.result;
    if (on_gpu()) {
        EXPECT_GE(scatter.result.workspace_size, static_cast<uint64_t>(n * c * l_in * 4));
    } else {
        EXPECT_EQ(scatter.result.workspace_size, 0u);
    }
    EXPECT_EQ(gather.result.workspace_size, 0u);
    EXPECT_TRUE(all_close(scatter.out, gather.out, aclemu::test::Tolerance{1e-5, 1e-5}));
    EXPECT_TRUE(all_close(gather.out, reference(g, n, c, l_in, l_out, 0), ACL_FLOAT));
}

ACLEMU_INSTANTIATE_BACKENDS(UpsampleScatterTest);

TEST_P(UpsampleNearestExact1dBackwardTest, RepeatedRunsAreBitwiseIdentical) {
    const int64_t n = 2, c = 3, l_in = 1000, l_out = 7777;
    std::mt19937 gen(6);
    std::uniform_real_distribution<double> u(-1, 1);
    std::vector<double> g(static_cast<size_t>(n * c * l_out));
    for (double& v : g) {
        v = u(gen);
    }
    auto grad = DeviceTensor::contiguous({n, c, l_out}, ACL_BF16, g);
    std::vector<double> first;
    for (int run = 0; run < 3; ++run) {
        auto out = DeviceTensor::filled({n, c, l_in}, ACL_BF16, 0);
        OpRun r = run_op(stream(), grad, l_in, 0, out);
        ASSERT_TRUE(r.result.ok()) << r.result;
        if (run == 0) {
            first = r.out;
        } else {
            EXPECT_EQ(r.out, first);
        }
    }
}

TEST_P(UpsampleNearestExact1dBackwardTest, ExecutorReuseAndSnapshots) {
    auto grad = DeviceTensor::contiguous({1, 1, 2}, ACL_FLOAT, {1, 2}, ACL_FORMAT_NCL);
    auto grad2 = DeviceTensor::contiguous({1, 1, 2}, ACL_FLOAT, {10, 20}, ACL_FORMAT_NCL);
    auto out = DeviceTensor::filled({1, 1, 4}, ACL_FLOAT, -1, ACL_FORMAT_NCL);
    auto out2 = DeviceTensor::filled({1, 1, 4}, ACL_FLOAT, -1, ACL_FORMAT_NCL);
    IntArray output_size({2});
    IntArray input_size({1, 1, 4});
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    ASSERT_EQ(aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize(
                  grad.get(), output_size.get(), input_size.get(), 0.5, out.get(), &ws, &exec),
              ACLNN_SUCCESS);
    ASSERT_EQ(aclSetAclOpExecutorRepeatable(exec), ACLNN_SUCCESS);
    aclemu::test::DeviceBuffer workspace(ws);
    ASSERT_EQ(aclnnUpsampleNearestExact1dBackward(workspace.get(), ws, exec, stream()),
              ACLNN_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_EQ(out.read(), (std::vector<double>{0, 1, 0, 2}));

    ASSERT_EQ(aclSetInputTensorAddr(exec, 0, nullptr, grad2.data()), ACLNN_SUCCESS);
    ASSERT_EQ(aclSetOutputTensorAddr(exec, 0, nullptr, out2.data()), ACLNN_SUCCESS);
    ASSERT_EQ(aclnnUpsampleNearestExact1dBackward(workspace.get(), ws, exec, stream()),
              ACLNN_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_EQ(out2.read(), (std::vector<double>{0, 10, 0, 20}));
    EXPECT_EQ(out.read(), (std::vector<double>{0, 1, 0, 2}));
    EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);

    // Non-repeatable: runs once, after the user destroyed the tensors; a second run is refused.
    ASSERT_EQ(aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize(
                  grad2.get(), output_size.get(), input_size.get(), 0.5, out.get(), &ws, &exec),
              ACLNN_SUCCESS);
    EXPECT_EQ(aclDestroyTensor(grad2.release_tensor()), ACLNN_SUCCESS);
    ASSERT_EQ(aclnnUpsampleNearestExact1dBackward(workspace.get(), ws, exec, stream()),
              ACLNN_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_EQ(out.read(), (std::vector<double>{0, 10, 0, 20}));
    EXPECT_EQ(aclnnUpsampleNearestExact1dBackward(workspace.get(), ws, exec, stream()),
              ACLNN_ERR_INNER);
}

ACLEMU_INSTANTIATE_BACKENDS(UpsampleNearestExact1dBackwardTest);

}  // namespace
