#include <doctest/doctest.h>

#include "perfmail/email/box.hpp"
#include "perfmail/email/compose.hpp"
#include "perfmail/error.hpp"
#include "perfmail/io/matrix_json.hpp"
#include "perfmail/io/report_json.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

using namespace perfmail;
using namespace perfmail::email;

// The emails of 2020 on (FORMAT-current.md section 7): the box of further tests, the composed email of
// each era, and the report document's fields for them.

namespace {

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path.string());
  return {std::istreambuf_iterator<char>(in), {}};
}

/// The first box of a real email (tests/data/current/NN.eml): its lines from the first border to the
/// last border of the run of `+` and `|` lines.
std::string box_of_email(const std::string& number) {
  const std::string email = read_text(std::filesystem::path(PERFMAIL_TEST_DATA_DIR) / "current" / (number + ".eml"));
  const auto start = email.find("\n+------------------+");
  if (start == std::string::npos) return {};
  std::string out;
  std::size_t at = start + 1;
  while (at < email.size() && (email[at] == '+' || email[at] == '|')) {
    const auto end = email.find('\n', at);
    const std::string line = email.substr(at, end - at + 1);
    if (line.starts_with("| Reported-by") || line.starts_with("| Closes")) break;
    out += line;
    at = end + 1;
  }
  return out;
}

results results_of(const std::string& origin, std::string_view json) {
  return {origin, std::make_shared<const matrix>(io::parse_matrix(json, origin))};
}

const std::string head_id = "e932fd3f1772e1fbc0b90dcfb4fbc689729a48f8";
const std::string base_id = "2b837027cdc60ac3c1ab3bc1b4d6ab1c1ea1d3a4";
const std::string machine_16 = "16 threads Intel(R) Xeon(R) CPU D-1541 @ 2.10GHz with 8G memory";
const std::string machine_48 =
    "48 threads 2 sockets Intel(R) Xeon(R) CPU E5-2697 v2 @ 2.70GHz (Ivy Bridge-EP) with 64G memory";
const std::string lower_bw = R"({"fio.write_bw_MBps": [66, 67, 65], "turbostat.Avg_MHz": [561, 563, 562]})";
const std::string higher_bw = R"({"fio.write_bw_MBps": [82, 83, 81], "turbostat.Avg_MHz": [560, 562, 564]})";

/// A report of the current layouts: a regression (-19.5%) or an improvement (+24.2%) of fio's bandwidth.
report_document current_document(bool regression, email_layout layout = named_layout(layout_era::y2026)) {
  report_document doc;
  doc.dialect = table_dialect::current;
  doc.layout = layout;
  doc.head = {head_id, "mm: vmscan: kick flushers", "https://git.kernel.org/cgit/linux/kernel/git/torvalds/linux.git",
              "master"};
  doc.base = {base_id, "mm: base", "", ""};
  doc.head_names.tree = "linux-next:master";
  doc.test = {"fio-basic", {{"runtime", "300s"}, {"disk", "1SSD"}}, "", ""};
  doc.machine = {"lkp-bdw-de1", machine_16};
  doc.blocks.config = "x86_64-rhel-9.4";
  doc.blocks.compiler = "gcc-14";
  doc.blocks.reported_by = "kernel test robot <oliver.sang@intel.com>";
  doc.base_results = results_of("base", regression ? higher_bw : lower_bw);
  doc.head_results.push_back(results_of("head", regression ? lower_bw : higher_bw));
  doc.mail.from = "kernel test robot <oliver.sang@intel.com>";
  doc.mail.date = "Sun, 29 Nov 2026 21:07:17 +0000";
  doc.mail.message_id = "<202611291607.3ed8df2-lkp@intel.com>";
  return doc;
}

/// A further test of fsmark (-9.4% of fsmark.files_per_sec) on another machine.
test_section fsmark_section() {
  test_section t;
  t.test = {"fsmark", {{"iterations", "1x"}, {"fs", "btrfs"}, {"fs2", "nfsv4"}}, "", ""};
  t.machine = {"lkp-ivb-2ep2", machine_48};
  t.base_results = results_of("fsmark base", R"({"fsmark.files_per_sec": [1000, 1001, 999]})");
  t.head_results.push_back(results_of("fsmark head", R"({"fsmark.files_per_sec": [906, 907, 905]})"));
  t.metric = "fsmark.files_per_sec";
  return t;
}

bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

const std::string stars(99, '*');
const std::string equals(89, '=');
const std::string details = "Details are as below:\n" + std::string(98, '-') + ">\n";
const std::string tags_2023 =
    "If you fix the issue in a separate patch/commit (i.e. not just a new version of\n"
    "the same patch/commit), kindly add following tags\n"
    "| Reported-by: kernel test robot <oliver.sang@intel.com>\n";

}  // namespace

// --- the box -----------------------------------------------------------------------------------------

TEST_CASE("box: the content column is as wide as the change line when it is the longest") {
  const box_entry e{"t", "t.m", "1.0%", "improvement", "box", {{"b", "2"}, {"a", "1"}}};
  CHECK(render_box(std::vector<box_entry>{e}, {}) ==
        "+------------------+-------------------------+\n"
        "| testcase: change | t: t.m 1.0% improvement |\n"
        "| test machine     | box                     |\n"
        "| test parameters  | a=1                     |\n"
        "|                  | b=2                     |\n"
        "+------------------+-------------------------+\n");
}

TEST_CASE("box: the machine or a key=value can be the widest") {
  SUBCASE("the machine") {
    const box_entry e{"t", "t.m", "-1.0%", "regression", "a machine of 32 characters, yes.", {{"k", "v"}}};
    CHECK(render_box(std::vector<box_entry>{e}, {}) ==
          "+------------------+----------------------------------+\n"
          "| testcase: change | t: t.m -1.0% regression          |\n"
          "| test machine     | a machine of 32 characters, yes. |\n"
          "| test parameters  | k=v                              |\n"
          "+------------------+----------------------------------+\n");
    SUBCASE("without the machine row, the machine does not count") {
      CHECK(render_box(std::vector<box_entry>{e}, {.machine_row = false}) ==
            "+------------------+-------------------------+\n"
            "| testcase: change | t: t.m -1.0% regression |\n"
            "| test parameters  | k=v                     |\n"
            "+------------------+-------------------------+\n");
    }
  }
  SUBCASE("a parameter") {
    const box_entry e{"t", "t.m", "5.0%", "improvement", "m", {{"a_rather_long_key", "and_its_long_value"}}};
    CHECK(render_box(std::vector<box_entry>{e}, {}) ==
          "+------------------+--------------------------------------+\n"
          "| testcase: change | t: t.m 5.0% improvement              |\n"
          "| test machine     | m                                    |\n"
          "| test parameters  | a_rather_long_key=and_its_long_value |\n"
          "+------------------+--------------------------------------+\n");
  }
}

