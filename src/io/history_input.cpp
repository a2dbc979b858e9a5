// Reading a history of commits (declared in include/perfmail/io/history_input.hpp).

#include "perfmail/io/history_input.hpp"

#include "delimited_reader.hpp"
#include "import_support.hpp"
#include "json_diagnosis.hpp"
#include "metric_name.hpp"
#include "read_file_detail.hpp"
#include "sparse_limit.hpp"

#include "perfmail/error.hpp"
#include "perfmail/io/read_file.hpp"
#include "perfmail/io/job_yaml.hpp"
#include "perfmail/io/matrix_json.hpp"
#include "perfmail/text/printable.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace perfmail::io {

namespace {

/// Metrics of a history looked up by name as they are first seen, each a list of samples per commit
/// that grows as commits come: the table of every metric at every commit is only as large as the
/// sparse limit lets it be (sparse_problem), whatever the order of the input.
class history_builder {
 public:
  /// The place of the metric named `name`, or nullopt.
  [[nodiscard]] std::optional<std::size_t> find(std::string_view name) const {
    const auto at = index_.find(name);
    if (at == index_.end()) return std::nullopt;
    return at->second;
  }
  /// A metric not seen before, at the end; its samples come with add_sample.
  std::size_t add_metric(std::string_view name) {
    const std::size_t at = history_.metrics.size();
    index_.emplace(std::string{name}, at);
    history_.metrics.emplace_back().name = name;
    last_cell_.push_back(no_cell);
    return at;
  }
  std::size_t metric(std::string_view name) {
    const auto known = find(name);
    return known ? *known : add_metric(name);
  }
  metric_history& at(std::size_t metric) noexcept { return history_.metrics[metric]; }

  /// The samples of `metric` at `commit`, made room for.
  std::vector<double>& cell(std::size_t metric, std::size_t commit) {
    auto& samples = history_.metrics[metric].samples;
    if (samples.size() <= commit) {
      // Room grows by half, not double: a metric's commits come one at a time, and a history of many
      // metrics would otherwise hold a quarter more lists than commits on average.
      if (samples.capacity() <= commit) samples.reserve(std::max(commit + 1, samples.capacity() + samples.capacity() / 2));
      samples.resize(commit + 1);
    }
    auto& out = samples[commit];
    if (out.empty() && last_cell_[metric] != commit) {
      // A metric has as many runs at one commit as at the one before, mostly: room for as many, so that
      // a history holds its samples and not twice their room.
      if (last_cell_[metric] != no_cell) out.reserve(samples[last_cell_[metric]].size());
      last_cell_[metric] = commit;
    }
    return out;
  }

  /// The refusal of a table of every metric at every commit so far that would be far larger than the
  /// `given` samples (compare's limit, too_sparse), or nullopt.
  [[nodiscard]] std::optional<std::string> sparse_problem(std::size_t given) const {
    const std::size_t metrics = history_.metrics.size();
    const std::size_t commits = history_.commits.size();
    // No overflow: both counts are bounded by the input read so far.
    if (!detail::too_sparse(metrics * commits, given)) return std::nullopt;
    return fmt::format("the history is too sparse: {} metrics over {} commits would hold {} lists of samples, "
                       "empty ones included, for the {} samples the input gives so far (at most {} times as many "
                       "are kept)",
                       metrics, commits, metrics * commits, given, detail::sparse_factor);
  }

  /// The history, every metric with a list of samples (maybe empty) for every commit.
  commit_history finish() && {
    for (auto& m : history_.metrics) m.samples.resize(history_.commits.size());
    return std::move(history_);
  }

  commit_history& history() noexcept { return history_; }

