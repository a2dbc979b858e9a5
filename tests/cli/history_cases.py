#!/usr/bin/env python3
"""CLI cases of `perfmail history`: change points over per-commit result files, a long CSV and Otava's
wide CSV; the text and JSON output; --fail-on; refusals. Run as: history_cases.py PERFMAIL SCRATCH CASE.

The histories are made here from a seeded generator: 40 commits of a Go benchmark, 5 runs each, noise of
1%, and where a case says so a step of 10% at commit 25. Every case checks the exit status, stdout and
stderr; a failure prints what differed and exits 1."""

import json
import os
import random
import shutil
import subprocess
import sys
import time

PERFMAIL, SCRATCH, CASE = sys.argv[1:4]
COMMITS = 40
STEP_AT = 25


def run(*args):
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    p = subprocess.run([PERFMAIL, *args], capture_output=True, text=True, env=env)
    return p.returncode, p.stdout, p.stderr


def fail(message, out="", err=""):
    print(f"FAIL {CASE}: {message}\n--- stdout\n{out}\n--- stderr\n{err}")
    sys.exit(1)


def expect(result, want_status, stdout_has=(), stderr_has=()):
    status, out, err = result
    if status != want_status:
        fail(f"exit status {status}, expected {want_status}", out, err)
    for text in stdout_has:
        if text not in out:
            fail(f"stdout lacks {text!r}", out, err)
    for text in stderr_has:
        if text not in err:
            fail(f"stderr lacks {text!r}", out, err)
    if want_status == 2 and out:
        fail("output on stdout with an error", out, err)
    return out


def series(step=0.0, outlier_at=None, runs=5, seed=7):
    """Per commit, `runs` samples of ns/op around 1000 with 1% noise; after STEP_AT, `step` higher."""
    rng = random.Random(seed)
    out = []
    for c in range(COMMITS):
        level = 1000.0 * (1 + step if c >= STEP_AT else 1)
        samples = [level * (1 + 0.01 * rng.gauss(0, 1)) for _ in range(runs)]
        if c == outlier_at:
            samples[0] *= 3
        out.append(samples)
    return out


def commit_id(c):
    return f"c{c:02d}"


def write_go_files(samples, name="BenchmarkParse"):
    os.makedirs(SCRATCH, exist_ok=True)
    paths = []
    for c, runs in enumerate(samples):
        path = os.path.join(SCRATCH, commit_id(c) + ".txt")
        with open(path, "w") as f:
            f.write("goos: linux\ngoarch: amd64\npkg: example.com/p\n")
            for value in runs:
                f.write(f"{name}-8  1000  {value:.3f} ns/op\n")
        paths.append(path)
    return paths


def step_line_ok(out):
    line = next((l for l in out.splitlines() if l.startswith("BenchmarkParse-8.ns/op ")), None)
    if line is None:
        fail("no line of the changed metric", out)
    if commit_id(STEP_AT - 1) not in line or commit_id(STEP_AT) not in line or "regression" not in line:
        fail("the change is not between c24 and c25, or not a regression", out)


shutil.rmtree(SCRATCH, ignore_errors=True)

if CASE == "step_files":
    paths = write_go_files(series(step=0.10))
    out = expect(run("history", *paths), 0, stdout_has=["1 regression, 0 unchanged over 40 commits"])
    step_line_ok(out)
    expect(run("history", *paths, "--fail-on", "regression"), 1)
    doc = json.loads(expect(run("history", *paths, "--format", "json"), 0))
    if len(doc["changes"]) != 1:
        fail(f"{len(doc['changes'])} changes in the JSON, expected 1", json.dumps(doc, indent=1))
    change = doc["changes"][0]
    want = {"metric": "BenchmarkParse-8.ns/op", "index": STEP_AT, "commit": commit_id(STEP_AT),
            "last_before": commit_id(STEP_AT - 1), "verdict": "regression", "kind": "step"}
    for key, value in want.items():
        if change[key] != value:
            fail(f"change[{key!r}] is {change[key]!r}, expected {value!r}", json.dumps(change, indent=1))
    if not (8 < change["change_percent"] < 12 and change["ci_low_percent"] < change["change_percent"]
            < change["ci_high_percent"] and change["p_value"] < 0.01):
        fail("the change's numbers are off", json.dumps(change, indent=1))
    # The printed p is the search's: the split's permutation p, doubled where the newest commit's own
    # test shared alpha; the confirming test's p is kept under its own name.
    if change["permutation_p"] is None or change["p_value"] not in (change["permutation_p"], 2 * change["permutation_p"]) \
            or not (0 <= change["confirming_p"] <= change["p_value"]):
        fail("p_value is not the search's, or confirming_p is missing", json.dumps(change, indent=1))
    if not (980 < change["before"] < 1020 and 1080 < change["after"] < 1120):
        fail("the medians are off", json.dumps(change, indent=1))
    if [c["id"] for c in doc["commits"]] != [commit_id(c) for c in range(COMMITS)]:
        fail("the commits are not named by their files", json.dumps(doc["commits"]))
