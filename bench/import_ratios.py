#!/usr/bin/env python3
"""Each importer's bytes per second as a ratio to the matrix loader's (bench_import, medians).

The figure of issue 33's goal for the importers: at most 2x the matrix loader per byte.

Usage: import_ratios.py BUILD/bench/bench_import [--repetitions 5]
"""

import argparse
import json
import subprocess


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bench_import")
    parser.add_argument("--repetitions", type=int, default=5)
    args = parser.parse_args()
    output = subprocess.run([args.bench_import, "--benchmark_filter=^read/", f"--benchmark_repetitions={args.repetitions}",
                             "--benchmark_report_aggregates_only=true", "--benchmark_format=json"],
                            check=True, capture_output=True, text=True).stdout
    rates = {b["run_name"]: b["bytes_per_second"] for b in json.loads(output)["benchmarks"]
             if b.get("aggregate_name") == "median"}
    matrix = rates["read/matrix"]
    for name, rate in rates.items():
        print(f"{name:24} {rate / 1e6:8.1f} MB/s  {matrix / rate:5.2f}x")


if __name__ == "__main__":
    main()
