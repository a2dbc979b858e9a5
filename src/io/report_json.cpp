// Reading report documents (docs/REPORT.md). The document is read strictly (json_diagnosis.hpp), then
// as a tree of values that remember their places (json_tree.hpp), so that every message names the
// user's file, the place in it and the field's path: `doc.json:12:14: plots.width: 1 is below 32`.

#include "perfmail/io/report_json.hpp"

#include "perfmail/analysis/common_metrics.hpp"
#include "perfmail/email/compose.hpp"
#include "perfmail/email/mbox.hpp"

#include "json_diagnosis.hpp"
#include "json_tree.hpp"
#include "matrix_text.hpp"
#include "metric_name.hpp"

#include "perfmail/error.hpp"
#include "perfmail/io/read_file.hpp"
#include "perfmail/metrics/name_pattern.hpp"
#include "perfmail/metrics/rules.hpp"
#include "perfmail/plot/look.hpp"
#include "perfmail/plot/options.hpp"
#include "perfmail/text/nearest_name.hpp"
#include "perfmail/text/printable.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <array>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <optional>
#include <set>
#include <string>
#include <system_error>
#include <vector>

namespace perfmail::io {
namespace {

using detail::json_node;
using kind = json_node::kind;

/// The document being read: its name, its text, and the place of any byte of it.
class document_context {
 public:
  document_context(std::string file, std::string_view text) : file_(std::move(file)), text_(text), locator_(text) {}

  [[noreturn]] void fail(std::size_t offset, std::string_view path, std::string_view problem) const {
    throw input_error(file_, place(offset, path), problem);
  }
  [[noreturn]] void fail(const json_node& node, std::string_view path, std::string_view problem) const {
    fail(node.offset, path, problem);
  }

  [[nodiscard]] input_place place(std::size_t offset, std::string_view path) const {
    const auto where = locator_.at(offset);
    return {where.line, where.column, std::string{path}};
  }

  [[nodiscard]] const std::string& file() const noexcept { return file_; }
  [[nodiscard]] std::string_view text() const noexcept { return text_; }

 private:
  std::string file_;
  std::string_view text_;
  detail::text_locator locator_;
};

/// `path.key`, or `key` at the top level.
std::string path_of(std::string_view path, std::string_view key) {
  return path.empty() ? std::string{key} : fmt::format("{}.{}", path, key);
}

/// A key from the input as a message shows it: as written when it reads like a field name, otherwise
/// quoted and cut (text::quoted), so that a hostile key cannot make the message long or unreadable.
std::string shown_key(std::string_view key) {
  const bool plain = !key.empty() && key.size() <= text::quoted_characters &&
                     std::all_of(key.begin(), key.end(), [](char c) {
                       return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                              c == '_' || c == '-';
                     });
  return plain ? std::string{key} : text::quoted(key);
}

/// Reads one JSON object whose fields are known in advance: a field outside them is an error naming the
/// nearest known one, and every read checks the field's type.
class object_reader {
 public:
  object_reader(const document_context& doc, const json_node& node, std::string path,
                std::initializer_list<std::string_view> known)
      : doc_(doc), node_(node), path_(std::move(path)), known_(known) {
    if (node_.type != kind::object) {
      if (path_.empty()) doc_.fail(node_, "", "the top level must be a JSON object (see docs/REPORT.md)");
      doc_.fail(node_, path_, "must be a JSON object");
    }
    for (const auto& member : node_.members) {
      if (std::find(known_.begin(), known_.end(), member.key) != known_.end()) continue;
      const std::string_view nearest = text::nearest_name(member.key, known_);
      doc_.fail(member.key_offset, path_of(path_, shown_key(member.key)),
                fmt::format("unknown field; the nearest known field is \"{}\"", nearest));
    }
  }

  [[nodiscard]] std::string path(std::string_view key) const { return path_of(path_, key); }
  [[nodiscard]] const json_node& node() const noexcept { return node_; }

  [[noreturn]] void fail(std::string_view key, const json_node& at, std::string_view problem) const {
    doc_.fail(at, path(key), problem);
  }

  [[nodiscard]] const json_node* find(std::string_view key) const {
    for (const auto& member : node_.members)
      if (member.key == key) return &member.value;
    return nullptr;
  }

  const json_node& require(std::string_view key) const {
    if (const json_node* v = find(key)) return *v;
    doc_.fail(node_, path(key), "missing");
  }

  [[nodiscard]] std::optional<std::string> string(std::string_view key) const {
    const json_node* v = find(key);
    if (v == nullptr) return std::nullopt;
    if (v->type != kind::string) fail(key, *v, "must be a string");
    return v->text;
  }
  [[nodiscard]] std::string string_or(std::string_view key, std::string fallback) const {
    return string(key).value_or(std::move(fallback));
  }
  [[nodiscard]] std::string required_string(std::string_view key) const {
    const json_node& v = require(key);
    if (v.type != kind::string) fail(key, v, "must be a string");
    return v.text;
  }

