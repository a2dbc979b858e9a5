#!/usr/bin/env python3
"""The mail a user sends with `perfmail report --format mbox`: who it is from, who it goes to.

    mail_cases.py --perfmail PATH --source DIR CASE

Each CASE runs perfmail (and for `send_email`, git send-email) in a temporary directory with a HOME of
its own, no system git config and none of the identity variables of whoever runs the test, so that
the sender is only what the case sets. Exit status 0 when the case holds, 1 with the reason when not,
77 (skipped) when the case needs git send-email and it is not installed.
"""
import argparse
import email
import email.policy
import email.utils
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
IDENTITY = ("Test User", "test.user@example.net")
ROBOT = "lkp@intel.com"

parser = argparse.ArgumentParser()
parser.add_argument("--perfmail", required=True)
parser.add_argument("--source", required=True, help="the source tree (examples/, tests/cli/check_mbox.py)")
parser.add_argument("case")
args = parser.parse_args()
examples = os.path.join(args.source, "examples")
check_mbox = os.path.join(args.source, "tests", "cli", "check_mbox.py")
work = tempfile.mkdtemp(prefix="perfmail-mail-")


def fail(reason):
    print(f"{args.case}: {reason}")
    sys.exit(1)


def environment(git_identity=True, email_variable=None):
    """A clean environment: HOME in the temporary directory, with a git identity or none."""
    home = os.path.join(work, "home")
    os.makedirs(home, exist_ok=True)
    config = os.path.join(home, ".gitconfig")
    if git_identity:
        with open(config, "w", encoding="utf-8") as f:
            f.write(f"[user]\n\tname = {IDENTITY[0]}\n\temail = {IDENTITY[1]}\n")
    elif os.path.exists(config):
        os.remove(config)
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_") and k not in ("EMAIL", "XDG_CONFIG_HOME")}
    env.update(HOME=home, XDG_CONFIG_HOME=os.path.join(home, ".config"), GIT_CONFIG_NOSYSTEM="1")
    if email_variable is not None:
        env["EMAIL"] = email_variable
    return env


def perfmail(*argv, env, expect=0):
    done = subprocess.run([args.perfmail, *argv], capture_output=True, env=env, cwd=work)
    if done.returncode != expect:
        fail(f"perfmail {' '.join(argv)}: exit {done.returncode}, expected {expect}: {done.stderr.decode(errors='replace')}")
    return done


def mbox_headers(text):
    return email.message_from_string(text.split("\n", 1)[1], policy=email.policy.strict)


def check(mbox_text, *options, env):
    done = subprocess.run([sys.executable, check_mbox, *options], input=mbox_text.encode(), capture_output=True, env=env)
    if done.returncode != 0:
        fail(f"check_mbox.py {' '.join(options)}: {done.stdout.decode()}{done.stderr.decode()}")


def document_copy(name, change):
    """A copy of an example document in the temporary directory, its result paths made absolute."""
    source = os.path.join(examples, name)
    with open(source, encoding="utf-8") as f:
        doc = json.load(f)
    base = os.path.dirname(source)
    absolute = lambda v: os.path.join(base, v) if isinstance(v, str) else [os.path.join(base, p) for p in v]
    doc["results"] = {k: absolute(v) for k, v in doc["results"].items()}
    for test in doc.get("tests", []):
        test["results"] = {k: absolute(v) for k, v in test["results"].items()}
    if "attachments" in doc.get("mail", {}):
        doc["mail"]["attachments"] = absolute(doc["mail"]["attachments"])
    change(doc)
    path = os.path.join(work, os.path.basename(name))
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f)
    return path


def send_email(mbox, *options, env):
    """The envelope git send-email would use: (MAIL FROM, [RCPT TO...]), from its dry run."""
    done = subprocess.run(["git", "send-email", "--dry-run", "--confirm=never", *options, mbox],
                          capture_output=True, env=env, cwd=work)
    out = done.stdout.decode(errors="replace") + done.stderr.decode(errors="replace")
    if done.returncode != 0:
        if "Mail::Address" in out:  # git-email installed without libmailtools-perl, which it recommends
            print("git send-email cannot run: the Perl module Mail::Address (libmailtools-perl) is missing")
            sys.exit(SKIP)
        fail(f"git send-email failed ({done.returncode}): {out}")
    senders = re.findall(r"^MAIL FROM:<([^>]*)>", out, re.M)
    recipients = re.findall(r"^RCPT TO:<([^>]*)>", out, re.M)
    if len(senders) != 1 or not recipients:
        fail(f"no envelope in the dry run of git send-email: {out}")
    return senders[0], recipients, out


