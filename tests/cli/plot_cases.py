#!/usr/bin/env python3
"""CLI cases of `perfmail plot`: plots from pipes and lone files, plots of one metric of two result sets,
legend labels, and the errors of each. Run as: plot_cases.py PERFMAIL EXAMPLES_DIR SCRATCH CASE.

EXAMPLES_DIR is examples/data (base/matrix.json and head/matrix.json). Every case checks the exit status,
stdout and stderr exactly where they are meaningful; a failure prints what differed and exits 1."""

import json
import os
import pty
import re
import subprocess
import sys

PERFMAIL, EXAMPLES, SCRATCH, CASE = sys.argv[1:5]
BASE = os.path.join(EXAMPLES, "base", "matrix.json")
HEAD = os.path.join(EXAMPLES, "head", "matrix.json")
UNICODE = ["--style", "unicode", "--width", "60", "--height", "12", "--color", "never"]
os.makedirs(SCRATCH, exist_ok=True)


def run(*args, stdin=b"", stdin_file=None):
    """Runs perfmail; stdin is the bytes given, or the open file `stdin_file` (a terminal)."""
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    if stdin_file is not None:
        p = subprocess.run([PERFMAIL, *args], stdin=stdin_file, capture_output=True, env=env)
    else:
        p = subprocess.run([PERFMAIL, *args], input=stdin, capture_output=True, env=env)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def fail(message, out="", err=""):
    print(f"FAIL {CASE}: {message}\n--- stdout\n{out}\n--- stderr\n{err}")
    sys.exit(1)


def drawn(args, stdin=b"", notes=False):
    """A plot: exit 0, nothing on stderr (but the reader's notes where `notes`); returns stdout."""
    status, out, err = run(*args, stdin=stdin)
    if notes:
        err = "".join(line for line in err.splitlines(keepends=True) if not line.startswith("perfmail: note: "))
    if status != 0 or err:
        fail(f"exit status {status} with stderr, expected 0 and none: {args}", out, err)
    if not out:
        fail(f"nothing drawn: {args}", out, err)
    return out


def refused(args, message, stdin=b""):
    """An error: exit 2, nothing on stdout, stderr exactly `perfmail: MESSAGE` and a newline."""
    status, out, err = run(*args, stdin=stdin)
    if status != 2:
        fail(f"exit status {status}, expected 2: {args}", out, err)
    if out:
        fail("stdout is not empty on an error", out, err)
    if err != f"perfmail: {message}\n":
        fail(f"stderr is not {('perfmail: ' + message)!r}", out, err)