  /// A value of an enum, named as its table names it, or `fallback`; the error lists the names.
  template <class Enum, std::size_t N>
  [[nodiscard]] Enum enum_or(std::string_view key, Enum fallback, const std::array<enum_name<Enum>, N>& table) const {
    const json_node* v = find(key);
    if (v == nullptr) return fallback;
    if (v->type == kind::string)
      if (const auto value = value_named(table, v->text)) return *value;
    std::string listed;
    for (const auto& entry : table) listed += fmt::format("{}\"{}\"", listed.empty() ? "" : ", ", entry.name);
    fail(key, *v, fmt::format("must be one of {}", listed));
  }

  /// One of `choices`, or the error lists them.
  [[nodiscard]] std::string choice_or(std::string_view key, std::string fallback,
                                      std::initializer_list<std::string_view> choices) const {
    const json_node* v = find(key);
    if (v == nullptr) return fallback;
    if (v->type == kind::string && std::find(choices.begin(), choices.end(), v->text) != choices.end()) return v->text;
    std::string listed;
    for (const auto c : choices) listed += fmt::format("{}\"{}\"", listed.empty() ? "" : ", ", c);
    fail(key, *v, fmt::format("must be one of {}", listed));
  }

  [[nodiscard]] bool bool_or(std::string_view key, bool fallback) const {
    const json_node* v = find(key);
    if (v == nullptr) return fallback;
    if (v->type != kind::boolean) fail(key, *v, "must be true or false");
    return v->boolean;
  }

  /// A number in the open interval (low, high), when given.
  [[nodiscard]] std::optional<double> number_between(std::string_view key, double low, double high) const {
    const json_node* v = find(key);
    if (v == nullptr) return std::nullopt;
    if (v->type != kind::number) fail(key, *v, "must be a number");
    if (!(v->number > low)) fail(key, *v, fmt::format("{} is not above {}", v->text, low));
    if (!(v->number < high)) fail(key, *v, fmt::format("{} is not below {}", v->text, high));
    return v->number;
  }

  /// A whole number from `low` to `high`, or `fallback`.
  [[nodiscard]] int int_or(std::string_view key, int fallback, int low, int high) const {
    const json_node* v = find(key);
    if (v == nullptr) return fallback;
    if (v->type != kind::number || !v->is_integer()) fail(key, *v, "must be a whole number");
    if (v->number < low) fail(key, *v, fmt::format("{} is below {}", v->text, low));
    if (v->number > high) fail(key, *v, fmt::format("{} is above {}", v->text, high));
    return static_cast<int>(v->number);
  }

  /// A string, or a list of strings.
  [[nodiscard]] std::vector<std::string> string_list(std::string_view key) const {
    const json_node* v = find(key);
    if (v == nullptr) return {};
    if (v->type == kind::string) return {v->text};
    if (v->type != kind::array) fail(key, *v, "must be a string or a list of strings");
    std::vector<std::string> out;
    for (std::size_t i = 0; i < v->items.size(); ++i) {
      const json_node& item = v->items[i];
      if (item.type != kind::string) doc_.fail(item, fmt::format("{}[{}]", path(key), i), "must be a string");
      out.push_back(item.text);
    }
    return out;
  }

 private:
  const document_context& doc_;
  const json_node& node_;
  std::string path_;
  std::vector<std::string_view> known_;
};

/// A metric name written in the document, with its place, to be checked against the results.
struct metric_reference {
  std::string name;
  std::size_t offset = 0;
  std::string path;
};

class report_parser {
 public:
  /// `own_directory` false: the document came from standard input, and has no directory of its own.
  report_parser(std::string source, std::filesystem::path base_dir, const load_limits& limits,
                bool own_directory = true)
      : source_(std::move(source)), base_dir_(std::move(base_dir)), limits_(limits), own_directory_(own_directory) {}

