#!/usr/bin/env python3
"""Checks that a report document reproduces a real robot email of 2020 on (examples/current/NN.json).

The email (tests/data/current/NN.eml: the headers as received, an empty line, the body as sent) is
compared with `perfmail report DOC` line by line, exactly, except that a run of empty lines counts as
one (FORMAT-current.md marks some blank-line counts as varying). `perfmail report DOC --format mbox`
is read by Python's strict email parser and its Subject, Message-ID and In-Reply-To must be the
email's (the Subject unfolded, as RFC 5322 reads it).

Exit status 0 when both hold; 1 with a unified diff of the first differences otherwise.
Usage: current_email.py --perfmail PATH --document DOC --email EML
"""

import argparse
import difflib
import email
import email.parser
import email.policy
import subprocess
import sys


def collapsed(text):
    """The lines of `text`, each run of empty lines as one."""
    out = []
    for line in text.split("\n"):
        if line == "" and out and out[-1] == "":
            continue
        out.append(line)
    return out


def run(perfmail, *args):
    done = subprocess.run([perfmail, *args], capture_output=True)
    if done.returncode != 0:
        sys.exit(f"perfmail {' '.join(args)} failed ({done.returncode}): {done.stderr.decode(errors='replace')}")
    return done.stdout.decode("utf-8")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--perfmail", required=True)
    parser.add_argument("--document", required=True)
    parser.add_argument("--email", required=True)
    args = parser.parse_args()

    with open(args.email, encoding="utf-8", newline="") as f:
        sent = f.read()
    header_text, separator, body = sent.partition("\n\n")
    if not separator:
        sys.exit(f"{args.email}: no empty line after the headers")
    # The email's own headers are read as headers only: its multipart body is not kept here.
    expected_headers = email.parser.HeaderParser(policy=email.policy.default).parsestr(header_text + "\n\n")

    failed = False
    got_body = run(args.perfmail, "report", args.document)
    diff = list(difflib.unified_diff(collapsed(body), collapsed(got_body), "email", "perfmail", lineterm="", n=2))
    if diff:
        print("\n".join(diff[:120]))
        failed = True

    # The example documents name no sender (a historical message's sender is no default for a user's
    # mbox): the email's own From is given, as a user gives theirs.
    message = email.message_from_string(run(args.perfmail, "report", args.document, "--format", "mbox",
                                            "--from", str(expected_headers["From"])),
                                        policy=email.policy.strict)
    for name in ("From", "Subject", "Message-ID", "In-Reply-To"):
        want = expected_headers[name]
        got = message[name]
        if (str(want) if want is not None else None) != (str(got) if got is not None else None):
            print(f"{name}: expected {str(want)!r}, perfmail wrote {str(got)!r}")
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
