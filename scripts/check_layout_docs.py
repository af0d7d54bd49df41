#!/usr/bin/env python3
"""Checks README.md's "## Layout" section against the repository:

- it names every top-level folder of the repository (git ls-files), hidden ones included, and
  every folder it names exists;
- the scripts/ entry names every script in scripts/ and the docs/ entry every page in docs/,
  and each file either names exists there.

Prints each difference with the README line; exit status 1 when there is one.

usage: check_layout_docs.py [repository-root]
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_doc_paths import repo_files  # noqa: E402  (tracked and new files, as git lists them)

# Entries whose folder's files must all be named: folder -> (suffixes, named with the suffix?)
COMPLETE = {"scripts": ((".sh", ".py"), True), "docs": ((".md",), False)}


def layout_entries(readme):
    """[(folder, line number, description)] from the first code block of the Layout section."""
    entries = []
    in_section = in_block = False
    for number, line in enumerate(readme.splitlines(), 1):
        if line.startswith("## "):
            if in_section:
                break
            in_section = line.strip() == "## Layout"
            continue
        if not in_section:
            continue
        if line.startswith("```"):
            if in_block:
                break
            in_block = True
            continue
        if not in_block:
            continue
        match = re.match(r"(\S+)/\s+(.*)", line)
        if match:
            entries.append([match.group(1), number, match.group(2)])
        elif entries and line.startswith(" "):
            entries[-1][2] += " " + line.strip()
    return entries


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    files = sorted(repo_files(root))
    folders = {f.split("/")[0] for f in files if "/" in f}
    with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
        entries = layout_entries(f.read())
    problems = []
    if not entries:
        problems.append("README.md: no '## Layout' section with a code block of folders")
    named = {folder for folder, _, _ in entries}
    for folder in sorted(folders - named):
        problems.append(f"README.md Layout: the top-level folder {folder}/ is not named")
    for folder, number, description in entries:
        if folder not in folders:
            problems.append(f"README.md:{number}: Layout names {folder}/, which is not a "
                            "top-level folder of the repository")
            continue
        if folder not in COMPLETE:
            continue
        suffixes, with_suffix = COMPLETE[folder]
        inside = {f[len(folder) + 1:] for f in files if f.startswith(folder + "/")}
        # Names as the entry writes them ("a.sh," -> "a.sh"); paths into other folders skipped.
        words = {w.rstrip(".,;") for w in re.findall(r"[\w./-]+", description) if "/" not in w}
        for name in sorted(w for w in words if w.endswith(suffixes)):
            if name not in inside:
                problems.append(f"README.md:{number}: Layout names {name} under {folder}/, "
                                "which has no such file")
        for name in sorted(inside):
            if "/" in name or not name.endswith(suffixes):
                continue
            shown = name if with_suffix else os.path.splitext(name)[0]
            if shown not in words:
                problems.append(f"README.md:{number}: Layout's {folder}/ entry does not name "
                                f"{shown} ({folder}/{name})")
    for line in problems:
        print(line)
    if problems:
        print(f"{len(problems)} difference(s) between README.md's Layout and the repository")
        return 1
    print(f"README.md's Layout names all {len(folders)} top-level folders")
    return 0


if __name__ == "__main__":
    sys.exit(main())
