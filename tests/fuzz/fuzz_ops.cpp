// The operator cases (fuzz_ops.h). A case is built valid by construction, then at most one thing
// is broken, so the expected code is known exactly: CANN's check order decides only which
// message comes first, never whether the call fails.
#include "fuzz/fuzz_ops.h"

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_batch_norm_backward_reduce.h"
#include "aclnnop/aclnn_batch_norm_stats.h"
#include "aclnnop/aclnn_logit.h"
#include "aclnnop/aclnn_logit_grad.h"
#include "aclnnop/aclnn_logsigmoid.h"
#include "aclnnop/aclnn_logsigmoid_backward.h"
#include "aclnnop/aclnn_mul.h"
#include "aclnnop/aclnn_sigmoid.h"
#include "aclnnop/aclnn_sigmoid_backward.h"
#include "aclnnop/aclnn_upsample_nearest_exact1d_backward.h"

#include "fuzz/fuzz_op_call.h"
#include "fuzz/fuzz_reference.h"
#include "fuzz/fuzz_tensor.h"
#include "support/broadcast_index.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace aclemu::fuzz {

// ---- shared helpers (fuzz_op_call.h) -------------------------------------------------------

std::vector<int> all_formats() {
    std::vector<int> all = kPublicFormats;
    all.insert(all.end(), kPrivateFormats.begin(), kPrivateFormats.end());
    all.push_back(31);
    return all;
}

int64_t element_budget(Choices& c) {
    return c.chance(1, 16) ? 150000 : 2048;
}

// `rank` dims with at most `budget` elements (before an empty dim is put in).
std::vector<int64_t> random_dims(Choices& c, int64_t rank, int64_t budget) {
    std::vector<int64_t> dims(static_cast<size_t>(rank));
    for (int64_t& d : dims) {
        const int64_t kind = c.range(0, 19);
        d = kind < 5 ? 1 : kind < 17 ? c.range(2, 5) : c.range(6, 12);
        if (budget > 2048 && kind >= 5) {
            d = c.range(2, 700);
        }
    }
    while (count_elements(dims) < 0 || count_elements(dims) > budget) {
        *std::max_element(dims.begin(), dims.end()) /= 2;
    }
    return dims;
}

// An empty view with a huge dim and huge strides: valid (it addresses nothing).
void make_huge_empty(Choices& c, TensorSpec* s, const std::vector<int64_t>& dims) {
    s->dims = dims;
    s->strides.clear();
    for (size_t d = 0; d < dims.size(); ++d) {
        s->strides.push_back(c.pick<int64_t>({kMax, kMin, k2to62, 1, 0, -3}));
    }
    s->null_strides = false;
    s->offset = c.pick<int64_t>({0, kMax, k2to62});
    s->storage_dims = {0};
    s->memory = c.chance(1, 2) ? Memory::None : Memory::Device;
}

std::vector<int64_t> huge_empty_dims(Choices& c, int64_t rank) {
    std::vector<int64_t> dims(static_cast<size_t>(std::max<int64_t>(rank, 2)), 3);
    dims[static_cast<size_t>(c.range(0, static_cast<int64_t>(dims.size()) - 1))] = 0;
    for (int64_t& d : dims) {
        if (d != 0 && c.chance(1, 2)) {
            d = c.pick<int64_t>({k2to62, kMax, int64_t{1} << 40});
        }
    }
    return dims;
}

// Storage elements a valid view writes, as a mask over its storage.
std::vector<bool> written_mask(const TensorSpec& s, const std::vector<int64_t>& offsets) {
    std::vector<bool> mask(
        static_cast<size_t>(std::max<int64_t>(count_elements(s.storage_dims), 0)));
    for (int64_t o : offsets) {
        if (o >= 0 && static_cast<size_t>(o) < mask.size()) {
            mask[static_cast<size_t>(o)] = true;
        }
    }
    return mask;
}

// Compares one output with per-element references (row-major over its view).
void check_output(Report& report,
                  const std::string& name,
                  const FuzzTensor& out,
                  const std::vector<Expected>& expected,
                  std::vector<bool>* written) {
    const std::vector<int64_t> offsets = view_offsets(out.spec);
    *written = written_mask(out.spec, offsets);
    std::vector<double> now;
    if (!out.read(&now, report, name)) {
        return;
    }
    for (size_t k = 0; k < offsets.size() && k < expected.size(); ++k) {
        const Expected& e = expected[k];
        const double got = now[static_cast<size_t>(offsets[k])];
        if (e.checked && !within(got, e.value, e.error, out.spec.dtype)) {
            report.fail(
                "%s[%zu] (storage element %lld) is %.9g, expected %.9g (+- %.3g before "
                "rounding to dtype %d)",
                name.c_str(),
                k,
                static_cast<long long>(offsets[k]),
                got,
                e.value,
                e.error,
                out.spec.dtype);
            return;
        }
    }
}

// Values of a view, row-major, from its tensor's storage values.
std::vector<double> view_values(const FuzzTensor& t) {
    std::vector<double> v;
    for (int64_t o : view_offsets(t.spec)) {
        v.push_back(t.values()[static_cast<size_t>(o)]);
    }
    return v;
}

// ---- the operators ---------------------------------------------------------------------------

void elementwise_verify(OpCall& call,
                        size_t out,
                        size_t a,
                        size_t b,
                        const std::function<Expected(double, double)>& reference) {
    call.verify = [&call, out, a, b, reference](Report& report,
                                                std::vector<std::vector<bool>>* written) {
        const std::vector<double> va = view_values(*call.args[a].tensor);
        const std::vector<double> vb = view_values(*call.args[b].tensor);
        std::vector<Expected> expected(va.size());
        for (size_t k = 0; k < va.size(); ++k) {
            expected[k] = reference(va[k], vb[k]);
        }
        check_output(
            report, call.args[out].name, *call.args[out].tensor, expected, &(*written)[out]);
    };
}

// Shapes of elementwise operands: same dims, own layouts; rank `rank`; maybe empty; maybe the
// huge-empty variation.
void elementwise_shapes(Choices& c,
                        OpCall& call,
                        int64_t rank,
                        const std::vector<size_t>& operands) {
    std::vector<int64_t> dims = random_dims(c, rank, element_budget(c));
    if (rank > 0 && c.chance(1, 15)) {
        dims[static_cast<size_t>(c.range(0, rank - 1))] = 0;
    }
    const bool huge_empty = c.chance(1, 30);
    const std::vector<int64_t> huge = huge_empty_dims(c, rank);
    for (size_t i : operands) {
        TensorSpec& s = call.args[i].tensor->spec;
        if (huge_empty) {
            make_huge_empty(c, &s, huge);
        } else {
            s.dims = dims;
            random_layout(c, &s, (call.args[i].flags & kOutput) != 0);
        }
    }
}

// A shape mismatch on one operand (161002): a dim changed, or a dim added.
void break_shape(Choices& c, OpCall& call, size_t i) {
    TensorSpec& s = call.args[i].tensor->spec;
    std::vector<int64_t> dims = s.dims;
    if (count_elements(dims) != 0
            ? count_elements(dims) > 4096
            : dims.size() > 0 && *std::max_element(dims.begin(), dims.end()) > 4096) {
        dims = {2, 3};  // the huge-empty variation: any small shape differs from it
    } else if (dims.empty() || c.chance(1, 3)) {
        dims.push_back(c.range(2, 3));
    } else {
        int64_t& d = dims[static_cast<size_t>(c.range(0, static_cast<int64_t>(dims.size()) - 1))];
        d = d == 1 ? 2 : d == 0 ? 1 : d - 1;
    }
    s.dims = dims;
    s.memory = Memory::Device;
    random_layout(c, &s, (call.args[i].flags & kOutput) != 0);
    call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
}

