// Memory for the objects whose address the runtime hands out as a handle (streams, events,
// contexts, notifies, stream configuration handles, allocator descriptors, physical memory
// handles, TDT channels and queues ...). The arena never gives the same address twice in a
// process, so a handle from before aclFinalize, or a destroyed one, can never name a newer
// object: every registry lookup of a stale handle fails, whatever was created since.
//
// Addresses come from large anonymous mappings that are never unmapped (the arena is the only
// user of them); a page whose objects are all gone is given back to the kernel
// (MADV_DONTNEED), so what stays is address space and a page-table entry per page.
#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <utility>

namespace aclemu::rt {

/// `size` bytes at an address no earlier call returned (aligned for any object); nullptr when
/// the process is out of address space.
void* allocate_handle_memory(size_t size) noexcept;
/// Gives back what allocate_handle_memory(size) returned; its address is never returned again.
void release_handle_memory(void* ptr, size_t size) noexcept;
/// Whether `ptr` lies in memory the arena handed out at some time (live or released).
bool is_handle_memory(const void* ptr) noexcept;

/// An allocator over the arena, for std::allocate_shared.
template <class T>
struct HandleAllocator {
    using value_type = T;
    HandleAllocator() = default;
    template <class U>
    HandleAllocator(const HandleAllocator<U>&) noexcept {}
    T* allocate(size_t n) {
        void* ptr = allocate_handle_memory(n * sizeof(T));
        if (ptr == nullptr) {
            throw std::bad_alloc();
        }
        return static_cast<T*>(ptr);
    }
    void deallocate(T* ptr, size_t n) noexcept { release_handle_memory(ptr, n * sizeof(T)); }
    template <class U>
    bool operator==(const HandleAllocator<U>&) const noexcept {
        return true;
    }
    template <class U>
    bool operator!=(const HandleAllocator<U>&) const noexcept {
        return false;
    }
};

/// std::make_shared for an object whose address is a handle.
template <class T, class... Args>
std::shared_ptr<T> make_handle_object(Args&&... args) {
    return std::allocate_shared<T>(HandleAllocator<T>(), std::forward<Args>(args)...);
}

/// `new T(args...)` for an object whose address is a handle; nullptr when out of memory.
template <class T, class... Args>
T* new_handle_object(Args&&... args) {
    void* ptr = allocate_handle_memory(sizeof(T));
    if (ptr == nullptr) {
        return nullptr;
    }
    return new (ptr) T(std::forward<Args>(args)...);
}

/// `delete` for new_handle_object.
template <class T>
void delete_handle_object(T* object) noexcept {
    if (object != nullptr) {
        object->~T();
        release_handle_memory(object, sizeof(T));
    }
}

}  // namespace aclemu::rt
