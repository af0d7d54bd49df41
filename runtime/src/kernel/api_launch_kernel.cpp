// aclrtLaunchKernel, aclrtLaunchKernelV2, aclrtLaunchKernelWithHostArgs,
// aclrtLaunchKernelWithConfig and aclrtLaunchKernelWithArgsArray: the kernel's entry point in its
// binary (fatbin_entry.h) launches it as the `<<<>>>` form does, a task on the stream named after
// the kernel; the parameters are copied before the call returns. A placeholder's buffer is copied
// to fresh device memory, whose address the kernel gets; that memory is freed when the binary is
// unloaded (aclrtFree waits for the device's pending work first).
#include "acl/acl_rt.h"

#include "aclemu/c_enum.h"
#include "backend/task_tag.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "graph/capture_registry.h"
#include "graph/kernel_task.h"
#include "inject/api_injection.h"
#include "kernel/kernel_objects.h"
#include "runtime_state.h"
#include "stream/task_ids.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

using namespace aclemu::rt;
using namespace aclemu::rt::kernel;

namespace {

/// The dynamic UB bytes `cfg` asks for; the other attributes do not change how aclemu runs a
/// kernel.
aclError read_config(const aclrtLaunchKernelCfg* cfg, uint64_t* dyn_ub) {
    *dyn_ub = 0;
    if (cfg == nullptr) {
        return ACL_SUCCESS;
    }
    ACLEMU_TRY(check_array("cfg->attrs", cfg->attrs, cfg->numAttrs));
    for (size_t i = 0; i < cfg->numAttrs; ++i) {
        const aclrtLaunchKernelAttr& attr = cfg->attrs[i];
        switch (aclemu::enum_value(attr.id)) {  // a C caller may pass any int
            case ACL_RT_LAUNCH_KERNEL_ATTR_LOCAL_MEMORY_SIZE:
                *dyn_ub = attr.value.localMemorySize;
                break;
            case ACL_RT_LAUNCH_KERNEL_ATTR_NUMBLOCKS_OFFSET:
                if (attr.value.numBlocksOffset != 0) {
                    return fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                                msg_unsupported("ACL_RT_LAUNCH_KERNEL_ATTR_NUMBLOCKS_OFFSET",
                                                "block indices always start at 0 in aclemu"));
                }
                break;
            case ACL_RT_LAUNCH_KERNEL_ATTR_SCHEM_MODE:
            case ACL_RT_LAUNCH_KERNEL_ATTR_ENGINE_TYPE:
            case ACL_RT_LAUNCH_KERNEL_ATTR_BLOCK_TASK_PREFETCH:
            case ACL_RT_LAUNCH_KERNEL_ATTR_DATA_DUMP:
            case ACL_RT_LAUNCH_KERNEL_ATTR_TIMEOUT:
            case ACL_RT_LAUNCH_KERNEL_ATTR_TIMEOUT_US:
                break;
            default:
                return reject_arg(ACL_ERROR_INVALID_PARAM,
                                  "cfg->attrs[].id",
                                  aclemu::enum_value(attr.id),
                                  "not an aclrtLaunchKernelAttrId");
        }
    }
    return ACL_SUCCESS;
}

aclError launch(const KernelFunction& function,
                aclrtFuncHandle handle,
                uint32_t blocks,
                const void* packed,
                uint64_t dyn_ub,
                aclrtLaunchKernelCfg* cfg,
                aclrtStream stream) {
    const LaunchingFunctionScope launching(&function);  // for the exception report
    if (!graph::any_recording()) {
        return static_cast<aclError>(function.launch(packed, blocks, dyn_ub, stream));
    }
    // While a capture is on, the recorded task keeps the launch (aclmdlRITaskGetParams): as its
    // tag, or as a segment of its own on the GPU simulator (Note [Kernel launches as segments]).
    const auto record = std::make_shared<const graph::KernelTaskRecord>(
        graph::kernel_task_record(handle, blocks, packed, function.args_size, cfg));
    const auto run = [&] {
        const TaskTagScope tagged(record);
        return static_cast<aclError>(function.launch(packed, blocks, dyn_ub, stream));
    };
    std::shared_ptr<Stream> target;
    Backend* backend = nullptr;
    if (runtime().stream_and_backend(stream, &target, &backend) == ACL_SUCCESS
        && graph::kernels_as_segments(*backend)) {
        return graph::record_kernel_segment(*target, *backend, record, run);
    }
    return run();
}

