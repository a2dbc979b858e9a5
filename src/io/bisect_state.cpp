// What `perfmail bisect` with measured ends keeps between commits (declared in
// include/perfmail/io/bisect_state.hpp).

#include "perfmail/io/bisect_state.hpp"

#include "perfmail/error.hpp"
#include "perfmail/text/lines.hpp"
#include "perfmail/text/printable.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <optional>
#include <system_error>

namespace perfmail::io {

namespace {

constexpr std::string_view first_line = "perfmail bisect state 2";
/// The first line of the states perfmail wrote before rounds of one end and verdicts: read as well.
constexpr std::string_view first_line_1 = "perfmail bisect state 1";
constexpr std::size_t most_builds = 10000;

/// The fields of a line, split at single spaces.
std::vector<std::string_view> fields_of(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t space = line.find(' ', start);
    out.push_back(line.substr(start, space - start));
    if (space == std::string_view::npos) return out;
    start = space + 1;
  }
}

class line_reader {
 public:
  line_reader(const std::string& origin, std::size_t line) : origin_(origin), line_(line) {}

  [[noreturn]] void fail(std::string_view problem) const {
    throw input_error(origin_, input_place::at(line_), problem);
  }

  std::size_t whole(std::string_view field, std::size_t most, std::string_view what) const {
    std::size_t value = 0;
    const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), value);
    if (field.empty() || ec != std::errc{} || end != field.data() + field.size() || value > most ||
        (field.size() > 1 && field.front() == '0'))
      fail(fmt::format("{} {} is not a whole number from 0 to {}", what, text::quoted(field), most));
    return value;
  }

  /// A value of a round, or "-" where the round did not run that tree.
  std::optional<double> value_or_none(std::string_view field) const {
    if (field == "-") return std::nullopt;
    return number(field);
  }

  double number(std::string_view field) const {
    double value = 0;
    const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), value);
    if (field.empty() || ec != std::errc{} || end != field.data() + field.size() || !std::isfinite(value))
      fail(fmt::format("{} is not a finite number", text::quoted(field)));
    return value;
  }

  std::string commit(std::string_view field) const {
    const bool hex = std::all_of(field.begin(), field.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
    if (field.size() < 4 || field.size() > 64 || !hex)
      fail(fmt::format("{} is not a commit id (4 to 64 lower-case hex digits)", text::quoted(field)));
    return std::string(field);
  }

 private:
  const std::string& origin_;
  std::size_t line_;
};

}  // namespace

bool bisect_state::is_built(std::string_view tree, std::size_t build) const {
  return std::find(built.begin(), built.end(), std::pair{std::string(tree), build}) != built.end();
}

std::string bisect_state_text(const bisect_state& state) {
  std::string out = fmt::format("{}\nfingerprint {:016x}\n", first_line, state.fingerprint);
  for (const auto& [tree, build] : state.built) out += fmt::format("built {} {}\n", tree, build);
  for (std::size_t i = 0; i < state.step_commits.size(); ++i) {
    // Every round of a step carries the step's verdict.
    std::string_view verdict = "open";
    for (const bisect_round& r : state.rounds)
      if (r.step == i && (r.verdict == bisect_answer::good || r.verdict == bisect_answer::bad))
        verdict = r.verdict == bisect_answer::good ? "good" : "bad";
    out += fmt::format("step {} {} {}\n", i, state.step_commits[i], verdict);
  }
  const auto value = [](const std::optional<double>& v) { return v ? fmt::format("{}", *v) : std::string("-"); };
  for (const bisect_round& r : state.rounds)
    out += fmt::format("round {} {} {} {} {}\n", r.step, r.build, value(r.good), value(r.bad), value(r.current));
  return out;
}