def case_send_email():
    """The README's recipe, as written: the mbox goes to the document's To and Cc, from the user's git
    identity, and to nobody else (not the robot, whose address was once the default From)."""
    exec_path = subprocess.run(["git", "--exec-path"], capture_output=True, text=True) if shutil.which("git") else None
    if exec_path is None or exec_path.returncode != 0 or not os.path.exists(
            os.path.join(exec_path.stdout.strip(), "git-send-email")):
        print("git send-email is not installed (the git-email package)")
        sys.exit(SKIP)
    env = environment()
    report = os.path.join(examples, "report.json")
    perfmail("report", report, "--format", "mbox", "-o", "report.mbox", env=env)
    with open(os.path.join(work, "report.mbox"), encoding="utf-8") as f:
        mbox = f.read()
    check(mbox, "--document", report, "--from", f"{IDENTITY[0]} <{IDENTITY[1]}>", env=env)
    with open(report, encoding="utf-8") as f:
        mail = json.load(f)["mail"]
    as_list = lambda v: [v] if isinstance(v, str) else list(v or [])
    given = [email.utils.parseaddr(m)[1] for m in as_list(mail.get("to")) + as_list(mail.get("cc"))]
    # git send-email copies the From to the Cc (its --suppress-cc=self turns that off): the user's own.
    allowed = set(given) | {IDENTITY[1]}
    for options, extra in (((), []), (("--to=someone@example.org",), ["someone@example.org"])):
        sender, recipients, out = send_email("report.mbox", *options, env=env)
        if sender != IDENTITY[1]:
            fail(f"git send-email {' '.join(options)} sends as {sender!r}, not the user's {IDENTITY[1]!r}")
        unwanted = sorted(set(recipients) - allowed - set(extra))
        if unwanted or ROBOT in recipients:
            fail(f"git send-email {' '.join(options)} would also send to {unwanted}:\n{out}")
        missing = sorted(set(given + extra) - set(recipients))
        if missing:
            fail(f"git send-email {' '.join(options)} would not send to {missing}:\n{out}")
        if "(body) Adding cc" in out:
            fail(f"a line of the body makes git send-email add a Cc:\n{out}")
    print("git send-email would send to", sorted(set(recipients)))


