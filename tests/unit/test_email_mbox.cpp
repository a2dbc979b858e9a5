#include <doctest/doctest.h>

#include "perfmail/email/layout.hpp"
#include "perfmail/email/mail_date.hpp"
#include "perfmail/email/mbox.hpp"
#include "perfmail/error.hpp"
#include "perfmail/text/utf8.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

using namespace perfmail::email;

namespace {
mail_headers sample_headers() {
  mail_headers h;
  h.from = "Perfmail Test <perfmail-test@example.org>";
  h.to = {"Developer <dev@example.org>"};
  h.cc = {"list@example.org", "other@example.org"};
  h.subject = "[mm] e932fd3f1772: fio.write_bw_MBps 24% improvement";
  h.date = "Sun, 29 Nov 2026 21:07:17 +0000";
  return h;
}

// A reader of the header block written independently of the writer, to check what a mail client would
// make of it: lines, unfolded fields, RFC 2047 encoded-words, quoted strings and mailboxes.

/// The header lines: after the mbox "From " line, up to the blank line.
std::vector<std::string> header_lines(const std::string& msg) {
  std::vector<std::string> lines;
  std::size_t start = msg.find('\n') + 1;
  const std::size_t end = msg.find("\n\n");
  while (start <= end) {
    const auto stop = msg.find('\n', start);
    lines.push_back(msg.substr(start, stop - start));
    start = stop + 1;
  }
  return lines;
}

/// The value of the first field called `name`, unfolded (line breaks removed, white space kept), without
/// the white space after the colon; "<absent>" when there is no such field.
std::string field(const std::string& msg, std::string_view name) {
  const auto lines = header_lines(msg);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (!lines[i].starts_with(std::string{name} + ":")) continue;
    std::string value = lines[i].substr(name.size() + 1);
    for (std::size_t k = i + 1; k < lines.size() && (lines[k].starts_with(' ') || lines[k].starts_with('\t')); ++k)
      value += lines[k];
    return value.substr(std::min(value.find_first_not_of(" \t"), value.size()));
  }
  return "<absent>";
}

std::string base64_decode(std::string_view text) {
  static constexpr std::string_view alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  std::uint32_t bits = 0;
  int count = 0;
  for (char c : text) {
    if (c == '=') break;
    const auto at = alphabet.find(c);
    REQUIRE(at != std::string_view::npos);
    bits = (bits << 6) | static_cast<std::uint32_t>(at);
    count += 6;
    if (count >= 8) {
      count -= 8;
      out += static_cast<char>((bits >> count) & 0xFF);
    }
  }
  return out;
}

/// The text of one encoded-word `=?UTF-8?B?...?=` or `=?UTF-8?Q?...?=`, or nothing when `word` is not one.
bool decode_word(std::string_view word, std::string& text) {
  if (!word.starts_with("=?") || !word.ends_with("?=") || word.size() < 9) return false;
  const std::string_view inner = word.substr(2, word.size() - 4);
  const auto q1 = inner.find('?');
  if (q1 == std::string_view::npos || q1 + 2 >= inner.size() || inner[q1 + 2] != '?') return false;
  const char encoding = inner[q1 + 1];
  const std::string_view payload = inner.substr(q1 + 3);
  if (encoding == 'B' || encoding == 'b') {
    text = base64_decode(payload);
    return true;
  }
  text.clear();
  for (std::size_t i = 0; i < payload.size(); ++i) {
    if (payload[i] == '_') text += ' ';
    else if (payload[i] == '=' && i + 2 < payload.size()) {
      text += static_cast<char>(std::stoi(std::string{payload.substr(i + 1, 2)}, nullptr, 16));
      i += 2;
    } else text += payload[i];
  }
  return true;
}

/// Unstructured text as RFC 2047 reads it: encoded-words decoded, and the white space between two
/// adjacent encoded-words dropped.
std::string decode_unstructured(std::string_view value) {
  std::string out;
  bool after_word = false;
  std::size_t i = 0;
  while (i < value.size()) {
    std::size_t j = i;
    while (j < value.size() && (value[j] == ' ' || value[j] == '\t')) ++j;
    std::size_t k = j;
    while (k < value.size() && value[k] != ' ' && value[k] != '\t') ++k;
    const std::string_view space = value.substr(i, j - i);
    const std::string_view word = value.substr(j, k - j);
    std::string text;
    if (!word.empty() && decode_word(word, text)) {
      if (!after_word) out += space;
      out += text;
      after_word = true;
    } else {
      out += space;
      out += word;
      after_word = false;
    }
    i = k;
  }
  return out;
}

/// The mailboxes of an address field, each as (display name, address), the name decoded or unquoted.
std::vector<std::pair<std::string, std::string>> mailboxes(std::string_view value) {
  std::vector<std::string> items(1);
  bool quoted = false;
  for (std::size_t i = 0; i < value.size(); ++i) {
    const char c = value[i];
    if (quoted && c == '\\') {
      items.back() += value.substr(i, 2);
      ++i;
      continue;
    }
    if (c == '"') quoted = !quoted;
    if (c == ',' && !quoted) items.emplace_back();
    else items.back() += c;
  }
  std::vector<std::pair<std::string, std::string>> out;
  for (std::string item : items) {
    item = item.substr(item.find_first_not_of(" \t"));
    item = item.substr(0, item.find_last_not_of(" \t") + 1);
    if (!item.ends_with('>')) {
      out.emplace_back("", item);
      continue;
    }
    const auto open = item.rfind('<');
    std::string name = item.substr(0, open);
    name = name.substr(0, name.find_last_not_of(" \t") + 1);
    const std::string address = item.substr(open + 1, item.size() - open - 2);
    if (name.starts_with('"')) {
      std::string unquoted;
      for (std::size_t i = 1; i + 1 < name.size(); ++i) {
        if (name[i] == '\\') ++i;
        unquoted += name[i];
      }
      name = unquoted;
    } else {
      name = decode_unstructured(name);
    }
    out.emplace_back(name, address);
  }
  return out;
}

