#!/usr/bin/env python3
"""Runs one aclnn sample and checks the values it prints against expected values computed here,
independently of aclemu, in double precision (python floats). The samples print bare
"result[i] is: v" lines; this names each output (e.g. BatchNormReduceBackward's four) next to
the expected values, then one PASS or FAIL line. Exit status 0 on PASS.

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
    return [("gradInput", [1.0 / (1.0 + math.exp(x)) for x in (1, 2, 3, 4)])]


def batch_norm_reduce_backward():
    dy = [[1, 1], [1, 2], [2, 2], [3, 3]]
    x = [[0, 1], [2, 3], [4, 5], [6, 7]]
    mean, invstd = [1, 1], [1, 1]
    sum_dy = [sum(row[c] for row in dy) for c in range(2)]
    sum_dy_xmu = [sum(dy[n][c] * (x[n][c] - mean[c]) for n in range(4)) for c in range(2)]
    grad_weight = [sum_dy_xmu[c] * invstd[c] for c in range(2)]
    grad_bias = list(sum_dy)
    return [("sumDy", sum_dy), ("sumDyXmu", sum_dy_xmu), ("gradWeight", grad_weight),
            ("gradBias", grad_bias)]


def logit_grad():
    x = [f32(v) for v in (0.1, 0.2, 0.3, 0.4)]
    dy = [1, 2, 3, 4]
    return [("out", [d / (v * (1 - v)) for v, d in zip(x, dy)])]


def upsample_nearest_exact1d_backward():
    grad_output, l_in, scale = [1, 2], 4, 0.5
    l_out = len(grad_output)
    out = []
    for i in range(l_in):
        lo = min(math.ceil(i * scale - 0.5), l_out)
        hi = min(math.ceil((i + 1) * scale - 0.5), l_out)
        out.append(sum(grad_output[lo:hi]))
    return [("out", out)]


def log_sigmoid(x):
    return -math.log1p(math.exp(-x)) if x >= 0 else x - math.log1p(math.exp(x))


def logsigmoid():
    return [("out", [log_sigmoid(x) for x in (-4, -2, -1, 0, 1, 2, 3, 4)])]


def logsigmoid_forward():
    return [("out", [log_sigmoid(x) for x in range(1, 9)])]


def sigmoid():
    return [("out", [1.0 / (1.0 + math.exp(-x)) for x in (-4, -2, -1, 0, 1, 2, 3, 4)])]


def inplace_sigmoid():
    return [("selfRef", sigmoid()[0][1])]


def sigmoid_backward():
    dy, y = [1, 2, -1, 0.5], [0.5, 0.25, 0.75, f32(0.9)]
    return [("gradInput", [d * v * (1 - v) for d, v in zip(dy, y)])]


def logit():
    # eps = 0.1: inputs clamped to [0.1, 0.9] (in float32), then log(z / (1 - z)).
    lo, hi = f32(0.1), f32(1 - f32(0.1))
    z = [min(max(f32(v), lo), hi) for v in (0.05, 0.2, 0.4, 0.5, 0.8, 0.97)]
    return [("out", [math.log(v / (1 - v)) for v in z])]


def upsample_nearest_exact1d():
    # self [1, 2, 4] = 1..8, outputSize 6, scales 0: S = float32(6 / 4); output j reads the last
    # input i whose backward bin starts at or before j: ceil(f32(f32(i * S) - 0.5)) <= j.
    l_in, l_out = 4, 6
    s = f32(l_out / l_in)
    start = [min(math.ceil(f32(f32(i * s) - 0.5)), l_out) for i in range(l_in)]
    src = [max(i for i in range(l_in) if start[i] <= j) for j in range(l_out)]
    rows = [[1, 2, 3, 4], [5, 6, 7, 8]]
    return [("out", [row[i] for row in rows for i in src])]


def sync_batch_norm():
    # One-device batch norm of the whole batch x [4, 3, 5] (the sample splits it over 2 devices).
    n_, c_, l_, eps, momentum = 4, 3, 5, 1e-5, 0.1
    weight, bias = [1.5, 0.5, -1.0], [0.25, -0.5, 1.0]
    x = [[[f32(((n * 7 + c * 3 + l * 5) % 11) * 0.5 - 2.0 + c) for l in range(l_)] for c in range(c_)]
         for n in range(n_)]
    dy = [[[((n * 5 + c * 2 + l * 3) % 7) * 0.25 - 0.75 for l in range(l_)] for c in range(c_)]
          for n in range(n_)]
    m = n_ * l_
    mean = [sum(x[n][c][l] for n in range(n_) for l in range(l_)) / m for c in range(c_)]
    var = [sum((x[n][c][l] - mean[c]) ** 2 for n in range(n_) for l in range(l_)) / m for c in range(c_)]
    invstd = [1 / math.sqrt(v + eps) for v in var]
    xhat = [[[(x[n][c][l] - mean[c]) * invstd[c] for l in range(l_)] for c in range(c_)] for n in range(n_)]
    y = [xhat[n][c][l] * weight[c] + bias[c] for n in range(n_) for c in range(c_) for l in range(l_)]
    grad_bias = [sum(dy[n][c][l] for n in range(n_) for l in range(l_)) for c in range(c_)]
    grad_weight = [sum(dy[n][c][l] * xhat[n][c][l] for n in range(n_) for l in range(l_)) for c in range(c_)]
    grad_input = [weight[c] * invstd[c] * (dy[n][c][l] - grad_bias[c] / m - xhat[n][c][l] * grad_weight[c] / m)
                  for n in range(n_) for c in range(c_) for l in range(l_)]
    running_mean = [momentum * mean[c] for c in range(c_)]
    running_var = [(1 - momentum) + momentum * var[c] * m / (m - 1) for c in range(c_)]
    return [("y", y), ("gradInput", grad_input), ("gradWeight", grad_weight), ("gradBias", grad_bias),
            ("runningMean", running_mean), ("runningVar", running_var)]


EXPECTED = {
    "logsigmoid_backward": logsigmoid_backward,
    "batch_norm_reduce_backward": batch_norm_reduce_backward,
    "logit_grad": logit_grad,
    "upsample_nearest_exact1d_backward": upsample_nearest_exact1d_backward,
    "logsigmoid": logsigmoid,
    "logsigmoid_forward": logsigmoid_forward,
    "sigmoid": sigmoid,
    "inplace_sigmoid": inplace_sigmoid,
    "sigmoid_backward": sigmoid_backward,
    "logit": logit,
    "upsample_nearest_exact1d": upsample_nearest_exact1d,
    "sync_batch_norm": sync_batch_norm,
}


def close(printed, expected):
    return abs(printed - expected) <= 1e-5 + 1e-5 * abs(expected)  # %f prints 6 decimals


def main():
    name, exe = sys.argv[1], sys.argv[2]
    outputs = EXPECTED[name]()
    run = subprocess.run([exe], capture_output=True, text=True, timeout=120)
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
