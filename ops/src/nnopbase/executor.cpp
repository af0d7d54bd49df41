// The live-executor registry behind Note [Executor lifetime] (executor.h): publishing in phase 1,
// execute() for phase 2, aclSetAclOpExecutorRepeatable / aclDestroyAclOpExecutor, and the
// aclSet*TensorAddr family that re-points a repeatable executor's tensors between runs.
#include "nnopbase/executor.h"

#include "aclemu/observe.h"
#include "aclemu/rt.h"
#include "nnopbase/call_args.h"
#include "nnopbase/error.h"
#include "nnopbase/op_dump.h"

#include <cstring>
#include <mutex>
#include <unordered_map>
#include <utility>
#include <vector>

namespace aclemu::nn {
namespace {

// Executors are shared_ptrs so that one being run stays alive even if another thread destroys
// its handle meanwhile; the registry only decides which handles are live.
struct Registry {
    using Map = std::unordered_map<const aclOpExecutor*, std::shared_ptr<aclOpExecutor>>;
    // A single-use executor is registered and removed once per call pair: the map's nodes are
    // recycled through `spare` instead of being allocated and freed each time.
    static constexpr size_t kMaxSpareNodes = 64;

    std::mutex mutex;
    Map live;
    std::vector<Map::node_type> spare;

    /// Registers `executor` (under mutex).
    void add(std::shared_ptr<aclOpExecutor> executor) {
        if (spare.empty()) {
            const aclOpExecutor* key = executor.get();
            live.emplace(key, std::move(executor));
            return;
        }
        Map::node_type node = std::move(spare.back());
        spare.pop_back();
        node.key() = executor.get();
        node.mapped() = std::move(executor);
        live.insert(std::move(node));
    }

