#include <doctest/doctest.h>

#include "perfmail/error.hpp"
#include "perfmail/io/job_yaml.hpp"
#include "perfmail/io/matrix_json.hpp"
#include "perfmail/io/recorded_root.hpp"

#include <fmt/format.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <string>

using namespace perfmail;

namespace {

// The shape of a job.yaml the robot writes into a result root: the job file's section, the host's facts,
// the monitors of the category (one with options), and the scheduler's fields.
const std::string robot_job = R"(---

#! jobs/will-it-scale-100.yaml
suite: will-it-scale
testcase: will-it-scale
category: benchmark
nr_task: 100%
will-it-scale:
  mode: thread
  test: page_fault2
job_origin: will-it-scale-100.yaml
testbox: lkp-icl-2sp7
tbox_group: lkp-icl-2sp7
nr_cpu: 128
memory: 256G
nr_node: 2
model: Ice Lake
ssd_partitions: "/dev/nvme0n1p1"
kmsg:
heartbeat:
perf-profile:
  debug_mode: 0
cpufreq_governor: performance
kconfig: x86_64-rhel-9.4
compiler: gcc-14
commit: 7e44d00a13ca5691caf4f7c4654c3d2e1f0a9b8c
rootfs: /osimage/debian/debian-13-x86_64-20250902.cgz
LKP_SERVER: internal-lkp-server
bootloader_append:
- root=/dev/ram0
)";

std::string error_of(const std::string& yaml) {
  try {
    (void)io::parse_job_yaml(yaml, "job.yaml");
  } catch (const input_error& e) {
    return e.what();
  }
  return "(no error)";
}

std::string joined(const std::vector<parameter>& ps) {
  std::string out;
  for (const auto& p : ps) out += fmt::format("{}{}={}", out.empty() ? "" : " ", p.key, p.value);
  return out;
}

}  // namespace

TEST_CASE("a robot job: the test, its parameters in job order, the box, the kernel") {
  const auto job = io::parse_job_yaml(robot_job, "job.yaml");
  CHECK(job.testcase == "will-it-scale");
  CHECK(job.category == "benchmark");
  // The monitor's option (debug_mode), the host's facts and the scheduler's fields are not parameters.
  CHECK(joined(job.parameters) == "nr_task=100% mode=thread test=page_fault2 cpufreq_governor=performance");
  CHECK(job.tbox_group == "lkp-icl-2sp7");
  CHECK(job.commit == "7e44d00a13ca5691caf4f7c4654c3d2e1f0a9b8c");
  CHECK(job.kconfig == "x86_64-rhel-9.4");
  CHECK(job.compiler == "gcc-14");
  CHECK(job.rootfs == "debian-13-x86_64-20250902.cgz");  // its file name, as the result path has it
  // No result path in the job: made as lkp-tests makes it today, sorted by key.
  CHECK(job.path_params == "performance-thread-100%-page_fault2");
  CHECK(joined(job.axes()) ==
        "tbox_group=lkp-icl-2sp7 testcase=will-it-scale rootfs=debian-13-x86_64-20250902.cgz "
        "kconfig=x86_64-rhel-9.4 compiler=gcc-14 nr_task=100% mode=thread test=page_fault2 "
        "cpufreq_governor=performance");
  CHECK(job.machine_description() == "128 threads 2 sockets (Ice Lake) with 256G memory");
  CHECK(job.notes.empty());
}

TEST_CASE("the job's own result path gives path_params, and keeps only the parameters it holds") {
  // A 2017 job: the result path lists the parameters in job order, and a host fact this reader does not
  // know (`hdd_type`) is not in it.
  const auto job = io::parse_job_yaml(R"(testcase: fio-basic
runtime: 300s
disk: 1SSD
fs: btrfs
nr_task: 8
hdd_type: sata
fio-setup-basic:
  rw: randwrite
  bs: 4k
fio:
result_root: /result/fio-basic/300s-1SSD-btrfs-8-randwrite-4k/lkp-bdw-de1/debian-x86_64-2016-08-31.cgz/x86_64-rhel-7.2/gcc-6/e932fd3f1772e1fbc0b90dcfb4fbc689729a48f8/0
)",
                                      "job.yaml");
  CHECK(job.path_params == "300s-1SSD-btrfs-8-randwrite-4k");
  CHECK(joined(job.parameters) == "runtime=300s disk=1SSD fs=btrfs nr_task=8 rw=randwrite bs=4k");
  REQUIRE(job.notes.size() == 1);
  CHECK(job.notes[0].find("\"hdd_type\"") != std::string::npos);
}

