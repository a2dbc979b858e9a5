// The body of a report email (email/body.hpp).

#include "perfmail/email/body.hpp"

#include "compose_parts.hpp"

#include "perfmail/text/printable.hpp"

#include <fmt/core.h>

#include <optional>
#include <string>
#include <string_view>

namespace perfmail::email {

namespace detail {

std::string reproduce_block(reproduce_form form, std::string_view repository, bool job_file_attached) {
  std::string out =
      fmt::format("To reproduce:\n\n        git clone {}\n        cd lkp-tests\n", text::printable(repository));
  // The install command, and the comment after it at the column of the form's other comments.
  const auto install = [&](std::string_view command, std::string_view gap) {
    out += "        ";
    out += command;
    if (job_file_attached) {
      out += gap;
      out += "# job file is attached in this email";
    }
    out += '\n';
  };
  switch (form) {
    case reproduce_form::none: break;
    case reproduce_form::lkp_run:
      install("bin/lkp install job.yaml", "  ");
      out += "        bin/lkp run     job.yaml\n";
      break;
    case reproduce_form::split_job:
      // aligned at the job file's column, no sudo and no comment after them (to 2021-07, S02)
      install("bin/lkp install                job.yaml", "  ");
      out += "        bin/lkp split-job --compatible job.yaml  # generate the yaml file for lkp run\n"
             "        bin/lkp run                    generated-yaml-file\n";
      break;
    case reproduce_form::sudo_split_job:
      install("sudo bin/lkp install job.yaml", "           ");
      out += "        bin/lkp split-job --compatible job.yaml # generate the yaml file for lkp run\n"
             "        sudo bin/lkp run generated-yaml-file\n"
             "\n"
             "        # if come across any failure that blocks the test,\n"
             "        # please remove ~/.lkp and /lkp dir to run from a clean state.\n";
      break;
  }
  out += '\n';
  return out;
}

}  // namespace detail

std::string commit_with_subject(const commit& c) {
  if (c.subject.empty()) return std::string{c.id};
  return fmt::format("{} (\"{}\")", c.id, c.subject);
}

std::string commit_block(const commit& c) {
  using text::printable;
  std::string out = fmt::format("commit: {}\n", printable(commit_with_subject(c)));
  if (!c.url.empty()) {
    if (c.branch.empty())
      out += fmt::format("url: {}\n", printable(c.url));
    else
      out += fmt::format("{} {}\n", printable(c.url), printable(c.branch));
  }
  return out;
}

namespace {

/// The table, then the plots (ending their last line), as both layouts print them.
void append_table_and_plots(std::string& out, const body_content& content) {
  out += content.table;
  if (content.plots.empty()) return;
  out += '\n';
  out += content.plots;
  if (!content.plots.ends_with('\n')) out += '\n';
}

/// The plots' legend, each symbol on its line under the plots.
void append_legend(std::string& out) {
  out += "                            [*] bisect-good sample\n";
  out += "                            [O] bisect-bad sample\n";
}

}  // namespace

std::string compose_body(const body_content& content, const body_text& text) {
  std::string out;
  auto line = [&out](std::string_view s = {}) {
    out += s;
    out += '\n';
  };
  // Every text of the document is printed through text::printable: a control character, a C1 control or
  // a bidirectional override in a subject or a parameter never reaches the reader's terminal raw. Texts
  // that may span lines (the greeting, the disclaimer, the closing, the signature) keep their newlines.
  using text::line_breaks;
  using text::printable;
  line(printable(text.greeting, line_breaks::kept));
  line();
  line(printable(content.headline));
  line();
  line();
  out += commit_block(content.head);
  line();
  line(fmt::format("in testcase: {}", printable(content.test.name)));
  if (!content.machine.description.empty())
    line(fmt::format("on test machine: {}", printable(content.machine.description)));
  if (!content.test.parameters.empty()) {
    line("with following parameters:");
    line();
    for (const auto& p : content.test.parameters) line(fmt::format("\t{}: {}", printable(p.key), printable(p.value)));
  }
  line();
  if (!content.test.description.empty())
    line(fmt::format("test-description: {}", printable(content.test.description)));
  if (!content.test.url.empty()) line(fmt::format("test-url: {}", printable(content.test.url)));
  line();
  line();
  line("Details are as below:");
  line(fmt::format("{:->98}>", ""));
  line();
  if (text.reproduce_repository) {
    line();
    out += detail::reproduce_block(reproduce_form::lkp_run, *text.reproduce_repository, text.job_file_attached);
  }
  append_table_and_plots(out, content);
  line();
  if (text.legend) {
    append_legend(out);
    line();
    line();
  }
  if (!text.disclaimer.empty()) {
    line(printable(text.disclaimer, line_breaks::kept));
    line();
    line();
  }
  line(printable(text.closing, line_breaks::kept));
  line(printable(text.signature, line_breaks::kept));
  return out;
}

std::string compose_project_body(const body_content& content, const body_text& text) {
  std::string out;
  auto line = [&out](std::string_view s = {}) {
    out += s;
    out += '\n';
  };
  using text::line_breaks;
  using text::printable;
  if (!text.greeting.empty()) {
    line(printable(text.greeting, line_breaks::kept));
    line();
  }
  line(printable(content.headline));
  line();
  out += commit_block(content.head);
  if (!content.base.id.empty()) line(fmt::format("compared with: {}", printable(commit_with_subject(content.base))));
  const bool test_known = !content.test.name.empty() || !content.test.parameters.empty() ||
                          !content.machine.description.empty() || !content.machine.name.empty();
  if (test_known) line();
  if (!content.test.name.empty()) line(fmt::format("test: {}", printable(content.test.name)));
  for (const auto& p : content.test.parameters)
    line(fmt::format("  {}: {}", printable(p.key), printable(p.value)));
  if (!content.machine.description.empty() || !content.machine.name.empty())
    line(fmt::format("machine: {}", printable(!content.machine.description.empty() ? content.machine.description
                                                                                 : content.machine.name)));
  line();
  append_table_and_plots(out, content);
  if (!content.plots.empty()) {
    line();
    if (text.legend) {
      append_legend(out);
      line();
    }
  }
  if (!text.disclaimer.empty()) {
    line(printable(text.disclaimer, line_breaks::kept));
    line();
  }
  if (!text.closing.empty()) line(printable(text.closing, line_breaks::kept));
  if (!text.signature.empty()) line(printable(text.signature, line_breaks::kept));
  while (out.ends_with("\n\n")) out.pop_back();
  return out;
}

}  // namespace perfmail::email
