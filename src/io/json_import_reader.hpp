#pragma once
// Reading another tool's JSON results (Google Benchmark, hyperfine, pytest-benchmark) in one pass with
// simdjson's On-Demand API, as the matrix loader reads a matrix: no tree of the document is built.
//
// The pass is as strict as the strict reading (json_diagnosis.hpp) and the tree (json_tree.hpp) it
// replaces: every value in the document is visited and checked (a number's token against JSON's grammar
// and a double's range, a string's escapes, a literal's spelling), nesting is bounded by max_json_depth,
// no object may hold a key twice, and nothing may follow the value. It does not name faults, though:
// valid input is the common case and must be fast, while a fault must be named precisely. When the pass
// meets one, or the reader refuses the document, `read_json_import` reads the text again with the strict
// reading and the tree, which name the first fault as they always have; a reader's own refusal stands
// only when they find none, as it came after them before.

#include "import_support.hpp"
#include "json_token.hpp"

#include "perfmail/error.hpp"

#include <simdjson.h>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

namespace perfmail::io::detail {

namespace od = simdjson::ondemand;

/// A value read from the document: its kind and place, and for a scalar its value. Strings point into
/// the parser's buffer and numbers' tokens into the text: both last as long as the reader.
struct json_value {
  json_node::kind type = json_node::kind::null;
  std::size_t offset = 0;  ///< where the value starts in the file (a byte-order mark counted)
  bool boolean = false;
  double number = 0;
  std::string_view text;   ///< a string's value, or a number's token as written
  bool integer = false;    ///< a number written without a fraction or an exponent

  [[nodiscard]] bool is_integer() const noexcept { return type == json_node::kind::number && integer; }
};

/// What "a string", "an array" and the other kinds are called in messages.
[[nodiscard]] std::string_view kind_name(json_node::kind k) noexcept;

/// The text is not strict JSON, or an object holds a key twice: the pass stops, and the strict reading
/// names the fault. Not an input_error: it carries no message.
struct not_strict_json {
  simdjson::error_code code = simdjson::TAPE_ERROR;
};

/// One JSON document of an importer, read with On-Demand.
class json_import_reader {
 public:
  /// `text` is the whole file; a byte-order mark at its start is passed over (RFC 8259, 8.1).
  explicit json_import_reader(std::string_view text);
  json_import_reader(const json_import_reader&) = delete;
  json_import_reader& operator=(const json_import_reader&) = delete;

  /// Starts (or starts again) at the top of the document. Returns the top-level value's place and kind;
  /// when it is an object, `top_object` is then ready to be read.
  json_value start();
  /// The top-level object, after `start` said there is one.
  od::object top_object();
  /// After the top-level object: nothing but white space may follow.
  void finish();

  /// The members of `object`, which is `depth` levels deep (the top level is 1), one at a time:
  /// `each(key, key_offset, value)` must read the value (`read`, or `peek` and then all it holds). A key
  /// seen before in the object stops the pass.
  template <class Each>
  void members(od::object& object, std::size_t depth, Each&& each);
  /// The items of `array`, `depth` levels deep: `each(index, item)` must read the item, as `members`'
  /// must read a value.
  template <class Each>
  void items(od::array& array, std::size_t depth, Each&& each);

  /// Reads `value`, a member or item of a container `depth` levels deep, as what it is: a scalar whole,
  /// an array or object by checking all it holds. Its place and kind are returned (and a scalar's value).
  json_value read(od::value& value, std::size_t depth);
  /// Reads `value` as `read` does when it is a scalar; an array or object is left to the caller, with
  /// its kind and place returned: it must then read it itself, or hand it to `read_within`.
  json_value peek(od::value& value);
  /// Reads what the array or object `value`, just peeked at as `peeked`, holds (a scalar holds nothing).
  void read_within(od::value& value, const json_value& peeked, std::size_t depth);

  od::object object_of(od::value& value);
  od::array array_of(od::value& value);

 private:
  [[nodiscard]] std::size_t offset_of(const char* at) const noexcept {
    return static_cast<std::size_t>(at - padded_.data()) + bom_;
  }
  /// The keys seen so far in the object at `depth`: reused from object to object, so that checking for a
  /// repeated key allocates nothing once the first objects have been read.
  struct seen_keys {
    std::vector<std::string_view> scanned;
    std::unordered_set<std::string_view> hashed;  ///< once an object outgrows a scan
    void clear() {
      scanned.clear();
      hashed.clear();
    }
    /// Adds `key`; false when the object had it already.
    bool add(std::string_view key) {
      if (hashed.empty() && scanned.size() < scanned_keys) {
        for (const std::string_view seen : scanned)
          if (seen == key) return false;
        scanned.push_back(key);
        return true;
      }
      return add_hashed(key);
    }
    /// `add` once the object outgrows a scan.
    bool add_hashed(std::string_view key);
    /// Objects up to this many keys are checked for a repeated key by a scan, which for the small objects
    /// of benchmark results is much cheaper than a hash table.
    static constexpr std::size_t scanned_keys = 32;
  };
  /// The number whose token is `out.text`, read from the token into `out`: what the parser does not read.
  static void read_number_token(json_value& out);
  /// `peek` for a value that is not a number.
  void peek_other(od::value& value, json_value& out);