TEST_CASE("path_params as lkp-tests makes it: values cut to 31 characters, others replaced by _") {
  const auto job = io::parse_job_yaml("testcase: t\nb: a/b c\na: 0123456789012345678901234567890123456789\n", "j");
  CHECK(job.path_params == "0123456789012345678901234567890-a_b_c");
  CHECK(io::parse_job_yaml("testcase: t\n", "j").path_params == "defaults");
}

TEST_CASE("Ruby's booleans: a false value is no parameter, a true one is `true`") {
  const auto job = io::parse_job_yaml("testcase: t\nx: yes\ny: off\nz: 'no'\n", "j");
  CHECK(joined(job.parameters) == "x=true z=no");
}

TEST_CASE("suite stands for a missing testcase; testbox gives the group") {
  const auto job = io::parse_job_yaml("suite: hackbench\ntestbox: lkp-skl-d01-3\n", "j");
  CHECK(job.testcase == "hackbench");
  CHECK(job.tbox_group == "lkp-skl-d01");
  CHECK(io::tbox_group_of("vm-snb-4G-12") == "vm-snb-4G");
  CHECK(io::tbox_group_of("lkp-ivb-d04-2-7") == "lkp-ivb-d04-2");  // only the trailing -7: "-2" ends it
  CHECK(io::tbox_group_of("lkp-12-ivb-3") == "lkp-ivb");  // the trailing -3, then the first -12-
  CHECK(io::tbox_group_of("lkp-icl-2sp7") == "lkp-icl-2sp7");
  CHECK(io::tbox_group_of("-3") == "-3");
}

TEST_CASE("a list is noted, not read as a parameter") {
  const auto job = io::parse_job_yaml("testcase: fio-basic\nnr_task:\n  - 1\n  - 4\n", "jobs/fio.yaml");
  CHECK(job.parameters.empty());
  REQUIRE(job.notes.size() == 1);
  CHECK(job.notes[0].starts_with("jobs/fio.yaml:3:3: \"nr_task\": a list"));
}

TEST_CASE("bad YAML and wrong types name the file, the line and the column") {
  // At the end of the file: the end of its last line.
  CHECK(error_of("testcase: [fio\n").starts_with("job.yaml:1:15: "));
  CHECK(error_of("testcase:\n  - fio\n") == "job.yaml:2:3: testcase: must be a string, not a list");
  CHECK(error_of("commit: {id: 1}\n") == "job.yaml:1:9: commit: must be a string, not a mapping");
  CHECK(error_of("- a\n- b\n") == "job.yaml:1:1: the job must be a YAML mapping of keys to values, not a list");
  CHECK(error_of("") == "job.yaml: no job: the file holds no YAML mapping");
  CHECK(error_of("testcase: a\nruntime: 1\nruntime: 2\n") ==
        "job.yaml:3:1: \"runtime\": the key appears twice (first at 2:1)");
  CHECK(error_of("fio:\n  bs: 4k\n  bs: 1M\n") == "job.yaml:3:3: fio.\"bs\": the key appears twice (first at 2:3)");
  CHECK(error_of("? [a]\n: b\n") == "job.yaml:1:3: a key must be a string, not a list");
  CHECK(error_of(std::string(2000, '[')).find("nested too deeply") != std::string::npos);
  // yaml-cpp would read these as UTF-16, its places counting units of that.
  CHECK(error_of(std::string{"testcase: a\nx: b\0c\n", 17}) == "job.yaml:2:5: a NUL byte: a job.yaml is UTF-8 text");
  CHECK(error_of("\xFF\xFEt\0") == "job.yaml:1:1: UTF-16 or UTF-32 text: a job.yaml is UTF-8");
}

