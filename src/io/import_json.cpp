// The JSON importers (io/import.hpp): Google Benchmark, hyperfine and pytest-benchmark, each read in one
// pass of simdjson On-Demand (json_import_reader.hpp). The members of an object are gathered as the
// pass meets them and checked once the object is read, in a fixed order, so that a file whose members
// come in another order (or with several faults) is refused with the same message.

#include "perfmail/io/import.hpp"

#include "import_support.hpp"
#include "json_import_reader.hpp"

#include "perfmail/text/printable.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace perfmail::io {

using detail::import_builder;
using detail::json_import_reader;
using detail::json_value;
using detail::kind_name;
using kind = detail::json_node::kind;
namespace od = simdjson::ondemand;

namespace {

/// The end of a note on a benchmark that failed in some runs: what is left of it to compare.
std::string samples_remain(std::size_t remain) {
  if (remain == 0) return "no sample of it remains";
  return fmt::format("{} sample{} of it remain{}", remain, remain == 1 ? "" : "s", remain == 1 ? "s" : "");
}

/// What a message calls an object: `the document`, or an item of an array (`benchmarks[3]`) and what
/// is below it (`.stats`). Written out only for a message.
struct object_name {
  std::string_view array;  ///< empty for the document
  std::size_t index = 0;
  std::string_view below;

