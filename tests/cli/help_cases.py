#!/usr/bin/env python3
"""Help that finds you: suggestions, `perfmail help`, --version, the man pages and the completions.

    help_cases.py CASE --perfmail BIN --share DIR

DIR is the generated share/ tree (man/man1, bash-completion, zsh, fish). The commands and their options
are read from the tool's own --help, so that a new option is checked without naming it here. Exits 1
with the reasons on stderr when a case fails, 77 when the shell it needs is missing.
"""

import argparse
import os
import re
import shutil
import tempfile
import subprocess
import sys

failures = []


def fail(message):
    failures.append(message)


def run(args, stdin=None):
    return subprocess.run(args, input=stdin, capture_output=True)


def commands(perfmail):
    """The command names `perfmail --help` lists."""
    text = run([perfmail, "--help"]).stdout.decode()
    section = text.split("Subcommands:\n", 1)[1].split("\n\n", 1)[0]
    # an entry's line starts with its name; a description's continuation lines are indented further
    return [line.split()[0] for line in section.splitlines() if re.match(r"  \S", line)]


def options(perfmail, command=None):
    """The option names `perfmail [COMMAND] --help` lists (`-o`, `--output`, `--no-testcase-first`)."""
    text = run([perfmail] + ([command] if command else []) + ["--help"]).stdout.decode()
    names = []
    in_options = False
    for line in text.splitlines():
        if line.endswith(":") and not line.startswith(" "):
            in_options = line == "Options:"
            continue
        if in_options and line.startswith("  -"):
            column = re.split(r"\s{2,}", line.strip())[0]
            for part in column.split(","):
                match = re.match(r"!?(--?[A-Za-z0-9][\w-]*)", part.strip())
                if match:
                    names.append(match.group(1))
    if not names:
        fail(f"no options read from {command or 'perfmail'} --help")
    return names


def expect_error(perfmail, args, line):
    """Exit status 2, nothing on stdout, exactly `line` on stderr."""
    result = run([perfmail] + args)
    if result.returncode != 2:
        fail(f"{args}: exit status {result.returncode}, expected 2")
    if result.stdout:
        fail(f"{args}: wrote to stdout: {result.stdout[:200]!r}")
    if result.stderr.decode(errors="replace") != line + "\n":
        fail(f"{args}: stderr {result.stderr!r}, expected {line!r}")


