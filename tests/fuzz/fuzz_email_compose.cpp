// email::compose on small report documents built from the fuzz bytes: base and head matrices, the
// table and plot requests (including unknown styles, odd sizes, listed rows and plots that
// name missing metrics, bisection points, given samples), the headline, the commit and the mail
// headers (long subjects, any display name, any text as an address or a message id). Checks: the
// document composes or is refused with a perfmail::error; a composed subject is one header line and
// the mbox message built from it has a well-formed header block.
#include "fuzz_support.hpp"

#include "perfmail/email/compose.hpp"
#include "perfmail/email/mbox.hpp"
#include "perfmail/table/header.hpp"

#include <algorithm>
#include <cstddef>
#include <memory>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace perfmail;

constexpr std::string_view known_names[] = {
    "fio.write_bw_MBps", "fio.write_clat_90%_us", "dmesg.oops", "last_state.is_incomplete_run",
    "perf-profile.calltrace.cycles-pp.x", "vmstat.cpu.id", "will-it-scale.per_thread_ops",
};

std::string name_of(fuzz::byte_reader& in) {
  if (in.below(4) != 0) return std::string{in.pick(known_names)};
  return in.text(24);
}

matrix matrix_of(fuzz::byte_reader& in, bool finite_only) {
  matrix m;
  const std::size_t runs = 1 + in.below(5);
  const std::size_t metrics = in.below(5);
  for (std::size_t k = 0; k < metrics; ++k) {
    metric_series s{name_of(in)};
    for (std::size_t i = 0; i < runs; ++i) {
      const auto kind = in.byte() % 5;
      if (kind == 0) s.push_missing();
      else if (kind == 1) s.push_back(in.number(finite_only), sample_kind::floating);
      else s.push_back(static_cast<double>(in.byte()), sample_kind::integer);
    }
    m.add(std::move(s));
  }
  return m;
}

std::optional<std::vector<double>> samples_of(fuzz::byte_reader& in, bool finite_only) {
  if (in.below(4) == 0) return std::nullopt;
  std::vector<double> out(in.below(12));
  for (auto& v : out) v = in.number(finite_only);
  return out;
}

