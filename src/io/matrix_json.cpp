// Matrix and stats.json loading with simdjson's On-Demand parser. It builds no tree of the document, so
// a robot matrix costs its text and the parser's index of it and nothing more (a DOM parser with a walk
// over its tree was no quicker for a whole comparison and touched 2.5 MB more: docs/PERFORMANCE.md), and
// it tells where in the text a value starts, which every error message names as line:column.

#include "perfmail/io/matrix_json.hpp"

#include "format_detection.hpp"
#include "json_diagnosis.hpp"
#include "json_token.hpp"
#include "matrix_text.hpp"
#include "metric_name.hpp"
#include "read_file_detail.hpp"
#include "run_directory.hpp"

#include "perfmail/error.hpp"
#include "perfmail/io/import.hpp"
#include "perfmail/io/read_file.hpp"
#include "perfmail/metrics/classifier.hpp"
#include "perfmail/text/format_characters.hpp"
#include "perfmail/text/number_grammar.hpp"
#include "perfmail/text/printable.hpp"
#include "perfmail/text/utf8.hpp"

#include <fmt/format.h>
#include <simdjson.h>

#include <algorithm>
#include <cmath>
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
  /// The whole of `file` ("-": standard input), padded for the parser; valid until the next read. The
  /// bounded reader (io/read_file.hpp) enforces the size limit on every kind of file.
  simdjson::padded_string_view read(const std::filesystem::path& file, const load_limits& limits) {
    read_whole(file, limits.max_file_bytes, buffer_);
    return padded();
  }

  /// A copy of `json`, padded for the parser; valid until the next read.
  simdjson::padded_string_view hold(std::string_view json) {
    buffer_.reserve(json.size());
    std::copy(json.begin(), json.end(), buffer_.data());
    buffer_.resize(json.size());
    return padded();
  }

  simdjson::ondemand::parser& parser() noexcept { return parser_; }

 private:
  simdjson::padded_string_view padded() {
    // The parser may read the padding; it must not see bytes of an earlier, longer text there.
    std::fill(buffer_.data() + buffer_.size(), buffer_.data() + buffer_.size() + simdjson::SIMDJSON_PADDING, '\0');
    return simdjson::padded_string_view{buffer_.data(), buffer_.size(), buffer_.capacity()};
  }

  text_buffer buffer_{simdjson::SIMDJSON_PADDING};
  simdjson::ondemand::parser parser_;
};

std::optional<std::string> metric_name_problem(std::string_view name, const load_limits& limits) {
  const auto invisible = [](std::uint32_t code) {
    return fmt::format("a metric name holding an invisible formatting character (U+{:04X}): two names would read "
                       "alike in tables, plots and mail",
                       code);
  };
  if (name.empty()) return std::string("an empty metric name: a metric is named in tables, plots and --metrics");
  if (const auto bad = text::first_unsafe(name); bad != std::string_view::npos) {
    const text::utf8_sequence seq = text::decode_utf8(name, bad);
    if (!seq.valid()) return "a metric name that is not valid UTF-8";
    if (text::is_invisible_code_point(seq.code)) return invisible(seq.code);
    return fmt::format("a metric name holding a control character (U+{:04X}): names are printed on one line in "
                       "tables, plots and mail",
                       seq.code);
  }
  if (const auto format = text::first_format_character(name); format != std::string_view::npos)
    return invisible(text::decode_utf8(name, format).code);
  if (name.size() > limits.max_name_bytes)
    return fmt::format("a metric name of {} bytes, longer than the limit of {}", name.size(), limits.max_name_bytes);
  return std::nullopt;
}

}  // namespace detail

namespace {

using detail::reading_workspace;

namespace od = simdjson::ondemand;

/// Where a value starts in the text. Turned into a line and column only when an error is reported, since
/// counting lines costs a pass over the text.
struct text_position {
  const char* at = nullptr;
};

/// The text where a document is, in the file it came from: a matrix written inside a report document
/// starts part-way through that document, and messages must point into the user's file.
struct text_origin {
  std::size_t line = 1;
  std::size_t column = 1;
};

/// The message of a parser error that the strict reading (json_diagnosis.hpp) did not explain, which
/// leaves the errors that are not about the syntax.
std::string describe(simdjson::error_code code) {
  switch (code) {
    case simdjson::NUMBER_ERROR:
      return "a number that is not a finite double";
    case simdjson::UTF8_ERROR:
      return "text that is not valid UTF-8";
    case simdjson::EMPTY:
      return "no JSON value (the file is empty)";
    case simdjson::INCOMPLETE_ARRAY_OR_OBJECT:
      return "truncated JSON: an array or object is not closed";
    case simdjson::TRAILING_CONTENT:
      return "text after the end of the JSON value";
    case simdjson::DEPTH_ERROR:
      return fmt::format("JSON nested more than {} levels deep", detail::max_json_depth);
    default:
      return fmt::format("invalid JSON ({})", simdjson::error_message(code));
  }
}

/// Thrown where reading text of unknown format as a matrix first gives up (detection decides then).
struct not_plainly_a_matrix {};

/// Reads one document; every failure becomes an input_error at its place in the user's file.
class matrix_reader {
 public:
  matrix_reader(std::string_view source, simdjson::padded_string_view text, od::parser& parser,
                text_origin origin = {})
      : source_(source),
        text_(text),
        locator_(std::string_view{text.data(), text.size()}, origin.line, origin.column),
        parser_(parser) {}

