// The libFuzzer entry point (clang -fsanitize=fuzzer): the same cases as aclemu_fuzz, their
// choices drawn from the input bytes, so coverage guidance steers them. ACLEMU_BACKEND picks the
// backend (default cpu). A failed case prints its report and aborts, which libFuzzer records as
// a crash with the input that replays it.
#include "fuzz/fuzz_case.h"
#include "fuzz/fuzz_random.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

aclemu::fuzz::Options& options() {
    static aclemu::fuzz::Options o = [] {
        aclemu::fuzz::Options made;
        if (const char* backend = std::getenv("ACLEMU_BACKEND")) {
            made.backend = backend;
        }
        return made;
    }();
    return o;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/) {
    std::string why;
    if (!aclemu::fuzz::start_runtime(options(), &why)) {
        std::fprintf(stderr, "aclemu libFuzzer: %s\n", why.c_str());
        std::abort();
    }
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    aclemu::fuzz::ByteSource source(data, size);
    aclemu::fuzz::Choices choices(source);
    const aclemu::fuzz::Report report = aclemu::fuzz::run_case(choices, options());
    if (report.failed()) {
        std::fprintf(stderr,
                     "case:\n  %s\nFAIL:\n  %s\n",
                     report.description().c_str(),
                     report.failures().c_str());
        std::abort();
    }
    return 0;
}
