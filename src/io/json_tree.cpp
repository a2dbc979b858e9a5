// A JSON document as a tree of values with their places (json_tree.hpp).

#include "json_tree.hpp"

#include "json_diagnosis.hpp"
#include "json_token.hpp"

#include "perfmail/error.hpp"
#include "perfmail/io/read_file.hpp"
#include "perfmail/text/number_grammar.hpp"

#include <fmt/format.h>
#include <simdjson.h>

#include <optional>
#include <string>
#include <unordered_map>

namespace perfmail::io::detail {

bool json_node::is_integer() const noexcept { return type == kind::number && text::is_written_as_integer(text); }

namespace {

namespace od = simdjson::ondemand;

/// Where a value is, as a chain to its parents: the path is written out only for a duplicate key's
/// message, so that reading a document does not build a string for every value in it.
struct path_step {
  const path_step* parent = nullptr;
  std::string_view key;     ///< an object member's key, or empty for an array item
  std::size_t index = 0;    ///< an array item's index
  bool is_item = false;
};

/// `a.b[2].c`, as the messages name a place; the top level is the empty path.
std::string path_text(const path_step* step) {
  if (step == nullptr) return {};
  std::string parent = path_text(step->parent);
  if (step->is_item) return fmt::format("{}[{}]", parent, step->index);
  return parent.empty() ? std::string{step->key} : fmt::format("{}.{}", parent, step->key);
}

/// Objects up to this many keys are checked for a repeated key by a scan, which for the small objects
/// of benchmark results is much cheaper than a hash table; larger ones (a matrix's metrics) use one.
constexpr std::size_t scanned_keys = 32;

class tree_builder {
 public:
  tree_builder(std::string_view text, const std::string& source) : text_(text), source_(source) {}

  json_node build(od::value& value, const path_step* path) {
    json_node node;
    node.offset = offset_of(value);
    od::json_type type{};
    check(value.type().get(type));
    switch (type) {
      case od::json_type::null:
        check(value.is_null().error());
        node.type = json_node::kind::null;
        break;
      case od::json_type::boolean:
        node.type = json_node::kind::boolean;
        check(value.get_bool().get(node.boolean));
        break;
      case od::json_type::number: {
        node.type = json_node::kind::number;
        const std::string_view token = without_trailing_white(value.raw_json_token());
        node.text = std::string{token};
        // The strict reading checked the grammar and the range.
        node.number = json_number_value(token);
        break;
      }
      case od::json_type::string: {
        node.type = json_node::kind::string;
        std::string_view s;
        check(value.get_string().get(s));
        node.text = std::string{s};
        break;
      }
      case od::json_type::array: {
        node.type = json_node::kind::array;
        od::array array;
        check(value.get_array().get(array));
        path_step step{path, {}, 0, true};
        for (auto element : array) {
          od::value item;
          check(std::move(element).get(item));
          node.items.push_back(build(item, &step));
          ++step.index;
        }
        break;
      }
      case od::json_type::object: {
        node.type = json_node::kind::object;
        od::object object;
        check(value.get_object().get(object));
        std::unordered_map<std::string, std::size_t> index;  // filled once the object outgrows a scan
        for (auto field_result : object) {
          od::field field;
          check(std::move(field_result).get(field));
          json_member member;
          // The key's place first: reading it unescaped consumes it.
          member.key_offset = static_cast<std::size_t>(field.key().raw() - 1 - text_.data());
          std::string_view key;
          check(field.unescaped_key().get(key));
          member.key = std::string{key};
          od::value child = field.value();
          const path_step step{path, member.key, 0, false};
          member.value = build(child, &step);
          if (const auto first = earlier_key(node.members, index, member.key)) {
            duplicates_.push_back({path_text(path), member.key, node.members[*first].key_offset, member.key_offset});
            continue;
          }
          node.members.push_back(std::move(member));
          if (node.members.size() == scanned_keys + 1) {
            for (std::size_t i = 0; i < node.members.size(); ++i) index.emplace(node.members[i].key, i);
          } else if (node.members.size() > scanned_keys + 1) {
            index.emplace(node.members.back().key, node.members.size() - 1);
          }
        }
        break;
      }
    }
    return node;
  }

  std::vector<duplicate_key> take_duplicates() { return std::move(duplicates_); }

 private:
  /// The member that already has `key`, if one does.
  static std::optional<std::size_t> earlier_key(const std::vector<json_member>& members,
                                                const std::unordered_map<std::string, std::size_t>& index,
                                                const std::string& key) {
    if (members.size() <= scanned_keys) {
      for (std::size_t i = 0; i < members.size(); ++i)
        if (members[i].key == key) return i;
      return std::nullopt;
    }
    const auto it = index.find(key);
    if (it == index.end()) return std::nullopt;
    return it->second;
  }

  std::size_t offset_of(od::value& value) {
    const char* at = nullptr;
    if (value.current_location().get(at) || at < text_.data()) return 0;
    return static_cast<std::size_t>(at - text_.data());
  }

  /// The strict reading accepted the text, so the parser cannot fail here; if it did, that is reported as
  /// what it is rather than hidden.
  void check(simdjson::error_code code) const {
    if (code) throw input_error(source_, fmt::format("cannot read the JSON: {}", simdjson::error_message(code)));
  }

  std::string_view text_;
  const std::string& source_;
  std::vector<duplicate_key> duplicates_;
};

}  // namespace

json_tree_result parse_json_tree(std::string_view text, const std::string& source) {
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) throw input_error(source, empty_input_problem(source, "empty file"));
  if (const auto fault = diagnose_json(text)) {
    const auto where = text_locator(text).at(fault->offset);
    throw input_error(source, input_place::at(where.line, where.column), fault->problem);
  }
  const simdjson::padded_string padded(text);
  od::parser parser;
  od::document doc;
  tree_builder builder(std::string_view{padded.data(), padded.size()}, source);
  if (auto err = parser.iterate(padded).get(doc))
    throw input_error(source, fmt::format("cannot read the JSON: {}", simdjson::error_message(err)));
  // A document whose top level is a scalar is read as a value too.
  od::value root;
  json_tree_result result;
  bool scalar = false;
  if (auto err = doc.is_scalar().get(scalar))
    throw input_error(source, fmt::format("cannot read the JSON: {}", simdjson::error_message(err)));
  if (scalar) {
    // On-Demand hands out no value for a scalar document; its place and type are all a caller needs to
    // refuse it.
    json_node node;
    node.type = json_node::kind::null;
    od::json_type type{};
    if (!doc.type().get(type)) {
      if (type == od::json_type::number) node.type = json_node::kind::number;
      else if (type == od::json_type::string) node.type = json_node::kind::string;
      else if (type == od::json_type::boolean) node.type = json_node::kind::boolean;
    }
    node.offset = text.find_first_not_of(" \t\r\n");
    result.root = std::move(node);
    return result;
  }
  if (auto err = doc.get_value().get(root))
    throw input_error(source, fmt::format("cannot read the JSON: {}", simdjson::error_message(err)));
  result.root = builder.build(root, nullptr);
  result.duplicates = builder.take_duplicates();
  return result;
}

}  // namespace perfmail::io::detail
