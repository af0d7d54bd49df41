// Entry points of acl_rt.h for loaded binaries: aclrtBinaryLoadFromFile / FromData,
// aclrtCreateBinary / aclrtBinaryLoad / aclrtDestroyBinary, aclrtBinaryGetFunction,
// aclrtBinaryGetFunctionCount / aclrtBinaryEnumerateFunctions (kernels in name order),
// aclrtFunctionGetBinary, aclrtGetFunctionName, aclrtGetFunctionAddr and aclrtBinaryUnLoad
// (kernel_objects.h).
#include "acl/acl_rt.h"

#include "aclemu/c_enum.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "handles/live_handle.h"
#include "inject/api_injection.h"
#include "kernel/kernel_objects.h"
#include "runtime_state.h"

#include <cerrno>
#include <cstring>
#include <dlfcn.h>
#include <string>
#include <sys/mman.h>
#include <unistd.h>

using namespace aclemu::rt;
using namespace aclemu::rt::kernel;

namespace {

/// The options aclemu accepts: lazy load and magic mean nothing to it; AI CPU kernels are not
/// emulated.
aclError check_options(const aclrtBinaryLoadOptions* options) {
    if (options == nullptr) {
        return ACL_SUCCESS;
    }
    ACLEMU_TRY(check_array("options->options", options->options, options->numOpt));
    for (size_t i = 0; i < options->numOpt; ++i) {
        // The caller's struct may hold any int in its enum field: read it as one.
        const int64_t type = aclemu::enum_value(options->options[i].type);
        switch (type) {
            case ACL_RT_BINARY_LOAD_OPT_LAZY_LOAD:
            case ACL_RT_BINARY_LOAD_OPT_MAGIC:
                break;
            case ACL_RT_BINARY_LOAD_OPT_CPU_KERNEL_MODE:
                return fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                            msg_unsupported("ACL_RT_BINARY_LOAD_OPT_CPU_KERNEL_MODE",
                                            "aclemu loads Ascend C kernels, not AI CPU kernels"));
            default:
                return reject_arg(ACL_ERROR_INVALID_PARAM,
                                  "options->options[].type",
                                  type,
                                  "not an aclrtBinaryLoadOptionType");
        }
    }
    return ACL_SUCCESS;
}

/// Loads a binary from its bytes: they go to an anonymous memory file that dlopen reads through
/// /proc, so nothing is written to disk. The descriptor stays open for the process's life so that
/// no later load reuses its /proc name while the library is mapped (dlopen matches by name).
aclError load_from_bytes(const void* data, size_t length, aclrtBinHandle* binHandle) {
    const int fd = ::memfd_create("aclemu_binary", MFD_CLOEXEC);
    if (fd < 0) {
        return fail(ACL_ERROR_RT_FILE_WRITE,
                    msg_runtime(std::string("memfd_create: ") + std::strerror(errno)));
    }
    const auto* bytes = static_cast<const char*>(data);
    for (size_t done = 0; done < length;) {
        const ssize_t n = ::write(fd, bytes + done, length - done);
        if (n <= 0) {
            const int e = errno;
            ::close(fd);
            return fail(ACL_ERROR_RT_FILE_WRITE,
                        msg_runtime(std::string("writing the binary: ") + std::strerror(e)));
        }
        done += static_cast<size_t>(n);
    }
    const aclError err = load_binary("/proc/self/fd/" + std::to_string(fd), "data", binHandle);
    if (err != ACL_SUCCESS) {
        ::close(fd);
    }
    return err;
}

}  // namespace

