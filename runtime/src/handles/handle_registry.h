// The live objects of one handle kind, each in the handle arena (handle_arena.h): create()
// hands out an address no earlier object had, find() answers only for a live one, so a destroyed
// (or never created) handle is refused instead of being used after free. Thread-safe; find()
// returns shared ownership, so an object stays valid for a call that found it while another
// thread destroys it.
#pragma once

#include "handles/handle_arena.h"

#include <memory>
#include <mutex>
#include <unordered_map>
#include <utility>
#include <vector>

namespace aclemu::rt {

template <class T>
class HandleRegistry {
public:
    using Object = T;

    /// A new live object; nullptr when out of memory.
    template <class... Args>
    T* create(Args&&... args) {
        std::shared_ptr<T> object;
        try {
            object = make_handle_object<T>(std::forward<Args>(args)...);
        } catch (const std::bad_alloc&) {
            return nullptr;
        }
        T* handle = object.get();
        std::lock_guard<std::mutex> lock(mu_);
        live_.emplace(handle, std::move(object));
        return handle;
    }

    /// A new live object named by `handle`, an address the caller owns (memory it lends the
    /// runtime for a handle, as aclrtKernelArgsInitByUserMem's); an object `handle` already named
    /// is unregistered. nullptr when out of memory.
    std::shared_ptr<T> adopt(const void* handle) {
        std::shared_ptr<T> object;
        try {
            object = make_handle_object<T>();
        } catch (const std::bad_alloc&) {
            return nullptr;
        }
        std::lock_guard<std::mutex> lock(mu_);
        live_[static_cast<const T*>(handle)] = object;
        return object;
    }

    /// The live object `handle` names, or nullptr.
    std::shared_ptr<T> find(const void* handle) const {
        std::lock_guard<std::mutex> lock(mu_);
        auto it = live_.find(static_cast<const T*>(handle));
        return it != live_.end() ? it->second : nullptr;
    }

    /// Unregisters `handle` and returns it (nullptr when it is not live); the object is freed
    /// when the last finder lets go.
    std::shared_ptr<T> remove(const void* handle) {
        std::lock_guard<std::mutex> lock(mu_);
        auto it = live_.find(static_cast<const T*>(handle));
        if (it == live_.end()) {
            return nullptr;
        }
        std::shared_ptr<T> object = std::move(it->second);
        live_.erase(it);
        return object;
    }

    /// Unregisters every object (aclFinalize), returning them.
    std::vector<std::shared_ptr<T>> remove_all() {
        std::lock_guard<std::mutex> lock(mu_);
        std::vector<std::shared_ptr<T>> all;
        for (auto& entry : live_) {
            all.push_back(std::move(entry.second));
        }
        live_.clear();
        return all;
    }

private:
    mutable std::mutex mu_;
    std::unordered_map<const T*, std::shared_ptr<T>> live_;
};

/// The process's one registry of T handles. Never destroyed: handles may be used, and freed, by
/// code that runs after static destructors.
template <class T>
HandleRegistry<T>& registry_of() {
    static auto* registry = new HandleRegistry<T>;
    return *registry;
}

}  // namespace aclemu::rt
