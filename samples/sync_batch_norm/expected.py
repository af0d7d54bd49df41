"""Expected outputs of the sync_batch_norm sample (samples/check_sample.py), in double precision."""
import math
import struct

# The sample splits its batch over two devices of the CPU backend.
ENVIRONMENT = {"ACLEMU_BACKEND": "cpu", "ACLEMU_CPU_DEVICE_COUNT": "2"}


def f32(v):
    """Rounds a python float to the nearest float32 (the sample's inputs are float32)."""
    return struct.unpack("f", struct.pack("f", v))[0]


def expected():
    # One-device batch norm of the whole batch x [4, 3, 5] (the sample splits it over 2 devices).
    n_, c_, l_, eps, momentum = 4, 3, 5, 1e-5, 0.1
    weight, bias = [1.5, 0.5, -1.0], [0.25, -0.5, 1.0]
    x = [[[f32(((n * 7 + c * 3 + l * 5) % 11) * 0.5 - 2.0 + c) for l in range(l_)] for c in range(c_)]
         for n in range(n_)]
    dy = [[[((n * 5 + c * 2 + l * 3) % 7) * 0.25 - 0.75 for l in range(l_)] for c in range(c_)]
          for n in range(n_)]
    m = n_ * l_
    mean = [sum(x[n][c][l] for n in range(n_) for l in range(l_)) / m for c in range(c_)]
    var = [sum((x[n][c][l] - mean[c]) ** 2 for n in range(n_) for l in range(l_)) / m for c in range(c_)]
    invstd = [1 / math.sqrt(v + eps) for v in var]
    xhat = [[[(x[n][c][l] - mean[c]) * invstd[c] for l in range(l_)] for c in range(c_)] for n in range(n_)]
    y = [xhat[n][c][l] * weight[c] + bias[c] for n in range(n_) for c in range(c_) for l in range(l_)]
    grad_bias = [sum(dy[n][c][l] for n in range(n_) for l in range(l_)) for c in range(c_)]
    grad_weight = [sum(dy[n][c][l] * xhat[n][c][l] for n in range(n_) for l in range(l_)) for c in range(c_)]
    grad_input = [weight[c] * invstd[c] * (dy[n][c][l] - grad_bias[c] / m - xhat[n][c][l] * grad_weight[c] / m)
                  for n in range(n_) for c in range(c_) for l in range(l_)]
    running_mean = [momentum * mean[c] for c in range(c_)]
    running_var = [(1 - momentum) + momentum * var[c] * m / (m - 1) for c in range(c_)]
    return [("y", y), ("gradInput", grad_input), ("gradWeight", grad_weight), ("gradBias", grad_bias),
            ("runningMean", running_mean), ("runningVar", running_var)]
