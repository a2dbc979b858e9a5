"""Reads an mbox message (standard input) as a mail client would and checks its headers and body.

    check_mbox.py [--subject S] [--subject-contains TEXT] [--document REPORT.json] [--from ADDR]
                  [--no-plus-minus]

The header block must be valid as written: every line at most 998 octets, and at most 78 unless it is
one token that cannot be folded (not an encoded-word, which can always be made shorter); every
encoded-word at most 75 characters; continuation lines start with a space and are not blank; only ASCII.
The message is parsed with email.policy.strict (a defect in the message raises) and every header is
checked for defects too, since header defects are recorded rather than raised.

The expected values come from the options and from the report document's "mail" section: the decoded
From, To and Cc must give back each display name and address as the document wrote them, the decoded
Subject the given subject, In-Reply-To the given message id and References the document's references
followed by it. The From expected is --from, else the document's mail.from, else $EMAIL (how perfmail
finds the sender; a test sets EMAIL so as not to depend on the git identity of whoever runs it); there
is no default, and a From naming the robot (lkp@intel.com) is refused unless expected so.
"""
import argparse
import email
import email.header
import email.policy
import json
import os
import re
import sys

parser = argparse.ArgumentParser()
parser.add_argument("--subject", help="the exact subject expected")
parser.add_argument("--subject-contains", help="text the subject must hold (e.g. a metric name)")
parser.add_argument("--document", help="the report document whose mail section is expected")
parser.add_argument("--from", dest="sender", help="the From expected (else the document's, else $EMAIL)")
parser.add_argument("--no-plus-minus", action="store_true", help="the body need not hold a table's ± sign")
args = parser.parse_args()

raw = sys.stdin.buffer.read()
assert raw.startswith(b"From "), "no mbox From line"
message_bytes = raw.split(b"\n", 1)[1]

# The header block line by line, as written.
ENCODED_WORD = re.compile(rb"=\?[^?\s]*\?[BbQq]\?[^?\s]*\?=")
header_block = message_bytes.split(b"\n\n", 1)[0]
for number, line in enumerate(header_block.split(b"\n"), start=2):
    assert line.isascii(), f"line {number}: a header line with 8-bit bytes: {line[:80]!r}"
    assert len(line) <= 998, f"line {number}: a header line of {len(line)} octets (the limit is 998)"
    if line[:1] in (b" ", b"\t"):
        assert line.strip(), f"line {number}: a continuation line of white space only"
        text = line.strip()
    else:
        assert b":" in line, f"line {number}: neither a header nor a continuation: {line[:80]!r}"
        text = line.split(b":", 1)[1].strip()
    for word in ENCODED_WORD.findall(line):
        assert len(word) <= 75, f"line {number}: an encoded-word of {len(word)} characters (the limit is 75)"
    if len(line) > 78:
        # Longer than 78 only where no fold is possible: a single token (a long address or message id).
        # An encoded-word is never such a token: a shorter one always fits.
        assert len(text.split()) <= 1, f"line {number}: {len(line)} octets with white space to fold at: {line[:80]!r}"
        assert not ENCODED_WORD.search(line), f"line {number}: {len(line)} octets of encoded-words: {line[:80]!r}"

message = email.message_from_bytes(message_bytes, policy=email.policy.strict)
for name, value in message.items():
    assert not value.defects, f"{name}: {value.defects} in {value!r}"
for header in ("From", "Date", "Message-ID", "MIME-Version", "Subject"):
    assert message[header] is not None, f"missing {header}"


def expected_mailbox(text):
    """A mailbox as the document writes it: `display name <address>` or a bare address."""
    text = text.strip()
    if text.endswith(">") and "<" in text:
        cut = text.rindex("<")
        name, address = text[:cut].strip(), text[cut + 1 : -1].strip()
        if len(name) >= 2 and name[0] == '"' and name[-1] == '"':
            name = re.sub(r"\\(.)", r"\1", name[1:-1])
        return name, address
    return "", text


def decoded_mailboxes(header):
    value = message[header]
    if value is None:
        return []
    return [(a.display_name, a.addr_spec) for a in value.addresses]


# CPython before the fix of gh-128110 keeps the white space between two adjacent encoded-words of a
# display name, which RFC 2047 section 6.2 says to drop (it does drop it in unstructured text), so it
# reads a long name split into several encoded-words with spaces added. On such a Python the display
# names are also decoded as the RFC says, by email.header.decode_header, from the header as written.
probe = email.message_from_bytes(b"To: =?UTF-8?Q?ab?= =?UTF-8?Q?cd?= <x@example.org>\n\n", policy=email.policy.strict)
PYTHON_KEEPS_SPACE_BETWEEN_ENCODED_WORDS = probe["To"].addresses[0].display_name != "abcd"
raw_message = email.message_from_bytes(message_bytes, policy=email.policy.compat32)


