#!/usr/bin/env python3
"""aclemu vs PyTorch on the same device and the same data, for the backward and forward operators.

aclemu is driven through its C API with ctypes (libascendcl.so, libnnopbase.so, libopapi.so from
--lib-dir): aclInit, aclrtSetDevice, aclrtMalloc, aclrtMemcpy, aclCreateTensor, the two phases
and events. The operators are those of the operator list (kernels_cu/operators.def): each kernel
family's recipe bench/ops/<family>.py builds the inputs, the aclnn call and the PyTorch call
(the native op where PyTorch has one, with preallocated outputs; its docstring says which).
`--list` prints them.

Fairness: both write into preallocated outputs (the .grad_input overloads); the inputs are the
same bytes (PyTorch's tensors are copied into aclrtMalloc buffers through the host). On the CPU
both are timed by wall clock around the call (aclemu: execute + aclrtSynchronizeStream, so the
hand-off to the stream's worker thread is counted); on CUDA both by event pairs on their stream.
aclemu's event-timed kernel time is reported too. A and B repetitions alternate one by one,
with a third: the backend's own copy of the case's minimum bytes (aclrtMemcpyAsync device to
device, timed as aclemu), so that each case also gives aclemu's copy fraction (its bandwidth /
the copy's) from the same minutes. Where PyTorch has no kernel for a dtype, aclemu and the copy
are still measured.
The outputs are checked in the same run (max relative error, denominator floored at 1e-3 of
the largest reference magnitude): against the recipe's float64 reference where it has one (then
PyTorch's own error against it is reported too), else against PyTorch's output.

  python3 bench/compare_torch.py --lib-dir build [--device cpu|cuda] [--quick|--full|--log2 22]
                                 [--no-transposed] [--clock cpu --threads 1]
                                 [--out bench/out/torch_cpu]    # writes .csv, .md, .png
"""

import argparse
import csv
import ctypes
import math
import os
import statistics
import sys
import time
import types

from compare_support import Acl, AclBuffers, recipes

ACL_MEMCPY_DEVICE_TO_DEVICE = 3


def build_case(acl, recipe, spec, device, gen):
    """Returns (case, phase2 fn, torch_fn, fetch_acl, fetch_torch, cleanup, reference,
    restore)."""
    bufs = AclBuffers(acl)
    ctx = types.SimpleNamespace(acl=acl, bufs=bufs, device=device, gen=gen, dtype=spec["dtype"])
    try:
        built = recipe["build"](ctx, spec)
        ws = ctypes.c_uint64(0)
        ex = ctypes.c_void_p()
        fname = built.fname
        phase1 = getattr(acl.op, fname + "GetWorkspaceSize")
        # C signatures from the arguments: without them ctypes passes a pointer (a Python int)
        # as a 32-bit int.
        phase1.argtypes = [type(a) if isinstance(a, ctypes._SimpleCData)
                           else ctypes.c_bool if isinstance(a, bool) else ctypes.c_void_p
                           for a in built.args] + [ctypes.POINTER(ctypes.c_uint64),
                                                   ctypes.POINTER(ctypes.c_void_p)]
        phase1.restype = ctypes.c_int
        acl.check(phase1(*built.args, ctypes.byref(ws), ctypes.byref(ex)),
                  fname + "GetWorkspaceSize")
    except BaseException:
        bufs.free()
        raise
    acl.check(acl.nn.aclSetAclOpExecutorRepeatable(ex), "aclSetAclOpExecutorRepeatable")
    ws_ptr = acl.malloc(ws.value) if ws.value else None
    if ws_ptr:
        bufs.ptrs.append(ws_ptr)
    run_fn = getattr(acl.op, fname)
    run_fn.argtypes = [ctypes.c_void_p, ctypes.c_uint64, ctypes.c_void_p, ctypes.c_void_p]
    run_fn.restype = ctypes.c_int
    executor = ex.value
    phase2 = lambda stream: run_fn(ws_ptr, ws.value, executor, stream)
    cleanup = lambda: (acl.nn.aclDestroyAclOpExecutor(executor), bufs.free())
    return (built.case, phase2, built.torch_fn, built.fetch, built.fetch_t, cleanup,
            built.reference, built.restore)


