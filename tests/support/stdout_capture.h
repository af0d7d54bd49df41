// Captures what the process writes to stdout (file descriptor 1: printf, std::cout and the
// runtime's log lines alike) in a file under ::testing::TempDir(), which the test run points
// into the build tree. gtest's own CaptureStdout always uses /tmp. StdoutCapture(STDERR_FILENO)
// captures stderr instead.
//
//   StdoutCapture capture;
//   ... code that prints ...
//   EXPECT_THAT(capture.finish(), HasSubstr("[ERROR]"));
#pragma once

#include <string>

namespace aclemu::test {

class StdoutCapture {
public:
    explicit StdoutCapture(int fd = 1);
    ~StdoutCapture();
    StdoutCapture(const StdoutCapture&) = delete;
    StdoutCapture& operator=(const StdoutCapture&) = delete;

    /// Restores stdout and returns what was written since construction ("" when called again).
    std::string finish();

private:
    std::string path_;
    int file_ = -1;
    int fd_ = 1;
    int saved_stdout_ = -1;
};

}  // namespace aclemu::test