namespace {

void build_log_sigmoid_backward(Choices& c, OpCall& call, Report& report) {
    call.api = "aclnnLogSigmoidBackward";
    const int dtype = c.pick(kValueDtypes);
    call.add("gradOutput", kRequired | kViewChecked | kDtypeChecked | kDeviceChecked);
    call.add("self", kRequired | kViewChecked | kDtypeChecked | kDeviceChecked);
    call.add("buffer", kRequired);
    call.add("gradInput", kRequired | kViewChecked | kDtypeChecked | kDeviceChecked | kOutput, 0);
    elementwise_shapes(c, call, c.range(0, 9), {0, 1, 3});
    for (size_t i : {0, 1, 3}) {
        call.args[i].tensor->spec.dtype = dtype;
        call.args[i].tensor->spec.format = c.pick(all_formats());  // no format check
    }
    TensorSpec& buffer = call.args[2].tensor->spec;  // only null-checked
    buffer.dims = random_dims(c, c.range(0, 3), 64);
    buffer.dtype = c.pick({ACL_FLOAT, ACL_INT32, ACL_BOOL, ACL_FLOAT16});
    random_layout(c, &buffer, false);
    const bool specials = c.chance(1, 4);
    call.args[0].tensor->fill(c, specials ? ValueKind::WithSpecials : ValueKind::Any);
    call.args[1].tensor->fill(c, specials ? ValueKind::WithSpecials : ValueKind::Any);
    call.args[3].tensor->fill(c, ValueKind::Any);  // what the output held before
    switch (c.range(0, 19)) {
        case 0:
            report.note("break: dtype of self differs");
            call.args[1].tensor->spec.dtype = dtype == ACL_FLOAT ? ACL_FLOAT16 : ACL_FLOAT;
            call.args[1].tensor->fill(c, ValueKind::Any);
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        case 1:
            report.note("break: shape of one operand differs");
            break_shape(c, call, c.pick<size_t>({0, 1, 3}));
            call.args[0].tensor->fill(c, ValueKind::Any);
            call.args[1].tensor->fill(c, ValueKind::Any);
            break;
        default:
            break;
    }
    call.phase1 = [&call](uint64_t* ws, aclOpExecutor** exec) {
        return aclnnLogSigmoidBackwardGetWorkspaceSize(
            call.handle(0), call.handle(1), call.handle(2), call.handle(3), ws, exec);
    };
    call.phase2 = aclnnLogSigmoidBackward;
    call.other_phase2 = aclnnLogitGrad;
    elementwise_verify(call, 3, 0, 1, log_sigmoid_backward);
}

void build_logit_grad(Choices& c, OpCall& call, Report& report) {
    call.api = "aclnnLogitGrad";
    const int dtype = c.pick(kValueDtypes);
    const double eps =
        c.pick({-1.0, 0.0, 1e-6, 0.01, 0.25, 0.5, 0.7, 1.0, 2.0, kNaN, -0.0, kInf, -kInf, 1e-3});
    report.note("eps %g", eps);
    call.add("x", kRequired | kViewChecked | kDtypeChecked | kDeviceChecked);
    call.add("dy", kRequired | kViewChecked | kDtypeChecked | kDeviceChecked);
    call.add("out", kRequired | kViewChecked | kDtypeChecked | kDeviceChecked | kOutput, 0);
    elementwise_shapes(c, call, c.range(0, 8), {0, 1, 2});
    for (size_t i : {0, 1, 2}) {
        call.args[i].tensor->spec.dtype = dtype;
        call.args[i].tensor->spec.format = c.pick(kNdLike);
    }
    call.args[0].tensor->fill(c, c.chance(1, 8) ? ValueKind::WithSpecials : ValueKind::Unit);
    call.args[1].tensor->fill(c, c.chance(1, 8) ? ValueKind::WithSpecials : ValueKind::Any);
    call.args[2].tensor->fill(c, ValueKind::Any);
    switch (c.range(0, 19)) {
        case 0: {
            report.note("break: rank 9");
            const std::vector<int64_t> dims = random_dims(c, 9, 512);
            for (size_t i : {0, 1, 2}) {
                call.args[i].tensor->spec.dims = dims;
                call.args[i].tensor->spec.memory = Memory::Device;
                random_layout(c, &call.args[i].tensor->spec, i == 2);
            }
            call.args[0].tensor->fill(c, ValueKind::Unit);
            call.args[1].tensor->fill(c, ValueKind::Any);
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        }
        case 1: {
            const size_t i = static_cast<size_t>(c.range(0, 2));
            report.note("break: format of %s is not ND-like", call.args[i].name.c_str());
            call.args[i].tensor->spec.format = c.pick({ACL_FORMAT_NC1HWC0,
                                                       ACL_FORMAT_FRACTAL_NZ,
                                                       ACL_FORMAT_HWCN,
                                                       ACL_FORMAT_NDHWC,
                                                       ACL_FORMAT_NC,
                                                       ACL_FORMAT_UNDEFINED});
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        }
        case 2:
            report.note("break: dtype of dy differs");
            call.args[1].tensor->spec.dtype = dtype == ACL_BF16 ? ACL_FLOAT : ACL_BF16;
            call.args[1].tensor->fill(c, ValueKind::Any);
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        case 3:
            report.note("break: shape of one operand differs");
            break_shape(c, call, static_cast<size_t>(c.range(0, 2)));
            call.args[0].tensor->fill(c, ValueKind::Unit);
            call.args[1].tensor->fill(c, ValueKind::Any);
            break;
        default:
            break;
    }
    call.phase1 = [&call, eps](uint64_t* ws, aclOpExecutor** exec) {
        return aclnnLogitGradGetWorkspaceSize(
            call.handle(0), call.handle(1), eps, call.handle(2), ws, exec);
    };
    call.phase2 = aclnnLogitGrad;
    call.other_phase2 = aclnnLogSigmoidBackward;
    elementwise_verify(
        call, 2, 0, 1, [eps](double x, double dy) { return logit_grad(x, dy, eps); });
}

void build_batch_norm_reduce_backward(Choices& c, OpCall& call, Report& report) {
    call.api = "aclnnBatchNormReduceBackward";
    const bool input_g = c.chance(3, 4);
    const bool weight_g = c.chance(1, 2);
    const bool bias_g = c.chance(1, 2);
    report.note("inputG %d weightG %d biasG %d", input_g, weight_g, bias_g);
    const unsigned in = kRequired | kViewChecked | kDtypeChecked | kDeviceChecked;
    call.add("gradOut", in);
    call.add("input", in);
    call.add("mean", in);
    call.add("invstd", in);
    call.add("weight", 0);
    const bool requested[4] = {input_g, input_g, weight_g, bias_g};
    const char* const kOutputs[4] = {"sumDy", "sumDyXmu", "gradWeight", "gradBias"};
    for (int o = 0; o < 4; ++o) {
        call.add(kOutputs[o], requested[o] ? in | kOutput : 0, o);
    }
    std::vector<int64_t> dims = random_dims(c, c.range(2, 8), element_budget(c));
    dims[1] = std::max<int64_t>(dims[1], 1);
    if (c.chance(1, 10)) {
        dims[c.chance(1, 2)
                 ? 0
                 : static_cast<size_t>(c.range(0, static_cast<int64_t>(dims.size()) - 1))] = 0;
        dims[1] = std::max<int64_t>(dims[1], 1);
    }
    const int64_t channels = dims[1];
    const int io = c.pick(kValueDtypes);
    const int format = c.pick(kPublicFormats);
    for (size_t i : {0, 1}) {
        TensorSpec& s = call.args[i].tensor->spec;
        s.dims = dims;
        s.dtype = io;
        s.format = format;
        random_layout(c, &s, false);
    }
    for (size_t i = 2; i < call.args.size(); ++i) {
        TensorSpec& s = call.args[i].tensor->spec;
        s.dims = {channels};
        s.dtype = c.pick(kValueDtypes);
        s.format = c.pick(kPublicFormats);
        random_layout(c, &s, i >= 5);
    }
    call.args[4].pass_null = c.chance(1, 2);  // weight is optional and never read
    for (int o = 0; o < 4; ++o) {
        Arg& a = call.args[5 + static_cast<size_t>(o)];
        if (!requested[o] && c.chance(1, 2)) {
            a.pass_null = true;  // not requested: may be null
        } else if (!requested[o] && c.chance(1, 3)) {
            a.tensor->spec.dims =
                random_dims(c, c.range(0, 3), 32);  // not requested: not looked at
            random_layout(c, &a.tensor->spec, true);
        }
    }
    call.args[0].tensor->fill(c, ValueKind::Any);
    call.args[1].tensor->fill(c, ValueKind::Any);
    call.args[2].tensor->fill(c, ValueKind::Any);
    call.args[3].tensor->fill(c, ValueKind::Positive);
    for (size_t i = 4; i < call.args.size(); ++i) {
        call.args[i].tensor->fill(c, ValueKind::Any);
    }
    switch (c.range(0, 24)) {
        case 0:
            report.note("break: rank outside [2, 8]");
            for (size_t i : {0, 1}) {
                TensorSpec& s = call.args[i].tensor->spec;
                s.dims = c.chance(1, 2) ? std::vector<int64_t>{channels} : random_dims(c, 9, 512);
                s.memory = Memory::Device;
                random_layout(c, &s, false);
                call.args[i].tensor->fill(c, ValueKind::Any);
            }
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        case 1:
            report.note("break: C = 0");
            for (size_t i : {0, 1}) {
                TensorSpec& s = call.args[i].tensor->spec;
                s.dims[1] = 0;
                random_layout(c, &s, false);
                call.args[i].tensor->fill(c, ValueKind::Any);
            }
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        case 2: {
            const size_t i = c.pick<size_t>({2, 3});
            report.note("break: %s is not [C]", call.args[i].name.c_str());
            TensorSpec& s = call.args[i].tensor->spec;
            s.dims = c.chance(1, 2) ? std::vector<int64_t>{channels + 1}
                                    : std::vector<int64_t>{1, channels};
            random_layout(c, &s, false);
            call.args[i].tensor->fill(c, ValueKind::Positive);
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        }
        case 3:
            report.note("break: gradOut's format differs from input's");
            call.args[0].tensor->spec.format =
                format == ACL_FORMAT_ND ? ACL_FORMAT_NCHW : ACL_FORMAT_ND;
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        case 4: {
            const size_t i = static_cast<size_t>(c.range(0, 3));
            report.note("break: %s has a private format", call.args[i].name.c_str());
            call.args[i].tensor->spec.format = c.pick(kPrivateFormats);
            if (i <= 1) {
                call.args[1 - i].tensor->spec.format = call.args[i].tensor->spec.format;
            }
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        }
        case 5:
            report.note("break: gradOut's shape differs from input's");
            break_shape(c, call, 0);
            call.args[0].tensor->fill(c, ValueKind::Any);
            break;
        case 6:
            if (!call.args[4].pass_null) {
                report.note("break: weight is not [C]");
                call.args[4].tensor->spec.dims = {channels + 2};
                random_layout(c, &call.args[4].tensor->spec, false);
                call.args[4].tensor->fill(c, ValueKind::Any);
                call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            }
            break;
        default:
            break;
    }
    call.phase1 = [&call, input_g, weight_g, bias_g](uint64_t* ws, aclOpExecutor** exec) {
        return aclnnBatchNormReduceBackwardGetWorkspaceSize(call.handle(0),
                                                            call.handle(1),
                                                            call.handle(2),
                                                            call.handle(3),
                                                            call.handle(4),
                                                            input_g,
                                                            weight_g,
                                                            bias_g,
                                                            call.handle(5),
                                                            call.handle(6),
                                                            call.handle(7),
                                                            call.handle(8),
                                                            ws,
                                                            exec);
    };
    call.phase2 = aclnnBatchNormReduceBackward;
    call.other_phase2 = aclnnUpsampleNearestExact1dBackward;
    call.verify = [&call, requested](Report& r, std::vector<std::vector<bool>>* written) {
        const TensorSpec& xs = call.args[1].tensor->spec;
        const int64_t channels = xs.dims[1];
        int64_t inner = 1;
        for (size_t d = 2; d < xs.dims.size(); ++d) {
            inner *= xs.dims[d];
        }
        const std::vector<double> dy = view_values(*call.args[0].tensor);
        const std::vector<double> x = view_values(*call.args[1].tensor);
        const std::vector<double> mean = view_values(*call.args[2].tensor);
        const std::vector<double> invstd = view_values(*call.args[3].tensor);
        std::vector<std::vector<Expected>> expected(4);
        for (int64_t ch = 0; ch < channels; ++ch) {
            std::vector<double> cdy;
            std::vector<double> cx;
            for (size_t k = 0; k < x.size(); ++k) {
                if ((static_cast<int64_t>(k) / inner) % channels == ch) {
                    cdy.push_back(dy[k]);
                    cx.push_back(x[k]);
                }
            }
            const auto u = static_cast<size_t>(ch);
            const BatchNormSums s = batch_norm_channel(cdy, cx, mean[u], invstd[u]);
            expected[0].push_back(s.sum_dy);
            expected[1].push_back(s.sum_dy_xmu);
            expected[2].push_back(s.grad_weight);
            expected[3].push_back(s.sum_dy);
        }
        for (int o = 0; o < 4; ++o) {
            if (requested[o]) {
                const size_t i = 5 + static_cast<size_t>(o);
                check_output(
                    r, call.args[i].name, *call.args[i].tensor, expected[o], &(*written)[i]);
            }
        }
    };
}

void build_upsample_nearest_exact1d_backward(Choices& c, OpCall& call, Report& report) {
    call.api = "aclnnUpsampleNearestExact1dBackward";
    const bool large = c.chance(1, 16);
    const int64_t n = c.range(1, 3);
    const int64_t ch = c.range(1, large ? 8 : 3);
    const int64_t l_out = c.range(1, large ? 3000 : 40);
    const int64_t l_in = c.range(std::max<int64_t>(1, (l_out + 49) / 50), large ? 3000 : 40);
    double scales = 0.0;
    switch (c.range(0, 9)) {
        case 0:
            scales = kNaN;  // "not given", as 0
            break;
        case 1:
        case 2:
            scales = static_cast<double>(l_out) / static_cast<double>(l_in);
            break;
        case 3:
        case 4:
        case 5:
            scales = c.real(0.05, 4.0);
            break;
        default:
            break;
    }
    call.add("gradOutput", kRequired | kViewChecked | kDtypeChecked | kDeviceChecked);
    call.add("out", kRequired | kViewChecked | kDtypeChecked | kDeviceChecked | kOutput, 0);
    const int dtype = c.pick(kValueDtypes);
    const int format = c.pick(all_formats());
    TensorSpec& go = call.args[0].tensor->spec;
    go.dims = {n, ch, l_out};
    TensorSpec& out = call.args[1].tensor->spec;
    out.dims = {n, ch, l_in};
    for (TensorSpec* s : {&go, &out}) {
        s->dtype = dtype;
        s->format = format;
        random_layout(c, s, s == &out);
    }
    std::vector<int64_t> output_size = {c.chance(1, 2) ? l_out : c.range(1, 100)};
    std::vector<int64_t> input_size = {c.range(0, 9), c.range(0, 9), l_in};
    bool null_output_size = false;
    bool null_input_size = false;
    switch (c.range(0, 24)) {
        case 0:
            report.note("break: rank other than 3");
            for (TensorSpec* s : {&go, &out}) {
                s->dims = random_dims(c, c.pick<int64_t>({2, 4}), 256);
                random_layout(c, s, s == &out);
            }
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        case 1:
            report.note("break: N or C of out differs");
            out.dims[static_cast<size_t>(c.range(0, 1))] += 1;
            random_layout(c, &out, true);
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        case 2:
            scales = -c.real(0.01, 3.0);
            report.note("break: negative scales");
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        case 3:
            scales = c.pick({60.0, 1e6, kInf});
            report.note("break: shrinks more than 50x");
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        case 4:
            report.note("break: empty gradOutput");
            go.dims[static_cast<size_t>(c.range(0, 2))] = 0;
            random_layout(c, &go, false);
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        case 5:
            report.note("break: inputSize or outputSize has the wrong length");
            if (c.chance(1, 2)) {
                input_size.push_back(1);
            } else {
                output_size.push_back(1);
            }
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        case 6:
            report.note("break: inputSize[2] differs from out's L");
            input_size[2] = l_in + 1;
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        case 7:
            report.note("break: a null array");
            (c.chance(1, 2) ? null_output_size : null_input_size) = true;
            call.want_phase1 = ACLNN_ERR_PARAM_NULLPTR;
            break;
        case 8:
            report.note("break: out's format differs");
            out.format = format == ACL_FORMAT_ND ? ACL_FORMAT_NCL : ACL_FORMAT_ND;
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        default:
            break;
    }
    report.note("scales %g outputSize %lld inputSize[2] %lld",
                scales,
                static_cast<long long>(output_size[0]),
                static_cast<long long>(input_size[2]));
    call.args[0].tensor->fill(c, ValueKind::Any);
    call.args[1].tensor->fill(c, ValueKind::Any);
    aclIntArray* output_array =
        null_output_size ? nullptr : aclCreateIntArray(output_size.data(), output_size.size());
    aclIntArray* input_array =
        null_input_size ? nullptr : aclCreateIntArray(input_size.data(), input_size.size());
    call.on_exit.push_back([output_array, input_array] {
        aclDestroyIntArray(output_array);
        aclDestroyIntArray(input_array);
    });
    call.phase1 = [&call, scales, output_array, input_array](uint64_t* ws, aclOpExecutor** exec) {
        return aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize(
            call.handle(0), output_array, input_array, scales, call.handle(1), ws, exec);
    };
    call.phase2 = aclnnUpsampleNearestExact1dBackward;
    call.other_phase2 = aclnnBatchNormReduceBackward;
    call.verify = [&call, scales](Report& r, std::vector<std::vector<bool>>* written) {
        const TensorSpec& gs = call.args[0].tensor->spec;
        const TensorSpec& os = call.args[1].tensor->spec;
        const std::vector<double> g = view_values(*call.args[0].tensor);
        const int64_t rows = gs.dims[0] * gs.dims[1];
        const int64_t lo = gs.dims[2];
        std::vector<Expected> expected;
        for (int64_t row = 0; row < rows; ++row) {
            const std::vector<double> grad(g.begin() + row * lo, g.begin() + (row + 1) * lo);
            const std::vector<Expected> part = upsample_row(grad, os.dims[2], scales);
            expected.insert(expected.end(), part.begin(), part.end());
        }
        check_output(r, call.args[1].name, *call.args[1].tensor, expected, &(*written)[1]);
    };
}

// ---- the operators around the four: forwards and arithmetic --------------------------------

// Dtypes no real-valued operator of aclemu takes (CANN's complex ones included).
const std::vector<int> kNeverDtypes = {ACL_COMPLEX64, ACL_STRING, ACL_UINT32};
// Dtypes an operator that takes only floating tensors refuses (DOUBLE excepted: it takes it).
const std::vector<int> kNotFloatingDtypes = {
    ACL_INT32, ACL_BOOL, ACL_INT8, ACL_INT64, ACL_UINT8, ACL_COMPLEX64, ACL_STRING};

// Relative rounding of a 16-bit dtype (the general path rounds to it before converting).
double dtype_unit(int dtype) {
    return dtype == ACL_BF16 ? 1.0 / 256 : dtype == ACL_FLOAT16 ? 1.0 / 2048 : 0.0;
}

// Input i broadcast: some leading dims dropped, some others made 1, a fresh layout.
void broadcast_input(Choices& c, OpCall& call, size_t i) {
    TensorSpec& s = call.args[i].tensor->spec;
    if (count_elements(s.dims) <= 0 || count_elements(s.dims) > 4096) {
        return;  // empty or huge-empty: left as it is
    }
    std::vector<int64_t> dims = s.dims;
    const auto drop = static_cast<size_t>(c.range(0, static_cast<int64_t>(dims.size())));
    dims.erase(dims.begin(), dims.begin() + static_cast<std::ptrdiff_t>(drop));
    for (int64_t& d : dims) {
        if (c.chance(1, 3)) {
            d = 1;
        }
    }
    s.dims = dims;
    random_layout(c, &s, false);
}

// Verifies out = reference(a, b) with a and b broadcast to out's shape (b may be a again).
void broadcast_verify(OpCall& call,
                      size_t out,
                      size_t a,
                      size_t b,
                      const std::function<Expected(double, double)>& reference) {
    call.verify = [&call, out, a, b, reference](Report& report,
                                                std::vector<std::vector<bool>>* written) {
        const std::vector<int64_t>& od = call.args[out].tensor->spec.dims;
        const std::vector<double> va = view_values(*call.args[a].tensor);
        const std::vector<double> vb = view_values(*call.args[b].tensor);
        const std::vector<int64_t>& ad = call.args[a].tensor->spec.dims;
        const std::vector<int64_t>& bd = call.args[b].tensor->spec.dims;
        const int64_t n = count_elements(od);
        std::vector<Expected> expected(static_cast<size_t>(std::max<int64_t>(n, 0)));
        for (int64_t k = 0; k < n; ++k) {
            expected[static_cast<size_t>(k)] =
                reference(va[static_cast<size_t>(test::broadcast_source_index(k, od, ad))],
                          vb[static_cast<size_t>(test::broadcast_source_index(k, od, bd))]);
        }
        check_output(
            report, call.args[out].name, *call.args[out].tensor, expected, &(*written)[out]);
    };
}

void build_sigmoid(Choices& c, OpCall& call, Report& report) {
    const int dtype = c.pick(kValueDtypes);
    const unsigned in = kRequired | kViewChecked | kDtypeChecked | kDeviceChecked;
    if (c.chance(1, 4)) {
        call.api = "aclnnInplaceSigmoid";
        call.in_place = true;
        call.add("selfRef", in | kOutput, 0).unsupported = kNotFloatingDtypes;
        elementwise_shapes(c, call, c.range(0, 8), {0});
        call.args[0].tensor->spec.dtype = dtype;
        call.args[0].tensor->fill(c, c.chance(1, 4) ? ValueKind::WithSpecials : ValueKind::Any);
        call.phase1 = [&call](uint64_t* ws, aclOpExecutor** exec) {
            return aclnnInplaceSigmoidGetWorkspaceSize(call.handle(0), ws, exec);
        };
        call.phase2 = aclnnInplaceSigmoid;
        call.other_phase2 = aclnnSigmoid;
        broadcast_verify(call, 0, 0, 0, [](double x, double) { return sigmoid(x); });
        return;
    }
    call.api = "aclnnSigmoid";
    call.add("self", in).unsupported = kNeverDtypes;
    call.add("out", in | kOutput, 0).unsupported = kNotFloatingDtypes;
    elementwise_shapes(c, call, c.range(0, 8), {0, 1});
    // CANN casts: a 16-bit self into a FLOAT out computes in the 16-bit type first.
    const int out_dtype = c.chance(1, 4) ? c.pick(kValueDtypes) : dtype;
    call.args[0].tensor->spec.dtype = dtype;
    call.args[1].tensor->spec.dtype = out_dtype;
    call.args[0].tensor->fill(c, c.chance(1, 4) ? ValueKind::WithSpecials : ValueKind::Any);
    call.args[1].tensor->fill(c, ValueKind::Any);
    if (c.chance(1, 20)) {
        report.note("break: shape of one operand differs");
        break_shape(c, call, static_cast<size_t>(c.range(0, 1)));
        call.args[0].tensor->fill(c, ValueKind::Any);
    }
    call.phase1 = [&call](uint64_t* ws, aclOpExecutor** exec) {
        return aclnnSigmoidGetWorkspaceSize(call.handle(0), call.handle(1), ws, exec);
    };
    call.phase2 = aclnnSigmoid;
    call.other_phase2 = aclnnLogSigmoid;
    const double unit = out_dtype == dtype ? 0.0 : dtype_unit(dtype);
    broadcast_verify(call, 1, 0, 0, [unit](double x, double) {
        Expected e = sigmoid(x);
        e.error += unit * std::fabs(e.value);
        return e;
    });
}

void build_sigmoid_backward(Choices& c, OpCall& call, Report& report) {
    call.api = "aclnnSigmoidBackward";
    const unsigned in = kRequired | kViewChecked | kDtypeChecked | kDeviceChecked;
    call.add("gradOutput", in).unsupported = kNotFloatingDtypes;
    call.add("output", in).unsupported = kNotFloatingDtypes;
    call.add("gradInput", in | kOutput, 0).unsupported = kNotFloatingDtypes;
    elementwise_shapes(c, call, c.range(0, 8), {0, 1, 2});
    // Mixed dtypes compute in the promoted one (16-bit only when both inputs are that type).
    const int dt_dy = c.pick(kValueDtypes);
    const int dt_y = c.chance(1, 3) ? c.pick(kValueDtypes) : dt_dy;
    const int dt_out = c.chance(1, 3) ? c.pick(kValueDtypes) : dt_dy;
    call.args[0].tensor->spec.dtype = dt_dy;
    call.args[1].tensor->spec.dtype = dt_y;
    call.args[2].tensor->spec.dtype = dt_out;
    if (c.chance(1, 3)) {
        broadcast_input(c, call, static_cast<size_t>(c.range(0, 1)));
    }
    const bool specials = c.chance(1, 4);
    call.args[0].tensor->fill(c, specials ? ValueKind::WithSpecials : ValueKind::Any);
    call.args[1].tensor->fill(c, specials ? ValueKind::WithSpecials : ValueKind::Unit);
    call.args[2].tensor->fill(c, ValueKind::Any);
    if (c.chance(1, 20)) {
        report.note("break: gradInput is not the broadcast shape");
        break_shape(c, call, 2);
    }
    call.phase1 = [&call](uint64_t* ws, aclOpExecutor** exec) {
        return aclnnSigmoidBackwardGetWorkspaceSize(
            call.handle(0), call.handle(1), call.handle(2), ws, exec);
    };
    call.phase2 = aclnnSigmoidBackward;
    call.other_phase2 = aclnnSigmoid;
    const double unit = dt_dy == dt_y && dt_y != dt_out ? dtype_unit(dt_dy) : 0.0;
    broadcast_verify(call, 2, 0, 1, [unit](double dy, double y) {
        Expected e = sigmoid_backward(dy, y);
        e.error += unit * std::fabs(e.value);
        return e;
    });
}

void build_log_sigmoid(Choices& c, OpCall& call, Report& report) {
    call.api = "aclnnLogSigmoid";
    const int dtype = c.pick(kValueDtypes);
    const unsigned in = kRequired | kViewChecked | kDtypeChecked | kDeviceChecked;
    call.add("self", in);
    call.add("out", in | kOutput, 0);
    elementwise_shapes(c, call, c.range(0, 10), {0, 1});
    for (size_t i : {0, 1}) {
        call.args[i].tensor->spec.dtype = dtype;
        call.args[i].tensor->fill(c, ValueKind::Any);
    }
    call.args[0].tensor->fill(c, c.chance(1, 4) ? ValueKind::WithSpecials : ValueKind::Any);
    switch (c.range(0, 19)) {
        case 0:
            report.note("break: dtype of out differs");
            call.args[1].tensor->spec.dtype = dtype == ACL_FLOAT ? ACL_BF16 : ACL_FLOAT;
            call.args[1].tensor->fill(c, ValueKind::Any);
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        case 1:
            report.note("break: shape of one operand differs");
            break_shape(c, call, static_cast<size_t>(c.range(0, 1)));
            call.args[0].tensor->fill(c, ValueKind::Any);
            break;
        default:
            break;
    }
    call.phase1 = [&call](uint64_t* ws, aclOpExecutor** exec) {
        return aclnnLogSigmoidGetWorkspaceSize(call.handle(0), call.handle(1), ws, exec);
    };
    call.phase2 = aclnnLogSigmoid;
    call.other_phase2 = aclnnSigmoid;
    broadcast_verify(call, 1, 0, 0, [](double x, double) { return log_sigmoid(x); });
}

void build_logit(Choices& c, OpCall& call, Report& report) {
    call.api = "aclnnLogit";
    const int dtype = c.pick(kValueDtypes);
    const double eps = c.pick({-1.0, 0.0, 1e-6, 0.01, 0.25, 0.5, 0.7, 1.0, kNaN, 1e-3});
    report.note("eps %g", eps);
    const unsigned in = kRequired | kViewChecked | kDtypeChecked | kDeviceChecked;
    call.add("input", in);
    call.add("out", in | kOutput, 0);
    elementwise_shapes(c, call, c.range(0, 8), {0, 1});
    for (size_t i : {0, 1}) {
        call.args[i].tensor->spec.dtype = dtype;
        call.args[i].tensor->spec.format = c.pick(kNdLike);
    }
    call.args[0].tensor->fill(c, c.chance(1, 8) ? ValueKind::WithSpecials : ValueKind::Unit);
    call.args[1].tensor->fill(c, ValueKind::Any);
    switch (c.range(0, 19)) {
        case 0:
            report.note("break: dtype of out differs");
            call.args[1].tensor->spec.dtype = dtype == ACL_BF16 ? ACL_FLOAT : ACL_BF16;
            call.args[1].tensor->fill(c, ValueKind::Any);
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        case 1:
            report.note("break: shape of one operand differs");
            break_shape(c, call, static_cast<size_t>(c.range(0, 1)));
            call.args[0].tensor->fill(c, ValueKind::Unit);
            break;
        default:
            break;
    }
    call.phase1 = [&call, eps](uint64_t* ws, aclOpExecutor** exec) {
        return aclnnLogitGetWorkspaceSize(call.handle(0), eps, call.handle(1), ws, exec);
    };
    call.phase2 = aclnnLogit;
    call.other_phase2 = aclnnLogitGrad;
    broadcast_verify(call, 1, 0, 0, [eps](double x, double) { return logit(x, eps); });
}

// Add (alpha 1, 1.5 or -2) and Mul of one floating dtype, other broadcast or not.
void build_add_mul(Choices& c, OpCall& call, Report& report) {
    const bool is_add = c.chance(1, 2);
    call.api = is_add ? "aclnnAdd" : "aclnnMul";
    const int dtype = c.pick(kValueDtypes);
    const float alpha = is_add ? c.pick({1.0f, 1.5f, -2.0f}) : 1.0f;
    const unsigned in = kRequired | kViewChecked | kDtypeChecked | kDeviceChecked;
    call.add("self", in).unsupported = kNeverDtypes;
    call.add("other", in).unsupported = kNeverDtypes;
    call.add("out", in | kOutput, 0).unsupported = kNeverDtypes;
    elementwise_shapes(c, call, c.range(0, 8), {0, 1, 2});
    for (size_t i : {0, 1, 2}) {
        call.args[i].tensor->spec.dtype = dtype;
    }
    if (c.chance(1, 3)) {
        broadcast_input(c, call, c.pick<size_t>({0, 1}));
    }
    const bool specials = c.chance(1, 4);
    call.args[0].tensor->fill(c, specials ? ValueKind::WithSpecials : ValueKind::Any);
    call.args[1].tensor->fill(c, specials ? ValueKind::WithSpecials : ValueKind::Any);
    call.args[2].tensor->fill(c, ValueKind::Any);
    if (c.chance(1, 20)) {
        report.note("break: out is not the broadcast shape");
        break_shape(c, call, 2);
    }
    aclScalar* scalar = aclCreateScalar(const_cast<float*>(&alpha), ACL_FLOAT);
    call.on_exit.push_back([scalar] { aclDestroyScalar(scalar); });
    report.note("alpha %g", static_cast<double>(alpha));
    if (is_add) {
        call.phase1 = [&call, scalar](uint64_t* ws, aclOpExecutor** exec) {
            return aclnnAddGetWorkspaceSize(
                call.handle(0), call.handle(1), scalar, call.handle(2), ws, exec);
        };
        call.phase2 = aclnnAdd;
        call.other_phase2 = aclnnMul;
        broadcast_verify(call, 2, 0, 1, [alpha](double a, double b) { return add(a, b, alpha); });
    } else {
        call.phase1 = [&call](uint64_t* ws, aclOpExecutor** exec) {
            return aclnnMulGetWorkspaceSize(
                call.handle(0), call.handle(1), call.handle(2), ws, exec);
        };
        call.phase2 = aclnnMul;
        call.other_phase2 = aclnnAdd;
        broadcast_verify(call, 2, 0, 1, [](double a, double b) { return mul(a, b); });
    }
}

// BatchNormStats: x [N, C, *] of a value dtype, mean and invstd FLOAT [C].
void build_batch_norm_stats(Choices& c, OpCall& call, Report& report) {
    call.api = "aclnnBatchNormStats";
    const double eps = c.pick({1e-5, 1e-3, 0.1});
    report.note("eps %g", eps);
    const unsigned in = kRequired | kViewChecked | kDtypeChecked | kDeviceChecked;
    call.add("input", in);
    call.add("mean", in | kOutput, 0);
    call.add("invstd", in | kOutput, 1);
    std::vector<int64_t> dims = random_dims(c, c.range(2, 8), element_budget(c));
    dims[1] = std::max<int64_t>(dims[1], 1);
    if (c.chance(1, 10)) {
        dims[0] = 0;  // channels with no elements: mean 0, invstd NaN
    }
    TensorSpec& xs = call.args[0].tensor->spec;
    xs.dims = dims;
    xs.dtype = c.pick(kValueDtypes);
    xs.format = c.pick(kPublicFormats);
    random_layout(c, &xs, false);
    for (size_t i : {1, 2}) {
        TensorSpec& s = call.args[i].tensor->spec;
        s.dims = {dims[1]};
        s.dtype = ACL_FLOAT;
        s.format = c.pick(kPublicFormats);
        random_layout(c, &s, true);
        call.args[i].tensor->fill(c, ValueKind::Any);
    }
    call.args[0].tensor->fill(c, ValueKind::Any);
    switch (c.range(0, 19)) {
        case 0: {
            const size_t i = static_cast<size_t>(c.range(1, 2));
            report.note("break: %s is not [C]", call.args[i].name.c_str());
            TensorSpec& s = call.args[i].tensor->spec;
            s.dims = c.chance(1, 2) ? std::vector<int64_t>{dims[1] + 1}
                                    : std::vector<int64_t>{1, dims[1]};
            random_layout(c, &s, true);
            call.args[i].tensor->fill(c, ValueKind::Any);
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        }
        case 1:
            report.note("break: input of rank 1");
            xs.dims = {dims[1]};
            random_layout(c, &xs, false);
            call.args[0].tensor->fill(c, ValueKind::Any);
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        default:
            break;
    }
    call.phase1 = [&call, eps](uint64_t* ws, aclOpExecutor** exec) {
        return aclnnBatchNormStatsGetWorkspaceSize(
            call.handle(0), eps, call.handle(1), call.handle(2), ws, exec);
    };
    call.phase2 = aclnnBatchNormStats;
    call.other_phase2 = aclnnBatchNormReduceBackward;
    call.verify = [&call, eps](Report& r, std::vector<std::vector<bool>>* written) {
        const std::vector<int64_t>& d = call.args[0].tensor->spec.dims;
        const int64_t channels = d[1];
        int64_t inner = 1;
        for (size_t k = 2; k < d.size(); ++k) {
            inner *= d[k];
        }
        const std::vector<double> x = view_values(*call.args[0].tensor);
        std::vector<Expected> mean;
        std::vector<Expected> invstd;
        for (int64_t ch = 0; ch < channels; ++ch) {
            std::vector<double> cx;
            for (size_t k = 0; k < x.size(); ++k) {
                if ((static_cast<int64_t>(k) / inner) % channels == ch) {
                    cx.push_back(x[k]);
                }
            }
            const ChannelStats s = batch_norm_stats_channel(cx, eps);
            mean.push_back(s.mean);
            invstd.push_back(s.invstd);
        }
        check_output(r, "mean", *call.args[1].tensor, mean, &(*written)[1]);
        check_output(r, "invstd", *call.args[2].tensor, invstd, &(*written)[2]);
    };
}

// ---- breaking one thing ----------------------------------------------------------------------

std::vector<size_t> args_with(const OpCall& call, unsigned flags, bool non_empty = false) {
    std::vector<size_t> out;
    for (size_t i = 0; i < call.args.size(); ++i) {
        const Arg& a = call.args[i];
        if ((a.flags & flags) == flags && !a.pass_null
            && (!non_empty || count_elements(a.tensor->spec.dims) > 0)) {
            out.push_back(i);
        }
    }
    return out;
}

// Phase-1 breaks that apply to any operator (the op-specific ones are in its builder).
void break_generically(Choices& c, OpCall& call, Report& report) {
    const std::vector<size_t> required = args_with(call, kRequired);
    const std::vector<size_t> viewed = args_with(call, kViewChecked, true);
    const std::vector<size_t> viewed_any = args_with(call, kViewChecked);
    const std::vector<size_t> typed = args_with(call, kDtypeChecked);
    const std::vector<size_t> outputs = args_with(call, kOutput, true);
    switch (c.range(0, 44)) {
        case 0:
            if (!required.empty()) {
                Arg& a = call.args[c.pick(required)];
                report.note("break: %s is NULL", a.name.c_str());
                a.pass_null = true;
                call.want_phase1 = ACLNN_ERR_PARAM_NULLPTR;
            }
            break;
        case 1:
            report.note("break: workspaceSize or executor is NULL");
            (c.chance(1, 2) ? call.null_workspace_size : call.null_executor) = true;
            call.want_phase1 = ACLNN_ERR_PARAM_NULLPTR;
            break;
        case 2:
            if (!typed.empty()) {
                Arg& a = call.args[c.pick(typed)];
                a.tensor->spec.dtype =
                    c.pick(a.unsupported.empty() ? kUnsupportedDtypes : a.unsupported);
                report.note(
                    "break: %s has unsupported dtype %d", a.name.c_str(), a.tensor->spec.dtype);
                call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            }
            break;
        case 3:
        case 4:
            if (!required.empty()) {
                // Rejected by aclCreateTensor: the operator gets NULL.
                Arg& a = call.args[c.pick(required)];
                TensorSpec& s = a.tensor->spec;
                switch (c.range(0, 3)) {
                    case 0:
                        s.dtype = c.pick(kNotDtypes);
                        break;
                    case 1:
                        s.format = c.pick(kNotFormats);
                        break;
                    case 2:  // the storage: its bytes overflow (over a 4-byte block)
                        s.storage_dims = c.pick<std::vector<int64_t>>(
                            {{k2to62 + 1}, {kMax / 2 + 1}, {k2to62, 4}, {kMax}});
                        s.dtype =
                            s.dtype == ACL_FLOAT16 || s.dtype == ACL_BF16 ? s.dtype : ACL_FLOAT;
                        break;
                    default:  // view dims whose count overflows
                        s.dims = {int64_t{1} << 40, int64_t{1} << 40, 3};
                        s.null_strides = true;
                        break;
                }
                report.note("break: %s cannot be created", a.name.c_str());
                a.creation_fails = true;
                call.want_phase1 = ACLNN_ERR_PARAM_NULLPTR;
            }
            break;
        case 5:
        case 6:
            if (!viewed.empty()) {
                Arg& a = call.args[c.pick(viewed)];
                TensorSpec& s = a.tensor->spec;
                int64_t hi = s.offset;
                for (int64_t o : view_offsets(s)) {
                    hi = std::max(hi, o);
                }
                s.storage_dims = {hi};  // one element short
                report.note("break: %s reaches one element past its storage", a.name.c_str());
                call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            }
            break;
        case 7:
            if (!viewed_any.empty()) {
                Arg& a = call.args[c.pick(viewed_any)];
                a.tensor->spec.offset = -c.range(1, 3);
                a.tensor->spec.null_strides = false;
                if (a.tensor->spec.strides.size() != a.tensor->spec.dims.size()) {
                    a.tensor->spec.strides.assign(a.tensor->spec.dims.size(), 1);
                }
                report.note("break: %s has a negative offset", a.name.c_str());
                call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            }
            break;
        case 8:
            if (!viewed.empty()) {
                Arg& a = call.args[c.pick(viewed)];
                a.tensor->spec.offset = c.pick<int64_t>({k2to62, kMax, k2to62 + 1, kMax / 4});
                report.note("break: %s has offset %lld",
                            a.name.c_str(),
                            static_cast<long long>(a.tensor->spec.offset));
                call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            }
            break;
        case 9:
            for (size_t i : viewed) {
                TensorSpec& s = call.args[i].tensor->spec;
                for (size_t d = 0; d < s.dims.size(); ++d) {
                    if (s.dims[d] >= 2 && !s.null_strides) {
                        s.strides[d] = c.pick<int64_t>({k2to62, kMax, kMin, -k2to62, kMax / 3});
                        report.note("break: %s dim %zu has stride %lld",
                                    call.args[i].name.c_str(),
                                    d,
                                    static_cast<long long>(s.strides[d]));
                        call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
                        return;
                    }
                }
            }
            break;
        case 10:
            for (size_t i : outputs) {
                TensorSpec& s = call.args[i].tensor->spec;
                for (size_t d = 0; d < s.dims.size(); ++d) {
                    if (s.dims[d] >= 2 && !s.null_strides) {
                        s.strides[d] = 0;
                        report.note(
                            "break: output %s dim %zu has stride 0", call.args[i].name.c_str(), d);
                        call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
                        return;
                    }
                }
            }
            break;
        default:
            break;
    }
}

// ---- running ---------------------------------------------------------------------------------

enum class Misuse {
    None,
    DeadStream,
    GarbageStream,
    NoDeviceThread,
    AfterFinalize,
    WorkspaceNull,
    WorkspaceShort,
    WorkspaceHost,
    ExecutorNull,
    RunTwice,
    Destroyed,
    OtherOp,
    NotDeviceMemory,
    Repeatable,
};

const char* misuse_name(Misuse m) {
    static const char* const kNames[] = {"none",
                                         "dead stream",
                                         "garbage stream",
                                         "thread without a device",
                                         "after aclFinalize",
                                         "null workspace",
                                         "workspace one byte short",
                                         "host workspace",
                                         "null executor",
                                         "executor run twice",
                                         "destroyed executor",
                                         "another operator's phase 2",
                                         "storage not device memory",
                                         "repeatable executor, re-pointed"};
    return kNames[static_cast<int>(m)];
}

}  // namespace

