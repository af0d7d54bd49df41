// The exporter's side of an import: a Unix socket of this process (abstract namespace, named by
// its pid and a random port) that answers each import request itself. It reads the importer's
// pid and user from the kernel (SO_PEERCRED), checks them against the export's whitelist, and
// only then passes the export record and the shared memory's descriptor (SCM_RIGHTS). Nothing of
// the decision is left to the importer, and the whitelist lives only in this process.
//
// One server per process, started by the first export; tear_down (teardown.h, step 5) stops it,
// joins its thread and forgets every export, so that nothing answers after aclFinalize. An
// export made afterwards starts a new one on a new port.
#pragma once

#include "acl/acl_base.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

namespace aclemu::rt {

/// What the exporter says to an import request.
enum class ImportAnswer : uint32_t {
    Granted = 0,
    Withdrawn = 1,     // no export of this tag (closed, freed, destroyed, or never made)
    WrongKind = 2,     // the tag names an export of another kind
    WrongBackend = 3,  // made under another ACLEMU_BACKEND
    NotAllowed = 4,    // the importer's pid is not on the whitelist
    OtherUser = 5,     // the importer runs as another user
};

/// What the server needs to answer for one export; the descriptors stay the record's own (the
/// server duplicates them while it answers).
struct ServedExport {
    uint32_t kind = 0;
    uint32_t backend = 0;
    bool check_pid = true;
    int record_fd = -1;   // the sealed export record
    int payload_fd = -1;  // the shared memory's descriptor, -1 when the backend passes none
};

/// Registers an export with this process's server (starting it when none runs): picks a tag not
/// in use (random, masked by `tag_mask`), calls `make_record(tag, port)` to write the sealed
/// record (it returns its descriptor, or -1 with errno), and serves it. Fails with a message.
aclError serve_export(uint64_t tag_mask,
                      const std::function<int(uint64_t tag, int32_t port)>& make_record,
                      ServedExport entry,
                      uint64_t* tag,
                      int32_t* port);

/// Adds pids to the whitelist of export `tag` (pids already checked by the caller).
void allow_import_pids(uint64_t tag, const int32_t* pids, size_t count);
/// The whitelist's length of export `tag`.
size_t import_pid_count(uint64_t tag);

/// Stops serving `tag` (the record is being closed): later requests hear Withdrawn.
void withdraw_export(uint64_t tag);

/// Teardown: stops the server, joins its thread, forgets every export.
void stop_export_server();

/// The importer's side: asks process `pid`'s server on `port` for export `tag` of `kind` made
/// under `backend`. On Granted, *record_fd and *payload_fd (or -1) are descriptors of this
/// process the caller closes. On a transport failure (nothing answers, or something that is not
/// process `pid` does) returns false with the reason in *why.
bool request_import(int32_t pid,
                    int32_t port,
                    uint64_t tag,
                    uint32_t kind,
                    uint32_t backend,
                    ImportAnswer* answer,
                    int* record_fd,
                    int* payload_fd,
                    std::string* why);

}  // namespace aclemu::rt
