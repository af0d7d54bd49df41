"""Expected outputs of the sigmoid sample (samples/check_sample.py), in double precision."""
import math


def expected():
    return [("out", [1.0 / (1.0 + math.exp(-x)) for x in (-4, -2, -1, 0, 1, 2, 3, 4)])]
