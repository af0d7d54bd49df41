// run_case and the runtime the cases run in (fuzz_case.h).
#include "fuzz/fuzz_case.h"

#include "acl/acl.h"

#include "fuzz/fuzz_groups.h"
#include "fuzz/fuzz_ops.h"
#include "fuzz/fuzz_runtime.h"

#include <cstdlib>
#include <exception>

namespace aclemu::fuzz {

bool start_runtime(const Options& options, std::string* why) {
    setenv("ACLEMU_BACKEND", options.backend.c_str(), 1);
    aclError err = aclInit(nullptr);
    if (err == ACL_ERROR_REPEAT_INITIALIZE) {
        aclFinalize();
        err = aclInit(nullptr);
    }
    if (err == ACL_SUCCESS) {
        err = aclrtSetDevice(0);
    }
    if (err != ACL_SUCCESS) {
        *why = "aclInit / aclrtSetDevice(0) on backend " + options.backend + " failed with "
               + std::to_string(err) + ": " + take_message();
        return false;
    }
    take_message();
    return true;
}

void stop_runtime() {
    aclrtResetDevice(0);
    aclFinalize();
    take_message();
}

Report run_case(Choices& choices, const Options& options) {
    Report report;
    take_message();  // a case starts with no message pending
    try {
        const int64_t kind = choices.range(0, 14);
        if (kind < 6) {
            run_op_case(choices, report);
        } else if (kind < 9) {
            run_runtime_case(choices, report);
        } else if (kind < 10) {
            run_tensor_case(choices, report);
        } else if (kind < 12) {
            run_task_case(choices, report);
        } else if (kind < 14) {
            run_memory_group_case(choices, report);
        } else {
            run_device_case(choices, report);
        }
    } catch (const std::exception& e) {
        report.fail("the case threw: %s", e.what());
    }
    if (report.runtime_stopped) {
        std::string why;
        if (!start_runtime(options, &why)) {
            report.fail("restarting the runtime after aclFinalize: %s", why.c_str());
        }
    }
    return report;
}

}  // namespace aclemu::fuzz
