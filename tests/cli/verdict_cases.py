#!/usr/bin/env python3
"""CLI cases of verdicts, CI gating, choosing and ordering rows, Markdown and colour output, and the
refusal of options that would have no effect. Run as: verdict_cases.py PERFMAIL DATA_DIR SCRATCH CASE.

DATA_DIR is tests/data/verdicts (its README lists each metric's expected verdict). Every case checks
the exit status, stdout and stderr; a failure prints what differed and exits 1."""

import json
import os
import re
import subprocess
import sys

PERFMAIL, DATA, SCRATCH, CASE = sys.argv[1:5]
BASE = os.path.join(DATA, "base.json")
HEAD = os.path.join(DATA, "head.json")
SUMMARY = "2 regressions, 1 improvement, 1 change of unknown direction, 2 unchanged"


def run(*args, env=None):
    full_env = dict(os.environ)
    full_env.pop("NO_COLOR", None)
    if env:
        full_env.update(env)
    p = subprocess.run([PERFMAIL, *args], capture_output=True, text=True, env=full_env)
    return p.returncode, p.stdout, p.stderr


def fail(message, out="", err=""):
    print(f"FAIL {CASE}: {message}\n--- stdout\n{out}\n--- stderr\n{err}")
    sys.exit(1)


def expect(status, out, err, want_status, stdout_has=(), stdout_lacks=(), stderr_has=None):
    if status != want_status:
        fail(f"exit status {status}, expected {want_status}", out, err)
    for text in stdout_has:
        if text not in out:
            fail(f"stdout lacks {text!r}", out, err)
    for text in stdout_lacks:
        if text in out:
            fail(f"stdout holds {text!r}", out, err)
    if stderr_has is None:
        if err:
            fail("unexpected stderr", out, err)
    elif stderr_has not in err or err.count("\n") != 1:
        fail(f"stderr is not one line holding {stderr_has!r}", out, err)


def refused(args, message):
    """A usage error: exit 2, one line on stderr, nothing on stdout."""
    status, out, err = run(*args)
    expect(status, out, err, 2, stderr_has=message)
    if out:
        fail("stdout is not empty on an error", out, err)


def row_names(text):
    """The metric names of a text table's rows (the last field of each row line)."""
    names = []
    for line in text.splitlines():
        m = re.search(r"\s(\S+)$", line)
        if m and re.match(r"^\s*[-+0-9.e:±%| ]+\s", line) and m.group(1) in METRICS:
            names.append(m.group(1))
    return names


METRICS = set(json.load(open(BASE)))


def case_summary_line():
    status, out, err = run("compare", BASE, HEAD)
    expect(status, out, err, 0)
    if out.splitlines()[-1] != SUMMARY:
        fail(f"last line is not {SUMMARY!r}", out, err)
    # The table above it is the robot's, byte for byte: the same as with --no-summary.
    status2, table, err2 = run("compare", BASE, HEAD, "--no-summary")
    expect(status2, table, err2, 0)
    if out != table + SUMMARY + "\n":
        fail("the summary line is not the only addition to the table", out, err)


def case_fail_on():
    for mode, want in (("never", 0), ("regression", 1), ("change", 1)):
        status, out, err = run("compare", BASE, HEAD, "--fail-on", mode)
        expect(status, out, err, want, stdout_has=[SUMMARY, "fio.write_clat_mean_us"])
    # Only the improvement judged: a regression gate passes, a change gate does not.
    status, out, err = run("compare", BASE, HEAD, "--metrics", "fio.write_bw*", "--fail-on", "regression")
    expect(status, out, err, 0, stdout_has=["\n1 improvement, 0 unchanged\n"])
    status, out, err = run("compare", BASE, HEAD, "--metrics", "fio.write_bw*", "--fail-on", "change")
    expect(status, out, err, 1)
    # Nothing changed: no gate fails.
    status, out, err = run("compare", BASE, BASE, "--fail-on", "change")
    expect(status, out, err, 0, stdout_has=["no changes, 6 unchanged"])
    # Bad input stays status 2, whatever --fail-on says.
    refused(["compare", BASE, os.path.join(DATA, "README.md"), "--fail-on", "regression"], "README.md")
    refused(["compare", BASE, HEAD, "--fail-on", "sometimes"], "sometimes")


