// Export records (shared_export.h). The record is one memfd laid out as RecordLayout; the exporter
// writes everything but the whitelist before any reference to it exists, and appends pids
// afterwards (a pid is written before the count that makes it visible), so an importer in another
// process reads a consistent record without a lock.
#include "sharing/shared_export.h"

#include "acl/acl_rt.h"

#include "aclemu/shared_memory.h"
#include "core/status.h"
#include "runtime_state.h"

#include <atomic>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <random>
#include <sys/random.h>

namespace aclemu::rt {

namespace {

constexpr uint64_t kMagic = 0x31524558454d4541ull;  // "AEMEXER1"
constexpr uint32_t kPidBits = 22;                   // Linux's PID_MAX_LIMIT is 2^22
constexpr uint32_t kFdBits = 20;
constexpr uint32_t kHandleTagBits = 64 - kPidBits - kFdBits;
constexpr char kEventMarker[] = "aclemu-ipc-event";
constexpr char kRecordName[] = "aclemu-export";  // the memfd's name

uint64_t random_tag() {
    uint64_t tag = 0;
    if (::getrandom(&tag, sizeof tag, 0) != static_cast<ssize_t>(sizeof tag)) {
        std::random_device device;
        tag = (uint64_t{device()} << 32) ^ device();
    }
    return tag;
}

std::string errno_text(int error) {
    return std::strerror(error);
}

}  // namespace

// The record in shared memory.
struct RecordLayout {
    uint64_t magic;
    uint64_t tag;
    uint32_t kind;
    uint32_t backend;
    uint32_t check_pid;
    uint64_t bytes;
    int32_t exporter;
    uint32_t blob_size;
    unsigned char blob[ExportBlob::kCapacity];
    std::atomic<uint32_t> pid_count;
    int32_t pids[ExportRecord::kMaxPids];
};

aclError ExportRecord::create(ExportKind kind,
                              BackendKind backend,
                              uint64_t bytes,
                              bool check_pid,
                              const ExportBlob& blob,
                              std::unique_ptr<ExportRecord>* out) {
    const size_t size = shm::round_up(sizeof(RecordLayout), shm::page_size());
    const int fd = shm::create_memfd(kRecordName, size);
    if (fd < 0) {
        return fail(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL,
                    msg_runtime("cannot create a shared-memory record for the export: "
                                + errno_text(errno)));
    }
    void* mapped = shm::map_shared(fd, size);
    if (mapped == MAP_FAILED) {
        const int error = errno;
        ::close(fd);
        return fail(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL,
                    msg_runtime("cannot map the export record: " + errno_text(error)));
    }
    std::unique_ptr<ExportRecord> record(new ExportRecord);
    record->layout_ = static_cast<RecordLayout*>(mapped);
    record->ref_.pid = static_cast<int32_t>(::getpid());
    record->ref_.fd = fd;
    record->ref_.tag = random_tag();
    if (kind == ExportKind::Physical) {
        record->ref_.tag &= (uint64_t{1} << kHandleTagBits) - 1;  // what a packed handle keeps
    }
    RecordLayout& layout = *record->layout_;
    layout.tag = record->ref_.tag;
    layout.kind = static_cast<uint32_t>(kind);
    layout.backend = static_cast<uint32_t>(backend);
    layout.check_pid = check_pid ? 1 : 0;
    layout.bytes = bytes;
    layout.exporter = record->ref_.pid;
    layout.blob_size = blob.size;
    std::memcpy(layout.blob, blob.bytes, sizeof layout.blob);
    layout.pid_count.store(0, std::memory_order_relaxed);
    std::atomic_thread_fence(std::memory_order_release);
    layout.magic = kMagic;
    *out = std::move(record);
    return ACL_SUCCESS;
}

ExportRecord::~ExportRecord() {
    if (layout_ != nullptr) {
        layout_->magic = 0;  // importers that still race to open it see a withdrawn record
        ::munmap(layout_, shm::round_up(sizeof(RecordLayout), shm::page_size()));
    }
    if (ref_.fd >= 0) {
        ::close(ref_.fd);
    }
}

aclError ExportRecord::allow_pids(const int32_t* pids, size_t count, const char* param) {
    const uint32_t have = layout_->pid_count.load(std::memory_order_relaxed);
    if (count > kMaxPids - have) {
        return fail(ACL_ERROR_INVALID_PARAM,
                    msg_invalid(param,
                                std::to_string(count) + " pids",
                                "a whitelist holds at most " + std::to_string(kMaxPids)
                                    + " pids and this one has " + std::to_string(have)));
    }
    for (size_t i = 0; i < count; ++i) {
        if (pids[i] <= 0) {
            return fail(ACL_ERROR_INVALID_PARAM,
                        msg_invalid(param,
                                    std::to_string(pids[i]),
                                    "entry " + std::to_string(i) + " is not a process id"));
        }
    }
    for (size_t i = 0; i < count; ++i) {
        layout_->pids[have + i] = pids[i];
    }
    layout_->pid_count.store(have + static_cast<uint32_t>(count), std::memory_order_release);
    return ACL_SUCCESS;
}

aclError open_record(const ExportRef& ref,
                     ExportKind kind,
                     BackendKind backend,
                     const char* param,
                     const std::string& value,
                     ImportedRecord* out) {
    const int32_t self = static_cast<int32_t>(::getpid());
    if (ref.pid == self) {
        return fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                    msg_invalid(param,
                                value,
                                "this process exported it; import it in another process (as "
                                "on Ascend and CUDA, a process cannot import its own export)"));
    }
    const std::string withdrawn =
        "no export of process " + std::to_string(ref.pid)
        + " answers to it: the exporter has withdrawn it (aclrtIpcMemClose, aclrtFree, "
          "aclrtFreePhysical, aclrtDestroyEvent) or exited";
    const int fd = shm::open_peer_fd(ref.pid, ref.fd, kRecordName);
    if (fd < 0) {
        const int error = errno;
        return fail(ACL_ERROR_INVALID_PARAM,
                    msg_invalid(param,
                                value,
                                error == EACCES || error == EPERM
                                    ? "process " + std::to_string(ref.pid)
                                          + " does not let this process open its memory ("
                                          + errno_text(error) + "; both must run as one user)"
                                    : withdrawn));
    }
    const size_t size = shm::round_up(sizeof(RecordLayout), shm::page_size());
    void* mapped = ::mmap(nullptr, size, PROT_READ, MAP_SHARED, fd, 0);
    ::close(fd);
    if (mapped == MAP_FAILED) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_invalid(param, value, withdrawn));
    }
    const auto& layout = *static_cast<const RecordLayout*>(mapped);
    aclError result = ACL_SUCCESS;
    if (layout.magic != kMagic || layout.tag != ref.tag || layout.exporter != ref.pid) {
        result = fail(ACL_ERROR_INVALID_PARAM, msg_invalid(param, value, withdrawn));
    } else if (layout.kind != static_cast<uint32_t>(kind)) {
        result = fail(ACL_ERROR_INVALID_PARAM,
                      msg_invalid(param, value, "it names an export of another kind"));
    } else if (layout.backend != static_cast<uint32_t>(backend)) {
        result = fail(ACL_ERROR_INVALID_PARAM,
                      msg_invalid(param,
                                  value,
                                  "its exporter runs another backend (ACLEMU_BACKEND must name "
                                  "the same backend in both processes)"));
    } else if (layout.check_pid != 0) {
        const uint32_t count = layout.pid_count.load(std::memory_order_acquire);
        bool allowed = false;
        for (uint32_t i = 0; i < count && i < ExportRecord::kMaxPids; ++i) {
            allowed = allowed || layout.pids[i] == self;
        }
        if (!allowed) {
            result = fail(ACL_ERROR_RT_NO_PERMISSION,
                          msg_invalid(param,
                                      value,
                                      "process " + std::to_string(self)
                                          + " is not on its whitelist; the "
                                            "exporter adds it with aclrtIpcMemSetImportPid / "
                                            "aclrtMemSetPidToShareableHandle, or exports with pid "
                                            "validation disabled"));
        }
    }
    if (result == ACL_SUCCESS) {
        out->kind = kind;
        out->bytes = layout.bytes;
        out->exporter = layout.exporter;
        out->blob.size = layout.blob_size;
        std::memcpy(out->blob.bytes, layout.blob, sizeof out->blob.bytes);
    }
    ::munmap(mapped, size);
    return result;
}

