// Comparing matrices (include/perfmail/analysis/comparison.hpp): the union of the metric names, each
// classified once; complete and incomplete runs; one decision per metric and compared column; one row per
// metric with every number the renderers print; the robot's order.

#include "perfmail/analysis/comparison.hpp"

#include "perfmail/analysis/decide.hpp"
#include "perfmail/error.hpp"
#include "perfmail/metrics/classifier.hpp"
#include "perfmail/metrics/directions.hpp"
#include "perfmail/metrics/rules.hpp"
#include "perfmail/stats/change.hpp"
#include "perfmail/stats/correction.hpp"
#include "perfmail/stats/estimate.hpp"
#include "perfmail/stats/significance.hpp"
#include "perfmail/stats/sorted_copy.hpp"
#include "support/populate.hpp"

#include <boost/sort/pdqsort/pdqsort.hpp>
#include <range/v3/view/enumerate.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <limits>
#include <optional>
#include <stdexcept>
#include <unordered_map>
#include <utility>

namespace perfmail {

const comparison_row* comparison::find(std::string_view name) const {
  for (const auto& r : rows)
    if (r.name == name) return &r;
  return nullptr;
}

std::size_t comparison::selected_count() const {
  return static_cast<std::size_t>(std::count_if(rows.begin(), rows.end(), [](const auto& r) { return r.selected; }));
}

namespace {

/// The series of `name` in `m`, trying position `hint` first: matrices of one test list their metrics in
/// the same order, so most lookups are one comparison instead of a hash.
const series_view* find_near(const matrix& m, std::string_view name, std::size_t hint) {
  const auto metrics = m.metrics();
  if (hint < metrics.size() && metrics[hint].name() == name) return &metrics[hint];
  return m.find(name);
}

/// A matrix with each row's series looked up once.
struct indexed_matrix {
  const matrix* m = nullptr;
  std::vector<const series_view*> series;  ///< per row; null when absent

  indexed_matrix(const matrix& source, std::span<const comparison_row> rows) : m(&source) {
    series.reserve(rows.size());
    for (const auto [i, row] : ranges::views::enumerate(rows)) series.push_back(find_near(source, row.name, i));
  }
};

/// Per run: whether the marker metric flags it (a present sample of 1, as the robot tests it).
std::vector<bool> flagged_runs(const matrix& m, std::string_view marker) {
  std::vector<bool> out(m.run_count(), false);
  if (const series_view* flags = m.find(marker)) {
    const auto values = flags->raw_values();
    for (std::size_t i = 0; i < values.size() && i < out.size(); ++i) out[i] = !flags->is_missing(i) && values[i] == 1;
  }
  return out;
}

/// The metric's samples padded with zeros to the run count (missing runs as 0), or zeros when absent. A
/// series of full length is used in place; only a short or absent one is copied, into `buffer`.
std::span<const double> padded_samples(const series_view* s, std::size_t runs, std::vector<double>& buffer) {
  if (s != nullptr && s->size() == runs) return s->raw_values();
  buffer.clear();
  if (s != nullptr) buffer.assign(s->raw_values().begin(), s->raw_values().end());
  if (buffer.size() < runs) buffer.resize(runs, 0.0);
  return buffer;
}

/// The present samples of `s`, in run order, into `buffer` (a missing run is no sample).
void copy_present(const series_view& s, std::vector<double>& buffer) {
  buffer.clear();
  const auto values = s.raw_values();
  for (std::size_t r = 0; r < values.size(); ++r)
    if (!s.is_missing(r)) buffer.push_back(values[r]);
}

/// One column's samples of the current metric, sorted once for both its verdict and its summary. Only a
/// complete series (no missing run, exactly the run count) is sorted here: then the samples the verdict
/// reads (missing runs as 0) and those the summary reads (present ones) are the same.
class sorted_column {
 public:
  void prepare(const series_view* s, std::size_t runs) {
    series_ = nullptr;
    if (s == nullptr || s->size() != runs || s->present_count() != s->size()) return;
    sorted_copy(s->raw_values(), sorted_);
    series_ = s;
  }
  /// The sorted samples of `s`, when they are the ones prepared.
  [[nodiscard]] std::optional<std::span<const double>> of(const series_view* s) const {
    if (s == nullptr || s != series_) return std::nullopt;
    return std::span<const double>{sorted_};
  }

 private:
  const series_view* series_ = nullptr;
  std::vector<double> sorted_;
};

/// What the candidate rules ask of a base: whether it has a metric's siblings or others of its family.
class base_facts {
 public:
  /// `base`: the base with each row's series looked up.
  base_facts(const indexed_matrix& base, std::span<const comparison_row> rows) : base_(base.m) {
    for (std::size_t i = 0; i < rows.size(); ++i)
      if (base.series[i] != nullptr && rows[i].cls.family != metric_family::none)
        families_[static_cast<std::size_t>(rows[i].cls.family)] = true;
  }

  [[nodiscard]] bool has_family(metric_family f) const { return families_[static_cast<std::size_t>(f)]; }

  [[nodiscard]] bool has_sibling(std::string_view name, const metric_class& c, const metric_classifier& k) const {
    if (c.sibling == sibling_rule::none) return true;
    const auto names = k.sibling_names(name, c);
    return std::any_of(names.begin(), names.end(), [&](const std::string& s) { return base_->contains(s); });
  }