  /// Reading text of unknown format as a matrix first (detail::matrix_unless_other_format): the reader
  /// gives up, throwing not_plainly_a_matrix, at the first string that may be another JSON format's key
  /// and at any fault, which detection and the reader it picks then report (without the cost of naming a
  /// fault that may not be the file's).
  void read_as_matrix_first() noexcept { first_attempt_ = true; }
  /// Every string of the document is handed here: its keys, text samples and stats_source.
  void note_string(std::string_view s) const {
    if (first_attempt_ && detail::may_be_other_formats_key(s)) throw not_plainly_a_matrix{};
  }

  /// The top-level object's fields, in file order, handed to `on_field(name, value)`.
  template <class OnField>
  void for_each_field(OnField on_field) {
    const std::string_view whole{text_.data(), text_.size()};
    if (whole.find_first_not_of(" \t\r\n") == std::string_view::npos)
      throw input_error(source_, empty_input_problem(source_, describe(simdjson::EMPTY)));
    auto doc_result = parser_.iterate(text_);
    if (doc_result.error()) fail_with(nullptr, doc_result.error());
    od::document doc = std::move(doc_result).value_unsafe();

    od::json_type type{};
    if (auto err = doc.type().get(type)) fail_at_doc(doc, err);
    if (type != od::json_type::object) {
      // A syntax error anywhere is named first; only valid JSON of another shape gets this message.
      const char* at = nullptr;
      if (doc.current_location().get(at)) at = nullptr;
      fail(text_position{at}, "the top level is not a JSON object (expected metric names mapped to samples)");
    }

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
    if (!doc.current_location().get(rest)) fail_with(rest, simdjson::TRAILING_CONTENT);
  }

  [[nodiscard]] text_position place_of(od::value& value) {
    const char* at = nullptr;
    if (value.current_location().get(at)) return {};
    return {at};
  }

  /// The first problem of the file is the one reported: a syntax error before `position` (a misspelt
  /// `tru` reads as a boolean to the parser) comes first.
  [[noreturn]] void fail(text_position position, std::string_view problem) const {
    if (first_attempt_) throw not_plainly_a_matrix{};
    const std::string_view whole{text_.data(), text_.size()};
    if (const auto fault = detail::diagnose_json(whole);
        fault && (position.at == nullptr || whole.data() + fault->offset <= position.at))
      fail(place_of(whole.data() + fault->offset), fault->problem);
    fail(place_of(position.at), problem);
  }
  [[noreturn]] void fail_with(text_position position, simdjson::error_code code) const {
    fail_with(position.at, code);
  }

  /// Metric names follow detail::metric_name_problem's rule.
  void check_name(std::string_view name, text_position position, const load_limits& limits) const {
    if (const auto problem = detail::metric_name_problem(name, limits)) fail(position, *problem);
  }

  [[noreturn]] void fail(const input_place& place, std::string_view problem) const {
    if (first_attempt_) throw not_plainly_a_matrix{};
    throw input_error(source_, place, problem);
  }
  [[noreturn]] void fail(od::value& value, simdjson::error_code code) { fail_with(place_of(value), code); }

  /// A key that appears twice: the error names both places. The first is found by reading the keys
  /// again, which costs nothing on the way to a good matrix.
  [[noreturn]] void fail_duplicate(std::string_view key, text_position second) {
    // A copy: the key may point into the parser's buffer, which reading the keys again overwrites.
    const std::string name{key};
    const std::string shown = fmt::format("metric {}", text::quoted(name));
    std::optional<input_place> first;
    od::document doc;
    od::object object;
    if (!parser_.iterate(text_).get(doc) && !doc.get_object().get(object)) {
      for (auto field_result : object) {
        od::field field;
        std::string_view read;
        if (std::move(field_result).get(field) || field.unescaped_key().get(read)) break;
        if (read == name) {
          od::value value = field.value();
          first = place_of(place_of(value).at);  // the value's place, as the second is given
          break;
        }
      }
    }
    if (first) fail(second, fmt::format("{} appears twice (first at {}:{})", shown, first->line, first->column));
    fail(second, fmt::format("{} appears twice", shown));
  }

