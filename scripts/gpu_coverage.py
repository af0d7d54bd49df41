#!/usr/bin/env python3
"""Line and branch coverage of the GPU code as the GPU simulator ran it: kernels_cu/ (built for
the simulator) and runtime/src/backend/gpu/ (the gpusim build of the backend), from the gcov data
of a build configured with -DACLEMU_GPU_COVERAGE=ON after its gpu tests ran (scripts/
gpu_coverage.sh runs both). Prints a markdown table per file, the totals, and every kernel line
never run; exits 1 when the kernel lines' coverage is below --min-kernel-lines.

Uses gcov's JSON output (GCC 9 and later), no other tool."""

import argparse
import gzip
import json
import os
import subprocess
import sys
from collections import defaultdict

# The objects that hold the simulator's build of the GPU code (CMake's object directories).
TARGETS = ("aclemu_gpusim_backend", "aclemu_gpusim_kernels", "aclemu_gpusim_builtin_kernels")
AREAS = (("kernels_cu/", "kernels"), ("runtime/src/backend/gpu/", "GPU backend"))


def gcda_files(build):
    for target in TARGETS:
        top = os.path.join(build, "CMakeFiles", target + ".dir")
        for dirpath, _, names in os.walk(top):
            for name in names:
                if name.endswith(".gcda"):
                    yield os.path.join(dirpath, name)


def gcov_json(gcda):
    """gcov's JSON for one object (each file it covers)."""
    gcda = os.path.abspath(gcda)
    out = subprocess.run(["gcov", "--json-format", "--stdout", "--branch-probabilities", gcda],
                         cwd=os.path.dirname(gcda), capture_output=True, check=True).stdout
    if out[:2] == b"\x1f\x8b":
        out = gzip.decompress(out)
    for text in out.decode().splitlines():
        if text.strip():
            yield json.loads(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build", help="the build directory (configured with ACLEMU_GPU_COVERAGE)")
    parser.add_argument("--source", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser.add_argument("--min-kernel-lines", type=float, default=0.0,
                        help="fail when kernels_cu/ line coverage is below this percentage")
    args = parser.parse_args()
    source = os.path.realpath(args.source) + os.sep

    lines = defaultdict(dict)     # file -> line -> max count over objects
    branches = defaultdict(dict)  # file -> (line, index) -> taken at least once
    found = False
    for gcda in gcda_files(args.build):
        found = True
        for doc in gcov_json(gcda):
            for f in doc.get("files", []):
                path = os.path.realpath(f["file"] if os.path.isabs(f["file"])
                                        else os.path.join(doc.get("current_working_directory", ""), f["file"]))
                if not path.startswith(source):
                    continue
                rel = path[len(source):]
                if not any(rel.startswith(prefix) for prefix, _ in AREAS):
                    continue
                for line in f.get("lines", []):
                    n = line["line_number"]
                    lines[rel][n] = max(lines[rel].get(n, 0), line["count"])
                    for i, b in enumerate(line.get("branches", [])):
                        if b.get("throw"):
                            continue  # exception edges: not the code's own branches
                        key = (n, i)
                        branches[rel][key] = branches[rel].get(key, False) or b["count"] > 0
    if not found:
        print(f"gpu_coverage: no .gcda files under {args.build} (configure with "
              "-DACLEMU_GPU_COVERAGE=ON and run the gpu tests first)", file=sys.stderr)
        return 2

    print("| file | lines | branches |")
    print("| --- | --- | --- |")
    totals = {}
    for prefix, name in AREAS:
        lt = lc = bt = bc = 0
        for rel in sorted(f for f in lines if f.startswith(prefix)):
            l_total = len(lines[rel])
            l_cov = sum(1 for c in lines[rel].values() if c > 0)
            b_total = len(branches[rel])
            b_cov = sum(1 for taken in branches[rel].values() if taken)
            lt, lc, bt, bc = lt + l_total, lc + l_cov, bt + b_total, bc + b_cov
            print(f"| `{rel}` | {l_cov}/{l_total} | {b_cov}/{b_total} |")
        totals[name] = (lc, lt, bc, bt)
    print()
    for name, (lc, lt, bc, bt) in totals.items():
        lp = 100.0 * lc / lt if lt else 100.0
        bp = 100.0 * bc / bt if bt else 100.0
        print(f"**{name}**: lines {lc}/{lt} = {lp:.1f} %, branches {bc}/{bt} = {bp:.1f} %")
    print()
    print("Lines never run:")
    print()
    for rel in sorted(lines):
        missed = sorted(n for n, c in lines[rel].items() if c == 0)
        if not missed:
            continue
        with open(os.path.join(source, rel), encoding="utf-8") as handle:
            text = handle.read().splitlines()
        for n in missed:
            print(f"- `{rel}:{n}`: `{text[n - 1].strip()}`")
    lc, lt, _, _ = totals["kernels"]
    kernel_percent = 100.0 * lc / lt if lt else 100.0
    if kernel_percent < args.min_kernel_lines:
        print(f"\ngpu_coverage: kernel lines {kernel_percent:.1f} % < {args.min_kernel_lines} %",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
