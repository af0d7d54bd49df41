// Entry points of acl_tdt_queue.h for buffers (acltdtBuf): host memory with an effective length,
// a 96-byte private area, chains of buffers that go and are freed together, and reference copies
// that share one data area.
#include "acl/acl_tdt_queue.h"

#include "tdt/tdt_checks.h"
#include "tdt/tdt_queue_objects.h"

#include <cstring>
#include <new>

using namespace aclemu::rt;
using namespace aclemu::rt::tdt;

namespace {

aclError live_buffer(const void* buf, const char* param, std::shared_ptr<Buffer>* found) {
    return live(buf, param, found);
}

aclError check_user_area(size_t size, size_t offset) {
    if (offset > kUserDataBytes || size > kUserDataBytes - offset) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          "size",
                          size,
                          "size + offset (" + std::to_string(offset)
                              + ") must be at most the 96-byte private area");
    }
    return ACL_SUCCESS;
}

// acltdtGetBufUserData / acltdtSetBufUserData: the live buffer `buf` whose user data
// [offset, offset + size) the caller's `dataPtr` exchanges.
aclError user_data_of(const void* buf,
                      const void* dataPtr,
                      size_t size,
                      size_t offset,
                      std::shared_ptr<Buffer>* buffer) {
    ACLEMU_CHECK_NOT_NULL(dataPtr);
    ACLEMU_TRY(live_buffer(buf, "buf", buffer));
    return check_user_area(size, offset);
}

}  // namespace