  /// One sample: a number (integer or float), or null. Strings and other types return nullopt with
  /// `is_text` set for strings.
  struct sample {
    double value = 0;
    sample_kind kind = sample_kind::missing;
    bool is_text = false;
  };

  /// Failure metrics count events per run: a negative count is not a count. `value` is the sample just
  /// read (the parser has not moved on), so it still knows its place. The name is classified (by the
  /// robot's rules: a loader knows no others) only for a negative sample, which is rare, rather than for
  /// every metric.
  void check_failure_count(std::string_view metric, const sample& s, od::value& value) {
    if (s.kind != sample_kind::missing && s.value < 0 &&
        metric_classifier::robot()->classify(metric).kind == metric_kind::failure)
      fail(place_of(value), fmt::format("metric {}: a failure count is negative", text::quoted(metric)));
  }

  sample read_sample(od::value& value, std::string_view metric) {
    // The common case first: one parse that also tells whether the text was an integer or a float (JSON
    // writes a float with a fraction or an exponent; the classic table cares which it was). The parser
    // only peeks, so on failure the value can still be examined below. Its number parsing is strict:
    // every token it accepts is in JSON's grammar (text/number_grammar.hpp).
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
  /// Cold, so that none of it is inlined into the loop over plain numbers.
  [[gnu::cold]] sample read_unusual_sample(od::value& value, std::string_view metric) {
    // The token's first character tells the type, and its address is the place for any error.
    const std::string_view token = detail::without_trailing_white(value.raw_json_token());
    const text_position place{token.data()};
    const char first = token.empty() ? '\0' : token.front();
    if (first == '-' || (first >= '0' && first <= '9')) {
      // The parser stops at the first character that does not continue a number and leaves the rest of
      // the token unread: `0x4000`, `0123`, `123abc` and `1true` must be refused whole, never read as the
      // number they start with.
      if (!text::is_json_number(token)) fail(place, fmt::format("not a JSON number: {}", text::quoted(token)));
      // A number in the grammar the parser did not take: an integer beyond 64 bits, read as the nearest
      // double (as the robot's Ruby reads it), or an exponent beyond a double's range.
      const double d = detail::json_number_value(token);
      if (!std::isfinite(d)) fail(place, fmt::format("a number beyond the range of a double: {}", text::quoted(token)));
      return {d, text::is_written_as_integer(token) ? sample_kind::integer : sample_kind::floating, false};
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
        note_string(text);
        return {0, sample_kind::missing, true};
      }
      case od::json_type::boolean:
        fail(place, fmt::format("metric {}: a sample is true or false; expected a number", text::quoted(metric)));
      case od::json_type::object:
        fail(place, fmt::format("metric {}: a sample is an object; expected a number", text::quoted(metric)));
      case od::json_type::array:
        fail(place, fmt::format("metric {}: a sample is an array; expected a number", text::quoted(metric)));
      case od::json_type::number:
        break;
    }
    fail_with(place, simdjson::TAPE_ERROR);
  }

 private:
  [[nodiscard]] input_place place_of(const char* at) const {
    const std::string_view whole{text_.data(), text_.size()};
    if (at == nullptr || at < whole.data() || at > whole.data() + whole.size()) return {};
    const auto where = locator_.at(static_cast<std::size_t>(at - whole.data()));
    return input_place::at(where.line, where.column);
  }

  /// A syntax error anywhere in the text, named where it is (the parser meets some far from their place).
  void explain_syntax_error() const {
    const std::string_view whole{text_.data(), text_.size()};
    if (const auto fault = detail::diagnose_json(whole))
      fail(place_of(whole.data() + fault->offset), fault->problem);
  }

  /// Reports a parser error: the syntax error that caused it when there is one, else what the parser says.
  [[noreturn]] void fail_with(const char* at, simdjson::error_code code) const {
    if (first_attempt_) throw not_plainly_a_matrix{};
    explain_syntax_error();
    fail(place_of(at), describe(code));
  }

  [[noreturn]] void fail_at_doc(od::document& doc, simdjson::error_code code) {
    const char* at = nullptr;
    if (doc.current_location().get(at)) at = nullptr;
    fail_with(at, code);
  }

