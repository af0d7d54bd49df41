"""Expected outputs of the logsigmoid_forward sample (samples/check_sample.py), in double precision."""
import math


def log_sigmoid(x):
    return -math.log1p(math.exp(-x)) if x >= 0 else x - math.log1p(math.exp(x))


def expected():
    return [("out", [log_sigmoid(x) for x in range(1, 9)])]