/// Copies each placeholder's buffer to new device memory and writes its address into `packed`;
/// the memory is kept with the binary.
aclError place_buffers(KernelArgs& args, std::vector<uint8_t>* packed) {
    LoadedBinary& binary = *args.function->binary;
    for (const auto& param : args.params) {
        if (!param->placeholder) {
            continue;
        }
        void* device = nullptr;
        if (!param->host_buffer.empty()) {
            const size_t bytes = param->host_buffer.size();
            ACLEMU_TRY(aclrtMalloc(&device, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
            {
                std::lock_guard<std::mutex> lock(binary.mu);
                binary.device_blocks.push_back(device);
            }
            ACLEMU_TRY(aclrtMemcpy(
                device, bytes, param->host_buffer.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));
        }
        std::memcpy(
            packed->data() + args.function->param_offsets[param->index], &device, sizeof(device));
    }
    return ACL_SUCCESS;
}

/// argsData / argsSize hold exactly the kernel's packed parameters.
aclError check_packed(const KernelFunction& function, const void* argsData, size_t argsSize) {
    if (argsSize != function.args_size) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          "argsSize",
                          argsSize,
                          "kernel " + function.name + " takes " + std::to_string(function.args_size)
                              + " bytes of parameters");
    }
    ACLEMU_TRY(check_array("argsData", argsData, argsSize));
    return ACL_SUCCESS;
}

