// The trend over commits (plot/history_plot.hpp): the golden pictures of a small history in each look,
// and properties over random histories: the size, labels apart and whole, change marks between their
// commits, nothing drawn from nothing.
#include <doctest/doctest.h>

#include "golden.hpp"

#include "perfmail/error.hpp"
#include "perfmail/analysis/history.hpp"
#include "perfmail/plot/history_plot.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <limits>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace perfmail;
using namespace perfmail::plot;

namespace {

/// A plot's data with the medians the history search takes (analysis/history.hpp), kept alive with it.
struct plot_input {
  std::vector<std::optional<double>> medians;
  history_plot_data data;
  plot_input(std::span<const std::vector<double>> samples, std::span<const std::string> labels,
             std::span<const std::size_t> changes, std::string title)
      : medians(perfmail::commit_medians(samples)), data{samples, labels, changes, std::move(title), medians} {}
};

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  if (!text.empty() && text.back() == '\n') out.emplace_back();
  return out;
}

/// Terminal columns of a line without escape sequences: one a code point (the looks draw none wide).
int columns_of(const std::string& line) {
  int n = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\x1b') {
      while (i < line.size() && line[i] != 'm') ++i;
      continue;
    }
    if ((static_cast<unsigned char>(line[i]) & 0xC0U) != 0x80U) ++n;
  }
  return n;
}

/// A small history: 12 commits of 3 samples, 5% higher from commit 7, commit 4 without samples.
struct small_history {
  std::vector<std::vector<double>> samples;
  std::vector<std::string> labels;
  std::vector<std::size_t> changes{7};
  small_history() {
    for (int c = 0; c < 12; ++c) {
      const double level = c >= 7 ? 105 : 100;
      samples.push_back(c == 4 ? std::vector<double>{}
                               : std::vector<double>{level - 1 + 0.1 * c, level + 0.05 * c, level + 1 - 0.1 * (c % 3)});
      labels.push_back(fmt::format("c{}", 100 + c));
    }
  }
  [[nodiscard]] plot_input data() const { return {samples, labels, changes, "bench.ns/op"}; }
};

plot_options options_of(look style, int width, int height) {
  plot_options o;
  o.style = style;
  o.width = width;
  o.height = height;
  o.title = "bench.ns/op";
  return o;
}

}  // namespace

TEST_CASE("history plot: the golden pictures of a small history") {
  const small_history h;
  const plot_result ascii = render_history(h.data().data, options_of(look::gnuplot_5_4, 60, 14));
  REQUIRE(ascii.drawn());
  check_golden("plot_history_gnuplot_60x14.txt", ascii.text + "\n");
  const plot_result unicode = render_history(h.data().data, options_of(look::unicode, 60, 14));
  REQUIRE(unicode.drawn());
  check_golden("plot_history_unicode_60x14.txt", unicode.text + "\n");
}

TEST_CASE("history plot: properties over random histories in both looks") {
  std::mt19937_64 random(20261204);
  const auto uniform = [&](double lo, double hi) {
    return lo + (hi - lo) * static_cast<double>(random() >> 11U) / 9007199254740992.0;
  };
  for (int trial = 0; trial < 300; ++trial) {
    const std::size_t commits = 1 + random() % 150;
    std::vector<std::vector<double>> samples(commits);
    std::vector<std::string> labels(commits);
    for (std::size_t c = 0; c < commits; ++c) {
      const std::size_t runs = random() % 4;  // 0: a commit without samples
      for (std::size_t r = 0; r < runs; ++r) samples[c].push_back(trial % 7 == 0 ? 5.0 : uniform(-50, 1e4));
      labels[c] = trial % 2 == 0 ? std::to_string(1000000 + random() % 9000000) : fmt::format("v{}", c);
    }
    std::vector<std::size_t> changes;
    for (std::size_t c = 1; c < commits; ++c)
      if (random() % 20 == 0) changes.push_back(c);
    const look style = trial % 2 == 0 ? look::unicode : look::gnuplot_5_4;
    const int width = static_cast<int>((style == look::unicode ? 20 : 32) + random() % 150);
    const int height = static_cast<int>(8 + random() % 30);
    plot_options opts = options_of(style, width, height);
    opts.colour = trial % 3 == 0 ? colour_mode::always : colour_mode::never;
    const plot_input input(samples, labels, changes, "t");
    const history_plot_data& data = input.data;
    plot_result r;
    try {
      r = render_history(data, opts);
    } catch (const usage_error& e) {
      // As the unicode trend plot does, a narrow plot whose y labels need many digits (a flat series on
      // many rows) is refused rather than drawn without room; never a plot of ordinary width.
      CHECK(std::string(e.what()).find("leaves no room") != std::string::npos);
      CHECK(width < 40);
      continue;
    }
    bool any = false;
    for (const auto& s : samples) any = any || !s.empty();
    REQUIRE(r.drawn() == any);
    if (!any) continue;
    const auto lines = lines_of(r.text);
    REQUIRE(static_cast<int>(lines.size()) == height);
    for (const auto& line : lines) CHECK(columns_of(line) <= width);
    // The label row: whole labels of commits, in the order of the commits, one blank apart at least.
    const std::string& label_line = lines[static_cast<std::size_t>(height - (style == look::unicode ? 2 : 1))];
    std::istringstream words(label_line);
    std::size_t next = 0;
    for (std::string word; words >> word;) {
      const auto at = std::find(labels.begin() + static_cast<std::ptrdiff_t>(next), labels.end(), word);
      REQUIRE_MESSAGE(at != labels.end(), "not a whole label, or out of order: ", word, " in ", label_line);
      next = static_cast<std::size_t>(at - labels.begin()) + 1;
    }
    // The ends are labelled where they are narrow, unless the label of a commit either side of a change
    // (which comes first) took the place: then that label begins (or ends) the line.
    const auto beside_a_change = [&](const std::string& word) {
      return std::any_of(changes.begin(), changes.end(),
                         [&](std::size_t k) { return labels[k - 1] == word || labels[k] == word; });
    };
    std::vector<std::string> shown;
    std::istringstream again(label_line);
    for (std::string word; again >> word;) shown.push_back(word);
    if (columns_of(labels.front()) < width / 3 && !shown.empty() && !beside_a_change(shown.front()))
      CHECK(shown.front() == labels.front());
    if (columns_of(labels.back()) < width / 3 && !shown.empty() && !beside_a_change(shown.back()))
      CHECK(shown.back() == labels.back());
  }
}

