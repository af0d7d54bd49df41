// What one fuzz case did and what went wrong, and the checks every case makes on a call's
// result: the exact code expected, and for a failure a message from aclGetRecentErrMsg().
//
//   Report report;
//   report.note("aclnnLogitGrad x=FLOAT[2,3] ...");          // the case, for its repro
//   expect_status(report, "phase 1", got, ACLNN_ERR_PARAM_INVALID);
//   if (report.failed()) ...
#pragma once

#include <cstdarg>
#include <string>

namespace aclemu::fuzz {

class Report {
public:
    /// How the case counts in the run's summary.
    enum class Kind { Valid, Rejected, Runtime, Tensor, Group };

    void note(const char* fmt, ...) __attribute__((format(printf, 2, 3)));
    void fail(const char* fmt, ...) __attribute__((format(printf, 2, 3)));

    bool failed() const { return !failures_.empty(); }
    const std::string& description() const { return description_; }
    const std::string& failures() const { return failures_; }

    Kind kind = Kind::Valid;
    /// The runtime was finalized by the case: the driver starts it again.
    bool runtime_stopped = false;

private:
    std::string description_;
    std::string failures_;
};

/// aclGetRecentErrMsg() as a string ("" for none); reading clears it.
std::string take_message();

/// `got` must be `want`. A failure (want != 0) must leave a message; a success must not.
void expect_status(Report& report, const char* what, int got, int want);

/// A creation call (aclCreateTensor, ...) that must fail returned nullptr and left a message.
void expect_rejected(Report& report, const char* what, const void* got);

}  // namespace aclemu::fuzz
