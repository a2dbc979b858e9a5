// The mbox writer's multipart messages (email::mbox_message with attachments) on bodies and files built
// from the fuzz bytes: any bytes, text with long lines and "From " lines, and files that hold runs of
// the boundaries the writer would try (the candidates after the body's hash), under names that are
// valid or not. Checks: a message is written exactly when every name is one a part can carry (else
// mail_header_error); the boundary is the first candidate in no part, as trying each candidate against
// every part would find it; it is in the message only as the Content-Type parameter and on the n + 2
// delimiter lines; every file is in the message, as it is or in base64.
#include "fuzz_support.hpp"

#include "perfmail/email/mbox.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace perfmail;

constexpr std::string_view names[] = {"job.yaml", "config-6.8.0-rc1.gz", "trace.bin", "notes.txt", "r\xC3\xA9sum\xC3\xA9.log"};

/// What the writer's one pass must agree with: each candidate in turn, tried against every part.
std::string boundary_tried_in_turn(std::string_view body, const std::vector<email::mail_attachment>& files) {
  for (std::uint64_t number = email::detail::fnv1a(body);; ++number) {
    const std::string candidate = fmt::format("perfmail-{:016x}", number);
    const auto in = [&](std::string_view part) { return part.find(candidate) != std::string_view::npos; };
    if (!in(body) && std::none_of(files.begin(), files.end(), [&](const email::mail_attachment& a) {
          return in(a.file_name) || in(a.content);
        }))
      return candidate;
  }
}

std::size_t occurrences(std::string_view text, std::string_view word) {
  std::size_t n = 0;
  for (auto at = text.find(word); at != std::string_view::npos; at = text.find(word, at + word.size())) ++n;
  return n;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::byte_reader in(data, size);
  std::string body = in.below(3) == 0 ? in.text(300) : in.utf8_text(120) + "\nFrom here on\n";
  const bool long_line = in.flag();
  if (long_line) body += std::string(1000, 'x') + "\n";  // a line too long for SMTP: quoted-printable
  // The candidates follow the hash of the body as sent: quoted-printable where a line is too long.
  const std::string sent = long_line ? email::quoted_printable(body) : body;
  const std::uint64_t first = email::detail::fnv1a(sent);
  std::vector<email::mail_attachment> files(in.below(4));
  bool names_valid = true;
  for (auto& file : files) {
    file.file_name = in.below(5) == 0 ? in.text(12) : std::string{in.pick(names)};
    switch (in.below(4)) {
      case 0: file.content = in.text(400); break;
      case 1: file.content = in.utf8_text(80); break;
      default: {
        // Candidates of the body's hash, some left out, in any order, between any bytes.
        const std::size_t count = in.below(40);
        for (std::size_t k = 0; k < count; ++k) {
          file.content += in.text(3);
          file.content += fmt::format("perfmail-{:016x}", first + in.below(48));
        }
        break;
      }
    }
    try {
      email::check_attachment_name(file.file_name);
    } catch (const email::mail_header_error&) {
      names_valid = false;
    }
  }
  email::mail_headers headers;
  headers.from = "Perfmail Test <perfmail-test@example.org>";
  headers.subject = "fuzz";
  headers.date = "Sun, 29 Nov 2026 21:07:17 +0000";

  std::string message;
  try {
    message = email::mbox_message(headers, body, files);
  } catch (const email::mail_header_error& e) {
    fuzz::check_message(e);
    if (names_valid) fuzz::finding("a message refused whose attachment names are all valid");
    return 0;
  } catch (...) {
    fuzz::finding("an exception that is not a mail_header_error");
  }
  if (!names_valid) fuzz::finding("a message written with an attachment name no part can carry");
  if (files.empty()) return 0;

  const auto header = message.find("boundary=\"perfmail-");
  if (header == std::string::npos) fuzz::finding("a multipart message without its boundary");
  const std::string boundary = message.substr(header + 10, 25);
  if (boundary != email::detail::mime_boundary(sent, files)) fuzz::finding("a boundary the writer does not choose");
  if (boundary != boundary_tried_in_turn(sent, files)) fuzz::finding("a boundary that is not the first free candidate");
  if (occurrences(message, boundary) != files.size() + 3)
    fuzz::finding("the boundary elsewhere than its parameter and its delimiter lines");
  if (occurrences(message, "\n--" + boundary + "\n") != files.size() + 1 || !message.ends_with("\n--" + boundary + "--\n"))
    fuzz::finding("delimiter lines missing or not closed");
  return 0;
}
