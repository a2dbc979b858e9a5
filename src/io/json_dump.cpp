// A document built as a tree of values, written by the one JSON writer (declared in json_writing.hpp).

#include "json_stream.hpp"
#include "json_writing.hpp"

#include <cstdint>
#include <string>

namespace perfmail::io::detail {

namespace {

void write_value(json_stream& out, const ordered_json& v) {
  using kind = ordered_json::value_t;
  switch (v.type()) {
    case kind::object:
      out.begin_object();
      for (const auto& [name, member] : v.items()) {
        out.text_key(name);
        write_value(out, member);
      }
      out.end_object();
      return;
    case kind::array:
      out.begin_array();
      for (const ordered_json& element : v) write_value(out, element);
      out.end_array();
      return;
    case kind::string: out.value(v.get_ref<const std::string&>()); return;
    case kind::boolean: out.value(v.get<bool>()); return;
    case kind::number_integer: out.value(v.get<std::int64_t>()); return;
    case kind::number_unsigned: out.value(v.get<std::uint64_t>()); return;
    case kind::number_float: out.value(v.get<double>()); return;
    case kind::null:
    case kind::binary:     // never built by perfmail
    case kind::discarded:  // only a parser's callback makes one
      out.value(nullptr);
      return;
  }
}

}  // namespace

std::string dumped(const ordered_json& doc, int indent) {
  json_stream out(indent);
  write_value(out, doc);
  return out.take();
}

}  // namespace perfmail::io::detail