/// Every header line within 998 octets, and within 78 unless it is a single token; continuation lines
/// start with a space; ASCII only; every encoded-word at most 75 characters and whole UTF-8 characters.
void check_header_lines(const std::string& msg) {
  for (const auto& line : header_lines(msg)) {
    CAPTURE(line);
    CHECK(line.size() <= 998);
    CHECK(std::all_of(line.begin(), line.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; }));
    CHECK((line.starts_with(' ') || line.find(": ") != std::string::npos));
    std::string text = line.starts_with(' ') ? line : line.substr(line.find(':') + 1);
    text = text.substr(text.find_first_not_of(' '));
    if (line.size() > 78) {  // one token, nowhere to fold, and not an encoded-word (a shorter one fits)
      CHECK(text.find(' ') == std::string::npos);
      CHECK(text.find("=?") == std::string::npos);
    }
    std::size_t i = 0;
    while ((i = line.find("=?", i)) != std::string::npos) {
      const auto charset_end = line.find('?', i + 2);
      REQUIRE(charset_end != std::string::npos);
      const auto end = line.find("?=", charset_end + 3);
      REQUIRE(end != std::string::npos);
      const std::string word = line.substr(i, end + 2 - i);
      CHECK(word.size() <= 75);
      std::string text2;
      CHECK(decode_word(word, text2));
      CHECK(perfmail::text::is_valid_utf8(text2));
      i = end + 2;
    }
  }
}
}  // namespace

TEST_CASE("mbox: headers, MIME and body") {
  const auto msg = mbox_message(sample_headers(), "Greeting,\n\n   66.58 \xC2\xB1  5%\n");
  CHECK(msg.starts_with("From perfmail Mon Sep 17 00:00:00 2001\nFrom: Perfmail Test <perfmail-test@example.org>\n"));
  CHECK(msg.find("\nTo: Developer <dev@example.org>\n") != std::string::npos);
  CHECK(msg.find("\nCc: list@example.org,\n    other@example.org\n") != std::string::npos);
  CHECK(msg.find("\nSubject: [mm] e932fd3f1772: fio.write_bw_MBps 24% improvement\n") != std::string::npos);
  CHECK(msg.find("\nDate: Sun, 29 Nov 2026 21:07:17 +0000\n") != std::string::npos);
  CHECK(msg.find("\nMIME-Version: 1.0\nContent-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: 8bit\n\n"
                 "Greeting,\n") != std::string::npos);
  CHECK(msg.ends_with("   66.58 \xC2\xB1  5%\n"));
}

TEST_CASE("mbox: message ids are stable for the same subject and date") {
  const auto a = mbox_message(sample_headers(), "x\n");
  const auto b = mbox_message(sample_headers(), "y\n");
  const auto id = [](const std::string& m) { return m.substr(m.find("Message-ID: "), 40); };
  CHECK(id(a) == id(b));
  auto other = sample_headers();
  other.subject += "!";
  CHECK(id(mbox_message(other, "x\n")) != id(a));
}

TEST_CASE("mbox: body lines starting with From are quoted") {
  const auto msg = mbox_message(sample_headers(), "From here on\n>From there\n");
  CHECK(msg.ends_with("\n>From here on\n>>From there\n"));
}

TEST_CASE("mbox: lines over 998 octets switch the body to quoted-printable") {
  const std::string long_line(1200, 'x');
  const auto msg = mbox_message(sample_headers(), "a = b\n" + long_line + "\n");
  CHECK(msg.find("Content-Transfer-Encoding: quoted-printable") != std::string::npos);
  CHECK(msg.find("a =3D b\n") != std::string::npos);
  for (std::size_t start = 0; start < msg.size();) {
    const auto end = msg.find('\n', start);
    CHECK(end - start <= 998);
    start = end + 1;
  }
  CHECK(quoted_printable("tail \n") == "tail=20\n");
}

TEST_CASE("mbox: a line break in an address is refused") {
  // An address with a line break is not one; rather than guess what was meant, refuse it.
  auto h = sample_headers();
  h.to = {"dev@example.org\nBcc: else@example.org"};
  CHECK_THROWS_AS((void)mbox_message(h, "text\n"), perfmail::usage_error);
}

TEST_CASE("mbox: a non-ASCII display name is encoded, the address is not") {
  auto h = sample_headers();
  h.from = "Zo\xC3\xAB No\xC3\xABl-Dupr\xC3\xA9 <zoe@example.org>";
  const auto msg = mbox_message(h, "text\n");
  check_header_lines(msg);
  const auto from = field(msg, "From");
  CAPTURE(from);
  CHECK(from.starts_with("=?UTF-8?"));
  CHECK(from.ends_with("?= <zoe@example.org>"));  // the address outside every encoded-word
  using mailbox_pair = std::pair<std::string, std::string>;
  CHECK(mailboxes(from) == std::vector<mailbox_pair>{{"Zo\xC3\xAB No\xC3\xABl-Dupr\xC3\xA9", "zoe@example.org"}});
}