def case_attachments():
    """--attach and mail.attachments: a multipart/mixed message that Python's strict parser reads back
    file for file (a text file as it is, a binary one in base64, a name outside ASCII per RFC 2231), the
    To reproduce: block saying the job file is attached only when job.yaml is, and, where git send-email
    is installed, a message it accepts."""
    env = environment()
    files = {"job.yaml": b"suite: fsmark\ntestcase: fsmark\nFrom here on\n",
             "config-6.8.0-rc1-ü": "CONFIG_BTRFS_FS=y\n# é\n".encode(),
             "trace.bin": bytes(range(256)) * 3}
    for name, content in files.items():
        with open(os.path.join(work, name), "wb") as f:
            f.write(content)
    document = os.path.join(examples, "current", "01.json")
    without = perfmail("report", document, env=env).stdout.decode()
    attach = [a for name in files for a in ("--attach", os.path.join(work, name))]
    # 01.json attaches its own job.yaml: the block says so; a document without attachments says nothing.
    if "# job file is attached in this email" not in without:
        fail("a document that attaches job.yaml does not say the job file is attached")
    doc = document_copy(os.path.join("current", "01.json"), lambda d: d["mail"].pop("attachments"))
    if "attached" in perfmail("report", doc, env=env).stdout.decode():
        fail("a report without a job file attached says one is")
    raw = perfmail("report", doc, "--format", "mbox", *attach, env=env).stdout
    mbox = raw.decode()
    # parsed from bytes, so that an 8bit part decodes to its own bytes
    message = email.message_from_bytes(raw.split(b"\n", 1)[1], policy=email.policy.strict)
    if message.get_content_type() != "multipart/mixed" or message.defects:
        fail(f"not a clean multipart/mixed message: {message.get_content_type()} {message.defects}")
    parts = list(message.iter_parts())
    if parts[0].get_content_type() != "text/plain" or "# job file is attached in this email" not in parts[0].get_content():
        fail("the first part is not the body that says the job file is attached")
    for part, (name, content) in zip(parts[1:], files.items()):
        if part.defects or part.get_filename() != name or part.get_payload(decode=True) != content:
            fail(f"{name}: attached as {part.get_filename()!r}, {len(part.get_payload(decode=True) or b'')} bytes")
    types = [p.get_content_type() for p in parts[1:]]
    if types != ["application/yaml", "text/plain", "application/octet-stream"]:
        fail(f"the attachments' types: {types}")
    encodings = [str(p["Content-Transfer-Encoding"]) for p in parts[1:]]
    # job.yaml has a line an mbox would quote (`From here on`): base64 keeps it as it is.
    if encodings != ["base64", "8bit", "base64"]:
        fail(f"the attachments' encodings: {encodings}")
    # A document attaches files of its own directory only: a link that leads out of it is refused, so
    # that a document from someone else cannot put the user's files into the message.
    os.symlink(os.path.join(examples, "report.json"), os.path.join(work, "outside-link"))
    linked = document_copy(os.path.join("current", "01.json"), lambda d: d["mail"].update(attachments=["outside-link"]))
    done = perfmail("report", linked, "--format", "mbox", env=env, expect=2)
    if done.stdout or "must be a file in the document's directory" not in done.stderr.decode():
        fail(f"a document's attachment that leads out of its directory: {done.stderr.decode()!r}")
    # An attachment that cannot be read is refused before anything is written.
    done = perfmail("report", doc, "--format", "mbox", "--attach", os.path.join(work, "absent"), env=env, expect=2)
    if done.stdout:
        fail("a missing attachment still wrote the message")
    exec_path = subprocess.run(["git", "--exec-path"], capture_output=True, text=True) if shutil.which("git") else None
    if exec_path is not None and exec_path.returncode == 0 and os.path.exists(
            os.path.join(exec_path.stdout.strip(), "git-send-email")):
        with open(os.path.join(work, "attached.mbox"), "w", encoding="utf-8") as f:
            f.write(mbox)
        send_email("attached.mbox", "--to=someone@example.org", env=env)


def case_hostile_boundary():
    """An attachment holding the first 100,000 boundaries the writer would try (2.6 MB): the message is
    written with the next one, which is in no part, and reads back file for file. The writer collects the
    candidates in one pass over the parts; it used to scan every part once a candidate (31 s here)."""
    env = environment()
    report = os.path.join(examples, "report.json")
    small = os.path.join(work, "small.txt")
    with open(small, "w", encoding="utf-8") as f:
        f.write("a small file\n")
    # The boundary depends on the body alone, and the body on whether a job.yaml is attached: another
    # file of another name gives the body's first candidate.
    plain = perfmail("report", report, "--format", "mbox", "--attach", small, env=env).stdout.decode()
    first = re.search(r'boundary="perfmail-([0-9a-f]{16})"', plain)
    if not first:
        fail("no multipart boundary in the message")
    number = int(first.group(1), 16)
    count = 100_000
    hostile = os.path.join(work, "boundaries.txt")
    content = "".join(f"perfmail-{(number + k) % 2**64:016x}\n" for k in range(count)).encode()
    with open(hostile, "wb") as f:
        f.write(content)
    raw = perfmail("report", report, "--format", "mbox", "--attach", hostile, env=env).stdout
    expected = f"perfmail-{(number + count) % 2**64:016x}"
    chosen = re.search(rb'boundary="([^"]+)"', raw)
    if not chosen or chosen.group(1).decode() != expected:
        fail(f"the boundary {chosen.group(1) if chosen else None!r}, expected {expected}")
    message = email.message_from_bytes(raw.split(b"\n", 1)[1], policy=email.policy.strict)
    parts = list(message.iter_parts())
    if message.defects or len(parts) != 2 or parts[1].get_filename() != "boundaries.txt":
        fail(f"not a message of the body and the file: {message.defects} {[p.get_filename() for p in parts]}")
    if parts[1].get_payload(decode=True) != content:
        fail("the attached file does not read back as it was")


