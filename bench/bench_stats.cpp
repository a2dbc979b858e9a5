// Summary statistics, sort-and-trim and utest's Hodges-Lehmann estimate over series of typical and large
// run counts, up to 20,000 against 20,000.
#include <perfmail/stats/estimate.hpp>
#include <perfmail/stats/summary.hpp>
#include <perfmail/stats/trim.hpp>

#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <vector>

namespace {

std::vector<double> samples(std::size_t n, std::uint64_t seed = 42) {
  std::mt19937_64 rng(seed);
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

// The estimate utest gives each metric of positive samples: n against n runs, n^2 differences of logs.
// A thousand different pairs in turn, as a comparison's metrics come: on one pair repeated, the branch
// predictor learns the selection's comparisons and the figure flatters a branching selection.
void hodges_lehmann_ratio(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  constexpr std::size_t pairs = 1000;
  std::vector<std::vector<double>> bases;
  std::vector<std::vector<double>> heads;
  for (std::size_t i = 0; i < pairs; ++i) {
    bases.push_back(samples(n, 2 * i));
    heads.push_back(samples(n, 2 * i + 1));
    for (double& x : heads.back()) x *= 1.02;
  }
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(perfmail::hodges_lehmann_ratio(bases[i], heads[i]));
    i = i + 1 == pairs ? 0 : i + 1;
  }
  state.SetItemsProcessed(state.iterations() * state.range(0) * state.range(0));
}
BENCHMARK(hodges_lehmann_ratio)->Arg(5)->Arg(20)->Arg(100);

// The Hodges-Lehmann shift at n against n runs, the estimate and its interval: every difference held
// and selected (as far as memory allows), and the selection over the two sorted samples that any
// number of runs gets. One pair of samples: each call sorts copies, so no order is learnt between calls.
void hodges_lehmann_shift_pairwise(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const auto base = samples(n, 1);
  auto head = samples(n, 2);
  for (double& x : head) x *= 1.02;
  for (auto _ : state) benchmark::DoNotOptimize(perfmail::detail::hodges_lehmann_shift_pairwise(base, head));
  state.SetItemsProcessed(state.iterations() * state.range(0) * state.range(0));
}
BENCHMARK(hodges_lehmann_shift_pairwise)->Arg(100)->Arg(2000)->Unit(benchmark::kMillisecond);

void hodges_lehmann_shift_by_selection(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const auto base = samples(n, 1);
  auto head = samples(n, 2);
  for (double& x : head) x *= 1.02;
  for (auto _ : state) benchmark::DoNotOptimize(perfmail::detail::hodges_lehmann_shift_by_selection(base, head));
  state.SetItemsProcessed(state.iterations() * state.range(0) * state.range(0));
}
BENCHMARK(hodges_lehmann_shift_by_selection)->Arg(100)->Arg(2000)->Arg(20000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
