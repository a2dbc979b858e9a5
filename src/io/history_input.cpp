// Reading a history of commits (declared in include/perfmail/io/history_input.hpp).

#include "perfmail/io/history_input.hpp"

#include "delimited_reader.hpp"
#include "import_support.hpp"
#include "json_diagnosis.hpp"
#include "metric_name.hpp"

#include "perfmail/error.hpp"
#include "perfmail/io/read_file.hpp"
#include "perfmail/io/job_yaml.hpp"
#include "perfmail/io/matrix_json.hpp"
#include "perfmail/text/printable.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace perfmail::io {

namespace {

/// Metrics of a history looked up by name as they are first seen.
class history_builder {
 public:
  explicit history_builder(std::size_t commits) : commits_(commits) {}

  metric_history& metric(std::string_view name) {
    if (const auto known = index_.find(name); known != index_.end()) return history_.metrics[known->second];
    index_.emplace(std::string{name}, history_.metrics.size());
    metric_history& m = history_.metrics.emplace_back();
    m.name = name;
    m.samples.resize(commits_);
    return m;
  }
  [[nodiscard]] const metric_history* find(const std::string& name) const {
    const auto at = index_.find(name);
    return at == index_.end() ? nullptr : &history_.metrics[at->second];
  }

  commit_history& history() noexcept { return history_; }

 private:
  std::size_t commits_;
  commit_history history_;
  std::unordered_map<std::string, std::size_t, detail::name_hash, std::equal_to<>> index_;
};

/// A CSV metric's unit and direction from the unit its name ends in (`parse.ns/op`), as the same name
/// read from Go's results has them.
void take_unit_from_name(metric_history& m) {
  if (!m.unit) m.unit = unit_in_name(m.name);
  if (!m.direction) m.direction = direction_in_name(m.name);
}

/// What a results path calls its commit when it is not a result root: its name without the extension.
std::string name_of_path(const std::filesystem::path& path) {
  const std::filesystem::path name = path.filename().empty() ? path.parent_path().filename() : path.filename();
  return std::filesystem::is_directory(path) ? name.string() : name.stem().string();
}

/// The commit each path names (history_of_results).
std::vector<std::string> commit_names(std::span<const std::filesystem::path> paths, const load_limits& limits) {
  std::vector<std::string> names;
  std::vector<bool> from_job;
  for (const auto& path : paths) {
    std::string commit;
    if (is_result_root(path)) commit = load_job_yaml(job_file_of(path), limits).commit;
    from_job.push_back(!commit.empty());
    names.push_back(commit.empty() ? name_of_path(path) : commit);
  }
  // `results/<commit>/bench.json`: every file has one name, and its directory names the commit.
  bool all_files_alike = paths.size() > 1;
  for (std::size_t i = 0; i < paths.size() && all_files_alike; ++i)
    all_files_alike = !from_job[i] && names[i] == names[0] && !std::filesystem::is_directory(paths[i]);
  if (all_files_alike) {
    std::vector<std::string> directories;
    for (const auto& path : paths) directories.push_back(std::filesystem::absolute(path).parent_path().filename().string());
    std::vector<std::string> sorted = directories;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end()) names = std::move(directories);
  }
  std::unordered_map<std::string, std::size_t> first;
  for (std::size_t i = 0; i < names.size(); ++i)
    if (const auto [at, fresh] = first.try_emplace(names[i], i); !fresh)
      throw input_error(paths[i].string(), fmt::format("names commit {}, as {} does: give each commit's results once",
                                                       text::quoted(names[i]),
                                                       text::printable(paths[at->second].string())));
  return names;
}

}  // namespace