  [[nodiscard]] std::string text() const {
    if (array.empty()) return "the document";
    return fmt::format("{}[{}]{}", array, index, below);
  }
};

/// A member gathered from an object, if the object has it.
using gathered = std::optional<json_value>;

/// The member `key` when present, which must then be of type `want`.
const json_value* optional_member(const import_builder& b, const gathered& member, const object_name& object,
                                  std::string_view key, kind want) {
  if (member && member->type != want)
    b.fail(member->offset,
           fmt::format("{}.{} is {}; expected {}", object.text(), key, kind_name(member->type), kind_name(want)));
  return member ? &*member : nullptr;
}

/// The member `key` of the object `object` (which starts at `object_offset`), which must be there and
/// of type `want`.
const json_value& required(const import_builder& b, const gathered& member, const object_name& object,
                           std::size_t object_offset, std::string_view key, kind want) {
  if (!member) b.fail(object_offset, fmt::format("{} has no \"{}\"", object.text(), key));
  return *optional_member(b, member, object, key, want);
}

detail::read_number number_at(const json_value& value) {
  return {value.number, value.is_integer() ? sample_kind::integer : sample_kind::floating};
}

/// The document's top-level object, which must be one, and where it starts; `what` says what the tool's
/// holds.
struct top_level {
  od::object object;
  std::size_t offset = 0;
};
top_level top_object(json_import_reader& json, const import_builder& b, std::string_view what) {
  const json_value top = json.start();
  if (top.type != kind::object) b.fail(top.offset, fmt::format("the top level is not a JSON object ({})", what));
  return {json.top_object(), top.offset};
}

/// Reads the top-level object's members, each one's kind and place handed to `gather(key, value)`, and
/// the array of results (the member `results_key`) with `read_results(value)`; then checks that nothing
/// follows the object. A refusal of a result waits in `refused` until the whole document is read, since
/// the members the document must have are checked first (and a fault of the text after it is named
/// before either).
template <class Gather, class ReadResults>
void read_top_members(json_import_reader& json, od::object& root, std::string_view results_key,
                      std::optional<input_error>& refused, Gather&& gather, ReadResults&& read_results) {
  json.members(root, 1, [&](std::string_view key, std::size_t, od::value& value) {
    const json_value v = json.peek(value);
    gather(key, v);
    if (key != results_key || v.type != kind::array || refused) return json.read_within(value, v, 1);
    try {
      read_results(value);
    } catch (const input_error& e) {
      refused = e;
    }
  });
  json.finish();
}

/// The items of the results array `value`, `depth` 2, one object at a time: `each(index, offset,
/// object)`; an item that is not an object is refused, `array` naming the array in the message.
template <class Each>
void read_result_objects(json_import_reader& json, const import_builder& b, od::value& value,
                         std::string_view array, Each&& each) {
  od::array items = json.array_of(value);
  json.items(items, 2, [&](std::size_t i, od::value& item) {
    const json_value v = json.peek(item);
    if (v.type != kind::object) {
      json.read_within(item, v, 2);
      b.fail(v.offset, fmt::format("{}[{}] is {}; expected an object", array, i, kind_name(v.type)));
    }
    od::object object = json.object_of(item);
    each(i, v.offset, object);
  });
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

/// The members of one run that its reading looks at; the other numbers are its counters.
struct gbench_run {
  gathered name, run_type, run_name, repetition_index, error_occurred, time_unit, real_time, cpu_time;
  struct counter {
    std::string_view key;
    std::size_t key_offset = 0;
    json_value value;
  };
  std::vector<counter> counters;  ///< in the file's order

  /// Gathers the member `key`.
  void take(std::string_view key, std::size_t key_offset, const json_value& value) {
    if (key == "name") name = value;
    else if (key == "run_type") run_type = value;
    else if (key == "run_name") run_name = value;
    else if (key == "real_time") real_time = value;
    else if (key == "cpu_time") cpu_time = value;
    else if (key == "time_unit") time_unit = value;
    else if (key == "repetition_index") repetition_index = value;
    else if (key == "error_occurred") error_occurred = value;
    // A user counter, or the built-in rates bytes_per_second and items_per_second.
    else if (value.type == kind::number &&
             std::find(gbench_bookkeeping.begin(), gbench_bookkeeping.end(), key) == gbench_bookkeeping.end())
      counters.push_back({key, key_offset, value});
  }
};

class gbench_reader {
 public:
  explicit gbench_reader(import_builder& b) : b_(b) {}

  void run(json_import_reader& json, std::size_t i, std::size_t offset, od::object& object) {
    run_ = {};
    run_.counters.swap(counters_);  // the counters' room is kept from run to run
    run_.counters.clear();
    json.members(object, 3, [&](std::string_view key, std::size_t key_offset, od::value& value) {
      run_.take(key, key_offset, json.read(value, 3));
    });
    ++runs_;
    check(run_, object_name{"benchmarks", i, {}}, offset);
    counters_.swap(run_.counters);
  }

  /// What follows the runs, once the document's members are checked.
  matrix result(std::size_t array_offset) && {
    for (const auto& [group, failed] : failed_runs_) {
      // What is left to compare: the repetitions that did not fail.
      const auto kept = measured_runs_.find(group);
      const std::size_t remain = kept == measured_runs_.end() ? 0 : kept->second;
      b_.note(failed.first, fmt::format("{} failed (error_occurred) in {} {}: {}", text::quoted(group), failed.second,
                                        failed.second == 1 ? "repetition" : "repetitions", samples_remain(remain)));
    }
    // A mean of repetitions is no sample, and ten means are not ten runs: a file of aggregates alone
    // cannot be compared, and the one way to get samples is to run again.
    if (aggregates_ > 0 && aggregates_ == runs_)
      b_.fail(array_offset, "\"benchmarks\" holds only aggregates (mean, median, stddev), no repetition: written "
                            "with --benchmark_report_aggregates_only; rerun with --benchmark_repetitions=N and "
                            "without --benchmark_report_aggregates_only");
    return std::move(b_).result("Google Benchmark", "\"benchmarks\" lists no run (aggregates are not samples)");
  }

 private:
  void check(const gbench_run& run, const object_name& path, std::size_t offset) {
    const json_value& name = required(b_, run.name, path, offset, "name", kind::string);
    // Aggregates (mean, median, stddev, cv, BigO) summarise the repetitions: they are not samples.
    if (const json_value* type = optional_member(b_, run.run_type, path, "run_type", kind::string)) {
      if (type->text == "aggregate") {
        ++aggregates_;
        return;
      }
      if (type->text != "iteration")
        b_.fail(type->offset, fmt::format("{}.run_type is {}; expected \"iteration\" or \"aggregate\"", path.text(),
                                          text::quoted(type->text)));
    }
    const json_value* run_name = optional_member(b_, run.run_name, path, "run_name", kind::string);
    const std::string_view group = run_name != nullptr ? run_name->text : name.text;
    std::size_t repetition = 0;
    if (const json_value* index = optional_member(b_, run.repetition_index, path, "repetition_index", kind::number)) {
      if (!index->is_integer() || index->number < 0)
        b_.fail(index->offset, fmt::format("{}.repetition_index is not a whole number", path.text()));
      repetition = static_cast<std::size_t>(std::min(index->number, static_cast<double>(b_.limits().max_runs)));
    } else {
      const auto it = next_repetition_.try_emplace(std::string{group}, 0).first;
      repetition = it->second++;
    }
    const json_value* error = optional_member(b_, run.error_occurred, path, "error_occurred", kind::boolean);
    const bool failed = error != nullptr && error->boolean;
    if (failed) {
      auto& [first, count] = failed_runs_[std::string{group}];
      if (count++ == 0) first = offset;
    } else {
      ++measured_runs_[std::string{group}];
    }

    const json_value* unit_node = optional_member(b_, run.time_unit, path, "time_unit", kind::string);
    const std::string_view unit = unit_node != nullptr ? unit_node->text : "ns";
    const auto scale = nanoseconds_per(unit);
    if (!scale)
      b_.fail(unit_node->offset,
              fmt::format("{}.time_unit is {}; expected ns, us, ms or s", path.text(), text::quoted(unit)));
    const times_of& times = times_of_group(group, name.offset);
    for (const bool real : {true, false}) {
      const std::size_t m = real ? times.real_time : times.cpu_time;
      if (failed) {
        // A repetition that failed measured nothing: a missing sample, not a zero.
        b_.add_missing(m, repetition, offset);
        continue;
      }
      const json_value& time = required(b_, real ? run.real_time : run.cpu_time, path, offset,
                                        real ? "real_time" : "cpu_time", kind::number);
      auto sample = number_at(time);
      sample.value *= *scale;
      if (*scale != 1.0) sample.kind = sample_kind::floating;
      b_.add(m, repetition, sample, time.offset);
    }
    if (failed) return;
    for (const auto& counter : run.counters) {
      name_ = group;
      name_ += '.';
      name_ += counter.key;
      const std::size_t m = b_.metric(name_, counter.key_offset);
      b_.unit(m, counter.key);
      b_.add(m, repetition, number_at(counter.value), counter.value.offset);
    }
  }

  /// The metrics of a group's two times, found once per group rather than named and looked up for every
  /// repetition.
  struct times_of {
    std::size_t real_time = 0;
    std::size_t cpu_time = 0;
  };
  const times_of& times_of_group(std::string_view group, std::size_t name_offset) {
    if (last_group_ && *last_group_ == group) return last_times_;
    if (const auto it = groups_.find(group); it != groups_.end()) {
      last_group_ = it->first;
      last_times_ = it->second;
      return last_times_;
    }
    times_of times;
    for (const bool real : {true, false}) {
      name_ = group;
      name_ += real ? ".real_time" : ".cpu_time";
      const std::size_t m = b_.metric(name_, name_offset);
      b_.unit(m, "ns");  // every time is read in nanoseconds, whatever time_unit says
      (real ? times.real_time : times.cpu_time) = m;
    }
    const auto it = groups_.emplace(std::string{group}, times).first;
    last_group_ = it->first;
    last_times_ = times;
    return last_times_;
  }

  import_builder& b_;
  gbench_run run_;
  std::vector<gbench_run::counter> counters_;
  std::size_t runs_ = 0;
  std::size_t aggregates_ = 0;
  /// Repetitions without a repetition_index (old versions) are numbered in the order they come.
  std::map<std::string, std::size_t, std::less<>> next_repetition_;
  std::map<std::string, std::pair<std::size_t, std::size_t>, std::less<>> failed_runs_;  // first, count
  std::map<std::string, std::size_t, std::less<>> measured_runs_;  // repetitions that did not fail
  std::map<std::string, times_of, std::less<>> groups_;
  std::optional<std::string_view> last_group_;  ///< a key of groups_: the group of the run before
  times_of last_times_;
  std::string name_;  ///< a metric's name, built in one buffer
};

}  // namespace

namespace detail {

matrix read_gbench(json_import_reader& json, import_builder& b) {
  top_level root = top_object(json, b, "expected Google Benchmark's \"context\" and \"benchmarks\"");
  gathered context, benchmarks;
  std::optional<input_error> refused;
  gbench_reader reader(b);
  const auto gather = [&](std::string_view key, const json_value& v) {
    if (key == "context") context = v;
    if (key == "benchmarks") benchmarks = v;
  };
  read_top_members(json, root.object, "benchmarks", refused, gather, [&](od::value& value) {
    read_result_objects(json, b, value, "benchmarks", [&](std::size_t i, std::size_t offset, od::object& run) {
      reader.run(json, i, offset, run);
    });
  });
  const object_name document;
  required(b, context, document, root.offset, "context", kind::object);
  required(b, benchmarks, document, root.offset, "benchmarks", kind::array);
  if (refused) throw *refused;
  return std::move(reader).result(benchmarks->offset);
}

}  // namespace detail

// --- hyperfine and pytest-benchmark: times in seconds, one metric per command or test ----------------

namespace {

/// The metric `<name>.time` of the command or test `name`, which must be new: one listed twice would
/// merge two measurements into one series. `what` says what it names in the message.
std::size_t seconds_metric(import_builder& b, const object_name& path, std::string_view what, const json_value& name) {
  const std::size_t before = b.metric_count();
  const std::size_t m = b.metric(fmt::format("{}.{}", name.text, hyperfine_command_metric), name.offset);
  if (m < before)
    b.fail(name.offset, fmt::format("{}: the {} {} is listed twice", path.text(), what, text::quoted(name.text)));
  b.unit(m, "s");
  return m;
}

/// Item `i` of `times`, which must be a number of seconds; `field` names the array.
const json_value& seconds_at(const import_builder& b, const std::vector<json_value>& times, std::size_t i,
                             const object_name& path, std::string_view field) {
  const json_value& time = times[i];
  if (time.type != kind::number)
    b.fail(time.offset, fmt::format("{}{}[{}] is {}; expected a number of seconds", path.text(), field, i,
                                    kind_name(time.type)));
  return time;
}

/// The items of the array `value` (its kind and place in `peeked`), `depth` deep, into `out` when it is
/// an array; anything else is read and left for the checks.
void gather_items(json_import_reader& json, od::value& value, const json_value& peeked, std::size_t depth,
                  std::vector<json_value>& out) {
  out.clear();
  if (peeked.type != kind::array) return json.read_within(value, peeked, depth);
  od::array array = json.array_of(value);
  json.items(array, depth + 1, [&](std::size_t, od::value& item) { out.push_back(json.read(item, depth + 1)); });
}

}  // namespace

// --- hyperfine ----------------------------------------------------------------------------------------

namespace detail {

matrix read_hyperfine(json_import_reader& json, import_builder& b) {
  top_level root = top_object(json, b, "expected hyperfine's \"results\"");
  gathered results;
  std::optional<input_error> refused;
  std::vector<json_value> times, codes;  // one result's, their room kept from result to result
  const auto gather = [&](std::string_view key, const json_value& v) {
    if (key == "results") results = v;
  };
  read_top_members(json, root.object, "results", refused, gather, [&](od::value& value) {
    read_result_objects(json, b, value, "results", [&](std::size_t i, std::size_t offset, od::object& result) {
      gathered command, times_array, codes_array;
      json.members(result, 3, [&](std::string_view member, std::size_t, od::value& item) {
        const json_value peeked = json.peek(item);
        if (member == "command") command = peeked;
        if (member == "times") {
          times_array = peeked;
          gather_items(json, item, peeked, 3, times);
        } else if (member == "exit_codes") {
          codes_array = peeked;
          gather_items(json, item, peeked, 3, codes);
        } else {
          json.read_within(item, peeked, 3);
        }
      });
      const object_name path{"results", i, {}};
      const json_value& name = required(b, command, path, offset, "command", kind::string);
      required(b, times_array, path, offset, "times", kind::array);
      const std::size_t m = seconds_metric(b, path, "command", name);
      const bool has_codes = optional_member(b, codes_array, path, "exit_codes", kind::array) != nullptr;
      if (has_codes && codes.size() != times.size())
        b.fail(codes_array->offset, fmt::format("{}.exit_codes lists {} codes for {} times", path.text(), codes.size(),
                                                times.size()));
      b.expect_runs(m, times.size());
      std::size_t failed = 0;
      for (std::size_t t = 0; t < times.size(); ++t) {
        const json_value& time = seconds_at(b, times, t, path, ".times");
        // A run whose command failed (kept by hyperfine --ignore-failure) timed a failure: no sample. So
        // did one killed by a signal, whose exit code hyperfine writes as null.
        const json_value* code = has_codes ? &codes[t] : nullptr;
        if (code != nullptr && code->type != kind::number && code->type != kind::null)
          b.fail(code->offset, fmt::format("{}.exit_codes[{}] is {}; expected an exit code (a whole number)",
                                           path.text(), t, kind_name(code->type)));
        // An exit code is a whole number: 1.5 or 1e0 is no process's status, and reading it as a failure
        // (or not) would be a guess about what wrote the file.
        if (code != nullptr && code->type == kind::number && !code->is_integer())
          b.fail(code->offset, fmt::format("{}.exit_codes[{}] is {}; expected an exit code (a whole number)",
                                           path.text(), t, text::quoted(code->text)));
        if (code != nullptr && (code->type == kind::null || code->number != 0)) {
          b.add_missing(m, t, time.offset);
          ++failed;
          continue;
        }
        b.add(m, t, number_at(time), time.offset);
      }
      if (failed > 0)
        b.note(name.offset, fmt::format("{} failed (a non-zero exit code) in {} of its {} runs: {}",
                                        text::quoted(name.text), failed, times.size(),
                                        samples_remain(times.size() - failed)));
    });
  });
  required(b, results, object_name{}, root.offset, "results", kind::array);
  if (refused) throw *refused;
  return std::move(b).result(hyperfine_tool, "\"results\" lists no time");
}

// --- pytest-benchmark ---------------------------------------------------------------------------------

matrix read_pytest(json_import_reader& json, import_builder& b) {
  top_level root = top_object(json, b, "expected pytest-benchmark's \"machine_info\" and \"benchmarks\"");
  gathered benchmarks;
  std::optional<input_error> refused;
  std::vector<json_value> rounds;  // one benchmark's, their room kept from benchmark to benchmark
  const auto gather = [&](std::string_view key, const json_value& v) {
    if (key == "benchmarks") benchmarks = v;
  };
  read_top_members(json, root.object, "benchmarks", refused, gather, [&](od::value& value) {
    read_result_objects(json, b, value, "benchmarks", [&](std::size_t i, std::size_t offset, od::object& bench) {
      gathered fullname, name, stats, data;
      rounds.clear();
      json.members(bench, 3, [&](std::string_view member, std::size_t, od::value& item) {
        const json_value peeked = json.peek(item);
        if (member == "fullname") fullname = peeked;
        if (member == "name") name = peeked;
        if (member != "stats") return json.read_within(item, peeked, 3);
        stats = peeked;
        if (peeked.type != kind::object) return json.read_within(item, peeked, 3);
        od::object stats_object = json.object_of(item);
        json.members(stats_object, 4, [&](std::string_view stat, std::size_t, od::value& stat_value) {
          const json_value s = json.peek(stat_value);
          if (stat != "data") return json.read_within(stat_value, s, 4);
          data = s;
          gather_items(json, stat_value, s, 4, rounds);
        });
      });
      const object_name path{"benchmarks", i, {}};
      const json_value* full = optional_member(b, fullname, path, "fullname", kind::string);
      const json_value& test = full != nullptr ? *full : required(b, name, path, offset, "name", kind::string);
      const json_value& stats_value = required(b, stats, path, offset, "stats", kind::object);
      // The summary statistics are no samples, and inventing rounds from them would be a lie.
      if (optional_member(b, data, object_name{"benchmarks", i, ".stats"}, "data", kind::array) == nullptr)
        b.fail(stats_value.offset, fmt::format("{}.stats has no \"data\": the per-round times are saved only with "
                                               "pytest --benchmark-save-data (or --benchmark-json with it)",
                                               path.text()));
      const std::size_t m = seconds_metric(b, path, "benchmark", test);
      b.expect_runs(m, rounds.size());
      for (std::size_t r = 0; r < rounds.size(); ++r) {
        const json_value& round = seconds_at(b, rounds, r, path, ".stats.data");
        b.add(m, r, number_at(round), round.offset);
      }
    });
  });
  required(b, benchmarks, object_name{}, root.offset, "benchmarks", kind::array);
  if (refused) throw *refused;
  return std::move(b).result("pytest-benchmark", "\"benchmarks\" lists no round");
}

}  // namespace detail

matrix parse_gbench_json(std::string_view text, std::string_view source, const load_limits& limits) {
  import_builder b(source, text, limits);
  return detail::read_json_import(text, b, source, [&](json_import_reader& json) { return detail::read_gbench(json, b); });
}

matrix parse_hyperfine_json(std::string_view text, std::string_view source, const load_limits& limits) {
  import_builder b(source, text, limits);
  return detail::read_json_import(text, b, source,
                                  [&](json_import_reader& json) { return detail::read_hyperfine(json, b); });
}

std::vector<matrix> hyperfine_commands(const matrix& results, std::size_t reference) {
  if (results.origin().tool != hyperfine_tool) throw usage_error("hyperfine_commands: the results are not hyperfine's");
  const auto commands = results.metrics();
  if (reference >= commands.size())
    throw usage_error(fmt::format("hyperfine_commands: no command {} among {}", reference, commands.size()));
  std::vector<std::size_t> order{reference};
  for (std::size_t c = 0; c < commands.size(); ++c)
    if (c != reference) order.push_back(c);
  std::vector<matrix> out;
  out.reserve(order.size());
  for (const std::size_t c : order) {
    const series_view& command = commands[c];
    metric_series time;
    time.reset(hyperfine_command_metric);
    time.reserve(command.size());
    for (std::size_t run = 0; run < command.size(); ++run) time.push_back(command.raw_values()[run], command.kind(run));
    matrix& m = out.emplace_back();
    m.add(time.view());
    if (const auto unit = results.unit_hint(command.name())) m.set_unit_hint(hyperfine_command_metric, *unit);
    if (const auto direction = results.direction_hint(command.name()))
      m.set_direction_hint(hyperfine_command_metric, *direction);
    m.set_origin(results.origin());
  }
  for (const auto& note : results.notes()) out.front().add_note(note);
  return out;
}

matrix parse_pytest_json(std::string_view text, std::string_view source, const load_limits& limits) {
  import_builder b(source, text, limits);
  return detail::read_json_import(text, b, source, [&](json_import_reader& json) { return detail::read_pytest(json, b); });
}

}  // namespace perfmail::io
