// The emails of 2020 on (FORMAT-current.md section 7): the blocks in their order, with the switches of
// the document's layout (email/layout.hpp). The seeds' layouts are in compose.cpp.

#include "compose_parts.hpp"

#include "perfmail/email/body.hpp"
#include "perfmail/email/box.hpp"
#include "perfmail/email/headline.hpp"
#include "perfmail/email/mbox.hpp"
#include "perfmail/error.hpp"
#include "perfmail/table/render.hpp"
#include "perfmail/text/printable.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace perfmail::email {
namespace {

using text::line_breaks;
using text::printable;

/// A commit subject without a leading `[PATCH ...]` (the tables and the subsystem leave it out).
std::string_view without_patch_prefix(std::string_view subject) {
  if (subject.starts_with('[')) {
    const auto close = subject.find(']');
    if (close != std::string_view::npos) {
      subject.remove_prefix(close + 1);
      while (subject.starts_with(' ')) subject.remove_prefix(1);
    }
  }
  return subject;
}

/// The line under `commit: ` that names a commit: its tag, `<10-hex> ("<subject>")`, or its id.
std::string commit_line(const commit& c, const commit_names& names) {
  if (!names.tag.empty()) return names.tag;
  if (c.subject.empty()) return c.id;
  return fmt::format("{} (\"{}\")", c.short_id(10), without_patch_prefix(c.subject));
}

}  // namespace

table_header detail::current_table_header(const report_document& doc, const test_case& test,
                                          const test_machine& machine, const group_header& group,
                                          std::span<const results> heads) {
  table_header h;
  h.testcase = test.name;
  h.tbox_group = group.tbox_group.empty() ? machine.name : group.tbox_group;
  if (!group.axes.empty()) {
    for (const auto& axis : group.axes) h.axes.emplace_back(axis.key, axis.value);
  } else {
    // No axes given: the job's own (its parameters, the machine and the test case), as lkp-tests names
    // a result.
    for (const auto& p : test.parameters) h.axes.emplace_back(p.key, p.value);
    if (!h.tbox_group.empty()) h.axes.emplace_back("tbox_group", h.tbox_group);
    h.axes.emplace_back("testcase", h.testcase);
  }
  name_current_commits(doc, heads, h);
  return h;
}

void detail::name_current_commits(const report_document& doc, std::span<const results> heads, table_header& h) {
  h.commits = {doc.base_names.tag.empty() ? doc.base.id : doc.base_names.tag,
               doc.head_names.tag.empty() ? doc.head.id : doc.head_names.tag};
  h.commit_lines = {commit_line(doc.base, doc.base_names), commit_line(doc.head, doc.head_names)};
  // Further compared columns are named after where their results came from.
  for (std::size_t i = 1; i < heads.size(); ++i) {
    h.commits.push_back(heads[i].origin);
    h.commit_lines.push_back(heads[i].origin);
  }
}

