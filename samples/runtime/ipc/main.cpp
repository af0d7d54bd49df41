/*
 * Runtime sample "ipc": device memory and an event shared between two processes.
 *
 * Process A (this program) allocates device memory, fills it, exports it under a key with pid
 * validation on, and starts process B (this program again, with "--child"). B reports its pid
 * (aclrtDeviceGetBareTgid); A puts it on the key's whitelist (aclrtIpcMemSetImportPid) and sends
 * B the key and an IPC event handle. B imports the memory (aclrtIpcMemImportByKey), checks it and
 * doubles every value; A checks the doubled values. A then queues a fill on a stream and records
 * the IPC event after it; B waits for that event (aclrtIpcOpenEventHandle, aclrtSynchronizeEvent)
 * and checks it sees the fill. Both close the key (aclrtIpcMemClose). Exit status 0 only when
 * every check passes.
 */
#include "acl/acl.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <poll.h>
#include <spawn.h>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <thread>
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

constexpr size_t kCount = 256 * 1024;  // int32 values: 1 MiB
constexpr size_t kBytes = kCount * sizeof(int32_t);
constexpr int kFill = 0x07;

int32_t Original(size_t i) {
    return static_cast<int32_t>(3 * i + 1);
}

std::string ToHex(const char* bytes, size_t n) {
    static const char digits[] = "0123456789abcdef";
    std::string text;
    for (size_t i = 0; i < n; ++i) {
        text += digits[static_cast<unsigned char>(bytes[i]) >> 4];
        text += digits[static_cast<unsigned char>(bytes[i]) & 15];
    }
    return text;
}

bool FromHex(const std::string& text, char* bytes, size_t n) {
    if (text.size() != 2 * n) {
        return false;
    }
    for (size_t i = 0; i < n; ++i) {
        bytes[i] = static_cast<char>(std::stoi(text.substr(2 * i, 2), nullptr, 16));
    }
    return true;
}

// ---- process B ---------------------------------------------------------------------------

