// The fuzzer's aclnnUpsampleNearestExact1d cases (fuzz_op_call.h): random N, C, L_in, L_out and
// scales (given, the sizes' ratio, or "not given" as 0, negative or NaN), any layout and format,
// valid or broken in one way whose code the op's header names.
#include "aclnnop/aclnn_upsample_nearest_exact1d.h"
#include "aclnnop/aclnn_upsample_nearest_exact1d_backward.h"

#include "fuzz/fuzz_op_call.h"

#include <algorithm>

namespace aclemu::fuzz {

void build_upsample_nearest_exact1d(Choices& c, OpCall& call, Report& report) {
    call.api = "aclnnUpsampleNearestExact1d";
    const bool large = c.chance(1, 16);
    const int64_t n = c.range(1, 3);
    const int64_t ch = c.range(1, large ? 8 : 3);
    const int64_t l_in = c.range(1, large ? 3000 : 40);
    const int64_t l_out = c.range(1, large ? 3000 : 40);
    double scales = 0.0;
    switch (c.range(0, 9)) {
        case 0:
            scales = c.pick({kNaN, -1.0, -0.5});  // "not given": the sizes decide
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
    const unsigned in = kRequired | kViewChecked | kDtypeChecked | kDeviceChecked;
    call.add("self", in);
    call.add("out", in | kOutput, 0);
    const int dtype = c.pick(kValueDtypes);
    const int format = c.pick(all_formats());  // no format check
    TensorSpec& self = call.args[0].tensor->spec;
    TensorSpec& out = call.args[1].tensor->spec;
    self.dims = {n, ch, l_in};
    out.dims = {n, ch, l_out};
    for (TensorSpec* s : {&self, &out}) {
        s->dtype = dtype;
        s->format = format;
        random_layout(c, s, s == &out);
    }
    std::vector<int64_t> output_size = {l_out};
    bool null_output_size = false;
    switch (c.range(0, 24)) {
        case 0:
            report.note("break: rank other than 3");
            for (TensorSpec* s : {&self, &out}) {
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
            report.note("break: empty self");
            self.dims[static_cast<size_t>(c.range(0, 2))] = 0;
            random_layout(c, &self, false);
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        case 3:
            report.note("break: outputSize[0] not positive");
            output_size[0] = c.pick<int64_t>({0, -1, -40});
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        case 4:
            report.note("break: outputSize has the wrong length");
            if (c.chance(1, 2)) {
                output_size.push_back(1);
            } else {
                output_size.clear();
            }
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        case 5:
            report.note("break: outputSize is NULL");
            null_output_size = true;
            call.want_phase1 = ACLNN_ERR_PARAM_NULLPTR;
            break;
        case 6:
            report.note("break: out's L differs from outputSize[0]");
            out.dims[2] = l_out + 1;
            random_layout(c, &out, true);
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        case 7:
            report.note("break: dtype of out differs");
            out.dtype = dtype == ACL_FLOAT ? c.pick({ACL_FLOAT16, ACL_BF16}) : ACL_FLOAT;
            call.want_phase1 = ACLNN_ERR_PARAM_INVALID;
            break;
        default:
            break;
    }
    report.note("scales %g outputSize %s",
                scales,
                output_size.empty() ? "[]" : std::to_string(output_size[0]).c_str());
    call.args[0].tensor->fill(c, c.chance(1, 8) ? ValueKind::WithSpecials : ValueKind::Any);
    call.args[1].tensor->fill(c, ValueKind::Any);
    aclIntArray* output_array =
        null_output_size ? nullptr : aclCreateIntArray(output_size.data(), output_size.size());
    call.on_exit.push_back([output_array] { aclDestroyIntArray(output_array); });
    call.phase1 = [&call, scales, output_array](uint64_t* ws, aclOpExecutor** exec) {
        return aclnnUpsampleNearestExact1dGetWorkspaceSize(
            call.handle(0), output_array, scales, call.handle(1), ws, exec);
    };
    call.phase2 = aclnnUpsampleNearestExact1d;
    call.other_phase2 = aclnnUpsampleNearestExact1dBackward;
    call.verify = [&call, scales](Report& r, std::vector<std::vector<bool>>* written) {
        const TensorSpec& ss = call.args[0].tensor->spec;
        const TensorSpec& os = call.args[1].tensor->spec;
        const std::vector<double> x = view_values(*call.args[0].tensor);
        const int64_t rows = ss.dims[0] * ss.dims[1];
        const int64_t li = ss.dims[2];
        std::vector<Expected> expected;
        for (int64_t row = 0; row < rows; ++row) {
            const std::vector<double> self_row(x.begin() + row * li, x.begin() + (row + 1) * li);
            const std::vector<Expected> part = upsample_forward_row(self_row, os.dims[2], scales);
            expected.insert(expected.end(), part.begin(), part.end());
        }
        check_output(r, call.args[1].name, *call.args[1].tensor, expected, &(*written)[1]);
    };
}

}  // namespace aclemu::fuzz