TEST_CASE("history plot: the commits either side of a change are labelled before the last commit") {
  // Ids of 12 characters on 72 columns, a change ten commits before the newest: the label after the
  // change and the newest commit's cannot both stand; the change's two labels do.
  std::vector<std::vector<double>> samples;
  std::vector<std::string> labels;
  for (int c = 0; c < 40; ++c) {
    samples.push_back({c >= 30 ? 110.0 : 100.0 + 0.01 * c});
    labels.push_back(fmt::format("commit{:06d}", c));
  }
  const std::vector<std::size_t> changes{30};
  const plot_input input(samples, labels, changes, "x");
  for (const look style : {look::gnuplot_5_4, look::unicode}) {
    const auto lines = lines_of(render_history(input.data, options_of(style, 72, 14)).text);
    const auto labelled = std::find_if(lines.begin(), lines.end(),
                                       [](const std::string& l) { return l.find("commit000000") != std::string::npos; });
    REQUIRE(labelled != lines.end());
    INFO(*labelled);
    CHECK(labelled->find("commit000029") != std::string::npos);
    CHECK(labelled->find("commit000030") != std::string::npos);
    CHECK(labelled->find("commit000039") == std::string::npos);
  }
}

TEST_CASE("history plot: a change mark stands between its two commits") {
  // Two commits, far apart: the mark lies strictly between their columns in every row of values.
  const std::vector<std::vector<double>> samples{{1, 1.1}, {2, 2.1}};
  const std::vector<std::string> labels{"a", "b"};
  const std::vector<std::size_t> changes{1};
  const plot_input input(samples, labels, changes, "");
  const history_plot_data& data = input.data;
  const auto lines = lines_of(render_history(data, options_of(look::gnuplot_5_4, 40, 10)).text);
  std::size_t marked = 0;
  for (const auto& line : lines) {
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    ++marked;
    const auto first = line.find_first_of("O*", line.find('|') + 1);
    CHECK((first == std::string::npos || first != colon));
  }
  CHECK(marked >= 5);
  const auto label_line = lines.back();
  CHECK(label_line.find('a') < label_line.find('b'));
}

TEST_CASE("history plot: the commits either side of a change are both labelled, where commits are close") {
  // 40 commits on a 60-column plot: neighbouring commits lie about a label's width apart, so centred
  // labels of c19 and c20 would touch; the label after the change starts right of its mark.
  std::vector<std::vector<double>> samples;
  std::vector<std::string> labels;
  for (int c = 0; c < 40; ++c) {
    const double level = c >= 20 ? 106 : 100;
    samples.push_back({level - 0.5 + 0.01 * c, level + 0.5});
    labels.push_back(fmt::format("c{:02d}", c));
  }
  const std::vector<std::size_t> changes{20};
  const plot_input input(samples, labels, changes, "x");
  const history_plot_data& data = input.data;
  for (const look style : {look::gnuplot_5_4, look::unicode}) {
    plot_options o = options_of(style, 60, 14);
    const auto lines = lines_of(render_history(data, o).text);
    const auto labelled = std::find_if(lines.begin(), lines.end(), [](const std::string& l) { return l.find("c00") != std::string::npos; });
    REQUIRE(labelled != lines.end());
    const std::string& label_line = *labelled;
    INFO(label_line);
    CHECK(label_line.find("c19") != std::string::npos);
    CHECK(label_line.find("c20") != std::string::npos);
    CHECK(label_line.find("c19") < label_line.find("c20"));
  }
}