TEST_CASE("box: parameters sorted byte by byte as key=value strings") {
  const std::vector<parameter> p{{"fs", "btrfs"}, {"iterations", "1x"}, {"fs2", "nfsv4"}, {"disk", "1SSD"}};
  CHECK(box_parameters(p) == std::vector<std::string>{"disk=1SSD", "fs2=nfsv4", "fs=btrfs", "iterations=1x"});
}

TEST_CASE("box: a minus shows as a space from 2024-11-30") {
  const box_entry e{"fsmark", "fsmark.files_per_sec", "-9.4%", "regression", "", {}};
  CHECK(box_change_line(e, {.minus_as_space = true}) == "fsmark: fsmark.files_per_sec  9.4% regression");
  CHECK(box_change_line(e, {.minus_as_space = false}) == "fsmark: fsmark.files_per_sec -9.4% regression");
  const box_entry up{"netperf", "netperf.Throughput_Mbps", "39.9%", "improvement", "", {}};
  CHECK(box_change_line(up, {.minus_as_space = true}) == "netperf: netperf.Throughput_Mbps 39.9% improvement");
}

TEST_CASE("box: several entries, a border between them, no machine row in 2026") {
  const std::vector<box_entry> entries{
      {"fsmark", "fsmark.files_per_sec", "-9.4%", "regression", "m1", {{"fs", "xfs"}}},
      {"unixbench", "unixbench.score", "12.5%", "improvement", "m2", {{"nr_task", "1"}, {"test", "shell1"}}}};
  CHECK(render_box(entries, {.machine_row = false, .minus_as_space = true}) ==
        "+------------------+-----------------------------------------------+\n"
        "| testcase: change | fsmark: fsmark.files_per_sec  9.4% regression |\n"
        "| test parameters  | fs=xfs                                        |\n"
        "+------------------+-----------------------------------------------+\n"
        "| testcase: change | unixbench: unixbench.score 12.5% improvement  |\n"
        "| test parameters  | nr_task=1                                     |\n"
        "|                  | test=shell1                                   |\n"
        "+------------------+-----------------------------------------------+\n");
}

TEST_CASE("box: the box of a real email of 2024-11-30 (S10), to the character") {
  const std::vector<parameter> job{{"iterations", "1x"},      {"nr_threads", "32t"},
                                   {"disk", "1SSD"},          {"fs", "ext4"},
                                   {"fs2", "nfsv4"},          {"filesize", "9B"},
                                   {"test_size", "400M"},     {"sync_method", "fsyncBeforeClose"},
                                   {"nr_directories", "16d"}, {"nr_files_per_directory", "256fpd"},
                                   {"cpufreq_governor", "performance"}};
  std::vector<parameter> on_btrfs = job;
  on_btrfs[3].value = "btrfs";
  const std::vector<box_entry> entries{
      {"fsmark", "fsmark.files_per_sec", "-9.4%", "regression", machine_48, job},
      {"fsmark", "fsmark.files_per_sec", "-15.9%", "regression", machine_48, on_btrfs}};
  const std::string real = box_of_email("10");
  REQUIRE(real.size() > 1000);
  CHECK(render_box(entries, {.machine_row = true, .minus_as_space = true}) == real);
}

TEST_CASE("box: the box of a real email of 2023-10 (S06), as wide as its change line") {
  const std::vector<box_entry> entries{{"will-it-scale", "will-it-scale.per_thread_ops", "-30.0%", "regression",
                                        "104 threads 2 sockets (Skylake) with 192G memory",
                                        {{"nr_task", "50%"}, {"mode", "thread"}, {"test", "fallocate1"},
                                         {"cpufreq_governor", "performance"}}}};
  CHECK(render_box(entries, {.machine_row = true, .minus_as_space = false}) == box_of_email("06"));
}

// --- the composed email ------------------------------------------------------------------------------

TEST_CASE("current email: a regression of 2026, the whole body") {
  const composed_report r = compose(current_document(true));
  const std::string expected =
      "\n"
      "\n"
      "Hello,\n"
      "\n"
      "kernel test robot noticed a 19.5% regression of fio.write_bw_MBps on:\n"
      "\n"
      "\n"
      "commit: e932fd3f1772e1fbc0b90dcfb4fbc689729a48f8 (\"mm: vmscan: kick flushers\")\n"
      "https://git.kernel.org/cgit/linux/kernel/git/torvalds/linux.git master\n"
      "\n"
      "testcase: fio-basic\n"
      "config: x86_64-rhel-9.4\n"
      "compiler: gcc-14\n"
      "test machine: 16 threads Intel(R) Xeon(R) CPU D-1541 @ 2.10GHz with 8G memory\n"
      "parameters:\n"
      "\n"
      "\truntime: 300s\n"
      "\tdisk: 1SSD\n"
      "\n"
      "\n"
      "\n"
      "\n"
      "If you fix the issue in a separate patch/commit (i.e. not just a new version of\n"
      "the same patch/commit), kindly add following tags\n"
      "| Reported-by: kernel test robot <oliver.sang@intel.com>\n"
      "| Closes: https://lore.kernel.org/oe-lkp/202611291607.3ed8df2-lkp@intel.com\n"
      "\n"
      "\n"
      "Details are as below:\n"
      "-------------------------------------------------------------------------------------------------->\n"
      "\n"
      "\n"
      "The kernel config and materials to reproduce are available at:\n"
      "https://download.01.org/0day-ci/archive/20261129/202611291607.3ed8df2-lkp@intel.com\n"
      "\n"
      "=========================================================================================\n"
      "disk/runtime/tbox_group/testcase:\n"
      "  1SSD/300s/lkp-bdw-de1/fio-basic\n"
      "\n"
      "commit: \n"
      "  2b837027cd (\"mm: base\")\n"
      "  e932fd3f17 (\"mm: vmscan: kick flushers\")\n"
      "\n"
      "2b837027cdc60ac3 e932fd3f1772e1fbc0b90dcfb4f \n"
      "---------------- --------------------------- \n"
      "         %stddev     %change         %stddev\n"
      "             \\          |                \\  \n"
      "     82.00           -19.5%      66.00        fio.write_bw_MBps\n"
      "\n"
      "\n"
      "\n"
      "\n"
      "Disclaimer:\n"
      "Results have been estimated based on internal Intel analysis and are provided\n"
      "for informational purposes only. Any difference in system hardware or software\n"
      "design or configuration may affect actual performance.\n"
      "\n"
      "\n"
      "-- \n"
      "0-DAY CI Kernel Test Service\n"
      "https://github.com/intel/lkp-tests/wiki\n"
      "\n"
      "\n";
  CHECK(r.body == expected);
  CHECK(r.subject == "[linux-next:master] [mm]  e932fd3f17:  fio.write_bw_MBps 19.5% regression");
  CHECK(r.headline_metric == "fio.write_bw_MBps");
  CHECK(r.message_id == "202611291607.3ed8df2-lkp@intel.com");
  CHECK(r.further.empty());
}

