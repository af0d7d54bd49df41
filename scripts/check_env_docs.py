#!/usr/bin/env python3
"""Checks README.md's environment table against the code, both ways:

- every environment variable the repository's code reads has a row (its first column), and
- every variable a row names is read somewhere in the repository.

"Reads" means: in C/C++ sources, getenv("X") and the project's own helpers that take a variable's
name (env, env_or, read_switch, log_flag) and `k...Variable = "X"` constants; in Python,
os.environ.get("X"), os.environ["X"] (not an assignment) and os.getenv("X"); in shell scripts,
the expansions that read the environment with a fallback (${X:-...}, ${X-...}, ${X:+...});
in CMake, $ENV{X}. Variables of the system that the code only passes on or extends are listed
in SYSTEM; variables read by a library aclemu loads rather than by aclemu's code, in
READ_ELSEWHERE. Prints each difference with the file and line; exit status 1 when there is one.

usage: check_env_docs.py [repository-root]
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_doc_paths import repo_files  # noqa: E402  (tracked and new files, as git lists them)

# Read, but not aclemu's settings: the system's own variables.
SYSTEM = {
    "HOME": "the log root's default ($HOME/ascend/log), named in the ASCEND_PROCESS_LOG_PATH row",
    "PATH": "extended by set_env.sh and scripts/env.sh",
    "LD_LIBRARY_PATH": "extended by set_env.sh",
    "CMAKE_PREFIX_PATH": "extended by set_env.sh and cmake/hip_debian.cmake",
    "DESTDIR": "CMake's staged install",
    "TEST_TMPDIR": "the test harness's temporary folder (gtest's TempDir()), set by ctest",
}
# Named in the table, read by code that is not aclemu's.
READ_ELSEWHERE = {
    "NVTX_INJECTION64_PATH": "the NVTX library aclemu's ranges call loads the tool it names",
}

SOURCE_PATTERNS = {
    "c": (re.compile(r"\b(?:secure_getenv|getenv|env|env_or|read_switch|log_flag)"
                     r"\(\s*\"([A-Z][A-Z0-9_]*)\""),
          re.compile(r"\bk\w*Variable\s*=\s*\"([A-Z][A-Z0-9_]*)\"")),
    "py": (re.compile(r"\benviron\.get\(\s*[\"']([A-Z][A-Z0-9_]*)[\"']"),
           re.compile(r"\bgetenv\(\s*[\"']([A-Z][A-Z0-9_]*)[\"']"),
           re.compile(r"\benviron\[\s*[\"']([A-Z][A-Z0-9_]*)[\"']\s*\](?!\s*=[^=])")),
    "sh": (re.compile(r"\$\{([A-Z][A-Z0-9_]*):?[-+]"),),
    "cmake": (re.compile(r"\$ENV\{([A-Z][A-Z0-9_]*)\}"),),
}
KIND_BY_SUFFIX = {
    ".c": "c", ".cc": "c", ".cpp": "c", ".h": "c", ".hpp": "c", ".cu": "c", ".cuh": "c",
    ".py": "py", ".sh": "sh", ".bash": "sh", ".in": "sh", ".cmake": "cmake",
}
SELF = "scripts/check_env_docs.py"


def kind_of(path):
    name = path.rsplit("/", 1)[-1]
    if name == "CMakeLists.txt":
        return "cmake"
    if path.startswith(".ci/"):
        return "sh"
    if name.endswith(".cmake.in"):
        return "cmake"
    if name == "aclemu-asc":  # the ASC language's compiler, a Python script without a suffix
        return "py"
    return KIND_BY_SUFFIX.get(os.path.splitext(name)[1])


def variables_read(root):
    """{variable: [(file, line), ...]} for every read found in the repository's code."""
    reads = {}
    for path in sorted(repo_files(root)):
        kind = kind_of(path)
        if kind is None or path == SELF:
            continue
        with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
            for number, line in enumerate(f, 1):
                for pattern in SOURCE_PATTERNS[kind]:
                    for name in pattern.findall(line):
                        reads.setdefault(name, []).append((path, number))
    return reads


def table_rows(root):
    """{variable: line number} for the first column of README.md's environment table."""
    rows = {}
    in_section = False
    with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if line.startswith("## "):
                in_section = line.strip() == "## Environment variables"
                continue
            if in_section and line.startswith("| `"):
                first = line.split("|")[1]
                for name in re.findall(r"`([A-Z][A-Z0-9_]*)`", first):
                    rows[name] = number
    return rows


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    reads = variables_read(root)
    rows = table_rows(root)
    problems = []
    if not rows:
        problems.append("README.md: no '## Environment variables' table found")
    for name in sorted(reads):
        if name not in rows and name not in SYSTEM:
            where = ", ".join(f"{p}:{n}" for p, n in reads[name][:3])
            problems.append(f"README.md environment table: {name} is read ({where}) but has no row")
    for name, number in sorted(rows.items(), key=lambda item: item[1]):
        if name not in reads and name not in READ_ELSEWHERE:
            problems.append(f"README.md:{number}: {name} has a row in the environment table, but "
                            "no code in the repository reads it")
    for line in problems:
        print(line)
    if problems:
        print(f"{len(problems)} difference(s) between README.md's environment table and the code")
        return 1
    print(f"README.md's environment table and the code agree: {len(rows)} variables")
    return 0


if __name__ == "__main__":
    sys.exit(main())
