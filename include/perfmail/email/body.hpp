#pragma once
// The body of a report email, laid out as the robot writes it. Everything around the data is text the
// caller can set; the defaults reproduce the robot's emails.

#include "perfmail/model/commit.hpp"
#include "perfmail/model/test_case.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace perfmail::email {

inline constexpr std::string_view robot_disclaimer =
    "Disclaimer:\n"
    "Results have been estimated based on internal Intel analysis and are provided\n"
    "for informational purposes only. Any difference in system hardware or software\n"
    "design or configuration may affect actual performance.";

inline constexpr std::string_view robot_lkp_repository = "https://github.com/intel/lkp-tests.git";

/// The words around the data.
struct body_text {
  std::string greeting = "Greeting,";
  /// The repository of the "To reproduce:" block; none prints no block (as modern emails).
  std::optional<std::string> reproduce_repository;
  /// The message carries the job file: the block's install command says so (`# job file is attached in
  /// this email`), as the robot's did; without one it says nothing that is not true.
  bool job_file_attached = false;
  bool legend = true;  ///< the `[*] bisect-good sample` / `[O] bisect-bad sample` lines
  std::string disclaimer{robot_disclaimer};
  std::string closing = "Thanks,";
  std::string signature = "kernel test robot";
};

/// The words of the project layout (layout.hpp, is_project_era): a plain greeting, the legend, and no
/// disclaimer, closing or signature of the robot's; a document may give its own.
[[nodiscard]] inline body_text project_body_text() {
  body_text t;
  t.greeting = "Hello,";
  t.disclaimer.clear();
  t.closing.clear();
  t.signature.clear();
  return t;
}

/// What the body reports; the table and plots arrive already rendered.
struct body_content {
  std::string headline;  ///< the whole sentence, e.g. "FYI, we noticed a 24% improvement of ... due to commit:"
  commit head;
  commit base;  ///< the commit compared with (the project layout names it)
  test_case test;
  test_machine machine;
  std::string table;  ///< the table block, ending with its blank line
  std::string plots;  ///< the plot block (may be empty)
};

/// `<id> ("<subject>")`, or the id alone when the subject is not known (a report from result roots
/// without --subject): empty quotes would read as a commit whose subject is empty.
[[nodiscard]] std::string commit_with_subject(const commit& c);

/// "commit: <id> ("<subject>")" and the line naming where it is: "<tree URL> <branch>", or "url: <URL>"
/// for a branch URL (no branch given).
[[nodiscard]] std::string commit_block(const commit& c);

[[nodiscard]] std::string compose_body(const body_content& content, const body_text& text);

/// The body of the project layout: the headline, the commit and the one it is compared with, the test
/// and the machine where they are known (no empty lines for what is not), the table, the plots and the
/// document's closing words, if any.
[[nodiscard]] std::string compose_project_body(const body_content& content, const body_text& text);

}  // namespace perfmail::email
