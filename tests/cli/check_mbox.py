"""Reads an mbox message as a mail client would and checks its headers and body."""
import email
import email.policy
import sys

raw = sys.stdin.buffer.read()
assert raw.startswith(b"From "), "no mbox From line"
message = email.message_from_bytes(raw.split(b"\n", 1)[1], policy=email.policy.default)
expected_subject = sys.argv[1]
assert message["Subject"] == expected_subject, f"subject {message['Subject']!r} != {expected_subject!r}"
assert message.get_content_type() == "text/plain"
assert message.get_content_charset() == "utf-8"
body = message.get_content()
assert body.startswith("Greeting,\n"), body[:40]
assert "\u00b1" in body, "the table's plus-minus sign did not survive"
for header in ("From", "Date", "Message-ID", "MIME-Version"):
    assert message[header], f"missing {header}"
print("mbox ok:", message["Subject"])
