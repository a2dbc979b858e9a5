// Choosing and ordering rows: see row_choice.hpp.

#include "row_choice.hpp"

#include "perfmail/error.hpp"
#include "perfmail/text/printable.hpp"

#include <fmt/format.h>

#include <fnmatch.h>

#include <algorithm>
#include <cmath>
#include <regex>
#include <string_view>

namespace perfmail::cli {

struct metric_patterns::compiled {
  std::string text;  ///< as given, for messages
  bool exclude = false;
  bool is_regex = false;
  std::string glob;  ///< NUL-terminated for fnmatch(3)
  std::regex regex;
};

metric_patterns::metric_patterns() = default;
metric_patterns::metric_patterns(metric_patterns&&) noexcept = default;
metric_patterns& metric_patterns::operator=(metric_patterns&&) noexcept = default;
metric_patterns::~metric_patterns() = default;

metric_patterns::metric_patterns(const std::vector<std::string>& patterns) {
  for (const std::string& given : patterns) {
    auto p = std::make_unique<compiled>();
    p->text = given;
    std::string_view body = given;
    if (body.starts_with('!')) {
      p->exclude = true;
      body.remove_prefix(1);
    }
    if (body.empty()) throw usage_error(fmt::format("--metrics {}: an empty pattern", text::quoted(given)));
    if (body.size() >= 2 && body.front() == '/' && body.back() == '/') {
      p->is_regex = true;
      try {
        p->regex = std::regex(std::string{body.substr(1, body.size() - 2)}, std::regex::ECMAScript);
      } catch (const std::regex_error& e) {
        throw usage_error(fmt::format("--metrics {}: not a regular expression: {}", text::quoted(given), e.what()));
      }
    } else {
      p->glob = std::string{body};
    }
    patterns_.push_back(std::move(p));
  }
}

bool metric_patterns::empty() const noexcept { return patterns_.empty(); }

namespace {
bool matches(const std::string& glob, const std::regex& regex, bool is_regex, std::string_view metric) {
  if (is_regex) return std::regex_search(metric.begin(), metric.end(), regex);
  // A name holding a NUL would end early for fnmatch; metric names never hold one (the loaders refuse
  // them), but a shorter match must not stand in for the whole name.
  if (metric.find('\0') != std::string_view::npos) return false;
  return fnmatch(glob.c_str(), std::string{metric}.c_str(), 0) == 0;
}
}  // namespace

bool metric_patterns::chosen(std::string_view metric) const {
  bool any_include = false;
  bool included = false;
  for (const auto& p : patterns_) {
    const bool hit = matches(p->glob, p->regex, p->is_regex, metric);
    if (p->exclude) {
      if (hit) return false;
    } else {
      any_include = true;
      included = included || hit;
    }
  }
  return !any_include || included;
}

std::vector<std::string> metric_patterns::unmatched(const std::vector<comparison_row>& rows) const {
  std::vector<std::string> out;
  for (const auto& p : patterns_) {
    if (p->exclude) continue;
    const bool any = std::any_of(rows.begin(), rows.end(),
                                 [&](const comparison_row& row) { return matches(p->glob, p->regex, p->is_regex, row.name); });
    if (!any) out.push_back(p->text);
  }
  return out;
}

namespace {

/// A glob (fnmatch(3) without flags: `*`, `?`, `[...]` with `!` or `^` to negate, `\` to quote) as an
/// ECMAScript expression of the whole name.
std::string glob_regex(std::string_view glob) {
  static constexpr std::string_view special = "\\^$.|?*+()[]{}";
  std::string out;
  for (std::size_t i = 0; i < glob.size(); ++i) {
    const char c = glob[i];
    if (c == '*') {
      out += ".*";
    } else if (c == '?') {
      out += '.';
    } else if (c == '\\' && i + 1 < glob.size()) {
      ++i;
      if (special.find(glob[i]) != std::string_view::npos) out += '\\';
      out += glob[i];
    } else if (c == '[' && glob.find(']', i + 2) != std::string_view::npos) {
      const std::size_t end = glob.find(']', i + 2);
      std::string_view set = glob.substr(i + 1, end - i - 1);
      out += '[';
      if (!set.empty() && (set.front() == '!' || set.front() == '^')) {
        out += '^';
        set.remove_prefix(1);
      }
      for (const char s : set) {
        if (s == '\\' || s == ']' || s == '[' || s == '^') out += '\\';
        out += s;
      }
      out += ']';
      i = end;
    } else {
      if (special.find(c) != std::string_view::npos) out += '\\';
      out += c;
    }
  }
  return out + '$';
}

}  // namespace

name_rule name_rule_of(std::string_view option, const std::string& pattern) {
  if (pattern.empty()) throw usage_error(fmt::format("{} \"\": an empty pattern", option));
  name_rule rule;
  if (pattern.size() >= 2 && pattern.front() == '/' && pattern.back() == '/') {
    rule.how = name_match::search;
    rule.text = pattern.substr(1, pattern.size() - 2);
  } else {
    rule.how = name_match::pattern;
    rule.text = glob_regex(pattern);
  }
  try {
    (void)std::regex(rule.text, std::regex::ECMAScript);
  } catch (const std::regex_error& e) {
    throw usage_error(fmt::format("{} {}: not a regular expression: {}", option, text::quoted(pattern), e.what()));
  }
  return rule;
}

namespace {

bool shown_by(only_rows only, const comparison_row& row, const verdict_options& verdicts) {
  for (std::size_t c = 1; c <= row.compared_columns(); ++c) {
    const change_verdict v = verdict_of(row, c, verdicts);
    switch (only) {
      case only_rows::regressions:
        if (v == change_verdict::regression) return true;
        break;
      case only_rows::improvements:
        if (v == change_verdict::improvement) return true;
        break;
      case only_rows::missing:
        if (v == change_verdict::gone || v == change_verdict::added || v == change_verdict::failed) return true;
        break;
      case only_rows::changes:
        if (v != change_verdict::unchanged) return true;
        break;
    }
  }
  return false;
}

/// The size of the first compared column's change, for --sort change: the relative change of the mean
/// (over a zero base, the modern table's division by 1e-100, which puts a metric new from zero first),
/// or a failure row's change of the share of runs failing.
double change_size(const comparison_row& row) {
  if (row.compared_columns() == 0) return 0;
  const column_change c = row.change(1);
  const double size = std::fabs(row.failure() ? c.reproduction : c.modern_relative);
  return std::isfinite(size) ? size : 0;
}

}  // namespace

chosen_rows choose_rows(const comparison& cmp, const metric_patterns& patterns, std::optional<only_rows> only,
                        std::optional<row_sort> sort, const verdict_options& verdicts) {
  if (const auto missing = patterns.unmatched(cmp.rows); !missing.empty()) {
    std::string listed;
    for (const auto& m : missing) listed += (listed.empty() ? "" : ", ") + text::quoted(m);
    throw usage_error(fmt::format("--metrics {} matched no metric of the results", listed));
  }
  chosen_rows out;
  out.judged.reserve(cmp.rows.size());
  for (const comparison_row& row : cmp.rows)
    if (patterns.empty() || patterns.chosen(row.name)) out.judged.push_back(&row);
  for (const comparison_row* row : out.judged)
    if (!only || shown_by(*only, *row, verdicts)) out.shown.push_back(row);
  if (!sort) return out;
  switch (*sort) {
    case row_sort::name:
      std::stable_sort(out.shown.begin(), out.shown.end(),
                       [](const comparison_row* a, const comparison_row* b) { return a->name < b->name; });
      break;
    case row_sort::change:
      std::stable_sort(out.shown.begin(), out.shown.end(), [](const comparison_row* a, const comparison_row* b) {
        return change_size(*a) > change_size(*b);
      });
      break;
    case row_sort::p:
      // Untested rows (no p-value) last, in the comparison's order.
      std::stable_sort(out.shown.begin(), out.shown.end(), [](const comparison_row* a, const comparison_row* b) {
        const auto p = [](const comparison_row* r) {
          return !r->verdicts.empty() && r->verdicts[0].p_value ? *r->verdicts[0].p_value : 2.0;
        };
        return p(a) < p(b);
      });
      break;
  }
  return out;
}

}  // namespace perfmail::cli
