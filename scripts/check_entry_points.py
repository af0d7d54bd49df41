#!/usr/bin/env python3
"""Every acl*/aclrt* entry point defined in runtime/src runs its body through api_call /
api_call_init (runtime/src/core/status.h): the init gate where it applies, the NVTX range named after
the API, the DEBUG line at ASCEND_GLOBAL_LOG_LEVEL=0 and the slice on the ACLEMU_TRACE host
track (docs/profiling.md). A new entry point that forgets the wrapper, or names another API in
it, fails here. An entry point may also hand its own name to a forwarding helper of its file: a
function whose first parameter is `const char* api` and whose body calls api_call(api, ...) or
api_call_init(api, ...) (the TDT handle constructors and getters share one such helper each).
The few pure helpers that record nothing are listed below."""
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
    "aclGetRecentErrMsg",  # reads (and clears) the thread's messages: no call of its own
    "aclrtGetLastError",
    "aclrtPeekAtLastError",
}

DEFINITION = re.compile(r"^[A-Za-z_][\w \*]*?\b(acl\w+)\(([^;{]*?)\)\s*\{", re.M)
WRAPPER = re.compile(r'api_call(?:_init)?\(\s*"(\w+)"')
# A helper taking the API's name first that runs its body through api_call(api, ...).
FORWARDER = re.compile(r"\b(\w+)\(\s*const char\* api\b[^;{]*\)\s*\{")


def forwarders(source):
    """The helpers of `source` that forward their `api` argument to api_call / api_call_init."""
    names = set()
    for match in FORWARDER.finditer(source):
        if re.search(r"api_call(?:_init)?\(\s*api\b", body_at(source, match.end())):
            names.add(match.group(1))
    return names


def wrapped_names(body, helpers):
    """The API names the body runs through api_call, directly or through a forwarding helper."""
    names = WRAPPER.findall(body)
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
    for path in sorted((root / "runtime" / "src").rglob("*.cpp")):
        source = path.read_text()
        helpers = forwarders(source)
        for match in DEFINITION.finditer(source):
            name = match.group(1)
            count += 1
            names = wrapped_names(body_at(source, match.end()), helpers)
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
