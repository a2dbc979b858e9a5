#!/usr/bin/env python3
"""Reference values for the judges of tests/unit/test_bisect.cpp, computed without the C++ code.

Prints the C++ table that the test includes. Regenerate with Debian's SciPy and NumPy (python3-scipy,
python3-numpy; no pip):

    /usr/bin/python3 tests/reference/bisect_reference.py > tests/reference/bisect_reference.inc

The model (docs/STATISTICS.md, "Bisection"): every sample is normal with the noise variance sigma^2; the
samples of one build (one file of an end, or the commit's runs) share a random offset of variance
rho sigma^2, so their covariance is sigma^2 (I + rho J) within a build. The good end has level g, the
bad end level b; the commit's level is g ("like good", H0) or b ("like bad", H1). With flat priors on the
levels and 1/sigma on sigma, the marginal likelihood of H is proportional to
|X' W X|^(-1/2) RSS^(-(n - 2) / 2), where W is the inverse of (I + rho J), X the design of H and RSS the
generalized residual sum of squares; the log Bayes factor of H1 against H0 is the log of their ratio.
Here it is computed from the full n-by-n covariance matrix (numpy.linalg), not from per-build summaries
as the C++ code does.

rho is the median-unbiased estimate of a one-way analysis of variance over the builds of each end,
pooled: F = (between mean square) / (within mean square), rho = max(0, (F / F_0.5 - 1) / n0), F_0.5 the
median of F(between df, within df) (scipy.stats.f.ppf) and n0 the pooled (N - sum n_i^2 / N) per
between degree of freedom. 0 with one build an end.

The evidence after the commit's k-th sample is the sum of the steps of the log Bayes factor (0 before
the first sample), each bounded to +-T/2 with T = log(1 / alpha); the judge says bad at >= T, good at
<= -T, and here (the last look) undecided otherwise. The commit's place: (c - g) / (b - g) from the
generalized least-squares fit with a level of its own. A commit whose lower (1 - alpha) t bound (n - 3
degrees of freedom) of its distance beyond the nearer end exceeds one noise SD is judged stale.

The rounds judge (measured ends) is computed from the raw runs, with dense matrices, not with the C++
code's Kalman filter or its contrasts within rounds. Every run is the machine's level in its round plus
its tree's level above the good end: 0 for the good end, D for the bad end, and for a commit's run its
level: for the commit judged now 0 (H0) or D (H1), for a commit judged before the level of its verdict
(0 good, D bad). The runs of an earlier commit without a verdict are left out (the C++ judge does not use
them). Two models of the machine's level:

- drifting (one build of each tree): the rounds in time order (the steps in the order they ran, the one judged
  now last) are periods 0, 1, 2, ... The machine's level has a first level and a first slope (flat
  priors; columns 1 and t) and a stochastic part that moves from one period to the next by the slope
  plus a normal step of variance q (q + gap into a new step's first round), the slope by a normal step
  of variance r: two runs t_a and t_b periods in have covariance (in noise variances) delta_ab + sum over
  the steps k <= min(t_a, t_b) of (q [+ gap]) + r (t_a - k)(t_b - k). The marginal likelihood of H is
  |V|^(-1/2) |X'V^-1 X|^(-1/2) RSS^(-(n - 3)/2); each hypothesis's likelihood is the equal mixture over
  (gap, r, q) in WALK_GAPS x WALK_SLOPE_VARIANCES x WALK_VARIANCES, and the log Bayes factor the log
  of their ratio. The steps of the evidence are bounded at WALK_BOUND_SHARE of the threshold.
- paired (several builds; checked here with one build in every round): one free level a round, flat
  prior; integrating each round's level out leaves exactly the within-round contrasts.

The commit's place (both models) is its own level over D, both fitted by least squares with a free level
a round and a free level of the commit.
"""

import numpy as np
from scipy import stats

from reference_support import array, boolean, literal, sample


def covariance(sizes, rho):
    n = sum(sizes)
    v = np.eye(n)
    start = 0
    for size in sizes:
        v[start:start + size, start:start + size] += rho
        start += size
    return v


