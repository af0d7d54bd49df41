#include "graph/kernel_task.h"

namespace aclemu::rt::graph {

KernelTaskRecord kernel_task_record(aclrtFuncHandle function,
                                    uint32_t blocks,
                                    const void* packed,
                                    size_t args_size,
                                    aclrtLaunchKernelCfg* cfg) {
    KernelTaskRecord record;
    record.function = function;
    record.blocks = blocks;
    const auto* bytes = static_cast<const uint8_t*>(packed);
    record.args.assign(bytes, bytes + args_size);
    record.cfg = cfg;
    if (cfg != nullptr && cfg->attrs != nullptr) {
        record.attrs.assign(cfg->attrs, cfg->attrs + cfg->numAttrs);
    }
    return record;
}

}  // namespace aclemu::rt::graph