TEST_CASE("mbox: a long non-ASCII display name is split into encoded-words at character boundaries") {
  auto h = sample_headers();
  std::string name;
  for (int i = 0; i < 40; ++i) name += "\xCE\xA9\xE2\x82\xAC\xF0\x9F\x98\x80 ";  // 2-, 3- and 4-byte characters
  name += "end";
  h.from = name + " <zoe@example.org>";
  const auto msg = mbox_message(h, "text\n");
  check_header_lines(msg);
  using mailbox_pair = std::pair<std::string, std::string>;
  CHECK(mailboxes(field(msg, "From")) == std::vector<mailbox_pair>{{name, "zoe@example.org"}});
}

TEST_CASE("mbox: ASCII display names holding specials are quoted") {
  auto h = sample_headers();
  h.to = {"Torvalds, Linus <torvalds@example.org>", "A. \"Al\" Smith \\ Co <al@example.org>",
          "\"Doe, John\" <jd@example.org>", "Dev <dev@example.org>"};
  const auto msg = mbox_message(h, "text\n");
  check_header_lines(msg);
  CHECK(msg.find("\nTo: \"Torvalds, Linus\" <torvalds@example.org>,\n"
                 "    \"A. \\\"Al\\\" Smith \\\\ Co\" <al@example.org>,\n"
                 "    \"Doe, John\" <jd@example.org>,\n"
                 "    Dev <dev@example.org>\n") != std::string::npos);
  using mailbox_pair = std::pair<std::string, std::string>;
  CHECK(mailboxes(field(msg, "To")) == std::vector<mailbox_pair>{{"Torvalds, Linus", "torvalds@example.org"},
                                                                 {"A. \"Al\" Smith \\ Co", "al@example.org"},
                                                                 {"Doe, John", "jd@example.org"},
                                                                 {"Dev", "dev@example.org"}});
}

TEST_CASE("mbox: To and Cc lists with non-ASCII names read back") {
  auto h = sample_headers();
  h.to = {"J\xC3\xBCrgen Wei\xC3\x9F <jw@example.de>", "plain@example.org", "<bracketed@example.org>"};
  h.cc = {"\xE6\x9D\x8E\xE5\xB0\x8F\xE9\xBE\x99 <lee@example.cn>", "Dr. A. Smith <smith@example.com>"};
  for (int i = 0; i < 30; ++i) h.cc.push_back("List Member " + std::to_string(i) + " <member" + std::to_string(i) + "@lists.example.org>");
  const auto msg = mbox_message(h, "text\n");
  check_header_lines(msg);
  using mailbox_pair = std::pair<std::string, std::string>;
  CHECK(mailboxes(field(msg, "To")) == std::vector<mailbox_pair>{{"J\xC3\xBCrgen Wei\xC3\x9F", "jw@example.de"},
                                                                 {"", "plain@example.org"},
                                                                 {"", "bracketed@example.org"}});
  const auto cc = mailboxes(field(msg, "Cc"));
  REQUIRE(cc.size() == 32);
  CHECK(cc[0] == mailbox_pair{"\xE6\x9D\x8E\xE5\xB0\x8F\xE9\xBE\x99", "lee@example.cn"});
  CHECK(cc[1] == mailbox_pair{"Dr. A. Smith", "smith@example.com"});
  CHECK(cc[31] == mailbox_pair{"List Member 29", "member29@lists.example.org"});
}

TEST_CASE("mbox: invalid addresses are refused, naming the header") {
  const char* bad[] = {
      "devexample.org",                      // no @
      "Dev <dev@>",                          // no domain
      "<@example.org>",                      // no local part
      "a b@example.org",                     // a space in the address
      "dev@exa mple.org",                    // ... in the domain
      "dev@@example.org",                    // two @
      "dev.@example.org",                    // a dot at the end of the local part
      "dev@example..org",                    // an empty domain label
      "Dev <dev@example.org",                // an angle bracket not closed
      "Dev <dev@example.org> trailing",      // text after the address
      "dev@example.org, other@example.org",  // two addresses in one
      "",                                    // nothing
      "Dev <dev@example.org>\r\nBcc: x@y.org",
      "Zo\xC3\xAB <zo\xC3\xAB@example.org>",  // a non-ASCII local part (SMTPUTF8)
      "dev@ex\xC3\xA4mple.org",               // a non-ASCII domain (IDN)
  };
  for (const char* address : bad) {
    CAPTURE(address);
    auto h = sample_headers();
    h.to = {"ok@example.org", address};
    CHECK_THROWS_WITH_AS((void)mbox_message(h, "x\n"), doctest::Contains("To: "), perfmail::usage_error);
    h = sample_headers();
    h.cc = {address};
    CHECK_THROWS_WITH_AS((void)mbox_message(h, "x\n"), doctest::Contains("Cc: "), perfmail::usage_error);
    h = sample_headers();
    h.from = address;
    CHECK_THROWS_WITH_AS((void)mbox_message(h, "x\n"), doctest::Contains("From: "), perfmail::usage_error);
  }
}

