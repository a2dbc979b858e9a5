// perfmail bisect: the judge of `git bisect run`: is the current commit like the good end or the bad?
// The statistics are the library's (analysis/bisect.hpp, analysis/bisect_runs.hpp); this file reads the
// options, checks the set-up before anything runs, runs the command (process.hpp) in the trees
// (bisect_trees.hpp), keeps the state (io/bisect_state.hpp), writes what --record keeps as the library
// lays it out (io/recorded_root.hpp) and says what was decided.

#include "footer.hpp"
#include "bisect_trees.hpp"
#include "commands.hpp"
#include "help.hpp"
#include "output.hpp"
#include "process.hpp"

#include "perfmail/analysis/bisect.hpp"
#include "perfmail/analysis/bisect_runs.hpp"
#include "perfmail/error.hpp"
#include "perfmail/io/bisect_ends.hpp"
#include "perfmail/io/bisect_state.hpp"
#include "perfmail/io/command_output.hpp"
#include "perfmail/io/matrix_json.hpp"
#include "perfmail/io/read_file.hpp"
#include "perfmail/io/recorded_root.hpp"
#include "perfmail/text/printable.hpp"

#include <fmt/core.h>

#include <csignal>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail::cli {

namespace {

/// What `git bisect run` reads from the judge's exit status: 0 good, 1 bad (1 to 127 but 125), 125 skip
/// this commit, and anything from 128 on aborts the bisection. Trouble at this commit (its build or its
/// command fails) is a skip; trouble no commit can fix (a bad option, an unreadable file, ends that
/// cannot be told apart) aborts at once, with one message, rather than be skipped at every commit.
constexpr int bisect_good = 0;
constexpr int bisect_bad = 1;

/// Trouble of this commit: skip it. Like bisect_setup_problem, said through `say`.
struct commit_trouble {
  std::string message;
};

struct bisect_args {
  std::vector<std::string> good;  ///< stored ends: a results path per build
  std::vector<std::string> bad;
  std::string good_rev;  ///< measured ends
  std::string bad_rev;
  std::string build;
  std::size_t builds = 1;
  std::uint64_t seed = 1;
  std::string current;
  std::string metric;
  std::string record;
  std::string commit;
  bool clean = false;
  bisect_policy policy;
  std::vector<std::string> command;
};

/// Writes one line to stderr, ignoring failure: a judge whose stderr has gone (a closed pipe) must still
/// exit with its verdict, never die of SIGPIPE or of an exception. Every line the judge says passes here,
/// and is made printable here, whatever input it names (paths, metric names, commits, the command): the
/// messages below name them as they are.
void say(std::string_view line) {
  const std::string out = fmt::format("perfmail bisect: {}\n", text::printable(line));
  (void)std::fwrite(out.data(), 1, out.size(), stderr);
  (void)std::fflush(stderr);
}

// --- Set-up checks: everything that does not depend on the commit ----------------------------------------

void check_options(const bisect_args& args) {
  const bool stored = !args.good.empty() || !args.bad.empty();
  const bool measured = !args.good_rev.empty() || !args.bad_rev.empty();
  if (stored && measured)
    throw bisect_setup_problem{"give the ends as results (--good, --bad) or as revisions (--good-rev, --bad-rev), not both"};
  if (!stored && !measured)
    throw bisect_setup_problem{"give the ends: --good-rev REV --bad-rev REV (measured beside each commit), or --good "
                               "RESULTS --bad RESULTS (measured before)"};
  if (stored && (args.good.empty() || args.bad.empty())) throw bisect_setup_problem{"give both --good and --bad"};
  if (measured && (args.good_rev.empty() || args.bad_rev.empty()))
    throw bisect_setup_problem{"give both --good-rev and --bad-rev"};
  if (stored && (!args.build.empty() || args.builds != 1))
    throw bisect_setup_problem{"--build and --builds measure the ends themselves: they go with --good-rev and --bad-rev"};
  if (measured && !args.current.empty())
    throw bisect_setup_problem{"--current judges results made before: it goes with --good and --bad"};
  if (args.current.empty() == args.command.empty())
    throw bisect_setup_problem{"give the command that measures this commit after --, or --current RESULTS (one of the two)"};
  if (!args.command.empty())
    if (const std::string problem = program_problem(args.command.front()); !problem.empty())
      throw bisect_setup_problem{fmt::format("{}: {}", args.command.front(), problem)};
}

/// --record's directory, checked (and made, marked as perfmail's) before anything runs.
void check_record(const bisect_args& args) {
  if (args.record.empty()) return;
  const std::filesystem::path dir(args.record);
  if (const std::string problem = io::recording_directory_problem(dir); !problem.empty())
    throw bisect_setup_problem{fmt::format("--record {}: {}", args.record, problem)};
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw bisect_setup_problem{fmt::format("--record {}: {}", args.record, ec.message())};
  try {
    const io::root_file marker = io::recording_marker();
    write_file((dir / marker.name).string(), marker.content);
  } catch (const write_error& e) {
    throw bisect_setup_problem{fmt::format("--record: {}", e.what())};
  }
}

/// The command with a relative program path made absolute: the same program measures every tree.
std::vector<std::string> command_from_here(std::vector<std::string> command) {
  if (!command.empty() && command.front().find('/') != std::string::npos && command.front().front() != '/') {
    std::error_code ec;
    command.front() = std::filesystem::absolute(command.front(), ec).string();
  }
  return command;
}

/// The samples of the metric in what one run printed; nullopt-free: throws `Trouble` on a failed run.
template <class Trouble>
std::vector<double> run_samples(const std::vector<std::string>& command, const process_options& options,
                                std::string& metric, std::string_view what) {
  const io::load_limits& limits = input_limits();
  process_options o = options;
  o.max_output = limits.max_file_bytes;
  const process_result r = run_program(command, o);
  if (!r.started) throw Trouble{fmt::format("{}: cannot run: {}", what, r.error)};
  if (r.truncated)
    throw Trouble{fmt::format("{}: printed more than {} bytes (--max-input-size): stopped there", what,
                              limits.max_file_bytes)};
  if (!r.exited) throw Trouble{fmt::format("{}: killed by signal {}", what, r.status)};
  if (r.status != 0) throw Trouble{fmt::format("{}: exited with status {}", what, r.status)};
  io::command_samples read = io::read_command_samples(r.output, what, metric, limits);
  const auto name_views = [&] {
    std::vector<std::string_view> views(read.names.begin(), read.names.end());
    return views;
  };
  switch (read.problem) {
    case io::command_output_problem::none:
      break;
    case io::command_output_problem::nothing_printed:
      throw Trouble{fmt::format("{}: printed nothing", what)};
    case io::command_output_problem::unreadable:
      throw Trouble{fmt::format("what it printed is not results perfmail reads: {}", read.message)};
    case io::command_output_problem::several_metrics:
      // Measured ends: the metric from the first run, when it names one.
      throw bisect_setup_problem{fmt::format("{}: printed {} metrics: name one with --metric", what, read.names.size())};
    case io::command_output_problem::no_samples:
      throw Trouble{fmt::format("{}: printed no sample of {}{}", what, text::quoted(read.metric),
                                did_you_mean(read.metric, name_views()))};
  }
  metric = read.metric;
  return std::move(read.samples);
}

// --- Recording ------------------------------------------------------------------------------------------

/// The commit's directory name under --record, checked before anything runs.
void check_record_name(const bisect_args& args, const std::string& commit) {
  if (args.record.empty()) return;
  if (commit.empty()) throw bisect_setup_problem{"--record: the commit is not known (not in a git work tree): name it with --commit"};
  if (const std::string problem = io::recorded_commit_problem(commit); !problem.empty())
    throw bisect_setup_problem{fmt::format("--record: {}", problem)};
}

/// What --record keeps of a judged commit (io::recorded_step_roots): the ends' roots and the commit's,
/// each a result root that `perfmail report --base --head` reads.
void record(const bisect_args& args, const io::recorded_step& step, const bisect_judgement& j) {
  if (args.record.empty()) return;
  const std::filesystem::path dir(args.record);
  for (const io::recorded_root& root : io::recorded_step_roots(step, j)) {
    const std::filesystem::path root_dir = dir / root.directory;
    if (root.keep_existing && std::filesystem::exists(root_dir)) continue;
    std::filesystem::create_directories(root_dir);
    for (const io::root_file& file : root.files) write_file((root_dir / file.name).string(), file.content);
  }
}

/// The commit under test: --commit, else git's HEAD here; empty when neither names one.
std::string current_commit(const bisect_args& args) {
  if (!args.commit.empty()) return args.commit;
  const process_result git = run_program({"git", "rev-parse", "--verify", "HEAD"}, 4096, false);
  if (!git.started || !git.exited || git.status != 0) return {};
  std::string id = git.output;
  while (!id.empty() && (id.back() == '\n' || id.back() == '\r')) id.pop_back();
  return id;
}

/// Says what was decided and returns git's status for it.
int verdict(const std::string& commit, const std::string& metric, const bisect_judgement& j) {
  const std::optional<bisect_tree> end = end_like(j.answer);
  const std::string_view answer = end ? name_of(*end) : "cannot decide (skip)";
  say(fmt::format("{}{}: {}: {}", commit.empty() ? "" : commit.substr(0, 12) + " ",
                  metric, answer, j.reason));
  if (j.answer == bisect_answer::good) return bisect_good;
  if (j.answer == bisect_answer::bad) return bisect_bad;
  return exit_bisect_skip;
}

// --- Stored ends ----------------------------------------------------------------------------------------

int run_stored(const bisect_args& args) {
  io::stored_ends ends;
  try {
    const std::vector<std::filesystem::path> good(args.good.begin(), args.good.end());
    const std::vector<std::filesystem::path> bad(args.bad.begin(), args.bad.end());
    ends = io::read_stored_ends(good, bad, args.metric, input_limits());
  } catch (const std::exception& e) {
    throw bisect_setup_problem{printable_message(e.what())};
  }
  const std::string& metric = ends.metric;
  const bisect_references refs = check_bisect_references(ends.good, ends.bad, args.policy);
  if (!refs.problem.empty()) throw bisect_setup_problem{fmt::format("{}: {}", metric, refs.problem)};
  if (!refs.note.empty())
    say(fmt::format("note: {} (give a results path per build to --good and --bad, or measure the ends with "
                    "--good-rev, --bad-rev and --builds)",
                    refs.note));
  const std::string commit = current_commit(args);
  check_record_name(args, commit);
  const std::vector<double> all_good = pooled_samples(ends.good);
  const std::vector<double> all_bad = pooled_samples(ends.bad);
  std::vector<double> current;
  bisect_judgement j;
  if (!args.current.empty()) {
    try {
      current = io::samples_of_metric(args.current, metric, input_limits());
    } catch (const std::exception& e) {
      throw commit_trouble{printable_message(e.what())};
    }
    if (current.empty())
      throw commit_trouble{fmt::format("{}: no sample of {}", args.current, text::quoted(metric))};
    j = judge_single_look(all_good, all_bad, current, args.policy);
  } else {
    const std::vector<std::string> command = command_from_here(args.command);
    std::string chosen = metric;
    std::size_t run = 0;
    const bisect_runs_outcome o = judge_by_runs(ends.good, ends.bad, args.policy, [&] {
      const std::string what = fmt::format("{} (run {})", args.command.front(), ++run);
      return run_samples<commit_trouble>(command, {}, chosen, what);
    });
    for (const auto& r : o.runs) current.insert(current.end(), r.begin(), r.end());
    j = o.judgement;
  }
  record(args, {.commit = commit, .metric = metric, .good = all_good, .bad = all_bad, .current = current}, j);
  return verdict(commit, metric, j);
}

// --- Measured ends --------------------------------------------------------------------------------------

/// The name of build `build` (0-based) of a tree, and where its commands run.
std::string tree_name(bisect_tree tree, std::size_t build) {
  return fmt::format("{}-{}", name_of(tree), build + 1);
}

/// Runs --build in a tree; throws `Trouble` when it fails.
template <class Trouble>
void build_tree(const bisect_args& args, const std::string& dir, const bisect_trees& trees, bisect_tree tree,
                std::size_t build) {
  if (args.build.empty()) return;
  say(fmt::format("building the {} tree{} in {}", name_of(tree),
                  args.builds > 1 ? fmt::format(" (build {} of {})", build + 1, args.builds) : std::string{},
                  dir));
  process_options options;
  options.output_to_stderr = true;
  options.directory = dir;
  options.environment = {{"PERFMAIL_BISECT_TREE", std::string(name_of(tree))},
                         {"PERFMAIL_BISECT_BUILD", std::to_string(build + 1)},
                         {"PERFMAIL_BISECT_ORIGIN", trees.here()}};
  const process_result r = run_program({"/bin/sh", "-c", args.build}, options);
  if (!r.started || !r.exited || r.status != 0)
    throw Trouble{fmt::format("the build of the {} tree{} failed ({})", name_of(tree),
                              args.builds > 1 ? fmt::format(" (build {})", build + 1) : std::string{},
                              !r.started ? r.error
                              : r.exited ? fmt::format("exit status {}", r.status)
                                         : fmt::format("signal {}", r.status))};
}

/// The state of this bisection: the one kept, when it belongs to the same options and bisection; else a
/// new one (the trees of another are removed first).
io::bisect_state load_state(const bisect_trees& trees, std::uint64_t fingerprint) {
  const std::string path = trees.state_dir() + "/state";
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) {
    io::bisect_state kept;
    try {
      kept = io::parse_bisect_state(io::read_text(path, input_limits().max_file_bytes), path);
    } catch (const input_error& e) {
      throw bisect_setup_problem{fmt::format("{} (perfmail bisect --clean removes it)", e.what())};
    }
    if (kept.fingerprint == fingerprint) return kept;
    say("the kept trees belong to another bisection or other options: made anew");
  }
  (void)trees.clean();
  io::bisect_state fresh;
  fresh.fingerprint = fingerprint;
  return fresh;
}

