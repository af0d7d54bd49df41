#!/usr/bin/env python3
"""Checks an ACLEMU_TRACE timeline as Perfetto (ui.perfetto.dev) and chrome://tracing read it, and
prints what each track holds.

The file must be a JSON object with a "traceEvents" array of events with "ph" in X B E i I M s f
(slices, instants, metadata, flows), integer "pid" and "tid", "ts" in microseconds (not
negative), "dur" on X slices, a "process_name" for every process and a "thread_name" for every
track; slices on one track must nest (one ends before the next starts, or inside it).

usage: check_trace.py TRACE.json [--run -- COMMAND...] [--expect NAME@TRACK]...
                      [--count NAME@TRACK N]... [--order FIRST BEFORE_THIS]...

  --run -- COMMAND   first run COMMAND with ACLEMU_TRACE=TRACE.json (it must exit with 0)
  --expect NAME@TRACK  a slice NAME on a device track whose name starts with TRACK
                     (e.g. "aclnnLogitGrad@stream", "memcpy HtoD@synchronous")
  --count NAME@TRACK N  exactly N such slices
  --order A B        every device slice named A ends before any named B starts; exact on every
                     backend, GPU times included (docs/profiling.md: what the timeline guarantees)
Exit status 0 and a PASS line when every check holds.
"""
import argparse
import json
import os
import subprocess
import sys

PHASES = set("XBEiIMsf")


def load(path, problems):
    try:
        with open(path) as f:
            trace = json.load(f)
    except (OSError, ValueError) as e:
        problems.append(f"{path}: {e}")
        return None
    if not isinstance(trace, dict) or not isinstance(trace.get("traceEvents"), list):
        problems.append(f"{path}: not an object with a traceEvents array")
        return None
    return trace


def check_events(events, problems):
    """The schema; returns (process names, track names, slices and instants by track)."""
    processes, tracks, timed = {}, {}, {}
    for i, e in enumerate(events):
        where = f"event {i} ({e.get('name')!r})"
        ph = e.get("ph")
        if ph not in PHASES:
            problems.append(f"{where}: ph {ph!r} is not one of {''.join(sorted(PHASES))}")
            continue
        if not isinstance(e.get("pid"), int):
            problems.append(f"{where}: no integer pid")
            continue
        if ph == "M":
            args = e.get("args", {})
            if e.get("name") == "process_name":
                processes[e["pid"]] = args.get("name")
            elif e.get("name") == "thread_name":
                tracks[(e["pid"], e.get("tid"))] = args.get("name")
            continue
        if not isinstance(e.get("tid"), int):
            problems.append(f"{where}: no integer tid")
            continue
        ts = e.get("ts")
        if not isinstance(ts, (int, float)) or ts < 0:
            problems.append(f"{where}: ts {ts!r} is not a time in microseconds")
            continue
        if ph == "X" and (not isinstance(e.get("dur"), (int, float)) or e["dur"] < 0):
            problems.append(f"{where}: slice without a duration")
            continue
        if not isinstance(e.get("name"), str):
            problems.append(f"{where}: no name")
        timed.setdefault((e["pid"], e["tid"]), []).append(e)
    for key in timed:
        if key[0] not in processes:
            problems.append(f"process {key[0]} has no process_name")
        if key not in tracks:
            problems.append(f"track {key} has no thread_name")
    for key, track in timed.items():
        slices = sorted((e for e in track if e["ph"] == "X"), key=lambda e: (e["ts"], -e["dur"]))
        open_ends = []
        for s in slices:
            while open_ends and open_ends[-1][0] <= s["ts"]:
                open_ends.pop()
            end = s["ts"] + s["dur"]
            if open_ends and end > open_ends[-1][0] + 1e-3:
                problems.append(f"{tracks.get(key)}: {s['name']} overlaps {open_ends[-1][1]} "
                                "without nesting in it")
            open_ends.append((end, s["name"]))
    return processes, tracks, timed


def device_slices(processes, tracks, timed):
    """(track name, slice) for each slice on a device's track."""
    for key, events in timed.items():
        if str(processes.get(key[0], "")).startswith("device "):
            for e in events:
                if e["ph"] == "X":
                    yield tracks.get(key, ""), e


def main():
    argv = sys.argv[1:]
    command = []
    if "--" in argv:
        command = argv[argv.index("--") + 1:]
        argv = argv[:argv.index("--")]
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("trace")
    parser.add_argument("--run", action="store_true")
    parser.add_argument("--expect", action="append", default=[])
    parser.add_argument("--count", nargs=2, action="append", default=[])
    parser.add_argument("--order", nargs=2, action="append", default=[])
    options = parser.parse_args(argv)

    problems = []
    if options.run:
        if not command:
            parser.error("--run needs a command after --")
        if os.path.exists(options.trace):
            os.remove(options.trace)
        env = dict(os.environ, ACLEMU_TRACE=options.trace)
        result = subprocess.run(command, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True)
        if result.returncode != 0:
            print(result.stdout)
            problems.append(f"{command[0]} exited with {result.returncode}")
    trace = load(options.trace, problems) if not problems else None
    if trace is not None:
        processes, tracks, timed = check_events(trace["traceEvents"], problems)
        for key in sorted(timed, key=lambda k: (processes.get(k[0], ""), k[1])):
            names = [e["name"] for e in sorted(timed[key], key=lambda e: e["ts"])
                     if e["ph"] == "X"]
            shown = ", ".join(names[:8]) + (", ..." if len(names) > 8 else "")
            print(f"{processes.get(key[0])} / {tracks.get(key)}: {len(names)} slices: {shown}")
        slices = list(device_slices(processes, tracks, timed))
        for expected in options.expect:
            name, _, track = expected.partition("@")
            if not any(s["name"] == name and t.startswith(track) for t, s in slices):
                problems.append(f"no slice {name!r} on a device track named {track!r}...")
        for expected, count in options.count:
            name, _, track = expected.partition("@")
            found = sum(1 for t, s in slices if s["name"] == name and t.startswith(track))
            if found != int(count):
                problems.append(f"{found} slices {name!r} on device tracks named {track!r}..., "
                                f"not {count}")
        for first, second in options.order:
            ends = [s["ts"] + s["dur"] for _, s in slices if s["name"] == first]
            starts = [s["ts"] for _, s in slices if s["name"] == second]
            if not ends or not starts:
                problems.append(f"--order {first!r} {second!r}: a slice is missing")
            elif max(ends) > min(starts):
                problems.append(f"{first!r} ends at {max(ends):.3f} us, after {second!r} "
                                f"starts at {min(starts):.3f} us")
    for problem in problems:
        print(f"  {problem}")
    print(f"{'FAIL' if problems else 'PASS'}: {options.trace}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
