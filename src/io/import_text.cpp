// The text importers (io/import.hpp): Go's benchmark format, CSV and TSV, plain numbers; and the
// directions of units.

#include "perfmail/text/lines.hpp"
#include "perfmail/io/import.hpp"
#include "perfmail/io/read_file.hpp"

#include "delimited_reader.hpp"
#include "import_support.hpp"

#include "perfmail/text/printable.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory_resource>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace perfmail::io {

using detail::import_builder;

std::optional<better> direction_of_unit(std::string_view unit) noexcept { return perfmail::direction_of_unit(unit); }

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t'; }

/// One line of a text, without its line break, and where it starts.
struct text_line {
  std::string_view text;
  std::size_t offset = 0;
};

/// The first byte at or after `i` that is a blank (`blank`) or is not one (`!blank`), or the end. Eight
/// bytes at a time: a byte-by-byte loop spent a quarter of reading Go's benchmark text here.
std::size_t next_where(std::string_view text, std::size_t i, bool blank) {
  constexpr std::uint64_t ones = 0x0101010101010101, low7 = 0x7f7f7f7f7f7f7f7f, high = 0x8080808080808080;
  // The high bit of each byte of `x` that is zero, and no other bit (no carry crosses a byte).
  const auto zero_bytes = [](std::uint64_t x) { return ~(((x & low7) + low7) | x | low7); };
  for (; i + 8 <= text.size(); i += 8) {
    std::uint64_t word = 0;
    std::memcpy(&word, text.data() + i, 8);
    std::uint64_t blanks = zero_bytes(word ^ (ones * ' ')) | zero_bytes(word ^ (ones * '\t'));
    if (!blank) blanks = ~blanks & high;
    if (blanks == 0) continue;
    // The text's first byte is the word's lowest on a little-endian machine, its highest on a big one.
    const int bit = std::endian::native == std::endian::little ? std::countr_zero(blanks) : std::countl_zero(blanks);
    return i + static_cast<std::size_t>(bit) / 8;
  }
  while (i < text.size() && is_blank(text[i]) != blank) ++i;
  return i;
}

/// Each field of a line separated by blanks, with its offset in the text, handed to `each(field)`; the
/// first `limit` of them.
template <class Each>
void for_each_field(const text_line& line, Each&& each, std::size_t limit = SIZE_MAX) {
  std::size_t i = 0;
  for (std::size_t count = 0; count < limit; ++count) {
    const std::size_t start = next_where(line.text, i, false);
    if (start == line.text.size()) return;
    i = next_where(line.text, start, true);
    each(text_line{line.text.substr(start, i - start), line.offset + start});
  }
}

/// The fields of a line (the first `limit`) into `out`, whose room is kept from line to line.
void fields_of(const text_line& line, std::vector<text_line>& out, std::size_t limit = SIZE_MAX) {
  out.clear();
  for_each_field(line, [&](const text_line& field) { out.push_back(field); }, limit);
}

std::vector<text_line> fields_of(const text_line& line) {
  std::vector<text_line> out;
  fields_of(line, out);
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
  // The first three fields, and whether there is a fourth: detection asks this of every line.
  std::array<std::string_view, 3> first;
  std::size_t count = 0;
  for_each_field({line, 0}, [&](const text_line& field) {
    if (count < first.size()) first[count] = field.text;
    ++count;
  });
  if (count < 4 || !is_benchmark_name(first[0])) return false;
  const auto iterations = number_of(first[1]);
  return iterations && iterations->kind == sample_kind::integer && number_of(first[2]).has_value();
}
}  // namespace detail

