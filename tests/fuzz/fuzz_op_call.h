// What the fuzzer's operator builders share (fuzz_ops.cpp, fuzz_ops_*.cpp): one operator call
// under test (OpCall) with its arguments' flags, the dtype and format lists, and the helpers
// that draw shapes and check outputs against references.
#pragma once

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"

#include "fuzz/fuzz_random.h"
#include "fuzz/fuzz_reference.h"
#include "fuzz/fuzz_report.h"
#include "fuzz/fuzz_tensor.h"

#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace aclemu::fuzz {

inline constexpr int64_t k2to62 = int64_t{1} << 62;
inline constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
inline constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
inline constexpr double kInf = std::numeric_limits<double>::infinity();

using Phase2 = aclnnStatus (*)(void*, uint64_t, aclOpExecutor*, aclrtStream);

// What an operator does with an argument.
enum ArgFlag : unsigned {
    kRequired = 1,       // NULL is 161001
    kViewChecked = 2,    // its view must fit its storage (phase 1)
    kDtypeChecked = 4,   // an unsupported dtype is 161002
    kDeviceChecked = 8,  // phase 2 checks that a non-empty view's storage is device memory
    kOutput = 16,        // written
};

struct Arg {
    std::string name;
    std::unique_ptr<FuzzTensor> tensor;
    unsigned flags = 0;
    bool pass_null = false;
    int output_index = -1;        // among the op's outputs (aclSetOutputTensorAddr), for outputs
    bool creation_fails = false;  // broken so that aclCreateTensor must reject it
    // The dtypes the generic break may give a kDtypeChecked argument (all 161002 for it); empty:
    // kUnsupportedDtypes.
    std::vector<int> unsupported;
};

// One operator call under test.
struct OpCall {
    const char* api = "";
    std::vector<Arg> args;
    std::function<aclnnStatus(uint64_t*, aclOpExecutor**)> phase1;
    Phase2 phase2 = nullptr;
    Phase2 other_phase2 = nullptr;  // another operator's, for the wrong-executor misuse
    // After a successful run: compares the outputs with the references and marks, per argument,
    // the storage elements the call may have written.
    std::function<void(Report&, std::vector<std::vector<bool>>*)> verify;
    int want_phase1 = ACLNN_SUCCESS;
    bool null_workspace_size = false;
    bool null_executor = false;
    // An input is also the output (InplaceSigmoid): a repeatable executor's second run would
    // apply the op twice, so that misuse is not drawn.
    bool in_place = false;
    std::vector<std::function<void()>> on_exit;  // releases what the builder made

    OpCall() = default;
    OpCall(const OpCall&) = delete;
    OpCall& operator=(const OpCall&) = delete;
    ~OpCall() {
        for (auto& release : on_exit) {
            release();
        }
    }

    Arg& add(std::string name, unsigned flags, int output_index = -1) {
        Arg& a = args.emplace_back();
        a.name = std::move(name);
        a.tensor = std::make_unique<FuzzTensor>();
        a.flags = flags;
        a.output_index = output_index;
        return a;
    }
    aclTensor* handle(size_t i) const {
        const Arg& a = args[i];
        return a.pass_null || a.tensor == nullptr ? nullptr : a.tensor->get();
    }
};

inline const std::vector<int> kValueDtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
inline const std::vector<int> kUnsupportedDtypes = {
    ACL_INT32, ACL_DOUBLE, ACL_BOOL, ACL_INT8, ACL_INT64, ACL_UINT8, ACL_COMPLEX64, ACL_STRING};
inline const std::vector<int> kNotDtypes = {999, -7, 64, 5, 1 << 20};
inline const std::vector<int> kNotFormats = {1000, 64, -2, -100};
inline const std::vector<int> kNdLike = {ACL_FORMAT_ND,
                                         ACL_FORMAT_NCL,
                                         ACL_FORMAT_NCDHW,
                                         ACL_FORMAT_NHWC,
                                         ACL_FORMAT_NCHW,
                                         31 /* GE's DHWCN */};
inline const std::vector<int> kPublicFormats = {ACL_FORMAT_ND,
                                                ACL_FORMAT_NCHW,
                                                ACL_FORMAT_NHWC,
                                                ACL_FORMAT_NCL,
                                                ACL_FORMAT_NCDHW,
                                                ACL_FORMAT_NC,
                                                ACL_FORMAT_HWCN,
                                                ACL_FORMAT_NDHWC,
                                                ACL_FORMAT_UNDEFINED};
inline const std::vector<int> kPrivateFormats = {ACL_FORMAT_NC1HWC0,
                                                 ACL_FORMAT_FRACTAL_Z,
                                                 ACL_FORMAT_FRACTAL_NZ,
                                                 ACL_FRACTAL_Z_3D,
                                                 ACL_FORMAT_NDC1HWC0,
                                                 ACL_FORMAT_FRACTAL_NZ_C0_16};

/// Every format: public, private and GE's DHWCN (31).
std::vector<int> all_formats();
// Most cases are small (the kernels then run inline, on one thread); one in 16 is large enough
// for the CPU kernels' thread teams, BatchNorm's several chunks per channel and many GPU blocks.
int64_t element_budget(Choices& c);
// `rank` dims with at most `budget` elements (before an empty dim is put in).
std::vector<int64_t> random_dims(Choices& c, int64_t rank, int64_t budget);
// An empty view with a huge dim and huge strides: valid (it addresses nothing).
void make_huge_empty(Choices& c, TensorSpec* s, const std::vector<int64_t>& dims);
std::vector<int64_t> huge_empty_dims(Choices& c, int64_t rank);
// Storage elements a valid view writes, as a mask over its storage.
std::vector<bool> written_mask(const TensorSpec& s, const std::vector<int64_t>& offsets);
// Compares one output with per-element references (row-major over its view).
void check_output(Report& report,
                  const std::string& name,
                  const FuzzTensor& out,
                  const std::vector<Expected>& expected,
                  std::vector<bool>* written);
// Values of a view, row-major, from its tensor's storage values.
std::vector<double> view_values(const FuzzTensor& t);
void elementwise_verify(OpCall& call,
                        size_t out,
                        size_t a,
                        size_t b,
                        const std::function<Expected(double, double)>& reference);
// Shapes of elementwise operands: same dims, own layouts; rank `rank`; maybe empty; maybe the
// huge-empty variation.
void elementwise_shapes(Choices& c,
                        OpCall& call,
                        int64_t rank,
                        const std::vector<size_t>& operands);
// A shape mismatch on one operand (161002): a dim changed, or a dim added.
void break_shape(Choices& c, OpCall& call, size_t i);

// Builders of their own files: each fills `call` (arguments, phase 1 and 2, verify) and may
// break one thing it knows the code of (the generic breaks come after, in fuzz_ops.cpp).
void build_upsample_nearest_exact1d(Choices& c, OpCall& call, Report& report);
void build_batch_norm_gather_stats(Choices& c, OpCall& call, Report& report);
void build_batch_norm_elemt(Choices& c, OpCall& call, Report& report);
void build_batch_norm_elemt_backward(Choices& c, OpCall& call, Report& report);

}  // namespace aclemu::fuzz