    /// Unregisters the entry at `it` (under mutex) and returns its executor.
    std::shared_ptr<aclOpExecutor> remove(Map::const_iterator it) {
        Map::node_type node = live.extract(it);
        std::shared_ptr<aclOpExecutor> executor = std::move(node.mapped());
        if (spare.size() < kMaxSpareNodes) {
            spare.push_back(std::move(node));
        }
        return executor;
    }
};

// Never destroyed: handles may be released from other static destructors at exit.
Registry& registry() {
    static Registry* instance = new Registry;
    return *instance;
}

aclnnStatus not_live(const char* api, const aclOpExecutor* executor) {
    return fail(ACLNN_ERR_INNER,
                api,
                "executor",
                "%p is not a live executor: it was already run (executors are single-use unless "
                "made repeatable with aclSetAclOpExecutorRepeatable), destroyed, or never created",
                static_cast<const void*>(executor));
}

enum class Slot { Input, Output, Any };

aclnnStatus set_tensor_addr(const char* api,
                            aclOpExecutor* executor,
                            Slot slot,
                            size_t index,
                            aclTensor* tensor,
                            void* addr) {
    if (executor == nullptr) {
        return fail(ACLNN_ERR_PARAM_NULLPTR, api, "executor", "must not be null");
    }
    Registry& reg = registry();
    std::lock_guard<std::mutex> lock(reg.mutex);
    if (reg.live.count(executor) == 0) {
        return not_live(api, executor);
    }
    std::vector<aclTensor>* group = nullptr;
    size_t position = index;
    const char* kind = "";
    switch (slot) {
        case Slot::Input:
            group = &executor->inputs;
            kind = "input";
            break;
        case Slot::Output:
            group = &executor->outputs;
            kind = "output";
            break;
        case Slot::Any:
            if (index < executor->inputs.size()) {
                group = &executor->inputs;
                kind = "input";
            } else {
                group = &executor->outputs;
                kind = "output";
                position = index - executor->inputs.size();
            }
            break;
    }
    if (position >= group->size()) {
        return fail(ACLNN_ERR_PARAM_INVALID,
                    api,
                    "index",
                    "%zu is out of range: %s has %zu inputs and %zu outputs",
                    index,
                    executor->op_name,
                    executor->inputs.size(),
                    executor->outputs.size());
    }
    aclTensor& snapshot = (*group)[position];
    if (snapshot.data == nullptr && snapshot.dtype == ACL_DT_UNDEFINED) {
        return fail(ACLNN_ERR_PARAM_INVALID,
                    api,
                    "index",
                    "%s %zu of %s is an optional tensor that was passed as null",
                    kind,
                    position,
                    executor->op_name);
    }
    snapshot.data = addr;
    if (tensor != nullptr) {
        tensor->data = addr;
    }
    return ACLNN_SUCCESS;
}

aclnnStatus set_dynamic_tensor_addr(const char* api, aclOpExecutor* executor) {
    if (executor == nullptr) {
        return fail(ACLNN_ERR_PARAM_NULLPTR, api, "executor", "must not be null");
    }
    Registry& reg = registry();
    std::lock_guard<std::mutex> lock(reg.mutex);
    if (reg.live.count(executor) == 0) {
        return not_live(api, executor);
    }
    return fail(ACLNN_ERR_PARAM_INVALID,
                api,
                "irIndex",
                "%s takes no tensor-list parameter",
                executor->op_name);
}

}  // namespace

aclnnStatus publish_executor(std::unique_ptr<aclOpExecutor> executor,
                             uint64_t* workspace_size,
                             aclOpExecutor** out) {
    if (executor == nullptr) {
        return fail(ACLNN_ERR_INNER_CREATE_EXECUTOR, nullptr, nullptr, "no executor to publish");
    }
    const char* api = executor->op_name;
    if (workspace_size == nullptr) {
        return fail(ACLNN_ERR_PARAM_NULLPTR, api, "workspaceSize", "must not be null");
    }
    if (out == nullptr) {
        return fail(ACLNN_ERR_PARAM_NULLPTR, api, "executor", "must not be null");
    }
    try {
        std::shared_ptr<aclOpExecutor> shared(std::move(executor));
        aclOpExecutor* handle = shared.get();
        Registry& reg = registry();
        {
            std::lock_guard<std::mutex> lock(reg.mutex);
            if (reg.spare.capacity() == 0) {
                reg.spare.reserve(Registry::kMaxSpareNodes);  // remove() must not allocate
            }
            reg.add(std::move(shared));
        }
        *workspace_size = handle->workspace_size;
        *out = handle;
        if (observe::watchers() != 0) {
            observe::note("workspace %llu bytes",
                          static_cast<unsigned long long>(handle->workspace_size));
        }
        return ACLNN_SUCCESS;
    } catch (...) {
        return fail(ACLNN_ERR_INNER_CREATE_EXECUTOR, api, nullptr, "out of host memory");
    }
}

aclnnStatus resolve_op_stream(const char* api, aclrtStream stream, rt::StreamTarget* target) {
    const aclError resolved = rt::resolve_stream(stream, target);
    switch (resolved) {
        case ACL_SUCCESS:
            return ACLNN_SUCCESS;
        case ACL_ERROR_UNINITIALIZE:
            return fail(ACLNN_ERR_RUNTIME_ERROR,
                        api,
                        "stream",
                        "%p cannot be used: the runtime is not initialized (call aclInit; after "
                        "aclFinalize every earlier stream is gone)",
                        stream);
        case ACL_ERROR_RT_CONTEXT_NULL:
            return fail(ACLNN_ERR_RUNTIME_ERROR,
                        api,
                        "stream",
                        "%p cannot be used: the calling thread has no current device or context "
                        "(call aclrtSetDevice or aclrtSetCurrentContext first)",
                        stream);
        case ACL_ERROR_INVALID_PARAM:
            return fail(ACLNN_ERR_RUNTIME_ERROR,
                        api,
                        "stream",
                        "%p is not a live stream (destroyed, released with its device, or never "
                        "created); pass a stream from aclrtCreateStream or NULL",
                        stream);
        default:
            return fail(ACLNN_ERR_RUNTIME_ERROR,
                        api,
                        "stream",
                        "%p cannot be used (runtime error %d)",
                        stream,
                        resolved);
    }
}

aclnnStatus execute(const char* op_name,
                    void* workspace,
                    uint64_t workspace_size,
                    aclOpExecutor* executor,
                    aclrtStream stream,
                    const char* file,
                    int line) {
    // From here `held` keeps the executor alive; a single-use one is already out of the
    // registry, so it is released when this function returns, whatever the outcome. It is
    // taken before the call's scope opens so that the scope can describe its tensors.
    std::shared_ptr<aclOpExecutor> held;
    if (executor != nullptr) {
        Registry& reg = registry();
        std::lock_guard<std::mutex> lock(reg.mutex);
        const auto it = reg.live.find(executor);
        if (it != reg.live.end()) {
            held = it->second->repeatable ? it->second : reg.remove(it);
        }
    }
    observe::CallScope call(op_name,
                            observe::CallKind::Aclnn,
                            file,
                            line,
                            held ? describe_executor : nullptr,
                            held.get());
    if (executor == nullptr) {
        return call.finish(fail(ACLNN_ERR_PARAM_NULLPTR, op_name, "executor", "must not be null"));
    }
    if (!held) {
        return call.finish(not_live(op_name, executor));
    }
    try {
        if (op_name == nullptr || std::strcmp(held->op_name, op_name) != 0) {
            return call.finish(fail(ACLNN_ERR_PARAM_INVALID,
                                    op_name,
                                    "executor",
                                    "was created by %sGetWorkspaceSize, not by %sGetWorkspaceSize",
                                    held->op_name,
                                    op_name != nullptr ? op_name : "(null)"));
        }
        rt::StreamTarget target;
        if (const aclnnStatus status = resolve_op_stream(op_name, stream, &target);
            status != ACLNN_SUCCESS) {
            return call.finish(status);
        }
        const uint64_t needed = held->workspace_size;
        if (call.watched() != 0) {
            observe::note("workspace %llu bytes", static_cast<unsigned long long>(needed));
        }
        if (needed > 0) {
            if (workspace == nullptr) {
                return call.finish(fail(ACLNN_ERR_PARAM_NULLPTR,
                                        op_name,
                                        "workspace",
                                        "is null, but phase 1 asked for %llu bytes",
                                        static_cast<unsigned long long>(needed)));
            }
            if (workspace_size < needed) {
                return call.finish(fail(ACLNN_ERR_PARAM_INVALID,
                                        op_name,
                                        "workspaceSize",
                                        "%llu is less than the %llu bytes phase 1 asked for",
                                        static_cast<unsigned long long>(workspace_size),
                                        static_cast<unsigned long long>(needed)));
            }
            if (rt::locate(workspace, needed) != rt::MemoryLocation::Device) {
                return call.finish(
                    fail(ACLNN_ERR_PARAM_INVALID,
                         op_name,
                         "workspace",
                         "%p is not %llu bytes of device memory allocated by aclrtMalloc",
                         workspace,
                         static_cast<unsigned long long>(needed)));
            }
        }
        dump_before(*held, op_name, target);  // aclmdlSetDump / aclopStartDumpArgs
        const aclnnStatus status = held->run(workspace, target);
        if (status == ACLNN_SUCCESS) {
            dump_after(*held, op_name, target);
        }
        return call.finish(status);
    } catch (...) {
        return call.finish(
            fail(ACLNN_ERR_INNER, op_name, nullptr, "unexpected internal failure while running"));
    }
}

}  // namespace aclemu::nn

