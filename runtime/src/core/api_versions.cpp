// Entry points that say what aclemu is: package versions (aclsys*), the CANN features it has
// (aclGetCannAttribute*), the SoC name and the architecture check. None needs aclInit; the SoC
// name before aclInit comes from ACLEMU_BACKEND, as CANN's comes from the driver.
//
// Note [What aclemu reports as versions and SoC]: aclemu installs one CANN package, "runtime"
// (libascendcl), and its version is the AscendCL interface level the headers implement:
// ACL_MAJOR_VERSION.ACL_MINOR_VERSION.ACL_PATCH_VERSION, numbered as CANN numbers versions
// (major * 10000000 + minor * 100000 + patch * 1000). "aclemu" answers aclemu's own release.
// The SoC is "Ascend910B_aclemu_<backend>": scripts that pick settings by the "Ascend910B"
// prefix (the Atlas A2 family, whose runtime behaviour aclemu follows) take the A2 branch, and
// the rest of the name says it is aclemu and on which backend. ACLEMU_SOC_NAME replaces it for
// scripts that need one exact name. docs/compatibility.md has the rationale.
#include "acl/acl.h"

#include "aclemu/c_enum.h"
#include "core/arg_checks.h"
#include "core/config.h"
#include "core/enum_names.h"
#include "core/status.h"
#include "runtime_state.h"

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <set>
#include <string>

using namespace aclemu::rt;

namespace {

struct PackageVersion {
    int major = 0;
    int minor = 0;
    int patch = 0;
};

constexpr PackageVersion kRuntimePackage{ACL_MAJOR_VERSION, ACL_MINOR_VERSION, ACL_PATCH_VERSION};

// The package `name` names, or fails as CANN does for a package that is not installed.
aclError find_package(const std::string& name, PackageVersion* out) {
    if (name == "runtime") {
        *out = kRuntimePackage;
        return ACL_SUCCESS;
    }
    if (name == "aclemu") {
        *out = PackageVersion{ACLEMU_VERSION_MAJOR, ACLEMU_VERSION_MINOR, ACLEMU_VERSION_PATCH};
        return ACL_SUCCESS;
    }
    return reject_arg(ACL_ERROR_INVALID_FILE,
                      "pkgName",
                      name,
                      "aclemu installs no such package; it answers for \"runtime\" (the "
                      "AscendCL interface level it implements) and \"aclemu\"");
}

std::string version_text(const PackageVersion& v) {
    return std::to_string(v.major) + "." + std::to_string(v.minor) + "." + std::to_string(v.patch);
}

void copy_field(char* field, size_t size, const std::string& text) {
    std::strncpy(field, text.c_str(), size - 1);
    field[size - 1] = '\0';
}

constexpr EnumName<BackendKind> kBackendSuffixes[] = {{BackendKind::Cuda, "cuda"},
                                                      {BackendKind::Hip, "hip"},
                                                      {BackendKind::GpuSim, "gpusim"},
                                                      {BackendKind::Cpu, "cpu"}};

const char* backend_suffix(BackendKind kind) {
    return name_in(kBackendSuffixes, kind, "cpu");
}

// The backend the first device call will use, without creating it: ACLEMU_BACKEND, probing the
// GPU for auto (and for an explicit GPU choice, which may be unavailable).
aclError backend_kind_before_init(BackendKind* out) {
    BackendChoice choice = BackendChoice::Auto;
    if (!read_backend_choice(&choice)) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          "ACLEMU_BACKEND",
                          std::string(std::getenv("ACLEMU_BACKEND")),
                          "must be one of auto, cpu, cuda, hip, gpu, gpusim");
    }
    std::string why;
    std::unique_ptr<Backend> probe;
    switch (choice) {
        case BackendChoice::Cpu:
            *out = BackendKind::Cpu;
            return ACL_SUCCESS;
        case BackendChoice::GpuSim:
            probe = gpusim::make_backend(&why);
            break;
        case BackendChoice::Auto:
            probe = gpu::make_backend(&why);
            *out = probe ? probe->kind() : BackendKind::Cpu;
            return ACL_SUCCESS;
        case BackendChoice::Cuda:
        case BackendChoice::Hip:
        case BackendChoice::Gpu:
            probe = gpu::make_backend(&why);
            if (probe
                && ((choice == BackendChoice::Cuda && probe->kind() != BackendKind::Cuda)
                    || (choice == BackendChoice::Hip && probe->kind() != BackendKind::Hip))) {
                probe.reset();
                why = "this aclemu was built with another GPU backend";
            }
            break;
    }
    if (!probe) {
        return fail(ACL_ERROR_RT_NO_DEVICE,
                    msg_runtime(std::string("ACLEMU_BACKEND=") + backend_choice_name(choice)
                                + " requests a backend that is unavailable: " + why));
    }
    *out = probe->kind();
    return ACL_SUCCESS;
}

// A stable pointer for any name: aclrtGetSocName's result must outlive the call.
const char* interned(const std::string& name) {
    static std::mutex mu;
    static auto* names = new std::set<std::string>;  // never freed: callers keep the pointers
    std::lock_guard<std::mutex> lock(mu);
    return names->insert(name).first->c_str();
}

// Note [What aclemu reports as versions and SoC].
aclError soc_name(const char** out) {
    if (std::optional<std::string> name = read_soc_name_override()) {
        *out = interned(*name);
        return ACL_SUCCESS;
    }
    BackendKind kind = BackendKind::Cpu;
    if (runtime().initialized()) {
        ACLEMU_BACKEND(backend, backend);
        kind = backend->kind();
    } else
        ACLEMU_TRY(backend_kind_before_init(&kind));
    *out = interned(std::string("Ascend910B_aclemu_") + backend_suffix(kind));
    return ACL_SUCCESS;
}

