#!/usr/bin/env python3
"""Runs one aclnn sample and checks the values it prints against expected values computed here,
independently of aclemu, in double precision (python floats).

usage: check_sample.py <sample-name> <sample-executable>
"""
import math
import re
import subprocess
import sys


def f32(v):
    """Rounds a python float to the nearest float32 (the samples' inputs are float32)."""
    import struct
    return struct.unpack("f", struct.pack("f", v))[0]


def logsigmoid_backward():
    # self = [1, 2, 3, 4], gradOutput = 1: d/dx log(sigmoid(x)) = 1 / (1 + e^x).
    return [1.0 / (1.0 + math.exp(x)) for x in (1, 2, 3, 4)]


def batch_norm_reduce_backward():
    dy = [[1, 1], [1, 2], [2, 2], [3, 3]]
    x = [[0, 1], [2, 3], [4, 5], [6, 7]]
    mean, invstd = [1, 1], [1, 1]
    sum_dy = [sum(row[c] for row in dy) for c in range(2)]
    sum_dy_xmu = [sum(dy[n][c] * (x[n][c] - mean[c]) for n in range(4)) for c in range(2)]
    grad_weight = [sum_dy_xmu[c] * invstd[c] for c in range(2)]
    grad_bias = list(sum_dy)
    return sum_dy + sum_dy_xmu + grad_weight + grad_bias


def logit_grad():
    x = [f32(v) for v in (0.1, 0.2, 0.3, 0.4)]
    dy = [1, 2, 3, 4]
    return [d / (v * (1 - v)) for v, d in zip(x, dy)]


def upsample_nearest_exact1d_backward():
    grad_output, l_in, scale = [1, 2], 4, 0.5
    l_out = len(grad_output)
    out = []
    for i in range(l_in):
        lo = min(math.ceil(i * scale - 0.5), l_out)
        hi = min(math.ceil((i + 1) * scale - 0.5), l_out)
        out.append(sum(grad_output[lo:hi]))
    return out


EXPECTED = {
    "logsigmoid_backward": logsigmoid_backward,
    "batch_norm_reduce_backward": batch_norm_reduce_backward,
    "logit_grad": logit_grad,
    "upsample_nearest_exact1d_backward": upsample_nearest_exact1d_backward,
}


def main():
    name, exe = sys.argv[1], sys.argv[2]
    expected = EXPECTED[name]()
    run = subprocess.run([exe], capture_output=True, text=True, timeout=120)
    sys.stdout.write(run.stdout)
    sys.stderr.write(run.stderr)
    if run.returncode != 0:
        print(f"FAILED: {name} exited with {run.returncode}")
        return 1
    printed = [float(v) for v in re.findall(r"result\[\d+\] is: (\S+)", run.stdout)]
    if len(printed) != len(expected):
        print(f"FAILED: {name} printed {len(printed)} values, expected {len(expected)}")
        return 1
    bad = [(i, p, e) for i, (p, e) in enumerate(zip(printed, expected))
           if abs(p - e) > 1e-5 + 1e-5 * abs(e)]  # %f prints 6 decimals
    for i, p, e in bad:
        print(f"FAILED: {name} value {i}: printed {p}, expected {e:.6f}")
    if bad:
        return 1
    print(f"PASSED: {name} ({len(expected)} values match the independent reference)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
