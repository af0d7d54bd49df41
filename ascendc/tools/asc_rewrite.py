#!/usr/bin/env python3
"""The Ascend C source rewrite: makes a kernel source plain C++ for aclemu's compilers.

    asc_rewrite.py --out BUILD/x.cpp SOURCE/x.cpp [--launch-headers DIR] [--fatbin-entries]
                   [--depfile BUILD/x.cpp.d] [--headers-only]

writes a copy of the source into the build tree (the user's file is never touched) in which

  * each launch `kernel<<<numBlocks, l2ctrl|dynUBufSize, stream>>>(args...)` is a call of
    `::aclemu::ascendc::kernel_launch<&kernel >("kernel", numBlocks, ...)(args...)`, which packs
    the arguments and puts the kernel on the stream (ascendc/include/aclemu_ascendc_launch.h);
  * `asm("trap")` (any spelling of asm, volatile or not) is `::aclemu::ascendc::Trap()`;
  * a quoted #include that names a file next to the source becomes that file's absolute path,
    so the copy compiles from the build tree; a header that itself launches or traps is
    rewritten the same way (into BUILD/asc_headers/) and the copy includes the rewritten one.

A `#line` directive keeps diagnostics, __FILE__ and assert messages on the user's file. With
--launch-headers, each non-template `__global__` kernel also gets `aclrtlaunch_<kernel>.h`
(ACLRT_LAUNCH_KERNEL) in DIR and its definition appended to the copy. With --fatbin-entries
(ascendc_fatbin_library), each also gets the entry points aclrtBinaryGetFunction finds
(ascendc/include/aclemu/ascendc/fatbin_entry.h). With --depfile, the files the copy was made
from (the source and every local header it reads, rewritten or not) go to a gcc-format depfile,
so a build reruns the rewrite when any of them changes. --headers-only writes the aclrtlaunch
headers, not the copy (ascendc.cmake's run at configure time).
The tokenizer (asc_tokens.py) skips comments, literals and directives, so `<<<` in any of those
is left alone, as is `a<b<c>>>` outside a launch.
"""

import argparse
import hashlib
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import asc_program_symbols as program_symbols  # noqa: E402
import asc_tokens as tk  # noqa: E402

LAUNCH_HEADER = "aclemu_ascendc_launch.h"
_INCLUDE = re.compile(r'(#\s*include\s*)"([^"]+)"')
_ASM_NAMES = ("asm", "__asm__", "__asm")
_ASM_QUALIFIERS = ("volatile", "__volatile__", "__volatile", "inline", "goto")
_BUILTIN_TYPES = {"int", "unsigned", "float", "double", "char", "bool", "short", "long", "half",
                  "size_t", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t",
                  "uint32_t", "uint64_t", "bfloat16_t"}
_TRAP_TEXTS = ('"trap"', '"trap;"', '"trap\\n"', '"trap;\\n"')


class RewriteError(Exception):
    pass


def _adjacent(a, b):
    return a.end == b.start


def _is(token, kind, text=None):
    return token.kind == kind and (text is None or token.text == text)


def _match_forward(sig, i, open_text, close_text):
    """Index of the token closing the bracket at sig[i]."""
    depth = 0
    for k in range(i, len(sig)):
        if sig[k].kind != tk.PUNCT:
            continue
        if sig[k].text in "([{":
            depth += 1
        elif sig[k].text in ")]}":
            depth -= 1
            if depth == 0:
                if sig[k].text != close_text:
                    raise RewriteError("line %d: unbalanced %s" % (sig[i].line, open_text))
                return k
    raise RewriteError("line %d: %s is never closed" % (sig[i].line, open_text))


def _callee_start(sig, i):
    """Index of the first token of the kernel expression that ends just before sig[i]."""
    j = i - 1
    if j < 0:
        raise RewriteError("line %d: <<< without a kernel before it" % sig[i].line)
    if _is(sig[j], tk.PUNCT, ">"):  # explicit template arguments: kernel<T, 8>
        depth = 0
        while j >= 0:
            t = sig[j]
            if t.kind == tk.PUNCT and t.text in ">)]":
                depth += 1
            elif t.kind == tk.PUNCT and t.text in "<([":
                depth -= 1
                if depth == 0:
                    break
            j -= 1
        j -= 1
    if j < 0 or sig[j].kind != tk.IDENT:
        raise RewriteError("line %d: <<< must follow a kernel's name" % sig[i].line)
    # Qualified names: ns::kernel, ::kernel.
    while j >= 2 and _is(sig[j - 1], tk.PUNCT, ":") and _is(sig[j - 2], tk.PUNCT, ":"):
        if j >= 3 and sig[j - 3].kind == tk.IDENT:
            j -= 3
        else:
            j -= 2
            break
    return j


