"""Unit tests of the Ascend C source rewrite (ascendc/tools/asc_rewrite.py) on tricky inputs.

Run: python3 tests/ascendc/test_asc_rewrite.py (ctest: asc_rewrite_unit). Writes only under
TEST_TMPDIR (the build tree) or a temporary folder.
"""

import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "ascendc", "tools"))
import asc_rewrite as rw  # noqa: E402
import asc_tokens as tk  # noqa: E402

def CALL(kernel):
    """The call a launch of `kernel` becomes, up to its first argument (the kernel's name)."""
    return "::aclemu::ascendc::kernel_launch<&%s >(" % kernel



def rewrite_text(text, directory=None):
    directory = directory or tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR"))
    path = os.path.join(directory, "kernel.cpp")
    with open(path, "w") as f:
        f.write(text)
    rewriter = rw.Rewriter(os.path.join(directory, "out", "asc_headers"))
    out, _, kernels = rewriter.rewrite(path)[:3]
    body = out.split("\n", 2)[2]  # drop the #include and #line
    return body, kernels


class Tokenizer(unittest.TestCase):
    def test_spans_cover_the_text(self):
        text = 'int a = 1\'000; // c <<<\n/* x */ auto s = R"d(<<<)")d"; char c = \'"\';\n'
        tokens = tk.tokenize(text)
        self.assertEqual("".join(t.text for t in tokens), text)
        kinds = [t.kind for t in tk.significant(tokens)]
        self.assertIn(tk.STRING, kinds)
        self.assertEqual([t.text for t in tokens if t.kind == tk.NUMBER], ["1'000"])

    def test_directive_is_one_token_with_continuations(self):
        tokens = tk.tokenize("#define K(x) \\\n  k<<<1, 0, s>>>(x)\nint y;\n")
        self.assertEqual(tokens[0].kind, tk.DIRECTIVE)
        self.assertTrue(tokens[0].text.endswith("(x)"))

    def test_hash_inside_a_line_is_not_a_directive(self):
        tokens = tk.significant(tk.tokenize("a # b\n"))
        self.assertEqual([t.kind for t in tokens], [tk.IDENT, tk.PUNCT, tk.IDENT])

    def test_unterminated_literal_is_an_error(self):
        with self.assertRaises(tk.TokenizeError):
            tk.tokenize('const char* s = "abc\n";')


class Launches(unittest.TestCase):
    def test_plain_launch(self):
        body, _ = rewrite_text("void f(){ add<<<8, nullptr, stream>>>(x, y, z); }\n")
        self.assertIn(CALL('add') + '"add", 8, nullptr, stream)(x, y, z);', body)
        self.assertNotIn("<<<", body)

    def test_launch_in_comments_and_strings_is_left_alone(self):
        text = ('// k<<<1, 0, s>>>(a);\n/* k<<<1,0,s>>>(a) */\nconst char* t = "k<<<1,0,s>>>(a)";\n'
                'auto r = R"x(k<<<1,0,s>>>(a))x";\nchar c = \'<\';\n')
        body, _ = rewrite_text(text)
        self.assertEqual(body, text)

    def test_nested_templates_outside_a_launch(self):
        text = "std::vector<std::vector<std::vector<int>>> v; bool b = a<b<c>>>d;\n"
        body, _ = rewrite_text(text)
        self.assertEqual(body, text)

    def test_template_kernel_and_qualified_name(self):
        body, _ = rewrite_text("ns::k<float, 8><<<n, 0, s>>>(p);\n")
        self.assertIn(CALL('ns::k<float, 8>') + '"ns::k<float, 8>", n, 0, s)(p);', body)

    def test_config_with_calls_and_templates(self):
        text = "k<<<std::min<int>(a, b), sizeof(X<Y<Z>>>), Traits<A<1>>::s>>>(p);\n"
        body, _ = rewrite_text(text)
        self.assertIn(CALL('k') + '"k", std::min<int>(a, b), sizeof(X<Y<Z>>>), Traits<A<1>>::s)(p);',
                      body)

    def test_config_ending_in_a_template_closer(self):
        body, _ = rewrite_text("k<<<n, 0, get<A<1>>>>>(p);\n")
        self.assertIn(CALL('k') + '"k", n, 0, get<A<1>>)(p);', body)

    def test_multiline_launch_keeps_line_count(self):
        text = "int r = k<<<8,\n  nullptr,\n  s>>>(a,\n b);\nint after;\n"
        body, _ = rewrite_text(text)
        self.assertEqual(body.count("\n"), text.count("\n"))
        self.assertTrue(body.endswith("int after;\n"))

    def test_status_of_the_launch_is_an_expression(self):
        body, _ = rewrite_text("auto r = static_cast<int32_t>(k<<<1, nullptr, s>>>(a));\n")
        self.assertIn("static_cast<int32_t>(" + CALL('k') + '"k", 1, nullptr, s)(a));', body)

    def test_operator_shift_specialisation_is_not_a_launch(self):
        text = "template<> Out& operator<<<int>(Out& o, int v);\n"
        body, _ = rewrite_text(text)
        self.assertEqual(body, text)

    def test_launch_without_arguments_is_an_error(self):
        with self.assertRaises(rw.RewriteError):
            rewrite_text("k<<<1, 0, s>>>;\n")

    def test_unclosed_launch_is_an_error(self):
        with self.assertRaises(rw.RewriteError):
            rewrite_text("k<<<1, 0, s(a);\n")


