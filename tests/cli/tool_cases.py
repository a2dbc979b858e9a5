#!/usr/bin/env python3
"""CLI cases of other tools' results judged on their own terms (docs/INPUTS.md, "Whose conventions"):
benchmarks gone, new and failed; each benchmark its own samples; no robot floor; units; headers that name
the files; results with nothing in common; mixed kinds. Run as: tool_cases.py PERFMAIL DATA_DIR ROBOT_DIR CASE.

DATA_DIR is tests/data/tools (make_cases.py there wrote its files and says what each holds); ROBOT_DIR
holds a robot matrix.json. Every case checks the exit status, stdout and stderr; a failure prints what
differed and exits 1."""

import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile

PERFMAIL, DATA, ROBOT, CASE = sys.argv[1:5]


def path(*parts):
    return os.path.join(DATA, *parts)


def run(*args, stdin=None):
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    p = subprocess.run([PERFMAIL, *args], capture_output=True, text=True, env=env, input=stdin)
    return p.returncode, p.stdout, p.stderr


def fail(message, out="", err=""):
    print(f"FAIL {CASE}: {message}\n--- stdout\n{out}\n--- stderr\n{err}")
    sys.exit(1)


def expect(result, want_status, has=(), lacks=(), stderr_has=None):
    status, out, err = result
    if status != want_status:
        fail(f"exit status {status}, expected {want_status}", out, err)
    for text in has:
        if text not in out:
            fail(f"stdout lacks {text!r}", out, err)
    for text in lacks:
        if text in out:
            fail(f"stdout holds {text!r}", out, err)
    if stderr_has is None and err:
        fail("unexpected stderr", out, err)
    if stderr_has is not None and stderr_has not in err:
        fail(f"stderr lacks {stderr_has!r}", out, err)
    return out


def line_of(out, name, short=None):
    """The row of metric `name`: in Markdown and --details by its name, in the benchstat text table by the
    short name its table prints (`short`: without `Benchmark`, the prefix the table shares and the unit)."""
    for line in out.splitlines():
        if line.startswith(name + " ") or line.startswith(f"| {name} ") or (short and line.startswith(short + " ")):
            return line
    fail(f"no row for {name}", out)


def scratch_dir():
    """A directory of the case's own files, removed when the case ends however it ends."""
    directory = tempfile.mkdtemp(prefix=f"perfmail-{CASE}-")
    atexit.register(shutil.rmtree, directory, True)
    return directory


GO = (path("go", "base.txt"), path("go", "head.txt"))

if CASE == "gone_new":
    # A benchmark on one side only is gone or new: never zeros, never an improvement or a regression.
    out = expect(run("compare", *GO), 0, has=["1 regression, 1 gone, 1 new, 1 unchanged"], lacks=["-100", "e+"])
    if "gone" not in line_of(out, "BenchmarkGone-8.ns/op", "Gone-8") or "new" not in line_of(out, "BenchmarkNew-8.ns/op", "New-8"):
        fail("gone and new rows do not say so", out)
elif CASE == "fail_on":
    expect(run("compare", *GO, "--metrics", "BenchmarkGone*", "--fail-on", "regression"), 0, has=["1 gone"])
    expect(run("compare", *GO, "--metrics", "BenchmarkGone*", "--fail-on", "missing"), 1, has=["1 gone"])
    expect(run("compare", *GO, "--metrics", "BenchmarkGone*", "--fail-on", "change"), 1, has=["1 gone"])
    expect(run("compare", *GO, "--metrics", "BenchmarkNew*", "--fail-on", "missing"), 0, has=["1 new"])
    expect(run("compare", *GO, "--metrics", "BenchmarkNew*", "--fail-on", "change"), 1, has=["1 new"])
    # ttest too: a gone benchmark is a change.
    expect(run("compare", *GO, "--metrics", "BenchmarkGone*", "--policy", "ttest", "--fail-on", "change"), 1,
           has=["1 gone"])
elif CASE == "no_floor":
    # +3.97% over 20 runs a side with the ranges apart: a regression, which the robot's 5% floor hid.
    out = expect(run("compare", *GO, "--metrics", "BenchmarkSort*", "--fail-on", "regression"), 1,
                 has=["1 regression", "+3.97%"])
    if "p<0.001" not in line_of(out, "BenchmarkSort-8.ns/op", "Sort-8"):
        fail("the row does not show its p-value", out)
    # A floor named is obeyed.
    expect(run("compare", *GO, "--metrics", "BenchmarkSort*", "--min-change", "5", "--fail-on", "regression"), 0,
           has=["no changes"])
