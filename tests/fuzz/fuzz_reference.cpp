// The fuzzer's double-precision references (fuzz_reference.h).
#include "fuzz/fuzz_reference.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace aclemu::fuzz {
namespace {

// One rounding of fp32 arithmetic, relative.
constexpr double kFloatUnit = 1.0 / 16777216.0;  // 2^-24
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Error of an fp32 sum of `terms` in any order: at most (n - 1) roundings of partial sums, each
// within 2^-24 of the sum of the magnitudes so far.
double sum_error(const std::vector<double>& terms) {
    double magnitude = 0.0;
    for (double t : terms) {
        magnitude += std::fabs(t);
    }
    return static_cast<double>(terms.size() + 1) * kFloatUnit * magnitude + 1e-40;
}

// ceil(i * s - 0.5) as fp32 code may evaluate it: separately rounded, fused, or exactly. An
// edge is certain when all three agree.
bool bin_edge(int64_t i, float s, int64_t* edge) {
    const float fi = static_cast<float>(i);
    const double exact = std::ceil(static_cast<double>(fi) * static_cast<double>(s) - 0.5);
    const double separate = std::ceil(static_cast<double>(fi * s - 0.5f));
    const double fused = std::ceil(static_cast<double>(std::fma(fi, s, -0.5f)));
    *edge = static_cast<int64_t>(exact);
    return exact == separate && exact == fused;
}

}  // namespace

Expected log_sigmoid_backward(double dy, double x) {
    Expected e;
    e.value = dy / (1.0 + std::exp(x));
    // exp within 1 ulp, a few roundings around it; results that are fp32 subnormals lose bits.
    e.error = 8 * kFloatUnit * std::fabs(e.value) + std::fabs(dy) * 1e-44;
    return e;
}

Expected logit_grad(double x, double dy, double eps) {
    const float e = static_cast<float>(eps);
    float lo = 0.0f;
    float hi = 1.0f;
    double fill = kNaN;
    if (e >= 0.0f) {
        lo = e;
        hi = 1.0f - e;
        fill = 0.0;
    }
    const auto xf = static_cast<float>(x);
    Expected out;
    if (!(xf >= lo && xf <= hi)) {
        out.value = fill;
        return out;
    }
    const double t = x * ((-x) + 1.0);
    out.value = dy / t;
    out.error = 4 * kFloatUnit * std::fabs(out.value);
    if (std::fabs(t) < 1e-37) {
        // x(1 - x) is an fp32 subnormal or zero: its few bits decide the quotient.
        out.checked = t == 0.0;
    }
    return out;
}

BatchNormSums batch_norm_channel(const std::vector<double>& dy,
                                 const std::vector<double>& x,
                                 double mean,
                                 double invstd) {
    BatchNormSums s;
    std::vector<double> xmu_terms(dy.size());
    for (size_t k = 0; k < dy.size(); ++k) {
        s.sum_dy.value += dy[k];
        xmu_terms[k] = dy[k] * (x[k] - mean);
        s.sum_dy_xmu.value += xmu_terms[k];
    }
    s.sum_dy.error = sum_error(dy);
    // x - mean and the product round too: two more units per term.
    s.sum_dy_xmu.error = sum_error(xmu_terms) * 3;
    s.grad_weight.value = s.sum_dy_xmu.value * invstd;
    s.grad_weight.error = std::fabs(invstd) * s.sum_dy_xmu.error
                          + 2 * kFloatUnit * std::fabs(s.grad_weight.value) + 1e-40;
    return s;
}

std::vector<Expected> upsample_row(const std::vector<double>& grad_output,
                                   int64_t l_in,
                                   double scales) {
    const auto l_out = static_cast<int64_t>(grad_output.size());
    const float s = scales > 0 ? static_cast<float>(scales)
                               : static_cast<float>(l_out) / static_cast<float>(l_in);
    std::vector<int64_t> edges(static_cast<size_t>(l_in + 1));
    std::vector<bool> certain(static_cast<size_t>(l_in + 1));
    for (int64_t i = 0; i <= l_in; ++i) {
        int64_t edge = 0;
        certain[static_cast<size_t>(i)] = bin_edge(i, s, &edge);
        edges[static_cast<size_t>(i)] = std::clamp<int64_t>(edge, 0, l_out);
    }
    std::vector<Expected> out(static_cast<size_t>(l_in));
    for (int64_t i = 0; i < l_in; ++i) {
        const auto k = static_cast<size_t>(i);
        std::vector<double> terms;
        for (int64_t j = edges[k]; j < edges[k + 1]; ++j) {
            terms.push_back(grad_output[static_cast<size_t>(j)]);
        }
        for (double t : terms) {
            out[k].value += t;
        }
        out[k].error = sum_error(terms);
        out[k].checked = certain[k] && certain[k + 1];
    }
    return out;
}