TEST_CASE("current email: the tags block") {
  SUBCASE("an improvement has none, and two empty lines where the status lines would be") {
    const composed_report r = compose(current_document(false));
    CHECK(contains(r.body, "kernel test robot noticed a 24.2% improvement of fio.write_bw_MBps on:\n"));
    CHECK_FALSE(contains(r.body, "kindly add"));
    CHECK_FALSE(contains(r.body, "Closes:"));
    CHECK(contains(r.body, "linux.git master\n\n\ntestcase: fio-basic\n"));
    CHECK(contains(r.body, "\tdisk: 1SSD\n\n\n\n" + details));
    CHECK(r.subject == "[linux-next:master] [mm]  e932fd3f17:  fio.write_bw_MBps 24.2% improvement");
  }
  SUBCASE("text.tags false removes it from a regression") {
    report_document doc = current_document(true);
    doc.blocks.tags = false;
    const composed_report r = compose(doc);
    CHECK_FALSE(contains(r.body, "kindly add"));
    CHECK(contains(r.body, "\tdisk: 1SSD\n\n\n\n" + details));
    CHECK(contains(r.body, "linux.git master\n\ntestcase: fio-basic\n"));  // a regression: no gap
  }
  SUBCASE("text.tags true adds it to an improvement") {
    report_document doc = current_document(false);
    doc.blocks.tags = true;
    CHECK(contains(compose(doc).body, tags_2023 + "| Closes: https://lore.kernel.org/oe-lkp/202611291607.3ed8df2-lkp@intel.com\n\n\n"));
  }
  SUBCASE("the Closes and materials URLs follow text.closes_url and text.materials_url") {
    report_document doc = current_document(true);
    doc.blocks.closes_url = "https://example.org/c";
    doc.blocks.materials_url = "https://example.org/m";
    doc.mail.message_id = "202611291607.3ed8df2-lkp@intel.com";  // without angle brackets
    const composed_report r = compose(doc);
    CHECK(contains(r.body, "| Closes: https://example.org/c/202611291607.3ed8df2-lkp@intel.com\n"));
    CHECK(contains(r.body, "available at:\nhttps://example.org/m/20261129/202611291607.3ed8df2-lkp@intel.com\n\n"));
  }
}

TEST_CASE("current email: without a Message-ID") {
  SUBCASE("and without a date: no Closes line and no materials block") {
    report_document doc = current_document(true);
    doc.mail.message_id.clear();
    doc.mail.date.clear();
    const composed_report r = compose(doc);
    CHECK(contains(r.body, tags_2023 + "\n\n" + details + "\n\n" + equals + "\n"));
    CHECK_FALSE(contains(r.body, "Closes:"));
    CHECK_FALSE(contains(r.body, "materials"));
    CHECK(r.message_id.empty());
  }
  SUBCASE("but with a date: one in the robot's form, named by both") {
    report_document doc = current_document(true);
    doc.mail.message_id.clear();
    doc.mail.from = "kernel test robot <lkp@intel.com>";
    const composed_report r = compose(doc);
    const std::string& id = r.message_id;
    CAPTURE(id);
    REQUIRE(id.starts_with("202611292107."));
    REQUIRE(id.ends_with("-lkp@intel.com"));
    const std::string hex = id.substr(13, id.size() - 13 - std::string_view{"-lkp@intel.com"}.size());
    CHECK(!hex.empty());
    CHECK(hex.size() <= 8);
    CHECK(std::all_of(hex.begin(), hex.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); }));
    CHECK(contains(r.body, "| Closes: https://lore.kernel.org/oe-lkp/" + id + "\n"));
    CHECK(contains(r.body, "https://download.01.org/0day-ci/archive/20261129/" + id + "\n"));
    CHECK(compose(doc).message_id == id);  // the same document, the same id
  }
  SUBCASE("its tail follows the date, not the sender: -lkp@ from 2024-11-30, the From address before") {
    report_document doc = current_document(true);
    doc.mail.message_id.clear();
    doc.mail.from = "kernel test robot <oliver.sang@intel.com>";
    CHECK(compose(doc).message_id.ends_with("-lkp@intel.com"));
    doc.layout = layout_on(20241129);
    CHECK(compose(doc).message_id.ends_with("-oliver.sang@intel.com"));
    doc.layout = layout_on(20241130);
    CHECK(compose(doc).message_id.ends_with("-lkp@intel.com"));
  }
}

