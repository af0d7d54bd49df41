// StdoutCapture (stdout_capture.h).
#include "support/stdout_capture.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <unistd.h>
#include <vector>

namespace aclemu::test {

StdoutCapture::StdoutCapture(int fd) : fd_(fd) {
    std::vector<char> name_template;
    std::string pattern = ::testing::TempDir() + "aclemu-stdout-XXXXXX";
    name_template.assign(pattern.begin(), pattern.end());
    name_template.push_back('\0');
    std::fflush(stdout);
    std::fflush(stderr);
    file_ = ::mkstemp(name_template.data());
    if (file_ < 0) {
        throw std::runtime_error("StdoutCapture: cannot create a file in " + ::testing::TempDir());
    }
    path_ = name_template.data();
    saved_stdout_ = ::dup(fd_);
    ::dup2(file_, fd_);
}

StdoutCapture::~StdoutCapture() {
    finish();
}

std::string StdoutCapture::finish() {
    if (file_ < 0) {
        return "";
    }
    std::fflush(stdout);
    std::fflush(stderr);
    ::dup2(saved_stdout_, fd_);
    ::close(saved_stdout_);
    std::string text;
    char buffer[4096];
    ::lseek(file_, 0, SEEK_SET);
    for (ssize_t n; (n = ::read(file_, buffer, sizeof buffer)) > 0;) {
        text.append(buffer, static_cast<size_t>(n));
    }
    ::close(file_);
    ::unlink(path_.c_str());
    file_ = -1;
    return text;
}

}  // namespace aclemu::test