def gls(y, x, w):
    information = x.T @ w @ x
    beta = np.linalg.solve(information, x.T @ w @ y)
    r = y - x @ beta
    return beta, float(r @ w @ r), information


def build_ratio(good, bad):
    between = between_df = within = within_df = n0_df = 0.0
    for builds in (good, bad):
        sizes = [len(b) for b in builds]
        within += sum(float(np.sum((np.array(b) - np.mean(b)) ** 2)) for b in builds)
        within_df += sum(s - 1 for s in sizes)
        if len(builds) < 2:
            continue
        total = sum(sizes)
        grand = sum(sum(b) for b in builds) / total
        between += sum(len(b) * (np.mean(b) - grand) ** 2 for b in builds)
        between_df += len(builds) - 1
        n0_df += total - sum(s * s for s in sizes) / total
    if between_df == 0 or within_df == 0:
        return 0.0
    f = (between / between_df) / (within / within_df)
    n0 = n0_df / between_df
    return max(0.0, (f / stats.f.ppf(0.5, between_df, within_df) - 1) / n0)


def judge(good, bad, current, alpha):
    rho = build_ratio(good, bad)
    threshold = np.log(1 / alpha)
    ends = [x for b in good for x in b] + [x for b in bad for x in b]
    sizes = [len(b) for b in good] + [len(b) for b in bad]
    n_good = sum(len(b) for b in good)

    def design(k, commit_column):
        x = np.zeros((len(ends) + k, 3 if commit_column == 2 else 2))
        x[:n_good, 0] = 1
        x[n_good:len(ends), 1] = 1
        x[len(ends):, commit_column] = 1
        return x

    def log_bf(k):
        y = np.array(ends + current[:k])
        w = np.linalg.inv(covariance(sizes + [k], rho))
        _, rss0, info0 = gls(y, design(k, 0), w)
        _, rss1, info1 = gls(y, design(k, 1), w)
        n = len(y)
        return (-0.5 * (np.linalg.slogdet(info1)[1] - np.linalg.slogdet(info0)[1])
                - 0.5 * (n - 2) * (np.log(rss1) - np.log(rss0)))

    evidence, last = 0.0, 0.0
    for k in range(1, len(current) + 1):
        value = log_bf(k)
        evidence += float(np.clip(value - last, -threshold / 2, threshold / 2))
        last = value
    answer = "bad" if evidence >= threshold else "good" if evidence <= -threshold else "undecided"

    y = np.array(ends + current)
    w = np.linalg.inv(covariance(sizes + [len(current)], rho))
    beta, rss, info = gls(y, design(len(current), 2), w)
    position = (beta[2] - beta[0]) / (beta[1] - beta[0])
    stale = False
    n = len(y)
    if position < 0 or position > 1:
        end = 1 if position > 1 else 0
        noise = rss / (n - 3)
        covariance_of_levels = noise * np.linalg.inv(info)
        se = np.sqrt(covariance_of_levels[2, 2] + covariance_of_levels[end, end])
        bound = abs(beta[2] - beta[end]) - stats.t.ppf(1 - alpha, n - 3) * se
        if bound > np.sqrt(noise):
            stale, answer = True, "undecided"
    return rho, evidence, answer, float(position), stale


WALK_VARIANCES = (0.0, 0.01, 0.03, 0.1, 0.3, 1.0, 3.0)
WALK_SLOPE_VARIANCES = (0.0, 0.001, 0.01)
WALK_GAPS = (0.0, 1.0, 10.0)
WALK_BOUND_SHARE = 0.45


def used_runs(rounds, h):
    """The runs of the rounds under hypothesis h: (round index, step, value, D coefficient)."""
    runs = []
    for i, (step, good, bad, commit, verdict) in enumerate(rounds):
        if good is not None:
            runs.append((i, step, good, 0.0))
        if bad is not None:
            runs.append((i, step, bad, 1.0))
        if commit is None:
            continue
        if step == "now":
            runs.append((i, step, commit, h))
        elif verdict is not None:
            runs.append((i, step, commit, 1.0 if verdict == "bad" else 0.0))
    return runs


