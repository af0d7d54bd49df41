// Entry points: the exception dump's own files (acldumpSaveExceptionInfo,
// acldumpGetExceptionInfoPath). A dump configuration with a "dump_scene" turns it on; the files go
// under <dump path>/extra-info/data-dump/<device>/ as CANN's do. aclemu raises no AI Core
// exceptions of its own, so these are the files a program saves itself; their layout is
// aclemu's (docs/dump.md, "Exception dump").
#include "acl/acl_dump.h"

#include "aclemu/c_enum.h"
#include "core/arg_checks.h"
#include "core/local_time.h"
#include "core/log_internal.h"
#include "core/status.h"
#include "dump/dump_state.h"
#include "files/private_file.h"
#include "runtime_state.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <string>
#include <unistd.h>
#include <vector>

using namespace aclemu::rt;

namespace {

// The exception dump root of the calling thread's device, with its trailing '/'.
aclError exception_root(std::string* root) {
    std::string dump_path;
    {
        dump::State& s = dump::state();
        std::lock_guard<std::mutex> lock(s.mu);
        if (s.config.exception_scene.empty()) {
            return fail(ACL_ERROR_FAILURE,
                        msg_order("the exception dump is not on: no dump configuration (aclInit's "
                                  "file, aclmdlSetDump) names a \"dump_scene\""));
        }
        dump_path = s.config.path;
    }
    int32_t device = 0;
    ACLEMU_TRY(runtime().get_device(&device));
    if (!dump_path.empty() && dump_path.back() == '/') {
        dump_path.pop_back();
    }
    *root = dump_path + "/extra-info/data-dump/" + std::to_string(device) + "/";
    return ACL_SUCCESS;
}

bool has_parent_segment(const std::string& path) {
    size_t start = 0;
    while (start <= path.size()) {
        const size_t end = path.find('/', start);
        const std::string segment =
            path.substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (segment == "..") {
            return true;
        }
        if (end == std::string::npos) {
            break;
        }
        start = end + 1;
    }
    return false;
}

aclError check_tensor(const acldumpTensorInfo& tensor, size_t index) {
    const std::string name = "tensors[" + std::to_string(index) + "]";
    if (tensor.tensorAddr == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null((name + ".tensorAddr").c_str()));
    }
    ACLEMU_TRY(reject_if(
        tensor.tensorSize == 0, (name + ".tensorSize").c_str(), 0, "must be greater than 0"));
    ACLEMU_TRY(reject_if(
        tensor.shapeNum > ACL_DUMP_MAX_SHAPE_NUM || tensor.originShapeNum > ACL_DUMP_MAX_SHAPE_NUM,
        (name + ".shapeNum").c_str(),
        std::to_string(tensor.shapeNum) + " / originShapeNum "
            + std::to_string(tensor.originShapeNum),
        "each must be at most ACL_DUMP_MAX_SHAPE_NUM (25)"));
    // The caller's enum fields may hold any int: read as integers (aclemu/c_enum.h).
    const int64_t addr_type = aclemu::enum_value(tensor.addrType);
    const int64_t placement = aclemu::enum_value(tensor.placement);
    ACLEMU_TRY(
        reject_if(addr_type != ACL_DUMP_ADDR_RAW || placement != ACL_DUMP_PLACEMENT_DEVICE,
                  (name + ".addrType").c_str(),
                  std::to_string(addr_type) + " (placement " + std::to_string(placement) + ")",
                  "must be ACL_DUMP_ADDR_RAW with ACL_DUMP_PLACEMENT_DEVICE"));
    return check_device_range((name + ".tensorAddr").c_str(), tensor.tensorAddr, tensor.tensorSize);
}

/// `type`: the int the caller's acldumpTensorType field holds.
const char* type_name(int64_t type) {
    switch (type) {
        case ACL_DUMP_TENSOR_INPUT:
            return "input";
        case ACL_DUMP_TENSOR_OUTPUT:
            return "output";
        case ACL_DUMP_TENSOR_WORKSPACE:
            return "workspace";
    }
    return "unknown";
}

std::string dims_text(const uint64_t* dims, uint32_t count) {
    std::string text;
    for (uint32_t i = 0; i < count; ++i) {
        text += (i > 0 ? "," : "") + std::to_string(dims[i]);
    }
    return text;
}