 private:
  const matrix* base_ = nullptr;
  std::array<bool, 3> families_{};
};

/// Decides metrics for one pair of matrices (a compared column against the base), one metric at a time,
/// reusing its scratch buffers.
class pair_decider {
 public:
  /// `buffers` is shared by the deciders of one compared column: the robot carries state across passes.
  pair_decider(const indexed_matrix& head, const indexed_matrix& base, const base_facts& facts,
               const compare_options& options, const metric_classifier& classifier, decide_buffers& buffers)
      : head_(head),
        base_(base),
        facts_(facts),
        options_(options),
        classifier_(classifier),
        tool_(options.conventions == result_conventions::benchmark_tool),
        buffers_(buffers) {}

  /// The verdict on metric `i`, or nullopt when neither side has it. `head_sorted` and `base_sorted` may
  /// hold the sides' samples sorted. `estimate`: the statistical policies estimate the change.
  std::optional<verdict> decide(std::size_t i, std::string_view name, const metric_class& cls,
                                const sorted_column& head_sorted, const sorted_column& base_sorted, bool estimate) {
    const series_view* head = head_.series[i];
    const series_view* base = base_.series[i];
    if (head == nullptr && base == nullptr) return std::nullopt;
    if (tool_) return decide_present(name, cls, *head, *base, estimate);
    metric_context ctx;
    ctx.estimate = estimate;
    ctx.head_runs = head_.m->run_count();
    ctx.base_runs = base_.m->run_count();
    ctx.in_base = base != nullptr;
    ctx.base_has_sibling = cls.kind != metric_kind::failure || facts_.has_sibling(name, cls, classifier_);
    ctx.base_has_family = cls.family != metric_family::none && facts_.has_family(cls.family);
    ctx.everything = options_.all;  // the robot's --all only: see metric_context::everything
    const auto h = padded_samples(head, ctx.head_runs, head_padding_);
    const auto b = padded_samples(base, ctx.base_runs, base_padding_);
    side_samples head_side{h, head_sorted.of(head), head, std::nullopt};
    side_samples base_side{b, base_sorted.of(base), base, std::nullopt};
    if (options_.policy.kind != policy_kind::robot) {
      head_side.present = present_samples(head, h, head_present_);
      base_side.present = present_samples(base, b, base_present_);
    }
    return perfmail::decide(cls, head_side, base_side, ctx, classifier_, options_.policy, buffers_);
  }

 private:
  /// The benchmark tools' conventions: each side's present samples as they are, its own count of them
  /// the run count (the caller has made sure both sides have samples).
  verdict decide_present(std::string_view name, const metric_class& cls, const series_view& head,
                         const series_view& base, bool estimate) {
    copy_present(head, head_present_);
    copy_present(base, base_present_);
    metric_context ctx;
    ctx.estimate = estimate;
    ctx.head_runs = head_present_.size();
    ctx.base_runs = base_present_.size();
    ctx.base_has_sibling = cls.kind != metric_kind::failure || facts_.has_sibling(name, cls, classifier_);
    ctx.everything = options_.all;
    const side_samples head_side{head_present_, std::nullopt, nullptr, std::nullopt};
    const side_samples base_side{base_present_, std::nullopt, nullptr, std::nullopt};
    return perfmail::decide(cls, head_side, base_side, ctx, classifier_, options_.policy, buffers_);
  }

  const indexed_matrix& head_;
  const indexed_matrix& base_;
  const base_facts& facts_;
  const compare_options& options_;
  const metric_classifier& classifier_;
  bool tool_ = false;
  /// The present samples of `s`, whose padded samples are `padded`: nullopt when they are the same.
  static std::optional<std::span<const double>> present_samples(const series_view* s, std::span<const double> padded,
                                                                std::vector<double>& buffer) {
    if (s == nullptr) return std::span<const double>{};
    if (s->size() == padded.size() && s->present_count() == s->size()) return std::nullopt;
    copy_present(*s, buffer);
    return std::span<const double>{buffer};
  }