TEST_CASE("current email: a report on a patch") {
  report_document doc = current_document(true, named_layout(layout_era::y2023));
  doc.head.subject = "[PATCH v2 3/5] mm: memcg: make stats flushing threshold per-memcg";
  doc.head.url.clear();
  doc.head.branch.clear();
  doc.head_names.tree.clear();
  doc.patch = {"https://github.com/intel-lab-lkp/linux/commits/Yosry-Ahmed/mm-memcg/20231010-112257",
               "https://git.kernel.org/cgit/linux/kernel/git/akpm/mm.git mm-everything",
               "https://lore.kernel.org/all/20231010032117.1577496-4-yosryahmed@google.com/",
               "[PATCH v2 3/5] mm: memcg: make stats flushing threshold per-memcg"};
  const composed_report r = compose(doc);
  CHECK(r.subject == "Re: [PATCH v2 3/5] mm: memcg: make stats flushing threshold per-memcg");
  CHECK(contains(r.body,
                 "commit: " + head_id + " (\"[PATCH v2 3/5] mm: memcg: make stats flushing threshold per-memcg\")\n"
                 "url: https://github.com/intel-lab-lkp/linux/commits/Yosry-Ahmed/mm-memcg/20231010-112257\n"
                 "base: https://git.kernel.org/cgit/linux/kernel/git/akpm/mm.git mm-everything\n"
                 "patch link: https://lore.kernel.org/all/20231010032117.1577496-4-yosryahmed@google.com/\n"
                 "patch subject: [PATCH v2 3/5] mm: memcg: make stats flushing threshold per-memcg\n"
                 "\n"
                 "testcase: fio-basic\n"));
  // The table's commit line has no [PATCH ...] prefix.
  CHECK(contains(r.body, "commit: \n  2b837027cd (\"mm: base\")\n  e932fd3f17 (\"mm: memcg: make stats flushing threshold per-memcg\")\n"));
  CHECK(contains(r.body, "a -19.5% regression"));  // 2023: signed

  SUBCASE("a subject the document gives wins") {
    doc.mail.subject = "given";
    CHECK(compose(doc).subject == "given");
  }
  SUBCASE("in 2020, no Re:, and only the url and base lines") {
    doc.layout = named_layout(layout_era::y2020);
    const composed_report old = compose(doc);
    CHECK(old.subject == "[mm]  e932fd3f17:  fio.write_bw_MBps -19.5% regression");
    CHECK(contains(old.body, "url: https://github.com/intel-lab-lkp/linux/commits/Yosry-Ahmed/mm-memcg/20231010-112257\n"
                             "base: https://git.kernel.org/cgit/linux/kernel/git/akpm/mm.git mm-everything\n\n"));
    CHECK_FALSE(contains(old.body, "patch link:"));
    CHECK_FALSE(contains(old.body, "patch subject:"));
  }
  SUBCASE("in 2022, the patch link but not the patch subject") {
    doc.layout = layout_on(20220721);
    const std::string body = compose(doc).body;
    CHECK(contains(body, "patch link: https://lore.kernel.org/all/20231010032117.1577496-4-yosryahmed@google.com/\n\n"));
    CHECK_FALSE(contains(body, "patch subject:"));
  }
}

TEST_CASE("current email: status lines, the tree names padded to the longest") {
  report_document doc = current_document(true, named_layout(layout_era::y2024_11_30));
  doc.blocks.status = {{"still regression on", "linus/master", "cfba9f07a1d6aeca38f47f1f472cfb0ba133d341"},
                       {"still regression on", "linux-next/master", "b6dea6c7fe2d8187050f882fe6f872d30e495ffe"}};
  SUBCASE("left-justified") {
    CHECK(contains(compose(doc).body,
                   "linux.git master\n"
                   "\n"
                   "[still regression on linus/master      cfba9f07a1d6aeca38f47f1f472cfb0ba133d341]\n"
                   "[still regression on linux-next/master b6dea6c7fe2d8187050f882fe6f872d30e495ffe]\n"
                   "\n"
                   "testcase: fio-basic\n"));
  }
  SUBCASE("right-justified") {
    doc.blocks.status_right_aligned = true;
    CHECK(contains(compose(doc).body,
                   "[still regression on      linus/master cfba9f07a1d6aeca38f47f1f472cfb0ba133d341]\n"
                   "[still regression on linux-next/master b6dea6c7fe2d8187050f882fe6f872d30e495ffe]\n"
                   "\n"
                   "testcase: fio-basic\n"));
  }
  SUBCASE("an improvement with status lines has one empty line after them") {
    report_document up = current_document(false, named_layout(layout_era::y2024_11_30));
    up.blocks.status = {{"test failed on", "linux-next/master", "cfba9f07a1d6aeca38f47f1f472cfb0ba133d341"}};
    CHECK(contains(compose(up).body,
                   "linux.git master\n\n[test failed on linux-next/master cfba9f07a1d6aeca38f47f1f472cfb0ba133d341]\n\n"
                   "testcase: fio-basic\n"));
  }
}

TEST_CASE("current email: the subject and headline of each era") {
  SUBCASE("signed before 2024-11-30") {
    const composed_report r = compose(current_document(true, named_layout(layout_era::y2024_10)));
    CHECK(r.subject == "[linux-next:master] [mm]  e932fd3f17:  fio.write_bw_MBps -19.5% regression");
    CHECK(contains(r.body, "kernel test robot noticed a -19.5% regression of fio.write_bw_MBps on:\n"));
    CHECK(contains(r.body, "testcase: fio-basic\nconfig: x86_64-rhel-9.4\ncompiler: gcc-14\n"));
    const composed_report day_before = compose(current_document(true, layout_on(20241129)));
    CHECK(day_before.subject == "[linux-next:master] [mm]  e932fd3f17:  fio.write_bw_MBps -19.5% regression");
  }
  SUBCASE("unsigned from 2024-11-30") {
    const composed_report r = compose(current_document(true, layout_on(20241130)));
    CHECK(r.subject == "[linux-next:master] [mm]  e932fd3f17:  fio.write_bw_MBps 19.5% regression");
    CHECK(contains(r.body, "kernel test robot noticed a 19.5% regression of fio.write_bw_MBps on:\n"));
  }
  SUBCASE("no config lines before 2024-10-14") {
    const composed_report r = compose(current_document(true, layout_on(20241013)));
    CHECK(contains(r.body, "testcase: fio-basic\ntest machine: "));
  }
  SUBCASE("one space after the colon") {
    report_document doc = current_document(true);
    doc.blocks.spaces_after_colon = 1;
    CHECK(compose(doc).subject == "[linux-next:master] [mm]  e932fd3f17: fio.write_bw_MBps 19.5% regression");
  }
  SUBCASE("a subject tag, and no tree") {
    report_document doc = current_document(true);
    doc.head_names.tree.clear();
    doc.subject_tag = "lkp-robot";
    CHECK(compose(doc).subject == "[lkp-robot] [mm]  e932fd3f17:  fio.write_bw_MBps 19.5% regression");
  }
  SUBCASE("a subsystem with a slash, after a [PATCH] prefix") {
    report_document doc = current_document(true);
    doc.head.subject = "[PATCH] block/mq-deadline: fix the thing";
    CHECK(compose(doc).subject == "[linux-next:master] [block/mq]  e932fd3f17:  fio.write_bw_MBps 19.5% regression");
  }
}

