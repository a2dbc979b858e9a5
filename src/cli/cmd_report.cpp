// perfmail report REPORT.json: the whole email a report document describes; perfmail report --base ROOT
// --head ROOT: the email of two robot result roots, the document made from their job.yaml and options.

#include "footer.hpp"
#include "commands.hpp"
#include "help.hpp"
#include "output.hpp"
#include "process.hpp"
#include "row_choice.hpp"

#include "perfmail/email/compose.hpp"
#include "perfmail/email/mbox.hpp"
#include "perfmail/io/comparison_json.hpp"
#include "perfmail/io/job_yaml.hpp"
#include "perfmail/io/root_report.hpp"
#include "perfmail/io/output_json.hpp"
#include "perfmail/io/read_file.hpp"
#include "perfmail/io/report_json.hpp"

#include <fmt/format.h>

#include <sys/stat.h>

#include <array>
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>


namespace perfmail::cli {

namespace {
struct report_options {
  std::string document;
  std::string format = "text";
  std::string output;
  std::string from;
  fail_on fail = fail_on::never;
  std::vector<std::string> to;
  std::vector<std::string> cc;
  std::vector<std::string> attach;
  // A report of result roots (docs/INPUTS.md, "Robot result roots"): what the roots' job.yaml cannot say.
  std::string base_root;
  std::string head_root;
  std::vector<std::string> plots;
  std::string headline;
  std::string subject;
  std::string url;
  std::string branch;
  std::string layout;
  std::string date;
  std::vector<std::string> higher_better;
  std::vector<std::string> lower_better;
};

/// The options that describe a report of result roots, which a report document says itself.
constexpr std::array<const char*, 10> root_options{"--base",   "--head",   "--plots",  "--headline",
                                                   "--subject", "--url",   "--branch", "--layout",
                                                   "--higher-is-better", "--lower-is-better"};

/// Notes about a report of result roots: what the roots lack is left out of the email, not an error.
/// They are printed once the email is made, so that a refused report prints its one error line alone.
struct report_notes {
  std::vector<std::string> lines;
  void operator()(std::string_view what) { lines.push_back(printable_message(what)); }
  void print() const {
    for (const auto& line : lines) fmt::print(stderr, "perfmail: note: {}\n", line);
  }
};

/// The layout of --layout (a name, or a day YYYY-MM-DD), else the default of a report that names none
/// (email::default_layout: the mail date's day, the project layout for roots that are not the robot's,
/// the newest), and the table dialect that goes with it, as a document's `layout` chooses them.
void choose_layout(const report_options& options, email::report_document& doc, bool robot_roots) {
  const auto layout = email::chosen_layout(
      options.layout.empty() ? std::nullopt : std::optional<std::string_view>(options.layout),
      {.dialect = std::nullopt, .mail_date = doc.mail.date, .robot_roots = robot_roots});
  if (!layout)
    throw usage_error(fmt::format("--layout {}: {}", text::quoted(options.layout), email::layout_name_expected()));
  doc.layout = *layout;
  doc.dialect = email::dialect_of(doc.layout.era);
}

/// The subject of `commit` as git of the working directory knows it; empty when it does not.
std::string git_subject(const std::string& commit) {
  if (commit.empty() || commit.front() == '-') return {};
  const process_result git = run_program({"git", "show", "-s", "--format=%s", commit, "--"}, 64 * 1024, false);
  if (!git.started || !git.exited || git.status != 0) return {};
  std::string subject = git.output;
  while (!subject.empty() && (subject.back() == '\n' || subject.back() == '\r')) subject.pop_back();
  return subject;
}

/// A metric an option names must be in the roots' results: a misspelt name would print an email
/// without the plot or headline asked for.
void require_metric(const email::report_document& doc, std::string_view option, const std::string& metric) {
  if (doc.base_results.data->contains(metric)) return;
  for (const auto& head : doc.head_results)
    if (head.data->contains(metric)) return;
  std::vector<std::string_view> names;
  for (const matrix* m : {doc.base_results.data.get(), doc.head_results.front().data.get()})
    for (const auto& s : m->metrics()) names.push_back(s.name());
  throw usage_error(fmt::format("{} {}: no metric of that name in {} or {}{}", option, text::quoted(metric),
                                doc.base_results.origin, doc.head_results.front().origin, did_you_mean(metric, names)));
}

/// The report document of two result roots: the commits, the test, the machine, the group header and the
/// results from their job.yaml; the commit's subject and tree, the plots, the headline, the layout and the
/// mail from the options. A field neither has is left out of the email, with a note.
email::report_document document_of_roots(const report_options& options, report_notes& note) {
  const io::result_root base = io::load_result_root(options.base_root, input_limits());
  const io::result_root head = io::load_result_root(options.head_root, input_limits());
  // The layout first: what the roots lack depends on what the email of that day prints.
  email::report_document layout_only;
  layout_only.mail.date = options.date;
  if (!options.date.empty()) {
    try {
      (void)email::date_header(options.date);
    } catch (const email::mail_header_error& e) {
      throw usage_error(fmt::format("--date: {}", e.problem()));
    }
  }
  choose_layout(options, layout_only, io::is_robot_root(base) || io::is_robot_root(head));
  io::root_report from_roots =
      io::report_of_roots(base, head, options.base_root, options.head_root, layout_only.layout);
  for (const auto& n : from_roots.notes) note(n);
  email::report_document doc = std::move(from_roots.document);
  doc.mail.date = options.date;

  // What only the options say.
  doc.head.subject = options.subject;
  const bool project = email::is_project_era(doc.layout.era);
  if (doc.head.subject.empty() && project) doc.head.subject = git_subject(doc.head.id);
  if (project && doc.base.subject.empty()) doc.base.subject = git_subject(doc.base.id);
  if (doc.head.subject.empty()) note("no commit subject (--subject): the commit line names the commit alone");
  doc.head.url = options.url;
  doc.head.branch = options.branch;
  if (doc.head.branch.empty() && !options.url.empty()) doc.head.branch = io::branch_after_tree(head.job.branch);
  if (doc.head.url.empty() && !project) note("no tree or branch URL (--url): the email names no tree");
  // The caller's directions (the first rule that matches a metric decides): roots bring none of their own.
  doc.directions = caller_rules_of(options.lower_better, options.higher_better);

  // A project's roots plot what changed (io::judge_as_project_roots) unless --plots names what to plot.
  if (!options.plots.empty()) {
    if (options.plots.size() == 1 && options.plots.front() == "changed") {
      doc.plots.metrics_from = email::plot_request::which::changed;
    } else {
      doc.plots.metrics_from = email::plot_request::which::listed;
      for (const auto& metric : options.plots) require_metric(doc, "--plots", metric);
      doc.plots.metrics = options.plots;
    }
  }
  if (!options.headline.empty()) require_metric(doc, "--headline", options.headline);
  doc.headline.metric = options.headline;
  return doc;
}

/// The report document's field behind a mail header.
std::string mail_field(std::string_view header) {
  if (header == "From") return "mail.from";
  if (header == "To") return "mail.to";
  if (header == "Cc") return "mail.cc";
  if (header == "Date") return "mail.date";
  if (header == "Message-ID") return "mail.message_id";
  if (header == "In-Reply-To") return "mail.in_reply_to";
  if (header == "References") return "mail.references";
  if (header == "attachment") return "mail.attachments";
  return "mail";
}

/// An option value that must be one mailbox for `header`; empty is allowed where `empty_ok` (an empty
/// --to or --cc clears the document's list). The message is the header writer's, so that the option
/// and the document field refuse the same values in the same words.
CLI::Validator mailbox_check(std::string header, bool empty_ok) {
  return CLI::Validator(
      [header = std::move(header), empty_ok](std::string& value) -> std::string {
        if (empty_ok && value.empty()) return {};
        try {
          (void)email::parse_mailbox(header, value);
          return {};
        } catch (const email::mail_header_error& e) {
          return e.problem();
        }
      },
      "");
}

/// A file `--attach` names: a path whose last part is a name a message can carry. Checked as the option
/// is read, so that a mistake in it is blamed on the option, not on the document's mail.attachments.
CLI::Validator attachment_check() {
  return CLI::Validator(
      [](std::string& value) -> std::string {
        if (value.empty()) return "an empty name: give the file to attach";
        if (value == io::standard_input_path)
          return "\"-\": standard input cannot be attached; name a file (./- for a file called -)";
        const std::string name = std::filesystem::path{value}.filename().string();
        if (name.empty()) return fmt::format("{}: names a directory, not a file", text::quoted(value));
        try {
          email::check_attachment_name(name);
          return {};
        } catch (const email::mail_header_error& e) {
          return e.problem();
        }
      },
      "");  // no description: the option names its value
}

/// The files the message carries, read in every format before anything is written: the text and json
/// formats do not attach them, but their body says whether the job file is attached, so a file that
/// cannot be read is refused there too. Each must be a regular file (a FIFO or a device is refused, never
/// waited on) of at most email::attachment_limit_bytes, or --max-input-size when that is less, and all of
/// them together at most email::attachments_total_limit_bytes, the file that crosses it named; sizes are
/// checked before a file is read. A file is attached once: the same file named twice (by the same path,
/// by another path to it, or by the document and by --attach) is refused.
std::vector<email::mail_attachment> read_attachments(const std::vector<std::string>& files) {
  const std::size_t limit = std::min(input_limits().max_file_bytes, email::attachment_limit_bytes);
  const std::size_t total_limit = email::attachments_total_limit_bytes;
  const auto refuse_total = [&](const std::string& file, std::size_t total) {
    throw input_error(file, fmt::format("the attachments come to {} bytes with this file, more than the limit of {} "
                                        "bytes for all of a message's attachments",
                                        total, total_limit));
  };
  // Each file by its device and inode, with the index of the name it was first given under.
  std::map<std::pair<dev_t, ino_t>, std::size_t> seen;
  std::vector<email::mail_attachment> attachments;
  std::size_t total = 0;
  for (std::size_t i = 0; i < files.size(); ++i) {
    const std::string& file = files[i];
    // What cannot be looked at here is refused by the reading, with the system's reason.
    struct stat st {};
    if (::stat(file.c_str(), &st) == 0) {
      const auto [earlier, first] = seen.try_emplace({st.st_dev, st.st_ino}, i);
      if (!first) {
        const std::string& other = files[earlier->second];
        throw input_error(file, other == file ? std::string{"attached twice"}
                                              : fmt::format("attached twice (the same file as {})", other));
      }
      if (S_ISREG(st.st_mode) && static_cast<std::size_t>(st.st_size) <= limit &&
          static_cast<std::size_t>(st.st_size) > total_limit - total)
        refuse_total(file, total + static_cast<std::size_t>(st.st_size));
    }
    std::string content = io::read_regular_file(file, limit, "the attachment limit");
    // A file that grew since it was looked at is counted as read.
    if (content.size() > total_limit - total) refuse_total(file, total + content.size());
    total += content.size();
    attachments.push_back({std::filesystem::path{file}.filename().string(), std::move(content)});
  }
  return attachments;
}

/// The value of `git config --get KEY`: nullopt when git is not installed, the key is not set, or git
/// fails in any other way (none of which is an error until a From is needed and none is found). Git
/// runs without a shell, with the arguments as given, standard input and errors on /dev/null.
std::optional<std::string> git_config(const std::string& key) {
  // A name or an address needs no more than this.
  process_result git = run_program({"git", "config", "--get", key}, 64 * 1024, false);
  if (!git.started || !git.exited || git.status != 0) return std::nullopt;
  std::string out = std::move(git.output);
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  if (out.empty()) return std::nullopt;
  return out;
}

/// The sender when neither --from nor the document names one: $EMAIL (an address, or `Name <address>`),
/// then `git config user.name` and `user.email`, the identity git send-email sends as by default.
/// nullopt when none is set. A value that is set but is not a mailbox is refused, naming where it came
/// from: using the next one would send as someone the user did not choose.
std::optional<std::string> sender_from_environment() {
  const auto checked = [](std::string mailbox, std::string_view source) {
    try {
      (void)email::parse_mailbox("From", mailbox);
    } catch (const email::mail_header_error& e) {
      throw usage_error(fmt::format("the From address from {}: {}; give one with --from \"Name <you@example.org>\"",
                                    source, e.problem()));
    }
    return mailbox;
  };
  if (const char* env = std::getenv("EMAIL"); env != nullptr && *env != '\0')
    return checked(env, "the environment variable EMAIL");
  const auto address = git_config("user.email");
  if (!address) return std::nullopt;
  const auto name = git_config("user.name");
  return checked(name ? fmt::format("{} <{}>", *name, *address) : *address, "git config user.name and user.email");
}

/// Whether the email needs its sender: an mbox names it in From, and the body may name a Message-ID
/// made from it (email::derives_message_id_from_sender).
bool needs_sender(const email::report_document& doc, std::string_view format) {
  return format == "mbox" || email::derives_message_id_from_sender(doc);
}

/// An option's addresses: none given leaves the document's; given, they replace them, empty values
/// dropped (so `--cc ''` sends to no Cc at all).
void override_list(std::vector<std::string>& list, const std::vector<std::string>& given, bool was_given) {
  if (!was_given) return;
  list.clear();
  for (const auto& address : given)
    if (!address.empty()) list.push_back(address);
}
/// What `perfmail report --help` says below the options.
footer report_footer() {
  return {heading("Examples"),
          example({"perfmail report report.json           # the email, as text"}),
          example({"perfmail report report.json --format mbox -o report.mbox"}),
          example({"git send-email report.mbox            # or: sendmail -t < report.mbox"}),
          prose({"The mbox is sent from --from, else the document's mail.from, else $EMAIL, else git's user.name",
                 "and user.email, as git send-email sends; to the document's mail.to and mail.cc, or --to and --cc.",
                 "The document names the commits, the test, the result files, the plots and the words around them;",
                 "'perfmail help document' describes every field. Without a document, from two robot result roots:"}),
          example({"perfmail report --base roots/base --head roots/head \\",
                   "    --subject 'mm: ...' --plots will-it-scale.per_thread_ops"}),
          prose({"The roots' job.yaml give the commits, the test and its parameters, the machine and the group header",
                 "(perfmail help inputs); what they lack is left out, with a note on stderr."})};
}

/// The options that replace the document's recipients, to tell "given empty" from "not given".
struct recipient_options {
  CLI::Option* to = nullptr;
  CLI::Option* cc = nullptr;
};

/// Where the email comes from: a document, or two result roots and what the document would say of them.
void declare_report_sources(CLI::App& cmd, declared_values& declared, report_options& options) {
  add_value(declared, cmd, "REPORT", options.document,
                 "the report document (JSON; see perfmail help document); or give --base and --head instead");
  add_value(declared, cmd, "--base", options.base_root,
                 "a robot result root (job.yaml and run directories, perfmail help inputs): the base commit's");
  add_value(declared, cmd, "--head", options.head_root, "the result root of the commit the email reports");
  add_value(declared, cmd, "--plots", options.plots,
                 "with --base/--head: plot these metrics (repeatable), or `changed` for every changed row")
      .named("METRIC")
      ->allow_extra_args(false)
      ->take_all();
  add_value(declared, cmd, "--headline", options.headline, "with --base/--head: the metric the headline names")
      .named("METRIC");
  add_value(declared, cmd, "--subject", options.subject, "with --base/--head: the head commit's subject line");
  add_value(declared, cmd, "--url", options.url, "with --base/--head: the head commit's tree or branch URL");
  add_value(declared, cmd, "--branch", options.branch,
                 "with --base/--head: the branch printed after a tree URL (default: the job's branch)");
  add_value(declared, cmd, "--layout", options.layout,
                 "with --base/--head: the email's layout, a name (2017, 2018, 2020, 2023, 2024-10, 2024-11-30, "
                 "2026; project: none of the robot's words) or a day YYYY-MM-DD (default: --date's day, else "
                 "project for roots without a test case or machine, as bisect --record makes them, else the newest)")
      .named("NAME|DAY");
  add_value(declared, cmd, "--higher-is-better", options.higher_better,
                 "with --base/--head: the metrics this pattern matches (a glob, or /regex/) are better higher, "
                 "ahead of the built-in direction rules; repeatable")
      .named("PATTERN")
      ->allow_extra_args(false)
      ->take_all();
  add_value(declared, cmd, "--lower-is-better", options.lower_better,
                 "with --base/--head: the same for metrics better lower (tried before --higher-is-better)")
      .named("PATTERN")
      ->allow_extra_args(false)
      ->take_all();
  add_value(declared, cmd, "--date", options.date,
                 "with --base/--head: the mail's date, \"Sun, 29 Nov 2026 21:07:17 +0000\" (default: now)");
}

/// What is written and sent: the format, the file, the sender, the recipients, the attachments, and
/// when the command fails; the help's footer.
recipient_options declare_report_output(CLI::App& cmd, declared_values& declared, report_options& options) {
  recipient_options mail;
  add_value(declared, cmd, "--format", options.format,
                 "text: the email body; mbox: a complete message for git send-email or sendmail; "
                 "json: the comparison behind the email, with its subject and Message-ID")
      .check(one_of({"text", "mbox", "json"}, {.every_choice = true}))
      ->capture_default_str();
  add_value(declared, cmd, "-o,--output", options.output,
                 "write to this file instead of standard output (written whole or not at all)")
      ->check(output_path());
  add_value(declared, cmd, "--from", options.from,
                 "the sender, \"Name <you@example.org>\"; default: the document's mail.from, else $EMAIL, "
                 "else git config user.name and user.email")
      .named("ADDR")
      ->check(mailbox_check("From", false));
  mail.to = add_value(declared, cmd, "--to", options.to,
                      "a recipient, replacing the document's mail.to (repeatable; '' for none)")
                .named("ADDR")
                ->allow_extra_args(false)
                ->take_all()
                ->check(mailbox_check("To", true));
  mail.cc = add_value(declared, cmd, "--cc", options.cc,
                      "a copy, replacing the document's mail.cc (repeatable; '' for none)")
                .named("ADDR")
                ->allow_extra_args(false)
                ->take_all()
                ->check(mailbox_check("Cc", true));
  add_value(declared, cmd, "--attach", options.attach,
                 "a file the message carries (repeatable), after the document's mail.attachments: --format mbox "
                 "attaches it; a job.yaml makes the To reproduce: block say the job file is attached")
      .named("FILE")
      ->allow_extra_args(false)
      ->take_all()
      ->check(attachment_check());
  add_value(declared, cmd, "--fail-on", options.fail,
                 "exit with status 1 when a row the email prints (of any of its tables) has this verdict: "
                 "regression, change (any) or never (the default); the email is written either way")
      .check(enum_choices(fail_on_names, {.the_default = true}))
      ->default_str("never");
  set_footer(cmd, report_footer());
  return mail;
}

/// Refuses a document beside --base and --head, either alone, and options of one way given with the other.
void check_report_source(const report_options& options, const CLI::App& cmd, bool from_roots) {
  if (from_roots && !options.document.empty())
    throw usage_error("give a report document or --base and --head, not both: the document names its results");
  if (!from_roots && options.document.empty())
    throw usage_error("give a report document (REPORT), or --base ROOT and --head ROOT");
  if (from_roots && (options.base_root.empty() || options.head_root.empty()))
    throw usage_error(options.base_root.empty() ? "--head needs --base: the result root to compare with"
                                                : "--base needs --head: the result root to report");
  if (!from_roots)
    for (const char* option : root_options)
      if (cmd.count(option) > 0)
        throw usage_error(fmt::format("{} goes with --base and --head; a report document says it itself", option));
  if (!from_roots && cmd.count("--date") > 0)
    throw usage_error("--date goes with --base and --head; a report document says it in mail.date");
  // A directory given as the document is most likely a result root meant for --base or --head.
  if (!from_roots && options.document != "-" && std::filesystem::is_directory(options.document))
    throw usage_error(fmt::format("{}: a directory, where a report document (a JSON file) was expected; for the "
                                  "email of two result roots, give --base ROOT --head ROOT",
                                  text::printable(options.document)));
}

/// The document's mail as the options change it: the sender (or one from the environment where the
/// format needs one), the recipients and the attachments.
void apply_mail_options(email::report_document& doc, const report_options& options, const recipient_options& mail,
                        const std::string& source, bool from_roots) {
  if (!options.from.empty()) {
    doc.mail.from = options.from;
  } else if (doc.mail.from.empty() && needs_sender(doc, options.format)) {
    if (auto sender = sender_from_environment()) doc.mail.from = std::move(*sender);
  }
  // Refused before anything is written; the text and json formats do without a sender (their body
  // then names no derived Message-ID).
  if (options.format == "mbox" && doc.mail.from.empty())
    throw input_error(source, input_place::named(from_roots ? "--from" : "mail.from"),
                      "no From address for the message: give --from \"Name <you@example.org>\", set mail.from, "
                      "the environment variable EMAIL, or git config user.name and user.email");
  for (const std::string& file : options.attach) doc.attachments.push_back(file);
  override_list(doc.mail.to, options.to, mail.to->count() > 0);
  override_list(doc.mail.cc, options.cc, mail.cc->count() > 0);
}

/// The comparison behind the email as JSON, after the email's subject and the Message-ID its body names.
std::string report_comparison_json(const email::composed_report& report, const email::report_document& doc) {
  io::comparison_json_options json;
  json.dialect = doc.dialect;
  json.verdicts = email::verdict_options_of(doc);
  std::vector<io::further_comparison> further;
  for (const auto& section : report.further)
    further.push_back({section.testcase, section.metric, section.table.get(), section.header});
  const std::string comparison = io::comparison_to_json(report.table, email::table_header_of(doc), further, json);
  const std::vector<io::json_text_field> fields{
      {"subject", report.subject},
      {"message_id", report.message_id.empty() ? std::nullopt : std::optional<std::string>{report.message_id}}};
  return io::json_with_fields_first(comparison, fields, json.indent);  // ends with its newline
}

/// What --format asks for: the body, the whole message, or the comparison as JSON.
std::string report_output(const email::composed_report& report, const email::report_document& doc,
                          const std::vector<email::mail_attachment>& attachments, const std::string& format,
                          const std::string& source, bool from_roots) {
  if (format == "text") return report.body;
  if (format == "json") return report_comparison_json(report, doc);
  try {
    return email::message_of(report, doc.mail, attachments);
  } catch (const email::mail_header_error& e) {
    // A header refused (an address without @, a message id with a space) came from the document's
    // mail section: name the document and the field, as for every other mistake in it.
    throw input_error(source, input_place::named(from_roots ? "mail" : mail_field(e.header())), e.problem());
  }
}

}  // namespace

command_action add_report_command(CLI::App& app, declared_values& declared) {
  auto options = std::make_shared<report_options>();
  auto* cmd = app.add_subcommand("report", "Compose the report email a report document describes");
  declare_report_sources(*cmd, declared, *options);
  const recipient_options mail = declare_report_output(*cmd, declared, *options);
  return [options, mail, cmd] {
    const bool from_roots = !options->base_root.empty() || !options->head_root.empty();
    check_report_source(*options, *cmd, from_roots);
    // Messages about the mail name where its fields came from: the document's fields, or the options.
    const std::string source = from_roots ? std::string{"the options"} : options->document;
    report_notes notes;
    auto doc = from_roots ? document_of_roots(*options, notes) : io::load_report(options->document, input_limits());
    apply_mail_options(doc, *options, mail, source, from_roots);
    const std::vector<email::mail_attachment> attachments = read_attachments(doc.attachments);
    const auto report = email::compose(doc);
    const std::string text = report_output(report, doc, attachments, options->format, source, from_roots);
    notes.print();
    write_output(options->output, text);
    return fails(options->fail, email::count_report_verdicts(report, doc)) ? exit_verdict : exit_ok;
  };
}

}  // namespace perfmail::cli
