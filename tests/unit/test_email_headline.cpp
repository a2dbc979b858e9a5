#include <doctest/doctest.h>

#include "perfmail/email/headline.hpp"

#include <fmt/format.h>

using namespace perfmail::email;

namespace {
std::string printf_2g(double v) { return fmt::format("{:.2g}", v); }
}  // namespace

TEST_CASE("headline: classic prints two significant digits of the unrounded change") {
  CHECK(classic_headline_change(24.1213, printf_2g).text == "24%");
  CHECK(classic_headline_change(4.92, printf_2g).text == "4.9%");
  CHECK(classic_headline_change(-74.74, printf_2g).text == "-75%");
}

TEST_CASE("headline: modern repeats the table cell") {
  CHECK(modern_headline_change("      +8.2%  ", 8.18).text == "+8.2%");
  CHECK(modern_headline_change("", 0).text.empty());
}

TEST_CASE("headline sentence") {
  CHECK(headline_sentence("FYI, we noticed", {"24%", 24.1}, "improvement", "fio.write_bw_MBps") ==
        "FYI, we noticed a 24% improvement of fio.write_bw_MBps due to commit:");
  CHECK(headline_sentence("We noticed", {"+8.2%", 8.2}, "improvement", "vm-scalability.throughput") ==
        "We noticed a +8.2% improvement of vm-scalability.throughput due to commit:");
}

TEST_CASE("subject: subsystem prefix, 12-hex id, metric, change and word") {
  CHECK(subsystem_of("mm: vmscan: kick flushers when we encounter dirty pages on the LRU") == "mm");
  CHECK(subsystem_of("x86, dax, pmem: introduce 'copy_from_iter' dax operation") == "x86, dax, pmem");
  CHECK(subsystem_of("Revert the last change").empty());
  CHECK(mail_subject("", "xfs: allow writeback on pages without buffer heads",
                     "0610cbb3c679ad9cac6297f6bc7b6a780ef08c55", "vm-scalability.throughput", {"+8.2%", 8.2},
                     "improvement") == "[xfs] 0610cbb3c679: vm-scalability.throughput +8.2% improvement");
  CHECK(mail_subject("lkp-robot", "no subsystem", "abc", "m", {"-75%", -75}, "regression") ==
        "[lkp-robot] abc: m -75% regression");
}
