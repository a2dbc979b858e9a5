// Reading the robot's job.yaml (docs/INPUTS.md, "Robot result roots"). yaml-cpp parses; this file
// decides what the keys mean. lkp-tests knows which keys are a test's parameters from its programs'
// option lists; perfmail does not have those, so it reads every scalar of the job as a parameter except
// the robot's own bookkeeping (the lists below), null values (monitors, programs run without options)
// and monitors' option blocks, and, when the job names its own result path, keeps only the values that
// path holds.

#include "perfmail/io/job_yaml.hpp"

#include "run_directory.hpp"

#include "perfmail/error.hpp"
#include "perfmail/io/read_file.hpp"
#include "perfmail/text/lines.hpp"
#include "perfmail/text/printable.hpp"

#include <fmt/format.h>

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <iterator>
#include <cstddef>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <system_error>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace perfmail::io {
namespace {

namespace fs = std::filesystem;

/// Keys the robot writes about the job rather than the test: what the result path and the email name on
/// their own (the test, the box, the kernel), the host's facts, and the scheduler's records. None is a
/// parameter, whatever its value.
constexpr std::string_view robot_keys[] = {
    "suite", "testcase", "category", "job_origin", "job_file", "id", "_id", "queue", "queue_cmdline_keys",
    "queuer_version", "scheduler_version", "submit_id", "testbox", "tbox_group", "arch", "model", "brand",
    "nr_node", "nr_cpu", "memory", "cpu_info", "ucode", "local_run", "kconfig", "compiler", "commit", "branch",
    "head_commit", "base_commit", "rootfs", "kernel", "initrd", "initrds", "bootloader_append", "kernel_cmdline",
    "max_uptime", "timeout", "user", "site", "result_root", "_rt", "last_kernel", "job_state", "loadavg",
    "enqueue_time", "dequeue_time", "start_time", "end_time", "version", "repeat_to", "schedule_notify_address",
    "mail_to", "mail_cc", "bisect_dmesg", "job_initrd", "lkp_initrd", "bm_initrd", "modules_initrd", "ucode_initrd",
    "linux_headers_initrd", "linux_selftests_initrd", "linux_perf_initrd"};

/// Names that are the robot's by their form: other projects' commits and branches (`ltp_commit`), the
/// partitions of a host (`hdd_partitions`), what a job needs of a box (`need_kconfig`), the initrds, its
/// environment (`LKP_SERVER`, `NO_NETWORK`) and its private fields (`_rt`).
bool robot_key_by_form(std::string_view key) {
  const auto ends = [&](std::string_view tail) { return key.size() > tail.size() && key.ends_with(tail); };
  if (key.starts_with('_') || key.starts_with("need_") || key.starts_with("kernel_cmdline")) return true;
  if (ends("_commit") || ends("_branch") || ends("_partitions") || ends("_partition") || ends("_initrd") ||
      ends("_time") || ends("_version"))
    return true;
  const bool upper = std::any_of(key.begin(), key.end(), [](char c) { return c >= 'A' && c <= 'Z'; }) &&
                     std::none_of(key.begin(), key.end(), [](char c) { return c >= 'a' && c <= 'z'; });
  return upper;
}

bool is_robot_key(std::string_view key) {
  return std::find(std::begin(robot_keys), std::end(robot_keys), key) != std::end(robot_keys) ||
         robot_key_by_form(key);
}

/// Monitors whose options the robot's category includes write as a block (`perf-profile: {debug_mode: 0}`):
/// their options change what is recorded, not the test, and lkp-tests leaves them out of the parameters.
constexpr std::string_view monitors_with_options[] = {
    "perf-profile", "perf-sched",  "perf-stat", "perf-c2c", "pmeter",   "ftrace",
    "sched_debug",  "proc-vmstat", "turbostat", "mpstat",   "lock_stat", "latency_stats"};

bool is_monitor(std::string_view key) {
  return std::find(std::begin(monitors_with_options), std::end(monitors_with_options), key) !=
         std::end(monitors_with_options);
}

/// Fields of the job read as one value each, and where each goes.
struct scalar_field {
  std::string_view key;
  std::string job_description::*member;
};
constexpr std::array<scalar_field, 14> scalar_fields{{
    {"testcase", &job_description::testcase},
    {"suite", &job_description::suite},
    {"category", &job_description::category},
    {"testbox", &job_description::testbox},
    {"tbox_group", &job_description::tbox_group},
    {"commit", &job_description::commit},
    {"branch", &job_description::branch},
    {"head_commit", &job_description::head_commit},
    {"base_commit", &job_description::base_commit},
    {"kconfig", &job_description::kconfig},
    {"compiler", &job_description::compiler},
    {"rootfs", &job_description::rootfs},
    {"nr_cpu", &job_description::nr_cpu},
    {"memory", &job_description::memory},
}};

/// Deep enough for any job (a program's options inside a setup block); the bound keeps a hostile file of
/// aliases from being walked for ever.
constexpr std::size_t max_block_depth = 8;
constexpr std::size_t max_nodes_walked = 100'000;

std::string_view kind_name(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Map: return "a mapping";
    case YAML::NodeType::Sequence: return "a list";
    case YAML::NodeType::Null: return "null";
    case YAML::NodeType::Scalar: return "a string";
    case YAML::NodeType::Undefined: break;
  }
  return "nothing";
}

