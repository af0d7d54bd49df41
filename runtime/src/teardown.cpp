// tear_down: the order teardown.h states, one function per domain.
#include "teardown.h"

#include "device/snapshot.h"
#include "event/event_registry.h"
#include "graph/capture_registry.h"
#include "graph/external_wait.h"
#include "kernel/kernel_objects.h"
#include "memory/allocator_registry.h"
#include "memory/mem_pool.h"
#include "memory/vmm_registry.h"
#include "observe/trace_recorder.h"
#include "runtime_state.h"
#include "sharing/ipc_registry.h"
#include "sharing/notify_registry.h"
#include "stream/stream_state_callbacks.h"
#include "tasks/overflow_state.h"
#include "tdt/tdt_channel_objects.h"
#include "tdt/tdt_queue_objects.h"

namespace aclemu::rt {
namespace {

void release_streams(Backend* backend, std::vector<std::shared_ptr<Stream>>& streams) {
    if (backend == nullptr) {
        return;
    }
    for (auto& stream : streams) {
        if (stream->impl) {
            notify_stream_state(stream.get(), ACL_RT_STREAM_STATE_DESTROY_PRE);
            backend->streams().destroy_stream(std::move(stream->impl));
        }
    }
}

// Blocks of aclrtMalloc / aclrtMallocHost (and the runtime's own); mappings and imports went with
// their owners in steps 5 and 6.
void release_allocations(Backend* backend) {
    for (const Allocation& block : runtime().allocations().take_all()) {
        if (backend == nullptr || block.origin != AllocOrigin::Malloc) {
            continue;
        }
        void* ptr = reinterpret_cast<void*>(block.base);
        if (block.kind == AllocKind::Device) {
            backend->memory().free_device(ptr);
        } else {
            backend->memory().free_host(ptr);
        }
    }
}

}  // namespace

void tear_down(Teardown&& what) {
    const bool runtime_scope = what.scope == Teardown::Scope::Runtime;
    Backend* backend = what.backend;
    if (runtime_scope) {
        OverflowState::instance().release();  // 1. tasks
        notifies().release();                 // 2. sharing: notifies
        tdt::stop_channels();                 //    tdt: channels and queues, so that a
        tdt::stop_queues();                   //    host function blocked on one ends
        kernel::forget_binaries();            //    kernel: loaded binaries and their handles
        graph::finish_external_waits();       //    graph: executions stopped at a wait end
    }
    graph::forget_streams(backend, what.streams);  // 3. graph: their recordings end
    release_streams(backend, what.streams);        //    stream
    if (!runtime_scope) {
        return;
    }
    graph::release_all(backend);  //    graph: model runtime instances, task groups
    events().release(backend);    // 4. event
    if (backend != nullptr && backend->sharing() != nullptr) {
        release_ipc(*backend);  // 5. sharing: IPC
        release_vmm(*backend);  // 6. memory
    }
    forget_allocator_registrations();
    forget_mem_pools();  //    memory: pools (their blocks are in the allocation table)
    forget_snapshots();  //    device: the last snapshot's backup
    release_allocations(backend);
    what.owned.reset();  // 7. backend
    observe::trace::finish_session();
}

}  // namespace aclemu::rt