def write(name, text):
    path = os.path.join(SCRATCH, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def legend(out):
    return out.rstrip("\n").split("\n")[-1]


SEQ = "".join(f"{i}\n" for i in range(1, 21)).encode()


def case_pipe():
    # A pipe with no set named is a lone set: the same picture as --good FILE in the gnuplot looks, which
    # have no legend, byte for byte.
    seq = write("seq.txt", SEQ.decode())
    for style in ("gnuplot-5.4", "gnuplot-5.0", "classic"):
        piped = drawn(["plot", "--style", style, "--title", "seq"], stdin=SEQ)
        named = drawn(["plot", "--style", style, "--title", "seq", "--good", seq])
        if piped != named:
            fail(f"{style}: the piped plot differs from --good FILE", piped, named)
    # The unicode legend names the pipe, and nothing else.
    out = drawn(["plot", *UNICODE], stdin=SEQ)
    if "⣀⣀ <stdin>" not in legend(out) or "●" in legend(out) or "bisect" in out:
        fail("the legend of a piped set is not its name alone", out)
    if len(out.rstrip("\n").split("\n")) != 12:
        fail("not 12 lines", out)


def case_dash():
    # `-` names standard input, as a pipe with nothing named does.
    if drawn(["plot", "-", *UNICODE], stdin=SEQ) != drawn(["plot", *UNICODE], stdin=SEQ):
        fail("plot - differs from a pipe with nothing named")
    if drawn(["plot", "-"], stdin=SEQ) != drawn(["plot"], stdin=SEQ):
        fail("plot - differs from a pipe with nothing named (gnuplot-5.4)")


def case_file():
    seq = write("numbers.txt", SEQ.decode())
    # The legend names the file: whole when it fits, else cut with an ellipsis.
    def entry(out):
        m = re.search(r"⣀⣀ (.*?)(  |$)", legend(out))
        return m.group(1) if m else ""
    for width in ("40", "60", "200"):
        out = drawn(["plot", seq, *UNICODE[:2], "--width", width, "--height", "12"])
        named = entry(out)
        if not (named == seq or (named.endswith("…") and len(named) > 3 and seq.startswith(named[:-1]))):
            fail(f"at width {width}, the legend does not name the file", out)
        if width == "200" and named != seq:
            fail("a wide legend does not name the file whole", out)
    if drawn(["plot", seq]) != drawn(["plot", "--good", seq]):
        fail("plot FILE differs from plot --good FILE (gnuplot-5.4)")
    # --good-label renames a lone set.
    out = drawn(["plot", seq, *UNICODE, "--good-label", "requests/s"])
    if "⣀⣀ requests/s" not in legend(out):
        fail("--good-label does not rename a lone set", out)


def case_several_per_line():
    one_per_line = drawn(["plot", *UNICODE], stdin=SEQ)
    rows = b"1 2 3 4 5\n6,7, 8 ,9\t10\n11 12 13 14 15 16 17 18 19 20  # the rest\n"
    if drawn(["plot", *UNICODE], stdin=rows) != one_per_line:
        fail("several numbers per line draw another picture than one per line")


def case_pipe_errors():
    refused(["plot"], '<stdin>:2:3: not a number: "x"', stdin=b"1 2\n3 x\n")
    refused(["plot", "-"], "<stdin>:1:1: not a number: \"+1\"", stdin=b"+1\n")
    refused(["plot"], "<stdin>:1:3: a comma with no value before it", stdin=b"1,,2\n")
    bad = write("bad.txt", "1\n2\n0x10\n")
    refused(["plot", bad], f'{bad}:3:1: not a number: "0x10"')
    refused(["plot", os.path.join(SCRATCH, "absent.txt")],
            f"{os.path.join(SCRATCH, 'absent.txt')}: no such file")
    # An empty pipe draws nothing, as a set with no defined sample does.
    status, out, err = run("plot", stdin=b"")
    if status != 0 or out or err != "perfmail: plot: no defined sample in <stdin>; nothing drawn\n":
        fail("an empty pipe", out, err)


def case_terminal_stdin():
    # With nothing named and a terminal on stdin, nothing is read: a misuse, exit 2, the way out named.
    leader, follower = pty.openpty()
    try:
        with os.fdopen(follower, "rb", closefd=False) as tty:
            status, out, err = run("plot", stdin_file=tty)
    finally:
        os.close(follower)
        os.close(leader)
    if status != 2 or out:
        fail(f"exit status {status}, expected 2 with nothing on stdout", out, err)
    if err != ("perfmail: plot: no samples given: name a FILE, pipe numbers in (seq 1 20 | perfmail plot), or give "
               "--good and --bad, or BASE HEAD --metric NAME (see perfmail plot --help)\n"):
        fail("the refusal of no samples", out, err)


def on_terminal(args, columns, lines, stdin=b"", locale="C.UTF-8"):
    """Runs perfmail with stdout on a pseudo-terminal of `columns` x `lines` and the locale given; returns
    the exit status, stdout (without the terminal's carriage returns) and stderr."""
    import fcntl
    import struct
    import termios
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "LANG", "LC_ALL", "LC_CTYPE", "COLUMNS", "LINES")}
    env.update(LC_ALL=locale, TERM="dumb")  # dumb: no colour, so that widths are the characters'
    p = subprocess.Popen([PERFMAIL, *args], stdin=subprocess.PIPE, stdout=follower, stderr=subprocess.PIPE, env=env)
    os.close(follower)
    p.stdin.write(stdin)
    p.stdin.close()
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # EIO: the follower's last holder is gone
            break
        if not chunk:
            break
        chunks.append(chunk)
    err = p.stderr.read().decode("utf-8", "replace")
    status = p.wait()
    os.close(leader)
    return status, b"".join(chunks).decode("utf-8", "replace").replace("\r\n", "\n"), err