  std::size_t bom_ = 0;
  simdjson::padded_string padded_;
  od::parser parser_;
  od::document document_;
  bool iterated_ = false;
  std::vector<seen_keys> keys_;  ///< by depth, one for each level up to the limit: never grows
};

/// The string whose text starts at `raw` (after its opening quote), when it holds no escape; a null view
/// when it does.
[[nodiscard]] inline std::string_view plain_string(const char* raw) noexcept {
  const char* end = raw;
  while (*end != '"' && *end != '\\') ++end;
  return *end == '"' ? std::string_view{raw, static_cast<std::size_t>(end - raw)} : std::string_view{};
}

[[noreturn]] inline void not_strict(simdjson::error_code code = simdjson::TAPE_ERROR) { throw not_strict_json{code}; }

// Inline, as simdjson's own calls are: an importer's file is mostly numbers, and a call for each costs
// as much as reading it.
simdjson_inline json_value json_import_reader::peek(od::value& value) {
  json_value out;
  const std::string_view raw = value.raw_json_token();
  out.offset = offset_of(raw.data());
  const char first = raw.empty() ? '\0' : raw.front();
  if (first != '-' && !(first >= '0' && first <= '9')) {
    peek_other(value, out);
    return out;
  }
  out.type = json_node::kind::number;
  out.text = without_trailing_white(raw);
  // The parser's reading first: its grammar is JSON's (no `+1`, `01`, `1.` or `123abc`: a number must
  // end where a value does), it tells an integer from a number with a fraction or an exponent as
  // is_written_as_integer does, and its value is the nearest double, as from_chars's is.
  od::number number;
  if (value.get_number().get(number) == simdjson::SUCCESS) {
    out.integer = !number.is_double();
    out.number = number.as_double();
    if (out.number != 0) return out;
  }
  // The rest is read from the token, as the tree read it: an integer beyond 64 bits (the nearest
  // double), a zero (`-0` stays negative), a number beyond a double's range (refused) or too small for
  // one (0), and anything that is not a number at all (refused).
  read_number_token(out);
  return out;
}

template <class Each>
void json_import_reader::members(od::object& object, std::size_t depth, Each&& each) {
  if (depth > max_json_depth) not_strict(simdjson::DEPTH_ERROR);
  // The keys of this object are kept for the length of its reading; a nested object uses the next set.
  seen_keys& seen = keys_[depth];
  seen.clear();
  // The results are used where they are, not copied out: a copy of the parser's small structures costs
  // a stall of the processor each time (a store, then a wider load of it).
  for (auto field_result : object) {
    if (auto err = field_result.error()) not_strict(err);
    od::field& field = field_result.value_unsafe();
    const char* const raw = field.key().raw();
    const std::size_t key_offset = offset_of(raw - 1);
    // A key without an escape is its text as written (the parser checked its bytes): reading it
    // unescaped would copy it into the parser's buffer, a call for every key.
    std::string_view key = plain_string(raw);
    if (key.data() == nullptr)
      if (auto err = field.unescaped_key().get(key)) not_strict(err);
    if (!seen.add(key)) not_strict();
    each(key, key_offset, field.value());
  }
}

template <class Each>
void json_import_reader::items(od::array& array, std::size_t depth, Each&& each) {
  if (depth > max_json_depth) not_strict(simdjson::DEPTH_ERROR);
  std::size_t index = 0;
  for (auto item_result : array) {
    if (auto err = item_result.error()) not_strict(err);
    each(index++, item_result.value_unsafe());
  }
}

/// What `read(reader)` returns, reading `text` with a reader that may have read it already (detection
/// did); any refusal, the pass's or the reader's, is named as the strict reading and the tree name it
/// when they find a fault first (see the top of this file).
template <class Read>
auto read_json_import(json_import_reader& reader, std::string_view text, const import_builder& b,
                      std::string_view source, Read&& read) -> decltype(read(reader)) {
  try {
    return read(reader);
  } catch (const not_strict_json& fault) {
    (void)json_document(text, b, std::string{source});
    // The strict reading found nothing: the parser refused what the tree would have refused too.
    throw input_error(std::string{source},
                      std::string{"cannot read the JSON: "} + simdjson::error_message(fault.code));
  } catch (const input_error&) {
    (void)json_document(text, b, std::string{source});
    throw;
  }
}

/// The same with a reader of its own.
template <class Read>
auto read_json_import(std::string_view text, const import_builder& b, std::string_view source, Read&& read) {
  json_import_reader reader(text);
  return read_json_import(reader, text, b, source, std::forward<Read>(read));
}

}  // namespace perfmail::io::detail
