// Name rules compiled for matching (name_matcher.hpp).

#include "name_matcher.hpp"

#include "perfmail/error.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace perfmail::metrics_detail {

namespace {

bool is_special(char c) { return std::string_view{".[]()*+?{}|^$\\"}.find(c) != std::string_view::npos; }
bool is_quantifier(char c) { return c == '*' || c == '?' || c == '{'; }

bool has_top_level_alternation(std::string_view p) {
  int depth = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p[i] == '\\') ++i;
    else if (p[i] == '(' || p[i] == '[') ++depth;
    else if (p[i] == ')' || p[i] == ']') --depth;
    else if (p[i] == '|' && depth == 0) return true;
  }
  return false;
}

/// The literal text every match of pattern `p` (matched from its start) begins with, and what follows it.
std::pair<std::string, std::string_view> literal_prefix(std::string_view p) {
  std::string prefix;
  if (has_top_level_alternation(p)) return {prefix, p};
  std::size_t i = 0;
  while (i < p.size()) {
    const char c = p[i];
    if (c == '\\' && i + 1 < p.size() && !std::isalnum(static_cast<unsigned char>(p[i + 1]))) {
      prefix += p[i + 1];
      i += 2;
      continue;
    }
    if (is_special(c)) break;
    prefix += c;
    ++i;
  }
  const std::string_view rest = p.substr(i);
  // A quantifier applies to the last literal character: that one is not certain to be there.
  if (!rest.empty() && is_quantifier(rest[0]) && !prefix.empty()) prefix.pop_back();
  return {prefix, rest};
}

/// Literal text every match of `p` contains, found cheaply: the longest run of literal characters outside
/// groups, or the alternatives of a group of plain words such as `(error|warn|fail)`. Empty: no such text.
std::vector<std::string> required_text(std::string_view p) {
  if (has_top_level_alternation(p)) return {};
  std::string best;
  std::vector<std::string> words;
  std::string run;
  const auto finish_run = [&] {
    if (run.size() > best.size()) best = run;
    run.clear();
  };
  for (std::size_t i = 0; i < p.size(); ++i) {
    const char c = p[i];
    const bool quantified_next = i + 1 < p.size() && is_quantifier(p[i + 1]);
    if (c == '\\' && i + 1 < p.size() && !std::isalnum(static_cast<unsigned char>(p[i + 1]))) {
      if (i + 2 < p.size() && is_quantifier(p[i + 2])) finish_run();
      else run += p[i + 1];
      ++i;
      continue;
    }
    if (c == '(' || c == '[') {
      finish_run();
      const char close = c == '(' ? ')' : ']';
      const auto end = p.find(close, i + 1);
      if (end == std::string_view::npos) return {};
      const std::string_view inside = p.substr(i + 1, end - i - 1);
      const bool optional = end + 1 < p.size() && (is_quantifier(p[end + 1]) || p[end + 1] == '+');
      const bool plain = c == '(' && !inside.empty() && std::all_of(inside.begin(), inside.end(), [](char x) {
                           return std::isalnum(static_cast<unsigned char>(x)) || x == '_' || x == '|' || x == '-';
                         });
      if (plain && !optional && words.empty()) {
        std::string word;
        for (char x : inside) {
          if (x == '|') {
            words.push_back(word);
            word.clear();
          } else {
            word += x;
          }
        }
        words.push_back(word);
      }
      i = end;
      continue;
    }
    if (c == '\\' || is_special(c) || quantified_next) {
      finish_run();
      continue;
    }
    run += c;
  }
  finish_run();
  if (best.size() >= 3 || words.empty()) return best.empty() ? std::vector<std::string>{} : std::vector{best};
  if (std::any_of(words.begin(), words.end(), [](const std::string& w) { return w.empty(); })) return {};
  return words;
}

std::shared_ptr<const std::regex> compile(const name_rule& rule, std::string_view expression) {
  try {
    return std::make_shared<const std::regex>(std::string{expression}, std::regex::ECMAScript | std::regex::optimize);
  } catch (const std::regex_error& e) {
    throw usage_error(fmt::format("the name rule \"{}\" is not a regular expression: {}", rule.text, e.what()));
  }
}

}  // namespace