TEST_CASE("mbox: mailboxes as given, and the pieces they are written in") {
  const auto box = parse_mailbox("To", "  \"Doe, John\"   <jd@example.org> ");
  CHECK(box.display_name == "Doe, John");
  CHECK(box.address == "jd@example.org");
  CHECK(parse_mailbox("To", "jd@example.org").display_name.empty());
  CHECK(!parse_mailbox("To", "jd@example.org").angle_brackets);
  CHECK(parse_mailbox("To", "<jd@example.org>").angle_brackets);
  CHECK(parse_mailbox("To", "\"john doe\"@example.org").address == "\"john doe\"@example.org");  // a quoted local part
  CHECK(parse_mailbox("To", "root@[192.0.2.1]").address == "root@[192.0.2.1]");
  CHECK(parse_mailbox("To", "\"unbalanced <u@example.org>").display_name == "\"unbalanced");  // text, quoted on output
  CHECK(fold_header("To", encode_mailbox(parse_mailbox("To", "\"unbalanced <u@example.org>"))) ==
        "To: \"\\\"unbalanced\" <u@example.org>\n");
  try {
    (void)parse_mailbox("Cc", "nobody");
    FAIL("no exception");
  } catch (const mail_header_error& e) {
    CHECK(e.header() == "Cc");
    CHECK(e.problem() == "\"nobody\": not an address (no @)");
    CHECK(std::string{e.what()} == "Cc: \"nobody\": not an address (no @)");
  }
}

TEST_CASE("mbox: long ASCII display names are folded between words, or encoded when they cannot be") {
  auto h = sample_headers();
  std::string words;
  for (int i = 0; i < 30; ++i) {
    if (i > 0) words += ' ';
    words += "Word" + std::to_string(i);
  }
  const std::string long_atom(120, 'x');
  const std::string long_quoted = "Quoted, " + std::string(100, 'q');
  h.to = {words + " <a@example.org>", long_atom + " <b@example.org>", long_quoted + " <c@example.org>"};
  const auto msg = mbox_message(h, "x\n");
  check_header_lines(msg);
  for (const auto& line : header_lines(msg)) CHECK(line.size() <= 78);
  using mailbox_pair = std::pair<std::string, std::string>;
  CHECK(mailboxes(field(msg, "To")) == std::vector<mailbox_pair>{{words, "a@example.org"},
                                                                 {long_atom, "b@example.org"},
                                                                 {long_quoted, "c@example.org"}});
  CHECK(msg.find("\nTo: Word0 Word1 ") != std::string::npos);  // the words as written
}

TEST_CASE("mbox: display names of every length fit the first line of every address header") {
  // The room on the first line depends on the header's name: `From: ` leaves less than `Cc: `.
  for (std::size_t length = 60; length <= 80; ++length) {
    const std::string quoted_name = "A, " + std::string(length - 3, 'b');
    const std::string atom_name(length, 'c');
    for (const std::string& name : {quoted_name, atom_name}) {
      for (const char* header : {"From", "To", "Cc", "Reply-To"}) {
        CAPTURE(header);
        CAPTURE(name);
        const std::vector<std::string> list{name + " <x@example.org>"};
        const auto msg = "From x\n" + address_header(header, list) + "\n";
        check_header_lines(msg);
        for (const auto& line : header_lines(msg)) CHECK(line.size() <= 78);
        using mailbox_pair = std::pair<std::string, std::string>;
        CHECK(mailboxes(field(msg, header)) == std::vector<mailbox_pair>{{name, "x@example.org"}});
      }
    }
  }
}

TEST_CASE("mbox: a line break in a subject cannot end the header block or add a header") {
  // Found by fuzz_email_compose: a commit subject holding a newline put text of the caller's choosing
  // into the header block. A subject is text: control characters become a space.
  auto h = sample_headers();
  h.subject = "[mm] e932fd3f1772: x\nBcc: everyone@example.org\r\n\r\nbody";
  const auto msg = mbox_message(h, "text\n");
  CHECK(msg.find("\nSubject: [mm] e932fd3f1772: x Bcc: everyone@example.org body\n") != std::string::npos);
  CHECK(msg.find("\nBcc:") == std::string::npos);
  CHECK(header_line("a\t\tb\x1b") == "a b ");
}

TEST_CASE("mbox: non-ASCII subjects are RFC 2047 encoded") {
  CHECK(unstructured_header("Subject", "plain") == "Subject: plain\n");
  CHECK(unstructured_header("Subject", "caf\xC3\xA9") == "Subject: =?UTF-8?B?Y2Fmw6k=?=\n");
  CHECK(unstructured_header("Subject", "") == "Subject: \n");
}

TEST_CASE("mbox: a subject of 4,000 octets is folded at white space") {
  auto h = sample_headers();
  h.subject = "[mm] e932fd3f1772:";
  for (int i = 0; h.subject.size() < 4000; ++i) h.subject += " fio.write_bw_MBps." + std::to_string(i);
  const auto msg = mbox_message(h, "text\n");
  check_header_lines(msg);
  for (const auto& line : header_lines(msg)) CHECK(line.size() <= 78);
  CHECK(field(msg, "Subject") == h.subject);  // folded only: no encoded-word needed
}

