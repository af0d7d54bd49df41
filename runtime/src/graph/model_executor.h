// Runs a model runtime instance on a stream (aclmdlRIExecute(Async)): its head bodies one after
// another, each segment's tasks launched in stream order, each control point decided when the
// stream reaches it (Note [Control points], control.h).
#pragma once

#include "acl/acl.h"

#include "backend/backend.h"
#include "graph/model_ri.h"

namespace aclemu::rt {
struct Stream;
}

namespace aclemu::rt::graph {

/// Enqueues `model` (handle `handle`, for messages) on `stream`. An instance with control points
/// returns once its last decision is taken: each decision waits for the stream.
aclError execute_model(aclmdlRI handle, ModelRI& model, Stream& stream, Backend& backend);

}  // namespace aclemu::rt::graph
