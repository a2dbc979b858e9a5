#pragma once
// What the importers (io/import.hpp) share: a matrix built sample by sample, with every check a loaded
// matrix gets (names, the limit of runs, numbers in JSON's grammar) and messages at `line:column`.

#include "json_diagnosis.hpp"
#include "json_token.hpp"
#include "json_tree.hpp"

#include "perfmail/error.hpp"
#include "perfmail/io/matrix_json.hpp"
#include "perfmail/model/matrix.hpp"
#include "perfmail/model/name_index.hpp"
#include "perfmail/text/number_grammar.hpp"

#include <cmath>
#include <cstddef>
#include <functional>
#include <memory_resource>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace perfmail::io::detail {

/// A number of JSON's grammar read whole, or nullopt for a token that is not one. A number beyond a
/// double's range is refused by the caller: its value here is infinite.
struct read_number {
  double value = 0;
  sample_kind kind = sample_kind::integer;
};
/// Inline, in one pass for the grammar and the kind: every text format reads every sample with it.
[[nodiscard]] inline std::optional<read_number> number_of(std::string_view token) {
  const text::json_number_form form = text::json_number_form_of(token);
  if (form == text::json_number_form::not_a_number) return std::nullopt;
  return read_number{json_number_value(token),
                     form == text::json_number_form::integer ? sample_kind::integer : sample_kind::floating};
}

/// A hash of names looked up by a view: a name read from the text is not copied to be found.
struct name_hash {
  using is_transparent = void;
  std::size_t operator()(std::string_view name) const noexcept { return std::hash<std::string_view>{}(name); }
};

/// Samples gathered metric by metric and run by run, in the order metrics are first seen.
class import_builder {
 public:
  import_builder(std::string_view source, std::string_view text, const load_limits& limits);
  // Its metrics' names are views of its arena of names: a copy's would point into the original's.
  import_builder(const import_builder&) = delete;
  import_builder& operator=(const import_builder&) = delete;

  /// The metric named `name` (checked as a loaded metric name is), added if new; `offset` is where the
  /// name comes from, for messages.
  std::size_t metric(std::string_view name, std::size_t offset);
  /// Sample `run` of `metric`. A run given twice is refused: which sample counts would be a guess.
  /// Inline where the run is the metric's next one, as most formats give them: no gap to fill and no
  /// second sample to find, the same checks otherwise.
  void add(std::size_t metric, std::size_t run, read_number sample, std::size_t offset) {
    auto& samples = metrics_[metric].samples;
    if (run == samples.size() && run < limits_.max_runs && std::isfinite(sample.value)) {
      check_sparse(++slots_, offset, true);
      samples.push_back({sample.value, sample.kind, true});
      ++given_;
      return;
    }
    set(metric, run, {sample.value, sample.kind, true}, offset);
  }
  /// The next run of `metric`, after those it has.
  void append(std::size_t metric, read_number sample, std::size_t offset);
  /// Room for `runs` samples of `metric`, which the input holds and is about to give (an array of times
  /// read already): spares growing the series sample by sample.
  void expect_runs(std::size_t metric, std::size_t runs);
  /// A run of `metric` that has no sample (a failed repetition, an empty cell).
  void add_missing(std::size_t metric, std::size_t run, std::size_t offset);
  /// The unit `metric`'s samples are in, as the tool wrote it (`ns/op`, `MB/s`, `s`); a unit not known
  /// (model/unit.hpp) gives no unit, and a direction only by direction_of_unit's rules (`frames/s`). A
  /// metric given no unit takes the one its name ends in (unit_in_name). `unit_text` must last as long as the
  /// reading: the text it was given last is kept, so that the same text again is not read again.
  void unit(std::size_t metric, std::string_view unit_text);
  /// Whether run `run` of `metric` was given, a sample or a missing one.
  [[nodiscard]] bool has_sample(std::size_t metric, std::size_t run) const noexcept;
  [[nodiscard]] std::size_t runs_of(std::size_t metric) const { return metrics_[metric].samples.size(); }
  [[nodiscard]] std::size_t metric_count() const noexcept { return metrics_.size(); }
  [[nodiscard]] const load_limits& limits() const noexcept { return limits_; }

  /// Refuses the input: `problem` at the line and column of byte `offset`.
  [[noreturn]] void fail(std::size_t offset, std::string_view problem) const;
  [[noreturn]] void fail(std::string_view problem) const;
  /// A JSON object's key that appears twice.
  [[noreturn]] void fail_duplicate(const duplicate_key& duplicate) const;

  /// A note for the user about the line of byte `offset` (`FILE:LINE: what`), carried by the matrix.
  void note(std::size_t offset, std::string_view what);

  /// Where the text this builder reads came from, when it is not the file itself but pieces of it (the
  /// `Output` strings of `go test -json`): the piece starting at byte `start` of the text is the value
  /// at `line`:`column` of the file. Messages then name the piece's place in the file.
  struct piece {
    std::size_t start = 0;
    std::size_t line = 0;
    std::size_t column = 0;
  };
  void set_pieces(std::string_view text, std::vector<piece> pieces, std::string_view what);
  /// The text before `offset`, where line `line` begins, is read no more (a reader that gives its pages
  /// back as it goes): places from there on are counted from it.
  void set_checkpoint(std::size_t offset, std::size_t line) noexcept { checkpoint_ = {offset, line}; }