extern "C" {

aclError aclrtBinaryLoadFromFile(const char* binPath,
                                 aclrtBinaryLoadOptions* options,
                                 aclrtBinHandle* binHandle) {
    return api_call_init(__func__, [&] {
        ACLEMU_CHECK_NOT_NULL(binPath);
        ACLEMU_CHECK_NOT_NULL(binHandle);
        ACLEMU_TRY(check_options(options));
        if (::access(binPath, R_OK) != 0) {
            return reject_arg(
                ACL_ERROR_RT_PARAM_INVALID, "binPath", std::string(binPath), std::strerror(errno));
        }
        return load_binary(binPath, binPath, binHandle);
    });
}

aclError ACLEMU_IMPL(aclrtBinaryLoadFromData)(const void* data,
                                              size_t length,
                                              const aclrtBinaryLoadOptions* options,
                                              aclrtBinHandle* binHandle) {
    return api_call_init(__func__, [&] {
        ACLEMU_CHECK_NOT_NULL(data);
        ACLEMU_CHECK_NOT_NULL(binHandle);
        if (length == 0) {
            return reject_arg(
                ACL_ERROR_INVALID_PARAM, "length", 0, "a binary has at least one byte");
        }
        ACLEMU_TRY(check_options(options));
        return load_from_bytes(data, length, binHandle);
    });
}

aclrtBinary aclrtCreateBinary(const void* data, size_t dataLen) {
    aclrtBinary created = nullptr;
    api_call_init(__func__, [&] {
        ACLEMU_CHECK_NOT_NULL(data);
        if (dataLen == 0) {
            return reject_arg(
                ACL_ERROR_INVALID_PARAM, "dataLen", 0, "a binary has at least one byte");
        }
        BinaryBytes* bytes = nullptr;
        ACLEMU_TRY(create_live(&bytes, "a binary"));
        const auto* begin = static_cast<const char*>(data);
        bytes->bytes.assign(begin, begin + dataLen);
        created = bytes;
        return ACL_SUCCESS;
    });
    return created;
}

aclError aclrtDestroyBinary(aclrtBinary binary) {
    return api_call_init(
        __func__, [&] { return destroy_handle(binary_bytes(), binary, "binary", "aclrtBinary"); });
}

aclError aclrtBinaryLoad(const aclrtBinary binary, aclrtBinHandle* binHandle) {
    return api_call_init(__func__, [&] {
        ACLEMU_FIND(BinaryBytes, bytes, live, binary, "binary");
        ACLEMU_CHECK_NOT_NULL(binHandle);
        return load_from_bytes(bytes->bytes.data(), bytes->bytes.size(), binHandle);
    });
}

aclError aclrtFunctionGetBinary(const aclrtFuncHandle funcHandle, aclrtBinHandle* binHandle) {
    return api_call_init(__func__, [&] {
        ACLEMU_FIND(KernelFunction, function, live, funcHandle, "funcHandle");
        ACLEMU_CHECK_NOT_NULL(binHandle);
        *binHandle = function->binary.get();
        return ACL_SUCCESS;
    });
}

aclError aclrtGetFunctionName(aclrtFuncHandle funcHandle, uint32_t maxLen, char* name) {
    return api_call_init(__func__, [&] {
        ACLEMU_FIND(KernelFunction, function, live, funcHandle, "funcHandle");
        ACLEMU_CHECK_NOT_NULL(name);
        if (maxLen <= function->name.size()) {
            return reject_arg(ACL_ERROR_INVALID_PARAM,
                              "maxLen",
                              maxLen,
                              "the name " + function->name + " and its NUL take "
                                  + std::to_string(function->name.size() + 1) + " bytes");
        }
        std::memcpy(name, function->name.c_str(), function->name.size() + 1);
        return ACL_SUCCESS;
    });
}

aclError aclrtGetFunctionAddr(aclrtFuncHandle funcHandle, void** aicAddr, void** aivAddr) {
    return api_call_init(__func__, [&] {
        ACLEMU_FIND(KernelFunction, function, live, funcHandle, "funcHandle");
        ACLEMU_CHECK_NOT_NULL(aicAddr);
        ACLEMU_CHECK_NOT_NULL(aivAddr);
        *aicAddr = nullptr;
        *aivAddr = reinterpret_cast<void*>(function->launch);
        return ACL_SUCCESS;
    });
}

aclError ACLEMU_IMPL(aclrtBinaryGetFunction)(const aclrtBinHandle binHandle,
                                             const char* kernelName,
                                             aclrtFuncHandle* funcHandle) {
    return api_call_init(__func__, [&] {
        ACLEMU_FIND(LoadedBinary, binary, live, binHandle, "binHandle");
        ACLEMU_CHECK_NOT_NULL(kernelName);
        ACLEMU_CHECK_NOT_NULL(funcHandle);
        return make_function(binary, kernelName, funcHandle);
    });
}

aclError aclrtBinaryGetFunctionCount(aclrtBinHandle binHandle, uint32_t* count) {
    return api_call_init(__func__, [&] {
        ACLEMU_FIND(LoadedBinary, binary, live, binHandle, "binHandle");
        ACLEMU_CHECK_NOT_NULL(count);
        *count = static_cast<uint32_t>(binary->kernel_names.size());
        return ACL_SUCCESS;
    });
}

aclError aclrtBinaryEnumerateFunctions(aclrtBinHandle binHandle,
                                       aclrtFuncHandle* functions,
                                       uint32_t numFunctions) {
    return api_call_init(__func__, [&] {
        ACLEMU_FIND(LoadedBinary, binary, live, binHandle, "binHandle");
        ACLEMU_CHECK_NOT_NULL(functions);
        const size_t count = binary->kernel_names.size();
        if (numFunctions == 0 || numFunctions > count) {
            return reject_arg(ACL_ERROR_INVALID_PARAM,
                              "numFunctions",
                              numFunctions,
                              "the binary " + binary->origin + " has " + std::to_string(count)
                                  + " kernels (aclrtBinaryGetFunctionCount); ask for 1 to "
                                    "that many");
        }
        for (uint32_t i = 0; i < numFunctions; ++i) {
            ACLEMU_TRY(make_function(binary, binary->kernel_names[i], &functions[i]));
        }
        return ACL_SUCCESS;
    });
}

aclError aclrtBinaryUnLoad(aclrtBinHandle binHandle) {
    return api_call_init(__func__, [&] {
        ACLEMU_FIND(LoadedBinary, binary, live, binHandle, "binHandle");
        binaries().remove(binHandle);
        std::lock_guard<std::mutex> lock(binary->mu);
        for (void* function : binary->functions) {
            functions().remove(function);
        }
        for (void* args : binary->args) {
            arg_lists().remove(args);
        }
        for (void* block : binary->device_blocks) {
            ACLEMU_TRY(aclrtFree(block));  // waits for the kernels that read it
        }
        binary->device_blocks.clear();
        for (void* global : binary->globals) {
            runtime().allocations().erase(global, AllocKind::Device, AllocOrigin::BinaryGlobal);
        }
        binary->globals.clear();
        return ACL_SUCCESS;
    });
}

}  // extern "C"