namespace {

/// The configuration lines that set results apart, as benchstat keys them: a result is measured on a
/// system, an architecture, a processor and in a package. In the order metric names show them; the
/// package is shown its own way (docs/INPUTS.md).
constexpr std::array<std::string_view, 4> go_config_keys{"goos", "goarch", "cpu", "pkg"};
constexpr std::size_t go_pkg = 3;

std::optional<std::size_t> go_config_key(std::string_view key) {
  for (std::size_t k = 0; k < go_config_keys.size(); ++k)
    if (key == go_config_keys[k]) return k;
  return std::nullopt;
}

/// The lines of `text` from byte `from` on, one at a time, without their line breaks.
template <class Each>
void for_each_line(std::string_view text, std::size_t from, Each&& each) {
  for (const text::line l : text::lines(text.substr(std::min(from, text.size())))) {
    std::string_view line = l.text;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    each(text_line{line, from + l.offset});
  }
}

/// `BenchmarkX-8 <tab> --- FAIL: BenchmarkX-8`: a benchmark that failed or was skipped after its name was
/// printed (a later run of -count, or of -cpu).
bool is_status(const std::vector<text_line>& fields) {
  return fields.size() >= 2 && is_benchmark_name(fields[0].text) && fields[1].text == "---";
}

/// `--- FAIL: BenchmarkX` (or `--- SKIP:`) at the start of a line: a benchmark that failed (or was
/// skipped) in its first run, before any result (go test prints the name without the -cpu suffix then,
/// and runs it no more).
struct status_alone {
  bool failed = false;
  std::string_view benchmark;
};
std::optional<status_alone> status_alone_of(std::string_view line) {
  const bool failed = line.starts_with("--- FAIL: ");
  if (!failed && !line.starts_with("--- SKIP: ")) return std::nullopt;
  const auto fields = fields_of({line.substr(10), 0});
  if (fields.empty() || !is_benchmark_name(fields[0].text)) return std::nullopt;
  return status_alone{failed, fields[0].text};
}

/// The `-N` a benchmark name ends with (go test's -cpu suffix, GOMAXPROCS when not 1), or empty.
std::string_view procs_suffix(std::string_view name) {
  std::size_t i = name.size();
  while (i > 0 && name[i - 1] >= '0' && name[i - 1] <= '9') --i;
  if (i == name.size() || i < 2 || name[i - 1] != '-') return {};
  return name.substr(i - 1);
}

/// Go's benchmarks by name, and what is known of each: its lines so far (the next run) and its units in
/// the order first seen. Open addressing over their places (the matrix's own index), names kept in an
/// arena let go of whole, and every benchmark's units in one list: a suite of a million benchmarks run
/// once names a million benchmarks once each, and a node-based map with a vector of units per benchmark
/// spent most of such a reading allocating, hashing and freeing.
class benchmark_table {
 public:
  static constexpr std::size_t none = SIZE_MAX;
  struct benchmark {
    std::string_view name;  ///< in the arena
    std::size_t runs = 0;
    std::size_t first_unit = none;  ///< its first unit in units_; each links to the next
    std::size_t next = none;  ///< the benchmark of the result line after its last one
  };
  struct unit_entry {
    std::string_view unit;  ///< a view of the text read, which outlives the reading
    std::size_t metric = none;  ///< the metric of the benchmark in this unit, once it has one
    std::size_t next = none;
  };

  [[nodiscard]] std::size_t find(std::string_view name) const {
    return index_.find(name, [this](std::size_t i) { return benchmarks_[i].name; });
  }
  /// The benchmark named `name`, added (with no run and no unit) if it was not there.
  std::size_t find_or_add(std::string_view name) {
    const std::size_t next = benchmarks_.size();
    const std::size_t at = index_.insert_or_find(name, next, [this](std::size_t i) { return benchmarks_[i].name; });
    if (at != next) return at;
    char* kept = static_cast<char*>(names_.allocate(name.size(), 1));
    std::copy(name.begin(), name.end(), kept);
    benchmarks_.push_back({std::string_view{kept, name.size()}});
    return next;
  }
  benchmark& operator[](std::size_t b) { return benchmarks_[b]; }

  /// The entry of `unit` among benchmark `b`'s units, added (with no metric) if it was not there.
  unit_entry& unit(std::size_t b, std::string_view unit) {
    // Along the links to the one that ends the list, which then links to the new unit (set before the
    // vector grows: the link is in it).
    std::size_t* link = &benchmarks_[b].first_unit;
    for (; *link != none; link = &units_[*link].next)
      if (units_[*link].unit == unit) return units_[*link];
    *link = units_.size();
    return units_.emplace_back(unit_entry{unit});
  }
  /// Benchmark `b`'s units, in the order first seen.
  template <class Each>
  void for_each_unit(std::size_t b, Each each) const {
    for (std::size_t u = benchmarks_[b].first_unit; u != none; u = units_[u].next) each(units_[u].unit);
  }

