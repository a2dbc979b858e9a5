// Change detection and table rendering on two large matrices (bench/gen_matrices.py writes them).
//
//   python3 bench/gen_matrices.py build/bench/bench/compare-data
//   build/bench/bench/bench_compare --matrices build/bench/bench/compare-data

#include "perfmail/io/matrix_json.hpp"
#include "perfmail/metrics/classifier.hpp"
#include "perfmail/analysis/comparison.hpp"
#include "perfmail/io/comparison_json.hpp"
#include "perfmail/table/render.hpp"

#include <benchmark/benchmark.h>

#include "reference_loop.hpp"
#include <simdjson.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace {

std::filesystem::path data_dir = "compare-data";

/// The work unit, loaded once and shared by every comparison (as a report document's results are).
const std::vector<std::shared_ptr<const perfmail::matrix>>& matrices() {
  static const std::vector<std::shared_ptr<const perfmail::matrix>> columns{
      std::make_shared<const perfmail::matrix>(perfmail::io::load_results(data_dir / "base")),
      std::make_shared<const perfmail::matrix>(perfmail::io::load_results(data_dir / "head"))};
  return columns;
}

// Both files of the work unit, loaded as `perfmail compare` loads them (one after the other, reusing
// the buffer and the parser).
void load_pair(benchmark::State& state) {
  const std::vector<std::filesystem::path> paths{data_dir / "base", data_dir / "head"};
  for (auto _ : state) {
    auto columns = perfmail::io::load_all_results(paths);
    benchmark::DoNotOptimize(columns);
  }
  state.SetItemsProcessed(state.iterations() * 2 * static_cast<std::int64_t>(matrices()[0]->size()));
}

perfmail::table_header header() {
  perfmail::table_header h;
  h.testcase = "fio-basic";
  h.path_params = "bench";
  h.tbox_group = "box";
  h.axes = {{"testcase", "fio-basic"}};
  h.commits = {"0123456789abcdef0123456789abcdef01234567", "fedcba9876543210fedcba9876543210fedcba98"};
  return h;
}

void load(benchmark::State& state) {
  for (auto _ : state) {
    auto base = perfmail::io::load_results(data_dir / "base");
    benchmark::DoNotOptimize(base);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(matrices()[0]->size()));
}

// One file named as a file, whose format is detected, as `perfmail compare base/matrix.json
// head/matrix.json` reads it (a results directory's matrix.json is known to be one).
void load_file(benchmark::State& state) {
  for (auto _ : state) {
    auto base = perfmail::io::load_results(data_dir / "base" / "matrix.json");
    benchmark::DoNotOptimize(base);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(matrices()[0]->size()));
}

void detect(benchmark::State& state, perfmail::policy_kind kind,
            perfmail::estimate_scope estimates = perfmail::estimate_scope::every_metric) {
  perfmail::compare_options options;
  options.policy.kind = kind;
  options.estimates = estimates;
  std::size_t selected = 0;
  for (auto _ : state) {
    const auto cmp = perfmail::compare(matrices(), options);
    selected = cmp.selected_count();
    benchmark::DoNotOptimize(selected);
  }
  state.counters["selected"] = static_cast<double>(selected);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(matrices()[1]->size()));
}

void render(benchmark::State& state, perfmail::table_dialect dialect) {
  const auto cmp = perfmail::compare(matrices());
  const auto h = header();
  std::size_t bytes = 0;
  for (auto _ : state) {
    const std::string text = perfmail::render_table(dialect, h, cmp.rows);
    bytes = text.size();
    benchmark::DoNotOptimize(text.data());
  }
  state.counters["rows"] = static_cast<double>(cmp.selected_count());
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(bytes));
}

/// What `perfmail compare --format json` writes: every metric of the robot's comparison, indented.
void to_json(benchmark::State& state) {
  const auto cmp = perfmail::compare(matrices());
  const auto h = header();
  std::size_t bytes = 0;
  for (auto _ : state) {
    const std::string text = perfmail::io::comparison_to_json(cmp, h);
    bytes = text.size();
    benchmark::DoNotOptimize(text.data());
  }
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(bytes));
}

