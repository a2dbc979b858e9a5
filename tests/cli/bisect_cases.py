#!/usr/bin/env python3
"""`perfmail bisect` as `git bisect run` uses it, on real git repositories made here.
Run as: bisect_cases.py PERFMAIL SCRATCH CASE [DOC].

The repository of each case has 41 commits; commit 23 makes the program 2.5% slower (2.5 noise SDs).
Its benchmark, bench.sh, prints one run time: the commit's level (level.txt) times the build's factor
(build.txt, written by build.sh: each build of the same code runs a little faster or slower) times the
machine's drift (the machine slows by up to 15% over the first 100 runs, counted in a file outside the
repository) times noise of 1%. Noise and build factors come from generators seeded by counters, so every
run differs, as real runs do, and every test run is the same (never flaky on a loaded machine)."""

import os
import random
import re
import shutil
import stat
import subprocess
import time
import sys

PERFMAIL, SCRATCH, CASE = sys.argv[1:4]
DOC = sys.argv[4] if len(sys.argv) > 4 else None
COMMITS = 41
CULPRIT = 23  # the commit (0-based) that makes the program slower
SLOWER = 1.025

BENCH = r'''#!/bin/sh
exec python3 "$(dirname "$0")/bench.py"
'''

def counted(variable):
    """A script's opening: the tree it runs in, and its run number n from the counter file named by
    the environment `variable` (so that the test can count the runs)."""
    return f'''
import os, random, sys
here = os.getcwd()
counter = os.environ["{variable}"]
n = int(open(counter).read()) if os.path.exists(counter) else 0
open(counter, "w").write(str(n + 1))
'''

# What a run measures is the tree it runs in (its working directory): perfmail runs the same bench.sh,
# the one named from where it started, in every tree.
BENCH_PY = counted("MEASURE_COUNTER") + r'''
try:
    build = float(open(os.path.join(here, "build.txt")).read())
except OSError:
    sys.exit("bench.py: not built (no build.txt)")
drift = 1 + float(os.environ.get("MEASURE_DRIFT", "0")) * min(n, 100) / 100
level = float(open(os.path.join(here, "level.txt")).read())
print(f"{level * build * drift * (1 + 0.01 * random.Random(n).gauss(0, 1)):.4f}")
'''

BUILD = r'''#!/bin/sh
exec python3 "$(dirname "$0")/build.py"
'''

BUILD_PY = counted("BUILD_COUNTER") + r'''
sd = float(os.environ.get("BUILD_SD", "0"))
open(os.path.join(here, "build.txt"), "w").write(f"{1 + sd * random.Random(10**6 + n).gauss(0, 1):.6f}\n")
'''


def fail(message, out=""):
    print(f"FAIL {CASE}: {message}\n--- output\n{out}")
    sys.exit(1)


# Every program the cases run finds python3 as this interpreter (not a slow wrapper), and perfmail as
# the one under test.
BIN = os.path.join(SCRATCH, "bin")
ENV = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.org", GIT_COMMITTER_NAME="t",
           GIT_COMMITTER_EMAIL="t@example.org", GIT_CONFIG_NOSYSTEM="1", HOME=SCRATCH,
           PATH=BIN + os.pathsep + os.environ.get("PATH", ""), MEASURE_COUNTER=os.path.join(SCRATCH, "runs.count"),
           BUILD_COUNTER=os.path.join(SCRATCH, "builds.count"), LC_ALL="C.UTF-8")


def git(repo, *args, check=True):
    p = subprocess.run(["git", "-C", repo, *args], capture_output=True, text=True, env=ENV)
    if check and p.returncode != 0:
        fail(f"git {' '.join(args)} exited {p.returncode}", p.stdout + p.stderr)
    return p


def write(path, text, executable=False):
    with open(path, "w") as f:
        f.write(text)
    if executable:
        os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