 private:
  std::vector<benchmark> benchmarks_;
  std::vector<unit_entry> units_;
  std::pmr::monotonic_buffer_resource names_;
  name_index index_;
};

class go_reader {
 public:
  go_reader(std::string_view text, import_builder& b) : text_(text), b_(b) {}

  matrix read() && {
    survey();
    std::array<std::string, go_config_keys.size()> config;
    bool changed = true;
    for_each_line(text_, detail::byte_order_mark_of(text_), [&](const text_line& line) {
      if (const auto c = config_of(line.text)) {
        if (const auto k = go_config_key(c->first)) {
          config[*k] = std::string{c->second};
          changed = true;
        }
        return;
      }
      fields_of(line, fields_);
      const auto& fields = fields_;
      const auto alone = status_alone_of(line.text);
      const bool status = is_status(fields);
      // `PASS`, `ok ...`, `--- BENCH: ...`, a test's log lines and the name line `go test -v` prints
      // before a result: not results.
      if (!alone && (fields.size() < 2 || !is_benchmark_name(fields[0].text))) return;
      if (changed) {
        prefix_ = prefix_of(config);
        changed = false;
      }
      if (alone) return alone_line(*alone, line);
      if (status) return status_line(fields, line);
      result_line(fields);
    });
    for (const auto& f : failures_) {
      // The units the benchmark has elsewhere in the file are missing in the failed runs too.
      benchmarks_.for_each_unit(benchmarks_.find(f.benchmark), [&](std::string_view unit) {
        const std::size_t m = b_.metric(fmt::format("{}.{}", f.benchmark, unit), f.offset);
        b_.unit(m, unit);
        if (unit != "ns/op") b_.add_missing(m, f.run, f.offset);
      });
    }
    for (const auto& [benchmark, first] : failed_) {
      const std::size_t times = failed_count_[benchmark];
      b_.note(first, fmt::format("{} failed (`--- FAIL`){}: no sample of it{}", text::quoted(benchmark),
                                 times > 1 ? fmt::format(" in {} runs", times) : std::string{},
                                 times > 1 ? " in those runs" : " there"));
    }
    for (const auto& benchmark : ran_nothing_order_)
      b_.note(ran_nothing_.at(benchmark),
              fmt::format("{} ran 0 iterations (it panicked, or stopped before its loop): no sample of it there",
                          text::quoted(benchmark)));
    for (const auto& [benchmark, at] : skipped_)
      b_.note(at, fmt::format("{} was skipped (`--- SKIP`): no sample of it there", text::quoted(benchmark)));
    return std::move(b_).result("go test", "no benchmark result lines (`BenchmarkName  N  value unit ...`)");
  }

 private:
  struct failure {
    std::string benchmark;
    std::size_t run = 0;
    std::size_t offset = 0;
  };

  /// Which configuration keys take more than one value over the results, and the -cpu suffix every
  /// result's name shares: one pass before the reading, so that names are decided before the first.
  void survey() {
    std::array<std::string, go_config_keys.size()> config;
    std::array<std::optional<std::string>, go_config_keys.size()> first;
    bool suffix_seen = false;
    bool changed = true;  // whether a configuration line came since the last result
    for_each_line(text_, detail::byte_order_mark_of(text_), [&](const text_line& line) {
      if (const auto c = config_of(line.text)) {
        if (const auto k = go_config_key(c->first)) {
          config[*k] = std::string{c->second};
          changed = true;
        }
        return;
      }
      fields_of(line, fields_, 2);  // the name and what follows it tell a result from a status line
      const auto& fields = fields_;
      const bool result = fields.size() >= 2 && is_benchmark_name(fields[0].text);
      if (!result && !status_alone_of(line.text)) return;
      // The configuration is compared with the first result's only when it may have changed.
      for (std::size_t k = 0; changed && k < config.size(); ++k) {
        if (!first[k]) first[k] = config[k];
        else if (*first[k] != config[k]) varies_[k] = true;
      }
      changed = false;
      if (!result || is_status(fields)) return;
      const std::string_view suffix = procs_suffix(fields[0].text);
      if (!suffix_seen) {
        common_suffix_ = std::string{suffix};
        suffix_seen = true;
      } else if (common_suffix_ != suffix) {
        common_suffix_.clear();
      }
    });
  }

