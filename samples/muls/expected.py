"""Expected outputs of the muls sample (samples/check_sample.py): self * other (scalar), in double
precision."""
import struct


def f32(v):
    """Rounds a python float to the nearest float32 (the sample's inputs are float32)."""
    return struct.unpack("f", struct.pack("f", v))[0]


def expected():
    other = f32(1.3)
    return [("out", [s * other for s in range(8)])]