def make_repo():
    """41 commits; the level is 100 until CULPRIT and 100 * SLOWER from it on; v1.0 and v1.1 tag the ends.
    build.txt is what a build makes: ignored, as build products are. Returns the repository and the ids."""
    repo = os.path.join(SCRATCH, "repo")
    os.makedirs(repo)
    git(repo, "init", "-q", "-b", "main")
    write(os.path.join(repo, "bench.sh"), BENCH, True)
    write(os.path.join(repo, "bench.py"), BENCH_PY)
    write(os.path.join(repo, "build.sh"), BUILD, True)
    write(os.path.join(repo, "build.py"), BUILD_PY)
    write(os.path.join(repo, ".git", "info", "exclude"), "build.txt\n")
    ids = []
    for c in range(COMMITS):
        write(os.path.join(repo, "level.txt"), str(100 * SLOWER if c >= CULPRIT else 100.0))
        with open(os.path.join(repo, "history.txt"), "a") as f:
            f.write(f"commit {c}\n")
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", f"parser: step {c}")
        ids.append(git(repo, "rev-parse", "HEAD").stdout.strip())
    git(repo, "tag", "v1.0", ids[0])
    git(repo, "tag", "v1.1", ids[-1])
    return repo, ids


def run(args, cwd, **kw):
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, env=ENV, **kw)


def runs_counted():
    path = ENV["MEASURE_COUNTER"]
    return int(open(path).read()) if os.path.exists(path) else 0


def named(out):
    found = re.search(r"^([0-9a-f]{40}) is the first bad commit", out, re.M)
    return found.group(1) if found else None


def stored_ends(repo, ids):
    """The ends measured before the bisection, 20 runs each, as docs/HISTORY.md's stored mode says."""
    for name, commit in (("good.txt", ids[0]), ("bad.txt", ids[-1])):
        git(repo, "checkout", "-q", commit)
        p = run(["./build.sh"], repo)
        if p.returncode != 0:
            fail("build.sh failed", p.stderr)
        with open(os.path.join(SCRATCH, name), "w") as f:
            for _ in range(20):
                p = run(["./bench.sh"], repo)
                if p.returncode != 0:
                    fail("bench.sh failed", p.stderr)
                f.write(p.stdout)
    git(repo, "checkout", "-q", "main")
    run(["./build.sh"], repo)


def doc_block(marker):
    """The lines of the ```sh block that follows `<!-- test: marker -->` in DOC."""
    text = open(DOC).read()
    at = text.find(f"<!-- test: {marker} -->")
    if at < 0:
        fail(f"{DOC} has no block marked {marker}")
    start = text.index("```sh\n", at) + len("```sh\n")
    return text[start:text.index("```", start)]


shutil.rmtree(SCRATCH, ignore_errors=True)
os.makedirs(BIN)
os.symlink(sys.executable, os.path.join(BIN, "python3"))
os.symlink(os.path.abspath(PERFMAIL), os.path.join(BIN, "perfmail"))

if CASE == "measured_drift_offsets":
    # The machine drifts by 15% and every build has its own offset (SD half the noise): the commands of
    # docs/HISTORY.md, as written there, name the culprit, and report writes its email from the roots.
    ENV.update(MEASURE_DRIFT="0.15", BUILD_SD="0.005")
    repo, ids = make_repo()
    script = doc_block("bisect-measured")
    p = run(["sh", "-e", "-c", script], repo)
    out = p.stdout + p.stderr
    if p.returncode != 0:
        fail(f"the commands of {DOC} exited {p.returncode}", out)
    if named(out) != ids[CULPRIT]:
        fail(f"git named {named(out)}, the culprit is {ids[CULPRIT]}", out)
    if "the builds' spread" not in out or "not measured" in out:
        fail("the spread between builds was not measured and said", out)
    email = open(os.path.join(repo, "email.txt")).read()
    for want in ("parser: step 23", "regression"):
        if want not in email:
            fail(f"the email lacks {want!r}", email)
    for unwanted in ("0-DAY", "Intel", "testcase:"):
        if unwanted in email:
            fail(f"the email of a project has the robot's {unwanted!r}", email)
    # --clean (in the doc's block) left no work tree and no state; git knows none.
    if os.path.exists(os.path.join(repo, ".git", "perfmail-bisect")):
        fail("perfmail bisect --clean left its directory", out)
    trees = git(repo, "worktree", "list").stdout.strip().splitlines()
    if len(trees) != 1:
        fail("work trees remain after --clean", "\n".join(trees))
    print(f"the culprit named after {runs_counted()} runs of bench.sh")
    print("\n".join(l for l in out.splitlines() if l.startswith("perfmail bisect:") and "building" not in l))