elif CASE == "stable":
    paths = write_go_files(series())
    out = expect(run("history", *paths, "--fail-on", "change"), 0, stdout_has=["no changes, 1 unchanged over 40 commits"])
    if len(out.splitlines()) != 1:
        fail("lines besides the summary", out)
elif CASE == "outlier":
    paths = write_go_files(series(outlier_at=12))
    expect(run("history", *paths, "--fail-on", "change"), 0, stdout_has=["no changes"])
elif CASE == "improvement_direction":
    paths = write_go_files(series(step=-0.10))
    expect(run("history", *paths), 0, stdout_has=["improvement"])
    expect(run("history", *paths, "--higher-is-better", "*ns/op", "--fail-on", "regression"), 1,
           stdout_has=["regression"])
elif CASE == "long_csv":
    os.makedirs(SCRATCH)
    path = os.path.join(SCRATCH, "history.csv")
    with open(path, "w") as f:
        f.write("commit,metric,value\n")
        for c, runs in enumerate(series(step=0.10)):
            for value in runs:
                f.write(f"{commit_id(c)},parse.ns/op,{value:.3f}\n")
    out = expect(run("history", "--csv", path, "--lower-is-better", "parse.*"), 0, stdout_has=["regression"])
    if commit_id(STEP_AT) not in out:
        fail("the change is not at c25", out)
    # The unit in the name gives the direction, as the same name from Go has it.
    expect(run("history", "--csv", path, "--fail-on", "regression"), 1, stdout_has=["1.102µs", "regression"])
elif CASE == "gone":
    # A metric measured until c29 and not since: gone, which --fail-on missing fails on.
    os.makedirs(SCRATCH)
    path = os.path.join(SCRATCH, "history.csv")
    with open(path, "w") as f:
        f.write("commit,metric,value\n")
        for c, runs in enumerate(series()):
            for value in runs:
                f.write(f"{commit_id(c)},parse.ns/op,{value:.3f}\n")
                if c < 30:
                    f.write(f"{commit_id(c)},old.ns/op,{value:.3f}\n")
    out = expect(run("history", "--csv", path), 0, stdout_has=["1 gone, 1 unchanged over 40 commits"],
                 stderr_has=["perfmail: note: old.ns/op: no sample at the newest commit c39, the last at c29"])
    expect(run("history", "--csv", path, "--fail-on", "missing"), 1)
    expect(run("history", "--csv", path, "--fail-on", "missing", "--metrics", "parse*"), 0)
    doc = json.loads(expect(run("history", "--csv", path, "--format", "json"), 0))
    if doc["gone"] != [{"metric": "old.ns/op", "last_index": 29, "last_commit": "c29"}]:
        fail("the JSON does not name the gone metric", json.dumps(doc["gone"]))