  std::vector<double> head_padding_, base_padding_, head_present_, base_present_;
  decide_buffers& buffers_;
};

/// Whether both sides have samples of a metric, for the benchmark tools' conventions.
presence presence_of(const series_view* base, const series_view* head) {
  if (base == nullptr) return presence::added;
  if (head == nullptr) return presence::gone;
  if (head->present_count() == 0) return presence::failed;
  if (base->present_count() == 0) return presence::base_failed;
  return presence::both;
}

/// Why a compared column has no verdict.
std::string_view reason_of(presence sides) {
  switch (sides) {
    case presence::both: break;
    case presence::gone: return "not in the compared results";
    case presence::added: return "not in the base";
    case presence::failed: return "no sample: the benchmark failed";
    case presence::base_failed: return "no sample in the base: the benchmark failed there";
  }
  return "not compared";
}

/// The robot's two passes over a pair with incomplete runs, merged: a later verdict replaces an earlier
/// one unless the earlier one found a change and the later did not.
void merge_verdict(std::optional<verdict>& slot, const std::optional<verdict>& next) {
  if (next && (!slot || next->changed || !slot->changed)) slot = next;
}

/// One column's numbers, as the tables print them. A column shows `runs` samples: a shorter series is
/// padded with missing runs, an absent metric shows `runs` zeros.
column_summary summarize_column(const series_view* s, std::size_t runs, const sorted_column& sorted,
                                std::vector<double>& present, sum_start start = sum_start::zero) {
  column_summary out;
  std::span<const double> samples;  // the present ones
  bool all_negative_zero = false;
  if (s == nullptr) {
    present.assign(runs, 0.0);  // an absent metric: zeros, written as integers
    samples = present;
    out.runs = static_cast<std::uint32_t>(runs);
  } else {
    const auto values = s->raw_values();
    out.runs = static_cast<std::uint32_t>(std::max(s->size(), runs));
    const auto mark = [&out](double x, bool floating) {
      if (floating && x != 0 && std::fabs(x) < 100) out.small_float = true;
      if (std::fabs(x) >= 1e8) out.large = true;
    };
    if (s->uniform() && (s->empty() || s->kind(0) != sample_kind::missing)) {
      // The usual series, every run present and written alike: its samples are read where they are.
      samples = values;
      const bool floating = !s->empty() && s->kind(0) == sample_kind::floating;
      for (const double x : samples) mark(x, floating);
    } else {
      present.clear();
      for (std::size_t r = 0; r < values.size(); ++r) {
        const sample_kind kind = s->kind(r);
        if (kind == sample_kind::missing) continue;
        present.push_back(values[r]);
        mark(values[r], kind == sample_kind::floating);
      }
      samples = present;
    }
    all_negative_zero = !samples.empty() && std::all_of(samples.begin(), samples.end(), [](double x) {
      return x == 0 && std::signbit(x);
    });
  }
  // A series that misses no run and was sorted for its verdict is summarised from that copy.
  const auto sorted_samples = sorted.of(s);
  const summary st = sorted_samples && s->size() == samples.size() ? summarize_sorted(samples, *sorted_samples, start)
                                                                    : summarize(samples, start);
  out.n = static_cast<std::uint32_t>(st.n);
  out.mean = st.mean;
  out.stddev = st.stddev;
  out.min = st.min;
  out.median = st.median;
  out.max = st.max;
  out.negative_zero = all_negative_zero;
  // The sum of every run, missing ones as 0: the present samples' sum when no run is missing.
  if (s != nullptr) out.failure_count = samples.size() == s->size() ? st.sum : robot_sum(s->raw_values(), sum_start::zero);
  return out;
}

/// The distribution-free interval (at `confidence`) of the median of the present samples of `s` (null: none); `buffer`
/// is scratch.
std::optional<interval> median_ci_of(const series_view* s, const sorted_column& sorted, std::vector<double>& buffer,
                                     double confidence) {
  if (s == nullptr) return std::nullopt;
  if (const auto ready = sorted.of(s)) return median_interval(*ready, confidence);  // every sample present
  copy_present(*s, buffer);
  std::sort(buffer.begin(), buffer.end());
  return median_interval(buffer, confidence);
}

/// The statistical policies' selection: per compared column, the p-values of the metrics tested there are
/// adjusted together, and a metric changed when its q-value is at most alpha and its change clears the
/// practical floor. Failure counts keep the robot's rule.
void correct_columns(comparison& cmp, const compare_options& options) {
  const change_policy& policy = cmp.policy;
  std::vector<std::size_t> tested;
  std::vector<double> p_values;
  std::vector<double> smallest;
  for (std::size_t c = 1; c < cmp.run_counts.size(); ++c) {
    tested.clear();
    p_values.clear();
    smallest.clear();
    for (std::size_t r = 0; r < cmp.rows.size(); ++r)
      if (const change_inference* inference = cmp.inference_of(cmp.rows[r], c)) {
        tested.push_back(r);
        p_values.push_back(inference->p_value);
        smallest.push_back(std::min(inference->p_value, smallest_p_value(policy.kind, inference->n_head, inference->n_base)));
      }
    const std::vector<double> q_values = adjust_p_values(p_values, policy.correction);
    // Whether the test could have selected the metric at the corrected level, not at alpha alone.
    const std::vector<bool> reachable = selectable_at_best(p_values, smallest, policy.correction, policy.alpha);
    column_reach& reach = cmp.reach.emplace_back();
    reach.tested = tested.size();
    reach.unreachable = static_cast<std::size_t>(std::count(reachable.begin(), reachable.end(), false));
    reach.lone_change_level = first_rank_level(policy.correction, tested.size(), policy.alpha);
    reach.smallest_p = smallest_p_value(policy.kind, cmp.run_counts[c], cmp.run_counts[0]);
    if (policy.kind == policy_kind::mann_whitney) reach.runs_needed = mann_whitney_runs_needed(reach.lone_change_level);
    for (std::size_t k = 0; k < tested.size(); ++k) {
      comparison_row& row = cmp.rows[tested[k]];
      change_inference& inference = *cmp.statistics[row.statistics].changes[c - 1];
      inference.q_value = q_values[k];
      inference.reachable = reachable[k];
      column_verdict& verdict = row.verdicts[c - 1];
      const bool significant = inference.q_value <= policy.alpha;
      verdict.changed = significant && inference.clears_floor;
      verdict.reason = verdict.changed ? "significant"
                       : !significant  ? (inference.p_value <= policy.alpha ? "not significant after correction"
                                                                            : "not significant")
                                       : "below the practical floor";
    }
  }
  for (comparison_row& row : cmp.rows)
    row.selected = options.all || std::any_of(row.verdicts.begin(), row.verdicts.end(),
                                              [](const column_verdict& v) { return v.changed; });
}

/// The classic table's noise filter: a performance row whose column of 2+ samples spreads more than half
/// its mean, or has a negative mean, unless its class is never noise.
bool is_noisy(const comparison_row& row) {
  if (row.failure() || row.cls.never_noise) return false;
  return std::any_of(row.columns.begin(), row.columns.end(), [](const column_summary& c) {
    return c.n >= 2 && (c.stddev > std::fabs(c.first_sample_mean()) / 2 || c.first_sample_mean() < 0);
  });
}

double change_key(const comparison_row& row) {
  if (row.compared_columns() == 0) return 0;
  const column_change change = row.change(1);
  if (row.failure()) return change.reproduction;
  return change.relative.value_or(change.absolute == 0 ? 0 : HUGE_VAL);
}

/// Puts `rows` in the order of `sources` (sources[i]: the row that belongs at position i) in place,
/// following the cycles of the permutation: no second vector of rows.
void apply_order(std::vector<comparison_row>& rows, std::vector<std::size_t> sources) {
  for (std::size_t start = 0; start < rows.size(); ++start) {
    if (sources[start] == start) continue;
    comparison_row held = std::move(rows[start]);
    std::size_t at = start;
    while (sources[at] != start) {
      rows[at] = std::move(rows[sources[at]]);
      const std::size_t next = sources[at];
      sources[at] = at;
      at = next;
    }
    rows[at] = std::move(held);
    sources[at] = at;
  }
}

/// The robot's order: the test's own metrics first, then failures, then the rest; by group, a group's
/// own metrics before its sub-groups' (`fio.*` before `fio.time.*`); groups and sub-groups in the order
/// in which they first appear; within a sub-group the larger change first; equal keys keep their order.
void robot_sort(std::vector<comparison_row>& rows) {
  std::unordered_map<std::string_view, std::uint32_t> group_seen, sub_seen;
  const auto order_of = [](auto& seen, std::string_view key) {
    return seen.try_emplace(key, static_cast<std::uint32_t>(seen.size())).first->second;
  };
  // Each sub-group, numbered as it first appears, with its group's number and whether it is nested in
  // it; a sub-group names its group, so the sub-group alone places a row within its rank.
  struct sub_group {
    std::uint32_t group;
    bool nested;
    std::uint32_t sub;
    auto operator<=>(const sub_group&) const = default;
  };
  std::vector<sub_group> subs;
  std::vector<std::uint32_t> sub_of(rows.size());
  // A matrix lists a group's metrics together: a name's group is looked up only when it differs from the
  // previous name's.
  std::string_view group, sub;
  std::uint32_t group_order = 0, sub_order = 0;
  for (const auto [k, row] : ranges::views::enumerate(rows)) {
    const std::string_view row_group = row.name.substr(0, row.cls.group_length);
    const std::string_view row_sub = row.name.substr(0, row.cls.sub_group_length);
    if (k == 0 || row_group != group) group_order = order_of(group_seen, group = row_group);
    if (k == 0 || row_sub != sub) {
      sub_order = order_of(sub_seen, sub = row_sub);
      if (sub_order == subs.size()) subs.push_back({group_order, row_sub.size() != row_group.size(), sub_order});
    }
    sub_of[static_cast<std::size_t>(k)] = sub_order;
  }
  // The sub-groups are few: in their order, each one's place is a number.
  std::sort(subs.begin(), subs.end());
  std::vector<std::uint32_t> place_of_sub(subs.size());
  for (const auto [place, s] : ranges::views::enumerate(subs)) place_of_sub[s.sub] = static_cast<std::uint32_t>(place);

  struct keyed {
    std::uint64_t place;  ///< rank, then the sub-group's place
    double change;
    std::uint32_t index;
  };
  std::vector<keyed> keys;
  keys.reserve(rows.size());
  for (const auto [k, row] : ranges::views::enumerate(rows)) {
    const std::uint64_t rank = row.cls.own_metric ? 0 : (row.failure() ? 1 : 2);
    keys.push_back({rank << 32 | place_of_sub[sub_of[static_cast<std::size_t>(k)]], change_key(row),
                    static_cast<std::uint32_t>(k)});
  }
  // Every key is distinct (the index is one), so any sort gives this order; the keys of different
  // sub-groups and changes are met in no predictable order, where pdqsort's branchless partition costs
  // two thirds of std::sort's mispredicted branches (bench_compare detect/robot).
  boost::sort::pdqsort_branchless(keys.begin(), keys.end(), [](const keyed& x, const keyed& y) {
    if (x.place != y.place) return x.place < y.place;
    if (x.change != y.change) return x.change > y.change;
    return x.index < y.index;
  });
  std::vector<std::size_t> sources;
  sources.reserve(keys.size());
  for (const keyed& key : keys) sources.push_back(key.index);
  apply_order(rows, std::move(sources));
}

/// lkp-tests' order of today (FORMAT-current.md 7.11): by the key [family weight, sort key, changes].
/// A family is the name's group (metric_class::group_length); its weight is its number of printed rows
/// (minus 10000 when its first row counts failures), or 0 for a test program's family when
/// `testcase_first`. The sort key is metric_class::sort_key_length's. Rows of equal keys keep their order.
void robot_families_sort(std::vector<comparison_row>& rows, const metric_classifier& classifier, bool testcase_first) {
  const auto family_of = [](const comparison_row& row) { return row.name.substr(0, row.cls.group_length); };
  std::unordered_map<std::string_view, std::int64_t> weight;
  for (const comparison_row& row : rows) {
    if (!row.selected) continue;
    auto [it, first] = weight.try_emplace(family_of(row), row.failure() ? -10000 : 0);
    ++it->second;
  }
  if (testcase_first) {
    const auto& programs = classifier.rules().test_programs;
    for (auto& [family, w] : weight)
      if (w > 0 && std::find(programs.begin(), programs.end(), family) != programs.end()) w = 0;
  }
  const auto changes_of = [](const comparison_row& row) {
    std::vector<double> out;
    for (std::size_t c = 1; c < row.columns.size(); ++c) {
      const column_change change = row.change(c);
      out.push_back(row.failure()                                    ? change.reproduction
                    : row.cls.modern_change == change_shown::absolute ? change.absolute
                                                                     : change.modern_relative);
    }
    return out;
  };
  struct keyed {
    std::int64_t weight;
    std::string_view sort_key;
    std::vector<double> changes;
    std::size_t index;
  };
  std::vector<keyed> keys;
  keys.reserve(rows.size());
  for (const auto [k, row] : ranges::views::enumerate(rows)) {
    const auto it = weight.find(family_of(row));
    keys.push_back({it == weight.end() ? 0 : it->second, row.name.substr(0, row.cls.sort_key_length), changes_of(row),
                    static_cast<std::size_t>(k)});
  }
  // Every key is distinct (the index is one), so any sort gives this order; pdqsort as robot_sort.
  boost::sort::pdqsort_branchless(keys.begin(), keys.end(), [](const keyed& x, const keyed& y) {
    if (x.weight != y.weight) return x.weight < y.weight;
    if (x.sort_key != y.sort_key) return x.sort_key < y.sort_key;
    if (x.changes != y.changes) return x.changes < y.changes;
    return x.index < y.index;
  });
  std::vector<std::size_t> sources;
  sources.reserve(keys.size());
  for (const keyed& key : keys) sources.push_back(key.index);
  apply_order(rows, std::move(sources));
}

/// The named rows first, in the caller's order; the others after them, in their current order.
void caller_sort(std::vector<comparison_row>& rows, std::span<const std::string> order) {
  std::unordered_map<std::string_view, std::size_t> rank;
  for (std::size_t i = 0; i < order.size(); ++i) rank.try_emplace(order[i], i);
  std::stable_sort(rows.begin(), rows.end(), [&](const comparison_row& a, const comparison_row& b) {
    const auto ra = rank.find(a.name);
    const auto rb = rank.find(b.name);
    const std::size_t ka = ra == rank.end() ? order.size() : ra->second;
    const std::size_t kb = rb == rank.end() ? order.size() : rb->second;
    return ka < kb;
  });
}

/// What the results' files say of a metric: its unit, and which way is better (the base's first, then each
/// compared column's).
struct file_hints {
  std::optional<metric_unit> unit;
  std::optional<better> direction;
};

file_hints hints_of(std::string_view name, std::span<const std::shared_ptr<const matrix>> columns) {
  file_hints hints;
  for (const auto& m : columns)
    if ((hints.unit = m->unit_hint(name))) break;
  for (const auto& m : columns)
    if ((hints.direction = m->direction_hint(name))) break;
  return hints;
}

/// The robot's passes over one compared column: where either side has the marker metric at all (even
/// with no run flagged), failure counts of the every-run families are first compared over every run
/// (unless ignore_incomplete_runs), then everything over the complete runs; that second pass needs both
/// sides to list their runs (stats_source), as the robot's does.
struct passes {
  bool two = false;
  bool first = false;
  bool second = false;
};

/// Other tools' results in the base file's order, as benchstat lists them (a user reads the table beside
/// the base's output): the base's benchmarks first, then those it lacks in the order they came.
void base_sort(std::vector<comparison_row>& rows, const matrix& base) {
  const std::span<const series_view> metrics = base.metrics();
  const auto place = [&](const comparison_row& row) {
    const series_view* found = base.find(row.name);
    return found == nullptr ? metrics.size() : static_cast<std::size_t>(found - metrics.data());
  };
  std::vector<std::pair<std::size_t, std::size_t>> keys;  // place, then the row's index
  keys.reserve(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) keys.emplace_back(place(rows[i]), i);
  std::sort(keys.begin(), keys.end());
  std::vector<comparison_row> sorted;
  sorted.reserve(rows.size());
  for (const auto& key : keys) sorted.push_back(std::move(rows[key.second]));
  rows = std::move(sorted);
}

/// One compare() call, in the stages docs/ARCHITECTURE.md draws: unite the names, classify them, index
/// the runs (every run and the complete ones), plan the robot's passes, decide and summarise each metric,
/// then correct and order. Its deciders point into its own members, so it is neither copied nor moved.
class comparer {
 public:
  comparer(std::vector<std::shared_ptr<const matrix>> columns, const compare_options& options)
      : options_(options), resolved_(options), columns_(std::move(columns)), sorted_(columns_.size()) {
    out_.policy = options.policy;
    out_.conventions = options.conventions.value_or(columns_[0]->origin().conventions);
    resolved_.conventions = out_.conventions;  // what the deciders read: the conventions decided
    tool_ = out_.conventions == result_conventions::benchmark_tool;
    statistical_ = options.policy.kind != policy_kind::robot;
    estimate_all_ = options.estimates == estimate_scope::every_metric;
    out_.classifier = options.classifier ? options.classifier
                      : tool_            ? metric_classifier::tool()
                                         : metric_classifier::robot();
    for (const auto& m : columns_) {
      // Column summaries count runs in 32 bits.
      if (m->run_count() > std::numeric_limits<std::uint32_t>::max()) throw std::length_error("too many runs to compare");
      out_.run_counts.push_back(m->run_count());
    }
  }
  comparer(const comparer&) = delete;
  comparer& operator=(const comparer&) = delete;

