// The JSON importers (io/import.hpp): Google Benchmark, hyperfine and pytest-benchmark. Each document is
// read with the strict reading and the tree the report documents use (json_tree.hpp): these files are
// small (a sample per repetition), and the tree lets each field be checked where it is, in any order.

#include "perfmail/io/import.hpp"

#include "import_support.hpp"

#include "perfmail/text/printable.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <string>
#include <utility>

namespace perfmail::io {

using detail::import_builder;
using detail::json_node;
using detail::member;
using kind = json_node::kind;

namespace {

std::string_view kind_name(kind k) {
  switch (k) {
    case kind::null: return "null";
    case kind::boolean: return "true or false";
    case kind::number: return "a number";
    case kind::string: return "a string";
    case kind::array: return "an array";
    case kind::object: return "an object";
  }
  return "a value";
}

/// The member `key` of `object`, which must be there and of type `want`; `path` names the object.
const json_node& required(const import_builder& b, const json_node& object, std::string_view path,
                          std::string_view key, kind want) {
  const json_node* node = member(object, key);
  if (node == nullptr) b.fail(object.offset, fmt::format("{} has no \"{}\"", path, key));
  if (node->type != want)
    b.fail(node->offset, fmt::format("{}.{} is {}; expected {}", path, key, kind_name(node->type), kind_name(want)));
  return *node;
}

/// The member `key` when present, which must then be of type `want`.
const json_node* optional_member(const import_builder& b, const json_node& object, std::string_view path,
                                 std::string_view key, kind want) {
  const json_node* node = member(object, key);
  if (node != nullptr && node->type != want)
    b.fail(node->offset, fmt::format("{}.{} is {}; expected {}", path, key, kind_name(node->type), kind_name(want)));
  return node;
}

detail::read_number number_at(const json_node& node) {
  return {node.number, node.is_integer() ? sample_kind::integer : sample_kind::floating};
}

json_node top_object(std::string_view text, const import_builder& b, std::string_view source, std::string_view what) {
  json_node root = detail::json_document(text, b, std::string{source});
  if (root.type != kind::object) b.fail(root.offset, fmt::format("the top level is not a JSON object ({})", what));
  return root;
}

// --- Google Benchmark ---------------------------------------------------------------------------------

/// Nanoseconds per unit of `time_unit`: every time is imported in nanoseconds, so results written with
/// different --benchmark_time_unit still compare.
std::optional<double> nanoseconds_per(std::string_view unit) {
  if (unit == "ns") return 1.0;
  if (unit == "us") return 1e3;
  if (unit == "ms") return 1e6;
  if (unit == "s") return 1e9;
  return std::nullopt;
}

/// Fields of a run that describe it rather than measure it: not counters.
constexpr std::array<std::string_view, 7> gbench_bookkeeping{
    "family_index", "per_family_instance_index", "repetitions", "repetition_index", "threads", "iterations",
    "aggregate_unit"};

}  // namespace

matrix parse_gbench_json(std::string_view text, std::string_view source, const load_limits& limits) {
  import_builder b(source, text, limits);
  return detail::read_gbench(top_object(text, b, source, "expected Google Benchmark's \"context\" and \"benchmarks\""), b);
}

matrix detail::read_gbench(const json_node& root, import_builder& b) {
  const load_limits& limits = b.limits();
  required(b, root, "the document", "context", kind::object);
  const json_node& runs = required(b, root, "the document", "benchmarks", kind::array);
  // Repetitions without a repetition_index (old versions) are numbered in the order they come.
  std::map<std::string, std::size_t, std::less<>> next_repetition;
  std::size_t aggregates = 0;
  std::map<std::string, std::pair<std::size_t, std::size_t>, std::less<>> failed_runs;  // first, count
  for (std::size_t i = 0; i < runs.items.size(); ++i) {
    const json_node& run = runs.items[i];
    const std::string path = fmt::format("benchmarks[{}]", i);
    if (run.type != kind::object) b.fail(run.offset, fmt::format("{} is {}; expected an object", path, kind_name(run.type)));
    const json_node& name = required(b, run, path, "name", kind::string);
    // Aggregates (mean, median, stddev, cv, BigO) summarise the repetitions: they are not samples.
    if (const json_node* type = optional_member(b, run, path, "run_type", kind::string)) {
      if (type->text == "aggregate") {
        ++aggregates;
        continue;
      }
      if (type->text != "iteration")
        b.fail(type->offset, fmt::format("{}.run_type is {}; expected \"iteration\" or \"aggregate\"", path,
                                         text::quoted(type->text)));
    }
    const json_node* run_name = optional_member(b, run, path, "run_name", kind::string);
    const std::string& group = run_name != nullptr ? run_name->text : name.text;
    std::size_t repetition = 0;
    if (const json_node* index = optional_member(b, run, path, "repetition_index", kind::number)) {
      if (!index->is_integer() || index->number < 0)
        b.fail(index->offset, fmt::format("{}.repetition_index is not a whole number", path));
      repetition = static_cast<std::size_t>(std::min(index->number, static_cast<double>(limits.max_runs)));
    } else {
      repetition = next_repetition[group]++;
    }
    const json_node* error = optional_member(b, run, path, "error_occurred", kind::boolean);
    const bool failed = error != nullptr && error->boolean;
    if (failed) {
      auto& [first, count] = failed_runs[group];
      if (count++ == 0) first = run.offset;
    }

    const json_node* unit_node = optional_member(b, run, path, "time_unit", kind::string);
    const std::string unit = unit_node != nullptr ? unit_node->text : "ns";
    const auto scale = nanoseconds_per(unit);
    if (!scale)
      b.fail(unit_node->offset, fmt::format("{}.time_unit is {}; expected ns, us, ms or s", path, text::quoted(unit)));
    for (const std::string_view field : {std::string_view{"real_time"}, std::string_view{"cpu_time"}}) {
      const std::size_t m = b.metric(fmt::format("{}.{}", group, field), name.offset);
      b.unit(m, "ns");  // every time is read in nanoseconds, whatever time_unit says
      if (failed) {
        // A repetition that failed measured nothing: a missing sample, not a zero.
        b.add_missing(m, repetition, run.offset);
        continue;
      }
      const json_node& time = required(b, run, path, field, kind::number);
      auto sample = number_at(time);
      sample.value *= *scale;
      if (*scale != 1.0) sample.kind = sample_kind::floating;
      b.add(m, repetition, sample, time.offset);
    }
    if (failed) continue;
    for (const auto& field : run.members) {
      if (field.value.type != kind::number || field.key == "real_time" || field.key == "cpu_time") continue;
      if (std::find(gbench_bookkeeping.begin(), gbench_bookkeeping.end(), field.key) != gbench_bookkeeping.end())
        continue;
      // A user counter, or the built-in rates bytes_per_second and items_per_second.
      const std::size_t m = b.metric(fmt::format("{}.{}", group, field.key), field.key_offset);
      b.unit(m, field.key);
      b.add(m, repetition, number_at(field.value), field.value.offset);
    }
  }
  for (const auto& [group, failed] : failed_runs)
    b.note(failed.first, fmt::format("{} failed (error_occurred) in {} {}: no sample of it there", text::quoted(group),
                                     failed.second, failed.second == 1 ? "repetition" : "repetitions"));
  // A mean of repetitions is no sample, and ten means are not ten runs: a file of aggregates alone cannot
  // be compared, and the one way to get samples is to run again.
  if (aggregates > 0 && aggregates == runs.items.size())
    b.fail(runs.offset, "\"benchmarks\" holds only aggregates (mean, median, stddev), no repetition: written with "
                        "--benchmark_report_aggregates_only; rerun with --benchmark_repetitions=N and without "
                        "--benchmark_report_aggregates_only");
  return std::move(b).result("Google Benchmark", "\"benchmarks\" lists no run (aggregates are not samples)");
}

namespace {

// --- hyperfine and pytest-benchmark: times in seconds, one metric per command or test ----------------

/// The metric `<name>.time` of the command or test named by `name_node`, which must be new: one listed
/// twice would merge two measurements into one series. `what` says what it names in the message.
std::size_t seconds_metric(import_builder& b, std::string_view path, std::string_view what, const json_node& name_node) {
  const std::size_t before = b.metric_count();
  const std::size_t m = b.metric(name_node.text + ".time", name_node.offset);
  if (m < before)
    b.fail(name_node.offset, fmt::format("{}: the {} {} is listed twice", path, what, text::quoted(name_node.text)));
  b.unit(m, "s");
  return m;
}

/// Item `i` of the array `times` at `field`, which must be a number of seconds.
const json_node& seconds_at(const import_builder& b, const json_node& times, std::size_t i, std::string_view field) {
  const json_node& time = times.items[i];
  if (time.type != kind::number)
    b.fail(time.offset, fmt::format("{}[{}] is {}; expected a number of seconds", field, i, kind_name(time.type)));
  return time;
}

}  // namespace

// --- hyperfine ----------------------------------------------------------------------------------------

matrix parse_hyperfine_json(std::string_view text, std::string_view source, const load_limits& limits) {
  import_builder b(source, text, limits);
  return detail::read_hyperfine(top_object(text, b, source, "expected hyperfine's \"results\""), b);
}

matrix detail::read_hyperfine(const json_node& root, import_builder& b) {
  const json_node& results = required(b, root, "the document", "results", kind::array);
  for (std::size_t i = 0; i < results.items.size(); ++i) {
    const json_node& result = results.items[i];
    const std::string path = fmt::format("results[{}]", i);
    if (result.type != kind::object)
      b.fail(result.offset, fmt::format("{} is {}; expected an object", path, kind_name(result.type)));
    const json_node& command = required(b, result, path, "command", kind::string);
    const json_node& times = required(b, result, path, "times", kind::array);
    const std::size_t m = seconds_metric(b, path, "command", command);
    const json_node* codes = optional_member(b, result, path, "exit_codes", kind::array);
    if (codes != nullptr && codes->items.size() != times.items.size())
      b.fail(codes->offset, fmt::format("{}.exit_codes lists {} codes for {} times", path, codes->items.size(),
                                        times.items.size()));
    const std::string times_field = path + ".times";
    std::size_t failed = 0;
    for (std::size_t t = 0; t < times.items.size(); ++t) {
      const json_node& time = seconds_at(b, times, t, times_field);
      // A run whose command failed (kept by hyperfine --ignore-failure) timed a failure: no sample. So
      // did one killed by a signal, whose exit code hyperfine writes as null.
      const json_node* code = codes != nullptr ? &codes->items[t] : nullptr;
      if (code != nullptr && code->type != kind::number && code->type != kind::null)
        b.fail(code->offset, fmt::format("{}.exit_codes[{}] is {}; expected an exit code (a whole number)", path, t,
                                         kind_name(code->type)));
      // An exit code is a whole number: 1.5 or 1e0 is no process's status, and reading it as a failure
      // (or not) would be a guess about what wrote the file.
      if (code != nullptr && code->type == kind::number && !code->is_integer())
        b.fail(code->offset, fmt::format("{}.exit_codes[{}] is {}; expected an exit code (a whole number)", path, t,
                                         text::quoted(code->text)));
      if (code != nullptr && (code->type == kind::null || code->number != 0)) {
        b.add_missing(m, t, time.offset);
        ++failed;
        continue;
      }
      b.add(m, t, number_at(time), time.offset);
    }
    if (failed > 0)
      b.note(command.offset, fmt::format("{} failed (a non-zero exit code) in {} of its {} runs: no sample of it there",
                                         text::quoted(command.text), failed, times.items.size()));
  }
  return std::move(b).result("hyperfine", "\"results\" lists no time");
}

// --- pytest-benchmark ---------------------------------------------------------------------------------

matrix parse_pytest_json(std::string_view text, std::string_view source, const load_limits& limits) {
  import_builder b(source, text, limits);
  return detail::read_pytest(
      top_object(text, b, source, "expected pytest-benchmark's \"machine_info\" and \"benchmarks\""), b);
}

matrix detail::read_pytest(const json_node& root, import_builder& b) {
  const json_node& benchmarks = required(b, root, "the document", "benchmarks", kind::array);
  for (std::size_t i = 0; i < benchmarks.items.size(); ++i) {
    const json_node& bench = benchmarks.items[i];
    const std::string path = fmt::format("benchmarks[{}]", i);
    if (bench.type != kind::object) b.fail(bench.offset, fmt::format("{} is {}; expected an object", path, kind_name(bench.type)));
    const json_node* fullname = optional_member(b, bench, path, "fullname", kind::string);
    const json_node& name = fullname != nullptr ? *fullname : required(b, bench, path, "name", kind::string);
    const json_node& stats = required(b, bench, path, "stats", kind::object);
    const json_node* data = optional_member(b, stats, path + ".stats", "data", kind::array);
    // The summary statistics are no samples, and inventing rounds from them would be a lie.
    if (data == nullptr)
      b.fail(stats.offset, fmt::format("{}.stats has no \"data\": the per-round times are saved only with "
                                       "pytest --benchmark-save-data (or --benchmark-json with it)",
                                       path));
    const std::size_t m = seconds_metric(b, path, "benchmark", name);
    const std::string data_field = path + ".stats.data";
    for (std::size_t r = 0; r < data->items.size(); ++r) {
      const json_node& round = seconds_at(b, *data, r, data_field);
      b.add(m, r, number_at(round), round.offset);
    }
  }
  return std::move(b).result("pytest-benchmark", "\"benchmarks\" lists no round");
}

}  // namespace perfmail::io
