#!/usr/bin/env python3
"""`perfmail bisect` as `git bisect run` uses it, on real git repositories made here.
Run as: bisect_cases.py PERFMAIL SCRATCH CASE.

The "benchmark" of each repository is measure.py: it prints 5 samples of the level written in the
repository's level.txt, each with 1% of noise from a generator seeded by a counter kept outside the
repository, so that every run differs, as real runs do, and every test run is the same (never flaky on a
loaded machine). One commit of 41 moves the level; git must name it, or, where the move is smaller than
the noise, never name a wrong one."""

import os
import random
import re
import shutil
import subprocess
import sys

PERFMAIL, SCRATCH, CASE = sys.argv[1:4]
COMMITS = 41
CULPRIT = 23  # the commit (0-based) that writes the new level

MEASURE = r'''
import os, random, sys
counter = os.environ["MEASURE_COUNTER"]
n = int(open(counter).read()) if os.path.exists(counter) else 0
open(counter, "w").write(str(n + 1))
rng = random.Random(n)
level = float(open("level.txt").read())
for _ in range(5):
    print(f"{level * (1 + 0.01 * rng.gauss(0, 1)):.4f}")
'''


def fail(message, out=""):
    print(f"FAIL {CASE}: {message}\n--- output\n{out}")
    sys.exit(1)


def git(repo, *args, check=True):
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.org", GIT_COMMITTER_NAME="t",
               GIT_COMMITTER_EMAIL="t@example.org", GIT_CONFIG_NOSYSTEM="1", HOME=SCRATCH)
    p = subprocess.run(["git", "-C", repo, *args], capture_output=True, text=True, env=env)
    if check and p.returncode != 0:
        fail(f"git {' '.join(args)} exited {p.returncode}", p.stdout + p.stderr)
    return p


def make_repo(new_level):
    """41 commits; the level is 100 until CULPRIT and `new_level` from it on. Returns the commit ids."""
    repo = os.path.join(SCRATCH, "repo")
    os.makedirs(repo)
    git(repo, "init", "-q", "-b", "main")
    with open(os.path.join(repo, "measure.py"), "w") as f:
        f.write(MEASURE)
    ids = []
    for c in range(COMMITS):
        with open(os.path.join(repo, "level.txt"), "w") as f:
            f.write(str(new_level if c >= CULPRIT else 100.0))
        with open(os.path.join(repo, "history.txt"), "a") as f:
            f.write(f"commit {c}\n")
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", f"commit {c}")
        ids.append(git(repo, "rev-parse", "HEAD").stdout.strip())
    return repo, ids


def reference(level, seed, path):
    rng = random.Random(seed)
    with open(path, "w") as f:
        for _ in range(20):
            f.write(f"{level * (1 + 0.01 * rng.gauss(0, 1)):.4f}\n")


def bisect(repo, ids, record=None):
    good = os.path.join(SCRATCH, "good.txt")
    bad = os.path.join(SCRATCH, "bad.txt")
    git(repo, "bisect", "start", ids[-1], ids[0])
    extra = ["--record", record] if record else []
    env_counter = os.path.join(SCRATCH, "counter")
    os.environ["MEASURE_COUNTER"] = env_counter
    p = git(repo, "bisect", "run", PERFMAIL, "bisect", "--good", good, "--bad", bad, *extra, "--", sys.executable,
            "measure.py", check=False)
    return p.returncode, p.stdout + p.stderr


shutil.rmtree(SCRATCH, ignore_errors=True)
os.makedirs(SCRATCH)