def case_suggestions(a):
    p = a.perfmail
    expect_error(p, ["comapre"], 'perfmail: unknown command "comapre"; did you mean "compare"?')
    expect_error(p, ["comapre", "x", "y"], 'perfmail: unknown command "comapre"; did you mean "compare"?')
    expect_error(p, ["comp"], 'perfmail: unknown command "comp"; did you mean "compare"?')
    expect_error(p, ["xyzzy"], 'perfmail: unknown command "xyzzy"; the commands are ' +
                 ", ".join(commands(p)[:-1]) + " and " + commands(p)[-1])
    expect_error(p, ["compare", "--dialcet", "classic", "a", "b"],
                 'perfmail: unknown option "--dialcet" for compare; did you mean "--dialect"?')
    expect_error(p, ["compare", "a", "b", "--dialcet=classic"],
                 'perfmail: unknown option "--dialcet" for compare; did you mean "--dialect"?')
    expect_error(p, ["report", "--fromat", "mbox", "r.json"],
                 'perfmail: unknown option "--fromat" for report; did you mean "--format"?')
    # the global options, before the command or after it
    expect_error(p, ["--max-run", "3", "summary", "x"],
                 'perfmail: unknown option "--max-run" for summary; did you mean "--max-runs"?')
    expect_error(p, ["summary", "x", "--max-inputsize", "3"],
                 'perfmail: unknown option "--max-inputsize" for summary; did you mean "--max-input-size"?')
    expect_error(p, ["--verison"], 'perfmail: unknown option "--verison"; did you mean "--version"?')
    # nothing close: no suggestion, but where to look
    expect_error(p, ["compare", "--zzz", "a", "b"],
                 'perfmail: unknown option "--zzz" for compare (see perfmail compare --help)')
    expect_error(p, ["plot", "-q"], 'perfmail: unknown option "-q" for plot (see perfmail plot --help)')
    # what the terminal would act on is shown escaped
    expect_error(p, ["comp\x1b[31mare"],
                 'perfmail: unknown command "comp\\x1B[31mare"; the commands are ' +
                 ", ".join(commands(p)[:-1]) + " and " + commands(p)[-1])
    result = run([p, "compare", "--dia\x1b]0;x\x07lect", "a", "b"])
    if b"\x1b" in result.stderr or b"\x07" in result.stderr or result.returncode != 2:
        fail(f"a control character reached stderr raw: {result.stderr!r}")
    expect_error(p, ["help", "nosuch"], 'perfmail: unknown command or topic "nosuch"; the commands are ' +
                 ", ".join(commands(p)[:-1]) + " and " + commands(p)[-1] + "; the topics are inputs, tables, "
                 "statistics, document, plots, commits, cli, reliability, format and format-current")
    expect_error(p, ["help", "reprot"], 'perfmail: unknown command or topic "reprot"; did you mean "report"?')
    expect_error(p, ["help", "statistcs"], 'perfmail: unknown command or topic "statistcs"; did you mean "statistics"?')
    # a mistyped value of a choice, plain or enum, gets the nearest name; one far from all gets the list
    expect_error(p, ["plot", "--style", "unicde"],
                 'perfmail: --style: "unicde" is not one of gnuplot-5.4, gnuplot, gnuplot-5.4.2, gnuplot-5.4.0, '
                 'gnuplot-5.2, gnuplot-5.0, gnuplot-4.6, classic or unicode; did you mean "unicode"? (see --help)')
    expect_error(p, ["compare", "a", "b", "--fail-on", "regresion"],
                 'perfmail: --fail-on: "regresion" is not one of never, regression, missing or change; did you mean '
                 '"regression"? (see --help)')
    expect_error(p, ["summary", "x", "--format", "yaml"],
                 'perfmail: --format: "yaml" is not one of text or json (see --help)')
    # ranges, numbers and counts in perfmail's words, never CLI11's
    expect_error(p, ["compare", "a", "b", "--alpha", "2"], 'perfmail: --alpha: "2" is not between 0 and 1 (see --help)')
    expect_error(p, ["compare", "a", "b", "--alpha", "x"], 'perfmail: --alpha: "x" is not a number (see --help)')
    expect_error(p, ["history", "--csv", "h.csv", "--window", "2.5"],
                 'perfmail: --window: "2.5" is not a whole number (see --help)')
    expect_error(p, ["compare", "a"], 'perfmail: RESULTS: 1 given, at least 2 needed (see --help)')
    # From the kind of CLI11's error and the arguments left over, one extra argument as well as several.
    expect_error(p, ["help", "compare", "b"],
                 'perfmail: help: b given that no option or argument takes (an option takes one value each time it '
                 'is given; see --help)')
    expect_error(p, ["help", "compare", "b", "c"],
                 'perfmail: help: b c given that no option or argument takes (an option takes one value each time it '
                 'is given; see --help)')
    expect_error(p, ["summary"], 'perfmail: RESULTS is required (see --help)')
    # A value that no validator checks and that does not convert: named with its option (bisect stops).
    result = run([p, "bisect", "--seed", "x", "--good", "a", "--bad", "b"])
    if result.returncode != 255 or result.stdout or result.stderr.decode(errors="replace") != (
            'perfmail bisect: --seed: "x" is not a value it takes (see --help) (the bisection stops)\n'):
        fail(f"bisect --seed x: {result.returncode} {result.stderr!r}")


# What CLI11 writes that perfmail must not show: its type decorations, its constraint notes, its wording.
CLI11_WORDS = ("ENUM", "TEXT:", "FLOAT", "UINT", "INT:", ":{", "Excludes", "Needs:", "{false}", "REQUIRED",
               "[0 - ", "Could not convert", "required but received", "not in {", "not in range",
               "Value ", "ValidationError", "ConversionError", "ArgumentMismatch")