  email::report_document parse(std::string_view text) {
    detail::json_tree_result tree = detail::parse_json_tree(text, source_);
    const document_context doc_context(source_, text);
    doc_ = &doc_context;
    if (!tree.duplicates.empty()) {
      const auto& d = tree.duplicates.front();
      const auto first = doc_context.place(d.first_offset, "");
      doc_context.fail(d.second_offset, path_of(d.object_path, d.key),
                       fmt::format("the key appears twice (first at {}:{})", first.line, first.column));
    }
    const object_reader r(doc_context, tree.root, "",
                          {"layout", "dialect", "commit", "base_commit", "patch", "status", "test", "machine", "group",
                           "results", "table", "tests", "plots", "headline", "text", "mail", "directions"});
    email::report_document doc;

    // The mail headers first: the report's date may choose the layout.
    if (const json_node* m = r.find("mail")) read_mail(*m, doc);
    read_layout(r, doc);

    read_results(r.require("results"), doc);
    doc.head = read_commit(r.require("commit"), "commit", true, &doc.head_names);
    doc.base = read_commit(r.require("base_commit"), "base_commit", false, &doc.base_names);
    doc.test = read_test(r.require("test"), "test", &doc.blocks);
    if (const json_node* m = r.find("machine")) doc.machine = read_machine(*m, "machine");
    if (const json_node* g = r.find("group")) doc.group = read_group(*g, "group");
    if (const json_node* t = r.find("table")) doc.table = read_table(*t, "table");
    if (const json_node* p = r.find("patch")) {
      const object_reader pr(doc_context, *p, "patch", {"url", "base", "link", "subject"});
      doc.patch = {pr.string_or("url", ""), pr.string_or("base", ""), pr.string_or("link", ""),
                   pr.string_or("subject", "")};
    }
    if (const json_node* st = r.find("status")) read_status(*st, doc);
    if (const json_node* t = r.find("tests")) read_further_tests(*t, doc);
    if (const json_node* p = r.find("plots")) doc.plots = read_plots(*p, doc);
    if (const json_node* h = r.find("headline")) {
      const object_reader hr(doc_context, *h, "headline", {"metric", "word", "lead"});
      doc.headline.metric = hr.string_or("metric", "");
      if (!doc.headline.metric.empty()) references_.push_back({doc.headline.metric, hr.find("metric")->offset, hr.path("metric")});
      doc.headline.word = hr.string_or("word", "");
      doc.headline.lead = hr.string_or("lead", "");
    }
    if (const json_node* t = r.find("text")) doc.text = read_text(*t, doc.blocks, doc.text);
    if (const json_node* d = r.find("directions")) doc.directions = read_directions(*d);
    check_layout_fields(r, doc);
    check_references(doc);
    return doc;
  }

 private:
  commit read_commit(const json_node& node, const std::string& path, bool need_subject,
                     email::commit_names* names) const {
    // The tree's name is the subject's, so only the commit under test has one.
    const object_reader r(*doc_, node, path,
                          need_subject ? std::initializer_list<std::string_view>{"id", "subject", "url", "branch", "tag", "tree"}
                                       : std::initializer_list<std::string_view>{"id", "subject", "url", "branch", "tag"});
    commit c;
    c.id = r.required_string("id");
    if (c.id.empty()) r.fail("id", *r.find("id"), "must not be empty");
    c.subject = need_subject ? r.required_string("subject") : r.string_or("subject", "");
    c.url = r.string_or("url", "");
    c.branch = r.string_or("branch", "");
    names->tag = r.string_or("tag", "");
    names->tree = r.string_or("tree", "");
    return c;
  }

  /// The layout: named, or the one of the report's date (mail.date), or the newest. A document that
  /// names only a seed dialect (classic, modern) has the seeds' layout of that dialect.
  void read_layout(const object_reader& r, email::report_document& doc) const {
    // (A flag and a value rather than an optional: GCC 12 warns, wrongly, that one may be read unset.)
    const bool dialect_given = r.find("dialect") != nullptr;
    const table_dialect given = r.enum_or("dialect", table_dialect::current, robot_dialect_names);
    // A name, or a day `YYYY-MM-DD` (the switches of that day); a layout that is not text names none of
    // them (the empty name), and is refused as they are.
    const json_node* l = r.find("layout");
    const auto layout = email::chosen_layout(
        l == nullptr ? std::nullopt : std::optional<std::string_view>(l->type == kind::string ? l->text : ""),
        {.dialect = dialect_given ? std::optional<table_dialect>(given) : std::nullopt,
         .mail_date = doc.mail.date,
         .robot_roots = true});
    if (!layout) r.fail("layout", *l, email::layout_name_expected());
    doc.layout = *layout;
    const bool seed = is_seed_layout(doc.layout);
    if (email::is_project_era(doc.layout.era)) doc.text = email::project_body_text();
    doc.dialect = dialect_given ? given : email::dialect_of(doc.layout.era);
    if (seed && doc.dialect == table_dialect::current)
      r.fail("dialect", *r.find("dialect"), "the current table goes with the layouts of 2020 on (layout)");
  }

  /// The seeds' layouts and the project layout: one table, and none of the fields of 2020 on.
  static bool is_seed_layout(const email::email_layout& l) { return email::has_one_table(l.era); }

  /// The fields only the layouts of 2020 on print are refused with the seeds' layouts, rather than left
  /// out of the email unsaid.
  void check_layout_fields(const object_reader& r, const email::report_document& doc) const {
    if (!is_seed_layout(doc.layout)) return;
    for (const std::string_view key : {"patch", "status", "tests"})
      if (const json_node* v = r.find(key))
        r.fail(key, *v, "is printed only by the layouts of 2020 on (set layout, or leave dialect out)");
    const auto refuse = [&](const json_node* at, std::string_view path) {
      if (at != nullptr) doc_->fail(*at, path, "is printed only by the layouts of 2020 on (set layout, or leave dialect out)");
    };
    const auto field = [&](std::string_view object, std::string_view key) -> const json_node* {
      const json_node* o = r.find(object);
      if (o == nullptr || o->type != kind::object) return nullptr;
      for (const auto& m : o->members)
        if (m.key == key) return &m.value;
      return nullptr;
    };
    for (const auto& [object, key] : std::initializer_list<std::pair<std::string_view, std::string_view>>{
             {"commit", "tag"}, {"commit", "tree"}, {"base_commit", "tag"}, {"test", "config"},
             {"test", "compiler"}, {"text", "preamble"}, {"text", "tags"}, {"text", "reported_by"},
             {"text", "closes_url"}, {"text", "materials_url"}, {"text", "details_line"}, {"table", "testcase_first"},
             {"mail", "spaces_after_colon"}})
      refuse(field(object, key), fmt::format("{}.{}", object, key));
  }

