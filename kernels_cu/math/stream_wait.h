// The condition of a stream wait (aclrtValueWait, and the notify wait built on it), as CUDA's
// cuStreamWaitValue64 defines it: GEQ is (int64)(*addr - value) >= 0, so it survives wrap-around.
#pragma once

#include "kernels_cu/builtin/builtin_args.h"
#include "kernels_cu/portability.h"

#include <cstdint>

namespace aclemu::kernels {

ACLEMU_HD bool stream_wait_satisfied(uint64_t current, uint64_t value, builtin::WaitMode mode) {
    switch (mode) {
        case builtin::WaitMode::Geq:
            return static_cast<int64_t>(current - value) >= 0;
        case builtin::WaitMode::Eq:
            return current == value;
        case builtin::WaitMode::And:
            return (current & value) != 0;
        case builtin::WaitMode::Nor:
            break;
    }
    return ~(current | value) != 0;
}

}  // namespace aclemu::kernels