/// aclrtLaunchKernelWithHostArgs's placeholders: the data after the parameters (from the first
/// placeholder's dataOffset to argsSize) goes to new device memory in one copy, and each
/// placeholder's address slot gets its data's device address.
aclError place_host_data(KernelFunction& function,
                         const uint8_t* host,
                         size_t argsSize,
                         const aclrtPlaceHolderInfo* infos,
                         size_t count,
                         std::vector<uint8_t>* packed) {
    if (count == 0) {
        return ACL_SUCCESS;
    }
    size_t first = argsSize;
    for (size_t i = 0; i < count; ++i) {
        const aclrtPlaceHolderInfo& info = infos[i];
        if (static_cast<size_t>(info.addrOffset) + sizeof(void*) > function.args_size) {
            return reject_arg(ACL_ERROR_INVALID_PARAM,
                              "placeHolderArray[].addrOffset",
                              info.addrOffset,
                              "an address slot lies within the kernel's "
                                  + std::to_string(function.args_size) + " bytes of parameters");
        }
        if (info.dataOffset < function.args_size || info.dataOffset >= argsSize) {
            return reject_arg(ACL_ERROR_INVALID_PARAM,
                              "placeHolderArray[].dataOffset",
                              info.dataOffset,
                              "placeholder data lies after the parameters ("
                                  + std::to_string(function.args_size)
                                  + " bytes) and before argsSize");
        }
        first = std::min(first, static_cast<size_t>(info.dataOffset));
    }
    const size_t bytes = argsSize - first;
    void* device = nullptr;
    ACLEMU_TRY(aclrtMalloc(&device, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    {
        std::lock_guard<std::mutex> lock(function.binary->mu);
        function.binary->device_blocks.push_back(device);
    }
    ACLEMU_TRY(aclrtMemcpy(device, bytes, host + first, bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    for (size_t i = 0; i < count; ++i) {
        void* address = static_cast<uint8_t*>(device) + (infos[i].dataOffset - first);
        std::memcpy(packed->data() + infos[i].addrOffset, &address, sizeof(address));
    }
    return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclError ACLEMU_IMPL(aclrtLaunchKernel)(aclrtFuncHandle funcHandle,
                                        uint32_t numBlocks,
                                        const void* argsData,
                                        size_t argsSize,
                                        aclrtStream stream) {
    return api_call_init(__func__, [&] {
        ACLEMU_FIND(KernelFunction, function, live, funcHandle, "funcHandle");
        ACLEMU_TRY(check_packed(*function, argsData, argsSize));
        return launch(*function, funcHandle, numBlocks, argsData, 0, nullptr, stream);
    });
}

aclError aclrtLaunchKernelV2(aclrtFuncHandle funcHandle,
                             uint32_t numBlocks,
                             const void* argsData,
                             size_t argsSize,
                             aclrtLaunchKernelCfg* cfg,
                             aclrtStream stream) {
    return api_call_init(__func__, [&] {
        ACLEMU_FIND(KernelFunction, function, live, funcHandle, "funcHandle");
        ACLEMU_TRY(check_packed(*function, argsData, argsSize));
        uint64_t dyn_ub = 0;
        ACLEMU_TRY(read_config(cfg, &dyn_ub));
        return launch(*function, funcHandle, numBlocks, argsData, dyn_ub, cfg, stream);
    });
}

aclError ACLEMU_IMPL(aclrtLaunchKernelWithHostArgs)(aclrtFuncHandle funcHandle,
                                                    uint32_t numBlocks,
                                                    aclrtStream stream,
                                                    aclrtLaunchKernelCfg* cfg,
                                                    void* hostArgs,
                                                    size_t argsSize,
                                                    aclrtPlaceHolderInfo* placeHolderArray,
                                                    size_t placeHolderNum) {
    return api_call_init(__func__, [&] {
        ACLEMU_FIND(KernelFunction, function, live, funcHandle, "funcHandle");
        ACLEMU_TRY(check_array("placeHolderArray", placeHolderArray, placeHolderNum));
        if (argsSize < function->args_size
            || (placeHolderNum == 0 && argsSize != function->args_size)) {
            return reject_arg(ACL_ERROR_INVALID_PARAM,
                              "argsSize",
                              argsSize,
                              "kernel " + function->name + " takes "
                                  + std::to_string(function->args_size)
                                  + " bytes of parameters, followed by the placeholders' "
                                    "data");
        }
        ACLEMU_TRY(check_array("hostArgs", hostArgs, argsSize));
        uint64_t dyn_ub = 0;
        ACLEMU_TRY(read_config(cfg, &dyn_ub));
        const auto* bytes = static_cast<const uint8_t*>(hostArgs);
        std::vector<uint8_t> packed(bytes, bytes + function->args_size);
        ACLEMU_TRY(
            place_host_data(*function, bytes, argsSize, placeHolderArray, placeHolderNum, &packed));
        return launch(*function, funcHandle, numBlocks, packed.data(), dyn_ub, cfg, stream);
    });
}

aclError aclrtLaunchKernelWithConfig(aclrtFuncHandle funcHandle,
                                     uint32_t numBlocks,
                                     aclrtStream stream,
                                     aclrtLaunchKernelCfg* cfg,
                                     aclrtArgsHandle argsHandle,
                                     void* reserve) {
    return api_call_init(__func__, [&] {
        ACLEMU_FIND(KernelFunction, function, live, funcHandle, "funcHandle");
        ACLEMU_FIND(KernelArgs, args, live, argsHandle, "argsHandle");
        if (args->function != function) {
            return reject_arg(
                ACL_ERROR_INVALID_PARAM,
                "argsHandle",
                pointer_text(argsHandle),
                "was made for kernel " + args->function->name + ", not " + function->name);
        }
        if (reserve != nullptr) {
            return reject_arg(
                ACL_ERROR_INVALID_PARAM, "reserve", pointer_text(reserve), "must be NULL");
        }
        uint64_t dyn_ub = 0;
        ACLEMU_TRY(read_config(cfg, &dyn_ub));
        std::vector<uint8_t> packed;
        {
            std::lock_guard<std::mutex> lock(args->mu);
            if (!args->finalized) {
                return reject_arg(ACL_ERROR_INVALID_PARAM,
                                  "argsHandle",
                                  pointer_text(argsHandle),
                                  "not finalized (aclrtKernelArgsFinalize after the last "
                                  "append or update)");
            }
            packed = args->packed;
            ACLEMU_TRY(place_buffers(*args, &packed));
        }
        return launch(*function, funcHandle, numBlocks, packed.data(), dyn_ub, cfg, stream);
    });
}

aclError aclrtLaunchKernelWithArgsArray(
    void* func, uint32_t numBlocks, aclrtStream stream, aclrtLaunchKernelCfg* cfg, void** args) {
    return api_call_init(__func__, [&] {
        ACLEMU_FIND(KernelFunction, function, live, func, "func");
        ACLEMU_TRY(check_array("args", args, function->param_count));
        uint64_t dyn_ub = 0;
        ACLEMU_TRY(read_config(cfg, &dyn_ub));
        // args[i] points at parameter i's value: packed here as a C struct of the parameters.
        std::vector<uint8_t> packed(function->args_size, 0);
        for (uint32_t i = 0; i < function->param_count; ++i) {
            if (args[i] == nullptr) {
                return reject_arg(ACL_ERROR_INVALID_PARAM,
                                  "args",
                                  "[" + std::to_string(i) + "] = NULL",
                                  "each entry points at a parameter of kernel " + function->name);
            }
            std::memcpy(
                packed.data() + function->param_offsets[i], args[i], function->param_sizes[i]);
        }
        return launch(*function, func, numBlocks, packed.data(), dyn_ub, cfg, stream);
    });
}

}  // extern "C"