  /// What a metric's name starts with under `config`: `key=value,...:` for the keys (but the package)
  /// that take more than one value in the file, then the package and a dot when it does.
  [[nodiscard]] std::string prefix_of(const std::array<std::string, go_config_keys.size()>& config) const {
    std::string out;
    for (std::size_t k = 0; k < go_pkg; ++k)
      if (varies_[k]) out += fmt::format("{}{}={}", out.empty() ? "" : ",", go_config_keys[k], config[k]);
    if (!out.empty()) out += ':';
    if (varies_[go_pkg] && !config[go_pkg].empty()) out += config[go_pkg] + ".";
    return out;
  }

  void result_line(const std::vector<text_line>& fields) {
    const auto iterations = detail::number_of(fields[1].text);
    if (!iterations || iterations->kind != sample_kind::integer || iterations->value < 0)
      b_.fail(fields[1].offset, fmt::format("expected the iteration count (a whole number) after the benchmark "
                                            "name, not {}",
                                            text::quoted(fields[1].text)));
    if (fields.size() % 2 != 0)
      b_.fail(fields.back().offset, fmt::format("{} has no unit after it", text::quoted(fields.back().text)));
    if (fields.size() == 2)
      b_.fail(fields[1].offset + fields[1].text.size(), "a result line without a value and unit");
    // The names are built in buffers kept from line to line: a line's benchmark is looked up, not
    // copied, when it was seen before.
    benchmark_.assign(prefix_);
    benchmark_ += fields[0].text;
    const std::string& benchmark = benchmark_;
    const std::size_t state = result_state(benchmark);
    const std::size_t run = benchmarks_[state].runs++;
    if (run == 0) remember_parents(fields[0].text);
    // No iteration ran: the benchmark panicked (go test prints `0  NaN ns/op` before the panic) or
    // stopped before its loop. Its run measured nothing, whatever the values say: a missing sample.
    const bool ran_nothing = iterations->value == 0;
    for (std::size_t f = 2; f + 1 < fields.size(); f += 2) {
      const auto value = detail::number_of(fields[f].text);
      if (!value && !(ran_nothing && fields[f].text == "NaN"))
        b_.fail(fields[f].offset, fmt::format("not a number: {}", text::quoted(fields[f].text)));
      const std::string_view unit = fields[f + 1].text;
      const std::size_t m = metric_of(state, benchmark, unit, fields[0].offset);
      if (ran_nothing) b_.add_missing(m, run, fields[f].offset);
      else b_.add(m, run, *value, fields[f].offset);
    }
    if (ran_nothing && ran_nothing_.emplace(benchmark, fields[0].offset).second) ran_nothing_order_.push_back(benchmark);
  }

  /// `BenchmarkX-8 --- FAIL: ...` or `--- SKIP: ...`.
  void status_line(const std::vector<text_line>& fields, const text_line& line) {
    const std::string_view what = fields.size() >= 3 ? fields[2].text : std::string_view{};
    const std::string benchmark = prefix_ + std::string{fields[0].text};
    remember_parents(fields[0].text);
    if (what == "SKIP:") {
      skipped_.emplace_back(benchmark, line.offset);
      return;
    }
    if (what != "FAIL:")
      b_.fail(fields[1].offset, fmt::format("expected the iteration count, or `--- FAIL:`, after the benchmark "
                                            "name, not {}",
                                            text::quoted(line.text.substr(fields[1].offset - line.offset))));
    fail_run(benchmark, line.offset);
  }