/// What `perfmail compare` does after loading: the comparison, then the table.
void detect_and_render(benchmark::State& state) {
  const auto h = header();
  const perfmail::compare_options options;
  for (auto _ : state) {
    const auto cmp = perfmail::compare(matrices(), options);
    const std::string text = perfmail::render_table(perfmail::table_dialect::classic, h, cmp.rows);
    benchmark::DoNotOptimize(text.data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(matrices()[1]->size()));
}

}  // namespace

// The robot's classifier built from its rules and every name of the work unit classified once, as a
// comparison does (the patterns the literal tries do not decide run on RE2).
void classify(benchmark::State& state) {
  const auto metrics = matrices()[0]->metrics();
  for (auto _ : state) {
    const perfmail::metric_classifier classifier{perfmail::metric_rules::robot()};
    for (const auto& m : metrics) {
      auto c = classifier.classify(m.name());
      benchmark::DoNotOptimize(c);
    }
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(metrics.size()));
}

BENCHMARK(load)->Unit(benchmark::kMillisecond);
BENCHMARK(load_file)->Unit(benchmark::kMillisecond);
BENCHMARK(classify)->Unit(benchmark::kMillisecond);
BENCHMARK(load_pair)->Unit(benchmark::kMillisecond)->UseRealTime();

/// The floor for loading: simdjson's DOM parser (runtime-dispatched SIMD kernels) merely parsing the same
/// file, building nothing. docs/PERFORMANCE.md compares perfmail's figures with it.
void parse_floor(benchmark::State& state) {
  auto text = simdjson::padded_string::load((data_dir / "base" / "matrix.json").string());
  if (text.error()) {
    state.SkipWithError("cannot read base/matrix.json");
    return;
  }
  simdjson::dom::parser parser;
  for (auto _ : state) {
    auto doc = parser.parse(text.value());
    benchmark::DoNotOptimize(doc);
  }
  state.SetLabel(std::string{simdjson::get_active_implementation()->name()});
}
BENCHMARK(parse_floor)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(detect, robot, perfmail::policy_kind::robot)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(detect, utest, perfmail::policy_kind::mann_whitney)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(detect, ttest, perfmail::policy_kind::welch)->Unit(benchmark::kMillisecond);
// As the tables ask: the estimates for the changed columns only.
BENCHMARK_CAPTURE(detect, utest_changed, perfmail::policy_kind::mann_whitney, perfmail::estimate_scope::changed)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(detect, ttest_changed, perfmail::policy_kind::welch, perfmail::estimate_scope::changed)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(render, classic, perfmail::table_dialect::classic)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(render, modern, perfmail::table_dialect::modern)->Unit(benchmark::kMicrosecond);
BENCHMARK(detect_and_render)->Unit(benchmark::kMillisecond);
BENCHMARK(to_json)->Unit(benchmark::kMillisecond);

/// The same document as the command writes it: streamed, a buffer at a time, to a sink (here one that
/// only counts), after the pass that checks every value.
void to_json_streamed(benchmark::State& state) {
  const auto cmp = perfmail::compare(matrices());
  const auto h = header();
  std::size_t bytes = 0;
  auto count = [&](std::string_view piece) {
    bytes += piece.size();
    benchmark::DoNotOptimize(piece.data());
  };
  for (auto _ : state) {
    bytes = 0;
    perfmail::io::write_comparison_json(count, cmp, h);
  }
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(bytes));
}
BENCHMARK(to_json_streamed)->Unit(benchmark::kMillisecond);

int main(int argc, char** argv) {
  // --matrices DIR is ours; everything else goes to Google Benchmark.
  std::vector<char*> rest;
  for (int i = 0; i < argc; ++i) {
    if (std::strcmp(argv[i], "--matrices") == 0 && i + 1 < argc) {
      data_dir = argv[++i];
      continue;
    }
    rest.push_back(argv[i]);
  }
  int rest_count = static_cast<int>(rest.size());
  benchmark::Initialize(&rest_count, rest.data());
  if (!std::filesystem::exists(data_dir / "base") || !std::filesystem::exists(data_dir / "head")) {
    std::fprintf(stderr, "bench_compare: no matrices in %s; run bench/gen_matrices.py %s first\n",
                 data_dir.c_str(), data_dir.c_str());
    return 2;
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
