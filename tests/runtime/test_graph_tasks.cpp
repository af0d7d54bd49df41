// What an instance holds (aclmdlRIGetStreams, aclmdlRIGetTasksByStream) on each backend: its
// streams are the recorded bodies, each with its recorded tasks, counted and listed with the
// same handles every time; bad input is refused naming the parameter.
#include "acl/acl.h"

#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

namespace aclemu::test {

namespace {

constexpr size_t kBytes = 256;

std::string message() {
    const char* text = aclGetRecentErrMsg();
    return text != nullptr ? text : "";
}

class GraphTasks : public BackendTest {
protected:
    void SetUp() override {
        BackendTest::SetUp();
        ASSERT_EQ(aclrtMalloc(&buffer_, kBytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
        ASSERT_EQ(aclrtCreateStream(&capture_), ACL_SUCCESS);
    }
    void TearDown() override {
        if (model_ != nullptr) {
            aclmdlRIDestroy(model_);
        }
        aclrtDestroyStream(capture_);
        aclrtFree(buffer_);
        BackendTest::TearDown();
    }
    // Captures `fills` fills of the buffer (the last one writes `last`) on the capture stream.
    void capture_fills(int fills, int last) {
        ASSERT_EQ(aclmdlRICaptureBegin(capture_, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL), ACL_SUCCESS);
        for (int i = 0; i < fills; ++i) {
            ASSERT_EQ(
                aclrtMemsetAsync(buffer_, kBytes, i + 1 == fills ? last : i, kBytes, capture_),
                ACL_SUCCESS);
        }
        ASSERT_EQ(aclmdlRICaptureEnd(capture_, &model_), ACL_SUCCESS);
    }

    void* buffer_ = nullptr;
    aclrtStream capture_ = nullptr;
    aclmdlRI model_ = nullptr;
};

TEST_P(GraphTasks, StreamsAndTasksAreCountedThenListed) {
    capture_fills(3, 0x5A);
    uint32_t streams = 99;
    ASSERT_EQ(aclmdlRIGetStreams(model_, nullptr, &streams), ACL_SUCCESS) << message();
    ASSERT_EQ(streams, 1u) << "one captured stream";
    std::vector<aclrtStream> listed(streams, nullptr);
    ASSERT_EQ(aclmdlRIGetStreams(model_, listed.data(), &streams), ACL_SUCCESS);
    ASSERT_NE(listed[0], nullptr);
    aclrtStream again = nullptr;
    uint32_t one = 1;
    ASSERT_EQ(aclmdlRIGetStreams(model_, &again, &one), ACL_SUCCESS);
    EXPECT_EQ(again, listed[0]) << "the same handle each time";

    uint32_t tasks = 0;
    ASSERT_EQ(aclmdlRIGetTasksByStream(listed[0], nullptr, &tasks), ACL_SUCCESS) << message();
    ASSERT_EQ(tasks, 3u) << "three captured fills";
    std::vector<aclmdlRITask> handles(tasks, nullptr);
    ASSERT_EQ(aclmdlRIGetTasksByStream(listed[0], handles.data(), &tasks), ACL_SUCCESS);
    EXPECT_EQ(tasks, 3u);
    EXPECT_EQ(std::set<aclmdlRITask>(handles.begin(), handles.end()).size(), 3u);
    EXPECT_EQ(std::count(handles.begin(), handles.end(), nullptr), 0);

    // Listing does not disturb the instance: it still runs, and its last fill wins.
    ASSERT_EQ(aclmdlRIExecuteAsync(model_, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    std::vector<unsigned char> back(kBytes, 0);
    ASSERT_EQ(aclrtMemcpy(back.data(), kBytes, buffer_, kBytes, ACL_MEMCPY_DEVICE_TO_HOST),
              ACL_SUCCESS);
    EXPECT_EQ(back, std::vector<unsigned char>(kBytes, 0x5A));
}

TEST_P(GraphTasks, BadInputIsRefusedNamingTheParameter) {
    capture_fills(2, 7);
    uint32_t count = 0;
    EXPECT_EQ(aclmdlRIGetStreams(nullptr, nullptr, &count), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(message().find("modelRI"), std::string::npos);
    EXPECT_EQ(aclmdlRIGetStreams(model_, nullptr, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(message().find("numStreams"), std::string::npos);
    aclrtStream none[1] = {nullptr};
    count = 0;
    EXPECT_EQ(aclmdlRIGetStreams(model_, none, &count), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(message().find("numStreams"), std::string::npos);

    // A user stream is not a stream of an instance.
    EXPECT_EQ(aclmdlRIGetTasksByStream(capture_, nullptr, &count), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(message().find("stream"), std::string::npos);
    count = 1;
    aclrtStream body = nullptr;
    ASSERT_EQ(aclmdlRIGetStreams(model_, &body, &count), ACL_SUCCESS);
    EXPECT_EQ(aclmdlRIGetTasksByStream(body, nullptr, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(message().find("numTasks"), std::string::npos);
    aclmdlRITask task = nullptr;
    count = 1;
    EXPECT_EQ(aclmdlRIGetTasksByStream(body, &task, &count), ACL_ERROR_INVALID_PARAM)
        << "two tasks do not fit in one entry";
    EXPECT_NE(message().find("numTasks"), std::string::npos);

    // Destroying the instance ends its stream handles.
    ASSERT_EQ(aclmdlRIDestroy(model_), ACL_SUCCESS);
    model_ = nullptr;
    EXPECT_EQ(aclmdlRIGetTasksByStream(body, nullptr, &count), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(message().find("stream"), std::string::npos);
}

TEST_P(GraphTasks, AnInstanceStillCapturingHasNoStreamsYet) {
    ASSERT_EQ(aclmdlRICaptureBegin(capture_, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL), ACL_SUCCESS);
    aclmdlRI capturing = nullptr;
    aclmdlRICaptureStatus status = ACL_MODEL_RI_CAPTURE_STATUS_NONE;
    ASSERT_EQ(aclmdlRICaptureGetInfo(capture_, &status, &capturing), ACL_SUCCESS);
    uint32_t count = 0;
    EXPECT_EQ(aclmdlRIGetStreams(capturing, nullptr, &count), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_NE(message().find("captured or built"), std::string::npos);
    ASSERT_EQ(aclmdlRICaptureEnd(capture_, &model_), ACL_SUCCESS);
}

}  // namespace

ACLEMU_INSTANTIATE_BACKENDS(GraphTasks);

}  // namespace aclemu::test