def case_terminal_fits():
    # On a terminal the plot fits it: the unicode look where the locale is UTF-8, ASCII where it is not.
    for columns, lines in ((40, 15), (100, 30)):
        for locale, ascii_only in (("C.UTF-8", False), ("C", True), ("en_US.ISO-8859-1", True)):
            status, out, err = on_terminal(["plot"], columns, lines, stdin=SEQ, locale=locale)
            if status != 0 or err:
                fail(f"{columns}x{lines} {locale}: exit status {status}", out, err)
            rows = out.rstrip("\n").split("\n")
            if len(rows) != lines - 1 or max(len(r) for r in rows) > columns:
                fail(f"{columns}x{lines} {locale}: {len(rows)} rows, widest {max(len(r) for r in rows)}", out)
            if ascii_only != all(ord(c) < 128 for c in out):
                fail(f"{columns}x{lines} {locale}: ASCII {not ascii_only} expected", out)
            if ("<stdin>" not in rows[-1]) or (not ascii_only and "⣀⣀ <stdin>" not in rows[-1]):
                fail(f"{columns}x{lines} {locale}: the legend", out)
    # A look named is that look, on a terminal too; in a pipe the default is the robot's gnuplot-5.4.
    status, out, _ = on_terminal(["plot", "--style", "gnuplot-5.4"], 40, 15, stdin=SEQ)
    if status != 0 or out != drawn(["plot", "--style", "gnuplot-5.4"], stdin=SEQ) + "\n":
        fail("--style gnuplot-5.4 on a terminal is not the gnuplot look", out)
    if drawn(["plot"], stdin=SEQ) != drawn(["plot", "--style", "gnuplot-5.4"], stdin=SEQ):
        fail("in a pipe the default is not gnuplot-5.4")
    # The unicode style named, under a locale that is not UTF-8, is drawn in ASCII, column for column.
    good = write("few_good.txt", "10\n30\n20\n")
    bad = write("few_bad.txt", "50\n70\n60\n")
    status, ascii_out, _ = on_terminal(["plot", "--good", good, "--bad", bad, "--style", "unicode"], 50, 16, locale="C")
    status_u, utf8_out, _ = on_terminal(["plot", "--good", good, "--bad", bad, "--style", "unicode"], 50, 16)
    if status or status_u or [len(r) for r in ascii_out.split("\n")] != [len(r) for r in utf8_out.split("\n")]:
        fail("the ASCII fallback moves columns", ascii_out, utf8_out)
    # With three runs a side every marker is drawn inside the frame, none hidden by its border.
    body = ascii_out.split("\n")[:-3]  # without the axis, the legend and the last newline
    if sum(r.count("o") for r in body) != 3 or sum(r.count("\u25CF") for r in utf8_out.split("\n")[:-3]) != 3:
        fail("three bad samples are not three markers", ascii_out, utf8_out)


def samples_file(name, values):
    return write(name, "".join("NaN\n" if v is None else f"{v!r}\n" for v in values))