elif CASE == "failed":
    # Every head repetition has error_occurred: failed, never 0, and a regression gate fails on it.
    note = '"BM_Errors" failed (error_occurred) in 6 repetitions'
    out = expect(run("compare", path("gbench", "base.json"), path("gbench", "head.json"), "--fail-on", "regression"),
                 1, has=["2 failed, 2 unchanged"], lacks=["e+", "0.00 ", "-100"], stderr_has=note)
    if "failed (6 runs)" not in line_of(out, "BM_Errors.real_time", "BM_Errors"):
        fail("the failed benchmark's row does not say so", out)
    expect(run("compare", path("gbench", "base.json"), path("gbench", "head.json"), "--fail-on", "missing"), 1,
           stderr_has=note)
elif CASE == "own_samples":
    # 10 rounds against 30 in the same file: test_short is compared on its own 10, not padded with zeros.
    out = expect(run("compare", path("pytest", "base.json"), path("pytest", "head.json"), "--fail-on", "regression"),
                 1, has=["1 regression, 1 unchanged"])
    row = line_of(out, "tests/test_speed.py::test_short.time", "test_short")
    if "10.45µs" not in row or "30.45µs" not in row or "n=10" not in row:
        fail("the short benchmark is not shown on its own samples", out)
elif CASE == "units":
    out = expect(run("compare", path("gbench", "base.json"), path("gbench", "head.json")), 0,
                 stderr_has='"BM_Errors" failed')
    if "282.5ns" not in line_of(out, "BM_Errors.real_time", "BM_Errors"):
        fail("nanoseconds are not printed with their unit", out)
    out = expect(run("compare", path("pytest", "base.json"), path("pytest", "head.json"), "--format", "markdown"), 0)
    if "10.45µs" not in out:
        fail("the Markdown table does not print units", out)
    doc = json.loads(expect(run("compare", *GO, "--format", "json"), 0))
    metric = next(m for m in doc["metrics"] if m["name"] == "BenchmarkSort-8.ns/op")
    if metric["unit"] != {"quantity": "seconds", "scale": 1e-9} or doc["conventions"] != "tool":
        fail("the JSON does not name the unit and the conventions", json.dumps(metric))
    gone = next(m for m in doc["metrics"] if m["name"] == "BenchmarkGone-8.ns/op")
    if gone["changes"][0]["verdict"] != "gone" or gone["changes"][0]["relative_percent"] is not None:
        fail("the JSON compares a gone benchmark", json.dumps(gone))
    if doc["verdicts"]["gone"] != 1 or doc["verdicts"]["new"] != 1:
        fail("the JSON does not count gone and new", json.dumps(doc["verdicts"]))
elif CASE == "header":
    # The files and the tool are named; no robot rule, no empty commit line; standard input is `stdin`.
    with open(GO[1], encoding="utf-8") as f:
        head = f.read()
    out = expect(run("compare", GO[0], "-", stdin=head), 0)
    first = out.splitlines()[0]
    if first != "go test: base.txt vs stdin":
        fail(f"first line {first!r}", out)
    if "=====" in out or "commit:" in out:
        fail("the robot's header on other tools' results", out)
    # The method, wrapped to the width: from the second line to the blank one.
    method = " ".join(out.split("\n\n")[0].splitlines()[1:]).split()
    if "the defaults for results of other tools" not in " ".join(method):
        fail("the method line does not say the defaults were used", out)
    out = expect(run("compare", *GO, "--policy", "ttest"), 0)
    if "Welch's t-test" not in out or "the defaults" in out:
        fail("the method line does not follow the options", out)
elif CASE == "robot_table":
    # The robot's table still prints when asked, with what it cannot show listed under it.
    out = expect(run("compare", *GO, "--policy", "robot", "--dialect", "modern", "--all"), 0,
                 has=["%stddev", "BenchmarkGone-8.ns/op: gone in head.txt", "BenchmarkNew-8.ns/op: new in head.txt"])
elif CASE == "disjoint":
    expect(run("compare", GO[0], path("go", "other.txt")), 2, stderr_has="other.txt: no metric in common with base.txt")
    status, out, err = run("compare", GO[0], path("go", "other.txt"))
    if out:
        fail("stdout is not empty on an error", out, err)
    expect(run("compare", GO[0], path("go", "other.txt"), "--allow-disjoint"), 0, has=["3 gone, 1 new"])
elif CASE == "mixed":
    # A robot base and a Go head: judged as the base's, and a note says so.
    expect(run("compare", os.path.join(ROBOT, "matrix.json"), GO[1], "--allow-disjoint", "--all"), 0,
           stderr_has="holds go test results but the base base holds the robot's results")
    expect(run("compare", GO[0], GO[1], "--conventions", "robot", "--all"), 0, has=["%stddev"])
elif CASE == "details":
    # --details shows what is missing as such, and says once why an interval is infinite.
    out = expect(run("compare", *GO, "--details"), 0, has=["1 regression, 1 gone, 1 new, 1 unchanged"])
    if "gone" not in line_of(out, "BenchmarkGone-8.ns/op") or "(0)" in out:
        fail("--details compares a gone benchmark", out)
    # The bundled Google Benchmark pair has 3 repetitions a side.
    small = os.path.join(os.path.dirname(DATA.rstrip("/")), "..", "..", "examples", "inputs", "gbench")
    out = expect(run("compare", os.path.join(small, "base.json"), os.path.join(small, "head.json"), "--details"), 0)
    if "\u221e\u00b9 (3)" not in out or "\u00b9 the 95% interval of a median needs at least 6 samples" not in out:
        fail("an infinite interval is not explained", out)