  /// Every metric name: the compared columns' order first, then base-only ones. A name is new when no
  /// earlier column has it; the views point into the matrices, which the comparison holds.
  [[nodiscard]] std::vector<std::string_view> united_names() const {
    std::vector<std::string_view> names;
    names.reserve(columns_[1]->size());
    for (std::size_t c = 1; c <= columns_.size(); ++c) {
      const matrix& m = *columns_[c % columns_.size()];
      for (const auto [i, series] : ranges::views::enumerate(m.metrics())) {
        const std::string_view name = series.name();
        bool seen = false;
        for (std::size_t earlier = 1; earlier < c && !seen; ++earlier) seen = find_near(*columns_[earlier], name, i) != nullptr;
        if (!seen) names.push_back(name);
      }
    }
    if (names.size() > std::numeric_limits<std::uint32_t>::max()) throw std::length_error("too many metrics to compare");
    return names;
  }

  /// A row for each metric, with what the metric is, decided once; the names live on in the rows.
  void classify(std::vector<std::string_view> names) {
    const metric_classifier& classifier = *out_.classifier;
    out_.rows.reserve(names.size());
    support::populate(out_.rows.data(), out_.rows.capacity() * sizeof(comparison_row));
    const caller_directions callers(options_.caller_rules);
    // Only imported results carry hints: a robot comparison looks none up.
    const bool hinted =
        std::any_of(columns_.begin(), columns_.end(), [](const auto& m) { return m->has_direction_hints(); });
    for (const std::string_view name : names) {
      comparison_row& row = out_.rows.emplace_back();
      row.name = name;
      const file_hints hints = hinted ? hints_of(name, columns_) : file_hints{};
      row.cls = classify_with_directions(name, classifier, callers, hints.direction);
      if (hints.unit) row.cls.unit = *hints.unit;
    }
  }