def case_fail_on_output_file():
    target = os.path.join(SCRATCH, "table.txt")
    os.makedirs(SCRATCH, exist_ok=True)
    status, out, err = run("compare", BASE, HEAD, "--fail-on", "regression", "-o", target)
    expect(status, out, err, 1)
    if out:
        fail("stdout is not empty with -o", out, err)
    with open(target) as f:
        written = f.read()
    if not written.endswith(SUMMARY + "\n"):
        fail("the file does not hold the table and its summary line", written, err)


def case_no_changes():
    status, out, err = run("compare", BASE, BASE)
    expect(status, out, err, 0)
    if out != "no changes, 6 unchanged\n":
        fail("a comparison with itself is not one sentence", out, err)


def case_metrics():
    status, out, err = run("compare", BASE, HEAD, "--metrics", "fio.*", "--all", "--order", "given")
    expect(status, out, err, 0)
    if row_names(out) != ["fio.write_bw_MBps", "fio.write_clat_mean_us", "fio.read_iops"]:
        fail(f"glob chose {row_names(out)}", out, err)
    status, out, err = run("compare", BASE, HEAD, "--metrics", "/clat|cpu/", "--all", "--order", "given")
    expect(status, out, err, 0)
    if row_names(out) != ["fio.write_clat_mean_us", "vmstat.cpu.us"]:
        fail(f"regex chose {row_names(out)}", out, err)
    status, out, err = run("compare", BASE, HEAD, "--metrics", "fio.*", "--metrics", "!*iops", "--all",
                           "--order", "given")
    expect(status, out, err, 0)
    if row_names(out) != ["fio.write_bw_MBps", "fio.write_clat_mean_us"]:
        fail(f"exclusion chose {row_names(out)}", out, err)
    if out.splitlines()[-1] != "1 regression, 1 improvement, 0 unchanged":
        fail("the summary does not count the metrics chosen", out, err)
    refused(["compare", BASE, HEAD, "--metrics", "fio.wirte*"], "--metrics \"fio.wirte*\" matched no metric")
    refused(["compare", BASE, HEAD, "--metrics", "/fio.(/"], "not a regular expression")
    refused(["compare", BASE, HEAD, "--metrics", "!"], "an empty pattern")


def case_only():
    status, out, err = run("compare", BASE, HEAD, "--only", "regressions", "--order", "given")
    expect(status, out, err, 0, stdout_has=[SUMMARY])
    if sorted(row_names(out)) != ["dmesg.WARNING:possible_circular_locking_dependency_detected", "fio.write_clat_mean_us"]:
        fail(f"--only regressions showed {row_names(out)}", out, err)
    status, out, err = run("compare", BASE, HEAD, "--only", "improvements")
    expect(status, out, err, 0)
    if row_names(out) != ["fio.write_bw_MBps"]:
        fail(f"--only improvements showed {row_names(out)}", out, err)
    status, out, err = run("compare", BASE, HEAD, "--only", "changes", "--order", "given")
    expect(status, out, err, 0)
    if len(row_names(out)) != 4:
        fail(f"--only changes showed {row_names(out)}", out, err)


def case_sort():
    status, out, err = run("compare", BASE, HEAD, "--sort", "name", "--all")
    expect(status, out, err, 0)
    names = row_names(out)
    perf = [n for n in names if not n.startswith("dmesg.")]
    if perf != sorted(perf):
        fail(f"--sort name gave {names}", out, err)
    status, out, err = run("compare", BASE, HEAD, "--sort", "change")
    expect(status, out, err, 0)
    perf = [n for n in row_names(out) if not n.startswith("dmesg.")]
    if perf != ["vmstat.cpu.us", "fio.write_bw_MBps", "fio.write_clat_mean_us"]:
        fail(f"--sort change gave {perf}", out, err)
    status, out, err = run("compare", BASE, HEAD, "--sort", "p", "--policy", "ttest", "--all", "--format", "json")
    expect(status, out, err, 0)
    ps = [m["changes"][0]["p_value"] for m in json.loads(out)["metrics"]]
    tested = [p for p in ps if p is not None]
    if tested != sorted(tested) or ps[: len(tested)] != tested:
        fail(f"--sort p gave p-values {ps}", out, err)
    refused(["compare", BASE, HEAD, "--sort", "p"], "the robot policy has no p-values")
    refused(["compare", BASE, HEAD, "--sort", "name", "--order", "given"], "--sort gives the order")


