// perfmail report REPORT.json: the whole email a report document describes.

#include "commands.hpp"
#include "output.hpp"

#include "perfmail/email/compose.hpp"
#include "perfmail/email/mbox.hpp"
#include "perfmail/io/comparison_json.hpp"
#include "perfmail/io/report_json.hpp"

#include <fmt/format.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail::cli {

namespace {
struct report_options {
  std::string document;
  std::string format = "text";
  std::string output;
};

/// The report document's field behind a mail header.
std::string mail_field(std::string_view header) {
  if (header == "From") return "mail.from";
  if (header == "To") return "mail.to";
  if (header == "Cc") return "mail.cc";
  if (header == "Date") return "mail.date";
  if (header == "Message-ID") return "mail.message_id";
  if (header == "In-Reply-To" || header == "References") return "mail.in_reply_to";
  return "mail";
}
}  // namespace

command_action add_report_command(CLI::App& app) {
  auto options = std::make_shared<report_options>();
  auto* cmd = app.add_subcommand("report", "Compose the report email a report document describes");
  cmd->add_option("REPORT", options->document, "the report document (JSON; see docs/REPORT.md)")->required();
  cmd->add_option("--format", options->format,
                  "text: the email body; mbox: a complete message for git send-email or sendmail; "
                  "json: the comparison behind the email")
      ->check(CLI::IsMember({"text", "mbox", "json"}))
      ->capture_default_str();
  cmd->add_option("-o,--output", options->output,
                  "write to this file instead of standard output (written whole or not at all)");
  cmd->footer(
      "Examples:\n"
      "  perfmail report examples/seeds/003.json                # the robot's 2017 email, 18 plots\n"
      "  perfmail report examples/report.json --format mbox -o report.mbox\n"
      "  git send-email report.mbox                            # or: sendmail -t < report.mbox\n"
      "The document names the commits, the test, the result files, the plots and the words around them;\n"
      "every field is described in docs/REPORT.md.");
  return [options] {
    const auto doc = io::load_report(options->document, input_limits());
    const auto report = email::compose(doc);
    std::string text;
    if (options->format == "text") {
      text = report.body;
    } else if (options->format == "mbox") {
      auto headers = doc.mail;
      headers.subject = report.subject;
      if (headers.message_id.empty()) headers.message_id = report.message_id;  // the one the body names
      try {
        text = email::mbox_message(headers, report.body);
      } catch (const email::mail_header_error& e) {
        // A header refused (an address without @, a message id with a space) came from the document's
        // mail section: name the document and the field, as for every other mistake in it.
        throw input_error(options->document, input_place::named(mail_field(e.header())),
                          e.problem());
      }
    } else {
      io::comparison_json_options json;
      json.dialect = doc.dialect;
      std::vector<io::further_comparison> further;
      for (const auto& section : report.further)
        further.push_back({section.testcase, section.metric, section.table.get(), section.header});
      text = io::comparison_to_json(report.table, email::table_header_of(doc), further, json) + "\n";
    }
    write_output(options->output, text);
    return exit_ok;
  };
}

}  // namespace perfmail::cli
