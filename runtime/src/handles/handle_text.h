// How messages name a kind of handle: "not a live <name> (<lost>)" (live_handle.h's live<T>).
// A type looked up with live<T> says it in its member `static constexpr HandleText kHandleText`;
// `lost` says how a handle stops being live where that is not only its destroy call.
#pragma once

namespace aclemu::rt {

struct HandleText {
    const char* name = nullptr;
    const char* lost = "never created, or destroyed";
};

}  // namespace aclemu::rt