int RunChild() {
    CHECK_ACL(aclInit(nullptr));
    CHECK_ACL(aclrtSetDevice(0));
    int32_t pid = 0;
    CHECK_ACL(aclrtDeviceGetBareTgid(&pid));
    std::cout << "pid " << pid << std::endl;

    std::string key, handleHex, go;
    CHECK_TRUE(static_cast<bool>(std::cin >> key >> handleHex), "B: no key from A");
    void* dev = nullptr;
    CHECK_ACL(aclrtIpcMemImportByKey(&dev, key.c_str(), ACL_RT_IPC_MEM_IMPORT_FLAG_DEFAULT));
    INFO_LOG("B: imported key %s at %p", key.c_str(), dev);
    std::vector<int32_t> values(kCount);
    CHECK_ACL(aclrtMemcpy(values.data(), kBytes, dev, kBytes, ACL_MEMCPY_DEVICE_TO_HOST));
    for (size_t i = 0; i < kCount; ++i) {
        CHECK_TRUE(
            values[i] == Original(i), "B: value %zu is %d, expected %d", i, values[i], Original(i));
        values[i] *= 2;
    }
    CHECK_ACL(aclrtMemcpy(dev, kBytes, values.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK_ACL(aclrtSynchronizeDevice());
    std::cout << "doubled" << std::endl;

    CHECK_TRUE(static_cast<bool>(std::cin >> go) && go == "go", "B: no signal from A");
    aclrtIpcEventHandle handle;
    CHECK_TRUE(FromHex(handleHex, handle.reserved, sizeof handle.reserved), "B: bad handle");
    aclrtEvent event = nullptr;
    CHECK_ACL(aclrtIpcOpenEventHandle(handle, &event));
    CHECK_ACL(aclrtSynchronizeEvent(event));
    INFO_LOG("B: A's event completed");
    std::vector<unsigned char> bytes(kBytes);
    CHECK_ACL(aclrtMemcpy(bytes.data(), kBytes, dev, kBytes, ACL_MEMCPY_DEVICE_TO_HOST));
    for (size_t i = 0; i < kBytes; ++i) {
        CHECK_TRUE(bytes[i] == kFill,
                   "B: byte %zu is %d after the event, expected %d",
                   i,
                   bytes[i],
                   kFill);
    }
    INFO_LOG("B: the fill A queued before the event is visible");
    CHECK_ACL(aclrtDestroyEvent(event));
    CHECK_ACL(aclrtIpcMemClose(key.c_str()));
    CHECK_ACL(aclrtResetDevice(0));
    CHECK_ACL(aclFinalize());
    std::cout << "done" << std::endl;
    return 0;
}

// ---- process A ---------------------------------------------------------------------------

struct Child {
    pid_t pid = -1;
    FILE* in = nullptr;   // its stdin
    FILE* out = nullptr;  // its stdout
};

bool StartChild(const char* self, Child* child) {
    int toChild[2], fromChild[2];
    if (pipe(toChild) != 0 || pipe(fromChild) != 0) {
        return false;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, toChild[0], 0);
    posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1);
    posix_spawn_file_actions_addclose(&actions, toChild[1]);
    posix_spawn_file_actions_addclose(&actions, fromChild[0]);
    char* argv[] = {const_cast<char*>(self), const_cast<char*>("--child"), nullptr};
    const int spawned = posix_spawn(&child->pid, self, &actions, nullptr, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    close(toChild[0]);
    close(fromChild[1]);
    child->in = fdopen(toChild[1], "w");
    child->out = fdopen(fromChild[0], "r");
    return spawned == 0 && child->in != nullptr && child->out != nullptr;
}

std::string ReadLine(Child& child) {
    char line[256] = {};
    if (std::fgets(line, sizeof line, child.out) == nullptr) {
        return "";
    }
    std::string text(line);
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) {
        text.pop_back();
    }
    return text;
}

void Delay(void* args) {
    (void)args;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
}

int RunParent(const char* self) {
    CHECK_ACL(aclInit(nullptr));
    CHECK_ACL(aclrtSetDevice(0));
    aclrtStream stream = nullptr;
    CHECK_ACL(aclrtCreateStream(&stream));

    void* dev = nullptr;
    CHECK_ACL(aclrtMalloc(&dev, kBytes, ACL_MEM_MALLOC_HUGE_FIRST));
    std::vector<int32_t> values(kCount);
    for (size_t i = 0; i < kCount; ++i) {
        values[i] = Original(i);
    }
    CHECK_ACL(aclrtMemcpy(dev, kBytes, values.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE));
    char key[ACL_IPC_HANDLE_SIZE] = {};
    CHECK_ACL(
        aclrtIpcMemGetExportKey(dev, kBytes, key, sizeof key, ACL_RT_IPC_MEM_EXPORT_FLAG_DEFAULT));
    INFO_LOG("A: exported %zu bytes at %p under key %s", kBytes, dev, key);

    aclrtEvent event = nullptr;
    CHECK_ACL(aclrtCreateEventExWithFlag(&event, ACL_EVENT_IPC));
    aclrtIpcEventHandle handle;
    CHECK_ACL(aclrtIpcGetEventHandle(event, &handle));

    Child child;
    CHECK_TRUE(StartChild(self, &child), "A: cannot start process B (%s)", std::strerror(errno));
    int32_t childPid = 0;
    const std::string hello = ReadLine(child);
    CHECK_TRUE(
        std::sscanf(hello.c_str(), "pid %d", &childPid) == 1, "A: B said '%s'", hello.c_str());
    CHECK_ACL(aclrtIpcMemSetImportPid(key, &childPid, 1));
    INFO_LOG("A: process %d may import the key", childPid);
    std::fprintf(child.in, "%s %s\n", key, ToHex(handle.reserved, sizeof handle.reserved).c_str());
    std::fflush(child.in);

    CHECK_TRUE(ReadLine(child) == "doubled", "A: B did not double the values");
    CHECK_ACL(aclrtMemcpy(values.data(), kBytes, dev, kBytes, ACL_MEMCPY_DEVICE_TO_HOST));
    for (size_t i = 0; i < kCount; ++i) {
        CHECK_TRUE(values[i] == 2 * Original(i),
                   "A: value %zu is %d, expected %d",
                   i,
                   values[i],
                   2 * Original(i));
    }
    INFO_LOG("A: B's writes are visible here: %zu values doubled", kCount);

    // A fill queued behind a delay, then the event: B must see the fill once the event completes.
    CHECK_ACL(aclrtLaunchHostFunc(stream, Delay, nullptr));
    CHECK_ACL(aclrtMemsetAsync(dev, kBytes, kFill, kBytes, stream));
    CHECK_ACL(aclrtRecordEvent(event, stream));
    std::fprintf(child.in, "go\n");
    std::fflush(child.in);
    CHECK_TRUE(ReadLine(child) == "done", "A: B did not finish");
    int status = 0;
    waitpid(child.pid, &status, 0);
    CHECK_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0, "A: B failed");
    std::fclose(child.in);
    std::fclose(child.out);

    CHECK_ACL(aclrtSynchronizeStream(stream));
    CHECK_ACL(aclrtIpcMemClose(key));
    CHECK_ACL(aclrtDestroyEvent(event));
    CHECK_ACL(aclrtFree(dev));
    CHECK_ACL(aclrtDestroyStream(stream));
    CHECK_ACL(aclrtResetDevice(0));
    CHECK_ACL(aclFinalize());
    INFO_LOG("ipc sample passed");
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc > 1 && std::strcmp(argv[1], "--child") == 0) {
        return RunChild();
    }
    char self[4096] = {};
    const ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
    if (length <= 0) {
        ERROR_LOG("cannot find this program's path");
        return 1;
    }
    return RunParent(self);
}
