#include <doctest/doctest.h>

#include "perfmail/email/body.hpp"

using namespace perfmail;
using namespace perfmail::email;

namespace {
body_content sample_content() {
  body_content c;
  c.headline = "FYI, we noticed a 4.9% improvement of blogbench.read_score due to commit:";
  c.head = {"726d061fbd3658e4bfeffa1b8e82da97de2ca4dd", "mm: vmscan: kick flushers",
            "https://git.kernel.org/cgit/linux/kernel/git/torvalds/linux.git", "master"};
  c.test = {"blogbench", {{"disk", "1SSD"}, {"fs", "xfs"}}, "Blogbench is a benchmark.", "https://example.org"};
  c.machine = {"lkp-bdw-de1", "16 threads Intel(R) Xeon(R) CPU D-1541 @ 2.10GHz with 8G memory"};
  c.table = "TABLE\n\n";
  return c;
}
}  // namespace

TEST_CASE("commit block: tree URL with branch, or branch URL") {
  CHECK(commit_block({"abc", "fix: it", "git://host/repo", "master"}) ==
        "commit: abc (\"fix: it\")\ngit://host/repo master\n");
  CHECK(commit_block({"abc", "fix: it", "https://github.com/x/commits/y", ""}) ==
        "commit: abc (\"fix: it\")\nurl: https://github.com/x/commits/y\n");
  CHECK(commit_block({"abc", "fix", "", ""}) == "commit: abc (\"fix\")\n");
  // Without a subject (a report from result roots without --subject) the id stands alone.
  CHECK(commit_block({"abc", "", "", ""}) == "commit: abc\n");
}

TEST_CASE("body: the robot's layout, line by line") {
  body_text text;
  text.reproduce_repository = "https://github.com/01org/lkp-tests.git";
  text.job_file_attached = true;
  text.signature = "Xiaolong";
  const auto body = compose_body(sample_content(), text);
  const std::string expected =
      "Greeting,\n"
      "\n"
      "FYI, we noticed a 4.9% improvement of blogbench.read_score due to commit:\n"
      "\n"
      "\n"
      "commit: 726d061fbd3658e4bfeffa1b8e82da97de2ca4dd (\"mm: vmscan: kick flushers\")\n"
      "https://git.kernel.org/cgit/linux/kernel/git/torvalds/linux.git master\n"
      "\n"
      "in testcase: blogbench\n"
      "on test machine: 16 threads Intel(R) Xeon(R) CPU D-1541 @ 2.10GHz with 8G memory\n"
      "with following parameters:\n"
      "\n"
      "\tdisk: 1SSD\n"
      "\tfs: xfs\n"
      "\n"
      "test-description: Blogbench is a benchmark.\n"
      "test-url: https://example.org\n"
      "\n"
      "\n"
      "Details are as below:\n"
      "-------------------------------------------------------------------------------------------------->\n"
      "\n"
      "\n"
      "To reproduce:\n"
      "\n"
      "        git clone https://github.com/01org/lkp-tests.git\n"
      "        cd lkp-tests\n"
      "        bin/lkp install job.yaml  # job file is attached in this email\n"
      "        bin/lkp run     job.yaml\n"
      "\n"
      "TABLE\n"
      "\n"
      "\n"
      "                            [*] bisect-good sample\n"
      "                            [O] bisect-bad sample\n"
      "\n"
      "\n"
      "Disclaimer:\n"
      "Results have been estimated based on internal Intel analysis and are provided\n"
      "for informational purposes only. Any difference in system hardware or software\n"
      "design or configuration may affect actual performance.\n"
      "\n"
      "\n"
      "Thanks,\n"
      "Xiaolong\n";
  CHECK(body == expected);
}

TEST_CASE("body: optional parts are left out") {
  auto content = sample_content();
  content.test.parameters.clear();
  content.test.description.clear();
  body_text text;
  text.legend = false;
  text.disclaimer.clear();
  const auto body = compose_body(content, text);
  CHECK(body.find("with following parameters") == std::string::npos);
  CHECK(body.find("test-description") == std::string::npos);
  CHECK(body.find("To reproduce") == std::string::npos);
  CHECK(body.find("bisect-good") == std::string::npos);
  CHECK(body.find("Disclaimer") == std::string::npos);
  CHECK(body.ends_with("Thanks,\nkernel test robot\n"));
}

TEST_CASE("body: plots sit between the table and the legend") {
  auto content = sample_content();
  content.plots = "PLOT";
  const auto body = compose_body(content, body_text{});
  CHECK(body.find("TABLE\n\n\nPLOT\n\n") != std::string::npos);
}

TEST_CASE("body: the project layout, line by line, with nothing of the robot's") {
  body_content content;
  content.headline = "We noticed a +3.0% regression of value due to commit:";
  content.head = {"2a93b378f8fbd46afe391e5b44af8dada6c66e47", "parser: step 23", "", ""};
  content.base = {"good", "", "", ""};
  content.table = "TABLE\n\n";
  content.plots = "PLOT\n";
  const std::string body = compose_project_body(content, project_body_text());
  CHECK(body.rfind("Hello,\n\nWe noticed a +3.0% regression of value due to commit:\n\n"
                   "commit: 2a93b378f8fbd46afe391e5b44af8dada6c66e47 (\"parser: step 23\")\ncompared with: good\n",
                   0) == 0);
  CHECK(body.find("TABLE") != std::string::npos);
  CHECK(body.find("PLOT") > body.find("TABLE"));
  for (const char* robot : {"testcase:", "test robot", "0-DAY", "Intel", "Disclaimer", "lkp", "Reported-by"}) {
    CAPTURE(robot);
    CHECK(body.find(robot) == std::string::npos);
  }
  // A test and a machine, when the roots know them, are named; never as empty lines.
  content.test = {"parse", {}, "", ""};
  content.machine = {"ci-runner-3", ""};
  const std::string named = compose_project_body(content, project_body_text());
  CHECK(named.find("parse") != std::string::npos);
  CHECK(named.find("ci-runner-3") != std::string::npos);
  CHECK(named.find(":\n\n\n") == std::string::npos);
}