def case_metric():
    base = json.load(open(BASE))
    head = json.load(open(HEAD))
    metric = "fio.write_iops"
    good = samples_file("good.txt", base[metric])
    bad = samples_file("bad.txt", head[metric])
    for style in ("gnuplot-5.4", "classic"):
        from_results = drawn(["plot", BASE, HEAD, "--metric", metric, "--style", style])
        from_samples = drawn(["plot", "--good", good, "--bad", bad, "--title", metric, "--style", style])
        if from_results != from_samples:
            fail(f"{style}: the metric's plot differs from its samples'", from_results, from_samples)
    # Run directories work as matrix.json files do; --title replaces the metric's name.
    out = drawn(["plot", os.path.dirname(BASE), os.path.dirname(HEAD), "--metric", metric, "--title", "iops", *UNICODE])
    if out.split("\n")[0].strip() != "iops" or "⣀⣀ bisect-good  ● bisect-bad" not in legend(out):
        fail("the title or the legend of a metric's plot", out)
    # BASE may come from standard input.
    with open(BASE, "rb") as f:
        piped = drawn(["plot", "-", HEAD, "--metric", metric], stdin=f.read())
    if piped != drawn(["plot", BASE, HEAD, "--metric", metric]):
        fail("BASE from stdin draws another picture")


def case_metric_missing_runs():
    # Missing runs (null) are undefined samples, as NaN is in a sample file.
    base = write("base.json", json.dumps({"m": [10, None, 12, 11], "n": [1, 2, 3, 4]}))
    head = write("head.json", json.dumps({"m": [15, 16, None, 14], "n": [1, 2, 3, 4]}))
    good = samples_file("m_good.txt", [10, None, 12, 11])
    bad = samples_file("m_bad.txt", [15, 16, None, 14])
    for style in ("gnuplot-5.4", "unicode"):
        a = drawn(["plot", base, head, "--metric", "m", "--style", style, "--width", "60", "--height", "14"])
        b = drawn(["plot", "--good", good, "--bad", bad, "--title", "m", "--style", style, "--width", "60",
                   "--height", "14"])
        if a != b:
            fail(f"{style}: missing runs are not drawn as undefined samples", a, b)
    # A metric in one result set only: drawn alone, with a note naming the other.
    only = write("only.json", json.dumps({"n": [1, 2, 3]}))
    status, out, err = run("plot", base, only, "--metric", "m", *UNICODE)
    if status != 0 or err != f'perfmail: plot: no metric "m" in {only}; drawing {base}\'s samples alone\n':
        fail("a metric of BASE alone", out, err)
    if "⣀⣀ bisect-good" not in legend(out) or "●" in legend(out):
        fail("the legend of a metric of BASE alone", out, err)


def case_metric_errors():
    refused(["plot", BASE, HEAD, "--metric", "fio.write_iosp"],
            f'plot: no metric "fio.write_iosp" in {BASE} or {HEAD}; did you mean "fio.write_iops"?')
    refused(["plot", BASE, HEAD, "--metric", "zzzz"], f'plot: no metric "zzzz" in {BASE} or {HEAD}')
    refused(["plot", BASE, "--metric", "fio.write_iosp"], f'plot: no metric "fio.write_iosp" in {BASE}; did you mean '
            '"fio.write_iops"?')
    refused(["plot", "--metric", "fio.write_iops"],
            "plot: --metric needs results to take it from: FILE, or BASE and HEAD (any results compare reads), before "
            "or after the options")
    refused(["plot", BASE, HEAD],
            "plot: two inputs are two result sets, BASE and HEAD: name the metric to plot with --metric NAME")
    refused(["plot", BASE, HEAD, "--metric", "fio.write_iops", "--good", BASE],
            "plot: --metric takes its samples from BASE and HEAD; --good and --bad go without it")
    refused(["plot", BASE, HEAD, HEAD, "--metric", "x"],
            "plot: 3 inputs given; plot takes FILE (or -), or BASE HEAD with --metric")
    refused(["plot", "-", "-", "--metric", "x"], "plot: BASE and HEAD cannot both read stdin")
    refused(["plot", BASE, HEAD, "--metric", "a\x1b[31mb"],
            "plot: --metric holds a control character or a byte outside UTF-8 (byte 2); it is one line of text")
    refused(["plot", BASE, "--good", BASE],
            "plot: FILE is a lone set of samples; name both sets with --good and --bad instead")
    broken = write("broken.json", '{"m": [1, 2,]}')
    status, out, err = run("plot", BASE, broken, "--metric", "m")
    if status != 2 or out or not err.startswith(f"perfmail: {broken}:1:") or err.count("\n") != 1:
        fail("a broken result file is not one line naming its place", out, err)