TEST_CASE("current email: a further test of 2026: its box, its table, the separator") {
  report_document doc = current_document(true);
  doc.further_tests.push_back(fsmark_section());
  const composed_report r = compose(doc);
  CHECK(contains(r.body,
                 "\tdisk: 1SSD\n"
                 "\n"
                 "\n"
                 "In addition to that, the commit also has significant impact on the following tests:\n"
                 "\n"
                 "+------------------+-----------------------------------------------+\n"
                 "| testcase: change | fsmark: fsmark.files_per_sec  9.4% regression |\n"
                 "| test parameters  | fs2=nfsv4                                     |\n"
                 "|                  | fs=btrfs                                      |\n"
                 "|                  | iterations=1x                                 |\n"
                 "+------------------+-----------------------------------------------+\n"
                 "\n"
                 "\n" +
                     tags_2023));
  // The separator of 2026: the stars over an empty line, not `tbox_group: machine`.
  CHECK(contains(r.body,
                 "     82.00           -19.5%      66.00        fio.write_bw_MBps\n"
                 "\n"
                 "\n" +
                     stars + "\n" + "\n" + equals + "\n" +
                     "fs2/fs/iterations/tbox_group/testcase:\n"
                     "  nfsv4/btrfs/1x/lkp-ivb-2ep2/fsmark\n"
                     "\n"
                     "commit: \n"
                     "  2b837027cd (\"mm: base\")\n"
                     "  e932fd3f17 (\"mm: vmscan: kick flushers\")\n"
                     "\n"
                     "2b837027cdc60ac3 e932fd3f1772e1fbc0b90dcfb4f \n"
                     "---------------- --------------------------- \n"
                     "         %stddev     %change         %stddev\n"
                     "             \\          |                \\  \n"
                     "      1000            -9.4%     906.00        fsmark.files_per_sec\n"
                     "\n"
                     "\n"
                     "\n"
                     "\n"
                     "\n"
                     "Disclaimer:\n"));
  CHECK_FALSE(contains(r.body, "lkp-ivb-2ep2: "));
  REQUIRE(r.further.size() == 1);
  CHECK(r.further[0].testcase == "fsmark");
  CHECK(r.further[0].metric == "fsmark.files_per_sec");
  // What --fail-on judges: the primary table's verdicts and the further test's regression.
  const verdict_counts primary = count_verdicts(r.rows, verdict_options_of(doc));
  const verdict_counts all = count_report_verdicts(r, doc);
  CHECK(all.regressions == primary.regressions + 1);
  CHECK(all.changes() == primary.changes() + 1);
  // The headline is the primary test's.
  CHECK(r.subject == "[linux-next:master] [mm]  e932fd3f17:  fio.write_bw_MBps 19.5% regression");

  SUBCASE("until 2025: the machine row and the machine line, and the box's signed change before 2024-11-30") {
    doc.layout = named_layout(layout_era::y2024_10);
    const std::string body = compose(doc).body;
    // As wide as the machine (94 characters).
    CHECK(contains(body, "| testcase: change | fsmark: fsmark.files_per_sec -9.4% regression" + std::string(94 - 45, ' ') +
                             " |\n"));
    CHECK(contains(body, "| test machine     | " + machine_48 + " |\n"));
    CHECK(contains(body, "fio.write_bw_MBps\n\n\n" + stars + "\nlkp-ivb-2ep2: " + machine_48 + "\n" + equals + "\n"));
  }
  SUBCASE("the box's change comes from the further test's own table") {
    doc.further_tests[0].head_results[0] =
        results_of("fsmark head", R"({"fsmark.files_per_sec": [1500, 1501, 1499]})");
    const std::string body = compose(doc).body;
    CHECK(contains(body, "| testcase: change | fsmark: fsmark.files_per_sec 50.0% improvement |\n"));
    CHECK(contains(body, "      1000           +50.0%       1500        fsmark.files_per_sec\n"));
  }
  SUBCASE("a further test's word can be given") {
    doc.further_tests[0].word = "change";
    CHECK(contains(compose(doc).body, "| testcase: change | fsmark: fsmark.files_per_sec  9.4% change |\n"));
  }
  SUBCASE("two further tests: two entries, two more separators") {
    test_section second = fsmark_section();
    second.test.parameters[1].value = "xfs";
    doc.further_tests.push_back(second);
    const std::string body = compose(doc).body;
    CHECK(contains(body, "|                  | iterations=1x                                 |\n"
                         "+------------------+-----------------------------------------------+\n"
                         "| testcase: change | fsmark: fsmark.files_per_sec  9.4% regression |\n"));
    // 1 empty line before the first stars and 2 before the later ones, after the table's own.
    CHECK(contains(body, "fsmark.files_per_sec\n\n\n\n" + stars + "\n\n" + equals + "\n"));
    CHECK(contains(body, "fio.write_bw_MBps\n\n\n" + stars + "\n\n" + equals + "\n"));
    CHECK(compose(doc).further.size() == 2);
  }
  SUBCASE("an improvement with a box has 4 empty lines before Details") {
    report_document up = current_document(false);
    up.further_tests.push_back(fsmark_section());
    CHECK(contains(compose(up).body, "+-----------------------------------------------+\n\n\n\n\n" + details));
  }
}

TEST_CASE("current email: the words of section 1 in 2022") {
  report_document doc = current_document(true, layout_on(20220721));
  doc.attachments = {"results/job.yaml"};
  const composed_report r = compose(doc);
  CHECK(r.body.starts_with("Greeting,\n\nFYI, we noticed a -19.5% regression of fio.write_bw_MBps due to commit:\n\n\n"
                           "commit: " +
                           head_id + " (\"mm: vmscan: kick flushers\")\n"));
  CHECK(contains(r.body, "\n\nin testcase: fio-basic\n"
                         "on test machine: 16 threads Intel(R) Xeon(R) CPU D-1541 @ 2.10GHz with 8G memory\n"
                         "with following parameters:\n"
                         "\n"
                         "\truntime: 300s\n"));
  CHECK_FALSE(contains(r.body, "config: x86_64"));
  CHECK_FALSE(contains(r.body, "Hello,"));
  CHECK(contains(r.body, "If you fix the issue, kindly add following tag\n"
                         "Reported-by: kernel test robot <oliver.sang@intel.com>\n\n\n"));
  CHECK_FALSE(contains(r.body, "Closes:"));
  CHECK(contains(r.body, details + "\n\nTo reproduce:\n\n        git clone https://github.com/intel/lkp-tests.git\n"
                                   "        cd lkp-tests\n"
                                   "        sudo bin/lkp install job.yaml           # job file is attached in this email\n"));
  CHECK_FALSE(contains(r.body, "materials"));
  CHECK(r.body.ends_with("-- \n0-DAY CI Kernel Test Service\nhttps://01.org/lkp\n\n\n"));
  CHECK(r.subject == "[linux-next:master] [mm]  e932fd3f17:  fio.write_bw_MBps -19.5% regression");
}

