// Report documents are small, so nlohmann_json's ordered DOM reads them: it keeps the order of the
// test parameters and axes, which the email prints as written.

#include "perfmail/io/report_json.hpp"

#include "perfmail/error.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <iterator>
#include <set>
#include <sstream>

namespace perfmail::io {
namespace {

using json = nlohmann::ordered_json;

/// Reads one JSON object, remembering which fields were read, so unknown ones can be named.
class object_reader {
 public:
  object_reader(const json& value, std::string path, const std::string& file)
      : value_(value), path_(std::move(path)), file_(file) {
    if (!value_.is_object()) {
      if (path_.empty()) throw input_error(file_, "the top level must be a JSON object (see docs/REPORT.md)");
      fail(path_, "must be a JSON object");
    }
  }

  [[noreturn]] void fail(const std::string& field, std::string_view problem) const {
    throw input_error(file_, input_place::named(fmt::format("field \"{}\"", field)), problem);
  }

  [[nodiscard]] std::string field_path(std::string_view key) const {
    return path_.empty() ? std::string{key} : fmt::format("{}.{}", path_, key);
  }

  const json* find(std::string_view key) {
    const auto it = value_.find(std::string{key});
    if (it == value_.end()) return nullptr;
    used_.insert(std::string{key});
    return &*it;
  }

  const json& require(std::string_view key) {
    const json* v = find(key);
    if (v == nullptr) fail(field_path(key), "missing");
    return *v;
  }

  std::string string_or(std::string_view key, std::string fallback) {
    const json* v = find(key);
    if (v == nullptr) return fallback;
    if (!v->is_string()) fail(field_path(key), "must be a string");
    return v->get<std::string>();
  }

  std::string required_string(std::string_view key) {
    const json& v = require(key);
    if (!v.is_string()) fail(field_path(key), "must be a string");
    return v.get<std::string>();
  }

  bool bool_or(std::string_view key, bool fallback) {
    const json* v = find(key);
    if (v == nullptr) return fallback;
    if (!v->is_boolean()) fail(field_path(key), "must be true or false");
    return v->get<bool>();
  }

  std::optional<double> number(std::string_view key) {
    const json* v = find(key);
    if (v == nullptr) return std::nullopt;
    if (!v->is_number()) fail(field_path(key), "must be a number");
    return v->get<double>();
  }

  int positive_int_or(std::string_view key, int fallback, int max) {
    const json* v = find(key);
    if (v == nullptr) return fallback;
    if (!v->is_number_integer() || v->get<long long>() < 1 || v->get<long long>() > max)
      fail(field_path(key), fmt::format("must be a whole number from 1 to {}", max));
    return v->get<int>();
  }

  std::vector<std::string> string_list(std::string_view key) {
    const json* v = find(key);
    if (v == nullptr) return {};
    if (v->is_string()) return {v->get<std::string>()};
    if (!v->is_array()) fail(field_path(key), "must be a list of strings");
    std::vector<std::string> out;
    for (const auto& item : *v) {
      if (!item.is_string()) fail(field_path(key), "must be a list of strings");
      out.push_back(item.get<std::string>());
    }
    return out;
  }

  /// Every field of the object must have been read: a misspelt one is an error, never ignored.
  void finish() const {
    for (const auto& [key, _] : value_.items())
      if (!used_.contains(key)) fail(field_path(key), "unknown field");
  }

 private:
  const json& value_;
  std::string path_;
  const std::string& file_;
  std::set<std::string> used_;
};

class report_parser {
 public:
  report_parser(std::string source, std::filesystem::path base_dir, const load_limits& limits)
      : file_(std::move(source)), base_dir_(std::move(base_dir)), limits_(limits) {}

