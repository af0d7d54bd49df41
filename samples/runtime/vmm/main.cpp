/*
 * Runtime sample "vmm": virtual and physical device memory.
 *
 * Reserves a range of addresses (aclrtReserveMemAddress), allocates two physical chunks of the
 * allocation granularity (aclrtMallocPhysical) and maps them side by side (aclrtMapMem), so they
 * read and write as one buffer; maps the first chunk a second time elsewhere in the range and
 * reads through that alias what was written through the buffer; makes the alias read-only
 * (aclrtMemSetAccess). Then shares the second chunk with another process (this program again,
 * with "--child"): a shareable handle (aclrtMemExportToShareableHandle) whitelisted for the
 * child's pid, which the child imports (aclrtMemImportFromShareableHandle), maps, checks and
 * overwrites. Exit status 0 only when every check passes.
 */
#include "acl/acl.h"

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <spawn.h>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char** environ;

#define INFO_LOG(fmt, ...)  std::fprintf(stderr, "[INFO]  " fmt "\n", ##__VA_ARGS__)
#define ERROR_LOG(fmt, ...) std::fprintf(stderr, "[ERROR] " fmt "\n", ##__VA_ARGS__)
#define CHECK_ACL(call)                                                   \
    do {                                                                  \
        aclError check_ret_ = (call);                                     \
        if (check_ret_ != ACL_SUCCESS) {                                  \
            const char* check_msg_ = aclGetRecentErrMsg();                \
            ERROR_LOG("%s failed: %d (%s)",                               \
                      #call,                                              \
                      check_ret_,                                         \
                      check_msg_ != nullptr ? check_msg_ : "no message"); \
            return 1;                                                     \
        }                                                                 \
    } while (0)