elif CASE == "stored_under_drift":
    # The same drift, the ends measured once before: the stored mode does not find the culprit (it names
    # another commit, or skips).
    ENV.update(MEASURE_DRIFT="0.15")
    repo, ids = make_repo()
    stored_ends(repo, ids)
    git(repo, "bisect", "start", ids[-1], ids[0])
    p = git(repo, "bisect", "run", "perfmail", "bisect", "--good", os.path.join(SCRATCH, "good.txt"), "--bad",
            os.path.join(SCRATCH, "bad.txt"), "--", "./bench.sh", check=False)
    out = p.stdout + p.stderr
    # (Here the ends' own runs drifted apart too, so every commit measured later looks like bad: git
    # names a commit near the good end. A drift past the bad end is skipped as stale instead.)
    if named(out) == ids[CULPRIT]:
        fail("the stored ends named the culprit under drift: the case no longer shows what mode 1 is for", out)
elif CASE == "stored_quiet":
    # A quiet machine and one build: the stored ends name the culprit, and the email of the recorded
    # roots is the project's.
    repo, ids = make_repo()
    stored_ends(repo, ids)
    record = os.path.join(SCRATCH, "runs")
    git(repo, "bisect", "start", ids[-1], ids[0])
    before = runs_counted()
    p = git(repo, "bisect", "run", "perfmail", "bisect", "--good", os.path.join(SCRATCH, "good.txt"), "--bad",
            os.path.join(SCRATCH, "bad.txt"), "--record", record, "--", "./bench.sh", check=False)
    out = p.stdout + p.stderr
    if p.returncode != 0 or named(out) != ids[CULPRIT]:
        fail(f"git bisect run exited {p.returncode} naming {named(out)}, the culprit is {ids[CULPRIT]}", out)
    if out.count("the spread between builds is not measured") < 1:
        fail("one build of each end was not said", out)
    if runs_counted() - before > 25 * 6:
        fail(f"{runs_counted() - before} runs for a 6-step bisection", out)
    p = run([PERFMAIL, "report", "--base", os.path.join(record, "good"), "--head", os.path.join(record, ids[CULPRIT]),
             "--lower-is-better", "value"], repo)
    if p.returncode != 0 or "regression" not in p.stdout or "0-DAY" in p.stdout or "parser: step 23" not in p.stdout:
        fail(f"report on the recorded roots exited {p.returncode}", p.stdout + p.stderr)