def max_rel_err(a_list, b_list):
    import torch
    worst = 0.0
    for a, b in zip(a_list, b_list):
        a, b = a.double(), b.double()
        if b.numel() == 0:
            continue
        floor = max(b.abs().max().item() * 1e-3, 1e-30)
        diff = (a - b).abs()
        bad = torch.isnan(a) != torch.isnan(b)
        if bad.any():
            return math.inf
        rel = (diff / b.abs().clamp_min(floor)).nan_to_num(0.0)
        worst = max(worst, rel.max().item())
    return worst


def fmt(value, spec):
    return "—" if value is None else format(value, spec)


def tolerance(recipe, case):
    import torch
    if "tolerance" in recipe:
        tol = recipe["tolerance"]()
        return tol[case.dtype] if isinstance(tol, dict) else tol
    return {torch.float32: 1e-5, torch.float16: 2e-3, torch.bfloat16: 1.6e-2}[case.dtype]


# ---------------------------------------------------------------------------------------------
# Timing
# ---------------------------------------------------------------------------------------------

class CopyBaseline:
    """The backend's own copy of a case's minimum bytes: aclrtMemcpyAsync device to device of
    half of them (read + write = all of them), between two buffers written at set-up (no
    first-touch faults), as aclemu_bench's baseline. Timed in the same interleaved loop as
    both operators, so the copy fraction (operator bandwidth / copy bandwidth) is of the same
    minutes of a shared machine."""

    def __init__(self, acl, min_bytes):
        self.acl = acl
        self.nbytes = max(64, (min_bytes // 2) // 64 * 64)
        self.src = acl.malloc(self.nbytes)
        self.dst = acl.malloc(self.nbytes)
        memset = acl.rt.aclrtMemset
        memset.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int32, ctypes.c_size_t]
        for p in (self.src, self.dst):
            acl.check(memset(p, self.nbytes, 1, self.nbytes), "aclrtMemset")
        copy = acl.rt.aclrtMemcpyAsync
        copy.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p, ctypes.c_size_t,
                         ctypes.c_int, ctypes.c_void_p]
        copy.restype = ctypes.c_int
        self.run = lambda stream: copy(self.dst, self.nbytes, self.src, self.nbytes,
                                       ACL_MEMCPY_DEVICE_TO_DEVICE, stream)

    def free(self):
        self.acl.rt.aclrtFree(self.src)
        self.acl.rt.aclrtFree(self.dst)


def measure(acl, stream, events, device, phase2, torch_fn, target_s, rounds, clock=time.perf_counter,
            copy=None):
    """Interleaved rounds. Returns medians in ms: aclemu (events), aclemu (same method as torch:
    `clock` on the CPU, events on CUDA), torch, the copy baseline `copy` (timed as aclemu; None
    without one), and the repetition count. `clock` is the wall clock, or with --clock cpu the
    process's CPU time (every thread of it, aclemu's workers and PyTorch's included)."""
    import torch
    start, end = events
    elapsed = ctypes.c_float()

    def acl_event_once(fn=phase2):
        acl.check(acl.rt.aclrtRecordEvent(start, stream), "aclrtRecordEvent")
        acl.check(fn(stream), "phase 2")
        acl.check(acl.rt.aclrtRecordEvent(end, stream), "aclrtRecordEvent")
        acl.check(acl.rt.aclrtSynchronizeStream(stream), "aclrtSynchronizeStream")
        acl.check(acl.rt.aclrtEventElapsedTime(ctypes.byref(elapsed), start, end),
                  "aclrtEventElapsedTime")
        return elapsed.value

    def acl_wall_once(fn=phase2):
        t0 = clock()
        acl.check(fn(stream), "phase 2")
        acl.check(acl.rt.aclrtSynchronizeStream(stream), "aclrtSynchronizeStream")
        return (clock() - t0) * 1e3

    def copy_once():
        return acl_event_once(copy.run) if device == "cuda" else acl_wall_once(copy.run)

    if device == "cuda":
        ts, te = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)

        def torch_once():
            ts.record()
            torch_fn()
            te.record()
            te.synchronize()
            return ts.elapsed_time(te)
    else:
        def torch_once():
            t0 = clock()
            torch_fn()
            return (clock() - t0) * 1e3
    if torch_fn is None:  # PyTorch has no kernel for the case: aclemu (and the copy) alone
        torch_once = lambda: None  # noqa: E731

    for _ in range(2):  # warm-up
        acl_event_once()
        torch_once()
        if copy:
            copy_once()
    one = max(acl_event_once(), torch_once() or 0.0, 1e-3)
    reps = max(3, min(100, int(target_s * 1e3 / one / rounds / 2)))
    # Strictly alternating repetitions (aclemu, torch, copy), so that a change of the machine's
    # load or clock during the case hits all alike (the shared 2-core machine is loaded).
    ev, wall, tt, cp = [], [], [], []
    for _ in range(rounds * reps):
        ev.append(acl_event_once())
        if device != "cuda":
            wall.append(acl_wall_once())
        t = torch_once()
        if t is not None:
            tt.append(t)
        if copy:
            cp.append(copy_once())
    acl_same = statistics.median(wall) if wall else statistics.median(ev)
    copy_ms = statistics.median(cp) if cp else None
    torch_ms = statistics.median(tt) if tt else None
    return statistics.median(ev), acl_same, torch_ms, copy_ms, reps * rounds