elif CASE == "otava_csv":
    os.makedirs(SCRATCH)
    path = os.path.join(SCRATCH, "otava.csv")
    with open(path, "w") as f:
        f.write("time,commit,branch,throughput\n")
        for c, runs in enumerate(series(step=-0.10, runs=1)):
            f.write(f"2026-01-{c // 24 + 1:02d} {c % 24:02d}:00:00 +0000,{commit_id(c)},main,{runs[0]:.2f}\n")
    doc = json.loads(expect(run("history", "--csv", path, "--format", "json", "--min-change", "5",
                                "--higher-is-better", "throughput"), 0))
    if [(c["index"], c["verdict"]) for c in doc["changes"]] != [(STEP_AT, "regression")]:
        fail("expected one regression at commit 25", json.dumps(doc["changes"], indent=1))
    if doc["commits"][0]["time"] != "2026-01-01 00:00:00 +0000":
        fail("the time is not kept", json.dumps(doc["commits"][0]))
elif CASE == "example":
    # The bundled example, exactly as docs/HISTORY.md shows it.
    example = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "history", "runs.csv")
    out = expect(run("history", "--csv", example, "--lower-is-better", "parse_*", "--higher-is-better", "*_MBps",
                     "--fail-on", "regression"), 1)
    want = ("metric    before        after         median before  median after  change            95% CI  search p  verdict\n"
            "parse_ns  b3bc0d66a1e1  cdb69cd5b9f1           1519          1610  +6.04%  [+5.62%, +6.48%]   4.0e-03  regression\n"
            "1 regression, 1 unchanged over 40 commits\n")
    if out != want:
        fail("the example's output differs from docs/HISTORY.md", out)
    # The heading follows --confidence, and the interval widens with it.
    wider = expect(run("history", "--csv", example, "--lower-is-better", "parse_*", "--confidence", "0.999"), 0)
    if not wider.startswith("metric    before        after         median before  median after  change  "
                            "        99.9% CI  search p  verdict\n") or "[+5.62%, +6.48%]" in wider:
        fail("the heading does not follow --confidence 0.999", wider)
    docs = open(os.path.join(os.path.dirname(__file__), "..", "..", "docs", "HISTORY.md"), encoding="utf-8").read()
    if want not in docs:
        fail("docs/HISTORY.md does not show the example's output", out)
elif CASE == "confidence":
    # The interval's heading names the confidence the intervals are at: 90% with --confidence 0.9, and in
    # the JSON the same number.
    example = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "history", "runs.csv")
    out = expect(run("history", "--csv", example, "--lower-is-better", "parse_*", "--confidence", "0.9"), 0)
    heading = out.split("\n")[0].split()
    if "90%" not in heading or "95%" in out or heading[heading.index("90%") + 1] != "CI":
        fail("the heading does not name the 90% interval of --confidence 0.9", out)
    narrower = out.split("\n")[1]
    if "[+5.62%, +6.48%]" in narrower:
        fail("the interval is the 95% one", out)
    doc = json.loads(expect(run("history", "--csv", example, "--lower-is-better", "parse_*", "--confidence", "0.9",
                                "--format", "json"), 0))
    if doc["options"]["confidence"] != 0.9:
        fail("the JSON does not name the confidence", json.dumps(doc["options"]))
elif CASE == "plot":
    example = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "history", "runs.csv")
    for style, mark in (("unicode", "\u250a"), ("gnuplot", ":")):
        out = expect(run("history", "--csv", example, "--plot", "parse_ns", "--style", style, "--width", "70",
                         "--height", "16", "--color", "never"), 0)
        lines = out.split("\n")
        if len(lines) != 17 or lines[-1] != "" or max(len(l) for l in lines) > 70:
            fail(f"{style}: not 16 lines of 70 columns at most", out)
        if "parse_ns" not in lines[0] or mark not in out or "b3bc0d66a1e1" not in out:
            fail(f"{style}: no title, change mark or commit label", out)
    expect(run("history", "--csv", example, "--plot", "nothing"), 2, stderr_has=["--plot \"nothing\": no metric"])
    expect(run("history", "--csv", example, "--metrics", "parse_ns", "--plot", "throughput_MBps"), 2,
           stderr_has=["--plot \"throughput_MBps\": the metric is not searched (--metrics, or a failure counter)"])
    expect(run("history", "--csv", example, "--width", "60"), 2, stderr_has=["--width goes with --plot"])
    expect(run("history", "--csv", example, "--plot", "parse_ns", "--format", "json"), 2, stderr_has=["--plot draws"])
    expect(run("history", "--csv", example, "--plot", "parse_ns", "--width", "10"), 2, stderr_has=["plot size"])