def _config_end(sig, k):
    """Index of the first `>` of the `>>>` closing a launch configuration that starts at sig[k].

    At bracket depth 0 a run of three or more `>` closes it (its last three); a longer run first
    closes template arguments (`<<<Traits<A<1>>::n, 0, s>>>`).
    """
    depth = 0
    while k < len(sig):
        t = sig[k]
        if t.kind == tk.PUNCT and t.text in "([{":
            depth += 1
        elif t.kind == tk.PUNCT and t.text in ")]}":
            depth -= 1
        elif depth == 0 and _is(t, tk.PUNCT, ">"):
            run = 1
            while (k + run < len(sig) and _is(sig[k + run], tk.PUNCT, ">")
                   and _adjacent(sig[k + run - 1], sig[k + run])):
                run += 1
            if run >= 3:
                return k + run - 3
            k += run
            continue
        k += 1
    raise RewriteError("a launch's <<< is never closed by >>>")


def _is_launch_open(sig, i):
    if i + 2 >= len(sig):
        return False
    a, b, c = sig[i], sig[i + 1], sig[i + 2]
    if not (_is(a, tk.PUNCT, "<") and _is(b, tk.PUNCT, "<") and _is(c, tk.PUNCT, "<")):
        return False
    if not (_adjacent(a, b) and _adjacent(b, c)):
        return False
    if i > 0 and _is(sig[i - 1], tk.PUNCT, "<") and _adjacent(sig[i - 1], a):
        return False  # part of a longer run
    # operator<<<T>: a specialisation of operator<<, not a launch.
    return not (i > 0 and _is(sig[i - 1], tk.IDENT, "operator"))


def _squeeze(text):
    return re.sub(r"\s+", " ", text).strip()


class Edit:
    def __init__(self, start, end, replacement):
        self.start = start
        self.end = end
        self.replacement = replacement


def find_launches(text, sig):
    """The edits turning each <<<>>> launch into a kernel_launch call."""
    edits = []
    i = 0
    while i < len(sig):
        if not _is_launch_open(sig, i):
            i += 1
            continue
        first = _callee_start(sig, i)
        callee = text[sig[first].start:sig[i - 1].end]
        close = _config_end(sig, i + 3)
        config = text[sig[i + 2].end:sig[close].start]
        if not config.strip():
            raise RewriteError("line %d: empty launch configuration" % sig[i].line)
        args_open = close + 3
        if args_open >= len(sig) or not _is(sig[args_open], tk.PUNCT, "("):
            raise RewriteError("line %d: a launch needs its arguments after >>>" % sig[i].line)
        replaced = text[sig[first].start:sig[args_open].start]
        # The kernel is a template argument: under nvcc/hipcc the launch carries its GPU entry.
        replacement = "::aclemu::ascendc::kernel_launch<&%s >(\"%s\", %s)" % (
            callee, _squeeze(callee).replace("\\", "\\\\").replace('"', '\\"'), config.strip())
        # Keep every later line where it was, for diagnostics.
        replacement += "\n" * (replaced.count("\n") - config.strip().count("\n"))
        edits.append(Edit(sig[first].start, sig[args_open].start, replacement))
        i = args_open
    return edits


def find_traps(sig):
    """The edits turning asm("trap") into aclemu's Trap()."""
    edits = []
    for i, t in enumerate(sig):
        if t.kind != tk.IDENT or t.text not in _ASM_NAMES:
            continue
        k = i + 1
        while k < len(sig) and sig[k].kind == tk.IDENT and sig[k].text in _ASM_QUALIFIERS:
            k += 1
        if (k + 2 < len(sig) and _is(sig[k], tk.PUNCT, "(") and sig[k + 1].kind == tk.STRING
                and sig[k + 1].text in _TRAP_TEXTS and _is(sig[k + 2], tk.PUNCT, ")")):
            edits.append(Edit(t.start, sig[k + 2].end, "::aclemu::ascendc::Trap()"))
    return edits


