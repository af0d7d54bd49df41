// ACL graphs' control flow (issue 20): conditional tasks (IF, WHILE, SWITCH) in a capture, labels
// and label switches, stream switches and activations in a build. Each test fills device bytes
// with a value per branch and checks, after each execution, exactly which branches ran; also the
// exact codes and messages of bad arguments.
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"
#include "support/device_tensor.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace aclemu::test {
namespace {

constexpr size_t kBytes = 64;
constexpr uint8_t kUntouched = 0xEE;

class GraphControl : public BackendTest {
protected:
    // A device buffer of kBytes, each byte kUntouched.
    DeviceBuffer fresh() {
        DeviceBuffer buffer(kBytes);
        reset(buffer);
        return buffer;
    }
    static void reset(const DeviceBuffer& buffer) {
        const std::vector<uint8_t> bytes(kBytes, kUntouched);
        ASSERT_TRUE(const_cast<DeviceBuffer&>(buffer).upload(bytes.data(), kBytes));
    }
    // The value every byte of `buffer` holds, or -1 when they differ.
    static int filled_with(const DeviceBuffer& buffer) {
        std::vector<uint8_t> bytes(kBytes);
        if (!buffer.download(bytes.data(), kBytes)) {
            return -2;
        }
        for (uint8_t b : bytes) {
            if (b != bytes[0]) {
                return -1;
            }
        }
        return bytes[0];
    }
    void fill(const DeviceBuffer& buffer, int value, aclrtStream on) {
        ASSERT_EQ(aclrtMemsetAsync(buffer.get(), kBytes, value, kBytes, on), ACL_SUCCESS)
            << take_recent_error();
    }
    static void set_word(uint64_t* word, uint64_t value) {
        ASSERT_EQ(
            aclrtMemcpy(word, sizeof(value), &value, sizeof(value), ACL_MEMCPY_HOST_TO_DEVICE),
            ACL_SUCCESS)
            << take_recent_error();
    }
    void run(aclmdlRI model) {
        ASSERT_EQ(aclmdlRIExecuteAsync(model, stream()), ACL_SUCCESS) << take_recent_error();
        ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS) << take_recent_error();
    }
    aclrtStream new_stream() {
        aclrtStream s = nullptr;
        EXPECT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
        streams_.push_back(s);
        return s;
    }
    void TearDown() override {
        for (aclrtStream s : streams_) {
            aclrtDestroyStream(s);
        }
        BackendTest::TearDown();
    }

    // Begins a capture on `parent` with a condition (flag, default) and a conditional task of
    // `type` with `size` branches; *branches receives them.
    void capture_conditional(aclrtStream parent,
                             aclmdlRICondTaskType type,
                             uint32_t size,
                             uint32_t flag,
                             uint32_t default_value,
                             uint64_t** word,
                             std::vector<aclmdlRI>* branches) {
        ASSERT_EQ(aclmdlRICaptureBegin(parent, ACL_MODEL_RI_CAPTURE_MODE_RELAXED), ACL_SUCCESS);
        aclmdlRICaptureStatus status = ACL_MODEL_RI_CAPTURE_STATUS_NONE;
        aclmdlRI model = nullptr;
        ASSERT_EQ(aclmdlRICaptureGetInfo(parent, &status, &model), ACL_SUCCESS);
        aclmdlRICondHandle cond = nullptr;
        ASSERT_EQ(aclmdlRICondHandleCreate(
                      model, default_value, static_cast<aclmdlRICondHandleFlag>(flag), &cond),
                  ACL_SUCCESS)
            << take_recent_error();
        ASSERT_EQ(aclmdlRICondHandleGetCondPtr(cond, word), ACL_SUCCESS) << take_recent_error();
        ASSERT_NE(*word, nullptr);
        branches->assign(size, nullptr);
        aclmdlRICondTaskParams params{cond, type, size, branches->data()};
        ASSERT_EQ(aclmdlRIAddCondTask(params, parent, 0), ACL_SUCCESS) << take_recent_error();
        for (aclmdlRI branch : *branches) {
            ASSERT_NE(branch, nullptr);
        }
    }
    // Captures `fill(buffer, value)` into `branch` on `sub`.
    void capture_fill(aclmdlRI branch, aclrtStream sub, const DeviceBuffer& buffer, int value) {
        ASSERT_EQ(aclmdlRICaptureToModelRIBegin(sub, branch, ACL_MODEL_RI_CAPTURE_MODE_RELAXED),
                  ACL_SUCCESS)
            << take_recent_error();
        fill(buffer, value, sub);
        aclmdlRI ended = nullptr;
        ASSERT_EQ(aclmdlRICaptureEnd(sub, &ended), ACL_SUCCESS) << take_recent_error();
        EXPECT_EQ(ended, branch);
    }