TEST_CASE("mbox: a subject holding a single token of 2,000 bytes") {
  auto h = sample_headers();
  std::string token;
  for (int i = 0; token.size() < 2000; ++i) token += "fio.write_bw_MBps_" + std::to_string(i) + "=?/";
  token.resize(2000);
  h.subject = "[mm] e932fd3f1772: " + token + " 24% improvement";
  const auto msg = mbox_message(h, "text\n");
  check_header_lines(msg);
  for (const auto& line : header_lines(msg)) CHECK(line.size() <= 78);
  CHECK(decode_unstructured(field(msg, "Subject")) == h.subject);
  CHECK(field(msg, "Subject").starts_with("[mm] e932fd3f1772: =?UTF-8?"));  // short words stay as written
}

TEST_CASE("mbox: non-ASCII subjects of any length read back") {
  auto h = sample_headers();
  h.subject = "[lkp] \xC3\x9C" "berpr\xC3\xBC" "fung: caf\xC3\xA9 cr\xC3\xA8me, na\xC3\xAFve plain words";
  auto msg = mbox_message(h, "text\n");
  check_header_lines(msg);
  CHECK(decode_unstructured(field(msg, "Subject")) == h.subject);
  CHECK(field(msg, "Subject").starts_with("[lkp] =?UTF-8?"));  // ASCII words stay as written
  CHECK(field(msg, "Subject").ends_with("?= plain words"));

  for (int i = 0; h.subject.size() < 4000; ++i) h.subject += " Gr\xC3\xBC\xC3\x9F" "e\xE2\x80\x94\xF0\x9F\x98\x80" + std::to_string(i);
  h.subject += "  two  spaces   ";
  msg = mbox_message(h, "text\n");
  check_header_lines(msg);
  CHECK(decode_unstructured(field(msg, "Subject")) == h.subject);
}

TEST_CASE("mbox: subject text that looks like an encoded-word, or is not UTF-8") {
  auto h = sample_headers();
  h.subject = "literal =?UTF-8?B?Zm9v?= text";
  auto msg = mbox_message(h, "text\n");
  check_header_lines(msg);
  CHECK(decode_unstructured(field(msg, "Subject")) == h.subject);  // read back as written, not as "foo"
  h.subject = "bad \xFF\xC3 bytes";
  msg = mbox_message(h, "text\n");
  check_header_lines(msg);
  CHECK(decode_unstructured(field(msg, "Subject")) == "bad \xEF\xBF\xBD\xEF\xBF\xBD bytes");  // U+FFFD each
}

TEST_CASE("mbox: folding keeps white space as written and never leaves a line of white space only") {
  CHECK(unstructured_header("Subject", "  leading and trailing  ") == "Subject:   leading and trailing  \n");
  const std::string runs = "a" + std::string(500, ' ') + "b" + std::string(100, ' ') + "c";
  const auto header = unstructured_header("Subject", runs);
  const auto msg = "From x\n" + header + "\n";
  check_header_lines(msg);
  for (const auto& line : header_lines(msg)) {
    CHECK(line.size() <= 78);
    CHECK(line.find_first_not_of(' ') != std::string::npos);
  }
  CHECK(decode_unstructured(field(msg, "Subject")) == runs);
  CHECK(decode_unstructured(field("From x\n" + unstructured_header("Subject", std::string(300, ' ')) + "\n", "Subject")) ==
        std::string(300, ' '));
}

TEST_CASE("mbox: random subjects and display names read back, within the limits") {
  // A fixed-seed generator: words of ASCII, specials, non-ASCII of every length, invalid bytes and
  // `=?`, joined by runs of spaces and tabs.
  std::uint64_t state = 0x9E3779B97F4A7C15ull;
  const auto next = [&](std::uint64_t n) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state % n;
  };
  const char* pieces[] = {"fio", ".", "write_bw", "24%", ",", "\"", "\\", "=?", "?=", "(", ")", "<", ">", "@", ":",
                          "\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80", "\xCE\xA9", "\xFF", "x", "_", "="};
  const auto text_of = [&](std::size_t max_words, bool spaces_only) {
    std::string out;
    const auto words = 1 + next(max_words);
    for (std::size_t w = 0; w < words; ++w) {
      if (w > 0) {
        const auto run = next(10) == 0 ? 1 + next(120) : 1;
        for (std::size_t k = 0; k < run; ++k) out += spaces_only || next(4) ? ' ' : '\t';
      }
      const auto length = next(8) == 0 ? 1 + next(200) : 1 + next(6);
      for (std::size_t k = 0; k < length; ++k) out += pieces[next(std::size(pieces))];
    }
    return out;
  };
  const auto trim = [](std::string s) {
    s.erase(0, s.find_first_not_of(" \t"));
    s.erase(s.find_last_not_of(" \t") + 1);
    return s;
  };
  for (int round = 0; round < 400; ++round) {
    auto h = sample_headers();
    h.subject = text_of(40, false);
    std::string name = text_of(12, true);
    if (name.starts_with('"')) name.insert(0, "x");  // a name starting with a quote would be read as quoted
    h.cc = {name + " <someone@example.org>"};
    CAPTURE(h.subject);
    CAPTURE(name);
    const auto msg = mbox_message(h, "x\n");
    check_header_lines(msg);
    std::string expected = header_line(h.subject);
    std::string valid;
    for (std::size_t i = 0; i < expected.size();) {
      const auto seq = perfmail::text::decode_utf8(expected, i);
      valid += seq.valid() ? expected.substr(i, seq.length) : "\xEF\xBF\xBD";
      i += seq.valid() ? seq.length : 1;
    }
    CHECK(trim(decode_unstructured(field(msg, "Subject"))) == trim(valid));
    const auto cc = mailboxes(field(msg, "Cc"));
    REQUIRE(cc.size() == 1);
    std::string valid_name;
    const std::string trimmed = trim(name);
    for (std::size_t i = 0; i < trimmed.size();) {
      const auto seq = perfmail::text::decode_utf8(trimmed, i);
      valid_name += seq.valid() ? trimmed.substr(i, seq.length) : "\xEF\xBF\xBD";
      i += seq.valid() ? seq.length : 1;
    }
    CHECK(cc[0].first == valid_name);
    CHECK(cc[0].second == "someone@example.org");
  }
}

