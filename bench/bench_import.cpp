// The importers (io/import.hpp) against the matrix.json loader: the cost per sample of reading the same
// samples (1000 metrics of 10 runs, or one metric of 10000 for plain numbers) in each format, from text
// in memory, so that the file system is not what is timed; and as many samples as 10000 benchmarks run
// once (`*_suite`, against `matrix_suite`), where each sample brings a name.
//
//   build/bench/bench/bench_import --benchmark_counters_tabular=true
//
// And the readers' growth: files of many benchmarks (a metric each), at the sizes where readers that are
// quadratic in their input took seconds, and ten times them, beside a matrix.json of as many metrics; and
// job.yaml files of many keys (at most the limit of 100,000; one over it, which is refused):
//
//   build/bench/bench/bench_import --benchmark_filter='many|job_yaml' --benchmark_counters_tabular=true

#include "perfmail/error.hpp"
#include "perfmail/io/import.hpp"
#include "perfmail/io/job_yaml.hpp"
#include "perfmail/io/matrix_json.hpp"

#include "reference_loop.hpp"  // the performance guard's yardstick (bench/perf_guard.py)

#include <benchmark/benchmark.h>

#include <fmt/format.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

namespace {

constexpr std::size_t metrics = 1000;
constexpr std::size_t runs = 10;

/// A sample that varies as real ones do, written with a fraction.
double sample(std::size_t metric, std::size_t run) {
  return 1000.0 + static_cast<double>(metric) * 3.25 + static_cast<double>((run * 7919 + metric) % 97) * 0.125;
}

std::string matrix_text() {
  std::string out = "{";
  for (std::size_t m = 0; m < metrics; ++m) {
    out += fmt::format("{}\"bench.metric_{}.seconds\": [", m == 0 ? "" : ",", m);
    for (std::size_t r = 0; r < runs; ++r) out += fmt::format("{}{}", r == 0 ? "" : ",", sample(m, r));
    out += "]";
  }
  return out + "}";
}

std::string gbench_text() {
  std::string out = R"({"context": {"date": "2026-12-02", "num_cpus": 8}, "benchmarks": [)";
  for (std::size_t m = 0; m < metrics; ++m)
    for (std::size_t r = 0; r < runs; ++r)
      out += fmt::format(R"({}{{"name": "BM_{}", "run_name": "BM_{}", "run_type": "iteration", "repetitions": {},)"
                         R"( "repetition_index": {}, "threads": 1, "iterations": 1000, "real_time": {},)"
                         R"( "cpu_time": {}, "time_unit": "ns"}})",
                         m + r == 0 ? "" : ",", m, m, runs, r, sample(m, r), sample(m, r));
  return out + "]}";
}

std::string hyperfine_text() {
  std::string out = R"({"results": [)";
  for (std::size_t m = 0; m < metrics; ++m) {
    out += fmt::format(R"({}{{"command": "cmd {}", "mean": 1.0, "times": [)", m == 0 ? "" : ",", m);
    for (std::size_t r = 0; r < runs; ++r) out += fmt::format("{}{}", r == 0 ? "" : ",", sample(m, r) / 1000);
    out += "]}";
  }
  return out + "]}";
}

std::string pytest_text() {
  std::string out = R"({"machine_info": {"node": "box"}, "benchmarks": [)";
  for (std::size_t m = 0; m < metrics; ++m) {
    out += fmt::format(R"({}{{"name": "test_{}", "stats": {{"mean": 1.0, "data": [)", m == 0 ? "" : ",", m);
    for (std::size_t r = 0; r < runs; ++r) out += fmt::format("{}{}", r == 0 ? "" : ",", sample(m, r) / 1000);
    out += "]}}";
  }
  return out + "]}";
}

std::string go_text() {
  std::string out = "goos: linux\ngoarch: amd64\npkg: example.com/bench\n";
  for (std::size_t r = 0; r < runs; ++r)
    for (std::size_t m = 0; m < metrics; ++m) out += fmt::format("BenchmarkM{}-8   \t 1000\t {} ns/op\n", m, sample(m, r));
  return out + "PASS\nok  \texample.com/bench\t12.3s\n";
}

std::string long_text(char separator) {
  std::string out = fmt::format("metric{}run{}value\n", separator, separator);
  for (std::size_t m = 0; m < metrics; ++m)
    for (std::size_t r = 0; r < runs; ++r)
      out += fmt::format("bench.metric_{}.seconds{}{}{}{}\n", m, separator, r, separator, sample(m, r));
  return out;
}

std::string wide_text(char separator) {
  std::string out = "metric";
  for (std::size_t r = 0; r < runs; ++r) out += fmt::format("{}run{}", separator, r);
  out += "\n";
  for (std::size_t m = 0; m < metrics; ++m) {
    out += fmt::format("bench.metric_{}.seconds", m);
    for (std::size_t r = 0; r < runs; ++r) out += fmt::format("{}{}", separator, sample(m, r));
    out += "\n";
  }
  return out;
}

std::string numbers_text() {
  std::string out;
  for (std::size_t i = 0; i < metrics * runs; ++i) out += fmt::format("{}\n", sample(i % metrics, i / metrics));
  return out;
}

void read(benchmark::State& state, const std::function<std::string()>& make, perfmail::io::input_format format) {
  const std::string text = make();
  std::size_t samples = 0;
  for (auto _ : state) {
    const perfmail::matrix m = format == perfmail::io::input_format::matrix
                                   ? perfmail::io::parse_matrix(text, "bench")
                                   : perfmail::io::parse_input(text, "bench", format);
    samples = m.size() * m.run_count();
    benchmark::DoNotOptimize(samples);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(samples));
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(text.size()));
  // Seconds per sample (shown with an SI prefix: "25n" is 25 ns).
  state.counters["per_sample"] = benchmark::Counter(static_cast<double>(samples) * static_cast<double>(state.iterations()),
                                                       benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

using perfmail::io::input_format;

/// Detection alone on a robot matrix: what reading a matrix.json pays for the other formats.
void detect_matrix(benchmark::State& state) {
  const std::string text = matrix_text();
  for (auto _ : state) {
    auto format = perfmail::io::detect_input_format(text, "bench");
    benchmark::DoNotOptimize(format);
  }
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(text.size()));
}
BENCHMARK(detect_matrix)->Unit(benchmark::kMicrosecond);

BENCHMARK_CAPTURE(read, matrix, matrix_text, input_format::matrix)->Unit(benchmark::kMicrosecond);
// The same text through detection: what `perfmail compare` does with a file by default.
BENCHMARK_CAPTURE(read, matrix_detected, matrix_text, input_format::automatic)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(read, gbench, gbench_text, input_format::gbench)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(read, gbench_detected, gbench_text, input_format::automatic)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(read, hyperfine, hyperfine_text, input_format::hyperfine)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(read, pytest, pytest_text, input_format::pytest)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(read, go, go_text, input_format::go)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(read, csv_long, [] { return long_text(','); }, input_format::csv)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(read, csv_wide, [] { return wide_text(','); }, input_format::csv)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(read, tsv_wide, [] { return wide_text('\t'); }, input_format::tsv)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(read, numbers, numbers_text, input_format::numbers)->Unit(benchmark::kMicrosecond);

// --- Growth: many metrics ------------------------------------------------------------------------------

/// A matrix.json of `n` metrics of one run each.
std::string many_matrix_text(std::size_t n) {
  std::string out = "{";
  for (std::size_t m = 0; m < n; ++m) out += fmt::format("{}\"bench.metric_{}.ns\": [{}]", m == 0 ? "" : ",", m, sample(m, 0));
  return out + "}";
}

/// Go text of `n` benchmarks of one result line each (`go test -bench` of a large suite).
std::string many_go_text(std::size_t n) {
  std::string out = "goos: linux\ngoarch: amd64\npkg: example.com/bench\ncpu: Some CPU @ 2.00GHz\n";
  for (std::size_t m = 0; m < n; ++m) out += fmt::format("BenchmarkM{}-8   \t 1000\t {} ns/op\n", m, sample(m, 0));
  return out + "PASS\nok  \texample.com/bench\t12.3s\n";
}

/// Google Benchmark JSON of `n` benchmarks of one run each.
std::string many_gbench_text(std::size_t n) {
  std::string out = R"({"context": {"date": "2026-12-03", "num_cpus": 8}, "benchmarks": [)";
  for (std::size_t m = 0; m < n; ++m)
    out += fmt::format(R"({}{{"name": "BM_{}", "run_name": "BM_{}", "run_type": "iteration", "repetitions": 1,)"
                       R"( "repetition_index": 0, "threads": 1, "iterations": 1000, "real_time": {},)"
                       R"( "cpu_time": {}, "time_unit": "ns"}})",
                       m == 0 ? "" : ",", m, m, sample(m, 0), sample(m, 0));
  return out + "]}";
}

/// A job.yaml of `n` keys: the robot's fields and a test's parameters.
std::string many_keys_job(std::size_t n) {
  std::string out = "suite: bench\ntestcase: bench\ntestbox: lkp-box-1\n";
  for (std::size_t k = 3; k < n; ++k) out += fmt::format("param_{}: value-{}\n", k, k);
  return out;
}

// As many samples as above as a suite run once, the shape of Go's and Google Benchmark's results by
// default: `metrics * runs` benchmarks of one sample each, so that what a reader pays per metric (its
// name, looked up and kept) is what is timed.
BENCHMARK_CAPTURE(read, matrix_suite, [] { return many_matrix_text(metrics * runs); }, input_format::matrix)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(read, go_suite, [] { return many_go_text(metrics * runs); }, input_format::go)
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(read, gbench_suite, [] { return many_gbench_text(metrics * runs); }, input_format::gbench)
    ->Unit(benchmark::kMicrosecond);

/// Reads `n` metrics' worth of text in `format`; bytes per second is the figure to compare.
void read_many(benchmark::State& state, const std::function<std::string(std::size_t)>& make,
               perfmail::io::input_format format) {
  const std::string text = make(static_cast<std::size_t>(state.range(0)));
  std::size_t metrics_read = 0;
  for (auto _ : state) {
    const perfmail::matrix m = format == perfmail::io::input_format::matrix
                                   ? perfmail::io::parse_matrix(text, "bench")
                                   : perfmail::io::parse_input(text, "bench", format);
    metrics_read = m.size();
    benchmark::DoNotOptimize(metrics_read);
  }
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(text.size()));
  state.counters["metrics"] = static_cast<double>(metrics_read);
  state.counters["MB"] = static_cast<double>(text.size()) / 1e6;
}

