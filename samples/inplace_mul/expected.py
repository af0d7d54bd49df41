"""Expected outputs of the inplace_mul sample (samples/check_sample.py): selfRef * other, in double
precision."""

def expected():
    other = [1, 1, 1, 2, 2, 2, 3, 3]
    return [("selfRef", [s * o for s, o in zip(range(8), other)])]
