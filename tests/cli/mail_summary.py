#!/usr/bin/env python3
"""`perfmail summary --format json` holds the numbers of the text table, and reads whatever names it is
given (a path that is not UTF-8 is written with U+FFFD, not refused).

    mail_summary.py --perfmail PATH --source DIR

Runs summary on the example results and on a file made here with every kind of row (spread, no spread,
spread about a zero mean, one sample, no samples, text), as text and as json, with and without --plan
--detect, and compares them row by row: n, and mean, %stddev, min, median, max and the planning columns
as the table rounds them. Exit status 0 when all agree, 1 with the first difference.
"""
import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile

parser = argparse.ArgumentParser()
parser.add_argument("--perfmail", required=True)
parser.add_argument("--source", required=True)
args = parser.parse_args()
work = tempfile.mkdtemp(prefix="perfmail-summary-")


def fail(reason):
    print(reason)
    sys.exit(1)


def run(*argv):
    done = subprocess.run([os.fsencode(args.perfmail), *argv], capture_output=True)
    if done.returncode != 0:
        fail(f"perfmail {argv}: exit {done.returncode}: {done.stderr.decode(errors='replace')}")
    return done.stdout.decode("utf-8")


def tables(text):
    """The text tables: per file (header line, {metric: columns} in order, [textual metrics])."""
    out = []
    for line in text.splitlines():
        if not line.startswith(" ") and line.endswith(" runs)") and (not out or out[-1][1] is not None):
            out.append([line, None, {}, []])
        elif out[-1][1] is None:
            out[-1][1] = line.split()  # the column names
        elif line.endswith("(text, ignored)"):
            out[-1][3].append(line.split()[0])
        else:
            fields = line.split()
            out[-1][2][fields[0]] = fields[1:]
    return out


def g6(x):
    return "%.6g" % x


def compare(text, listed, plan, detect):
    if plan:
        # One line above the tables says what the plan assumes; the JSON has the same settings.
        first, _, text = text.partition("\n")
        p = listed["plan"]
        if not first.startswith("plan: ") or f"with {p['correction']} over {p['family']} tested metric" not in first \
                or f"at least {p['min_runs']} runs a side" not in first:
            fail(f"plan line {first!r} and settings {p!r}")
    text_tables = tables(text)
    files = listed["files"]
    if len(text_tables) != len(files):
        fail(f"{len(text_tables)} text tables, {len(files)} json files")
    if plan:
        p = listed["plan"]
        if (p["alpha"], p["power"], p["detect_percent"], p["runs_limit"]) != (0.05, 0.8, detect, 100000):
            fail(f"plan settings {p!r}")
    elif "plan" in listed:
        fail("a plan without --plan")
    for (title, _, rows, textual), f in zip(text_tables, files):
        if title != f"{f['path']} ({f['runs']} runs)":
            fail(f"title {title!r} for path {f['path']!r}, runs {f['runs']}")
        if list(rows) != [m["name"] for m in f["metrics"]]:
            fail(f"metrics {list(rows)!r} and {[m['name'] for m in f['metrics']]!r}")
        if textual != f["ignored"]:
            fail(f"ignored {textual!r} and {f['ignored']!r}")
        for m in f["metrics"]:
            cols = rows[m["name"]]
            where = f"{f['path']}: {m['name']}"
            if int(cols[0]) != m["n"]:
                fail(f"{where}: n {cols[0]} and {m['n']}")
            if m["n"] == 0:
                if cols[1:] != ["(no", "samples)"] or any(m[k] is not None for k in ("mean", "stddev", "min", "median", "max")):
                    fail(f"{where}: no samples, yet {cols!r} and {m!r}")
                continue
            mean, pct, low, median, high = cols[1:6]
            if [mean, low, median, high] != [g6(m["mean"]), g6(m["min"]), g6(m["median"]), g6(m["max"])]:
                fail(f"{where}: {cols[1:6]!r} and {m!r}")
            if pct == "-":
                if m["stddev_percent"] is not None or not (m["mean"] == 0 and m["stddev"] > 0):
                    fail(f"{where}: '-' and {m!r}")
            else:
                if pct != "%.1f%%" % m["stddev_percent"]:
                    fail(f"{where}: %stddev {pct} and {m['stddev_percent']!r}")
                want = 0.0 if m["mean"] == 0 else 100 * m["stddev"] / m["mean"]
                if not math.isclose(m["stddev_percent"], want, rel_tol=1e-12, abs_tol=1e-300):
                    fail(f"{where}: stddev_percent {m['stddev_percent']!r}, from stddev and mean {want!r}")
            if not plan:
                if len(cols) != 6 or "plan" in m:
                    fail(f"{where}: planning columns without --plan: {cols!r} {m!r}")
                continue
            planned = m["plan"]
            shown = cols[6:]
            if planned["basis"] in ("none", "exact"):
                word = "-" if planned["basis"] == "none" else "exact"
                values = [planned["detectable_percent"]] + ([planned["ttest_runs"], planned["utest_runs"]] if detect else [])
                if set(shown) != {word} or any(v is not None for v in values):
                    fail(f"{where}: {shown!r} and {planned!r}")
                continue
            if planned["basis"] != "estimated" or shown[0] != "%.2g%%" % planned["detectable_percent"]:
                fail(f"{where}: detectable {shown[0]!r} and {planned!r}")
            if detect:
                for column, key in zip(shown[1:], ("ttest_runs", "utest_runs")):
                    if column != (">100000" if planned[key] is None else str(planned[key])):
                        fail(f"{where}: {key} {column!r} and {planned[key]!r}")
            elif "ttest_runs" in planned:
                fail(f"{where}: runs without --detect: {planned!r}")