class Traps(unittest.TestCase):
    def test_asm_trap_spellings(self):
        body, _ = rewrite_text('asm("trap"); __asm__ volatile ("trap;"); asm("nop");\n')
        self.assertEqual(body.count("::aclemu::ascendc::Trap()"), 2)
        self.assertIn('asm("nop")', body)

    def test_trap_in_a_string_is_left_alone(self):
        text = 'const char* s = "asm(\\"trap\\")";\n'
        body, _ = rewrite_text(text)
        self.assertEqual(body, text)


class Headers(unittest.TestCase):
    def test_local_header_with_a_launch_is_rewritten_into_the_build_tree(self):
        directory = tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR"))
        os.makedirs(os.path.join(directory, "inc"))
        header = os.path.join(directory, "inc", "launch.h")
        plain = os.path.join(directory, "plain.h")
        with open(header, "w") as f:
            f.write("inline int go(void* s) { return k<<<2, 0, s>>>(); }\n")
        with open(plain, "w") as f:
            f.write("int plain;\n")
        body, _ = rewrite_text('#include "inc/launch.h"\n#include "plain.h"\n#include <vector>\n',
                               directory)
        with open(header) as f:
            self.assertIn("<<<", f.read())  # the user's header is untouched
        rewritten = body.split('"')[1]
        self.assertTrue(rewritten.startswith(os.path.join(directory, "out", "asc_headers")))
        with open(rewritten) as f:
            self.assertIn(CALL('k') + '"k", 2, 0, s)()', f.read())
        self.assertIn('#include "%s"' % plain, body)
        self.assertIn("#include <vector>", body)


class LaunchHeaders(unittest.TestCase):
    def test_kernels_found_with_linkage_and_params(self):
        text = ('extern "C" __global__ __aicore__ void add(GM_ADDR x, __gm__ float* y, Tiling t) {}\n'
                "template <typename T> __global__ __aicore__ void tk(GM_ADDR x) {}\n"
                "__global__ __vector__ void decl(GM_ADDR x);\n")
        _, kernels = rewrite_text(text)
        self.assertEqual(kernels, [("add", ["GM_ADDR x", "__gm__ float* y", "Tiling t"], True)])
        header = rw.launch_header_text(*kernels[0])
        self.assertIn('extern "C" uint32_t aclrtlaunch_add(uint32_t numBlocks, aclrtStream stream, '
                      "void* x, void* y, Tiling* t);", header)

    def test_param_named_stream_renames_the_added_ones(self):
        header = rw.launch_header_text("k", ["GM_ADDR stream"], False)
        self.assertIn("uint32_t aclrtlaunch_k(uint32_t _numBlocks, aclrtStream _stream, void* stream)",
                      header)


