// The importers' shared builder (import_support.hpp).

#include "import_support.hpp"
#include "json_token.hpp"
#include "metric_name.hpp"
#include "sparse_limit.hpp"

#include "perfmail/text/number_grammar.hpp"
#include "perfmail/text/printable.hpp"
#include "perfmail/text/utf8.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace perfmail::io::detail {

import_builder::import_builder(std::string_view source, std::string_view text, const load_limits& limits)
    : source_(source), text_(text), limits_(limits) {
  // Room for the metrics a file of this size usually names (a metric takes a hundred bytes or more in
  // every format), so that the index is not rebuilt, every name hashed again, as it grows; at most
  // what a large file needs, since a file's size says little of its metrics beyond that.
  constexpr std::size_t bytes_per_metric = 100;
  constexpr std::size_t most_reserved = std::size_t{1} << 16;
  index_.reserve(std::min(text.size() / bytes_per_metric, most_reserved));
}

std::size_t import_builder::metric(std::string_view name, std::size_t offset) {
  const std::size_t next = metrics_.size();
  const std::size_t at = index_.insert_or_find(name, next, [this](std::size_t i) { return metrics_[i].name; });
  if (at != next) return at;
  // A new name: kept in the arena, where the index finds it from now on, before it is checked, so that
  // the index stays whole whatever the check says.
  char* kept = static_cast<char*>(names_arena_.allocate(name.size(), 1));
  std::copy(name.begin(), name.end(), kept);
  metrics_.push_back({std::string_view{kept, name.size()}, {}, std::nullopt, std::nullopt});
  if (name.empty()) fail(offset, "an empty metric name");
  // The rule a loaded matrix's names follow.
  if (const auto problem = detail::metric_name_problem(name, limits_)) fail(offset, *problem);
  return next;
}

void import_builder::set(std::size_t metric, std::size_t run, sample_slot slot, std::size_t offset) {
  auto& m = metrics_[metric];
  if (run >= limits_.max_runs)
    fail(offset, fmt::format("metric {} has more than {} samples (the limit of runs)", text::quoted(m.name),
                             limits_.max_runs));
  if (slot.kind != sample_kind::missing && !std::isfinite(slot.value))
    fail(offset, "a number beyond the range of a double");
  if (m.samples.size() <= run) {
    slots_ += run + 1 - m.samples.size();
    check_sparse(slots_, offset, true);
    m.samples.resize(run + 1);
  }
  ++given_;
  if (m.samples[run].given)
    fail(offset, fmt::format("metric {}: run {} has a second sample", text::quoted(m.name), run + 1));
  m.samples[run] = slot;
}

void import_builder::append(std::size_t metric, read_number sample, std::size_t offset) {
  add(metric, metrics_[metric].samples.size(), sample, offset);
}

void import_builder::expect_runs(std::size_t metric, std::size_t runs) {
  metrics_[metric].samples.reserve(std::min(runs, limits_.max_runs));
}

void import_builder::add_missing(std::size_t metric, std::size_t run, std::size_t offset) {
  set(metric, run, {0, sample_kind::missing, true}, offset);
}

void import_builder::unit(std::size_t metric, std::string_view unit_text) {
  // The same text again (every sample of a metric gives its unit, and most metrics of a file share
  // one) is the same unit: read once.
  auto& m = metrics_[metric];
  if (m.unit_text && *m.unit_text == unit_text) return;
  m.unit_text = unit_text;
  if (!last_unit_text_ || *last_unit_text_ != unit_text) {
    last_unit_text_ = unit_text;
    last_unit_ = unit_of(unit_text);
  }
  if (last_unit_) m.unit = last_unit_;
}

bool import_builder::has_sample(std::size_t metric, std::size_t run) const noexcept {
  const auto& samples = metrics_[metric].samples;
  return run < samples.size() && samples[run].given;
}

std::pair<input_place, std::string_view> import_builder::place_of(std::size_t offset) const {
  offset = std::min(offset, text_.size());
  if (pieces_.empty()) {
    const auto [from, line] = offset >= checkpoint_.first ? checkpoint_ : std::pair<std::size_t, std::size_t>{0, 1};
    const auto where = text_locator(text_.substr(from), line).at(offset - from);
    return {input_place::at(where.line, where.column), {}};
  }
  const auto after = std::upper_bound(pieces_.begin(), pieces_.end(), offset,
                                      [](std::size_t at, const piece& p) { return at < p.start; });
  const piece& p = after == pieces_.begin() ? pieces_.front() : *(after - 1);
  return {input_place::at(p.line, p.column), pieces_are_};
}

void import_builder::fail(std::size_t offset, std::string_view problem) const {
  const auto [place, what] = place_of(offset);
  if (what.empty()) throw input_error(source_, place, problem);
  throw input_error(source_, place, fmt::format("{} ({})", problem, what));
}

void import_builder::note(std::size_t offset, std::string_view what) {
  // A note names the line alone, in the file (for go test -json, the event's line).
  const input_place place = place_of(offset).first;
  notes_.push_back(text::printable(fmt::format("{}:{}: {}", source_, place.line, what)));
}

void import_builder::set_pieces(std::string_view text, std::vector<piece> pieces, std::string_view what) {
  text_ = text;
  pieces_ = std::move(pieces);
  pieces_are_ = what;
}

