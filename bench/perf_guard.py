#!/usr/bin/env python3
"""Fails when a benchmarked stage became more than 3x slower than recorded.

Each stage's CPU time is divided by the reference loop's CPU time measured in the same run, so the
recorded figures (bench/perf_baseline.json) hold from run to run on one processor. --record rewrites
them with each stage's lowest ratio over --runs runs: a busy machine slows memory-bound stages more than
the reference loop (by up to 2x here), and a ratio recorded then would let a regression pass.

--only BINARY (repeatable) runs the stages of those benchmarks alone; with --record, their ratios are
written over theirs in the baseline and every other recorded ratio is kept as it is.

The ratios still depend on the processor: the reference loop sorts random doubles, whose mispredicted
branches cost more on some processors than on others, while the stages are mostly branch-free. From an
AMD EPYC to an Intel Xeon every ratio fell to 0.24x-0.36x, which would have let a 10x regression pass. So
the baseline names the processor it was recorded on: a run on another one says so and is skipped (exit
status 77, which CTest reports as a skipped test with this reason), before any benchmark runs, until the
baseline is recorded there (a partial --record on another processor is refused).

Usage: perf_guard.py --bench-dir BUILD/bench [--only BINARY ...] [--record [--runs 5]] [--tolerance 3]
"""

import argparse
import json
import os
import subprocess
import sys

# The exit status of a guard with no baseline for this processor: CTest's SKIP_RETURN_CODE.
SKIPPED = 77
HERE = os.path.dirname(os.path.abspath(__file__))
BASELINE = os.path.join(HERE, "perf_baseline.json")
STAGES = {
    "bench_compare": "load|detect/(robot|utest|ttest|utest_changed|ttest_changed)$|render/classic|render/modern|to_json|"
                     "reference_loop",
    "bench_plot": "trend_plot/gnuplot_5_4|trend_plot/gnuplot_4_6|trend_plot/unicode|reference_loop",
    # The importers, each reading the same samples in its format (matrix.json's loader among them).
    "bench_import": "^read/(matrix|matrix_detected|gbench|gbench_detected|hyperfine|pytest|go|csv_long|csv_wide|"
                    "tsv_wide|numbers|matrix_suite|go_suite|gbench_suite)$|reference_loop",
}


def run(bench_dir, binary, data_dir):
    command = [os.path.join(bench_dir, binary), f"--benchmark_filter={STAGES[binary]}",
               "--benchmark_min_time=0.05", "--benchmark_format=json"]
    if binary == "bench_compare":
        command += ["--matrices", data_dir]
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    results = {b["name"]: b["cpu_time"] * {"ns": 1, "us": 1e3, "ms": 1e6}[b["time_unit"]]
               for b in json.loads(output)["benchmarks"]}
    reference = results.pop("perfmail::bench::reference_loop")
    return {f"{binary}:{name}": time / reference for name, time in results.items()}


def processor():
    """The processor's model name, as the kernel reports it."""
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bench-dir", required=True)
    parser.add_argument("--record", action="store_true")
    parser.add_argument("--runs", type=int, default=5, help="with --record: the runs to take the lowest of")
    parser.add_argument("--tolerance", type=float, default=3.0)
    parser.add_argument("--only", action="append", choices=sorted(STAGES), help="run these benchmarks' stages alone")
    args = parser.parse_args()
    binaries = args.only or list(STAGES)

    machine = processor()
    if not args.record:
        recorded_on = json.load(open(BASELINE)).get("machine")
        if recorded_on != machine:
            # Nothing to compare with: a guard that failed here would fail every fresh machine, and one
            # that passed would pass a 10x regression (the ratios move between processors).
            print(f"SKIPPED: the baseline was recorded on {recorded_on!r}, this is {machine!r}; ratios shift "
                  "between processors, so record the baseline here first (perf_guard.py --record)")
            return SKIPPED

    data_dir = os.path.join(args.bench_dir, "compare-data")
    if not os.path.exists(os.path.join(data_dir, "base", "matrix.json")):
        subprocess.run([sys.executable, os.path.join(HERE, "gen_matrices.py"), data_dir], check=True,
                       capture_output=True)
    ratios = {}
    for _ in range(args.runs if args.record else 1):
        for binary in binaries:
            for stage, ratio in run(args.bench_dir, binary, data_dir).items():
                ratios[stage] = min(ratio, ratios.get(stage, ratio))

    if args.record:
        recorded = {} if args.only is None else json.load(open(BASELINE))
        if args.only is not None and recorded.get("machine") != machine:
            print(f"the other stages were recorded on {recorded.get('machine')!r}, this is {machine!r}: "
                  "record them all (without --only)")
            return 2
        recorded = {k: v for k, v in recorded.items() if k.split(":")[0] not in binaries}
        recorded.update({k: round(v, 4) for k, v in ratios.items()})
        recorded["machine"] = machine
        with open(BASELINE, "w") as out:
            json.dump(dict(sorted(recorded.items())), out, indent=2)
            out.write("\n")
        print(f"recorded {len(ratios)} stages in {BASELINE}")
        return 0

    everything = json.load(open(BASELINE))
    baseline = {k: v for k, v in everything.items() if k.split(":")[0] in binaries}
    failed = 0
    for stage, recorded in sorted(baseline.items()):
        now = ratios.get(stage)
        if now is None:
            print(f"MISSING {stage}: no longer benchmarked")
            failed += 1
            continue
        slower = now / recorded
        verdict = "SLOWER" if slower > args.tolerance else "ok"
        failed += verdict != "ok"
        print(f"{verdict:7} {stage}: {now:.3f} x reference (recorded {recorded:.3f}, {slower:.2f}x)")
    print(f"{len(baseline) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