  /// Each column's series looked up once per row, over every run and over the complete runs (performance
  /// rows and the robot's second pass); a matrix without incomplete runs serves as both.
  void index_runs() {
    const std::string_view marker = out_.classifier->rules().incomplete_run_marker;
    const std::span<const comparison_row> rows = out_.rows;
    complete_.reserve(columns_.size());
    for (const auto& m : columns_) {
      const auto flagged = flagged_runs(*m, marker);
      const bool incomplete = std::find(flagged.begin(), flagged.end(), true) != flagged.end();
      complete_.push_back(incomplete ? std::make_shared<const matrix>(m->without_runs(flagged)) : m);
    }
    all_runs_.reserve(columns_.size());
    filtered_runs_.reserve(columns_.size());  // no reallocation: complete_runs_ points into it
    for (const auto& m : columns_) all_runs_.emplace_back(*m, rows);
    for (std::size_t c = 0; c < columns_.size(); ++c) {
      if (complete_[c] == columns_[c]) {
        complete_runs_.push_back(&all_runs_[c]);  // its lookups are done already
      } else {
        filtered_runs_.emplace_back(*complete_[c], rows);
        complete_runs_.push_back(&filtered_runs_.back());
      }
    }
    all_facts_.emplace(all_runs_[0], rows);
    complete_facts_.emplace(*complete_runs_[0], rows);
  }