bool name_matcher::entry::rest_matches(std::string_view name) const {
  switch (how) {
    case name_match::exact:
    case name_match::prefix: return true;
    case name_match::suffix: return name.ends_with(literal);
    case name_match::contains: return name.find(literal) != std::string_view::npos;
    case name_match::pattern:
    case name_match::search: {
      if (!needs_one_of.empty() && std::none_of(needs_one_of.begin(), needs_one_of.end(), [&](const std::string& s) {
            return name.find(s) != std::string_view::npos;
          }))
        return false;
      if (!regex) return true;
      const auto flags = how == name_match::pattern ? std::regex_constants::match_continuous
                                                    : std::regex_constants::match_default;
      return std::regex_search(name.begin(), name.end(), *regex, flags);
    }
  }
  return false;
}

name_matcher::name_matcher(std::span<const name_rule> rules) {
  entries_.reserve(rules.size());
  for (std::size_t i = 0; i < rules.size(); ++i) {
    const name_rule& rule = rules[i];
    entry e;
    e.index = i;
    e.how = rule.how;
    switch (rule.how) {
      case name_match::exact:
        e.literal = rule.text;
        exact_.try_emplace(rule.text, entries_.size());
        break;
      case name_match::prefix:
        e.literal = rule.text;
        add_prefix(rule.text, entries_.size());
        break;
      case name_match::suffix:
      case name_match::contains:
        e.literal = rule.text;
        e.needs = name_signature::of(rule.text);
        scanned_.push_back(entries_.size());
        break;
      case name_match::pattern:
      case name_match::search: {
        std::string_view p = rule.text;
        // A search anchored at the start is a pattern; it then has a literal prefix for the trie.
        const bool anchored = rule.how == name_match::pattern || (p.starts_with('^') && !has_top_level_alternation(p));
        if (p.starts_with('^')) p.remove_prefix(1);
        if (anchored) {
          e.how = name_match::pattern;
          const auto [prefix, rest] = literal_prefix(p);
          e.literal = prefix;
          if (!(rest.empty() || rest == ".*")) {
            e.regex = compile(rule, p);
            e.needs_one_of = required_text(rest);
          }
          add_prefix(prefix, entries_.size());
        } else {
          e.regex = compile(rule, rule.text);
          e.needs_one_of = required_text(rule.text);
          if (e.needs_one_of.size() == 1) e.needs = name_signature::of(e.needs_one_of.front());
          scanned_.push_back(entries_.size());
        }
        break;
      }
    }
    entries_.push_back(std::move(e));
  }
}

void name_matcher::add_prefix(const std::string& prefix, std::size_t at) {
  std::size_t node = 0;
  for (const char c : prefix) {
    auto& children = trie_[node].children;
    const auto it = std::lower_bound(children.begin(), children.end(), c,
                                     [](const auto& child, char x) { return child.first < x; });
    if (it != children.end() && it->first == c) {
      node = it->second;
      continue;
    }
    const std::size_t next = trie_.size();
    trie_[node].children.insert(it, {c, next});
    trie_.emplace_back();
    node = next;
  }
  trie_[node].entries.push_back(at);
}

std::optional<std::size_t> name_matcher::first(std::string_view name, const name_signature& sig,
                                                bool any_will_do) const {
  std::optional<std::size_t> best;
  const auto consider = [&](std::size_t e) {
    if (!best || entries_[e].index < *best) best = entries_[e].index;
  };
  if (!exact_.empty())
    if (const auto it = exact_.find(name); it != exact_.end()) {
      consider(it->second);
      if (any_will_do) return best;
    }
  // The trie: every prefix of the name that a rule starts with, shortest first.
  std::size_t node = 0;
  for (std::size_t depth = 0;; ++depth) {
    for (const std::size_t e : trie_[node].entries)
      if (entries_[e].rest_matches(name)) {
        consider(e);
        if (any_will_do) return best;
      }
    if (depth == name.size()) break;
    const auto& children = trie_[node].children;
    const auto it = std::lower_bound(children.begin(), children.end(), name[depth],
                                     [](const auto& child, char x) { return child.first < x; });
    if (it == children.end() || it->first != name[depth]) break;
    node = it->second;
  }
  for (const std::size_t e : scanned_)
    if (sig.holds(entries_[e].needs) && entries_[e].rest_matches(name)) {
      consider(e);
      if (any_will_do) return best;
    }
  return best;
}

}  // namespace perfmail::metrics_detail