TEST_CASE("history plot: refusals and outcomes") {
  const small_history h;
  CHECK_THROWS_AS((void)render_history(h.data().data, options_of(look::unicode, 19, 14)), usage_error);
  CHECK_THROWS_AS((void)render_history(h.data().data, options_of(look::gnuplot_5_4, 31, 14)), usage_error);
  CHECK_THROWS_AS((void)render_history(h.data().data, options_of(look::unicode, 60, 7)), usage_error);
  // The medians come from the caller's search: one a commit, present where the commit has samples.
  const history_plot_data no_medians{h.samples, h.labels, h.changes, "", {}};
  CHECK_THROWS_WITH_AS((void)render_history(no_medians, options_of(look::unicode, 60, 14)), "0 medians for 12 commits",
                       usage_error);
  std::vector<std::optional<double>> shifted = perfmail::commit_medians(h.samples);
  std::rotate(shifted.begin(), shifted.begin() + 1, shifted.end());  // commit 4's gap moves to commit 3
  const history_plot_data misplaced{h.samples, h.labels, h.changes, "", shifted};
  CHECK_THROWS_AS((void)render_history(misplaced, options_of(look::unicode, 60, 14)), usage_error);
  std::vector<std::size_t> bad_change{0};
  CHECK_THROWS_AS((void)render_history(plot_input(h.samples, h.labels, bad_change, "").data, options_of(look::unicode, 60, 14)),
                  usage_error);
  std::vector<std::string> few{"a"};
  CHECK_THROWS_AS((void)render_history(plot_input(h.samples, few, h.changes, "").data, options_of(look::unicode, 60, 14)),
                  usage_error);
  std::vector<std::string> control = h.labels;
  control[3] = "x\x1b[31m";
  CHECK_THROWS_AS((void)render_history(plot_input(h.samples, control, h.changes, "").data, options_of(look::unicode, 60, 14)),
                  usage_error);
  const std::vector<std::vector<double>> nothing{{}, {NAN}, {INFINITY}};
  const std::vector<std::string> three{"a", "b", "c"};
  CHECK(render_history(plot_input(nothing, three, {}, "").data, options_of(look::unicode, 60, 14)).outcome ==
        plot_outcome::no_defined_value);
  // One commit, and a flat series, are drawn.
  const std::vector<std::vector<double>> one{{3, 3, 3}};
  const std::vector<std::string> single{"only"};
  CHECK(render_history(plot_input(one, single, {}, "").data, options_of(look::gnuplot_5_4, 40, 10)).drawn());
  CHECK(render_history(plot_input(one, single, {}, "").data, options_of(look::unicode, 40, 10)).text.find("only") != std::string::npos);
}

TEST_CASE("history plot: values at the ends of a double's range are drawn, with an axis, in every look") {
  // (Every finite value is drawn: the trend over commits is no gnuplot picture, so gnuplot's undefined
  // magnitudes of DBL_MAX / 2 or more do not apply.)
  const std::vector<std::string> labels{"a", "b", "c"};
  for (const std::vector<std::vector<double>>& samples :
       {std::vector<std::vector<double>>{{8e307}, {-8e307}, {1e307}},
        std::vector<std::vector<double>>{{1.7e308}, {-std::numeric_limits<double>::max()}, {0}},
        std::vector<std::vector<double>>{{1e-320}, {3e-320}, {2e-320}}})
    for (const look style : {look::gnuplot_5_4, look::gnuplot_4_6, look::unicode}) {
      const plot_result r = render_history(plot_input(samples, labels, {}, "").data, options_of(style, 40, 12));
      REQUIRE(r.drawn());
      const auto lines = lines_of(r.text);
      // Every commit's sample is drawn: three marks of samples or medians, the frame rows included.
      std::size_t marks = 0;
      for (std::size_t row = 0; row + 1 < lines.size(); ++row) {  // all but the labels (or the legend)
        const std::string& l = lines[row];
        for (const std::string mark : {"O", "*", "\u25CF"})
          for (std::size_t at = l.find(mark); at != std::string::npos; at = l.find(mark, at + 1)) ++marks;
      }
      CHECK_MESSAGE(marks >= 3, r.text);
      // And the axis has labels.
      const bool labelled = r.text.find("e+307") != std::string::npos || r.text.find("e+308") != std::string::npos ||
                            r.text.find("e-32") != std::string::npos;
      CHECK_MESSAGE(r.text.find("inf") == std::string::npos, r.text);
      CHECK_MESSAGE(labelled, r.text);
    }
}
