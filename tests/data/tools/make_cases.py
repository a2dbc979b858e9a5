#!/usr/bin/env python3
"""Writes the small result files of tests/cli/tool_cases.py: each a case of other tools' results that the
robot's conventions would judge wrongly. Deterministic (no randomness): run it again and nothing changes.

  go/base.txt, go/head.txt        BenchmarkSort: 20 runs a side, +3.97% with the ranges apart (a real
                                  regression under the robot's 5% floor); BenchmarkGone: base only;
                                  BenchmarkNew: head only; BenchmarkSame: unchanged.
  go/other.txt                    no metric in common with go/base.txt.
  gbench/base.json, head.json     BM_Errors: every head repetition has error_occurred; BM_Steady: unchanged.
  pytest/base.json, head.json     test_short: 10 rounds of 10.0-10.9 us against 30.0-30.9 us, beside
                                  test_long with 30 rounds (the robot pads the short one with zeros).
"""

import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def write(path, text):
    full = os.path.join(HERE, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w", encoding="utf-8") as f:
        f.write(text)


def go_file(benchmarks):
    lines = ["goos: linux", "goarch: amd64", "pkg: example.com/sorting", "cpu: Example CPU @ 2.00GHz"]
    for name, values in benchmarks:
        for v in values:
            lines.append(f"{name}-8   \t  100000\t{v:>12.1f} ns/op")
    lines.append("PASS")
    lines.append("ok  \texample.com/sorting\t12.345s")
    return "\n".join(lines) + "\n"


sort_base = [1000.0 + 0.5 * i for i in range(20)]          # 1000.0 .. 1009.5
sort_head = [round(x * 1.0397, 1) for x in sort_base]      # +3.97%, ranges apart
same = [500.0 + (i % 5) for i in range(20)]
write("go/base.txt", go_file([("BenchmarkSort", sort_base), ("BenchmarkGone", [200.0 + i for i in range(20)]),
                              ("BenchmarkSame", same)]))
write("go/head.txt", go_file([("BenchmarkSort", sort_head), ("BenchmarkNew", [300.0 + i for i in range(20)]),
                              ("BenchmarkSame", same)]))
write("go/other.txt", go_file([("BenchmarkOther", [100.0 + i for i in range(5)])]))


def gbench(runs):
    bench = []
    for name, reps in runs:
        for i, rep in enumerate(reps):
            b = {"name": name, "family_index": 0, "per_family_instance_index": 0, "run_name": name,
                 "run_type": "iteration", "repetitions": len(reps), "repetition_index": i, "threads": 1}
            if rep is None:
                b.update({"error_occurred": True, "error_message": "could not open the device", "iterations": 0,
                          "real_time": 0, "cpu_time": 0, "time_unit": "ns"})
            else:
                b.update({"iterations": 1000, "real_time": rep, "cpu_time": rep, "time_unit": "ns"})
            bench.append(b)
    return json.dumps({"context": {"date": "2026-12-01T10:00:00+00:00", "host_name": "example",
                                   "executable": "./bench", "num_cpus": 2, "library_build_type": "release"},
                       "benchmarks": bench}, indent=1) + "\n"


write("gbench/base.json", gbench([("BM_Errors", [280.0, 281.0, 282.0, 283.0, 284.0, 285.0]),
                                  ("BM_Steady", [100.0, 101.0, 102.0, 103.0, 104.0, 105.0])]))
write("gbench/head.json", gbench([("BM_Errors", [None] * 6),
                                  ("BM_Steady", [101.0, 102.0, 100.0, 104.0, 103.0, 105.0])]))


def pytest(benchmarks):
    out = []
    for name, data in benchmarks:
        mean = sum(data) / len(data)
        out.append({"group": None, "name": name, "fullname": f"tests/test_speed.py::{name}", "params": None,
                    "param": None, "extra_info": {}, "options": {"min_rounds": 5, "timer": "perf_counter"},
                    "stats": {"min": min(data), "max": max(data), "mean": mean, "rounds": len(data),
                              "median": sorted(data)[len(data) // 2], "data": data, "iterations": 1}})
    return json.dumps({"machine_info": {"node": "example", "python_version": "3.11.2"}, "commit_info": {},
                       "benchmarks": out, "datetime": "2026-12-01T10:00:00", "version": "3.2.2"}, indent=1) + "\n"


short_base = [round(10.0e-6 + i * 0.1e-6, 9) for i in range(10)]
short_head = [round(30.0e-6 + i * 0.1e-6, 9) for i in range(10)]
long_side = [round(50.0e-6 + (i % 10) * 0.1e-6, 9) for i in range(30)]
write("pytest/base.json", pytest([("test_short", short_base), ("test_long", long_side)]))
write("pytest/head.json", pytest([("test_short", short_head), ("test_long", long_side)]))