commit_history history_of_results(std::span<const std::filesystem::path> paths, const load_limits& limits) {
  const std::vector<std::string> names = commit_names(paths, limits);
  history_builder builder(paths.size());
  results_loader loader(limits);
  bool all_robot = true;
  for (std::size_t c = 0; c < paths.size(); ++c) {
    builder.history().commits.push_back({names[c], {}, paths[c].string()});
    const matrix results = loader.load(paths[c]);
    all_robot = all_robot && results.origin().conventions == result_conventions::robot;
    for (const series_view& series : results.metrics()) {
      const std::string name(series.name());
      metric_history& m = builder.metric(name);
      m.samples[c] = series.present_values();
      if (const auto direction = results.direction_hint(name); direction && !m.direction) m.direction = direction;
      if (const auto unit = results.unit_hint(name); unit && !m.unit) m.unit = unit;
    }
  }
  builder.history().conventions = all_robot ? result_conventions::robot : result_conventions::benchmark_tool;
  return std::move(builder.history());
}

commit_history history_of_results(std::span<const std::filesystem::path> paths) {
  return history_of_results(paths, load_limits{});
}

// --- CSV ----------------------------------------------------------------------------------------------

namespace {

using detail::cell;

/// The columns of a history CSV's header, by role.
struct csv_columns {
  std::optional<std::size_t> commit;
  std::optional<std::size_t> time;
  std::optional<std::size_t> metric;  ///< long form
  std::optional<std::size_t> value;   ///< long form
  std::vector<std::size_t> metrics;   ///< wide form
};

std::optional<std::size_t> column_named(const std::vector<cell>& header, std::string_view name) {
  for (std::size_t i = 0; i < header.size(); ++i)
    if (header[i].text == name) return i;
  return std::nullopt;
}

/// The lines of byte offsets that come in increasing order (each commit's first row), counted in one pass.
class line_counter {
 public:
  explicit line_counter(std::string_view text) : text_(text) {}
  std::size_t line_of(std::size_t offset) {
    for (; at_ < offset && at_ < text_.size(); ++at_)
      if (text_[at_] == '\n') ++line_;
    return line_;
  }

