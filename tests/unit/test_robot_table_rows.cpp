// What a robot table shows of other tools' rows, and the lines under it for the rest (table/render.hpp).

#include "perfmail/table/render.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace perfmail;

namespace {

/// A row of a base and one compared column per entry of `sides`.
comparison_row row_of(std::string_view name, std::vector<presence> sides) {
  comparison_row row;
  row.name = name;
  row.columns.resize(1 + sides.size());
  for (const presence side : sides) {
    column_verdict verdict;
    verdict.sides = side;
    row.verdicts.push_back(verdict);
  }
  return row;
}

table_header header_of(std::vector<std::string> commits) {
  table_header header;
  header.commits = std::move(commits);
  return header;
}

}  // namespace

TEST_CASE("a robot table shows only the rows compared in every column") {
  const comparison_row both = row_of("a.ns/op", {presence::both, presence::both});
  const comparison_row gone_in_second = row_of("b.ns/op", {presence::both, presence::gone});
  const comparison_row added = row_of("c.ns/op", {presence::added, presence::both});
  const comparison_row also_both = row_of("d.ns/op", {presence::both, presence::both});
  const std::vector<const comparison_row*> rows{&both, &gone_in_second, &added, &also_both};
  CHECK(robot_table_rows(rows) == std::vector<const comparison_row*>{&both, &also_both});
}

TEST_CASE("the rows left out are listed by metric and column, in the rows' order") {
  const comparison_row both = row_of("a.ns/op", {presence::both, presence::both});
  const comparison_row gone_in_second = row_of("b.ns/op", {presence::both, presence::gone});
  const comparison_row new_and_failed = row_of("c.ns/op", {presence::added, presence::failed});
  const comparison_row base_failed = row_of("d.ns/op", {presence::base_failed, presence::both});
  const std::vector<const comparison_row*> rows{&both, &gone_in_second, &new_and_failed, &base_failed};
  CHECK(render_rows_left_out(rows, header_of({"base", "one", "two"})) ==
        "b.ns/op: gone in two\n"
        "c.ns/op: new in one\n"
        "c.ns/op: failed in two\n"
        "d.ns/op: new in one\n");  // a base of failed runs only: new in the column, as the verdicts say
}

TEST_CASE("nothing is listed when every row was compared, and names print escaped") {
  const comparison_row both = row_of("a.ns/op", {presence::both});
  const std::vector<const comparison_row*> compared{&both};
  CHECK(render_rows_left_out(compared, header_of({"base", "head"})).empty());
  const comparison_row odd = row_of("a\x1b[31m", {presence::gone});
  const std::vector<const comparison_row*> rows{&odd};
  const std::string line = render_rows_left_out(rows, header_of({"base", "he\x07" "ad"}));
  CHECK(line == "a\\x1B[31m: gone in he\\x07ad\n");
}
