// Report and the status checks (fuzz_report.h).
#include "fuzz/fuzz_report.h"

#include "acl/acl.h"

#include <cstdio>

namespace aclemu::fuzz {
namespace {

void append(std::string* out, const char* fmt, va_list args) {
    char text[2048];
    std::vsnprintf(text, sizeof text, fmt, args);
    if (!out->empty()) {
        *out += "\n  ";
    }
    *out += text;
}

}  // namespace

void Report::note(const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    append(&description_, fmt, args);
    va_end(args);
}

void Report::fail(const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    append(&failures_, fmt, args);
    va_end(args);
}

std::string take_message() {
    const char* text = aclGetRecentErrMsg();
    return text != nullptr ? text : "";
}

void expect_status(Report& report, const char* what, int got, int want) {
    const std::string message = take_message();
    if (got != want) {
        report.fail("%s returned %d, expected %d (message: %s)",
                    what,
                    got,
                    want,
                    message.empty() ? "none" : message.c_str());
        return;
    }
    if (want != 0 && message.empty()) {
        report.fail("%s failed with %d but left no message for aclGetRecentErrMsg", what, got);
    }
    if (want == 0 && !message.empty()) {
        report.fail("%s succeeded but left a message: %s", what, message.c_str());
    }
}

void expect_rejected(Report& report, const char* what, const void* got) {
    const std::string message = take_message();
    if (got != nullptr) {
        report.fail("%s was accepted, expected a rejection", what);
    } else if (message.empty()) {
        report.fail("%s was rejected without a message for aclGetRecentErrMsg", what);
    }
}

}  // namespace aclemu::fuzz