  /// The deciders of each compared column and the robot's passes over it.
  void plan_passes() {
    const metric_classifier& classifier = *out_.classifier;
    const std::string_view marker = classifier.rules().incomplete_run_marker;
    column_buffers_.resize(columns_.size());
    all_pairs_.reserve(columns_.size());
    complete_pairs_.reserve(columns_.size());
    const auto marked = [&](const matrix& m) { return m.find(marker) != nullptr; };
    for (std::size_t c = 1; c < columns_.size(); ++c) {
      all_pairs_.emplace_back(all_runs_[c], all_runs_[0], *all_facts_, resolved_, classifier, column_buffers_[c]);
      complete_pairs_.emplace_back(*complete_runs_[c], *complete_runs_[0], *complete_facts_, resolved_, classifier,
                                   column_buffers_[c]);
      passes p;
      p.two = marked(*columns_[c]) || marked(*columns_[0]);
      p.first = !options_.policy.robot.ignore_incomplete_runs;
      p.second = columns_[c]->stats_source().has_value() && columns_[0]->stats_source().has_value() &&
                 complete_[c]->run_count() > 0 && complete_[0]->run_count() > 0;
      passes_.push_back(p);
    }
  }

  /// The robot's first pass decides every metric before its second decides any: where both run, the first
  /// is decided ahead and kept (what one decision hands the next follows the robot's order).
  void decide_first_pass() {
    first_pass_.resize(columns_.size());
    for (std::size_t c = 1; c < columns_.size(); ++c) {
      if (!passes_[c - 1].two || !passes_[c - 1].first) continue;
      first_pass_[c].resize(out_.rows.size());
      for (const auto [i, row] : ranges::views::enumerate(out_.rows))
        if (row.cls.every_run)
          first_pass_[c][i] = all_pairs_[c - 1].decide(i, row.name, row.cls, unsorted_, unsorted_, estimate_all_);
    }
  }

