// Matrix and stats.json loading with simdjson's On-Demand parser. It builds no tree of the document, so
// a robot matrix costs its text and the parser's index of it and nothing more (a DOM parser with a walk
// over its tree was no quicker for a whole comparison and touched 2.5 MB more: docs/PERFORMANCE.md), and
// it tells where in the text a value starts, which every error message names as line:column.

#include "perfmail/io/matrix_json.hpp"

#include "perfmail/error.hpp"
#include "perfmail/model/metric_name.hpp"
#include "perfmail/text/utf8.hpp"

#include <fmt/format.h>
#include <simdjson.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <system_error>
#include <unordered_set>
#include <vector>

namespace perfmail::io {
namespace detail {

/// What reading one file after another reuses: a text buffer and a parser (whose index of the text is
/// four bytes per structural character), both as large as the largest text so far. Fresh ones for every
/// file would touch, and fault in, as many new pages as the files are long: page faults cost a
/// comparison of two large matrices more than the parsing does.
class reading_workspace {
 public:
  /// The whole of `file`, padded for the parser; valid until the next read.
  simdjson::padded_string_view read(const std::filesystem::path& file, const load_limits& limits) {
    std::error_code ec;
    const auto status = std::filesystem::status(file, ec);
    if (ec || !std::filesystem::exists(status)) throw input_error(file.string(), "no such file");
    if (std::filesystem::is_directory(status)) throw input_error(file.string(), "is a directory, expected a file");
    const auto size = std::filesystem::file_size(file, ec);
    if (ec) throw input_error(file.string(), fmt::format("cannot read: {}", ec.message()));
    if (size > limits.max_file_bytes)
      throw input_error(file.string(), fmt::format("file of {} bytes is larger than the limit of {} bytes", size,
                                                   limits.max_file_bytes));
    std::ifstream in(file, std::ios::binary);
    if (!in) throw input_error(file.string(), "cannot open for reading");
    char* text = room_for(static_cast<std::size_t>(size));
    in.read(text, static_cast<std::streamsize>(size));
    if (static_cast<std::size_t>(in.gcount()) != size) throw input_error(file.string(), "could not read the whole file");
    return simdjson::padded_string_view{text, static_cast<std::size_t>(size), capacity_};
  }

  /// A copy of `json`, padded for the parser; valid until the next read.
  simdjson::padded_string_view hold(std::string_view json) {
    char* text = room_for(json.size());
    std::copy(json.begin(), json.end(), text);
    return simdjson::padded_string_view{text, json.size(), capacity_};
  }

  simdjson::ondemand::parser& parser() noexcept { return parser_; }

 private:
  /// A buffer of at least `size` bytes and the parser's padding after them.
  char* room_for(std::size_t size) {
    if (size + simdjson::SIMDJSON_PADDING > capacity_) {
      capacity_ = size + simdjson::SIMDJSON_PADDING;
      buffer_ = std::make_unique_for_overwrite<char[]>(capacity_);
    }
    // The parser may read the padding; it must not see bytes of an earlier, longer text there.
    std::fill(buffer_.get() + size, buffer_.get() + size + simdjson::SIMDJSON_PADDING, '\0');
    return buffer_.get();
  }

  std::unique_ptr<char[]> buffer_;
  std::size_t capacity_ = 0;
  simdjson::ondemand::parser parser_;
};

}  // namespace detail

namespace {

using detail::reading_workspace;

namespace od = simdjson::ondemand;

/// Where a value starts in the text. Turned into a line and column only when an error is reported, since
/// counting lines costs a pass over the text.
struct text_position {
  const char* at = nullptr;
};

/// Turns byte offsets in one buffer into line:column places for error messages.
class text_locator {
 public:
  explicit text_locator(std::string_view text) : text_(text) {}

  [[nodiscard]] input_place place_of(const char* at) const {
    if (at == nullptr || at < text_.data() || at > text_.data() + text_.size()) return {};
    const auto offset = static_cast<std::size_t>(at - text_.data());
    std::size_t line = 1, line_start = 0;
    for (std::size_t i = 0; i < offset; ++i)
      if (text_[i] == '\n') {
        ++line;
        line_start = i + 1;
      }
    return input_place::at(line, offset - line_start + 1);
  }