def log_marginal(y, x, v):
    """log |V|^(-1/2) |X'V^-1 X|^(-1/2) RSS^(-(n - p)/2); None where X is not of full rank or n <= p."""
    n, p = x.shape
    if n <= p or np.linalg.matrix_rank(x) < p:
        return None
    w = np.linalg.inv(v)
    _, rss, information = gls(y, x, w)
    return (-0.5 * np.linalg.slogdet(v)[1] - 0.5 * np.linalg.slogdet(information)[1]
            - 0.5 * (n - p) * np.log(rss))


def walk_periods(rounds, runs):
    """Each run's period (its round's, counted from the first round in time order: the steps in the
    order their rounds are listed, which is the order they ran, whatever numbers name them; the rounds
    of a step as listed) and the periods that begin a step after the first (the level's step into them
    carries the gap)."""
    steps = list(dict.fromkeys(step for step, *_ in rounds))
    ordered = [i for step in steps for i, r in enumerate(rounds) if r[0] == step]
    period_of_round = {i: t for t, i in enumerate(ordered)}
    boundaries = {t for t in range(1, len(ordered)) if rounds[ordered[t]][0] != rounds[ordered[t - 1]][0]}
    return [period_of_round[i] for i, _, _, _ in runs], boundaries


def walk_covariance(periods, boundaries, q, slope, gap):
    """The runs' covariance in noise variances: the noise (identity) plus the level's stochastic part,
    which after t periods is the sum of the level's steps (variance q, q + gap into a new step) and of
    each slope step k times the periods since, (t - k)."""
    n = len(periods)
    v = np.eye(n)
    for a in range(n):
        for b in range(n):
            ta, tb = periods[a], periods[b]
            for k in range(1, min(ta, tb) + 1):
                v[a, b] += q + (gap if k in boundaries else 0.0) + slope * (ta - k) * (tb - k)
    return v


def walk_log_bf(rounds):
    mixtures = []
    for h in (0.0, 1.0):
        runs = used_runs(rounds, h)
        periods, boundaries = walk_periods(rounds, runs)
        y = np.array([value for _, _, value, _ in runs])
        # Columns: the ends' difference, the first level, the first slope (the time in periods).
        x = np.array([[coefficient, 1.0, float(t)] for (_, _, _, coefficient), t in zip(runs, periods)])
        terms = []
        for gap in WALK_GAPS:
            for slope in WALK_SLOPE_VARIANCES:
                for q in WALK_VARIANCES:
                    value = log_marginal(y, x, walk_covariance(periods, boundaries, q, slope, gap))
                    if value is None:
                        return 0.0
                    terms.append(value)
        top = max(terms)
        mixtures.append(top + np.log(sum(np.exp(t - top) for t in terms)))
    return mixtures[1] - mixtures[0]


def paired_log_bf(rounds):
    def design(h):
        runs = used_runs(rounds, h)
        y = np.array([value for _, _, value, _ in runs])
        x = np.zeros((len(runs), len(rounds) + 1))
        for row, (i, _, _, coefficient) in enumerate(runs):
            x[row, i] = 1
            x[row, len(rounds)] = coefficient
        # Rounds without a run left (an earlier commit's lone run) take no column.
        used = [c for c in range(x.shape[1]) if np.any(x[:, c] != 0)]
        return y, x[:, used]

    y0, x0 = design(0.0)
    y1, x1 = design(1.0)
    _, rss0, info0 = gls(y0, x0, np.eye(len(y0)))
    _, rss1, info1 = gls(y1, x1, np.eye(len(y1)))
    df = len(y0) - x0.shape[1]
    if df <= 0:
        return 0.0
    return (-0.5 * (np.linalg.slogdet(info1)[1] - np.linalg.slogdet(info0)[1])
            - 0.5 * df * (np.log(rss1) - np.log(rss0)))


