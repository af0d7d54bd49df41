#!/usr/bin/env python3
"""Runs one aclnn sample and checks the values it prints against expected values computed here,
independently of aclemu, in double precision (python floats). The samples print bare
"result[i] is: v" lines; this names each output (e.g. BatchNormReduceBackward's four) next to
the expected values, then one PASS or FAIL line. Exit status 0 on PASS. Each sample's expected
values come from its own samples/<name>/expected.py (a function expected() returning
[(output name, [values...]), ...]), so a new sample is a directory and touches no list.

usage: check_sample.py <sample-name> <sample-executable>
"""
import importlib.util
import os
import re
import subprocess
import sys


def load_expected(name):
    """samples/<name>/expected.py as a module: its expected() gives [(output name, [values...]),
    ...], and its optional ENVIRONMENT (a dict) is added to the sample's environment (a sample
    that needs, say, two devices of the CPU backend)."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), name, "expected.py")
    spec = importlib.util.spec_from_file_location(f"expected_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def close(printed, expected):
    return abs(printed - expected) <= 1e-5 + 1e-5 * abs(expected)  # %f prints 6 decimals


def main():
    name, exe = sys.argv[1], sys.argv[2]
    module = load_expected(name)
    outputs = module.expected()
    env = dict(os.environ, **getattr(module, "ENVIRONMENT", {}))
    run = subprocess.run([exe], capture_output=True, text=True, timeout=120, env=env)
    sys.stderr.write(run.stderr)
    printed = [float(v) for v in re.findall(r"result\[\d+\] is: (\S+)", run.stdout)]
    # Everything but the result lines (the samples' own messages), unchanged.
    for line in run.stdout.splitlines():
        if not re.match(r"result\[\d+\] is: ", line):
            print(line)
    if run.returncode != 0:
        print(f"FAIL {name}: exited with {run.returncode}")
        return 1
    count = sum(len(values) for _, values in outputs)
    if len(printed) != count:
        print(f"FAIL {name}: printed {len(printed)} values, expected {count}")
        return 1
    bad = 0
    for label, values in outputs:
        got, printed = printed[:len(values)], printed[len(values):]
        mismatch = [i for i, (p, e) in enumerate(zip(got, values)) if not close(p, e)]
        bad += len(mismatch)
        print(f"  {label:<10} {' '.join(f'{v:.6f}' for v in got)}"
              f"    expected {' '.join(f'{v:.6f}' for v in values)}"
              f"{'    MISMATCH at ' + str(mismatch) if mismatch else ''}")
    if bad:
        print(f"FAIL {name}: {bad} of {count} values differ from the reference")
        return 1
    print(f"PASS {name}: {count} values match an independent double-precision reference")
    return 0


if __name__ == "__main__":
    sys.exit(main())