def case_json():
    status, out, err = run("compare", BASE, HEAD, "--format", "json")
    expect(status, out, err, 0)
    doc = json.loads(out)
    if doc["verdicts"] != {"regressions": 2, "improvements": 1, "changed": 1, "unchanged": 2}:
        fail(f"verdict counts {doc['verdicts']}", out, err)
    if doc["summary"] != SUMMARY:
        fail(f"summary {doc['summary']!r}", out, err)
    by_name = {m["name"]: m for m in doc["metrics"]}
    want = {
        "fio.write_bw_MBps": ("higher", "improvement"),
        "fio.write_clat_mean_us": ("lower", "regression"),
        "vmstat.cpu.us": (None, "changed"),
        "dmesg.WARNING:possible_circular_locking_dependency_detected": ("lower", "regression"),
        "fio.read_iops": ("higher", "unchanged"),
        "meminfo.Active": (None, "unchanged"),
    }
    for name, (direction, verdict) in want.items():
        got = (by_name[name]["direction"], by_name[name]["changes"][0]["verdict"])
        if got != (direction, verdict):
            fail(f"{name}: direction and verdict {got}, expected {(direction, verdict)}", out, err)
    status, out, err = run("compare", BASE, HEAD, "--format", "json", "--fail-on", "regression")
    expect(status, out, err, 1)
    json.loads(out)


def markdown_cells(line):
    """The cells of a GFM table row, splitting at pipes that are not escaped."""
    if not (line.startswith("| ") and line.endswith(" |")):
        fail(f"not a table row: {line!r}")
    cells, cell, escaped = [], "", False
    for c in line[1:-1]:
        if escaped:
            cell += c
            escaped = False
        elif c == "\\":
            cell += c
            escaped = True
        elif c == "|":
            cells.append(cell.strip())
            cell = ""
        else:
            cell += c
    cells.append(cell.strip())
    return cells


def case_markdown():
    status, out, err = run("compare", BASE, HEAD, "--format", "markdown", "--order", "given", "--commit", "base|1",
                           "--commit", "head_2")
    expect(status, out, err, 0)
    lines = out.split("\n")
    table = lines[: lines.index("")]
    if lines[-2] != SUMMARY or lines[-1] != "":
        fail("the summary does not follow the table as a paragraph", out, err)
    header = markdown_cells(table[0])
    if header != ["metric", "base\\|1", "head\\_2", "change", "verdict"]:
        fail(f"header cells {header}", out, err)
    if not all(re.fullmatch(r":?-{3,}:?", c) for c in markdown_cells(table[1])):
        fail("the second line is not a delimiter row", out, err)
    rows = [markdown_cells(line) for line in table[2:]]
    if any(len(r) != len(header) for r in rows):
        fail("rows of another width than the header", out, err)
    got = {r[0]: r[4] for r in rows}
    want = {"fio.write\\_bw\\_MBps": "improvement", "fio.write\\_clat\\_mean\\_us": "regression",
            "vmstat.cpu.us": "changed", "dmesg.WARNING:possible\\_circular\\_locking\\_dependency\\_detected": "regression"}
    if got != want:
        fail(f"rows {got}", out, err)
    bw = next(r for r in rows if r[0].startswith("fio.write\\_bw"))
    if bw[1:4] != ["100.00", "120.00", "+20.0%"]:
        fail(f"the numbers of fio.write_bw_MBps are {bw[1:4]}", out, err)
    status, out, err = run("compare", BASE, BASE, "--format", "markdown")
    expect(status, out, err, 0)
    if out != "no changes, 6 unchanged\n":
        fail("no changes in Markdown is not one sentence", out, err)


RED, GREEN, RESET = "\x1b[31m", "\x1b[32m", "\x1b[0m"