def judge_rounds(earlier, current, alpha, log_bf, bound_share):
    """Rounds: (step, good or None, bad or None, commit or None, verdict 'good', 'bad' or None)."""
    threshold = np.log(1 / alpha)
    bound = bound_share * threshold
    evidence, last, trail = 0.0, 0.0, []
    for k in range(1, len(current) + 1):
        value = log_bf(earlier + current[:k])
        evidence += float(np.clip(value - last, -bound, bound))
        last = value
        trail.append(evidence)
    answer = "bad" if evidence >= threshold else "good" if evidence <= -threshold else "more_runs"

    # The place: the commit's own level (a column of its runs) and D.
    rounds = earlier + current
    runs = []
    for i, (step, good, bad, commit, verdict) in enumerate(rounds):
        if good is not None:
            runs.append((i, good, 0.0, 0.0))
        if bad is not None:
            runs.append((i, bad, 1.0, 0.0))
        if commit is not None and step == "now":
            runs.append((i, commit, 0.0, 1.0))
        elif commit is not None and verdict is not None:
            runs.append((i, commit, 1.0 if verdict == "bad" else 0.0, 0.0))
    y = np.array([v for _, v, _, _ in runs])
    x = np.zeros((len(runs), len(rounds) + 2))
    for row, (i, _, on_d, on_l) in enumerate(runs):
        x[row, i] = 1
        x[row, len(rounds)] = on_d
        x[row, len(rounds) + 1] = on_l
    used = [c for c in range(x.shape[1]) if np.any(x[:, c] != 0)]
    beta, _, _ = gls(y, x[:, used], np.eye(len(y)))
    position = beta[-1] / beta[-2]
    return trail, answer, float(position)


def machine_rounds(seed, step, count, commit_level, difference, one_end_from, verdict=None, drift=0.0):
    """`count` rounds at a drifting machine: both ends until round `one_end_from`, then the commit with
    the good end and the bad end in turn."""
    rng = np.random.default_rng(seed)
    out = []
    for i in range(count):
        speed = 1 + drift * i
        noise = [round(float(z), 3) for z in rng.normal(0, 1, 3)]
        good = round((100 + noise[0]) * speed, 3)
        bad = round((100 + difference + noise[1]) * speed, 3)
        commit = round((100 + commit_level + noise[2]) * speed, 3)
        if i >= one_end_from:
            if (i - one_end_from) % 2 == 0:
                bad = None
            else:
                good = None
        out.append((step, good, bad, commit, verdict))
    return out


ROUND_CASES = [
    # (name, earlier rounds, the commit's rounds, alpha)
    ("both ends, like bad", [], machine_rounds(21, "now", 8, 2, 2, 99), 0.01),
    ("both ends, like good, drifting", [], machine_rounds(22, "now", 8, 0, 2, 99, drift=0.01), 0.01),
    ("one end after earlier rounds, like bad",
     machine_rounds(23, 0, 10, 0, 2, 99, "good"), machine_rounds(24, "now", 7, 2, 2, 0), 0.01),
    ("one end, like good, a commit judged bad before",
     machine_rounds(25, 0, 9, 2, 2, 99, "bad") + machine_rounds(26, 1, 6, 0, 2, 0, "good"),
     machine_rounds(27, "now", 8, 0, 2, 0, drift=0.005), 0.01),
    ("an earlier commit without a verdict is left out",
     machine_rounds(28, 0, 9, 1, 2, 99, None), machine_rounds(29, "now", 6, 2, 2, 3), 0.05),
    ("half-way stays unclear", machine_rounds(30, 0, 12, 0, 2, 99, "good"), machine_rounds(31, "now", 6, 1, 2, 0),
     0.01),
    ("three commits on a machine that slows, then jumps back",
     machine_rounds(32, 0, 8, 0, 2, 99, "good", drift=0.004) + machine_rounds(33, 1, 6, 2, 2, 3, "bad", drift=0.004),
     machine_rounds(34, "now", 6, 2, 2, 0, drift=0.004), 0.01),
    ("steps named out of time order: the order they ran counts",
     machine_rounds(35, 14, 8, 0, 2, 99, "good", drift=0.004) + machine_rounds(36, 7, 6, 2, 2, 3, "bad", drift=0.004),
     machine_rounds(37, "now", 6, 0, 2, 0, drift=0.004), 0.01),
]


def builds(seed, count, size, level, offset_sd):
    rng = np.random.default_rng(seed)
    offsets = rng.normal(0, offset_sd, count)
    return [sample(seed * 10 + i, size, level + round(float(offsets[i]), 3)) for i in range(count)]