 private:
  std::string_view text_;
};

/// Where the top-level value of `text` ends: the offset after its closing bracket, or npos when it never
/// closes. Used only to explain a parse error, so a simple bracket count that skips strings is enough.
std::size_t end_of_top_level_value(std::string_view text) {
  std::size_t depth = 0;
  bool in_string = false, escaped = false, started = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    else if (c == '{' || c == '[') {
      ++depth;
      started = true;
    } else if ((c == '}' || c == ']') && depth > 0) {
      if (--depth == 0 && started) return i + 1;
    }
  }
  return std::string_view::npos;
}

std::string describe(simdjson::error_code code) {
  switch (code) {
    case simdjson::NUMBER_ERROR:
      return "a number that is not a finite double (out of range, or malformed)";
    case simdjson::TAPE_ERROR:
    case simdjson::INCORRECT_TYPE:
      return "invalid JSON (NaN and Infinity are not JSON numbers)";
    case simdjson::UNCLOSED_STRING:
      return "a string that is not closed";
    case simdjson::UTF8_ERROR:
      return "text that is not valid UTF-8";
    case simdjson::EMPTY:
      return "no JSON value (the file is empty)";
    case simdjson::INCOMPLETE_ARRAY_OR_OBJECT:
      return "truncated JSON: an array or object is not closed";
    case simdjson::T_ATOM_ERROR:
    case simdjson::F_ATOM_ERROR:
    case simdjson::N_ATOM_ERROR:
      return "invalid JSON: a misspelt true, false or null";
    case simdjson::TRAILING_CONTENT:
      return "text after the end of the JSON value";
    case simdjson::DEPTH_ERROR:
      return "JSON nested too deeply";
    default:
      return fmt::format("invalid JSON ({})", simdjson::error_message(code));
  }
}

/// Reads one document; every failure becomes an input_error at the parser's current position.
class matrix_reader {
 public:
  matrix_reader(std::string_view source, simdjson::padded_string_view text, od::parser& parser)
      : source_(source), text_(text), locator_(std::string_view{text.data(), text.size()}), parser_(parser) {}

  /// The top-level object's fields, in file order, handed to `on_field(name, value)`.
  template <class OnField>
  void for_each_field(OnField on_field) {
    auto doc_result = parser_.iterate(text_);
    if (doc_result.error()) fail_here(nullptr, doc_result.error());
    od::document doc = std::move(doc_result).value_unsafe();

    od::json_type type{};
    if (auto err = doc.type().get(type)) fail_at_doc(doc, err);
    if (type != od::json_type::object)
      fail(doc_location(doc), "the top level is not a JSON object (expected metric names mapped to samples)");

    od::object object;
    if (auto err = doc.get_object().get(object)) fail_at_doc(doc, err);
    for (auto field_result : object) {
      od::field field;
      if (auto err = std::move(field_result).get(field)) fail_at_doc(doc, err);
      // The key stays in the parser's string buffer for the whole document: no copy of it here.
      std::string_view key;
      if (auto err = field.unescaped_key().get(key)) fail_at_doc(doc, err);
      od::value value = field.value();
      on_field(key, value);
    }
    // The document iterator has a current location only while text remains after the object.
    const char* rest = nullptr;
    if (!doc.current_location().get(rest)) fail(locator_.place_of(rest), describe(simdjson::TRAILING_CONTENT));
  }

  [[nodiscard]] text_position place_of(od::value& value) {
    const char* at = nullptr;
    if (value.current_location().get(at)) return {};
    return {at};
  }

  [[noreturn]] void fail(text_position position, std::string_view problem) const {
    fail(locator_.place_of(position.at), problem);
  }
  [[noreturn]] void fail_with(text_position position, simdjson::error_code code) const {
    fail_with(locator_.place_of(position.at), code);
  }

  /// Metric names must be valid UTF-8 without control characters (they are printed in tables, plot titles
  /// and mail headers) and of a sane length.
  void check_name(std::string_view name, text_position position, const load_limits& limits) const {
    if (!simdjson::validate_utf8(name.data(), name.size())) fail(position, "a metric name that is not valid UTF-8");
    for (const unsigned char c : name)
      if (c < 0x20 || c == 0x7F) fail(position, "a metric name holding a control character (tables print one line per metric)");
    if (name.size() > limits.max_name_bytes)
      fail(position, fmt::format("a metric name of {} bytes, longer than the limit of {}", name.size(),
                                 limits.max_name_bytes));
  }