TEST_CASE("mbox: a line break in a message id is refused") {
  auto h = sample_headers();
  h.in_reply_to = "id@host>\n\nX";
  CHECK_THROWS_AS((void)mbox_message(h, "text\n"), perfmail::usage_error);
}

TEST_CASE("mbox: In-Reply-To comes with References, both as <id>") {
  auto h = sample_headers();
  h.in_reply_to = "20171128020155.GA10329@yexl-desktop";
  auto msg = mbox_message(h, "text\n");
  CHECK(msg.find("\nIn-Reply-To: <20171128020155.GA10329@yexl-desktop>\n"
                 "References: <20171128020155.GA10329@yexl-desktop>\n") != std::string::npos);
  h.in_reply_to = "<20171128020155.GA10329@yexl-desktop>";  // given with its angle brackets
  CHECK(mbox_message(h, "text\n") == msg);
  CHECK(field(mbox_message(sample_headers(), "x\n"), "References") == "<absent>");
}

TEST_CASE("mbox: References is the thread given, then the message replied to") {
  auto h = sample_headers();
  h.in_reply_to = "<parent@example.org>";
  h.references = {"root@example.org", "<middle@example.org>"};
  CHECK(field(mbox_message(h, "x\n"), "References") == "<root@example.org> <middle@example.org> <parent@example.org>");
  CHECK(field(mbox_message(h, "x\n"), "In-Reply-To") == "<parent@example.org>");
  // a thread that already ends with the parent (the parent's References plus its id) names it once
  h.references.push_back("parent@example.org");
  CHECK(field(mbox_message(h, "x\n"), "References") == "<root@example.org> <middle@example.org> <parent@example.org>");
  // a thread without a parent: References alone, and no In-Reply-To
  h.in_reply_to.clear();
  CHECK(field(mbox_message(h, "x\n"), "In-Reply-To") == "<absent>");
  CHECK(field(mbox_message(h, "x\n"), "References") == "<root@example.org> <middle@example.org> <parent@example.org>");
  // a long thread is folded between ids, every line within 78 octets
  h.references.assign(12, "");
  for (std::size_t i = 0; i < h.references.size(); ++i) h.references[i] = "message-" + std::to_string(i) + "@lists.example.org";
  const auto msg = mbox_message(h, "x\n");
  check_header_lines(msg);
  const auto lines = header_lines(msg);
  CHECK(std::count_if(lines.begin(), lines.end(), [](const std::string& l) { return l.starts_with(" <message-"); }) >= 2);
  CHECK(field(msg, "References").find("<message-11@lists.example.org>") != std::string::npos);
  // an id of the thread that is not one is refused, naming References
  h.references = {"root@example.org", "two words@example.org"};
  CHECK_THROWS_WITH_AS((void)mbox_message(h, "x\n"), doctest::Contains("References: \"two words@example.org\""),
                       perfmail::usage_error);
}

TEST_CASE("mbox: a message needs a From, and there is no default one") {
  CHECK(mail_headers{}.from.empty());  // not the robot's: git send-email would copy a From that is not the sender's
  auto h = sample_headers();
  h.from.clear();
  CHECK_THROWS_WITH_AS((void)mbox_message(h, "x\n"), doctest::Contains("From: none given"), mail_header_error);
  h.from = "  ";
  CHECK_THROWS_WITH_AS((void)mbox_message(h, "x\n"), doctest::Contains("From: none given"), mail_header_error);
}

TEST_CASE("mbox: message ids that are not of the form left@right are refused") {
  const char* bad[] = {"no-at-sign", "two words@host", "a<b@host", "a@b>c", "left@", "@right", "a@b@c", "\xC3\xA9@host"};
  for (const char* id : bad) {
    CAPTURE(id);
    auto h = sample_headers();
    h.in_reply_to = id;
    CHECK_THROWS_WITH_AS((void)mbox_message(h, "x\n"), doctest::Contains("In-Reply-To: "), perfmail::usage_error);
    h = sample_headers();
    h.message_id = id;
    CHECK_THROWS_WITH_AS((void)mbox_message(h, "x\n"), doctest::Contains("Message-ID: "), perfmail::usage_error);
  }
}

