#pragma once
// Patterns over metric names that a user or a document gives: the regular expressions of name rules
// (metrics/rules.hpp, `pattern` and `search`) and the patterns of the command line (`--metrics`,
// `--higher-is-better`): a glob, or a regular expression between slashes, with `!` to exclude.
//
// Every one of them is matched by one engine, RE2, in time linear in the name whatever the pattern: a
// name chosen by a result file cannot make a comparison hang (`(a+)+$` against `aaaa...b` takes
// exponential time in a backtracking engine such as std::regex). RE2 has no backreferences and no
// lookaround; a pattern that uses them is refused with RE2's reason. Names are matched byte by byte (`.`
// is one byte of the UTF-8 name), as they always were. The engine stays in src/: this header is cheap.
//
// **Example**:
//   const auto fio = perfmail::name_pattern::parse("fio.*_bw_MBps");   // a glob, the whole name
//   fio.matches("fio.write_bw_MBps") == true
//   const auto lat = perfmail::name_pattern::parse("!/lat_(50|99)/");  // excludes what it finds
//   lat.excludes() == true

#include "perfmail/metrics/rules.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace perfmail {

/// Why `expression` is not a regular expression the engine accepts (RE2's reason: a syntax error, a
/// backreference, lookaround, a repetition too large), or nullopt when it is one.
[[nodiscard]] std::optional<std::string> regex_problem(std::string_view expression);

/// A compiled regular expression over names.
class name_regex {
 public:
  /// Where a match must be: from the start of the name (a `pattern` rule; `$` ends one at the name's end)
  /// or anywhere in it (a `search` rule).
  enum class anchoring : std::uint8_t { from_start, anywhere };

  /// The expression of `rule`, a `pattern` or `search` rule, matched where the rule says.
  [[nodiscard]] static name_regex of(const name_rule& rule) {
    return {rule.text, rule.how == name_match::search ? anchoring::anywhere : anchoring::from_start};
  }

  /// Throws usage_error quoting `expression` with regex_problem's reason.
  name_regex(std::string_view expression, anchoring where);

  [[nodiscard]] bool matches(std::string_view name) const;

 private:
  struct compiled;
  std::shared_ptr<const compiled> compiled_;
  anchoring where_;
};

/// A glob (fnmatch(3) without flags: `*`, `?`, `[...]` with `!` or `^` to negate and `[:alpha:]`
/// classes, `\` to quote; a `[` that is not closed is itself) as a regular expression of the same
/// names, for a whole-name match.
[[nodiscard]] std::string glob_expression(std::string_view glob);

/// A pattern of the command line: a glob matched against the whole name, or `/regex/` found anywhere in
/// it, after an optional `!` that makes it exclude what it matches.
class name_pattern {
 public:
  /// Throws usage_error for an empty pattern or a regular expression the engine refuses; the message
  /// quotes `text` (the caller adds the option's name).
  [[nodiscard]] static name_pattern parse(std::string_view text);

  [[nodiscard]] bool matches(std::string_view name) const { return regex_.matches(name); }
  [[nodiscard]] bool excludes() const noexcept { return excludes_; }
  /// The pattern as given, for messages.
  [[nodiscard]] const std::string& text() const noexcept { return text_; }
  /// The pattern (without `!`) as a classifier's name rule that matches the same names: a glob as a
  /// `pattern` rule of its expression to the end of the name, a /regex/ as a `search` rule.
  [[nodiscard]] const name_rule& rule() const noexcept { return rule_; }

 private:
  name_pattern(std::string text, bool excludes, name_rule rule, name_regex regex)
      : text_(std::move(text)), excludes_(excludes), rule_(std::move(rule)), regex_(std::move(regex)) {}
  std::string text_;
  bool excludes_ = false;
  name_rule rule_;
  name_regex regex_;
};

}  // namespace perfmail
