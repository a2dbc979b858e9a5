// Composes a report email from two result matrices, without a report document:
//   example_email examples/data/base/matrix.json examples/data/head/matrix.json
// The document is filled in directly; everything it does not set keeps the robot's defaults.
#include <perfmail/email/compose.hpp>
#include <perfmail/io/matrix_json.hpp>

#include <fmt/core.h>

#include <cstdio>
#include <memory>

int main(int argc, char** argv) {
  if (argc != 3) {
    fmt::print(stderr, "usage: {} BASE HEAD   (matrix.json files or run directories)\n", argv[0]);
    return 2;
  }
  try {
    perfmail::email::report_document doc;
    doc.dialect = perfmail::table_dialect::modern;
    doc.head = {"0610cbb3c679ad9cac6297f6bc7b6a780ef08c55", "xfs: allow writeback on pages without buffer heads",
                "git://git.infradead.org/users/hch/xfs", "xfs-iomap-write.6"};
    doc.base = {"954c5d1f8f6c0c96ac7c804017dd4990de0a3211", "", "", ""};
    doc.test = {"fio-basic", {{"runtime", "300s"}, {"rw", "randwrite"}}, "", ""};
    doc.machine = {"lkp-bdw-de1", "16 threads Intel(R) Xeon(R) CPU D-1541 @ 2.10GHz with 8G memory"};
    doc.group.axes = {{"tbox_group", "lkp-bdw-de1"}, {"testcase", "fio-basic"}, {"rw", "randwrite"}};
    doc.base_results = {argv[1], std::make_shared<const perfmail::matrix>(perfmail::io::load_results(argv[1]))};
    doc.head_results.push_back({argv[2], std::make_shared<const perfmail::matrix>(perfmail::io::load_results(argv[2]))});
    doc.plots.metrics_from = perfmail::email::plot_request::which::listed;
    doc.plots.metrics = {"fio.write_bw_MBps"};
    doc.headline.metric = "fio.write_bw_MBps";

    const auto report = perfmail::email::compose(doc);
    fmt::print("Subject: {}\n\n{}", report.subject, report.body);
  } catch (const perfmail::error& e) {
    fmt::print(stderr, "{}\n", e.what());
    return 2;
  }
  return 0;
}
