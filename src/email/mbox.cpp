// The mbox message and its headers (email/mbox.hpp): the checks, RFC 2047 encoding and folding, kept
// here so that a file including the header needs neither fmt's formatting nor its chrono support.

#include "perfmail/text/lines.hpp"
#include "perfmail/email/mail_date.hpp"
#include "perfmail/email/mbox.hpp"

#include "perfmail/error.hpp"
#include "perfmail/text/printable.hpp"
#include "perfmail/text/utf8.hpp"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <cstdint>
#include <ctime>
#include <initializer_list>
#include <iterator>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace perfmail::email {

mail_header_error::mail_header_error(std::string header, std::string_view problem)
    : usage_error(fmt::format("{}: {}", header, problem)),
      header_(std::move(header)),
      problem_(printable_message(problem)) {}

namespace detail {

std::uint64_t fnv1a(std::string_view s) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

namespace {

bool is_ascii(std::string_view s) {
  for (unsigned char c : s)
    if (c >= 0x80) return false;
  return true;
}

bool is_space(char c) { return c == ' ' || c == '\t'; }

/// RFC 5322 atext: the characters of an atom, which need no quoting.
bool is_atext(char c) {
  const auto u = static_cast<unsigned char>(c);
  if ((u >= 'A' && u <= 'Z') || (u >= 'a' && u <= 'z') || (u >= '0' && u <= '9')) return true;
  return std::string_view{"!#$%&'*+-/=?^_`{|}~"}.find(c) != std::string_view::npos;
}

/// RFC 5322 dot-atom-text: atoms joined by single dots.
bool is_dot_atom(std::string_view s) {
  if (s.empty() || s.front() == '.' || s.back() == '.' || s.find("..") != std::string_view::npos) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return c == '.' || is_atext(c); });
}

/// `[dtext]`: a domain literal such as `[192.0.2.1]`.
bool is_domain_literal(std::string_view s) {
  if (s.size() < 3 || s.front() != '[' || s.back() != ']') return false;
  return std::all_of(s.begin() + 1, s.end() - 1, [](char c) { return c > 0x20 && c < 0x7F && c != '[' && c != ']' && c != '\\'; });
}

/// `text` with every byte that is not part of well-formed UTF-8 replaced by U+FFFD: the headers declare
/// UTF-8, and an encoded-word must hold whole characters of it.
std::string valid_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto seq = text::decode_utf8(text, i);
    if (!seq.valid()) {
      out += "\xEF\xBF\xBD";
      ++i;
      continue;
    }
    out.append(text.substr(i, seq.length));
    i += seq.length;
  }
  return out;
}

/// Why `value` cannot be a header value as it is, or "": it holds a C0 control (a line break would end
/// the header and start another) or DEL, a C1 control (U+0080 to U+009F, which terminals act on), or a
/// bidirectional control (U+061C, U+200E/F, U+202A to U+202E, U+2066 to U+2069), which makes a name or
/// an address display in another order than it reads: text::is_unsafe_code_point. Named by code point.
std::string control_problem(std::string_view value) {
  for (std::size_t i = 0; i < value.size();) {
    const auto seq = text::decode_utf8(value, i);
    if (!seq.valid()) {
      ++i;
      continue;
    }
    if (seq.code < 0x20 || seq.code == 0x7F) return "holds a line break or another control character";
    if (text::is_unsafe_code_point(seq.code)) {
      const std::string_view kind = seq.code <= 0x9F                         ? "a C1 control"
                                    : seq.code == 0x2028 || seq.code == 0x2029 ? "a line or paragraph separator"
                                                                               : "a bidirectional control";
      return fmt::format("holds U+{:04X}, {}, which would change how the header shows", seq.code, kind);
    }
    i += seq.length;
  }
  return "";
}