/// A plain scalar as Ruby's YAML reads it, for the few spellings it turns into something else: the
/// booleans of YAML 1.1 (`yes`, `on`, `true`: true; `no`, `off`, `false`: false). Quoted scalars are
/// strings as written.
std::optional<bool> ruby_boolean(const YAML::Node& node) {
  if (node.Tag() != "?") return std::nullopt;
  const std::string& s = node.Scalar();
  for (const std::string_view t : {"yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"})
    if (s == t) return true;
  for (const std::string_view f : {"no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"})
    if (s == f) return false;
  return std::nullopt;
}

/// Counts the keys of the mappings as a parse meets them and stops it at one more than `limit`.
class key_counter : public YAML::EventHandler {
 public:
  struct too_many {
    YAML::Mark mark;
  };
  explicit key_counter(std::size_t limit) : limit_(limit) {}

  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t) override { node(mark); }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override { node(mark); }
  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t, const std::string&) override {
    node(mark);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
    node(mark);
    key_next_.push_back(none);
  }
  void OnSequenceEnd() override { key_next_.pop_back(); }
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
    node(mark);
    key_next_.push_back(key);
  }
  void OnMapEnd() override { key_next_.pop_back(); }

 private:
  /// What the next node of the innermost collection is: a mapping's key or value, or a list's item.
  enum next : char { none, key, value };
  void node(const YAML::Mark& mark) {
    if (key_next_.empty() || key_next_.back() == none) return;
    if (key_next_.back() == key && ++keys_ > limit_) throw too_many{mark};
    key_next_.back() = key_next_.back() == key ? value : key;
  }
  std::size_t limit_;
  std::size_t keys_ = 0;
  std::vector<next> key_next_;
};

class job_reader {
 public:
  explicit job_reader(std::string source) : source_(std::move(source)) {}

  job_description read(std::string_view text) {
    text_ = text;
    refuse_other_encodings(text);
    refuse_too_many_keys(text);
    YAML::Node root;
    try {
      root = YAML::Load(std::string{text});
    } catch (const YAML::Exception& e) {
      // yaml-cpp's message for a nesting too deep is "bad file"; every other is its own sentence.
      throw input_error(source_, place(e.mark), e.msg == "bad file" ? "the YAML is nested too deeply" : e.msg);
    }
    job_description job;
    job.source = source_;
    if (root.IsNull() || !root.IsDefined()) throw input_error(source_, "no job: the file holds no YAML mapping");
    if (!root.IsMap())
      fail(root, fmt::format("the job must be a YAML mapping of keys to values, not {}", kind_name(root)));
    check_keys(root, "");

    for (const auto& field : scalar_fields) job.*field.member = scalar_of(root, field.key);
    job.nr_node = scalar_of(root, "nr_node");
    job.model = scalar_of(root, "model");
    job.brand = scalar_of(root, "brand");
    if (job.testcase.empty()) job.testcase = job.suite;
    if (job.tbox_group.empty() && !job.testbox.empty()) job.tbox_group = tbox_group_of(job.testbox);
    // The result path names the rootfs by its file name (lkp-tests' rootfs_filename).
    if (const auto cut = job.rootfs.find_last_of("/"); cut != std::string::npos) job.rootfs.erase(0, cut + 1);

    for (const auto& pair : root) collect(pair.first, pair.second, 0, job);

    std::string result_path = scalar_of(root, "_rt");
    if (result_path.empty()) result_path = scalar_of(root, "result_root");
    std::optional<std::string> robot_params = path_params_of_result_path(result_path, job.testcase);
    if (robot_params) keep_parameters_in(*robot_params, job);
    job.path_params = robot_params ? *robot_params : made_path_params(job.parameters);
    job.notes = std::move(notes_);
    return job;
  }