bisect_state parse_bisect_state(std::string_view text, const std::string& origin) {
  bisect_state state;
  bool fingerprint_seen = false;
  bool version_1 = false;
  std::vector<bisect_answer> verdicts;  // of each step
  std::size_t number = 0;
  for (const text::line l : text::lines(text)) {
    ++number;
    const line_reader at(origin, number);
    if (l.offset + l.text.size() == text.size()) at.fail("the last line has no end (the file was cut short)");
    const std::string_view line = l.text;
    if (number == 1) {
      version_1 = line == first_line_1;
      if (line != first_line && !version_1)
        at.fail(fmt::format("not a bisection state: the first line is not {}", text::quoted(first_line)));
      continue;
    }
    const std::vector<std::string_view> f = fields_of(line);
    const auto expect = [&](std::size_t count) {
      if (f.size() != count)
        at.fail(fmt::format("a {} record has {} fields, not {}", text::quoted(f.front()), f.size(), count));
    };
    if (f.front() == "fingerprint") {
      expect(2);
      if (fingerprint_seen) at.fail("a second fingerprint");
      const auto [end, ec] = std::from_chars(f[1].data(), f[1].data() + f[1].size(), state.fingerprint, 16);
      if (f[1].size() != 16 || ec != std::errc{} || end != f[1].data() + f[1].size())
        at.fail(fmt::format("{} is not a fingerprint (16 hex digits)", text::quoted(f[1])));
      fingerprint_seen = true;
    } else if (f.front() == "built") {
      expect(3);
      if (f[1] != "good" && f[1] != "bad") at.fail(fmt::format("{} is not a tree (good or bad)", text::quoted(f[1])));
      const std::size_t build = at.whole(f[2], most_builds, "the build");
      if (build == 0) at.fail("builds count from 1");
      state.built.emplace_back(std::string(f[1]), build);
    } else if (f.front() == "step") {
      expect(version_1 ? 3 : 4);
      if (at.whole(f[1], std::numeric_limits<std::uint32_t>::max(), "the step") != state.step_commits.size())
        at.fail(fmt::format("step {} follows step {}", text::quoted(f[1]), state.step_commits.size()));
      state.step_commits.push_back(at.commit(f[2]));
      bisect_answer verdict = bisect_answer::undecided;
      if (!version_1) {
        if (f[3] == "good") verdict = bisect_answer::good;
        else if (f[3] == "bad") verdict = bisect_answer::bad;
        else if (f[3] != "open") at.fail(fmt::format("{} is not a verdict (good, bad or open)", text::quoted(f[3])));
      }
      verdicts.push_back(verdict);
    } else if (f.front() == "round") {
      expect(6);
      bisect_round r;
      r.step = at.whole(f[1], std::numeric_limits<std::uint32_t>::max(), "the step");
      if (r.step >= state.step_commits.size()) at.fail(fmt::format("a round of step {}, which no step line named", r.step));
      r.build = at.whole(f[2], most_builds - 1, "the build");
      if (version_1) {
        r.good = at.number(f[3]);
        r.bad = at.number(f[4]);
        r.current = at.number(f[5]);
      } else {
        r.good = at.value_or_none(f[3]);
        r.bad = at.value_or_none(f[4]);
        r.current = at.value_or_none(f[5]);
        if (!r.good && !r.bad) at.fail("a round that ran neither end");
        if (!r.current) at.fail("a round without the commit's value");
      }
      r.verdict = verdicts[r.step];
      state.rounds.push_back(r);
    } else {
      at.fail(fmt::format("{} is not a record of a bisection state", text::quoted(f.front())));
    }
  }
  if (number == 0) throw input_error(origin, "the file is empty");
  if (!fingerprint_seen) throw input_error(origin, "no fingerprint line");
  return state;
}

std::uint64_t bisect_fingerprint(const std::vector<std::string>& parts) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (const std::string& part : parts) {
    for (const char c : part) {
      hash ^= static_cast<unsigned char>(c);
      hash *= 0x100000001b3ULL;
    }
    hash ^= 0;
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

}  // namespace perfmail::io