elif CASE == "setup_aborts":
    # Anything that does not depend on the commit stops git at once, with its message once, and no run.
    repo, ids = make_repo()
    good, bad = os.path.join(SCRATCH, "good.txt"), os.path.join(SCRATCH, "bad.txt")
    rng = random.Random(5)
    write(good, "".join(f"{100 * (1 + 0.01 * rng.gauss(0, 1)):.4f}\n" for _ in range(20)))
    write(bad, "".join(f"{103 * (1 + 0.01 * rng.gauss(0, 1)):.4f}\n" for _ in range(20)))
    write(os.path.join(SCRATCH, "a-file"), "x\n")
    cases = [
        (["--good", good, "--bad", bad, "--bogus", "--", "./bench.sh"], "--bogus"),
        (["--good", os.path.join(SCRATCH, "nope.txt"), "--bad", bad, "--", "./bench.sh"], "nope.txt"),
        (["--good", good, "--bad", bad, "--metric", "other", "--", "./bench.sh"], "other"),
        (["--good", good, "--bad", bad, "--record", os.path.join(SCRATCH, "a-file"), "--", "./bench.sh"], "not a directory"),
        (["--good", good, "--bad", bad, "--", "./no-such-bench.sh"], "no-such-bench.sh"),
        (["--good", good, "--bad", good, "--", "./bench.sh"], "cannot be told apart"),
        (["--good-rev", "v1.0", "--bad-rev", "no-such-tag", "--", "./bench.sh"], "no-such-tag"),
        (["--good-rev", "v1.0", "--bad-rev", "v1.1", "--build", "exit 3", "--", "./bench.sh"], "the build of the good tree"),
        (["--good-rev", "v1.0", "--bad-rev", "v1.1", "--good", good, "--", "./bench.sh"], "not both"),
        (["--good", good, "--bad", bad], "the command"),
    ]
    for args, message in cases:
        git(repo, "bisect", "reset", check=False)
        git(repo, "bisect", "start", ids[-1], ids[0])
        p = git(repo, "bisect", "run", "perfmail", "bisect", *args, check=False)
        out = p.stdout + p.stderr
        lines = [l for l in out.splitlines() if l.startswith("perfmail bisect:") and "the bisection stops" in l]
        if p.returncode == 0 or named(out):
            fail(f"{args}: git went on", out)
        if len(lines) != 1 or message not in lines[0]:
            fail(f"{args}: not one message with {message!r}", out)
        if runs_counted() != 0:
            fail(f"{args}: the command ran {runs_counted()} times before the abort", out)
        if "is < 0 or >= 128" not in out and "exit code 255" not in out:
            fail(f"{args}: git did not read an abort", out)
    # A state file that is not one (damaged, or another program's): named with its line, and --clean
    # is the way out; the file itself is left as it is.
    state = os.path.join(repo, ".git", "perfmail-bisect", "state")
    os.makedirs(os.path.dirname(state), exist_ok=True)
    write(state, "perfmail bisect state 1\nfingerprint 0123456789abcdef\nround x\n")
    git(repo, "bisect", "reset", check=False)
    git(repo, "bisect", "start", ids[-1], ids[0])
    p = git(repo, "bisect", "run", "perfmail", "bisect", "--good-rev", "v1.0", "--bad-rev", "v1.1", "--",
            "./bench.sh", check=False)
    out = p.stdout + p.stderr
    if "state:3:" not in out or "--clean" not in out or runs_counted() != 0:
        fail("a damaged state was not named with its line before any run", out)
    if open(state).read() != "perfmail bisect state 1\nfingerprint 0123456789abcdef\nround x\n":
        fail("the damaged state was changed", out)
    git(repo, "bisect", "reset", check=False)
    p = run([PERFMAIL, "bisect", "--clean"], repo)
    if p.returncode != 0 or os.path.exists(state):
        fail("--clean did not remove the state", p.stderr)