class CommandLine(unittest.TestCase):
    def test_refuses_to_overwrite_the_source(self):
        directory = tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR"))
        path = os.path.join(directory, "k.cpp")
        with open(path, "w") as f:
            f.write("int x;\n")
        self.assertEqual(rw.main([path, "--out", path]), 2)
        with open(path) as f:
            self.assertEqual(f.read(), "int x;\n")

    def test_fatbin_entries_export_each_non_template_kernel(self):
        directory = tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR"))
        path = os.path.join(directory, "k.cpp")
        out = os.path.join(directory, "out", "k.cpp")
        with open(path, "w") as f:
            f.write('extern "C" __global__ __aicore__ void scale(GM_ADDR x, float a) {}\n'
                    "template <typename T> __global__ __aicore__ void tk(GM_ADDR x) {}\n"
                    '// ACLEMU_FATBIN_ENTRY(not_a_kernel)\n')
        self.assertEqual(rw.main([path, "--out", out, "--fatbin-entries"]), 0)
        with open(out) as f:
            text = f.read()
        self.assertIn('#include "aclemu/ascendc/fatbin_entry.h"', text)
        self.assertEqual(text.count("\nACLEMU_FATBIN_ENTRY("), 1)
        self.assertIn("\nACLEMU_FATBIN_ENTRY(scale)\n", text)
        self.assertEqual(rw.main([path, "--out", out]), 0)
        with open(out) as f:
            self.assertNotIn("fatbin_entry.h", f.read())

    def test_fatbin_entries_export_each_global_namespace_gm_variable(self):
        directory = tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR"))
        path = os.path.join(directory, "k.cpp")
        out = os.path.join(directory, "out", "k.cpp")
        with open(path, "w") as f:
            f.write('extern "C" { __gm__ uint32_t g_value[1]; }\n'
                    "static __gm__ float scale, bias;\n"
                    "namespace n { __gm__ int inside; }\n"
                    "extern __gm__ int declared_only;\n")
        self.assertEqual(rw.main([path, "--out", out, "--fatbin-entries"]), 0)
        with open(out) as f:
            text = f.read()
        self.assertIn('#include "aclemu/ascendc/fatbin_entry.h"', text)
        for name in ("g_value", "scale", "bias"):
            self.assertIn("\nACLEMU_FATBIN_GLOBAL(%s)\n" % name, text)
        # A C symbol cannot name a namespace member; a declaration defines nothing.
        self.assertEqual(text.count("\nACLEMU_FATBIN_GLOBAL("), 3)
        self.assertNotIn("ACLEMU_PROGRAM_GLOBAL", text)  # found through the binary instead


class Depfile(unittest.TestCase):
    """--depfile lists every file the copy was made from; --headers-only writes no copy."""

    def make_sources(self):
        directory = tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR"))
        os.makedirs(os.path.join(directory, "my dir"))
        files = {"k.cpp": '#include "plain.h"\n#include <vector>\n'
                          'extern "C" __global__ __aicore__ void k(GM_ADDR x) {}\n',
                 "plain.h": '#include "my dir/launch.h"\n',
                 os.path.join("my dir", "launch.h"):
                     "inline int go(void* s) { return k<<<1, 0, s>>>(); }\n"}
        for name, text in files.items():
            with open(os.path.join(directory, name), "w") as f:
                f.write(text)
        return directory

    def test_lists_the_source_and_each_local_header(self):
        directory = self.make_sources()
        out = os.path.join(directory, "out", "k.cpp")
        depfile = out + ".d"
        self.assertEqual(rw.main([os.path.join(directory, "k.cpp"), "--out", out,
                                  "--depfile", depfile]), 0)
        with open(depfile) as f:
            text = f.read()
        target, _, deps = text.partition(":")
        self.assertEqual(target, out)
        listed = [d.strip().replace("\\ ", " ") for d in deps.split(" \\\n") if d.strip()]
        self.assertEqual(listed, [os.path.join(directory, "k.cpp"),
                                  os.path.join(directory, "plain.h"),
                                  os.path.join(directory, "my dir", "launch.h")])
        self.assertTrue(os.path.isfile(out))

    def test_headers_only_writes_the_launch_headers_and_no_copy(self):
        directory = self.make_sources()
        out = os.path.join(directory, "out", "k.cpp")
        headers = os.path.join(directory, "include")
        self.assertEqual(rw.main([os.path.join(directory, "k.cpp"), "--out", out,
                                  "--launch-headers", headers, "--headers-only"]), 0)
        self.assertFalse(os.path.exists(out))
        self.assertTrue(os.path.isfile(os.path.join(headers, "aclrtlaunch_k.h")))