TEST_CASE("mbox: a date that is not an RFC 5322 date is refused") {
  auto h = sample_headers();
  h.date = "29 Nov 2026 21:07 -0800";  // no day name, no seconds: still a valid date
  CHECK(mbox_message(h, "x\n").find("\nDate: 29 Nov 2026 21:07 -0800\n") != std::string::npos);
  for (const char* date : {"yesterday", "2026-11-29T21:07:17Z", "Sun, 29 Nov 2026 21:07:17", "Sun, 32 Nov 2026 21:07:17 +0000",
                           "Sun, 29 Nov 2026 21:07:17 +0000\nBcc: x@y.org"}) {
    CAPTURE(date);
    h.date = date;
    CHECK_THROWS_WITH_AS((void)mbox_message(h, "x\n"), doctest::Contains("Date: "), perfmail::usage_error);
  }
}

TEST_CASE("mbox: a date is a day of the calendar, its weekday that day's, its zone one in use") {
  // <chrono>'s calendar decides; each refusal says what is wrong, never only "not a date".
  const auto refusal = [](const char* date) {
    try {
      (void)date_header(date);
    } catch (const mail_header_error& e) {
      return e.problem();
    }
    return std::string{"(accepted)"};
  };
  CHECK(refusal("Tue, 31 Feb 2026 10:00:00 +0000") ==
        "\"Tue, 31 Feb 2026 10:00:00 +0000\": 31 Feb 2026 is not a day of the calendar (Feb has 28 days)");
  CHECK(refusal("29 Feb 2025 10:00 +0000").find("(Feb has 28 days)") != std::string::npos);
  CHECK(refusal("29 Feb 2024 10:00 +0000") == "(accepted)");
  CHECK(refusal("31 Apr 2026 10:00 +0000").find("(Apr has 30 days)") != std::string::npos);
  CHECK(refusal("Mon, 29 Nov 2026 21:07:17 +0000").ends_with("29 Nov 2026 is a Sun, not a Mon"));
  CHECK(refusal("Sun, 29 Nov 2026 21:07:17 +0000") == "(accepted)");
  CHECK(refusal("Sat, 30 Nov 2024 18:44:15 +0800") == "(accepted)");
  CHECK(refusal("1 Jan 2026 10:00 +1500").find("not a zone offset in use (+1500") != std::string::npos);
  CHECK(refusal("1 Jan 2026 10:00 -1300").find("not a zone offset in use (-1300") != std::string::npos);
  CHECK(refusal("1 Jan 2026 10:00 +0560").find("not a zone offset in use") != std::string::npos);
  CHECK(refusal("1 Jan 2026 10:00 +1400") == "(accepted)");
  CHECK(refusal("1 Jan 2026 24:00 +0000").find("not a time of day (24:00:00)") != std::string::npos);
  CHECK(refusal("31 Dec 2026 23:59:60 +0000") == "(accepted)");  // a leap second
  // A long value is cut in the message, and the reason stays.
  const std::string long_date = "Sun, 29 Nov 2026 21:07:17 +0000" + std::string(3000, ' ') + "x";
  const std::string problem = refusal(long_date.c_str());
  CHECK(problem.size() < 200);
  CHECK(problem.ends_with("not an RFC 5322 date (expected e.g. \"Sun, 29 Nov 2026 21:07:17 +0000\")"));
  // The day the layouts and the robot's Message-IDs derive from a date is read by the same reader.
  CHECK(minute_of_mail_date("Sun, 29 Nov 2026 21:07:17 +0000") == 202611292107u);
  CHECK_FALSE(minute_of_mail_date("Tue, 31 Feb 2026 10:00:00 +0000").has_value());
  CHECK_FALSE(minute_of_mail_date("Mon, 29 Nov 2026 21:07:17 +0000").has_value());
}

TEST_CASE("mbox: C1 and bidirectional controls in any header value are refused, named by code point") {
  // U+202E would show `Evil <a@example.org>` reversed; NEL (U+0085) and CSI (U+009B) are acted on by
  // terminals that show the mail. A space cannot stand for them without changing what the text says.
  for (const char* control : {"\u0085", "\u009B", "\u202E", "\u2066", "\u200F", "\u061C", "\u2028"}) {
    CAPTURE(control);
    const std::string name = std::string{"Evil "} + control + "redaeR <a@example.org>";
    CHECK_THROWS_WITH_AS((void)parse_mailbox("From", name), doctest::Contains("From: \"Evil \\u"), mail_header_error);
    CHECK_THROWS_WITH_AS((void)parse_mailbox("To", name), doctest::Contains("which would change how the header shows"),
                         mail_header_error);
    CHECK_THROWS_WITH_AS((void)unstructured_header("Subject", std::string{"[mm] x"} + control),
                         doctest::Contains("Subject: "), mail_header_error);
  }
  CHECK_THROWS_WITH_AS((void)parse_mailbox("From", "Evil \u202E <a@example.org>"),
                       doctest::Contains("holds U+202E, a bidirectional control"), mail_header_error);
  CHECK_THROWS_WITH_AS((void)parse_mailbox("From", "Evil \u0085 <a@example.org>"),
                       doctest::Contains("holds U+0085, a C1 control"), mail_header_error);
  CHECK_THROWS_WITH_AS((void)parse_mailbox("From", "Evil\x1b[31m <a@example.org>"),
                       doctest::Contains("a line break or another control character"), mail_header_error);
  // Visible text beyond ASCII is still encoded as before.
  CHECK(parse_mailbox("From", "Ren\u00E9 <r@example.org>").display_name == "Ren\u00E9");
}

