// securec.h / libc_sec.so: each function's result and each error return, with what the
// destination holds afterwards (untouched, zeroed, emptied or truncated), as securec documents.
#include "securec.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>

namespace {

constexpr size_t kHuge = size_t{SECUREC_MEM_MAX_LEN} + 1;

// A buffer filled with 'x' and a NUL at the end, so a change shows.
struct Buffer {
    char bytes[16];
    Buffer() {
        std::memset(bytes, 'x', sizeof bytes);
        bytes[sizeof bytes - 1] = '\0';
    }
    bool untouched() const {
        for (size_t i = 0; i + 1 < sizeof bytes; ++i) {
            if (bytes[i] != 'x') {
                return false;
            }
        }
        return true;
    }
    bool zeroed(size_t n) const {
        for (size_t i = 0; i < n; ++i) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return true;
    }
};

TEST(SecurecCodes, HaveSecurecValues) {
    EXPECT_EQ(EOK, 0);
    EXPECT_EQ(EINVAL, 22);
    EXPECT_EQ(ERANGE, 34);
    EXPECT_EQ(EINVAL_AND_RESET, 150);
    EXPECT_EQ(ERANGE_AND_RESET, 162);
    EXPECT_EQ(EOVERLAP_AND_RESET, 182);
    unsigned short number = 0;
    EXPECT_NE(GetHwSecureCVersion(&number), nullptr);
    EXPECT_NE(number, 0);
}

TEST(MemsetS, FillsAndChecks) {
    Buffer b;
    EXPECT_EQ(memset_s(b.bytes, sizeof b.bytes, 'a', 4), EOK);
    EXPECT_EQ(std::string(b.bytes, 5), "aaaax");
    EXPECT_EQ(memset_s(b.bytes, sizeof b.bytes, 'a', 0), EOK);
    EXPECT_EQ(memset_s(nullptr, 8, 0, 4), EINVAL);
    Buffer c;
    EXPECT_EQ(memset_s(c.bytes, 0, 0, 0), ERANGE);
    EXPECT_EQ(memset_s(c.bytes, kHuge, 0, 1), ERANGE);
    EXPECT_TRUE(c.untouched());
    EXPECT_EQ(memset_s(c.bytes, 8, 'b', 9), ERANGE_AND_RESET);
    EXPECT_EQ(std::string(c.bytes, 9), "bbbbbbbbx");  // destMax bytes set, no more
}

TEST(MemcpyS, CopiesAndChecks) {
    Buffer b;
    EXPECT_EQ(memcpy_s(b.bytes, sizeof b.bytes, "hello", 5), EOK);
    EXPECT_EQ(std::string(b.bytes, 6), "hellox");
    EXPECT_EQ(memcpy_s(b.bytes, sizeof b.bytes, b.bytes, 4), EOK);  // onto itself
    EXPECT_EQ(memcpy_s(b.bytes, sizeof b.bytes, "abc", 0), EOK);
    EXPECT_EQ(memcpy_s(nullptr, 8, "abc", 3), EINVAL);
    Buffer c;
    EXPECT_EQ(memcpy_s(c.bytes, 0, "abc", 3), ERANGE);
    EXPECT_EQ(memcpy_s(c.bytes, kHuge, "abc", 3), ERANGE);
    EXPECT_TRUE(c.untouched());
    EXPECT_EQ(memcpy_s(c.bytes, 8, nullptr, 3), EINVAL_AND_RESET);
    EXPECT_TRUE(c.zeroed(8));
    EXPECT_EQ(c.bytes[8], 'x');
    Buffer d;
    EXPECT_EQ(memcpy_s(d.bytes, 4, "abcdef", 5), ERANGE_AND_RESET);
    EXPECT_TRUE(d.zeroed(4));
    EXPECT_EQ(d.bytes[4], 'x');
    Buffer e;
    EXPECT_EQ(memcpy_s(e.bytes + 2, 8, e.bytes, 4), EOVERLAP_AND_RESET);
    EXPECT_TRUE(std::memcmp(e.bytes, "xx\0\0\0\0\0\0\0\0x", 11) == 0);
}

TEST(MemmoveS, MovesOverlappingAndChecks) {
    char text[] = "abcdef";
    EXPECT_EQ(memmove_s(text + 2, 5, text, 4), EOK);
    EXPECT_STREQ(text, "ababcd");
    EXPECT_EQ(memmove_s(nullptr, 4, text, 1), EINVAL);
    Buffer c;
    EXPECT_EQ(memmove_s(c.bytes, 0, text, 1), ERANGE);
    EXPECT_TRUE(c.untouched());
    EXPECT_EQ(memmove_s(c.bytes, 6, nullptr, 1), EINVAL_AND_RESET);
    EXPECT_TRUE(c.zeroed(6));
    Buffer d;
    EXPECT_EQ(memmove_s(d.bytes, 3, text, 4), ERANGE_AND_RESET);
    EXPECT_TRUE(d.zeroed(3));
    EXPECT_EQ(d.bytes[3], 'x');
}

TEST(StrcpyS, CopiesAndChecks) {
    Buffer b;
    EXPECT_EQ(strcpy_s(b.bytes, sizeof b.bytes, "hello"), EOK);
    EXPECT_STREQ(b.bytes, "hello");
    EXPECT_EQ(strcpy_s(b.bytes, 6, "world"), EOK);  // exactly fits with its NUL
    EXPECT_STREQ(b.bytes, "world");
    EXPECT_EQ(strcpy_s(nullptr, 6, "a"), EINVAL);
    Buffer c;
    EXPECT_EQ(strcpy_s(c.bytes, 0, "a"), ERANGE);
    EXPECT_EQ(strcpy_s(c.bytes, kHuge, "a"), ERANGE);
    EXPECT_TRUE(c.untouched());
    EXPECT_EQ(strcpy_s(c.bytes, 8, nullptr), EINVAL_AND_RESET);
    EXPECT_EQ(c.bytes[0], '\0');
    Buffer d;
    EXPECT_EQ(strcpy_s(d.bytes, 5, "hello"), ERANGE_AND_RESET);
    EXPECT_EQ(d.bytes[0], '\0');
    char overlap[16] = "abcdef";
    EXPECT_EQ(strcpy_s(overlap + 2, 10, overlap), EOVERLAP_AND_RESET);
    EXPECT_EQ(overlap[2], '\0');
}

TEST(StrncpyS, CopiesAtMostCountAndChecks) {
    Buffer b;
    EXPECT_EQ(strncpy_s(b.bytes, sizeof b.bytes, "hello", 3), EOK);
    EXPECT_STREQ(b.bytes, "hel");
    EXPECT_EQ(strncpy_s(b.bytes, sizeof b.bytes, "hi", 10), EOK);
    EXPECT_STREQ(b.bytes, "hi");
    EXPECT_EQ(strncpy_s(b.bytes, 4, "hello", 3), EOK);  // 3 characters + NUL fit in 4
    EXPECT_STREQ(b.bytes, "hel");
    EXPECT_EQ(strncpy_s(b.bytes, sizeof b.bytes, "hello", 0), EOK);
    EXPECT_STREQ(b.bytes, "");
    EXPECT_EQ(strncpy_s(nullptr, 4, "a", 1), EINVAL);
    Buffer c;
    EXPECT_EQ(strncpy_s(c.bytes, 0, "a", 1), ERANGE);
    EXPECT_TRUE(c.untouched());
    EXPECT_EQ(strncpy_s(c.bytes, 8, nullptr, 1), EINVAL_AND_RESET);
    EXPECT_EQ(c.bytes[0], '\0');
    Buffer d;
    EXPECT_EQ(strncpy_s(d.bytes, 3, "hello", 3), ERANGE_AND_RESET);
    EXPECT_EQ(d.bytes[0], '\0');
    Buffer e;
    EXPECT_EQ(strncpy_s(e.bytes, 8, "a", kHuge), ERANGE_AND_RESET);
    EXPECT_EQ(e.bytes[0], '\0');
}

TEST(StrcatS, AppendsAndChecks) {
    char text[8] = "ab";
    EXPECT_EQ(strcat_s(text, sizeof text, "cde"), EOK);
    EXPECT_STREQ(text, "abcde");
    EXPECT_EQ(strcat_s(text, sizeof text, "fg"), EOK);  // 7 characters + NUL
    EXPECT_STREQ(text, "abcdefg");
    EXPECT_EQ(strcat_s(text, sizeof text, "h"), ERANGE_AND_RESET);
    EXPECT_EQ(text[0], '\0');
    EXPECT_EQ(strcat_s(nullptr, 8, "a"), EINVAL);
    Buffer c;
    EXPECT_EQ(strcat_s(c.bytes, 0, "a"), ERANGE);
    EXPECT_TRUE(c.untouched());
    // No NUL within destMax: not a string.
    EXPECT_EQ(strcat_s(c.bytes, 8, "a"), EINVAL_AND_RESET);
    EXPECT_EQ(c.bytes[0], '\0');
    char d[8] = "ab";
    EXPECT_EQ(strcat_s(d, sizeof d, nullptr), EINVAL_AND_RESET);
    EXPECT_EQ(d[0], '\0');
    char e[16] = "abc";
    EXPECT_EQ(strcat_s(e, sizeof e, e + 1), EOVERLAP_AND_RESET);
    EXPECT_EQ(e[0], '\0');
}

TEST(StrncatS, AppendsAtMostCountAndChecks) {
    char text[8] = "ab";
    EXPECT_EQ(strncat_s(text, sizeof text, "cdefgh", 2), EOK);
    EXPECT_STREQ(text, "abcd");
    EXPECT_EQ(strncat_s(text, sizeof text, "xyz", 10), EOK);
    EXPECT_STREQ(text, "abcdxyz");
    EXPECT_EQ(strncat_s(text, sizeof text, "q", 0), EOK);
    EXPECT_STREQ(text, "abcdxyz");
    EXPECT_EQ(strncat_s(text, sizeof text, "q", 1), ERANGE_AND_RESET);
    EXPECT_EQ(text[0], '\0');
    EXPECT_EQ(strncat_s(nullptr, 8, "a", 1), EINVAL);
    Buffer c;
    EXPECT_EQ(strncat_s(c.bytes, 0, "a", 1), ERANGE);
    EXPECT_TRUE(c.untouched());
    char d[8] = "ab";
    EXPECT_EQ(strncat_s(d, sizeof d, nullptr, 1), EINVAL_AND_RESET);
    EXPECT_EQ(d[0], '\0');
    char e[8] = "ab";
    EXPECT_EQ(strncat_s(e, sizeof e, "a", kHuge), ERANGE_AND_RESET);
    EXPECT_EQ(e[0], '\0');
}

TEST(SprintfS, FormatsAndChecks) {
    char text[8];
    EXPECT_EQ(sprintf_s(text, sizeof text, "%d-%s", 42, "ab"), 5);
    EXPECT_STREQ(text, "42-ab");
    EXPECT_EQ(sprintf_s(text, sizeof text, "%s", "1234567"), 7);
    EXPECT_EQ(sprintf_s(text, sizeof text, "%s", "12345678"), -1);
    EXPECT_STREQ(text, "");
    std::strcpy(text, "keep");
    EXPECT_EQ(sprintf_s(text, 0, "%d", 1), -1);
    EXPECT_STREQ(text, "keep");
    EXPECT_EQ(sprintf_s(nullptr, 8, "%d", 1), -1);
    const char* no_format = nullptr;
    auto* unchecked = &sprintf_s;  // no compile-time format check through the pointer
    EXPECT_EQ(unchecked(text, sizeof text, no_format), -1);
    EXPECT_STREQ(text, "");
}

int call_vsprintf(char* dest, size_t destMax, const char* format, ...) {
    va_list args;
    va_start(args, format);
    const int written = vsprintf_s(dest, destMax, format, args);
    va_end(args);
    return written;
}

int call_vsnprintf(char* dest, size_t destMax, size_t count, const char* format, ...) {
    va_list args;
    va_start(args, format);
    const int written = vsnprintf_s(dest, destMax, count, format, args);
    va_end(args);
    return written;
}

TEST(VsprintfS, FormatsAndChecks) {
    char text[6];
    EXPECT_EQ(call_vsprintf(text, sizeof text, "%x", 255), 2);
    EXPECT_STREQ(text, "ff");
    EXPECT_EQ(call_vsprintf(text, sizeof text, "%s", "toolong"), -1);
    EXPECT_STREQ(text, "");
}

TEST(SnprintfS, TruncatesToCountOrClears) {
    char text[8];
    EXPECT_EQ(snprintf_s(text, sizeof text, 7, "%s", "abc"), 3);
    EXPECT_STREQ(text, "abc");
    // count < destMax: the output is cut at count characters and -1 reports the cut.
    EXPECT_EQ(snprintf_s(text, sizeof text, 4, "%s", "abcdefg"), -1);
    EXPECT_STREQ(text, "abcd");
    EXPECT_EQ(snprintf_s(text, sizeof text, 4, "%s", "abcd"), 4);
    EXPECT_STREQ(text, "abcd");
    // count >= destMax: the output must fit in destMax, else the destination is emptied.
    EXPECT_EQ(snprintf_s(text, sizeof text, 100, "%s", "12345678"), -1);
    EXPECT_STREQ(text, "");
    EXPECT_EQ(snprintf_s(text, sizeof text, 8, "%s", "1234567"), 7);
    EXPECT_STREQ(text, "1234567");
    EXPECT_EQ(snprintf_s(nullptr, 8, 4, "%d", 1), -1);
    EXPECT_EQ(snprintf_s(text, 0, 4, "%d", 1), -1);
    const char* no_format = nullptr;
    auto* unchecked = &snprintf_s;  // no compile-time format check through the pointer
    EXPECT_EQ(unchecked(text, sizeof text, 4, no_format), -1);
    EXPECT_STREQ(text, "");
    EXPECT_EQ(call_vsnprintf(text, sizeof text, 2, "%d", 12345), -1);
    EXPECT_STREQ(text, "12");
}

int call_vsscanf(const char* buffer, const char* format, ...) {
    va_list args;
    va_start(args, format);
    const int assigned = vsscanf_s(buffer, format, args);
    va_end(args);
    return assigned;
}

TEST(SscanfS, ReadsSizedFieldsAndStopsAtOneThatDoesNotFit) {
    int number = 0;
    char word[8] = "xxxxxxx";
    char letters[3] = {'x', 'x', 'x'};
    double value = 0;
    EXPECT_EQ(sscanf_s("42 hello ab 2.5", "%d %s %2c %lf", &number, word, 8u, letters, 3u, &value),
              4);
    EXPECT_EQ(number, 42);
    EXPECT_STREQ(word, "hello");
    EXPECT_EQ(letters[0], 'a');
    EXPECT_EQ(letters[1], 'b');
    EXPECT_EQ(letters[2], 'x');  // %c writes no NUL
    EXPECT_EQ(value, 2.5);
    // A word longer than its destination (8 bytes: 7 characters and the NUL) empties it and
    // ends the scan; the fields before it count.
    int after = -1;
    std::strcpy(word, "keep");
    EXPECT_EQ(sscanf_s("7 toolongword 9", "%d %s %d", &number, word, 8u, &after), 1);
    EXPECT_EQ(number, 7);
    EXPECT_STREQ(word, "");
    EXPECT_EQ(after, -1);
    // Literals, %%, suppression, a scan set, %n.
    char set[6] = {};
    int consumed = 0;
    EXPECT_EQ(sscanf_s("id=12% abc,def", "id=%*d%% %5[a-z]%n", set, 6u, &consumed), 1);
    EXPECT_STREQ(set, "abc");
    EXPECT_EQ(consumed, 10);
    EXPECT_EQ(call_vsscanf("x 5", "%d", &number), 0);  // a matching failure: nothing assigned
    EXPECT_EQ(call_vsscanf("", "%d", &number), -1);    // the input ends first: EOF
    EXPECT_EQ(sscanf_s(nullptr, "%d", &number), -1);
    const char* no_format = nullptr;
    EXPECT_EQ(sscanf_s("1", no_format), -1);
    EXPECT_EQ(sscanf_s("1", "%", &number), -1);  // malformed
}

}  // namespace
