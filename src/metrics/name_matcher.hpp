#pragma once
// Lists of name rules compiled for matching tens of thousands of names: literal prefixes (and the literal
// prefixes of anchored regular expressions) in a trie walked once per name for every list at once, exact
// names in a hash table, and a regular expression run only where its literal part already matched. Only
// the classifier and the caller's direction rules (metrics/directions.hpp) use it.

#include "perfmail/metrics/name_pattern.hpp"
#include "perfmail/metrics/rules.hpp"

#include <array>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace perfmail::metrics_detail {

/// Which pairs of adjacent bytes a text holds, hashed into 64 bits: text that holds a literal holds all
/// of the literal's pairs, so a rule whose pairs a name lacks is skipped without searching the name. A
/// name's signature is computed once and serves every rule the classifier tries it against. One word,
/// kept in a register while a name is read: a wider set filters a little better but costs more to build
/// than it saves.
struct name_signature {
  std::uint64_t bits = 0;

  [[nodiscard]] static name_signature of(std::string_view text) noexcept {
    name_signature s;
    for (std::size_t i = 1; i < text.size(); ++i) {
      const auto pair = static_cast<unsigned>(static_cast<unsigned char>(text[i - 1]) * 31u +
                                              static_cast<unsigned char>(text[i])) & 63u;
      s.bits |= std::uint64_t{1} << pair;
    }
    return s;
  }
  /// Whether every pair of `need` is in this signature.
  [[nodiscard]] bool holds(const name_signature& need) const noexcept { return (need.bits & ~bits) == 0; }
};

/// Several lists of name rules compiled into one matcher, so that a name is walked once for all of them:
/// one trie of every list's literal prefixes, one hash table of every list's exact names, one scan of the
/// suffix, substring and unanchored rules. Each rule keeps its list and its place in that list.
/// A pattern of literal characters, `.` (any one character) and `.*` (any run), matched from the start
/// of a text and, when it ends with `$`, to its end: most of the robot's patterns, matched without
/// a regular expression (metric names hold no line breaks, which `.` would not match).
class wildcard {
 public:
  /// The wildcard `pattern` amounts to, or nullopt when it uses any other operator.
  [[nodiscard]] static std::optional<wildcard> of(std::string_view pattern);
  [[nodiscard]] bool matches(std::string_view text) const noexcept;
  /// The literal characters every match ends with (empty unless the pattern ends with `$`).
  [[nodiscard]] std::string trailing_literal() const;

 private:
  enum class token_kind : std::uint8_t { literal, any, run };
  struct token {
    token_kind kind;
    char c;
  };
  std::vector<token> tokens_;
  bool to_end_ = false;
};

class name_matcher {
 public:
  /// What `match` reports for a list none of whose rules matches.
  static constexpr std::uint32_t no_match = UINT32_MAX;

  name_matcher() = default;
  /// Compiles `lists`; throws usage_error naming a rule whose regular expression does not compile.
  explicit name_matcher(std::span<const std::span<const name_rule>> lists);

  /// For each list, the index of its first rule (in the list's order) that matches `name`, or no_match.
  /// `first` has one element per list.
  void match(std::string_view name, std::span<std::uint32_t> first) const;

 private:
  struct entry {
    std::uint32_t list = 0;                    ///< which list the rule is in
    std::uint32_t index = 0;                   ///< the rule's place in its list
    name_match how = name_match::prefix;
    std::string literal;                       ///< prefix, suffix, substring or exact text; a pattern's literal part
    std::vector<std::string> needs_one_of;     ///< a pattern: every match holds one of these...
    std::vector<name_signature> needs_one_of_pairs;  ///< ...and so the pairs of one of these
    std::optional<wildcard> rest;              ///< a pattern's rest after the literal, when a wildcard says it
    std::optional<name_regex> regex;           ///< none when the literal and the rest decide alone
    name_signature needs;                      ///< pairs every match holds (of the literal or required text)
    [[nodiscard]] bool rest_matches(std::string_view name, const name_signature& sig) const;
  };

  /// What every name tried against an entry reads of it, kept apart from the entry so that trying
  /// dozens of entries a name touches little memory.
  struct screen {
    std::uint32_t list = 0;
    std::uint32_t index = 0;
    bool literal_decides = false;  ///< the trie's match of the literal is the rule's match
    name_signature needs;
  };

  /// A trie in four arrays, no allocation per node: a node's children are a list through their
  /// `next_sibling`, its entries a list through `next_entry` (one per entry, shared by both tries).
  /// The root, where every walk starts, finds its child by a table.
  static constexpr std::uint32_t none = UINT32_MAX;
  struct trie_node {
    std::uint32_t first_child = 0;  ///< 0: none (node 0, the root, is nobody's child)
    std::uint32_t next_sibling = 0;
    std::uint32_t first_entry = none;
    char c = 0;
  };
  struct trie {
    std::vector<trie_node> nodes{1};
    std::array<std::uint32_t, 256> root{};  ///< the root's child for each byte; 0 for none
    void add(std::string_view text, std::uint32_t at, std::vector<std::uint32_t>& next_entry);
    [[nodiscard]] bool empty() const noexcept { return nodes.size() == 1 && nodes[0].first_entry == none; }
    [[nodiscard]] std::uint32_t child(std::uint32_t node, char c) const noexcept {
      for (std::uint32_t k = nodes[node].first_child; k != 0; k = nodes[k].next_sibling)
        if (nodes[k].c == c) return k;
      return 0;
    }
  };

  void add(const name_rule& rule, std::uint32_t list, std::uint32_t index);

  std::vector<entry> entries_;
  std::vector<screen> screens_;  ///< one per entry
  trie prefixes_;                ///< literal prefixes
  trie suffixes_;                ///< literal suffixes, reversed
  std::vector<std::uint32_t> next_entry_;  ///< per entry: the next entry of its trie node, or none
  /// Looks names up without making a string of them.
  struct text_hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
  };
  /// exact name -> its entries, one per list that names it
  std::unordered_map<std::string, std::vector<std::uint32_t>, text_hash, std::equal_to<>> exact_;
  std::vector<std::uint32_t> scanned_;                        ///< entries tried against every name
};

}  // namespace perfmail::metrics_detail