void save_state(const bisect_trees& trees, const io::bisect_state& state) {
  write_file(trees.state_dir() + "/state", io::bisect_state_text(state));
}

/// The ends' trees, made and built once for the whole bisection, and the commit's builds: here, and in
/// further trees at the same commit.
void build_trees(const bisect_args& args, const bisect_trees& trees, io::bisect_state& state,
                 const std::string& good_commit, const std::string& bad_commit, const std::string& commit) {
  for (std::size_t b = 0; b < args.builds; ++b)
    for (const auto& [tree, at] : {std::pair{bisect_tree::good, good_commit}, std::pair{bisect_tree::bad, bad_commit}}) {
      const std::string name = tree_name(tree, b);
      if (trees.ensure(name, at) || !state.is_built(name_of(tree), b + 1)) {
        build_tree<bisect_setup_problem>(args, trees.run_dir(name), trees, tree, b);
        if (!state.is_built(name_of(tree), b + 1)) state.built.emplace_back(std::string(name_of(tree)), b + 1);
        save_state(trees, state);
      }
    }
  for (std::size_t b = 0; b < args.builds; ++b) {
    if (b > 0) (void)trees.ensure(tree_name(bisect_tree::current, b), commit);
    build_tree<commit_trouble>(args, b == 0 ? trees.here() : trees.run_dir(tree_name(bisect_tree::current, b)), trees,
                               bisect_tree::current, b);
  }
}

