"""Expected outputs of the inplace_add sample (samples/check_sample.py): selfRef + alpha * other, other broadcast along the rows, in double
precision."""

def expected():
    self_ref = range(8)
    other = [10, -10]
    return [("selfRef", [s + 2 * other[i % 2] for i, s in enumerate(self_ref)])]
