// The four operators' results in double precision, written here from the spec
// (op_semantics.md, DESIGN.md "Where sources disagree"), sharing nothing with the library's
// functors. Each returns the exact value and a bound on what computing it in fp32 may add
// (`error`); fuzz_tensor.h's within() then accepts any fp32 result within that bound once
// rounded to the output dtype.
#pragma once

#include <cstdint>
#include <vector>

namespace aclemu::fuzz {

struct Expected {
    double value = 0.0;
    double error = 0.0;
    bool checked = true;  // false: the spec leaves the fp32 result open (an ambiguous bin edge)
};

/// gradOutput / (1 + e^self).
Expected log_sigmoid_backward(double dy, double x);

/// LogitGrad's range rule with eps narrowed to float (op_semantics.md §3.3).
Expected logit_grad(double x, double dy, double eps);

/// One channel of BatchNormReduceBackward: dy and x over the channel's elements.
struct BatchNormSums {
    Expected sum_dy, sum_dy_xmu, grad_weight;
};
BatchNormSums batch_norm_channel(const std::vector<double>& dy,
                                 const std::vector<double>& x,
                                 double mean,
                                 double invstd);

/// UpsampleNearestExact1dBackward for one (n, c) row: out[i] for i < l_in from the row of
/// grad_output (l_out values); scales as given to the operator.
std::vector<Expected> upsample_row(const std::vector<double>& grad_output,
                                   int64_t l_in,
                                   double scales);

// The forwards and the arithmetic (the operators around the four), same conventions.

/// 1 / (1 + e^-x).
Expected sigmoid(double x);

/// dy * (1 - y) * y.
Expected sigmoid_backward(double dy, double y);

/// log(sigmoid(x)) = min(x, 0) - log1p(e^-|x|).
Expected log_sigmoid(double x);

/// log(z / (1 - z)), z = x clamped to [eps, 1 - eps] in fp32 when eps (narrowed to float) >= 0.
Expected logit(double x, double eps);

/// self + alpha * other (Add) in fp32, the product rounded before the sum.
Expected add(double self, double other, double alpha);

/// self * other (Mul) in fp32.
Expected mul(double self, double other);

/// BatchNormStats of one channel: mean and invstd = 1 / sqrt(biased variance + eps), eps
/// narrowed to float; no elements: mean 0, invstd NaN.
struct ChannelStats {
    Expected mean, invstd;
};
ChannelStats batch_norm_stats_channel(const std::vector<double>& x, double eps);

/// UpsampleNearestExact1d for one (n, c) row: out[j] for j < l_out is the input whose bin of
/// the backward (upsample_row) holds j, or the last input past the last bin. A copy: error 0;
/// unchecked where j lies next to a bin edge fp32 may place either way.
std::vector<Expected> upsample_forward_row(const std::vector<double>& self,
                                           int64_t l_out,
                                           double scales);

/// BatchNormGatherStatsWithCounts of one channel over W devices' (mean, invstd, count): the
/// merged mean, invstd = 1 / sqrt(merged biased variance + eps) and the running statistics
/// (1 - momentum) * old + momentum * (mean, unbiased variance); eps and momentum narrowed to
/// float, each device's variance 1 / invstd^2 - eps. W = 0: mean 0, invstd NaN.
struct GatheredStats {
    Expected mean, invstd, running_mean, running_var;
};
GatheredStats batch_norm_gather_channel(const std::vector<double>& mean,
                                        const std::vector<double>& invstd,
                                        const std::vector<double>& counts,
                                        double momentum,
                                        double eps,
                                        double old_mean,
                                        double old_var);

/// BatchNormElemt: (x - mean) * invstd * weight + bias.
Expected batch_norm_elemt(double x, double mean, double invstd, double weight, double bias);

/// BatchNormElemtBackward with n = the sum of the counter:
/// (dy - sum_dy / n - (x - mean) * invstd^2 * sum_dy_xmu / n) * invstd * weight.
Expected batch_norm_elemt_backward(double dy,
                                   double x,
                                   double mean,
                                   double invstd,
                                   double weight,
                                   double sum_dy,
                                   double sum_dy_xmu,
                                   double n);

}  // namespace aclemu::fuzz