TEST_CASE("input text never reaches a message raw") {
  const std::string e = error_of("testcase:\n  - \"\x1b[31m\"\n");
  CHECK(e.find('\x1b') == std::string::npos);
  const auto job = io::parse_job_yaml("testcase: t\n\"\x1b[2m\": [1]\n", "j");
  REQUIRE(job.notes.size() == 1);
  CHECK(job.notes[0].find('\x1b') == std::string::npos);
}

TEST_CASE("a result root's job.yaml: its own, else its first run's") {
  const std::filesystem::path roots =
      std::filesystem::path{PERFMAIL_TEST_DATA_DIR} / ".." / ".." / "examples" / "roots";
  CHECK(io::job_file_of(roots / "base").filename() == "job.yaml");
  CHECK(io::job_file_of(roots / "base").parent_path().filename() == "base");
  CHECK(io::job_file_of(roots / "head").parent_path().filename() == "0");
  CHECK(!io::is_result_root(roots));
  CHECK_THROWS_AS((void)io::job_file_of(roots), input_error);
  const auto root = io::load_result_root(roots / "head");
  CHECK(root.job.commit == "7e44d00a13ca5691caf4f7c4654c3d2e1f0a9b8c");
  CHECK(root.results.contains("will-it-scale.per_thread_ops"));
  CHECK(root.results.run_count() == 3);
}

TEST_CASE("the matrix.json of a result root stands for the root; other files do not") {
  const std::filesystem::path data{PERFMAIL_TEST_DATA_DIR};
  const std::filesystem::path roots = data / ".." / ".." / "examples" / "roots";
  CHECK(io::result_root_of(roots / "base") == roots / "base");
  CHECK(io::result_root_of(data / "roots" / "with_matrix" / "matrix.json") == data / "roots" / "with_matrix");
  // A job.yaml, a run's stats.json, a matrix.json outside a root, and a root's missing matrix.json.
  CHECK(!io::result_root_of(roots / "base" / "job.yaml"));
  CHECK(!io::result_root_of(roots / "base" / "0" / "stats.json"));
  CHECK(!io::result_root_of(data / ".." / ".." / "examples" / "data" / "base" / "matrix.json"));
  CHECK(!io::result_root_of(roots / "base" / "matrix.json"));
  CHECK(!io::result_root_of(roots));
}