def case_colour():
    status, out, err = run("compare", BASE, HEAD, "--color", "always")
    expect(status, out, err, 0)
    for line in out.splitlines():
        if line.endswith("fio.write_clat_mean_us" + RESET) and not line.startswith(RED):
            fail("the regression is not red", out, err)
        if "fio.write_bw_MBps" in line and not (line.startswith(GREEN) and line.endswith(RESET)):
            fail("the improvement is not green", out, err)
        if "vmstat.cpu.us" in line and "\x1b" in line:
            fail("a change of unknown direction is coloured", out, err)
    if out.count(RED) != 2 or out.count(GREEN) != 1:
        fail("not exactly two red and one green rows", out, err)
    plain = run("compare", BASE, HEAD)[1]
    if re.sub(r"\x1b\[[0-9;]*m", "", out) != plain:
        fail("colour changed more than the escape sequences", out, err)
    # auto: standard output is a pipe here, and NO_COLOR would forbid it anyway.
    for env in ({}, {"NO_COLOR": "1", "TERM": "xterm"}):
        status, out, err = run("compare", BASE, HEAD, "--color", "auto", env=env)
        expect(status, out, err, 0, stdout_lacks=["\x1b"])
    status, out, err = run("compare", BASE, HEAD, "--color", "never")
    expect(status, out, err, 0, stdout_lacks=["\x1b"])
    refused(["compare", BASE, HEAD, "--color", "always", "--format", "json"], "only text tables are coloured")


def case_ignored_options():
    refused(["compare", BASE, HEAD, "--alpha", "0.01"], "--alpha has no effect here: the robot policy")
    refused(["compare", BASE, HEAD, "--correction", "holm"], "--correction has no effect here")
    refused(["compare", BASE, HEAD, "--policy", "utest", "--distance", "2"],
            "--distance has no effect here: it is a rule of the robot policy, not of utest")
    refused(["compare", BASE, HEAD, "--policy", "ttest", "--resize", "3"], "--resize has no effect here")
    refused(["compare", BASE, HEAD, "--keep-noise"], "--keep-noise has no effect here: only the classic table")
    refused(["compare", BASE, HEAD, "--keep-noise", "--dialect", "current"], "only the classic table")
    refused(["compare", BASE, HEAD, "--no-summary", "--format", "json"], "the summary line is the text table's")
    refused(["compare", BASE, HEAD, "--confidence", "0.9"], "--confidence has no effect here: the robot policy")
    refused(["compare", BASE, HEAD, "--policy", "utest", "--confidence", "0.9"],
            "--confidence has no effect here: this table shows no interval")
    # What has an effect is accepted.
    for args in (["--keep-noise", "--dialect", "classic"], ["--policy", "utest", "--alpha", "0.01"],
                 ["--policy", "utest", "--more"], ["--policy", "utest", "--details", "--confidence", "0.9"],
                 ["--policy", "ttest", "--format", "json", "--confidence", "0.9"]):
        status, out, err = run("compare", BASE, HEAD, *args)
        expect(status, out, err, 0)
    # The level is the intervals': the details say it, and the JSON carries it.
    status, out, err = run("compare", BASE, HEAD, "--policy", "utest", "--details", "--all", "--confidence", "0.8")
    expect(status, out, err, 0, stdout_has=["change [80% CI]", "with its 80% interval"])
    status, out, err = run("compare", BASE, HEAD, "--policy", "ttest", "--format", "json", "--confidence", "0.8")
    expect(status, out, err, 0, stdout_has=['"confidence": 0.8', '"estimator": "mean_ratio"'])
    for bad in ("0", "1", "1.5"):
        refused(["compare", BASE, HEAD, "--policy", "utest", "--details", "--confidence", bad], "--confidence")


def case_directions():
    """--higher-is-better and --lower-is-better give directions ahead of the built-in rules."""
    status, out, err = run("compare", BASE, HEAD, "--format", "json", "--lower-is-better", "vmstat.cpu.*",
                           "--higher-is-better", "/clat/")
    expect(status, out, err, 0)
    by_name = {m["name"]: m for m in json.loads(out)["metrics"]}
    if by_name["vmstat.cpu.us"]["direction"] != "lower" or by_name["vmstat.cpu.us"]["changes"][0]["verdict"] != "regression":
        fail("the glob gave no direction to vmstat.cpu.us", out, err)
    if by_name["fio.write_clat_mean_us"]["changes"][0]["verdict"] != "improvement":
        fail("the regex did not override the built-in direction of a latency", out, err)
    # A glob matches the whole name: `vmstat.cpu` alone matches nothing.
    status, out, err = run("compare", BASE, HEAD, "--format", "json", "--lower-is-better", "vmstat.cpu")
    expect(status, out, err, 0)
    by_name = {m["name"]: m for m in json.loads(out)["metrics"]}
    if by_name["vmstat.cpu.us"]["direction"] is not None:
        fail("a glob matched part of a name", out, err)
    refused(["compare", BASE, HEAD, "--higher-is-better", "/a(/"], "--higher-is-better \"/a(/\": not a regular expression")