  void read_status(const json_node& node, email::report_document& doc) const {
    const object_reader r(*doc_, node, "status", {"lines", "align"});
    doc.blocks.status_right_aligned = r.choice_or("align", "left", {"left", "right"}) == "right";
    const json_node& lines = r.require("lines");
    if (lines.type != kind::array) r.fail("lines", lines, "must be a list of {\"what\", \"tree\", \"commit\"}");
    for (std::size_t i = 0; i < lines.items.size(); ++i) {
      const object_reader lr(*doc_, lines.items[i], fmt::format("status.lines[{}]", i), {"what", "tree", "commit"});
      doc.blocks.status.push_back({lr.required_string("what"), lr.required_string("tree"), lr.required_string("commit")});
    }
  }

  test_machine read_machine(const json_node& node, const std::string& path) const {
    const object_reader mr(*doc_, node, path, {"name", "description"});
    return {mr.string_or("name", ""), mr.string_or("description", "")};
  }

  void read_further_tests(const json_node& node, email::report_document& doc) {
    if (node.type != kind::array) doc_->fail(node, "tests", "must be a list of further tests");
    for (std::size_t i = 0; i < node.items.size(); ++i) {
      const std::string path = fmt::format("tests[{}]", i);
      const object_reader r(*doc_, node.items[i], path, {"test", "machine", "group", "results", "metric", "word", "table"});
      email::test_section t;
      t.test = read_test(r.require("test"), path + ".test", nullptr);
      if (const json_node* m = r.find("machine")) t.machine = read_machine(*m, path + ".machine");
      if (const json_node* g = r.find("group")) t.group = read_group(*g, path + ".group");
      email::report_document section_results;
      read_results(r.require("results"), section_results, path + ".results");
      if (section_results.head_results.size() != 1)
        r.fail("results", r.require("results"), "a further test compares one head with its base");
      t.base_results = std::move(section_results.base_results);
      t.head_results = std::move(section_results.head_results);
      t.metric = r.string_or("metric", "");
      if (!t.metric.empty()) {
        const auto& data = t.head_results.front().data;
        if (!t.base_results.data->contains(t.metric) && !data->contains(t.metric))
          r.fail("metric", *r.find("metric"), fmt::format("no results have the metric {}", text::quoted(t.metric)));
      }
      t.word = r.choice_or("word", "", {"improvement", "regression", "change"});
      if (const json_node* tb = r.find("table")) {
        // Its rows name metrics of its own results, checked here rather than against the report's.
        const std::size_t before = references_.size();
        t.table = read_table(*tb, path + ".table");
        for (std::size_t k = before; k < references_.size(); ++k) {
          const metric_reference& ref = references_[k];
          if (!t.base_results.data->contains(ref.name) && !t.head_results.front().data->contains(ref.name))
            doc_->fail(ref.offset, ref.path, fmt::format("no results have the metric {}", text::quoted(ref.name)));
        }
        references_.resize(before);
      }
      doc.further_tests.push_back(std::move(t));
    }
  }

  /// An object of key: value pairs in the document's order (test parameters, table axes).
  std::vector<parameter> read_parameters(const json_node& node, const std::string& path) const {
    if (node.type != kind::object) doc_->fail(node, path, "must be an object of key: value pairs, in the order to print");
    std::vector<parameter> out;
    for (const auto& member : node.members) {
      const json_node& v = member.value;
      if (v.type != kind::string && v.type != kind::number)
        doc_->fail(v, path_of(path, member.key), "must be a string or a number");
      out.push_back({member.key, v.text});
    }
    return out;
  }

  test_case read_test(const json_node& node, const std::string& path, email::current_blocks* blocks) const {
    const object_reader r(*doc_, node, path,
                          blocks ? std::initializer_list<std::string_view>{"name", "parameters", "description", "url",
                                                                           "config", "compiler"}
                                 : std::initializer_list<std::string_view>{"name", "parameters"});
    test_case t;
    t.name = r.required_string("name");
    if (const json_node* p = r.find("parameters")) t.parameters = read_parameters(*p, r.path("parameters"));
    t.description = r.string_or("description", "");
    t.url = r.string_or("url", "");
    if (blocks != nullptr) {
      blocks->config = r.string_or("config", "");
      blocks->compiler = r.string_or("compiler", "");
    }
    return t;
  }