TEST_CASE("the limit of keys: refused as the parse reaches it, a job at the limit read") {
  std::string at_limit = "testcase: t\n";
  for (int i = 1; i < 100'000; ++i) at_limit += fmt::format("k{}:\n", i);
  CHECK(io::parse_job_yaml(at_limit, "job.yaml").testcase == "t");
  const std::string over = at_limit + "one_more:\n" + "then: more\n";
  CHECK(error_of(over) == "job.yaml:100001:1: more than 100000 keys");
  // Keys in option blocks count too.
  std::string nested = "testcase: t\nfio:\n";
  for (int i = 0; i < 100'000; ++i) nested += fmt::format("  k{}: {}\n", i, i);
  CHECK(error_of(nested) == "job.yaml:100001:3: more than 100000 keys");
}

TEST_CASE("many parameters against a long result path are matched once each") {
  // Each parameter's value is a part of the robot's path: all are kept.
  std::string yaml = "testcase: t\n";
  std::string path = "/result/t/";
  for (int i = 0; i < 20'000; ++i) {
    yaml += fmt::format("p{}: v{}\n", i, i);
    path += fmt::format("{}v{}", i == 0 ? "" : "-", i);
  }
  yaml += "_rt: " + path + "/box/\n";
  const auto job = io::parse_job_yaml(yaml, "job.yaml");
  CHECK(job.parameters.size() == 20'000);
  CHECK(job.axes().size() == 20'001);
  // A value that is only part of a part is not in the path.
  const auto partial = io::parse_job_yaml("testcase: t\na: 4k\nb: 4\n_rt: /result/t/4k-x/box/\n", "job.yaml");
  CHECK(joined(partial.parameters) == "a=4k");
  const auto dashed = io::parse_job_yaml("testcase: t\na: 4k-sync\nb: x-4\n_rt: /result/t/4k-sync-x/box/\n", "job.yaml");
  CHECK(joined(dashed.parameters) == "a=4k-sync");
}

TEST_CASE("a job.yaml that cannot be read is named with the reason, never passed over, never waited on") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / fmt::format("perfmail_job_yaml_{}", ::getpid());
  fs::remove_all(dir);
  const auto reason_of = [](const fs::path& root) {
    try {
      (void)io::load_job_yaml(io::job_file_of(root));
    } catch (const input_error& e) {
      return std::string{e.what()};
    }
    return std::string{"(no error)"};
  };
  // A FIFO: opening it would wait for a writer.
  fs::create_directories(dir / "fifo");
  REQUIRE(::mkfifo((dir / "fifo" / "job.yaml").c_str(), 0600) == 0);
  CHECK(io::is_result_root(dir / "fifo"));
  CHECK(reason_of(dir / "fifo") == (dir / "fifo" / "job.yaml").string() + ": cannot read: it is a FIFO, not a file");
  // A directory, in the first run directory.
  fs::create_directories(dir / "directory" / "0" / "job.yaml");
  CHECK(reason_of(dir / "directory") ==
        (dir / "directory" / "0" / "job.yaml").string() + ": cannot read: it is a directory, not a file");
  // A link that loops, and one that dangles.
  fs::create_directories(dir / "loop");
  fs::create_symlink("job.yaml", dir / "loop" / "job.yaml");
  CHECK(reason_of(dir / "loop").find((dir / "loop" / "job.yaml").string() + ": cannot open: ") == 0);
  fs::create_directories(dir / "dangling");
  fs::create_symlink("nowhere.yaml", dir / "dangling" / "job.yaml");
  CHECK(reason_of(dir / "dangling") == (dir / "dangling" / "job.yaml").string() + ": cannot open: No such file or directory");
  // The matrix.json of such a root stands for it: its job is read, and refused, too.
  fs::copy_file(fs::path{PERFMAIL_TEST_DATA_DIR} / "roots" / "with_matrix" / "matrix.json", dir / "fifo" / "matrix.json");
  CHECK(io::result_root_of(dir / "fifo" / "matrix.json") == dir / "fifo");
  fs::remove_all(dir);
}

TEST_CASE("a recorded root: matrix.json and job.yaml read back, bisect.txt only with a judgement") {
  const std::vector<double> samples{101.5, 99.25, 1e-300};
  const auto files = io::recorded_root_files("5f3ed6d11032 \"odd\" name", "bench.ms", samples, "bad: over 4 rounds\n");
  REQUIRE(files.size() == 3);
  CHECK(files[0].name == "matrix.json");
  CHECK(files[1].name == "job.yaml");
  CHECK(files[2].name == "bisect.txt");
  CHECK(files[2].content == "bad: over 4 rounds\n");
  const matrix m = io::parse_matrix(files[0].content, "matrix.json");
  REQUIRE(m.find("bench.ms") != nullptr);
  CHECK(m.find("bench.ms")->present_values() == samples);
  CHECK(io::parse_job_yaml(files[1].content, "job.yaml").commit == "5f3ed6d11032 \"odd\" name");
  CHECK(io::recorded_root_files("good", "bench.ms", samples).size() == 2);
}

TEST_CASE("the branch after the tree's URL: the robot's `<tree>/<branch>` without its tree") {
  CHECK(io::branch_after_tree("linux-next/master") == "master");
  CHECK(io::branch_after_tree("tip/sched/core") == "sched/core");
  CHECK(io::branch_after_tree("master") == "master");
  CHECK(io::branch_after_tree("").empty());
}