namespace {

/// One table of the email: what it compares, and what it printed.
struct section_input {
  const test_case* test;
  const test_machine* machine;
  const group_header* group;
  const results* base;
  const std::vector<results>* heads;
  const table_section* table;
  std::string metric;
  std::string word;
  std::string metric_field;  ///< the document field naming the metric, for messages
  std::string word_field;    ///< the field of the word
};

struct section_output {
  std::shared_ptr<comparison> table = std::make_shared<comparison>();
  table_header header;
  std::vector<const comparison_row*> rows;
  std::string text;
  const comparison_row* metric_row = nullptr;
  std::string change;  ///< the metric's change as the table prints it, without a `+`: `-36.6%`, `8.2%`
  change_verdict verdict = change_verdict::changed;  ///< what the headline calls it
  std::string word;                                  ///< and its word (a document may give its own)
};

table_header section_header(const report_document& doc, const section_input& in) {
  return detail::current_table_header(doc, *in.test, *in.machine, *in.group, *in.heads);
}

section_output compose_section(const report_document& doc, const section_input& in, std::optional<comparison> given) {
  section_output out;
  const table_request request = table_request_of(doc, *in.table);
  *out.table = given ? std::move(*given) : compare(detail::columns_of(*in.base, *in.heads), request.comparison);
  out.rows = detail::rows_to_print(*in.table, *out.table);
  out.header = section_header(doc, in);
  out.text = render_table(doc.dialect, out.header, out.rows);

  if (!in.metric.empty()) {
    out.metric_row = out.table->find(in.metric);
    if (out.metric_row == nullptr)
      throw input_error("report", input_place::named(in.metric_field),
                        fmt::format("no results have the metric {}", text::quoted(in.metric)));
  } else {
    // The most important regression printed, else the first performance row (headline_row_of).
    out.metric_row = headline_row_of(out.rows, request.verdicts());
    if (out.metric_row == nullptr)
      throw usage_error(fmt::format("no performance metric changed: name the metric ({})", in.metric_field));
  }
  out.change = printed_change(doc.dialect, *out.metric_row);
  if (out.change.starts_with('+')) out.change.erase(0, 1);
  out.verdict = headline_verdict(*out.metric_row);
  detail::check_word(in.word, out.verdict, *out.metric_row, in.word_field);
  out.word = !in.word.empty() ? in.word : std::string{headline_word(out.verdict)};
  return out;
}

/// The Message-ID without its angle brackets: the document's, or one in the robot's form derived from
/// the date and the sender: `<YYYYMMDDhhmm>.<hex>-<From address>` until 2024-11-29, and from 2024-11-30
/// `...-lkp@<its domain>` (the robot's ids changed so while its From stayed the same); empty without a
/// date or without a From (the Closes tag and the materials URL name the message, so they are left out
/// then). The From is the one the message is sent with (`perfmail report` resolves it before composing),
/// so that the id the body names is the Message-ID of the mbox.
std::string bare_message_id(const report_document& doc, std::string_view subject) {
  std::string_view id = doc.mail.message_id;
  // A date that cannot be read is refused with its reason, never left to drop what derives from it.
  if (!doc.mail.date.empty()) (void)date_header(doc.mail.date);
  if (id.empty()) {
    const auto minute = minute_of_mail_date(doc.mail.date);
    if (!minute || doc.mail.from.empty()) return {};
    const mailbox sender = parse_mailbox("From", doc.mail.from);
    const auto hash = static_cast<std::uint32_t>(detail::fnv1a(fmt::format("{}\n{}", subject, doc.mail.date)));
    std::string tail = sender.address;
    if (doc.layout.message_id_lkp) tail = "lkp" + tail.substr(tail.rfind('@'));
    return fmt::format("{}.{:x}-{}", *minute, hash, tail);
  }
  if (id.starts_with('<')) id.remove_prefix(1);
  if (id.ends_with('>')) id.remove_suffix(1);
  return std::string{id};
}

/// The subsystem of a commit subject as the current subjects bracket it: the leading run of letters,
/// digits, `_` and `/` after any `[PATCH ...]` (`block/mq-deadline: ...` -> `block/mq`).
std::string_view current_subsystem_of(std::string_view subject) {
  subject = without_patch_prefix(subject);
  std::size_t n = 0;
  while (n < subject.size()) {
    const char c = subject[n];
    const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '/';
    if (!keep) break;
    ++n;
  }
  // A subject that is one word with no `:` after it names no subsystem.
  if (n == subject.size()) return {};
  return subject.substr(0, n);
}

std::vector<std::string_view> signature_lines(signature_form form, const body_text& text) {
  switch (form) {
    case signature_form::thanks_name: return {text.closing, text.signature};
    case signature_form::lkp_plus:
      return {"---",
              "0DAY/LKP+ Test Infrastructure                   Open Source Technology Center",
              "https://lists.01.org/hyperkitty/list/lkp@lists.01.org       Intel Corporation",
              "",
              text.closing,
              text.signature};
    case signature_form::ci_01org: return {"-- ", "0-DAY CI Kernel Test Service", "https://01.org/lkp"};
    case signature_form::ci_lkp_tests:
      return {"-- ", "0-DAY CI Kernel Test Service", "https://github.com/intel/lkp-tests"};
    case signature_form::ci_wiki:
      return {"-- ", "0-DAY CI Kernel Test Service", "https://github.com/intel/lkp-tests/wiki"};
  }
  return {};
}

/// The body as it is written: a line at a time.
struct body_writer {
  std::string out;
  void line(std::string_view s = {}) {
    out += s;
    out += '\n';
  }
  void empty_lines(int n) {
    for (int i = 0; i < n; ++i) line();
  }
};

/// The tables to compose: the primary test's, then one per further test, in box order.
std::vector<section_input> section_inputs(const report_document& doc) {
  std::vector<section_input> inputs;
  inputs.push_back({&doc.test, &doc.machine, &doc.group, &doc.base_results, &doc.head_results, &doc.table,
                    doc.headline.metric, doc.headline.word, "headline.metric", "headline.word"});
  for (std::size_t i = 0; i < doc.further_tests.size(); ++i) {
    const test_section& t = doc.further_tests[i];
    inputs.push_back({&t.test, &t.machine, &t.group, &t.base_results, &t.head_results,
                      t.table ? &*t.table : &doc.table, t.metric, t.word, fmt::format("tests[{}].metric", i),
                      fmt::format("tests[{}].word", i)});
  }
  return inputs;
}

/// A change as the era prints it where its sign is dropped.
std::string signed_as(std::string change, bool with_sign) {
  if (!with_sign && change.starts_with('-')) change.erase(0, 1);
  return change;
}

/// The subject: the document's, `Re: <patch>` for a patch, else
/// `[tag] [tree] [subsystem]  <id>:  <metric> <change> <word>`.
std::string current_subject(const report_document& doc, const section_output& primary) {
  std::string subject = doc.mail.subject;
  if (subject.empty() && !doc.patch.subject.empty() && doc.layout.reply_subject) subject = "Re: " + doc.patch.subject;
  if (!subject.empty()) return subject;
  if (!doc.subject_tag.empty()) subject += fmt::format("[{}] ", doc.subject_tag);
  if (!doc.head_names.tree.empty()) subject += fmt::format("[{}] ", doc.head_names.tree);
  if (const auto subsystem = current_subsystem_of(doc.head.subject); !subsystem.empty())
    subject += fmt::format("[{}] ", subsystem);
  if (!subject.empty() && doc.blocks.spaces_after_bracket > 1) subject += ' ';  // two spaces before the id
  const std::string colon(static_cast<std::size_t>(std::max(doc.blocks.spaces_after_colon, 1)), ' ');
  subject += fmt::format("{}:{}{} {} {}", doc.head.short_id(10), colon, primary.metric_row->name,
                         signed_as(primary.change, doc.layout.subject_signed), primary.word);
  return subject;
}

/// The greeting and the headline: what changed, by how much, and what the commit is.
void write_headline(body_writer& w, const report_document& doc, const section_output& primary) {
  const email_layout& layout = doc.layout;
  const bool fyi = layout.fyi_words;
  if (!doc.blocks.preamble.empty()) {
    w.empty_lines(doc.blocks.empty_lines.leading.value_or(std::max(layout.leading_empty_lines, 1)));
    for (const auto& l : doc.blocks.preamble) w.line(printable(l));
    w.empty_lines(2);
  } else {
    w.empty_lines(doc.blocks.empty_lines.leading.value_or(layout.leading_empty_lines));
  }
  w.line(printable(fyi ? doc.text.greeting : std::string{"Hello,"}, line_breaks::kept));
  w.line();
  const std::string lead = !doc.headline.lead.empty() ? doc.headline.lead : fyi ? "FYI, we noticed" : "kernel test robot noticed";
  w.line(printable(fmt::format("{} a {} {} of {} {}", lead, signed_as(primary.change, layout.headline_signed),
                               primary.word, primary.metric_row->name, fyi ? "due to commit:" : "on:")));
  w.empty_lines(2);
}

/// The commit, and where it is: its tree, or the patch's lines; then the status lines, the tree names
/// padded to the longest.
void write_commit(body_writer& w, const report_document& doc, bool regression) {
  const email_layout& layout = doc.layout;
  w.line(printable(fmt::format("commit: {}", commit_with_subject(doc.head))));
  if (!doc.head.url.empty()) {
    if (doc.head.branch.empty())
      w.line(printable(fmt::format("url: {}", doc.head.url)));
    else
      w.line(printable(fmt::format("{} {}", doc.head.url, doc.head.branch)));
  }
  if (!doc.patch.url.empty()) w.line(printable(fmt::format("url: {}", doc.patch.url)));
  if (!doc.patch.base.empty()) w.line(printable(fmt::format("base: {}", doc.patch.base)));
  if (!doc.patch.link.empty() && layout.patch_link_line) w.line(printable(fmt::format("patch link: {}", doc.patch.link)));
  if (!doc.patch.subject.empty() && layout.patch_subject_line)
    w.line(printable(fmt::format("patch subject: {}", doc.patch.subject)));

  w.line();
  if (!doc.blocks.status.empty()) {
    std::size_t width = 0;
    for (const auto& s : doc.blocks.status) width = std::max(width, s.tree.size());
    for (const auto& s : doc.blocks.status)
      w.line(printable(doc.blocks.status_right_aligned ? fmt::format("[{} {:>{}} {}]", s.what, s.tree, width, s.commit)
                                                       : fmt::format("[{} {:<{}} {}]", s.what, s.tree, width, s.commit)));
    w.line();
  } else if (!regression && layout.improvement_status_gap) {
    w.line();
  }
}

/// The test block: the test case, the machine, the parameters and the description. Whether a
/// description was written (the empty lines after it depend on it).
bool write_test_block(body_writer& w, const report_document& doc) {
  const bool fyi = doc.layout.fyi_words;
  w.line(printable(fmt::format("{}{}", fyi ? "in testcase: " : "testcase: ", doc.test.name)));
  if (!fyi && doc.layout.config_lines) {
    if (!doc.blocks.config.empty()) w.line(printable(fmt::format("config: {}", doc.blocks.config)));
    if (!doc.blocks.compiler.empty()) w.line(printable(fmt::format("compiler: {}", doc.blocks.compiler)));
  }
  if (!doc.machine.description.empty())
    w.line(printable(fmt::format("{}{}", fyi ? "on test machine: " : "test machine: ", doc.machine.description)));
  if (!doc.test.parameters.empty()) {
    w.line(fyi ? "with following parameters:" : "parameters:");
    w.line();
    for (const auto& p : doc.test.parameters) w.line(fmt::format("\t{}", printable(fmt::format("{}: {}", p.key, p.value))));
  }
  const bool described = !doc.test.description.empty() || !doc.test.url.empty();
  if (described) {
    w.line();
    if (!doc.test.description.empty()) w.line(printable(fmt::format("test-description: {}", doc.test.description)));
    if (!doc.test.url.empty()) w.line(printable(fmt::format("test-url: {}", doc.test.url)));
  }
  return described;
}

/// The box of the further tests, one entry per section after the first.
void write_box(body_writer& w, const report_document& doc, std::span<const section_input> inputs,
               std::span<const section_output> sections) {
  w.line("In addition to that, the commit also has significant impact on the following tests:");
  w.line();
  std::vector<box_entry> entries;
  for (std::size_t i = 1; i < sections.size(); ++i) {
    box_entry e;
    e.testcase = inputs[i].test->name;
    e.metric = std::string{sections[i].metric_row->name};
    e.change = sections[i].change;
    e.word = sections[i].word;
    e.machine = inputs[i].machine->description;
    e.parameters = inputs[i].test->parameters;
    entries.push_back(std::move(e));
  }
  w.out += render_box(entries, {doc.layout.box_machine_row, doc.layout.box_minus_as_space});
}

/// The tags a fix should carry (regressions): the reporter is the sender unless the document names
/// one; with neither a reporter nor a message to close, there is no tag to give.
void write_tags(body_writer& w, const report_document& doc, std::string_view message_id) {
  const tags_form form = doc.layout.tags;
  const std::string& reported_by = !doc.blocks.reported_by.empty() ? doc.blocks.reported_by : doc.mail.from;
  const std::string closes = message_id.empty() ? std::string{} : fmt::format("{}/{}", doc.blocks.closes_url, message_id);
  if (reported_by.empty() && (closes.empty() || form == tags_form::reported_by)) return;
  const auto reporter = [&](std::string_view prefix) {
    if (!reported_by.empty()) w.line(printable(fmt::format("{}Reported-by: {}", prefix, reported_by)));
  };
  switch (form) {
    case tags_form::reported_by:
      w.line("If you fix the issue, kindly add following tag");
      reporter("");
      break;
    case tags_form::link:
      w.line("If you fix the issue, kindly add following tag");
      reporter("| ");
      if (!closes.empty()) w.line(printable(fmt::format("| Link: {}", closes)));
      break;
    case tags_form::closes:
      w.line("If you fix the issue in a separate patch/commit (i.e. not just a new version of");
      w.line("the same patch/commit), kindly add following tags");
      reporter("| ");
      if (!closes.empty()) w.line(printable(fmt::format("| Closes: {}", closes)));
      break;
  }
  w.empty_lines(2);
}

/// The `To reproduce:` block: the lkp commands of the form asked for, or of the layout's day.
void write_reproduce_commands(body_writer& w, const report_document& doc, reproduce_form form) {
  w.out += detail::reproduce_block(form, doc.text.reproduce_repository.value_or(std::string{robot_lkp_repository}),
                                   attaches_job_file(doc));
}

/// The reproduce commands' form the report prints, or none for no block.
reproduce_form reproduce_commands_of(const report_document& doc) {
  if (!doc.blocks.reproduce.value_or(true)) return reproduce_form::none;
  return doc.blocks.reproduce_commands.value_or(doc.layout.reproduce);
}

/// "Details are as below", then how to reproduce: the lkp commands (unless they come after the tables),
/// or the materials' URL.
void write_details(body_writer& w, const report_document& doc, const std::string& message_id) {
  const email_layout& layout = doc.layout;
  w.line("Details are as below:");
  if (doc.blocks.details_line) w.line(fmt::format("{:->98}>", ""));
  w.empty_lines(2);
  const reproduce_form form = reproduce_commands_of(doc);
  if (form != reproduce_form::none) {
    if (!doc.blocks.reproduce_after_tables) write_reproduce_commands(w, doc, form);
  } else if (layout.materials_url && !message_id.empty()) {
    // The archive's directory is the day the Message-ID starts with, else the report's date.
    std::string day = message_id.substr(0, 8);
    if (day.size() != 8 || !std::all_of(day.begin(), day.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      const auto d = day_of_mail_date(doc.mail.date);
      day = d ? fmt::format("{}", *d) : std::string{};
    }
    if (!day.empty()) {
      w.line("The kernel config and materials to reproduce are available at:");
      w.line(printable(fmt::format("{}/{}/{}", doc.blocks.materials_url, day, message_id)));
      w.line();
    }
  }
}

/// The tables, the first with the plots, the others after the stars; the plots drawn go to `report`.
void write_tables(body_writer& w, const report_document& doc, std::span<const section_input> inputs,
                  std::span<const section_output> sections, composed_report& report) {
  const email_layout& layout = doc.layout;
  for (std::size_t i = 0; i < sections.size(); ++i) {
    if (i > 0) {
      w.empty_lines(i == 1 ? layout.empty_lines_before_first_stars : layout.empty_lines_before_later_stars);
      w.line(std::string(99, '*'));
      w.line(layout.separator_machine_line
                 ? printable(fmt::format("{}: {}", inputs[i].machine->name, inputs[i].machine->description))
                 : std::string{});
    }
    w.out += sections[i].text;
    if (i > 0) continue;
    detail::plot_block plots = detail::render_plots(doc, sections[0].rows);
    if (!plots.text.empty()) {
      w.line();
      w.out += plots.text;
      if (doc.text.legend) {
        w.line("[*] bisect-good sample");
        w.line("[O] bisect-bad  sample");
      }
      w.line();  // as the table's own closing empty line
    }
    report.plotted = std::move(plots.plotted);
  }
}

/// The reproduce block where it comes after the tables, the disclaimer and the signature.
void write_closing(body_writer& w, const report_document& doc, std::size_t section_count) {
  if (const reproduce_form form = reproduce_commands_of(doc);
      form != reproduce_form::none && doc.blocks.reproduce_after_tables) {
    w.empty_lines(1);
    write_reproduce_commands(w, doc, form);
  }
  // Counting the last table's own closing empty line, as FORMAT-current.md 7.12 does.
  const int before_disclaimer = doc.blocks.empty_lines.before_disclaimer.value_or(section_count > 1 ? 5 : 4);
  w.empty_lines(std::max(before_disclaimer - 1, 0));
  if (!doc.text.disclaimer.empty()) {
    w.line(printable(doc.text.disclaimer, line_breaks::kept));
    w.empty_lines(2);
  }
  for (const auto l : signature_lines(doc.layout.signature, doc.text)) w.line(printable(l, line_breaks::kept));
  w.empty_lines(doc.blocks.empty_lines.trailing.value_or(doc.layout.trailing_empty_lines));
}

}  // namespace

composed_report compose_current(const report_document& doc, std::optional<comparison> primary_table) {
  const std::vector<section_input> inputs = section_inputs(doc);
  std::vector<section_output> sections;
  sections.reserve(inputs.size());
  for (std::size_t i = 0; i < inputs.size(); ++i)
    sections.push_back(compose_section(doc, inputs[i], i == 0 ? std::move(primary_table) : std::nullopt));
  const section_output& primary = sections.front();
  const bool regression = primary.verdict == change_verdict::regression;

  composed_report report;
  report.subject = printable(header_line(current_subject(doc, primary)));
  report.message_id = bare_message_id(doc, report.subject);

  body_writer w;
  write_headline(w, doc, primary);
  write_commit(w, doc, regression);
  const bool described = write_test_block(w, doc);
  const bool tags = doc.blocks.tags.value_or(regression);
  const bool boxed = sections.size() > 1;
  const int after_parameters = boxed ? (described ? 1 : 2) : tags ? (described ? 2 : 4) : 3;
  w.empty_lines(doc.blocks.empty_lines.after_parameters.value_or(after_parameters));
  if (boxed) {
    write_box(w, doc, inputs, sections);
    w.empty_lines(tags ? 2 : 4);
  }
  if (tags) write_tags(w, doc, report.message_id);
  write_details(w, doc, report.message_id);
  write_tables(w, doc, inputs, sections, report);
  write_closing(w, doc, sections.size());

  report.body = std::move(w.out);
  report.headline_metric = std::string{primary.metric_row->name};
  report.table = std::move(*sections.front().table);
  report.rows = std::move(sections.front().rows);
  for (std::size_t i = 1; i < sections.size(); ++i)
    report.further.push_back({inputs[i].test->name, std::string{sections[i].metric_row->name},
                              std::move(sections[i].table), std::move(sections[i].rows),
                              std::move(sections[i].header)});
  return report;
}

}  // namespace perfmail::email