  [[noreturn]] void fail(const input_place& place, std::string_view problem) const {
    throw input_error(source_, place, problem);
  }
  [[noreturn]] void fail(od::value& value, simdjson::error_code code) { fail_with(place_of(value), code); }


  /// Reports a parser error, preferring a structural explanation (truncated text, text after the value)
  /// because the parser meets those far from where they are.
  [[noreturn]] void fail_with(const input_place& place, simdjson::error_code code) const {
    const std::string_view text{text_.data(), text_.size()};
    if (code == simdjson::UTF8_ERROR)
      if (const auto bad = perfmail::text::first_invalid_utf8(text); bad != std::string_view::npos)
        fail(locator_.place_of(text.data() + bad), describe(code));
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && (text[first] == '{' || text[first] == '[')) {
      const auto end = end_of_top_level_value(text);
      if (end == std::string_view::npos)
        fail(locator_.place_of(text.data() + text.size()), "truncated JSON: an array or object is not closed");
      const auto rest = text.find_first_not_of(" \t\r\n", end);
      if (rest != std::string_view::npos)
        fail(locator_.place_of(text.data() + rest), describe(simdjson::TRAILING_CONTENT));
    }
    fail(place, describe(code));
  }

  /// One sample: a number (integer or float), or null. Strings and other types return nullopt with
  /// `is_text` set for strings.
  struct sample {
    double value = 0;
    sample_kind kind = sample_kind::missing;
    bool is_text = false;
  };

  /// Failure metrics count events per run: a negative count is not a count. `value` is the sample just
  /// read (the parser has not moved on), so it still knows its place. The name is classified only for a
  /// negative sample, which is rare, rather than for every metric.
  void check_failure_count(std::string_view metric, const sample& s, od::value& value) {
    if (s.kind != sample_kind::missing && s.value < 0 && is_failure_metric(metric))
      fail(place_of(value), fmt::format("metric \"{}\": a failure count is negative", metric));
  }

  sample read_sample(od::value& value, std::string_view metric) {
    // The common case first: one parse that also tells whether the text was an integer or a float (JSON
    // writes a float with a fraction or an exponent; the classic table cares which it was). The parser
    // only peeks, so on failure the value can still be examined below.
    od::number number;
    // The place is looked up only for an error: finding it costs more than reading the number.
    if (value.get_number().get(number) == simdjson::SUCCESS) {
      if (number.is_double()) {
        const double d = number.get_double();
        if (!std::isfinite(d)) fail(place_of(value), "a number that is not a finite double");
        return {d, sample_kind::floating, false};
      }
      return {number.as_double(), sample_kind::integer, false};
    }
    return read_unusual_sample(value, metric);
  }

  /// A sample that is not a plain number: null, text, an integer beyond 64 bits, or an error to explain.
  sample read_unusual_sample(od::value& value, std::string_view metric) {
    // The token's first character tells the type, and its address is the place for any error.
    const std::string_view token = value.raw_json_token();
    const text_position place{token.data()};
    const char first = token.empty() ? '\0' : token.front();
    if (first == '-' || (first >= '0' && first <= '9')) {
      std::size_t length = 0;
      bool floating = false;
      for (; length < token.size(); ++length) {
        const char c = token[length];
        if (c == '.' || c == 'e' || c == 'E') floating = true;
        else if (!((c >= '0' && c <= '9') || c == '-' || c == '+')) break;
      }
      const auto number = token.substr(0, length);
      double d = 0;
      if (auto err = value.get_double().get(d)) {
        if (!floating) return read_big_integer(number, place);
        fail(place, describe(err));
      }
      if (!std::isfinite(d)) fail(place, "a number that is not a finite double");
      return {d, floating ? sample_kind::floating : sample_kind::integer, false};
    }
    od::json_type type{};
    if (auto err = value.type().get(type)) fail_with(place, err);
    switch (type) {
      case od::json_type::null:
        if (auto err = value.is_null().error()) fail_with(place, err);
        return {0, sample_kind::missing, false};
      case od::json_type::string: {
        std::string_view text;
        if (auto err = value.get_string().get(text)) fail_with(place, err);
        return {0, sample_kind::missing, true};
      }
      case od::json_type::boolean:
        fail(place, fmt::format("metric \"{}\": a sample is true or false; expected a number", metric));
      case od::json_type::object:
        fail(place, fmt::format("metric \"{}\": a sample is an object; expected a number", metric));
      case od::json_type::array:
        fail(place, fmt::format("metric \"{}\": a sample is an array; expected a number", metric));
      case od::json_type::number:
        break;
    }
    fail_with(place, simdjson::TAPE_ERROR);
  }

