// The ends of a bisection measured before it, read through the library (io/bisect_ends.hpp).

#include "scratch_file.hpp"

#include "perfmail/io/bisect_ends.hpp"
#include "perfmail/io/matrix_json.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

using perfmail::testing::scratch_file;
using perfmail::testing::usage_error_of;

TEST_CASE("bisect ends: the metric named, or the one every end shares, with each build's samples") {
  const scratch_file g1("bisect-ends-g1.json", R"({"lat": [1, 2], "size": [7]})");
  const scratch_file g2("bisect-ends-g2.json", R"({"lat": [3], "size": [7]})");
  const scratch_file b1("bisect-ends-b1.json", R"({"lat": [9, 8, 7]})");
  const std::vector<std::filesystem::path> good{g1.path(), g2.path()};
  const std::vector<std::filesystem::path> bad{b1.path()};
  const perfmail::io::stored_ends ends = perfmail::io::read_stored_ends(good, bad, "", perfmail::io::load_limits{});
  CHECK(ends.metric == "lat");  // size is not in every end
  CHECK(ends.good == perfmail::end_samples{{1, 2}, {3}});
  CHECK(ends.bad == perfmail::end_samples{{9, 8, 7}});
  CHECK(usage_error_of([&] { return perfmail::io::read_stored_ends(good, bad, "lta", perfmail::io::load_limits{}); })
            .ends_with(": no metric \"lta\"; did you mean \"lat\"?"));
  CHECK(perfmail::io::samples_of_metric(g1.path(), "size", perfmail::io::load_limits{}) == std::vector<double>{7});
  CHECK(perfmail::io::samples_of_metric(g1.path(), "none", perfmail::io::load_limits{}).empty());
}

TEST_CASE("bisect ends: no metric in common, or several, is refused") {
  const scratch_file good("bisect-ends-g3.json", R"({"a": [1], "b": [2]})");
  const scratch_file other("bisect-ends-b3.json", R"({"c": [1]})");
  const scratch_file both("bisect-ends-b4.json", R"({"a": [1], "b": [2]})");
  const std::vector<std::filesystem::path> g{good.path()};
  const std::vector<std::filesystem::path> o{other.path()};
  const std::vector<std::filesystem::path> b{both.path()};
  CHECK(usage_error_of([&] { return perfmail::io::read_stored_ends(g, o, "", perfmail::io::load_limits{}); }) ==
        "the good and bad results have no metric in common");
  CHECK(usage_error_of([&] { return perfmail::io::read_stored_ends(g, b, "", perfmail::io::load_limits{}); }) ==
        "the good and bad results share 2 metrics (\"a\", ...): name one with --metric");
}
