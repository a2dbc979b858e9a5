// Whose conventions judge a comparison, and the note on a mix (analysis/conventions.hpp).

#include "perfmail/analysis/conventions.hpp"
#include "perfmail/model/matrix.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace perfmail;

namespace {

matrix results_of(result_conventions conventions, std::string tool) {
  matrix m;
  m.add(metric_series{"a", {1.0, 2.0}, sample_kind::integer});
  m.set_origin({conventions, std::move(tool)});
  return m;
}

const std::vector<std::string> names{"base", "one", "two"};

}  // namespace

TEST_CASE("results of one kind are judged by their conventions, with nothing to say") {
  const std::vector<matrix> tools{results_of(result_conventions::benchmark_tool, "CSV"),
                                  results_of(result_conventions::benchmark_tool, "go test")};
  const conventions_choice choice = conventions_judging(tools, names, std::nullopt);
  CHECK(choice.conventions == result_conventions::benchmark_tool);
  CHECK_FALSE(choice.mixed_note.has_value());
}

TEST_CASE("a mix is judged by the base's conventions, and the first odd set is named") {
  const std::vector<matrix> mixed{results_of(result_conventions::robot, ""),
                                  results_of(result_conventions::robot, ""),
                                  results_of(result_conventions::benchmark_tool, "CSV"),
                                  results_of(result_conventions::benchmark_tool, "hyperfine")};
  const std::vector<std::string> four{"base", "one", "two", "three"};
  const conventions_choice choice = conventions_judging(mixed, four, std::nullopt);
  CHECK(choice.conventions == result_conventions::robot);
  REQUIRE(choice.mixed_note.has_value());
  CHECK(*choice.mixed_note ==
        "two holds CSV results but the base base holds the robot's results: all are judged as the base's");

  const std::vector<matrix> tool_base{results_of(result_conventions::benchmark_tool, "pytest-benchmark"),
                                      results_of(result_conventions::robot, "")};
  const conventions_choice other = conventions_judging(tool_base, names, std::nullopt);
  CHECK(other.conventions == result_conventions::benchmark_tool);
  CHECK(other.mixed_note ==
        "one holds the robot's results but the base base holds pytest-benchmark results: all are judged as the base's");
}

TEST_CASE("conventions the caller chose win, and a chosen mix needs no note") {
  const std::vector<matrix> mixed{results_of(result_conventions::robot, ""),
                                  results_of(result_conventions::benchmark_tool, "CSV")};
  const conventions_choice choice = conventions_judging(mixed, names, result_conventions::benchmark_tool);
  CHECK(choice.conventions == result_conventions::benchmark_tool);
  CHECK_FALSE(choice.mixed_note.has_value());
}
