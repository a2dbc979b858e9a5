#!/usr/bin/env python3
"""Writes two result matrices (base/matrix.json and head/matrix.json) for bench_compare.

10,000 metrics x 20 runs by default, reproducible from --seed: metric names spread over the robot's
families (the benchmark's own, perf-stat, proc-vmstat, meminfo, interrupts, softirqs, latency_stats,
perf-profile, turbostat, a few failure counts), integer and float samples with 1% to 5% noise, and
about 5% of the metrics shifted by 10% to 80% in the head.

Usage: gen_matrices.py OUTDIR [--metrics N] [--runs R] [--seed S]
"""

import argparse
import json
import os
import random

FAMILIES = [
    ("fio.", 0.10), ("perf-stat.", 0.15), ("proc-vmstat.", 0.15), ("meminfo.", 0.10),
    ("interrupts.CPU", 0.10), ("softirqs.CPU", 0.05), ("latency_stats.max.", 0.10),
    ("perf-profile.self.cycles-pp.", 0.10), ("turbostat.", 0.05), ("slabinfo.", 0.10),
]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir")
    parser.add_argument("--metrics", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--seed", type=int, default=20261129)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    base, head = {}, {}
    failures = 20
    for i in range(args.metrics - failures):
        r = rng.random()
        for prefix, share in FAMILIES:
            if r < share:
                break
            r -= share
        name = f"{prefix}metric_{i}"
        level = 10 ** rng.uniform(-2, 12)
        noise = rng.uniform(0.01, 0.05)
        shift = 1.0
        if rng.random() < 0.05:
            shift = 1 + rng.choice([-1, 1]) * rng.uniform(0.10, 0.80)
        integers = rng.random() < 0.5
        def samples(center):
            xs = [center * (1 + rng.gauss(0, noise)) for _ in range(args.runs)]
            return [round(x) for x in xs] if integers else [round(x, 6) for x in xs]
        base[name] = samples(level)
        head[name] = samples(level * shift)
    for i in range(failures):
        name = f"dmesg.WARNING:at_fn_{i}"
        p_base, p_head = rng.choice([(0, 0.5), (0.1, 0.1), (0, 0.05), (1, 1)])
        base[name] = [1 if rng.random() < p_base else 0 for _ in range(args.runs)]
        head[name] = [1 if rng.random() < p_head else 0 for _ in range(args.runs)]
    for side, matrix in (("base", base), ("head", head)):
        matrix["stats_source"] = [f"/result/{side}/{run}/stats.json" for run in range(args.runs)]
        os.makedirs(os.path.join(args.outdir, side), exist_ok=True)
        with open(os.path.join(args.outdir, side, "matrix.json"), "w") as f:
            json.dump(matrix, f)


if __name__ == "__main__":
    main()
