// The reader of a bisection's state (io/bisect_state.hpp) on arbitrary bytes: a state or an input_error,
// never another exception or a crash; what it reads holds only finite values, rounds of named steps that
// ran one end at least,
// and writing it and reading it again gives the same state.
#include "fuzz_support.hpp"

#include "perfmail/io/bisect_state.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace perfmail;
  const std::string_view text{reinterpret_cast<const char*>(data), size};
  fuzz::expect_success_or_input_error([&] {
    const io::bisect_state state = io::parse_bisect_state(text, "state");
    for (const bisect_round& r : state.rounds) {
      const auto finite = [](const std::optional<double>& v) { return !v || std::isfinite(*v); };
      if (!finite(r.good) || !finite(r.bad) || !r.current || !finite(r.current))
        fuzz::finding("a round with a value that is not finite");
      if (!r.good && !r.bad) fuzz::finding("a round that ran neither end");
      if (r.step >= state.step_commits.size()) fuzz::finding("a round of a step no line named");
    }
    for (const auto& [tree, build] : state.built)
      if ((tree != "good" && tree != "bad") || build == 0) fuzz::finding("a build of no end, or build 0");
    const std::string again = io::bisect_state_text(state);
    const io::bisect_state back = io::parse_bisect_state(again, "state");
    if (back.fingerprint != state.fingerprint || back.built != state.built || back.step_commits != state.step_commits ||
        back.rounds.size() != state.rounds.size())
      fuzz::finding("a state that does not read back as itself");
    for (std::size_t i = 0; i < back.rounds.size(); ++i)
      if (back.rounds[i].good != state.rounds[i].good || back.rounds[i].bad != state.rounds[i].bad ||
          back.rounds[i].current != state.rounds[i].current || back.rounds[i].build != state.rounds[i].build ||
          back.rounds[i].verdict != state.rounds[i].verdict)
        fuzz::finding("a round that does not read back as itself");
  }, "state", text);
  return 0;
}