def _param_name(param):
    names = re.findall(r"[A-Za-z_][A-Za-z0-9_]*", param)
    return names[-1] if names else None


def find_kernels(text, sig):
    """Non-template __global__ kernels: (name, [param texts], extern_c)."""
    kernels = []
    for i, t in enumerate(sig):
        if not _is(t, tk.IDENT, "__global__"):
            continue
        # A template kernel has no single launch function; skip it.
        back = i - 1
        while back >= 0 and sig[back].kind == tk.IDENT and sig[back].text.startswith("__"):
            back -= 1
        if back >= 0 and _is(sig[back], tk.PUNCT, ">"):
            continue
        k = program_symbols.kernel_name_paren(sig, i)  # past __mix__(aic, aiv)
        if k >= len(sig) or not _is(sig[k], tk.PUNCT, "(") or sig[k - 1].kind != tk.IDENT:
            continue
        name = sig[k - 1].text
        close = _match_forward(sig, k, "(", ")")
        if close + 1 < len(sig) and _is(sig[close + 1], tk.PUNCT, ";"):
            continue  # a declaration; the definition gets the header
        params = []
        start = k + 1
        depth = 0
        for m in range(k + 1, close + 1):
            s = sig[m]
            if s.kind == tk.PUNCT and s.text in "(<[{":
                depth += 1
            elif s.kind == tk.PUNCT and s.text in ")>]}" and m != close:
                depth -= 1
            if m == close or (depth == 0 and _is(s, tk.PUNCT, ",")):
                if m > start:
                    params.append(_squeeze(text[sig[start].start:sig[m - 1].end]))
                start = m + 1
        if params == ["void"]:
            params = []
        extern_c = _inside_extern_c(sig, i)
        kernels.append((name, params, extern_c))
    return kernels


def _inside_extern_c(sig, i):
    back = i - 1
    while back >= 0 and sig[back].kind == tk.IDENT and sig[back].text != "extern":
        back -= 1
    if back >= 1 and sig[back].text == '"C"' and _is(sig[back - 1], tk.IDENT, "extern"):
        return True
    # extern "C" { ... } around the kernel.
    depth = 0
    for k in range(i - 1, 0, -1):
        if _is(sig[k], tk.PUNCT, "}"):
            depth += 1
        elif _is(sig[k], tk.PUNCT, "{"):
            if depth == 0:
                return k >= 2 and sig[k - 1].text == '"C"' and sig[k - 2].text == "extern"
            depth -= 1
    return False


def launch_header_text(name, params, extern_c):
    """aclrtlaunch_<name>.h: ACLRT_LAUNCH_KERNEL(name)(numBlocks, stream, args...)."""
    names = [_param_name(p) for p in params]
    prefix = "_" if "numBlocks" in names or "stream" in names else ""
    host_params = ["uint32_t %snumBlocks" % prefix, "aclrtStream %sstream" % prefix]
    for param, pname in zip(params, names):
        if "__gm__" in param or "GM_ADDR" in param or "*" in param:
            host_params.append("void* %s" % pname)
        else:
            ptype = param[:param.rfind(pname)].strip()
            host_params.append("%s* %s" % (ptype, pname))
    linkage = 'extern "C" ' if extern_c else ""
    guard = "ACLRTLAUNCH_%s_H" % name.upper()
    # A tiling struct passed by value is passed by pointer here: declare its name.
    declared = ""
    for param, pname in zip(params, names):
        ptype = param[:param.rfind(pname)].strip()
        if "*" not in param and "GM_ADDR" not in param and re.fullmatch(r"[A-Za-z_]\w*", ptype) \
                and ptype not in _BUILTIN_TYPES:
            declared += "struct %s;\n" % ptype
    return ("// Generated by aclemu's asc_rewrite.py: the launch function of kernel %s.\n"
            "#ifndef %s\n#define %s\n#include \"acl/acl_base.h\"\n#include <cstdint>\n"
            "#ifndef ACLRT_LAUNCH_KERNEL\n#define ACLRT_LAUNCH_KERNEL(kernel_func) "
            "aclrtlaunch_##kernel_func\n#endif\n%s%suint32_t aclrtlaunch_%s(%s);\n#endif\n") % (
                name, guard, guard, declared, linkage, name, ", ".join(host_params))