  /// `--- FAIL: BenchmarkX`: named as its results would have been, with the -cpu suffix every result of
  /// the file shares (none when they do not share one).
  void alone_line(const status_alone& status, const text_line& line) {
    // A benchmark that ran sub-benchmarks (b.Run) fails when one of them does, and go test says so after
    // them: it measured nothing of its own, and its sub-benchmark's failure is the one to report.
    if (parents_.contains(prefix_ + std::string{status.benchmark})) return;
    remember_parents(status.benchmark);
    const std::string benchmark = prefix_ + std::string{status.benchmark} + common_suffix_;
    if (status.failed) fail_run(benchmark, line.offset);
    else skipped_.emplace_back(benchmark, line.offset);
  }

  /// A run of `benchmark` that measured nothing: each of its metrics has a missing sample there, and it
  /// has at least its time per operation (every Go result has one), so that the failure is in the matrix.
  void fail_run(const std::string& benchmark, std::size_t offset) {
    const std::size_t state = benchmarks_.find_or_add(benchmark);
    const std::size_t run = benchmarks_[state].runs++;
    const std::size_t m = b_.metric(benchmark + ".ns/op", offset);
    b_.unit(m, "ns/op");
    b_.add_missing(m, run, offset);
    benchmarks_.unit(state, "ns/op").metric = m;
    failures_.push_back({benchmark, run, offset});
    if (failed_count_[benchmark]++ == 0) failed_.emplace_back(benchmark, offset);
  }

  /// The benchmarks (under the configuration) that `name`'s slashes say ran it as a sub-benchmark.
  void remember_parents(std::string_view name) {
    for (std::size_t slash = name.find('/'); slash != std::string_view::npos; slash = name.find('/', slash + 1))
      parents_.insert(prefix_ + std::string{name.substr(0, slash)});
  }

  std::string_view text_;
  import_builder& b_;
  std::vector<text_line> fields_;  ///< the fields of the line being read
  std::string benchmark_;          ///< the benchmark of the line being read
  std::string metric_;             ///< a metric's name being built
  std::unordered_set<std::string> parents_;
  std::array<bool, go_config_keys.size()> varies_{};
  std::string common_suffix_;
  std::string prefix_;
  benchmark_table benchmarks_;
  std::size_t last_result_ = benchmark_table::none;  ///< the benchmark of the last result line

  /// The benchmark of a result line. Results come in patterns: a benchmark again (go test -count runs
  /// each N times in a row), or the benchmarks in the order they came before (runs of a suite one after
  /// the other). The benchmark that followed the last one last time, and the last one, are tried before
  /// the table: a comparison of names instead of a hash and a search.
  std::size_t result_state(std::string_view benchmark) {
    std::size_t state = benchmark_table::none;
    if (last_result_ != benchmark_table::none) {
      const std::size_t next = benchmarks_[last_result_].next;
      if (next != benchmark_table::none && benchmarks_[next].name == benchmark) state = next;
      else if (benchmarks_[last_result_].name == benchmark) state = last_result_;
    }
    if (state == benchmark_table::none) state = benchmarks_.find_or_add(benchmark);
    if (last_result_ != benchmark_table::none) benchmarks_[last_result_].next = state;
    last_result_ = state;
    return state;
  }

  /// The metric of `benchmark` in `unit` (`BenchmarkX.ns/op`), found among the benchmark's units rather
  /// than by its name, since every result line gives each again.
  std::size_t metric_of(std::size_t state, std::string_view benchmark, std::string_view unit, std::size_t offset) {
    auto& entry = benchmarks_.unit(state, unit);
    if (entry.metric != benchmark_table::none) return entry.metric;
    metric_.assign(benchmark);
    metric_ += '.';
    metric_ += unit;
    const std::size_t m = b_.metric(metric_, offset);
    b_.unit(m, unit);
    entry.metric = m;
    return m;
  }

