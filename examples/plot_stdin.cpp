// Plots numbers read from standard input, one or more per line, as the robot's trend plot:
//   seq 1 20 | example_plot_stdin "my series"
// The numbers are the good (connected) series; a second block after a line "--" is the bad series.
#include <perfmail/plot/trend_plot.hpp>

#include <fmt/core.h>

#include <iostream>
#include <sstream>
#include <string>

int main(int argc, char** argv) {
  perfmail::plot::samples good, bad;
  auto* into = &good;
  std::string line;
  for (std::size_t number = 1; std::getline(std::cin, line); ++number) {
    if (line == "--") {
      into = &bad;
      continue;
    }
    std::istringstream words(line);
    std::string word;
    while (words >> word) {
      try {
        std::size_t used = 0;
        const double value = std::stod(word, &used);
        if (used != word.size()) throw std::invalid_argument(word);
        into->push_back(value);
      } catch (const std::exception&) {
        fmt::print(stderr, "<stdin>:{}: not a number: \"{}\"\n", number, word);
        return 2;
      }
    }
  }
  perfmail::plot::plot_options options;
  options.style = perfmail::plot::look::gnuplot_5_4;
  options.title = argc > 1 ? argv[1] : "samples";
  const auto result = perfmail::plot::render_trend(good, bad.empty() ? perfmail::plot::trend_series{} : bad, options);
  if (!result) {
    fmt::print(stderr, "nothing to plot: no finite number was read\n");
    return 1;
  }
  fmt::print("{}\n", result.text);
  return 0;
}
