// Name rules compiled for matching (name_matcher.hpp).

#include "name_matcher.hpp"

#include "perfmail/error.hpp"
#include "perfmail/text/printable.hpp"

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

/// Whether pattern text `rest`, following a literal prefix, matches whatever follows it (names hold no
/// line breaks, which `.` would not match).
bool matches_anything(std::string_view rest) { return rest.empty() || rest == ".*" || rest == ".*$"; }

/// The rule's expression `expression` (all of it, or what is left of it once a `^` is taken off)
/// compiled for matching where the rule says.
name_regex compile(const name_rule& rule, std::string_view expression) {
  try {
    return name_regex{expression, rule.how == name_match::search ? name_regex::anchoring::anywhere
                                                                 : name_regex::anchoring::from_start};
  } catch (const usage_error&) {
    throw usage_error(fmt::format("the name rule {} is not a regular expression: {}", text::quoted(rule.text),
                                  regex_problem(expression).value_or("")));
  }
}

}  // namespace

std::optional<wildcard> wildcard::of(std::string_view p) {
  wildcard w;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const char c = p[i];
    if (c == '\\' && i + 1 < p.size() && !std::isalnum(static_cast<unsigned char>(p[i + 1]))) {
      w.tokens_.push_back({token_kind::literal, p[++i]});
    } else if (c == '.' && i + 1 < p.size() && p[i + 1] == '*') {
      w.tokens_.push_back({token_kind::run, 0});
      ++i;
    } else if (c == '.' && i + 1 < p.size() && p[i + 1] == '+') {
      w.tokens_.push_back({token_kind::any, 0});
      w.tokens_.push_back({token_kind::run, 0});
      ++i;
    } else if (c == '.') {
      w.tokens_.push_back({token_kind::any, 0});
    } else if (c == '$' && i + 1 == p.size()) {
      w.to_end_ = true;
    } else if (is_special(c) || (i + 1 < p.size() && is_quantifier(p[i + 1])) || (i + 1 < p.size() && p[i + 1] == '+')) {
      return std::nullopt;
    } else {
      w.tokens_.push_back({token_kind::literal, c});
    }
  }
  return w;
}

std::string wildcard::trailing_literal() const {
  std::string out;
  if (!to_end_) return out;
  for (auto t = tokens_.rbegin(); t != tokens_.rend() && t->kind == token_kind::literal; ++t) out.insert(out.begin(), t->c);
  return out;
}

bool wildcard::matches(std::string_view text) const noexcept {
  // The classic match of a pattern with runs: on a mismatch, the last run takes one character more.
  std::size_t i = 0, j = 0;
  std::size_t run = SIZE_MAX, resume = 0;
  while (true) {
    if (i == tokens_.size() && (!to_end_ || j == text.size())) return true;
    if (j == text.size()) break;
    if (i < tokens_.size() && tokens_[i].kind == token_kind::run) {
      run = i++;
      resume = j;
    } else if (i < tokens_.size() && (tokens_[i].kind == token_kind::any || tokens_[i].c == text[j])) {
      ++i;
      ++j;
    } else if (run != SIZE_MAX) {
      i = run + 1;
      j = ++resume;
    } else {
      return false;
    }
  }
  while (i < tokens_.size() && tokens_[i].kind == token_kind::run) ++i;
  return i == tokens_.size();
}

bool name_matcher::entry::rest_matches(std::string_view name, const name_signature& sig) const {
  switch (how) {
    case name_match::exact:
    case name_match::prefix: return true;
    case name_match::suffix: return name.ends_with(literal);
    case name_match::contains: return name.find(literal) != std::string_view::npos;
    case name_match::pattern:
    case name_match::search: {
      const auto holds = [&](std::size_t w) {
        return sig.holds(needs_one_of_pairs[w]) && name.find(needs_one_of[w]) != std::string_view::npos;
      };
      bool any_held = needs_one_of.empty();
      for (std::size_t w = 0; w < needs_one_of.size() && !any_held; ++w) any_held = holds(w);
      if (!any_held) return false;
      if (rest) return rest->matches(name.substr(literal.size()));
      return !regex || regex->matches(name);
    }
  }
  return false;
}

