// perfmail bisect: the judge of `git bisect run`: is the current commit like the good samples or the bad?

#include "commands.hpp"
#include "help.hpp"
#include "output.hpp"
#include "process.hpp"

#include "perfmail/analysis/bisect.hpp"
#include "perfmail/error.hpp"
#include "perfmail/io/import.hpp"
#include "perfmail/io/job_yaml.hpp"
#include "perfmail/io/matrix_json.hpp"
#include "perfmail/model/series.hpp"
#include "perfmail/text/printable.hpp"

#include <fmt/core.h>

#include <cstdio>
#include <exception>
#include <filesystem>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail::cli {

namespace {

/// What `git bisect run` reads from the judge's exit status: 0 good, 1 bad, 125 skip this commit. A status
/// of 128 or more would abort the whole bisection, and any other status would mark the commit bad, so
/// that every trouble (a bad option, an unreadable file, a command that failed) is a skip, never 2:
/// `git bisect` then ends with the commits it could not judge rather than a wrong culprit.
constexpr int bisect_good = 0;
constexpr int bisect_bad = 1;
constexpr int bisect_skip = exit_bisect_skip;

struct bisect_args {
  std::string good;
  std::string bad;
  std::string current;
  std::string metric;
  std::string record;
  std::string commit;
  bisect_policy policy;
  std::vector<std::string> command;
};

/// A problem that makes this commit a skip: one line on stderr, status 125.
class bisect_trouble : public error {
 public:
  using error::error;
};

/// The metric to judge: --metric, which good and bad must both have, or the one metric they share.
std::string metric_of(const bisect_args& args, const matrix& good, const matrix& bad) {
  if (!args.metric.empty()) {
    for (const auto& [m, path] : {std::pair{&good, &args.good}, std::pair{&bad, &args.bad}})
      if (!m->contains(args.metric)) {
        std::vector<std::string_view> names;
        for (const auto& s : m->metrics()) names.push_back(s.name());
        throw bisect_trouble(fmt::format("{}: no metric {}{}", text::printable(*path), text::quoted(args.metric),
                                         did_you_mean(args.metric, names)));
      }
    return args.metric;
  }
  std::vector<std::string_view> shared;
  for (const series_view& s : good.metrics())
    if (bad.contains(s.name())) shared.push_back(s.name());
  if (shared.size() == 1) return std::string(shared.front());
  if (shared.empty())
    throw bisect_trouble(fmt::format("{} and {} have no metric in common", text::printable(args.good),
                                     text::printable(args.bad)));
  throw bisect_trouble(fmt::format("{} and {} share {} metrics ({}, ...): name one with --metric",
                                   text::printable(args.good), text::printable(args.bad), shared.size(),
                                   text::quoted(shared.front())));
}

std::vector<double> samples_of(const matrix& m, const std::string& metric) {
  const series_view* s = m.find(metric);
  return s == nullptr ? std::vector<double>{} : s->present_values();
}

/// The commit under test: --commit, else what `git rev-parse HEAD` says here; empty when neither does.
std::string current_commit(const bisect_args& args) {
  if (!args.commit.empty()) return args.commit;
  const process_result git = run_program({"git", "rev-parse", "HEAD"}, 4096, false);
  if (!git.started || !git.exited || git.status != 0) return {};
  std::string id = git.output;
  while (!id.empty() && (id.back() == '\n' || id.back() == '\r')) id.pop_back();
  return id;
}

/// Runs the command once and returns the metric's samples in what it printed.
std::vector<double> run_once(const bisect_args& args, const std::string& metric, std::size_t run) {
  const io::load_limits& limits = input_limits();
  const process_result r = run_program(args.command, limits.max_file_bytes, true);
  const std::string what = fmt::format("{} (run {})", text::printable(args.command.front()), run);
  if (!r.started) throw bisect_trouble(fmt::format("{}: cannot run: {}", what, r.error));
  if (!r.exited) throw bisect_trouble(fmt::format("{}: killed by signal {}", what, r.status));
  if (r.status != 0)
    throw bisect_trouble(fmt::format("{}: exited with status {} (a build or test that fails at this commit)", what,
                                     r.status));
  if (r.truncated)
    throw bisect_trouble(fmt::format("{}: printed more than {} bytes (--max-input-size)", what, limits.max_file_bytes));
  const matrix m = io::parse_input(r.output, what, limits.format, limits);
  std::vector<double> samples = samples_of(m, metric);
  if (samples.empty()) throw bisect_trouble(fmt::format("{}: printed no sample of {}", what, text::quoted(metric)));
  return samples;
}

/// The samples of this commit and the judgement on them: the given ones, or runs of the command until
/// the judge is sure or the runs are spent.
std::pair<std::vector<double>, bisect_judgement> judge(const bisect_args& args, const std::string& metric,
                                                       const std::vector<double>& good, const std::vector<double>& bad) {
  if (!args.current.empty()) {
    const std::vector<double> current = samples_of(io::load_results(args.current, input_limits()), metric);
    if (current.empty())
      throw bisect_trouble(fmt::format("{}: no sample of {}", text::printable(args.current), text::quoted(metric)));
    return {current, judge_commit(good, bad, current, args.policy, true)};
  }
  const std::vector<std::size_t> looks = bisect_schedule(args.policy);
  std::vector<double> current;
  std::size_t runs = 0;
  bisect_judgement j;
  for (const std::size_t look : looks) {
    while (runs < look) {
      const std::vector<double> got = run_once(args, metric, ++runs);
      current.insert(current.end(), got.begin(), got.end());
    }
    j = judge_commit(good, bad, current, args.policy, look == looks.back());
    if (j.answer != bisect_answer::more_runs) break;
  }
  return {std::move(current), std::move(j)};
}

/// Writes DIR/NAME as a result root of `samples` of `metric`, with the judgement when there is one.
void write_root(const std::filesystem::path& dir, const std::string& name, const std::string& metric,
                const std::vector<double>& samples, std::string_view verdict_text) {
  const std::filesystem::path root = dir / name;
  std::filesystem::create_directories(root);
  matrix m;
  m.add(metric_series(metric, samples));
  write_file((root / "matrix.json").string(), io::matrix_to_json(m));
  write_file((root / "job.yaml").string(), io::minimal_job_yaml(name));
  if (!verdict_text.empty()) write_file((root / "bisect.txt").string(), std::string(verdict_text));
}

/// What --record keeps: the good and bad samples once (DIR/good, DIR/bad), and each judged commit's
/// samples and judgement (DIR/<commit>), each a result root that `perfmail report --base --head` reads.
void record(const bisect_args& args, const std::string& commit, const std::string& metric,
            const std::vector<double>& good, const std::vector<double>& bad, const std::vector<double>& current,
            const bisect_judgement& j) {
  const std::filesystem::path dir(args.record);
  const std::filesystem::path marker = dir / ".perfmail-bisect";
  if (std::filesystem::exists(dir) && !std::filesystem::is_empty(dir) && !std::filesystem::exists(marker))
    throw bisect_trouble(fmt::format("--record {}: a directory perfmail did not make (it has no .perfmail-bisect): "
                                     "give a new or empty one",
                                     text::printable(args.record)));
  if (commit.empty())
    throw bisect_trouble("--record: the commit is not known (not in a git work tree): name it with --commit");
  if (commit == "good" || commit == "bad" || commit.find('/') != std::string::npos || commit.front() == '.')
    throw bisect_trouble(fmt::format("--record: {} cannot name a commit's directory", text::quoted(commit)));
  std::filesystem::create_directories(dir);
  write_file(marker.string(), "result roots written by perfmail bisect --record\n");
  if (!std::filesystem::exists(dir / "good")) write_root(dir, "good", metric, good, {});
  if (!std::filesystem::exists(dir / "bad")) write_root(dir, "bad", metric, bad, {});
  const std::string_view answer = j.answer == bisect_answer::good  ? "good"
                                  : j.answer == bisect_answer::bad ? "bad"
                                                                   : "skip";
  write_root(dir, commit, metric, current, fmt::format("{}: {}\n", answer, j.reason));
}

int run_bisect(const bisect_args& args) {
  if (args.current.empty() == args.command.empty())
    throw bisect_trouble("give the command that measures this commit after --, or --current RESULTS (one of the two)");
  if (!(args.policy.alpha > 0 && args.policy.alpha < 1)) throw bisect_trouble("--alpha must lie strictly between 0 and 1");
  const matrix good_results = io::load_results(args.good, input_limits());
  const matrix bad_results = io::load_results(args.bad, input_limits());
  const std::string metric = metric_of(args, good_results, bad_results);
  const std::vector<double> good = samples_of(good_results, metric);
  const std::vector<double> bad = samples_of(bad_results, metric);
  if (const bisect_references refs = check_bisect_references(good, bad, args.policy); !refs.problem.empty())
    throw bisect_trouble(fmt::format("{}: {}", text::printable(metric), refs.problem));

  const std::string commit = current_commit(args);
  const auto [current, j] = judge(args, metric, good, bad);
  if (!args.record.empty()) record(args, commit, metric, good, bad, current, j);
  const std::string_view answer = j.answer == bisect_answer::good  ? "good"
                                  : j.answer == bisect_answer::bad ? "bad"
                                                                   : "cannot decide (skip)";
  fmt::print(stderr, "perfmail bisect: {}{}: {}: {}\n", commit.empty() ? "" : text::printable(commit.substr(0, 12)) + " ",
             text::printable(metric), answer, j.reason);
  switch (j.answer) {
    case bisect_answer::good: return bisect_good;
    case bisect_answer::bad: return bisect_bad;
    case bisect_answer::more_runs:
    case bisect_answer::undecided: return bisect_skip;
  }
  return bisect_skip;
}

}  // namespace

