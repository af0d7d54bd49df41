// Export records (shared_export.h). The record is one memfd laid out as RecordLayout, written
// once and sealed before anyone can reach it: no process -- the importer that holds a copy, or
// one that opens it through /proc -- can write, grow or shrink it, and the importer refuses a
// record whose seals are missing. The whitelist is not in it: it lives in the exporter's server
// (export_server.h), which decides each import.
#include "sharing/shared_export.h"

#include "acl/acl_rt.h"

#include "aclemu/shared_memory.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "runtime_state.h"
#include "sharing/export_server.h"

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace aclemu::rt {

namespace {

constexpr uint64_t kMagic = 0x32524558454d4541ull;  // "AEMEXER2"
constexpr uint32_t kPidBits = 22;                   // Linux's PID_MAX_LIMIT is 2^22
constexpr uint32_t kHandleTagBits = 64 - kPidBits - kHandlePortBits;
constexpr char kEventMarker[] = "aclemu-ipc-event";
constexpr char kRecordName[] = "aclemu-export";  // the memfd's name
constexpr int kRecordSeals = F_SEAL_SEAL | F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE;

std::string errno_text(int error) {
    return std::strerror(error);
}

}  // namespace

// The record's bytes.
struct RecordLayout {
    uint64_t magic;
    uint64_t tag;
    uint32_t kind;
    uint32_t backend;
    uint64_t bytes;
    int32_t exporter;
    uint32_t blob_size;
    unsigned char blob[ExportBlob::kCapacity];
};

namespace {

// A memfd holding `layout`, sealed against every change; -1 with errno.
int sealed_record(const RecordLayout& layout) {
    const int fd =
        static_cast<int>(::syscall(SYS_memfd_create, kRecordName, MFD_CLOEXEC | MFD_ALLOW_SEALING));
    if (fd < 0) {
        return -1;
    }
    if (::pwrite(fd, &layout, sizeof layout, 0) != static_cast<ssize_t>(sizeof layout)
        || ::fcntl(fd, F_ADD_SEALS, kRecordSeals) != 0) {
        const int error = errno != 0 ? errno : EIO;
        ::close(fd);
        errno = error;
        return -1;
    }
    return fd;
}

}  // namespace

aclError ExportRecord::create(ExportKind kind,
                              BackendKind backend,
                              uint64_t bytes,
                              bool check_pid,
                              const ExportBlob& blob,
                              std::unique_ptr<ExportRecord>* out) {
    std::unique_ptr<ExportRecord> record(new ExportRecord);
    if (blob.fd >= 0) {
        record->payload_fd_ = ::fcntl(blob.fd, F_DUPFD_CLOEXEC, 0);
        if (record->payload_fd_ < 0) {
            return fail(
                ACL_ERROR_RT_RESOURCE_ALLOC_FAIL,
                msg_runtime("cannot keep a descriptor of the shared memory: " + errno_text(errno)));
        }
    }
    const int32_t self = static_cast<int32_t>(::getpid());
    auto make_record = [&](uint64_t tag, int32_t) {
        RecordLayout layout{};
        layout.magic = kMagic;
        layout.tag = tag;
        layout.kind = static_cast<uint32_t>(kind);
        layout.backend = static_cast<uint32_t>(backend);
        layout.bytes = bytes;
        layout.exporter = self;
        layout.blob_size = blob.size;
        std::memcpy(layout.blob, blob.bytes, sizeof layout.blob);
        record->record_fd_ = sealed_record(layout);
        return record->record_fd_;
    };
    ServedExport served;
    served.kind = static_cast<uint32_t>(kind);
    served.backend = static_cast<uint32_t>(backend);
    served.check_pid = check_pid;
    served.payload_fd = record->payload_fd_;
    // A shareable handle keeps 22 bits of the tag; the other references all 64.
    const uint64_t tag_mask =
        kind == ExportKind::Physical ? (uint64_t{1} << kHandleTagBits) - 1 : UINT64_MAX;
    record->ref_.pid = self;
    ACLEMU_TRY(serve_export(tag_mask, make_record, served, &record->ref_.tag, &record->ref_.port));
    *out = std::move(record);
    return ACL_SUCCESS;
}

ExportRecord::~ExportRecord() {
    if (record_fd_ >= 0) {
        withdraw_export(ref_.tag);  // first: the server duplicates descriptors under its lock
        ::close(record_fd_);
    }
    if (payload_fd_ >= 0) {
        ::close(payload_fd_);
    }
}

aclError ExportRecord::allow_pids(const int32_t* pids, size_t count, const char* param) {
    const size_t have = import_pid_count(ref_.tag);
    if (count > kMaxPids - have) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          param,
                          std::to_string(count) + " pids",
                          "a whitelist holds at most " + std::to_string(kMaxPids)
                              + " pids and this one has " + std::to_string(have));
    }
    for (size_t i = 0; i < count; ++i) {
        if (pids[i] <= 0) {
            return reject_arg(ACL_ERROR_INVALID_PARAM,
                              param,
                              pids[i],
                              "entry " + std::to_string(i) + " is not a process id");
        }
    }
    allow_import_pids(ref_.tag, pids, count);
    return ACL_SUCCESS;
}

