// Switching the watchers of aclemu/observe.h on and off, inside libascendcl.so: the logger
// reports whether a module is at DEBUG, the trace recorder whether ACLEMU_TRACE records.
#pragma once

#include "aclemu/observe.h"

namespace aclemu::observe {

/// Sets or clears `watcher` (one Watcher bit) for the calls that start from now on.
void set_watching(Watcher watcher, bool on) noexcept;

}  // namespace aclemu::observe