Expected sigmoid(double x) {
    Expected e;
    e.value = 1.0 / (1.0 + std::exp(-x));
    // exp within an ulp, a sum and a quotient; tiny results (x < -87) are fp32 subnormals.
    e.error = 8 * kFloatUnit * std::fabs(e.value) + 1e-44;
    return e;
}

Expected sigmoid_backward(double dy, double y) {
    Expected e;
    e.value = dy * (1.0 - y) * y;
    // 1 - y rounds (relative to 1, not to 1 - y), then two products.
    e.error = 4 * kFloatUnit * (std::fabs(e.value) + std::fabs(dy * y)) + 1e-44;
    return e;
}

Expected log_sigmoid(double x) {
    Expected e;
    e.value = std::min(x, 0.0) - std::log1p(std::exp(-std::fabs(x)));
    e.error = 8 * kFloatUnit * (std::fabs(e.value) + std::fabs(x) + 1e-30) + 1e-44;
    return e;
}

Expected logit(double x, double eps) {
    const float e = static_cast<float>(eps);
    auto z = static_cast<float>(x);
    if (e >= 0.0f) {
        const float lo = e;
        const float hi = 1.0f - e;
        z = z < lo ? lo : (z > hi ? hi : z);
    }
    Expected out;
    const double zd = static_cast<double>(z);
    out.value = std::log(zd / (1.0 - zd));
    // 1 - z and the quotient round (relative to 1 and to the ratio), then the log: an absolute
    // error of a few units, more where z or 1 - z is tiny (1 - z loses z's low bits).
    out.error = 8 * kFloatUnit * (1.0 + std::fabs(out.value))
                + (zd > 0.0 && zd < 1.0 ? kFloatUnit / std::min(zd, 1.0 - zd) : 0.0);
    return out;
}

Expected add(double self, double other, double alpha) {
    Expected e;
    const double product = static_cast<double>(static_cast<float>(alpha)) * other;
    e.value = self + product;
    e.error = 2 * kFloatUnit * (std::fabs(product) + std::fabs(e.value)) + 1e-44;
    return e;
}

Expected mul(double self, double other) {
    Expected e;
    e.value = self * other;
    e.error = kFloatUnit * std::fabs(e.value) + 1e-44;
    return e;
}

ChannelStats batch_norm_stats_channel(const std::vector<double>& x, double eps) {
    ChannelStats s;
    const auto n = static_cast<double>(x.size());
    if (x.empty()) {
        s.invstd.value = kNaN;
        return s;
    }
    for (double v : x) {
        s.mean.value += v;
    }
    s.mean.value /= n;
    s.mean.error = sum_error(x) / n + kFloatUnit * std::fabs(s.mean.value);
    std::vector<double> squares(x.size());
    double magnitude = 0.0;
    for (size_t k = 0; k < x.size(); ++k) {
        const double d = x[k] - s.mean.value;
        squares[k] = d * d;
        magnitude += std::fabs(d);
    }
    double var = 0.0;
    for (double q : squares) {
        var += q;
    }
    var /= n;
    // The squares' sum rounds, and each x - mean carries the mean's error.
    const double var_error =
        3 * sum_error(squares) / n + 2 * s.mean.error * magnitude / n + kFloatUnit * var;
    const double denom = var + static_cast<double>(static_cast<float>(eps));
    s.invstd.value = 1.0 / std::sqrt(denom);
    s.invstd.error = s.invstd.value * (0.5 * var_error / denom + 4 * kFloatUnit);
    return s;
}