elif CASE == "many_rounds":
    # pytest-benchmark calibrates thousands of rounds: 15,000 against 20,000 (300 million pairs of rounds)
    # still get their Hodges-Lehmann change and interval, as a few rounds do. Written here, not stored:
    # deterministic rounds of about 7.9 us and 8.1 us (+3.2%).
    scratch = scratch_dir()
    def pytest_file(name, level, rounds):
        data = [level * (1 + 0.002 * ((i * 7919) % 1000) / 1000) for i in range(rounds)]
        bench = {"name": "test_spin[100]", "fullname": "test_spin.py::test_spin[100]", "stats": {"data": data}}
        with open(os.path.join(scratch, name), "w") as f:
            json.dump({"machine_info": {}, "benchmarks": [bench]}, f)
        return os.path.join(scratch, name)
    base = pytest_file("base.json", 7.855e-6, 15000)
    head = pytest_file("head.json", 8.105e-6, 20000)
    # The screen's table (one table per unit: the row is named without ".time"), wide enough for the
    # interval.
    row = line_of(expect(run("compare", base, head, "--width", "160"), 0), "test_spin.py::test_spin[100] ")
    if "+3.1" not in row and "+3.2" not in row or "changed" in row or "[+3." not in row:
        fail("no change of 15,000 against 20,000 rounds", row)
    row = line_of(expect(run("compare", base, head, "--details"), 0), "test_spin.py::test_spin[100].time")
    if "?" in row or "[+3." not in row:
        fail("no interval of 15,000 against 20,000 rounds", row)
elif CASE == "hyperfine_commands":
    # One hyperfine file of several commands compares its first with the others, with the statistics of
    # two files of one command each.
    scratch = scratch_dir()
    old_times = [0.100 + 0.001 * (i % 7) for i in range(20)]
    new_times = [0.080 + 0.001 * (i % 5) for i in range(20)]
    same_times = [0.100 + 0.001 * ((i + 3) % 7) for i in range(20)]
    def hyperfine_file(name, commands):
        results = [{"command": c, "mean": sum(t) / len(t), "times": t, "exit_codes": [0] * len(t)} for c, t in commands]
        with open(os.path.join(scratch, name), "w") as f:
            json.dump({"results": results}, f, indent=2)
        return os.path.join(scratch, name)
    two = hyperfine_file("two.json", [("old", old_times), ("new", new_times), ("same", same_times)])
    base = hyperfine_file("base.json", [("cmd", old_times)])
    head = hyperfine_file("head.json", [("cmd", new_times)])
    one = json.loads(expect(run("compare", two, "--format", "json"), 0))
    pair = json.loads(expect(run("compare", base, head, "--format", "json"), 0))
    def numbers(document):
        """The summaries of the first two columns and the change between them."""
        metric = document["metrics"][0]
        return json.dumps([metric["columns"][:2], metric["changes"][0]], sort_keys=True)
    if len(one["metrics"]) != 1 or one["metrics"][0]["name"] != "time" or numbers(one) != numbers(pair):
        fail("one file's first two commands differ from two files", numbers(one), numbers(pair))
    if [c["commit"] for c in one["columns"]] != ["old", "new", "same"]:
        fail("the columns are not named by the commands", json.dumps(one["columns"]))
    out = expect(run("compare", two), 0)
    if "old" not in out.splitlines()[0] or "improvement" not in out:
        fail("the table of one hyperfine file", out)
    # --reference picks the command the others are compared with.
    flipped = expect(run("compare", two, "--reference", "new"), 0)
    if "regression" not in flipped:
        fail("--reference new: old and same are slower", flipped)
    expect(run("compare", two, "--reference", "nwe"), 2,
           stderr_has=f'--reference "nwe": no command of that name in {two}; did you mean "new"?')
    expect(run("compare", base, head, "--reference", "cmd"), 2, stderr_has="--reference names a command of one")
    expect(run("compare", base), 2, stderr_has="RESULTS: 1 given, at least 2 needed (one file compares alone only")
    # Two files of differently named commands: a few names of each side, and hyperfine's -n.
    other = hyperfine_file("other.json", [("./new --fast", new_times)])
    expect(run("compare", base, other), 2,
           stderr_has='other.json: no metric in common with base.json (it has "cmd.time"; this has '
                      '"./new --fast.time"); hyperfine names a command by its command line: give both runs the same '
                      'names with -n NAME; --allow-disjoint to compare them anyway')
else:
    fail("unknown case")
print(f"ok {CASE}")
