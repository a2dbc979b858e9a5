#pragma once
// The table for results of other benchmark tools, in the style benchstat's users read: one table per unit
// (`ns/op`, `B/op`, `real_time`, ...; metrics of no known unit together), per benchmark the median of each
// column with the reach of its 95% interval, then for each compared column the change with its interval
// (or `~` where the test found none), p, q and the samples tested, and a geomean row under each table of
// one unit (analysis/geomean.hpp, `median_geomeans`). A
// metric one side lacks, or has no sample of, says so (`gone`, `new`, `failed`) and is never compared.
// Values print with their units (table/quantity.hpp). Made for a screen: names lose `Benchmark` and the
// prefix every name of a table shares, rows alike in every column and unchanged fold into one line, and
// the tables narrow to a width (the interval, then q, then the test's figures, then the names' ends go),
// saying how to see what they left out. Footnotes under them say where an interval needs more samples.
// Declarations only: src/table/benchstat.cpp.

#include "perfmail/analysis/comparison.hpp"
#include "perfmail/table/header.hpp"

#include <cstddef>
#include <span>
#include <string>

namespace perfmail {

/// How the tables are laid out for where they are read.
struct benchstat_layout {
  /// The columns every line fits in (80: a terminal's, or a pipe's), from 60 on (the names keep 8
  /// characters, the folded lines and the note of what was left out need 60); 0: as wide as the cells are.
  std::size_t width = 80;
  /// Rows whose every column prints the same value and that did not change fold into one line per value
  /// that says how many there are (`36 benchmarks: 0B ± 0% everywhere, unchanged (--all)`); false: every row.
  bool fold = true;
};

/// The tables of `rows` (rows of `cmp`, in print order) with the columns named by `header.commits`, each
/// with a blank line after it. `cmp` must be of a statistical policy (usage_error otherwise): the table
/// prints its tests.
[[nodiscard]] std::string render_benchstat(const comparison& cmp, const table_header& header,
                                           std::span<const comparison_row* const> rows,
                                           const benchstat_layout& layout = {});

/// The lines above the tables: the tools and the files compared, then the method (the test, the
/// correction over the metrics tested, alpha, the floor), said to be the defaults for results of other
/// tools when `defaults`; each wrapped to `width` columns, then a blank line.
[[nodiscard]] std::string render_benchstat_method(const comparison& cmp, const table_header& header, int width,
                                                  bool defaults);

/// What the tables call the benchmark of `row` before shortening, and the unit its table is of: the name up
/// to its last `.` and what follows (`BenchmarkDecode-8`, `ns/op`) where the metric's unit is known; the
/// whole name and the quantity's name where the name has no `.`; the whole name and an empty unit where
/// the unit is not known (those metrics share one table).
struct benchmark_and_unit {
  std::string benchmark;
  std::string unit;
};
[[nodiscard]] benchmark_and_unit benchmark_and_unit_of(const comparison_row& row);

/// The cells of the table, for the other formats that print its numbers (Markdown, the JSON's `printed`),
/// so that every format says the same: column `column`'s value (`3.909µs ± 1%`, `-`, `failed (3 runs)`),
/// and compared column `column`'s change (`+3.97% [+3.1%, +4.8%]`, `~`, `gone`, `new`, `failed`).
[[nodiscard]] std::string benchstat_value(const comparison& cmp, const comparison_row& row, std::size_t column);
[[nodiscard]] std::string benchstat_change(const comparison& cmp, const comparison_row& row, std::size_t column);

/// Under the table: what its footnotes mark (an interval that needs more samples), one line each.
[[nodiscard]] std::string benchstat_footnotes(const comparison& cmp, std::span<const comparison_row* const> rows);

}  // namespace perfmail