def on_terminal(argv, columns):
    """argv's stdout on a pseudo-terminal `columns` wide, without the terminal's carriage returns."""
    import fcntl
    import pty
    import struct
    import termios
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
    proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=follower, stderr=subprocess.DEVNULL)
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    proc.wait()
    os.close(leader)
    return b"".join(chunks).decode().replace("\r\n", "\n")


def case_widths(a):
    """Every command's help fits 80 columns when it is not on a terminal and the terminal's width on one,
    and neither it nor any option's error shows CLI11's decorations or wording."""
    p = a.perfmail
    for command in [None] + commands(p):
        argv = [p] + ([command] if command else []) + ["--help"]
        for width, text in ((80, run(argv).stdout.decode()), (60, on_terminal(argv, 60)),
                            (40, on_terminal(argv, 40))):
            for number, line in enumerate(text.splitlines(), 1):
                if len(line) > width:
                    fail(f"{' '.join(argv[1:])} at {width} columns, line {number} is {len(line)} wide: {line!r}")
            for word in CLI11_WORDS:
                if word in text:
                    fail(f"{' '.join(argv[1:])} at {width} columns shows CLI11's {word!r}")
        # every option given a value it cannot take: an error in perfmail's words
        for option in options(p, command):
            if option in ("-h", "--help", "--version"):
                continue
            args = ([command] if command else ["summary"]) + [option, "@@"]
            result = run([p] + args)
            err = result.stderr.decode(errors="replace")
            if result.returncode == 0:
                continue  # a value the option takes (a title, a file name)
            # bisect stops git's bisection on a set-up error (255) and names itself, as it does at every
            # commit; every other command exits 2.
            bisect = command == "bisect"
            if result.returncode != (255 if bisect else 2) or result.stdout:
                fail(f"{args}: exit status {result.returncode}, stdout {result.stdout[:100]!r}")
            if not err.startswith("perfmail bisect: " if bisect else "perfmail: ") or err.count("\n") != 1:
                fail(f"{args}: stderr is not one line of perfmail's: {err!r}")
            for word in CLI11_WORDS:
                if word in err:
                    fail(f"{args}: the error shows CLI11's {word!r}: {err!r}")


def case_topics(a):
    """`perfmail help TOPIC` prints the document; the topics are listed in `perfmail help help`."""
    p = a.perfmail
    listing = run([p, "help", "help"]).stdout.decode()
    for topic, heading in (("inputs", "# Inputs"), ("statistics", "# Statistics"), ("document", "# The report document"),
                           ("tables", "# Comparison tables"), ("plots", "# Trend plots"), ("commits", "# Before the email")):
        result = run([p, "help", topic])
        if result.returncode != 0 or not result.stdout.decode().startswith(heading):
            fail(f"perfmail help {topic}: status {result.returncode}, {result.stdout[:80]!r}")
        if f"  {topic} " not in listing:
            fail(f"perfmail help help does not list {topic}")


def case_metric_names(a):
    """A mistyped metric name, wherever an option takes one, gets the nearest name there is."""
    p = a.perfmail
    roots = [os.path.join(a.examples, "roots", side) for side in ("base", "head")]
    data = [os.path.join(a.examples, "data", side, "matrix.json") for side in ("base", "head")]
    expect_error(p, ["report", "--base", roots[0], "--head", roots[1], "--plots", "will-it-scale.per_thred_ops"],
                 f'perfmail: --plots "will-it-scale.per_thred_ops": no metric of that name in {roots[0]} or '
                 f'{roots[1]}; did you mean "will-it-scale.per_thread_ops"?')
    expect_error(p, ["plot", *data, "--metric", "fio.write_iosp"],
                 f'perfmail: plot: no metric "fio.write_iosp" in {data[0]} or {data[1]}; did you mean '
                 '"fio.write_iops"?')
    expect_error(p, ["plot", data[0], "--metric", "FIO.write_iops"],
                 f'perfmail: plot: no metric "FIO.write_iops" in {data[0]}; did you mean "fio.write_iops"?')
    expect_error(p, ["compare", *data, "--metrics", "fio.write_iosp"],
                 'perfmail: --metrics "fio.write_iosp" matched no metric of the results; did you mean "fio.write_iops"?')
    result = run([p, "bisect", "--good", data[0], "--bad", data[1], "--metric", "fio.write_iosp", "--current", data[1]])
    if result.returncode != 255 or b'did you mean "fio.write_iops"?' not in result.stderr:
        fail(f"bisect --metric mistyped: status {result.returncode}, {result.stderr!r}")
    history = run([p, "history", data[0], data[1], "--plot", "fio.write_iosp"])
    if history.returncode != 2 or b'did you mean "fio.write_iops"?' not in history.stderr:
        fail(f"history --plot mistyped: status {history.returncode}, {history.stderr!r}")