CASES = [
    # (name, good builds, bad builds, the commit's samples, alpha)
    ("like bad, 20 a side", builds(1, 1, 20, 100, 0), builds(2, 1, 20, 102, 0), sample(3, 6, 102), 0.01),
    ("like good, 20 a side", builds(1, 1, 20, 100, 0), builds(2, 1, 20, 102, 0), sample(4, 6, 100), 0.01),
    ("half-way stays unclear", builds(1, 1, 20, 100, 0), builds(2, 1, 20, 102, 0), sample(5, 8, 101), 0.01),
    ("5 a side, 1 SD apart", builds(6, 1, 5, 100, 0), builds(7, 1, 5, 101, 0), sample(8, 12, 101), 0.05),
    ("three builds an end", builds(9, 3, 8, 100, 0.5), builds(10, 3, 8, 102, 0.5), sample(11, 10, 102), 0.01),
    ("two builds, like good", builds(12, 2, 10, 50, 0.3), builds(13, 2, 10, 53, 0.3), sample(14, 5, 50, 1.5),
     0.005),
    ("far beyond bad: stale", builds(1, 1, 20, 100, 0), builds(2, 1, 20, 102, 0), sample(15, 10, 110), 0.01),
    ("far below good: stale", builds(1, 1, 20, 100, 0), builds(2, 1, 20, 102, 0), sample(16, 10, 93), 0.01),
]


def main():
    print("// Generated by tests/reference/bisect_reference.py with SciPy {} and NumPy {}.".format(
        __import__("scipy").__version__, np.__version__))
    print("// Regenerate: /usr/bin/python3 tests/reference/bisect_reference.py > tests/reference/bisect_reference.inc")
    print("// How each value is computed: see the script's docstring.")
    print()
    print("// The stored-ends judge at its last look: name, good builds, bad builds, the commit's samples,")
    print("// alpha, the builds' variance ratio, evidence, answer, position, stale.")
    print("const std::vector<bisect_stored_case> bisect_stored_cases{")
    for name, good, bad, current, alpha in CASES:
        rho, evidence, answer, position, stale = judge(good, bad, current, alpha)
        ends = lambda bs: "{" + ", ".join(array(b, 8) for b in bs) + "}"
        print("    {{\"{}\",\n     {},\n     {},\n     {},\n     {}, {}, {}, bisect_answer::{}, {}, {}}},".format(
            name, ends(good), ends(bad), array(current, 4), literal(alpha), literal(rho), literal(evidence), answer,
            literal(position), boolean(stale)))
    print("};")
    print()
    print("// The rounds judge: name, earlier rounds, the commit's rounds (step, good, bad, commit, verdict; NaN")
    print("// where a round did not run an end), alpha; with the drift model (one build of each tree) the evidence")
    print("// after each of the commit's rounds, the answer after the last and the commit's place; with rounds")
    print("// paired (the model of several builds) the evidence after each round and the answer.")
    print("const std::vector<bisect_rounds_case> bisect_rounds_cases{")

    def rounds_literal(rounds, indent):
        items = []
        for step, good, bad, commit, verdict in rounds:
            value = lambda v: "nan" if v is None else literal(v)
            items.append("{{{}, {}, {}, {}, bisect_answer::{}}}".format(
                1000 if step == "now" else step, value(good), value(bad), value(commit),
                verdict if verdict is not None else "undecided"))
        if not items:
            return "{}"
        pad = " " * (indent + 2)
        return "{\n" + ",\n".join(pad + item for item in items) + "\n" + " " * indent + "}"

    for name, earlier, current, alpha in ROUND_CASES:
        trail, answer, position = judge_rounds(earlier, current, alpha, walk_log_bf, WALK_BOUND_SHARE)
        paired, paired_answer, _ = judge_rounds(earlier, current, alpha, paired_log_bf, 0.5)
        print("    {{\"{}\",\n     {},\n     {},\n     {}, {}, bisect_answer::{}, {},\n     {}, bisect_answer::{}}},".format(
            name, rounds_literal(earlier, 5), rounds_literal(current, 5), literal(alpha), array(trail, 5), answer,
            literal(position), array(paired, 5), paired_answer))
    print("};")


if __name__ == "__main__":
    main()
