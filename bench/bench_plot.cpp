// Trend plots per second: an 80 x 20 e-mail plot of 60 good and 60 bad samples in the gnuplot 5.4 and
// 4.6 looks, and the unicode style at the same size. docs/PERFORMANCE.md compares the figure with a
// gnuplot process drawing the same plot.
#include <perfmail/plot/trend_plot.hpp>

#include <benchmark/benchmark.h>

#include "reference_loop.hpp"

#include <random>
#include <vector>

namespace {

perfmail::plot::samples series(double mean, double sigma, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> dist(mean, sigma);
  perfmail::plot::samples xs(60);
  for (auto& x : xs) x = dist(rng);
  return xs;
}

void trend_plot(benchmark::State& state, perfmail::plot::look style) {
  const auto good = series(2.2e7, 6e5, 1);
  const auto bad = series(2.7e7, 8e5, 2);
  perfmail::plot::plot_options opts;
  opts.style = style;
  opts.title = "vm-scalability.throughput";
  for (auto _ : state) benchmark::DoNotOptimize(perfmail::plot::render_trend(good, bad, opts));
  state.SetItemsProcessed(state.iterations());  // items = plots
}
BENCHMARK_CAPTURE(trend_plot, gnuplot_5_4, perfmail::plot::look::gnuplot_5_4);
BENCHMARK_CAPTURE(trend_plot, gnuplot_4_6, perfmail::plot::look::gnuplot_4_6);
BENCHMARK_CAPTURE(trend_plot, unicode, perfmail::plot::look::unicode);

}  // namespace

BENCHMARK_MAIN();
