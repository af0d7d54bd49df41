// What the dump entry points configured (api_dump.cpp) and what dump_service.cpp reads at each
// operator: the configuration of aclmdlSetDump, the argument dump of aclopStartDumpArgs, the
// callback of acldumpRegCallback. One mutex; dump::detail::g_active mirrors "anything on".
#pragma once

#include "acl/acl_dump.h"

#include "dump/dump_config.h"

#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>

namespace aclemu::rt::dump {

using ChunkCallback = int32_t (*)(const acldumpChunk*, int32_t);

struct State {
    std::mutex mu;
    bool initialized = false;        // aclmdlInitDump .. aclmdlFinalizeDump, or aclInit's file
    bool from_init = false;          // configured by aclInit's file (ended by aclFinalize)
    DumpConfig config;               // of the last aclmdlSetDump
    std::string run_dir;             // <YYYYMMDDhhmmss> of that aclmdlSetDump, below config.path
    std::string data_path;           // acldumpGetPath(DATA_DUMP); empty: none
    std::FILE* args_file = nullptr;  // aclopStartDumpArgs
    ChunkCallback callback = nullptr;
    uint64_t next_seq = 1;
};

State& state();
/// Sets dump::detail::g_active from `s` (under s.mu).
void refresh_active_locked(const State& s);

}  // namespace aclemu::rt::dump
