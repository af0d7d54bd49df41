#include "dump/dump_config.h"

#include "dump/json_reader.h"

#include <cstdlib>
#include <string>

namespace aclemu::rt::dump {
namespace {

// The string member `key` of `section` into `*out` (unchanged when absent); false when it is
// not a string.
bool string_member(const Json& section, const char* key, std::string* out, std::string* error) {
    const Json* member = section.find(key);
    if (member == nullptr) {
        return true;
    }
    if (member->kind != Json::Kind::String) {
        *error = std::string("\"") + key + "\" must be a string";
        return false;
    }
    *out = member->text;
    return true;
}

bool read_list(const Json& list, DumpConfig* out, std::string* error) {
    if (list.kind != Json::Kind::Array) {
        *error = "\"dump_list\" must be an array";
        return false;
    }
    for (const Json& entry : list.items) {
        if (entry.kind != Json::Kind::Object) {
            *error = "each \"dump_list\" entry must be an object";
            return false;
        }
        out->enabled = true;
        const Json* layers = entry.find("layer");
        if (layers == nullptr) {
            out->all_ops = true;  // a whole model: every operator
            continue;
        }
        if (layers->kind != Json::Kind::Array) {
            *error = "\"layer\" must be an array of operator names";
            return false;
        }
        for (const Json& layer : layers->items) {
            if (layer.kind != Json::Kind::String || layer.text.empty()) {
                *error = "each \"layer\" entry must be a non-empty string";
                return false;
            }
            out->ops.insert(layer.text);
        }
    }
    return true;
}

}  // namespace

bool DumpConfig::selects(const std::string& api) const {
    if (all_ops) {
        return true;
    }
    if (ops.count(api) != 0) {
        return true;
    }
    return api.rfind("aclnn", 0) == 0 && ops.count(api.substr(5)) != 0;
}

bool parse_dump_config(const std::string& text, DumpConfig* out, std::string* error) {
    Json document;
    if (!parse_json(text, &document, error)) {
        *error = "not JSON (" + *error + ")";
        return false;
    }
    *out = DumpConfig{};
    if (document.kind != Json::Kind::Object) {
        *error = "the document must be a JSON object";
        return false;
    }
    const Json* section = document.find("dump");
    if (section == nullptr) {
        return true;  // configures something else (profiling, ...): no dump
    }
    if (section->kind != Json::Kind::Object) {
        *error = "\"dump\" must be an object";
        return false;
    }
    std::string mode = "output";
    std::string op_switch = "off";
    std::string data = "tensor";
    if (!string_member(*section, "dump_scene", &out->exception_scene, error)) {
        return false;
    }
    if (!out->exception_scene.empty() && out->exception_scene != "aic_err_brief_dump"
        && out->exception_scene != "aic_err_norm_dump"
        && out->exception_scene != "aic_err_detail_dump") {
        *error = "\"dump_scene\" is \"" + out->exception_scene
                 + "\"; it must be aic_err_brief_dump, aic_err_norm_dump or aic_err_detail_dump";
        return false;
    }
    if (!string_member(*section, "dump_path", &out->path, error)
        || !string_member(*section, "dump_mode", &mode, error)
        || !string_member(*section, "dump_op_switch", &op_switch, error)
        || !string_member(*section, "dump_data", &data, error)) {
        return false;
    }
    if (mode != "input" && mode != "output" && mode != "all") {
        *error = "\"dump_mode\" is \"" + mode + "\"; it must be input, output or all";
        return false;
    }
    out->inputs = mode != "output";
    out->outputs = mode != "input";
    if (op_switch != "on" && op_switch != "off") {
        *error = "\"dump_op_switch\" is \"" + op_switch + "\"; it must be on or off";
        return false;
    }
    if (data != "tensor" && data != "stats") {
        *error = "\"dump_data\" is \"" + data + "\"; it must be tensor or stats";
        return false;
    }
    out->stats_requested = data == "stats";
    if (op_switch == "on") {
        out->enabled = true;
        out->all_ops = true;
    }
    if (const Json* list = section->find("dump_list"); list != nullptr) {
        if (!read_list(*list, out, error)) {
            return false;
        }
    }
    // CANN's order for the directory: ASCEND_DUMP_PATH, then ASCEND_WORK_PATH, then dump_path.
    for (const char* variable : {"ASCEND_DUMP_PATH", "ASCEND_WORK_PATH"}) {
        const char* value = std::getenv(variable);
        if (value != nullptr && value[0] != '\0') {
            out->path = value;
            break;
        }
    }
    if ((out->enabled || !out->exception_scene.empty()) && out->path.empty()) {
        *error =
            "\"dump_path\" is missing or empty (and neither ASCEND_DUMP_PATH nor "
            "ASCEND_WORK_PATH is set)";
        return false;
    }
    return true;
}

}  // namespace aclemu::rt::dump
