// What a bisection's recording keeps, laid out by the library (io/recorded_root.hpp).

#include "scratch_file.hpp"

#include "perfmail/analysis/bisect.hpp"
#include "perfmail/io/recorded_root.hpp"

#include <doctest/doctest.h>

#include <fstream>
#include <string>
#include <utility>
#include <vector>

using perfmail::bisect_answer;
using perfmail::bisect_judgement;
using perfmail::testing::scratch_directory;
using perfmail::testing::scratch_file;

namespace {

bisect_judgement judged(bisect_answer answer, std::string reason) {
  bisect_judgement j;
  j.answer = answer;
  j.reason = std::move(reason);
  return j;
}

}  // namespace

TEST_CASE("recorded root: a commit names its directory unless it is an end's, leaves the directory or hides") {
  CHECK(perfmail::io::recorded_commit_problem("3f2a1c9d0e").empty());
  CHECK(perfmail::io::recorded_commit_problem("v1.4.0").empty());
  CHECK(perfmail::io::recorded_commit_problem("good") == "\"good\" cannot name a commit's directory");
  CHECK(perfmail::io::recorded_commit_problem("bad") == "\"bad\" cannot name a commit's directory");
  CHECK(perfmail::io::recorded_commit_problem("a/b") == "\"a/b\" cannot name a commit's directory");
  CHECK(perfmail::io::recorded_commit_problem("..") == "\"..\" cannot name a commit's directory");
  CHECK(perfmail::io::recorded_commit_problem(".hidden") == "\".hidden\" cannot name a commit's directory");
  CHECK_FALSE(perfmail::io::recorded_commit_problem("").empty());
}

TEST_CASE("recorded root: bisect.txt says the end the commit is like, or skip, and why") {
  CHECK(perfmail::io::recorded_judgement_text(judged(bisect_answer::good, "near good")) == "good: near good\n");
  CHECK(perfmail::io::recorded_judgement_text(judged(bisect_answer::bad, "near bad")) == "bad: near bad\n");
  CHECK(perfmail::io::recorded_judgement_text(judged(bisect_answer::undecided, "unclear")) == "skip: unclear\n");
}

TEST_CASE("recorded root: a step writes the ends' roots, then the commit's with its judgement") {
  const std::vector<double> good{1, 2};
  const std::vector<double> bad{9};
  const std::vector<double> current{8, 7};
  perfmail::io::recorded_step step{.commit = "abc123", .metric = "lat", .good = good, .bad = bad, .current = current};
  const bisect_judgement j = judged(bisect_answer::bad, "like bad");
  const std::vector<perfmail::io::recorded_root> roots = perfmail::io::recorded_step_roots(step, j);
  REQUIRE(roots.size() == 3);
  CHECK(roots[0].directory == "good");
  CHECK(roots[1].directory == "bad");
  CHECK(roots[2].directory == "abc123");
  // Ends measured before never change: written once. The commit's root is always written.
  CHECK(roots[0].keep_existing);
  CHECK(roots[1].keep_existing);
  CHECK_FALSE(roots[2].keep_existing);
  CHECK(roots[0].files.size() == perfmail::io::recorded_root_files("good", "lat", good).size());
  CHECK(roots[1].files.front().content == perfmail::io::recorded_root_files("bad", "lat", bad).front().content);
  CHECK(roots[2].files.back().name == "bisect.txt");
  CHECK(roots[2].files.back().content == "bad: like bad\n");
  CHECK(roots[2].files.front().content == perfmail::io::recorded_root_files("abc123", "lat", current).front().content);
  // Ends measured beside each commit grow: written anew every step.
  step.ends_grow = true;
  for (const auto& root : perfmail::io::recorded_step_roots(step, j)) CHECK_FALSE(root.keep_existing);
}

TEST_CASE("recorded root: a recording goes into a new, empty or marked directory, never one of the user's") {
  const scratch_directory dir("recording-dir");
  CHECK(perfmail::io::recording_directory_problem(dir.path()).empty());                 // empty
  CHECK(perfmail::io::recording_directory_problem(dir.path() / "not-yet").empty());     // not there yet
  const scratch_file file("recording-file", "text\n");
  CHECK(perfmail::io::recording_directory_problem(file.path()) == "not a directory");
  std::ofstream(dir.path() / "notes.txt") << "keep me\n";
  const perfmail::io::root_file marker = perfmail::io::recording_marker();
  CHECK(perfmail::io::recording_directory_problem(dir.path()) ==
        "a directory perfmail did not make (it has no " + marker.name + "): give a new or empty one");
  std::ofstream(dir.path() / marker.name) << marker.content;
  CHECK(perfmail::io::recording_directory_problem(dir.path()).empty());
  CHECK(marker.name == ".perfmail-bisect");
}
