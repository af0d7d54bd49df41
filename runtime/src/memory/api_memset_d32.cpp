// Entry points: 32-bit fills (aclrtMemsetD32, aclrtMemsetD32Async). A fill whose four bytes are
// equal is a byte memset. Otherwise, on device memory, the first words come from a host image of
// the pattern and the rest by doubling device-to-device copies of what is already filled: the
// backends' own copy calls, in stream order, so every backend fills the same way (CUDA's
// cuMemsetD32 has no runtime-API twin and the CPU backend has none at all). Host memory
// (aclrtMallocHost) is filled at once, by the asynchronous form too, as CANN documents.
#include "acl/acl.h"

#include "aclemu/checked_math.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "graph/capture_registry.h"
#include "memory/memory_copy.h"
#include "observe/traced_task.h"
#include "runtime_state.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

using namespace aclemu::rt;

namespace {

// Words of the host image: larger fills double on the device from there.
constexpr size_t kImageWords = 4096;

bool same_bytes(uint32_t value) {
    const uint32_t low = value & 0xFFu;
    return value == low * 0x01010101u;
}

void fill_host(void* ptr, uint32_t value, size_t words) {
    auto* bytes = static_cast<unsigned char*>(ptr);
    for (size_t i = 0; i < words; ++i) {
        std::memcpy(bytes + i * sizeof(value), &value, sizeof(value));
    }
}

// Fills `words` words of device memory at `ptr`: synchronously, or queued on `stream`.
aclError fill_device(Backend& backend, void* ptr, uint32_t value, size_t words, Stream* stream) {
    const size_t total = words * sizeof(value);
    BackendMemory& memory = backend.memory();
    BackendStream* queue = stream != nullptr ? stream->impl.get() : nullptr;
    if (same_bytes(value)) {
        const int byte = static_cast<int>(value & 0xFFu);
        return queue != nullptr ? memory.memset_async(ptr, byte, total, queue)
                                : memory.memset_sync(ptr, byte, total);
    }
    auto image = std::make_shared<std::vector<uint32_t>>(std::min(words, kImageWords), value);
    auto copy = [&](void* dst, const void* src, size_t bytes, CopyDirection direction) {
        return queue != nullptr ? memory.memcpy_async(dst, src, bytes, direction, queue)
                                : memory.memcpy_sync(dst, src, bytes, direction);
    };
    size_t filled = image->size() * sizeof(value);
    ACLEMU_TRY(copy(ptr, image->data(), filled, CopyDirection::HostToDevice));
    auto* base = static_cast<char*>(ptr);
    while (filled < total) {
        const size_t bytes = std::min(filled, total - filled);
        ACLEMU_TRY(copy(base + filled, base, bytes, CopyDirection::DeviceToDevice));
        filled += bytes;
    }
    if (queue != nullptr) {
        // The image must outlive the queued copy: a host function after it releases it.
        return backend.streams().launch_host_func(queue, [image] {});
    }
    return ACL_SUCCESS;
}

aclError memset_d32(
    void* ptr, size_t mem_size, uint32_t value, size_t words, bool async, aclrtStream stream) {
    if (words == 0) {
        return ACL_SUCCESS;
    }
    ACLEMU_CHECK_NOT_NULL(ptr);
    size_t bytes = 0;
    if (!aclemu::checked_mul(words, sizeof(value), &bytes) || bytes > mem_size) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          "N",
                          words,
                          "4 * N bytes must not exceed memSize (" + std::to_string(mem_size) + ")");
    }
    std::shared_ptr<Stream> target;
    Backend* backend = nullptr;
    ACLEMU_TRY(async ? runtime().stream_and_backend(stream, &target, &backend)
                     : runtime().current_backend(&backend));
    const MemoryPlace where = locate_memory(ptr, backend);
    if (!where.device && !where.block) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          "ptr",
                          pointer_text(ptr),
                          "must be memory from aclrtMalloc or aclrtMallocHost");
    }
    ACLEMU_TRY(check_memory_range("ptr", ptr, bytes, where, 2));
    auto describe = [&](TaskTrace& task) {
        task.arg("bytes", bytes);
        task.arg("value", static_cast<uint64_t>(value));
        task.arg("dst", pointer_text(ptr));
    };
    if (!where.device) {
        return traced_sync(TaskKind::Memset, "memset D32", describe, [&] {
            fill_host(ptr, value, words);
            return ACL_SUCCESS;
        });
    }
    if (!async) {
        ACLEMU_TRY(graph::check_unsafe_call("aclrtMemsetD32"));
        ACLEMU_TRY_BACKEND(
            traced_sync(TaskKind::Memset,
                        "memset D32",
                        describe,
                        [&] { return fill_device(*backend, ptr, value, words, nullptr); }),
            backend,
            "32-bit fill failed");
        return ACL_SUCCESS;
    }
    return enqueue_task(
        target, *backend, TaskKind::Memset, "memset D32", "the 32-bit fill", describe, [&] {
            return fill_device(*backend, ptr, value, words, target.get());
        });
}

}  // namespace

extern "C" {

aclError aclrtMemsetD32(void* ptr, size_t memSize, uint32_t value, size_t N) {
    return api_call_init("aclrtMemsetD32",
                         [&] { return memset_d32(ptr, memSize, value, N, false, nullptr); });
}

aclError aclrtMemsetD32Async(
    void* ptr, size_t memSize, uint32_t value, size_t N, aclrtStream stream) {
    return api_call_init("aclrtMemsetD32Async",
                         [&] { return memset_d32(ptr, memSize, value, N, true, stream); });
}

}  // extern "C"