def launch_definition_text(name, params, extern_c):
    names = [_param_name(p) for p in params]
    prefix = "_" if "numBlocks" in names or "stream" in names else ""
    # void* is aclrtStream, which the kernel source need not have declared.
    host_params = ["uint32_t %snumBlocks" % prefix, "void* %sstream" % prefix]
    args = []
    for param, pname in zip(params, names):
        if "__gm__" in param or "GM_ADDR" in param or "*" in param:
            host_params.append("void* %s" % pname)
            args.append(pname)
        else:
            ptype = param[:param.rfind(pname)].strip()
            host_params.append("%s* %s" % (ptype, pname))
            args.append("*%s" % pname)
    linkage = 'extern "C" ' if extern_c else ""
    return ("\n// aclrtlaunch_%s, appended by aclemu's asc_rewrite.py.\n"
            "%suint32_t aclrtlaunch_%s(%s) {\n"
            "    return ::aclemu::ascendc::kernel_launch<&%s>(\"%s\", %snumBlocks, nullptr, "
            "%sstream)(%s);\n}\n") % (name, linkage, name, ", ".join(host_params), name, name,
                                      prefix, prefix, ", ".join(args))


def fatbin_entries_text(names, variables=()):
    """The entry points aclrtBinaryGetFunction and aclrtBinaryGetGlobal look up (fatbin_entry.h):
    one per kernel, and one per `__gm__` variable of the global namespace the source defines (a C
    symbol cannot name one inside a namespace)."""
    globals_ = []
    for name, _, definition in variables:
        if definition and "::" not in name and name not in globals_:
            globals_.append(name)
    if not names and not globals_:
        return ""
    return ("\n// Entry points for launch by loaded binary, appended by aclemu's asc_rewrite.py.\n"
            "#include \"aclemu/ascendc/fatbin_entry.h\"\n"
            + "".join("ACLEMU_FATBIN_ENTRY(%s)\n" % name for name in names)
            + "".join("ACLEMU_FATBIN_GLOBAL(%s)\n" % name for name in globals_))


class Rewriter:
    """Rewrites a source and, recursively, the local headers that launch or trap."""

    def __init__(self, header_dir):
        self.header_dir = header_dir
        self.done = {}  # original header path -> path to include (rewritten or original)
        self.inputs = []  # every file read, in order: what the rewritten copies depend on

    def _read(self, path):
        if path not in self.inputs:
            self.inputs.append(path)
        return _read(path)

    def needs_rewrite(self, path, seen=None):
        seen = seen if seen is not None else set()
        if path in seen:
            return False
        seen.add(path)
        text = self._read(path)
        sig = tk.significant(tk.tokenize(text))
        if any(_is_launch_open(sig, i) for i in range(len(sig))) or find_traps(sig):
            return True
        for target in self._local_includes(text, path):
            if self.needs_rewrite(target, seen):
                return True
        return False

    def _local_includes(self, text, path):
        for t in tk.tokenize(text):
            if t.kind != tk.DIRECTIVE:
                continue
            m = _INCLUDE.match(t.text)
            if m and not os.path.isabs(m.group(2)):
                target = os.path.normpath(os.path.join(os.path.dirname(path), m.group(2)))
                if os.path.isfile(target):
                    yield target

    def header_path(self, path):
        if path in self.done:
            return self.done[path]
        self.done[path] = path  # breaks include cycles
        if self.needs_rewrite(path):
            digest = hashlib.sha1(path.encode()).hexdigest()[:12]
            out = os.path.join(self.header_dir, digest, os.path.basename(path))
            text = self.rewrite(path)[0]
            _write_if_changed(out, text)
            self.done[path] = out
        return self.done[path]

    def rewrite(self, path):
        """(rewritten text, number of launches and traps rewritten, kernels, the registration of
        the program's kernels and __gm__ variables to append, and those variables:
        asc_program_symbols.py)."""
        text = self._read(path)
        tokens = tk.tokenize(text)
        sig = tk.significant(tokens)
        scopes = program_symbols.namespace_scopes(sig)
        edits = find_launches(text, sig) + find_traps(sig)
        edits += [Edit(*e) for e in program_symbols.gm_variable_edits(sig, scopes)]
        for t in tokens:
            if t.kind != tk.DIRECTIVE:
                continue
            m = _INCLUDE.match(t.text)
            if not m or os.path.isabs(m.group(2)):
                continue
            target = os.path.normpath(os.path.join(os.path.dirname(path), m.group(2)))
            if os.path.isfile(target):
                new_path = self.header_path(target)
                quoted = '"%s"' % new_path.replace("\\", "/")
                start = t.start + m.start(2) - 1
                edits.append(Edit(start, t.start + m.end(2) + 1, quoted))
        edits.sort(key=lambda e: e.start)
        pieces = []
        last = 0
        for e in edits:
            pieces.append(text[last:e.start])
            pieces.append(e.replacement)
            last = e.end
        pieces.append(text[last:])
        kernels = find_kernels(text, sig)
        variables = program_symbols.gm_variables(sig, scopes)
        registration = program_symbols.registration_text(
            program_symbols.kernel_registrations(sig, scopes, kernels), variables)
        body = "".join(pieces)
        head = "#include <%s>\n#line 1 \"%s\"\n" % (LAUNCH_HEADER, path.replace("\\", "/"))
        return head + body, len(edits), kernels, registration, variables


