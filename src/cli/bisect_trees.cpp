// The git side of `perfmail bisect` with measured ends (declared in bisect_trees.hpp).

#include "bisect_trees.hpp"

#include "process.hpp"

#include "perfmail/text/lines.hpp"
#include "perfmail/text/printable.hpp"

#include <fmt/core.h>

#include <cstdio>
#include <filesystem>
#include <optional>
#include <system_error>

#include <sys/stat.h>

namespace perfmail::cli {

namespace {

constexpr std::size_t git_output_limit = 1 << 20;

/// git's answer, its lines without their ends; nullopt when git failed.
std::optional<std::vector<std::string>> git_lines(const std::vector<std::string>& args) {
  std::vector<std::string> argv{"git"};
  argv.insert(argv.end(), args.begin(), args.end());
  const process_result r = run_program(argv, git_output_limit, false);
  if (!r.started || !r.exited || r.status != 0 || r.truncated) return std::nullopt;
  std::vector<std::string> lines;
  for (const text::line l : text::lines(r.output)) lines.emplace_back(l.text);
  return lines;
}

/// Runs git with its messages on our standard error (what a user should see when it fails).
bool git_run(const std::vector<std::string>& args) {
  std::vector<std::string> argv{"git"};
  argv.insert(argv.end(), args.begin(), args.end());
  process_options options;
  options.output_to_stderr = true;
  const process_result r = run_program(argv, options);
  return r.started && r.exited && r.status == 0;
}

constexpr const char* marker_name = ".perfmail-bisect";

}  // namespace

bisect_trees::bisect_trees() {
  const auto lines = git_lines({"rev-parse", "--path-format=absolute", "--show-toplevel", "--git-common-dir"});
  if (!lines || lines->size() < 2)
    throw bisect_setup_problem{"not in a git work tree: --good-rev and --bad-rev measure the ends in work trees of "
                               "this repository"};
  top_ = (*lines)[0];
  git_dir_ = (*lines)[1];
  const auto prefix = git_lines({"rev-parse", "--show-prefix"});
  prefix_ = prefix && !prefix->empty() ? prefix->front() : std::string{};
  std::error_code ec;
  here_ = std::filesystem::current_path(ec).string();
  state_dir_ = git_dir_ + "/perfmail-bisect";
}

std::string bisect_trees::commit_of(const std::string& revision) const {
  const auto lines = git_lines({"rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"});
  if (!lines || lines->size() != 1)
    throw bisect_setup_problem{fmt::format("{} names no commit of this repository", text::quoted(revision))};
  return lines->front();
}

std::string bisect_trees::head() const {
  const auto lines = git_lines({"rev-parse", "--verify", "HEAD"});
  return lines && lines->size() == 1 ? lines->front() : std::string{};
}

std::string bisect_trees::bisection_id() const {
  struct stat st {};
  if (::stat((git_dir_ + "/BISECT_START").c_str(), &st) != 0) return "none";
  return fmt::format("{}.{:09} {} {}", st.st_mtim.tv_sec, st.st_mtim.tv_nsec, st.st_size, st.st_ino);
}

std::string bisect_trees::run_dir(const std::string& name) const {
  std::string dir = tree_path(name);
  if (!prefix_.empty()) dir += "/" + prefix_;
  return dir;
}

bool bisect_trees::ensure(const std::string& name, const std::string& commit) const {
  const std::string path = tree_path(name);
  std::error_code ec;
  std::filesystem::create_directories(state_dir_, ec);
  if (ec) throw bisect_setup_problem{fmt::format("{}: {}", state_dir_, ec.message())};
  if (!std::filesystem::exists(state_dir_ + "/" + marker_name)) {
    std::FILE* f = std::fopen((state_dir_ + "/" + marker_name).c_str(), "w");
    if (f != nullptr) {
      std::fputs("work trees of perfmail bisect; perfmail bisect --clean removes them\n", f);
      std::fclose(f);
    }
  }
  if (std::filesystem::exists(path + "/.git")) {
    const auto at = git_lines({"-C", path, "rev-parse", "--verify", "HEAD"});
    if (at && at->size() == 1 && at->front() == commit) return false;
    if (!git_run({"-C", path, "checkout", "--quiet", "--detach", "--force", commit}))
      throw bisect_setup_problem{fmt::format("cannot check out {} in {}", commit, path)};
    return true;
  }
  if (!git_run({"worktree", "add", "--quiet", "--detach", "--force", path, commit}))
    throw bisect_setup_problem{fmt::format("cannot make a work tree of {} at {}", commit, path)};
  return true;
}

std::vector<std::string> bisect_trees::clean() const {
  std::vector<std::string> removed;
  std::error_code ec;
  if (!std::filesystem::exists(state_dir_ + "/" + marker_name, ec)) return removed;
  for (const auto& entry : std::filesystem::directory_iterator(state_dir_, ec)) {
    if (!entry.is_directory(ec) || !std::filesystem::exists(entry.path() / ".git", ec)) continue;
    git_run({"worktree", "remove", "--force", entry.path().string()});
    removed.push_back(entry.path().filename().string());
  }
  std::filesystem::remove_all(state_dir_, ec);
  git_run({"worktree", "prune"});
  return removed;
}

}  // namespace perfmail::cli