  std::vector<failure> failures_;
  std::vector<std::pair<std::string, std::size_t>> failed_;  // each failed benchmark and its first failure
  std::unordered_map<std::string, std::size_t> failed_count_;
  std::vector<std::pair<std::string, std::size_t>> skipped_;
  std::unordered_map<std::string, std::size_t> ran_nothing_;  // each benchmark of 0 iterations: its first line
  std::vector<std::string> ran_nothing_order_;
};

/// The events of `go test -json` (test2json: one JSON object a line) as the text they carry: the
/// `Output` of its `output` events, each package's in the order they come (a line of a result may be
/// split across events), packages one after another.
matrix read_test2json(std::string_view text, import_builder& b, std::string_view source) {
  struct package_text {
    std::string text;
    std::vector<import_builder::piece> pieces;
  };
  std::vector<package_text> packages;
  std::unordered_map<std::string, std::size_t> package_index;
  std::size_t line_number = 0;
  const std::size_t bom = detail::byte_order_mark_of(text);
  for_each_line(text.substr(bom), 0, [&](const text_line& line) {
    ++line_number;
    const std::size_t shift = line_number == 1 ? bom : 0;  // the columns of line 1 count a byte-order mark
    if (line.text.find_first_not_of(" \t") == std::string_view::npos) return;
    detail::json_tree_result tree = [&] {
      try {
        return detail::parse_json_tree(line.text, std::string{source});
      } catch (const input_error& e) {
        throw input_error(e.file(), input_place::at(line_number, e.place().column + shift),
                          fmt::format("{} (go test -json: one JSON object a line)", e.problem()));
      }
    }();
    const auto at = [&](std::size_t offset) { return input_place::at(line_number, offset + 1 + shift); };
    if (!tree.duplicates.empty()) {
      const auto& d = tree.duplicates.front();
      throw input_error(std::string{source}, at(d.second_offset),
                        fmt::format("key {} appears twice in the event", text::quoted(d.key)));
    }
    const detail::json_node& event = tree.root;
    using kind = detail::json_node::kind;
    if (event.type != kind::object)
      throw input_error(std::string{source}, at(event.offset), "expected a test2json event (a JSON object) on each line");
    const detail::json_node* action = detail::member(event, "Action");
    if (action == nullptr || action->type != kind::string)
      throw input_error(std::string{source}, at(event.offset), "a test2json event without an \"Action\" string");
    if (action->text != "output") return;
    const detail::json_node* output = detail::member(event, "Output");
    if (output == nullptr || output->type != kind::string)
      throw input_error(std::string{source}, at(event.offset), "an output event without an \"Output\" string");
    const detail::json_node* package = detail::member(event, "Package");
    if (package != nullptr && package->type != kind::string)
      throw input_error(std::string{source}, at(package->offset), "\"Package\" is not a string");
    const std::string name = package != nullptr ? package->text : std::string{};
    const auto [it, fresh] = package_index.try_emplace(name, packages.size());
    if (fresh) packages.emplace_back();
    package_text& p = packages[it->second];
    const auto place = at(output->offset);
    p.pieces.push_back({p.text.size(), place.line, place.column});
    p.text += output->text;
  });
  std::string whole;
  std::vector<import_builder::piece> pieces;
  for (auto& p : packages) {
    // A package's output that does not end its last line ends it here: results never span packages.
    if (!p.text.empty() && p.text.back() != '\n') p.text += '\n';
    for (auto piece : p.pieces) {
      piece.start += whole.size();
      pieces.push_back(piece);
    }
    whole += p.text;
  }
  b.set_pieces(whole, std::move(pieces), "in the Output of the go test -json event there");
  return go_reader(whole, b).read();
}

}  // namespace

namespace detail {

matrix read_go_text(std::string_view text, import_builder& b) { return go_reader(text, b).read(); }

bool is_test2json(std::string_view text) {
  text.remove_prefix(byte_order_mark_of(text));
  // test2json's first event is a short line (`{"Time":...,"Action":"start","Package":...}`): a first line
  // longer than this is some other JSON (a robot matrix is often one line of megabytes), decided without
  // reading it all.
  constexpr std::size_t longest_first_event = 64 << 10;
  const std::size_t end = text.substr(0, longest_first_event).find('\n');
  if (end == std::string_view::npos && text.size() > longest_first_event) return false;
  const std::string_view first = text.substr(0, end);
  if (first.find("\"Action\"") == std::string_view::npos) return false;
  try {
    const json_tree_result tree = parse_json_tree(first, "");
    const json_node* action = member(tree.root, "Action");
    return tree.duplicates.empty() && action != nullptr && action->type == json_node::kind::string;
  } catch (const input_error&) {
    return false;
  }
}

}  // namespace detail

