"""What the reference scripts of tests/reference/ share: seeded samples, the exact Mann-Whitney p-value
by enumeration, and the C++ literals of the tables they print."""

import itertools
import math
from fractions import Fraction

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


def u_pairs(a, b):
    """U of `a` counted pair by pair, as a Fraction: a win counts 1, a tie 1/2."""
    u = Fraction(0)
    for x in a:
        for y in b:
            if x > y:
                u += 1
            elif x == y:
                u += Fraction(1, 2)
    return u



def two_sided(lower, upper):
    return min(Fraction(1), 2 * min(lower, upper))



def p_by_enumeration(a, b):
    """Exact two-sided p-value of U by visiting every split of the pooled values."""
    pooled = a + b
    n1 = len(a)
    observed = u_pairs(a, b)
    lower = upper = total = 0
    for chosen in itertools.combinations(range(len(pooled)), n1):
        in_first = set(chosen)
        x = [pooled[i] for i in chosen]
        y = [pooled[i] for i in range(len(pooled)) if i not in in_first]
        u = u_pairs(x, y)
        total += 1
        lower += u <= observed
        upper += u >= observed
    assert total == math.comb(len(pooled), n1)
    return observed, two_sided(Fraction(lower, total), Fraction(upper, total))