  email::group_header read_group(const json_node& node, const std::string& path) const {
    const object_reader r(*doc_, node, path, {"testcase", "path_params", "tbox_group", "axes"});
    email::group_header g;
    g.testcase = r.string_or("testcase", "");
    g.path_params = r.string_or("path_params", "");
    g.tbox_group = r.string_or("tbox_group", "");
    if (const json_node* a = r.find("axes")) g.axes = read_parameters(*a, r.path("axes"));
    return g;
  }

  /// A result set: a path to a matrix.json or a run directory, or a matrix written in the document, read
  /// with every rule of a matrix.json and with its messages pointing into the document.
  email::results read_source(const json_node& node, const std::string& path) {
    if (node.type == kind::string) {
      if (node.text.empty()) doc_->fail(node, path, "must name a file or directory");
      const std::filesystem::path p = base_dir_ / node.text;
      return {p.string(), std::make_shared<const matrix>(loader_.load(p))};
    }
    if (node.type == kind::object) {
      const std::string_view text = doc_->text();
      const std::size_t end = detail::end_of_json_value(text, node.offset);
      const auto start = doc_->place(node.offset, path);
      return {fmt::format("{} ({})", source_, path),
              std::make_shared<const matrix>(detail::parse_matrix_at(text.substr(node.offset, end - node.offset),
                                                                     source_, limits_, start.line, start.column))};
    }
    doc_->fail(node, path, "must be a path to a matrix.json or run directory, or a matrix object");
  }

  void read_results(const json_node& node, email::report_document& doc, const std::string& path = "results") {
    const object_reader r(*doc_, node, path, {"base", "head"});
    doc.base_results = read_source(r.require("base"), r.path("base"));
    const json_node& head = r.require("head");
    if (head.type == kind::array) {
      if (head.items.empty()) r.fail("head", head, "must name at least one result");
      for (std::size_t i = 0; i < head.items.size(); ++i)
        doc.head_results.push_back(read_source(head.items[i], fmt::format("{}[{}]", r.path("head"), i)));
    } else {
      doc.head_results.push_back(read_source(head, r.path("head")));
    }
    // Two sets of results with nothing to compare are a mistake (the wrong file, the wrong test), not a
    // report of everything having changed.
    for (std::size_t i = 0; i < doc.head_results.size(); ++i) {
      if (shares_a_metric(*doc.base_results.data, *doc.head_results[i].data)) continue;
      const json_node& at = head.type == kind::array ? head.items[i] : head;
      doc_->fail(at, head.type == kind::array ? fmt::format("{}[{}]", r.path("head"), i) : r.path("head"),
                 fmt::format("{} has no metric in common with {}", doc.head_results[i].origin,
                             doc.base_results.origin));
    }
  }

  /// Names in a list of metric names, remembered with their places for check_references.
  std::vector<std::string> metric_list(const object_reader& r, std::string_view key) {
    std::vector<std::string> names = r.string_list(key);
    const json_node& node = *r.find(key);
    for (std::size_t i = 0; i < names.size(); ++i) {
      const bool listed = node.type == kind::array;
      references_.push_back({names[i], listed ? node.items[i].offset : node.offset,
                             listed ? fmt::format("{}[{}]", r.path(key), i) : r.path(key)});
    }
    return names;
  }

  email::table_section read_table(const json_node& node, const std::string& path) {
    const object_reader r(*doc_, node, path,
                          {"order", "rows", "all", "keep_noise", "policy", "alpha", "correction", "min_change_percent",
                           "distance", "gap", "variance", "testcase_first"});
    email::table_section t;
    t.order = r.enum_or("order", row_order::given, row_order_names);
    if (r.find("rows") != nullptr) t.rows = metric_list(r, "rows");
    t.all = r.bool_or("all", false);
    t.keep_noise = r.bool_or("keep_noise", false);
    if (r.find("testcase_first") != nullptr) t.testcase_first = r.bool_or("testcase_first", true);
    t.policy = r.enum_or("policy", policy_kind::robot, policy_names);
    constexpr double huge = std::numeric_limits<double>::max();
    t.alpha = r.number_between("alpha", 0, 1);
    t.correction = r.enum_or("correction", p_correction::bh, correction_names);
    t.min_change_percent = r.number_between("min_change_percent", 0, 1e6);
    t.distance = r.number_between("distance", 0, huge);
    t.gap = r.number_between("gap", 0, huge);
    t.variance = r.number_between("variance", 0, huge);
    return t;
  }

  /// A list of samples given directly; null for an absent set, a null sample for an undefined point.
  std::optional<std::vector<double>> read_samples(const json_node* node, const std::string& path) const {
    if (node == nullptr || node->type == kind::null) return std::nullopt;
    if (node->type != kind::array) doc_->fail(*node, path, "must be a list of numbers, or null for an absent data set");
    if (node->items.size() > limits_.max_runs)
      doc_->fail(*node, path, fmt::format("more than {} samples (the limit of runs)", limits_.max_runs));
    std::vector<double> out;
    out.reserve(node->items.size());
    for (std::size_t i = 0; i < node->items.size(); ++i) {
      const json_node& v = node->items[i];
      if (v.type == kind::number) out.push_back(v.number);
      else if (v.type == kind::null) out.push_back(std::numeric_limits<double>::quiet_NaN());  // a gap in the plot
      else doc_->fail(v, fmt::format("{}[{}]", path, i), "must be a number, or null for an undefined sample");
    }
    return out;
  }

