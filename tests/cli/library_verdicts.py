#!/usr/bin/env python3
"""The README's library example, given a base and a head of another tool's results, prints the verdicts
`perfmail compare` prints: a program that calls perfmail::compare() with no options judges the results as
the command does. A benchmark gone or failed prints its verdict, never a change of -100%.
Run as: library_verdicts.py EXAMPLE PERFMAIL BASE HEAD. Exits 1 listing every difference."""

import json
import subprocess
import sys

EXAMPLE, PERFMAIL, BASE, HEAD = sys.argv[1:5]
example = subprocess.run([EXAMPLE, BASE, HEAD], capture_output=True, text=True)
if example.returncode != 0:
    sys.exit(f"the example exited {example.returncode}: {example.stderr}")
command = subprocess.run([PERFMAIL, "compare", "--format", "json", BASE, HEAD], capture_output=True, text=True)
if command.returncode != 0:
    sys.exit(f"compare exited {command.returncode}: {command.stderr}")
wanted = {m["name"]: m["changes"][0]["verdict"] for m in json.loads(command.stdout)["metrics"]}

problems = []
seen = set()
lines = example.stdout.splitlines()
for line in lines[:-1]:  # the last line is the summary
    name = next((n for n in wanted if line.startswith(n + " ")), None)
    if name is None:
        problems.append(f"a line of no metric the command knows: {line}")
        continue
    seen.add(name)
    verdict = line.split()[-1]
    if verdict != wanted[name]:
        problems.append(f"{name}: the library says {verdict}, the command {wanted[name]}")
    if "-100.0%" in line:
        problems.append(f"{name}: printed as -100.0%: {line}")
problems += [f"{name}: the command shows it, the library does not" for name in wanted if name not in seen]
summary = subprocess.run([PERFMAIL, "compare", BASE, HEAD], capture_output=True, text=True).stdout.splitlines()
if lines[-1] not in summary:
    problems.append(f"the summary {lines[-1]!r} is not the command's")
if problems:
    print("\n".join(problems))
    sys.exit(1)
print(f"ok: {len(seen)} verdicts as the command's; {lines[-1]}")