class ProgramSymbols(unittest.TestCase):
    """Namespace-scope __gm__ variables and kernels registered by address
    (asc_program_symbols.py)."""

    def registration(self, text):
        directory = tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR"))
        path = os.path.join(directory, "kernel.cpp")
        with open(path, "w") as f:
            f.write(text)
        rewriter = rw.Rewriter(os.path.join(directory, "out", "asc_headers"))
        out, _, _, registration = rewriter.rewrite(path)[:4]
        return out.split("\n", 2)[2], registration

    def test_variables_at_namespace_scope_only(self):
        body, registration = self.registration(
            "__gm__ int32_t table[8];\n"
            "namespace a::b { static __gm__ float scale = 1.0f, bias; }\n"
            "namespace { __gm__ int hidden; }\n"
            "extern __gm__ int elsewhere;\n"
            "struct S { __gm__ int* member; };\n"
            "__gm__ uint8_t* function_returning_gm();\n"
            "typedef __gm__ int gm_int;\n"
            'extern "C" __global__ __aicore__ void k(__gm__ int* p) { __gm__ int* q = p; }\n')
        self.assertEqual(body.count("ACLEMU_GM_VARIABLE __gm__"), 4)  # the extern one too
        self.assertIn("ACLEMU_GM_VARIABLE __gm__ int32_t table[8];", body)
        self.assertIn("static ACLEMU_GM_VARIABLE __gm__ float scale", body)
        for name in ("table", "a::b::scale", "a::b::bias", "hidden"):
            self.assertIn("\nACLEMU_PROGRAM_GLOBAL(%s)\n" % name, registration)
        self.assertEqual(registration.count("ACLEMU_PROGRAM_GLOBAL("), 4)
        self.assertIn("\nACLEMU_PROGRAM_KERNEL(k, 2)\n", registration)

    def test_kernels_by_qualified_name_and_type(self):
        _, registration = self.registration(
            'extern "C" __global__ __vector__ void v(GM_ADDR x) {}\n'
            "__global__ __mix__(1, 2) void m(GM_ADDR x) {}\n"
            "namespace ns { __global__ __aicore__ void a() {} }\n"
            "template <typename T> __global__ __aicore__ void t(GM_ADDR x) {}\n"
            "__global__ __aicore__ void declared(GM_ADDR x);\n")
        self.assertEqual(registration.count("ACLEMU_PROGRAM_KERNEL("), 3)
        self.assertIn("\nACLEMU_PROGRAM_KERNEL(v, 2)\n", registration)
        self.assertIn("\nACLEMU_PROGRAM_KERNEL(m, 3)\n", registration)
        self.assertIn("\nACLEMU_PROGRAM_KERNEL(ns::a, 2)\n", registration)

    def test_a_loaded_binary_registers_nothing(self):
        directory = tempfile.mkdtemp(dir=os.environ.get("TEST_TMPDIR"))
        path = os.path.join(directory, "k.cpp")
        out = os.path.join(directory, "out", "k.cpp")
        with open(path, "w") as f:
            f.write('__gm__ int g;\nextern "C" __global__ __aicore__ void k(GM_ADDR x) {}\n')
        self.assertEqual(rw.main([path, "--out", out, "--fatbin-entries"]), 0)
        with open(out) as f:
            self.assertNotIn("ACLEMU_PROGRAM_", f.read())
        self.assertEqual(rw.main([path, "--out", out]), 0)
        with open(out) as f:
            text = f.read()
        self.assertIn("\nACLEMU_PROGRAM_KERNEL(k, 2)\nACLEMU_PROGRAM_GLOBAL(g)\n", text)


if __name__ == "__main__":
    unittest.main()