 private:
  /// An integer beyond 64 bits: read as the nearest double, as the robot's Ruby would print it.
  sample read_big_integer(std::string_view token, text_position place) {
    const bool digits = !token.empty() && std::all_of(token.begin() + (token.front() == '-' ? 1 : 0), token.end(),
                                                      [](char c) { return c >= '0' && c <= '9'; });
    if (!digits || token == "-") fail(place, describe(simdjson::NUMBER_ERROR));
    const std::string text{token};
    const double d = std::strtod(text.c_str(), nullptr);
    if (!std::isfinite(d)) fail(place, "a number that is not a finite double");
    return {d, sample_kind::integer, false};
  }

  input_place doc_location(od::document& doc) {
    const char* at = nullptr;
    if (doc.current_location().get(at)) return {};
    return locator_.place_of(at);
  }
  [[noreturn]] void fail_at_doc(od::document& doc, simdjson::error_code code) {
    fail_with(doc_location(doc), code);
  }
  [[noreturn]] void fail_here(const char* at, simdjson::error_code code) const {
    fail_with(locator_.place_of(at), code);
  }

  std::string source_;
  simdjson::padded_string_view text_;
  text_locator locator_;
  od::parser& parser_;
};

/// `expected_metrics` sizes the matrix up front (a hint: the count of a matrix loaded before, since the
/// files of one comparison list the same metrics), sparing the copies of growing it.
matrix parse_matrix_text(simdjson::padded_string_view text, od::parser& parser, std::string_view source,
                         const load_limits& limits, std::size_t expected_metrics = 0) {
  matrix result;
  result.reserve(expected_metrics);
  matrix_reader reader(source, text, parser);
  std::unordered_set<std::string> textual_names;
  bool has_stats_source = false;
  std::size_t expected_runs = 0;  // a capacity hint: the robot's series all have the run count
  metric_series series;           // each metric is read into it, then copied into the matrix's store

  reader.for_each_field([&](std::string_view name, od::value& value) {
    const text_position place = reader.place_of(value);
    reader.check_name(name, place, limits);
    // Other names are checked for a second appearance when they are added, hashing each name once.
    if (name == "stats_source" && has_stats_source) reader.fail(place, "metric \"stats_source\" appears twice");

    od::json_type type{};
    if (auto err = value.type().get(type)) reader.fail(value, err);

    if (name == "stats_source") {
      std::vector<std::string> sources;
      if (type == od::json_type::string) {
        std::string_view s;
        if (auto err = value.get_string().get(s)) reader.fail(value, err);
        sources.emplace_back(s);
      } else if (type == od::json_type::array) {
        od::array array;
        if (auto err = value.get_array().get(array)) reader.fail(value, err);
        for (auto element_result : array) {
          od::value element;
          if (auto err = std::move(element_result).get(element)) reader.fail_with(place, err);
          std::string_view s;
          if (element.get_string().get(s) != simdjson::SUCCESS)
            reader.fail(reader.place_of(element), "stats_source must list file names (strings)");
          sources.emplace_back(s);
          if (sources.size() > limits.max_runs)
            reader.fail(place, fmt::format("stats_source lists more than {} runs (the limit of runs)", limits.max_runs));
        }
      } else {
        reader.fail(place, "stats_source must be an array of file names");
      }
      expected_runs = sources.size();
      has_stats_source = true;
      result.set_stats_source(std::move(sources));
      return;
    }

    if (type != od::json_type::array)
      reader.fail(place, fmt::format("metric \"{}\" is not an array of samples", name));
    od::array array;
    if (auto err = value.get_array().get(array)) reader.fail(value, err);
    series.reset(name);
    series.reserve(expected_runs);
    bool textual = false;
    for (auto element_result : array) {
      od::value element;
      if (auto err = std::move(element_result).get(element)) reader.fail_with(place, err);
      const auto s = reader.read_sample(element, series.name());
      reader.check_failure_count(series.name(), s, element);
      textual = textual || s.is_text;
      series.push_back(s.value, s.kind);
      if (series.size() > limits.max_runs)
        reader.fail(place, fmt::format("metric \"{}\" has more than {} samples (the limit of runs)",
                                       series.name(), limits.max_runs));
    }
    expected_runs = std::max(expected_runs, series.size());
    const auto appears_twice = [&] {
      reader.fail(place, fmt::format("metric \"{}\" appears twice", series.name()));
    };
    if (textual) {
      if (result.contains(series.name()) || !textual_names.insert(series.name()).second) appears_twice();
      result.add_textual(series.name());
    } else if ((!textual_names.empty() && textual_names.contains(series.name())) || !result.try_add(series)) {
      appears_twice();
    }
  });

  if (const auto& sources = result.stats_source()) {
    for (const auto& m : result.metrics())
      if (m.size() != sources->size())
        throw input_error(std::string{source}, input_place::named(fmt::format("metric \"{}\"", m.name())),
                          fmt::format("has {} samples but stats_source lists {} runs", m.size(), sources->size()));
  }
  return result;
}