std::string base64(std::string_view bytes) {
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

/// Whether a byte stands for itself in 'Q' encoding (RFC 2047 section 4.2). In a display name only
/// letters, digits and `!*+-/` may (section 5, rule 3); in text, any printable character but `=?_`.
bool q_plain(char c, bool phrase) {
  const auto u = static_cast<unsigned char>(c);
  if ((u >= 'A' && u <= 'Z') || (u >= 'a' && u <= 'z') || (u >= '0' && u <= '9')) return true;
  if (phrase) return c == '!' || c == '*' || c == '+' || c == '-' || c == '/';
  return u > 0x20 && u < 0x7F && c != '=' && c != '?' && c != '_';
}

std::size_t q_length(std::string_view bytes, bool phrase) {
  std::size_t n = 0;
  for (char c : bytes) n += (c == ' ' || q_plain(c, phrase)) ? 1 : 3;
  return n;
}

std::string q_encode(std::string_view bytes, bool phrase) {
  std::string out;
  for (char c : bytes) {
    if (c == ' ') out += '_';
    else if (q_plain(c, phrase)) out += c;
    else out += fmt::format("={:02X}", static_cast<unsigned char>(c));
  }
  return out;
}

std::size_t b_length(std::size_t bytes) { return (bytes + 2) / 3 * 4; }

/// `=?UTF-8?X?` and `?=` around the encoded text.
constexpr std::size_t encoded_word_overhead = 12;

/// The longest prefix of `text` (valid UTF-8), in whole characters, whose encoded-word fits in `room`
/// characters; 0 when not even one character fits.
std::size_t encoded_prefix(std::string_view text, bool use_b, bool phrase, std::size_t room) {
  if (room <= encoded_word_overhead) return 0;
  const std::size_t payload = room - encoded_word_overhead;
  std::size_t taken = 0;
  std::size_t q = 0;
  while (taken < text.size()) {
    const std::size_t length = std::max<std::size_t>(1, text::decode_utf8(text, taken).length);
    const std::size_t next = use_b ? b_length(taken + length) : q + q_length(text.substr(taken, length), phrase);
    if (next > payload) break;
    q = next;
    taken += length;
  }
  return taken;
}

std::string encoded_word(std::string_view text, bool use_b, bool phrase) {
  return use_b ? fmt::format("=?UTF-8?B?{}?=", base64(text)) : fmt::format("=?UTF-8?Q?{}?=", q_encode(text, phrase));
}

/// Text that must be an encoded-word to be read back as written: not ASCII, or holding `=?`, which a
/// decoder would take for the start of an encoded-word.
bool needs_encoding(std::string_view text) {
  return !is_ascii(text) || text.find("=?") != std::string_view::npos;
}

std::string address_problem(std::string_view address) {
  if (!is_ascii(address))
    return "a non-ASCII address (internationalized addresses, SMTPUTF8 or IDN, are not supported; an IDN "
           "domain may be written in its xn-- form)";
  const auto at = address.rfind('@');
  if (at == std::string_view::npos) return "not an address (no @)";
  const std::string_view local = address.substr(0, at);
  const std::string_view domain = address.substr(at + 1);
  if (local.empty()) return "not an address (nothing before the @)";
  if (domain.empty()) return "not an address (no domain after the @)";
  if (address.size() > 254) return fmt::format("not an address (longer than 254 octets: {})", address.size());
  if (local.size() > 64) return fmt::format("not an address (a local part longer than 64 octets: {})", local.size());
  if (local.front() == '"') {
    // a quoted local part: "any printable text"@domain, with \" and \\ escaped
    bool closed = false;
    for (std::size_t i = 1; i < local.size(); ++i) {
      const char c = local[i];
      if (c == '\\' && i + 1 < local.size()) {
        ++i;
      } else if (c == '"') {
        closed = i + 1 == local.size();
        break;
      } else if (c < 0x20 || c == 0x7F) {
        break;
      }
    }
    if (!closed) return "not an address (a quoted local part that is not closed, or text after it)";
  } else if (local.find('@') != std::string_view::npos) {
    return "not an address (more than one @)";
  } else if (!is_dot_atom(local)) {
    const auto bad = std::find_if(local.begin(), local.end(), [](char c) { return c != '.' && !is_atext(c); });
    if (bad != local.end()) return fmt::format("not an address ('{}' before the @)", *bad);
    return "not an address (a dot at the start or end of the local part, or two dots together)";
  }
  if (domain.front() == '[') {
    if (!is_domain_literal(domain)) return "not an address (a domain literal that is not [text])";
    return "";
  }
  if (domain.size() > 253) return "not an address (a domain longer than 253 octets)";
  std::size_t start = 0;
  while (true) {
    const auto dot = std::min(domain.find('.', start), domain.size());
    const std::string_view label = domain.substr(start, dot - start);
    if (label.empty()) return "not an address (an empty label in the domain)";
    if (label.size() > 63) return "not an address (a domain label longer than 63 octets)";
    for (const char c : label) {
      const bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
      if (!ok) return fmt::format("not an address ('{}' in the domain)", c);
    }
    if (label.front() == '-' || label.back() == '-') return "not an address (a domain label starting or ending with -)";
    if (dot == domain.size()) break;
    start = dot + 1;
  }
  return "";
}

/// The text of `name` when it is a complete quoted-string (`"Doe, John"`), else `name` itself.
std::string unquoted(std::string_view name) {
  if (name.size() < 2 || name.front() != '"' || name.back() != '"') return std::string{name};
  std::string out;
  for (std::size_t i = 1; i + 1 < name.size(); ++i) {
    if (name[i] == '\\') {
      if (i + 2 == name.size()) return std::string{name};  // the closing quote escaped: not a quoted-string
      ++i;
    } else if (name[i] == '"') {
      return std::string{name};  // a quote inside: text, to be quoted as a whole
    }
    out += name[i];
  }
  return out;
}

/// `name` as an RFC 5322 quoted-string: `"` and `\` escaped.
std::string quoted(std::string_view name) {
  std::string out = "\"";
  for (const char c : name) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  out += '"';
  return out;
}

/// Whether `name` is atoms joined by single spaces: a display name that needs no quoting.
bool is_atom_phrase(std::string_view name) {
  if (name.empty() || name.front() == ' ' || name.back() == ' ' || name.find("  ") != std::string_view::npos)
    return false;
  return std::all_of(name.begin(), name.end(), [](char c) { return c == ' ' || is_atext(c); });
}

constexpr std::array<std::string_view, 7> weekday_names{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
constexpr std::array<std::string_view, 12> month_names{"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                              "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
constexpr std::string_view date_example = "(expected e.g. \"Sun, 29 Nov 2026 21:07:17 +0000\")";

}  // namespace

std::string_view trim_spaces(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

}  // namespace detail

std::string header_line(std::string_view value) {
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

std::string fold_header(std::string_view name, std::span<const header_piece> pieces) {
  std::string out;
  std::string line = fmt::format("{}:", name);
  const auto end_line = [&] {
    if (line.size() > header_line_limit)  // a bug: every caller bounds its pieces
      throw std::logic_error(fmt::format("a {} header line of {} octets", name, line.size()));
    out += line;
    out += '\n';
    line.clear();
  };
  bool first = true;
  for (const header_piece& piece : pieces) {
    const std::string space = first ? " " + piece.space : piece.space;
    const bool own_line = piece.own_line && !first;
    if (!piece.encode) {
      if (!first && (own_line || line.size() + space.size() + piece.text.size() > header_line_target)) end_line();
      line += space;
      line += piece.text;
      first = false;
      continue;
    }
    // The shorter encoding of the whole piece: 'Q' keeps ASCII readable, 'B' is shorter for most
    // other scripts.
    const bool use_b = detail::b_length(piece.text.size()) < detail::q_length(piece.text, piece.phrase);
    std::string_view rest = piece.text;
    std::string_view before = space;
    bool fresh = own_line;
    while (!rest.empty()) {
      const auto room_here = [&] {
        const std::size_t used = line.size() + before.size();
        return std::min(encoded_word_limit, used < header_line_target ? header_line_target - used : 0);
      };
      std::size_t take = fresh ? 0 : detail::encoded_prefix(rest, use_b, piece.phrase, room_here());
      // Rather than a sliver of a word at the end of a line, start a new one; the first word of a
      // header always stays beside its name.
      constexpr std::size_t useful_room = 30;
      if (take == 0 || (take < rest.size() && room_here() < useful_room && !first)) {
        if (!first) end_line();
        take = detail::encoded_prefix(rest, use_b, piece.phrase, room_here());
        if (take == 0) take = std::max<std::size_t>(1, text::decode_utf8(rest, 0).length);  // never: 1 character fits
      }
      line += before;
      line += detail::encoded_word(rest.substr(0, take), use_b, piece.phrase);
      rest.remove_prefix(take);
      before = " ";
      fresh = false;
      first = false;
    }
  }
  if (first) line += ' ';  // an empty value, written as before: `Name: `
  end_line();
  return out;
}

std::vector<header_piece> encode_unstructured(std::string_view header, std::string_view value) {
  const std::string text = detail::valid_utf8(header_line(value));
  // text = spaces[0] words[0] spaces[1] words[1] ... words[n-1] trailing
  std::vector<std::string_view> spaces;
  std::vector<std::string_view> words;
  std::size_t at = 0;
  const std::string_view all{text};
  while (true) {
    std::size_t word = at;
    while (word < all.size() && detail::is_space(all[word])) ++word;
    if (word == all.size()) break;
    std::size_t end = word;
    while (end < all.size() && !detail::is_space(all[end])) ++end;
    spaces.push_back(all.substr(at, word - at));
    words.push_back(all.substr(word, end - word));
    at = end;
  }
  const std::string_view trailing = all.substr(at);
  const std::size_t n = words.size();
  if (n == 0) {
    if (trailing.empty()) return {};
    return {header_piece{"", std::string{trailing}, header.size() + 2 + trailing.size() > header_line_target}};
  }

  std::vector<bool> encode(n);
  for (std::size_t i = 0; i < n; ++i) {
    // the line this word would start: after `Name: ` for the first, else its own white space
    const std::size_t line = (i == 0 ? header.size() + 2 : 0) + spaces[i].size() + words[i].size() +
                             (i + 1 == n ? trailing.size() : 0);
    encode[i] = detail::needs_encoding(words[i]) || line > header_line_target;
  }

  std::vector<header_piece> pieces;
  for (std::size_t i = 0; i < n;) {
    header_piece piece;
    if (!encode[i]) {
      piece.space = std::string{spaces[i]};
      piece.text = std::string{words[i]};
      if (i + 1 == n) piece.text += trailing;
      pieces.push_back(std::move(piece));
      ++i;
      continue;
    }
    // One literal white space separates the encoded-words from the text before them; the rest of the
    // white space (all of it at the start) is encoded, so that it reads back as written.
    piece.encode = true;
    const std::size_t kept = i == 0 ? 0 : 1;
    piece.space = std::string{spaces[i].substr(0, kept)};
    piece.text = std::string{spaces[i].substr(kept)};
    piece.text += words[i];
    std::size_t j = i + 1;
    for (; j < n && encode[j]; ++j) {
      piece.text += spaces[j];
      piece.text += words[j];
    }
    if (j == n) piece.text += trailing;
    pieces.push_back(std::move(piece));
    i = j;
  }
  return pieces;
}

std::string unstructured_header(std::string_view name, std::string_view value) {
  if (const auto problem = detail::control_problem(header_line(value)); !problem.empty())
    throw mail_header_error(std::string{name}, fmt::format("{}: {}", text::quoted(value), problem));
  return fold_header(name, encode_unstructured(name, value));
}

mailbox parse_mailbox(std::string_view header, std::string_view text) {
  const auto refuse = [&](std::string_view problem) {
    throw mail_header_error(std::string{header}, fmt::format("{}: {}", text::quoted(text), problem));
  };
  if (const auto problem = detail::control_problem(text); !problem.empty()) refuse(problem);
  const std::string_view all = detail::trim_spaces(text);
  if (all.empty()) refuse("no address");
  mailbox box;
  std::string_view address = all;
  if (all.back() == '>') {
    const auto open = all.rfind('<');
    if (open == std::string_view::npos) refuse("not an address (a '>' without '<')");
    address = detail::trim_spaces(all.substr(open + 1, all.size() - open - 2));
    box.display_name = detail::valid_utf8(detail::unquoted(detail::trim_spaces(all.substr(0, open))));
    box.angle_brackets = true;
  } else if (all.find('<') != std::string_view::npos) {
    refuse("not an address (a '<' without a '>' at the end of the value)");
  } else if (all.find(',') != std::string_view::npos && all.front() != '"') {
    refuse("not one address (a comma: give several addresses as a list)");
  }
  if (const std::string problem = detail::address_problem(address); !problem.empty()) refuse(problem);
  box.address = std::string{address};
  return box;
}

std::vector<header_piece> encode_mailbox(const mailbox& box,
                                         std::size_t longest) {
  const std::string address = box.display_name.empty() && !box.angle_brackets ? box.address : "<" + box.address + ">";
  if (box.display_name.empty()) return {header_piece{"", address}};
  std::vector<header_piece> pieces;
  const std::string_view name = box.display_name;
  bool encode = detail::needs_encoding(name);
  if (!encode && detail::is_atom_phrase(name)) {
    for (std::size_t start = 0; start <= name.size();) {
      const auto end = std::min(name.find(' ', start), name.size());
      pieces.push_back(header_piece{start == 0 ? "" : " ", std::string{name.substr(start, end - start)}});
      encode = encode || end - start > longest;
      start = end + 1;
    }
  } else if (!encode) {
    pieces.push_back(header_piece{"", detail::quoted(name)});
    encode = pieces.back().text.size() > longest;
  }
  if (encode) pieces = {header_piece{"", std::string{name}, true, true}};
  pieces.push_back(header_piece{" ", address});
  return pieces;
}

std::string address_header(std::string_view name, std::span<const std::string> mailboxes) {
  // Room for a mailbox's first piece: after `Name: ` on the first line, after four spaces on the others.
  const std::size_t longest = header_line_target - std::max<std::size_t>(4, name.size() + 2);
  std::vector<header_piece> pieces;
  for (std::size_t i = 0; i < mailboxes.size(); ++i) {
    auto box = encode_mailbox(parse_mailbox(name, mailboxes[i]), longest);
    if (i > 0) {
      box.front().space = "    ";
      box.front().own_line = true;
    }
    if (i + 1 < mailboxes.size()) box.back().text += ',';
    pieces.insert(pieces.end(), std::make_move_iterator(box.begin()), std::make_move_iterator(box.end()));
  }
  return fold_header(name, pieces);
}

std::string_view bare_msg_id(std::string_view name, std::string_view id) {
  const auto refuse = [&](std::string_view problem) {
    throw mail_header_error(std::string{name}, fmt::format("{}: {}", text::quoted(id), problem));
  };
  std::string_view bare = detail::trim_spaces(id);
  if (bare.size() >= 2 && bare.front() == '<' && bare.back() == '>') bare = bare.substr(1, bare.size() - 2);
  const auto at = bare.find('@');
  const bool valid = at != std::string_view::npos && detail::is_dot_atom(bare.substr(0, at)) &&
                     (detail::is_dot_atom(bare.substr(at + 1)) || detail::is_domain_literal(bare.substr(at + 1)));
  if (!valid) refuse("not a message id (expected left@right, without spaces or angle brackets)");
  if (name.size() + 4 + bare.size() > header_line_limit)
    refuse(fmt::format("a message id of {} octets, too long for a header line", bare.size()));
  return bare;
}

std::string msg_id_header(std::string_view name, std::string_view id) {
  return fmt::format("{}: <{}>\n", name, bare_msg_id(name, id));
}

std::string references_header(std::span<const std::string> thread, std::string_view parent) {
  std::vector<header_piece> pieces;
  std::string_view last;
  for (const std::string& id : thread) {
    last = bare_msg_id("References", id);
    pieces.push_back(header_piece{pieces.empty() ? "" : " ", fmt::format("<{}>", last)});
  }
  if (!parent.empty() && bare_msg_id("References", parent) != last)
    pieces.push_back(header_piece{pieces.empty() ? "" : " ", fmt::format("<{}>", bare_msg_id("References", parent))});
  return fold_header("References", pieces);
}

std::pair<std::optional<mail_date>, std::string> read_mail_date(std::string_view date) {
  using namespace std::chrono;
  std::size_t at = 0;
  const auto literal = [&](std::string_view s) {
    if (date.substr(at, s.size()) != s) return false;
    at += s.size();
    return true;
  };
  const auto spaces = [&] {
    const std::size_t from = at;
    while (at < date.size() && detail::is_space(date[at])) ++at;
    return at > from;
  };
  const auto number = [&](std::size_t min_digits, std::size_t max_digits, int& value) {
    const std::size_t from = at;
    value = 0;
    while (at < date.size() && at - from < max_digits && date[at] >= '0' && date[at] <= '9')
      value = value * 10 + (date[at++] - '0');
    return at - from >= min_digits;
  };
  // The index of the name `names` holds at `at`, or -1.
  const auto name_of = [&](auto const& names) {
    for (std::size_t i = 0; i < names.size(); ++i)
      if (literal(names[i])) return static_cast<int>(i);
    return -1;
  };
  const auto refuse = [&](std::string problem) { return std::pair{std::optional<mail_date>{}, std::move(problem)}; };
  const std::string not_a_date = fmt::format("not an RFC 5322 date {}", detail::date_example);
  const int written_weekday = name_of(detail::weekday_names);
  if (written_weekday >= 0) {
    if (!literal(",")) return refuse(not_a_date);
    spaces();
  }
  int d = 0, y = 0, hour = 0, minute = 0, second = 0, zone = 0;
  if (!number(1, 2, d) || !spaces()) return refuse(not_a_date);
  const int m = name_of(detail::month_names);
  if (m < 0 || !spaces() || !number(4, 4, y) || !spaces()) return refuse(not_a_date);
  if (!number(2, 2, hour) || !literal(":") || !number(2, 2, minute)) return refuse(not_a_date);
  if (literal(":") && !number(2, 2, second)) return refuse(not_a_date);
  if (!spaces()) return refuse(not_a_date);
  const bool west = literal("-");
  if ((!west && !literal("+")) || !number(4, 4, zone) || at != date.size()) return refuse(not_a_date);

  mail_date out;
  const month written_month{static_cast<unsigned>(m + 1)};
  out.day = year_month_day{year{y}, written_month, day{static_cast<unsigned>(d)}};
  if (y < 1900) return refuse(fmt::format("a year before 1900 ({})", y));
  if (!out.day.ok()) {
    const unsigned days = static_cast<unsigned>(year_month_day_last{year{y}, month_day_last{written_month}}.day());
    return refuse(fmt::format("{} {} {} is not a day of the calendar ({} has {} days)", d, detail::month_names[m], y,
                              detail::month_names[m], days));
  }
  if (written_weekday >= 0) {
    const weekday actual{sys_days{out.day}};
    if (actual.c_encoding() != static_cast<unsigned>(written_weekday))
      return refuse(fmt::format("{} {} {} is a {}, not a {}", d, detail::month_names[m], y,
                                detail::weekday_names[actual.c_encoding()], detail::weekday_names[written_weekday]));
  }
  if (hour > 23 || minute > 59 || second > 60)
    return refuse(fmt::format("not a time of day ({:02}:{:02}:{:02})", hour, minute, second));
  if (zone % 100 > 59 || zone > 1400 || (west && zone > 1200))
    return refuse(
        fmt::format("not a zone offset in use ({}{:04}; they run from -1200 to +1400)", west ? '-' : '+', zone));
  out.hour = hour;
  out.minute = minute;
  out.second = second;
  out.zone_minutes = (west ? -1 : 1) * (zone / 100 * 60 + zone % 100);
  return {out, std::string{}};
}

std::string date_header(std::string_view date) {
  const std::string_view value = detail::trim_spaces(date);
  if (const auto [read, problem] = read_mail_date(value); !read)
    throw mail_header_error("Date", fmt::format("{}: {}", text::quoted(date), problem));
  return fmt::format("Date: {}\n", value);
}

std::string quoted_printable(std::string_view body) {
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

std::string rfc5322_date(std::chrono::system_clock::time_point when) {
  const std::time_t t = std::chrono::system_clock::to_time_t(when);
  std::tm utc{};
  gmtime_r(&t, &utc);
  return fmt::format("{:%a, %d %b %Y %H:%M:%S} +0000", utc);
}

namespace {

/// Whether `content` is text a mail part may carry as it is: UTF-8 without NUL or carriage returns,
/// in lines of at most 998 bytes (RFC 5322 section 2.1.1).
bool mailable_text(std::string_view content) {
  if (text::first_invalid_utf8(content) != std::string_view::npos) return false;
  std::size_t line = 0;
  for (const char c : content) {
    if (c == '\0' || c == '\r') return false;
    line = c == '\n' ? 0 : line + 1;
    if (line > 998) return false;
  }
  return true;
}

/// Whether a line of `content` would be quoted in an mbox (`From ` after any `>`): a file sent as it is
/// must not be, or a reader that does not unquote would see other bytes than the file's.
bool has_from_line(std::string_view content) {
  for (const text::line l : text::lines(content)) {
    std::string_view line = l.text;
    while (line.starts_with('>')) line.remove_prefix(1);
    if (line.starts_with("From ")) return true;
  }
  return false;
}

/// The `filename` parameter of Content-Disposition: a quoted string for printable ASCII, else RFC 2231's
/// `filename*=utf-8''` with every byte outside its attribute characters percent-encoded.
std::string filename_parameter(std::string_view name) {
  const bool plain = std::all_of(name.begin(), name.end(), [](char c) { return c >= 0x20 && c < 0x7F; });
  if (plain) {
    std::string out = "filename=\"";
    for (const char c : name) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    return out + '"';
  }
  std::string out = "filename*=utf-8''";
  for (const char c : name) {
    const auto b = static_cast<unsigned char>(c);
    const bool attribute_char = (b >= '0' && b <= '9') || (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') ||
                                std::string_view{"!#$&+-.^_`|~"}.find(c) != std::string_view::npos;
    out += attribute_char ? std::string(1, c) : fmt::format("%{:02X}", b);
  }
  return out;
}

/// base64 in lines of 76 characters (RFC 2045 section 6.8).
std::string base64_lines(std::string_view bytes) {
  const std::string encoded = detail::base64(bytes);
  std::string out;
  for (std::size_t at = 0; at < encoded.size(); at += 76) {
    out.append(encoded, at, 76);
    out += '\n';
  }
  return out;
}

}  // namespace

void check_attachment_name(std::string_view name) {
  if (name.empty()) throw mail_header_error("attachment", "a file name is empty");
  if (name.find('/') != std::string_view::npos)
    throw mail_header_error("attachment", fmt::format("{}: a file name, not a path", text::quoted(name)));
  if (const auto at = text::first_unsafe(name); at != std::string_view::npos)
    throw mail_header_error("attachment", fmt::format("{}: not one line of UTF-8 (byte {})", text::quoted(name), at + 1));
}

namespace detail {

std::string mime_boundary(std::string_view body, std::span<const mail_attachment> attachments) {
  // The candidates are "perfmail-" and 16 lower-case hex digits of a number: the body's hash, then each
  // number after it. A part rules out exactly the candidates written in it, so one pass over the parts
  // collects every number ruled out, and the boundary is the first candidate not among them: the
  // boundary of trying each candidate against every part in turn, in time linear in the parts (that
  // search read the parts once a candidate, and a file holding the candidates made it quadratic).
  static constexpr std::string_view prefix = "perfmail-";
  constexpr std::size_t digits = 16;
  std::vector<std::uint64_t> ruled_out;
  const auto collect = [&](std::string_view part) {
    for (auto at = part.find(prefix); at != std::string_view::npos; at = part.find(prefix, at + prefix.size())) {
      const std::string_view hex = part.substr(at + prefix.size(), digits);
      std::uint64_t number = 0;
      bool candidate = hex.size() == digits;
      for (std::size_t i = 0; candidate && i < digits; ++i) {
        const char c = hex[i];
        candidate = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
        number = number << 4 | static_cast<std::uint64_t>(c <= '9' ? c - '0' : c - 'a' + 10);
      }
      if (candidate) ruled_out.push_back(number);
    }
  };
  collect(body);
  for (const mail_attachment& a : attachments) {
    collect(a.file_name);  // the part's own header names it
    collect(a.content);
  }
  std::sort(ruled_out.begin(), ruled_out.end());
  std::uint64_t number = fnv1a(body);
  while (std::binary_search(ruled_out.begin(), ruled_out.end(), number)) ++number;
  return fmt::format("{}{:016x}", prefix, number);
}

}  // namespace detail

std::string attachment_type(std::string_view file_name, std::string_view content) {
  const std::size_t dot = file_name.rfind('.');
  std::string extension;
  if (dot != std::string_view::npos && dot > 0)
    for (const char c : file_name.substr(dot + 1)) extension += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  struct known {
    std::string_view extension;
    std::string_view type;
  };
  static constexpr known types[] = {
      {"yaml", "application/yaml"}, {"yml", "application/yaml"},   {"json", "application/json"},
      {"gz", "application/gzip"},   {"xz", "application/x-xz"},     {"bz2", "application/x-bzip2"},
      {"zst", "application/zstd"},  {"tar", "application/x-tar"},   {"zip", "application/zip"},
      {"csv", "text/csv"},          {"html", "text/html"},          {"txt", "text/plain"},
      {"log", "text/plain"},        {"sh", "text/x-shellscript"},   {"patch", "text/x-diff"},
      {"diff", "text/x-diff"},      {"png", "image/png"},           {"svg", "image/svg+xml"},
      {"pdf", "application/pdf"},
  };
  const auto named =
      std::find_if(std::begin(types), std::end(types), [&](const known& k) { return k.extension == extension; });
  const bool text_content =
      content.find('\0') == std::string_view::npos && text::first_invalid_utf8(content) == std::string_view::npos;
  std::string type{named != std::end(types) ? named->type : text_content ? "text/plain" : "application/octet-stream"};
  if (type.starts_with("text/") && text_content)
    type += detail::is_ascii(content) ? "; charset=us-ascii" : "; charset=utf-8";
  return type;
}

std::string mbox_message(const mail_headers& headers, std::string_view body,
                         std::span<const mail_attachment> attachments) {
  for (const mail_attachment& a : attachments) check_attachment_name(a.file_name);
  const std::string date = headers.date.empty() ? rfc5322_date(std::chrono::system_clock::now()) : headers.date;
  const std::string message_id =
      headers.message_id.empty()
          ? fmt::format("{:016x}.perfmail@localhost", detail::fnv1a(headers.subject + '\n' + date))
          : headers.message_id;

  bool long_lines = false;
  for (const text::line l : text::lines(body)) long_lines = long_lines || l.text.size() > 998;

  if (detail::trim_spaces(headers.from).empty())
    throw mail_header_error("From", "none given (the sender's address, e.g. \"Name <you@example.org>\")");
  std::string out = "From perfmail Mon Sep 17 00:00:00 2001\n";
  out += address_header("From", std::span{&headers.from, 1});
  if (!headers.to.empty()) out += address_header("To", headers.to);
  if (!headers.cc.empty()) out += address_header("Cc", headers.cc);
  out += unstructured_header("Subject", headers.subject);
  out += date_header(date);
  out += msg_id_header("Message-ID", message_id);
  // RFC 5322 section 3.6.4: a reply names its parent in References as well as in In-Reply-To, and
  // threads are built from References.
  if (!headers.in_reply_to.empty()) out += msg_id_header("In-Reply-To", headers.in_reply_to);
  if (!headers.in_reply_to.empty() || !headers.references.empty())
    out += references_header(headers.references, headers.in_reply_to);
  out += "MIME-Version: 1.0\n";
  const std::string body_headers = fmt::format("Content-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: {}\n",
                                               long_lines ? "quoted-printable" : "8bit");
  std::string text = long_lines ? quoted_printable(body) : std::string{body};
  if (!attachments.empty()) {
    // RFC 2046 multipart/mixed: the body, then each file.
    const std::string boundary = detail::mime_boundary(text, attachments);
    out += fmt::format("Content-Type: multipart/mixed; boundary=\"{}\"\n\n", boundary);
    std::string parts = "This is a multi-part message in MIME format.\n";
    parts += fmt::format("--{}\n{}\n", boundary, body_headers);
    // The line break before a boundary belongs to the boundary (RFC 2046 section 5.1.1): each part that
    // is sent as it is gets one of its own, so that its last line break is kept.
    parts += text;
    parts += '\n';
    for (const mail_attachment& a : attachments) {
      const std::string type = attachment_type(a.file_name, a.content);
      const bool as_is = mailable_text(a.content) && !has_from_line(a.content) &&
                         (type.starts_with("text/") || type.starts_with("application/yaml") ||
                          type.starts_with("application/json"));
      parts += fmt::format("--{}\nContent-Type: {}\nContent-Disposition: attachment; {}\n", boundary, type,
                           filename_parameter(a.file_name));
      if (as_is) {
        parts += fmt::format("Content-Transfer-Encoding: {}\n\n", detail::is_ascii(a.content) ? "7bit" : "8bit");
        parts += a.content;
        parts += '\n';
      } else {
        parts += "Content-Transfer-Encoding: base64\n\n";
        parts += base64_lines(a.content);
      }
    }
    parts += fmt::format("--{}--\n", boundary);
    text = std::move(parts);
  } else {
    out += body_headers;
    out += '\n';
  }

  // mbox: a body line starting "From " would start a new message; quote it as mboxrd does.
  for (const text::line l : text::lines(text)) {
    std::string_view unquoted = l.text;
    while (unquoted.starts_with('>')) unquoted.remove_prefix(1);
    if (unquoted.starts_with("From ")) out += '>';
    out += l.text;
    out += '\n';
  }
  return out;
}

}  // namespace perfmail::email
