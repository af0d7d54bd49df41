// The one teardown path. aclFinalize releases the whole runtime; aclrtResetDevice (the last
// reference), aclrtDestroyContext and aclrtDestroyStream release streams. Each builds a Teardown
// and hands it to tear_down(), which visits the domains in this order:
//
//   1. tasks/    overflow modes, stream switches and status words forgotten         (runtime)
//   2. sharing/  notifies forgotten                                                  (runtime)
//      tdt/      channels and queues stopped (their waiters wake) and forgotten     (runtime)
//      kernel/   loaded binaries, their functions and argument lists forgotten      (runtime)
//   3. graph/    recordings of the streams that go end (a capture's instance becomes
//                invalid)                                                    (streams, runtime)
//      stream/   each stream: state callbacks told DESTROY_PRE, pending work drained,
//                the backend's stream destroyed                              (streams, runtime)
//      graph/    every model runtime instance and task group released                (runtime)
//   4. event/    every event destroyed                                               (runtime)
//   5. sharing/  memory imported from other processes unmapped, exports withdrawn, the
//                export server stopped (its thread joined; later exports start a new one)
//                                                                                    (runtime)
//   6. memory/   mappings, reservations and physical allocations released, allocator
//                registrations forgotten, every aclrtMalloc / aclrtMallocHost block freed
//                (with the words of 1. and 2.)                                       (runtime)
//   7. backend/  released; observe/ closes the trace session (every mark is reached)  (runtime)
//
// Steps 1-2 only forget (their memory goes in 6.); streams go before events and memory so that
// no queued work still uses them. The registries are emptied under their own locks first and
// released without them (a host function running on a stream may call the runtime).
#pragma once

#include "backend/backend.h"

#include <memory>
#include <vector>

namespace aclemu::rt {

struct Stream;

struct Teardown {
    enum class Scope {
        Streams,  // only `streams` (already unregistered by their owner)
        Runtime,  // aclFinalize: every domain; `streams` holds every stream
    };
    Scope scope = Scope::Streams;
    /// The backend; for Scope::Runtime its owner hands it over (`owned`), and step 7 releases it.
    Backend* backend = nullptr;
    std::unique_ptr<Backend> owned;
    std::vector<std::shared_ptr<Stream>> streams;
};

void tear_down(Teardown&& what);

}  // namespace aclemu::rt