def case_help(a):
    p = a.perfmail
    top = run([p, "--help"])
    if top.returncode != 0 or run([p, "help"]).stdout != top.stdout:
        fail("perfmail help differs from perfmail --help")
    if not top.stdout.startswith(b"perfmail: ") or b"Usage: perfmail [OPTIONS]" not in top.stdout:
        fail(f"the usage line does not name perfmail: {top.stdout[:200]!r}")
    for command in commands(p):
        direct = run([p, command, "--help"])
        via_help = run([p, "help", command])
        if direct.returncode != 0 or via_help.returncode != 0 or direct.stdout != via_help.stdout:
            fail(f"perfmail help {command} differs from perfmail {command} --help")
        if f"Usage: perfmail {command}".encode() not in direct.stdout:
            fail(f"{command} --help: the usage line does not say 'perfmail {command}'")
        if os.path.dirname(p).encode() in direct.stdout:
            fail(f"{command} --help shows the binary's path")


def case_version(a):
    result = run([a.perfmail, "--version"])
    lines = result.stdout.decode().splitlines()
    if result.returncode != 0 or not lines or not re.fullmatch(r"\d+\.\d+\.\d+", lines[0]):
        fail(f"--version: first line {lines[:1]}, status {result.returncode}")
    text = "\n".join(lines[1:])
    for library, part in [("fmt", "the command"), ("CLI11", "the command"), ("Boost", "perfmail::perfmail"),
                          ("range-v3", "perfmail::perfmail"), ("nlohmann_json", "perfmail::io"),
                          ("simdjson", "perfmail::io")]:
        if not re.search(rf"^  {re.escape(library)} \d+\.\d+\.\d+: .*{re.escape(part)}", text, re.M):
            fail(f"--version does not say which {library} {part} was built with:\n{text}")


def case_man(a):
    man1 = os.path.join(a.share, "man", "man1")
    pages = {"perfmail": os.path.join(man1, "perfmail.1")}
    for command in commands(a.perfmail):
        pages[command] = os.path.join(man1, f"perfmail-{command}.1")
    for command, page in pages.items():
        if not os.path.isfile(page):
            fail(f"no man page {page}")
            continue
        check = run(["groff", "-man", "-Tutf8", "-ww", "-z", page])
        if check.returncode != 0 or check.stderr:
            fail(f"{page}: groff says {check.stderr.decode(errors='replace')}")
        source = open(page, encoding="ascii").read().replace("\\-", "-")
        # every option that --help lists, and the footer's first example line
        for name in options(a.perfmail, None if command == "perfmail" else command):
            if not re.search(rf"\\fB{re.escape(name)}\\fR", source):
                fail(f"{page} does not describe {name}")
        help_text = run([a.perfmail] + ([] if command == "perfmail" else [command]) + ["--help"]).stdout.decode()
        example = next((l.strip() for l in help_text.splitlines() if l.startswith("  perfmail ")), None)
        if example and example.replace("\\", "\\e") not in source:
            fail(f"{page} lacks the example {example!r}")
        for section in (".SH NAME", ".SH SYNOPSIS", ".SH OPTIONS", ".SH SEE ALSO"):
            if section not in source:
                fail(f"{page} has no {section}")


BASH_DRIVER = r'''
source "$1"
shift
COMP_WORDS=("$@")
COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
_perfmail
printf '%s\n' "${COMPREPLY[@]}"
'''