    std::vector<aclrtStream> streams_;
};

TEST_P(GraphControl, IfRunsTheBranchTheWordSelects) {
    aclrtStream parent = new_stream();
    aclrtStream sub = new_stream();
    DeviceBuffer before = fresh(), out = fresh(), after = fresh();
    uint64_t* word = nullptr;
    std::vector<aclmdlRI> branches;
    ASSERT_EQ(aclmdlRICaptureBegin(parent, ACL_MODEL_RI_CAPTURE_MODE_RELAXED), ACL_SUCCESS);
    fill(before, 0x01, parent);  // a task before the conditional one
    aclmdlRICaptureStatus status;
    aclmdlRI model = nullptr;
    ASSERT_EQ(aclmdlRICaptureGetInfo(parent, &status, &model), ACL_SUCCESS);
    aclmdlRICondHandle cond = nullptr;
    ASSERT_EQ(aclmdlRICondHandleCreate(model, 0, static_cast<aclmdlRICondHandleFlag>(0), &cond),
              ACL_SUCCESS)
        << take_recent_error();
    ASSERT_EQ(aclmdlRICondHandleGetCondPtr(cond, &word), ACL_SUCCESS);
    branches.assign(2, nullptr);
    aclmdlRICondTaskParams params{cond, ACL_MODEL_RI_COND_TYPE_IF, 2, branches.data()};
    ASSERT_EQ(aclmdlRIAddCondTask(params, parent, 0), ACL_SUCCESS) << take_recent_error();
    fill(after, 0x02, parent);  // and one after it
    capture_fill(branches[0], sub, out, 0x11);
    capture_fill(branches[1], sub, out, 0x22);
    aclmdlRI ended = nullptr;
    ASSERT_EQ(aclmdlRICaptureEnd(parent, &ended), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(ended, model);
    EXPECT_EQ(filled_with(out), kUntouched);  // nothing ran during the capture

    set_word(word, 1);
    run(model);
    EXPECT_EQ(filled_with(before), 0x01);
    EXPECT_EQ(filled_with(out), 0x11);
    EXPECT_EQ(filled_with(after), 0x02);
    set_word(word, 0);
    run(model);
    EXPECT_EQ(filled_with(out), 0x22);
    set_word(word, 7);
    run(model);
    EXPECT_EQ(filled_with(out), 0x11);
    EXPECT_EQ(aclmdlRIDestroy(model), ACL_SUCCESS) << take_recent_error();
}

TEST_P(GraphControl, IfWithOneBranchRunsNothingOnZero) {
    aclrtStream parent = new_stream();
    aclrtStream sub = new_stream();
    DeviceBuffer out = fresh();
    uint64_t* word = nullptr;
    std::vector<aclmdlRI> branches;
    capture_conditional(parent, ACL_MODEL_RI_COND_TYPE_IF, 1, 0, 0, &word, &branches);
    capture_fill(branches[0], sub, out, 0x33);
    aclmdlRI model = nullptr;
    ASSERT_EQ(aclmdlRICaptureEnd(parent, &model), ACL_SUCCESS);
    set_word(word, 0);
    run(model);
    EXPECT_EQ(filled_with(out), kUntouched);
    set_word(word, 1);
    run(model);
    EXPECT_EQ(filled_with(out), 0x33);
    EXPECT_EQ(aclmdlRIDestroy(model), ACL_SUCCESS);
}

// The loop body shifts a device array of words left by one and copies its new first word into
// the condition: with [1, 1, 1, 0] and the word 1 at the start, the body runs 3 times (the word
// after each run: 1, 1, 0).
TEST_P(GraphControl, WhileRunsItsBodyUntilTheBodyClearsTheWord) {
    aclrtStream parent = new_stream();
    aclrtStream sub = new_stream();
    constexpr size_t kWords = 4;
    const std::vector<uint64_t> initial = {1, 1, 1, 0};
    DeviceBuffer shift(kWords * sizeof(uint64_t));
    DeviceBuffer scratch(kWords * sizeof(uint64_t));
    struct Counter {
        int runs = 0;
        static void bump(void* self) { ++static_cast<Counter*>(self)->runs; }
    } counter;
    uint64_t* word = nullptr;
    std::vector<aclmdlRI> branches;
    capture_conditional(parent, ACL_MODEL_RI_COND_TYPE_WHILE, 1, 0, 0, &word, &branches);
    ASSERT_EQ(aclmdlRICaptureToModelRIBegin(sub, branches[0], ACL_MODEL_RI_CAPTURE_MODE_RELAXED),
              ACL_SUCCESS);
    const size_t tail = (kWords - 1) * sizeof(uint64_t);
    auto* words = static_cast<uint64_t*>(shift.get());
    ASSERT_EQ(
        aclrtMemcpyAsync(scratch.get(), tail, words + 1, tail, ACL_MEMCPY_DEVICE_TO_DEVICE, sub),
        ACL_SUCCESS);
    ASSERT_EQ(aclrtMemcpyAsync(words, tail, scratch.get(), tail, ACL_MEMCPY_DEVICE_TO_DEVICE, sub),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtMemsetAsync(words + kWords - 1, sizeof(uint64_t), 0, sizeof(uint64_t), sub),
              ACL_SUCCESS);
    ASSERT_EQ(
        aclrtMemcpyAsync(
            word, sizeof(uint64_t), words, sizeof(uint64_t), ACL_MEMCPY_DEVICE_TO_DEVICE, sub),
        ACL_SUCCESS);
    ASSERT_EQ(aclrtLaunchHostFunc(sub, &Counter::bump, &counter), ACL_SUCCESS);
    aclmdlRI ended = nullptr;
    ASSERT_EQ(aclmdlRICaptureEnd(sub, &ended), ACL_SUCCESS);
    aclmdlRI model = nullptr;
    ASSERT_EQ(aclmdlRICaptureEnd(parent, &model), ACL_SUCCESS);

    for (int execution = 0; execution < 2; ++execution) {
        ASSERT_TRUE(shift.upload(initial.data(), kWords * sizeof(uint64_t)));
        set_word(word, 1);
        counter.runs = 0;
        run(model);
        EXPECT_EQ(counter.runs, 3);
        uint64_t left = 99;
        ASSERT_EQ(aclrtMemcpy(&left, sizeof(left), word, sizeof(left), ACL_MEMCPY_DEVICE_TO_HOST),
                  ACL_SUCCESS);
        EXPECT_EQ(left, 0U);
    }
    set_word(word, 0);  // a loop whose word is 0 at the start never runs its body
    counter.runs = 0;
    run(model);
    EXPECT_EQ(counter.runs, 0);
    EXPECT_EQ(aclmdlRIDestroy(model), ACL_SUCCESS);
}

TEST_P(GraphControl, SwitchRunsBranchNumberWordAndNoneAtOrPastTheSize) {
    aclrtStream parent = new_stream();
    aclrtStream sub = new_stream();
    DeviceBuffer out = fresh();
    uint64_t* word = nullptr;
    std::vector<aclmdlRI> branches;
    capture_conditional(parent, ACL_MODEL_RI_COND_TYPE_SWITCH, 3, 0, 0, &word, &branches);
    const int values[3] = {0x41, 0x42, 0x43};
    for (int i = 0; i < 3; ++i) {
        capture_fill(branches[i], sub, out, values[i]);
    }
    aclmdlRI model = nullptr;
    ASSERT_EQ(aclmdlRICaptureEnd(parent, &model), ACL_SUCCESS);
    for (uint64_t i : {2U, 0U, 1U}) {
        set_word(word, i);
        run(model);
        EXPECT_EQ(filled_with(out), values[i]) << "word " << i;
    }
    reset(out);
    for (uint64_t past : {3U, 1000U}) {
        set_word(word, past);
        run(model);
        EXPECT_EQ(filled_with(out), kUntouched) << "word " << past;
    }
    EXPECT_EQ(aclmdlRIDestroy(model), ACL_SUCCESS);
}

// ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT: each execution starts with the default value,
// whatever the word held before.
TEST_P(GraphControl, AssignDefaultSetsTheWordAtEachExecution) {
    aclrtStream parent = new_stream();
    aclrtStream sub = new_stream();
    DeviceBuffer out = fresh();
    uint64_t* word = nullptr;
    std::vector<aclmdlRI> branches;
    capture_conditional(parent,
                        ACL_MODEL_RI_COND_TYPE_IF,
                        2,
                        ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT,
                        1,
                        &word,
                        &branches);
    capture_fill(branches[0], sub, out, 0x51);
    capture_fill(branches[1], sub, out, 0x52);
    aclmdlRI model = nullptr;
    ASSERT_EQ(aclmdlRICaptureEnd(parent, &model), ACL_SUCCESS);
    set_word(word, 0);  // overwritten by the default at the start
    run(model);
    EXPECT_EQ(filled_with(out), 0x51);
    EXPECT_EQ(aclmdlRIDestroy(model), ACL_SUCCESS);
}

TEST_P(GraphControl, ConditionCallsCheckTheirArguments) {
    aclrtStream parent = new_stream();
    aclrtStream other = new_stream();
    take_recent_error();
    aclmdlRICondHandle cond = nullptr;
    EXPECT_EQ(aclmdlRICondHandleCreate(nullptr, 0, ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT, &cond),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("modelRI"), std::string::npos);

    ASSERT_EQ(aclmdlRICaptureBegin(parent, ACL_MODEL_RI_CAPTURE_MODE_RELAXED), ACL_SUCCESS);
    aclmdlRICaptureStatus status;
    aclmdlRI model = nullptr;
    ASSERT_EQ(aclmdlRICaptureGetInfo(parent, &status, &model), ACL_SUCCESS);
    EXPECT_EQ(aclmdlRICondHandleCreate(model, 0, static_cast<aclmdlRICondHandleFlag>(2), &cond),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("flag"), std::string::npos);
    EXPECT_EQ(aclmdlRICondHandleCreate(model, 0, ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT, nullptr),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("handle"), std::string::npos);
    ASSERT_EQ(aclmdlRICondHandleCreate(model, 0, ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT, &cond),
              ACL_SUCCESS);
    EXPECT_EQ(aclmdlRICondHandleGetCondPtr(cond, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("ptr"), std::string::npos);

    aclmdlRI branches[3] = {};
    aclmdlRICondTaskParams params{cond, ACL_MODEL_RI_COND_TYPE_WHILE, 2, branches};
    EXPECT_EQ(aclmdlRIAddCondTask(params, parent, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("params.size"), std::string::npos);
    params.size = 1;
    params.type = static_cast<aclmdlRICondTaskType>(3);
    EXPECT_EQ(aclmdlRIAddCondTask(params, parent, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("params.type"), std::string::npos);
    params.type = ACL_MODEL_RI_COND_TYPE_IF;
    EXPECT_EQ(aclmdlRIAddCondTask(params, parent, 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("flags"), std::string::npos);
    EXPECT_EQ(aclmdlRIAddCondTask(params, other, 0), ACL_ERROR_RT_STREAM_NOT_CAPTURED);
    EXPECT_NE(take_recent_error().find("not capturing"), std::string::npos);
    params.modelRIArray = nullptr;
    EXPECT_EQ(aclmdlRIAddCondTask(params, parent, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("params.modelRIArray"), std::string::npos);
    params.modelRIArray = branches;
    ASSERT_EQ(aclmdlRIAddCondTask(params, parent, 0), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(aclmdlRIAddCondTask(params, parent, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("already drives"), std::string::npos);

    EXPECT_EQ(aclmdlRICaptureToModelRIBegin(other, model, ACL_MODEL_RI_CAPTURE_MODE_RELAXED),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("not a branch"), std::string::npos);
    EXPECT_EQ(aclmdlRIDestroy(branches[0]), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("destroyed with the instance"), std::string::npos);
    aclmdlRI ended = nullptr;
    ASSERT_EQ(aclmdlRICaptureEnd(parent, &ended), ACL_SUCCESS);
    EXPECT_EQ(aclmdlRICondHandleCreate(model, 0, ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT, &cond),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("while it is captured"), std::string::npos);
    ASSERT_EQ(aclmdlRIDestroy(model), ACL_SUCCESS);
    // The instance took its conditions and branches with it.
    uint64_t* word = nullptr;
    EXPECT_EQ(aclmdlRICondHandleGetCondPtr(cond, &word), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("not a live condition"), std::string::npos);
    EXPECT_EQ(aclmdlRIExecuteAsync(branches[0], stream()), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("not a live model runtime instance"), std::string::npos);
}

// A build: `head` (HEAD) jumps by the index at `index` to label 0 or 1 on itself, or label 2 on
// `side` (DEFAULT). Labels on one stream fall through: label 0 runs label 1's tasks too.
TEST_P(GraphControl, SwitchLabelByIndexJumpsToTheLabelAndStopsTheStream) {
    aclrtStream head = new_stream();
    aclrtStream side = new_stream();
    DeviceBuffer index(sizeof(uint32_t));
    DeviceBuffer a = fresh(), b = fresh(), c = fresh(), skipped = fresh();
    aclrtLabel labels[3] = {};
    for (aclrtLabel& label : labels) {
        ASSERT_EQ(aclrtCreateLabel(&label), ACL_SUCCESS);
    }
    aclrtLabelList list = nullptr;
    ASSERT_EQ(aclrtCreateLabelList(labels, 3, &list), ACL_SUCCESS) << take_recent_error();
    aclmdlRI model = nullptr;
    ASSERT_EQ(aclmdlRIBuildBegin(&model, 0), ACL_SUCCESS);
    ASSERT_EQ(aclmdlRIBindStream(model, head, ACL_MODEL_STREAM_FLAG_HEAD), ACL_SUCCESS);
    ASSERT_EQ(aclmdlRIBindStream(model, side, ACL_MODEL_STREAM_FLAG_DEFAULT), ACL_SUCCESS);
    ASSERT_EQ(aclrtSwitchLabelByIndex(index.get(), 3, list, head), ACL_SUCCESS)
        << take_recent_error();
    fill(skipped, 0x99, head);  // after the jump, before any label: never runs
    ASSERT_EQ(aclrtSetLabel(labels[0], head), ACL_SUCCESS) << take_recent_error();
    fill(a, 0x0A, head);
    ASSERT_EQ(aclrtSetLabel(labels[1], head), ACL_SUCCESS);
    fill(b, 0x0B, head);
    ASSERT_EQ(aclrtSetLabel(labels[2], side), ACL_SUCCESS);
    fill(c, 0x0C, side);
    ASSERT_EQ(aclmdlRIEndTask(model, head), ACL_SUCCESS);
    ASSERT_EQ(aclmdlRIEndTask(model, side), ACL_SUCCESS);
    ASSERT_EQ(aclmdlRIBuildEnd(model, nullptr), ACL_SUCCESS) << take_recent_error();

    struct Case {
        uint32_t index;
        int a, b, c;
    };
    const Case cases[] = {
        {0, 0x0A, 0x0B, kUntouched},
        {1, kUntouched, 0x0B, kUntouched},
        {2, kUntouched, kUntouched, 0x0C},
        {9, kUntouched, kUntouched, 0x0C},  // past the last label: the last
    };
    for (const Case& expected : cases) {
        reset(a);
        reset(b);
        reset(c);
        ASSERT_TRUE(index.upload(&expected.index, sizeof(uint32_t)));
        run(model);
        EXPECT_EQ(filled_with(a), expected.a) << "index " << expected.index;
        EXPECT_EQ(filled_with(b), expected.b) << "index " << expected.index;
        EXPECT_EQ(filled_with(c), expected.c) << "index " << expected.index;
        EXPECT_EQ(filled_with(skipped), kUntouched);
    }
    EXPECT_EQ(aclmdlRIUnbindStream(model, head), ACL_SUCCESS);
    EXPECT_EQ(aclmdlRIUnbindStream(model, side), ACL_SUCCESS);
    EXPECT_EQ(aclmdlRIDestroy(model), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyLabelList(list), ACL_SUCCESS);
    for (aclrtLabel label : labels) {
        EXPECT_EQ(aclrtDestroyLabel(label), ACL_SUCCESS);
    }
}

// `head` compares two device int32 (or int64) values: when the comparison holds, `target`'s
// tasks run instead of the rest of `head`'s. `activated` (DEFAULT) runs where it is activated.
TEST_P(GraphControl, SwitchStreamAndActiveStreamRunTheStreamsTheyName) {
    aclrtStream head = new_stream();
    aclrtStream target = new_stream();
    aclrtStream activated = new_stream();
    DeviceBuffer values(4 * sizeof(int64_t));
    DeviceBuffer first = fresh(), rest = fresh(), switched = fresh(), active = fresh();
    auto* words = static_cast<int64_t*>(values.get());
    aclmdlRI model = nullptr;
    ASSERT_EQ(aclmdlRIBuildBegin(&model, 0), ACL_SUCCESS);
    ASSERT_EQ(aclmdlRIBindStream(model, head, ACL_MODEL_STREAM_FLAG_HEAD), ACL_SUCCESS);
    ASSERT_EQ(aclmdlRIBindStream(model, target, ACL_MODEL_STREAM_FLAG_DEFAULT), ACL_SUCCESS);
    ASSERT_EQ(aclmdlRIBindStream(model, activated, ACL_MODEL_STREAM_FLAG_DEFAULT), ACL_SUCCESS);
    fill(first, 0x01, head);
    ASSERT_EQ(aclrtActiveStream(activated, head), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclrtSwitchStream(
                  words, ACL_RT_GREATER, words + 1, ACL_RT_SWITCH_INT64, target, nullptr, head),
              ACL_SUCCESS)
        << take_recent_error();
    fill(rest, 0x02, head);
    fill(switched, 0x03, target);
    fill(active, 0x04, activated);
    ASSERT_EQ(aclmdlRIBuildEnd(model, nullptr), ACL_SUCCESS);

    struct Case {
        int64_t left, right;
        bool holds;
    };
    for (const Case& c : {Case{5, 3, true},
                          Case{3, 3, false},
                          Case{-4, 2, false},
                          Case{int64_t{1} << 40, 1, true}}) {
        for (const DeviceBuffer* buffer : {&first, &rest, &switched, &active}) {
            reset(*buffer);
        }
        const int64_t pair[2] = {c.left, c.right};
        ASSERT_TRUE(values.upload(pair, sizeof(pair)));
        run(model);
        EXPECT_EQ(filled_with(first), 0x01);
        EXPECT_EQ(filled_with(active), 0x04);
        EXPECT_EQ(filled_with(rest), c.holds ? kUntouched : 0x02) << c.left << " > " << c.right;
        EXPECT_EQ(filled_with(switched), c.holds ? 0x03 : kUntouched) << c.left << " > " << c.right;
    }
    EXPECT_EQ(aclmdlRIDestroy(model), ACL_SUCCESS);
}

TEST_P(GraphControl, LabelAndSwitchCallsCheckTheirArguments) {
    aclrtStream bound = new_stream();
    aclrtStream other = new_stream();
    DeviceBuffer values(2 * sizeof(int32_t));
    take_recent_error();
    EXPECT_EQ(aclrtCreateLabel(nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("label"), std::string::npos);
    aclrtLabel label = nullptr;
    ASSERT_EQ(aclrtCreateLabel(&label), ACL_SUCCESS);
    aclrtLabelList list = nullptr;
    EXPECT_EQ(aclrtCreateLabelList(&label, 0, &list), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("num"), std::string::npos);
    EXPECT_EQ(aclrtCreateLabelList(&label, 1, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("labelList"), std::string::npos);
    aclrtLabel bad[2] = {label, nullptr};
    EXPECT_EQ(aclrtCreateLabelList(bad, 2, &list), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("labels[1]"), std::string::npos);
    ASSERT_EQ(aclrtCreateLabelList(&label, 1, &list), ACL_SUCCESS);

    EXPECT_EQ(aclrtSetLabel(label, other), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("not a stream bound"), std::string::npos);
    aclmdlRI model = nullptr;
    ASSERT_EQ(aclmdlRIBuildBegin(&model, 0), ACL_SUCCESS);
    ASSERT_EQ(aclmdlRIBindStream(model, bound, ACL_MODEL_STREAM_FLAG_HEAD), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetLabel(label, bound), ACL_SUCCESS);
    EXPECT_EQ(aclrtSetLabel(label, bound), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("set already"), std::string::npos);
    EXPECT_EQ(aclrtSwitchLabelByIndex(nullptr, 1, list, bound), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("ptr"), std::string::npos);
    EXPECT_EQ(aclrtSwitchLabelByIndex(values.get(), 2, list, bound), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("maxValue"), std::string::npos);
    EXPECT_EQ(aclrtSwitchLabelByIndex(values.get(), 1, list, other), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("stream"), std::string::npos);

    auto* words = static_cast<int32_t*>(values.get());
    EXPECT_EQ(aclrtSwitchStream(words,
                                static_cast<aclrtCondition>(6),
                                words + 1,
                                ACL_RT_SWITCH_INT32,
                                other,
                                nullptr,
                                bound),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("cond"), std::string::npos);
    EXPECT_EQ(aclrtSwitchStream(words,
                                ACL_RT_EQUAL,
                                words + 1,
                                static_cast<aclrtCompareDataType>(2),
                                other,
                                nullptr,
                                bound),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("dataType"), std::string::npos);
    EXPECT_EQ(
        aclrtSwitchStream(words, ACL_RT_EQUAL, words + 1, ACL_RT_SWITCH_INT32, other, other, bound),
        ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("falseStream"), std::string::npos);
    EXPECT_EQ(aclrtSwitchStream(
                  words, ACL_RT_EQUAL, words + 1, ACL_RT_SWITCH_INT32, other, nullptr, bound),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("trueStream"), std::string::npos);
    EXPECT_EQ(aclrtActiveStream(bound, bound), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("activeStream"), std::string::npos);
    EXPECT_EQ(aclrtActiveStream(nullptr, bound), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("activeStream"), std::string::npos);

    ASSERT_EQ(aclmdlRIBuildEnd(model, nullptr), ACL_SUCCESS);
    EXPECT_EQ(aclmdlRIDestroy(model), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyLabelList(list), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyLabelList(list), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("not a live label list"), std::string::npos);
    EXPECT_EQ(aclrtDestroyLabel(label), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyLabel(label), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("not a live label"), std::string::npos);
}

// A jump to a label never set fails the execution with a message naming the list; a control
// task cannot join an open task group.
TEST_P(GraphControl, AJumpToALabelNeverSetFailsTheExecution) {
    aclrtStream head = new_stream();
    DeviceBuffer index(sizeof(uint32_t));
    const uint32_t zero = 0;
    ASSERT_TRUE(index.upload(&zero, sizeof(zero)));
    aclrtLabel label = nullptr;
    ASSERT_EQ(aclrtCreateLabel(&label), ACL_SUCCESS);
    aclrtLabelList list = nullptr;
    ASSERT_EQ(aclrtCreateLabelList(&label, 1, &list), ACL_SUCCESS);
    aclmdlRI model = nullptr;
    ASSERT_EQ(aclmdlRIBuildBegin(&model, 0), ACL_SUCCESS);
    ASSERT_EQ(aclmdlRIBindStream(model, head, ACL_MODEL_STREAM_FLAG_HEAD), ACL_SUCCESS);
    ASSERT_EQ(aclrtSwitchLabelByIndex(index.get(), 1, list, head), ACL_SUCCESS);
    ASSERT_EQ(aclmdlRIBuildEnd(model, nullptr), ACL_SUCCESS);
    take_recent_error();
    EXPECT_EQ(aclmdlRIExecuteAsync(model, stream()), ACL_ERROR_INVALID_PARAM);
    const std::string message = take_recent_error();
    EXPECT_NE(message.find("labelList"), std::string::npos) << message;
    EXPECT_NE(message.find("not set"), std::string::npos) << message;
    EXPECT_EQ(aclmdlRIDestroy(model), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyLabelList(list), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyLabel(label), ACL_SUCCESS);

    aclrtStream parent = new_stream();
    ASSERT_EQ(aclmdlRICaptureBegin(parent, ACL_MODEL_RI_CAPTURE_MODE_RELAXED), ACL_SUCCESS);
    aclmdlRICaptureStatus status;
    aclmdlRI captured = nullptr;
    ASSERT_EQ(aclmdlRICaptureGetInfo(parent, &status, &captured), ACL_SUCCESS);
    aclmdlRICondHandle cond = nullptr;
    ASSERT_EQ(aclmdlRICondHandleCreate(captured, 0, ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT, &cond),
              ACL_SUCCESS);
    ASSERT_EQ(aclmdlRICaptureTaskGrpBegin(parent), ACL_SUCCESS) << take_recent_error();
    aclmdlRI branch = nullptr;
    aclmdlRICondTaskParams params{cond, ACL_MODEL_RI_COND_TYPE_IF, 1, &branch};
    EXPECT_EQ(aclmdlRIAddCondTask(params, parent, 0), ACL_ERROR_STREAM_TASK_GROUP_STATUS);
    EXPECT_NE(take_recent_error().find("task group"), std::string::npos);
    aclrtTaskGrp group = nullptr;
    ASSERT_EQ(aclmdlRICaptureTaskGrpEnd(parent, &group), ACL_SUCCESS);
    ASSERT_EQ(aclmdlRICaptureEnd(parent, &captured), ACL_SUCCESS);
    EXPECT_EQ(aclmdlRIDestroy(captured), ACL_SUCCESS);
}

ACLEMU_INSTANTIATE_BACKENDS(GraphControl);

}  // namespace
}  // namespace aclemu::test
