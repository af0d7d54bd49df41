"""Expected outputs of the add sample (samples/check_sample.py): self + alpha * other, in double
precision."""
import struct


def f32(v):
    """Rounds a python float to the nearest float32 (the sample's inputs are float32)."""
    return struct.unpack("f", struct.pack("f", v))[0]


def expected():
    self = range(8)
    other = [1, 1, 1, 2, 2, 2, 3, 3]
    alpha = f32(1.2)
    return [("out", [s + alpha * o for s, o in zip(self, other)])]
