#!/usr/bin/env python3
"""Randomized differential test: `perfmail plot --style gnuplot-5.4` against the installed gnuplot.

Generates trend-plot cases (magnitudes, spreads, shapes, lengths, absent and empty sets, undefined
samples, number spellings, titles of every length, sizes, and the hand-picked borderline cases of
docs/PLOTS.md), feeds all of them to ONE gnuplot session the way the robot does, splits gnuplot's
output per case, renders every case with perfmail, and compares the bytes.

Exit status: 0 when every case matches, 1 on a mismatch (the first ones are printed with their
inputs), 77 when gnuplot is not installed (CTest reports the test as skipped).

Usage: plot_vs_gnuplot.py --perfmail PATH [--cases N] [--seed S] [--gnuplot PATH] [--save DIR]
"""

import argparse
import math
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile

SKIP = 77
MARK = "@@perfmail-case {}@@"
MARK_RE = re.compile(rb"@@perfmail-case (\d+)@@\n")
TITLE_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.:+=-"
METRICS = [
    "vm-scalability.throughput", "fio.write_bw_MBps", "fio.latency_4ms_", "perf-stat.ipc",
    "will-it-scale.per_process_ops", "turbostat.Avg_MHz", "unixbench.score", "netperf.Throughput_Mbps",
    "perf-stat.i.cache-misses", "proc-vmstat.nr_free_pages", "meminfo.Active_anon", "time.elapsed_time",
]


# ----------------------------------------------------------------------------- number spellings

def ruby_to_s(v):
    """Ruby's Float#to_s: shortest round-trip digits, ".0" on integral values, e+NN exponents."""
    r = repr(float(v))
    if "e" in r:
        mant, exp = r.split("e")
        if "." not in mant:
            mant += ".0"
        sign = "-" if exp.startswith("-") else "+"
        return "{}e{}{:02d}".format(mant, sign, abs(int(exp)))
    return r if "." in r else r + ".0"


def spell(rng, v):
    if isinstance(v, str):
        return v
    choice = rng.random()
    if choice < 0.4:
        return ruby_to_s(v)
    if choice < 0.6 and v == int(v) and abs(v) < 1e18:
        return str(int(v))
    if choice < 0.8:
        return "%.4g" % v
    return repr(v)


# ----------------------------------------------------------------------------- case generation

