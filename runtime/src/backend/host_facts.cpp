// HostFacts from sysconf (sizes) and /proc (model name, CPU time counters).
#include "backend/host_facts.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <sys/utsname.h>
#include <thread>
#include <unistd.h>

namespace aclemu::rt {
namespace {

int64_t sysconf_bytes(int name) {
    const long value = ::sysconf(name);
    return value > 0 ? static_cast<int64_t>(value) : 0;
}

std::string cpu_model_name() {
    std::string name;
    if (std::FILE* f = std::fopen("/proc/cpuinfo", "r")) {
        char line[512];
        while (std::fgets(line, sizeof line, f) != nullptr) {
            if (std::strncmp(line, "model name", 10) == 0) {
                if (const char* colon = std::strchr(line, ':')) {
                    name = colon + 1;
                }
                break;
            }
        }
        std::fclose(f);
    }
    const size_t first = name.find_first_not_of(" \t");
    const size_t last = name.find_last_not_of(" \t\n");
    return first == std::string::npos ? std::string() : name.substr(first, last - first + 1);
}

struct CpuTimes {
    uint64_t busy = 0;
    uint64_t total = 0;
};

// The aggregate "cpu" line of /proc/stat: user nice system idle iowait irq softirq steal ...
CpuTimes read_cpu_times() {
    CpuTimes times;
    if (std::FILE* f = std::fopen("/proc/stat", "r")) {
        unsigned long long v[8] = {};
        if (std::fscanf(f,
                        "cpu %llu %llu %llu %llu %llu %llu %llu %llu",
                        &v[0],
                        &v[1],
                        &v[2],
                        &v[3],
                        &v[4],
                        &v[5],
                        &v[6],
                        &v[7])
            == 8) {
            for (unsigned long long x : v) {
                times.total += x;
            }
            times.busy = times.total - v[3] - v[4];  // minus idle and iowait
        }
        std::fclose(f);
    }
    return times;
}

}  // namespace

const HostFacts& host_facts() {
    static const HostFacts facts = [] {
        HostFacts f;
        struct utsname machine {};
        const std::string arch = ::uname(&machine) == 0 ? machine.machine : "unknown";
        const std::string cpu = cpu_model_name();
        f.model = arch + " host CPU" + (cpu.empty() ? "" : " (" + cpu + ")");
        f.logical_cores = sysconf_bytes(_SC_NPROCESSORS_ONLN);
        f.memory = sysconf_bytes(_SC_PHYS_PAGES) * sysconf_bytes(_SC_PAGESIZE);
        f.l1_data_cache = sysconf_bytes(_SC_LEVEL1_DCACHE_SIZE);
        f.last_level_cache = sysconf_bytes(_SC_LEVEL3_CACHE_SIZE);
        if (f.last_level_cache == 0) {
            f.last_level_cache = sysconf_bytes(_SC_LEVEL2_CACHE_SIZE);
        }
        return f;
    }();
    return facts;
}

int32_t host_busy_percent() {
    using Clock = std::chrono::steady_clock;
    constexpr auto kMinWindow = std::chrono::milliseconds(50);
    static std::mutex mu;
    static CpuTimes previous;
    static Clock::time_point previous_at;
    static int32_t last = -1;
    std::lock_guard<std::mutex> lock(mu);
    if (previous.total == 0) {
        previous = read_cpu_times();
        previous_at = Clock::now();
        std::this_thread::sleep_for(kMinWindow);
    } else if (Clock::now() - previous_at < kMinWindow && last >= 0) {
        return last;  // too short a window for the kernel's tick counters: the last answer
    }
    const CpuTimes now = read_cpu_times();
    if (now.total == 0 || now.total <= previous.total) {
        return now.total == 0 ? -1 : std::max<int32_t>(last, 0);
    }
    const uint64_t total = now.total - previous.total;
    const uint64_t busy = now.busy - previous.busy;
    previous = now;
    previous_at = Clock::now();
    last = static_cast<int32_t>((busy * 100 + total / 2) / total);
    return last;
}

}  // namespace aclemu::rt
