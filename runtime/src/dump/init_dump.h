// The dump section of aclInit's configuration file (docs/dump.md): read before the runtime
// starts, so that a bad section fails aclInit and leaves the runtime uninitialized; applied
// once it started, as aclmdlInitDump + aclmdlSetDump would (a later aclmdlInitDump then gets
// ACL_ERROR_DUMP_ALREADY_RUN); ended by aclFinalize.
#pragma once

#include "acl/acl_base.h"

#include "dump/dump_config.h"

namespace aclemu::rt::dump {

/// Reads `config_path`'s dump section into `*out` (`out->enabled` false: none). A file that
/// cannot be read is left to aclInit's own check; one that is not JSON configures no dump (a
/// WARNING); a bad dump section fails with ACL_ERROR_INVALID_DUMP_CONFIG naming the key.
aclError read_init_dump(const char* config_path, DumpConfig* out);
/// After aclInit succeeded: dumps as `config` asks, when it is enabled.
void apply_init_dump(DumpConfig config);
/// aclFinalize (the last reference): ends a dump that aclInit configured.
void finish_init_dump();

}  // namespace aclemu::rt::dump
