// Loads a matrix.json and prints the summary of one metric:
//   example_summarize examples/data/base/matrix.json fio.write_bw_MBps
#include <perfmail/io/matrix_json.hpp>
#include <perfmail/perfmail.hpp>

#include <fmt/core.h>

#include <cstdio>

int main(int argc, char** argv) {
  if (argc != 3) {
    fmt::print(stderr, "usage: {} MATRIX.json METRIC\n", argv[0]);
    return 2;
  }
  try {
    const auto m = perfmail::io::load_matrix(argv[1]);
    const auto* series = m.find(argv[2]);
    if (series == nullptr) {
      fmt::print(stderr, "{}: no metric \"{}\"\n", argv[1], argv[2]);
      return 2;
    }
    const auto s = perfmail::summarize(series->present_values());
    // No percentage exists for a zero mean with spread.
    const auto percent = perfmail::stddev_percent(s);
    fmt::print("{}: mean {:.6g}, stddev {:.3g} ({}), min {:.6g}, median {:.6g}, max {:.6g}, {} runs\n",
               series->name(), s.mean, s.stddev, percent ? fmt::format("{:.1f}%", *percent) : "no percentage", s.min,
               s.median, s.max, s.n);
  } catch (const perfmail::error& e) {
    fmt::print(stderr, "{}\n", e.what());
    return 2;
  }
  return 0;
}
