#pragma once
// The git side of `perfmail bisect` with measured ends: the repository it runs in, the commits its
// revisions name, and the work trees of the ends and of the further builds of the commit, kept under
// the repository's git directory (`perfmail-bisect/`) for the whole bisection.

#include <string>
#include <vector>

namespace perfmail::cli {

/// A problem of the set-up that no commit can fix: the bisection should stop at once. The message names
/// paths and revisions as they are; the judge makes the line printable where it says it.
struct bisect_setup_problem {
  std::string message;
};

class bisect_trees {
 public:
  /// The repository of the working directory; throws bisect_setup_problem outside one.
  bisect_trees();

  /// The commit `revision` names, in full; throws bisect_setup_problem when it names none.
  [[nodiscard]] std::string commit_of(const std::string& revision) const;
  /// The commit checked out here (git bisect's current one).
  [[nodiscard]] std::string head() const;
  /// What tells this bisection from another: git's BISECT_START as written at `git bisect start` (its
  /// time and size), or "none" outside a bisection.
  [[nodiscard]] std::string bisection_id() const;

  /// Where perfmail keeps the state and the trees.
  [[nodiscard]] std::string state_dir() const { return state_dir_; }
  /// The directory of the tree `name` (for example `good-1`).
  [[nodiscard]] std::string tree_path(const std::string& name) const { return state_dir_ + "/" + name; }
  /// The working directory's place in the tree `name`: where commands run there.
  [[nodiscard]] std::string run_dir(const std::string& name) const;
  /// The working directory of the commit (the repository's own tree).
  [[nodiscard]] const std::string& here() const { return here_; }

  /// The tree `name` at `commit`: made (`git worktree add --detach`) or moved there. Returns whether it
  /// was made or moved (a new checkout, which a build must see).
  bool ensure(const std::string& name, const std::string& commit) const;

  /// Removes every tree and the state; returns the trees removed.
  std::vector<std::string> clean() const;

 private:
  std::string top_;
  std::string git_dir_;
  std::string prefix_;
  std::string here_;
  std::string state_dir_;
};

}  // namespace perfmail::cli
