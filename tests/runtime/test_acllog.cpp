// libascendalog.so's calls (base/acl_log.h): which records pass the level, that they reach the log
// as module APP, and which callbacks receive them. The log settings are read at aclInit, so each
// case sets the environment, then initializes.
#include "base/acl_log.h"
#include "runtime/logged_run.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdarg>
#include <string>
#include <utility>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr int32_t kUserModule = 0xff00;

// What a callback received: (type, text) in order.
struct Received {
    std::vector<std::pair<uint32_t, std::string>> records;
};

int32_t collect(void* user_data, uint32_t type, const char* text, size_t length) {
    static_cast<Received*>(user_data)->records.emplace_back(type, std::string(text, length));
    return 0;
}

void record_va(int32_t module, int32_t level, const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    acllogVaList(module, level, fmt, args);
    va_end(args);
}

// `body` at global log level `level`, printing to stdout; what it printed.
template <class Body>
std::string with_log_level(const char* level, Body body) {
    return run_logged(level, nullptr, "1", body);
}

TEST(AclLog, DebugLevelFollowsTheAppLevel) {
    with_log_level("1", [] {
        EXPECT_EQ(acllogCheckDebugLevel(kUserModule, DLOG_DEBUG), 0);
        EXPECT_EQ(acllogCheckDebugLevel(kUserModule, DLOG_INFO), 1);
        EXPECT_EQ(acllogCheckDebugLevel(0xffff, DLOG_ERROR), 1);
        EXPECT_EQ(acllogCheckDebugLevel(kUserModule, DLOG_NULL), 0);
        EXPECT_EQ(acllogCheckDebugLevel(kUserModule, DLOG_EVENT), 0);
        EXPECT_EQ(acllogCheckDebugLevel(-1, DLOG_ERROR), 0);
    });
    with_log_level("3", [] {
        EXPECT_EQ(acllogCheckDebugLevel(kUserModule, DLOG_WARN), 0);
        EXPECT_EQ(acllogCheckDebugLevel(kUserModule, DLOG_ERROR), 1);
    });
}

TEST(AclLog, RecordsReachTheLogAndTheCallbacksOfTheirType) {
    Received both;
    Received debug_only;
    Received run_only;
    const std::string out = with_log_level("2", [&] {
        acllogCallbackHandle h_both = 0;
        acllogCallbackHandle h_debug = 0;
        acllogCallbackHandle h_run = 0;
        ASSERT_EQ(acllogRegisterCallback(collect, &both, OUTPUT_TYPE_BOTH, &h_both), 0);
        ASSERT_EQ(acllogRegisterCallback(collect, &debug_only, OUTPUT_TYPE_DEBUG, &h_debug), 0);
        ASSERT_EQ(acllogRegisterCallback(collect, &run_only, OUTPUT_TYPE_RUN, &h_run), 0);
        EXPECT_NE(h_both, h_debug);
        acllogRecord(kUserModule, DLOG_INFO, "below the level %d", 1);       // dropped
        acllogRecord(kUserModule, DLOG_WARN, "debug record %d", 2);          // debug
        acllogRecord(kUserModule | RUN_LOG_MASK, DLOG_INFO, "run %s", "3");  // run, from INFO
        acllogRecord(kUserModule | RUN_LOG_MASK, DLOG_DEBUG, "run debug");   // dropped
        record_va(kUserModule, DLOG_ERROR, "va %s %d", "list", 4);           // debug
        EXPECT_EQ(acllogUnregisterCallback(h_both), 0);
        EXPECT_EQ(acllogUnregisterCallback(h_debug), 0);
        EXPECT_EQ(acllogUnregisterCallback(h_run), 0);
        acllogRecord(kUserModule, DLOG_ERROR, "after unregistering");  // logged, no callback
    });
    using Record = std::pair<uint32_t, std::string>;
    EXPECT_EQ(both.records,
              (std::vector<Record>{{OUTPUT_TYPE_DEBUG, "debug record 2"},
                                   {OUTPUT_TYPE_RUN, "run 3"},
                                   {OUTPUT_TYPE_DEBUG, "va list 4"}}));
    EXPECT_EQ(debug_only.records,
              (std::vector<Record>{{OUTPUT_TYPE_DEBUG, "debug record 2"},
                                   {OUTPUT_TYPE_DEBUG, "va list 4"}}));
    EXPECT_EQ(run_only.records, (std::vector<Record>{{OUTPUT_TYPE_RUN, "run 3"}}));
    EXPECT_THAT(out, HasSubstr("[WARNING] APP("));
    EXPECT_THAT(out, HasSubstr("debug record 2"));
    EXPECT_THAT(out, HasSubstr("run 3"));
    EXPECT_THAT(out, HasSubstr("after unregistering"));
    EXPECT_THAT(out, Not(HasSubstr("below the level")));
    EXPECT_THAT(out, Not(HasSubstr("run debug")));
}

TEST(AclLog, RefusesWhatItCannUse) {
    acllogCallbackHandle handle = 0;
    Received sink;
    EXPECT_EQ(acllogRegisterCallback(nullptr, nullptr, OUTPUT_TYPE_BOTH, &handle), -1);
    EXPECT_EQ(acllogRegisterCallback(collect, &sink, OUTPUT_TYPE_BOTH, nullptr), -1);
    EXPECT_EQ(acllogRegisterCallback(collect, &sink, OUTPUT_TYPE_MAX, &handle), -1);
    EXPECT_EQ(acllogUnregisterCallback(0), -1);
    ASSERT_EQ(acllogRegisterCallback(collect, &sink, OUTPUT_TYPE_DEBUG, &handle), 0);
    EXPECT_EQ(acllogUnregisterCallback(handle), 0);
    EXPECT_EQ(acllogUnregisterCallback(handle), -1) << "already gone";
    acllogRecord(kUserModule, DLOG_ERROR, nullptr);  // no format: nothing, no crash
    EXPECT_TRUE(sink.records.empty());
}

}  // namespace
}  // namespace aclemu::test
