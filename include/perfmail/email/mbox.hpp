#pragma once
// A complete RFC 5322 message in mbox form, ready for `git send-email` or `sendmail -t`: an mbox "From "
// line, the headers, MIME headers declaring UTF-8, and the body. Non-ASCII header text is RFC 2047
// encoded; a body with lines too long for SMTP (over 998 octets) is sent quoted-printable.

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <ctime>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail::email {

struct mail_headers {
  std::string from = "kernel test robot <lkp@intel.com>";
  std::vector<std::string> to;
  std::vector<std::string> cc;
  std::string subject;
  std::string date;        ///< RFC 5322 date; empty: the time of writing
  std::string message_id;  ///< without angle brackets; empty: derived from the subject and date
  std::string in_reply_to;
};

namespace detail {

inline bool is_ascii(std::string_view s) {
  for (unsigned char c : s)
    if (c >= 0x80) return false;
  return true;
}

inline std::string base64(std::string_view bytes) {
  static constexpr std::string_view alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  std::size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    const auto n = (std::uint32_t(std::uint8_t(bytes[i])) << 16) | (std::uint32_t(std::uint8_t(bytes[i + 1])) << 8) |
                   std::uint32_t(std::uint8_t(bytes[i + 2]));
    for (int shift : {18, 12, 6, 0}) out += alphabet[(n >> shift) & 63];
  }
  if (const auto rest = bytes.size() - i; rest > 0) {
    std::uint32_t n = std::uint32_t(std::uint8_t(bytes[i])) << 16;
    if (rest == 2) n |= std::uint32_t(std::uint8_t(bytes[i + 1])) << 8;
    out += alphabet[(n >> 18) & 63];
    out += alphabet[(n >> 12) & 63];
    out += rest == 2 ? alphabet[(n >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

/// FNV-1a: a stable, dependency-free hash for message ids (not for security).
inline std::uint64_t fnv1a(std::string_view s) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

}  // namespace detail

/// A header value on one line: every run of control characters (a line break, a tab, an escape) becomes
/// one space, so that no value can end its header early or start another one.
[[nodiscard]] inline std::string header_line(std::string_view value) {
  std::string out;
  out.reserve(value.size());
  bool in_run = false;
  for (const char c : value) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7F) {
      if (!in_run) out += ' ';
      in_run = true;
      continue;
    }
    in_run = false;
    out += c;
  }
  return out;
}

/// A header value as RFC 2047 encoded-words when it is not plain ASCII.
[[nodiscard]] inline std::string encode_header_value(std::string_view value) {
  if (detail::is_ascii(value)) return std::string{value};
  // Encoded words are limited to 75 characters: split the UTF-8 text at character boundaries.
  std::string out;
  std::size_t start = 0;
  while (start < value.size()) {
    std::size_t end = std::min(value.size(), start + 45);
    while (end < value.size() && (static_cast<unsigned char>(value[end]) & 0xC0) == 0x80) --end;
    if (!out.empty()) out += "\n ";
    out += fmt::format("=?UTF-8?B?{}?=", detail::base64(value.substr(start, end - start)));
    start = end;
  }
  return out;
}

/// Quoted-printable body (RFC 2045), used only when a line is too long for SMTP.
[[nodiscard]] inline std::string quoted_printable(std::string_view body) {
  std::string out;
  std::size_t column = 0;
  auto put = [&](std::string_view piece) {
    if (column + piece.size() > 75) {
      out += "=\n";
      column = 0;
    }
    out += piece;
    column += piece.size();
  };
  for (std::size_t i = 0; i < body.size(); ++i) {
    const auto c = static_cast<unsigned char>(body[i]);
    if (c == '\n') {
      out += '\n';
      column = 0;
    } else if ((c == ' ' || c == '\t') && (i + 1 == body.size() || body[i + 1] == '\n')) {
      put(fmt::format("={:02X}", c));  // trailing white space would be lost in transit
    } else if (c == '=' || c >= 0x7F || (c < 0x20 && c != '\t')) {
      put(fmt::format("={:02X}", c));
    } else {
      put(std::string_view{body.data() + i, 1});
    }
  }
  return out;
}

/// RFC 5322 date of a time point, in UTC.
[[nodiscard]] inline std::string rfc5322_date(std::chrono::system_clock::time_point when) {
  const std::time_t t = std::chrono::system_clock::to_time_t(when);
  std::tm utc{};
  gmtime_r(&t, &utc);
  return fmt::format("{:%a, %d %b %Y %H:%M:%S} +0000", utc);
}

/// The whole message: mbox "From " line, headers, blank line, body (which ends with a newline).
[[nodiscard]] inline std::string mbox_message(const mail_headers& headers, std::string_view body) {
  const std::string date = headers.date.empty() ? rfc5322_date(std::chrono::system_clock::now()) : headers.date;
  const std::string message_id =
      headers.message_id.empty()
          ? fmt::format("{:016x}.perfmail@localhost", detail::fnv1a(headers.subject + '\n' + date))
          : headers.message_id;

  bool long_lines = false;
  for (std::size_t start = 0; start < body.size();) {
    auto end = body.find('\n', start);
    if (end == std::string_view::npos) end = body.size();
    long_lines = long_lines || end - start > 998;
    start = end + 1;
  }

  std::string out = "From perfmail Mon Sep 17 00:00:00 2001\n";
  // Every value is put on one line first: a line break in any of them would end the header block early
  // or add a header of the caller's text.
  const auto addresses = [](const std::vector<std::string>& list) {
    std::vector<std::string> lines;
    for (const auto& a : list) lines.push_back(header_line(a));
    return lines;
  };
  out += fmt::format("From: {}\n", encode_header_value(header_line(headers.from)));
  if (!headers.to.empty()) out += fmt::format("To: {}\n", fmt::join(addresses(headers.to), ",\n    "));
  if (!headers.cc.empty()) out += fmt::format("Cc: {}\n", fmt::join(addresses(headers.cc), ",\n    "));
  out += fmt::format("Subject: {}\n", encode_header_value(header_line(headers.subject)));
  out += fmt::format("Date: {}\n", header_line(date));
  out += fmt::format("Message-ID: <{}>\n", header_line(message_id));
  if (!headers.in_reply_to.empty()) out += fmt::format("In-Reply-To: <{}>\n", header_line(headers.in_reply_to));
  out += "MIME-Version: 1.0\n";
  out += "Content-Type: text/plain; charset=UTF-8\n";
  out += fmt::format("Content-Transfer-Encoding: {}\n\n", long_lines ? "quoted-printable" : "8bit");

  // mbox: a body line starting "From " would start a new message; quote it as mboxrd does.
  std::string text = long_lines ? quoted_printable(body) : std::string{body};
  for (std::size_t start = 0; start < text.size();) {
    auto end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string_view line{text.data() + start, end - start};
    std::string_view unquoted = line;
    while (unquoted.starts_with('>')) unquoted.remove_prefix(1);
    if (unquoted.starts_with("From ")) out += '>';
    out += line;
    out += '\n';
    start = end + 1;
  }
  return out;
}

}  // namespace perfmail::email
