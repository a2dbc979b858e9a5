// One pass of simdjson On-Demand over an importer's JSON document (json_import_reader.hpp).

#include "json_import_reader.hpp"

#include "perfmail/text/number_grammar.hpp"

#include <cmath>

namespace perfmail::io::detail {

std::string_view kind_name(json_node::kind k) noexcept {
  switch (k) {
    case json_node::kind::null: return "null";
    case json_node::kind::boolean: return "true or false";
    case json_node::kind::number: return "a number";
    case json_node::kind::string: return "a string";
    case json_node::kind::array: return "an array";
    case json_node::kind::object: return "an object";
  }
  return "a value";
}

namespace {

json_node::kind kind_of(od::json_type type) {
  switch (type) {
    case od::json_type::array: return json_node::kind::array;
    case od::json_type::object: return json_node::kind::object;
    case od::json_type::number: return json_node::kind::number;
    case od::json_type::string: return json_node::kind::string;
    case od::json_type::boolean: return json_node::kind::boolean;
    case od::json_type::null: return json_node::kind::null;
  }
  not_strict();
}

}  // namespace

bool json_import_reader::seen_keys::add_hashed(std::string_view key) {
  if (hashed.empty()) hashed.insert(scanned.begin(), scanned.end());
  return hashed.insert(key).second;
}

json_import_reader::json_import_reader(std::string_view text)
    : bom_(byte_order_mark_of(text)), padded_(text.substr(bom_)), keys_(max_json_depth + 1) {}


json_value json_import_reader::start() {
  if (iterated_) {
    document_.rewind();
  } else {
    if (auto err = parser_.iterate(padded_).get(document_)) not_strict(err);
    iterated_ = true;
  }
  json_value top;
  od::json_type type{};
  if (auto err = document_.type().get(type)) not_strict(err);
  top.type = kind_of(type);
  const std::string_view whole{padded_.data(), padded_.size()};
  top.offset = whole.find_first_not_of(" \t\r\n") + bom_;
  return top;
}

od::object json_import_reader::top_object() {
  od::object object;
  if (auto err = document_.get_object().get(object)) not_strict(err);
  return object;
}

void json_import_reader::finish() {
  // The document has a current location only while text remains after the top-level value.
  const char* rest = nullptr;
  if (!document_.current_location().get(rest)) not_strict(simdjson::TRAILING_CONTENT);
}

od::object json_import_reader::object_of(od::value& value) {
  od::object object;
  if (auto err = value.get_object().get(object)) not_strict(err);
  return object;
}

od::array json_import_reader::array_of(od::value& value) {
  od::array array;
  if (auto err = value.get_array().get(array)) not_strict(err);
  return array;
}

void json_import_reader::read_number_token(json_value& out) {
  const text::json_number_form form = text::json_number_form_of(out.text);
  if (form == text::json_number_form::not_a_number) not_strict(simdjson::NUMBER_ERROR);
  out.integer = form == text::json_number_form::integer;
  out.number = json_number_value(out.text);
  if (std::isinf(out.number)) not_strict(simdjson::NUMBER_ERROR);
}

void json_import_reader::peek_other(od::value& value, json_value& out) {
  od::json_type type{};
  if (auto err = value.type().get(type)) not_strict(err);
  out.type = kind_of(type);
  switch (out.type) {
    case json_node::kind::null: {
      bool null = false;
      if (value.is_null().get(null) || !null) not_strict();
      break;
    }
    case json_node::kind::boolean:
      if (auto err = value.get_bool().get(out.boolean)) not_strict(err);
      break;
    case json_node::kind::string:
      if (auto err = value.get_string().get(out.text)) not_strict(err);
      break;
    case json_node::kind::number:  // peek read it
    case json_node::kind::array:
    case json_node::kind::object:
      break;
  }
}

json_value json_import_reader::read(od::value& value, std::size_t depth) {
  const json_value out = peek(value);
  read_within(value, out, depth);
  return out;
}

void json_import_reader::read_within(od::value& value, const json_value& peeked, std::size_t depth) {
  if (peeked.type == json_node::kind::object) {
    od::object object = object_of(value);
    members(object, depth + 1, [&](std::string_view, std::size_t, od::value& member) { (void)read(member, depth + 1); });
  } else if (peeked.type == json_node::kind::array) {
    od::array array = array_of(value);
    items(array, depth + 1, [&](std::size_t, od::value& item) { (void)read(item, depth + 1); });
  }
}

}  // namespace perfmail::io::detail
