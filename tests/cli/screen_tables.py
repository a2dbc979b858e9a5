#!/usr/bin/env python3
"""The benchstat table of the real tools' files (tests/data/inputs/real/) on a screen: every line of
`perfmail compare BASE HEAD` fits 80 columns in a pipe (and `--width 120`), each table of two or more
benchmarks ends with its geomean row, and the change every format prints is the text's: Markdown's change
column and the JSON's `printed` for every row equal the text table's change cells (printed whole, with
--width 1000 --all).
Run as: screen_tables.py PERFMAIL REAL_DIR TOOL. Exits 1 listing every problem."""

import json
import subprocess
import sys

PERFMAIL, REAL, TOOL = sys.argv[1:4]
EXT = {"gbench": "json", "go": "txt", "go-json": "json", "hyperfine": "json", "pytest": "json"}[TOOL]
BASE, HEAD = f"{REAL}/{TOOL}/base.{EXT}", f"{REAL}/{TOOL}/head.{EXT}"
problems = []


def run(*args):
    p = subprocess.run([PERFMAIL, "compare", *args, BASE, HEAD], capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"compare {' '.join(args)} exited {p.returncode}: {p.stderr}")
    return p.stdout


def tables(text):
    """The tables of a text output: lists of lines, from a heading (its unit) to the blank line after."""
    blocks, current = [], None
    for line in text.splitlines():
        if current is None:
            if "change" in line.split("  ") or line.rstrip().endswith("change"):
                current = [line]
        elif line == "":
            blocks.append(current)
            current = None
        else:
            current.append(line)
    return blocks


for width, args in ((80, []), (120, ["--width", "120"])):
    out = run(*args)
    for number, line in enumerate(out.splitlines(), 1):
        if len(line) > width:
            problems.append(f"width {width}, line {number} has {len(line)} columns: {line}")
    for block in tables(out):
        rows = [l for l in block[1:] if not l[0].isdigit()]
        if len(rows) >= 2 and not block[-1].startswith("geomean") and "0B" not in block[-1] and " 0 " not in block[-1]:
            problems.append(f"width {width}: the table of {block[0].split()[0]} has no geomean row")

# The change cells of the text printed whole: the columns after the last value column, up to the test.
whole = run("--width", "1000", "--all")
text_changes = []
for block in tables(whole):
    heading = block[0]
    start = heading.index("change")
    for line in block[1:]:
        if line.startswith("geomean"):
            continue
        cell = line[start:]
        cell = cell.split("  p")[0].strip() if "  p" in cell else cell.strip()
        text_changes.append(cell)

document = json.loads(run("--format", "json"))
json_changes = {m["name"]: (m["changes"][0]["printed"] if m["changes"][0]["printed"] is not None
                            else m["changes"][0]["verdict"]) for m in document["metrics"]}
if sorted(text_changes) != sorted(json_changes.values()):
    problems.append(f"text changes {sorted(text_changes)}\n  != JSON printed {sorted(json_changes.values())}")

markdown = run("--format", "markdown")
for line in markdown.splitlines()[2:]:
    if not line.startswith("| "):
        continue
    cells = [c.strip().replace("\\", "") for c in line.strip("|").split(" | ")]
    name, change = cells[0], cells[3]
    want = json_changes.get(name)
    if want is not None and change != want and not (change == "" and want in ("gone", "new", "failed")):
        problems.append(f"{name}: Markdown says {change!r}, JSON printed {want!r}")

if problems:
    print("\n".join(problems))
    sys.exit(1)
print(f"ok {TOOL}: {len(text_changes)} rows fit 80 and 120 columns, with one set of changes")