  email::plot_request read_plots(const json_node& node, const email::report_document& doc) {
    const object_reader r(*doc_, node, "plots", {"metrics", "style", "width", "height", "bisection", "samples"});
    email::plot_request p;
    if (const json_node* m = r.find("metrics")) {
      if (m->type == kind::string && m->text == "changed") {
        p.metrics_from = email::plot_request::which::changed;
      } else if (m->type == kind::string && m->text == "none") {
        p.metrics_from = email::plot_request::which::none;
      } else if (m->type == kind::array) {
        p.metrics_from = email::plot_request::which::listed;
        p.metrics = metric_list(r, "metrics");
      } else {
        r.fail("metrics", *m, "must be a list of metric names, \"changed\" or \"none\"");
      }
    }
    p.style = r.string_or("style", "");
    const auto look = p.style.empty() ? std::optional{email::plot_look_of(doc.layout.era, doc.dialect)}
                                      : plot::parse_look(p.style);
    if (!look) r.fail("style", *r.find("style"), fmt::format("unknown style {}", text::quoted(p.style)));
    const bool gnuplot = plot::is_gnuplot(*look);
    p.width = r.int_or("width", 80, gnuplot ? plot::min_gnuplot_width : plot::min_unicode_width, plot::max_plot_width);
    p.height =
        r.int_or("height", 20, gnuplot ? plot::min_gnuplot_height : plot::min_unicode_height, plot::max_plot_height);
    if (const json_node* b = r.find("bisection")) {
      if (b->type != kind::array) r.fail("bisection", *b, "must be a list of tested commits");
      for (std::size_t i = 0; i < b->items.size(); ++i) {
        const std::string path = fmt::format("plots.bisection[{}]", i);
        const object_reader br(*doc_, b->items[i], path, {"commit", "verdict", "results"});
        email::bisect_point point;
        point.commit = br.string_or("commit", "");
        const std::string verdict = br.choice_or("verdict", "", {"good", "bad"});
        if (verdict.empty()) (void)br.require("verdict");
        point.good = verdict == "good";
        point.data = read_source(br.require("results"), path + ".results");
        p.bisection.push_back(std::move(point));
      }
    }
    if (const json_node* s = r.find("samples")) {
      if (s->type != kind::object) r.fail("samples", *s, "must map metric names to {\"good\": [...], \"bad\": [...]}");
      for (const auto& member : s->members) {
        // Keys are metric names, printed as plot titles: the one rule for names applies.
        if (const auto problem = detail::metric_name_problem(member.key, limits_))
          doc_->fail(member.key_offset, "plots.samples", *problem);
        // The key in the path as written, cut as quoted input is cut, so the reason follows a long one.
        std::string shown{text::excerpt_of(member.key, text::quoted_characters)};
        if (shown.size() < member.key.size()) shown += "...";
        const std::string path = fmt::format("plots.samples.{}", shown);
        const object_reader sr(*doc_, member.value, path, {"good", "bad"});
        email::plot_samples samples{member.key, read_samples(sr.find("good"), path + ".good"),
                                    read_samples(sr.find("bad"), path + ".bad")};
        sample_keys_.push_back({member.key, member.key_offset, path});
        p.samples.push_back(std::move(samples));
      }
    }
    return p;
  }

  /// The document's words over `t`, the layout's (the robot's, or the project layout's).
  email::body_text read_text(const json_node& node, email::current_blocks& blocks, email::body_text t) const {
    const object_reader r(*doc_, node, "text",
                          {"greeting", "reproduce", "reproduce_commands", "reproduce_place", "empty_lines", "legend",
                           "disclaimer", "closing", "signature", "preamble", "tags", "details_line", "reported_by",
                           "closes_url", "materials_url"});
    blocks.preamble = r.string_list("preamble");
    if (r.find("tags") != nullptr) blocks.tags = r.bool_or("tags", true);
    blocks.reported_by = r.string_or("reported_by", blocks.reported_by);
    blocks.closes_url = r.string_or("closes_url", blocks.closes_url);
    blocks.materials_url = r.string_or("materials_url", blocks.materials_url);
    t.greeting = r.string_or("greeting", t.greeting);
    blocks.details_line = r.bool_or("details_line", true);
    if (const json_node* rep = r.find("reproduce")) {
      if (rep->type == kind::boolean) blocks.reproduce = rep->boolean;
      if (rep->type == kind::boolean)
        t.reproduce_repository =
            rep->boolean ? std::optional<std::string>{std::string{email::robot_lkp_repository}} : std::nullopt;
      else if (rep->type == kind::string)
        t.reproduce_repository = rep->text;
      else
        r.fail("reproduce", *rep, "must be a repository URL, true or false");
    }
    if (r.find("reproduce_commands") != nullptr)
      blocks.reproduce_commands = r.enum_or("reproduce_commands", email::reproduce_form::none,
                                            email::reproduce_form_names);
    blocks.reproduce_after_tables =
        r.choice_or("reproduce_place", "before-tables", {"before-tables", "after-tables"}) == "after-tables";
    if (const json_node* lines = r.find("empty_lines")) {
      if (lines->type != kind::object) r.fail("empty_lines", *lines, "must be an object");
      const object_reader counts(*doc_, *lines, r.path("empty_lines"),
                                 {"leading", "after_parameters", "before_disclaimer", "trailing"});
      const auto count = [&](std::string_view key) -> std::optional<int> {
        if (counts.find(key) == nullptr) return std::nullopt;
        return counts.int_or(key, 0, 0, 9);
      };
      blocks.empty_lines = {count("leading"), count("after_parameters"), count("before_disclaimer"), count("trailing")};
    }
    t.legend = r.bool_or("legend", t.legend);
    t.disclaimer = r.string_or("disclaimer", t.disclaimer);
    t.closing = r.string_or("closing", t.closing);
    t.signature = r.string_or("signature", t.signature);
    return t;
  }

