// compare() and both table dialects on matrices built from the fuzz bytes: 2 to 5 columns, metrics of
// every family the tables treat specially and of arbitrary names, series of any length with integer,
// float and missing samples (finite only, or with NaN and infinities too). Checks: no crash, every
// row prints on one line of the table, the JSON writer produces a document, a table of the selected rows
// alone is the table of every row, and the order asked for changes which rows exist not at all; for the
// statistical policies, the inference is consistent and the details table has a line per selected row.
#include "fuzz_support.hpp"

#include "perfmail/io/comparison_json.hpp"
#include "perfmail/analysis/comparison.hpp"
#include "perfmail/analysis/verdict.hpp"
#include "perfmail/table/details.hpp"
#include "perfmail/table/markdown.hpp"
#include "perfmail/table/render.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace {

using namespace perfmail;

constexpr std::string_view known_names[] = {
    "fio.write_bw_MBps",
    "fio.write_clat_90%_us",
    "fio.time.elapsed_time",
    "will-it-scale.per_process_ops",
    "dmesg.WARNING:at_fs/btrfs",
    "kmsg.timeout",
    "stderr.error",
    "last_state.is_incomplete_run",
    "last_state.booting",
    "perf-profile.calltrace.cycles-pp.do_syscall_64",
    "latency_stats.avg.max",
    "lock_stat.rq_lock.contentions",
    "vmstat.cpu.id",
    "turbostat.%Busy",
    "ltp.fs.pass",
    "ltp.fs.fail",
};

std::string name_of(fuzz::byte_reader& in) {
  if (in.below(4) != 0) return std::string{in.pick(known_names)};
  return in.text(40);
}

matrix matrix_of(fuzz::byte_reader& in, const std::vector<std::string>& names, bool finite_only) {
  matrix m;
  const std::size_t runs = in.below(7);
  if (in.below(4) == 0) {
    std::vector<std::string> sources;
    for (std::size_t i = 0; i < runs; ++i) sources.push_back(std::to_string(i) + "/stats.json");
    m.set_stats_source(std::move(sources));
  }
  for (const auto& name : names) {
    if (in.below(5) == 0) continue;  // this column lacks the metric
    metric_series s{name};
    const std::size_t n = in.below(4) == 0 ? in.below(10) : runs;
    for (std::size_t i = 0; i < n; ++i) {
      const auto kind = in.byte() % 6;
      if (kind == 0) s.push_missing();
      else if (kind == 1) s.push_back(in.number(finite_only), sample_kind::floating);
      else s.push_back(static_cast<double>(static_cast<std::int8_t>(in.byte())), sample_kind::integer);
    }
    m.add(std::move(s));
  }
  return m;
}

void check_rows_on_one_line(const std::string& table, std::string_view dialect,
                            const std::vector<comparison_row>& rows, bool noise_filter) {
  for (const auto& row : rows) {
    if (!row.selected) continue;
    if (dialect == "classic" && noise_filter && row.noisy) continue;
    const std::string line = dialect == "classic" ? classic::row_line(row) : modern::row_line(row);
    if (line.find('\n') != std::string::npos || line.find('\r') != std::string::npos)
      fuzz::finding("a table row printed on more than one line");
    if (table.find(line + '\n') == std::string::npos) fuzz::finding("a selected row missing from the table");
  }
}