REAL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "inputs", "real")


def case_results():
    # One results file of any tool compare reads: --metric draws that metric's samples alone, the very
    # picture of the same samples given as a set (the tool's own numbers, taken from its file here).
    with open(os.path.join(REAL, "hyperfine", "base.json")) as f:
        hyperfine = json.load(f)
    with open(os.path.join(REAL, "pytest", "base.json")) as f:
        pytest = json.load(f)
    sets = [
        ("hyperfine", os.path.join(REAL, "hyperfine", "base.json"), hyperfine["results"][0]["command"] + ".time",
         hyperfine["results"][0]["times"]),
        ("pytest", os.path.join(REAL, "pytest", "base.json"), pytest["benchmarks"][0]["fullname"] + ".time",
         pytest["benchmarks"][0]["stats"]["data"]),
    ]
    runs = {"hyperfine": max(len(r["times"]) for r in hyperfine["results"]),
            "pytest": max(len(b["stats"]["data"]) for b in pytest["benchmarks"])}
    for tool, path, metric, values in sets:
        # A results file has as many runs as its longest series: a shorter one's last runs are missing.
        samples = samples_file(f"{tool}.txt", values + [None] * (runs[tool] - len(values)))
        for style in ("gnuplot-5.4", "unicode"):
            a = drawn(["plot", path, "--metric", metric, "--style", style, "--width", "60", "--height", "14",
                       "--good-label", "x"] if style == "unicode" else ["plot", path, "--metric", metric, "--style", style],
                      notes=True)
            b = drawn(["plot", samples, "--title", metric, "--style", style, "--width", "60", "--height", "14",
                       "--good-label", "x"] if style == "unicode" else ["plot", "--good", samples, "--title", metric,
                                                                       "--style", style])
            if a != b:
                fail(f"{tool} {style}: a metric of one results file is not drawn as its samples", a, b)
    # Google Benchmark and Go files feed plot as they feed compare; a mistyped name gets the name meant.
    gbench = os.path.join(REAL, "gbench", "base.json")
    go = os.path.join(REAL, "go", "base.txt")
    status, out, err = run("plot", gbench, *UNICODE)
    if status != 2 or out or "metrics (" not in err or "name the one to plot with --metric NAME" not in err:
        fail("a Google Benchmark file of many metrics without --metric", out, err)
    first = re.search(r'\("([^"]+)"', err).group(1)
    drawn(["plot", gbench, "--metric", first, *UNICODE], notes=True)
    drawn(["plot", go, os.path.join(REAL, "go", "head.txt"), "--metric",
           re.search(r'\("([^"]+)"', run("plot", go)[2]).group(1), *UNICODE], notes=True)
    refused(["plot", gbench, "--metric", first + "x"],
            f'plot: no metric "{first}x" in {gbench}; did you mean "{first}"?')
    # A file that is neither samples nor results keeps the samples' error.
    status, out, err = run("plot", write("neither.txt", "1 2 x\n"))
    if status != 2 or out or "not a number" not in err:
        fail("a file of neither samples nor results", out, err)


