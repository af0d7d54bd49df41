#!/usr/bin/env python3
"""docs/api_support.md: every function the public headers declare and its status on each backend.

The function list comes from the headers (runtime/include/**/*.h, ops/include/**/*.h); the status
of each comes from docs/api_status.tsv, one row per function:

    function  group  cpu  cuda  hip  gpusim  note        (tab-separated, with that header line)

where each backend column is one of STATUSES and the note says what a reader needs to know (the
error code of an unsupported call and why, what a partial one leaves out). The page is generated,
never edited by hand: after changing a header or a row, run

    scripts/gen_api_support.py              # rewrite docs/api_support.md

usage: gen_api_support.py [--check-table | --check] [--exports LIBRARY...] [--root DIR]
  --check-table        change nothing; exit 1 when the table and the headers disagree (a declared
                       function without a row, a row without a declaration, a bad status)
  --check              as --check-table, and exit 1 when docs/api_support.md is not what this
                       script would write
  --exports LIBRARY... exit 1 unless every declared function is a defined dynamic symbol of one of
                       these shared libraries (nm -D), so no declared call is a link error
"""
import argparse
import glob
import os
import re
import subprocess
import sys

HEADER_ROOTS = ("runtime/include", "ops/include")
TABLE = "docs/api_status.tsv"
PAGE = "docs/api_support.md"
COLUMNS = ["function", "group", "cpu", "cuda", "hip", "gpusim", "note"]
BACKENDS = COLUMNS[2:6]
STATUSES = {
    "yes": "implemented as CANN documents it",
    "partial": "works, with the limits the note gives",
    "ignored": "accepted (arguments checked, ACL_SUCCESS) and has no effect off Ascend hardware",
    "unsupported": "returns the error code the note gives, with an aclGetRecentErrMsg message",
}

# Markers that decorate a declaration without being part of its type.
_ATTRIBUTE = re.compile(r"__attribute__\s*\(\((?:[^()]|\([^()]*\))*\)\)")
_MARKERS = re.compile(r"\b(?:ACL_FUNC_VISIBILITY|ACLNN_API|ACL_DEPRECATED)\b")
_DEPRECATED_MESSAGE = re.compile(r"\bACL_DEPRECATED_MESSAGE\s*\((?:[^()\"]|\"[^\"]*\")*\)")