void import_builder::fail(std::string_view problem) const { throw input_error(source_, problem); }

void import_builder::fail_duplicate(const duplicate_key& duplicate) const {
  const auto first = text_locator(text_).at(duplicate.first_offset);
  const std::string object = duplicate.object_path.empty() ? std::string{"the top level"} : duplicate.object_path;
  fail(duplicate.second_offset, fmt::format("key {} appears twice in {} (first at {}:{})",
                                            text::quoted(duplicate.key), object, first.line, first.column));
}

/// How much larger than its samples an imported matrix may be: every metric has a sample for each run
/// (the longest metric's count), so a metric seen in one run of many costs a missing sample in each of
/// the others. Real files are dense (a Go benchmark left out of one -count pass); the allowance keeps
/// small files of any shape.
constexpr std::size_t sparse_allowance = std::size_t{1} << 16;

bool too_sparse(std::size_t cells, std::size_t given) noexcept {
  return cells / sparse_factor > given + sparse_allowance / sparse_factor;
}

void import_builder::check_sparse(std::size_t cells, std::size_t offset, bool placed) const {
  if (!too_sparse(cells, given_)) return;
  const std::string problem =
      fmt::format("the runs are too sparse: {} metrics would hold {} samples, missing ones included, for the {} "
                  "the file gives (at most {} times as many are kept)",
                  metrics_.size(), cells, given_, sparse_factor);
  if (placed) fail(offset, problem);
  fail(problem);
}

matrix import_builder::result(std::string_view tool, std::string_view what_is_empty) && {
  std::size_t runs = 0;
  for (const auto& m : metrics_) runs = std::max(runs, m.samples.size());
  if (runs == 0) fail(fmt::format("no samples: {}", what_is_empty));
  // Overflow is impossible: both factors are bounded by what was read (metrics by the text, runs by the
  // limit of runs), far below the square root of SIZE_MAX.
  check_sparse(metrics_.size() * runs, 0, false);
  matrix out;
  out.reserve(metrics_.size());
  metric_series series;
  for (const auto& m : metrics_) {
    series.reset(m.name);
    series.reserve(runs);
    for (const auto& s : m.samples) series.push_back(s.value, s.kind);
    series.pad_to(runs);
    (void)out.try_add(series);  // one hash of the name: no name is given twice
    // Its unit at its place: no name to look up, copy or sort. A metric the tool gave no unit takes
    // the one its name ends in (a CSV's `parse.ns/op`), as the same name from Go would have it. A unit
    // without a known scale may still say which way is better (`frames/s`).
    const std::optional<metric_unit> unit = m.unit ? m.unit : m.unit_text ? std::nullopt : unit_in_name(m.name);
    if (unit) {
      out.set_unit_hint_at(out.size() - 1, *unit);
    } else if (const auto direction = m.unit_text ? direction_of_unit(*m.unit_text) : direction_in_name(m.name)) {
      out.set_direction_hint(m.name, *direction);
    }
  }
  out.set_origin({result_conventions::benchmark_tool, std::string{tool}});
  for (auto& n : notes_) out.add_note(std::move(n));
  return out;
}

std::size_t byte_order_mark_of(std::string_view text) noexcept {
  return text.starts_with("\xEF\xBB\xBF") ? 3 : 0;
}

void refuse_wide_text(std::string_view text, const import_builder& b) {
  const auto refuse = [&](std::size_t offset, std::string_view what) {
    b.fail(offset, fmt::format("{}; the text must be UTF-8: convert it, e.g. with iconv -f UTF-16 -t UTF-8", what));
  };
  if (text.starts_with("\xFF\xFE") || text.starts_with("\xFE\xFF"))
    refuse(0, fmt::format("text in UTF-16 (byte-order mark {})", text.starts_with("\xFF") ? "FF FE" : "FE FF"));
  if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos)
    refuse(nul, "a NUL byte, as in text in UTF-16 or UTF-32");
}

namespace {
/// Every offset of `node` and below moved by `by`.
void shift_offsets(json_node& node, std::size_t by) {
  node.offset += by;
  for (auto& item : node.items) shift_offsets(item, by);
  for (auto& m : node.members) {
    m.key_offset += by;
    shift_offsets(m.value, by);
  }
}
}  // namespace

json_node json_document(std::string_view text, const import_builder& builder, const std::string& source) {
  // A byte-order mark is passed over (RFC 8259, 8.1); places still count its three bytes, as an editor
  // that shows the file counts them.
  const std::size_t bom = byte_order_mark_of(text);
  json_tree_result tree = [&] {
    try {
      return parse_json_tree(text.substr(bom), source);
    } catch (const input_error& e) {
      if (bom == 0 || e.place().line != 1) throw;
      throw input_error(e.file(), input_place::at(1, e.place().column + bom), e.problem());
    }
  }();
  if (bom != 0) {
    shift_offsets(tree.root, bom);
    for (auto& d : tree.duplicates) {
      d.first_offset += bom;
      d.second_offset += bom;
    }
  }
  if (!tree.duplicates.empty()) builder.fail_duplicate(tree.duplicates.front());
  return std::move(tree.root);
}

const json_node* member(const json_node& object, std::string_view key) {
  if (object.type != json_node::kind::object) return nullptr;
  for (const auto& m : object.members)
    if (m.key == key) return &m.value;
  return nullptr;
}

}  // namespace perfmail::io::detail