command_action add_bisect_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "bisect", "Judge the current commit for git bisect run: like the good samples (0), the bad (1), or unsure (125)");
  auto args = std::make_shared<bisect_args>();
  cmd->add_option("--good", args->good, "results of a good commit: anything compare reads")->required();
  cmd->add_option("--bad", args->bad, "results of a bad commit")->required();
  cmd->add_option("--metric", args->metric, "the metric to judge (needed when the results share more than one)");
  cmd->add_option("--current", args->current, "judge these results of the current commit instead of running a command");
  cmd->add_option("--alpha", args->policy.alpha,
                  "the chance, over all runs, of calling a good commit bad (or a bad one good)")
      ->check(within(0.0, 1.0))
      ->capture_default_str();
  cmd->add_option("--first-runs", args->policy.first_runs, "runs of the command before the first judgement")
      ->check(within(std::size_t{1}, std::size_t{100000}))
      ->capture_default_str();
  cmd->add_option("--max-runs", args->policy.max_runs,
                  "runs of the command at most; the runs double while the answer is unclear")
      ->check(within(std::size_t{1}, std::size_t{100000}))
      ->capture_default_str();
  cmd->add_option("--record", args->record,
                  "keep the samples and the judgement of each commit under this directory, as result roots that "
                  "perfmail report reads");
  cmd->add_option("--commit", args->commit, "the commit's name (default: git rev-parse HEAD)");
  cmd->add_option("command", args->command,
                  "after --: the command that measures the current commit and prints its results (any format "
                  "perfmail reads, one number a line will do)");
  cmd->footer(
      "Example:\n"
      "  git bisect start v6.9 v6.8\n"
      "  git bisect run perfmail bisect --good good.json --bad bad.json \\\n"
      "      --metric BM_Parse/real_time --record bisect-runs -- ./build-and-bench.sh\n"
      "Runs the command at the current commit 5 times, then 10, 20 and 30 while the answer is unclear,\n"
      "and exits 0 when the samples are like the good ones, 1 when they are like the bad ones, and 125\n"
      "(git bisect skips the commit) when it cannot decide, when the command fails, or on any other\n"
      "trouble: never 2, which git would take for bad. What was decided and why goes to stderr. Then\n"
      "  perfmail report --base bisect-runs/<last good> --head bisect-runs/<first bad>\n"
      "writes the email of the commit git names. More: 'perfmail help commits'.");
  return [args] {
    try {
      return run_bisect(*args);
    } catch (const write_error& e) {
      fmt::print(stderr, "perfmail bisect: {}\n", e.what());
    } catch (const std::bad_alloc&) {
      fmt::print(stderr, "perfmail bisect: out of memory\n");
    } catch (const std::filesystem::filesystem_error& e) {
      fmt::print(stderr, "perfmail bisect: {}: {}\n", text::printable(e.path1().string()), e.code().message());
    } catch (const std::exception& e) {
      // Every trouble is a skip: a status of 2 would mark the commit bad (see bisect_skip).
      fmt::print(stderr, "perfmail bisect: {}\n", printable_message(e.what()));
    }
    return bisect_skip;
  };
}

}  // namespace perfmail::cli
