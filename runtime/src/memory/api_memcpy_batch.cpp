// Entry points: batch copies (aclrtMemcpyBatch, aclrtMemcpyBatchV2, aclrtMemcpyBatchAsync,
// aclrtMemcpyBatchAsyncV2). The whole batch is checked before its first copy runs: the arrays,
// the attribute ranges, each copy's locations against where its pointers really live, and each
// copy's length against its destination and blocks. CANN allows one direction per batch, host to
// device or device to host. The copies then run (or are queued) one by one through aclrtMemcpy's
// (aclrtMemcpyAsync's) path, so pageable host memory and captures behave as they do there.
#include "acl/acl.h"

#include "aclemu/c_enum.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "memory/memory_copy.h"
#include "runtime_state.h"

#include <cstdint>
#include <string>

using namespace aclemu::rt;

namespace {

struct BatchArgs {
    void** dsts;
    size_t* dest_maxs;
    void** srcs;
    size_t* sizes;
    size_t count;
    aclrtMemcpyBatchAttr* attrs;
    size_t* attrs_indexes;
    size_t num_attrs;
};

std::string element(const char* array, size_t index) {
    return std::string(array) + "[" + std::to_string(index) + "]";
}

// A location's side: 1 device, 0 host, -1 a type no copy may name.
int location_side(int64_t type) {
    switch (type) {
        case ACL_MEM_LOCATION_TYPE_DEVICE:
            return 1;
        case ACL_MEM_LOCATION_TYPE_HOST:
        case ACL_MEM_LOCATION_TYPE_UNREGISTERED:
        case ACL_MEM_LOCATION_TYPE_HOST_NUMA:
            return 0;
        default:
            return -1;
    }
}

aclError check_arrays(const BatchArgs& args) {
    ACLEMU_CHECK_NOT_NULL(args.dsts);
    ACLEMU_CHECK_NOT_NULL(args.dest_maxs);
    ACLEMU_CHECK_NOT_NULL(args.srcs);
    ACLEMU_CHECK_NOT_NULL(args.sizes);
    ACLEMU_CHECK_NOT_NULL(args.attrs);
    ACLEMU_CHECK_NOT_NULL(args.attrs_indexes);
    if (args.count == 0) {
        return reject_arg(ACL_ERROR_INVALID_PARAM, "numBatches", 0, "must be greater than 0");
    }
    if (args.num_attrs == 0 || args.num_attrs > args.count) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          "numAttrs",
                          args.num_attrs,
                          "must be in [1, numBatches (" + std::to_string(args.count) + ")]");
    }
    for (size_t k = 0; k < args.num_attrs; ++k) {
        const size_t start = args.attrs_indexes[k];
        const bool first_ok = k > 0 || start == 0;
        const bool order_ok = k == 0 || start > args.attrs_indexes[k - 1];
        if (!first_ok || !order_ok || start >= args.count) {
            return reject_arg(ACL_ERROR_INVALID_PARAM,
                              element("attrsIndexes", k).c_str(),
                              start,
                              "the first entry must be 0, each entry larger than the one "
                              "before, and every entry less than numBatches ("
                                  + std::to_string(args.count) + ")");
        }
    }
    return ACL_SUCCESS;
}

// One end of copy `index`: the attribute's location must be a host or device location that
// matches where `ptr` lives (and, for a device block, its device).
aclError check_location(const char* array,
                        size_t index,
                        const void* ptr,
                        const aclrtMemLocation& location,
                        const MemoryPlace& where,
                        const char* field) {
    const int64_t type = aclemu::enum_value(location.type);
    const int side = location_side(type);
    if (side < 0) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          field,
                          type,
                          "must be ACL_MEM_LOCATION_TYPE_HOST (0), _DEVICE (1), "
                          "_UNREGISTERED (2) or _HOST_NUMA (4)");
    }
    const bool device = side == 1;
    if (device != where.device) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          element(array, index).c_str(),
                          pointer_text(ptr),
                          std::string("is ") + (where.device ? "device" : "host")
                              + " memory but its attribute's " + field + " says "
                              + (device ? "device" : "host"));
    }
    if (device && where.block
        && static_cast<int64_t>(where.block->device) != static_cast<int64_t>(location.id)) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          element(array, index).c_str(),
                          pointer_text(ptr),
                          "lies on device " + std::to_string(where.block->device)
                              + " but its attribute names device " + std::to_string(location.id));
    }
    return ACL_SUCCESS;
}