matrix parse_go_bench(std::string_view text, std::string_view source, const load_limits& limits) {
  import_builder b(source, text, limits);
  // `go test -json` writes the same text inside JSON events.
  const std::size_t first = text.find_first_not_of(" \t\r\n", detail::byte_order_mark_of(text));
  if (first != std::string_view::npos && text[first] == '{') return read_test2json(text, b, source);
  return detail::read_go_text(text, b);
}

// --- CSV and TSV --------------------------------------------------------------------------------------

namespace {

using detail::cell;
using detail::delimited_reader;

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
  if (!reader.next(header))
    b.fail(empty_input_problem(source, fmt::format("an empty file: expected a {} header row", format)));
  if (header[0].text != "metric")
    b.fail(header[0].offset, fmt::format("the {} header's first field is {}; expected \"metric\" (then run, value "
                                         "for one sample a row, or one column a run)",
                                         format, text::quoted(header[0].text)));
  const bool long_form = header.size() == 3 && header[1].text == "run" && header[2].text == "value";
  if (header.size() < 2) b.fail(header[0].offset, fmt::format("the {} header has no run columns", format));
  std::vector<cell> row;
  // Long form: run labels in the order first seen, found by a view of the cell.
  std::unordered_map<std::string, std::size_t, detail::name_hash, std::equal_to<>> runs;
  std::vector<std::size_t> row_of_metric;  // wide form: where each metric's row starts, by its number
  // The metric of the row before, and its name: the rows of one metric usually come together, and the
  // long form names the metric on every sample.
  std::string_view last_name;
  std::size_t last_metric = 0;
  bool any_row = false;
  while (reader.next(row)) {
    if (row.size() != header.size())
      b.fail(reader.line_start(), fmt::format("a row of {} fields; the header has {}", row.size(), header.size()));
    if (!any_row || row[0].text != last_name) {
      last_metric = b.metric(row[0].text, row[0].offset);
      last_name = row[0].text;
      any_row = true;
    }
    const std::size_t m = last_metric;
    if (long_form) {
      auto it = runs.find(row[1].text);
      if (it == runs.end()) it = runs.emplace(std::string{row[1].text}, runs.size()).first;
      // Every sample of the long form is given with add or add_missing: a run given already is one
      // the file lists twice.
      if (b.has_sample(m, it->second))
        b.fail(row[0].offset, fmt::format("metric {} has a second sample for run {}", text::quoted(row[0].text),
                                          text::quoted(row[1].text)));
      const auto sample = cell_sample(row[2], b);
      if (sample) b.add(m, it->second, *sample, row[2].offset);
      else b.add_missing(m, it->second, row[2].offset);
      continue;
    }
    // Metrics are numbered from 0 as they are first seen, so a metric new to the file is the next one.
    if (m < row_of_metric.size()) {
      const auto first = detail::text_locator(text).at(row_of_metric[m]);
      b.fail(row[0].offset, fmt::format("metric {} has a second row (the first is line {})", text::quoted(row[0].text),
                                        first.line));
    }
    row_of_metric.push_back(reader.line_start());
    b.expect_runs(m, row.size() - 1);  // the row holds every sample of the metric
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
  // A byte-order mark before the numbers is passed over, as in every text format.
  for_each_line(text, detail::byte_order_mark_of(text), [&](const text_line& line) {
    for_each_field(line, [&](const text_line& field) {
      const auto n = detail::number_of(field.text);
      if (!n) b.fail(field.offset, fmt::format("not a number: {}", text::quoted(field.text)));
      if (!named) {
        m = b.metric("value", field.offset);
        named = true;
      }
      b.append(m, *n, field.offset);
    });
  });
  return std::move(b).result("plain numbers", "the file holds no number");
}

}  // namespace perfmail::io