  email::report_document parse(std::string_view text) {
    json root;
    try {
      root = json::parse(text.begin(), text.end());
    } catch (const json::parse_error& e) {
      throw input_error(file_, place_of_byte(text, e.byte), fmt::format("invalid JSON: {}", plain_message(e)));
    } catch (const json::out_of_range& e) {
      // A number beyond the range of a double (1e400): the parser names the token but not its place.
      throw number_out_of_range(text, e);
    }
    object_reader r(root, "", file_);
    email::report_document doc;

    const auto dialect = r.required_string("dialect");
    if (dialect == "classic")
      doc.dialect = table_dialect::classic;
    else if (dialect == "modern")
      doc.dialect = table_dialect::modern;
    else
      r.fail("dialect", "must be \"classic\" or \"modern\"");

    doc.head = read_commit(r.require("commit"), "commit", true);
    doc.base = read_commit(r.require("base_commit"), "base_commit", false);
    doc.test = read_test(r.require("test"));
    if (const json* m = r.find("machine")) {
      object_reader mr(*m, "machine", file_);
      doc.machine.name = mr.string_or("name", "");
      doc.machine.description = mr.string_or("description", "");
      mr.finish();
    }
    if (const json* g = r.find("group")) doc.group = read_group(*g);
    read_results(r.require("results"), doc);
    if (const json* t = r.find("table")) doc.table = read_table(*t);
    if (const json* p = r.find("plots")) doc.plots = read_plots(*p);
    if (const json* h = r.find("headline")) {
      object_reader hr(*h, "headline", file_);
      doc.headline.metric = hr.string_or("metric", "");
      doc.headline.word = hr.string_or("word", "");
      doc.headline.lead = hr.string_or("lead", "");
      hr.finish();
    }
    if (const json* t = r.find("text")) doc.text = read_text(*t);
    if (const json* m = r.find("mail")) read_mail(*m, doc);
    if (const json* d = r.find("directions")) doc.directions = read_directions(*d);
    r.finish();
    return doc;
  }

