// Many host threads at once, as in a serving process: 8 threads, each with a copy stream and a
// compute stream of its own, run the four aclnn operators round after round. Per round the
// inputs go up from pinned host memory (aclrtMemcpyAsync on the copy stream); an event hands
// them to the compute stream, which copies them device to device, poisons the outputs
// (aclrtMemsetAsync) and runs the operator; a second event hands the outputs back to the copy
// stream, which brings them down; the thread waits for a third event and checks every value
// against a double-precision reference computed here. Memory, tensors and executors are made
// and freed every round by all threads at once, and every thread also moves a block large
// enough for the CPU backend to split its copies over helper threads. Labels stress and cpu /
// gpu; CI runs it under ThreadSanitizer, where it must report nothing.
// ACLEMU_STRESS_ROUNDS (default 16) sets the rounds per thread, for longer runs by hand.
#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_batch_norm_backward_reduce.h"
#include "aclnnop/aclnn_logit_grad.h"
#include "aclnnop/aclnn_logsigmoid_backward.h"
#include "aclnnop/aclnn_upsample_nearest_exact1d_backward.h"

#include "support/backend_fixture.h"
#include "support/compare.h"
#include "support/device_tensor.h"
#include "support/error_message.h"
#include "support/reference_dtype.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace aclemu::test {
namespace {

constexpr int kThreads = 8;
constexpr int kDefaultRounds = 16;  // per thread: each operator 4 times
// Over the 4 MiB from which the CPU backend splits a device-to-device copy, and odd.
constexpr size_t kLargeCopyBytes = (size_t{5} << 20) + 3;

#define STRESS_ACL_OK(call)                                                            \
    do {                                                                               \
        const auto status_ = (call);                                                   \
        if (status_ != 0) {                                                            \
            return ::testing::AssertionFailure()                                       \
                   << #call << " returned " << status_ << ": " << take_recent_error(); \
        }                                                                              \
    } while (0)

int rounds_per_thread() {
    const char* text = std::getenv("ACLEMU_STRESS_ROUNDS");
    const int rounds = text != nullptr ? std::atoi(text) : 0;
    return rounds > 0 ? rounds : kDefaultRounds;
}

// ---- Operator cases: operands with their values and the double reference ------------------

struct Operand {
    std::vector<int64_t> dims;
    aclDataType dtype = ACL_FLOAT;
    aclFormat format = ACL_FORMAT_ND;
    std::vector<double>
        values;  // an input's values (representable in dtype); an output's reference
};

using Phase1 = std::function<aclnnStatus(const std::vector<aclTensor*>& inputs,
                                         const std::vector<aclTensor*>& outputs,
                                         uint64_t*,
                                         aclOpExecutor**)>;
using Phase2 = aclnnStatus (*)(void*, uint64_t, aclOpExecutor*, aclrtStream);

struct OpCase {
    std::string name;
    std::vector<Operand> inputs;
    std::vector<Operand> outputs;
    Tolerance tolerance;
    Phase1 phase1;
    Phase2 phase2 = nullptr;
};

using Rng = std::mt19937_64;

double uniform(Rng& rng, double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(rng);
}
int64_t uniform_int(Rng& rng, int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
}

// `n` values from [lo, hi], rounded to `dtype` so the reference sees what the device holds.
std::vector<double> random_values(Rng& rng, size_t n, double lo, double hi, aclDataType dtype) {
    std::vector<double> v(n);
    for (double& x : v) {
        x = round_to_dtype(uniform(rng, lo, hi), dtype);
    }
    return v;
}

std::vector<int64_t> random_dims(Rng& rng) {
    return {uniform_int(rng, 1, 16), uniform_int(rng, 1, 256)};
}

// d/dx log(sigmoid(x)) = 1 / (1 + e^x), times the incoming gradient.
OpCase logsigmoid_backward_case(Rng& rng, aclDataType dtype) {
    const std::vector<int64_t> dims = random_dims(rng);
    const size_t n = static_cast<size_t>(product(dims));
    const std::vector<double> dy = random_values(rng, n, -2, 2, dtype);
    const std::vector<double> x = random_values(rng, n, -4, 4, dtype);
    std::vector<double> expected(n);
    for (size_t i = 0; i < n; ++i) {
        expected[i] = dy[i] / (1.0 + std::exp(x[i]));
    }
    OpCase c;
    c.name = "LogSigmoidBackward";
    c.inputs = {{dims, dtype, ACL_FORMAT_ND, dy},
                {dims, dtype, ACL_FORMAT_ND, x},
                {dims, dtype, ACL_FORMAT_ND, x}};  // buffer: self, as in CANN's sample
    c.outputs = {{dims, dtype, ACL_FORMAT_ND, expected}};
    c.tolerance = default_tolerance(dtype);
    c.phase1 = [](const auto& in, const auto& out, uint64_t* ws, aclOpExecutor** exec) {
        return aclnnLogSigmoidBackwardGetWorkspaceSize(in[0], in[1], in[2], out[0], ws, exec);
    };
    c.phase2 = aclnnLogSigmoidBackward;
    return c;
}

// eps < 0: no clamping, dy / (x (1 - x)) for x in [0, 1].
OpCase logit_grad_case(Rng& rng, aclDataType dtype) {
    const std::vector<int64_t> dims = random_dims(rng);
    const size_t n = static_cast<size_t>(product(dims));
    const std::vector<double> x = random_values(rng, n, 0.05, 0.95, dtype);
    const std::vector<double> dy = random_values(rng, n, -2, 2, dtype);
    std::vector<double> expected(n);
    for (size_t i = 0; i < n; ++i) {
        expected[i] = dy[i] / (x[i] * (1.0 - x[i]));
    }
    OpCase c;
    c.name = "LogitGrad";
    c.inputs = {{dims, dtype, ACL_FORMAT_ND, x}, {dims, dtype, ACL_FORMAT_ND, dy}};
    c.outputs = {{dims, dtype, ACL_FORMAT_ND, expected}};
    c.tolerance = default_tolerance(dtype);
    c.phase1 = [](const auto& in, const auto& out, uint64_t* ws, aclOpExecutor** exec) {
        return aclnnLogitGradGetWorkspaceSize(in[0], in[1], -1.0, out[0], ws, exec);
    };
    c.phase2 = aclnnLogitGrad;
    return c;
}

// An integer ratio r = L_out / L_in with scales 0 (derived): input position i collects
// gradOutput positions [i r, (i + 1) r). Values are multiples of 1/64, so the sums are exact.
OpCase upsample_nearest_exact1d_backward_case(Rng& rng) {
    const int64_t batch = uniform_int(rng, 1, 3);
    const int64_t channels = uniform_int(rng, 1, 4);
    const int64_t l_in = uniform_int(rng, 1, 64);
    const int64_t ratio = uniform_int(rng, 1, 4);
    const int64_t l_out = l_in * ratio;
    std::vector<double> grad(static_cast<size_t>(batch * channels * l_out));
    for (double& g : grad) {
        g = static_cast<double>(uniform_int(rng, -128, 128)) / 64.0;
    }
    std::vector<double> expected(static_cast<size_t>(batch * channels * l_in), 0.0);
    for (int64_t row = 0; row < batch * channels; ++row) {
        for (int64_t j = 0; j < l_out; ++j) {
            expected[static_cast<size_t>(row * l_in + j / ratio)] +=
                grad[static_cast<size_t>(row * l_out + j)];
        }
    }
    OpCase c;
    c.name = "UpsampleNearestExact1dBackward";
    c.inputs = {{{batch, channels, l_out}, ACL_FLOAT, ACL_FORMAT_NCL, grad}};
    c.outputs = {{{batch, channels, l_in}, ACL_FLOAT, ACL_FORMAT_NCL, expected}};
    c.tolerance = {0.0, 0.0};
    c.phase1 = [=](const auto& in, const auto& out, uint64_t* ws, aclOpExecutor** exec) {
        const int64_t output_size[] = {l_out};
        const int64_t input_size[] = {batch, channels, l_in};
        aclIntArray* output_array = aclCreateIntArray(output_size, 1);
        aclIntArray* input_array = aclCreateIntArray(input_size, 3);
        const aclnnStatus status = aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize(
            in[0], output_array, input_array, 0.0, out[0], ws, exec);
        aclDestroyIntArray(output_array);
        aclDestroyIntArray(input_array);
        return status;
    };
    c.phase2 = aclnnUpsampleNearestExact1dBackward;
    return c;
}

// Per channel c of [N, C, L]: sumDy = sum dy, sumDyXmu = sum dy (x - mean_c),
// gradWeight = sumDyXmu invstd_c, gradBias = sumDy.
OpCase batch_norm_reduce_backward_case(Rng& rng) {
    const int64_t batch = uniform_int(rng, 1, 3);
    const int64_t channels = uniform_int(rng, 1, 8);
    const int64_t length = uniform_int(rng, 1, 200);
    const std::vector<int64_t> dims = {batch, channels, length};
    const size_t n = static_cast<size_t>(product(dims));
    const size_t c_count = static_cast<size_t>(channels);
    const std::vector<double> dy = random_values(rng, n, -1, 1, ACL_FLOAT);
    const std::vector<double> x = random_values(rng, n, -1, 1, ACL_FLOAT);
    const std::vector<double> mean = random_values(rng, c_count, -0.5, 0.5, ACL_FLOAT);
    const std::vector<double> invstd = random_values(rng, c_count, 0.5, 2, ACL_FLOAT);
    const std::vector<double> weight = random_values(rng, c_count, -1, 1, ACL_FLOAT);
    std::vector<double> sum_dy(c_count, 0.0), sum_dy_xmu(c_count, 0.0), grad_weight(c_count);
    for (size_t k = 0; k < n; ++k) {
        const size_t c = k / static_cast<size_t>(length) % c_count;
        sum_dy[c] += dy[k];
        sum_dy_xmu[c] += dy[k] * (x[k] - mean[c]);
    }
    for (size_t c = 0; c < c_count; ++c) {
        grad_weight[c] = sum_dy_xmu[c] * invstd[c];
    }
    const std::vector<int64_t> per_channel = {channels};
    OpCase c;
    c.name = "BatchNormReduceBackward";
    c.inputs = {{dims, ACL_FLOAT, ACL_FORMAT_ND, dy},
                {dims, ACL_FLOAT, ACL_FORMAT_ND, x},
                {per_channel, ACL_FLOAT, ACL_FORMAT_ND, mean},
                {per_channel, ACL_FLOAT, ACL_FORMAT_ND, invstd},
                {per_channel, ACL_FLOAT, ACL_FORMAT_ND, weight}};
    c.outputs = {{per_channel, ACL_FLOAT, ACL_FORMAT_ND, sum_dy},
                 {per_channel, ACL_FLOAT, ACL_FORMAT_ND, sum_dy_xmu},
                 {per_channel, ACL_FLOAT, ACL_FORMAT_ND, grad_weight},
                 {per_channel, ACL_FLOAT, ACL_FORMAT_ND, sum_dy}};
    // fp32 accumulation over up to N L terms of magnitude about 1.
    c.tolerance = {2e-6 * std::sqrt(static_cast<double>(n)) + 1e-5, 1e-4};
    c.phase1 = [](const auto& in, const auto& out, uint64_t* ws, aclOpExecutor** exec) {
        return aclnnBatchNormReduceBackwardGetWorkspaceSize(in[0],
                                                            in[1],
                                                            in[2],
                                                            in[3],
                                                            in[4],
                                                            true,
                                                            true,
                                                            true,
                                                            out[0],
                                                            out[1],
                                                            out[2],
                                                            out[3],
                                                            ws,
                                                            exec);
    };
    c.phase2 = aclnnBatchNormReduceBackward;
    return c;
}

OpCase make_case(int op, Rng& rng, aclDataType elementwise_dtype) {
    switch (op % 4) {
        case 0:
            return logsigmoid_backward_case(rng, elementwise_dtype);
        case 1:
            return logit_grad_case(rng, elementwise_dtype);
        case 2:
            return upsample_nearest_exact1d_backward_case(rng);
        default:
            return batch_norm_reduce_backward_case(rng);
    }
}

// ---- Device side ----------------------------------------------------------------------------

/// Pinned host memory (aclrtMallocHost), so asynchronous copies are truly asynchronous.
class PinnedBuffer {
public:
    explicit PinnedBuffer(size_t bytes) {
        if (bytes > 0 && aclrtMallocHost(&ptr_, bytes) != ACL_SUCCESS) {
            ADD_FAILURE() << "aclrtMallocHost(" << bytes << "): " << take_recent_error();
            ptr_ = nullptr;
        }
    }
    ~PinnedBuffer() {
        if (ptr_ != nullptr) {
            EXPECT_EQ(aclrtFreeHost(ptr_), ACL_SUCCESS) << take_recent_error();
        }
    }
    PinnedBuffer(const PinnedBuffer&) = delete;
    PinnedBuffer& operator=(const PinnedBuffer&) = delete;
    void* get() const { return ptr_; }

private:
    void* ptr_ = nullptr;
};

struct TensorDeleter {
    void operator()(aclTensor* tensor) const { aclDestroyTensor(tensor); }
};
using TensorPtr = std::unique_ptr<aclTensor, TensorDeleter>;

TensorPtr make_tensor(const Operand& operand, void* data) {
    const std::vector<int64_t> strides = contiguous_strides(operand.dims);
    return TensorPtr(aclCreateTensor(operand.dims.data(),
                                     operand.dims.size(),
                                     operand.dtype,
                                     strides.data(),
                                     0,
                                     operand.format,
                                     operand.dims.data(),
                                     operand.dims.size(),
                                     data));
}

size_t byte_size(const Operand& operand) {
    return static_cast<size_t>(product(operand.dims)) * dtype_bytes(operand.dtype);
}

/// One host thread's streams and events; it binds device 0 for itself.
class Worker {
public:
    explicit Worker(int index) : rng_(0x5eed0000u + static_cast<unsigned>(index)), index_(index) {}

