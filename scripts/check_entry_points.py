#!/usr/bin/env python3
"""Every acl*/aclrt* entry point defined in runtime/src runs its body through api_call /
api_call_init (runtime/src/core/status.h): the init gate where it applies, the NVTX range named after
the API, the DEBUG line at ASCEND_GLOBAL_LOG_LEVEL=0 and the slice on the ACLEMU_TRACE host
track (docs/profiling.md). A new entry point that forgets the wrapper, or names another API in
it, fails here; `__func__` as the name is the entry point's own. An entry point may also hand its own name to a forwarding helper of its file: a
function whose first parameter is `const char* api` and whose body calls api_call(api, ...) or
api_call_init(api, ...), or another such helper with `api` (the TDT handle constructors and
getters share one such helper each; the profiling record getters reach it through a second), in
the same file or in a header of runtime/src (stream/stream_reader.h, handles/live_handle.h).
Entry points written as rows of a table (an X-macro `.def` file that a .cpp includes, as DVPP's
176 refusals are) are checked through the macro that expands them: it must run its body through
api_call under the row's own name (`api_call(#name, ...)`), and every row counts as one entry
point. An injectable entry point (runtime/src/inject/api_injection.h) is checked where it is
implemented, `ACLEMU_IMPL(name)`; its public symbol only calls the function the injection table
holds (`Api::name`), the implementation unless a tool replaced it. The few pure helpers that
record nothing are listed below."""
import argparse
import pathlib
import re
import sys

# Pure functions of their arguments: no device, no error to record, nothing worth a range.
UNWRAPPED = {
    "aclFloat16ToFloat",
    "aclFloatToFloat16",
    "aclDataTypeSize",
    "aclCreateDataBuffer",
    "aclGetDataBufferAddr",
    "aclGetDataBufferSizeV2",
    "aclAppLog",  # writes the log itself
    # libascendalog (base/acl_log.h): they write the log themselves, as aclAppLog does, and
    # return no aclError to record.
    "acllogRecord",
    "acllogVaList",
    "acllogCheckDebugLevel",
    "acllogRegisterCallback",
    "acllogUnregisterCallback",
    "aclGetRecentErrMsg",  # reads (and clears) the thread's messages: no call of its own
    "aclrtGetLastError",
    "aclrtPeekAtLastError",
    # Field reads of the info an exception callback is handed, called inside that callback.
    "aclrtGetTaskIdFromExceptionInfo",
    "aclrtGetStreamIdFromExceptionInfo",
    "aclrtGetThreadIdFromExceptionInfo",
    "aclrtGetDeviceIdFromExceptionInfo",
    "aclrtGetErrorCodeFromExceptionInfo",
}

DEFINITION = re.compile(
    r"^[A-Za-z_][\w \*]*?\b(?:ACLEMU_IMPL\((acl\w+)\)|(acl\w+))\(([^;{]*?)\)\s*\{", re.M)
# The name is a literal, or __func__ (written in the entry point's body, its own name).
WRAPPER = re.compile(r'api_call(?:_init)?\(\s*(?:"(\w+)"|(__func__)\b)')
# A helper taking the API's name first that runs its body through api_call(api, ...).
FORWARDER = re.compile(r"\b(\w+)\(\s*const char\* api\b[^;{]*\)\s*\{")
# A function-like macro, its continuation lines included.
MACRO = re.compile(r"^#define (\w+)\(([^)]*)\)((?:[^\n]*\\\n)*[^\n]*)", re.M)
TABLE = re.compile(r'^#include "([\w/]+\.def)"', re.M)


def table_entry_points(source, src_root):
    """(name, names its macro runs through api_call) for each row of the .def tables `source`
    includes, where the row's macro defines a function named by one of its parameters."""
    entries = []
    for macro in MACRO.finditer(source):
        params = [p.strip() for p in macro.group(2).split(",")]
        body = macro.group(3)
        # `<param> <param> {`: the macro defines a function named by its first such parameter.
        defined = re.search(r"\b(%s)\s+\w+\s*\{" % "|".join(map(re.escape, params)), body)
        if not defined:
            continue
        index = params.index(defined.group(1))
        wrapped = re.findall(r'api_call(?:_init)?\(\s*[#"](\w+)', body)
        for table in TABLE.findall(source):
            rows = (src_root / table).read_text()
            for row in re.finditer(r"^%s\(" % re.escape(macro.group(1)), rows, re.M):
                name = split_arguments(rows, row.end())[index]
                entries.append((name, [name if w == params[index] else w for w in wrapped]))
    return entries


def split_arguments(text, start):
    """The top-level, comma-separated arguments of the call whose "(" ends just before `start`."""
    args, depth, current = [], 1, start
    for i in range(start, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                args.append(text[current:i].strip())
                return args
        elif text[i] == "," and depth == 1:
            args.append(text[current:i].strip())
            current = i + 1
    raise ValueError("unbalanced macro call")


def forwarders(source, known=frozenset()):
    """The helpers of `source` that forward their `api` argument to api_call / api_call_init,
    directly or through another such helper (of `source`, or `known`)."""
    candidates = [(m.group(1), body_at(source, m.end())) for m in FORWARDER.finditer(source)]
    names = set()
    while True:
        callees = "|".join(["api_call", "api_call_init"] + sorted(names | set(known)))
        call = re.compile(r"\b(?:%s)\b(?:<[^<>()]*>)?\(\s*api\b" % callees)
        found = {name for name, body in candidates if call.search(body)}
        if found <= names:
            return names
        names |= found


def wrapped_names(body, helpers, own_name):
    """The API names the body runs through api_call, directly or through a forwarding helper."""
    names = [literal or own_name for literal, _ in WRAPPER.findall(body)]
    if helpers:
        call = re.compile(r"\b(?:%s)\b(?:<[^<>()]*>)?\(\s*\"(\w+)\"" % "|".join(sorted(helpers)))
        names += call.findall(body)
    return names


def body_at(source, start):
    depth = 1
    i = start
    while depth:
        if source[i] == "{":
            depth += 1
        elif source[i] == "}":
            depth -= 1
        i += 1
    return source[start:i]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--root", default=pathlib.Path(__file__).resolve().parent.parent)
    root = pathlib.Path(parser.parse_args().root)
    problems = []
    count = 0
    src_root = root / "runtime" / "src"
    # Forwarding helpers a header of runtime/src defines (stream/stream_reader.h) serve any file.
    shared_helpers = set()
    for header in sorted(src_root.rglob("*.h")):
        shared_helpers |= forwarders(header.read_text())
    for path in sorted(src_root.rglob("*.cpp")):
        source = path.read_text()
        helpers = forwarders(source, shared_helpers) | shared_helpers
        definitions = []
        for m in DEFINITION.finditer(source):
            name, body = m.group(1) or m.group(2), body_at(source, m.end())
            if f"(Api::{name})" in body:
                continue  # the injection table's forwarder: ACLEMU_IMPL(name) is checked
            definitions.append((name, wrapped_names(body, helpers, name)))
        for name, names in definitions + table_entry_points(source, src_root):
            count += 1
            where = f"{path.relative_to(root)}: {name}"
            if name in UNWRAPPED:
                if names:
                    problems.append(f"{where}: listed as unwrapped but calls api_call")
            elif not names:
                problems.append(f"{where}: does not run through api_call / api_call_init")
            elif names != [name]:
                problems.append(f"{where}: its api_call names {', '.join(names)}")
    for problem in problems:
        print(problem)
    print(f"{count} entry points checked, {len(problems)} problems")
    return 1 if problems or count == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