/// Records what the bisection measured of the ends so far and of this step's commit, with its judgement.
void record_step(const bisect_args& args, const io::bisect_state& state, std::size_t step, const std::string& commit,
                 const std::string& metric, const bisect_judgement& judgement) {
  const rounds_values values = values_of_rounds(state.rounds, step);
  const std::string& name = args.commit.empty() ? commit : args.commit;
  record(args,
         {.commit = name, .metric = metric, .good = values.good, .bad = values.bad, .current = values.current,
          .ends_grow = true},
         judgement);
}

int run_measured(const bisect_args& args) {
  const bisect_trees trees;
  const std::string good_commit = trees.commit_of(args.good_rev);
  const std::string bad_commit = trees.commit_of(args.bad_rev);
  const std::string commit = trees.head();
  if (commit.empty()) throw bisect_setup_problem{"no commit is checked out here"};
  check_record_name(args, args.commit.empty() ? commit : args.commit);
  const std::vector<std::string> command = command_from_here(args.command);
  std::vector<std::string> parts{good_commit, bad_commit, args.build, std::to_string(args.builds),
                                 std::to_string(args.seed), args.metric, trees.bisection_id()};
  parts.insert(parts.end(), command.begin(), command.end());
  io::bisect_state state = load_state(trees, io::bisect_fingerprint(parts));
  if (const std::string note = rounds_build_spread_note(args.builds); !note.empty())
    say(fmt::format("note: {} (--builds N builds every tree N times)", note));
  build_trees(args, trees, state, good_commit, bad_commit, commit);

  std::string metric = args.metric;
  const auto run = [&](bisect_tree tree, std::size_t build) {
    process_options options;
    options.directory =
        tree == bisect_tree::current && build == 0 ? trees.here() : trees.run_dir(tree_name(tree, build));
    options.environment = {{"PERFMAIL_BISECT_TREE", std::string(name_of(tree))},
                           {"PERFMAIL_BISECT_BUILD", std::to_string(build + 1)},
                           {"PERFMAIL_BISECT_ORIGIN", trees.here()}};
    const std::string what = fmt::format("{} in the {} tree", args.command.front(), name_of(tree));
    const std::vector<double> samples = tree == bisect_tree::current
                                            ? run_samples<commit_trouble>(command, options, metric, what)
                                            : run_samples<bisect_setup_problem>(command, options, metric, what);
    return bisect_run_value(samples);
  };
  const std::size_t step = state.step_commits.size();
  const bisect_rounds_outcome o = judge_in_rounds(state.rounds, args.builds, step, args.seed, args.policy, run);
  state.step_commits.push_back(commit);
  state.rounds.insert(state.rounds.end(), o.rounds.begin(), o.rounds.end());
  save_state(trees, state);
  if (!o.problem.empty()) throw bisect_setup_problem{fmt::format("{}: {}", metric, o.problem)};
  record_step(args, state, step, commit, metric, o.judgement);
  return verdict(commit, metric, o.judgement);
}

