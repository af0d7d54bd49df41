// The fuzzer's cases for the runtime groups of issue 11, each a valid call sequence checked
// against expectations written here, or the same with one thing broken and the exact code
// docs/errors.md gives for it (and a message):
//   - run_task_case (fuzz_tasks.cpp): notifies, aclrtValueWrite / aclrtValueWait,
//     aclrtReduceAsync (against fuzz_task_reference.h), aclrtRandomNumAsync (every number
//     against the tests' own Philox and transforms), overflow switch, mode and status;
//   - run_memory_group_case (fuzz_memory_groups.cpp): virtual memory (data written through one
//     mapping read through another), IPC in one process (a process importing its own export is
//     refused), aclrtMallocWithCfg, custom allocators;
//   - run_device_case (fuzz_devices.cpp): stream configuration handles and priorities, device
//     attributes and capabilities, core budgets, and the groups' calls after aclFinalize.
// Device buffers carry guard bytes (GuardedBuffer); a failed call must leave them and every
// buffer it names as they were.
#pragma once

#include "fuzz/fuzz_random.h"
#include "fuzz/fuzz_report.h"

#include <functional>
#include <vector>

namespace aclemu::fuzz {

void run_task_case(Choices& c, Report& report);
void run_memory_group_case(Choices& c, Report& report);
void run_device_case(Choices& c, Report& report);

/// Releases what a case made (newest first) at its end, unless the case finalized the runtime,
/// which released everything.
class Cleanup {
public:
    explicit Cleanup(Report& report) : report_(report) {}
    ~Cleanup() {
        if (report_.runtime_stopped) {
            return;
        }
        for (auto it = steps_.rbegin(); it != steps_.rend(); ++it) {
            (*it)();
        }
    }
    Cleanup(const Cleanup&) = delete;
    Cleanup& operator=(const Cleanup&) = delete;
    void add(std::function<void()> step) { steps_.push_back(std::move(step)); }

private:
    Report& report_;
    std::vector<std::function<void()>> steps_;
};

/// A stream for the case (destroyed at its end); nullptr (reported) when none can be made.
void* case_stream(Report& report, Cleanup& cleanup);

/// A stream that was destroyed, or the address of something that never was one.
void* dead_stream(Choices& c, Report& report);

}  // namespace aclemu::fuzz