/// The per-run directories below `dir` that hold a stats.json, in run order.
std::vector<std::filesystem::path> run_directories(const std::filesystem::path& dir) {
  std::vector<std::pair<std::optional<unsigned long>, std::filesystem::path>> runs;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    if (!entry.is_directory() || !std::filesystem::exists(entry.path() / "stats.json")) continue;
    const auto name = entry.path().filename().string();
    unsigned long number = 0;
    const auto parsed = std::from_chars(name.data(), name.data() + name.size(), number);
    std::optional<unsigned long> index;
    if (parsed.ec == std::errc{} && parsed.ptr == name.data() + name.size()) index = number;
    runs.emplace_back(index, entry.path());
  }
  if (ec) throw input_error(dir.string(), fmt::format("cannot list the directory: {}", ec.message()));
  std::sort(runs.begin(), runs.end(), [](const auto& a, const auto& b) {
    if (a.first.has_value() != b.first.has_value()) return a.first.has_value();
    if (a.first && *a.first != *b.first) return *a.first < *b.first;
    return a.second.filename() < b.second.filename();
  });
  std::vector<std::filesystem::path> out;
  for (auto& r : runs) out.push_back(std::move(r.second));
  return out;
}

/// Merges per-run stats.json documents into one matrix, the robot's way: metrics in the order first seen,
/// a metric a run lacks is a missing sample.
class stats_merger {
 public:
  explicit stats_merger(const load_limits& limits) : limits_(limits) {}

  void add_run(simdjson::padded_string_view text, od::parser& parser, const std::string& source) {
    const std::size_t run = sources_.size();
    if (run >= limits_.max_runs)
      throw input_error(source, fmt::format("more than {} runs (the limit of runs)", limits_.max_runs));
    matrix_reader reader(source, text, parser);
    std::unordered_set<std::string> seen;
    reader.for_each_field([&](std::string_view key, od::value& value) {
      const std::string name{key};
      const text_position place = reader.place_of(value);
      reader.check_name(name, place, limits_);
      if (!seen.insert(name).second) reader.fail(place, fmt::format("metric \"{}\" appears twice", name));
      if (name == "stats_source") return;
      od::json_type type{};
      if (auto err = value.type().get(type)) reader.fail(value, err);
      if (type == od::json_type::array)
        reader.fail(place, fmt::format("metric \"{}\": a per-run stats.json holds one value per metric", name));
      const auto s = reader.read_sample(value, name);
      reader.check_failure_count(name, s, value);
      if (s.is_text) {
        if (textual_.insert(name).second) textual_order_.push_back(name);
        return;
      }
      auto [it, inserted] = index_.try_emplace(name, merged_.size());
      if (inserted) merged_.emplace_back(name);
      auto& series = merged_[it->second];
      series.pad_to(run);
      series.push_back(s.value, s.kind);
    });
    sources_.push_back(source);
  }