def shape_values(rng, n, base, sigma, offset):
    shape = rng.choice(["constant", "noise", "walk", "step", "zeros", "spike", "uniform"])
    out = []
    if shape == "constant":
        out = [base] * n
    elif shape == "noise":
        out = [rng.gauss(base, sigma) for _ in range(n)]
    elif shape == "walk":
        v = base
        for _ in range(n):
            v += rng.gauss(0, sigma)
            out.append(v)
    elif shape == "step":
        jump = rng.choice([-10, -3, 3, 10]) * sigma
        out = [rng.gauss(base, sigma / 3) + (jump if i >= n // 2 else 0) for i in range(n)]
    elif shape == "zeros":
        out = [0.0 if rng.random() < 0.7 else abs(rng.gauss(base, sigma)) for _ in range(n)]
    elif shape == "spike":
        out = [rng.gauss(base, sigma / 10) for _ in range(n)]
        if n:
            out[rng.randrange(n)] = base + rng.choice([-1, 1]) * 20 * (sigma if sigma else abs(base) or 1)
    else:
        out = [rng.uniform(base - sigma, base + sigma) for _ in range(n)]
    return [v + offset for v in out]


def random_length(rng):
    if rng.random() < 0.03:
        return rng.randint(100, 200)
    pick = rng.choice([0, 1, 2, 3, 5, 8, 10, 20, 25, 26, 30, 40, 59, 60, None, None])
    return rng.randint(1, 60) if pick is None else pick


def random_title(rng):
    r = rng.random()
    if r < 0.02:
        return ""
    if r < 0.45:
        return rng.choice(METRICS)
    if r < 0.65:
        n = rng.randint(78, 90)
    else:
        n = rng.randint(1, 100)
    return "".join(rng.choice(TITLE_CHARS) for _ in range(n))


def random_size(rng):
    if rng.random() < 0.9:
        return 80, 20
    return rng.randint(32, 160), rng.randint(8, 60)


def random_case(rng):
    decade = 10.0 ** rng.choice(list(range(-6, 16)) + [-4, -3, -2, -1, 0, 1, 7, 12])
    r = rng.random()
    base = 0.0 if r < 0.10 else rng.uniform(0.5, 9.9) * decade * (-1 if r < 0.25 else 1)
    spread = rng.choice([0, 1e-4, 1e-3, 1e-2, 5e-2, 0.2, 1])
    sigma = spread * (abs(base) if base else decade)
    offset = rng.choice([0, sigma, -sigma, 3 * sigma])
    sets = []
    for is_bad in (False, True):
        if rng.random() < 0.05:
            sets.append(None)
            continue
        values = shape_values(rng, random_length(rng), base, sigma, offset if is_bad else 0)
        sets.append(values)
    if rng.random() < 0.05:
        for s in sets:
            if s:
                s[rng.randrange(len(s))] = rng.choice(["NaN", "NaN", "nan"])
    if rng.random() < 0.02:
        for s in sets:
            if s:
                s[rng.randrange(len(s))] = rng.choice(["Infinity", "-Infinity", "inf", "1e400"])
    good, bad = sets
    spelled = [None if s is None else [spell(rng, v) for v in s] for s in (good, bad)]
    w, h = random_size(rng)
    return {"title": random_title(rng), "good": spelled[0], "bad": spelled[1], "width": w, "height": h}


def next_up(x, k=1):
    bits = struct.unpack("<q", struct.pack("<d", x))[0]
    bits += k if x >= 0 else -k
    return struct.unpack("<d", struct.pack("<q", bits))[0]


def stall_case(rng):
    """Huge magnitudes with a span of a few units in the last place: the precision-stall fallback."""
    base = rng.choice([rng.uniform(1e15, 1e19), 2.0 ** 53, 2.0 ** 54, 6e16, 1e16]) * rng.choice([1, 1, -1])
    n = rng.randint(2, 8)
    vals = [next_up(base, rng.randint(0, 60)) for _ in range(n)]
    good = [repr(v) for v in vals]
    bad = None if rng.random() < 0.5 else [repr(next_up(base, rng.randint(0, 60))) for _ in range(rng.randint(1, 8))]
    return {"title": rng.choice(METRICS), "good": good, "bad": bad, "width": 80, "height": 20}


def hand_cases(rng):
    cases = []
    def add(good, bad=None, title="hand.case"):
        cases.append({"title": title, "good": [repr(float(v)) if not isinstance(v, str) else v for v in good],
                      "bad": None if bad is None else [repr(float(v)) for v in bad], "width": 80, "height": 20})
    # spans at the quantisation thresholds (span / power = 2, 5, 10), one ulp either side
    for lo in (0.0, 1.0, 3.0, 100.0, 1e-3, 7e6):
        for t in (2.0, 5.0, 10.0, 0.2, 0.5, 20.0, 50.0):
            hi = lo + t
            for v in (next_up(hi, -1), hi, next_up(hi)):
                add([lo, v, (lo + v) / 2])
    # round minima that are not exact in binary
    for m in (0.3, 0.7, 1.1, 0.1, 2.3, 0.6):
        add([m, m * 2, m * 3], [m * 1.5])
        add([m, m + 0.6, m + 0.2])
    # values that land exactly on half rows (14 rows between 0 and 14 * k)
    for k in (1.0, 0.5, 2.0):
        add([(i + 0.5) * k for i in range(14)] + [0.0, 14 * k])
    # descending shallow segments (|dy| 1 or 2 rows over long dx) and exact diagonals
    for dy in (1, 2, 3):
        add([14.0, 14.0 - dy, 0.0])
        add([0.0, dy, 14.0])
    add([float(i) for i in range(15)])
    add([float(14 - i) for i in range(15)])
    add([float(i % 2) * 14 for i in range(30)])
    # undefined samples at the ends and everywhere
    add(["NaN", 1.0, 2.0, "NaN"])
    add(["NaN", "NaN"], [5.0])
    add(["Infinity", 3.0, "-Infinity", 4.0])
    # magnitudes at and beyond half the largest double, which gnuplot stores as undefined
    half_max = sys.float_info.max / 2
    for k in (-2, -1, 0, 1):
        v = next_up(half_max, k)
        add([v, half_max / 3, -v, 1.0], [v / 2])
    add([1e308, -1e308], [0.0])
    # ranges whose extension to whole steps overflows: gnuplot draws no tics
    for lo, hi in ((-8.9e307, 8.9e307), (-8.9e307, 7e307), (-8.9e307, 5e307), (-5e307, 8.5e307)):
        add([lo, hi, (lo + hi) / 2], [hi / 3])
    for _ in range(20):
        cases.append(stall_case(rng))
    return cases


# ----------------------------------------------------------------------------- gnuplot session

def gnuplot_script(cases):
    out = ['set print "-"\n']
    for i, c in enumerate(cases):
        out.append('print "{}"\n'.format(MARK.format(i)))
        if c["good"] is None and c["bad"] is None:
            continue  # the robot makes no plot
        title = c["title"].replace("\\", "\\\\").replace('"', '\\"')
        out.append("set terminal dumb nofeed size {},{}\n".format(c["width"], c["height"]))
        out.append("set notitle \nset title \"{}\"\nset noxtics \nset ytics nomirror\n".format(title))
        specs, data = [], []
        if c["bad"] is not None:
            specs.append("'-' notitle with points pt 15 lt 0")
            data.append(c["bad"])
        if c["good"] is not None:
            specs.append("'-' notitle with linespoints pt -22 lt 0")
            data.append(c["good"])
        out.append("plot " + ", ".join(specs) + "\n")
        blocks = ["\n".join("{} {}".format(k + 1, v) for k, v in enumerate(d)) + "\ne" for d in data]
        out.append("e\n".join(blocks) + "\n")
    out.append('print "{}"\n'.format(MARK.format(len(cases))))
    return "".join(out)


def run_gnuplot(gnuplot, cases, workdir):
    home = os.path.join(workdir, "home")
    os.makedirs(home, exist_ok=True)
    env = {k: v for k, v in os.environ.items() if k not in ("GNUPLOT_LIB", "GNUTERM")}
    env.update(HOME=home, LC_ALL="C")
    proc = subprocess.run([gnuplot], input=gnuplot_script(cases).encode(), stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, env=env, check=False)
    outputs = {}
    marks = list(MARK_RE.finditer(proc.stdout))
    for a, b in zip(marks, marks[1:]):
        chunk = proc.stdout[a.end():b.start()]
        outputs[int(a.group(1))] = chunk[1:] if chunk.startswith(b"\f") else chunk
    if len(outputs) != len(cases):
        sys.exit("gnuplot session ended early: {} of {} cases answered".format(len(outputs), len(cases)))
    return outputs


# ----------------------------------------------------------------------------- perfmail

def write_set(path, values):
    if values is None:
        return "-absent-"
    with open(path, "w") as f:
        f.write("".join(v + "\n" for v in values))
    return path


def run_perfmail(perfmail, case, workdir):
    args = [perfmail, "plot", "--style", "gnuplot-5.4", "--title", case["title"],
            "--width", str(case["width"]), "--height", str(case["height"])]
    if case["good"] is not None:
        args += ["--good", write_set(os.path.join(workdir, "good.txt"), case["good"])]
    if case["bad"] is not None:
        args += ["--bad", write_set(os.path.join(workdir, "bad.txt"), case["bad"])]
    proc = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    if proc.returncode != 0:
        return None, proc.stderr.decode(errors="replace")
    return proc.stdout, ""


def describe(case):
    lines = ["  title  ({} chars): {!r}".format(len(case["title"]), case["title"]),
             "  size   {}x{}".format(case["width"], case["height"])]
    for name in ("good", "bad"):
        v = case[name]
        lines.append("  {:6} {}".format(name, "absent" if v is None else "[" + ", ".join(v) + "]"))
    return "\n".join(lines)


def first_difference(a, b):
    la, lb = a.split(b"\n"), b.split(b"\n")
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else b"<missing>"
        y = lb[i] if i < len(lb) else b"<missing>"
        if x != y:
            return i, x, y
    return -1, b"", b""


def save_case(root, index, case, expected):
    d = os.path.join(root, "case_{:05d}".format(index))
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "title.txt"), "w") as f:
        f.write(case["title"])
    for name in ("good", "bad"):
        if case[name] is not None:
            write_set(os.path.join(d, name + ".txt"), case[name])
    if (case["width"], case["height"]) != (80, 20):
        with open(os.path.join(d, "size.txt"), "w") as f:
            f.write("{}x{}".format(case["width"], case["height"]))
    with open(os.path.join(d, "expected.5.4.txt"), "wb") as f:
        f.write(expected)
    return d


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--perfmail", required=True, help="path of the perfmail executable")
    ap.add_argument("--cases", type=int, default=500, help="number of random cases (default 500)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument("--gnuplot", default="gnuplot", help="gnuplot executable (default: gnuplot on PATH)")
    ap.add_argument("--save", metavar="DIR", help="store every mismatching case under DIR")
    ap.add_argument("--show", type=int, default=3, help="mismatches printed in full (default 3)")
    args = ap.parse_args()

    gnuplot = shutil.which(args.gnuplot)
    if gnuplot is None:
        print("SKIPPED: gnuplot is not installed (install gnuplot-nox to run this test)")
        return SKIP
    rng = random.Random(args.seed)
    cases = hand_cases(rng) + [random_case(rng) for _ in range(args.cases)]
    cases += [stall_case(rng) for _ in range(max(1, args.cases // 100))]

    mismatches = 0
    with tempfile.TemporaryDirectory(prefix="plot-diff-") as work:
        expected = run_gnuplot(gnuplot, cases, work)
        for i, case in enumerate(cases):
            actual, err = run_perfmail(args.perfmail, case, work)
            if actual is not None and actual.endswith(b"\n") and not expected[i].endswith(b"\n"):
                actual = actual[:-1]  # a final newline is the terminal courtesy of the CLI, not the picture
            if actual == expected[i]:
                continue
            mismatches += 1
            if args.save:
                d = save_case(args.save, i, case, expected[i])
                print("saved case {} as {}".format(i, d))
            if mismatches <= args.show:
                print("MISMATCH in case {} (seed {}):".format(i, args.seed))
                print(describe(case))
                if actual is None:
                    print("  perfmail failed: " + err.strip())
                else:
                    line, g, p = first_difference(expected[i], actual)
                    print("  first different line {}:".format(line))
                    print("    gnuplot : {!r}".format(g.decode(errors="replace")))
                    print("    perfmail: {!r}".format(p.decode(errors="replace")))
    total = len(cases)
    print("{} cases ({} random, seed {}): {} mismatches".format(total, args.cases, args.seed, mismatches))
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