 private:
  /// The place of a mark, kept inside the text: yaml-cpp marks an error found after a string's closing
  /// line break (an escape left unfinished at the end of the file) on the line after, which has nothing.
  [[nodiscard]] input_place place(const YAML::Mark& mark) const {
    if (mark.is_null() || mark.line < 0 || mark.column < 0) return {};
    std::size_t line = static_cast<std::size_t>(mark.line) + 1;
    std::size_t column = static_cast<std::size_t>(mark.column) + 1;
    const std::vector<std::size_t>& lengths = line_lengths();
    if (line > lengths.size()) {
      line = lengths.size();
      column = lengths.back() + 1;
    }
    column = std::min(column, lengths[line - 1] + 1);
    return input_place::at(line, column);
  }

  /// The length in bytes of each line, measured once: a job with many notes would otherwise measure the
  /// whole text for each.
  [[nodiscard]] const std::vector<std::size_t>& line_lengths() const {
    if (!line_lengths_.empty()) return line_lengths_;
    for (const text::line l : text::lines(text_)) line_lengths_.push_back(l.text.size());
    if (line_lengths_.empty()) line_lengths_.push_back(0);  // an empty text: one empty line, for a place in it
    return line_lengths_;
  }

  /// yaml-cpp reads text with NUL bytes or a UTF-16 or UTF-32 byte order mark as UTF-16 or UTF-32, and
  /// its places then count units of that encoding. The robot writes UTF-8; anything else is refused here,
  /// at the place of the first byte that says so.
  void refuse_other_encodings(std::string_view text) const {
    for (const std::string_view bom : {std::string_view{"\xFF\xFE"}, std::string_view{"\xFE\xFF"},
                                       std::string_view{"\x00\x00\xFE\xFF", 4}})
      if (text.starts_with(bom))
        throw input_error(source_, input_place::at(1, 1), "UTF-16 or UTF-32 text: a job.yaml is UTF-8");
    const std::size_t nul = text.find('\0');
    if (nul == std::string_view::npos) return;
    const std::size_t line_start = text.rfind('\n', nul);
    const auto before = text.substr(0, nul);
    const std::size_t line = 1 + static_cast<std::size_t>(std::count(before.begin(), before.end(), '\n'));
    const std::size_t column = nul - (line_start == std::string_view::npos ? 0 : line_start + 1) + 1;
    throw input_error(source_, input_place::at(line, column), "a NUL byte: a job.yaml is UTF-8 text");
  }

  /// A file of more keys than the limit is refused as its parse reaches the first key too many, before a
  /// tree of it is built. Every key of a mapping is followed by a `:` or follows a `?`, so text with fewer
  /// of those than the limit needs no counting.
  void refuse_too_many_keys(std::string_view text) const {
    const auto marks = static_cast<std::size_t>(std::count(text.begin(), text.end(), ':') +
                                                std::count(text.begin(), text.end(), '?'));
    if (marks <= max_nodes_walked) return;
    key_counter counter(max_nodes_walked);
    std::istringstream in{std::string{text}};
    try {
      YAML::Parser parser(in);
      parser.HandleNextDocument(counter);
    } catch (const key_counter::too_many& at) {
      throw input_error(source_, place(at.mark), fmt::format("more than {} keys", max_nodes_walked));
    } catch (const YAML::Exception&) {
      // Bad YAML is named by the reading that follows, as for any file.
    }
  }

  [[noreturn]] void fail(const YAML::Node& at, std::string_view problem) const {
    throw input_error(source_, place(at.Mark()), problem);
  }

  void note(const YAML::Node& at, std::string_view what) {
    const input_place where = place(at.Mark());
    notes_.push_back(printable_message(fmt::format("{}:{}:{}: {}", source_, where.line, where.column, what)));
  }