std::string key_text(const ExportRef& ref) {
    char text[64];
    std::snprintf(
        text, sizeof text, "aclemu-%" PRId32 "-%" PRId32 "-%016" PRIx64, ref.pid, ref.fd, ref.tag);
    return text;
}

namespace {

// Reads the digits at `*text` in `base` (at most `max_digits` of them, at least one) into a
// value no larger than `max`; advances `*text` past them. sscanf's %d would be undefined for a
// number its int cannot hold, and a key is the caller's text.
bool read_number(const char** text, int base, int max_digits, uint64_t max, uint64_t* out) {
    uint64_t value = 0;
    int digits = 0;
    for (const char* at = *text; digits < max_digits; ++at, ++digits) {
        const char c = *at;
        int digit = -1;
        if (c >= '0' && c <= '9') {
            digit = c - '0';
        } else if (base == 16 && c >= 'a' && c <= 'f') {
            digit = c - 'a' + 10;
        } else if (base == 16 && c >= 'A' && c <= 'F') {
            digit = c - 'A' + 10;
        }
        if (digit < 0) {
            break;
        }
        if (value > (max - static_cast<uint64_t>(digit)) / static_cast<uint64_t>(base)) {
            return false;
        }
        value = value * static_cast<uint64_t>(base) + static_cast<uint64_t>(digit);
    }
    if (digits == 0) {
        return false;
    }
    *text += digits;
    *out = value;
    return true;
}

bool read_literal(const char** text, const char* literal) {
    const size_t length = std::strlen(literal);
    if (std::strncmp(*text, literal, length) != 0) {
        return false;
    }
    *text += length;
    return true;
}

}  // namespace

