// The fuzzer's SyncBatchNorm cases (fuzz_op_call.h): aclnnBatchNormGatherStatsWithCounts,
// aclnnBatchNormElemt and aclnnBatchNormElemtBackward with random ranks, channels, layouts,
// dtypes (each channel vector its own) and optional tensors, valid or broken in one way whose
// code the op's header names.
#include "aclnnop/aclnn_batch_norm_backward_reduce.h"
#include "aclnnop/aclnn_batch_norm_elemt.h"
#include "aclnnop/aclnn_batch_norm_elemt_backward.h"
#include "aclnnop/aclnn_batch_norm_gather_stats_with_counts.h"
#include "aclnnop/aclnn_batch_norm_stats.h"

#include "fuzz/fuzz_op_call.h"

#include <algorithm>

namespace aclemu::fuzz {
namespace {

constexpr unsigned kChecked = kViewChecked | kDtypeChecked | kDeviceChecked;

// [N, C, *] of rank 2 to 8 with C >= 1; N = 0 one time in ten.
std::vector<int64_t> channel_dims(Choices& c) {
    std::vector<int64_t> dims = random_dims(c, c.range(2, 8), element_budget(c));
    dims[1] = std::max<int64_t>(dims[1], 1);
    if (c.chance(1, 10)) {
        dims[0] = 0;
    }
    return dims;
}

// Argument i as a [C] vector of its own value dtype and a public format.
void channel_vector(Choices& c, OpCall& call, size_t i, int64_t channels, ValueKind kind) {
    TensorSpec& s = call.args[i].tensor->spec;
    s.dims = {channels};
    s.dtype = c.pick(kValueDtypes);
    s.format = c.pick(kPublicFormats);
    random_layout(c, &s, (call.args[i].flags & kOutput) != 0);
    call.args[i].tensor->fill(c, kind);
}

// A channel vector i that is not [C].
void break_channel_vector(Choices& c, OpCall& call, size_t i, int64_t channels, Report& report) {
    report.note("break: %s is not [C]", call.args[i].name.c_str());
    TensorSpec& s = call.args[i].tensor->spec;
    s.dims =
        c.chance(1, 2) ? std::vector<int64_t>{channels + 1} : std::vector<int64_t>{1, channels};
    random_layout(c, &s, (call.args[i].flags & kOutput) != 0);
    call.args[i].tensor->fill(c, ValueKind::Positive);
    call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
}

// Element k's channel in a row-major [N, C, *] view.
int64_t channel_of(size_t k, const std::vector<int64_t>& dims) {
    int64_t inner = 1;
    for (size_t d = 2; d < dims.size(); ++d) {
        inner *= dims[d];
    }
    return (static_cast<int64_t>(k) / inner) % dims[1];
}

// The values of channel vector i, or `absent` for each channel when it is not given.
std::vector<double> channel_values(const OpCall& call, size_t i, int64_t channels, double absent) {
    if (call.args[i].pass_null) {
        return std::vector<double>(static_cast<size_t>(channels), absent);
    }
    return view_values(*call.args[i].tensor);
}

}  // namespace

void build_batch_norm_gather_stats(Choices& c, OpCall& call, Report& report) {
    call.api = "aclnnBatchNormGatherStatsWithCounts";
    const double momentum = c.pick({0.0, 0.1, 0.5, 1.0});
    const double eps = c.pick({1e-5, 1e-3});
    report.note("momentum %g eps %g", momentum, eps);
    // input gives C only: its data is never read, its view never checked.
    call.add("input", kRequired | kDtypeChecked);
    call.add("mean", kRequired | kChecked);
    call.add("invstd", kRequired | kChecked);
    call.add("runningMean", kChecked | kOutput);
    call.add("runningVar", kChecked | kOutput);
    call.add("counts", kRequired | kChecked);
    call.add("meanAll", kRequired | kChecked | kOutput, 0);
    call.add("invstdAll", kRequired | kChecked | kOutput, 1);
    const std::vector<int64_t> dims = channel_dims(c);
    const int64_t channels = dims[1];
    const int64_t world = c.range(0, 4);
    TensorSpec& input = call.args[0].tensor->spec;
    input.dims = dims;
    input.dtype = c.pick(kValueDtypes);
    input.format = c.pick(kPublicFormats);
    random_layout(c, &input, false);
    call.args[0].tensor->fill(c, ValueKind::Any);
    for (size_t i : {1, 2}) {
        TensorSpec& s = call.args[i].tensor->spec;
        s.dims = {world, channels};
        s.dtype = c.pick(kValueDtypes);
        s.format = c.pick(kPublicFormats);
        random_layout(c, &s, false);
        call.args[i].tensor->fill(c, i == 1 ? ValueKind::Any : ValueKind::Positive);
    }
    for (size_t i : {3, 4, 6, 7}) {
        channel_vector(c, call, i, channels, i == 4 ? ValueKind::Positive : ValueKind::Any);
    }
    TensorSpec& counts = call.args[5].tensor->spec;
    counts.dims = {world};
    counts.dtype = c.pick(kValueDtypes);
    counts.format = c.pick(kPublicFormats);
    random_layout(c, &counts, false);
    call.args[5].tensor->fill(c, ValueKind::Count);
    call.args[3].pass_null = c.chance(1, 3);
    call.args[4].pass_null = c.chance(1, 3);
    // A repeatable executor would update the running statistics twice.
    call.in_place = !call.args[3].pass_null || !call.args[4].pass_null;
    switch (c.range(0, 24)) {
        case 0: {
            const size_t i = c.pick<size_t>({1, 2});
            report.note("break: %s is not 2-D", call.args[i].name.c_str());
            TensorSpec& s = call.args[i].tensor->spec;
            s.dims = c.chance(1, 2) ? std::vector<int64_t>{world * channels}
                                    : std::vector<int64_t>{world, channels, 1};
            random_layout(c, &s, false);
            call.args[i].tensor->fill(c, ValueKind::Positive);
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        }
        case 1: {
            const size_t i = c.pick<size_t>({2, 5});
            report.note("break: %s's first dim is not W", call.args[i].name.c_str());
            TensorSpec& s = call.args[i].tensor->spec;
            s.dims[0] = world + 1;
            random_layout(c, &s, false);
            call.args[i].tensor->fill(c, ValueKind::Count);
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        }
        case 2: {
            const size_t i = c.pick<size_t>({1, 2});
            report.note("break: %s's C differs from input's", call.args[i].name.c_str());
            TensorSpec& s = call.args[i].tensor->spec;
            s.dims[1] = channels + 1;
            random_layout(c, &s, false);
            call.args[i].tensor->fill(c, ValueKind::Positive);
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        }
        case 3: {
            const size_t i = c.pick<size_t>({3, 4, 6, 7});
            call.args[i].pass_null = false;
            call.in_place = true;
            break_channel_vector(c, call, i, channels, report);
            break;
        }
        case 4:
            report.note("break: counts is not 1-D");
            counts.dims = {world, 1};
            random_layout(c, &counts, false);
            call.args[5].tensor->fill(c, ValueKind::Count);
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        case 5: {
            const size_t i = c.pick<size_t>({0, 1, 2, 5});
            report.note("break: %s has a private format", call.args[i].name.c_str());
            call.args[i].tensor->spec.format = c.pick(kPrivateFormats);
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        }
        case 6:
            report.note("break: input's rank is outside [2, 8]");
            input.dims = c.chance(1, 2) ? std::vector<int64_t>{channels} : random_dims(c, 9, 512);
            random_layout(c, &input, false);
            call.args[0].tensor->fill(c, ValueKind::Any);
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        default:
            break;
    }
    call.phase1 = [&call, momentum, eps](uint64_t* ws, aclOpExecutor** exec) {
        return aclnnBatchNormGatherStatsWithCountsGetWorkspaceSize(call.handle(0),
                                                                   call.handle(1),
                                                                   call.handle(2),
                                                                   call.handle(3),
                                                                   call.handle(4),
                                                                   momentum,
                                                                   eps,
                                                                   call.handle(5),
                                                                   call.handle(6),
                                                                   call.handle(7),
                                                                   ws,
                                                                   exec);
    };
    call.phase2 = aclnnBatchNormGatherStatsWithCounts;
    call.other_phase2 = aclnnBatchNormStats;
    call.verify = [&call, momentum, eps](Report& r, std::vector<std::vector<bool>>* written) {
        const int64_t w_count = call.args[1].tensor->spec.dims[0];
        const int64_t channels = call.args[1].tensor->spec.dims[1];
        const std::vector<double> mean = view_values(*call.args[1].tensor);
        const std::vector<double> invstd = view_values(*call.args[2].tensor);
        const std::vector<double> counts = view_values(*call.args[5].tensor);
        const std::vector<double> old_mean = channel_values(call, 3, channels, 0.0);
        const std::vector<double> old_var = channel_values(call, 4, channels, 0.0);
        std::vector<std::vector<Expected>> expected(4);
        for (int64_t ch = 0; ch < channels; ++ch) {
            std::vector<double> m;
            std::vector<double> s;
            for (int64_t w = 0; w < w_count; ++w) {
                m.push_back(mean[static_cast<size_t>(w * channels + ch)]);
                s.push_back(invstd[static_cast<size_t>(w * channels + ch)]);
            }
            const GatheredStats g = batch_norm_gather_channel(m,
                                                              s,
                                                              counts,
                                                              momentum,
                                                              eps,
                                                              old_mean[static_cast<size_t>(ch)],
                                                              old_var[static_cast<size_t>(ch)]);
            expected[0].push_back(g.running_mean);
            expected[1].push_back(g.running_var);
            expected[2].push_back(g.mean);
            expected[3].push_back(g.invstd);
        }
        for (size_t o = 0; o < 4; ++o) {
            const size_t i = 3 + o + (o >= 2 ? 1 : 0);
            // No devices: the running statistics stay as they were (checked as untouched).
            if (call.args[i].pass_null || (o < 2 && w_count == 0)) {
                continue;
            }
            check_output(r, call.args[i].name, *call.args[i].tensor, expected[o], &(*written)[i]);
        }
    };
}

void build_batch_norm_elemt(Choices& c, OpCall& call, Report& report) {
    call.api = "aclnnBatchNormElemt";
    const double eps = c.pick({1e-5, 0.1, -1.0});  // accepted, unused
    // NULL input, mean, invstd or output is 161002 for this op (not kRequired's 161001).
    call.add("input", kChecked);
    call.add("weight", kChecked);
    call.add("bias", kChecked);
    call.add("mean", kChecked);
    call.add("invstd", kChecked);
    call.add("output", kChecked | kOutput, 0);
    const std::vector<int64_t> dims = channel_dims(c);
    const int64_t channels = dims[1];
    const int dtype = c.pick(kValueDtypes);
    const int format = c.pick(kPublicFormats);
    for (size_t i : {0, 5}) {
        TensorSpec& s = call.args[i].tensor->spec;
        s.dims = dims;
        s.dtype = dtype;
        s.format = format;
        random_layout(c, &s, i == 5);
        call.args[i].tensor->fill(c, ValueKind::Any);
    }
    for (size_t i : {1, 2, 3, 4}) {
        channel_vector(c, call, i, channels, i == 4 ? ValueKind::Positive : ValueKind::Any);
    }
    call.args[1].pass_null = c.chance(1, 3);
    call.args[2].pass_null = c.chance(1, 3);
    switch (c.range(0, 24)) {
        case 0: {
            const size_t i = c.pick<size_t>({0, 3, 4, 5});
            report.note("break: %s is NULL", call.args[i].name.c_str());
            call.args[i].pass_null = true;
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        }
        case 1:
            report.note("break: rank outside [2, 8]");
            for (size_t i : {0, 5}) {
                TensorSpec& s = call.args[i].tensor->spec;
                s.dims = c.chance(1, 2) ? std::vector<int64_t>{channels} : random_dims(c, 9, 512);
                random_layout(c, &s, i == 5);
                call.args[i].tensor->fill(c, ValueKind::Any);
            }
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        case 2:
            report.note("break: output's format differs from input's");
            call.args[5].tensor->spec.format =
                format == ACL_FORMAT_ND ? ACL_FORMAT_NCHW : ACL_FORMAT_ND;
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        case 3:
            report.note("break: input and output have a private format");
            call.args[0].tensor->spec.format = c.pick(kPrivateFormats);
            call.args[5].tensor->spec.format = call.args[0].tensor->spec.format;
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        case 4:
            report.note("break: output's shape differs from input's");
            break_shape(c, call, 5);
            break;
        case 5:
            report.note("break: C = 0");
            for (size_t i : {0, 5}) {
                TensorSpec& s = call.args[i].tensor->spec;
                s.dims[1] = 0;
                random_layout(c, &s, i == 5);
                call.args[i].tensor->fill(c, ValueKind::Any);
            }
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        case 6: {
            const size_t i = c.pick<size_t>({1, 2, 3, 4});
            call.args[i].pass_null = false;
            break_channel_vector(c, call, i, channels, report);
            break;
        }
        case 7:
            report.note("break: output's dtype differs from input's");
            call.args[5].tensor->spec.dtype = dtype == ACL_BF16 ? ACL_FLOAT : ACL_BF16;
            call.args[5].tensor->fill(c, ValueKind::Any);
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        default:
            break;
    }
    call.phase1 = [&call, eps](uint64_t* ws, aclOpExecutor** exec) {
        return aclnnBatchNormElemtGetWorkspaceSize(call.handle(0),
                                                   call.handle(1),
                                                   call.handle(2),
                                                   call.handle(3),
                                                   call.handle(4),
                                                   eps,
                                                   call.handle(5),
                                                   ws,
                                                   exec);
    };
    call.phase2 = aclnnBatchNormElemt;
    call.other_phase2 = aclnnBatchNormElemtBackward;
    call.verify = [&call](Report& r, std::vector<std::vector<bool>>* written) {
        const std::vector<int64_t>& dims = call.args[0].tensor->spec.dims;
        const std::vector<double> x = view_values(*call.args[0].tensor);
        const int64_t channels = dims[1];
        const std::vector<double> weight = channel_values(call, 1, channels, 1.0);
        const std::vector<double> bias = channel_values(call, 2, channels, 0.0);
        const std::vector<double> mean = channel_values(call, 3, channels, 0.0);
        const std::vector<double> invstd = channel_values(call, 4, channels, 0.0);
        std::vector<Expected> expected(x.size());
        for (size_t k = 0; k < x.size(); ++k) {
            const auto ch = static_cast<size_t>(channel_of(k, dims));
            expected[k] = batch_norm_elemt(x[k], mean[ch], invstd[ch], weight[ch], bias[ch]);
        }
        check_output(r, "output", *call.args[5].tensor, expected, &(*written)[5]);
    };
}

void build_batch_norm_elemt_backward(Choices& c, OpCall& call, Report& report) {
    call.api = "aclnnBatchNormElemtBackward";
    call.add("gradOut", kRequired | kChecked);
    call.add("input", kRequired | kChecked);
    call.add("mean", kRequired | kChecked);
    call.add("invstd", kRequired | kChecked);
    call.add("weight", kChecked);
    call.add("sumDy", kRequired | kChecked);
    call.add("sumDyXmu", kRequired | kChecked);
    // FLOAT, FLOAT16 or INT32 (whole counts; the fuzzer fills the floating ones).
    call.add("counter", kRequired | kChecked).unsupported = {
        ACL_BF16, ACL_DOUBLE, ACL_BOOL, ACL_INT8, ACL_INT64, ACL_UINT8, ACL_COMPLEX64};
    call.add("gradInput", kRequired | kChecked | kOutput, 0);
    const std::vector<int64_t> dims = channel_dims(c);
    const int64_t channels = dims[1];
    const int dtype = c.pick(kValueDtypes);
    for (size_t i : {0, 1, 8}) {
        TensorSpec& s = call.args[i].tensor->spec;
        s.dims = dims;
        s.dtype = dtype;
        s.format = c.pick(kPublicFormats);
        random_layout(c, &s, i == 8);
        call.args[i].tensor->fill(c, ValueKind::Any);
    }
    for (size_t i : {2, 3, 4, 5, 6}) {
        channel_vector(c, call, i, channels, i == 3 ? ValueKind::Positive : ValueKind::Any);
    }
    call.args[4].pass_null = c.chance(1, 3);
    TensorSpec& counter = call.args[7].tensor->spec;
    counter.dims = {c.range(1, 4)};
    counter.dtype = c.pick({ACL_FLOAT, ACL_FLOAT16});
    counter.format = c.pick(kPublicFormats);
    random_layout(c, &counter, false);
    call.args[7].tensor->fill(c, ValueKind::Count);
    switch (c.range(0, 24)) {
        case 0:
            report.note("break: input's rank is outside [2, 8]");
            for (size_t i : {0, 1, 8}) {
                TensorSpec& s = call.args[i].tensor->spec;
                s.dims = c.chance(1, 2) ? std::vector<int64_t>{channels} : random_dims(c, 9, 512);
                random_layout(c, &s, i == 8);
                call.args[i].tensor->fill(c, ValueKind::Any);
            }
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        case 1:
            report.note("break: C = 0");
            for (size_t i : {0, 1, 8}) {
                TensorSpec& s = call.args[i].tensor->spec;
                s.dims[1] = 0;
                random_layout(c, &s, i == 8);
                call.args[i].tensor->fill(c, ValueKind::Any);
            }
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        case 2:
            report.note("break: gradOut's or gradInput's shape differs from input's");
            break_shape(c, call, c.pick<size_t>({0, 8}));
            break;
        case 3: {
            const size_t i = c.pick<size_t>({2, 3, 4, 5, 6});
            call.args[i].pass_null = false;
            break_channel_vector(c, call, i, channels, report);
            break;
        }
        case 4: {
            const size_t i = c.pick<size_t>({0, 8});
            report.note("break: dtype of %s differs from input's", call.args[i].name.c_str());
            call.args[i].tensor->spec.dtype = dtype == ACL_FLOAT ? ACL_FLOAT16 : ACL_FLOAT;
            call.args[i].tensor->fill(c, ValueKind::Any);
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        }
        case 5: {
            const size_t i = c.pick<size_t>({0, 1, 8});
            report.note("break: %s has a private format", call.args[i].name.c_str());
            call.args[i].tensor->spec.format = c.pick(kPrivateFormats);
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        }
        default:
            break;
    }
    call.phase1 = [&call](uint64_t* ws, aclOpExecutor** exec) {
        return aclnnBatchNormElemtBackwardGetWorkspaceSize(call.handle(0),
                                                           call.handle(1),
                                                           call.handle(2),
                                                           call.handle(3),
                                                           call.handle(4),
                                                           call.handle(5),
                                                           call.handle(6),
                                                           call.handle(7),
                                                           call.handle(8),
                                                           ws,
                                                           exec);
    };
    call.phase2 = aclnnBatchNormElemtBackward;
    call.other_phase2 = aclnnBatchNormReduceBackward;
    call.verify = [&call](Report& r, std::vector<std::vector<bool>>* written) {
        const std::vector<int64_t>& dims = call.args[1].tensor->spec.dims;
        const std::vector<double> dy = view_values(*call.args[0].tensor);
        const std::vector<double> x = view_values(*call.args[1].tensor);
        double n = 0.0;
        for (double v : view_values(*call.args[7].tensor)) {
            n += v;
        }
        const int64_t channels = dims[1];
        const std::vector<double> mean = channel_values(call, 2, channels, 0.0);
        const std::vector<double> invstd = channel_values(call, 3, channels, 0.0);
        const std::vector<double> weight = channel_values(call, 4, channels, 1.0);
        const std::vector<double> sum_dy = channel_values(call, 5, channels, 0.0);
        const std::vector<double> sum_dy_xmu = channel_values(call, 6, channels, 0.0);
        std::vector<Expected> expected(x.size());
        for (size_t k = 0; k < x.size(); ++k) {
            const auto ch = static_cast<size_t>(channel_of(k, dims));
            expected[k] = batch_norm_elemt_backward(
                dy[k], x[k], mean[ch], invstd[ch], weight[ch], sum_dy[ch], sum_dy_xmu[ch], n);
        }
        check_output(r, "gradInput", *call.args[8].tensor, expected, &(*written)[8]);
    };
}

}  // namespace aclemu::fuzz