  /// Every key of a mapping must be a string and appear once: the robot never writes a key twice, and
  /// which of two values it meant cannot be told.
  void check_keys(const YAML::Node& map, std::string_view path) {
    std::unordered_map<std::string_view, YAML::Mark> seen;
    for (const auto& pair : map) {
      if (++walked_ > max_nodes_walked) fail(pair.first, fmt::format("more than {} values", max_nodes_walked));
      if (!pair.first.IsScalar())
        fail(pair.first, fmt::format("a key must be a string, not {}", kind_name(pair.first)));
      // The node owns its scalar, and the map's nodes live as long as `map`.
      const std::string& key = pair.first.Scalar();
      const auto [first, fresh] = seen.try_emplace(key, pair.first.Mark());
      if (!fresh)
        fail(pair.first, fmt::format("{}{}: the key appears twice (first at {}:{})", path, text::quoted(key),
                                     first->second.line + 1, first->second.column + 1));
    }
  }

  /// The value of a top-level field that must be one string (or absent, or null).
  std::string scalar_of(const YAML::Node& root, std::string_view key) const {
    for (const auto& pair : root) {
      if (pair.first.Scalar() != key) continue;
      const YAML::Node& v = pair.second;
      if (v.IsNull()) return {};
      if (!v.IsScalar()) fail(v, fmt::format("{}: must be a string, not {}", key, kind_name(v)));
      return v.Scalar();
    }
    return {};
  }

  /// The parameters below one key, as lkp-tests' Job#each_param finds them: a scalar is a parameter, a
  /// mapping is a program's options (walked), null is a program or monitor run as it is.
  void collect(const YAML::Node& key_node, const YAML::Node& value, std::size_t depth, job_description& job) {
    const std::string& key = key_node.Scalar();
    if (is_robot_key(key)) return;
    switch (value.Type()) {
      case YAML::NodeType::Null:
      case YAML::NodeType::Undefined:
        return;
      case YAML::NodeType::Scalar: {
        const auto boolean = ruby_boolean(value);
        if (boolean == false) return;  // Ruby skips a false value, as it skips nil
        job.parameters.push_back({key, boolean ? std::string{"true"} : value.Scalar()});
        return;
      }
      case YAML::NodeType::Sequence:
        // A job in a result root is one job: a list of values is a job file still to be split (lkp
        // split-job), or robot bookkeeping this reader does not know. Neither is one parameter value.
        note(value, fmt::format("{}: a list, not read as a parameter (a job file before lkp split-job?)",
                                text::quoted(key)));
        return;
      case YAML::NodeType::Map:
        if (is_monitor(key)) return;
        if (depth + 1 >= max_block_depth)
          fail(value, fmt::format("{}: options nested more than {} deep", text::quoted(key), max_block_depth));
        check_keys(value, fmt::format("{}.", key));
        for (const auto& pair : value) collect(pair.first, pair.second, depth + 1, job);
        return;
    }
  }

  /// The path_params segment of the robot's result path `/result/<testcase>/<path_params>/<tbox_group>/...`,
  /// or nullopt when the job has no such path.
  static std::optional<std::string> path_params_of_result_path(std::string_view path, std::string_view testcase) {
    if (path.empty() || testcase.empty()) return std::nullopt;
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    while (start <= path.size()) {
      const std::size_t slash = std::min(path.find('/', start), path.size());
      if (slash > start) parts.push_back(path.substr(start, slash - start));
      start = slash + 1;
    }
    for (std::size_t i = 0; i + 2 < parts.size(); ++i)
      if (parts[i] == testcase && (i == 0 || parts[i - 1] == "result")) return std::string{parts[i + 1]};
    return std::nullopt;
  }