namespace {

/// The texts a pattern stands for with its first group of plain alternatives, such as `(E|R)`, written
/// out (`E...`, `R...`), each again; nothing when it has no such group (or one a quantifier follows).
/// Each text is then a literal or a wildcard more often than the pattern was, and needs no regex.
std::vector<std::string> without_alternatives(const std::string& p) {
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p[i] == '\\') {
      ++i;
      continue;
    }
    if (p[i] == '[') return {};  // a class: its parentheses are literal, left to the regular expression
    if (p[i] != '(') continue;
    const auto close = p.find(')', i + 1);
    if (close == std::string::npos) return {};
    const std::string inside = p.substr(i + 1, close - i - 1);
    const bool plain = !inside.empty() && std::all_of(inside.begin(), inside.end(), [](char x) {
      return std::isalnum(static_cast<unsigned char>(x)) || x == '_' || x == '|' || x == '-' || x == ':';
    });
    const bool quantified = close + 1 < p.size() && (is_quantifier(p[close + 1]) || p[close + 1] == '+');
    if (!plain || quantified || has_top_level_alternation(p.substr(0, i))) return {};
    std::vector<std::string> out;
    std::size_t start = 0;
    while (true) {
      const auto bar = inside.find('|', start);
      const std::string choice = inside.substr(start, bar == std::string::npos ? std::string::npos : bar - start);
      const std::string text = p.substr(0, i) + choice + p.substr(close + 1);
      auto more = without_alternatives(text);
      if (more.empty()) out.push_back(text);
      else out.insert(out.end(), more.begin(), more.end());
      if (out.size() > 64) return {};
      if (bar == std::string::npos) break;
      start = bar + 1;
    }
    return out;
  }
  return {};
}

}  // namespace

name_matcher::name_matcher(std::span<const std::span<const name_rule>> lists) {
  for (std::size_t list = 0; list < lists.size(); ++list)
    for (std::size_t i = 0; i < lists[list].size(); ++i) {
      const name_rule& rule = lists[list][i];
      const bool pattern = rule.how == name_match::pattern || rule.how == name_match::search;
      const auto texts = pattern && !has_top_level_alternation(rule.text) ? without_alternatives(rule.text)
                                                                            : std::vector<std::string>{};
      if (texts.empty()) {
        add(rule, static_cast<std::uint32_t>(list), static_cast<std::uint32_t>(i));
        continue;
      }
      for (const std::string& text : texts)
        add({rule.how, text}, static_cast<std::uint32_t>(list), static_cast<std::uint32_t>(i));
    }
}