TEST_CASE("current email: the tags with a Link (2023-04 to 2023-07-18)") {
  const composed_report r = compose(current_document(true, layout_on(20230601)));
  CHECK(contains(r.body, "\tdisk: 1SSD\n\n\n\n\n"
                         "If you fix the issue, kindly add following tag\n"
                         "| Reported-by: kernel test robot <oliver.sang@intel.com>\n"
                         "| Link: https://lore.kernel.org/oe-lkp/202611291607.3ed8df2-lkp@intel.com\n"
                         "\n\n" +
                             details));
  CHECK(r.body.starts_with("Hello,\n"));  // no leading empty lines before 2023-09
  CHECK(r.body.ends_with("-- \n0-DAY CI Kernel Test Service\nhttps://github.com/intel/lkp-tests/wiki\n\n\n"));
}

TEST_CASE("current email: a preamble, and the blocks a document can leave out") {
  SUBCASE("a preamble before the greeting, two empty lines after it") {
    report_document doc = current_document(true, layout_on(20220721));
    doc.blocks.preamble = {"(just FYI for the possible performance impact,", "our config, as attached)"};
    CHECK(compose(doc).body.starts_with(
        "\n(just FYI for the possible performance impact,\nour config, as attached)\n\n\nGreeting,\n\n"));
  }
  SUBCASE("no dash line and no To reproduce block") {
    report_document doc = current_document(true, layout_on(20220721));
    doc.blocks.details_line = false;
    doc.blocks.reproduce = false;
    const std::string body = compose(doc).body;
    CHECK(contains(body, "Details are as below:\n\n\n" + equals + "\n"));
    CHECK_FALSE(contains(body, "To reproduce:"));
  }
}

TEST_CASE("current email: the signatures of 2020 and 2021") {
  SUBCASE("Thanks and a name, one empty line after") {
    report_document doc = current_document(false, named_layout(layout_era::y2020));
    doc.text.signature = "Oliver Sang";
    CHECK(compose(doc).body.ends_with("performance.\n\n\nThanks,\nOliver Sang\n\n"));
  }
  SUBCASE("the 0DAY/LKP+ lines") {
    report_document doc = current_document(false, layout_on(20210731));
    doc.text.signature = "Oliver Sang";
    CHECK(compose(doc).body.ends_with(
        "performance.\n\n\n---\n"
        "0DAY/LKP+ Test Infrastructure                   Open Source Technology Center\n"
        "https://lists.01.org/hyperkitty/list/lkp@lists.01.org       Intel Corporation\n"
        "\nThanks,\nOliver Sang\n\n\n"));
  }
}

// --- report documents --------------------------------------------------------------------------------

namespace {

const std::string current_minimal = R"({
  "commit": {"id": "e932fd3f1772e1fbc0b90dcfb4fbc689729a48f8", "subject": "mm: vmscan: kick flushers"},
  "base_commit": {"id": "2b837027cdc60ac3"},
  "test": {"name": "fio-basic", "parameters": {"runtime": "300s"}},
  "results": {"base": {"fio.write_bw_MBps": [82, 83, 81]}, "head": {"fio.write_bw_MBps": [66, 67, 65]}}
})";

/// The document with these fields added, one a line: the first on line 7, column 3.
std::string with(std::initializer_list<std::string_view> fields) {
  std::string doc = current_minimal;
  std::string added;
  for (const auto field : fields) added += fmt::format(",\n  {}", field);
  doc.insert(doc.rfind('}'), added + "\n");
  return doc;
}

std::string error_of(const std::string& json) {
  try {
    (void)io::parse_report(json, "r.json", ".");
  } catch (const input_error& e) {
    return e.what();
  }
  return "(no error)";
}

const std::string_view fsmark_test =
    R"("tests": [{"test": {"name": "fsmark"}, "results": {"base": {"fsmark.files_per_sec": [1000, 1001, 999]}, "head": {"fsmark.files_per_sec": [906, 907, 905]}}}])";

}  // namespace

