// The other process of the cross-process tests (test_ipc.cpp, test_ipc_whitelist.cpp,
// test_notify_ipc.cpp, test_vmm.cpp). Started as
//   aclemu_ipc_peer <backend>
// it sets ACLEMU_BACKEND=<backend>, initializes, sets device 0, then reads one command line from
// stdin (so the test can whitelist its pid first) and answers on stdout:
//   mem <key> <bytes> <seed>     import an IPC key, check the bytes, write the next pattern, close
//   vmm <handle> <bytes> <seed>  import a shareable handle, map it, check, write, unmap, free
//   event <hex bytes>            open an IPC event handle, report "pending" or "complete", then
//                                wait for it (5 s at most) and report "waited"
//   notify <key>                 import an IPC notify and record it once
//   range <key> <bytes>          import an IPC key; report "range <first> <length> <code>": the
//                                mapping that holds the pointer (from /proc/self/maps, relative
//                                to the pointer's page) and aclrtMemcpy's code for bytes + 1
//   export <bytes> <seed>        export a block holding pattern(seed) without pid validation and
//                                report "key <key>"; on the line "finalize" run aclFinalize and
//                                report "finalized"; exit on the next line (so the process still
//                                lives while the test imports after aclFinalize)
//   tamper <pid>                 try to rewrite, grow and shrink process <pid>'s export records
//                                through /proc/<pid>/fd; report "sealed <records>" when every
//                                try failed, "writable <how>" when one succeeded
// Answers: "ok", or "fail <step> <code> <aclGetRecentErrMsg()>". The byte patterns are the
// tests' own (peer_protocol.h), computed again here.
#include "acl/acl.h"

#include "runtime/peer/peer_protocol.h"

#include <cerrno>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace {

using aclemu::test::peer::pattern;

int report_failure(const char* step, aclError code) {
    const char* message = aclGetRecentErrMsg();
    std::printf("fail %s %d %s\n", step, code, message != nullptr ? message : "");
    std::fflush(stdout);
    return 1;
}

#define PEER_CHECK(step, call)                      \
    do {                                            \
        const aclError peer_err_ = (call);          \
        if (peer_err_ != ACL_SUCCESS) {             \
            return report_failure(step, peer_err_); \
        }                                           \
    } while (0)