extern "C" {

aclError acltdtAllocBuf(size_t size, uint32_t type, acltdtBuf* buf) {
    return api_call("acltdtAllocBuf", [&] {
        ACLEMU_CHECK_NOT_NULL(buf);
        ACLEMU_TRY(reject_if(type != ACL_TDT_NORMAL_MEM && type != ACL_TDT_DVPP_MEM,
                             "type",
                             type,
                             "must be ACL_TDT_NORMAL_MEM (0) or ACL_TDT_DVPP_MEM (1)"));
        std::shared_ptr<std::vector<uint8_t>> data;
        try {
            data = std::make_shared<std::vector<uint8_t>>(size);
        } catch (const std::bad_alloc&) {
            return fail(
                ACL_ERROR_BAD_ALLOC,
                msg_runtime("cannot allocate a buffer of " + std::to_string(size) + " bytes"));
        }
        Buffer* created = nullptr;
        ACLEMU_TRY(create_live(&created, "a buffer"));
        created->data = std::move(data);
        created->data_len = size;
        *buf = created;
        return ACL_SUCCESS;
    });
}

aclError acltdtFreeBuf(acltdtBuf buf) {
    return api_call("acltdtFreeBuf", [&] {
        ACLEMU_FIND(Buffer, buffer, live_buffer, buf, "buf");
        ACLEMU_TRY(check_standalone(
            *buffer, buf, "it belongs to a chain: free its head", "it is in a queue"));
        free_buffer_chain(buffer.get());
        return ACL_SUCCESS;
    });
}

aclError acltdtGetBufData(const acltdtBuf buf, void** dataPtr, size_t* size) {
    return api_call("acltdtGetBufData", [&] {
        ACLEMU_CHECK_NOT_NULL(dataPtr);
        ACLEMU_CHECK_NOT_NULL(size);
        ACLEMU_FIND(Buffer, buffer, live_buffer, buf, "buf");
        *dataPtr = buffer->data->empty() ? nullptr : buffer->data->data();
        *size = buffer->data->size();
        return ACL_SUCCESS;
    });
}

aclError acltdtSetBufDataLen(acltdtBuf buf, size_t len) {
    return api_call("acltdtSetBufDataLen", [&] {
        ACLEMU_FIND(Buffer, buffer, live_buffer, buf, "buf");
        if (len > buffer->data->size()) {
            return reject_arg(
                ACL_ERROR_INVALID_PARAM,
                "len",
                len,
                "larger than the buffer (" + std::to_string(buffer->data->size()) + " bytes)");
        }
        buffer->data_len = len;
        return ACL_SUCCESS;
    });
}

aclError acltdtGetBufDataLen(acltdtBuf buf, size_t* len) {
    return api_call("acltdtGetBufDataLen", [&] {
        ACLEMU_CHECK_NOT_NULL(len);
        ACLEMU_FIND(Buffer, buffer, live_buffer, buf, "buf");
        *len = buffer->data_len;
        return ACL_SUCCESS;
    });
}

aclError acltdtAppendBufChain(acltdtBuf headBuf, acltdtBuf buf) {
    return api_call("acltdtAppendBufChain", [&] {
        ACLEMU_FIND(Buffer, head, live_buffer, headBuf, "headBuf");
        ACLEMU_FIND(Buffer, member, live_buffer, buf, "buf");
        ACLEMU_TRY(reject_if(member == head || member->in_chain || !member->chain.empty()
                                 || member->queued_in != 0 || head->in_chain,
                             "buf",
                             buf,
                             "must be a lone buffer (not the head, not in a chain or a "
                             "queue) appended to a chain's head"));
        member->in_chain = true;
        head->chain.push_back(member.get());
        return ACL_SUCCESS;
    });
}

aclError acltdtGetBufChainNum(acltdtBuf headBuf, uint32_t* num) {
    return api_call("acltdtGetBufChainNum", [&] {
        ACLEMU_CHECK_NOT_NULL(num);
        ACLEMU_FIND(Buffer, head, live_buffer, headBuf, "headBuf");
        *num = static_cast<uint32_t>(head->chain.size() + 1);
        return ACL_SUCCESS;
    });
}

aclError acltdtGetBufFromChain(acltdtBuf headBuf, uint32_t index, acltdtBuf* buf) {
    return api_call("acltdtGetBufFromChain", [&] {
        ACLEMU_CHECK_NOT_NULL(buf);
        ACLEMU_FIND(Buffer, head, live_buffer, headBuf, "headBuf");
        if (index > head->chain.size()) {
            return reject_arg(
                ACL_ERROR_INVALID_PARAM,
                "index",
                index,
                "the chain has " + std::to_string(head->chain.size() + 1) + " buffer(s)");
        }
        *buf = index == 0 ? head.get() : head->chain[index - 1];
        return ACL_SUCCESS;
    });
}

aclError acltdtGetBufUserData(const acltdtBuf buf, void* dataPtr, size_t size, size_t offset) {
    return api_call("acltdtGetBufUserData", [&] {
        ACLEMU_FIND(Buffer, buffer, user_data_of, buf, dataPtr, size, offset);
        std::memcpy(dataPtr, buffer->user_data + offset, size);
        return ACL_SUCCESS;
    });
}

aclError acltdtSetBufUserData(acltdtBuf buf, const void* dataPtr, size_t size, size_t offset) {
    return api_call("acltdtSetBufUserData", [&] {
        ACLEMU_FIND(Buffer, buffer, user_data_of, buf, dataPtr, size, offset);
        std::memcpy(buffer->user_data + offset, dataPtr, size);
        return ACL_SUCCESS;
    });
}

aclError acltdtCopyBufRef(const acltdtBuf buf, acltdtBuf* newBuf) {
    return api_call("acltdtCopyBufRef", [&] {
        ACLEMU_CHECK_NOT_NULL(newBuf);
        ACLEMU_FIND(Buffer, buffer, live_buffer, buf, "buf");
        Buffer* copy = nullptr;
        ACLEMU_TRY(create_live(&copy, "a buffer"));
        copy->data = buffer->data;
        copy->data_len = buffer->data_len;
        std::memcpy(copy->user_data, buffer->user_data, kUserDataBytes);
        *newBuf = copy;
        return ACL_SUCCESS;
    });
}

}  // extern "C"
