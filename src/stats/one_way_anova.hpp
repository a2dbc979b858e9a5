#pragma once
// A one-way analysis of variance over groups that may come in several sets (each set about its own
// grand mean): the sums of squares between and within groups, their degrees of freedom, and the
// effective group size n0 of the expected between-group mean square, (k - 1) sigma^2 + n0 (k - 1) tau^2
// summed over the sets. The bisect judge (builds of each tree) and the history's confirming test (runs
// of each commit) both estimate the share of a group's shared offset from these, each in its own way.
// Internal to the compiled library, as stats/moments.hpp is.

#include <cstddef>

namespace perfmail {

class one_way_anova {
 public:
  /// Starts a set of groups; its groups are taken about the set's own grand mean.
  void begin_set() noexcept {
    set_n_ = 0;
    set_sum_ = 0;
    set_sizes_squared_ = 0;
    set_groups_ = 0;
    set_between_ = 0;
  }
  /// A group of `count` observations with mean `mean` and sum of squared deviations `squares`, in units
  /// where one observation's variance is `scale` times the common one (its sums are divided by it).
  /// Groups of a set are added in two passes: first `first_pass` with every group, then `second_pass`.
  void first_pass(double count, double mean, double squares, double scale = 1) noexcept {
    if (!(count > 0)) return;
    set_n_ += count;
    set_sum_ += count * mean;
    set_sizes_squared_ += count * count;
    within_ += squares / scale;
    within_df_ += count - 1;
    ++set_groups_;
  }
  /// The group's deviation from the set's grand mean (after every group's first pass).
  void second_pass(double count, double mean, double scale = 1) noexcept {
    if (!(count > 0) || set_groups_ < 2) return;
    const double grand = set_sum_ / set_n_;
    set_between_ += count * (mean - grand) * (mean - grand) / scale;
  }
  /// Ends the set: a set of fewer than two groups tells nothing between groups.
  void end_set() noexcept {
    if (set_groups_ < 2) return;
    between_ += set_between_;
    between_df_ += static_cast<double>(set_groups_ - 1);
    n0_df_ += set_n_ - set_sizes_squared_ / set_n_;
    observations_ += set_n_;
    sizes_squared_ += set_sizes_squared_;
  }

  [[nodiscard]] double between() const noexcept { return between_; }
  [[nodiscard]] double between_df() const noexcept { return between_df_; }
  [[nodiscard]] double within() const noexcept { return within_; }
  [[nodiscard]] double within_df() const noexcept { return within_df_; }
  /// The effective group size of the between-group mean square (0 without two groups in a set).
  [[nodiscard]] double n0() const noexcept { return between_df_ > 0 ? n0_df_ / between_df_ : 0; }
  /// The observations' mean group size, weighted by size (Kish's m), over the sets with two groups or more.
  [[nodiscard]] double mean_group_size() const noexcept {
    return observations_ > 0 ? sizes_squared_ / observations_ : 0;
  }
  [[nodiscard]] bool measured() const noexcept { return between_df_ > 0 && within_df_ > 0; }

 private:
  double set_n_ = 0;
  double set_sum_ = 0;
  double set_sizes_squared_ = 0;
  std::size_t set_groups_ = 0;
  double set_between_ = 0;
  double between_ = 0;
  double between_df_ = 0;
  double within_ = 0;
  double within_df_ = 0;
  double n0_df_ = 0;
  double observations_ = 0;
  double sizes_squared_ = 0;
};

}  // namespace perfmail