// <YYYYMMDDhhmmssSSS>, local time, as CANN names the files.
std::string millisecond_stamp() {
    const auto now = std::chrono::system_clock::now();
    char ms[8];
    std::snprintf(ms,
                  sizeof(ms),
                  "%03d",
                  static_cast<int>(aclemu::below_second<std::chrono::milliseconds>(now)));
    return aclemu::local_time_text(now, "%Y%m%d%H%M%S") + ms;
}

aclError save(const char* file_name,
              const char* user_tag,
              const acldumpTensorInfo* tensors,
              size_t count) {
    if (file_name == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null("fileName"));
    }
    const std::string name = file_name;
    if (name.empty()) {
        return reject_arg(
            ACL_ERROR_INVALID_PARAM, "fileName", std::string("\"\""), "must not be empty");
    }
    ACLEMU_TRY(reject_if(
        has_parent_segment(name), "fileName", name, "must not contain a \"..\" path segment"));
    if (tensors == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null("tensors"));
    }
    ACLEMU_TRY(check_positive("tensorCount", count));
    for (size_t i = 0; i < count; ++i) {
        ACLEMU_TRY(check_tensor(tensors[i], i));
    }
    std::string root;
    ACLEMU_TRY(exception_root(&root));
    ACLEMU_BACKEND(backend, backend);

    std::string header = "aclemu exception info 1\ntag "
                         + aclemu::log::escape_control(user_tag != nullptr ? user_tag : "")
                         + "\ntensors " + std::to_string(count) + "\n";
    std::vector<uint8_t> data;
    for (size_t i = 0; i < count; ++i) {
        const acldumpTensorInfo& t = tensors[i];
        header += "tensor " + std::to_string(i) + " " + type_name(aclemu::enum_value(t.type))
                  + " dtype " + std::to_string(t.dataType) + " format " + std::to_string(t.format)
                  + " shape [" + dims_text(t.shape, t.shapeNum) + "] origin_shape ["
                  + dims_text(t.originShape, t.originShapeNum) + "] bytes "
                  + std::to_string(t.tensorSize) + "\n";
        const size_t at = data.size();
        data.resize(at + t.tensorSize);
        ACLEMU_TRY_BACKEND(
            backend->memory().memcpy_sync(
                data.data() + at, t.tensorAddr, t.tensorSize, CopyDirection::DeviceToHost),
            backend,
            "cannot read a tensor of the exception info");
    }
    header += "data\n";

    const size_t slash = name.rfind('/');
    const std::string dir = slash == std::string::npos ? root : root + name.substr(0, slash);
    const std::string leaf = slash == std::string::npos ? name : name.substr(slash + 1);
    std::string error;
    const int dir_fd = aclemu::files::open_private_directory(dir, {}, &error);
    if (dir_fd < 0) {
        return reject_arg(ACL_ERROR_FAILURE, "fileName", name, error);
    }
    std::FILE* file = aclemu::files::open_private_file(
        dir_fd, leaf + ".custom." + millisecond_stamp(), false, &error);
    ::close(dir_fd);
    if (file == nullptr) {
        return reject_arg(ACL_ERROR_FAILURE, "fileName", name, error);
    }
    const bool written = std::fwrite(header.data(), 1, header.size(), file) == header.size()
                         && std::fwrite(data.data(), 1, data.size(), file) == data.size();
    const bool closed = std::fclose(file) == 0;
    if (!written || !closed) {
        return reject_arg(ACL_ERROR_FAILURE,
                          "fileName",
                          name,
                          std::string("cannot write it: ") + std::strerror(errno));
    }
    return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclError acldumpSaveExceptionInfo(const char* fileName,
                                  const char* userTag,
                                  const acldumpTensorInfo* tensors,
                                  size_t tensorCount) {
    return api_call_init("acldumpSaveExceptionInfo",
                         [&] { return save(fileName, userTag, tensors, tensorCount); });
}

aclError acldumpGetExceptionInfoPath(char* path, size_t maxLen) {
    return api_call_init("acldumpGetExceptionInfoPath", [&]() -> aclError {
        ACLEMU_CHECK_NOT_NULL(path);
        ACLEMU_TRY(reject_if(maxLen <= 1, "maxLen", maxLen, "must be greater than 1"));
        std::string root;
        ACLEMU_TRY(exception_root(&root));
        if (root.size() + 1 > maxLen) {
            return reject_arg(ACL_ERROR_INVALID_PARAM,
                              "maxLen",
                              maxLen,
                              "the path needs " + std::to_string(root.size() + 1) + " bytes");
        }
        std::memcpy(path, root.c_str(), root.size() + 1);
        return ACL_SUCCESS;
    });
}

}  // extern "C"
