// Patterns over metric names, matched by RE2 (include/perfmail/metrics/name_pattern.hpp).

#include "perfmail/metrics/name_pattern.hpp"

#include "perfmail/error.hpp"
#include "perfmail/text/printable.hpp"

#include <fmt/format.h>
#include <re2/re2.h>

namespace perfmail {

namespace {

/// The engine's options for every pattern: bytes (Latin-1), so that `.` and a class match one byte of a
/// UTF-8 name as they did in the ECMAScript engine before; no logging to stderr (the reason is in the
/// message); the default memory bound, within which RE2 still runs in linear time.
RE2::Options engine_options() {
  RE2::Options options;
  options.set_encoding(RE2::Options::EncodingLatin1);
  options.set_log_errors(false);
  return options;
}

/// RE2's reason for refusing a pattern, the part of the pattern it quotes cut as every message cuts
/// input (text::quoted): a reason quoting all of a long pattern would push itself out of the message.
std::string reason_of(const RE2& re) {
  std::string reason = re.error();
  const std::string& quoted_part = re.error_arg();
  if (!quoted_part.empty() && reason.ends_with(quoted_part)) {
    reason.resize(reason.size() - quoted_part.size());
    reason += text::quoted(quoted_part);
  }
  return reason;
}

}  // namespace

struct name_regex::compiled {
  explicit compiled(std::string_view expression)
      : re(re2::StringPiece{expression.data(), expression.size()}, engine_options()) {}
  RE2 re;
};

std::optional<std::string> regex_problem(std::string_view expression) {
  const RE2 re(re2::StringPiece{expression.data(), expression.size()}, engine_options());
  if (re.ok()) return std::nullopt;
  return reason_of(re);
}

name_regex::name_regex(std::string_view expression, anchoring where)
    : compiled_(std::make_shared<const compiled>(expression)), where_(where) {
  if (!compiled_->re.ok())
    throw usage_error(
        fmt::format("{} is not a regular expression: {}", text::quoted(expression), reason_of(compiled_->re)));
}

bool name_regex::matches(std::string_view name) const {
  const RE2::Anchor anchor = where_ == anchoring::from_start ? RE2::ANCHOR_START : RE2::UNANCHORED;
  return compiled_->re.Match(re2::StringPiece{name.data(), name.size()}, 0, name.size(), anchor, nullptr, 0);
}

std::string glob_expression(std::string_view glob) {
  static constexpr std::string_view special = "\\^$.|?*+()[]{}";
  std::string out;
  const auto literal = [&](char c) {
    if (special.find(c) != std::string_view::npos) out += '\\';
    out += c;
  };
  for (std::size_t i = 0; i < glob.size(); ++i) {
    const char c = glob[i];
    if (c == '*') {
      out += ".*";
    } else if (c == '?') {
      out += '.';
    } else if (c == '\\' && i + 1 < glob.size()) {
      literal(glob[++i]);
    } else if (c == '[') {
      // A bracket expression: an optional `!` or `^`, a `]` first is a member, `[:class:]` is a class.
      std::size_t j = i + 1;
      std::string set = "[";
      if (j < glob.size() && (glob[j] == '!' || glob[j] == '^')) {
        set += '^';
        ++j;
      }
      bool closed = false;
      for (bool first = true; j < glob.size(); first = false) {
        const char s = glob[j];
        if (s == ']' && !first) {
          closed = true;
          break;
        }
        if (s == '[' && j + 1 < glob.size() && glob[j + 1] == ':') {
          const auto end = glob.find(":]", j + 2);
          if (end != std::string_view::npos) {
            set.append(glob.substr(j, end + 2 - j));
            j = end + 2;
            continue;
          }
        }
        if (s == '\\' && j + 1 < glob.size()) ++j;  // a quoted member
        const char member = glob[j];
        if (member == '\\' || member == ']' || member == '[' || member == '^') set += '\\';
        set += member;
        ++j;
      }
      if (!closed) {
        literal('[');
        continue;
      }
      out += set;
      out += ']';
      i = j;
    } else {
      literal(c);
    }
  }
  return out;
}

name_pattern name_pattern::parse(std::string_view given) {
  std::string_view body = given;
  const bool excludes = body.starts_with('!');
  if (excludes) body.remove_prefix(1);
  if (body.empty()) throw usage_error(fmt::format("{}: an empty pattern", text::quoted(given)));
  name_rule rule;
  if (body.size() >= 2 && body.front() == '/' && body.back() == '/') {
    rule = {name_match::search, std::string{body.substr(1, body.size() - 2)}};
  } else {
    rule = {name_match::pattern, glob_expression(body) + '$'};
  }
  if (const auto problem = regex_problem(rule.text))
    throw usage_error(fmt::format("{}: not a regular expression: {}", text::quoted(given), *problem));
  name_regex regex = name_regex::of(rule);
  return name_pattern{std::string{given}, excludes, std::move(rule), std::move(regex)};
}

}  // namespace perfmail
