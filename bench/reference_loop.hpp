#pragma once
// A fixed piece of work measured in the same run as each stage, so the performance guard compares
// ratios (stage time / reference time) rather than absolute times that vary from machine to machine.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

namespace perfmail::bench {

/// Sorts copies of a 4096-element array and sums them: memory, branches and arithmetic, like the stages.
inline void reference_loop(benchmark::State& state) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> dist(0, 1e6);
  std::vector<double> data(4096);
  for (auto& x : data) x = dist(rng);
  std::vector<double> work(data.size());
  for (auto _ : state) {
    std::copy(data.begin(), data.end(), work.begin());
    std::sort(work.begin(), work.end());
    double sum = 0;
    for (double x : work) sum += x;
    benchmark::DoNotOptimize(sum);
  }
}

}  // namespace perfmail::bench

BENCHMARK(perfmail::bench::reference_loop);