  matrix result() && {
    matrix out;
    for (auto& series : merged_) {
      if (textual_.contains(series.name())) continue;
      series.pad_to(sources_.size());
      out.add(std::move(series));
    }
    for (auto& name : textual_order_) out.add_textual(std::move(name));
    out.set_stats_source(std::move(sources_));
    return out;
  }

 private:
  std::vector<metric_series> merged_;
  std::map<std::string, std::size_t, std::less<>> index_;
  std::unordered_set<std::string> textual_;
  std::vector<std::string> textual_order_;
  std::vector<std::string> sources_;
  load_limits limits_;
};

matrix load_matrix_with(reading_workspace& workspace, const std::filesystem::path& file, const load_limits& limits,
                        std::size_t expected_metrics = 0) {
  return parse_matrix_text(workspace.read(file, limits), workspace.parser(), file.string(), limits, expected_metrics);
}

matrix load_stats_directory_with(reading_workspace& workspace, const std::filesystem::path& dir,
                                 const load_limits& limits) {
  const auto runs = run_directories(dir);
  if (runs.empty()) throw input_error(dir.string(), "no run directories with a stats.json below this directory");
  stats_merger merger(limits);
  for (const auto& run : runs) {
    const auto file = run / "stats.json";
    merger.add_run(workspace.read(file, limits), workspace.parser(), file.string());
  }
  return std::move(merger).result();
}

matrix load_results_with(reading_workspace& workspace, const std::filesystem::path& path, const load_limits& limits,
                         std::size_t expected_metrics = 0) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    if (std::filesystem::exists(path / "matrix.json"))
      return load_matrix_with(workspace, path / "matrix.json", limits, expected_metrics);
    return load_stats_directory_with(workspace, path, limits);
  }
  return load_matrix_with(workspace, path, limits, expected_metrics);
}

}  // namespace

matrix parse_matrix(std::string_view json, std::string_view source, const load_limits& limits) {
  reading_workspace workspace;
  return parse_matrix_text(workspace.hold(json), workspace.parser(), source, limits);
}

matrix load_matrix(const std::filesystem::path& file, const load_limits& limits) {
  reading_workspace workspace;
  return load_matrix_with(workspace, file, limits);
}

matrix load_stats_directory(const std::filesystem::path& dir, const load_limits& limits) {
  reading_workspace workspace;
  return load_stats_directory_with(workspace, dir, limits);
}

matrix merge_run_stats(std::span<const run_stats_text> runs, const load_limits& limits) {
  reading_workspace workspace;
  stats_merger merger(limits);
  for (const auto& run : runs) merger.add_run(workspace.hold(run.json), workspace.parser(), run.source);
  return std::move(merger).result();
}

matrix load_results(const std::filesystem::path& path, const load_limits& limits) {
  reading_workspace workspace;
  return load_results_with(workspace, path, limits);
}

results_loader::results_loader(const load_limits& limits)
    : workspace_(std::make_unique<detail::reading_workspace>()), limits_(limits) {}
results_loader::results_loader(results_loader&&) noexcept = default;
results_loader& results_loader::operator=(results_loader&&) noexcept = default;
results_loader::~results_loader() = default;

matrix results_loader::load(const std::filesystem::path& path) {
  if (!workspace_) workspace_ = std::make_unique<detail::reading_workspace>();  // moved from, then used again
  matrix m = load_results_with(*workspace_, path, limits_, last_size_);
  last_size_ = m.size();
  return m;
}

std::vector<matrix> load_all_results(std::span<const std::filesystem::path> paths, const load_limits& limits) {
  // One after the other: loading side by side on two cores was quicker by itself, but it keeps two
  // texts and two parsers in memory at once, and faulting in their pages cost the whole command about
  // as much as the second core saved (docs/PERFORMANCE.md).
  results_loader loader(limits);
  std::vector<matrix> out;
  out.reserve(paths.size());
  for (const auto& path : paths) out.push_back(loader.load(path));
  return out;
}

}  // namespace perfmail::io