def case_no_sender():
    """No --from, mail.from, EMAIL or git identity: the mbox is refused, saying how to give a From; the
    text and json formats need none."""
    env = environment(git_identity=False)
    report = os.path.join(examples, "report.json")
    done = perfmail("report", report, "--format", "mbox", env=env, expect=2)
    stderr = done.stderr.decode()
    if done.stdout:
        fail(f"the refused mbox wrote {len(done.stdout)} bytes to stdout")
    if stderr.count("\n") != 1 or "report.json: mail.from: no From address" not in stderr or "--from" not in stderr:
        fail(f"the refusal is not one line naming mail.from and --from: {stderr!r}")
    perfmail("report", report, "--format", "mbox", "-o", "none.mbox", env=env, expect=2)
    if os.path.exists(os.path.join(work, "none.mbox")):
        fail("the refused mbox left an output file")
    for fmt in ("text", "json"):
        if not perfmail("report", report, "--format", fmt, env=env).stdout:
            fail(f"--format {fmt} wrote nothing without a sender")


def case_bundled_examples():
    """The bundled reproductions of real emails keep their sender in the text (Reported-by) but never
    make it the mbox's From: with no sender of the user's the mbox is refused, and with one it is theirs."""
    import glob
    documents = sorted(glob.glob(os.path.join(examples, "current", "*.json")))
    if not documents:
        fail("no bundled examples in examples/current")
    for document in documents:
        name = os.path.relpath(document, args.source)
        done = perfmail("report", document, "--format", "mbox", env=environment(git_identity=False), expect=2)
        if done.stdout or "mail.from: no From address" not in done.stderr.decode():
            fail(f"{name}: an mbox without a sender of the user's was not refused: {done.stderr.decode()!r}")
        mbox = perfmail("report", document, "--format", "mbox", env=environment()).stdout.decode()
        sender = mbox_headers(mbox)["From"]
        if str(sender) != f"{IDENTITY[0]} <{IDENTITY[1]}>":
            fail(f"{name}: the mbox is from {str(sender)!r}, not the user's git identity")
        if "@intel.com" in str(sender):
            fail(f"{name}: the mbox is sent as the robot's maintainer")


def case_sender_order():
    """--from, then mail.from, then EMAIL, then git config user.name and user.email."""
    report = os.path.join(examples, "report.json")
    git_from = f"{IDENTITY[0]} <{IDENTITY[1]}>"
    env = environment()
    check(perfmail("report", report, "--format", "mbox", env=env).stdout.decode(), "--from", git_from, env=env)
    # A user.email without a user.name: the bare address.
    env_no_name = environment()
    with open(os.path.join(env_no_name["HOME"], ".gitconfig"), "w", encoding="utf-8") as f:
        f.write(f"[user]\n\temail = {IDENTITY[1]}\n")
    check(perfmail("report", report, "--format", "mbox", env=env_no_name).stdout.decode(), "--from", IDENTITY[1], env=env)
    env = environment(email_variable="Env Sender <env@example.org>")
    check(perfmail("report", report, "--format", "mbox", env=env).stdout.decode(), "--from", "Env Sender <env@example.org>", env=env)
    given = "Zoë Given <given@example.org>"
    check(perfmail("report", report, "--format", "mbox", "--from", given, env=env).stdout.decode(), "--from", given, env=env)
    with_from = document_copy("report.json", lambda d: d["mail"].update({"from": "Doc Sender <doc@example.org>"}))
    check(perfmail("report", with_from, "--format", "mbox", env=env).stdout.decode(), "--from", "Doc Sender <doc@example.org>", env=env)
    check(perfmail("report", with_from, "--format", "mbox", "--from", given, env=env).stdout.decode(), "--from", given, env=env)


def case_bad_sender():
    """A sender that is not a mailbox is refused, naming where it came from, with nothing on stdout."""
    report = os.path.join(examples, "report.json")
    for argv, env, needle in (
        (["--from", "someone.example.org"], environment(), "--from"),
        (["--to", "Someone <someone.example.org>"], environment(), "--to"),
        (["--cc", "a@example.org\nBcc: b@example.org"], environment(), "--cc"),
        ([], environment(email_variable="not an address"), "EMAIL"),
    ):
        done = perfmail("report", report, "--format", "mbox", *argv, env=env, expect=2)
        stderr = done.stderr.decode()
        if done.stdout or stderr.count("\n") != 1 or needle not in stderr or "\x1b" in stderr:
            fail(f"{argv or 'EMAIL'}: not refused in one line naming {needle}: {stderr!r}")
    bad_git = environment()
    with open(os.path.join(bad_git["HOME"], ".gitconfig"), "w", encoding="utf-8") as f:
        f.write("[user]\n\tname = Test User\n\temail = test.user at example.net\n")
    stderr = perfmail("report", report, "--format", "mbox", env=bad_git, expect=2).stderr.decode()
    if "git config user.name and user.email" not in stderr:
        fail(f"a bad git user.email is not named: {stderr!r}")