def strip_to_declarations(text):
    """The header's top-level statements, without comments, preprocessor lines, extern "C",
    attributes and brace bodies (a body ends its statement)."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    text = re.sub(r"^[ \t]*#(?:[^\n]*\\\n)*[^\n]*", " ", text, flags=re.M)
    text = re.sub(r'extern\s+"C"\s*\{', " ", text)
    text = _DEPRECATED_MESSAGE.sub(" ", _ATTRIBUTE.sub(" ", text))
    text = _MARKERS.sub(" ", text)
    out, depth = [], 0
    for ch in text:
        if ch == "{":
            depth += 1
        elif ch == "}":
            if depth == 0:  # the brace that closed extern "C"
                continue
            depth -= 1
            if depth == 0:
                out.append(";")
        elif depth == 0:
            out.append(ch)
    return [" ".join(s.split()) for s in "".join(out).split(";")]


def declared_functions(path):
    """Names of the functions a header declares, in order: statements of the form
    `type name(parameters)` that are not typedefs, static or inline definitions."""
    with open(path, encoding="utf-8") as f:
        statements = strip_to_declarations(f.read())
    names = []
    for statement in statements:
        if "(" not in statement or re.match(r"(typedef|static|inline|using|template)\b", statement):
            continue
        match = re.match(r"(?:[\w*&\s]+?)\b([A-Za-z_]\w*)\s*\(", statement)
        if match:
            names.append(match.group(1))
    return names


def public_headers(root):
    """{include name (acl/acl_rt.h): [functions]} for every public header."""
    headers = {}
    for base in HEADER_ROOTS:
        for path in sorted(glob.glob(os.path.join(root, base, "**", "*.h"), recursive=True)):
            name = os.path.relpath(path, os.path.join(root, base)).replace(os.sep, "/")
            headers[name] = declared_functions(path)
    return headers


def read_table(root, problems):
    """{function: row dict} from docs/api_status.tsv; problems get one line per bad row."""
    rows = {}
    path = os.path.join(root, TABLE)
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    if not lines or lines[0].split("\t") != COLUMNS:
        problems.append(f"{TABLE}:1: the header line must be: {' '.join(COLUMNS)} (tab-separated)")
        return rows
    for number, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        fields = line.split("\t")
        if len(fields) != len(COLUMNS):
            problems.append(f"{TABLE}:{number}: {len(fields)} fields, expected {len(COLUMNS)}")
            continue
        row = dict(zip(COLUMNS, (field.strip() for field in fields)))
        name = row["function"]
        if name in rows:
            problems.append(f"{TABLE}:{number}: a second row for {name}")
        if not row["group"]:
            problems.append(f"{TABLE}:{number}: {name} has no group")
        for backend in BACKENDS:
            if row[backend] not in STATUSES:
                problems.append(f"{TABLE}:{number}: {name}: {backend} status '{row[backend]}' "
                                f"is not one of {', '.join(STATUSES)}")
        if any(row[b] in ("partial", "unsupported") for b in BACKENDS) and not row["note"]:
            problems.append(f"{TABLE}:{number}: {name} is partial or unsupported somewhere, "
                            "so its note must say how")
        rows[name] = row
    return rows


def check_agreement(headers, rows, problems):
    where = {}
    for header, functions in headers.items():
        for name in functions:
            if name in where:
                problems.append(f"{name} is declared in both {where[name]} and {header}")
            where[name] = header
            if name not in rows:
                problems.append(f"{header} declares {name}, which has no row in {TABLE}")
    for name in rows:
        if name not in where:
            problems.append(f"{TABLE} has a row for {name}, which no public header declares")


def backends_with(row, status):
    """'every backend', or the backends (in column order) where `row` has `status`."""
    found = [b for b in BACKENDS if row[b] == status]
    return "every backend" if len(found) == len(BACKENDS) else ", ".join(found)


def render_exceptions(declared, rows):
    """The functions that are not "yes" everywhere, in one table: where each is accepted and
    ignored, refused, or implemented in part."""
    lines = ["", "## Not everywhere implemented", "",
             "Every function below is declared and exported, but on the backends named it is "
             "accepted and ignored, refused (with the code its note gives and a message), or "
             "implemented in part. Every function not listed here is implemented on every "
             "backend.", "",
             "| function | ignored on | refused on | partial on | note |",
             "| --- | --- | --- | --- | --- |"]
    for functions in declared.values():
        for name in functions:
            row = rows[name]
            if all(row[b] == "yes" for b in BACKENDS):
                continue
            cells = [f"`{name}`"] + [backends_with(row, s) or "-"
                                     for s in ("ignored", "unsupported", "partial")]
            cells.append(row["note"].replace("|", "\\|"))
            lines.append("| " + " | ".join(cells) + " |")
    return lines


def render(headers, rows):
    lines = [
        "# API support",
        "",
        "Every function the public headers declare, and what it does on each backend. Generated by",
        "[scripts/gen_api_support.py](../scripts/gen_api_support.py) from the headers and",
        "[api_status.tsv](api_status.tsv); edit the table, not this page, then run",
        "`scripts/gen_api_support.py` (ctest `api_support_up_to_date` fails until you do).",
        "",
        "| status | meaning |",
        "| --- | --- |",
    ]
    lines += [f"| {status} | {meaning} |" for status, meaning in STATUSES.items()]
    lines += [
        "",
        "`gpusim` is the GPU backend on the GPU simulator (`ACLEMU_BACKEND=gpusim`); `hip` builds",
        "the same GPU backend code as `cuda` and is compile-checked in CI (see",
        "[backends.md](backends.md)).",
        "",
    ]
    declared = {h: f for h, f in headers.items() if f}
    empty = [h for h, f in headers.items() if not f]
    counts = {b: {s: 0 for s in STATUSES} for b in BACKENDS}
    for functions in declared.values():
        for name in functions:
            for backend in BACKENDS:
                counts[backend][rows[name][backend]] += 1
    total = sum(len(f) for f in declared.values())
    lines += [f"{total} functions in {len(declared)} headers:", "",
              "| backend | " + " | ".join(STATUSES) + " |",
              "| --- |" + " --- |" * len(STATUSES)]
    for backend in BACKENDS:
        lines.append(f"| {backend} | " + " | ".join(str(counts[backend][s]) for s in STATUSES)
                     + " |")
    if empty:
        lines += ["", "Headers that declare no functions: "
                  + ", ".join(f"`{h}`" for h in empty) + "."]
    lines += render_exceptions(declared, rows)
    for header, functions in declared.items():
        lines += ["", f"## {header}", "",
                  "| group | function | cpu | cuda | hip | gpusim | note |",
                  "| --- | --- | --- | --- | --- | --- | --- |"]
        groups = []  # in the order the header first declares a function of each
        for name in functions:
            if rows[name]["group"] not in groups:
                groups.append(rows[name]["group"])
        for group in groups:
            first = True
            for name in functions:
                row = rows[name]
                if row["group"] != group:
                    continue
                cells = [group if first else "", f"`{name}`"] + [row[b] for b in BACKENDS]
                cells.append(row["note"].replace("|", "\\|"))
                lines.append("| " + " | ".join(cells) + " |")
                first = False
    return "\n".join(lines) + "\n"


def exported_symbols(library):
    out = subprocess.run(["nm", "-D", "--defined-only", library], capture_output=True, text=True,
                         check=True).stdout
    return {fields[-1].split("@")[0] for fields in (l.split() for l in out.splitlines())
            if len(fields) >= 3 and fields[-2] in ("T", "W", "i")}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check-table", action="store_true")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--exports", nargs="+", metavar="LIBRARY")
    parser.add_argument("--root", default=os.path.join(os.path.dirname(__file__), ".."))
    args = parser.parse_args()
    root = os.path.abspath(args.root)

    headers = public_headers(root)
    if args.exports:
        symbols = set()
        for library in args.exports:
            symbols |= exported_symbols(library)
        missing = [(h, n) for h, fs in headers.items() for n in fs if n not in symbols]
        for header, name in missing:
            print(f"{header} declares {name}, which no library exports")
        declared = sum(len(f) for f in headers.values())
        print(f"{declared} declared functions, {declared - len(missing)} exported by "
              + ", ".join(os.path.basename(l) for l in args.exports))
        return 1 if missing else 0

    problems = []
    rows = read_table(root, problems)
    check_agreement(headers, rows, problems)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem(s): fix {TABLE} (one row per declared function)")
        return 1
    if args.check_table:
        print(f"{TABLE} has one row for each of the {len(rows)} functions the headers declare")
        return 0
    text = render(headers, rows)
    page = os.path.join(root, PAGE)
    if args.check:
        current = open(page, encoding="utf-8").read() if os.path.exists(page) else ""
        if current != text:
            print(f"{PAGE} is out of date: run scripts/gen_api_support.py")
            return 1
        print(f"{PAGE} lists all {len(rows)} functions of the headers, as {TABLE} describes them")
        return 0
    with open(page, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {PAGE}: {len(rows)} functions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
