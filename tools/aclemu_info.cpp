// aclemu-info: how this aclemu was built, and which backend and device an Ascend program would
// get here. It initializes the runtime exactly as a program does (aclInit, aclrtGetDeviceCount,
// aclrtSetDevice) and asks it which backend answered.
#include "acl/acl.h"

#include "aclemu/rt.h"
#include "aclemu_build_info.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

void print_usage(std::FILE* to) {
    std::fprintf(to,
                 "usage: aclemu-info [--help]\n"
                 "\n"
                 "Prints aclemu's version and build (CUDA/HIP backends, GPU architectures,\n"
                 "compiler), then initializes the runtime as an Ascend program would and prints\n"
                 "the backend and device it gets. Exits with 1 when no device is usable.\n"
                 "\n"
                 "Environment it honours, as any aclemu program does:\n"
                 "  ACLEMU_BACKEND=auto|cpu|cuda|hip|gpu|gpusim   backend choice (default\n"
                 "                         auto: the GPU when one answers, else the CPU;\n"
                 "                         gpusim: the GPU backend on the GPU simulator)\n"
                 "  ASCEND_RT_VISIBLE_DEVICES=0,1,...      devices the program may see\n"
                 "  ASCEND_GLOBAL_LOG_LEVEL=0..4, ASCEND_LOG_PRINT_TO_STDOUT=1   logging\n"
                 "  ACLEMU_TRACE=file.json                 write a timeline of the run\n"
                 "                         (open it in ui.perfetto.dev)\n"
                 "The full list is in aclemu's README.\n");
}

const char* backend_name(aclemu::rt::BackendKind kind) {
    switch (kind) {
        case aclemu::rt::BackendKind::Cpu:
            return "cpu";
        case aclemu::rt::BackendKind::Cuda:
            return "cuda";
        case aclemu::rt::BackendKind::Hip:
            return "hip";
        case aclemu::rt::BackendKind::GpuSim:
            return "gpusim";
    }
    return "unknown";
}

const char* env_or(const char* name, const char* fallback) {
    const char* value = std::getenv(name);
    return value != nullptr && *value ? value : fallback;
}

void print_build() {
    std::printf("aclemu %s\n", ACLEMU_VERSION);
    std::printf("  build           %s, %s\n", ACLEMU_BUILD_TYPE, ACLEMU_CXX_COMPILER);
    std::printf("  CPU backend     on\n");
    std::printf("  CUDA backend    %s\n", ACLEMU_CUDA_BUILD);
    std::printf("  HIP backend     %s\n", ACLEMU_HIP_BUILD);
    std::printf("  GPU simulator   %s\n", ACLEMU_GPUSIM_BUILD);
}

int fail(const char* what, aclError code) {
    const char* why = aclGetRecentErrMsg();
    std::printf("  error           %s failed (%d): %s\n", what, code, why ? why : "(no message)");
    return 1;
}

// Runs the start-up sequence of an Ascend program and prints what it got.
int print_runtime() {
    std::printf("runtime\n");
    std::printf("  ACLEMU_BACKEND  %s\n", env_or("ACLEMU_BACKEND", "auto (unset)"));
    if (const char* visible = std::getenv("ASCEND_RT_VISIBLE_DEVICES")) {
        std::printf("  ASCEND_RT_VISIBLE_DEVICES  %s\n", visible);
    }
    if (aclError ret = aclInit(nullptr); ret != ACL_SUCCESS) {
        return fail("aclInit", ret);
    }
    uint32_t count = 0;
    aclError ret = aclrtGetDeviceCount(&count);
    if (ret != ACL_SUCCESS) {
        aclFinalize();
        return fail("aclrtGetDeviceCount", ret);
    }
    if (ret = aclrtSetDevice(0); ret != ACL_SUCCESS) {
        aclFinalize();
        return fail("aclrtSetDevice(0)", ret);
    }
    std::printf("  backend         %s\n", backend_name(aclemu::rt::active_backend()));
    const std::string fallback = aclemu::rt::cpu_fallback_reason();
    if (!fallback.empty()) {
        std::printf("  why not a GPU   %s\n", fallback.c_str());
    }
    const char* soc = aclrtGetSocName();
    const std::string model = aclemu::rt::device_model(0);
    std::printf("  devices         %u\n", count);
    std::printf("  device 0        %s\n", model.empty() ? "(unknown)" : model.c_str());
    std::printf("  SoC             %s\n", soc ? soc : "(unknown)");
    int32_t major = 0, minor = 0, patch = 0;
    if (aclrtGetVersion(&major, &minor, &patch) == ACL_SUCCESS) {
        std::printf("  AscendCL API    %d.%d.%d\n", major, minor, patch);
    }
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
            print_usage(stdout);
            return 0;
        }
        std::fprintf(stderr, "aclemu-info: unknown argument '%s'\n", argv[i]);
        print_usage(stderr);
        return 2;
    }
    print_build();
    return print_runtime();
}