elif CASE == "statuses":
    # One look at results made already (0, 1, 125), and the verdict reaches git with stderr closed.
    rng = random.Random(5)
    def samples(level, n, name):
        path = os.path.join(SCRATCH, name)
        write(path, "".join(f"{level * (1 + 0.01 * rng.gauss(0, 1)):.4f}\n" for _ in range(n)))
        return path
    good, bad = samples(100, 20, "good.txt"), samples(110, 20, "bad.txt")
    judge = [PERFMAIL, "bisect", "--good", good, "--bad", bad, "--commit", "abc"]
    for level, want in ((110, 1), (100, 0), (105, 125)):
        p = run(judge + ["--current", samples(level, 8, f"current{level}.txt")], SCRATCH)
        if p.returncode != want or p.stdout:
            fail(f"--current at {level}: status {p.returncode}, expected {want}", p.stdout + p.stderr)
    # The reader of stderr has gone: the verdict still reaches git, no signal kills the judge.
    read_end, write_end = os.pipe()
    os.close(read_end)
    p = subprocess.run(judge + ["--current", samples(110, 8, "late.txt")], stderr=write_end, stdout=subprocess.PIPE,
                       env=ENV)
    os.close(write_end)
    if p.returncode != 1:
        fail(f"with stderr closed the judge exited {p.returncode}, not 1")
    # What fails at this commit is a skip: the command fails, or prints nothing readable.
    for command, message in ((["false"], "exited with status 1"), (["true"], "printed nothing")):
        p = run(judge + ["--", *command], SCRATCH)
        if p.returncode != 125 or message not in p.stderr:
            fail(f"{command}: status {p.returncode}, expected 125 with {message!r}", p.stderr)
    # The command after -- is taken word for word, its options too; a child it leaves running in the
    # background, holding the output open, does not hold the judge.
    started = time.monotonic()
    p = run(judge + ["--", "sh", "-c", "echo 110; echo 110.5; sleep 30 &"], SCRATCH)
    if p.returncode != 1 or time.monotonic() - started > 25:
        fail(f"sh -c with a background child: status {p.returncode} after {time.monotonic() - started:.0f} s, "
             "expected 1 at once", p.stderr)
    # A command whose output passes --max-input-size is stopped there, not read for ever: `yes` never
    # ends by itself, so a judge that read on and discarded would never return.
    started = time.monotonic()
    try:
        p = run([PERFMAIL, "bisect", "--max-input-size", "1m", "--good", good, "--bad", bad, "--", "yes", "101"],
                SCRATCH, timeout=60)
    except subprocess.TimeoutExpired:
        fail("-- yes 101 with --max-input-size 1m: no answer after 60 s; the command was not stopped")
    took = time.monotonic() - started
    if p.returncode != 125 or "printed more than 1048576 bytes" not in p.stderr or took > 20:
        fail(f"-- yes 101 with --max-input-size 1m: status {p.returncode} after {took:.0f} s, expected 125 at once "
             "saying it printed more than 1048576 bytes", p.stderr)
    # What the judge says names input as it is, but never raw: an escape sequence and a bidirectional
    # override in a program's name, a path and a commit's name reach the terminal escaped, whether the
    # line is a verdict, a skip or an abort.
    sly = "x\x1b[31m\u202e"
    shown = "x\\x1B[31m\\u202E"
    p = run(judge[:-1] + [sly, "--current", samples(110, 8, "sly.txt")], SCRATCH)
    if p.returncode != 1 or shown not in p.stderr or "\x1b" in p.stderr or "\u202e" in p.stderr:
        fail(f"a commit named with controls: status {p.returncode}, not 1 with {shown!r} escaped", p.stderr)
    p = run(judge + ["--current", os.path.join(SCRATCH, sly)], SCRATCH)
    if p.returncode != 125 or shown not in p.stderr or "\x1b" in p.stderr or "\u202e" in p.stderr:
        fail(f"--current named with controls: status {p.returncode}, not 125 with {shown!r} escaped", p.stderr)
    p = run(judge + ["--", "./" + sly], SCRATCH)
    if p.returncode != 255 or shown not in p.stderr or "\x1b" in p.stderr or "\u202e" in p.stderr:
        fail(f"a program named with controls: status {p.returncode}, not 255 with {shown!r} escaped", p.stderr)
    # --record never writes into a directory perfmail did not make.
    mine = os.path.join(SCRATCH, "mine")
    os.makedirs(mine)
    write(os.path.join(mine, "notes.txt"), "keep me\n")
    p = run(judge + ["--current", good, "--record", mine], SCRATCH)
    if p.returncode != 255 or "did not make" not in p.stderr or os.listdir(mine) != ["notes.txt"]:
        fail("--record wrote into a directory of the user's", p.stderr)
else:
    fail("no such case")