  /// The matrix of results of `tool` (as people name it: `go test`), every series as long as the longest
  /// (a run a metric lacks is a missing sample); refuses input with no sample at all.
  [[nodiscard]] matrix result(std::string_view tool, std::string_view what_is_empty) &&;

 private:
  struct sample_slot {
    double value = 0;
    sample_kind kind = sample_kind::missing;
    bool given = false;
  };
  struct gathered {
    std::string_view name;  ///< in the names' arena, where it stays as the index grows
    std::vector<sample_slot> samples;
    std::optional<metric_unit> unit;
    std::optional<std::string_view> unit_text;  ///< the text unit() was given last
  };
  void set(std::size_t metric, std::size_t run, sample_slot slot, std::size_t offset);
  /// The place of byte `offset` in the file, and what to add to a message about it.
  [[nodiscard]] std::pair<input_place, std::string_view> place_of(std::size_t offset) const;
  /// Refuses input whose runs are so sparse that the matrix would be far larger than the samples given.
  void check_sparse(std::size_t cells, std::size_t offset, bool placed) const;

  std::string source_;
  std::string_view text_;
  load_limits limits_;
  std::vector<gathered> metrics_;
  /// The metrics' names, copied once into an arena that is let go of whole: a reader of a thousand
  /// metrics spent a tenth of its time allocating and freeing them one by one.
  std::pmr::monotonic_buffer_resource names_arena_;
  /// The metrics by name, open addressing over their places (the matrix's own index): a new name is
  /// hashed once, for its lookup and its insertion together.
  name_index index_;
  std::optional<std::string_view> last_unit_text_;  ///< the unit text read last, and its unit
  std::optional<metric_unit> last_unit_;
  std::vector<std::string> notes_;
  std::vector<piece> pieces_;
  std::string pieces_are_;  ///< what a piece is, for messages
  std::pair<std::size_t, std::size_t> checkpoint_{0, 1};  ///< an offset where a line begins, and its line
  std::size_t given_ = 0;  ///< samples (and missing samples) the input gave
  std::size_t slots_ = 0;  ///< room the metrics' runs take so far
};

/// Whether `line` is a result line of Go's benchmark format (`BenchmarkName  N  value unit ...`).
[[nodiscard]] bool is_go_result_line(std::string_view line);

// The marks detection knows the text formats by (input_formats.hpp), each asked of a text after its
// byte-order mark:
/// its first line that is not blank a header row of fields separated by `delimiter`, the first `metric`,
/// quoted or not (CSV, TSV);
[[nodiscard]] bool starts_with_header_row(std::string_view text, char delimiter);
/// a result line of Go's format anywhere (a log of `go test` starts with other lines);
[[nodiscard]] bool has_go_result_line(std::string_view text);
/// nothing but numbers separated by white space, one at least.
[[nodiscard]] bool all_numbers(std::string_view text);

/// The length of the UTF-8 byte-order mark `text` starts with (Excel's "CSV UTF-8" writes one; RFC 8259
/// lets a JSON reader ignore it), or 0.
[[nodiscard]] std::size_t byte_order_mark_of(std::string_view text) noexcept;

/// Refuses text in UTF-16 or UTF-32 (what Excel's "Unicode text" and PowerShell write) through `b`, in
/// words that name no format: `text in UTF-16 (byte-order mark FF FE); the text must be UTF-8: convert it,
/// e.g. with iconv -f UTF-16 -t UTF-8` at the start, or `a NUL byte, as in text in UTF-16 or UTF-32; ...`
/// at the first NUL. Returns for any other text.
void refuse_wide_text(std::string_view text, const import_builder& b);

/// Whether the first line of `text` is an event of `go test -json` (test2json): a JSON object whose
/// `Action` is a string.
[[nodiscard]] bool is_test2json(std::string_view text);

/// Go's benchmark text read into `b`, which holds the text (or the Output of test2json events).
[[nodiscard]] matrix read_go_text(std::string_view text, import_builder& b);

/// A JSON document as a tree, its duplicate keys refused.
[[nodiscard]] json_node json_document(std::string_view text, const import_builder& builder, const std::string& source);

/// The member `key` of an object node, or null.
[[nodiscard]] const json_node* member(const json_node& object, std::string_view key);

class json_import_reader;

/// The JSON importers on a document read with On-Demand (json_import_reader.hpp), which detection may
/// have read once already; `b` holds the text, its name and the limits. Call them through
/// read_json_import, which names the faults they stop at.
[[nodiscard]] matrix read_gbench(json_import_reader& json, import_builder& b);
[[nodiscard]] matrix read_hyperfine(json_import_reader& json, import_builder& b);
[[nodiscard]] matrix read_pytest(json_import_reader& json, import_builder& b);

}  // namespace perfmail::io::detail
