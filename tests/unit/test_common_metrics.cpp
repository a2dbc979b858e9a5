#include <doctest/doctest.h>

#include "perfmail/analysis/common_metrics.hpp"
#include "perfmail/model/matrix.hpp"

#include <memory>
#include <string>
#include <vector>

using namespace perfmail;

namespace {

std::shared_ptr<const matrix> results_of(const std::vector<std::string>& names) {
  auto m = std::make_shared<matrix>();
  for (const auto& name : names) m->add(metric_series{name, {1.0, 2.0, 3.0}, sample_kind::integer});
  return m;
}

}  // namespace

TEST_CASE("one metric of the base is enough to share, in either order of the other's metrics") {
  const auto base = results_of({"a", "b"});
  CHECK(shares_a_metric(*base, *results_of({"b"})));
  CHECK(shares_a_metric(*base, *results_of({"z", "y", "a"})));
}

TEST_CASE("results whose metrics are all new share none") {
  const auto base = results_of({"a", "b"});
  CHECK_FALSE(shares_a_metric(*base, *results_of({"c", "d"})));
  CHECK_FALSE(shares_a_metric(*base, *results_of({})));
  CHECK_FALSE(shares_a_metric(*results_of({}), *base));
}

TEST_CASE("the first compared column sharing nothing is named, the base never") {
  const auto base = results_of({"a"});
  const std::vector<std::shared_ptr<const matrix>> all_share{base, results_of({"a", "x"}), results_of({"a"})};
  CHECK_FALSE(first_column_sharing_no_metric(all_share).has_value());
  const std::vector<std::shared_ptr<const matrix>> two_disjoint{base, results_of({"a"}), results_of({"x"}),
                                                                results_of({"y"})};
  CHECK(first_column_sharing_no_metric(two_disjoint) == 2);
  const std::vector<std::shared_ptr<const matrix>> base_alone{results_of({})};
  CHECK_FALSE(first_column_sharing_no_metric(base_alone).has_value());
}
