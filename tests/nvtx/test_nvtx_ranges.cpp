// NVTX ranges without a GPU and without Nsight: ctest runs this binary with
// NVTX_INJECTION64_PATH naming the recorder library (nvtx_recorder.h), which records what a tool
// would see. Checked: the "aclemu" domain and its categories; one range per acl/aclnn call,
// named after the API, the aclnn ones with their tensors' dtypes and shapes; a kernel range
// inside the aclnn call that launched it and one around the CPU kernel itself; every range
// closed on the thread that opened it.
#include "acl/acl.h"
#include "aclnnop/aclnn_logit_grad.h"

#include "mstx/ms_tools_ext.h"
#include "nvtx/nvtx_recorder.h"
#include "support/device_tensor.h"
#include "support/two_phase.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <thread>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::StartsWith;

struct Range {
    std::string message;
    std::string parent;  // the enclosing range's message on the same thread, "" at top level
    uint32_t category = 0;
    uint64_t thread = 0;
};

// Rebuilds the ranges from the push/pop records, per thread. Unbalanced pops or ranges left
// open are test failures.
std::vector<Range> ranges_of(const std::vector<NvtxRecord>& records) {
    std::vector<Range> ranges;
    std::map<uint64_t, std::vector<Range>> open;
    for (const NvtxRecord& r : records) {
        if (r.kind == NvtxRecord::Push) {
            EXPECT_EQ(r.domain, "aclemu") << r.message;
            std::vector<Range>& stack = open[r.thread];
            stack.push_back(
                {r.message, stack.empty() ? "" : stack.back().message, r.category, r.thread});
        } else if (r.kind == NvtxRecord::Pop) {
            EXPECT_EQ(r.domain, "aclemu");
            std::vector<Range>& stack = open[r.thread];
            if (stack.empty()) {
                ADD_FAILURE() << "a pop without a push on thread " << r.thread;
                continue;
            }
            ranges.push_back(stack.back());
            stack.pop_back();
        }
    }
    for (const auto& [thread, stack] : open) {
        for (const Range& left : stack) {
            ADD_FAILURE() << "range left open on thread " << thread << ": " << left.message;
        }
    }
    return ranges;
}

std::vector<const Range*> find(const std::vector<Range>& ranges, const std::string& prefix) {
    std::vector<const Range*> found;
    for (const Range& r : ranges) {
        if (r.message.rfind(prefix, 0) == 0) {
            found.push_back(&r);
        }
    }
    return found;
}

// A user's program: init, a device and stream, three tensors, LogitGrad's two phases, teardown.
void run_logit_grad() {
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    aclrtStream stream = nullptr;
    ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
    {
        auto x = DeviceTensor::contiguous({2, 3}, ACL_FLOAT16, {0.1, 0.2, 0.3, 0.4, 0.5, 0.6});
        auto dy = DeviceTensor::filled({2, 3}, ACL_FLOAT16, 1.0);
        auto out = DeviceTensor::filled({2, 3}, ACL_FLOAT16, 0.0);
        const TwoPhaseResult r = run_two_phase(aclnnLogitGradGetWorkspaceSize,
                                               aclnnLogitGrad,
                                               stream,
                                               x.get(),
                                               dy.get(),
                                               -1.0,
                                               out.get());
        EXPECT_TRUE(r.ok()) << r;
    }
    EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
}

