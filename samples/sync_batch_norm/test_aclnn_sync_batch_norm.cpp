// SyncBatchNorm across two devices, forward and backward, written the way a CANN user writes it:
// each device holds half of the batch x [4, 3, 5]; the devices' statistics and gradient sums are
// exchanged through the host (where a real job would all-gather / all-reduce over HCCL).
//   forward:  aclnnBatchNormStats -> all-gather -> aclnnBatchNormGatherStatsWithCounts ->
//             aclnnBatchNormElemt
//   backward: aclnnBatchNormReduceBackward -> all-reduce -> aclnnBatchNormElemtBackward
// Prints y, gradInput, gradWeight, gradBias, runningMean and runningVar of device 0 as
// "result[i] is: v" lines; samples/check_sample.py compares them with a one-device batch norm
// computed in double. Run with ACLEMU_CPU_DEVICE_COUNT=2 on the CPU backend.
#include <cstdio>
#include <vector>
#include "acl/acl.h"
#include "aclnnop/aclnn_batch_norm_backward_reduce.h"
#include "aclnnop/aclnn_batch_norm_elemt.h"
#include "aclnnop/aclnn_batch_norm_elemt_backward.h"
#include "aclnnop/aclnn_batch_norm_gather_stats_with_counts.h"
#include "aclnnop/aclnn_batch_norm_stats.h"

#define CHECK_RET(cond, return_expr) \
  do {                               \
    if (!(cond)) {                   \
      return_expr;                   \
    }                                \
  } while (0)

#define LOG_PRINT(message, ...)     \
  do {                              \
    printf(message, ##__VA_ARGS__); \
  } while (0)

constexpr int kDevices = 2;
constexpr int64_t kN = 4, kC = 3, kL = 5;
constexpr int64_t kLocalN = kN / kDevices;
constexpr double kEps = 1e-5;
constexpr double kMomentum = 0.1;

int64_t GetShapeSize(const std::vector<int64_t>& shape) {
  int64_t shapeSize = 1;
  for (auto i : shape) {
    shapeSize *= i;
  }
  return shapeSize;
}

// A device tensor: its memory and its row-major ND aclTensor.
struct Tensor {
  void* addr = nullptr;
  aclTensor* tensor = nullptr;
  std::vector<int64_t> shape;
};

template <typename T>
int CreateTensor(const std::vector<T>& hostData, const std::vector<int64_t>& shape, aclDataType dataType, Tensor* t) {
  t->shape = shape;
  auto size = GetShapeSize(shape) * sizeof(T);
  auto ret = aclrtMalloc(&t->addr, size, ACL_MEM_MALLOC_HUGE_FIRST);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMalloc failed. ERROR: %d\n", ret); return ret);
  ret = aclrtMemcpy(t->addr, size, hostData.data(), size, ACL_MEMCPY_HOST_TO_DEVICE);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtMemcpy failed. ERROR: %d\n", ret); return ret);
  std::vector<int64_t> strides(shape.size(), 1);
  for (int64_t i = shape.size() - 2; i >= 0; i--) {
    strides[i] = shape[i + 1] * strides[i + 1];
  }
  t->tensor = aclCreateTensor(shape.data(), shape.size(), dataType, strides.data(), 0, aclFormat::ACL_FORMAT_ND,
                              shape.data(), shape.size(), t->addr);
  return 0;
}

std::vector<float> ReadTensor(const Tensor& t) {
  std::vector<float> host(GetShapeSize(t.shape), 0);
  aclrtMemcpy(host.data(), host.size() * sizeof(float), t.addr, host.size() * sizeof(float),
              ACL_MEMCPY_DEVICE_TO_HOST);
  return host;
}

void WriteTensor(const Tensor& t, const std::vector<float>& host) {
  aclrtMemcpy(t.addr, host.size() * sizeof(float), host.data(), host.size() * sizeof(float),
              ACL_MEMCPY_HOST_TO_DEVICE);
}

void FreeTensor(Tensor* t) {
  aclDestroyTensor(t->tensor);
  aclrtFree(t->addr);
}

// Phase 2 with a workspace of the size phase 1 asked for, then a synchronize.
using Phase2 = aclnnStatus (*)(void*, uint64_t, aclOpExecutor*, aclrtStream);
int RunOp(const char* name, aclnnStatus phase1, uint64_t workspaceSize, aclOpExecutor* executor, Phase2 phase2,
          aclrtStream stream) {
  CHECK_RET(phase1 == ACL_SUCCESS, LOG_PRINT("%sGetWorkspaceSize failed. ERROR: %d\n", name, phase1); return phase1);
  void* workspace = nullptr;
  if (workspaceSize > 0) {
    auto ret = aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("allocate workspace failed. ERROR: %d\n", ret); return ret);
  }
  auto ret = phase2(workspace, workspaceSize, executor, stream);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("%s failed. ERROR: %d\n", name, ret); return ret);
  ret = aclrtSynchronizeStream(stream);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtSynchronizeStream failed. ERROR: %d\n", ret); return ret);
  if (workspace != nullptr) {
    aclrtFree(workspace);
  }
  return 0;
}

