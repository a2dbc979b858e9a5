#!/usr/bin/env python3
"""Every perfmail command that README.md, docs/ and the commands' help show runs as written.

Run as: doc_examples.py PERFMAIL REPO SCRATCH

The examples are the command lines in the fenced code blocks of README.md and docs/*.md (a `$ ` prompt
or none; a trailing `\\` joins the next line) and the lines of the "Example:" footers and indented
examples of `perfmail COMMAND --help`. Each runs through bash in SCRATCH, where the names the examples use
stand for bundled files: base/ and head/ (examples/data), base.json and head.json (Google Benchmark),
report.json, data/ and roots/ (examples/), base.txt, head.txt and samples.txt (numbers), results.csv,
history.csv and results/*.json (a history of go test -json files), and examples/ and tests/ themselves.

An example passes when it exits 0 (1 where it gates with --fail-on) and writes nothing to stderr but
notes. A `$ ` transcript whose shown output starts `perfmail: ` is an error shown on purpose: it must exit
2 with that line. A line that cannot run anywhere is skipped, and says why: a placeholder (`<first bad>`,
ROOT_A, FILE, [OPTIONS]), a command substitution over a git history, a bisection (tests/cli/bisect_cases.py
runs one in a repository), sending mail, or docs/PERFORMANCE.md's measurements (generated inputs, the bench
build).
The test also fails when fewer than 40 examples ran, so that a parser that skips everything cannot pass.
"""

import glob
import os
import re
import shutil
import subprocess
import sys

PERFMAIL, REPO, SCRATCH = (os.path.abspath(a) for a in sys.argv[1:4])
failures = []
ran = 0
skipped = []


def fixture():
    """SCRATCH with the bundled files under the names the examples use."""
    shutil.rmtree(SCRATCH, ignore_errors=True)
    os.makedirs(SCRATCH)
    join = lambda *p: os.path.join(REPO, *p)
    for name, source in (("base", "examples/data/base"), ("head", "examples/data/head"),
                         ("head1", "examples/data/head"), ("head2", "examples/data/head"),
                         ("roots", "examples/roots")):
        shutil.copytree(join(source), os.path.join(SCRATCH, name))
    for name, source in (("base.json", "examples/inputs/gbench/base.json"),
                         ("head.json", "examples/inputs/gbench/head.json"),
                         ("report.json", "examples/report.json"),
                         ("base.txt", "examples/inputs/numbers/base.txt"),
                         ("head.txt", "examples/inputs/numbers/head.txt"),
                         ("samples.txt", "examples/inputs/numbers/base.txt"),
                         ("history.csv", "examples/history/runs.csv"),
                         ("results.csv", "examples/inputs/csv/base.csv")):
        shutil.copy(join(source), os.path.join(SCRATCH, name))
    # report.json names its results as data/base and data/head, beside it.
    os.symlink(join("examples", "data"), os.path.join(SCRATCH, "data"))
    for name in ("examples", "tests"):
        os.symlink(join(name), os.path.join(SCRATCH, name))
    # A history of eight commits of go test -json output, a parser 20% slower from the fifth on.
    os.makedirs(os.path.join(SCRATCH, "results"))
    for commit in range(8):
        lines = []
        for run in range(5):
            ns = (1000 if commit < 4 else 1200) + 7 * ((commit * 5 + run * 3) % 5)
            for bench, value in (("BenchmarkParse-8", ns), ("BenchmarkParseLarge-8", 10 * ns),
                                 ("BenchmarkFormat-8", 500 + run)):
                text = f"{bench}   \\t  100000\\t  {value} ns/op\\n"
                lines.append('{"Action":"output","Package":"example.com/p","Output":"' + text + '"}')
        lines.append('{"Action":"pass","Package":"example.com/p"}')
        with open(os.path.join(SCRATCH, "results", f"c{commit}.json"), "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")


def is_command(line):
    """A command line, not a line of output or prose that starts with the program's name
    (`perfmail bisect: ...`, `perfmail help inputs): ...`)."""
    return re.match(r"(perfmail|git bisect run perfmail) ", line) is not None and \
        re.match(r"perfmail [\w-]+[:)]", line) is None


def doc_examples():
    """(where, command, shown output) of every command line in the documents' code blocks."""
    out = []
    for path in [os.path.join(REPO, "README.md")] + sorted(glob.glob(os.path.join(REPO, "docs", "*.md"))):
        name = os.path.relpath(path, REPO)
        lines = open(path, encoding="utf-8").read().split("\n")
        in_block = False
        i = 0
        while i < len(lines):
            line = lines[i]
            if line.lstrip().startswith("```"):
                in_block = not in_block
                i += 1
                continue
            stripped = line.strip()
            prompt = stripped.startswith("$ ")
            command = stripped[2:] if prompt else stripped
            if in_block and is_command(command):
                start = i + 1
                while command.endswith("\\") and i + 1 < len(lines):
                    i += 1
                    command = command[:-1].rstrip() + " " + lines[i].strip()
                shown = []
                if prompt:
                    j = i + 1
                    while j < len(lines) and lines[j].strip() and not lines[j].startswith("$ ") \
                            and not lines[j].lstrip().startswith("```"):
                        shown.append(lines[j])
                        j += 1
                out.append((f"{name}:{start}", command, shown))
            i += 1
    return out