/// The header block of an mbox message: the "From " line, then `Name: value` lines, each perhaps
/// continued on lines that start with white space, up to the blank line; no line over 998 octets
/// (RFC 5322 section 2.1.1) and none of white space only.
bool well_formed_headers(std::string_view message) {
  const auto end = message.find("\n\n");
  if (end == std::string_view::npos) return false;
  const auto lines = fuzz::split_lines(message.substr(0, end));
  if (lines.empty() || !lines.front().starts_with("From ")) return false;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto line = lines[i];
    if (line.empty() || line.find('\r') != std::string_view::npos || line.size() > 998) return false;
    if (line.front() == ' ' || line.front() == '\t') {
      if (line.find_first_not_of(" \t") == std::string_view::npos) return false;
      continue;
    }
    const auto colon = line.find(": ");
    if (colon == std::string_view::npos || colon == 0) return false;
    for (char c : line.substr(0, colon))
      if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '-')) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::byte_reader in(data, size);
  email::report_document doc;
  const bool finite_only = in.flag();
  doc.dialect = in.flag() ? table_dialect::classic : table_dialect::modern;
  doc.head.id = in.flag() ? "e932fd3f1772e1fbc0b90dcfb4fbc689729a48f8" : in.text(16);
  doc.head.subject = in.flag() ? "mm: vmscan: do not loop on too_many_isolated for ever" : in.text(32);
  doc.base.id = "2b837027cdc60ac3";
  doc.test.name = "fio-basic";
  doc.machine.name = "lkp-bdw-de1";
  doc.base_results = {"base.json", std::make_shared<const matrix>(matrix_of(in, finite_only))};
  const std::size_t heads = 1 + in.below(2);
  for (std::size_t h = 0; h < heads; ++h)
    doc.head_results.push_back({"head" + std::to_string(h) + ".json", std::make_shared<const matrix>(matrix_of(in, finite_only))});

  static constexpr policy_kind policies[] = {policy_kind::robot, policy_kind::mann_whitney, policy_kind::welch};
  doc.table.policy = in.pick(policies);
  doc.table.all = in.flag();
  doc.table.keep_noise = in.flag();
  doc.table.order = in.flag() ? row_order::robot : row_order::given;
  if (in.below(4) == 0)
    for (std::size_t i = in.below(3) + 1; i > 0; --i) doc.table.rows.push_back(name_of(in));

  static constexpr email::plot_request::which plot_choices[] = {
      email::plot_request::which::none, email::plot_request::which::listed, email::plot_request::which::changed};
  doc.plots.metrics_from = in.pick(plot_choices);
  if (doc.plots.metrics_from == email::plot_request::which::listed)
    for (std::size_t i = in.below(3) + 1; i > 0; --i) doc.plots.metrics.push_back(name_of(in));
  static constexpr std::string_view styles[] = {"", "gnuplot-5.4", "gnuplot-5.0", "classic", "unicode", "bogus"};
  doc.plots.style = std::string{in.pick(styles)};
  if (in.below(4) == 0) {
    doc.plots.width = static_cast<int>(in.below(140));
    doc.plots.height = static_cast<int>(in.below(40));
  }
  if (in.below(4) == 0)
    for (std::size_t i = in.below(3) + 1; i > 0; --i)
      doc.plots.bisection.push_back({"c" + std::to_string(i), in.flag(), {"bisect", std::make_shared<const matrix>(matrix_of(in, finite_only))}});
  if (in.below(4) == 0)
    doc.plots.samples.push_back({name_of(in), samples_of(in, finite_only), samples_of(in, finite_only)});

  if (in.below(3) == 0) doc.headline.metric = name_of(in);
  if (in.below(4) == 0) doc.headline.word = in.text(12);
  if (in.below(6) == 0) doc.mail.subject = in.text(40);
  if (in.flag()) doc.subject_tag = "lkp-robot";
  doc.mail.date = "Mon, 01 Jan 2018 00:00:00 +0000";
  doc.mail.from = "Fuzz Sender <fuzz@example.org>";  // an mbox needs its sender: no default names one
  doc.mail.to.push_back("someone@example.org");
  // Read last, so that the stored corpus keeps its meaning: a subject of up to some 8,000 bytes, which
  // the writer must fold; any display name; any text as a mailbox or a message id (written, or
  // refused with a usage error).
  if (in.below(4) == 0) {
    const std::string piece = in.text(40);
    for (std::size_t k = in.below(200); k > 0; --k) doc.mail.subject += piece;
  }
  if (in.below(3) == 0) doc.mail.cc.push_back(in.text(40) + " <list@example.org>");
  if (in.below(4) == 0) doc.mail.to.push_back(in.text(40));
  if (in.below(6) == 0) doc.mail.in_reply_to = in.text(24);
  // The layouts of 2020 on (read after everything above, for the same reason): a day of each era and
  // its boundaries, further tests with their own results, and the blocks that are the report's data.
  if (in.below(3) == 0) {
    static constexpr email::calendar_day days[] = {20201110, 20210301, 20220721, 20230401, 20230719, 20231031,
                                                   20240624, 20241014, 20241130, 20251210, 20260101, 20260309};
    doc.layout = email::layout_on(in.pick(days));
    doc.dialect = in.below(4) == 0 ? table_dialect::modern : table_dialect::current;
    doc.table.testcase_first = in.flag();
    for (std::size_t t = in.below(3); t > 0; --t) {
      email::test_section section;
      section.test = {in.flag() ? "fsmark" : in.text(12), {{in.text(8), in.text(8)}, {"fs", "btrfs"}}, "", ""};
      section.machine = {"lkp-ivb-2ep2", in.text(30)};
      section.base_results = {"sb.json", std::make_shared<const matrix>(matrix_of(in, finite_only))};
      section.head_results.push_back({"sh.json", std::make_shared<const matrix>(matrix_of(in, finite_only))});
      if (in.flag()) section.metric = name_of(in);
      doc.further_tests.push_back(std::move(section));
    }
    if (in.flag()) doc.blocks.status.push_back({"still regression on", in.text(20), in.text(40)});
    doc.blocks.status_right_aligned = in.flag();
    if (in.flag()) doc.patch = {in.text(30), in.text(30), in.text(30), in.text(30)};
    if (in.flag()) doc.mail.message_id = in.flag() ? "202406241546.6bbd44a7-lkp@intel.com" : in.text(30);
    if (in.flag()) doc.blocks.tags = in.flag();
    if (in.flag()) doc.base_names.tag = in.text(12);
    doc.head_names.tree = in.flag() ? "linux-next:master" : "";
  }

  fuzz::expect_success_or_input_error([&] {
    const auto report = email::compose(doc);
    if (report.subject.find('\n') != std::string::npos || report.subject.find('\r') != std::string::npos)
      fuzz::finding("a subject of more than one line");
    if (report.body.empty() || report.body.back() != '\n') fuzz::finding("a body that does not end with a newline");
    // The box of further tests is a rectangle: every line of it as wide as its first border.
    const auto lines = fuzz::split_lines(report.body);
    std::size_t box_width = 0;
    for (const auto line : lines) {
      const bool boxed = line.starts_with("+--") || line.starts_with("| ");
      if (!boxed) {
        box_width = 0;
        continue;
      }
      // Columns as a terminal shows the box's text: one per code point, so UTF-8 continuation bytes count 0.
      const auto width = static_cast<std::size_t>(std::count_if(
          line.begin(), line.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
      if (box_width == 0) box_width = width;
      else if (width != box_width) fuzz::finding("a box whose lines differ in width");
    }
    auto headers = doc.mail;
    headers.subject = report.subject;
    if (!well_formed_headers(email::mbox_message(headers, report.body)))
      fuzz::finding("an mbox message whose header block is malformed");
  });
  return 0;
}