TEST_CASE("report document: the current fields and their layouts") {
  SUBCASE("without dialect or date: the newest layout and the current table") {
    const auto doc = io::parse_report(current_minimal, "r.json", ".");
    CHECK(doc.dialect == table_dialect::current);
    CHECK(doc.layout.era == layout_era::y2026);
    CHECK(doc.layout.day == 20260301);
  }
  SUBCASE("the layout of mail.date's day") {
    const auto doc = io::parse_report(with({R"("mail": {"date": "Mon, 24 Jun 2024 15:46:00 +0800"})"}), "r.json", ".");
    CHECK(doc.layout.era == layout_era::y2023);
    CHECK(doc.layout.day == 20240624);
    CHECK_FALSE(doc.layout.testcase_first);
  }
  SUBCASE("a layout by its name or its day") {
    CHECK(io::parse_report(with({R"("layout": "2024-11-30")"}), "r.json", ".").layout.era == layout_era::y2024_11_30);
    const auto by_day = io::parse_report(with({R"("layout": "2022-07-21")"}), "r.json", ".");
    CHECK(by_day.layout.day == 20220721);
    CHECK(by_day.layout.fyi_words);
    const auto seed = io::parse_report(with({R"("layout": "2019-06-01")"}), "r.json", ".");
    CHECK(seed.layout.era == layout_era::y2018);
    CHECK(seed.dialect == table_dialect::modern);
  }
  SUBCASE("the fields of the current layouts") {
    std::string text =
        with({R"("layout": "2026")", R"("patch": {"url": "u", "base": "b", "link": "l", "subject": "[PATCH] s"})",
              R"("status": {"lines": [{"what": "test failed on", "tree": "linux-next/master", "commit": "c"}], "align": "right"})",
              R"("table": {"order": "robot", "testcase_first": false})",
              R"("text": {"preamble": "hi", "tags": false, "reported_by": "r <r@example.org>", "closes_url": "c", "materials_url": "m"})",
              R"("mail": {"spaces_after_colon": 1})", fsmark_test});
    const std::string subject = R"("subject": "mm: vmscan: kick flushers"})";
    text.replace(text.find(subject), subject.size(),
                 R"("subject": "mm: vmscan: kick flushers", "tag": "v6.1", "tree": "linus:master"})");
    const auto doc = io::parse_report(text, "r.json", ".");
    CHECK(doc.head_names.tag == "v6.1");
    CHECK(doc.head_names.tree == "linus:master");
    CHECK(doc.patch.subject == "[PATCH] s");
    REQUIRE(doc.blocks.status.size() == 1);
    CHECK(doc.blocks.status[0].tree == "linux-next/master");
    CHECK(doc.blocks.status_right_aligned);
    CHECK(doc.table.testcase_first == false);
    CHECK(doc.blocks.preamble == std::vector<std::string>{"hi"});
    CHECK(doc.blocks.tags == false);
    CHECK(doc.blocks.reported_by == "r <r@example.org>");
    CHECK(doc.blocks.closes_url == "c");
    CHECK(doc.blocks.materials_url == "m");
    CHECK(doc.blocks.spaces_after_colon == 1);
    REQUIRE(doc.further_tests.size() == 1);
    CHECK(doc.further_tests[0].test.name == "fsmark");
    CHECK(doc.further_tests[0].head_results.size() == 1);
  }
}

TEST_CASE("report document: a current regression and improvement, read and composed") {
  const std::string mail =
      R"("mail": {"date": "Sun, 29 Nov 2026 21:07:17 +0000", "message_id": "<202611291607.3ed8df2-lkp@intel.com>"})";
  const composed_report regression = compose(io::parse_report(with({mail}), "r.json", "."));
  CHECK(contains(regression.body, "| Closes: https://lore.kernel.org/oe-lkp/202611291607.3ed8df2-lkp@intel.com\n"));
  CHECK(contains(regression.body, "kernel test robot noticed a 19.5% regression of fio.write_bw_MBps on:\n"));
  CHECK(regression.subject == "[mm]  e932fd3f17:  fio.write_bw_MBps 19.5% regression");
  std::string improvement = with({mail});
  improvement.replace(improvement.find("[82, 83, 81]"), 12, "[60, 61, 59]");
  const composed_report up = compose(io::parse_report(improvement, "r.json", "."));
  CHECK(contains(up.body, "a 10.0% improvement"));
  CHECK_FALSE(contains(up.body, "Closes:"));
  CHECK_FALSE(contains(up.body, "kindly add"));
  SUBCASE("the document's word prints, the metric decides the verdict: a word of the other verdict is refused") {
    const auto composed_error = [](const std::string& json) -> std::string {
      try {
        (void)compose(io::parse_report(json, "r.json", "."));
      } catch (const input_error& e) {
        return e.what();
      }
      return "(no error)";
    };
    CHECK(composed_error(with({mail, R"("headline": {"word": "improvement"})"})) ==
          "report: headline.word: says \"improvement\", but the change of \"fio.write_bw_MBps\" is a regression");
    CHECK(composed_error(improvement.insert(improvement.rfind('}'), ",\n  \"headline\": {\"word\": \"regression\"}\n")) ==
          "report: headline.word: says \"regression\", but the change of \"fio.write_bw_MBps\" is an improvement");
    const composed_report worded = compose(io::parse_report(with({mail, R"("headline": {"word": "slowdown"})"}), "r.json", "."));
    CHECK(contains(worded.body, "a 19.5% slowdown of fio.write_bw_MBps"));
    CHECK(contains(worded.body, "| Closes:"));  // still a regression: its tags
  }
}

TEST_CASE("report document: errors of the current fields") {
  SUBCASE("tests with a seed layout") {
    CHECK(error_of(with({R"("dialect": "modern")", fsmark_test})) ==
          "r.json:8:12: tests: is printed only by the layouts of 2020 on (set layout, or leave dialect out)");
  }
  SUBCASE("table.testcase_first with a seed layout") {
    CHECK(error_of(with({R"("dialect": "modern")", R"("table": {"testcase_first": true})"})) ==
          "r.json:8:31: table.testcase_first: is printed only by the layouts of 2020 on (set layout, or leave dialect out)");
    CHECK(error_of(with({R"("layout": "2017")", R"("table": {"testcase_first": false})"})) ==
          "r.json:8:31: table.testcase_first: is printed only by the layouts of 2020 on (set layout, or leave dialect out)");
  }
  SUBCASE("a commit's tag with a seed layout") {
    std::string doc = with({R"("dialect": "modern")"});
    const std::string base = R"({"id": "2b837027cdc60ac3"})";
    doc.replace(doc.find(base), base.size(), R"({"id": "2b837027cdc60ac3", "tag": "v6.1"})");
    CHECK(error_of(doc) ==
          "r.json:3:52: base_commit.tag: is printed only by the layouts of 2020 on (set layout, or leave dialect out)");
  }
  SUBCASE("a tree only for the commit under test, whose subject names it") {
    std::string doc{current_minimal};
    const std::string base = R"({"id": "2b837027cdc60ac3"})";
    doc.replace(doc.find(base), base.size(), R"({"id": "2b837027cdc60ac3", "tree": "linus:master"})");
    CHECK(error_of(doc) == "r.json:3:45: base_commit.tree: unknown field; the nearest known field is \"url\"");
  }
  SUBCASE("text fields of the current layouts with a seed layout") {
    CHECK(error_of(with({R"("dialect": "classic")", R"("text": {"tags": false})"})) ==
          "r.json:8:20: text.tags: is printed only by the layouts of 2020 on (set layout, or leave dialect out)");
    CHECK(error_of(with({R"("dialect": "classic")", R"("mail": {"spaces_after_colon": 1})"})) ==
          "r.json:8:34: mail.spaces_after_colon: is printed only by the layouts of 2020 on (set layout, or leave dialect out)");
    CHECK(error_of(with({R"("dialect": "modern")", R"("status": {"lines": []})"})) ==
          "r.json:8:13: status: is printed only by the layouts of 2020 on (set layout, or leave dialect out)");
  }
  SUBCASE("the current table with a seed layout") {
    CHECK(error_of(with({R"("layout": "2018")", R"("dialect": "current")"})) ==
          "r.json:8:14: dialect: the current table goes with the layouts of 2020 on (layout)");
  }
  SUBCASE("an unknown layout lists the names") {
    CHECK(error_of(with({R"("layout": "2019")"})) ==
          "r.json:7:13: layout: must be one of \"2017\", \"2018\", \"2020\", \"2023\", \"2024-10\", \"2024-11-30\", "
          "\"2026\", \"project\", or a day written YYYY-MM-DD");
    CHECK(error_of(with({R"("layout": "2023-02-29")"})).starts_with("r.json:7:13: layout: must be one of \"2017\""));
    CHECK(error_of(with({R"("layout": 2026)"})).starts_with("r.json:7:13: layout: must be one of"));
  }
  SUBCASE("a further test's metric must be in its results") {
    std::string field{fsmark_test};
    field.insert(field.size() - 2, R"(, "metric": "fsmark.nope")");
    CHECK(error_of(with({field})) == "r.json:7:169: tests[0].metric: no results have the metric \"fsmark.nope\"");
    SUBCASE("the report's metrics do not count") {
      std::string other{fsmark_test};
      other.insert(other.size() - 2, R"(, "metric": "fio.write_bw_MBps")");
      CHECK(error_of(with({other})) == "r.json:7:169: tests[0].metric: no results have the metric \"fio.write_bw_MBps\"");
    }
  }
  SUBCASE("a further test compares one head") {
    std::string field{fsmark_test};
    const std::string head = R"({"fsmark.files_per_sec": [906, 907, 905]})";
    field.replace(field.find(head), head.size(), "[" + head + ", " + head + "]");
    CHECK(error_of(with({field})) == "r.json:7:53: tests[0].results: a further test compares one head with its base");
  }
  SUBCASE("status.align is left or right") {
    CHECK(error_of(with({R"("status": {"lines": [], "align": "center"})"})) ==
          "r.json:7:36: status.align: must be one of \"left\", \"right\"");
  }
  SUBCASE("mail.spaces_after_colon is 1 or 2") {
    CHECK(error_of(with({R"("mail": {"spaces_after_colon": 3})"})) == "r.json:7:34: mail.spaces_after_colon: 3 is above 2");
  }
}

