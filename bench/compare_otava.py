#!/usr/bin/env python3
"""perfmail history beside Apache Otava on the same simulated histories (docs/STATISTICS.md, "Change points
over a history", "Beside Apache Otava").

Otava is not part of perfmail: give the directory that holds its `otava` package (a checkout of
github.com/apache/otava; it needs Debian's python3-numpy and python3-scipy). Otava sees the per-commit
medians, its input; perfmail the samples of every commit, as `history --csv` reads them.

    /usr/bin/python3 bench/compare_otava.py OTAVA_SOURCE_DIR build/bench/perfmail [SERIES]

Each cell: SERIES series (default 200) of 60 commits, level 1000, normal noise of the stated coefficient
of variation, a step at commit 30. A step is found when a change is reported at commit 29, 30 or 31; a
false change is any other change."""

import json
import os
import subprocess
import sys
import tempfile

import numpy as np

OTAVA, PERFMAIL = sys.argv[1:3]
SERIES = int(sys.argv[3]) if len(sys.argv) > 3 else 200
sys.path.insert(0, OTAVA)
from otava.analysis import compute_change_points  # noqa: E402

COMMITS, STEP_AT = 60, 30


def simulate(runs, cv, step, seed):
    rng = np.random.default_rng(seed)
    level = np.where(np.arange(COMMITS) >= STEP_AT, 1 + step, 1.0) * 1000
    return level[None, :, None] * (1 + cv * rng.standard_normal((SERIES, COMMITS, runs)))


def score(found_lists, step):
    found = false = 0
    for indices in found_lists:
        hit = False
        for i in indices:
            if step != 0 and abs(i - STEP_AT) <= 1 and not hit:
                hit = True
            else:
                false += 1
        found += hit
    return 100.0 * found / SERIES, 100.0 * false / SERIES


def perfmail(samples, extra):
    with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
        f.write("commit,metric,value\n")
        for s in range(SERIES):
            for c in range(COMMITS):
                for v in samples[s, c]:
                    f.write(f"c{c:02d},s{s},{v!r}\n")
        path = f.name
    out = subprocess.run([PERFMAIL, "history", "--csv", path, "--format", "json", *extra], capture_output=True,
                         text=True, check=True).stdout
    os.unlink(path)
    changes = {f"s{s}": [] for s in range(SERIES)}
    for c in json.loads(out)["changes"]:
        changes[c["metric"]].append(c["index"])
    return [changes[f"s{s}"] for s in range(SERIES)]


def otava(samples, max_pvalue):
    medians = np.median(samples, axis=2)
    return [[cp.index for cp in compute_change_points(list(m), max_pvalue=max_pvalue)[0]] for m in medians]


print(f"{SERIES} series a cell, 60 commits; found / false changes per 100 series\n")
print("| samples a commit | CV | step | perfmail (alpha 0.01, no floor) | perfmail (default floor) "
      "| Otava (max_pvalue 0.01) | Otava (its default 0.001) |")
print("|---|---|---|---|---|---|---|")
for runs in (1, 5):
    for cv in (0.01, 0.03):
        for step in (0.0, 0.02, 0.05):
            samples = simulate(runs, cv, step, seed=int(runs * 1000 + cv * 1e4 + step * 1e3))
            cells = [score(perfmail(samples, ["--min-change", "0"]), step), score(perfmail(samples, []), step),
                     score(otava(samples, 0.01), step), score(otava(samples, 0.001), step)]
            shown = " | ".join((f"{f:.1f}% / {x:.1f}" if step else f"- / {x:.1f}") for f, x in cells)
            print(f"| {runs} | {cv * 100:.0f}% | {step * 100:.0f}% | {shown} |", flush=True)