def help_examples():
    """(where, command, []) of every example in the commands' help."""
    out = []
    for command in ("compare", "report", "summary", "plot", "history", "bisect", "help"):
        text = subprocess.run([PERFMAIL, command, "--help"], capture_output=True, text=True,
                              env=dict(os.environ, COLUMNS="80")).stdout
        lines = text.split("\n")
        i = 0
        while i < len(lines):
            stripped = lines[i].strip()
            if re.match(r"  \S", lines[i]) and is_command(stripped):
                start = i + 1
                example = stripped
                while example.endswith("\\") and i + 1 < len(lines):
                    i += 1
                    example = example[:-1].rstrip() + " " + lines[i].strip()
                # A line wrapped inside a command reads as prose to a copying user: the next line is
                # indented deeper than a continuation would be and the command did not end with `\`.
                if i + 1 < len(lines) and re.match(r"\s{5,}\S", lines[i + 1]) and \
                        not lines[i + 1].strip().startswith(("#", "perfmail", "git")) and \
                        lines[i].rstrip().endswith(("--build", "--metric", "--good", "--bad")):
                    failures.append(f"perfmail {command} --help:{start}: the example is wrapped inside the command")
                out.append((f"perfmail {command} --help:{start}", example, []))
            i += 1
    return out


def why_skipped(where, command):
    if where.startswith("docs/PERFORMANCE.md"):
        return "a measurement of docs/PERFORMANCE.md (generated inputs, the bench build)"
    if command.startswith("git "):
        return "git's bisection (tests/cli/bisect_cases.py runs it in a repository)"
    if re.match(r"perfmail bisect\b", command):
        return "bisect runs inside a git repository (tests/cli/bisect_cases.py runs it there)"
    if "git send-email" in command:
        return "sends mail"
    if "$(" in command or "`" in command:
        return "a command substitution over the user's git history"
    # Placeholders outside quoted text and the comment at the end.
    bare = re.sub(r"\s#.*$", "", re.sub(r"'[^']*'|\"[^\"]*\"", "''", command))
    if re.search(r"<[^>]*>|\bROOT_[AB]\b|\[OPTIONS\]|\[--|\bFILE\b|\bURL\b|\.\.\.|\bCOMMAND\b|\bNAME\b", bare):
        return "a placeholder to fill in"
    if re.search(r"\bruns/|bisect-runs|\.\./", command):
        return "results of a bisection made elsewhere"
    return None


def run(where, command, shown):
    global ran
    reason = why_skipped(where, command)
    if reason:
        skipped.append(f"{where}: {reason}: {command}")
        return
    # The comment after an example is the reader's, not the shell's concern; strip it as bash would.
    env = dict(os.environ, PATH=os.path.dirname(PERFMAIL) + os.pathsep + os.environ.get("PATH", ""),
               COLUMNS="80", LC_ALL="C.UTF-8")
    env.pop("NO_COLOR", None)
    bash_command = "perfmail() { \"$PERFMAIL_UNDER_TEST\" \"$@\"; }\n" + command
    env["PERFMAIL_UNDER_TEST"] = PERFMAIL
    p = subprocess.run(["bash", "-c", bash_command], cwd=SCRATCH, capture_output=True, text=True, env=env,
                       timeout=120)
    ran += 1
    error_shown = shown and shown[0].startswith("perfmail: ")
    if error_shown:
        if p.returncode != 2 or p.stdout or p.stderr.rstrip("\n") != shown[0]:
            failures.append(f"{where}: {command}\n  shows the error {shown[0]!r}; got exit {p.returncode}, "
                            f"stderr {p.stderr.strip()!r}")
        return
    allowed = {0, 1} if "--fail-on" in command else {0}
    stray = [line for line in p.stderr.splitlines() if not line.startswith("perfmail: note: ")]
    if p.returncode not in allowed or stray:
        failures.append(f"{where}: {command}\n  exit {p.returncode}; stderr: {p.stderr.strip()[:400]!r}")


def main():
    fixture()
    for where, command, shown in doc_examples() + help_examples():
        run(where, command, shown)
    for line in skipped:
        print(f"skipped {line}")
    print(f"{ran} examples ran, {len(skipped)} skipped")
    if ran < 40:
        failures.append(f"only {ran} examples ran: the documents' examples were not found")
    for f in failures:
        print(f"FAIL {f}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