TEST_CASE("report document: the header the JSON names is the one the current email prints") {
  const auto doc = io::parse_report(current_minimal, "r.json", ".");
  const table_header header = table_header_of(doc);
  // No group axes: the job's own, as the email's table prints them.
  REQUIRE(header.axes.size() == 2);
  CHECK(header.axes[0] == std::pair<std::string, std::string>{"runtime", "300s"});
  CHECK(header.axes[1] == std::pair<std::string, std::string>{"testcase", "fio-basic"});
  CHECK(header.commit_lines == std::vector<std::string>{"2b837027cdc60ac3", "e932fd3f17 (\"mm: vmscan: kick flushers\")"});
  const composed_report r = compose(doc);
  CHECK(contains(r.body, "runtime/testcase:\n  300s/fio-basic\n"));
}

TEST_CASE("current email: the To reproduce commands of each form, and where the block stands") {
  report_document doc = current_document(true, layout_on(20210731));
  doc.attachments = {"job.yaml"};
  // 2021 (S02): aligned, without sudo, nothing after them.
  CHECK(contains(compose(doc).body, "        cd lkp-tests\n"
                                    "        bin/lkp install                job.yaml  # job file is attached in this email\n"
                                    "        bin/lkp split-job --compatible job.yaml  # generate the yaml file for lkp run\n"
                                    "        bin/lkp run                    generated-yaml-file\n"
                                    "\n"));
  // Without a job file attached, the block does not say one is.
  doc.attachments.clear();
  const std::string unattached = compose(doc).body;
  CHECK(contains(unattached, "        bin/lkp install                job.yaml\n"));
  CHECK_FALSE(contains(unattached, "attached"));
  // A document may name the form (the day of the change is not known to the day).
  doc.attachments = {"job.yaml"};
  doc.blocks.reproduce_commands = reproduce_form::sudo_split_job;
  CHECK(contains(compose(doc).body, "        sudo bin/lkp run generated-yaml-file\n\n"
                                    "        # if come across any failure that blocks the test,\n"));
  doc.blocks.reproduce_commands = reproduce_form::lkp_run;
  CHECK(contains(compose(doc).body, "        bin/lkp run     job.yaml\n"));
  // After the tables, before the disclaimer.
  doc.blocks.reproduce_after_tables = true;
  const std::string after = compose(doc).body;
  const auto reproduce = after.find("To reproduce:");
  REQUIRE(reproduce != std::string::npos);
  CHECK(reproduce > after.find("commit: \n"));
  CHECK(reproduce < after.find("Disclaimer:"));
  CHECK(after.find("Details are as below:") < after.find("commit: \n"));
}

TEST_CASE("current email: the subject's spaces after the bracket, and the empty lines a document sets") {
  report_document doc = current_document(true, layout_on(20260301));
  CHECK(contains(compose(doc).subject, "]  "));
  doc.blocks.spaces_after_bracket = 1;
  const std::string subject = compose(doc).subject;
  CHECK_FALSE(contains(subject, "]  "));
  CHECK(contains(subject, "] " + head_id.substr(0, 10) + ":"));
  const std::string before = compose(doc).body;
  doc.blocks.empty_lines.leading = 0;
  doc.blocks.empty_lines.after_parameters = 5;
  doc.blocks.empty_lines.before_disclaimer = 2;
  doc.blocks.empty_lines.trailing = 0;
  const std::string body = compose(doc).body;
  CHECK(body.starts_with("Hello,\n"));
  CHECK(contains(body, "\tdisk: 1SSD\n\n\n\n\n\n"));
  CHECK_FALSE(contains(body, "\tdisk: 1SSD\n\n\n\n\n\n\n"));
  CHECK(contains(body, "\n\n\nDisclaimer:"));  // the table's own empty line and one more
  CHECK_FALSE(contains(body, "\n\n\n\nDisclaimer:"));
  CHECK(body.ends_with("https://github.com/intel/lkp-tests/wiki\n"));
  CHECK(before != body);
}
