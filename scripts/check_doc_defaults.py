#!/usr/bin/env python3
"""Checks that the defaults the docs state are the ones the build and the code use:

- the default CUDA architectures (CMakeLists.txt): README.md quotes the list exactly, and every
  doc sentence about "default CUDA architectures" names exactly its real ones as sm_NN (and an
  "older than sm_NN" names the oldest);
- the default HIP architectures (CMakeLists.txt, and cmake/hip_debian.cmake for Debian's ROCm
  packages): README.md quotes both, and every quoted `gfx...` list in the docs is one of them;
- the ACLEMU_BACKEND values (backend_choice_name in runtime/src): every list of them in the docs,
  the code's messages and usage texts (`auto|cpu|...`, "one of auto, cpu, ...", `auto cpu ...`,
  the README row, the bullets of backends.md's "Choosing" section) names all of them, and a list
  of the explicit GPU choices (ACLEMU_BACKEND=cuda/hip/...) all but auto and cpu.

Prints each disagreement with its file and line; exit status 1 when there is one. CHANGELOG.md is
history and is not checked.

usage: check_doc_defaults.py [repository-root]
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_doc_paths import repo_files  # noqa: E402  (tracked and new files, as git lists them)

TEXT_SUFFIXES = (".md", ".c", ".cpp", ".h", ".cu", ".py", ".sh", ".cmake", ".txt", ".in")
SELF = "scripts/check_doc_defaults.py"


def read(root, path):
    with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
        return f.read()


def cmake_default(root, path, variable):
    """The list `set(<variable> "...")` assigns in `path` (the default when the user sets none)."""
    match = re.search(r"set\(\s*" + variable + r"\s+\"([^\"]+)\"", read(root, path))
    if not match:
        raise SystemExit(f"{path}: no set({variable} \"...\") found")
    return match.group(1)


def backend_choices(root, files):
    """The ACLEMU_BACKEND values: the names backend_choice_name returns (its EnumName table)."""
    for path in files:
        if not path.startswith("runtime/src/") or not path.endswith(".cpp"):
            continue
        text = read(root, path)
        if not re.search(r"const char\* backend_choice_name\(BackendChoice \w+\)", text):
            continue
        match = re.search(r"EnumName<BackendChoice> \w+\[\] = \{(.*?)\};", text, re.S)
        if match:
            return path, set(re.findall(r"\"([a-z]+)\"", match.group(1)))
    raise SystemExit("runtime/src: no definition of backend_choice_name found")


def sentence_after(text, start, stop=".;"):
    """The text from `start` to the end of its sentence (or clause)."""
    end = start
    while end < len(text) and not (text[end] in stop and (end + 1 == len(text)
                                                           or text[end + 1].isspace())):
        end += 1
    return text[start:end]


def line_of(text, index):
    return text.count("\n", 0, index) + 1


class Checker:
    def __init__(self, root):
        self.root = root
        self.problems = []
        self.files = sorted(repo_files(root))
        self.docs = [f for f in self.files if f.endswith(".md") and f != "CHANGELOG.md"]

    def say(self, path, line, text):
        self.problems.append(f"{path}:{line}: {text}")

    def check_cuda(self):
        default = cmake_default(self.root, "CMakeLists.txt", "CMAKE_CUDA_ARCHITECTURES")
        real = {int(a.split("-")[0]) for a in default.split(";") if a.endswith("-real")}
        readme = read(self.root, "README.md")
        quoted = re.search(r"default CUDA architectures are `([^`]+)`", readme)
        if not quoted:
            self.say("README.md", 1, "states no default CUDA architectures "
                     "('The default CUDA architectures are `...`')")
        elif quoted.group(1) != default:
            self.say("README.md", line_of(readme, quoted.start()),
                     f"default CUDA architectures `{quoted.group(1)}`, but CMakeLists.txt "
                     f"builds `{default}`")
        for path in self.docs:
            text = read(self.root, path)
            for match in re.finditer(r"default\s+CUDA\s+architectures", text):
                sentence = sentence_after(text, match.start(), stop=";")
                named = {int(n) for n in re.findall(r"sm_(\d+)", sentence)}
                if named and named != real:
                    self.say(path, line_of(text, match.start()),
                             f"the default CUDA architectures named are sm_{sorted(named)}, but "
                             f"CMakeLists.txt builds sm_{sorted(real)}")
            older = r"older\s+than\s+sm_(\d+)\s+cannot\s+run\s+the\s+default"
            for match in re.finditer(older, text):
                if int(match.group(1)) != min(real):
                    self.say(path, line_of(text, match.start()),
                             f"'older than sm_{match.group(1)}', but the oldest default "
                             f"architecture is sm_{min(real)}")

    def check_hip(self):
        default = cmake_default(self.root, "CMakeLists.txt", "CMAKE_HIP_ARCHITECTURES")
        debian = cmake_default(self.root, "cmake/hip_debian.cmake", "CMAKE_HIP_ARCHITECTURES")
        readme = read(self.root, "README.md")
        for name, value in (("CMakeLists.txt", default), ("cmake/hip_debian.cmake", debian)):
            if f"`{value}`" not in readme:
                self.say("README.md", 1, f"does not quote the HIP architectures `{value}` that "
                         f"{name} defaults to")
        for path in self.docs:
            text = read(self.root, path)
            for match in re.finditer(r"`(gfx[0-9a-z]+(?:;gfx[0-9a-z]+)*)`", text):
                if match.group(1) not in (default, debian):
                    self.say(path, line_of(text, match.start()),
                             f"HIP architectures `{match.group(1)}` are neither CMakeLists.txt's "
                             f"default `{default}` nor cmake/hip_debian.cmake's `{debian}`")

    def check_backends(self):
        source, choices = backend_choices(self.root, self.files)
        gpu_choices = choices - {"auto", "cpu"}

        def compare(path, line, named, expected, what):
            named = set(named)
            if named != expected:
                missing = ", ".join(sorted(expected - named)) or "none"
                extra = ", ".join(sorted(named - expected)) or "none"
                self.say(path, line, f"{what} lists {' '.join(sorted(named))}: missing "
                         f"{missing}, unknown {extra} (the values are {source}'s "
                         f"backend_choice_name: {' '.join(sorted(expected))})")

        lists = [
            (re.compile(r"\bauto((?:\|[a-z]+)+)"), "|"),              # auto|cpu|cuda
            (re.compile(r"\bone of auto((?:, [a-z]+)+)"), ", "),      # one of auto, cpu, ...
            (re.compile(r"`auto((?: [a-z]+)+)`"), " "),               # `auto cpu cuda`
        ]
        for path in self.files:
            if path == SELF or path == "CHANGELOG.md" or not path.endswith(TEXT_SUFFIXES):
                continue
            text = read(self.root, path)
            for pattern, separator in lists:
                for match in pattern.finditer(text):
                    names = ["auto"] + match.group(1).split(separator)[1:]
                    if "cpu" in names:
                        compare(path, line_of(text, match.start()), names, choices,
                                "an ACLEMU_BACKEND value list")
            for match in re.finditer(r"ACLEMU_BACKEND=([a-z]+(?:/[a-z]+)+)", text):
                compare(path, line_of(text, match.start()), match.group(1).split("/"),
                        gpu_choices, "a list of the explicit GPU choices")
            if path.endswith(".md"):
                for number, line in enumerate(text.splitlines(), 1):
                    if line.startswith("| `ACLEMU_BACKEND` |"):
                        meaning = line.split("|", 3)[3]
                        compare(path, number, re.findall(r"`([a-z]+)`", meaning), choices,
                                "the ACLEMU_BACKEND row")
        text = read(self.root, "docs/backends.md")
        section = re.search(r"^## Choosing: `ACLEMU_BACKEND`\n\n((?:- .*\n(?:  .*\n)*)+)", text,
                            re.M)
        if not section:
            self.say("docs/backends.md", 1, "no bullet list under '## Choosing: `ACLEMU_BACKEND`'")
        else:
            named = set()
            for bullet in re.findall(r"^- (.*(?:\n  .*)*)", section.group(1), re.M):
                named |= set(re.findall(r"`([a-z]+)`", bullet))
            compare("docs/backends.md", line_of(text, section.start(1)), named, choices,
                    "the 'Choosing' section")


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    checker = Checker(root)
    checker.check_cuda()
    checker.check_hip()
    checker.check_backends()
    for line in checker.problems:
        print(line)
    if checker.problems:
        print(f"{len(checker.problems)} documented default(s) differ from the build and the code")
        return 1
    print("the documented CUDA and HIP architectures and ACLEMU_BACKEND values are the build's")
    return 0


if __name__ == "__main__":
    sys.exit(main())
