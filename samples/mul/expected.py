"""Expected outputs of the mul sample (samples/check_sample.py): self * other, other broadcast along the rows, in double
precision."""

def expected():
    self = range(8)
    other = [0.5, -3]
    return [("out", [s * other[i % 2] for i, s in enumerate(self)])]
