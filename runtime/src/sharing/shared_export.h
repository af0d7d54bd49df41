// Export records: how one process hands memory or an event to another, on every backend. What
// the user passes between processes -- the key of aclrtIpcMemGetExportKey, the 64-bit shareable
// handle of aclrtMemExportToShareableHandle, the aclrtIpcEventHandle -- is a reference: the
// exporter's pid, the port of its export server (export_server.h) and a random tag. The importer
// asks that server; the exporter checks the importer's pid and user (SO_PEERCRED) against the
// export's whitelist and only then passes the record -- a sealed memfd the importer cannot grow,
// shrink or rewrite -- and the memory's descriptor (SCM_RIGHTS). The importer checks the seals,
// the tag, the kind and the backend, and hands the backend's payload (an ExportBlob: a range
// and the received descriptor, or a cudaIpc handle) to its backend. Closing the record withdraws
// the export: later imports fail, earlier ones keep their mapping. docs/backends.md says what
// the whitelist protects against and what it does not.
#pragma once

#include "acl/acl_base.h"

#include "backend/backend.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace aclemu::rt {

enum class ExportKind : uint32_t { IpcMemory = 1, Physical = 2, Event = 3, Notify = 4 };

/// Where an export lives: in process `pid`, served on `port` (export_server.h), tagged `tag`.
struct ExportRef {
    int32_t pid = 0;
    int32_t port = -1;
    uint64_t tag = 0;
};

struct Context;       // runtime_state.h
struct RecordLayout;  // shared_export.cpp

/// The exporter's record (closed on destruction).
class ExportRecord {
public:
    /// The most pids a whitelist holds.
    static constexpr size_t kMaxPids = 1024;

    /// A new record of `kind` for `bytes` bytes carrying `blob` of a `backend` (its descriptor,
    /// if any, is duplicated: the record passes its own copy). With `check_pid`, only the pids
    /// added by allow_pids() may import it. Fails (with a message) when no sealed memfd, no
    /// descriptor or no export server can be made.
    static aclError create(ExportKind kind,
                           BackendKind backend,
                           uint64_t bytes,
                           bool check_pid,
                           const ExportBlob& blob,
                           std::unique_ptr<ExportRecord>* out);
    ~ExportRecord();
    ExportRecord(const ExportRecord&) = delete;
    ExportRecord& operator=(const ExportRecord&) = delete;

    const ExportRef& ref() const { return ref_; }
    /// Adds pids to the whitelist (`param` names the argument in messages).
    aclError allow_pids(const int32_t* pids, size_t count, const char* param);

private:
    ExportRecord() = default;

    ExportRef ref_;
    int record_fd_ = -1;   // the sealed record
    int payload_fd_ = -1;  // the copy of the blob's descriptor, or -1
};

/// What an importer reads from a record; blob.fd, when not -1, is a descriptor of this process
/// that the record owns (closed with it: a backend that keeps it duplicates it).
struct ImportedRecord {
    ImportedRecord() = default;
    ~ImportedRecord();
    ImportedRecord(const ImportedRecord&) = delete;
    ImportedRecord& operator=(const ImportedRecord&) = delete;

    ExportKind kind = ExportKind::IpcMemory;
    uint64_t bytes = 0;
    int32_t exporter = 0;  // pid
    ExportBlob blob;
};

/// Asks the exporter `ref` names for its export and checks the record it passes:
/// ACL_ERROR_INVALID_PARAM when the export is gone, is no export of `kind` or was made by
/// another backend than `backend` (`param` and `value` name the user's argument),
/// ACL_ERROR_RT_FEATURE_NOT_SUPPORT when this process exported it, ACL_ERROR_RT_NO_PERMISSION
/// when the exporter refuses this process (not on the whitelist, or another user).
aclError open_record(const ExportRef& ref,
                     ExportKind kind,
                     BackendKind backend,
                     const char* param,
                     const std::string& value,
                     ImportedRecord* out);

/// The IPC key text: "aclemu-<pid>-<port>-<tag, 16 hex digits>" (at most 40 characters).
std::string key_text(const ExportRef& ref);
std::optional<ExportRef> parse_key(const char* key, size_t max_length);
/// The current context and the runtime's backend, when that backend can share memory
/// (require_sharing): what every import runs in.
aclError current_sharing_context(std::shared_ptr<Context>* context, Backend** backend);

/// A key buffer's `len`: at least ACL_IPC_HANDLE_SIZE characters, else ACL_ERROR_INVALID_PARAM.
aclError check_key_length(size_t len);
/// `flags` sets no bit outside `known`: ACL_ERROR_INVALID_PARAM "must be <allowed>" otherwise.
aclError check_flags(uint64_t flags, uint64_t known, const char* allowed);

/// What an import by key starts from: the key's text and the record it names, and the current
/// context with its backend (which can share memory).
struct KeyImport {
    std::string text;
    ExportRef ref;
    std::shared_ptr<Context> context;
    Backend* backend = nullptr;
};
/// parse_import_key, then current_sharing_context.
aclError begin_import(const char* key, const char* maker, KeyImport* out);

/// An import's `key` argument (ACL_IPC_HANDLE_SIZE bytes at most): its text in *text and the
/// record it names in *ref, or ACL_ERROR_INVALID_PARAM "not a key made by <maker>".
aclError parse_import_key(const char* key, const char* maker, std::string* text, ExportRef* ref);

/// Bits of an export server's port: what a packed shareable handle keeps of it.
inline constexpr uint32_t kHandlePortBits = 20;
/// The 64-bit shareable handle: pid (22 bits), port (20 bits), 22 bits of the tag.
uint64_t pack_handle(const ExportRef& ref);
ExportRef unpack_handle(uint64_t handle);
/// True when `ref` can be packed (its pid and port fit).
bool packable(const ExportRef& ref);

/// The aclrtIpcEventHandle bytes: a marker, then the reference.
constexpr size_t kEventHandleBytes = 64;
void write_event_handle(const ExportRef& ref, char* bytes);
std::optional<ExportRef> read_event_handle(const char* bytes);

}  // namespace aclemu::rt