  [[nodiscard]] std::size_t row_count() const { return out_.rows.size(); }

  /// Metric `i` decided in each compared column, then summarised, in one step while its samples are in
  /// cache.
  void compare_row(std::size_t i) {
    comparison_row& row = out_.rows[i];
    for (std::size_t c = 0; c < columns_.size(); ++c) sorted_[c].prepare(all_runs_[c].series[i], columns_[c]->run_count());
    row.selected = decide_row(i, row) || options_.all;
    summarise_row(i, row);
  }

  /// The corrections of the statistical policies, the order, and the comparison handed over.
  comparison finish() {
    if (statistical_) correct_columns(out_, options_);
    if (statistical_ && !estimate_all_) estimate_changed();
    if (options_.order == row_order::robot) robot_sort(out_.rows);
    if (options_.order == row_order::robot_families)
      robot_families_sort(out_.rows, *out_.classifier, options_.testcase_first);
    if (options_.order == row_order::caller) caller_sort(out_.rows, options_.caller_order);
    if (options_.order == row_order::given && tool_) base_sort(out_.rows, *columns_[0]);
    out_.columns = std::move(columns_);
    // The filtered matrices are held too: nothing views them after this call, but a caller may want them.
    return std::move(out_);
  }

 private:
  /// Compared column `c`'s verdict on row `i`, whose sides are both present, through the robot's passes.
  /// `estimate`: the statistical policies estimate the change (the first pass was decided ahead with
  /// estimate_all_, and is decided again otherwise).
  std::optional<verdict> decide_column(std::size_t i, const comparison_row& row, std::size_t c, bool estimate) {
    std::optional<verdict> v;
    const passes& p = passes_[c - 1];
    if (p.two) {
      if (p.first)
        v = estimate == estimate_all_ || !row.cls.every_run
                ? first_pass_[c][i]
                : all_pairs_[c - 1].decide(i, row.name, row.cls, unsorted_, unsorted_, estimate);
      if (p.second && !row.cls.incomplete_run_marker)
        merge_verdict(v, complete_pairs_[c - 1].decide(i, row.name, row.cls, unsorted_, unsorted_, estimate));
    } else {
      v = all_pairs_[c - 1].decide(i, row.name, row.cls, sorted_[c], sorted_[0], estimate);
    }
    return v;
  }

  /// With estimate_scope::changed: each column whose verdict the correction made a change decided again
  /// with its estimate, which is copied into its inference. The rows are still in the deciders' order.
  void estimate_changed() {
    for (std::size_t i = 0; i < out_.rows.size(); ++i) {
      const comparison_row& row = out_.rows[i];
      for (std::size_t c = 1; c < columns_.size(); ++c) {
        if (!row.verdicts[c - 1].changed) continue;
        std::optional<change_inference>& slot = out_.statistics[row.statistics].changes[c - 1];
        if (!slot) continue;
        // The sorted columns were prepared for another row by now: decide() sorts for itself.
        const std::optional<verdict> again = decide_column(i, row, c, true);
        if (!again || !again->inference) throw std::logic_error("compare: a changed column lost its inference");
        slot->estimator = again->inference->estimator;
        slot->estimate_percent = again->inference->estimate_percent;
        slot->ci_percent = again->inference->ci_percent;
      }
    }
  }

  /// Each compared column's verdict on row `i`; whether any column changed or lacks the metric.
  bool decide_row(std::size_t i, comparison_row& row) {
    bool any = false;
    for (std::size_t c = 1; c < columns_.size(); ++c) {
      std::optional<verdict> v;
      const presence sides = tool_ ? presence_of(all_runs_[0].series[i], all_runs_[c].series[i]) : presence::both;
      if (sides != presence::both) {
        // Nothing to compare: the verdict says what is missing, and no test joins the correction's family.
      } else {
        v = decide_column(i, row, c, estimate_all_);
      }
      column_verdict cv;
      cv.sides = sides;
      if (v) {
        cv.changed = v->changed;
        cv.p_value = v->p_value;
        cv.reason = v->reason;
      } else {
        cv.reason = reason_of(sides);
      }
      any = any || cv.changed || sides != presence::both;
      row.verdicts.push_back(cv);
      if (statistical_) {
        if (c == 1) {
          row.statistics = static_cast<std::uint32_t>(out_.statistics.size());
          out_.statistics.emplace_back();
        }
        out_.statistics.back().changes.push_back(v ? v->inference : std::nullopt);
      }
    }
    return any;
  }

