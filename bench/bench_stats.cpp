// Summary statistics and sort-and-trim over series of typical and large run counts.
#include <perfmail/stats/summary.hpp>
#include <perfmail/stats/trim.hpp>

#include <benchmark/benchmark.h>

#include <random>
#include <vector>

namespace {

std::vector<double> samples(std::size_t n) {
  std::mt19937_64 rng(42);
  std::normal_distribution<double> dist(1e6, 3e4);
  std::vector<double> xs(n);
  for (auto& x : xs) x = dist(rng);
  return xs;
}

void summarize_series(benchmark::State& state) {
  const auto xs = samples(static_cast<std::size_t>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(perfmail::summarize(xs));
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(summarize_series)->Arg(5)->Arg(20)->Arg(1000);

void trim_series(benchmark::State& state) {
  const auto xs = samples(static_cast<std::size_t>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(perfmail::sort_and_trim(xs, 3));
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(trim_series)->Arg(20)->Arg(1000);

}  // namespace

BENCHMARK_MAIN();