 private:
  static constexpr std::size_t no_cell = static_cast<std::size_t>(-1);
  commit_history history_;
  std::unordered_map<std::string, std::size_t, detail::name_hash, std::equal_to<>> index_;
  std::vector<std::size_t> last_cell_;  ///< per metric, the commit whose samples it was last given first
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
  history_builder builder;
  results_loader loader(limits);
  bool all_robot = true;
  std::size_t given = 0;
  for (std::size_t c = 0; c < paths.size(); ++c) {
    builder.history().commits.push_back({names[c], {}, paths[c].string()});
    const matrix results = loader.load(paths[c]);
    all_robot = all_robot && results.origin().conventions == result_conventions::robot;
    for (const series_view& series : results.metrics()) {
      const std::string name(series.name());
      const std::size_t at = builder.metric(name);
      builder.cell(at, c) = series.present_values();
      // A metric a file names is given there, even when every run of it failed.
      given += std::max<std::size_t>(builder.cell(at, c).size(), 1);
      metric_history& m = builder.at(at);
      if (const auto direction = results.direction_hint(name); direction && !m.direction) m.direction = direction;
      if (const auto unit = results.unit_hint(name); unit && !m.unit) m.unit = unit;
    }
    if (const auto problem = builder.sparse_problem(given)) throw input_error(paths[c].string(), *problem);
  }
  builder.history().conventions = all_robot ? result_conventions::robot : result_conventions::benchmark_tool;
  return std::move(builder).finish();
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

/// Adds `sample` to commit `commit` of metric `metric`, within the limit of samples a metric has at one
/// commit.
void add_sample(history_builder& builder, std::size_t metric, std::size_t commit, double sample, std::size_t offset,
                const detail::import_builder& b) {
  auto& samples = builder.cell(metric, commit);
  if (samples.size() >= b.limits().max_runs)
    b.fail(offset, fmt::format("more than {} samples of metric {} at one commit (--max-runs)", b.limits().max_runs,
                               text::quoted(builder.at(metric).name)));
  samples.push_back(sample);
}

/// Refuses a row whose fields are not as many as the header's.
void check_row_size(const std::vector<cell>& row, const std::vector<cell>& header,
                    const detail::delimited_reader& reader, const detail::import_builder& b) {
  if (row.size() != header.size())
    b.fail(reader.line_start(), fmt::format("a row of {} fields; the header has {}", row.size(), header.size()));
}

/// What the wide form's first pass learns of a column: its first number and its first text, which tell
/// a metric from an attribute.
struct column_cells {
  std::optional<cell> first_number;
  std::optional<cell> first_text;
};

/// The header's columns: the long form's (told by the header alone), or with `seen` (the wide form's
/// first pass) the wide form's metrics: every column but the commit, the time and the attributes;
/// columns of text alone are attributes unless the options name them. `seen` null: the long form's
/// columns, or nullopt when the header is not the long form's.
std::optional<csv_columns> columns_of(const std::vector<cell>& header, const std::vector<column_cells>* seen,
                                      const history_csv_options& options, const detail::import_builder& b) {
  std::set<std::string_view> names;
  for (const cell& c : header)
    if (!names.insert(c.text).second) b.fail(c.offset, fmt::format("column {} appears twice", text::quoted(c.text)));
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
  if (seen == nullptr) return std::nullopt;
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
    const auto& [first_number, first_text] = (*seen)[i];
    if (!first_number) continue;  // an attribute
    if (first_text && spells_non_finite(first_text->text))
      b.fail(first_text->offset, fmt::format("not a number: {} in column {} (a sample is a finite number)",
                                             text::quoted(first_text->text), text::quoted(header[i].text)));
    if (first_text)
      b.fail(first_text->offset,
             fmt::format("column {} holds numbers and text ({}): name it with --attribute if it does not measure",
                         text::quoted(header[i].text), text::quoted(first_text->text)));
    check_metric_name(header[i], b, b.limits());
    columns.metrics.push_back(i);
  }
  if (columns.metrics.empty()) b.fail(header[0].offset, "no column of numbers: the CSV has no metric");
  return columns;
}

/// Long form: a row per sample, each sample put in its metric's list as its row is read, so that memory
/// holds the samples and never the rows. `row` is the first row, read already.
/// Called with a range of the text that the reader will not read again, [from, to).
using release_text = std::function<void(std::size_t from, std::size_t to)>;

commit_history read_long(detail::delimited_reader& reader, std::vector<cell>& row, const std::vector<cell>& header,
                         const csv_columns& columns, detail::import_builder& b, std::string_view source,
                         std::string_view text, const load_limits& limits, const release_text& release) {
  line_counter lines(text);
  // The rows before the current one are read no more: every few MiB their text goes back to the system,
  // so that a long CSV is not held whole beside its samples. The header stays (its names are in use).
  constexpr std::size_t release_every = std::size_t{4} << 20U;
  const std::size_t kept_before = row.front().offset;
  std::size_t released_to = kept_before;
  history_builder builder;
  std::vector<history_commit>& commits = builder.history().commits;
  std::unordered_map<std::string, std::size_t, detail::name_hash, std::equal_to<>> commit_index;
  std::size_t given = 0;
  std::size_t commit = 0;  // the row's commit; most often the row before's, found without a lookup
  std::size_t metric = 0;  // likewise
  do {
    if (const std::size_t at = row.front().offset; release && at >= released_to + release_every) {
      // The row begins a line: places are counted from it now (the line counter first reaches it).
      b.set_checkpoint(at, lines.line_of(at));
      release(released_to, at);
      released_to = at;
    }
    check_row_size(row, header, reader, b);
    ++given;
    const cell& id = row[*columns.commit];
    if (id.text.empty()) b.fail(id.offset, "an empty commit");
    const std::string_view time = columns.time ? row[*columns.time].text : std::string_view{};
    bool grown = false;  // a new commit or metric: the table is larger
    if (commits.empty() || commits[commit].id != id.text) {
      if (const auto known = commit_index.find(id.text); known != commit_index.end()) {
        commit = known->second;
      } else {
        commit = commits.size();
        commit_index.emplace(std::string{id.text}, commit);
        commits.push_back({std::string{id.text}, std::string{time}, fmt::format("{}:{}", source, lines.line_of(id.offset))});
        grown = true;
      }
    }
    if (columns.time && commits[commit].time != time)
      b.fail(row[*columns.time].offset, fmt::format("commit {} has time {} here and {} at {}", text::quoted(id.text),
                                                    text::quoted(time), text::quoted(commits[commit].time),
                                                    commits[commit].source));
    const cell& name = row[*columns.metric];
    if (given == 1 || builder.at(metric).name != name.text) {
      if (const auto known = builder.find(name.text)) {
        metric = *known;
      } else {
        check_metric_name(name, b, limits);
        metric = builder.add_metric(name.text);
        take_unit_from_name(builder.at(metric));
        grown = true;
      }
    }
    if (grown)
      if (const auto problem = builder.sparse_problem(given)) b.fail(id.offset, *problem);
    const cell& value = row[*columns.value];
    if (const auto sample = sample_of(value, b)) add_sample(builder, metric, commit, *sample, value.offset, b);
  } while (reader.next(row));
  return std::move(builder).finish();
}

/// Wide form: a row per run, the runs of a commit together. A first pass over the rows checks their
/// sizes and tells the metrics from the attributes; the second reads the samples.
commit_history read_wide(std::string_view text, const std::vector<cell>& header, const history_csv_options& options,
                         const detail::import_builder& b, std::string_view source) {
  std::vector<column_cells> seen(header.size());
  std::optional<csv_columns> found;
  {
    detail::delimited_reader reader(text, options.separator, b);
    std::vector<cell> row;
    (void)reader.next(row);  // the header
    while (reader.next(row)) {
      check_row_size(row, header, reader, b);
      for (std::size_t i = 0; i < row.size(); ++i) {
        column_cells& column = seen[i];
        if (row[i].text.empty() || (column.first_number && column.first_text)) continue;
        const bool number = text::json_number_form_of(row[i].text) != text::json_number_form::not_a_number;
        if (number && !column.first_number) column.first_number = row[i];
        if (!number && !column.first_text) column.first_text = row[i];
      }
    }
    // The cells kept are views of the text, or of this reader's unescaped copies: used before it goes.
    found = columns_of(header, &seen, options, b);
  }
  const csv_columns& columns = *found;

  line_counter lines(text);
  // The commit of a row: its commit cell, else its time.
  const std::size_t key = columns.commit ? *columns.commit : *columns.time;
  history_builder builder;
  std::vector<history_commit>& commits = builder.history().commits;
  std::vector<std::size_t> metrics;
  for (const std::size_t column : columns.metrics) {
    metrics.push_back(builder.add_metric(header[column].text));
    take_unit_from_name(builder.at(metrics.back()));
  }
  std::unordered_map<std::string, std::size_t, detail::name_hash, std::equal_to<>> first_line;
  detail::delimited_reader reader(text, options.separator, b);
  std::vector<cell> row;
  (void)reader.next(row);  // the header
  while (reader.next(row)) {
    const cell& id = row[key];
    if (id.text.empty()) b.fail(id.offset, fmt::format("an empty {}", text::quoted(header[key].text)));
    if (commits.empty() || commits.back().id != id.text) {
      const std::size_t line = lines.line_of(id.offset);
      if (const auto [at, fresh] = first_line.try_emplace(std::string{id.text}, line); !fresh)
        b.fail(id.offset, fmt::format("{} {} again, after other commits (first at line {}): the runs of a commit must "
                                      "follow one another, oldest commit first",
                                      text::quoted(header[key].text), text::quoted(id.text), at->second));
      // The runs of one commit may be timed apart: the commit keeps its first run's time.
      const std::string_view time = columns.time ? row[*columns.time].text : std::string_view{};
      commits.push_back({std::string{id.text}, std::string{time}, fmt::format("{}:{}", source, line)});
    }
    for (std::size_t i = 0; i < metrics.size(); ++i) {
      const cell& c = row[columns.metrics[i]];
      if (const auto sample = sample_of(c, b)) add_sample(builder, metrics[i], commits.size() - 1, *sample, c.offset, b);
    }
  }
  return std::move(builder).finish();
}

commit_history parse_history_text(std::string_view text, std::string_view source, const history_csv_options& options,
                                  const load_limits& limits, const release_text& release) {
  detail::import_builder b(source, text, limits);
  detail::delimited_reader reader(text, options.separator, b);
  std::vector<cell> header;
  if (!reader.next(header)) b.fail(empty_input_problem(source, "an empty file: expected a header row"));
  std::vector<cell> row;
  if (!reader.next(row)) b.fail("the CSV has a header and no rows");
  const std::optional<csv_columns> long_form = columns_of(header, nullptr, options, b);
  commit_history history = long_form ? read_long(reader, row, header, *long_form, b, source, text, limits, release)
                                     : read_wide(text, header, options, b, source);
  const bool any = std::any_of(history.metrics.begin(), history.metrics.end(), [](const metric_history& m) {
    return std::any_of(m.samples.begin(), m.samples.end(), [](const auto& s) { return !s.empty(); });
  });
  if (!any) b.fail("the CSV has no sample: every value is empty");
  return history;
}

}  // namespace

commit_history parse_history_csv(std::string_view text, std::string_view source, const history_csv_options& options,
                                 const load_limits& limits) {
  return parse_history_text(text, source, options, limits, {});
}

commit_history parse_history_csv(std::string_view text, std::string_view source, const history_csv_options& options) {
  return parse_history_csv(text, source, options, load_limits{});
}

commit_history read_history_csv(const std::filesystem::path& path, const history_csv_options& options,
                                const load_limits& limits) {
  detail::text_buffer text;
  detail::read_whole(path, limits.max_file_bytes, text);
  // The buffer is this function's: the long form gives back what it has read as it goes.
  return parse_history_text({text.data(), text.size()}, input_name(path), options, limits,
                            [&text](std::size_t from, std::size_t to) { text.release(from, to); });
}

}  // namespace perfmail::io
