// Facts about the host machine for the backends that run on it: the CPU backend's devices are
// the host, and the GPU simulator's "SMs" are host threads. Read from sysconf and /proc.
#pragma once

#include <cstdint>
#include <string>

namespace aclemu::rt {

struct HostFacts {
    std::string model;             // "x86_64 host CPU (<cpuinfo model name>)"
    int64_t logical_cores = 0;     // hardware threads online
    int64_t memory = 0;            // physical memory, bytes
    int64_t l1_data_cache = 0;     // per core, bytes (0: unknown)
    int64_t last_level_cache = 0;  // L3, else L2, bytes (0: unknown)
};

/// Read once per process.
const HostFacts& host_facts();

/// Share of the host's CPU time spent busy (not idle or waiting for I/O) since the previous
/// measurement, in percent 0..100 (-1 when /proc/stat cannot be read). The first call measures
/// over 50 ms; a call within 50 ms of the last measurement repeats its answer.
int32_t host_busy_percent();

}  // namespace aclemu::rt