using aclemu::nn::fail;

extern "C" {

ACL_FUNC_VISIBILITY aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor* executor) {
    if (executor == nullptr) {
        return fail(ACLNN_ERR_INNER_NULLPTR,
                    "aclSetAclOpExecutorRepeatable",
                    "executor",
                    "must not be null");
    }
    auto& reg = aclemu::nn::registry();
    std::lock_guard<std::mutex> lock(reg.mutex);
    if (reg.live.count(executor) == 0) {
        return aclemu::nn::not_live("aclSetAclOpExecutorRepeatable", executor);
    }
    executor->repeatable = true;
    return ACLNN_SUCCESS;
}

ACL_FUNC_VISIBILITY aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor* executor) {
    if (executor == nullptr) {
        return fail(
            ACLNN_ERR_INNER_NULLPTR, "aclDestroyAclOpExecutor", "executor", "must not be null");
    }
    std::shared_ptr<aclOpExecutor> released;  // destroyed after the lock is dropped
    auto& reg = aclemu::nn::registry();
    std::lock_guard<std::mutex> lock(reg.mutex);
    const auto it = reg.live.find(executor);
    if (it == reg.live.end()) {
        return aclemu::nn::not_live("aclDestroyAclOpExecutor", executor);
    }
    released = reg.remove(it);
    return ACLNN_SUCCESS;
}

