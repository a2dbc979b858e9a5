#pragma once
// A list of name rules compiled for matching tens of thousands of names: literal prefixes (and the literal
// prefixes of anchored regular expressions) in a trie walked once per name, exact names in a hash table,
// and a regular expression run only where its literal part already matched. Only the classifier uses it.

#include "perfmail/metrics/rules.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <regex>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace perfmail::metrics_detail {

/// Which pairs of adjacent bytes a text holds, hashed into 256 bits: text that holds a literal holds all
/// of the literal's pairs, so a rule whose pairs a name lacks is skipped without searching the name. A
/// name's signature is computed once and serves every list the classifier tries it against.
struct name_signature {
  std::array<std::uint64_t, 4> bits{};

  [[nodiscard]] static name_signature of(std::string_view text) noexcept {
    name_signature s;
    for (std::size_t i = 1; i < text.size(); ++i) {
      const auto pair = static_cast<unsigned>(static_cast<unsigned char>(text[i - 1]) * 31u +
                                              static_cast<unsigned char>(text[i])) & 255u;
      s.bits[pair >> 6] |= std::uint64_t{1} << (pair & 63u);
    }
    return s;
  }
  /// Whether every pair of `need` is in this signature.
  [[nodiscard]] bool holds(const name_signature& need) const noexcept {
    return ((need.bits[0] & ~bits[0]) | (need.bits[1] & ~bits[1]) | (need.bits[2] & ~bits[2]) |
            (need.bits[3] & ~bits[3])) == 0;
  }
};

class name_matcher {
 public:
  name_matcher() = default;
  /// Compiles `rules`; throws usage_error naming a rule whose regular expression does not compile.
  explicit name_matcher(std::span<const name_rule> rules);

  /// Whether any rule matches `name`, whose signature is `sig`.
  [[nodiscard]] bool any(std::string_view name, const name_signature& sig) const {
    return first(name, sig, true).has_value();
  }
  /// The index of the first rule (in the list's order) that matches `name`.
  [[nodiscard]] std::optional<std::size_t> first(std::string_view name, const name_signature& sig) const {
    return first(name, sig, false);
  }

 private:
  struct entry {
    std::size_t index = 0;                     ///< the rule's place in its list
    name_match how = name_match::prefix;
    std::string literal;                       ///< prefix, suffix, substring or exact text; a pattern's literal part
    std::vector<std::string> needs_one_of;     ///< a pattern: every match holds one of these
    std::shared_ptr<const std::regex> regex;   ///< null when the literal decides alone
    name_signature needs;                      ///< of a suffix or substring literal: pairs a match holds
    [[nodiscard]] bool rest_matches(std::string_view name) const;
  };

  struct trie_node {
    std::vector<std::pair<char, std::size_t>> children;  ///< sorted by character
    std::vector<std::size_t> entries;                    ///< entries whose prefix ends here
  };

  [[nodiscard]] std::optional<std::size_t> first(std::string_view name, const name_signature& sig,
                                                 bool any_will_do) const;
  void add_prefix(const std::string& prefix, std::size_t at);

  std::vector<entry> entries_;
  std::vector<trie_node> trie_{1};                            ///< node 0 is the root
  /// Looks names up without making a string of them.
  struct text_hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
  };
  std::unordered_map<std::string, std::size_t, text_hash, std::equal_to<>> exact_;  ///< exact name -> entry
  std::vector<std::size_t> scanned_;                          ///< entries tried against every name
};

}  // namespace perfmail::metrics_detail