int run_clean() {
  const bisect_trees trees;
  const std::vector<std::string> removed = trees.clean();
  say(removed.empty() ? std::string("nothing to remove")
                      : fmt::format("removed {} work tree{} and the state under {}", removed.size(),
                                    removed.size() == 1 ? "" : "s", trees.state_dir()));
  return exit_ok;
}

int run_bisect(const bisect_args& args) {
  if (args.clean) return run_clean();
  check_options(args);
  check_record(args);
  return args.good_rev.empty() ? run_stored(args) : run_measured(args);
}

/// Mode 1: the ends as revisions, measured in work trees of their own.
void declare_measured_ends(CLI::App& cmd, declared_values& declared, bisect_args& args) {
  add_value(declared, cmd, "--good-rev", args.good_rev,
                 "the good end as a revision: measured in a work tree of its own beside each commit");
  add_value(declared, cmd, "--bad-rev", args.bad_rev, "the bad end as a revision, measured likewise");
  add_value(declared, cmd, "--build", args.build,
                 "with --good-rev/--bad-rev: the shell command that builds a tree, run in each tree (the ends "
                 "once, the commit at each step)");
  add_value(declared, cmd, "--builds", args.builds,
                 "with --good-rev/--bad-rev: build every tree this many times, so that the spread between builds "
                 "is measured and judged")
      .check(within(std::size_t{1}, std::size_t{64}))
      ->capture_default_str();
  add_value(declared, cmd, "--seed", args.seed, "seeds the order of the runs in each round")->capture_default_str();
}

