#pragma once
// What `perfmail bisect` with measured ends keeps between the commits git checks out (docs/HISTORY.md,
// "Bisecting"): which builds of the ends exist, and every round measured so far, so that the ends' runs
// of earlier commits count at the next one. A text file of one record a line:
//
//   perfmail bisect state 2
//   fingerprint 5f0c1d2e3a4b5c6d
//   built good 1
//   built bad 1
//   step 0 3f2a1c9d0e... good
//   round 0 0 1520.4 1611 1519.75
//   round 0 0 - 1609.5 1521.25
//
// `fingerprint` is a hash of the options and of the bisection the state belongs to (a state of other
// options or of another bisection is not reused); `built TREE K`: build K (1-based) of the good or bad
// end is made; `step N COMMIT VERDICT`: the N-th commit judged (0-based) and what the judge said of it
// (good, bad, or open when it could not decide); `round STEP BUILD GOOD BAD CURRENT`: one round, its
// build 0-based, the values as shortest round-trip decimals, `-` for the end a round of one end did not
// run. Anything else is an error that names the line. A state of version 1 (no verdicts, every round
// of both ends) is read as well. Declarations only: src/io/bisect_state.cpp.

#include "perfmail/analysis/bisect.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace perfmail::io {

struct bisect_state {
  std::uint64_t fingerprint = 0;
  std::vector<std::pair<std::string, std::size_t>> built;  ///< ("good" or "bad", build from 1)
  std::vector<std::string> step_commits;                   ///< the commit of each step, in order
  std::vector<bisect_round> rounds;                        ///< every round, in order

  [[nodiscard]] bool is_built(std::string_view tree, std::size_t build) const;
};

/// The state as its file holds it.
[[nodiscard]] std::string bisect_state_text(const bisect_state& state);

/// Reads a state file's text; `origin` names it in errors (input_error with the line).
[[nodiscard]] bisect_state parse_bisect_state(std::string_view text, const std::string& origin);

/// A 64-bit FNV-1a hash of `parts`, each ended by a zero byte: the fingerprint of a bisection's options.
[[nodiscard]] std::uint64_t bisect_fingerprint(const std::vector<std::string>& parts);

}  // namespace perfmail::io
