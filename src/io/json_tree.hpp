#pragma once
// A small JSON document as a tree that remembers where each value and key is in the text: report
// documents are read field by field, in any order, and every message names the field's place in the
// user's file. Built with simdjson's On-Demand parser after a strict reading of the whole text
// (json_diagnosis.hpp) has found it valid, so the tree is only built from RFC 8259 JSON of bounded depth.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail::io::detail {

struct json_member;

struct json_node {
  enum class kind : std::uint8_t { null, boolean, number, string, array, object };

  kind type = kind::null;
  std::size_t offset = 0;        ///< where the value starts in the text
  bool boolean = false;
  double number = 0;             ///< a number's value (finite: the strict reading refuses the rest)
  std::string text;              ///< a string's value, or a number's token as written
  std::vector<json_node> items;  ///< an array's values
  std::vector<json_member> members;  ///< an object's keys and values, in the text's order (no key twice)

  [[nodiscard]] bool is_integer() const noexcept;
};

struct json_member {
  std::string key;
  std::size_t key_offset = 0;  ///< where the key's opening quote is
  json_node value;
};

/// A key that appears twice in one object: where each is and the path of the object.
struct duplicate_key {
  std::string object_path;
  std::string key;
  std::size_t first_offset = 0;
  std::size_t second_offset = 0;
};

/// The tree of `text`, or the first duplicate key found (an object with a key twice is not read: which
/// value would count is a guess). Throws input_error (naming `source`) for text that is not JSON.
struct json_tree_result {
  json_node root;
  std::vector<duplicate_key> duplicates;  ///< empty when the tree is good
};
[[nodiscard]] json_tree_result parse_json_tree(std::string_view text, const std::string& source);

}  // namespace perfmail::io::detail