BENCHMARK_CAPTURE(read_many, matrix, many_matrix_text, input_format::matrix)
    ->Arg(160'000)->Arg(1'600'000)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3)
    ->ReportAggregatesOnly(true);
BENCHMARK_CAPTURE(read_many, go, many_go_text, input_format::go)
    ->Arg(160'000)->Arg(1'600'000)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3)
    ->ReportAggregatesOnly(true);
BENCHMARK_CAPTURE(read_many, gbench, many_gbench_text, input_format::gbench)
    ->Arg(120'000)->Arg(1'200'000)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3)
    ->ReportAggregatesOnly(true);

/// A job.yaml of `state.range(0)` keys: read at the limit and below, refused above it.
void job_yaml_keys(benchmark::State& state) {
  const std::string text = many_keys_job(static_cast<std::size_t>(state.range(0)));
  bool refused = false;
  for (auto _ : state) {
    try {
      auto job = perfmail::io::parse_job_yaml(text, "bench");
      benchmark::DoNotOptimize(job);
    } catch (const perfmail::input_error&) {
      refused = true;
    }
  }
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(text.size()));
  state.counters["refused"] = refused ? 1 : 0;
  state.counters["MB"] = static_cast<double>(text.size()) / 1e6;
}
BENCHMARK(job_yaml_keys)->Arg(10'000)->Arg(40'000)->Arg(100'000)->Arg(400'000)->Unit(benchmark::kMillisecond)
    ->Iterations(1)->Repetitions(3)->ReportAggregatesOnly(true);

}  // namespace

BENCHMARK_MAIN();