TEST(NvtxRanges, NameEveryCallAndKernelInTheAclemuDomain) {
    run_logit_grad();
    ASSERT_TRUE(nvtx_injected())
        << "NVTX did not load the recorder: run through ctest, which sets NVTX_INJECTION64_PATH";
    const std::vector<NvtxRecord> records = nvtx_records();

    std::vector<std::string> domains;
    std::map<uint32_t, std::string> categories;
    for (const NvtxRecord& r : records) {
        if (r.kind == NvtxRecord::DomainCreate) {
            domains.push_back(r.message);
        } else if (r.kind == NvtxRecord::CategoryName) {
            EXPECT_EQ(r.domain, "aclemu");
            categories[r.category] = r.message;
        }
    }
    EXPECT_EQ(domains, std::vector<std::string>{"aclemu"});
    EXPECT_EQ(categories[1], "acl runtime");
    EXPECT_EQ(categories[2], "aclnn operator");
    EXPECT_EQ(categories[3], "kernel");

    const std::vector<Range> ranges = ranges_of(records);
    std::vector<std::string> messages;
    for (const Range& r : ranges) {
        messages.push_back(r.message);
    }
    for (const char* api : {"aclInit",
                            "aclrtSetDevice",
                            "aclrtCreateStream",
                            "aclrtMalloc",
                            "aclrtMemcpy",
                            "aclrtSynchronizeStream",
                            "aclrtFree",
                            "aclrtDestroyStream",
                            "aclrtResetDevice",
                            "aclFinalize"}) {
        EXPECT_THAT(messages, Contains(std::string(api))) << api;
    }
    for (const Range* r : find(ranges, "aclrt")) {
        EXPECT_EQ(r->category, 1u) << r->message;
    }

    const std::string tensors = "(x=FLOAT16[2,3], dy=FLOAT16[2,3], out=FLOAT16[2,3])";
    EXPECT_THAT(messages, Contains("aclnnLogitGradGetWorkspaceSize" + tensors));
    const std::string phase2 = "aclnnLogitGrad" + tensors;
    EXPECT_THAT(messages, Contains(phase2));
    for (const Range* r : find(ranges, "aclnnLogitGrad")) {
        EXPECT_EQ(r->category, 2u) << r->message;
    }

    // The launch, inside phase 2, and the CPU kernel itself (on the stream's worker, or inline
    // inside the launch when the stream was idle).
    const std::vector<const Range*> kernels = find(ranges, "logit_grad (contiguous) on cpu: ");
    ASSERT_EQ(kernels.size(), 2u) << ::testing::PrintToString(messages);
    int inside_phase2 = 0;
    for (const Range* k : kernels) {
        EXPECT_EQ(k->category, 3u);
        EXPECT_THAT(k->message, HasSubstr(" bytes"));
        inside_phase2 += k->parent == phase2 ? 1 : 0;
    }
    EXPECT_GE(inside_phase2, 1);
}

// mstx marks and ranges (mstx/ms_tools_ext.h) reach the tool as NVTX marks and start/end
// ranges: the default domain's in NVTX's default domain, a named mstx domain's in an NVTX domain
// of that name; a range may end on another thread.
TEST(NvtxRanges, MstxMarksAndRangesReachTheTool) {
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    const size_t before = nvtx_records().size();
    mstxMarkA("mstx mark", nullptr);
    const mstxRangeId range = mstxRangeStartA("mstx range", nullptr);
    ASSERT_NE(range, MSTX_INVALID_ID);
    std::thread([range] { mstxRangeEnd(range); }).join();
    mstxDomainHandle_t domain = mstxDomainCreateA("mstx user domain");
    ASSERT_NE(domain, nullptr);
    mstxDomainMarkA(domain, "domain mark", nullptr);
    const mstxRangeId in_domain = mstxDomainRangeStartA(domain, "domain range", nullptr);
    mstxDomainRangeEnd(domain, in_domain);
    mstxDomainDestroy(domain);
    EXPECT_EQ(aclFinalize(), ACL_SUCCESS);

    const std::vector<NvtxRecord> all = nvtx_records();
    std::vector<NvtxRecord> records(all.begin() + static_cast<std::ptrdiff_t>(before), all.end());
    std::map<std::string, const NvtxRecord*> started;  // message -> RangeStart
    std::map<uint64_t, const NvtxRecord*> ended;       // id -> RangeEnd
    std::vector<std::string> marks;
    bool domain_created = false;
    for (const NvtxRecord& r : records) {
        if (r.kind == NvtxRecord::Mark) {
            marks.push_back(r.domain + "/" + r.message);
        } else if (r.kind == NvtxRecord::RangeStart) {
            started[r.message] = &r;
        } else if (r.kind == NvtxRecord::RangeEnd) {
            ended[r.id] = &r;
        } else if (r.kind == NvtxRecord::DomainCreate && r.message == "mstx user domain") {
            domain_created = true;
        }
    }
    EXPECT_TRUE(domain_created);
    EXPECT_THAT(marks, Contains("/mstx mark"));
    EXPECT_THAT(marks, Contains("mstx user domain/domain mark"));
    ASSERT_EQ(started.count("mstx range"), 1u);
    ASSERT_EQ(started.count("domain range"), 1u);
    const NvtxRecord* outer = started["mstx range"];
    EXPECT_EQ(outer->domain, "");
    ASSERT_EQ(ended.count(outer->id), 1u);
    EXPECT_NE(ended[outer->id]->thread, outer->thread);  // ended on the other thread
    const NvtxRecord* inner = started["domain range"];
    EXPECT_EQ(inner->domain, "mstx user domain");
    ASSERT_EQ(ended.count(inner->id), 1u);
    EXPECT_EQ(ended[inner->id]->domain, "mstx user domain");
}

}  // namespace
}  // namespace aclemu::test