if CASE == "finds_culprit":
    repo, ids = make_repo(110.0)
    reference(100.0, 1001, os.path.join(SCRATCH, "good.txt"))
    reference(110.0, 1002, os.path.join(SCRATCH, "bad.txt"))
    record = os.path.join(SCRATCH, "runs")
    status, out = bisect(repo, ids, record)
    found = re.search(r"^([0-9a-f]{40}) is the first bad commit", out, re.M)
    if status != 0 or not found:
        fail(f"git bisect run exited {status} without naming a commit", out)
    if found.group(1) != ids[CULPRIT]:
        fail(f"git named {found.group(1)}, the culprit is {ids[CULPRIT]}", out)
    if "perfmail bisect:" not in out:
        fail("nothing said on stderr of what was decided", out)
    # The email of the first bad commit against the last good one, from what --record kept.
    judged_good = ids[CULPRIT - 1] if os.path.isdir(os.path.join(record, ids[CULPRIT - 1])) else "good"
    p = subprocess.run([PERFMAIL, "report", "--base", os.path.join(record, judged_good), "--head",
                        os.path.join(record, ids[CULPRIT])], capture_output=True, text=True)
    if p.returncode != 0 or "10.0% regression" not in p.stdout and "% change" not in p.stdout:
        fail(f"report on the recorded roots exited {p.returncode}", p.stdout + p.stderr)
elif CASE == "smaller_than_noise":
    # A move of 0.2% in noise of 1%: no commit may be named but the culprit; "cannot decide" is right.
    repo, ids = make_repo(100.2)
    reference(100.0, 2001, os.path.join(SCRATCH, "good.txt"))
    reference(100.2, 2002, os.path.join(SCRATCH, "bad.txt"))
    status, out = bisect(repo, ids)
    found = re.search(r"^([0-9a-f]{40}) is the first bad commit", out, re.M)
    if found and found.group(1) != ids[CULPRIT]:
        fail(f"git named {found.group(1)}, a wrong commit", out)
    if found:
        fail("git named a commit though the move is smaller than the noise", out)
    if "skip" not in out:
        fail("the commits were not skipped", out)
elif CASE == "statuses":
    rng = random.Random(5)
    def samples(level, n, name):
        path = os.path.join(SCRATCH, name)
        with open(path, "w") as f:
            f.write("".join(f"{level * (1 + 0.01 * rng.gauss(0, 1)):.4f}\n" for _ in range(n)))
        return path
    good, bad = samples(100, 20, "good.txt"), samples(110, 20, "bad.txt")
    def judge(*args):
        return subprocess.run([PERFMAIL, "bisect", "--good", good, "--bad", bad, *args], capture_output=True, text=True)
    for level, want in ((110, 1), (100, 0), (105, 125)):
        p = judge("--current", samples(level, 8, f"current{level}.txt"))
        if p.returncode != want or p.stdout:
            fail(f"--current at {level}: status {p.returncode}, expected {want}", p.stdout + p.stderr)
    for args, message in ((["--bogus"], "unknown option"), (["--current", "nope.txt"], "nope.txt"),
                          (["--", "false"], "exited with status 1"), (["--", "/no/such/program"], "cannot run"),
                          (["--current", good, "--", "true"], "one of the two"),
                          (["--metric", "other", "--current", good], "no metric \"other\"")):
        p = judge(*args)
        if p.returncode != 125 or p.stdout or message not in p.stderr:
            fail(f"{args}: status {p.returncode}, expected 125 with {message!r}", p.stdout + p.stderr)
    same = samples(100, 20, "same.txt")
    p = subprocess.run([PERFMAIL, "bisect", "--good", good, "--bad", same, "--current", good], capture_output=True,
                       text=True)
    if p.returncode != 125 or "cannot be told apart" not in p.stderr:
        fail("good and bad alike was not refused", p.stderr)
    # --record never writes into a directory perfmail did not make.
    mine = os.path.join(SCRATCH, "mine")
    os.makedirs(mine)
    with open(os.path.join(mine, "notes.txt"), "w") as f:
        f.write("keep me\n")
    p = judge("--current", samples(110, 8, "c.txt"), "--record", mine, "--commit", "abc")
    if p.returncode != 125 or "did not make" not in p.stderr or os.listdir(mine) != ["notes.txt"]:
        fail("--record wrote into a directory of the user's", p.stderr)
else:
    fail("no such case")