 private:
  static input_place place_of_byte(std::string_view text, std::size_t byte) {
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i + 1 < byte && i < text.size(); ++i) {
      if (text[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    return input_place::at(line, column);
  }

  /// The error for a number the parser could not hold, placed at the first occurrence of its token.
  input_error number_out_of_range(std::string_view text, const json::out_of_range& e) const {
    const std::string message = e.what();
    const auto open = message.find('\'');
    const auto close = open == std::string::npos ? std::string::npos : message.find('\'', open + 1);
    if (close == std::string::npos) return input_error(file_, "a number that is not a finite double (out of range)");
    const std::string token = message.substr(open + 1, close - open - 1);
    const auto at = text.find(token);
    return input_error(file_, at == std::string_view::npos ? input_place{} : place_of_byte(text, at + 1),
                       fmt::format("a number that is not a finite double (out of range): {}", token));
  }

  /// nlohmann's message without its "[json.exception.parse_error.101] parse error at line 1, column 2: "
  /// prefix, since the place is reported separately.
  static std::string plain_message(const json::parse_error& e) {
    std::string message = e.what();
    if (const auto colon = message.find(": "); colon != std::string::npos) message = message.substr(colon + 2);
    return message;
  }

  commit read_commit(const json& value, const std::string& path, bool need_subject) {
    object_reader r(value, path, file_);
    commit c;
    c.id = r.required_string("id");
    if (c.id.empty()) r.fail(path + ".id", "must not be empty");
    c.subject = need_subject ? r.required_string("subject") : r.string_or("subject", "");
    c.url = r.string_or("url", "");
    c.branch = r.string_or("branch", "");
    r.finish();
    return c;
  }

  std::vector<parameter> read_parameters(const json& value, const std::string& path) {
    std::vector<parameter> out;
    if (value.is_object()) {
      for (const auto& [key, v] : value.items()) {
        if (!v.is_string() && !v.is_number()) r_fail(fmt::format("{}.{}", path, key), "must be a string or number");
        out.push_back({key, v.is_string() ? v.get<std::string>() : v.dump()});
      }
      return out;
    }
    r_fail(path, "must be an object of key: value pairs, in the order to print");
  }

  [[noreturn]] void r_fail(const std::string& field, std::string_view problem) const {
    throw input_error(file_, input_place::named(fmt::format("field \"{}\"", field)), problem);
  }

  test_case read_test(const json& value) {
    object_reader r(value, "test", file_);
    test_case t;
    t.name = r.required_string("name");
    if (const json* p = r.find("parameters")) t.parameters = read_parameters(*p, "test.parameters");
    t.description = r.string_or("description", "");
    t.url = r.string_or("url", "");
    r.finish();
    return t;
  }

  email::group_header read_group(const json& value) {
    object_reader r(value, "group", file_);
    email::group_header g;
    g.testcase = r.string_or("testcase", "");
    g.path_params = r.string_or("path_params", "");
    g.tbox_group = r.string_or("tbox_group", "");
    if (const json* a = r.find("axes")) g.axes = read_parameters(*a, "group.axes");
    r.finish();
    return g;
  }

  email::results read_source(const json& value, const std::string& path) {
    if (value.is_string()) {
      const std::filesystem::path p = base_dir_ / value.get<std::string>();
      return {p.string(), loader_.load(p)};
    }
    if (value.is_object()) {
      const std::string text = value.dump();
      return {fmt::format("{} ({})", file_, path), parse_matrix(text, fmt::format("{} (field \"{}\")", file_, path))};
    }
    r_fail(path, "must be a path to a matrix.json or run directory, or an inline matrix object");
  }

  void read_results(const json& value, email::report_document& doc) {
    object_reader r(value, "results", file_);
    doc.base_results = read_source(r.require("base"), "results.base");
    const json& head = r.require("head");
    if (head.is_array()) {
      if (head.empty()) r.fail("results.head", "must name at least one result");
      for (std::size_t i = 0; i < head.size(); ++i)
        doc.head_results.push_back(read_source(head[i], fmt::format("results.head[{}]", i)));
    } else {
      doc.head_results.push_back(read_source(head, "results.head"));
    }
    r.finish();
  }

  email::table_request read_table(const json& value) {
    object_reader r(value, "table", file_);
    email::table_request t;
    const auto order = r.string_or("order", "given");
    if (order == "given")
      t.row_order = email::table_request::order::given;
    else if (order == "robot")
      t.row_order = email::table_request::order::robot;
    else
      r.fail("table.order", "must be \"given\" or \"robot\"");
    t.rows = r.string_list("rows");
    t.all = r.bool_or("all", false);
    t.keep_noise = r.bool_or("keep_noise", false);
    t.policy = r.string_or("policy", "robot");
    if (t.policy != "robot" && t.policy != "utest" && t.policy != "ttest")
      r.fail("table.policy", "must be \"robot\", \"utest\" or \"ttest\"");
    t.alpha = r.number("alpha");
    t.distance = r.number("distance");
    t.gap = r.number("gap");
    t.variance = r.number("variance");
    r.finish();
    return t;
  }

  std::optional<std::vector<double>> read_samples(const json* value, const std::string& path) {
    if (value == nullptr || value->is_null()) return std::nullopt;
    if (!value->is_array()) r_fail(path, "must be a list of numbers, or null for an absent data set");
    std::vector<double> out;
    for (const auto& v : *value) {
      if (v.is_number())
        out.push_back(v.get<double>());
      else if (v.is_null())
        out.push_back(std::numeric_limits<double>::quiet_NaN());  // an undefined sample: a gap in the plot
      else
        r_fail(path, "must hold only numbers (or null for an undefined sample)");
    }
    return out;
  }

  email::plot_request read_plots(const json& value) {
    object_reader r(value, "plots", file_);
    email::plot_request p;
    if (const json* m = r.find("metrics")) {
      if (m->is_string() && m->get<std::string>() == "changed")
        p.metrics_from = email::plot_request::which::changed;
      else if (m->is_string() && m->get<std::string>() == "none")
        p.metrics_from = email::plot_request::which::none;
      else if (m->is_array()) {
        p.metrics_from = email::plot_request::which::listed;
        p.metrics = r.string_list("metrics");
      } else {
        r.fail("plots.metrics", "must be a list of metric names, \"changed\" or \"none\"");
      }
    }
    p.style = r.string_or("style", "");
    p.width = r.positive_int_or("width", 80, 1000);
    p.height = r.positive_int_or("height", 20, 1000);
    if (const json* b = r.find("bisection")) {
      if (!b->is_array()) r.fail("plots.bisection", "must be a list of tested commits");
      for (std::size_t i = 0; i < b->size(); ++i) {
        const std::string path = fmt::format("plots.bisection[{}]", i);
        object_reader br((*b)[i], path, file_);
        email::bisect_point point;
        point.commit = br.string_or("commit", "");
        const auto verdict = br.required_string("verdict");
        if (verdict != "good" && verdict != "bad") br.fail(path + ".verdict", "must be \"good\" or \"bad\"");
        point.good = verdict == "good";
        point.data = read_source(br.require("results"), path + ".results");
        br.finish();
        p.bisection.push_back(std::move(point));
      }
    }
    if (const json* s = r.find("samples")) {
      if (!s->is_object()) r.fail("plots.samples", "must map metric names to {\"good\": [...], \"bad\": [...]}");
      for (const auto& [metric, sets] : s->items()) {
        const std::string path = fmt::format("plots.samples.{}", metric);
        object_reader sr(sets, path, file_);
        email::plot_samples samples{metric, read_samples(sr.find("good"), path + ".good"),
                                    read_samples(sr.find("bad"), path + ".bad")};
        sr.finish();
        p.samples.push_back(std::move(samples));
      }
    }
    r.finish();
    return p;
  }

  email::body_text read_text(const json& value) {
    object_reader r(value, "text", file_);
    email::body_text t;
    t.greeting = r.string_or("greeting", t.greeting);
    if (const json* rep = r.find("reproduce")) {
      if (rep->is_boolean())
        t.reproduce_repository =
            rep->get<bool>() ? std::optional<std::string>{std::string{email::robot_lkp_repository}} : std::nullopt;
      else if (rep->is_string())
        t.reproduce_repository = rep->get<std::string>();
      else
        r.fail("text.reproduce", "must be a repository URL, true or false");
    }
    t.legend = r.bool_or("legend", t.legend);
    t.disclaimer = r.string_or("disclaimer", t.disclaimer);
    t.closing = r.string_or("closing", t.closing);
    t.signature = r.string_or("signature", t.signature);
    r.finish();
    return t;
  }

  void read_mail(const json& value, email::report_document& doc) {
    object_reader r(value, "mail", file_);
    doc.mail.from = r.string_or("from", doc.mail.from);
    doc.mail.to = r.string_list("to");
    doc.mail.cc = r.string_list("cc");
    doc.mail.subject = r.string_or("subject", "");
    doc.mail.date = r.string_or("date", "");
    doc.mail.message_id = r.string_or("message_id", "");
    doc.mail.in_reply_to = r.string_or("in_reply_to", "");
    doc.subject_tag = r.string_or("tag", "");
    r.finish();
  }

  std::vector<email::direction_rule> read_directions(const json& value) {
    if (!value.is_array()) r_fail("directions", "must be a list of {\"match\", \"text\", \"better\"} rules");
    std::vector<email::direction_rule> out;
    for (std::size_t i = 0; i < value.size(); ++i) {
      const std::string path = fmt::format("directions[{}]", i);
      object_reader r(value[i], path, file_);
      email::direction_rule rule{};
      const auto kind = r.string_or("match", "exact");
      if (kind == "exact") rule.kind = email::match_kind::exact;
      else if (kind == "prefix") rule.kind = email::match_kind::prefix;
      else if (kind == "suffix") rule.kind = email::match_kind::suffix;
      else if (kind == "contains") rule.kind = email::match_kind::contains;
      else r.fail(path + ".match", "must be exact, prefix, suffix or contains");
      rule.text = r.required_string("text");
      const auto better = r.required_string("better");
      if (better == "higher") rule.direction = email::better::higher;
      else if (better == "lower") rule.direction = email::better::lower;
      else r.fail(path + ".better", "must be \"higher\" or \"lower\"");
      r.finish();
      out.push_back(std::move(rule));
    }
    return out;
  }

  std::string file_;
  std::filesystem::path base_dir_;
  load_limits limits_;
  results_loader loader_{limits_};  // the document's result files, one after the other
};

}  // namespace

email::report_document parse_report(std::string_view json_text, std::string_view source,
                                     const std::filesystem::path& base_dir, const load_limits& limits) {
  return report_parser(std::string{source}, base_dir, limits).parse(json_text);
}

email::report_document load_report(const std::filesystem::path& file, const load_limits& limits) {
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) throw input_error(file.string(), "no such file");
  if (std::filesystem::is_directory(file, ec)) throw input_error(file.string(), "is a directory, expected a file");
  const auto size = std::filesystem::file_size(file, ec);
  if (!ec && size > limits.max_file_bytes)
    throw input_error(file.string(), fmt::format("file of {} bytes is larger than the limit of {} bytes", size,
                                                 limits.max_file_bytes));
  std::ifstream in(file, std::ios::binary);
  if (!in) throw input_error(file.string(), "cannot open for reading");
  const std::string text{std::istreambuf_iterator<char>(in), {}};
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) throw input_error(file.string(), "empty file");
  return parse_report(text, file.string(), file.parent_path(), limits);
}

}  // namespace perfmail::io