def case_labels():
    good = samples_file("l_good.txt", [1, 2, 3, 2])
    bad = samples_file("l_bad.txt", [4, 5, 4])
    out = drawn(["plot", "--good", good, "--bad", bad, *UNICODE, "--good-label", "v6.8", "--bad-label", "v6.9-rc1"])
    if "⣀⣀ v6.8  ● v6.9-rc1" not in legend(out) or "bisect" in out:
        fail("the labels do not replace bisect-good and bisect-bad", out)
    # The legend names only what is drawn: no bad set, no bad entry, whatever --bad-label says.
    out = drawn(["plot", "--good", good, *UNICODE, "--bad-label", "v6.9"])
    if "●" in legend(out) or "v6.9" in out:
        fail("a label of a set that is not drawn", out)
    why = "plot: --good-label and --bad-label go with --style unicode: {} draws the robot's plot, which has no legend"
    refused(["plot", "--good", good, "--good-label", "x"], why.format("gnuplot-5.4"))
    refused(["plot", "--good", good, "--bad-label", "x", "--style", "classic"], why.format("classic"))
    refused(["plot", "--good", good, *UNICODE, "--good-label", "a\x1b]0;pwned\x07"],
            "plot: --good-label holds a control character or a byte outside UTF-8 (byte 2); it is one line of text")
    refused(["plot", "--good", good, *UNICODE, "--bad-label", "x\u202ey"],
            "plot: --bad-label holds a control character or a byte outside UTF-8 (byte 2); it is one line of text")
    refused(["plot", "--good", good, *UNICODE, "--good-label", ""], "plot: --good-label is empty")


def case_extremes():
    """The whole range of finite doubles: the unicode look draws +-1.7e308 and the largest double on labelled
    rows; a gnuplot look, which reads magnitudes of half the largest double or more as undefined (as gnuplot
    does), refuses to draw nothing silently."""
    good = write("good.txt", "1.7e308\n-1.7e308\n1.7976931348623157e308\n")
    bad = write("bad.txt", "-1.7976931348623157e308\n0\n")
    out = drawn(["plot", "--good", good, "--bad", bad, *UNICODE])
    rows = out.rstrip("\n").split("\n")[:-2]  # the plot's rows, without the frame's foot and the legend
    labels = [r.split("┤")[0].strip() for r in rows if "┤" in r]
    if "inf" in out or "nan" in out or len(labels) < 3:
        fail("the axis of +-1.7e308 is not labelled with finite numbers", out)
    def braille(row):
        return any("\u2801" <= ch <= "\u28ff" for ch in row.split("┤", 1)[-1])
    if "●" not in rows[-1] or not braille(rows[0]):
        fail("the extremes are not drawn on the top and bottom rows", out)
    values = [float(label) for label in labels]
    if values != sorted(values, reverse=True) or values[0] < 1e308 or values[-1] > -1e308:
        fail(f"the labels do not span the extremes: {labels}", out)
    # The gnuplot looks draw what gnuplot draws (the 0 alone) and say what they left out.
    status, out, err = run("plot", "--good", good, "--bad", bad, "--style", "gnuplot-5.4")
    note = ("perfmail: note: plot: 4 numbers lie beyond +-8.98847e+307, which gnuplot reads as undefined: the "
            "gnuplot-5.4 look leaves them out (--style unicode draws them)\n")
    if status != 0 or "O" not in out or err != note:
        fail("a gnuplot look does not say which numbers it left out", out, err)
    huge = write("huge.txt", "1.7e308\n-1.7e308\n")
    for style in ("gnuplot-5.4", "gnuplot-4.6"):
        refused(["plot", "--good", huge, "--bad", huge, "--style", style],
                "plot: every number lies beyond +-8.98847e+307, which gnuplot reads as undefined, so the "
                f"{style} look draws nothing; --style unicode draws them")
    # Samples that are not numbers stay the robot's empty plot: a note, exit 0.
    nan = write("nan.txt", "nan\n")
    status, out, err = run("plot", "--good", nan, "--bad", nan, "--style", "gnuplot-5.4")
    if status != 0 or out or err != "perfmail: plot: no defined sample in either set; nothing drawn\n":
        fail("a plot of NaN alone is no longer the robot's empty plot", out, err)


CASES = {name[len("case_"):]: f for name, f in globals().items() if name.startswith("case_")}

if __name__ == "__main__":
    if CASE not in CASES:
        fail(f"no such case; the cases are {sorted(CASES)}")
    CASES[CASE]()
