#!/usr/bin/env python3
"""Headline tables and target checks from aclemu_bench's CSV (and compare_torch.py's CSV).

  python3 bench/summarize.py bench/out/bench_cpu.csv [--torch bench/out/torch_cpu.csv]

Prints markdown: op/copy (the headline) per op, case and dtype at the largest sizes, the host
overhead, and where each performance target of docs/performance.md stands. Plain Python (csv
module only), so it runs wherever the bench runs.
"""

import argparse
import csv
import math
import sys
from collections import defaultdict

# Targets (docs/performance.md). Ratios are op bandwidth / copy bandwidth.
CPU_ELEMENTWISE_MIN_RATIO = 0.80
CPU_ELEMENTWISE_FROM_NUMEL = 1 << 24
# Issue 19's operators (and compare_torch.py's copy column): >= 80% of copy from 2^22 elements.
TORCH_COPY_FROM_NUMEL = 1 << 22
GPU_ELEMENTWISE_MIN_RATIO = 0.90
GPU_OTHER_MIN_RATIO = 0.85
CPU_OVERHEAD_MAX_US = 2.0
# aclemu_bench's elementwise operators are the ones with these cases (bench/bench_op.h's
# ShapeKind::Elementwise), so a new operator needs no entry here.
ELEMENTWISE_CASES = ("contig", "transposed")


def f(x):
    return float(x) if x not in ("", None) else None


def log2(n):
    return int(round(math.log2(n))) if n > 0 else 0


def load(path):
    with open(path, newline="") as fh:
        return list(csv.DictReader(fh))


def headline(rows, backend):
    """One line per (op, case, dtype): op/copy at the largest sizes of the sweeps, and at the
    largest size measured."""
    by_key = defaultdict(dict)
    for r in rows:
        if r["kind"] != "bandwidth" or r["backend"] != backend or r["note"]:
            continue
        n = int(r["numel"])
        by_key[(r["op"], r["case"], r["dtype"])][n] = r
    if not by_key:
        return []
    # Columns: the largest exact powers of 2 of the sweeps; a case falls in the nearest one
    # (upsample sweeps with fractional scales are not exact powers of 2).
    sweep_buckets = sorted({int(math.log2(n)) for d in by_key.values() if len(d) > 3 for n in d
                            if n & (n - 1) == 0})
    cols = sweep_buckets[-4:]
    host = any(f(r.get("host_copy_gbps")) for d in by_key.values() for r in d.values())
    out = [f"\n#### `{backend}`: op/copy (op bandwidth / copy bandwidth; 1.0 = copy speed)\n",
           "| op | case | dtype | " + " | ".join(f"2^{b}" for b in cols)
           + " | largest | op GB/s | copy GB/s |" + (" host copy GB/s |" if host else ""),
           "|---|---|---|" + "---:|" * (len(cols) + 3 + (1 if host else 0))]
    for (op, case, dtype), d in sorted(by_key.items()):
        cells = []
        for b in cols:
            cand = [m for m in d if round(math.log2(m)) == b]
            cells.append(f'{f(d[max(cand)]["op_over_copy"]):.2f}' if cand and len(d) > 3 else "")
        last = d[max(d)]
        line = (f"| {op} | {case} | {dtype} | " + " | ".join(cells)
                + f' | {f(last["op_over_copy"]):.2f} ({last["shape"]}) | {f(last["op_gbps"]):.2f}'
                + f' | {f(last["copy_gbps"]):.2f} |')
        if host:
            line += f' {f(last.get("host_copy_gbps")) or 0:.2f} |'
        out.append(line)
    return out


def overhead(rows, backend):
    out = []
    for r in rows:
        if r["kind"] == "overhead" and r["backend"] == backend and not r["note"]:
            out.append((r["op"], f(r["pair_us"]), f(r["exec_us"])))
    return out


def torch_table(torch_rows):
    """torch time / aclemu time per (op, case, dtype) and size (rounded to a power of 2)."""
    per = defaultdict(dict)
    for r in torch_rows:
        if r["numel"] in ("", "0"):
            continue
        per[(r["op"], r["variant"], r["dtype"])][round(math.log2(int(r["numel"])))] = r
    if not per:
        return []
    buckets = sorted({b for d in per.values() for b in d})
    out = ["\n#### PyTorch: torch time / aclemu time (> 1: aclemu faster), same method both sides\n",
           "| op | case | dtype | " + " | ".join(f"2^{b}" for b in buckets) + " | max rel err |",
           "|---|---|---|" + "---:|" * (len(buckets) + 1)]
    for (op, case, dtype), d in sorted(per.items()):
        cells = []
        for b in buckets:
            r = d.get(b)
            if r is None:
                cells.append("")
            elif not r["speedup"]:
                cells.append("n/a")
            else:
                cells.append(f'{f(r["speedup"]):.2f}')
        errs = [f(r["err"]) for r in d.values() if r["err"]]
        out.append(f"| {op} | {case} | {dtype} | " + " | ".join(cells)
                   + (f" | {max(errs):.1e} |" if errs else " | torch has no kernel |"))
    return out + torch_bandwidth_table(per)


def torch_bandwidth_table(per):
    """compare_torch.py's bandwidths per case and size: aclemu GB/s, torch GB/s, and aclemu's
    fraction of the copy of the same bytes timed in the same loop (CSV without the copy column:
    nothing)."""
    if not any(r.get("copy_frac") for d in per.values() for r in d.values()):
        return []
    out = ["\n#### PyTorch: bandwidth (minimum bytes / median time), and aclemu / copy\n",
           "| op | case | dtype | shape | aclemu GB/s | torch GB/s | copy GB/s | aclemu/copy |",
           "|---|---|---|---|---:|---:|---:|---:|"]
    for (op, case, dtype), d in sorted(per.items()):
        for b in sorted(d):
            r = d[b]
            if not r.get("gbps"):
                continue
            cells = [f'{f(r[k]):.2f}' if r.get(k) else "n/a"
                     for k in ("gbps", "torch_gbps", "copy_gbps", "copy_frac")]
            out.append(f"| {op} | {case} | {dtype} | {r['shape']} | " + " | ".join(cells) + " |")
    return out


