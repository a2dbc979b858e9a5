#!/usr/bin/env python3
"""The differential test of the robot policy: perfmail's selection against the robot's, recorded.

For every case of cases.json, writes the pair to a temporary directory, runs `perfmail compare
--format json` with the case's options, and compares the metrics it selects with those the robot's
own get_changed_stats selected (expected.json, made by record.rb). Exit status 0 when every case
matches, 1 otherwise, naming each difference.

    check.py --perfmail PATH [--cases cases.json] [--expected expected.json]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

# The robot's options as perfmail's command line says them.
FLAGS = {
    "distance": "--distance", "gap": "--gap", "variance": "--variance", "more": "--more",
    "whole": "--whole", "ignore-incomplete-run": "--ignore-incomplete-run", "perf-profile": "--perf-profile",
    "resize": "--resize", "regression-only": "--regression-only", "all-critical": "--all-critical",
}


def arguments(options):
    out = []
    for key, value in options.items():
        flag = FLAGS[key]
        out += [flag] if value is True else [flag, str(value)]
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--perfmail", required=True)
    parser.add_argument("--cases", default=os.path.join(HERE, "cases.json"))
    parser.add_argument("--expected", default=os.path.join(HERE, "expected.json"))
    args = parser.parse_args()
    cases = json.load(open(args.cases))
    expected = json.load(open(args.expected))["cases"]
    failures = 0
    with tempfile.TemporaryDirectory() as work:
        for case in cases:
            paths = []
            for side in ("base", "head"):
                directory = os.path.join(work, case["id"], side)
                os.makedirs(directory)
                path = os.path.join(directory, "matrix.json")
                with open(path, "w") as f:
                    json.dump(case[side], f)
                paths.append(path)
            command = [args.perfmail, "compare", "--format", "json", *arguments(case["options"]), *paths]
            run = subprocess.run(command, capture_output=True, text=True)
            if run.returncode != 0:
                print(f"{case['id']}: perfmail failed ({run.returncode}): {run.stderr.strip()}")
                failures += 1
                continue
            selected = sorted(m["name"] for m in json.loads(run.stdout)["metrics"] if m["selected"])
            robot = expected[case["id"]]
            if selected != robot:
                failures += 1
                only_perfmail = sorted(set(selected) - set(robot))
                only_robot = sorted(set(robot) - set(selected))
                print(f"{case['id']} {json.dumps(case['options'])}: perfmail only {only_perfmail}, robot only {only_robot}")
    print(f"{len(cases) - failures} of {len(cases)} cases select exactly the robot's metrics")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
