"""Expected outputs of the logit sample (samples/check_sample.py), in double precision."""
import math
import struct


def f32(v):
    """Rounds a python float to the nearest float32 (the sample's inputs are float32)."""
    return struct.unpack("f", struct.pack("f", v))[0]


def expected():
    # eps = 0.1: inputs clamped to [0.1, 0.9] (in float32), then log(z / (1 - z)).
    lo, hi = f32(0.1), f32(1 - f32(0.1))
    z = [min(max(f32(v), lo), hi) for v in (0.05, 0.2, 0.4, 0.5, 0.8, 0.97)]
    return [("out", [math.log(v / (1 - v)) for v in z])]