elif CASE == "refusals":
    paths = write_go_files(series())
    expect(run("history", paths[0]), 2, stderr_has=["one commit's results make no history"])
    expect(run("history"), 2, stderr_has=["--csv FILE"])
    expect(run("history", *paths, "--metrics", "nothing*"), 2, stderr_has=["matched no metric"])
    expect(run("history", *paths, "--metrics", "BenchmarkParse-8.ns/ops"), 2,
           stderr_has=['matched no metric of the results; did you mean "BenchmarkParse-8.ns/op"?'])
    expect(run("history", *paths, "--alpha", "0"), 2, stderr_has=["--alpha"])
    bad = os.path.join(SCRATCH, "bad.csv")
    with open(bad, "w") as f:
        f.write("commit,x\na,1\nb,fast\n")
    expect(run("history", "--csv", bad), 2, stderr_has=["bad.csv:3:3: column \"x\" holds numbers and text"])
    with open(bad, "w") as f:
        f.write("commit,metric,value\na,,1\nb,,2\n")
    expect(run("history", "--csv", bad), 2, stderr_has=["bad.csv:2:3: an empty metric name"])
    expect(run("history", paths[0], paths[0]), 2, stderr_has=["names commit \"c00\""])
    broken = os.path.join(SCRATCH, "c99.txt")
    with open(broken, "w") as f:
        f.write("BenchmarkParse-8 1000 zz ns/op\n")
    expect(run("history", *paths, broken), 2, stderr_has=["c99.txt"])
elif CASE == "sparse":
    # Each row a new commit and a new metric: a table of every metric at every commit would hold the
    # square of the rows. It is refused at the row where it grows past compare's limit, at once.
    path = os.path.join(SCRATCH, "sparse.csv")
    os.makedirs(SCRATCH, exist_ok=True)
    with open(path, "w") as f:
        f.write("commit,metric,value\n")
        for r in range(27000):
            f.write(f"c{r:05d},m{r:05d},{r % 997 + 1}\n")
    started = time.monotonic()
    expect(run("history", "--csv", path), 2,
           stderr_has=["sparse.csv:266:1: the history is too sparse: 265 metrics over 265 commits would hold 70225 "
                       "lists of samples, empty ones included, for the 265 samples the input gives so far (at most 16 "
                       "times as many are kept)"])
    if time.monotonic() - started > 5:
        fail(f"the refusal took {time.monotonic() - started:.1f} s")
elif CASE == "jobs":
    # Forty metrics, some stepping, some gone, one with an outlier: the output is the same on one thread
    # and on four, in the metrics' order.
    path = os.path.join(SCRATCH, "many.csv")
    os.makedirs(SCRATCH, exist_ok=True)
    with open(path, "w") as f:
        f.write("commit,metric,value\n")
        for m in range(40):
            for c, runs in enumerate(series(step=0.1 * (m % 3), outlier_at=(12 if m % 7 == 0 else None), seed=m)):
                if m % 11 == 5 and c >= COMMITS - 3:
                    continue
                for value in runs:
                    f.write(f"{commit_id(c)},m{m:02d}.ns/op,{value:.3f}\n")
    for form in (["--format", "text"], ["--format", "json"]):
        one = run("history", "--csv", path, *form, "--jobs", "1")
        four = run("history", "--csv", path, *form, "--jobs", "4")
        expect(one, 0, stdout_has=["m01.ns/op", "m02.ns/op"])
        if one != four:
            fail(f"--jobs 4 differs from --jobs 1 ({form[1]})", four[1] + "\n--- jobs 1\n" + one[1], four[2])
        if run("history", "--csv", path, *form) != one:
            fail(f"the default --jobs differs from --jobs 1 ({form[1]})")
    expect(run("history", "--csv", path, "--jobs", "0"), 2, stderr_has=["--jobs"])
else:
    fail("no such case")