    ::testing::AssertionResult run(int rounds) {
        STRESS_ACL_OK(aclrtSetDevice(0));
        device_set_ = true;
        STRESS_ACL_OK(aclrtCreateStream(&copy_));
        STRESS_ACL_OK(aclrtCreateStream(&compute_));
        for (aclrtEvent* event : {&uploaded_, &computed_, &downloaded_}) {
            STRESS_ACL_OK(aclrtCreateEvent(event));
        }
        if (auto large = large_copy(); !large) {
            return large;
        }
        for (int round = 0; round < rounds; ++round) {
            const aclDataType dtype = round % 2 == 0 ? ACL_FLOAT : ACL_FLOAT16;
            const OpCase op = make_case(index_ + round, rng_, dtype);
            if (auto result = run_case(op); !result) {
                return result << " (thread " << index_ << ", round " << round << ", " << op.name
                              << ")";
            }
        }
        return ::testing::AssertionSuccess();
    }

    ~Worker() {
        for (aclrtEvent event : {uploaded_, computed_, downloaded_}) {
            if (event != nullptr) {
                EXPECT_EQ(aclrtDestroyEvent(event), ACL_SUCCESS) << take_recent_error();
            }
        }
        for (aclrtStream stream : {copy_, compute_}) {
            if (stream != nullptr) {
                EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS) << take_recent_error();
            }
        }
        if (device_set_) {
            EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS) << take_recent_error();
        }
    }
    Worker(const Worker&) = delete;
    Worker& operator=(const Worker&) = delete;

