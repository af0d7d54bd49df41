"""Expected outputs of the upsample_nearest_exact1d sample (samples/check_sample.py), in double precision."""
import math
import struct


def f32(v):
    """Rounds a python float to the nearest float32 (the sample's inputs are float32)."""
    return struct.unpack("f", struct.pack("f", v))[0]


def expected():
    # self [1, 2, 4] = 1..8, outputSize 6, scales 0: S = float32(6 / 4); output j reads the last
    # input i whose backward bin starts at or before j: ceil(f32(f32(i * S) - 0.5)) <= j.
    l_in, l_out = 4, 6
    s = f32(l_out / l_in)
    start = [min(math.ceil(f32(f32(i * s) - 0.5)), l_out) for i in range(l_in)]
    src = [max(i for i in range(l_in) if start[i] <= j) for j in range(l_out)]
    rows = [[1, 2, 3, 4], [5, 6, 7, 8]]
    return [("out", [row[i] for row in rows for i in src])]