def case_hostile_patterns():
    """Patterns that take exponential time in a backtracking engine finish at once (RE2): a result file
    chooses the metric names, and must not be able to hang a CI gate. The test's TIMEOUT is the check."""
    os.makedirs(SCRATCH, exist_ok=True)
    names = ["a" * 60 + "!", "fio." + "ab_" * 30 + "-", "xa", "fio.write_iops"]
    for side, values in (("base", [1, 1, 1]), ("head", [2, 2, 2])):
        with open(os.path.join(SCRATCH, side + ".json"), "w") as f:
            json.dump({name: values for name in names}, f)
    base, head = os.path.join(SCRATCH, "base.json"), os.path.join(SCRATCH, "head.json")
    for args in (["--metrics", "/(a+)+$/"], ["--metrics", r"/^fio\.(\w+_?)+$/", "--metrics", "xa"],
                 ["--higher-is-better", "/(a+)+$/"], ["--lower-is-better", "(a*)*!"]):
        status, out, err = run("compare", base, head, "--all", *args)
        expect(status, out, err, 0)
    status, out, err = run("compare", base, head, "--all", "--order", "given", "--metrics", "/(a+)+$/")
    if not out.rstrip("\n").splitlines()[-3].endswith(" xa") or "a" * 60 in out or "fio." in out:
        fail("/(a+)+$/ chose other rows than xa", out, err)
    with open(os.path.join(DATA, "report.json")) as f:
        doc = json.load(f)
    doc["results"] = {"base": base, "head": head}
    doc["directions"] = [{"match": "search", "text": "(a+)+$", "better": "lower"}]
    report = os.path.join(SCRATCH, "report.json")
    with open(report, "w") as f:
        json.dump(doc, f, indent=2)
    status, out, err = run("report", report, "--fail-on", "never")
    expect(status, out, err, 0)
    # Lookaround and backreferences, which the linear-time engine lacks, are refused with its reason.
    refused(["compare", base, head, "--metrics", "/a(?=b)/"], "--metrics \"/a(?=b)/\": not a regular expression")
    refused(["compare", base, head, "--higher-is-better", r"/(a)\1/"], "not a regular expression")
    refused(["compare", base, head, "--higher-is-better", "!x*"], "a direction pattern cannot exclude")
    doc["directions"] = [{"match": "pattern", "text": "(", "better": "lower"}]
    with open(report, "w") as f:
        json.dump(doc, f, indent=2)
    refused(["report", report], f"{report}:")
    refused(["report", report], "directions[0].text: the name rule \"(\" is not a regular expression: missing )")


def case_report_headline():
    status, out, err = run("report", os.path.join(DATA, "report.json"))
    expect(status, out, err, 0)
    headline = [line for line in out.splitlines() if line.endswith("due to commit:")]
    # The first performance row printed is the +20.0% improvement; the headline prefers the regression.
    if headline != ["We noticed a +14.0% regression of fio.write_clat_mean_us due to commit:"]:
        fail(f"headline {headline}", out, err)


def case_report_fail_on():
    report = os.path.join(DATA, "report.json")
    for mode, want in (("never", 0), ("regression", 1), ("change", 1)):
        status, out, err = run("report", report, "--fail-on", mode)
        expect(status, out, err, want, stdout_has=["regression of fio.write_clat_mean_us"])
    status, out, err = run("report", report, "--format", "json", "--fail-on", "regression")
    expect(status, out, err, 1)
    doc = json.loads(out)
    if doc["verdicts"]["regressions"] != 2 or doc["subject"] != "[xfs] 0610cbb3c679: fio.write_clat_mean_us +14.0% regression":
        fail(f"report JSON verdicts {doc['verdicts']}, subject {doc['subject']!r}", out, err)
    verdicts = {m["name"]: m["changes"][0]["verdict"] for m in doc["metrics"]}
    if verdicts["fio.write_clat_mean_us"] != "regression" or verdicts["fio.write_bw_MBps"] != "improvement":
        fail(f"report JSON verdicts per metric {verdicts}", out, err)