  /// Every column's numbers for row `i`: failure rows count over every run, performance rows over the
  /// complete ones.
  void summarise_row(std::size_t i, comparison_row& row) {
    const bool failure = row.cls.kind == metric_kind::failure;
    for (std::size_t c = 0; c < columns_.size(); ++c) {
      const indexed_matrix& m = failure ? all_runs_[c] : *complete_runs_[c];
      row.samples.push_back(all_runs_[c].series[i]);
      // The sorted copy is of every run: it serves the complete-runs column only when the two are one.
      const bool same_runs = failure || complete_[c] == columns_[c];
      // The robot shows every metric over the matrix's runs (an absent one as zeros); another tool's
      // benchmark shows the samples it has.
      const series_view* series = m.series[i];
      const std::size_t shown_runs = !tool_ ? m.m->run_count() : series != nullptr ? series->size() : 0;
      row.columns.push_back(
          summarize_column(series, shown_runs, same_runs ? sorted_[c] : unsorted_, present_, options_.mean_sum));
      if (statistical_)
        out_.statistics.back().median_ci.push_back(
            median_ci_of(m.series[i], same_runs ? sorted_[c] : unsorted_, present_, options_.policy.confidence));
    }
    row.noisy = is_noisy(row);
  }

  const compare_options& options_;
  compare_options resolved_;  ///< the options with the conventions decided, as the deciders read them
  comparison out_;
  std::vector<std::shared_ptr<const matrix>> columns_;
  bool tool_ = false;
  bool statistical_ = false;
  bool estimate_all_ = true;  ///< estimate_scope::every_metric: every column estimated as it is decided
  std::vector<std::shared_ptr<const matrix>> complete_;
  std::vector<indexed_matrix> all_runs_, filtered_runs_;
  std::vector<const indexed_matrix*> complete_runs_;
  std::optional<base_facts> all_facts_, complete_facts_;
  std::vector<decide_buffers> column_buffers_;
  std::vector<pair_decider> all_pairs_, complete_pairs_;
  std::vector<passes> passes_;
  std::vector<std::vector<std::optional<verdict>>> first_pass_;
  std::vector<sorted_column> sorted_;
  const sorted_column unsorted_;
  std::vector<double> present_;
};

}  // namespace

comparison compare(std::vector<std::shared_ptr<const matrix>> columns, const compare_options& options) {
  if (columns.size() < 2) throw usage_error("a comparison needs a base and at least one other matrix");
  if (std::any_of(columns.begin(), columns.end(), [](const auto& m) { return m == nullptr; }))
    throw usage_error("a comparison needs a matrix in every column");
  comparer run(std::move(columns), options);
  run.classify(run.united_names());
  run.index_runs();
  run.plan_passes();
  run.decide_first_pass();
  for (std::size_t i = 0; i < run.row_count(); ++i) run.compare_row(i);
  return run.finish();
}

comparison_row make_row(std::span<const series_view> columns, const metric_classifier* classifier) {
  if (columns.size() < 2) throw usage_error("a row needs a base and at least one other column");
  comparison_row row;
  row.name = columns[0].name();
  row.cls = (classifier != nullptr ? *classifier : *metric_classifier::robot()).classify(row.name);
  row.selected = true;
  const sorted_column unsorted;
  std::vector<double> present;
  for (const series_view& s : columns) {
    row.samples.push_back(nullptr);
    row.columns.push_back(summarize_column(&s, s.size(), unsorted, present));
  }
  row.noisy = is_noisy(row);
  return row;
}

comparison compare(std::vector<matrix> columns, const compare_options& options) {
  std::vector<std::shared_ptr<const matrix>> shared;
  shared.reserve(columns.size());
  for (auto& m : columns) shared.push_back(std::make_shared<const matrix>(std::move(m)));
  return compare(std::move(shared), options);
}

compare_options default_options(result_conventions conventions) {
  compare_options options;
  if (conventions == result_conventions::robot) return options;
  options.conventions = conventions;
  options.all = true;
  options.order = row_order::given;
  options.policy.kind = policy_kind::mann_whitney;
  options.policy.correction = p_correction::bh;
  options.policy.alpha = 0.05;
  options.policy.min_change_percent = 0;
  return options;
}

comparison compare(std::vector<std::shared_ptr<const matrix>> columns) {
  // The base decides, as compare_options::conventions does when it is not given; a missing base is
  // refused by compare() itself.
  const result_conventions conventions = !columns.empty() && columns.front() != nullptr
                                             ? columns.front()->origin().conventions
                                             : result_conventions::robot;
  return compare(std::move(columns), default_options(conventions));
}

comparison compare(std::vector<matrix> columns) {
  const result_conventions conventions =
      columns.empty() ? result_conventions::robot : columns.front().origin().conventions;
  return compare(std::move(columns), default_options(conventions));
}

}  // namespace perfmail
