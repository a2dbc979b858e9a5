#include <doctest/doctest.h>

#include "perfmail/model/commit.hpp"
#include "perfmail/model/matrix.hpp"
#include "perfmail/model/series.hpp"
#include "perfmail/model/test_case.hpp"

#include <vector>

using namespace perfmail;

TEST_CASE("commit: short ids are cut, never overrun") {
  const commit c{"e932fd3f1772e1fbc0b90dcfb4fbc689729a48f8", "mm: vmscan: kick flushers", "", ""};
  CHECK(c.short_id(16) == "e932fd3f1772e1fb");
  CHECK(c.short_id(26) == "e932fd3f1772e1fbc0b90dcfb4");
  CHECK(commit{"v4.9", {}, {}, {}}.short_id(16) == "v4.9");
}

TEST_CASE("test case: parameters keep the job's order") {
  const test_case t{"fio-basic", {{"runtime", "300s"}, {"disk", "1SSD"}, {"fs", "btrfs"}}, "", ""};
  CHECK(t.parameters.front().key == "runtime");
  CHECK(t.parameter_value("fs") == "btrfs");
  CHECK_FALSE(t.parameter_value("rw").has_value());
}

TEST_CASE("metric series: remembers how each sample was written") {
  metric_series s{"fio.write_iops"};
  s.push_back(5, sample_kind::integer);
  s.push_back(5.5, sample_kind::floating);
  s.push_missing();
  CHECK(s.size() == 3);
  CHECK(s.present_count() == 2);
  CHECK(s.any_floating());
  CHECK(s.is_missing(2));
  CHECK(s.raw_values()[2] == 0);
  CHECK(s.present_values() == std::vector<double>{5, 5.5});

  SUBCASE("integers only") { CHECK_FALSE(metric_series("x", {1, 2}, sample_kind::integer).any_floating()); }
  SUBCASE("padding adds missing samples") {
    s.pad_to(5);
    CHECK(s.size() == 5);
    CHECK(s.present_count() == 2);
  }
  SUBCASE("filtering runs keeps kinds aligned") {
    const auto kept = s.filter_runs([](std::size_t run) { return run != 0; });
    CHECK(kept.present_values() == std::vector<double>{5.5});
    CHECK(kept.kind(0) == sample_kind::floating);
  }
}

TEST_CASE("matrix: order, lookup and run count") {
  matrix m;
  m.add(metric_series("b", {1, 2, 3}));
  m.add(metric_series("a", {4, 5}));
  CHECK(m.size() == 2);
  CHECK(m.metrics()[0].name() == "b");
  CHECK(m.find("a")->size() == 2);
  CHECK(m.find("c") == nullptr);

  SUBCASE("run count is the longest series without stats_source") { CHECK(m.run_count() == 3); }
  SUBCASE("stats_source decides the run count") {
    m.set_stats_source({"0/stats.json", "1/stats.json", "2/stats.json", "3/stats.json"});
    CHECK(m.run_count() == 4);
  }
  SUBCASE("adding a metric again replaces it in place") {
    m.add(metric_series("b", {9}));
    CHECK(m.metrics()[0].raw_values()[0] == 9);
    CHECK(m.size() == 2);
  }
  SUBCASE("an empty matrix has no runs") { CHECK(matrix{}.run_count() == 0); }
}

TEST_CASE("matrix: runs can be removed") {
  matrix m;
  m.add(metric_series("fio.write_iops", {10, 0, 30}, sample_kind::integer));
  m.set_stats_source({"0/stats.json", "1/stats.json", "2/stats.json"});
  const matrix complete = m.without_runs({false, true, false});
  CHECK(complete.find("fio.write_iops")->present_values() == std::vector<double>{10, 30});
  CHECK(complete.run_count() == 2);
}