def write_matrix(name, metrics):
    os.makedirs(SCRATCH, exist_ok=True)
    path = os.path.join(SCRATCH, name)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(metrics, f)
    return path


def case_statistics_bugs():
    """The four inputs of the statistics' second review, end to end."""
    # 1. A display option never changes what is tested: --all keeps the family and so the exit status.
    interrupts = {f"interrupts.CPU{k}.LOC": [5, 6, 7, 8, 9] for k in range(6)}
    base = write_matrix("family-base.json", {"fio.a": [100, 101, 102, 103, 104], **interrupts})
    head = write_matrix("family-head.json", {"fio.a": [110, 111, 112, 113, 114], **interrupts})
    for extra in ([], ["--all"]):
        status, out, err = run("compare", base, head, "--policy", "utest", "--fail-on", "change", *extra)
        expect(status, out, err, 1, stdout_has=["fio.a"])
    # 2 and 3. Plans that compare can meet: at least 3 runs a side, and Welch's power (4 a side where
    # the pooled test said 3, at CV 0.6% and 2%), more with the noise's upper bound.
    two = write_matrix("two-runs.json", {"fio.a": [1000, 1000.4]})
    status, out, err = run("summary", two, "--plan", "--detect", "2%", "--format", "json")
    expect(status, out, err, 0)
    plan = json.loads(out)["files"][0]["metrics"][0]["plan"]
    if not (plan["ttest_runs"] >= 3 and plan["utest_runs"] >= 3):
        fail(f"a plan below compare's 3 runs: {plan}", out, err)
    low_noise = write_matrix("low-noise.json", {"fio.a": [1000 + 6 * x for x in (-1.5, -0.5, 0.5, 1.5, 0, 0.8, -0.8,
                                                                             1.1, -1.1, 0.3)]})
    status, out, err = run("summary", low_noise, "--plan", "--detect", "2%", "--format", "json")
    expect(status, out, err, 0)
    plan = json.loads(out)["files"][0]["metrics"][0]["plan"]
    if not plan["ttest_runs"] >= 4:
        fail(f"ttest planned below Welch's 4 runs: {plan}", out, err)
    # 4. Reachability at the corrected level: 10,000 metrics under bh hold a lone change to 5e-06.
    many = 10000
    base5 = write_matrix("many-base5.json", {f"fio.m{i}": [100, 101, 102, 103, 104] for i in range(many)})
    head5 = write_matrix("many-head5.json", {f"fio.m{i}": [100.5, 101.5, 102.5, 103.5, 104.5] for i in range(many)})
    status, out, err = run("compare", base5, head5, "--policy", "utest", "--conventions", "robot")
    expect(status, out, err, 0, stdout_has=[
        "note: utest cannot select any of the 10,000 metrics of many-head5.json: 5 and 5 runs give p >= 0.0079, and "
        "bh over 10,000 metrics holds a lone change to p <= 5e-06; 11 per side are needed"])
    base3 = write_matrix("many-base3.json", {f"fio.m{i}": [100, 101, 102] for i in range(many)})
    head3 = write_matrix("many-head3.json", {f"fio.m{i}": [100.5, 101.5, 102.5] for i in range(many)})
    status, out, err = run("compare", base3, head3, "--policy", "utest", "--conventions", "robot")
    expect(status, out, err, 0, stdout_has=[
        "note: utest cannot reach alpha 0.05 with 3 and 3 runs; 11 per side are needed for a lone change under bh "
        "over 10,000 metrics"])


CASES = {name[5:]: f for name, f in globals().items() if name.startswith("case_")}

if __name__ == "__main__":
    if CASE not in CASES:
        fail(f"no case {CASE}; cases: {', '.join(CASES)}")
    CASES[CASE]()