ImportedRecord::~ImportedRecord() {
    if (blob.fd >= 0) {
        ::close(blob.fd);
    }
}

namespace {

// Reads the sealed record `fd` (closing it) into *layout; false when it is no sealed record of
// the right size.
bool read_sealed_record(int fd, RecordLayout* layout) {
    struct stat info {};
    const bool sealed = (::fcntl(fd, F_GET_SEALS) & kRecordSeals) == kRecordSeals;
    const bool ok =
        sealed && ::fstat(fd, &info) == 0 && info.st_size == static_cast<off_t>(sizeof *layout)
        && ::pread(fd, layout, sizeof *layout, 0) == static_cast<ssize_t>(sizeof *layout);
    ::close(fd);
    return ok;
}

}  // namespace

aclError open_record(const ExportRef& ref,
                     ExportKind kind,
                     BackendKind backend,
                     const char* param,
                     const std::string& value,
                     ImportedRecord* out) {
    const int32_t self = static_cast<int32_t>(::getpid());
    ACLEMU_TRY(reject_if(ref.pid == self,
                         param,
                         value,
                         "this process exported it; import it in another process (as "
                         "on Ascend and CUDA, a process cannot import its own export)",
                         ACL_ERROR_RT_FEATURE_NOT_SUPPORT));
    const std::string withdrawn =
        "no export of process " + std::to_string(ref.pid)
        + " answers to it: the exporter has withdrawn it (aclrtIpcMemClose, aclrtFree, "
          "aclrtFreePhysical, aclrtDestroyEvent, aclrtDestroyNotify, aclFinalize) or exited";
    ImportAnswer answer = ImportAnswer::Withdrawn;
    int record_fd = -1;
    int payload_fd = -1;
    std::string why;
    if (!request_import(ref.pid,
                        ref.port,
                        ref.tag,
                        static_cast<uint32_t>(kind),
                        static_cast<uint32_t>(backend),
                        &answer,
                        &record_fd,
                        &payload_fd,
                        &why)) {
        return reject_arg(ACL_ERROR_INVALID_PARAM, param, value, withdrawn + " (" + why + ")");
    }
    switch (answer) {
        case ImportAnswer::Granted:
            break;
        case ImportAnswer::WrongKind:
            return reject_arg(
                ACL_ERROR_INVALID_PARAM, param, value, "it names an export of another kind");
        case ImportAnswer::WrongBackend:
            return reject_arg(ACL_ERROR_INVALID_PARAM,
                              param,
                              value,
                              "its exporter runs another backend (ACLEMU_BACKEND must name "
                              "the same backend in both processes)");
        case ImportAnswer::NotAllowed:
            return reject_arg(ACL_ERROR_RT_NO_PERMISSION, param, value, "process " + std::to_string(ref.pid) + " refused process "
                                        + std::to_string(self)
                                        + ": it is not on the export's whitelist; the exporter "
                                          "adds it with aclrtIpcMemSetImportPid / "
                                          "aclrtNotifySetImportPid / "
                                          "aclrtMemSetPidToShareableHandle, or exports with pid "
                                          "validation disabled");
        case ImportAnswer::OtherUser:
            return reject_arg(ACL_ERROR_RT_NO_PERMISSION, param, value, "process " + std::to_string(ref.pid)
                                        + " refused this process: it runs as another user, and "
                                          "exports are shared within one user only");
        default:
            return reject_arg(ACL_ERROR_INVALID_PARAM, param, value, withdrawn);
    }
    out->blob.fd = payload_fd;  // *out owns it from here
    RecordLayout layout{};
    if (!read_sealed_record(record_fd, &layout)) {
        return reject_arg(ACL_ERROR_INVALID_PARAM, param, value, "process " + std::to_string(ref.pid)
                                    + " passed an export record that is not sealed against "
                                      "changes");
    }
    if (layout.magic != kMagic || layout.tag != ref.tag || layout.exporter != ref.pid
        || layout.kind != static_cast<uint32_t>(kind)
        || layout.backend != static_cast<uint32_t>(backend)
        || layout.blob_size > ExportBlob::kCapacity) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          param,
                          value,
                          "the export record process " + std::to_string(ref.pid)
                              + " passed does not describe this export");
    }
    out->kind = kind;
    out->bytes = layout.bytes;
    out->exporter = layout.exporter;
    out->blob.size = layout.blob_size;
    std::memcpy(out->blob.bytes, layout.blob, sizeof out->blob.bytes);
    return ACL_SUCCESS;
}