def check(paths):
    for plan, detect in ((False, None), (True, None), (True, 2.0)):
        options = (["--plan"] if plan else []) + (["--detect", "2%"] if detect else [])
        text = run("summary", *paths, *options)
        listed = json.loads(run("summary", *paths, *options, "--format", "json"))
        compare(text, listed, plan, detect)


try:
    data = os.path.join(args.source, "examples", "data")
    check([os.path.join(data, "base", "matrix.json"), os.path.join(data, "head", "matrix.json")])

    # Every kind of row, in a directory whose name is not UTF-8.
    odd = os.path.join(os.fsencode(work), b"r\xff\xfesults")
    os.mkdir(odd)
    matrix = os.path.join(odd, b"matrix.json")
    with open(matrix, "w", encoding="utf-8") as f:
        json.dump({"spread": [10, 11, 12, 13.5], "flat": [5, 5, 5, 5], "zero.mean": [-1, 1, -1, 1], "single": [3],
                   "near.zero.mean": [-1000, 1001, -1000, 1001], "gone": [None, None], "label": ["a", "b", "a", "b"]}, f)
    listed = json.loads(run("summary", matrix, "--plan", "--detect", "2%", "--format", "json"))
    path = listed["files"][0]["path"]
    if "\ufffd" not in path or not path.endswith("sults/matrix.json"):
        fail(f"a path that is not UTF-8 written as {path!r}")
    by_name = {m["name"]: m for m in listed["files"][0]["metrics"]}
    expect = {"spread": "estimated", "flat": "exact", "zero.mean": "none", "single": "none", "near.zero.mean": "estimated", "gone": "none"}
    if {k: by_name[k]["plan"]["basis"] for k in expect} != expect or listed["files"][0]["ignored"] != ["label"]:
        fail(f"the rows of every kind: {listed!r}")
    if by_name["near.zero.mean"]["plan"]["ttest_runs"] is not None:  # the text's ">100000"
        fail(f"runs beyond the limit: {by_name['near.zero.mean']!r}")
    # The plan's settings, each as asked and as decided (the family, the level a lone change is held to).
    asked = os.path.join(work, "asked.json")
    with open(asked, "w", encoding="utf-8") as f:
        json.dump({"fio.a": [10, 11, 12, 13.5], "fio.b": [5, 5.5, 5, 5], "label": ["a", "b", "a", "b"]}, f)
    settings = json.loads(run("summary", asked, "--plan", "--detect", "5%", "--alpha", "0.01", "--power", "0.9",
                              "--correction", "holm", "--min-change", "3", "--cv-confidence", "0.9",
                              "--format", "json"))["plan"]
    if settings != {"alpha": 0.01, "power": 0.9, "detect_percent": 5.0, "runs_limit": 100000, "correction": "holm",
                    "family": 2, "level": 0.005, "min_runs": 3, "cv_confidence": 0.9, "min_change_percent": 3.0}:
        fail(f"the plan's settings: {settings!r}")
    # The printable text table names the directory differently (its own escapes): compare with the same
    # file under a plain name.
    plain = os.path.join(work, "matrix.json")
    shutil.copy(matrix, plain)
    check([plain])
finally:
    shutil.rmtree(work, ignore_errors=True)
print("summary json ok")
