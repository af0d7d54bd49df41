"""The program's own kernels and __gm__ globals, for the Ascend C source rewrite (asc_rewrite.py).

A namespace-scope `__gm__` variable is device memory the host reaches by the variable's name
(aclrtGetSymbolAddress, aclrtMemcpyToSymbol, ...), and a kernel a function the host reaches by its
address (aclrtGetFuncBySymbol). The rewrite
  * puts ACLEMU_GM_VARIABLE before the `__gm__` of each such variable (a __device__ variable under
    nvcc/hipcc, nothing elsewhere: aclemu/ascendc/block_api.h), and
  * appends to the source one registration per kernel and per defined variable
    (aclemu/ascendc/program_symbols.h), by its qualified name, so the runtime finds them.

Works on the significant tokens of asc_tokens.py.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import asc_tokens as tk  # noqa: E402

# aclrtKernelType of a kernel, from its execution-space qualifier; aclemu runs an __aicore__ kernel
# on vector cores (ACL_KERNEL_TYPE_VECTOR), as every kernel of a loaded binary.
_KERNEL_TYPES = {"__cube__": 1, "__vector__": 2, "__mix__": 3}
_AICORE_TYPE = 2
_NOT_VARIABLES = {"typedef", "using", "template", "friend", "return"}


def _is(token, kind, text=None):
    return token.kind == kind and (text is None or token.text == text)


def namespace_scopes(sig):
    """For each significant token, the namespaces around it (a tuple of names, "" for an anonymous
    one), or None inside any other braces (a function, class or initializer)."""
    out = []
    stack = []  # one entry per open brace: a namespace name, "" (transparent) or None
    pending = None  # the entry the next `{` opens
    i = 0
    while i < len(sig):
        t = sig[i]
        if _is(t, tk.IDENT, "namespace"):
            names = []
            k = i + 1
            while k < len(sig) and (sig[k].kind == tk.IDENT or _is(sig[k], tk.PUNCT, ":")):
                if sig[k].kind == tk.IDENT and sig[k].text != "inline":
                    names.append(sig[k].text)
                k += 1
            if k < len(sig) and _is(sig[k], tk.PUNCT, "{"):
                pending = "::".join(names)
        elif (_is(t, tk.IDENT, "extern") and i + 2 < len(sig) and sig[i + 1].kind == tk.STRING
              and _is(sig[i + 2], tk.PUNCT, "{")):
            pending = ""  # extern "C" { ... } changes no scope
        if _is(t, tk.PUNCT, "{"):
            stack.append(pending)
            pending = None
            out.append(_path(stack[:-1]))
        elif _is(t, tk.PUNCT, "}"):
            out.append(_path(stack))
            if stack:
                stack.pop()
        else:
            out.append(_path(stack))
        i += 1
    return out


def _path(stack):
    if any(entry is None for entry in stack):
        return None
    return tuple(entry for entry in stack if entry)


def _qualified(path, name):
    return "::".join(list(path) + [name])


def _statement_start(sig, i):
    k = i - 1
    while k >= 0 and not (sig[k].kind == tk.PUNCT and sig[k].text in ";{}"):
        k -= 1
    return k + 1


def gm_variables(sig, scopes):
    """Namespace-scope variables declared `__gm__`: (qualified name, index of the `__gm__` token,
    True for a definition, False for an `extern` declaration)."""
    found = []
    depth = 0  # parentheses and brackets: a parameter's __gm__ is not a variable's
    for i, t in enumerate(sig):
        if t.kind == tk.PUNCT and t.text in "([":
            depth += 1
        elif t.kind == tk.PUNCT and t.text in ")]":
            depth -= 1
        if not _is(t, tk.IDENT, "__gm__") or depth != 0 or scopes[i] is None:
            continue
        start = _statement_start(sig, i)
        words = {s.text for s in sig[start:i] if s.kind == tk.IDENT}
        if words & _NOT_VARIABLES:
            continue
        names = _declarator_names(sig, i)
        if names is None:
            continue  # a function returning a __gm__ pointer
        for name in names:
            found.append((_qualified(scopes[i], name), i, "extern" not in words))
    return found


def _declarator_names(sig, i):
    """The names declared by the statement whose `__gm__` is sig[i]: None for a function."""
    names = []
    last_ident = None
    depth = 0
    k = i + 1
    while k < len(sig):
        t = sig[k]
        if depth == 0 and t.kind == tk.PUNCT and t.text in "(;=[{,":
            if t.text == "(":
                return None
            if last_ident is not None:
                names.append(last_ident)
                last_ident = None
            if t.text == ";":
                return names
            if t.text != ",":
                # Skip the initializer or array bounds up to the next declarator or the end.
                k = _skip_to(sig, k, ",;")
                if k >= len(sig) or sig[k].text == ";":
                    return names
            k += 1
            continue
        if t.kind == tk.PUNCT and t.text in "(<[{":
            depth += 1
        elif t.kind == tk.PUNCT and t.text in ")>]}":
            depth -= 1
        elif t.kind == tk.IDENT and depth == 0:
            last_ident = t.text
        k += 1
    return names


def _skip_to(sig, k, stops):
    depth = 0
    while k < len(sig):
        t = sig[k]
        if depth == 0 and t.kind == tk.PUNCT and t.text in stops:
            return k
        if t.kind == tk.PUNCT and t.text in "([{":
            depth += 1
        elif t.kind == tk.PUNCT and t.text in ")]}":
            depth -= 1
        k += 1
    return k


def gm_variable_edits(sig, scopes):
    """(start, end, replacement) inserting ACLEMU_GM_VARIABLE before each such `__gm__`."""
    indices = sorted({index for _, index, _ in gm_variables(sig, scopes)})
    return [(sig[i].start, sig[i].start, "ACLEMU_GM_VARIABLE ") for i in indices]


def kernel_type(sig, global_index):
    """aclrtKernelType of the kernel declared with the `__global__` at sig[global_index]."""
    k = global_index - 1
    while k >= 0 and sig[k].kind == tk.IDENT:
        k -= 1
    k += 1
    while k < len(sig) and not _is(sig[k], tk.PUNCT, "("):
        if sig[k].kind == tk.IDENT and sig[k].text in _KERNEL_TYPES:
            return _KERNEL_TYPES[sig[k].text]
        k += 1
    return _AICORE_TYPE


def kernel_name_paren(sig, global_index):
    """Index of the `(` that opens the parameters of the kernel declared at sig[global_index],
    past a `__mix__(aic, aiv)` qualifier."""
    k = global_index + 1
    while k < len(sig) and not (sig[k].kind == tk.PUNCT and sig[k].text in "(;{"):
        k += 1
    while k < len(sig) and _is(sig[k], tk.PUNCT, "(") and _is(sig[k - 1], tk.IDENT, "__mix__"):
        k = _skip_to(sig, k + 1, ")") + 1
        while k < len(sig) and not (sig[k].kind == tk.PUNCT and sig[k].text in "(;{"):
            k += 1
    return k


def kernel_registrations(sig, scopes, kernels):
    """(qualified name, aclrtKernelType) of each kernel find_kernels found: its definition's
    `__global__` is the one before its name."""
    out = []
    names = {name for name, _, _ in kernels}
    for i, t in enumerate(sig):
        if not _is(t, tk.IDENT, "__global__") or scopes[i] is None:
            continue
        k = kernel_name_paren(sig, i)
        if k >= len(sig) or not _is(sig[k], tk.PUNCT, "(") or sig[k - 1].text not in names:
            continue
        close = _skip_to(sig, k + 1, ")")
        if close + 1 < len(sig) and _is(sig[close + 1], tk.PUNCT, "{"):
            entry = (_qualified(scopes[i], sig[k - 1].text), kernel_type(sig, i))
            if entry not in out:
                out.append(entry)
    return out


def registration_text(kernels, variables):
    """What the rewrite appends: one registration per kernel and per defined variable."""
    defined = []
    for name, _, definition in variables:
        if definition and name not in defined:
            defined.append(name)
    if not kernels and not defined:
        return ""
    return ("\n// The program's kernels and __gm__ variables, registered by aclemu's "
            "asc_rewrite.py.\n#include \"aclemu/ascendc/program_symbols.h\"\n"
            + "".join("ACLEMU_PROGRAM_KERNEL(%s, %d)\n" % (name, kind) for name, kind in kernels)
            + "".join("ACLEMU_PROGRAM_GLOBAL(%s)\n" % name for name in defined))
