"""Expected outputs of the batch_norm_reduce_backward sample (samples/check_sample.py), in double precision."""


def expected():
    dy = [[1, 1], [1, 2], [2, 2], [3, 3]]
    x = [[0, 1], [2, 3], [4, 5], [6, 7]]
    mean, invstd = [1, 1], [1, 1]
    sum_dy = [sum(row[c] for row in dy) for c in range(2)]
    sum_dy_xmu = [sum(dy[n][c] * (x[n][c] - mean[c]) for n in range(4)) for c in range(2)]
    grad_weight = [sum_dy_xmu[c] * invstd[c] for c in range(2)]
    grad_bias = list(sum_dy)
    return [("sumDy", sum_dy), ("sumDyXmu", sum_dy_xmu), ("gradWeight", grad_weight),
            ("gradBias", grad_bias)]
