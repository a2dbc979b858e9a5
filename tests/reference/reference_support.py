"""What the reference scripts of tests/reference/ share: seeded samples, and the C++ literals of the
tables they print."""

import numpy as np


def sample(seed, n, loc=0.0, scale=1.0, digits=3):
    """n normal values from numpy.random.default_rng(seed), rounded to `digits` decimals."""
    rng = np.random.default_rng(seed)
    return [round(float(x), digits) for x in rng.normal(loc, scale, n)]


def integers(seed, n, low, high):
    """n integers in [low, high) from numpy.random.default_rng(seed), as floats."""
    rng = np.random.default_rng(seed)
    return [float(x) for x in rng.integers(low, high, n)]


def literal(x):
    """A double, with repr's 17 significant digits, so that it reads back as the same double."""
    return repr(float(x))


def boolean(b):
    return "true" if b else "false"


def array(xs, indent, fmt=literal):
    """A braced list of `fmt(x)`, wrapped at 96 columns, continuation lines indented by indent + 2."""
    items = [fmt(x) for x in xs]
    lines, line = [], ""
    for item in items:
        if line and len(line) + len(item) + 2 > 96 - indent:
            lines.append(line.rstrip())
            line = ""
        line += item + ", "
    lines.append(line.rstrip().rstrip(","))
    if len(lines) == 1:
        return "{" + lines[0] + "}"
    pad = " " * (indent + 2)
    return "{\n" + "\n".join(pad + l for l in lines) + "\n" + " " * indent + "}"