// Each device's tensors.
struct Device {
  aclrtStream stream = nullptr;
  Tensor x, dy, weight, bias, mean, invstd, meanAll, invstdAll, runningMean, runningVar, meanAllDevices,
      invstdAllDevices, counts, y, sumDy, sumDyXmu, gradWeight, gradBias, sumDyAll, sumDyXmuAll, counter, gradInput;
};

double InputValue(int64_t n, int64_t c, int64_t l) { return ((n * 7 + c * 3 + l * 5) % 11) * 0.5 - 2.0 + c; }
double GradValue(int64_t n, int64_t c, int64_t l) { return ((n * 5 + c * 2 + l * 3) % 7) * 0.25 - 0.75; }

int main() {
  auto ret = aclInit(nullptr);
  CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclInit failed. ERROR: %d\n", ret); return ret);
  uint32_t count = 0;
  ret = aclrtGetDeviceCount(&count);
  CHECK_RET(ret == ACL_SUCCESS && count >= kDevices,
            LOG_PRINT("this sample needs %d devices, found %u\n", kDevices, count); return 1);

  const std::vector<int64_t> localShape = {kLocalN, kC, kL};
  const std::vector<int64_t> channelShape = {kC};
  const std::vector<int64_t> worldShape = {kDevices, kC};
  const std::vector<float> zeros(kC, 0.0f);
  Device devices[kDevices];

  // Forward, step 1: each device's statistics.
  for (int d = 0; d < kDevices; ++d) {
    Device& dev = devices[d];
    ret = aclrtSetDevice(d);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtSetDevice failed. ERROR: %d\n", ret); return ret);
    ret = aclrtCreateStream(&dev.stream);
    CHECK_RET(ret == ACL_SUCCESS, LOG_PRINT("aclrtCreateStream failed. ERROR: %d\n", ret); return ret);
    std::vector<float> x, dy;
    for (int64_t n = d * kLocalN; n < (d + 1) * kLocalN; ++n) {
      for (int64_t c = 0; c < kC; ++c) {
        for (int64_t l = 0; l < kL; ++l) {
          x.push_back(static_cast<float>(InputValue(n, c, l)));
          dy.push_back(static_cast<float>(GradValue(n, c, l)));
        }
      }
    }
    CHECK_RET(CreateTensor(x, localShape, ACL_FLOAT, &dev.x) == 0, return 1);
    CHECK_RET(CreateTensor(dy, localShape, ACL_FLOAT, &dev.dy) == 0, return 1);
    CHECK_RET(CreateTensor(std::vector<float>{1.5f, 0.5f, -1.0f}, channelShape, ACL_FLOAT, &dev.weight) == 0, return 1);
    CHECK_RET(CreateTensor(std::vector<float>{0.25f, -0.5f, 1.0f}, channelShape, ACL_FLOAT, &dev.bias) == 0, return 1);
    CHECK_RET(CreateTensor(zeros, channelShape, ACL_FLOAT, &dev.mean) == 0, return 1);
    CHECK_RET(CreateTensor(zeros, channelShape, ACL_FLOAT, &dev.invstd) == 0, return 1);
    CHECK_RET(CreateTensor(zeros, channelShape, ACL_FLOAT, &dev.meanAll) == 0, return 1);
    CHECK_RET(CreateTensor(zeros, channelShape, ACL_FLOAT, &dev.invstdAll) == 0, return 1);
    CHECK_RET(CreateTensor(zeros, channelShape, ACL_FLOAT, &dev.runningMean) == 0, return 1);
    CHECK_RET(CreateTensor(std::vector<float>(kC, 1.0f), channelShape, ACL_FLOAT, &dev.runningVar) == 0, return 1);
    CHECK_RET(CreateTensor(std::vector<float>(kDevices * kC, 0.0f), worldShape, ACL_FLOAT, &dev.meanAllDevices) == 0,
              return 1);
    CHECK_RET(CreateTensor(std::vector<float>(kDevices * kC, 0.0f), worldShape, ACL_FLOAT, &dev.invstdAllDevices) == 0,
              return 1);
    CHECK_RET(CreateTensor(std::vector<float>(kDevices, static_cast<float>(kLocalN * kL)), {kDevices}, ACL_FLOAT,
                           &dev.counts) == 0,
              return 1);
    CHECK_RET(CreateTensor(std::vector<float>(kLocalN * kC * kL, 0.0f), localShape, ACL_FLOAT, &dev.y) == 0, return 1);
    CHECK_RET(CreateTensor(zeros, channelShape, ACL_FLOAT, &dev.sumDy) == 0, return 1);
    CHECK_RET(CreateTensor(zeros, channelShape, ACL_FLOAT, &dev.sumDyXmu) == 0, return 1);
    CHECK_RET(CreateTensor(zeros, channelShape, ACL_FLOAT, &dev.gradWeight) == 0, return 1);
    CHECK_RET(CreateTensor(zeros, channelShape, ACL_FLOAT, &dev.gradBias) == 0, return 1);
    CHECK_RET(CreateTensor(zeros, channelShape, ACL_FLOAT, &dev.sumDyAll) == 0, return 1);
    CHECK_RET(CreateTensor(zeros, channelShape, ACL_FLOAT, &dev.sumDyXmuAll) == 0, return 1);
    CHECK_RET(CreateTensor(std::vector<int32_t>(kDevices, static_cast<int32_t>(kLocalN * kL)), {kDevices}, ACL_INT32,
                           &dev.counter) == 0,
              return 1);
    CHECK_RET(CreateTensor(std::vector<float>(kLocalN * kC * kL, 0.0f), localShape, ACL_FLOAT, &dev.gradInput) == 0,
              return 1);

    uint64_t workspaceSize = 0;
    aclOpExecutor* executor = nullptr;
    ret = aclnnBatchNormStatsGetWorkspaceSize(dev.x.tensor, kEps, dev.mean.tensor, dev.invstd.tensor, &workspaceSize,
                                              &executor);
    CHECK_RET(RunOp("aclnnBatchNormStats", ret, workspaceSize, executor, aclnnBatchNormStats, dev.stream) == 0,
              return 1);
  }

  // All-gather of the statistics (through the host here).
  std::vector<float> allMean, allInvstd;
  for (int d = 0; d < kDevices; ++d) {
    aclrtSetDevice(d);
    auto m = ReadTensor(devices[d].mean);
    auto s = ReadTensor(devices[d].invstd);
    allMean.insert(allMean.end(), m.begin(), m.end());
    allInvstd.insert(allInvstd.end(), s.begin(), s.end());
  }

  // Forward, steps 2 and 3: the global statistics, then the normalization, on every device.
  for (int d = 0; d < kDevices; ++d) {
    Device& dev = devices[d];
    aclrtSetDevice(d);
    WriteTensor(dev.meanAllDevices, allMean);
    WriteTensor(dev.invstdAllDevices, allInvstd);
    uint64_t workspaceSize = 0;
    aclOpExecutor* executor = nullptr;
    ret = aclnnBatchNormGatherStatsWithCountsGetWorkspaceSize(
        dev.x.tensor, dev.meanAllDevices.tensor, dev.invstdAllDevices.tensor, dev.runningMean.tensor,
        dev.runningVar.tensor, kMomentum, kEps, dev.counts.tensor, dev.meanAll.tensor, dev.invstdAll.tensor,
        &workspaceSize, &executor);
    CHECK_RET(RunOp("aclnnBatchNormGatherStatsWithCounts", ret, workspaceSize, executor,
                    aclnnBatchNormGatherStatsWithCounts, dev.stream) == 0,
              return 1);
    ret = aclnnBatchNormElemtGetWorkspaceSize(dev.x.tensor, dev.weight.tensor, dev.bias.tensor, dev.meanAll.tensor,
                                              dev.invstdAll.tensor, kEps, dev.y.tensor, &workspaceSize, &executor);
    CHECK_RET(RunOp("aclnnBatchNormElemt", ret, workspaceSize, executor, aclnnBatchNormElemt, dev.stream) == 0,
              return 1);
    // Backward, step 1: each device's gradient sums.
    ret = aclnnBatchNormReduceBackwardGetWorkspaceSize(
        dev.dy.tensor, dev.x.tensor, dev.meanAll.tensor, dev.invstdAll.tensor, dev.weight.tensor, true, true, true,
        dev.sumDy.tensor, dev.sumDyXmu.tensor, dev.gradWeight.tensor, dev.gradBias.tensor, &workspaceSize, &executor);
    CHECK_RET(RunOp("aclnnBatchNormReduceBackward", ret, workspaceSize, executor, aclnnBatchNormReduceBackward,
                    dev.stream) == 0,
              return 1);
  }

  // All-reduce of the sums (through the host here).
  std::vector<float> sumDy(kC, 0.0f), sumDyXmu(kC, 0.0f), gradWeight(kC, 0.0f), gradBias(kC, 0.0f);
  for (int d = 0; d < kDevices; ++d) {
    aclrtSetDevice(d);
    auto a = ReadTensor(devices[d].sumDy);
    auto b = ReadTensor(devices[d].sumDyXmu);
    auto w = ReadTensor(devices[d].gradWeight);
    auto g = ReadTensor(devices[d].gradBias);
    for (int64_t c = 0; c < kC; ++c) {
      sumDy[c] += a[c];
      sumDyXmu[c] += b[c];
      gradWeight[c] += w[c];
      gradBias[c] += g[c];
    }
  }

  // Backward, step 2: the input gradient on every device.
  for (int d = 0; d < kDevices; ++d) {
    Device& dev = devices[d];
    aclrtSetDevice(d);
    WriteTensor(dev.sumDyAll, sumDy);
    WriteTensor(dev.sumDyXmuAll, sumDyXmu);
    uint64_t workspaceSize = 0;
    aclOpExecutor* executor = nullptr;
    ret = aclnnBatchNormElemtBackwardGetWorkspaceSize(
        dev.dy.tensor, dev.x.tensor, dev.meanAll.tensor, dev.invstdAll.tensor, dev.weight.tensor, dev.sumDyAll.tensor,
        dev.sumDyXmuAll.tensor, dev.counter.tensor, dev.gradInput.tensor, &workspaceSize, &executor);
    CHECK_RET(RunOp("aclnnBatchNormElemtBackward", ret, workspaceSize, executor, aclnnBatchNormElemtBackward,
                    dev.stream) == 0,
              return 1);
  }

  // The results: y and gradInput of the whole batch (device 0's half, then device 1's), then the
  // all-reduced gradWeight and gradBias, then device 0's running statistics.
  std::vector<float> results;
  for (int d = 0; d < kDevices; ++d) {
    aclrtSetDevice(d);
    auto y = ReadTensor(devices[d].y);
    results.insert(results.end(), y.begin(), y.end());
  }
  for (int d = 0; d < kDevices; ++d) {
    aclrtSetDevice(d);
    auto g = ReadTensor(devices[d].gradInput);
    results.insert(results.end(), g.begin(), g.end());
  }
  results.insert(results.end(), gradWeight.begin(), gradWeight.end());
  results.insert(results.end(), gradBias.begin(), gradBias.end());
  aclrtSetDevice(0);
  auto rm = ReadTensor(devices[0].runningMean);
  auto rv = ReadTensor(devices[0].runningVar);
  results.insert(results.end(), rm.begin(), rm.end());
  results.insert(results.end(), rv.begin(), rv.end());
  for (size_t i = 0; i < results.size(); i++) {
    LOG_PRINT("result[%zu] is: %f\n", i, results[i]);
  }

  for (int d = 0; d < kDevices; ++d) {
    Device& dev = devices[d];
    aclrtSetDevice(d);
    for (Tensor* t : {&dev.x, &dev.dy, &dev.weight, &dev.bias, &dev.mean, &dev.invstd, &dev.meanAll, &dev.invstdAll,
                      &dev.runningMean, &dev.runningVar, &dev.meanAllDevices, &dev.invstdAllDevices, &dev.counts,
                      &dev.y, &dev.sumDy, &dev.sumDyXmu, &dev.gradWeight, &dev.gradBias, &dev.sumDyAll,
                      &dev.sumDyXmuAll, &dev.counter, &dev.gradInput}) {
      FreeTensor(t);
    }
    aclrtDestroyStream(dev.stream);
    aclrtResetDevice(d);
  }
  aclFinalize();
  return 0;
}
