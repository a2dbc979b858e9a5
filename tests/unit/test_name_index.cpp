#include <doctest/doctest.h>

#include "perfmail/model/matrix.hpp"
#include "perfmail/model/name_index.hpp"

#include <fmt/format.h>

#include <string>
#include <string_view>
#include <vector>

using namespace perfmail;

TEST_CASE("name_index: finds every name it recorded, refuses a second one, grows as names come") {
  std::vector<std::string> names;
  name_index index;
  const auto name_at = [&names](std::size_t at) -> std::string_view { return names[at]; };
  CHECK(index.find("absent", name_at) == name_index::npos);
  for (int i = 0; i < 5000; ++i) {
    std::string name = fmt::format("metric.{}", i * 7919 % 10007);
    REQUIRE(index.insert(name, names.size(), name_at));
    names.push_back(name);
  }
  CHECK(index.size() == 5000);
  for (std::size_t i = 0; i < names.size(); ++i) CHECK(index.find(names[i], name_at) == i);
  CHECK_FALSE(index.insert(names[1234], 99999, name_at));
  CHECK(index.find("metric.x", name_at) == name_index::npos);
  CHECK(index.find("", name_at) == name_index::npos);
}

TEST_CASE("name_index: insert_or_find gives a new name the next place and a known one its own") {
  // Names that come again among new ones, so that the table grows between a name and its return.
  std::vector<std::string> names;
  name_index index;
  const auto name_at = [&names](std::size_t at) -> std::string_view { return names[at]; };
  for (int i = 0; i < 3000; ++i) {
    const std::string name = fmt::format("metric.{}", i % 1000 * 7919 % 10007);
    const std::size_t at = index.insert_or_find(name, names.size(), name_at);
    if (i < 1000) {
      REQUIRE(at == names.size());
      names.push_back(name);
    } else {
      REQUIRE(at == static_cast<std::size_t>(i % 1000));
    }
  }
  CHECK(index.size() == 1000);
  CHECK(index.find("metric.x", name_at) == name_index::npos);
}

TEST_CASE("name_index: a matrix's lookups survive copies, moves and replacements") {
  matrix m;
  m.reserve(3);
  for (int i = 0; i < 100; ++i) m.add(metric_series{fmt::format("m{}", i), {double(i)}, sample_kind::integer});
  m.add(metric_series{"m7", {70, 71}, sample_kind::integer});  // replaced in place
  CHECK(m.size() == 100);
  CHECK(m.find("m7")->size() == 2);
  CHECK(m.run_count() == 2);
  const matrix copy = m;
  matrix moved = std::move(m);
  for (int i = 0; i < 100; ++i) {
    const std::string name = fmt::format("m{}", i);
    REQUIRE(copy.find(name) != nullptr);
    CHECK(copy.find(name)->name() == name);
    CHECK(moved.find(name) == &moved.metrics()[static_cast<std::size_t>(i)]);
  }
  CHECK_FALSE(moved.try_add(metric_series{"m3", {1}, sample_kind::integer}));
  CHECK(moved.try_add(metric_series{"new", {1}, sample_kind::integer}));
  CHECK(moved.find("new") == &moved.metrics().back());
}

TEST_CASE("metric series: kinds stored per sample only once they differ") {
  metric_series s{"x"};
  s.push_back(1, sample_kind::integer);
  s.push_back(2, sample_kind::integer);
  CHECK(s.kind(1) == sample_kind::integer);
  CHECK_FALSE(s.any_floating());
  s.push_back(2.5, sample_kind::floating);
  s.push_missing();
  CHECK(s.kind(0) == sample_kind::integer);
  CHECK(s.kind(2) == sample_kind::floating);
  CHECK(s.is_missing(3));
  CHECK(s.any_floating());
  CHECK(s.present_count() == 3);
  CHECK(s.present_values() == std::vector<double>{1, 2, 2.5});

  metric_series same{"x"};
  for (std::size_t i = 0; i < s.size(); ++i) same.push_back(s.raw_values()[i], s.kind(i));
  CHECK(same == s);
  CHECK(metric_series{"y", {1, 2}, sample_kind::integer} != metric_series{"y", {1, 2}, sample_kind::floating});
  CHECK(metric_series{"y", {}, sample_kind::integer} == metric_series{"y", {}, sample_kind::floating});
  const metric_series all_missing{"z", {5, 6}, sample_kind::missing};
  CHECK(all_missing.present_count() == 0);
  CHECK(all_missing.present_values().empty());
  CHECK(all_missing.raw_values()[0] == 0);
}