aclError current_sharing_context(std::shared_ptr<Context>* context, Backend** backend) {
    ACLEMU_TRY(runtime().current_context_and_backend(context, backend));
    return require_sharing(*backend);
}

aclError parse_import_key(const char* key, const char* maker, std::string* text, ExportRef* ref) {
    text->assign(key, ::strnlen(key, ACL_IPC_HANDLE_SIZE));
    std::optional<ExportRef> parsed = parse_key(key, ACL_IPC_HANDLE_SIZE);
    if (!parsed) {
        return fail(ACL_ERROR_INVALID_PARAM,
                    msg_invalid("key", *text, std::string("not a key made by ") + maker));
    }
    *ref = *parsed;
    return ACL_SUCCESS;
}

std::optional<ExportRef> parse_key(const char* key, size_t max_length) {
    if (::strnlen(key, max_length) == max_length) {
        return std::nullopt;  // not terminated within the key's buffer
    }
    constexpr uint64_t kIntMax = 0x7fffffff;
    uint64_t pid = 0;
    uint64_t fd = 0;
    uint64_t tag = 0;
    const char* at = key;
    if (!read_literal(&at, "aclemu-") || !read_number(&at, 10, 10, kIntMax, &pid)
        || !read_literal(&at, "-") || !read_number(&at, 10, 10, kIntMax, &fd)
        || !read_literal(&at, "-") || !read_number(&at, 16, 16, UINT64_MAX, &tag) || *at != '\0'
        || pid == 0) {
        return std::nullopt;
    }
    ExportRef ref;
    ref.pid = static_cast<int32_t>(pid);
    ref.fd = static_cast<int32_t>(fd);
    ref.tag = tag;
    return ref;
}

bool packable(const ExportRef& ref) {
    return ref.pid > 0 && static_cast<uint64_t>(ref.pid) < (uint64_t{1} << kPidBits) && ref.fd >= 0
           && static_cast<uint64_t>(ref.fd) < (uint64_t{1} << kFdBits);
}

uint64_t pack_handle(const ExportRef& ref) {
    return (static_cast<uint64_t>(ref.pid) << (kFdBits + kHandleTagBits))
           | (static_cast<uint64_t>(ref.fd) << kHandleTagBits)
           | (ref.tag & ((uint64_t{1} << kHandleTagBits) - 1));
}

ExportRef unpack_handle(uint64_t handle) {
    ExportRef ref;
    ref.pid = static_cast<int32_t>(handle >> (kFdBits + kHandleTagBits));
    ref.fd = static_cast<int32_t>((handle >> kHandleTagBits) & ((uint64_t{1} << kFdBits) - 1));
    ref.tag = handle & ((uint64_t{1} << kHandleTagBits) - 1);
    return ref;
}

void write_event_handle(const ExportRef& ref, char* bytes) {
    std::memset(bytes, 0, kEventHandleBytes);
    std::memcpy(bytes, kEventMarker, sizeof kEventMarker);
    char* at = bytes + sizeof kEventMarker;
    std::memcpy(at, &ref.pid, sizeof ref.pid);
    std::memcpy(at + 4, &ref.fd, sizeof ref.fd);
    std::memcpy(at + 8, &ref.tag, sizeof ref.tag);
}

std::optional<ExportRef> read_event_handle(const char* bytes) {
    if (std::memcmp(bytes, kEventMarker, sizeof kEventMarker) != 0) {
        return std::nullopt;
    }
    ExportRef ref;
    const char* at = bytes + sizeof kEventMarker;
    std::memcpy(&ref.pid, at, sizeof ref.pid);
    std::memcpy(&ref.fd, at + 4, sizeof ref.fd);
    std::memcpy(&ref.tag, at + 8, sizeof ref.tag);
    if (ref.pid <= 0 || ref.fd < 0) {
        return std::nullopt;
    }
    return ref;
}

}  // namespace aclemu::rt
