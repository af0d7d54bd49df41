"""Expected outputs of the adds sample (samples/check_sample.py): self + alpha * other (scalars), in double
precision."""
import struct


def f32(v):
    """Rounds a python float to the nearest float32 (the sample's inputs are float32)."""
    return struct.unpack("f", struct.pack("f", v))[0]


def expected():
    self = range(8)
    other, alpha = 2.5, f32(1.1)
    return [("out", [s + alpha * other for s in self])]
