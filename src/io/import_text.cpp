// The text importers (io/import.hpp): Go's benchmark format, CSV and TSV, plain numbers; and the
// directions of units.

#include "perfmail/io/import.hpp"

#include "import_support.hpp"

#include "perfmail/text/printable.hpp"

#include <fmt/format.h>

#include <array>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace perfmail::io {

using detail::import_builder;

std::optional<better> direction_of_unit(std::string_view unit) noexcept {
  if (const auto known = unit_of(unit)) return direction_of(known->what);
  return std::nullopt;
}

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t'; }

/// One line of a text, without its line break, and where it starts.
struct text_line {
  std::string_view text;
  std::size_t offset = 0;
};

std::vector<text_line> lines_of(std::string_view text) {
  std::vector<text_line> out;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(at, end - at);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    out.push_back({line, at});
    at = end + 1;
  }
  return out;
}

/// The fields of a line separated by blanks, each with its offset in the text.
std::vector<text_line> fields_of(const text_line& line) {
  std::vector<text_line> out;
  std::size_t i = 0;
  while (i < line.text.size()) {
    while (i < line.text.size() && is_blank(line.text[i])) ++i;
    const std::size_t start = i;
    while (i < line.text.size() && !is_blank(line.text[i])) ++i;
    if (i > start) out.push_back({line.text.substr(start, i - start), line.offset + start});
  }
  return out;
}

/// A benchmark result line's name field: `Benchmark` and then nothing, or anything but a lower-case
/// letter (benchfmt's rule: `Benchmarking` starts no benchmark).
bool is_benchmark_name(std::string_view field) {
  constexpr std::string_view prefix = "Benchmark";
  if (field.substr(0, prefix.size()) != prefix) return false;
  return field.size() == prefix.size() || !(field[prefix.size()] >= 'a' && field[prefix.size()] <= 'z');
}

/// A configuration line, `key: value`, whose key begins with a lower-case letter and holds no blank.
std::optional<std::pair<std::string_view, std::string_view>> config_of(std::string_view line) {
  if (line.empty() || !(line[0] >= 'a' && line[0] <= 'z')) return std::nullopt;
  const auto colon = line.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  const std::string_view key = line.substr(0, colon);
  for (const char c : key)
    if (is_blank(c)) return std::nullopt;
  std::string_view value = line.substr(colon + 1);
  while (!value.empty() && is_blank(value.front())) value.remove_prefix(1);
  while (!value.empty() && is_blank(value.back())) value.remove_suffix(1);
  return std::pair{key, value};
}

}  // namespace

namespace detail {
/// Whether `line` is a Go benchmark result: a name, a whole number of iterations and a value with a unit
/// (detection's test: other lines of `go test` output are not).
bool is_go_result_line(std::string_view line) {
  const auto fields = fields_of({line, 0});
  if (fields.size() < 4 || !is_benchmark_name(fields[0].text)) return false;
  const auto iterations = number_of(fields[1].text);
  return iterations && iterations->kind == sample_kind::integer && number_of(fields[2].text).has_value();
}
}  // namespace detail