  std::string source_;
  simdjson::padded_string_view text_;
  detail::text_locator locator_;
  od::parser& parser_;
  bool first_attempt_ = false;
};

/// `expected_metrics` sizes the matrix up front (a hint: the count of a matrix loaded before, since the
/// files of one comparison list the same metrics), sparing the copies of growing it.
/// `first_attempt`: the text's format was not given, and it is read as a matrix first
/// (matrix_reader::read_as_matrix_first).
matrix parse_matrix_text(simdjson::padded_string_view text, od::parser& parser, std::string_view source,
                         const load_limits& limits, std::size_t expected_metrics = 0, text_origin origin = {},
                         bool first_attempt = false) {
  matrix result;
  result.reserve(expected_metrics);
  matrix_reader reader(source, text, parser, origin);
  if (first_attempt) reader.read_as_matrix_first();
  std::unordered_set<std::string> textual_names;
  bool has_stats_source = false;
  std::size_t expected_runs = 0;  // a capacity hint: the robot's series all have the run count
  metric_series series;           // each metric is read into it, then copied into the matrix's store

  reader.for_each_field([&](std::string_view name, od::value& value) {
    const text_position place = reader.place_of(value);
    reader.check_name(name, place, limits);
    reader.note_string(name);
    // Other names are checked for a second appearance when they are added, hashing each name once.
    if (name == "stats_source" && has_stats_source) reader.fail_duplicate(name, place);

    od::json_type type{};
    if (auto err = value.type().get(type)) reader.fail(value, err);

    if (name == "stats_source") {
      std::vector<std::string> sources;
      if (type == od::json_type::string) {
        std::string_view s;
        if (auto err = value.get_string().get(s)) reader.fail(value, err);
        reader.note_string(s);
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
          reader.note_string(s);
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
      reader.fail(place, fmt::format("metric {} is not an array of samples", text::quoted(name)));
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
        reader.fail(place, fmt::format("metric {} has more than {} samples (the limit of runs)",
                                       text::quoted(series.name()), limits.max_runs));
    }
    expected_runs = std::max(expected_runs, series.size());
    const auto appears_twice = [&] { reader.fail_duplicate(series.name(), place); };
    if (textual) {
      if (result.contains(series.name()) || !textual_names.insert(series.name()).second) appears_twice();
      result.add_textual(series.name());
    } else if ((!textual_names.empty() && textual_names.contains(series.name())) || !result.try_add(series)) {
      appears_twice();
    }
  });

  // A series may be shorter than stats_source: the runs after its last did not report the metric, as the
  // robot writes a matrix (they count as zeros where the robot compares). It may not be longer.
  if (const auto& sources = result.stats_source()) {
    for (const auto& m : result.metrics())
      if (m.size() > sources->size())
        throw input_error(std::string{source}, input_place::named(fmt::format("metric {}", text::quoted(m.name()))),
                          fmt::format("has {} samples but stats_source lists {} runs", m.size(), sources->size()));
  }
  return result;
}

/// detail::matrix_unless_other_format on a text already held by a workspace, which the caller has
/// glanced at (detail::read_as_matrix_first).
std::optional<matrix> matrix_unless_other_format_with(simdjson::padded_string_view text, od::parser& parser,
                                                      std::string_view source, const load_limits& limits,
                                                      std::size_t expected_metrics = 0) {
  try {
    return parse_matrix_text(text, parser, source, limits, expected_metrics, {}, true);
  } catch (const not_plainly_a_matrix&) {
  } catch (const std::exception&) {
    // A fault the reader meets before its own checks (a limit, memory): detection decides all the same.
  }
  // Detection decides, and the reader it picks reports any fault (the matrix reader, for most JSON).
  return std::nullopt;
}

std::string system_reason(const std::error_code& ec) { return ec.message(); }

/// The run directories below `dir` that hold a stats.json, in numeric order. A run directory without a
/// stats.json (a run that produced no statistics) is not a run of the matrix; anything that is there but
/// cannot be read (a symlink loop, a stats.json that is a directory, no permission) is an error that names
/// it.
std::vector<std::filesystem::path> run_directories(const std::filesystem::path& dir) {
  namespace fs = std::filesystem;
  std::vector<std::pair<std::string, fs::path>> runs;
  std::error_code ec;
  fs::directory_iterator it(dir, ec);
  if (ec) throw input_error(dir.string(), fmt::format("cannot list the directory: {}", system_reason(ec)));
  for (; it != fs::directory_iterator{}; it.increment(ec)) {
    if (ec) throw input_error(dir.string(), fmt::format("cannot list the directory: {}", system_reason(ec)));
    const fs::path& entry = it->path();
    std::string name = entry.filename().string();
    if (!detail::is_run_name(name)) continue;
    const fs::file_status status = fs::status(entry, ec);  // follows a symlinked run directory
    if (ec && status.type() != fs::file_type::not_found)
      throw input_error(entry.string(), fmt::format("cannot open: {}", system_reason(ec)));
    ec.clear();
    if (!fs::is_directory(status)) continue;
    // The stats.json entry itself, not what it points to: a dangling or looping link is a broken run, and
    // reading it reports why.
    const fs::file_status stats = fs::symlink_status(entry / "stats.json", ec);
    if (ec && stats.type() != fs::file_type::not_found)
      throw input_error((entry / "stats.json").string(), fmt::format("cannot open: {}", system_reason(ec)));
    ec.clear();
    if (stats.type() == fs::file_type::not_found) continue;
    runs.emplace_back(std::move(name), entry);
  }
  // Canonical numbers order by length, then as text.
  std::sort(runs.begin(), runs.end(), [](const auto& a, const auto& b) { return detail::run_name_before(a.first, b.first); });
  std::vector<std::filesystem::path> out;
  out.reserve(runs.size());
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
      if (!seen.insert(name).second) reader.fail_duplicate(name, place);
      if (name == "stats_source") return;
      od::json_type type{};
      if (auto err = value.type().get(type)) reader.fail(value, err);
      if (type == od::json_type::array)
        reader.fail(place, fmt::format("metric {}: a per-run stats.json holds one value per metric", text::quoted(name)));
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
  return parse_matrix_text(workspace.read(file, limits), workspace.parser(), input_name(file), limits,
                           expected_metrics);
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
  namespace fs = std::filesystem;
  std::error_code ec;
  if (path != standard_input_path && fs::is_directory(path, ec)) {
    if (limits.format != input_format::automatic && limits.format != input_format::matrix)
      throw input_error(path.string(), fmt::format("a directory holds the robot's results; --input-format {} reads a file",
                                                   name_of(input_format_names, limits.format)));
    // A matrix.json entry of any kind is the directory's matrix: a link that loops or dangles is
    // reported as what it is, not passed over for the run directories.
    const fs::path matrix_file = path / "matrix.json";
    const fs::file_status entry = fs::symlink_status(matrix_file, ec);
    if (ec && entry.type() != fs::file_type::not_found)
      throw input_error(matrix_file.string(), fmt::format("cannot open: {}", system_reason(ec)));
    if (entry.type() != fs::file_type::not_found)
      return load_matrix_with(workspace, matrix_file, limits, expected_metrics);
    return load_stats_directory_with(workspace, path, limits);
  }
  if (limits.format == input_format::matrix) return load_matrix_with(workspace, path, limits, expected_metrics);
  // Another format, or one to detect: the text is read once and handed on. JSON is read as a matrix
  // first, which it nearly always is, and detection is asked only when that reading does not settle it
  // (src/io/format_detection.hpp).
  const simdjson::padded_string_view padded = workspace.read(path, limits);
  const std::string_view text{padded.data(), padded.size()};
  const std::string source = input_name(path);
  if (limits.format == input_format::automatic && detail::read_as_matrix_first(text))
    if (auto m = matrix_unless_other_format_with(padded, workspace.parser(), source, limits, expected_metrics))
      return std::move(*m);
  const input_format format =
      limits.format == input_format::automatic ? detect_input_format(text, source) : limits.format;
  if (format == input_format::matrix)
    return parse_matrix_text(padded, workspace.parser(), source, limits, expected_metrics);
  return parse_input(text, source, format, limits);
}

}  // namespace

matrix parse_matrix(std::string_view json, std::string_view source, const load_limits& limits) {
  reading_workspace workspace;
  return parse_matrix_text(workspace.hold(json), workspace.parser(), source, limits);
}

namespace detail {
std::optional<matrix> matrix_unless_other_format(std::string_view json, std::string_view source,
                                                 const load_limits& limits) {
  if (!read_as_matrix_first(json)) return std::nullopt;  // before the text is copied into a workspace
  reading_workspace workspace;
  return matrix_unless_other_format_with(workspace.hold(json), workspace.parser(), source, limits);
}

matrix parse_matrix_at(std::string_view json, std::string_view source, const load_limits& limits,
                       std::size_t first_line, std::size_t first_column) {
  reading_workspace workspace;
  return parse_matrix_text(workspace.hold(json), workspace.parser(), source, limits, 0,
                           text_origin{first_line, first_column});
}
}  // namespace detail

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
