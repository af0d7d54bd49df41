"""Expected outputs of the logsigmoid_backward sample (samples/check_sample.py), in double precision."""
import math


def expected():
    # self = [1, 2, 3, 4], gradOutput = 1: d/dx log(sigmoid(x)) = 1 / (1 + e^x).
    return [("gradInput", [1.0 / (1.0 + math.exp(x)) for x in (1, 2, 3, 4)])]