std::vector<Expected> upsample_forward_row(const std::vector<double>& self,
                                           int64_t l_out,
                                           double scales) {
    const auto l_in = static_cast<int64_t>(self.size());
    const float s = scales > 0 ? static_cast<float>(scales)
                               : static_cast<float>(l_out) / static_cast<float>(l_in);
    std::vector<Expected> out(static_cast<size_t>(l_out));
    std::vector<bool> near_uncertain_edge(static_cast<size_t>(l_out));
    int64_t last_edge = 0;
    for (int64_t i = 0; i <= l_in; ++i) {
        int64_t edge = 0;
        const bool certain = bin_edge(i, s, &edge);
        edge = std::clamp<int64_t>(edge, 0, l_out);
        if (i > 0) {  // bin i - 1 is [last_edge, edge)
            for (int64_t j = last_edge; j < edge; ++j) {
                out[static_cast<size_t>(j)].value = self[static_cast<size_t>(i - 1)];
            }
        }
        if (!certain) {  // fp32 may move this edge by one either way
            for (int64_t j = std::max<int64_t>(edge - 1, 0); j <= edge + 1 && j < l_out; ++j) {
                near_uncertain_edge[static_cast<size_t>(j)] = true;
            }
        }
        last_edge = edge;
    }
    for (int64_t j = last_edge; j < l_out; ++j) {  // past the last bin: the last input
        out[static_cast<size_t>(j)].value = self.back();
    }
    for (size_t j = 0; j < out.size(); ++j) {
        out[j].checked = !near_uncertain_edge[j];
    }
    return out;
}

GatheredStats batch_norm_gather_channel(const std::vector<double>& mean,
                                        const std::vector<double>& invstd,
                                        const std::vector<double>& counts,
                                        double momentum,
                                        double eps,
                                        double old_mean,
                                        double old_var) {
    GatheredStats g;
    if (mean.empty()) {
        g.invstd.value = kNaN;
        return g;
    }
    const double e = static_cast<float>(eps);
    const double m = static_cast<float>(momentum);
    const auto world = static_cast<double>(mean.size());
    double n = 0.0;
    double sum = 0.0;
    double max_mean = 0.0;
    for (size_t w = 0; w < mean.size(); ++w) {
        n += counts[w];
        sum += counts[w] * mean[w];
        max_mean = std::max(max_mean, std::fabs(mean[w]));
    }
    g.mean.value = sum / n;
    g.mean.error = (4 * world + 4) * kFloatUnit * max_mean + 1e-44;
    double m2 = 0.0;
    double magnitude = n * max_mean * max_mean;
    for (size_t w = 0; w < mean.size(); ++w) {
        const double s = 1.0 / invstd[w];
        const double d = mean[w] - g.mean.value;
        m2 += counts[w] * (s * s - e) + counts[w] * d * d;
        magnitude += counts[w] * (s * s + e);
    }
    // Each merge rounds a handful of products and sums of terms within `magnitude`.
    const double m2_error = (16 * world + 16) * kFloatUnit * magnitude;
    const double var = m2 / n;
    const double var_error = m2_error / n + kFloatUnit * var;
    g.invstd.value = 1.0 / std::sqrt(var + e);
    g.invstd.error = g.invstd.value * (0.5 * var_error / (var + e) + 4 * kFloatUnit);
    const double keep = 1.0 - m;
    g.running_mean.value = keep * old_mean + m * g.mean.value;
    g.running_mean.error =
        4 * kFloatUnit * (std::fabs(old_mean) + std::fabs(m * g.mean.value)) + m * g.mean.error;
    const double unbiased = m2 / (n - 1.0);
    g.running_var.value = keep * old_var + m * unbiased;
    g.running_var.error = 4 * kFloatUnit * (std::fabs(old_var) + std::fabs(m * unbiased))
                          + m * (m2_error / (n - 1.0) + 2 * kFloatUnit * std::fabs(unbiased));
    return g;
}

Expected batch_norm_elemt(double x, double mean, double invstd, double weight, double bias) {
    Expected e;
    const double t = (x - mean) * invstd * weight;
    e.value = t + bias;
    e.error = 6 * kFloatUnit * (std::fabs(t) + std::fabs(bias)) + 1e-44;
    return e;
}

Expected batch_norm_elemt_backward(double dy,
                                   double x,
                                   double mean,
                                   double invstd,
                                   double weight,
                                   double sum_dy,
                                   double sum_dy_xmu,
                                   double n) {
    Expected e;
    const double a = sum_dy / n;
    const double b = (x - mean) * invstd * invstd * sum_dy_xmu / n;
    const double scale = invstd * weight;
    e.value = (dy - a - b) * scale;
    e.error =
        12 * kFloatUnit * (std::fabs(dy) + std::fabs(a) + std::fabs(b)) * std::fabs(scale) + 1e-44;
    return e;
}

}  // namespace aclemu::fuzz
