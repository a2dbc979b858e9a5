#!/usr/bin/env python3
"""The verdicts of `perfmail compare BASE HEAD`, with no option, on the files the real tools wrote
(tests/data/inputs/real/) against a statistician's verdicts computed independently from the same files
(tests/reference/real_inputs_reference.py wrote tests/reference/real_inputs_reference.tsv with SciPy):
exact Mann-Whitney U where no value is tied, Benjamini-Hochberg at 0.05, gone, new and failed.
Run as: real_verdicts.py PERFMAIL REAL_DIR REFERENCE_TSV TOOL. Exits 1 listing every verdict that differs,
and also checks that --fail-on regression and --fail-on change exit as the verdicts say."""

import csv
import json
import subprocess
import sys

PERFMAIL, REAL, REFERENCE, TOOL = sys.argv[1:5]
FILES = {"gbench": "json", "go": "txt", "go-json": "json", "hyperfine": "json", "pytest": "json"}

expected = {}
with open(REFERENCE, encoding="utf-8") as f:
    for row in csv.DictReader(f, delimiter="\t"):
        if row["tool"] == TOOL:
            expected[row["metric"]] = row["verdict"]
if not expected:
    sys.exit(f"no reference rows for {TOOL}")

ext = FILES[TOOL]
base, head = f"{REAL}/{TOOL}/base.{ext}", f"{REAL}/{TOOL}/head.{ext}"
p = subprocess.run([PERFMAIL, "compare", "--format", "json", base, head], capture_output=True, text=True)
if p.returncode != 0:
    sys.exit(f"compare exited {p.returncode}: {p.stderr}")
got = {m["name"]: m["changes"][0]["verdict"] for m in json.loads(p.stdout)["metrics"]}

problems = [f"{name}: perfmail says {got.get(name)}, the reference {want}" for name, want in expected.items()
            if got.get(name) != want]
problems += [f"{name}: perfmail has it, the reference does not" for name in got if name not in expected]

# The exit status of the gates follows the same verdicts.
verdicts = set(expected.values())
for gate, fails in (("regression", bool(verdicts & {"regression", "failed"})),
                    ("change", bool(verdicts - {"unchanged"}))):
    status = subprocess.run([PERFMAIL, "compare", "--fail-on", gate, base, head], capture_output=True).returncode
    if status != (1 if fails else 0):
        problems.append(f"--fail-on {gate} exited {status}")

if problems:
    print("\n".join(problems))
    sys.exit(1)
print(f"ok {TOOL}: {len(expected)} verdicts as the reference's")
