#!/usr/bin/env python3
"""Writes the history CSVs of `perfmail history`'s size goals (docs/PERFORMANCE.md, "History of any size").

Reproducible from --seed; the metrics have 1% noise, and a metric that steps moves by +8% at two thirds
of its commits (the shapes of issue 47's figures):
  long-100k.csv    a row per sample: 100,000 commits of one metric that steps, one sample a commit
                   (about 2.4 MB);
  wide-10k.csv     a row per run, as Apache Otava reads it: 10,000 metric columns x 50 commits, every
                   metric stepping (about 2.4 MB);
  long-1k.csv      a row per sample: 1,000 metrics x 200 commits x 5 samples, every tenth metric stepping
                   (about 23 MB; the history of sim_history --speed);
  sparse.csv       a row per sample, each row a new commit and a new metric (about 480 KB): refused.

Usage: gen_history.py OUTDIR [--seed S] [--only NAME]
"""

import argparse
import os
import random


def level(commit, commits, steps=True):
    """The metric's level at `commit`: 1000, and if it steps 8% more from two thirds of the commits on."""
    return 1000.0 * (1.08 if steps and commit >= commits * 2 // 3 else 1.0)


def long_100k(path, rng):
    commits = 100_000
    with open(path, "w") as out:
        out.write("commit,metric,value\n")
        for c in range(commits):
            out.write(f"c{c:06d},parse_ns,{level(c, commits) * rng.gauss(1, 0.01):.1f}\n")


def wide_10k(path, rng):
    metrics, commits = 10_000, 50
    with open(path, "w") as out:
        out.write("time,commit," + ",".join(f"m{m:05d}_ns" for m in range(metrics)) + "\n")
        for c in range(commits):
            base = level(c, commits)
            cells = ",".join(f"{base * rng.gauss(1, 0.01):.0f}" for _ in range(metrics))
            out.write(f"2026-11-01 {c // 60:02d}:{c % 60:02d}:00 +0000,c{c:03d},{cells}\n")


def long_1k(path, rng):
    metrics, commits, runs = 1_000, 200, 5
    with open(path, "w") as out:
        out.write("commit,metric,value\n")
        for c in range(commits):
            for m in range(metrics):
                base = level(c, commits, steps=m % 10 == 0)
                for _ in range(runs):
                    out.write(f"c{c:04d},m{m:04d}_ns,{base * rng.gauss(1, 0.01):.2f}\n")


def sparse(path, rng):
    # What made the dense table of every metric at every commit run out of memory.
    with open(path, "w") as out:
        out.write("commit,metric,value\n")
        for r in range(27_000):
            out.write(f"c{r:05d},m{r:05d},{rng.randint(1, 999)}\n")


FILES = {"long-100k.csv": long_100k, "wide-10k.csv": wide_10k, "long-1k.csv": long_1k, "sparse.csv": sparse}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir")
    parser.add_argument("--seed", type=int, default=20261206)
    parser.add_argument("--only", choices=sorted(FILES))
    args = parser.parse_args()
    os.makedirs(args.outdir, exist_ok=True)
    for name, write in FILES.items():
        if args.only in (None, name):
            write(os.path.join(args.outdir, name), random.Random(f"{args.seed}/{name}"))


if __name__ == "__main__":
    main()
