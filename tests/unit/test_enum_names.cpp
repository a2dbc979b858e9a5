// Every named enum prints its name, with fmt and with <<, and the two agree with its table of names.
#include "perfmail/analysis/change_verdict.hpp"
#include "perfmail/analysis/comparison.hpp"
#include "perfmail/analysis/history.hpp"
#include "perfmail/analysis/inference.hpp"
#include "perfmail/analysis/policy.hpp"
#include "perfmail/email/layout.hpp"
#include "perfmail/io/input_format.hpp"
#include "perfmail/metrics/rules.hpp"
#include "perfmail/model/direction.hpp"
#include "perfmail/model/origin.hpp"
#include "perfmail/model/unit.hpp"
#include "perfmail/plot/look.hpp"
#include "perfmail/stats/correction.hpp"
#include "perfmail/table/dialect.hpp"
#include "perfmail/text/enum_format.hpp"

#include <doctest/doctest.h>
#include <fmt/core.h>

#include <sstream>
#include <string>

namespace {

template <class Table>
void check_prints_names(const Table& table) {
  for (const auto& entry : table) {
    const std::string by_fmt = fmt::format("{}", entry.value);
    std::ostringstream by_stream;
    by_stream << entry.value;
    CHECK(by_fmt == by_stream.str());
    CHECK(by_fmt == name_of(entry.value));
    CHECK_FALSE(by_fmt.empty());
  }
}

}  // namespace

TEST_CASE("every named enum prints its name with fmt and with <<") {
  using namespace perfmail;
  check_prints_names(change_verdict_names);
  check_prints_names(policy_names);
  check_prints_names(dialect_names);
  check_prints_names(plot::look_names);
  check_prints_names(email::layout_names);
  check_prints_names(io::input_format_names);
  check_prints_names(better_names);
  check_prints_names(result_conventions_names);
  check_prints_names(quantity_names);
  check_prints_names(correction_names);
  check_prints_names(name_match_names);
  check_prints_names(history_change_kind_names);
  check_prints_names(change_estimator_names);
  check_prints_names(row_order_names);
}

TEST_CASE("a named enum takes fmt's format specification as a string does") {
  using namespace perfmail;
  CHECK(fmt::format("[{:>12}]", change_verdict::regression) == "[  regression]");
  CHECK(fmt::format("[{:<8}]", table_dialect::classic) == "[classic ]");
  // A look prints its canonical name, not an alias (`gnuplot` and `classic` are aliases).
  CHECK(fmt::format("{}", plot::look::gnuplot_4_6) == "gnuplot-4.6");
  CHECK(fmt::format("{}", plot::look::gnuplot_5_4) == "gnuplot-5.4");
  std::ostringstream out;
  out << policy_kind::mann_whitney << ' ' << plot::look::unicode;
  CHECK(out.str() == "utest unicode");
}
