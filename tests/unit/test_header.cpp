#include <doctest/doctest.h>

#include "perfmail/table/header.hpp"

using namespace perfmail;
using namespace perfmail::table_detail;

TEST_CASE("display width counts code points, so ± is one column") {
  CHECK(display_width("abc") == 3);
  CHECK(display_width(" \u00b1  3%") == 6);
  CHECK(display_width("") == 0);
}

TEST_CASE("commit ids are cut, then right-aligned") {
  CHECK(cut_id("e932fd3f1772e1fbc0b90dcfb4fbc689729a48f8", 26) == "e932fd3f1772e1fbc0b90dcfb4");
  CHECK(cut_id("base", 16) == "            base");
}

TEST_CASE("a header must name every column") {
  table_header h;
  h.commits = {"a", "b"};
  CHECK_NOTHROW(require_commits(h, 2));
  CHECK_THROWS_AS(require_commits(h, 3), usage_error);
}

TEST_CASE("dialect names") {
  CHECK(to_string(table_dialect::classic) == "classic");
  CHECK(to_string(table_dialect::modern) == "modern");
}