def targets(rows, torch_rows, backend):
    lines = [f"\n#### Targets on `{backend}`\n", "| target | status | detail |", "|---|---|---|"]
    gpu = backend != "cpu"
    # Elementwise (and on a GPU, the others) against the copy.
    groups = defaultdict(list)
    elementwise = {r["op"] for r in rows if r["kind"] == "bandwidth"
                   and r["case"] in ELEMENTWISE_CASES}
    for r in rows:
        if r["kind"] != "bandwidth" or r["backend"] != backend or r["note"]:
            continue
        if r["op"] in elementwise:
            if r["case"] == "contig" and int(r["numel"]) >= CPU_ELEMENTWISE_FROM_NUMEL:
                groups[("elementwise", r["op"], r["dtype"])].append(r)
        elif gpu and int(r["numel"]) >= CPU_ELEMENTWISE_FROM_NUMEL:
            groups[("other", r["op"], r["dtype"])].append(r)
    for (kind, op, dtype), rs in sorted(groups.items()):
        need = (GPU_ELEMENTWISE_MIN_RATIO if kind == "elementwise" else GPU_OTHER_MIN_RATIO) \
            if gpu else CPU_ELEMENTWISE_MIN_RATIO
        worst = min(rs, key=lambda r: f(r["op_over_copy"]))
        ratio = f(worst["op_over_copy"])
        status = "met" if ratio >= need else f"MISSED by {100 * (need - ratio):.0f} points"
        lines.append(f"| {op} {dtype} >= {need:.0%} of copy from 2^{log2(CPU_ELEMENTWISE_FROM_NUMEL)}"
                     f" | {status} | worst {ratio:.0%} at {worst['case']} {worst['shape']} |")
    if not gpu:
        for op, pair, _ in overhead(rows, backend):
            status = "met" if pair <= CPU_OVERHEAD_MAX_US else \
                f"MISSED by {pair - CPU_OVERHEAD_MAX_US:.2f} µs"
            lines.append(f"| {op} GetWorkspaceSize+execute <= {CPU_OVERHEAD_MAX_US} µs | {status} "
                         f"| {pair:.2f} µs per pair |")
    # Elementwise operators of the PyTorch comparison against its copy column (contiguous).
    elementwise_t = {r["op"] for r in torch_rows if r["variant"] in ELEMENTWISE_CASES}
    copy_groups = defaultdict(list)
    for r in torch_rows:
        if (r["op"] in elementwise_t and r["variant"] == "contig" and r.get("copy_frac")
                and int(r["numel"]) >= TORCH_COPY_FROM_NUMEL):
            copy_groups[(r["op"], r["dtype"])].append(r)
    for (op, dtype), rs in sorted(copy_groups.items()):
        worst = min(rs, key=lambda r: f(r["copy_frac"]))
        ratio = f(worst["copy_frac"])
        status = "met" if ratio >= CPU_ELEMENTWISE_MIN_RATIO else \
            f"MISSED by {100 * (CPU_ELEMENTWISE_MIN_RATIO - ratio):.0f} points"
        lines.append(f"| {op} {dtype} >= {CPU_ELEMENTWISE_MIN_RATIO:.0%} of copy from "
                     f"2^{log2(TORCH_COPY_FROM_NUMEL)} (PyTorch run's copy) | {status} | "
                     f"worst {ratio:.0%} at {worst['shape']} |")
    if torch_rows:
        per = defaultdict(list)
        for r in torch_rows:
            per[(r["op"], r["dtype"])].append(r)
        for (op, dtype), rs in sorted(per.items()):
            timed = [r for r in rs if r["speedup"]]
            if not timed:
                note = rs[0]["note"][:60]
                lines.append(f"| {op} {dtype} faster than PyTorch | n/a | torch: {note} |")
                continue
            slow = [r for r in timed if f(r["speedup"]) < 1.0]
            worst = min(timed, key=lambda r: f(r["speedup"]))
            status = "met" if not slow else f"MISSED in {len(slow)}/{len(timed)} cases"
            lines.append(f"| {op} {dtype} faster than PyTorch | {status} | worst torch/aclemu "
                         f"{f(worst['speedup']):.2f} at {worst['variant']} {worst['shape']} |")
    return lines


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bench_csv")
    ap.add_argument("--torch", help="compare_torch.py CSV of the same device")
    args = ap.parse_args()
    rows = load(args.bench_csv)
    torch_rows = load(args.torch) if args.torch else []
    backends = sorted({r["backend"] for r in rows if r["kind"] in ("bandwidth", "overhead")})
    out = []
    for b in backends:
        out += headline(rows, b)
        oh = overhead(rows, b)
        if oh:
            out += [f"\n#### `{b}`: host overhead, 1-element tensors\n",
                    "| op | GetWorkspaceSize + execute µs | execute only µs |", "|---|---:|---:|"]
            out += [f"| {op} | {p:.2f} | {e:.2f} |" for op, p, e in oh]
        out += targets(rows, torch_rows, b)
    out += torch_table(torch_rows)
    for r in rows:
        if r["kind"] == "unavailable":
            out.append(f'\nBackend `{r["backend"]}`: not available in this run.')
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