def case_hostile_headers():
    """C1 and bidirectional controls in any header value, impossible dates and values of thousands of
    octets are refused in one line naming the field (and the document's place), the value cut and the
    reason kept; nothing on stdout and nothing raw on stderr."""
    report = os.path.join(examples, "report.json")
    rlo, csi = "\u202e", "\u009b"
    long_address = "a" * 3000 + "@example.org"
    for argv, env, needles in (
        (["--from", f"Evil {rlo}redaeR <a@example.org>"], environment(), ["--from", "U+202E"]),
        (["--to", f"Evil {csi}31m <a@example.org>"], environment(), ["--to", "U+009B"]),
        ([], environment(email_variable=f"Evil {rlo} <a@example.org>"), ["EMAIL", "U+202E"]),
        (["--from", long_address], environment(), ["--from", "longer than 254 octets: 3012"]),
    ):
        done = perfmail("report", report, "--format", "mbox", *argv, env=env, expect=2)
        stderr = done.stderr.decode()
        if done.stdout or stderr.count("\n") != 1 or len(stderr) > 400 or rlo in stderr or csi in stderr:
            fail(f"{argv or 'EMAIL'}: not refused in one short line: {stderr!r}")
        for needle in needles:
            if needle not in stderr:
                fail(f"{argv or 'EMAIL'}: the refusal lacks {needle!r}: {stderr!r}")
    bad_git = environment()
    with open(os.path.join(bad_git["HOME"], ".gitconfig"), "w", encoding="utf-8") as f:
        f.write(f"[user]\n\tname = Test {rlo}User\n\temail = test.user@example.net\n")
    stderr = perfmail("report", report, "--format", "mbox", env=bad_git, expect=2).stderr.decode()
    if "git config user.name" not in stderr or "U+202E" not in stderr:
        fail(f"a bidirectional control in git's user.name is not refused: {stderr!r}")
    for field, value, needle in (
        ("from", f"Evil {rlo} <a@example.org>", "mail.from: "),
        ("date", "Tue, 31 Feb 2026 10:00:00 +0000", "mail.date: \"Tue, 31 Feb 2026 10:00:00 +0000\": 31 Feb 2026 is not a day"),
        ("date", "Mon, 29 Nov 2026 21:07:17 +0000", "29 Nov 2026 is a Sun, not a Mon"),
        ("message_id", "i" * 3000 + "@example.org", "a message id of 3012 octets, too long for a header line"),
    ):
        doc = document_copy("report.json", lambda d: d["mail"].update({field: value}))
        for output in ("mbox", "text"):
            stderr = perfmail("report", doc, "--format", output, env=environment(), expect=2).stderr.decode()
            if not re.match("perfmail: " + re.escape(doc) + r":\d+:\d+: ", stderr) or needle not in stderr or rlo in stderr:
                fail(f"mail.{field} {value[:40]!r} ({output}): not refused at its place: {stderr!r}")


def case_recipients():
    """--to and --cc replace the document's lists; an empty one clears it."""
    env = environment()
    report = os.path.join(examples, "report.json")
    out = perfmail("report", report, "--format", "mbox", "--to", "One <one@example.org>", "--to", "two@example.org",
                   "--cc", "", env=env).stdout.decode()
    message = mbox_headers(out)
    to = [a.addr_spec for a in message["To"].addresses]
    if to != ["one@example.org", "two@example.org"] or message["Cc"] is not None:
        fail(f"To {to!r}, Cc {message['Cc']!r}")
    out = perfmail("report", report, "--format", "mbox", "--cc", "list@example.org", env=env).stdout.decode()
    message = mbox_headers(out)
    if [a.addr_spec for a in message["To"].addresses] != ["developer@example.org"]:
        fail(f"--cc alone changed the To: {message['To']!r}")
    if [a.addr_spec for a in message["Cc"].addresses] != ["list@example.org"]:
        fail(f"Cc {message['Cc']!r}")


