// The public headers compile as C (C99 and C11, warnings as errors) as well as C++: the test
// runs the system C compiler on headers_compile_as_c.c, with and without FUNC_VISIBILITY.
// Skips when no C compiler is on PATH.
#include "acl/acl.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <type_traits>

namespace {

TEST(PublicHeaders, CompileAsC) {
    if (std::system("cc --version > /dev/null 2>&1") != 0) {
        GTEST_SKIP() << "no C compiler (cc) on PATH";
    }
    const std::string root = ACLEMU_SOURCE_ROOT;
    const std::string source = root + "/tests/runtime/headers_compile_as_c.c";
    for (const char* standard : {"c99", "c11"}) {
        for (const char* extra : {"", "-DFUNC_VISIBILITY"}) {
            std::string command = std::string("cc -std=") + standard
                                  + " -Wall -Wextra -pedantic -Werror -fsyntax-only " + extra
                                  + " -I" + root + "/runtime/include " + source;
            EXPECT_EQ(std::system(command.c_str()), 0) << command;
        }
    }
}

TEST(PublicHeaders, ErrorCodeKinds) {
    // ACL_ERROR_* are typed constants, ACL_ERROR_RT_* are macros, as in CANN.
    static_assert(std::is_same_v<decltype(ACL_ERROR_INVALID_PARAM), const int>);
#ifndef ACL_ERROR_RT_CONTEXT_NULL
    FAIL() << "ACL_ERROR_RT_CONTEXT_NULL must be a macro";
#endif
    EXPECT_EQ(ACL_ERROR_RT_CONTEXT_NULL, 107002);
    EXPECT_EQ(ACL_ERROR_RT_NO_DEVICE, 207004);
    EXPECT_EQ(ACL_ERROR_RT_STREAM_SYNC_TIMEOUT, 507046);
    EXPECT_EQ(ACL_ERROR_FEATURE_UNSUPPORTED, 200006);
    EXPECT_EQ(ACL_BF16, 27);
    EXPECT_EQ(ACL_FRACTAL_Z_3D, 33);
    EXPECT_EQ(ACL_FORMAT_NCL, 47);
    EXPECT_EQ(ACL_MEM_ACCESS_USER_SPACE_READONLY, 0x100000);
    EXPECT_EQ(ACL_EVENT_TIME_LINE, 0x8u);
    EXPECT_EQ(ACL_STREAM_WAIT_VALUE_NOR, 3);
}

}  // namespace