/// The statistical policies' inference: p <= q <= 1, intervals in order, Cliff's delta within [-1, 1], a
/// performance row selected exactly when some column's q clears alpha and the floor, and the details
/// table with its heading, one line per selected row, and no line broken by a name.
void check_inference(const comparison& cmp, const compare_options& options, const table_header& header) {
  for (const auto& row : cmp.rows) {
    bool any = false;
    for (std::size_t c = 1; c < cmp.run_counts.size(); ++c) {
      const change_inference* x = cmp.inference_of(row, c);
      if (x == nullptr) {
        any = any || row.verdicts[c - 1].changed;
        continue;
      }
      if (!(x->p_value >= 0 && x->p_value <= x->q_value && x->q_value <= 1)) fuzz::finding("a q-value below its p-value");
      if (x->ci_percent && !(x->ci_percent->low <= x->ci_percent->high)) fuzz::finding("an interval out of order");
      if (options.policy.kind == policy_kind::mann_whitney && x->effect_size &&
          !(*x->effect_size >= -1 && *x->effect_size <= 1))
        fuzz::finding("Cliff's delta outside [-1, 1]");
      const bool changed = x->q_value <= options.policy.alpha && x->clears_floor;
      if (row.verdicts[c - 1].changed != changed) fuzz::finding("a verdict that is not q <= alpha and the floor");
      any = any || changed;
    }
    if (row.selected != (options.all || any)) fuzz::finding("a row selected against its verdicts");
  }
  const std::string details = render_details(cmp, header);
  const std::size_t lines = static_cast<std::size_t>(std::count(details.begin(), details.end(), '\n'));
  const std::size_t geomeans = 2 * (cmp.run_counts.size() - 1);  // at most, per column and direction
  const std::size_t notes = cmp.run_counts.size() - 1;            // at most one per column
  const std::size_t rows = cmp.selected_count();
  if (lines < 1 + rows || lines > 1 + rows + geomeans + notes) fuzz::finding("details of another number of lines");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::byte_reader in(data, size);
  const std::size_t columns = 2 + in.below(4);
  const bool finite_only = in.flag();
  std::vector<std::string> names(in.below(7));
  for (auto& n : names) n = name_of(in);
  std::vector<matrix> matrices;
  for (std::size_t c = 0; c < columns; ++c) matrices.push_back(matrix_of(in, names, finite_only));

  compare_options options;
  options.all = in.flag();
  options.order = in.flag() ? row_order::robot : row_order::given;
  static constexpr policy_kind kinds[] = {policy_kind::robot, policy_kind::mann_whitney, policy_kind::welch};
  options.policy.kind = in.pick(kinds);
  static constexpr double alphas[] = {0.05, 0.01, 0.0, 1.0, 0.5};
  options.policy.alpha = in.pick(alphas);
  if (in.flag()) options.policy.robot.distance = 1 + in.below(4);
  if (in.flag()) options.policy.robot.gap = 0.5 * static_cast<double>(in.below(5));
  if (in.flag()) options.policy.robot.variance = 1 + in.below(10);
  options.policy.robot.failure_needs_median_change = in.flag();
  static constexpr p_correction corrections[] = {p_correction::bh, p_correction::none, p_correction::by,
                                                 p_correction::holm, p_correction::bonferroni};
  options.policy.correction = in.pick(corrections);
  if (in.flag()) options.policy.min_change_percent = static_cast<double>(in.below(5));

  table_header header;
  header.testcase = "fuzz";
  header.tbox_group = "box";
  for (std::size_t c = 0; c < columns; ++c) header.commits.push_back("commit" + std::to_string(c));
  render_options render;
  render.noise_filter = in.flag();

  fuzz::expect_success_or_input_error([&] {
    const comparison cmp = compare(matrices, options);
    // Another order keeps the same rows, each with the same verdicts.
    compare_options reordered = options;
    reordered.order = options.order == row_order::robot ? row_order::given : row_order::robot;
    const comparison other = compare(matrices, reordered);
    // ...and so does lkp-tests' order of today, either way of its testcase-first switch.
    compare_options families = options;
    families.order = row_order::robot_families;
    families.testcase_first = options.order == row_order::robot;
    const comparison by_family = compare(matrices, families);
    std::vector<std::pair<std::string_view, bool>> rows, other_rows, family_rows;
    for (const auto& row : cmp.rows) rows.emplace_back(row.name, row.selected);
    for (const auto& row : other.rows) other_rows.emplace_back(row.name, row.selected);
    for (const auto& row : by_family.rows) family_rows.emplace_back(row.name, row.selected);
    std::sort(rows.begin(), rows.end());
    std::sort(other_rows.begin(), other_rows.end());
    std::sort(family_rows.begin(), family_rows.end());
    if (rows != other_rows || rows != family_rows) fuzz::finding("other rows, or other verdicts, in another order");
    std::vector<const comparison_row*> selected;
    for (const auto& row : cmp.rows)
      if (row.selected) selected.push_back(&row);
    for (const auto dialect : {table_dialect::classic, table_dialect::modern, table_dialect::current}) {
      const std::string table = render_table(dialect, header, cmp.rows, render);
      if (render_table(dialect, header, selected, render) != table)
        fuzz::finding("another table of the selected rows alone");
      check_rows_on_one_line(table, name_of(dialect_names, dialect), cmp.rows, render.noise_filter);
      for (const auto& row : cmp.rows)
        for (std::size_t c = 1; c < columns; ++c) {
          const std::string change = printed_change(dialect, row, c);
          if (change.find('\n') != std::string::npos) fuzz::finding("a printed change of more than one line");
          (void)relative_change_of(row, c);
        }
      io::comparison_json_options json_options;
      json_options.dialect = dialect;
      json_options.indent = -1;
      // The document streamed is the document whole, and a value it refuses is refused before the sink
      // was given anything.
      std::string streamed;
      bool refused = false;
      auto gather = [&](std::string_view piece) { streamed += piece; };
      try {
        io::write_comparison_json(gather, cmp, header, {}, json_options);
      } catch (const value_error&) {
        refused = true;
        if (!streamed.empty()) fuzz::finding("a refused JSON stream gave text");
      }
      std::string json;
      try {
        json = io::comparison_to_json(cmp, header, json_options);
      } catch (const value_error&) {
        if (!refused) fuzz::finding("the JSON refused whole but not streamed");
        throw;
      }
      if (refused) fuzz::finding("the JSON refused streamed but not whole");
      if (streamed != json) fuzz::finding("the JSON streamed is not the JSON whole");
      if (!nlohmann::json::accept(json)) fuzz::finding("comparison JSON that does not parse");
    }
    // The Markdown table: a header, a delimiter and a row per selected metric, each with as many cells
    // (pipes that are not escaped) as the header; the verdicts it prints are those counted.
    const verdict_options verdicts{.drop_noisy = render.noise_filter};
    const std::string markdown = render_markdown(header, selected, verdicts);
    std::size_t header_cells = 0;
    std::size_t lines = 0;
    for (std::size_t at = 0; at < markdown.size();) {
      const std::size_t end = markdown.find('\n', at);
      const std::string_view line = std::string_view{markdown}.substr(at, end - at);
      at = end + 1;
      if (line.empty()) continue;
      std::size_t cells = 0;
      for (std::size_t i = 0; i < line.size(); ++i) {
        if (line[i] == '\\') ++i;
        else if (line[i] == '|') ++cells;
      }
      if (lines++ == 0) header_cells = cells;
      if (!line.starts_with("| ") || !line.ends_with(" |") || cells != header_cells)
        fuzz::finding("a Markdown line that is not a row of the header's cells");
    }
    const verdict_counts counts = count_verdicts(selected, verdicts);
    std::size_t kept = 0;
    for (const comparison_row* row : selected) kept += verdicts.drop_noisy && row->noisy ? 0 : 1;
    if (lines != 2 + kept) fuzz::finding("a Markdown table without a row per metric shown");
    if (counts.changes() + counts.unchanged != selected.size() * (columns - 1))
      fuzz::finding("verdicts counted for other changes than the rows hold");
    if (verdict_summary(counts).find('\n') != std::string::npos) fuzz::finding("a summary of more than one line");
    if (options.policy.kind != policy_kind::robot) check_inference(cmp, options, header);
  });
  return 0;
}