#define CHECK_TRUE(cond, fmt, ...)         \
    do {                                   \
        if (!(cond)) {                     \
            ERROR_LOG(fmt, ##__VA_ARGS__); \
            return 1;                      \
        }                                  \
    } while (0)

namespace {

float Value(size_t i) {
    return 0.25f * static_cast<float>(i % 1000) - 7.0f;
}

aclrtPhysicalMemProp DeviceProp() {
    aclrtPhysicalMemProp prop = {};
    prop.handleType = ACL_MEM_HANDLE_TYPE_NONE;
    prop.allocationType = ACL_MEM_ALLOCATION_TYPE_PINNED;
    prop.memAttr = ACL_HBM_MEM_NORMAL;
    prop.location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
    prop.location.id = 0;
    return prop;
}

// ---- the other process ---------------------------------------------------------------------

int RunChild() {
    CHECK_ACL(aclInit(nullptr));
    CHECK_ACL(aclrtSetDevice(0));
    int32_t pid = 0;
    CHECK_ACL(aclrtDeviceGetBareTgid(&pid));
    std::cout << "pid " << pid << std::endl;
    uint64_t shareable = 0;
    size_t bytes = 0;
    size_t first = 0;
    CHECK_TRUE(static_cast<bool>(std::cin >> shareable >> bytes >> first), "child: no handle");

    aclrtDrvMemHandle handle = nullptr;
    CHECK_ACL(aclrtMemImportFromShareableHandle(shareable, 0, &handle));
    void* range = nullptr;
    CHECK_ACL(aclrtReserveMemAddress(&range, bytes, 0, nullptr, 0));
    CHECK_ACL(aclrtMapMem(range, bytes, 0, handle, 0));
    const size_t count = bytes / sizeof(float);
    std::vector<float> values(count);
    CHECK_ACL(aclrtMemcpy(values.data(), bytes, range, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
    for (size_t i = 0; i < count; ++i) {
        CHECK_TRUE(values[i] == Value(first + i),
                   "child: value %zu is %f, expected %f",
                   i,
                   values[i],
                   Value(first + i));
        values[i] = -values[i];
    }
    CHECK_ACL(aclrtMemcpy(range, bytes, values.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK_ACL(aclrtUnmapMem(range));
    CHECK_ACL(aclrtReleaseMemAddress(range));
    CHECK_ACL(aclrtFreePhysical(handle));
    CHECK_ACL(aclrtResetDevice(0));
    CHECK_ACL(aclFinalize());
    std::cout << "negated" << std::endl;
    return 0;
}

// ---- this process --------------------------------------------------------------------------

int ShareWithChild(
    const char* self, aclrtDrvMemHandle handle, void* mapped, size_t bytes, size_t first) {
    uint64_t shareable = 0;
    CHECK_ACL(aclrtMemExportToShareableHandle(
        handle, ACL_MEM_HANDLE_TYPE_NONE, ACL_RT_VMM_EXPORT_FLAG_DEFAULT, &shareable));
    int toChild[2], fromChild[2];
    CHECK_TRUE(pipe(toChild) == 0 && pipe(fromChild) == 0, "pipe failed");
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, toChild[0], 0);
    posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1);
    posix_spawn_file_actions_addclose(&actions, toChild[1]);
    posix_spawn_file_actions_addclose(&actions, fromChild[0]);
    char* argv[] = {const_cast<char*>(self), const_cast<char*>("--child"), nullptr};
    pid_t child = -1;
    const int spawned = posix_spawn(&child, self, &actions, nullptr, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    close(toChild[0]);
    close(fromChild[1]);
    CHECK_TRUE(spawned == 0, "cannot start the child: %s", std::strerror(spawned));
    FILE* in = fdopen(toChild[1], "w");
    FILE* out = fdopen(fromChild[0], "r");

    char line[128] = {};
    int32_t pid = 0;
    CHECK_TRUE(
        std::fgets(line, sizeof line, out) != nullptr && std::sscanf(line, "pid %d", &pid) == 1,
        "the child did not report its pid");
    CHECK_ACL(aclrtMemSetPidToShareableHandle(shareable, &pid, 1));
    INFO_LOG("shareable handle %" PRIu64 " whitelisted for process %d", shareable, pid);
    std::fprintf(in, "%" PRIu64 " %zu %zu\n", shareable, bytes, first);
    std::fflush(in);
    CHECK_TRUE(std::fgets(line, sizeof line, out) != nullptr && std::string(line) == "negated\n",
               "the child did not finish");
    int status = 0;
    waitpid(child, &status, 0);
    CHECK_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the child failed");
    std::fclose(in);
    std::fclose(out);

    const size_t count = bytes / sizeof(float);
    std::vector<float> values(count);
    CHECK_ACL(aclrtMemcpy(values.data(), bytes, mapped, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
    for (size_t i = 0; i < count; ++i) {
        CHECK_TRUE(values[i] == -Value(first + i),
                   "value %zu is %f after the child, expected %f",
                   i,
                   values[i],
                   -Value(first + i));
    }
    INFO_LOG("the child's writes are visible here");
    return 0;
}

int RunParent(const char* self) {
    CHECK_ACL(aclInit(nullptr));
    CHECK_ACL(aclrtSetDevice(0));
    aclrtPhysicalMemProp prop = DeviceProp();
    size_t granularity = 0;
    CHECK_ACL(aclrtMemGetAllocationGranularity(
        &prop, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &granularity));
    INFO_LOG("allocation granularity: %zu bytes", granularity);

    // Three chunks of addresses: the buffer (chunks 0 and 1) and an alias of chunk 0.
    void* range = nullptr;
    CHECK_ACL(aclrtReserveMemAddress(&range, 3 * granularity, 0, nullptr, 0));
    aclrtDrvMemHandle low = nullptr, high = nullptr;
    CHECK_ACL(aclrtMallocPhysical(&low, granularity, &prop, 0));
    CHECK_ACL(aclrtMallocPhysical(&high, granularity, &prop, 0));
    char* buffer = static_cast<char*>(range);
    char* alias = buffer + 2 * granularity;
    CHECK_ACL(aclrtMapMem(buffer, granularity, 0, low, 0));
    CHECK_ACL(aclrtMapMem(buffer + granularity, granularity, 0, high, 0));
    CHECK_ACL(aclrtMapMem(alias, granularity, 0, low, 0));

    const size_t count = 2 * granularity / sizeof(float);
    std::vector<float> values(count);
    for (size_t i = 0; i < count; ++i) {
        values[i] = Value(i);
    }
    CHECK_ACL(aclrtMemcpy(
        buffer, 2 * granularity, values.data(), 2 * granularity, ACL_MEMCPY_HOST_TO_DEVICE));
    std::vector<float> back(count, 0.0f);
    CHECK_ACL(aclrtMemcpy(
        back.data(), 2 * granularity, buffer, 2 * granularity, ACL_MEMCPY_DEVICE_TO_HOST));
    CHECK_TRUE(back == values, "the two-chunk buffer does not read back what was written");
    INFO_LOG("one copy of %zu bytes across two physical chunks reads back", 2 * granularity);

    const size_t half = count / 2;
    std::vector<float> seen(half, 0.0f);
    CHECK_ACL(aclrtMemcpy(seen.data(), granularity, alias, granularity, ACL_MEMCPY_DEVICE_TO_HOST));
    for (size_t i = 0; i < half; ++i) {
        CHECK_TRUE(seen[i] == Value(i), "alias value %zu is %f, expected %f", i, seen[i], Value(i));
    }
    INFO_LOG("the second mapping of chunk 0 sees what was written through the first");

    aclrtMemAccessDesc readOnly = {};
    readOnly.flags = ACL_RT_MEM_ACCESS_FLAGS_READ;
    readOnly.location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
    readOnly.location.id = 0;
    CHECK_ACL(aclrtMemSetAccess(alias, granularity, &readOnly, 1));
    uint64_t flags = 0;
    CHECK_ACL(aclrtMemGetAccess(alias, &readOnly.location, &flags));
    CHECK_TRUE(flags == ACL_RT_MEM_ACCESS_FLAGS_READ, "the alias has access %" PRIu64, flags);
    CHECK_ACL(aclrtMemcpy(seen.data(), granularity, alias, granularity, ACL_MEMCPY_DEVICE_TO_HOST));
    CHECK_TRUE(seen[half - 1] == Value(half - 1), "the read-only alias reads %f", seen[half - 1]);
    INFO_LOG("the alias is read-only now (aclrtMemSetAccess) and still reads the data");

    if (ShareWithChild(self, high, buffer + granularity, granularity, half) != 0) {
        return 1;
    }

    CHECK_ACL(aclrtUnmapMem(alias));
    CHECK_ACL(aclrtUnmapMem(buffer + granularity));
    CHECK_ACL(aclrtUnmapMem(buffer));
    CHECK_ACL(aclrtReleaseMemAddress(range));
    CHECK_ACL(aclrtFreePhysical(low));
    CHECK_ACL(aclrtFreePhysical(high));
    CHECK_ACL(aclrtResetDevice(0));
    CHECK_ACL(aclFinalize());
    INFO_LOG("vmm sample passed");
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc > 1 && std::strcmp(argv[1], "--child") == 0) {
        return RunChild();
    }
    char self[4096] = {};
    if (readlink("/proc/self/exe", self, sizeof self - 1) <= 0) {
        ERROR_LOG("cannot find this program's path");
        return 1;
    }
    return RunParent(self);
}
