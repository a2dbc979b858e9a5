#include <doctest/doctest.h>

#include "perfmail/email/mbox.hpp"

#include <string>

using namespace perfmail::email;

namespace {
mail_headers sample_headers() {
  mail_headers h;
  h.to = {"Developer <dev@example.org>"};
  h.cc = {"list@example.org", "other@example.org"};
  h.subject = "[mm] e932fd3f1772: fio.write_bw_MBps 24% improvement";
  h.date = "Sun, 29 Nov 2026 21:07:17 +0000";
  return h;
}
}  // namespace

TEST_CASE("mbox: headers, MIME and body") {
  const auto msg = mbox_message(sample_headers(), "Greeting,\n\n   66.58 \xC2\xB1  5%\n");
  CHECK(msg.starts_with("From perfmail Mon Sep 17 00:00:00 2001\nFrom: kernel test robot <lkp@intel.com>\n"));
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

TEST_CASE("mbox: non-ASCII subjects are RFC 2047 encoded") {
  CHECK(encode_header_value("plain") == "plain");
  CHECK(encode_header_value("caf\xC3\xA9") == "=?UTF-8?B?Y2Fmw6k=?=");
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

TEST_CASE("mbox: a line break in any header value cannot end the header block or add a header") {
  // Found by fuzz_email_compose: a commit subject holding a newline put text of the caller's choosing
  // into the header block.
  auto h = sample_headers();
  h.subject = "[mm] e932fd3f1772: x\nBcc: everyone@example.org\r\n\r\nbody";
  h.to = {"dev@example.org\nBcc: else@example.org"};
  h.in_reply_to = "id@host>\n\nX";
  const auto msg = mbox_message(h, "text\n");
  CHECK(msg.find("\nSubject: [mm] e932fd3f1772: x Bcc: everyone@example.org body\n") != std::string::npos);
  CHECK(msg.find("\nTo: dev@example.org Bcc: else@example.org\n") != std::string::npos);
  CHECK(msg.find("\nIn-Reply-To: <id@host> X>\n") != std::string::npos);
  CHECK(msg.find("\nBcc:") == std::string::npos);
  CHECK(header_line("a\t\tb\x1b") == "a b ");
}
