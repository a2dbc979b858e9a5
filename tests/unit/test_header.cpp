#include <doctest/doctest.h>

#include "perfmail/analysis/row.hpp"
#include "perfmail/table/dialect.hpp"
#include "perfmail/table/header.hpp"

#include "table/table_text.hpp"

#include <vector>

using namespace perfmail;
using namespace perfmail::table_detail;

TEST_CASE("commit ids are cut, then right-aligned") {
  CHECK(cut_id("e932fd3f1772e1fbc0b90dcfb4fbc689729a48f8", 26) == "e932fd3f1772e1fbc0b90dcfb4");
  CHECK(cut_id("base", 16) == "            base");
}

TEST_CASE("a header must name every column") {
  table_header h;
  h.commits = {"a", "b"};
  const std::vector<const comparison_row*> none;
  CHECK(column_count_of(h, none) == 2);
  h.commits = {"a", "b", "c"};
  CHECK(column_count_of(h, none) == 3);
  h.commits = {"a"};
  CHECK_THROWS_AS((void)column_count_of(h, none), usage_error);
}

TEST_CASE("dialect names: one table for the command line and the JSON, the robot's for documents") {
  CHECK(name_of(dialect_names, table_dialect::classic) == "classic");
  CHECK(name_of(dialect_names, table_dialect::modern) == "modern");
  CHECK(value_named(dialect_names, "modern") == table_dialect::modern);
  CHECK_FALSE(value_named(dialect_names, "fancy").has_value());
  CHECK(names_listed(dialect_names) == "classic, modern, current or benchstat");
  CHECK(names_listed(robot_dialect_names) == "classic, modern or current");
  CHECK(is_robot_dialect(table_dialect::current));
  CHECK_FALSE(is_robot_dialect(table_dialect::benchstat));
  CHECK(name_of(dialect_names, table_dialect::current) == "current");
}