matrix parse_go_bench(std::string_view text, std::string_view source, const load_limits& limits) {
  import_builder b(source, text, limits);
  const auto lines = lines_of(text);
  // Benchmarks of several packages (`go test -bench . ./...`) may share names: then each name says its
  // package. A file of one package keeps the names as Go prints them.
  std::set<std::string, std::less<>> packages;
  for (const auto& line : lines)
    if (const auto config = config_of(line.text); config && config->first == "pkg") packages.emplace(config->second);
  const bool name_packages = packages.size() > 1;

  std::string package;
  std::unordered_map<std::string, std::size_t> seen;  // per benchmark: the lines so far, the next run
  for (const auto& line : lines) {
    if (const auto config = config_of(line.text)) {
      if (config->first == "pkg") package = std::string{config->second};
      continue;
    }
    const auto fields = fields_of(line);
    // `PASS`, `ok ...`, `--- FAIL: ...` and the name line `go test -v` prints before a result: not results.
    if (fields.size() < 2 || !is_benchmark_name(fields[0].text)) continue;
    const auto iterations = detail::number_of(fields[1].text);
    if (!iterations || iterations->kind != sample_kind::integer || iterations->value < 0)
      b.fail(fields[1].offset, fmt::format("expected the iteration count (a whole number) after the benchmark "
                                           "name, not {}",
                                           text::quoted(fields[1].text)));
    if (fields.size() % 2 != 0)
      b.fail(fields.back().offset, fmt::format("{} has no unit after it", text::quoted(fields.back().text)));
    if (fields.size() == 2) b.fail(fields[1].offset + fields[1].text.size(), "a result line without a value and unit");
    const std::string benchmark =
        name_packages && !package.empty() ? package + "." + std::string{fields[0].text} : std::string{fields[0].text};
    const std::size_t run = seen[benchmark]++;
    for (std::size_t f = 2; f + 1 < fields.size(); f += 2) {
      const auto value = detail::number_of(fields[f].text);
      if (!value) b.fail(fields[f].offset, fmt::format("not a number: {}", text::quoted(fields[f].text)));
      const std::string_view unit = fields[f + 1].text;
      const std::size_t m = b.metric(benchmark + "." + std::string{unit}, fields[0].offset);
      b.unit(m, unit);
      b.add(m, run, *value, fields[f].offset);
    }
  }
  return std::move(b).result("go test", "no benchmark result lines (`BenchmarkName  N  value unit ...`)");
}

// --- CSV and TSV --------------------------------------------------------------------------------------

namespace {

struct cell {
  std::string text;
  std::size_t offset = 0;
};

/// Records of RFC 4180 text: fields split by `separator`, records by CRLF or LF; a field in double quotes
/// may hold the separator, line breaks and `""` for a quote. Anything else with a quote is refused,
/// since a lenient reading of it is a guess.
class delimited_reader {
 public:
  delimited_reader(std::string_view text, char separator, const import_builder& b)
      : text_(text), separator_(separator), b_(b) {}

  /// The next record into `out`; false at the end. Empty lines are skipped.
  bool next(std::vector<cell>& out) {
    out.clear();
    while (at_ < text_.size() && (text_[at_] == '\n' || (text_[at_] == '\r' && at_ + 1 < text_.size() && text_[at_ + 1] == '\n')))
      at_ += text_[at_] == '\n' ? 1 : 2;
    if (at_ >= text_.size()) return false;
    line_start_ = at_;
    for (;;) {
      cell c;
      c.offset = at_;
      if (at_ < text_.size() && text_[at_] == '"') {
        const std::size_t open = at_++;
        for (;;) {
          if (at_ >= text_.size()) b_.fail(open, "a quoted field is not closed");
          if (text_[at_] == '"') {
            if (at_ + 1 < text_.size() && text_[at_ + 1] == '"') {
              c.text += '"';
              at_ += 2;
              continue;
            }
            ++at_;
            break;
          }
          c.text += text_[at_++];
        }
        if (at_ < text_.size() && text_[at_] != separator_ && text_[at_] != '\n' && text_[at_] != '\r')
          b_.fail(at_, "text after a quoted field's closing quote");
      } else {
        while (at_ < text_.size() && text_[at_] != separator_ && text_[at_] != '\n' && text_[at_] != '\r') {
          if (text_[at_] == '"') b_.fail(at_, "a quote inside a field that does not start with one (RFC 4180)");
          c.text += text_[at_++];
        }
      }
      out.push_back(std::move(c));
      if (at_ >= text_.size()) return true;
      if (text_[at_] == separator_) {
        ++at_;
        if (at_ >= text_.size()) {
          out.push_back({{}, at_});
          return true;
        }
        continue;
      }
      if (text_[at_] == '\r') {
        if (at_ + 1 >= text_.size() || text_[at_ + 1] != '\n') b_.fail(at_, "a carriage return that ends no line");
        at_ += 2;
        return true;
      }
      ++at_;  // '\n'
      return true;
    }
  }