  /// Keeps the parameters whose value (as the robot writes it in a path) is a whole dash-separated part
  /// of the robot's own path_params: a monitor option or a fact this reader took for a parameter is not
  /// there. Each one dropped is noted.
  void keep_parameters_in(std::string_view path_params, job_description& job) {
    // What a value can match, found once: every run of whole parts of path_params at most as long as a
    // value written as a path writes it (path_value), rather than a search of path_params for each.
    std::unordered_set<std::string_view> runs_of_parts;
    for (std::size_t start = 0;;) {
      for (std::size_t end = start;;) {
        end = std::min(path_params.find('-', end), path_params.size());
        if (end - start > path_value_characters) break;
        runs_of_parts.insert(path_params.substr(start, end - start));
        if (end == path_params.size()) break;
        ++end;
      }
      const std::size_t dash = path_params.find('-', start);
      if (dash == std::string_view::npos) break;
      start = dash + 1;
    }
    std::vector<parameter> kept;
    for (auto& p : job.parameters) {
      if (runs_of_parts.contains(path_value(p.value)) || runs_of_parts.contains(path_value(p.key + "=" + p.value))) {
        kept.push_back(std::move(p));
      } else {
        notes_.push_back(printable_message(fmt::format("{}: {}: not in the result path's parameters {}; left out",
                                                       source_, text::quoted(p.key), text::quoted(path_params))));
      }
    }
    job.parameters = std::move(kept);
  }

  std::string source_;
  std::string_view text_;
  mutable std::vector<std::size_t> line_lengths_;
  std::vector<std::string> notes_;
  std::size_t walked_ = 0;

 public:
  /// A value as lkp-tests puts it in a path: its first 31 characters, each outside `-a-zA-Z0-9+=:.%`
  /// replaced by `_` (a multi-byte UTF-8 character counts as one, and becomes one byte).
  static constexpr std::size_t path_value_characters = 31;
  static std::string path_value(std::string_view value) {
    std::string out;
    std::size_t characters = 0;
    for (std::size_t i = 0; i < value.size() && characters < path_value_characters; ++characters) {
      const auto c = static_cast<unsigned char>(value[i]);
      std::size_t length = 1;
      if (c >= 0xC0) {
        while (i + length < value.size() && (static_cast<unsigned char>(value[i + length]) & 0xC0) == 0x80) ++length;
      }
      const bool kept = c < 0x80 && (std::isalnum(c) != 0 || c == '-' || c == '+' || c == '=' || c == ':' ||
                                     c == '.' || c == '%');
      out += kept ? static_cast<char>(c) : '_';
      i += length;
    }
    return out;
  }

  /// lkp-tests' path_params of today (since 2018-12): the parameters sorted by key, each value cut and
  /// cleaned as path_value does, joined by `-`; "defaults" when there are none.
  static std::string made_path_params(const std::vector<parameter>& parameters) {
    std::vector<parameter> sorted = parameters;
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const parameter& a, const parameter& b) { return a.key < b.key; });
    std::string out;
    for (const auto& p : sorted) {
      if (!out.empty()) out += '-';
      out += path_value(p.value);
    }
    return out.empty() ? "defaults" : out;
  }
};

/// The run directories of a root, where the robot writes a run's job.yaml (detail::is_run_name), in
/// run order.
std::vector<fs::path> job_run_directories(const fs::path& root) {
  std::vector<std::pair<std::string, fs::path>> runs;
  std::error_code ec;
  for (fs::directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
    std::error_code type_ec;
    if (!it->is_directory(type_ec)) continue;
    std::string name = it->path().filename().string();
    if (detail::is_run_name(name)) runs.emplace_back(std::move(name), it->path());
  }
  std::sort(runs.begin(), runs.end(), [](const auto& a, const auto& b) { return detail::run_name_before(a.first, b.first); });
  std::vector<fs::path> out;
  out.reserve(runs.size());
  for (auto& r : runs) out.push_back(std::move(r.second));
  return out;
}


/// `dir/job.yaml` when there is an entry of that name, of any kind: one that cannot be read (a link that
/// loops or dangles, a FIFO, a directory) is the root's job all the same, and reading it says why it
/// cannot be read, rather than the root being passed over as if it had none.
std::optional<fs::path> job_entry(const fs::path& dir) {
  fs::path file = dir / "job.yaml";
  std::error_code ec;
  const fs::file_status entry = fs::symlink_status(file, ec);
  if (entry.type() == fs::file_type::not_found) return std::nullopt;
  if (ec) throw input_error(file.string(), fmt::format("cannot open: {}", ec.message()));
  return file;
}

