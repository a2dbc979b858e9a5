#!/usr/bin/env python3
"""Expected values for the real result files of tests/data/inputs/real/, read without perfmail.

tests/data/inputs/real/make_real.sh makes those files with the tools themselves (Google Benchmark,
go test -bench as text and as -json, hyperfine, pytest-benchmark). This script reads each file with
Python's json, csv and re alone, following the rules docs/INPUTS.md gives for each format, and writes
one row per tool, metric and side. tests/unit/test_real_inputs.cpp loads every file through
perfmail::io and checks its columns n to direction against these rows; the verdict columns are for
checking the comparison (`perfmail compare`) against a statistician's reading of the same samples.

Regenerate with Debian's SciPy (python3-scipy; no pip):

    /usr/bin/python3 tests/reference/real_inputs_reference.py > tests/reference/real_inputs_reference.tsv

Columns (tab-separated, one header row):

- tool: gbench, go, go-json, hyperfine or pytest (the directory under tests/data/inputs/real/).
- side: base or head (the file, base.* or head.*).
- metric: the metric's name, made as docs/INPUTS.md says (`<run_name>.real_time`, `<Name>.ns/op`,
  `<command>.time`, `<fullname>.time`, ...).
- n: the present samples (a failed run or repetition is a missing sample, not counted).
- mean, median, min, max: of the present samples (the median of an even count is the mean of the two
  middle ones); `-` when n is 0. Printed with repr(), the shortest text that reads back the same double.
- direction: from the unit: `lower` (times, ns/op, B/op, allocs/op), `higher` (MB/s,
  bytes_per_second, items_per_second), `none` (a unit that says neither).
- p: for a metric with present samples on both sides, the two-sided Mann-Whitney U p-value of the base's
  against the head's present samples: exact (scipy.stats.mannwhitneyu(method='exact')) when no value is
  shared between or within the samples, else the normal approximation with the tie correction and the
  continuity correction (method='asymptotic'), and 1 when every value is the same; `-` otherwise.
- q: the Benjamini-Hochberg adjusted p over the metrics of that tool's pair that have a p, `-` otherwise.
- verdict: for the pair of the metric (the same on its base and head rows):
  `regression` or `improvement` when q < 0.05, by the direction and the sign of the change of the
  median (head minus base); `changed` for such a metric of no direction; `unchanged` when q >= 0.05;
  `gone` for a metric of the base alone, `new` for one of the head alone; `failed` when a side has the
  metric but no present sample.
"""

import json
import math
import re
import statistics
import sys
from pathlib import Path

from scipy import stats

ROOT = Path(__file__).resolve().parent.parent / "data" / "inputs" / "real"
ALPHA = 0.05

LOWER = {"ns/op", "us/op", "ms/op", "s/op", "sec/op", "B/op", "allocs/op", "ns", "us", "ms", "s", "sec"}
HIGHER = {"MB/s", "B/s", "GB/s", "KB/s", "ops/s", "op/s", "bytes_per_second", "items_per_second",
          "ops_per_second", "iterations_per_second"}


def direction_of(unit):
    if unit in LOWER:
        return "lower"
    if unit in HIGHER:
        return "higher"
    return "none"


class Metrics:
    """Metric name -> per-run samples (None for a missing one), and its direction."""

    def __init__(self):
        self.samples = {}
        self.direction = {}

    def put(self, name, run, value, direction):
        runs = self.samples.setdefault(name, [])
        while len(runs) <= run:
            runs.append(None)
        assert runs[run] is None, (name, run)
        runs[run] = value
        self.direction[name] = direction


def read_gbench(path):
    doc = json.loads(path.read_text(encoding="utf-8-sig"))
    out = Metrics()
    scale = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}
    skip = {"family_index", "per_family_instance_index", "repetitions", "repetition_index", "threads",
            "iterations", "real_time", "cpu_time"}
    for run in doc["benchmarks"]:
        if run.get("run_type") == "aggregate":
            continue
        group = run.get("run_name", run["name"])
        rep = run["repetition_index"]
        failed = run.get("error_occurred", False)
        for field in ("real_time", "cpu_time"):
            value = None if failed else run[field] * scale[run.get("time_unit", "ns")]
            out.put(f"{group}.{field}", rep, value, "lower")
        if failed:
            continue
        for key, value in run.items():
            if key in skip or isinstance(value, bool) or not isinstance(value, (int, float)):
                continue
            out.put(f"{group}.{key}", rep, float(value), direction_of(key))
    return out


GO_RESULT = re.compile(r"^(Benchmark[^a-z\s]\S*|Benchmark)\s+(\d+)((?:\s+\S+\s+\S+)+)\s*$")
GO_FAILED_ALONE = re.compile(r"^--- FAIL: (Benchmark\S*)")
GO_FAILED_AFTER_NAME = re.compile(r"^(Benchmark\S*)\s+--- FAIL:")