TEST_CASE("matrix: its views stay valid when it moves, and a copy owns its own samples") {
  std::vector<matrix> kept;
  {
    matrix m;
    metric_series mixed{"mixed"};
    mixed.push_back(1, sample_kind::integer);
    mixed.push_missing();
    mixed.push_back(2.5, sample_kind::floating);
    m.add(mixed);
    // Enough metrics for the store to take several blocks.
    for (int i = 0; i < 5000; ++i)
      m.add(metric_series(std::string(40, 'm') + std::to_string(i), std::vector<double>(20, double(i))));
    kept.push_back(m);             // a copy
    kept.push_back(std::move(m));  // the original, moved
  }  // the original's storage is gone, unless a view still pointed into it
  for (const matrix& m : kept) {
    REQUIRE(m.size() == 5001);
    const auto* mixed = m.find("mixed");
    REQUIRE(mixed != nullptr);
    CHECK(mixed->kind(0) == sample_kind::integer);
    CHECK(mixed->is_missing(1));
    CHECK(mixed->kind(2) == sample_kind::floating);
    CHECK(mixed->present_values() == std::vector<double>{1, 2.5});
    const auto* last = m.find(std::string(40, 'm') + "4999");
    REQUIRE(last != nullptr);
    CHECK(last->raw_values().size() == 20);
    CHECK(last->raw_values()[19] == 4999);
    CHECK(m.metrics()[1].name() == std::string(40, 'm') + "0");
  }
  CHECK(kept[0].metrics().data() != kept[1].metrics().data());
  CHECK(kept[0].find("mixed")->raw_values().data() != kept[1].find("mixed")->raw_values().data());
}

TEST_CASE("metric series: a copy of a view, and one series reused for the next metric") {
  metric_series s{"a"};
  s.push_back(1, sample_kind::integer);
  s.push_back(2, sample_kind::floating);
  const metric_series copy{s.view()};
  CHECK(copy == s);
  CHECK(copy.kind(1) == sample_kind::floating);
  s.reset("b");
  CHECK(s.name() == "b");
  CHECK(s.empty());
  s.push_back(3, sample_kind::floating);
  CHECK(s.kind(0) == sample_kind::floating);
  CHECK(s.view().uniform());
}

TEST_CASE("matrix hints: by a metric's place or its name, before or after it is added, kept by copies") {
  matrix m;
  CHECK_FALSE(m.has_direction_hints());
  // A hint for a name that is no metric yet: the metric takes it when it is added.
  m.set_direction_hint("b", better::higher);
  m.add(metric_series{"a", std::vector<double>{1, 2, 3}, sample_kind::integer});
  m.add(metric_series{"b", std::vector<double>{4, 5, 6}, sample_kind::integer});
  CHECK(m.has_direction_hints());
  CHECK(m.direction_hint("b") == better::higher);
  CHECK_FALSE(m.direction_hint("a").has_value());
  // By place: the unit, and the direction its quantity has.
  const metric_unit seconds = *unit_of("s");
  m.set_unit_hint_at(0, seconds);
  CHECK(m.unit_hint("a") == seconds);
  CHECK(m.direction_hint("a") == better::lower);
  // Many at once, metrics and names that are none; a name given twice keeps its last unit.
  const metric_unit bytes_per_second = *unit_of("MB/s");
  m.set_unit_hints({{"b", seconds}, {"c", seconds}, {"c", bytes_per_second}, {"a", bytes_per_second}});
  CHECK(m.unit_hint("b") == seconds);
  CHECK(m.unit_hint("a") == bytes_per_second);
  CHECK(m.unit_hint("c") == bytes_per_second);
  m.add(metric_series{"c", std::vector<double>{7, 8, 9}, sample_kind::integer});
  CHECK(m.direction_hint("c") == better::higher);
  // A later hint replaces an earlier one; copies and a copy without runs keep every hint.
  m.set_direction_hint("a", better::higher);
  CHECK(m.direction_hint("a") == better::higher);
  const matrix copy = m;
  const matrix fewer = m.without_runs({true, false, false});
  for (const matrix* x : {&copy, &fewer}) {
    CHECK(x->direction_hint("a") == better::higher);
    CHECK(x->unit_hint("a") == bytes_per_second);
    CHECK(x->direction_hint("b") == better::lower);
    CHECK(x->unit_hint("c") == bytes_per_second);
    CHECK_FALSE(x->unit_hint("d").has_value());
  }
}