std::optional<fs::path> find_job_file(const fs::path& root) {
  if (auto file = job_entry(root)) return file;
  std::error_code ec;
  if (!fs::is_directory(root, ec)) return std::nullopt;
  for (const auto& run : job_run_directories(root))
    if (auto file = job_entry(run)) return file;
  return std::nullopt;
}

}  // namespace

std::vector<parameter> job_description::axes() const {
  std::vector<parameter> out;
  std::unordered_map<std::string, std::size_t> at;  // where each key is in `out`
  // A later value of a key already listed replaces it in its place, as a Ruby hash's assignment does.
  const auto put = [&](const std::string& key, const std::string& value) {
    if (value.empty()) return;
    const auto [it, fresh] = at.try_emplace(key, out.size());
    if (fresh) out.push_back({key, value});
    else out[it->second].value = value;
  };
  put("tbox_group", tbox_group);
  put("testcase", testcase);
  put("rootfs", rootfs);
  put("kconfig", kconfig);
  put("compiler", compiler);
  for (const auto& p : parameters) put(p.key, p.value);
  return out;
}

std::string job_description::machine_description() const {
  std::string out;
  const auto add = [&](const std::string& part) {
    if (part.empty()) return;
    if (!out.empty()) out += ' ';
    out += part;
  };
  if (!nr_cpu.empty()) add(nr_cpu + " threads");
  // One socket goes unsaid, as in the robot's descriptions.
  if (!nr_node.empty() && nr_node != "1") add(nr_node + " sockets");
  add(brand);
  if (!model.empty()) add("(" + model + ")");
  if (!memory.empty()) add("with " + memory + " memory");
  return out;
}

job_description parse_job_yaml(std::string_view yaml, std::string_view source) {
  return job_reader(std::string{source}).read(yaml);
}

job_description load_job_yaml(const std::filesystem::path& file, const load_limits& limits) {
  // A file's job.yaml must be a regular file: a FIFO or a device in its place is refused, never waited on.
  const std::string text = file == standard_input_path ? read_text(file, limits.max_file_bytes)
                                                       : read_regular_file(file, limits.max_file_bytes);
  return parse_job_yaml(text, input_name(file));
}

std::string tbox_group_of(std::string_view testbox) {
  // lkp-tests: a name ending in -<digits> (with something before) loses it, then its first -<digits>-.
  const auto digits_from = [&](std::size_t i) {
    std::size_t j = i;
    while (j < testbox.size() && testbox[j] >= '0' && testbox[j] <= '9') ++j;
    return j;
  };
  const std::size_t dash = testbox.rfind('-');
  if (dash == std::string_view::npos || dash == 0 || dash + 1 >= testbox.size() ||
      digits_from(dash + 1) != testbox.size())
    return std::string{testbox};
  std::string group{testbox.substr(0, dash)};
  for (std::size_t i = 0; i < group.size(); ++i) {
    if (group[i] != '-') continue;
    const std::size_t end = i + 1;
    std::size_t j = end;
    while (j < group.size() && group[j] >= '0' && group[j] <= '9') ++j;
    if (j > end && j < group.size() && group[j] == '-') {
      group.erase(i, j - i);  // "-12-" becomes "-"
      break;
    }
  }
  return group;
}

std::filesystem::path job_file_of(const std::filesystem::path& root) {
  if (auto file = find_job_file(root)) return *file;
  throw input_error(root.string(), "no job.yaml here or in its first run directory (is this a result root?)");
}

bool is_result_root(const std::filesystem::path& path) { return find_job_file(path).has_value(); }

std::optional<std::filesystem::path> result_root_of(const std::filesystem::path& path) {
  if (is_result_root(path)) return path;
  std::error_code ec;
  if (path.filename() != "matrix.json" || !fs::is_regular_file(path, ec)) return std::nullopt;
  const fs::path parent = path.has_parent_path() ? path.parent_path() : fs::path{"."};
  if (is_result_root(parent)) return parent;
  return std::nullopt;
}

result_root load_result_root(const std::filesystem::path& root, const load_limits& limits) {
  result_root r;
  r.path = root;
  // A root's matrix.json reads as its root; anything else that is no root is refused by job_file_of.
  r.job = load_job_yaml(job_file_of(result_root_of(root).value_or(root)), limits);
  r.results = load_results(root, limits);
  return r;
}

}  // namespace perfmail::io