void run_op_case(Choices& c, Report& report) {
    OpCall call;
    switch (c.range(0, 13)) {
        case 0:
            build_log_sigmoid_backward(c, call, report);
            break;
        case 1:
            build_logit_grad(c, call, report);
            break;
        case 2:
            build_batch_norm_reduce_backward(c, call, report);
            break;
        case 3:
            build_upsample_nearest_exact1d_backward(c, call, report);
            break;
        case 4:
            build_sigmoid(c, call, report);
            break;
        case 5:
            build_sigmoid_backward(c, call, report);
            break;
        case 6:
            build_log_sigmoid(c, call, report);
            break;
        case 7:
            build_logit(c, call, report);
            break;
        case 8:
            build_add_mul(c, call, report);
            break;
        case 10:
            build_upsample_nearest_exact1d(c, call, report);
            break;
        case 11:
            build_batch_norm_gather_stats(c, call, report);
            break;
        case 12:
            build_batch_norm_elemt(c, call, report);
            break;
        case 13:
            build_batch_norm_elemt_backward(c, call, report);
            break;
        default:
            build_batch_norm_stats(c, call, report);
            break;
    }
    if (call.want_phase1 == ACLNN_SUCCESS) {
        break_generically(c, call, report);
    }
    // Phase 2's misuse, chosen now so that storage breaks are in place before creation.
    Misuse misuse = Misuse::None;
    if (call.want_phase1 == ACLNN_SUCCESS && c.chance(1, 3)) {
        misuse = static_cast<Misuse>(c.range(1, static_cast<int64_t>(Misuse::Repeatable)));
        if (call.in_place && misuse == Misuse::Repeatable) {
            misuse = Misuse::None;
        }
    }
    if (misuse == Misuse::NotDeviceMemory) {
        const std::vector<size_t> checked = args_with(call, kDeviceChecked, true);
        if (checked.empty()) {
            misuse = Misuse::None;
        } else {
            Arg& a = call.args[c.pick(checked)];
            a.tensor->spec.memory = c.pick({Memory::Host, Memory::Short, Memory::None});
            report.note("%s storage: %s", a.name.c_str(), describe(a.tensor->spec).c_str());
        }
    }
    report.note("%s", call.api);
    for (const Arg& a : call.args) {
        report.note(
            "  %s: %s", a.name.c_str(), a.pass_null ? "NULL" : describe(a.tensor->spec).c_str());
    }
    const bool valid =
        call.want_phase1 == ACLNN_SUCCESS
        && (misuse == Misuse::None || misuse == Misuse::Repeatable || misuse == Misuse::RunTwice);
    report.kind = valid ? Report::Kind::Valid : Report::Kind::Rejected;

    // Tensors.
    for (Arg& a : call.args) {
        if (a.pass_null) {
            continue;
        }
        const bool made = a.tensor->create(report);
        if (report.failed()) {
            return;
        }
        if (a.creation_fails) {
            expect_rejected(report, ("aclCreateTensor of " + a.name).c_str(), a.tensor->get());
        } else if (!made) {
            report.fail("aclCreateTensor of %s failed: %s", a.name.c_str(), take_message().c_str());
            return;
        }
    }
    take_message();

    aclrtStream stream = nullptr;
    if (c.chance(1, 2) && aclrtCreateStream(&stream) != ACL_SUCCESS) {
        report.fail("aclrtCreateStream failed: %s", take_message().c_str());
        return;
    }
    struct StreamGuard {
        aclrtStream* stream;
        Report* report;
        ~StreamGuard() {
            if (*stream != nullptr && !report->runtime_stopped) {
                aclrtDestroyStream(*stream);
            }
        }
    } stream_guard{&stream, &report};

    auto check_untouched = [&](const std::vector<std::vector<bool>>* written) {
        for (size_t i = 0; i < call.args.size(); ++i) {
            const Arg& a = call.args[i];
            if (!a.pass_null && a.tensor->get() != nullptr) {
                a.tensor->check_storage(
                    report,
                    a.name,
                    written != nullptr && !(*written)[i].empty() ? &(*written)[i] : nullptr);
            }
        }
    };

    // Phase 1.
    uint64_t workspace_size = 0;
    aclOpExecutor* executor = nullptr;
    const aclnnStatus got1 = call.phase1(call.null_workspace_size ? nullptr : &workspace_size,
                                         call.null_executor ? nullptr : &executor);
    expect_status(report, "phase 1", got1, call.want_phase1);
    if (got1 != ACLNN_SUCCESS) {
        check_untouched(nullptr);
        return;
    }
    if (call.want_phase1 != ACLNN_SUCCESS) {
        aclDestroyAclOpExecutor(executor);
        return;
    }
    if (workspace_size == 0
        && (misuse == Misuse::WorkspaceNull || misuse == Misuse::WorkspaceShort
            || misuse == Misuse::WorkspaceHost)) {
        misuse = Misuse::None;
    }
    report.note("workspace %llu bytes; phase 2: %s",
                static_cast<unsigned long long>(workspace_size),
                misuse_name(misuse));

    GuardedBuffer workspace;
    if (!workspace.create(static_cast<size_t>(workspace_size), {}, report)) {
        return;
    }
    void* ws = workspace_size > 0 ? workspace.data() : nullptr;
    std::vector<std::vector<bool>> written(call.args.size());

    auto run_and_verify = [&](const char* what) {
        const aclnnStatus got = call.phase2(ws, workspace_size, executor, stream);
        expect_status(report, what, got, ACLNN_SUCCESS);
        if (got != ACLNN_SUCCESS) {
            return false;
        }
        expect_status(
            report, "aclrtSynchronizeStream", aclrtSynchronizeStream(stream), ACL_SUCCESS);
        call.verify(report, &written);
        check_untouched(&written);
        std::vector<uint8_t> scratch;
        workspace.read(&scratch, report, "workspace");  // its guards
        return !report.failed();
    };

    int want2 = ACLNN_SUCCESS;
    aclrtStream run_stream = stream;
    void* run_ws = ws;
    uint64_t run_ws_size = workspace_size;
    aclOpExecutor* run_executor = executor;
    std::vector<unsigned char> host_workspace;
    int dead_int = 0;
    switch (misuse) {
        case Misuse::None:
            run_and_verify("phase 2");
            return;
        case Misuse::Repeatable: {
            expect_status(report,
                          "aclSetAclOpExecutorRepeatable",
                          aclSetAclOpExecutorRepeatable(executor),
                          ACLNN_SUCCESS);
            if (!run_and_verify("phase 2 (first run)") || !run_and_verify("phase 2 (second run)")) {
                aclDestroyAclOpExecutor(executor);
                return;
            }
            // An input moved to a new block (the old one is freed: reading it would be a
            // use-after-free) gives the same results. Inputs come first, in CANN's order.
            std::vector<size_t> ins;
            for (size_t i : args_with(call, kDeviceChecked, true)) {
                if ((call.args[i].flags & kOutput) == 0) {
                    ins.push_back(i);
                }
            }
            if (!ins.empty()) {
                const size_t i = c.pick(ins);
                void* moved = call.args[i].tensor->relocate(report);
                expect_status(report,
                              "aclSetInputTensorAddr",
                              aclSetInputTensorAddr(executor, i, call.args[i].tensor->get(), moved),
                              ACLNN_SUCCESS);
                run_and_verify("phase 2 (re-pointed input)");
            }
            const std::vector<size_t> outs = args_with(call, kOutput);
            if (!outs.empty()) {
                Arg& a = call.args[c.pick(outs)];
                void* moved = a.tensor->relocate(report);
                expect_status(
                    report,
                    "aclSetOutputTensorAddr",
                    aclSetOutputTensorAddr(
                        executor, static_cast<size_t>(a.output_index), a.tensor->get(), moved),
                    ACLNN_SUCCESS);
                run_and_verify("phase 2 (re-pointed output)");
                expect_status(report,
                              "aclSetOutputTensorAddr out of range",
                              aclSetOutputTensorAddr(executor, 99, nullptr, moved),
                              ACLNN_ERR_PARAM_INVALID);
            }
            expect_status(report,
                          "aclDestroyAclOpExecutor",
                          aclDestroyAclOpExecutor(executor),
                          ACLNN_SUCCESS);
            expect_status(report,
                          "phase 2 after aclDestroyAclOpExecutor",
                          call.phase2(ws, workspace_size, executor, stream),
                          ACLNN_ERR_INNER);
            return;
        }
        case Misuse::RunTwice:
            if (run_and_verify("phase 2")) {
                expect_status(report,
                              "phase 2 again (single-use executor)",
                              call.phase2(ws, workspace_size, executor, stream),
                              ACLNN_ERR_INNER);
            }
            return;
        case Misuse::Destroyed:
            expect_status(report,
                          "aclDestroyAclOpExecutor",
                          aclDestroyAclOpExecutor(executor),
                          ACLNN_SUCCESS);
            want2 = ACLNN_ERR_INNER;
            break;
        case Misuse::ExecutorNull:
            aclDestroyAclOpExecutor(executor);
            run_executor = nullptr;
            want2 = ACLNN_ERR_PARAM_NULLPTR;
            break;
        case Misuse::OtherOp: {
            const aclnnStatus got = call.other_phase2(ws, workspace_size, executor, stream);
            expect_status(report, "another operator's phase 2", got, ACLNN_ERR_PARAM_INVALID);
            check_untouched(nullptr);
            return;
        }
        case Misuse::DeadStream:
            aclrtCreateStream(&run_stream);
            aclrtDestroyStream(run_stream);
            want2 = ACLNN_ERR_RUNTIME_ERROR;
            break;
        case Misuse::GarbageStream:
            run_stream = &dead_int;
            want2 = ACLNN_ERR_RUNTIME_ERROR;
            break;
        case Misuse::NoDeviceThread: {
            aclnnStatus got = ACLNN_SUCCESS;
            std::string message;
            std::thread worker([&] {
                got = call.phase2(ws, workspace_size, executor, nullptr);
                message = take_message();
            });
            worker.join();
            if (got != ACLNN_ERR_RUNTIME_ERROR || message.empty()) {
                report.fail(
                    "phase 2 on a thread without a device returned %d (message: %s), "
                    "expected 361001",
                    got,
                    message.c_str());
            }
            check_untouched(nullptr);
            return;
        }
        case Misuse::AfterFinalize: {
            expect_status(report, "aclFinalize", aclFinalize(), ACL_SUCCESS);
            report.runtime_stopped = true;
            workspace.forget();
            for (Arg& a : call.args) {
                a.tensor->forget_storage();
            }
            expect_status(report,
                          "phase 2 after aclFinalize",
                          call.phase2(nullptr, workspace_size, executor, nullptr),
                          ACLNN_ERR_RUNTIME_ERROR);
            return;
        }
        case Misuse::WorkspaceNull:
            run_ws = nullptr;
            want2 = ACLNN_ERR_PARAM_NULLPTR;
            break;
        case Misuse::WorkspaceShort:
            run_ws_size = workspace_size - 1;
            want2 = ACLNN_ERR_PARAM_INVALID;
            break;
        case Misuse::WorkspaceHost:
            host_workspace.resize(static_cast<size_t>(workspace_size));
            run_ws = host_workspace.data();
            want2 = ACLNN_ERR_PARAM_INVALID;
            break;
        case Misuse::NotDeviceMemory:
            want2 = ACLNN_ERR_PARAM_INVALID;
            break;
    }
    expect_status(
        report, "phase 2", call.phase2(run_ws, run_ws_size, run_executor, run_stream), want2);
    aclrtSynchronizeStream(stream);
    check_untouched(nullptr);
}

}  // namespace aclemu::fuzz
