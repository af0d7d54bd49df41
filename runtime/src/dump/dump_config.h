// The dump section of the JSON configuration aclmdlSetDump reads (docs/dump.md):
//
//   {"dump": {"dump_path": "/abs/or/relative/dir", "dump_mode": "output" | "input" | "all",
//             "dump_op_switch": "on" | "off", "dump_list": [{"layer": ["Add", ...]}, ...],
//             "dump_data": "tensor" | "stats",
//             "dump_scene": "aic_err_brief_dump" | "aic_err_norm_dump" | "aic_err_detail_dump"}}
//
// Dumping is on when dump_op_switch is "on" (every operator) or dump_list has entries (the
// operators a "layer" list names, by type "Add" or API name "aclnnAdd"; an entry without one:
// every operator). A document without "dump" configures nothing.
#pragma once

#include <set>
#include <string>

namespace aclemu::rt::dump {

struct DumpConfig {
    bool enabled = false;
    std::string path;
    bool inputs = false;
    bool outputs = true;
    bool all_ops = false;          // no layer filter
    std::set<std::string> ops;     // the layer filter (types and API names)
    bool stats_requested = false;  // dump_data "stats": aclemu writes the tensors instead
    std::string exception_scene;   // dump_scene: exception dump on (acldumpSaveExceptionInfo)

    /// Whether operator `api` ("aclnnAdd") is dumped.
    bool selects(const std::string& api) const;
};

/// Reads the configuration text; false with `*error` naming the key and the reason.
bool parse_dump_config(const std::string& text, DumpConfig* out, std::string* error);

}  // namespace aclemu::rt::dump