ACL_FUNC_VISIBILITY aclnnStatus aclSetInputTensorAddr(aclOpExecutor* executor,
                                                      const size_t index,
                                                      aclTensor* tensor,
                                                      void* addr) {
    return aclemu::nn::set_tensor_addr(
        "aclSetInputTensorAddr", executor, aclemu::nn::Slot::Input, index, tensor, addr);
}

ACL_FUNC_VISIBILITY aclnnStatus aclSetOutputTensorAddr(aclOpExecutor* executor,
                                                       const size_t index,
                                                       aclTensor* tensor,
                                                       void* addr) {
    return aclemu::nn::set_tensor_addr(
        "aclSetOutputTensorAddr", executor, aclemu::nn::Slot::Output, index, tensor, addr);
}

ACL_FUNC_VISIBILITY aclnnStatus aclSetTensorAddr(aclOpExecutor* executor,
                                                 const size_t index,
                                                 aclTensor* tensor,
                                                 void* addr) {
    return aclemu::nn::set_tensor_addr(
        "aclSetTensorAddr", executor, aclemu::nn::Slot::Any, index, tensor, addr);
}

ACL_FUNC_VISIBILITY aclnnStatus aclSetDynamicInputTensorAddr(aclOpExecutor* executor,
                                                             size_t /*irIndex*/,
                                                             const size_t /*relativeIndex*/,
                                                             aclTensorList* /*tensors*/,
                                                             void* /*addr*/) {
    return aclemu::nn::set_dynamic_tensor_addr("aclSetDynamicInputTensorAddr", executor);
}

ACL_FUNC_VISIBILITY aclnnStatus aclSetDynamicOutputTensorAddr(aclOpExecutor* executor,
                                                              size_t /*irIndex*/,
                                                              const size_t /*relativeIndex*/,
                                                              aclTensorList* /*tensors*/,
                                                              void* /*addr*/) {
    return aclemu::nn::set_dynamic_tensor_addr("aclSetDynamicOutputTensorAddr", executor);
}

ACL_FUNC_VISIBILITY aclnnStatus aclSetDynamicTensorAddr(aclOpExecutor* executor,
                                                        size_t /*irIndex*/,
                                                        const size_t /*relativeIndex*/,
                                                        aclTensorList* /*tensors*/,
                                                        void* /*addr*/) {
    return aclemu::nn::set_dynamic_tensor_addr("aclSetDynamicTensorAddr", executor);
}

ACL_FUNC_VISIBILITY aclnnStatus AclSetInputTensorAddr(aclOpExecutor* executor,
                                                      const size_t index,
                                                      aclTensor* tensor,
                                                      void* addr) {
    return aclSetInputTensorAddr(executor, index, tensor, addr);
}

ACL_FUNC_VISIBILITY aclnnStatus AclSetOutputTensorAddr(aclOpExecutor* executor,
                                                       const size_t index,
                                                       aclTensor* tensor,
                                                       void* addr) {
    return aclSetOutputTensorAddr(executor, index, tensor, addr);
}

ACL_FUNC_VISIBILITY aclnnStatus AclSetTensorAddr(aclOpExecutor* executor,
                                                 const size_t index,
                                                 aclTensor* tensor,
                                                 void* addr) {
    return aclSetTensorAddr(executor, index, tensor, addr);
}

ACL_FUNC_VISIBILITY aclnnStatus AclSetDynamicInputTensorAddr(aclOpExecutor* executor,
                                                             size_t irIndex,
                                                             const size_t relativeIndex,
                                                             aclTensorList* tensors,
                                                             void* addr) {
    return aclSetDynamicInputTensorAddr(executor, irIndex, relativeIndex, tensors, addr);
}

ACL_FUNC_VISIBILITY aclnnStatus AclSetDynamicOutputTensorAddr(aclOpExecutor* executor,
                                                              size_t irIndex,
                                                              const size_t relativeIndex,
                                                              aclTensorList* tensors,
                                                              void* addr) {
    return aclSetDynamicOutputTensorAddr(executor, irIndex, relativeIndex, tensors, addr);
}

ACL_FUNC_VISIBILITY aclnnStatus AclSetDynamicTensorAddr(aclOpExecutor* executor,
                                                        size_t irIndex,
                                                        const size_t relativeIndex,
                                                        aclTensorList* tensors,
                                                        void* addr) {
    return aclSetDynamicTensorAddr(executor, irIndex, relativeIndex, tensors, addr);
}

}  // extern "C"
