// The CPU backend's stream wait (aclrtValueWait, the notify wait): the stream's worker polls a
// 64-bit word, spinning briefly and then sleeping from 20 us up to 1 ms between reads, until the
// condition holds or the deadline passes.
#pragma once

#include "kernels_cu/builtin/builtin_args.h"

#include <cstdint>

namespace aclemu::rt::cpu {

/// Waits until the word at `addr` satisfies `mode` against `value`; timeout_ms < 0: no deadline.
/// Returns false when the deadline passed first.
bool wait_for_word(const uint64_t* addr,
                   uint64_t value,
                   kernels::builtin::WaitMode mode,
                   int32_t timeout_ms);

}  // namespace aclemu::rt::cpu