def _read(path):
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        return f.read()


def _write_if_changed(path, text):
    """Writes only on change, so an unchanged source does not rebuild."""
    try:
        if _read(path) == text:
            return
    except OSError:
        pass
    _write(path, text)


def _write(path, text):
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write(text)


def _depfile_path(path):
    """A path as a Makefile rule (the gcc depfile format) spells it."""
    return path.replace("\\", "/").replace("$", "$$").replace("#", "\\#").replace(" ", "\\ ")


def depfile_text(target, inputs):
    """A gcc-format depfile: `target` depends on each of `inputs` (the files the rewrite read)."""
    deps = "".join(" \\\n  %s" % _depfile_path(p) for p in inputs)
    return "%s:%s\n" % (_depfile_path(target), deps)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("source")
    parser.add_argument("--out", required=True, help="the rewritten copy (in the build tree)")
    parser.add_argument("--launch-headers", help="folder for aclrtlaunch_<kernel>.h headers")
    parser.add_argument("--fatbin-entries", action="store_true",
                        help="export each kernel for aclrtBinaryGetFunction (fatbin_entry.h)")
    parser.add_argument("--depfile", help="write the files the copy depends on (gcc format)")
    parser.add_argument("--headers-only", action="store_true",
                        help="write only the aclrtlaunch headers (ascendc.cmake's configure run)")
    args = parser.parse_args(argv)
    source = os.path.abspath(args.source)
    out = os.path.abspath(args.out)
    if source == out:
        print("asc_rewrite: refusing to overwrite the source %s" % source, file=sys.stderr)
        return 2
    try:
        rewriter = Rewriter(os.path.join(os.path.dirname(out), "asc_headers"))
        text, _, kernels, registration, variables = rewriter.rewrite(source)
        if args.launch_headers:
            for name, params, extern_c in kernels:
                _write_if_changed(os.path.join(args.launch_headers, "aclrtlaunch_%s.h" % name),
                                  launch_header_text(name, params, extern_c))
                text += launch_definition_text(name, params, extern_c)
        if args.fatbin_entries:
            text += fatbin_entries_text([name for name, _, _ in kernels], variables)
        else:
            text += registration  # a loaded binary's kernels are found through the binary
    except (tk.TokenizeError, RewriteError, OSError) as e:
        print("asc_rewrite: %s: %s" % (args.source, e), file=sys.stderr)
        return 1
    if args.headers_only:
        return 0
    if args.depfile:
        # A build step that lists its inputs: it ran because one of them changed, so the copy
        # is written even when its text is the same, or make would rerun it on every build.
        _write(out, text)
        _write_if_changed(args.depfile, depfile_text(out, rewriter.inputs))
    else:
        _write_if_changed(out, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