 private:
  std::string_view text_;
  std::size_t at_ = 0;
  std::size_t line_ = 1;
};

/// A cell's sample, or nullopt for an empty cell; anything else is refused.
std::optional<double> sample_of(const cell& c, const detail::import_builder& b) {
  if (c.text.empty()) return std::nullopt;
  const auto n = detail::number_of(c.text);
  if (!n) b.fail(c.offset, fmt::format("not a number: {}", text::quoted(c.text)));
  if (!std::isfinite(n->value)) b.fail(c.offset, fmt::format("a number beyond the range of a double: {}", c.text));
  return n->value;
}

/// Whether `text` spells a NaN or an infinity, as other tools write them (`nan`, `-inf`, `Infinity`):
/// a sample that is not a number, not a column of words.
bool spells_non_finite(std::string_view text) {
  if (!text.empty() && (text.front() == '-' || text.front() == '+')) text.remove_prefix(1);
  const auto is = [&](std::string_view word) {
    return text.size() == word.size() && std::equal(text.begin(), text.end(), word.begin(), [](char a, char b) {
             return (a >= 'A' && a <= 'Z' ? static_cast<char>(a - 'A' + 'a') : a) == b;
           });
  };
  return is("nan") || is("inf") || is("infinity");
}

void check_metric_name(const cell& c, const detail::import_builder& b, const load_limits& limits) {
  if (const auto problem = detail::metric_name_problem(c.text, limits)) b.fail(c.offset, *problem);
}

/// Adds `sample` to commit `commit` of `m`, within the limit of samples a metric has at one commit.
void add_sample(metric_history& m, std::size_t commit, double sample, std::size_t offset,
                const detail::import_builder& b) {
  auto& samples = m.samples[commit];
  if (samples.size() >= b.limits().max_runs)
    b.fail(offset, fmt::format("more than {} samples of metric {} at one commit (--max-runs)", b.limits().max_runs,
                               text::quoted(m.name)));
  samples.push_back(sample);
}

/// The header's columns: the long form's, or the wide form's metrics (every column but the commit, the
/// time and the attributes; columns of text alone are attributes unless the options name them).
csv_columns columns_of(const std::vector<cell>& header, const std::vector<std::vector<cell>>& rows,
                       const history_csv_options& options, const detail::import_builder& b) {
  std::set<std::string_view> seen;
  for (const cell& c : header)
    if (!seen.insert(c.text).second) b.fail(c.offset, fmt::format("column {} appears twice", text::quoted(c.text)));
  csv_columns columns;
  columns.commit = column_named(header, options.commit_column);
  columns.time = column_named(header, options.time_column);
  columns.metric = column_named(header, "metric");
  columns.value = column_named(header, "value");
  if (columns.metric && columns.value) {
    if (!columns.commit)
      b.fail(header[0].offset, fmt::format("a CSV of one sample a row (metric, value) needs a {} column",
                                           text::quoted(options.commit_column)));
    for (std::size_t i = 0; i < header.size(); ++i)
      if (i != columns.commit && i != columns.time && i != columns.metric && i != columns.value)
        b.fail(header[i].offset, fmt::format("column {} is none of {}, {}, metric and value", text::quoted(header[i].text),
                                             text::quoted(options.commit_column), text::quoted(options.time_column)));
    return columns;
  }
  // Not the long form: a column named metric or value alone is read as any other column.
  columns.metric.reset();
  columns.value.reset();
  if (!columns.commit && !columns.time)
    b.fail(header[0].offset,
           fmt::format("the header has neither a {} nor a {} column (a CSV of one sample a row has commit, metric "
                       "and value columns; a CSV of one run a row, as Otava reads it, a time and a column a metric)",
                       text::quoted(options.commit_column), text::quoted(options.time_column)));
  for (const std::string& attribute : options.attributes)
    if (!column_named(header, attribute))
      b.fail(header[0].offset, fmt::format("no column {} (--attribute)", text::quoted(attribute)));
  for (std::size_t i = 0; i < header.size(); ++i) {
    if (i == columns.commit || i == columns.time) continue;
    if (std::find(options.attributes.begin(), options.attributes.end(), header[i].text) != options.attributes.end())
      continue;
    // A column is a metric when it holds a number; text beside numbers is an error, not an attribute.
    const cell* first_number = nullptr;
    const cell* first_text = nullptr;
    for (const auto& row : rows) {
      const cell& c = row[i];
      if (c.text.empty()) continue;
      const bool number = detail::number_of(c.text).has_value();
      if (number && first_number == nullptr) first_number = &c;
      if (!number && first_text == nullptr) first_text = &c;
    }
    if (first_number == nullptr) continue;  // an attribute
    if (first_text != nullptr && spells_non_finite(first_text->text))
      b.fail(first_text->offset, fmt::format("not a number: {} in column {} (a sample is a finite number)",
                                             text::quoted(first_text->text), text::quoted(header[i].text)));
    if (first_text != nullptr)
      b.fail(first_text->offset,
             fmt::format("column {} holds numbers and text ({}): name it with --attribute if it does not measure",
                         text::quoted(header[i].text), text::quoted(first_text->text)));
    check_metric_name(header[i], b, b.limits());
    columns.metrics.push_back(i);
  }
  if (columns.metrics.empty()) b.fail(header[0].offset, "no column of numbers: the CSV has no metric");
  return columns;
}

/// Long form: a row per sample.
commit_history read_long(const std::vector<std::vector<cell>>& rows, const csv_columns& columns,
                         const detail::import_builder& b, std::string_view source, std::string_view text,
                         const load_limits& limits) {
  line_counter lines(text);
  std::unordered_map<std::string, std::size_t> commit_index;
  std::vector<history_commit> commits;
  std::vector<std::size_t> commit_of_row;
  for (const auto& row : rows) {
    const cell& commit = row[*columns.commit];
    if (commit.text.empty()) b.fail(commit.offset, "an empty commit");
    const auto [at, fresh] = commit_index.try_emplace(std::string{commit.text}, commits.size());
    const std::string time{columns.time ? row[*columns.time].text : std::string_view{}};
    if (fresh) {
      commits.push_back({std::string{commit.text}, time, fmt::format("{}:{}", source, lines.line_of(commit.offset))});
    } else if (columns.time && commits[at->second].time != time) {
      b.fail(row[*columns.time].offset, fmt::format("commit {} has time {} here and {} at {}", text::quoted(commit.text),
                                                    text::quoted(time), text::quoted(commits[at->second].time),
                                                    commits[at->second].source));
    }
    commit_of_row.push_back(at->second);
  }
  history_builder builder(commits.size());
  builder.history().commits = std::move(commits);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const cell& name = rows[r][*columns.metric];
    check_metric_name(name, b, limits);
    metric_history& m = builder.metric(name.text);
    take_unit_from_name(m);
    const cell& value = rows[r][*columns.value];
    if (const auto sample = sample_of(value, b)) add_sample(m, commit_of_row[r], *sample, value.offset, b);
  }
  return std::move(builder.history());
}