/// Today's mode: the ends' results measured before, and the metric.
void declare_stored_ends(CLI::App& cmd, declared_values& declared, bisect_args& args) {
  add_value(declared, cmd, "--good", args.good,
                 "results of the good end measured before (anything compare reads); repeat it for each build");
  add_value(declared, cmd, "--bad", args.bad, "results of the bad end measured before; repeat it for each build");
  add_value(declared, cmd, "--metric", args.metric, "the metric to judge (needed when the results have more than one)");
  add_value(declared, cmd, "--current", args.current,
                 "with --good/--bad: judge these results of the current commit instead of running a command");
}

/// The test's errors and budget, the record, the clean-up, the command and the help's footer.
void declare_bisect_judging(CLI::App& cmd, declared_values& declared, bisect_args& args) {
  add_value(declared, cmd, "--alpha", args.policy.alpha,
                 "the chance, at one commit, of calling a good commit bad (and a bad one good)")
      .check(within(0.0, 0.5))
      ->capture_default_str();
  add_value(declared, cmd, "--max-runs", args.policy.max_runs,
                 "runs of the command at most at one commit (with --good-rev/--bad-rev: the runs of this many "
                 "rounds of three)")
      .check(within(std::size_t{1}, std::size_t{100000}))
      ->capture_default_str();
  add_value(declared, cmd, "--record", args.record,
                 "keep the samples and the judgement of each commit under this directory, as result roots that "
                 "perfmail report reads");
  add_value(declared, cmd, "--commit", args.commit, "the commit's name in --record (default: git rev-parse HEAD)");
  cmd.add_flag("--clean", args.clean, "remove the work trees and the state of --good-rev/--bad-rev, and nothing else");
  add_value(declared, cmd, "command", args.command,
                 "after --: the command that measures the current commit and prints its results (any format "
                 "perfmail reads, one number a line will do)");
  set_footer(cmd, {heading("Example"), example({"git bisect start v1.5.0 v1.4.0"}),
                   example({"git bisect run perfmail bisect --good-rev v1.4.0 --bad-rev v1.5.0 \\",
                            "    --build 'make -j2' --record bisect-runs -- ./bench.sh"}),
                   example({"git bisect reset && perfmail bisect --clean"}),
                   prose({"At each commit git checks out, runs ./bench.sh in rounds, one run of the good end, the bad end",
                          "and the commit each in a random order, until a sequential test decides: exit 0 when the commit is",
                          "like the good end, 1 when like the bad end, 125 (git skips it) when it cannot decide or the",
                          "commit's build or command fails, and 255 (git stops) on trouble no commit can fix. What was",
                          "decided and why goes to stderr. More: 'perfmail help commits'."})});
}

