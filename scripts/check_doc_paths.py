#!/usr/bin/env python3
"""Checks that the Markdown pages (README.md, CHANGELOG.md, docs/*.md) cite only files that exist
in the repository: relative link targets, `code spans` that name a file or a repository
directory, and file names in the prose. Prints each citation that resolves to nothing; exit status 1 when there is one.

A cited path may be relative to the repository root or to the page; a public header may be
cited as it is included (`acl/acl_rt.h`, `aclnnop/*.h`); a bare file name (`work_queue.h`)
must name a file somewhere in the repository. Names of files that the build, the install or
the scripts create are listed in GENERATED.

usage: check_doc_paths.py [repository-root]
"""
import fnmatch
import os
import re
import subprocess
import sys

# Cited in the docs, created by the build, `cmake --install` or the scripts; not in the tree.
GENERATED = {
    "set_env.sh",  # the installed prefix's copy of cmake/set_env.sh.in
    "bench/out/",  # scripts/run_bench.sh's output directory
    # the installed prefix's copy of ascendc/cmake/ascendc.cmake
    "tikcpp/ascendc_kernel_cmake/ascendc.cmake",
    "build-gpu-check/gpu_check_report.md",  # scripts/gpu_check.sh's report
    # written by aclprofStop into the aclprofInit directory (docs/profiling.md)
    "aclemu_timeline.json",
    "op_summary.csv",
    "op_summary.txt",
    "acl.json",  # a program's dump configuration (docs/dump.md)
    # the installed prefix's GPU settings for Ascend C kernels (ascendc/cmake/ascendc_gpu.cmake.in)
    "ascendc_gpu.cmake",
}
# Where public headers live, so `acl/acl.h` (or the kernel header `debug/asc_printf.h`) resolves as
# an #include would.
INCLUDE_ROOTS = ("runtime/include", "ops/include", "ascendc/include")
FILE_EXTENSIONS = (".h", ".hpp", ".c", ".cpp", ".cu", ".cuh", ".py", ".sh", ".cmake", ".md",
                   ".txt", ".png", ".json", ".in")
# Characters that mark a span as a pattern, command or placeholder rather than a path.
NOT_A_PATH = re.compile(r"[\s<>$={}():,;'\"`\\@%]|^[-/~.]|^\w+://")


def repo_files(root):
    """The repository's files (tracked or new, not ignored), relative, with '/' separators."""
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "--cached", "--others",
                              "--exclude-standard"], capture_output=True, text=True, check=True)
        return {line for line in out.stdout.splitlines() if os.path.exists(os.path.join(root, line))}
    except (OSError, subprocess.CalledProcessError):  # not a git checkout: walk the tree
        files = set()
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith((".git", "build", "_install"))]
            for name in filenames:
                files.add(os.path.relpath(os.path.join(dirpath, name), root).replace(os.sep, "/"))
        return files


class Repo:
    def __init__(self, root):
        self.files = repo_files(root)
        self.dirs = {"/".join(f.split("/")[:i]) for f in self.files
                     for i in range(1, f.count("/") + 1)}
        self.basenames = {f.rsplit("/", 1)[-1] for f in self.files}
        self.top_level = {f.split("/")[0] for f in self.files}

    def exists(self, path):
        path = path.rstrip("/")
        if "*" in path or "?" in path:
            return any(fnmatch.fnmatch(f, path) for f in self.files)
        return path in self.files or path in self.dirs

    def resolves(self, cited, page_dir):
        bases = ["", page_dir] + [r for r in INCLUDE_ROOTS]
        for base in bases:
            path = os.path.normpath(os.path.join(base, cited)).replace(os.sep, "/")
            if not path.startswith("..") and self.exists(path):
                return True
        return "/" not in cited.rstrip("/") and cited in self.basenames


def looks_like_a_path(span, repo):
    if NOT_A_PATH.search(span) or span in GENERATED:
        return False
    if span.lower().endswith(FILE_EXTENSIONS):
        return True
    return "/" in span and span.split("/")[0] in repo.top_level


def citations(text):
    """(line number, cited path) for each link target and code span of a Markdown page."""
    in_fence = False
    for number, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith("```"):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        for target in re.findall(r"\]\(([^)\s]+)\)", line):
            if not re.match(r"\w+:", target) and not target.startswith("#"):
                yield number, target.split("#")[0], True
        for span in re.findall(r"`([^`]+)`", line):
            yield number, span, False
        # File names in the prose, e.g. "(op_semantics.md §1)".
        prose = re.sub(r"`[^`]*`|\]\([^)]*\)|\w+://\S+", " ", line)
        for word in re.findall(r"[\w./-]+\.\w+", prose):
            if word.lower().endswith(FILE_EXTENSIONS):
                yield number, word, False


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), ".."))
    repo = Repo(root)
    pages = sorted(p for p in repo.files
                   if p in ("README.md", "CHANGELOG.md") or re.fullmatch(r"docs/[^/]+\.md", p))
    missing = 0
    for page in pages:
        with open(os.path.join(root, page), encoding="utf-8") as f:
            text = f.read()
        page_dir = os.path.dirname(page)
        for number, cited, is_link in citations(text):
            if not is_link and not looks_like_a_path(cited, repo):
                continue
            if not repo.resolves(cited, page_dir):
                print(f"{page}:{number}: cites `{cited}`, which is not in the repository")
                missing += 1
    print(f"{len(pages)} pages checked: "
          + (f"{missing} citation(s) of missing files" if missing else "every cited file exists"))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
