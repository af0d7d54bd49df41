// Export records: how one process hands memory or an event to another, on every backend. The
// exporter writes a record into a small memfd and keeps it open (base/aclemu/shared_memory.h,
// Note [Sharing through /proc]); what the user passes between processes -- the key of
// aclrtIpcMemGetExportKey, the 64-bit shareable handle of aclrtMemExportToShareableHandle, the
// aclrtIpcEventHandle -- is a reference to it: the exporter's pid, the record's descriptor
// number and a random tag. The importer opens the record, checks the tag, the kind and (when
// the exporter asked for it) that its own pid is on the record's whitelist, and hands the
// backend's payload (an ExportBlob: a descriptor number, or a cudaIpc handle) to its backend.
// Closing the record withdraws the export: later imports fail, earlier ones keep their mapping.
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

/// Where a record lives: in process `pid`, as descriptor `fd`, tagged `tag`.
struct ExportRef {
    int32_t pid = 0;
    int32_t fd = -1;
    uint64_t tag = 0;
};

struct Context;       // runtime_state.h
struct RecordLayout;  // shared_export.cpp

/// The exporter's record (closed on destruction).
class ExportRecord {
public:
    /// The most pids a whitelist holds.
    static constexpr size_t kMaxPids = 1024;

    /// A new record of `kind` for `bytes` bytes carrying `blob` of a `backend`. With
    /// `check_pid`, only the pids added by allow_pids() may open it. Fails (with a message) when
    /// no memfd can be made.
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
    RecordLayout* layout_ = nullptr;
};

/// What an importer reads from a record.
struct ImportedRecord {
    ExportKind kind = ExportKind::IpcMemory;
    uint64_t bytes = 0;
    int32_t exporter = 0;  // pid
    ExportBlob blob;
};

/// Opens the record `ref` names in its exporter and checks it: ACL_ERROR_INVALID_PARAM when it
/// is gone, is no record of `kind` or was made by another backend than `backend` (`param` and
/// `value` name the user's argument), ACL_ERROR_RT_FEATURE_NOT_SUPPORT when this process
/// exported it, ACL_ERROR_RT_NO_PERMISSION when its whitelist does not hold this process.
aclError open_record(const ExportRef& ref,
                     ExportKind kind,
                     BackendKind backend,
                     const char* param,
                     const std::string& value,
                     ImportedRecord* out);

/// The IPC key text: "aclemu-<pid>-<fd>-<tag, 16 hex digits>" (at most 40 characters).
std::string key_text(const ExportRef& ref);
std::optional<ExportRef> parse_key(const char* key, size_t max_length);
/// The current context and the runtime's backend, when that backend can share memory
/// (require_sharing): what every import runs in.
aclError current_sharing_context(std::shared_ptr<Context>* context, Backend** backend);

/// An import's `key` argument (ACL_IPC_HANDLE_SIZE bytes at most): its text in *text and the
/// record it names in *ref, or ACL_ERROR_INVALID_PARAM "not a key made by <maker>".
aclError parse_import_key(const char* key, const char* maker, std::string* text, ExportRef* ref);

/// The 64-bit shareable handle: pid (22 bits), fd (20 bits), 22 bits of the tag.
uint64_t pack_handle(const ExportRef& ref);
ExportRef unpack_handle(uint64_t handle);
/// True when `ref` can be packed (its pid and fd fit).
bool packable(const ExportRef& ref);

/// The aclrtIpcEventHandle bytes: a marker, then the reference.
constexpr size_t kEventHandleBytes = 64;
void write_event_handle(const ExportRef& ref, char* bytes);
std::optional<ExportRef> read_event_handle(const char* bytes);

}  // namespace aclemu::rt