// Copy `index` under attribute `attr`: its direction (true: host to device), which must be
// `*direction` when an earlier copy set it. `fail_index` is set for the location and
// direction checks, as CANN documents.
aclError check_copy(const BatchArgs& args,
                    size_t index,
                    const aclrtMemcpyBatchAttr& attr,
                    Backend* backend,
                    int* direction,
                    size_t* fail_index) {
    void* dst = args.dsts[index];
    const void* src = args.srcs[index];
    if (dst == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null(element("dsts", index).c_str()));
    }
    if (src == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null(element("srcs", index).c_str()));
    }
    const MemoryPlace d = locate_memory(dst, backend);
    const MemoryPlace s = locate_memory(src, backend);
    aclError err = check_location("dsts", index, dst, attr.dstLoc, d, "dstLoc.type");
    if (err == ACL_SUCCESS) {
        err = check_location("srcs", index, src, attr.srcLoc, s, "srcLoc.type");
    }
    if (err == ACL_SUCCESS && d.device == s.device) {
        err = reject_arg(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                         element("dsts", index).c_str(),
                         pointer_text(dst),
                         std::string("it and srcs[") + std::to_string(index) + "] are both "
                             + (d.device ? "device" : "host")
                             + " memory: a batch copies only host to device or device to "
                               "host");
    }
    const int this_direction = d.device ? 1 : 0;
    if (err == ACL_SUCCESS && *direction >= 0 && *direction != this_direction) {
        err = reject_arg(ACL_ERROR_INVALID_PARAM,
                         element("dsts", index).c_str(),
                         pointer_text(dst),
                         "its copy goes the other way from copy 0: a batch copies only host "
                         "to device or only device to host");
    }
    if (err != ACL_SUCCESS) {
        *fail_index = index;
        return err;
    }
    *direction = this_direction;
    const size_t bytes = args.sizes[index];
    if (bytes > args.dest_maxs[index]) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          element("sizes", index).c_str(),
                          bytes,
                          "must not exceed destMaxs[" + std::to_string(index) + "] ("
                              + std::to_string(args.dest_maxs[index]) + ")");
    }
    ACLEMU_TRY(check_memory_range(element("dsts", index).c_str(), dst, bytes, d, 2));
    ACLEMU_TRY(check_memory_range(element("srcs", index).c_str(), src, bytes, s, 1));
    return ACL_SUCCESS;
}

aclError memcpy_batch(const BatchArgs& args, size_t* fail_index, bool async, aclrtStream stream) {
    size_t unused_index = 0;
    size_t* index_out = fail_index != nullptr ? fail_index : &unused_index;
    *index_out = SIZE_MAX;
    ACLEMU_TRY(check_arrays(args));
    ACLEMU_BACKEND(backend, current_backend);
    int direction = -1;
    size_t attr = 0;
    for (size_t i = 0; i < args.count; ++i) {
        while (attr + 1 < args.num_attrs && args.attrs_indexes[attr + 1] <= i) {
            ++attr;
        }
        ACLEMU_TRY(check_copy(args, i, args.attrs[attr], backend, &direction, index_out));
    }
    const int64_t kind = direction == 1 ? ACL_MEMCPY_HOST_TO_DEVICE : ACL_MEMCPY_DEVICE_TO_HOST;
    for (size_t i = 0; i < args.count; ++i) {
        ACLEMU_TRY(copy_memory(
            args.dsts[i], args.dest_maxs[i], args.srcs[i], args.sizes[i], kind, async, stream));
    }
    return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclError aclrtMemcpyBatch(void** dsts,
                          size_t* destMaxs,
                          void** srcs,
                          size_t* sizes,
                          size_t numBatches,
                          aclrtMemcpyBatchAttr* attrs,
                          size_t* attrsIndexes,
                          size_t numAttrs,
                          size_t* failIndex) {
    return api_call_init("aclrtMemcpyBatch", [&] {
        ACLEMU_CHECK_NOT_NULL(failIndex);
        const BatchArgs args{
            dsts, destMaxs, srcs, sizes, numBatches, attrs, attrsIndexes, numAttrs};
        return memcpy_batch(args, failIndex, false, nullptr);
    });
}

aclError aclrtMemcpyBatchV2(void** dsts,
                            size_t* destMaxs,
                            void** srcs,
                            size_t* sizes,
                            size_t numBatches,
                            aclrtMemcpyBatchAttr* attrs,
                            size_t* attrsIndexes,
                            size_t numAttrs) {
    return api_call_init("aclrtMemcpyBatchV2", [&] {
        const BatchArgs args{
            dsts, destMaxs, srcs, sizes, numBatches, attrs, attrsIndexes, numAttrs};
        return memcpy_batch(args, nullptr, false, nullptr);
    });
}

aclError aclrtMemcpyBatchAsync(void** dsts,
                               size_t* destMaxs,
                               void** srcs,
                               size_t* sizes,
                               size_t numBatches,
                               aclrtMemcpyBatchAttr* attrs,
                               size_t* attrsIndexes,
                               size_t numAttrs,
                               size_t* failIndex,
                               aclrtStream stream) {
    return api_call_init("aclrtMemcpyBatchAsync", [&] {
        ACLEMU_CHECK_NOT_NULL(failIndex);
        const BatchArgs args{
            dsts, destMaxs, srcs, sizes, numBatches, attrs, attrsIndexes, numAttrs};
        return memcpy_batch(args, failIndex, true, stream);
    });
}

aclError aclrtMemcpyBatchAsyncV2(void** dsts,
                                 size_t* destMaxs,
                                 void** srcs,
                                 size_t* sizes,
                                 size_t numBatches,
                                 aclrtMemcpyBatchAttr* attrs,
                                 size_t* attrsIndexes,
                                 size_t numAttrs,
                                 aclrtStream stream) {
    return api_call_init("aclrtMemcpyBatchAsyncV2", [&] {
        const BatchArgs args{
            dsts, destMaxs, srcs, sizes, numBatches, attrs, attrsIndexes, numAttrs};
        return memcpy_batch(args, nullptr, true, stream);
    });
}

}  // extern "C"