  [[nodiscard]] std::size_t line_start() const noexcept { return line_start_; }

 private:
  std::string_view text_;
  char separator_;
  const import_builder& b_;
  std::size_t at_ = 0;
  std::size_t line_start_ = 0;
};

/// A cell's sample: a number, or no sample for an empty cell.
std::optional<detail::read_number> cell_sample(const cell& c, const import_builder& b) {
  if (c.text.empty()) return std::nullopt;
  const auto n = detail::number_of(c.text);
  if (!n) b.fail(c.offset, fmt::format("not a number: {}", text::quoted(c.text)));
  return n;
}

}  // namespace

matrix parse_delimited(std::string_view text, std::string_view source, char separator, const load_limits& limits) {
  import_builder b(source, text, limits);
  const std::string_view format = separator == '\t' ? "TSV" : "CSV";
  delimited_reader reader(text, separator, b);
  std::vector<cell> header;
  if (!reader.next(header)) b.fail(fmt::format("an empty file: expected a {} header row", format));
  if (header[0].text != "metric")
    b.fail(header[0].offset, fmt::format("the {} header's first field is {}; expected \"metric\" (then run, value "
                                         "for one sample a row, or one column a run)",
                                         format, text::quoted(header[0].text)));
  const bool long_form = header.size() == 3 && header[1].text == "run" && header[2].text == "value";
  if (header.size() < 2) b.fail(header[0].offset, fmt::format("the {} header has no run columns", format));
  std::vector<cell> row;
  std::unordered_map<std::string, std::size_t> runs;  // long form: run labels in the order first seen
  std::set<std::pair<std::size_t, std::size_t>> long_seen;     // long form: the metric and run pairs read
  std::unordered_map<std::size_t, std::size_t> row_of_metric;  // wide form: where each metric's row was
  while (reader.next(row)) {
    if (row.size() != header.size())
      b.fail(reader.line_start(), fmt::format("a row of {} fields; the header has {}", row.size(), header.size()));
    const std::size_t m = b.metric(row[0].text, row[0].offset);
    if (long_form) {
      const auto it = runs.try_emplace(row[1].text, runs.size()).first;
      if (!long_seen.emplace(m, it->second).second)
        b.fail(row[0].offset, fmt::format("metric {} has a second sample for run {}", text::quoted(row[0].text),
                                          text::quoted(row[1].text)));
      const auto sample = cell_sample(row[2], b);
      if (sample) b.add(m, it->second, *sample, row[2].offset);
      else b.add_missing(m, it->second, row[2].offset);
      continue;
    }
    if (const auto [it, fresh] = row_of_metric.try_emplace(m, reader.line_start()); !fresh) {
      const auto first = detail::text_locator(text).at(it->second);
      b.fail(row[0].offset, fmt::format("metric {} has a second row (the first is line {})", text::quoted(row[0].text),
                                        first.line));
    }
    for (std::size_t col = 1; col < row.size(); ++col) {
      if (const auto sample = cell_sample(row[col], b)) b.add(m, col - 1, *sample, row[col].offset);
      else b.add_missing(m, col - 1, row[col].offset);
    }
  }
  return std::move(b).result(format, fmt::format("the {} file has a header and no rows", format));
}

matrix parse_numbers(std::string_view text, std::string_view source, const load_limits& limits) {
  import_builder b(source, text, limits);
  std::size_t m = 0;
  bool named = false;
  for (const auto& line : lines_of(text)) {
    for (const auto& field : fields_of(line)) {
      const auto n = detail::number_of(field.text);
      if (!n) b.fail(field.offset, fmt::format("not a number: {}", text::quoted(field.text)));
      if (!named) {
        m = b.metric("value", field.offset);
        named = true;
      }
      b.append(m, *n, field.offset);
    }
  }
  return std::move(b).result("plain numbers", "the file holds no number");
}

}  // namespace perfmail::io