/// Judges the current commit and returns what git bisect run reads: what the commit cannot help (its
/// build or command failed) is a skip, anything else that goes wrong stops the bisection, said once.
int judge_for_git(bisect_args& args, const std::vector<std::string>& after_separator) {
  // A judge whose stderr reader has gone must still give git its verdict.
  (void)std::signal(SIGPIPE, SIG_IGN);
  try {
    if (!after_separator.empty()) {
      if (!args.command.empty())
        throw bisect_setup_problem{fmt::format("a command both before and after --: {} (give it after -- alone)",
                                               args.command.front())};
      args.command = after_separator;
    }
    return run_bisect(args);
  } catch (const commit_trouble& t) {
    say(fmt::format("cannot judge this commit (skip): {}", t.message));
    return exit_bisect_skip;
  } catch (const bisect_setup_problem& p) {
    say(fmt::format("{} (the bisection stops)", p.message));
  } catch (const write_error& e) {
    say(fmt::format("{} (the bisection stops)", e.what()));
  } catch (const std::bad_alloc&) {
    say("out of memory (the bisection stops)");
  } catch (const std::filesystem::filesystem_error& e) {
    say(fmt::format("{}: {} (the bisection stops)", e.path1().string(), e.code().message()));
  } catch (const std::exception& e) {
    say(fmt::format("{} (the bisection stops)", printable_message(e.what())));
  }
  return exit_bisect_abort;
}

}  // namespace

command_action add_bisect_command(CLI::App& app, declared_values& declared,
                                  std::shared_ptr<const std::vector<std::string>> after_separator) {
  auto* cmd = app.add_subcommand(
      "bisect", "Judge the current commit for git bisect run: like the good end (0), the bad (1), or unsure (125)");
  auto args = std::make_shared<bisect_args>();
  declare_measured_ends(*cmd, declared, *args);
  declare_stored_ends(*cmd, declared, *args);
  declare_bisect_judging(*cmd, declared, *args);
  return [args, after_separator] { return judge_for_git(*args, *after_separator); };
}

}  // namespace perfmail::cli