// Checks `bytes` device bytes at `device` against pattern(seed), then writes pattern(seed + 1).
int check_and_write(void* device, size_t bytes, uint32_t seed) {
    std::vector<uint8_t> host(bytes);
    PEER_CHECK("read", aclrtMemcpy(host.data(), bytes, device, bytes, ACL_MEMCPY_DEVICE_TO_HOST));
    if (host != pattern(bytes, seed)) {
        std::printf("fail compare 0 the bytes differ from pattern %u\n", seed);
        std::fflush(stdout);
        return 1;
    }
    const std::vector<uint8_t> next = pattern(bytes, seed + 1);
    PEER_CHECK("write", aclrtMemcpy(device, bytes, next.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    PEER_CHECK("synchronize", aclrtSynchronizeDevice());
    return 0;
}

int import_memory(const std::string& key, size_t bytes, uint32_t seed) {
    void* device = nullptr;
    PEER_CHECK("import", aclrtIpcMemImportByKey(&device, key.c_str(), 0));
    if (int failed = check_and_write(device, bytes, seed)) {
        return failed;
    }
    PEER_CHECK("close", aclrtIpcMemClose(key.c_str()));
    return 0;
}

int import_physical(uint64_t shareable, size_t bytes, uint32_t seed) {
    aclrtDrvMemHandle handle = nullptr;
    PEER_CHECK("import", aclrtMemImportFromShareableHandle(shareable, 0, &handle));
    void* range = nullptr;
    PEER_CHECK("reserve", aclrtReserveMemAddress(&range, bytes, 0, nullptr, 0));
    PEER_CHECK("map", aclrtMapMem(range, bytes, 0, handle, 0));
    if (int failed = check_and_write(range, bytes, seed)) {
        return failed;
    }
    PEER_CHECK("unmap", aclrtUnmapMem(range));
    PEER_CHECK("release", aclrtReleaseMemAddress(range));
    PEER_CHECK("free", aclrtFreePhysical(handle));
    return 0;
}

int open_event(const std::string& hex) {
    aclrtIpcEventHandle handle{};
    if (!aclemu::test::peer::from_hex(hex, handle.reserved, sizeof handle.reserved)) {
        std::printf("fail parse 0 bad handle text\n");
        return 1;
    }
    aclrtEvent event = nullptr;
    PEER_CHECK("open", aclrtIpcOpenEventHandle(handle, &event));
    aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_NOT_READY;
    PEER_CHECK("query", aclrtQueryEventStatus(event, &status));
    std::printf("%s\n", status == ACL_EVENT_RECORDED_STATUS_COMPLETE ? "complete" : "pending");
    std::fflush(stdout);
    PEER_CHECK("wait", aclrtSynchronizeEventWithTimeout(event, 5000));
    std::printf("waited\n");
    std::fflush(stdout);
    PEER_CHECK("destroy", aclrtDestroyEvent(event));
    return 0;
}

// Imports a notify and records it once on the default stream.
int record_notify(const std::string& key) {
    aclrtNotify notify = nullptr;
    PEER_CHECK("import", aclrtNotifyImportByKey(&notify, key.c_str(), 0));
    PEER_CHECK("record", aclrtRecordNotify(notify, nullptr));
    PEER_CHECK("synchronize", aclrtSynchronizeDevice());
    PEER_CHECK("destroy", aclrtDestroyNotify(notify));
    return 0;
}

// The mapping of this process that holds `address`: its start and length (0, 0 when none).
void mapping_of(uintptr_t address, uintptr_t* start, size_t* length) {
    *start = 0;
    *length = 0;
    std::ifstream maps("/proc/self/maps");
    std::string line;
    while (std::getline(maps, line)) {
        uintptr_t from = 0;
        uintptr_t to = 0;
        if (std::sscanf(line.c_str(), "%" SCNxPTR "-%" SCNxPTR, &from, &to) == 2 && from <= address
            && address < to) {
            *start = from;
            *length = to - from;
            return;
        }
    }
}

// Imports `key` and reports what the import mapped and whether a copy past its end is refused.
int report_range(const std::string& key, size_t bytes) {
    void* device = nullptr;
    PEER_CHECK("import", aclrtIpcMemImportByKey(&device, key.c_str(), 0));
    const auto address = reinterpret_cast<uintptr_t>(device);
    const uintptr_t page = address & ~(static_cast<uintptr_t>(::sysconf(_SC_PAGESIZE)) - 1);
    uintptr_t start = 0;
    size_t length = 0;
    mapping_of(address, &start, &length);
    std::vector<uint8_t> host(bytes + 1);
    const aclError past_end =
        aclrtMemcpy(host.data(), bytes + 1, device, bytes + 1, ACL_MEMCPY_DEVICE_TO_HOST);
    std::printf("range %lld %zu %d\n",
                static_cast<long long>(start) - static_cast<long long>(page),
                length,
                past_end);
    std::fflush(stdout);
    PEER_CHECK("close", aclrtIpcMemClose(key.c_str()));
    return 0;
}

// Tries to change each export record of process `pid` the way an importer not on a whitelist
// once could (the records were writable memfds reachable through /proc).
int tamper_with_records(int pid) {
    const std::string folder = "/proc/" + std::to_string(pid) + "/fd";
    DIR* fds = ::opendir(folder.c_str());
    if (fds == nullptr) {
        std::printf("fail opendir 0 %s\n", std::strerror(errno));
        return 1;
    }
    int records = 0;
    std::string writable;
    while (const dirent* entry = ::readdir(fds)) {
        const std::string path = folder + "/" + entry->d_name;
        char target[256] = {};
        if (::readlink(path.c_str(), target, sizeof target - 1) <= 0
            || std::strncmp(target, "/memfd:aclemu-export ", 21) != 0) {
            continue;
        }
        ++records;
        const int fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
        if (fd < 0) {
            continue;  // cannot even open it: nothing to change
        }
        const char zero[4] = {};
        if (::pwrite(fd, zero, sizeof zero, 8) == static_cast<ssize_t>(sizeof zero)) {
            writable += " pwrite";
        }
        struct stat info {};
        ::fstat(fd, &info);
        if (::ftruncate(fd, info.st_size + 4096) == 0) {
            writable += " grow";
        }
        if (::ftruncate(fd, 0) == 0) {
            writable += " shrink";
        }
        void* page = ::mmap(nullptr, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
        if (page != MAP_FAILED) {
            writable += " mmap";
            ::munmap(page, 4096);
        }
        ::close(fd);
    }
    ::closedir(fds);
    if (!writable.empty()) {
        std::printf("writable%s\n", writable.c_str());
    } else {
        std::printf("sealed %d\n", records);
    }
    std::fflush(stdout);
    return 0;
}

// Exports a block to the test process, then withdraws everything with aclFinalize.
int export_then_finalize(size_t bytes, uint32_t seed) {
    void* block = nullptr;
    PEER_CHECK("malloc", aclrtMalloc(&block, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    const std::vector<uint8_t> data = pattern(bytes, seed);
    PEER_CHECK("write", aclrtMemcpy(block, bytes, data.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    char key[ACL_IPC_HANDLE_SIZE] = {};
    PEER_CHECK(
        "export",
        aclrtIpcMemGetExportKey(
            block, bytes, key, sizeof key, ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION));
    std::printf("key %s\n", key);
    std::fflush(stdout);
    std::string line;
    if (!std::getline(std::cin, line) || line != "finalize") {
        return report_failure("finalize", 0);
    }
    PEER_CHECK("reset", aclrtResetDevice(0));
    PEER_CHECK("finalize", aclFinalize());
    std::printf("finalized\n");
    std::fflush(stdout);
    std::getline(std::cin, line);
    return 0;
}

int run(const std::string& command) {
    std::istringstream in(command);
    std::string verb;
    in >> verb;
    if (verb == "mem") {
        std::string key;
        size_t bytes = 0;
        uint32_t seed = 0;
        in >> key >> bytes >> seed;
        return import_memory(key, bytes, seed);
    }
    if (verb == "vmm") {
        uint64_t shareable = 0;
        size_t bytes = 0;
        uint32_t seed = 0;
        in >> shareable >> bytes >> seed;
        return import_physical(shareable, bytes, seed);
    }
    if (verb == "notify") {
        std::string key;
        in >> key;
        return record_notify(key);
    }
    if (verb == "range") {
        std::string key;
        size_t bytes = 0;
        in >> key >> bytes;
        return report_range(key, bytes);
    }
    if (verb == "export") {
        size_t bytes = 0;
        uint32_t seed = 0;
        in >> bytes >> seed;
        return export_then_finalize(bytes, seed);
    }
    if (verb == "tamper") {
        int pid = 0;
        in >> pid;
        return tamper_with_records(pid);
    }
    if (verb == "event") {
        std::string hex;
        in >> hex;
        return open_event(hex);
    }
    std::printf("fail command 0 unknown command '%s'\n", verb.c_str());
    return 1;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: aclemu_ipc_peer <backend>\n");
        return 2;
    }
    setenv("ACLEMU_BACKEND", argv[1], 1);
    PEER_CHECK("init", aclInit(nullptr));
    PEER_CHECK("set_device", aclrtSetDevice(0));
    std::printf("ready\n");
    std::fflush(stdout);
    std::string command;
    if (!std::getline(std::cin, command)) {
        return report_failure("command", 0);
    }
    int result = run(command);
    if (result == 0) {
        std::printf("ok\n");
        std::fflush(stdout);
    }
    aclrtResetDevice(0);
    aclFinalize();
    return result;
}
