// Profiling sample: aclprofInit names an output directory, aclprofStart collects while the
// program copies a buffer to the device and back inside an mstx range, aclprofStop writes the
// timeline (aclemu_timeline.json, open it in ui.perfetto.dev) and the per-operator summary
// (op_summary.csv, op_summary.txt). The program reads the summary back and checks that it
// counts the calls it made; it returns non-zero on any failure. The output directory is
// ./prof_output, under the directory the program runs in.
#include "acl/acl.h"
#include "acl/acl_prof.h"

#include "mstx/ms_tools_ext.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#define CHECK_ERROR(expr)                                                              \
    do {                                                                               \
        aclError ret_ = (expr);                                                        \
        if (ret_ != ACL_SUCCESS) {                                                     \
            printf("[ERROR] %s failed: %d (%s)\n", #expr, ret_, aclGetRecentErrMsg()); \
            return 1;                                                                  \
        }                                                                              \
    } while (0)

namespace {

const int kCopies = 4;

// The count column of op_summary.csv's row (kind, name); -1 when there is none.
int summary_count(const std::string& csv_path, const std::string& kind, const std::string& name) {
    std::ifstream csv(csv_path.c_str());
    std::string line;
    while (std::getline(csv, line)) {
        const std::string prefix = kind + "," + name + ",";
        if (line.compare(0, prefix.size(), prefix) == 0) {
            return std::atoi(line.c_str() + prefix.size());
        }
    }
    return -1;
}

}  // namespace

int main() {
    const int32_t device = 0;
    aclrtStream stream = nullptr;
    CHECK_ERROR(aclInit(nullptr));
    CHECK_ERROR(aclrtSetDevice(device));
    CHECK_ERROR(aclrtCreateStream(&stream));

    const std::string out_dir = "./prof_output";
    CHECK_ERROR(aclprofInit(out_dir.c_str(), out_dir.size()));
    uint32_t devices[1] = {static_cast<uint32_t>(device)};
    aclprofConfig* config =
        aclprofCreateConfig(devices,
                            1,
                            ACL_AICORE_NONE,
                            nullptr,
                            ACL_PROF_ACL_API | ACL_PROF_TASK_TIME | ACL_PROF_MSPROFTX);
    if (config == nullptr) {
        printf("[ERROR] aclprofCreateConfig failed: %s\n", aclGetRecentErrMsg());
        return 1;
    }
    CHECK_ERROR(aclprofStart(config));

    std::vector<float> host(1024, 1.5f);
    std::vector<float> back(host.size(), 0.0f);
    const size_t bytes = host.size() * sizeof(float);
    void* dev = nullptr;
    CHECK_ERROR(aclrtMalloc(&dev, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    const mstxRangeId range = mstxRangeStartA("round trips", nullptr);
    for (int i = 0; i < kCopies; ++i) {
        CHECK_ERROR(
            aclrtMemcpyAsync(dev, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE, stream));
        CHECK_ERROR(
            aclrtMemcpyAsync(back.data(), bytes, dev, bytes, ACL_MEMCPY_DEVICE_TO_HOST, stream));
    }
    CHECK_ERROR(aclrtSynchronizeStream(stream));
    mstxRangeEnd(range);

    CHECK_ERROR(aclprofStop(config));
    CHECK_ERROR(aclprofDestroyConfig(config));
    CHECK_ERROR(aclprofFinalize());
    CHECK_ERROR(aclrtFree(dev));
    CHECK_ERROR(aclrtDestroyStream(stream));
    CHECK_ERROR(aclrtResetDevice(device));
    CHECK_ERROR(aclFinalize());

    if (back != host) {
        printf("[ERROR] the round trip changed the data\n");
        return 1;
    }
    const std::string csv = out_dir + "/op_summary.csv";
    const int copies = summary_count(csv, "acl", "aclrtMemcpyAsync");
    const int ranges = summary_count(csv, "mstx", "round trips");
    printf(
        "summary: aclrtMemcpyAsync called %d times, mstx range seen %d time(s)\n", copies, ranges);
    if (copies != 2 * kCopies || ranges != 1) {
        printf("[ERROR] the summary should count %d copies and 1 range\n", 2 * kCopies);
        return 1;
    }
    std::ifstream table((out_dir + "/op_summary.txt").c_str());
    std::stringstream text;
    text << table.rdbuf();
    printf("%s", text.str().c_str());
    std::ifstream timeline((out_dir + "/aclemu_timeline.json").c_str());
    if (!timeline.good()) {
        printf("[ERROR] no timeline in %s\n", out_dir.c_str());
        return 1;
    }
    printf("profiling sample passed: open %s/aclemu_timeline.json in ui.perfetto.dev\n",
           out_dir.c_str());
    return 0;
}