def rfc2047_display_names(header):
    """The display names of an address header as written: unfolded, split at the commas outside
    quoted-strings, each name unquoted or its encoded-words decoded."""
    value = re.sub(r"\n(?=[ \t])", "", raw_message[header] or "")
    items, item, quoted, escaped = [], "", False, False
    for c in value:
        if escaped:
            item, escaped = item + c, False
        elif quoted and c == "\\":
            item, escaped = item + c, True
        elif c == '"':
            item, quoted = item + c, not quoted
        elif c == "," and not quoted:
            items, item = items + [item], ""
        else:
            item += c
    names = []
    for item in items + [item]:
        item = item.strip()
        name = item[: item.rindex("<")].strip() if item.endswith(">") else ""
        if name.startswith('"'):
            names.append(re.sub(r"\\(.)", r"\1", name[1:-1]))
        else:
            names.append(str(email.header.make_header(email.header.decode_header(name))) if name else "")
    return names


expected_subject = args.subject
mail = {}
if args.document:
    with open(args.document, encoding="utf-8") as f:
        mail = json.load(f).get("mail", {})
sender = args.sender or mail.get("from") or os.environ.get("EMAIL")
assert sender, "no From expected: give --from, a document with mail.from, or set EMAIL"
robot = [a for _, a in decoded_mailboxes("From") if a.lower() == "lkp@intel.com"]
assert not robot or expected_mailbox(sender)[1].lower() == "lkp@intel.com", f"From names the robot: {message['From']!r}"
if args.document or args.sender:
    as_list = lambda v: [v] if isinstance(v, str) else list(v or [])
    expected = {"From": [sender]}
    if args.document:
        expected["To"] = as_list(mail.get("to"))
        expected["Cc"] = as_list(mail.get("cc"))
    for header, mailboxes in expected.items():
        want = [expected_mailbox(m) for m in mailboxes]
        got = decoded_mailboxes(header)
        if got != want and PYTHON_KEEPS_SPACE_BETWEEN_ENCODED_WORDS:
            assert [a for _, a in got] == [a for _, a in want], f"{header}: addresses {got!r}, expected {want!r}"
            got = list(zip(rfc2047_display_names(header), [a for _, a in got]))
        assert got == want, f"{header}: decoded {got!r}, expected {want!r}"
    if expected_subject is None and "subject" in mail:
        expected_subject = mail["subject"]
    bare = lambda i: i.strip().removeprefix("<").removesuffix(">")
    if "in_reply_to" in mail:
        assert str(message["In-Reply-To"]) == f"<{bare(mail['in_reply_to'])}>", f"In-Reply-To: {message['In-Reply-To']!r}"
    if "in_reply_to" in mail or "references" in mail:
        thread = [bare(i) for i in as_list(mail.get("references"))]
        if "in_reply_to" in mail and (not thread or thread[-1] != bare(mail["in_reply_to"])):
            thread.append(bare(mail["in_reply_to"]))
        want = " ".join(f"<{i}>" for i in thread)
        got = " ".join(str(message["References"]).split())
        assert got == want, f"References: {message['References']!r}, expected {want!r}"
    else:
        assert message["References"] is None and message["In-Reply-To"] is None, "a reply header the document did not ask for"

subject = str(message["Subject"])
if expected_subject is not None:
    assert subject == expected_subject, f"subject {subject!r} != {expected_subject!r}"
if args.subject_contains is not None:
    assert args.subject_contains in subject, f"subject {subject[:100]!r}... does not hold the expected text"

# A document with attachments makes a multipart/mixed message: the body first, then each file, named as
# its base name and carrying its bytes.
attached = as_list(mail.get("attachments")) if args.document else []
if attached:
    assert message.get_content_type() == "multipart/mixed", message.get_content_type()
    parts = list(message.iter_parts())
    names = [p.get_filename() for p in parts[1:]]
    assert names == [os.path.basename(a) for a in attached], f"attachments {names!r}, expected {attached!r}"
    for part, name in zip(parts[1:], attached):
        with open(os.path.join(os.path.dirname(args.document), name), "rb") as f:
            assert part.get_payload(decode=True) == f.read(), f"{name}: the attached bytes differ"
    message = parts[0]
assert message.get_content_type() == "text/plain"
assert message.get_content_charset() == "utf-8"
body = message.get_content()
assert body.startswith("Greeting,\n"), body[:40]
if not args.no_plus_minus:
    assert "\u00b1" in body, "the table's plus-minus sign did not survive"
print("mbox ok:", subject[:100])