// CANN features aclemu has: IEEE inf/NaN results (no saturation mode) and bfloat16 operators.
// No operator is compiled at run time, so no JIT_COMPILE.
constexpr aclCannAttr kSupportedAttributes[] = {ACL_CANN_ATTR_INF_NAN, ACL_CANN_ATTR_BF16};

// aclsysGetVersionStr / aclsysGetVersionNum: `write` stores package `pkgName`'s version in `out`
// (the argument `out_param`).
template <class Out, class Write>
aclError package_version(
    const char* api, const char* pkgName, const char* out_param, Out* out, Write write) {
    return api_call(api, [&] {
        ACLEMU_CHECK_NOT_NULL(pkgName);
        if (out == nullptr) {
            return fail(ACL_ERROR_INVALID_PARAM, msg_null(out_param));
        }
        PackageVersion v;
        ACLEMU_TRY(find_package(pkgName, &v));
        write(v);
        return ACL_SUCCESS;
    });
}

// The packages aclemu answers for: the CANN toolkit as a whole and its runtime.
bool installed(int64_t package) {
    return package == ACL_PKG_NAME_CANN || package == ACL_PKG_NAME_RUNTIME;
}

}  // namespace

extern "C" {

aclError aclsysGetCANNVersion(aclCANNPackageName name, aclCANNPackageVersion* version) {
    const int64_t package = aclemu::enum_value(name);  // any int a C caller passed
    return api_call("aclsysGetCANNVersion", [&] {
        ACLEMU_CHECK_NOT_NULL(version);
        ACLEMU_TRY(reject_if(package < ACL_PKG_NAME_CANN || package > ACL_PKG_NAME_DRIVER,
                             "name",
                             package,
                             "not an aclCANNPackageName (0..7)"));
        ACLEMU_TRY(reject_if(!installed(package),
                             "name",
                             package,
                             "aclemu installs only the runtime package "
                             "(ACL_PKG_NAME_CANN, ACL_PKG_NAME_RUNTIME)",
                             ACL_ERROR_INVALID_FILE));
        *version = aclCANNPackageVersion{};
        const PackageVersion v = kRuntimePackage;
        copy_field(version->version, sizeof version->version, version_text(v));
        copy_field(version->majorVersion, sizeof version->majorVersion, std::to_string(v.major));
        copy_field(version->minorVersion, sizeof version->minorVersion, std::to_string(v.minor));
        copy_field(
            version->releaseVersion, sizeof version->releaseVersion, std::to_string(v.patch));
        copy_field(version->patchVersion, sizeof version->patchVersion, "0");
        return ACL_SUCCESS;
    });
}

aclError aclsysGetVersionStr(char* pkgName, char* versionStr) {
    return package_version(
        "aclsysGetVersionStr", pkgName, "versionStr", versionStr, [&](const PackageVersion& v) {
            copy_field(versionStr, ACL_PKG_VERSION_MAX_SIZE, version_text(v));
        });
}

aclError aclsysGetVersionNum(char* pkgName, int32_t* versionNum) {
    return package_version(
        "aclsysGetVersionNum", pkgName, "versionNum", versionNum, [&](const PackageVersion& v) {
            *versionNum = v.major * 10000000 + v.minor * 100000 + v.patch * 1000;
        });
}

aclError aclGetCannAttributeList(const aclCannAttr** cannAttrList, size_t* num) {
    return api_call("aclGetCannAttributeList", [&] {
        ACLEMU_CHECK_NOT_NULL(cannAttrList);
        ACLEMU_CHECK_NOT_NULL(num);
        *cannAttrList = kSupportedAttributes;
        *num = sizeof kSupportedAttributes / sizeof kSupportedAttributes[0];
        return ACL_SUCCESS;
    });
}

aclError aclGetCannAttribute(aclCannAttr cannAttr, int32_t* value) {
    const int64_t attr = aclemu::enum_value(cannAttr);  // any int a C caller passed
    return api_call("aclGetCannAttribute", [&] {
        ACLEMU_CHECK_NOT_NULL(value);
        ACLEMU_TRY(reject_if(attr != ACL_CANN_ATTR_INF_NAN && attr != ACL_CANN_ATTR_BF16
                                 && attr != ACL_CANN_ATTR_JIT_COMPILE,
                             "cannAttr",
                             attr,
                             "not a CANN attribute (ACL_CANN_ATTR_INF_NAN, _BF16, "
                             "_JIT_COMPILE)"));
        *value = 0;
        for (aclCannAttr supported : kSupportedAttributes) {
            *value = supported == attr ? 1 : *value;
        }
        return ACL_SUCCESS;
    });
}

const char* aclrtGetSocName(void) {
    const char* result = nullptr;
    api_call("aclrtGetSocName", [&] { return soc_name(&result); });
    return result;
}

aclError aclrtCheckArchCompatibility(const char* socVersion, int32_t* canCompatible) {
    return api_call("aclrtCheckArchCompatibility", [&] {
        ACLEMU_CHECK_NOT_NULL(socVersion);
        ACLEMU_CHECK_NOT_NULL(canCompatible);
        const char* own = nullptr;
        ACLEMU_TRY(soc_name(&own));
        // aclemu runs no NPU binaries: only what was built for aclemu itself is compatible.
        *canCompatible = std::strcmp(socVersion, own) == 0 ? 1 : 0;
        return ACL_SUCCESS;
    });
}

}  // extern "C"