/// Wide form: a row per run, the runs of a commit together.
commit_history read_wide(const std::vector<std::vector<cell>>& rows, const std::vector<cell>& header,
                         const csv_columns& columns, const detail::import_builder& b, std::string_view source,
                         std::string_view text) {
  line_counter lines(text);
  // The commit of a row: its commit cell, else its time.
  const std::size_t key = columns.commit ? *columns.commit : *columns.time;
  std::vector<history_commit> commits;
  std::vector<std::size_t> commit_of_row;
  std::unordered_map<std::string, std::size_t> first_row;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const cell& id = rows[r][key];
    if (id.text.empty()) b.fail(id.offset, fmt::format("an empty {}", text::quoted(header[key].text)));
    const std::string time{columns.time ? rows[r][*columns.time].text : std::string_view{}};
    if (!commits.empty() && commits.back().id == id.text) {
      // The runs of one commit may be timed apart: the commit keeps its first run's time.
      commit_of_row.push_back(commits.size() - 1);
      continue;
    }
    if (const auto [at, fresh] = first_row.try_emplace(std::string{id.text}, r); !fresh)
      b.fail(id.offset, fmt::format("{} {} again, after other commits (first at line {}): the runs of a commit must "
                                    "follow one another, oldest commit first",
                                    text::quoted(header[key].text), text::quoted(id.text),
                                    detail::text_locator(text).at(rows[at->second][key].offset).line));
    commits.push_back({std::string{id.text}, time, fmt::format("{}:{}", source, lines.line_of(id.offset))});
    commit_of_row.push_back(commits.size() - 1);
  }
  history_builder builder(commits.size());
  builder.history().commits = std::move(commits);
  for (const std::size_t column : columns.metrics) {
    metric_history& m = builder.metric(header[column].text);
    take_unit_from_name(m);
    for (std::size_t r = 0; r < rows.size(); ++r)
      if (const auto sample = sample_of(rows[r][column], b))
        add_sample(m, commit_of_row[r], *sample, rows[r][column].offset, b);
  }
  return std::move(builder.history());
}

}  // namespace

commit_history parse_history_csv(std::string_view text, std::string_view source, const history_csv_options& options,
                                 const load_limits& limits) {
  detail::import_builder b(source, text, limits);
  detail::delimited_reader reader(text, options.separator, b);
  std::vector<cell> header;
  if (!reader.next(header)) b.fail(empty_input_problem(source, "an empty file: expected a header row"));
  std::vector<std::vector<cell>> rows;
  std::vector<cell> row;
  while (reader.next(row)) {
    if (row.size() != header.size())
      b.fail(reader.line_start(), fmt::format("a row of {} fields; the header has {}", row.size(), header.size()));
    rows.push_back(std::move(row));
    row = {};
  }
  if (rows.empty()) b.fail("the CSV has a header and no rows");
  const csv_columns columns = columns_of(header, rows, options, b);
  commit_history history =
      columns.metric ? read_long(rows, columns, b, source, text, limits) : read_wide(rows, header, columns, b, source, text);
  const bool any = std::any_of(history.metrics.begin(), history.metrics.end(), [](const metric_history& m) {
    return std::any_of(m.samples.begin(), m.samples.end(), [](const auto& s) { return !s.empty(); });
  });
  if (!any) b.fail("the CSV has no sample: every value is empty");
  return history;
}

commit_history parse_history_csv(std::string_view text, std::string_view source, const history_csv_options& options) {
  return parse_history_csv(text, source, options, load_limits{});
}

}  // namespace perfmail::io