void name_matcher::add(const name_rule& rule, std::uint32_t list, std::uint32_t index) {
  const auto at = static_cast<std::uint32_t>(entries_.size());
  entry e;
  e.list = list;
  e.index = index;
  e.how = rule.how;
  switch (rule.how) {
    case name_match::exact:
      e.literal = rule.text;
      exact_[rule.text].push_back(at);
      break;
    case name_match::prefix:
      e.literal = rule.text;
      prefixes_.add(rule.text, at, next_entry_);
      break;
    case name_match::suffix:
      e.literal = rule.text;
      suffixes_.add(std::string(rule.text.rbegin(), rule.text.rend()), at, next_entry_);
      break;
    case name_match::contains:
      e.literal = rule.text;
      e.needs = name_signature::of(rule.text);
      scanned_.push_back(at);
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
        if (!matches_anything(rest)) {
          e.rest = wildcard::of(rest);
          if (!e.rest) e.regex = compile(rule, p);
          e.needs_one_of = required_text(rest);
        }
        // A pattern that starts with no literal but ends with one (`.*.time.user_time$`) is found by its
        // end, so that it is not tried against every name.
        const std::string ending = prefix.empty() && e.rest ? e.rest->trailing_literal() : std::string{};
        if (ending.size() >= 2) suffixes_.add(std::string(ending.rbegin(), ending.rend()), at, next_entry_);
        else prefixes_.add(prefix, at, next_entry_);
      } else {
        e.how = name_match::search;
        e.rest = wildcard::of(".*" + rule.text);
        if (!e.rest) e.regex = compile(rule, rule.text);
        e.needs_one_of = required_text(rule.text);
        scanned_.push_back(at);
      }
      break;
    }
  }
  for (const std::string& word : e.needs_one_of) e.needs_one_of_pairs.push_back(name_signature::of(word));
  // A match holds the pairs of the one text it needs.
  if (e.needs_one_of.size() == 1) e.needs = e.needs_one_of_pairs.front();
  // Found in a trie, a prefix or suffix rule matches, and so does a pattern that is its literal prefix.
  const bool literal_decides = e.how == name_match::prefix || e.how == name_match::suffix ||
                               (e.how == name_match::pattern && !e.regex && !e.rest && e.needs_one_of.empty());
  screens_.push_back({list, index, literal_decides, e.needs});
  entries_.push_back(std::move(e));
}

void name_matcher::trie::add(std::string_view text, std::uint32_t at, std::vector<std::uint32_t>& next_entry) {
  std::uint32_t node = 0;
  for (const char c : text) {
    std::uint32_t next = node == 0 ? root[static_cast<unsigned char>(c)] : child(node, c);
    if (next == 0) {
      next = static_cast<std::uint32_t>(nodes.size());
      trie_node fresh;
      fresh.c = c;
      fresh.next_sibling = nodes[node].first_child;
      nodes.push_back(fresh);
      nodes[node].first_child = next;
      if (node == 0) root[static_cast<unsigned char>(c)] = next;
    }
    node = next;
  }
  if (next_entry.size() <= at) next_entry.resize(at + 1, none);
  next_entry[at] = nodes[node].first_entry;
  nodes[node].first_entry = at;
}

void name_matcher::match(std::string_view name, std::span<std::uint32_t> first) const {
  std::fill(first.begin(), first.end(), no_match);
  const name_signature sig = name_signature::of(name);
  // A rule is tried only when it would come before the list's best match so far: the costly ones, regular
  // expressions, run only where they can still decide.
  const auto consider = [&](std::uint32_t at) {
    const screen& e = screens_[at];
    if (e.index < first[e.list] && sig.holds(e.needs) && (e.literal_decides || entries_[at].rest_matches(name, sig)))
      first[e.list] = e.index;
  };
  if (!exact_.empty())
    if (const auto it = exact_.find(name); it != exact_.end())
      for (const std::uint32_t at : it->second) consider(at);
  // The tries: every prefix of the name that a rule starts with, and every suffix that one ends with.
  const auto visit = [&](const trie& t, std::uint32_t node) {
    for (std::uint32_t at = t.nodes[node].first_entry; at != none; at = next_entry_[at]) consider(at);
  };
  const auto walk = [&](const trie& t, auto char_at) {
    visit(t, 0);
    if (name.empty()) return;
    std::uint32_t node = t.root[static_cast<unsigned char>(char_at(0))];
    for (std::size_t depth = 1; node != 0; ++depth) {
      visit(t, node);
      if (depth == name.size()) break;
      node = t.child(node, char_at(depth));
    }
  };
  walk(prefixes_, [&](std::size_t depth) { return name[depth]; });
  if (!suffixes_.empty()) walk(suffixes_, [&](std::size_t depth) { return name[name.size() - 1 - depth]; });
  for (const std::uint32_t at : scanned_) consider(at);
}

}  // namespace perfmail::metrics_detail