TEST_CASE("mbox: a value of 3,000 octets is refused with its reason, the value cut") {
  const std::string long_address = std::string(3000, 'a') + "@example.org";
  try {
    (void)parse_mailbox("From", long_address);
    FAIL("accepted");
  } catch (const mail_header_error& e) {
    CHECK(std::string_view{e.what()}.size() < 200);
    CHECK(std::string_view{e.what()}.ends_with("not an address (longer than 254 octets: 3012)"));
    CHECK(std::string_view{e.what()}.starts_with("From: \"" + std::string(40, 'a') + "...\""));
  }
  const std::string long_id = std::string(3000, 'i') + "@example.org";
  try {
    (void)msg_id_header("Message-ID", long_id);
    FAIL("accepted");
  } catch (const mail_header_error& e) {
    CHECK(std::string_view{e.what()}.size() < 200);
    CHECK(std::string_view{e.what()}.ends_with("a message id of 3012 octets, too long for a header line"));
  }
}

namespace {

/// The boundary as the writer first chose it: each candidate in turn, tried against every part. The
/// writer's one pass must choose the same one.
std::string boundary_tried_in_turn(std::string_view body, const std::vector<mail_attachment>& attachments) {
  for (std::uint64_t number = detail::fnv1a(body);; ++number) {
    const std::string candidate = fmt::format("perfmail-{:016x}", number);
    const bool in_a_part = body.find(candidate) != std::string_view::npos ||
                           std::any_of(attachments.begin(), attachments.end(), [&](const mail_attachment& a) {
                             return a.content.find(candidate) != std::string::npos;
                           });
    if (!in_a_part) return candidate;
  }
}

std::size_t occurrences(std::string_view text, std::string_view word) {
  std::size_t n = 0;
  for (auto at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("mbox: the multipart boundary is the first candidate in no part, found in one pass") {
  const std::string body = "Greeting,\n\nthe body of the report\n";
  const std::uint64_t first = detail::fnv1a(body);
  const auto candidate = [&](std::uint64_t k) { return fmt::format("perfmail-{:016x}", first + k); };
  SUBCASE("ordinary parts keep the body's own boundary") {
    const std::vector<mail_attachment> files{{"job.yaml", "suite: fsmark\n"}, {"trace.bin", std::string("\0\1\2", 3)}};
    CHECK(detail::mime_boundary(body, files) == candidate(0));
    CHECK(detail::mime_boundary(body, files) == boundary_tried_in_turn(body, files));
  }
  SUBCASE("an attachment holding the first 2,000 candidates, in any order, with text around them") {
    std::string hostile;
    for (std::uint64_t k = 2000; k-- > 0;) hostile += fmt::format("x{}--{}\n", k % 7, candidate(k));
    const std::vector<mail_attachment> files{{"boundaries.txt", hostile}};
    CHECK(detail::mime_boundary(body, files) == candidate(2000));
    CHECK(detail::mime_boundary(body, files) == boundary_tried_in_turn(body, files));
    const std::string msg = mbox_message(sample_headers(), body, files);
    // The boundary is in the header and on its delimiter lines only: the body's, the file's, the close.
    CHECK(occurrences(msg, candidate(2000)) == 4);
    CHECK(msg.find("boundary=\"" + candidate(2000) + "\"") != std::string::npos);
    CHECK(msg.ends_with("--" + candidate(2000) + "--\n"));
  }
  SUBCASE("candidates spread over several files, with a gap") {
    // "perfmail-" twice over still names the candidate after it; the fifth (k = 4) is in no file.
    const std::vector<mail_attachment> files{{"a.txt", candidate(0) + candidate(1) + candidate(2)},
                                             {"b.txt", "perfmail-perfmail-" + fmt::format("{:016x}", first + 3)},
                                             {"c.txt", candidate(5)}};
    CHECK(detail::mime_boundary(body, files) == candidate(4));
    CHECK(detail::mime_boundary(body, files) == boundary_tried_in_turn(body, files));
  }
  SUBCASE("what is not a candidate rules nothing out") {
    // Upper-case hex digits, fewer than 16 digits at the end of a file, a candidate cut by a line break.
    std::string upper = candidate(0);
    std::transform(upper.begin() + 9, upper.end(), upper.begin() + 9, [](char c) {
      return static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    });
    const std::string digits = fmt::format("{:016x}", first);
    const bool has_letter = digits.find_first_of("abcdef") != std::string::npos;
    const std::vector<mail_attachment> files{{"a.txt", upper},
                                             {"b.txt", candidate(0).substr(0, 20)},
                                             {"c.txt", "perfmail-" + digits.substr(0, 8) + "\n" + digits.substr(8)}};
    CHECK(detail::mime_boundary(body, files) == (has_letter ? candidate(0) : candidate(1)));
    CHECK(detail::mime_boundary(body, files) == boundary_tried_in_turn(body, files));
  }
}

TEST_CASE("mbox: attachment names are one line of UTF-8 without a directory") {
  CHECK_NOTHROW(check_attachment_name("config-6.8.0-rc1-\xC3\xBC"));
  CHECK_THROWS_WITH_AS(check_attachment_name(""), "attachment: a file name is empty", mail_header_error);
  CHECK_THROWS_WITH_AS(check_attachment_name("a/b"), "attachment: \"a/b\": a file name, not a path", mail_header_error);
  CHECK_THROWS_WITH_AS(check_attachment_name("a\nb"), "attachment: \"a\\x0Ab\": not one line of UTF-8 (byte 2)",
                       mail_header_error);
}