# ---------------------------------------------------------------------------------------------
# Case list, table, plot
# ---------------------------------------------------------------------------------------------

def specs(args, ops):
    """The cases of the recipes `ops`, by their shape kind (as aclemu_bench's sweeps)."""
    import torch
    dtypes = [{"fp32": torch.float32, "fp16": torch.float16, "bf16": torch.bfloat16}[d]
              for d in args.dtypes.split(",")]
    gpu = args.device == "cuda"
    if args.log2:
        ks = [int(k) for k in args.log2.split(",")]
    elif args.quick:
        ks = [12, 20]
    elif args.full:
        ks = list(range(8, (28 if gpu else 26) + 1, 2))
    else:
        ks = [10, 14, 18, 22, 24] + ([26, 28] if gpu else [])
    out = []
    for recipe in ops:
        op, shape = recipe["name"], recipe["shape"]
        for dt in dtypes:
            if shape == "elementwise":
                for k in ks:
                    out.append(dict(op=op, variant="contig", dtype=dt, rows=1, cols=1 << k))
                if args.no_transposed:
                    continue
                k = ks[-1]
                out.append(dict(op=op, variant="transposed", dtype=dt, rows=1 << (k // 2),
                                cols=1 << (k - k // 2), transposed=True))
            elif shape == "batch_norm":
                for k in ks:
                    lc = min(k, 4)
                    r = k - lc
                    out.append(dict(op=op, variant="sweep", dtype=dt,
                                    n=1 << (r // 2), c=1 << lc, l=1 << (r - r // 2)))
                if not args.quick:
                    # Realistic SyncBatchNorm activations (ResNet-50 at batch 32 per device:
                    # stages 2, 4 and 5), channels many and spatial extent falling.
                    for n, c, l in ((32, 256, 56 * 56), (32, 1024, 14 * 14), (32, 2048, 7 * 7)):
                        out.append(dict(op=op, variant="resnet", dtype=dt, n=n, c=c, l=l))
                if recipe.get("named_shapes") and (gpu or args.full):
                    out.append(dict(op=op, variant="C=8", dtype=dt, n=64, c=8, l=1 << 20))
                    out.append(dict(op=op, variant="C=2048", dtype=dt, n=64, c=2048, l=1024))
            elif shape == "upsample":
                for s, name in ((2.0, "x2"), (0.5, "x0.5"), (1.5, "x1.5"), (0.75, "x0.75")):
                    for k in ks:
                        l_in = 1 << max(2, min(k, 12))
                        l_out = round(l_in * s)
                        rows = 1
                        while rows * 2 * max(l_in, l_out) <= (1 << k):
                            rows *= 2
                        c = min(rows, 64)
                        out.append(dict(op=op, variant=name, dtype=dt,
                                        n=rows // c, c=c, l=l_in, l_out=l_out, scales=s))
            else:
                raise ValueError(f"{op}: unknown shape kind {shape}")
    return out


def torch_kernels_missing(acl, by_name, all_specs, device, gen):
    """The (op, dtype) pairs PyTorch has no kernel for on this device (PyTorch's CPU kernels lack
    fp16 for several of these ops: "... not implemented for 'Half'"). Runs the torch side of the
    smallest case of each pair once."""
    missing = set()
    tried = set()
    for spec in all_specs:
        key = (spec["op"], spec["dtype"])
        if key in tried:
            continue
        tried.add(key)
        cleanup = None
        try:  # building the case may already call torch (the CPU log-sigmoid forward's buffer)
            _, _, torch_fn, _, _, cleanup, _, _ = build_case(acl, by_name[spec["op"]], spec,
                                                             device, gen)
            torch_fn()
        except (RuntimeError, NotImplementedError) as e:
            if "not implemented for" not in str(e):
                raise
            missing.add(key)
        finally:
            if cleanup:
                cleanup()
    return missing


def dt_name(dt):
    import torch
    return {torch.float32: "fp32", torch.float16: "fp16", torch.bfloat16: "bf16"}[dt]


def plot(rows, path, device, torch_version):
    """One panel per op: torch time / aclemu time against size, log-log. Colour = dtype, marker
    and line style = case; cases measured at one size (transposed, named shapes) are single
    points."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.lines import Line2D
        from matplotlib.ticker import FixedLocator, FuncFormatter, NullLocator
    except ImportError:
        print("matplotlib is not installed (Debian: python3-matplotlib): no plot written")
        return
    colours = {"fp32": "tab:blue", "bf16": "tab:orange", "fp16": "tab:green"}
    styles = ["-", "--", ":", "-."]
    markers = ["o", "s", "^", "D", "v", "P"]
    ops = sorted({r["op"] for r in rows})
    ncols = 2 if len(ops) > 1 else 1
    nrows = (len(ops) + ncols - 1) // ncols
    fig, axes = plt.subplots(nrows, ncols, figsize=(7 * ncols, 4.8 * nrows), squeeze=False)
    for ax in axes.flat[len(ops):]:
        ax.set_visible(False)
    for ax, op in zip(axes.flat, ops):
        op_rows = [r for r in rows if r["op"] == op]
        variants = sorted({r["variant"] for r in op_rows})
        style = {v: (styles[i % len(styles)], markers[i % len(markers)])
                 for i, v in enumerate(variants)}
        series = {}
        for r in op_rows:
            if r["speedup"] is not None:
                series.setdefault((r["dtype"], r["variant"]), []).append(
                    (r["numel"], r["speedup"]))
        values = [y for pts in series.values() for _, y in pts]
        for (dtype, variant), pts in sorted(series.items()):
            pts.sort()
            line, marker = style[variant]
            ax.plot([p[0] for p in pts], [p[1] for p in pts], linestyle=line, marker=marker,
                    color=colours.get(dtype, "tab:gray"), markersize=6, linewidth=1.6)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log", base=2)
        # Speed-up ticks as plain factors (0.5x, 1x, 2x, ...), from a power of 2 below the data
        # and 1x to one above.
        lo = 2.0 ** math.floor(math.log2(min(values + [1.0]) / 1.1))
        hi = 2.0 ** math.ceil(math.log2(max(values + [1.0]) * 1.1))
        ax.set_ylim(lo / 1.1, hi * 1.1)
        ticks = [2.0 ** k for k in range(round(math.log2(lo)), round(math.log2(hi)) + 1)]
        ax.yaxis.set_major_locator(FixedLocator(ticks))
        ax.yaxis.set_minor_locator(NullLocator())
        ax.yaxis.set_major_formatter(FuncFormatter(lambda y, _: f"{y:g}x"))
        ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"$2^{{{round(math.log2(x))}}}$"))
        ax.axhline(1.0, color="black", linewidth=1.0)
        ax.axhspan(lo / 1.1, 1.0, color="tab:red", alpha=0.06, linewidth=0)
        ax.text(0.99, 0.02, "below 1x: PyTorch faster", transform=ax.transAxes, ha="right",
                va="bottom", fontsize=8, color="tab:red")
        ax.grid(True, which="major", alpha=0.3)
        ax.set_xlabel("elements (of the larger tensor)")
        ax.set_ylabel("speed-up: torch time / aclemu time")
        dtypes = [d for d in colours if any(r["dtype"] == d for r in op_rows)]
        handles = [Line2D([], [], color=colours[d], linewidth=3, label=d) for d in dtypes
                   if any(k[0] == d for k in series)]
        handles += [Line2D([], [], color="black", linestyle=style[v][0], marker=style[v][1],
                           label=v) for v in variants if any(k[1] == v for k in series)]
        ax.legend(handles=handles, fontsize=8, loc="upper left", ncol=2, framealpha=0.9)
        absent = [d for d in dtypes if not any(k[0] == d for k in series)]
        ax.set_title(op + (f" ({', '.join(absent)}: PyTorch has no kernel)" if absent else ""),
                     fontsize=11)
    fig.suptitle(f"aclemu vs PyTorch {torch_version} on {device}: above 1x, aclemu is faster",
                 fontsize=12)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    print(f"wrote {path}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lib-dir", help="build or install dir with the libraries (required)")
    ap.add_argument("--list", action="store_true",
                    help="list the compared operators (from kernels_cu/operators.def) and exit")
    ap.add_argument("--device", choices=["cpu", "cuda"], default="cpu")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--full", action="store_true")
    ap.add_argument("--log2", default="",
                    help="comma-separated sizes as powers of 2 (e.g. 22), instead of the sweep")
    ap.add_argument("--dtypes", default="fp32,fp16,bf16")
    ap.add_argument("--ops", default="", help="comma-separated operator names (default: all)")
    ap.add_argument("--target-ms", type=float, default=300.0, help="timed work per case")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=20261121)
    ap.add_argument("--threads", type=int, default=0,
                    help="CPU threads for both (default: ACLEMU_CPU_THREADS, else all cores)")
    ap.add_argument("--clock", choices=["wall", "cpu"], default="wall",
                    help="CPU device: time a call by the wall clock (default) or by the CPU time "
                         "the process spent in it (all threads; less sensitive to other load on "
                         "the machine, blind to time spent waiting)")
    ap.add_argument("--no-transposed", action="store_true",
                    help="elementwise operators: contiguous cases only")
    ap.add_argument("--no-copy", action="store_true",
                    help="no copy baseline (the aclemu/copy column stays empty)")
    ap.add_argument("--out", default="bench/out/torch_cpu",
                    help="output prefix: PREFIX.csv, PREFIX.md, PREFIX.png")
    args = ap.parse_args()
    all_recipes = recipes()
    if args.list:
        for r in all_recipes:
            print(f'{r["name"]:<32} {r["shape"]:<12} {r["family"]}')
        return 0
    if not args.lib_dir:
        ap.error("--lib-dir is required")
    known_ops = [r["name"] for r in all_recipes]
    if not args.ops:
        args.ops = ",".join(known_ops)
    unknown = [op for op in args.ops.split(",") if op not in known_ops]
    if unknown:
        sys.exit(f"--ops: unknown {','.join(unknown)}; choose from {','.join(known_ops)}")
    unknown = [t for t in args.dtypes.split(",") if t not in ("fp32", "fp16", "bf16")]
    if unknown:
        sys.exit(f"--dtypes: unknown {','.join(unknown)}; choose from fp32,fp16,bf16")

    try:
        import torch
    except ImportError:
        sys.exit("PyTorch is not installed (Debian: python3-torch)")
    if args.device == "cuda" and not torch.cuda.is_available():
        sys.exit("--device cuda: torch sees no CUDA device")
    if args.device == "cuda":
        torch.zeros(1, device="cuda")  # create torch's context before aclemu's runtime loads

    if args.device == "cpu":
        # Same thread count on both sides: aclemu's CPU kernels use ACLEMU_CPU_THREADS (default:
        # all cores); some PyTorch builds default to one intra-op thread.
        threads = args.threads or int(os.environ.get("ACLEMU_CPU_THREADS", "0")) or os.cpu_count()
        os.environ["ACLEMU_CPU_THREADS"] = str(threads)
        torch.set_num_threads(threads)
    os.environ["ACLEMU_BACKEND"] = "cpu" if args.device == "cpu" else "gpu"
    acl = Acl(args.lib_dir)
    acl.check(acl.rt.aclInit(None), "aclInit")
    acl.check(acl.rt.aclrtSetDevice(0), "aclrtSetDevice")
    stream = ctypes.c_void_p()
    acl.check(acl.rt.aclrtCreateStream(ctypes.byref(stream)), "aclrtCreateStream")
    ev = [ctypes.c_void_p(), ctypes.c_void_p()]
    for e in ev:
        acl.check(acl.rt.aclrtCreateEvent(ctypes.byref(e)), "aclrtCreateEvent")
    events = (ev[0].value, ev[1].value)

    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    gen = torch.Generator().manual_seed(args.seed)
    wanted_ops = set(args.ops.split(","))
    by_name = {r["name"]: r for r in all_recipes}
    all_specs = specs(args, [r for r in all_recipes if r["name"] in wanted_ops])
    no_torch_kernel = torch_kernels_missing(acl, by_name, all_specs, args.device,
                                            torch.Generator().manual_seed(args.seed))
    for dtype in sorted({dt for _, dt in no_torch_kernel}, key=dt_name):
        ops = ", ".join(sorted(op for op, dt in no_torch_kernel if dt == dtype))
        print(f"PyTorch {torch.__version__} has no {dt_name(dtype)} kernel on {args.device} for "
              f"{ops}: those cases are skipped (n/a in the table)")
    rows = []
    print(f"aclemu vs torch {torch.__version__} on {args.device}, "
          f"threads: torch {torch.get_num_threads()}, "
          f"aclemu {os.environ.get('ACLEMU_CPU_THREADS', 'default')}, clock: {args.clock}")
    hdr = (f'{"op":<30} {"case":<10} {"dtype":<5} {"shape":<18} {"aclemu_us":>10} '
           f'{"acl_kern_us":>11} {"torch_us":>10} {"torch/acl":>9} {"GB/s acl":>9} '
           f'{"GB/s torch":>9} {"GB/s copy":>9} {"acl/copy":>9} '
           f'{"max_rel_err":>11} {"torch_err":>11} ok')
    print(hdr)
    for spec in all_specs:
        if "rows" in spec:
            numel = spec["rows"] * spec["cols"]
        else:
            numel = spec["n"] * spec["c"] * max(spec["l"], spec.get("l_out", 0))
        row = dict(op=spec["op"], variant=spec["variant"], dtype=dt_name(spec["dtype"]),
                   shape="", numel=numel, aclemu_ms=None, aclemu_kernel_ms=None, torch_ms=None,
                   speedup=None, gbps=None, torch_gbps=None, copy_gbps=None, copy_frac=None,
                   err=None, torch_err=None, ok=None, note="")
        # Without a PyTorch kernel aclemu and the copy are still measured (the copy fraction),
        # where the recipe can build the case without PyTorch's op.
        no_torch = (spec["op"], spec["dtype"]) in no_torch_kernel
        if no_torch:
            row["note"] = "torch has no kernel"
        try:
            case, phase2, torch_fn, fetch, fetch_t, cleanup, reference, restore = build_case(
                acl, by_name[spec["op"]], spec, args.device, gen)
            if no_torch:
                torch_fn = None
        except Exception as e:  # noqa: BLE001 - report and go on
            if no_torch:
                rows.append(row)
                continue
            row["note"] = f"setup: {e}"
            print(f'{row["op"]:<30} {row["variant"]:<10} {row["dtype"]:<5} -- {row["note"]}')
            rows.append(row)
            continue
        row.update(shape=case.shape_str, numel=case.numel)
        copy = None
        try:
            copy = None if args.no_copy else CopyBaseline(acl, case.min_bytes)
            kern, same, tt, copy_ms, _ = measure(acl, stream.value, events, args.device, phase2,
                                                 torch_fn, args.target_ms / 1e3, args.rounds,
                                                 clock, copy)
            if restore:  # in place: one more call of each from the first inputs
                restore()
                acl.check(phase2(stream.value), "phase 2")
                acl.check(acl.rt.aclrtSynchronizeStream(stream.value), "aclrtSynchronizeStream")
                if torch_fn:
                    torch_fn()
            err = torch_err = None
            if reference:
                ref = [r.double().cpu() for r in reference()]
                err = max_rel_err(fetch(), ref)
                torch_err = max_rel_err(fetch_t(), ref) if torch_fn else None
            elif torch_fn:
                err = max_rel_err(fetch(), fetch_t())
            row.update(aclemu_ms=same, aclemu_kernel_ms=kern, torch_ms=tt,
                       speedup=tt / same if tt else None, gbps=case.min_bytes / (same * 1e6),
                       torch_gbps=case.min_bytes / (tt * 1e6) if tt else None, err=err,
                       torch_err=torch_err,
                       ok=None if err is None else err <= tolerance(by_name[spec["op"]], case))
            if copy_ms:
                # The copy moves the op's minimum bytes (rounded down to 128 bytes).
                row.update(copy_gbps=2 * copy.nbytes / (copy_ms * 1e6))
                row.update(copy_frac=row["gbps"] / row["copy_gbps"])
            print(f'{row["op"]:<30} {row["variant"]:<10} {row["dtype"]:<5} {row["shape"]:<18} '
                  f'{same * 1e3:>10.1f} {kern * 1e3:>11.1f} {fmt(tt and tt * 1e3, ".1f"):>10} '
                  f'{fmt(row["speedup"], ".2f"):>9} {row["gbps"]:>9.2f} '
                  f'{fmt(row["torch_gbps"], ".2f"):>9} '
                  f'{fmt(row["copy_gbps"], ".2f"):>9} {fmt(row["copy_frac"], ".2f"):>9} '
                  f'{fmt(err, ".2e"):>11} {fmt(torch_err, ".2e"):>11} '
                  f'{ {True: "yes", False: "NO", None: "—"}[row["ok"]]}', flush=True)
        except Exception as e:  # noqa: BLE001
            row["note"] = str(e).splitlines()[0][:120]
            print(f'{row["op"]:<30} {row["variant"]:<10} {row["dtype"]:<5} {row["shape"]:<18} '
                  f'-- {row["note"]}', flush=True)
        finally:
            cleanup()
            if copy:
                copy.free()
        rows.append(row)

    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
    keys = ["op", "variant", "dtype", "shape", "numel", "aclemu_ms", "aclemu_kernel_ms",
            "torch_ms", "speedup", "gbps", "torch_gbps", "copy_gbps", "copy_frac", "err",
            "torch_err", "ok", "note"]
    with open(args.out + ".csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(keys)
        for r in rows:
            w.writerow(["" if r[k] is None else r[k] for k in keys])
    with open(args.out + ".md", "w") as f:
        f.write(f"aclemu vs PyTorch {torch.__version__} on `{args.device}` "
                f"(time: {args.clock + ' clock, aclemu = execute + synchronize' if args.device == 'cpu' else 'event pairs'}; "
                f"torch/aclemu > 1 means aclemu is faster; max rel err: aclemu's, against the "
                f"float64 reference where the op has one (torch err: PyTorch's against it), "
                f"else against PyTorch; GB/s: the op's minimum bytes / median time; copy: the "
                f"backend's aclrtMemcpyAsync of the same bytes, timed as aclemu in the same "
                f"loop; aclemu/copy: the copy fraction)\n\n"
                "| op | case | dtype | shape | aclemu µs | aclemu kernel µs | torch µs | "
                "torch/aclemu | aclemu GB/s | torch GB/s | copy GB/s | aclemu/copy | "
                "max rel err | torch err | ok |\n"
                "|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n")
        for r in rows:
            if r["aclemu_ms"] is None:
                f.write(f'| {r["op"]} | {r["variant"]} | {r["dtype"]} | {r["shape"]} | — | — | '
                        f'— | — | — | — | — | — | — | — | {r["note"]} |\n')
                continue
            f.write(f'| {r["op"]} | {r["variant"]} | {r["dtype"]} | {r["shape"]} | '
                    f'{r["aclemu_ms"] * 1e3:.1f} | {r["aclemu_kernel_ms"] * 1e3:.1f} | '
                    f'{fmt(r["torch_ms"] and r["torch_ms"] * 1e3, ".1f")} | '
                    f'{fmt(r["speedup"], ".2f")} | {r["gbps"]:.2f} | '
                    f'{fmt(r["torch_gbps"], ".2f")} | {fmt(r["copy_gbps"], ".2f")} | '
                    f'{fmt(r["copy_frac"], ".2f")} | {fmt(r["err"], ".1e")} | '
                    f'{fmt(r["torch_err"], ".1e")} | '
                    f'{ {True: "yes", False: "NO", None: r["note"] or "—"}[r["ok"]]} |\n')
    print(f"wrote {args.out}.csv and {args.out}.md")
    plot(rows, args.out + ".png", args.device, torch.__version__)

    for e in events:
        acl.rt.aclrtDestroyEvent(e)
    acl.rt.aclrtDestroyStream(stream.value)
    acl.rt.aclrtResetDevice(0)
    acl.rt.aclFinalize()
    bad = [r for r in rows if r["ok"] is False]
    if bad:
        print(f"{len(bad)} case(s) disagree with the reference (or torch) beyond tolerance")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