std::string key_text(const ExportRef& ref) {
    char text[64];
    std::snprintf(text,
                  sizeof text,
                  "aclemu-%" PRId32 "-%" PRId32 "-%016" PRIx64,
                  ref.pid,
                  ref.port,
                  ref.tag);
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

aclError check_key_length(size_t len) {
    static_assert(ACL_IPC_HANDLE_SIZE == 65, "the reason below names the key's length");
    return reject_if(
        len < ACL_IPC_HANDLE_SIZE, "len", len, "the key needs 65 characters (ACL_IPC_HANDLE_SIZE)");
}

aclError check_flags(uint64_t flags, uint64_t known, const char* allowed) {
    if ((flags & ~known) != 0) {
        return reject_arg(
            ACL_ERROR_INVALID_PARAM, "flags", flags, std::string("must be ") + allowed);
    }
    return ACL_SUCCESS;
}

aclError begin_import(const char* key, const char* maker, KeyImport* out) {
    ACLEMU_TRY(parse_import_key(key, maker, &out->text, &out->ref));
    return current_sharing_context(&out->context, &out->backend);
}

aclError parse_import_key(const char* key, const char* maker, std::string* text, ExportRef* ref) {
    text->assign(key, ::strnlen(key, ACL_IPC_HANDLE_SIZE));
    std::optional<ExportRef> parsed = parse_key(key, ACL_IPC_HANDLE_SIZE);
    if (!parsed) {
        return reject_arg(
            ACL_ERROR_INVALID_PARAM, "key", *text, std::string("not a key made by ") + maker);
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
    uint64_t port = 0;
    uint64_t tag = 0;
    const char* at = key;
    if (!read_literal(&at, "aclemu-") || !read_number(&at, 10, 10, kIntMax, &pid)
        || !read_literal(&at, "-") || !read_number(&at, 10, 10, kIntMax, &port)
        || !read_literal(&at, "-") || !read_number(&at, 16, 16, UINT64_MAX, &tag) || *at != '\0'
        || pid == 0) {
        return std::nullopt;
    }
    ExportRef ref;
    ref.pid = static_cast<int32_t>(pid);
    ref.port = static_cast<int32_t>(port);
    ref.tag = tag;
    return ref;
}

bool packable(const ExportRef& ref) {
    return ref.pid > 0 && static_cast<uint64_t>(ref.pid) < (uint64_t{1} << kPidBits)
           && ref.port >= 0 && static_cast<uint64_t>(ref.port) < (uint64_t{1} << kHandlePortBits);
}

uint64_t pack_handle(const ExportRef& ref) {
    return (static_cast<uint64_t>(ref.pid) << (kHandlePortBits + kHandleTagBits))
           | (static_cast<uint64_t>(ref.port) << kHandleTagBits)
           | (ref.tag & ((uint64_t{1} << kHandleTagBits) - 1));
}

ExportRef unpack_handle(uint64_t handle) {
    ExportRef ref;
    ref.pid = static_cast<int32_t>(handle >> (kHandlePortBits + kHandleTagBits));
    ref.port =
        static_cast<int32_t>((handle >> kHandleTagBits) & ((uint64_t{1} << kHandlePortBits) - 1));
    ref.tag = handle & ((uint64_t{1} << kHandleTagBits) - 1);
    return ref;
}

void write_event_handle(const ExportRef& ref, char* bytes) {
    std::memset(bytes, 0, kEventHandleBytes);
    std::memcpy(bytes, kEventMarker, sizeof kEventMarker);
    char* at = bytes + sizeof kEventMarker;
    std::memcpy(at, &ref.pid, sizeof ref.pid);
    std::memcpy(at + 4, &ref.port, sizeof ref.port);
    std::memcpy(at + 8, &ref.tag, sizeof ref.tag);
}

std::optional<ExportRef> read_event_handle(const char* bytes) {
    if (std::memcmp(bytes, kEventMarker, sizeof kEventMarker) != 0) {
        return std::nullopt;
    }
    ExportRef ref;
    const char* at = bytes + sizeof kEventMarker;
    std::memcpy(&ref.pid, at, sizeof ref.pid);
    std::memcpy(&ref.port, at + 4, sizeof ref.port);
    std::memcpy(&ref.tag, at + 8, sizeof ref.tag);
    if (ref.pid <= 0 || ref.port < 0) {
        return std::nullopt;
    }
    return ref;
}

}  // namespace aclemu::rt