private:
    // What one round allocates. It is freed only once both streams are idle, also when the
    // round stopped early with work still queued on it.
    struct RoundMemory {
        std::vector<std::unique_ptr<PinnedBuffer>> host_inputs, host_outputs;
        std::vector<DeviceBuffer> staging, operands, outputs;
        DeviceBuffer workspace;
        std::vector<TensorPtr> tensors;
    };

    void drain() {
        EXPECT_EQ(aclrtSynchronizeStream(copy_), ACL_SUCCESS) << take_recent_error();
        EXPECT_EQ(aclrtSynchronizeStream(compute_), ACL_SUCCESS) << take_recent_error();
    }

    ::testing::AssertionResult run_case(const OpCase& op) {
        RoundMemory memory;
        ::testing::AssertionResult result = run_round(op, memory);
        drain();
        return result;
    }

    // Up on the copy stream, then the compute stream copies device to device after an event.
    ::testing::AssertionResult upload(const std::vector<Operand>& inputs, RoundMemory& m) {
        for (const Operand& input : inputs) {
            const std::vector<uint8_t> bytes = encode_values(input.values, input.dtype);
            m.host_inputs.push_back(std::make_unique<PinnedBuffer>(bytes.size()));
            m.staging.emplace_back(bytes.size());
            m.operands.emplace_back(bytes.size());
            std::memcpy(m.host_inputs.back()->get(), bytes.data(), bytes.size());
            STRESS_ACL_OK(aclrtMemcpyAsync(m.staging.back().get(),
                                           bytes.size(),
                                           m.host_inputs.back()->get(),
                                           bytes.size(),
                                           ACL_MEMCPY_HOST_TO_DEVICE,
                                           copy_));
        }
        STRESS_ACL_OK(aclrtRecordEvent(uploaded_, copy_));
        STRESS_ACL_OK(aclrtStreamWaitEvent(compute_, uploaded_));
        for (size_t i = 0; i < inputs.size(); ++i) {
            STRESS_ACL_OK(aclrtMemcpyAsync(m.operands[i].get(),
                                           m.operands[i].size(),
                                           m.staging[i].get(),
                                           m.staging[i].size(),
                                           ACL_MEMCPY_DEVICE_TO_DEVICE,
                                           compute_));
        }
        return ::testing::AssertionSuccess();
    }

    ::testing::AssertionResult run_round(const OpCase& op, RoundMemory& m) {
        if (auto uploaded = upload(op.inputs, m); !uploaded) {
            return uploaded;
        }
        for (const Operand& output : op.outputs) {
            m.outputs.emplace_back(byte_size(output));
            m.host_outputs.push_back(std::make_unique<PinnedBuffer>(byte_size(output)));
            // All bits set: NaN in every float dtype, so an output left unwritten shows.
            STRESS_ACL_OK(aclrtMemsetAsync(m.outputs.back().get(),
                                           m.outputs.back().size(),
                                           0xFF,
                                           m.outputs.back().size(),
                                           compute_));
        }
        std::vector<aclTensor*> in, out;
        for (size_t i = 0; i < op.inputs.size(); ++i) {
            m.tensors.push_back(make_tensor(op.inputs[i], m.operands[i].get()));
            in.push_back(m.tensors.back().get());
        }
        for (size_t i = 0; i < op.outputs.size(); ++i) {
            m.tensors.push_back(make_tensor(op.outputs[i], m.outputs[i].get()));
            out.push_back(m.tensors.back().get());
        }
        uint64_t workspace_size = 0;
        aclOpExecutor* executor = nullptr;
        STRESS_ACL_OK(op.phase1(in, out, &workspace_size, &executor));
        m.workspace = DeviceBuffer(static_cast<size_t>(workspace_size));
        STRESS_ACL_OK(op.phase2(m.workspace.get(), workspace_size, executor, compute_));
        STRESS_ACL_OK(aclrtRecordEvent(computed_, compute_));

        STRESS_ACL_OK(aclrtStreamWaitEvent(copy_, computed_));
        for (size_t i = 0; i < m.outputs.size(); ++i) {
            STRESS_ACL_OK(aclrtMemcpyAsync(m.host_outputs[i]->get(),
                                           m.outputs[i].size(),
                                           m.outputs[i].get(),
                                           m.outputs[i].size(),
                                           ACL_MEMCPY_DEVICE_TO_HOST,
                                           copy_));
        }
        STRESS_ACL_OK(aclrtRecordEvent(downloaded_, copy_));
        STRESS_ACL_OK(aclrtSynchronizeEvent(downloaded_));
        if (auto timed = check_events(); !timed) {
            return timed;
        }
        for (size_t i = 0; i < m.outputs.size(); ++i) {
            const auto* bytes = static_cast<const uint8_t*>(m.host_outputs[i]->get());
            const std::vector<double> got = decode_values(
                std::vector<uint8_t>(bytes, bytes + m.outputs[i].size()), op.outputs[i].dtype);
            if (auto close = all_close(got, op.outputs[i].values, op.tolerance); !close) {
                return close << " (output " << i << ")";
            }
        }
        return ::testing::AssertionSuccess();
    }

    // After the wait for `downloaded_`, all three events are complete and ordered in time.
    ::testing::AssertionResult check_events() {
        for (aclrtEvent event : {uploaded_, computed_, downloaded_}) {
            aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_NOT_READY;
            STRESS_ACL_OK(aclrtQueryEventStatus(event, &status));
            if (status != ACL_EVENT_RECORDED_STATUS_COMPLETE) {
                return ::testing::AssertionFailure() << "an event before the one waited for is "
                                                        "not complete";
            }
        }
        float upload_to_compute = -1.0f;
        float compute_to_download = -1.0f;
        STRESS_ACL_OK(aclrtEventElapsedTime(&upload_to_compute, uploaded_, computed_));
        STRESS_ACL_OK(aclrtEventElapsedTime(&compute_to_download, computed_, downloaded_));
        if (!(upload_to_compute >= 0.0f && compute_to_download >= 0.0f)) {
            return ::testing::AssertionFailure() << "events out of order: " << upload_to_compute
                                                 << " ms, " << compute_to_download << " ms";
        }
        return ::testing::AssertionSuccess();
    }

    // Up, device to device (split over helper threads on the CPU backend), down, compared.
    ::testing::AssertionResult large_copy() {
        std::vector<uint8_t> pattern(kLargeCopyBytes);
        uint32_t state = 0x9e3779b9u * static_cast<uint32_t>(index_ + 1);
        for (uint8_t& byte : pattern) {
            state = state * 1664525u + 1013904223u;
            byte = static_cast<uint8_t>(state >> 24);
        }
        PinnedBuffer host(kLargeCopyBytes);
        PinnedBuffer back(kLargeCopyBytes);
        DeviceBuffer first(kLargeCopyBytes);
        DeviceBuffer second(kLargeCopyBytes);
        std::memcpy(host.get(), pattern.data(), kLargeCopyBytes);
        const auto queue = [&]() -> ::testing::AssertionResult {
            STRESS_ACL_OK(aclrtMemcpyAsync(first.get(),
                                           kLargeCopyBytes,
                                           host.get(),
                                           kLargeCopyBytes,
                                           ACL_MEMCPY_HOST_TO_DEVICE,
                                           copy_));
            STRESS_ACL_OK(aclrtRecordEvent(uploaded_, copy_));
            STRESS_ACL_OK(aclrtStreamWaitEvent(compute_, uploaded_));
            STRESS_ACL_OK(aclrtMemcpyAsync(second.get(),
                                           kLargeCopyBytes,
                                           first.get(),
                                           kLargeCopyBytes,
                                           ACL_MEMCPY_DEVICE_TO_DEVICE,
                                           compute_));
            STRESS_ACL_OK(aclrtMemcpyAsync(back.get(),
                                           kLargeCopyBytes,
                                           second.get(),
                                           kLargeCopyBytes,
                                           ACL_MEMCPY_DEVICE_TO_HOST,
                                           compute_));
            return ::testing::AssertionSuccess();
        };
        const ::testing::AssertionResult queued = queue();
        drain();  // also after a failure, before the buffers go
        if (!queued) {
            return queued;
        }
        if (std::memcmp(back.get(), pattern.data(), kLargeCopyBytes) != 0) {
            return ::testing::AssertionFailure()
                   << "a " << kLargeCopyBytes << "-byte copy up, across and down changed bytes";
        }
        return ::testing::AssertionSuccess();
    }

    Rng rng_;
    int index_;
    bool device_set_ = false;
    aclrtStream copy_ = nullptr;
    aclrtStream compute_ = nullptr;
    aclrtEvent uploaded_ = nullptr;
    aclrtEvent computed_ = nullptr;
    aclrtEvent downloaded_ = nullptr;
};

class MultiThreadStress : public BackendTest {};

TEST_P(MultiThreadStress, EightThreadsWithTheirOwnStreamsGetEveryResultRight) {
    const int rounds = rounds_per_thread();
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([t, rounds] {
            Worker worker(t);
            EXPECT_TRUE(worker.run(rounds));
        });
    }
    for (std::thread& thread : threads) {
        thread.join();
    }
}

ACLEMU_INSTANTIATE_BACKENDS(MultiThreadStress);

}  // namespace
}  // namespace aclemu::test