def bash_complete(a, words):
    script = os.path.join(a.share, "bash-completion", "completions", "perfmail")
    result = run(["bash", "--norc", "-c", BASH_DRIVER, "bash", script] + words)
    if result.returncode != 0 or result.stderr:
        fail(f"bash completion of {words}: status {result.returncode}, {result.stderr!r}")
    # One completion a line: a file name may hold spaces.
    return [line for line in result.stdout.decode().splitlines() if line]


def expect_completion(complete, a, words, expected, exact=False):
    got = complete(a, words)
    if (exact and sorted(got) != sorted(expected)) or not set(expected) <= set(got):
        fail(f"completing {words!r}: got {got}, expected {'exactly ' if exact else ''}{expected}")


def case_bash(a):
    if not shutil.which("bash"):
        sys.exit(77)
    expect_completion(bash_complete, a, ["perfmail", "comp"], ["compare"], exact=True)
    expect_completion(bash_complete, a, ["perfmail", ""], commands(a.perfmail), exact=True)
    expect_completion(bash_complete, a, ["perfmail", "--max-runs", "3", "comp"], ["compare"], exact=True)
    expect_completion(bash_complete, a, ["perfmail", "--max-runs", "=", "3", "comp"], ["compare"], exact=True)
    expect_completion(bash_complete, a, ["perfmail", "compare", "--dia"], ["--dialect"], exact=True)
    dialects = ["classic", "modern", "current", "benchstat"]
    expect_completion(bash_complete, a, ["perfmail", "compare", "--dialect", ""], dialects, exact=True)
    expect_completion(bash_complete, a, ["perfmail", "compare", "--dialect", "=", ""], dialects, exact=True)
    expect_completion(bash_complete, a, ["perfmail", "compare", "--dialect", "=", "cl"], ["classic"], exact=True)
    expect_completion(bash_complete, a, ["perfmail", "plot", "--color", ""], ["auto", "always", "never"], exact=True)
    expect_completion(bash_complete, a, ["perfmail", "help", "re"], ["report", "reliability"], exact=True)
    expect_completion(bash_complete, a, ["perfmail", "--max"], ["--max-input-size", "--max-runs"], exact=True)
    # a file where one is expected: this script's own directory holds this script
    here = os.path.dirname(os.path.abspath(__file__))
    expect_completion(bash_complete, a, ["perfmail", "compare", os.path.join(here, "help_ca")],
                      [os.path.join(here, "help_cases.py")])
    expect_completion(bash_complete, a, ["perfmail", "compare", "--alpha", ""], [], exact=True)
    # a file name with spaces is one word, and a `*` in one is not expanded
    with tempfile.TemporaryDirectory() as spaced:
        for name in ("base results.json", "base *.json", "base-other.json"):
            open(os.path.join(spaced, name), "w").close()
        expect_completion(bash_complete, a, ["perfmail", "compare", os.path.join(spaced, "base ")],
                          [os.path.join(spaced, "base results.json"), os.path.join(spaced, "base *.json")], exact=True)
        expect_completion(bash_complete, a, ["perfmail", "report", "-o", os.path.join(spaced, "base r")],
                          [os.path.join(spaced, "base results.json")], exact=True)
    for command in commands(a.perfmail):
        expect_completion(bash_complete, a, ["perfmail", command, "-"], options(a.perfmail, command) + ["--max-runs"])


FISH_DRIVER = 'source $argv[1]; complete --do-complete $argv[2]'


def fish_complete(a, words):
    script = os.path.join(a.share, "fish", "vendor_completions.d", "perfmail.fish")
    result = run(["fish", "--no-config", "-c", FISH_DRIVER, script, " ".join(words)])
    if result.returncode != 0 or result.stderr:
        fail(f"fish completion of {words}: status {result.returncode}, {result.stderr!r}")
    return [line.split("\t")[0] for line in result.stdout.decode().splitlines()]