  void read_mail(const json_node& node, email::report_document& doc) const {
    const object_reader r(*doc_, node, "mail",
                          {"from", "to", "cc", "subject", "date", "message_id", "in_reply_to", "references", "tag",
                           "spaces_after_colon", "spaces_after_bracket", "attachments"});
    doc.blocks.spaces_after_colon = r.int_or("spaces_after_colon", 2, 1, 2);
    doc.blocks.spaces_after_bracket = r.int_or("spaces_after_bracket", 2, 1, 2);
    // Attachments are files in the document's directory, as its results are; --format mbox reads them.
    // A document cannot attach a file from elsewhere (an absolute path, `..`, a link that leads out):
    // a document from someone else must not be able to put the user's own files into a message the user
    // sends. `--attach` names any file, as the user chooses. A document read from standard input has no
    // directory: the working directory is the user's, not the document's, so it attaches nothing itself.
    const std::vector<std::string> attachments = r.string_list("attachments");
    if (!attachments.empty() && !own_directory_)
      r.fail("attachments", *r.find("attachments"),
             "a document read from standard input has no directory of its own and attaches no files; "
             "name them with --attach");
    // The directory and each file are made absolute before they are resolved: a document named without
    // a directory (`report d.json`) has the empty path for it, and weakly_canonical keeps a relative path
    // none of which exists relative, so a missing file seemed to lie outside the (absolute) directory
    // instead of being named as missing when read. A directory that cannot be resolved holds nothing the
    // document may attach.
    const std::filesystem::path dir = base_dir_.empty() ? std::filesystem::path{"."} : base_dir_;
    std::error_code home_error;
    std::filesystem::path home = std::filesystem::absolute(dir, home_error);
    if (!home_error) home = std::filesystem::weakly_canonical(home, home_error);
    std::error_code error;
    for (std::size_t i = 0; i < attachments.size(); ++i) {
      const auto refuse = [&](std::string_view problem) {
        doc_->fail(*r.find("attachments"), fmt::format("{}[{}]", r.path("attachments"), i), problem);
      };
      if (attachments[i].empty()) refuse("must name a file");
      const std::filesystem::path given{attachments[i]};
      bool climbs = given.is_absolute();
      for (const auto& part : given) climbs = climbs || part == "..";
      std::filesystem::path resolved = std::filesystem::absolute(dir / given, error);
      if (!error) resolved = std::filesystem::weakly_canonical(resolved, error);
      const auto [home_end, resolved_at] = std::mismatch(home.begin(), home.end(), resolved.begin(), resolved.end());
      if (climbs || home_error || error || home_end != home.end())
        refuse("must be a file in the document's directory or below it (give any other file with --attach)");
      try {
        email::check_attachment_name(given.filename().string());
      } catch (const email::mail_header_error& e) {
        refuse(e.problem());
      }
      doc.attachments.push_back((base_dir_ / given).string());
    }
    doc.mail.from = r.string_or("from", doc.mail.from);
    doc.mail.to = r.string_list("to");
    doc.mail.cc = r.string_list("cc");
    doc.mail.subject = r.string_or("subject", "");
    doc.mail.date = r.string_or("date", "");
    doc.mail.message_id = r.string_or("message_id", "");
    doc.mail.in_reply_to = r.string_or("in_reply_to", "");
    doc.mail.references = r.string_list("references");
    doc.subject_tag = r.string_or("tag", "");
    // Headers are checked here, where the field's place is known, by the functions that write them
    // (email/mbox.hpp): an address without @ is a mistake in the document, not in the message.
    const auto check = [&](std::string_view key, std::size_t item, auto write) {
      try {
        write();
      } catch (const email::mail_header_error& e) {
        const json_node& v = *r.find(key);
        const bool listed = v.type == kind::array;
        doc_->fail(listed ? v.items[item] : v, listed ? fmt::format("{}[{}]", r.path(key), item) : r.path(key),
                   e.problem());
      }
    };
    if (r.find("from") != nullptr) check("from", 0, [&] { (void)email::parse_mailbox("From", doc.mail.from); });
    for (std::size_t i = 0; i < doc.mail.to.size(); ++i)
      check("to", i, [&] { (void)email::parse_mailbox("To", doc.mail.to[i]); });
    for (std::size_t i = 0; i < doc.mail.cc.size(); ++i)
      check("cc", i, [&] { (void)email::parse_mailbox("Cc", doc.mail.cc[i]); });
    if (!doc.mail.date.empty()) check("date", 0, [&] { (void)email::date_header(doc.mail.date); });
    if (!doc.mail.message_id.empty())
      check("message_id", 0, [&] { (void)email::msg_id_header("Message-ID", doc.mail.message_id); });
    if (!doc.mail.in_reply_to.empty())
      check("in_reply_to", 0, [&] { (void)email::msg_id_header("In-Reply-To", doc.mail.in_reply_to); });
    for (std::size_t i = 0; i < doc.mail.references.size(); ++i)
      check("references", i, [&] { (void)email::msg_id_header("References", doc.mail.references[i]); });
  }