def read_go_lines(lines):
    """Go's benchmark text. The file of one configuration names metrics `<Name>.<unit>`; a benchmark that
    failed in its first run (`--- FAIL: BenchmarkX` at the start of a line) is named with the -N suffix all
    the file's result lines share, and has one missing sample of ns/op."""
    results = []  # (name, [(value, unit)]) or (name, None) for a failed run
    suffixes = set()
    for line in lines:
        line = line.rstrip("\r")
        m = GO_RESULT.match(line)
        if m:
            fields = m.group(3).split()
            pairs = [(float(fields[i]), fields[i + 1]) for i in range(0, len(fields), 2)]
            results.append((m.group(1), pairs))
            s = re.search(r"-\d+$", m.group(1))
            suffixes.add(s.group(0) if s else "")
            continue
        m = GO_FAILED_AFTER_NAME.match(line)
        if m:
            results.append((m.group(1), None))
            continue
        m = GO_FAILED_ALONE.match(line)
        if m:
            results.append((m.group(1), "alone"))
    common = suffixes.pop() if len(suffixes) == 1 else ""
    out = Metrics()
    runs = {}
    units = {}
    failed = []
    for name, pairs in results:
        if pairs == "alone":
            name += common
        run = runs.get(name, 0)
        runs[name] = run + 1
        if pairs is None or pairs == "alone":
            failed.append((name, run))
            out.put(f"{name}.ns/op", run, None, "lower")
            continue
        for value, unit in pairs:
            out.put(f"{name}.{unit}", run, value, direction_of(unit))
            units.setdefault(name, set()).add(unit)
    for name, run in failed:
        for unit in units.get(name, ()):
            if unit != "ns/op":
                out.put(f"{name}.{unit}", run, None, direction_of(unit))
    return out


def read_go(path):
    return read_go_lines(path.read_text(encoding="utf-8-sig").split("\n"))


def read_go_json(path):
    text = {}
    for line in path.read_text(encoding="utf-8-sig").splitlines():
        if not line.strip():
            continue
        event = json.loads(line)
        if event["Action"] == "output":
            pkg = event.get("Package", "")
            text[pkg] = text.get(pkg, "") + event["Output"]
    whole = "".join(t if t.endswith("\n") else t + "\n" for t in text.values())
    return read_go_lines(whole.split("\n"))


def read_hyperfine(path):
    doc = json.loads(path.read_text(encoding="utf-8-sig"))
    out = Metrics()
    for result in doc["results"]:
        codes = result.get("exit_codes", [0] * len(result["times"]))
        for run, (time, code) in enumerate(zip(result["times"], codes)):
            out.put(f"{result['command']}.time", run, None if code != 0 else time, "lower")
    return out


def read_pytest(path):
    doc = json.loads(path.read_text(encoding="utf-8-sig"))
    out = Metrics()
    for bench in doc["benchmarks"]:
        for run, time in enumerate(bench["stats"]["data"]):
            out.put(f"{bench.get('fullname', bench['name'])}.time", run, time, "lower")
    return out


TOOLS = [("gbench", "json", read_gbench), ("go", "txt", read_go), ("go-json", "json", read_go_json),
         ("hyperfine", "json", read_hyperfine), ("pytest", "json", read_pytest)]


def present(samples):
    return [x for x in samples if x is not None]


def mann_whitney_p(a, b):
    pooled = a + b
    if len(set(pooled)) == 1:
        return 1.0
    method = "exact" if len(set(pooled)) == len(pooled) else "asymptotic"
    return float(stats.mannwhitneyu(a, b, alternative="two-sided", method=method).pvalue)


def benjamini_hochberg(ps):
    """q-values in the order of `ps`: min over j >= i of p_(j) m / j, capped at 1."""
    m = len(ps)
    order = sorted(range(m), key=lambda i: ps[i])
    q = [0.0] * m
    running = 1.0
    for rank in range(m, 0, -1):
        i = order[rank - 1]
        running = min(running, ps[i] * m / rank)
        q[i] = running
    return q


def number(x):
    return repr(float(x))


def main():
    out = sys.stdout
    out.write("tool\tside\tmetric\tn\tmean\tmedian\tmin\tmax\tdirection\tp\tq\tverdict\n")
    for tool, ext, read in TOOLS:
        sides = {side: read(ROOT / tool / f"{side}.{ext}") for side in ("base", "head")}
        base, head = sides["base"], sides["head"]
        names = list(base.samples) + [n for n in head.samples if n not in base.samples]
        tested = [n for n in names if n in base.samples and n in head.samples and present(base.samples[n])
                  and present(head.samples[n])]
        p = {n: mann_whitney_p(present(base.samples[n]), present(head.samples[n])) for n in tested}
        q = dict(zip(tested, benjamini_hochberg([p[n] for n in tested])))
        verdict = {}
        for n in names:
            if n not in head.samples:
                verdict[n] = "gone"
            elif n not in base.samples:
                verdict[n] = "new"
            elif n not in q:
                verdict[n] = "failed"
            elif q[n] >= ALPHA:
                verdict[n] = "unchanged"
            else:
                change = statistics.median(present(head.samples[n])) - statistics.median(present(base.samples[n]))
                d = base.direction[n]
                if d == "none":
                    verdict[n] = "changed"
                else:
                    verdict[n] = "regression" if (change > 0) == (d == "lower") else "improvement"
        for n in names:
            for side in ("base", "head"):
                metrics = sides[side]
                if n not in metrics.samples:
                    continue
                xs = present(metrics.samples[n])
                if xs:
                    summary = [number(statistics.fmean(xs)), number(statistics.median(xs)), number(min(xs)),
                               number(max(xs))]
                else:
                    summary = ["-"] * 4
                pq = [number(p[n]), number(q[n])] if n in q else ["-", "-"]
                row = [tool, side, n, str(len(xs))] + summary + [metrics.direction[n]] + pq + [verdict[n]]
                out.write("\t".join(row) + "\n")


if __name__ == "__main__":
    main()