def case_derived_message_id():
    """A report of 2020 on without a Message-ID derives one from its date and its From: the mbox's
    Message-ID is the one its body names, whichever way the From was given, and the text's is the same."""
    doc = document_copy(os.path.join("current", "14.json"), lambda d: d["mail"].pop("message_id"))
    for argv, env, domain in ((["--from", "Me <me@example.org>"], environment(), "example.org"),
                              ([], environment(email_variable="env@example.com"), "example.com"),
                              ([], environment(), IDENTITY[1].split("@")[1])):
        mbox = perfmail("report", doc, "--format", "mbox", *argv, env=env).stdout.decode()
        message = mbox_headers(mbox)
        message_id = str(message["Message-ID"]).strip("<>")
        if not message_id.endswith(f"-lkp@{domain}"):
            fail(f"{argv}: Message-ID {message_id!r}, expected one of the robot's form in {domain}")
        body = message.get_content()
        text = perfmail("report", doc, *argv, env=env).stdout.decode()
        for where, content in (("mbox body", body), ("text", text)):
            if f"/{message_id}" not in content:
                fail(f"{argv}: the {where} does not name the Message-ID {message_id}")
        listed = json.loads(perfmail("report", doc, "--format", "json", *argv, env=env).stdout)
        if listed.get("message_id") != message_id:
            fail(f"{argv}: json message_id {listed.get('message_id')!r}, the mbox's {message_id!r}")
    # Without any sender the text names no derived id (there is nothing to derive it from).
    text = perfmail("report", doc, env=environment(git_identity=False)).stdout.decode()
    if "lore.kernel.org/oe-lkp/" in text:
        fail("the text names a Message-ID derived without a From")


def case_references():
    """In-Reply-To comes with References: the document's thread, then the message replied to."""
    env = environment()
    doc = document_copy("report.json", lambda d: d["mail"].update(
        {"in_reply_to": "<child@example.org>", "references": ["root@example.org", "<child@example.org>"]}))
    mbox = perfmail("report", doc, "--format", "mbox", env=env).stdout.decode()
    check(mbox, "--document", doc, "--from", f"{IDENTITY[0]} <{IDENTITY[1]}>", env=env)
    message = mbox_headers(mbox)
    if str(message["References"]).split() != ["<root@example.org>", "<child@example.org>"]:
        fail(f"References {message['References']!r}")
    doc = document_copy("report.json", lambda d: d["mail"].update({"references": ["root@example.org", "a b@example.org"]}))
    stderr = perfmail("report", doc, "--format", "mbox", env=env, expect=2).stderr.decode()
    if "mail.references[1]" not in stderr or "not a message id" not in stderr:
        fail(f"a bad references item is not named: {stderr!r}")


def case_report_json():
    """--format json: the subject and the Message-ID the body names first, then the comparison as before."""
    env = environment()
    for name, message_id in (("report.json", None), (os.path.join("current", "13.json"), "")):
        path = os.path.join(examples, name)
        listed = json.loads(perfmail("report", path, "--format", "json", env=env).stdout)
        keys = list(listed)
        if keys[:2] != ["subject", "message_id"]:
            fail(f"{name}: the first fields are {keys[:2]!r}")
        mbox = mbox_headers(perfmail("report", path, "--format", "mbox", env=env).stdout.decode())
        if listed["subject"] != str(mbox["Subject"]):
            fail(f"{name}: subject {listed['subject']!r}, the mbox's {str(mbox['Subject'])!r}")
        if message_id is None:
            if listed["message_id"] is not None:
                fail(f"{name}: message_id {listed['message_id']!r} where the body names none")
        elif listed["message_id"] != str(mbox["Message-ID"]).strip("<>"):
            fail(f"{name}: message_id {listed['message_id']!r}, the mbox's {str(mbox['Message-ID'])!r}")
        if "metrics" not in listed:
            fail(f"{name}: the comparison's fields are gone: {keys!r}")


CASES = {name[len("case_"):]: f for name, f in globals().items() if name.startswith("case_")}
try:
    if args.case not in CASES:
        fail(f"no such case (cases: {', '.join(sorted(CASES))})")
    CASES[args.case]()
finally:
    shutil.rmtree(work, ignore_errors=True)