  std::vector<direction_rule> read_directions(const json_node& node) const {
    if (node.type != kind::array) doc_->fail(node, "directions", "must be a list of {\"match\", \"text\", \"better\"} rules");
    std::vector<direction_rule> out;
    for (std::size_t i = 0; i < node.items.size(); ++i) {
      const std::string path = fmt::format("directions[{}]", i);
      const object_reader r(*doc_, node.items[i], path, {"match", "text", "better"});
      direction_rule rule{};
      rule.name.how = r.enum_or("match", name_match::exact, name_match_names);
      rule.name.text = r.required_string("text");
      // A pattern is checked here, where its place is known, by the engine that will match it.
      if (rule.name.how == name_match::pattern || rule.name.how == name_match::search)
        if (const auto problem = regex_problem(rule.name.text))
          r.fail("text", *r.find("text"),
                 fmt::format("the name rule {} is not a regular expression: {}", text::quoted(rule.name.text),
                             *problem));
      if (r.find("better") == nullptr) (void)r.require("better");
      rule.direction = r.enum_or("better", better::higher, better_names);
      out.push_back(std::move(rule));
    }
    return out;
  }

  /// Every metric the document names must be in its results: a misspelt name would otherwise print a
  /// report without the row, plot or headline it asked for.
  void check_references(const email::report_document& doc) const {
    const auto in_results = [&](const std::string& name) {
      if (doc.base_results.data->contains(name)) return true;
      for (const auto& head : doc.head_results)
        if (head.data->contains(name)) return true;
      for (const auto& point : doc.plots.bisection)
        if (point.data.data->contains(name)) return true;
      return false;
    };
    const auto given_samples = [&](const std::string& name) {
      for (const auto& s : doc.plots.samples)
        if (s.metric == name) return true;
      return false;
    };
    for (const auto& ref : references_) {
      // A plot may be drawn from samples given directly, with no results behind them.
      const bool plotted = ref.path.starts_with("plots.metrics");
      if (in_results(ref.name) || (plotted && given_samples(ref.name))) continue;
      doc_->fail(ref.offset, ref.path, fmt::format("no results have the metric {}", text::quoted(ref.name)));
    }
    for (const auto& key : sample_keys_) {
      const bool listed = std::find(doc.plots.metrics.begin(), doc.plots.metrics.end(), key.name) != doc.plots.metrics.end();
      if (listed || (doc.plots.metrics_from == email::plot_request::which::changed && in_results(key.name))) continue;
      doc_->fail(key.offset, key.path,
                 doc.plots.metrics_from == email::plot_request::which::listed
                     ? "samples for a metric that plots.metrics does not list"
                     : fmt::format("samples for a metric that no results have and no plot draws"));
    }
  }

  std::string source_;
  std::filesystem::path base_dir_;
  load_limits limits_;
  bool own_directory_ = true;
  results_loader loader_{limits_};  // the document's result files, one after the other
  const document_context* doc_ = nullptr;
  std::vector<metric_reference> references_;
  std::vector<metric_reference> sample_keys_;
};

}  // namespace

email::report_document parse_report(std::string_view json_text, std::string_view source,
                                     const std::filesystem::path& base_dir, const load_limits& limits) {
  return report_parser(std::string{source}, base_dir, limits).parse(json_text);
}

email::report_document load_report(const std::filesystem::path& file, const load_limits& limits) {
  const std::string text = read_text(file, limits.max_file_bytes);
  const bool from_standard_input = file == standard_input_path;
  const std::filesystem::path base = from_standard_input ? std::filesystem::path{} : file.parent_path();
  return report_parser(input_name(file), base, limits, !from_standard_input).parse(text);
}

}  // namespace perfmail::io