def case_fish(a):
    if not shutil.which("fish"):
        sys.exit(77)
    script = os.path.join(a.share, "fish", "vendor_completions.d", "perfmail.fish")
    check = run(["fish", "--no-config", "-n", script])
    if check.returncode != 0 or check.stderr:
        fail(f"fish -n: {check.stderr!r}")
    expect_completion(fish_complete, a, ["perfmail", "comp"], ["compare"], exact=True)
    expect_completion(fish_complete, a, ["perfmail", "--max-runs", "3", "comp"], ["compare"], exact=True)
    expect_completion(fish_complete, a, ["perfmail", "compare", "--dia"], ["--dialect"], exact=True)
    expect_completion(fish_complete, a, ["perfmail", "compare", "--dialect", ""], ["classic", "modern", "current", "benchstat"],
                      exact=True)
    expect_completion(fish_complete, a, ["perfmail", "help", "rep"], ["report"], exact=True)
    for command in commands(a.perfmail):
        long_options = [o for o in options(a.perfmail, command) if o.startswith("--")]
        expect_completion(fish_complete, a, ["perfmail", command, "--"], long_options + ["--max-runs"])


ZSH_DRIVER = r'''
zmodload zsh/zpty || exit 77
zpty z zsh -f -i
zpty -w z "PS1='> '; fpath=($1 \$fpath); autoload -Uz compinit; compinit -u -D"
zpty -w z "zstyle ':completion:*' list-separator ''; zstyle ':completion:*' format ''"
zpty -w z 'print READY'
# Each step waits for what the shell prints before typing on: keys typed ahead of the line editor reach
# the terminal's line discipline instead (^D and ^U are its own there), which made the test flaky.
zpty -r -m z out '*READY*> *' || exit 3
shift
for line in "$@"; do
  # Type the words and ask for the list of completions (^D); the line is drawn again under the list.
  zpty -w -n z "$line"$'\x04'
  # (A trailing space is drawn as a cursor move, so the pattern leaves it out.)
  shown=${line% }
  zpty -r -m z listing "*${(b)shown}*${(b)shown}*" || exit 3
  # Kill the line (^U), mark the end, and wait for the next prompt.
  zpty -w z $'\x15print END-OF-LIST'
  zpty -r -m z out '*END-OF-LIST*END-OF-LIST*> *' || exit 3
  print -r -- "$listing"
  print -r -- '=====CASE====='
done
zpty -d z
'''


def case_zsh(a):
    if not shutil.which("zsh"):
        sys.exit(77)
    directory = os.path.join(a.share, "zsh", "site-functions")
    script = os.path.join(directory, "_perfmail")
    check = run(["zsh", "-n", script])
    if check.returncode != 0 or check.stderr:
        fail(f"zsh -n: {check.stderr!r}")
    cases = [("perfmail comp", ["compare"]), ("perfmail compare --dia", ["--dialect"]),
             ("perfmail compare --dialect ", ["classic", "modern", "current", "benchstat"]),
             ("perfmail help rep", ["report"]), ("perfmail --max", ["--max-input-size", "--max-runs"])]
    try:
        result = subprocess.run(["zsh", "-f", "-c", ZSH_DRIVER, "zsh", directory] + [c[0] for c in cases],
                                capture_output=True, timeout=60)
    except subprocess.TimeoutExpired:
        fail("zsh completion: timed out")
        return
    if result.returncode == 77:
        sys.exit(77)
    outputs = result.stdout.decode(errors="replace").split("=====CASE=====")
    for (line, expected), out in zip(cases, outputs):
        plain = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\r", " ", out)
        for word in expected:
            if not re.search(rf"(^|\s){re.escape(word)}(\s|$)", plain):
                fail(f"zsh: completing {line!r} does not offer {word!r}: {plain!r}")
    if result.returncode != 0 or len(outputs) < len(cases):
        fail(f"zsh completion driver: status {result.returncode}, {result.stderr!r}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("case")
    parser.add_argument("--perfmail", required=True)
    parser.add_argument("--share", required=True)
    parser.add_argument("--examples", required=True, help="the source tree's examples/")
    a = parser.parse_args()
    globals()["case_" + a.case](a)
    for message in failures:
        print(message, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
