// Patterns over metric names (metrics/name_pattern.hpp): one linear-time engine for every pattern a user
// or a document gives. The patterns that hang a backtracking engine are run here on names long enough to
// take hours there; the test's CTest TIMEOUT is what would catch a hang.

#include "perfmail/error.hpp"
#include "perfmail/metrics/classifier.hpp"
#include "perfmail/metrics/name_pattern.hpp"

#include <doctest/doctest.h>

#include <fnmatch.h>

#include <random>
#include <regex>
#include <string>
#include <vector>

using namespace perfmail;

TEST_CASE("name_pattern: patterns that backtrack exponentially finish at once") {
  const std::string as = std::string(5000, 'a') + "!";
  for (const char* hostile : {"/(a+)+$/", "/^(a|a)*$/", "/(a*)*b/", "/^(\\w+_?)+$/", "(a*)*!x"}) {
    CAPTURE(hostile);
    CHECK_FALSE(name_pattern::parse(hostile).matches(as));
  }
  CHECK(name_pattern::parse("/(a+)+!$/").matches(as));
  CHECK_FALSE(name_pattern::parse("/^fio\\.(\\w+_?)+$/").matches("fio." + std::string(3000, 'a') + "-"));

  // The classifier's rules go through the same engine, whether they are the robot's or a document's.
  metric_rules rules = metric_rules::robot();
  rules.directions.insert(rules.directions.begin(), direction_rule{{name_match::search, "(a+)+$"}, better::lower});
  rules.deny.push_back({name_match::pattern, "(x+x+)+y"});
  const metric_classifier k{rules};
  CHECK_FALSE(k.classify(as).direction.has_value());
  CHECK(k.classify(std::string(40, 'a')).direction == better::lower);
  CHECK(k.classify(std::string(3000, 'x')).reportable);
}

TEST_CASE("name_pattern: what the engine refuses, with its reason") {
  CHECK_FALSE(regex_problem("fio\\.(read|write)_.*").has_value());
  CHECK(regex_problem("a(?=b)").value_or("").find("invalid perl operator") != std::string::npos);
  CHECK(regex_problem("a(?!b)").has_value());
  CHECK(regex_problem("(a)\\1").value_or("").find("invalid escape sequence") != std::string::npos);
  CHECK(regex_problem("(").value_or("").find("missing )") != std::string::npos);
  CHECK(regex_problem("a{1001}").has_value());
  CHECK_THROWS_WITH_AS((void)name_pattern::parse("/a(/"), doctest::Contains("\"/a(/\": not a regular expression: missing )"),
                       usage_error);
  CHECK_THROWS_WITH_AS((void)name_pattern::parse("!"), "\"!\": an empty pattern", usage_error);
  CHECK_THROWS_WITH_AS((void)name_pattern::parse(""), "\"\": an empty pattern", usage_error);
  metric_rules broken;
  broken.deny = {{name_match::pattern, "interrupts\\.(?!CAL:)"}};
  CHECK_THROWS_WITH_AS(metric_classifier{broken}, doctest::Contains("invalid perl operator: \"(?!\""), usage_error);
  // A long pattern is quoted cut to 40 characters, the reason kept.
  const std::string long_rule = std::string(3000, 'b') + "(";
  broken.deny = {{name_match::search, long_rule}};
  const std::string expected = "the name rule \"" + std::string(40, 'b') + "...\" is not a regular expression: missing )";
  CHECK_THROWS_WITH_AS(metric_classifier{broken}, doctest::Contains(expected.c_str()), usage_error);
}

TEST_CASE("name_pattern: a glob matches the names fnmatch(3) matches, the whole name") {
  CHECK(name_pattern::parse("fio.*").matches("fio.write_bw_MBps"));
  CHECK_FALSE(name_pattern::parse("fio.*").matches("xfio.write"));
  CHECK_FALSE(name_pattern::parse("vmstat.cpu").matches("vmstat.cpu.us"));
  CHECK(name_pattern::parse("!*iops").excludes());
  CHECK(name_pattern::parse("!*iops").matches("fio.read_iops"));
  CHECK(name_pattern::parse("/clat|cpu/").matches("fio.write_clat_mean_us"));
  CHECK(name_pattern::parse("[[:digit:]]x").matches("7x"));
  CHECK(name_pattern::parse("a[").matches("a["));
  CHECK(name_pattern::parse("a[]]").matches("a]"));
  // The old engine, fnmatch(3), is the reference: random globs of its syntax against random names.
  const std::vector<std::string> glob_parts = {"a", "b", ".", "*", "?", "[ab]", "[!a]", "[^.]", "[]a]", "[a-c]",
                                               "\\*", "\\.", "[", "]", "(", "+", "$", "^", "|", "{", "}",
                                               "[[:alpha:]]", "\\"};
  const std::vector<std::string> name_parts = {"a", "b", "c", ".", "*", "[", "]", "(", "+", "$", "^", "|",
                                               "{", "}", "\\", "-", "7", "ab", "a.b"};
  std::mt19937 random{20261203};
  const auto pick = [&](std::size_t n) { return std::uniform_int_distribution<std::size_t>{0, n - 1}(random); };
  for (int trial = 0; trial < 3000; ++trial) {
    std::string glob, name;
    for (std::size_t n = 1 + pick(4); n > 0; --n) glob += glob_parts[pick(glob_parts.size())];
    for (std::size_t n = pick(5); n > 0; --n) name += name_parts[pick(name_parts.size())];
    if (glob.front() == '!') continue;
    CAPTURE(glob);
    CAPTURE(name);
    CHECK(name_pattern::parse(glob).matches(name) == (fnmatch(glob.c_str(), name.c_str(), 0) == 0));
  }
}

TEST_CASE("name_pattern: a regular expression matches what the ECMAScript engine matched") {
  // Patterns of the syntax both engines share, matched from the start (`pattern` rules) and anywhere
  // (`search` rules and /regex/), byte by byte.
  const std::vector<std::string> expressions = {
      "fio\\.", "lat_(50|99)", "^a.c$", "[^_]*$", "(.*\\.)?time\\..*", "x\\.y*z", ".+\\.(error|warn|fail)[^_]*$",
      "\\d+", "\\w+_\\w", "a{2,3}", "^$", "é", ".é", "[é]", "(?:ab)+", "b|^a", "a.*?b", "\\bc"};
  const std::vector<std::string> names = {"fio.x", "lat_99", "abc", "a\xC3\xA9" "c", "x.yyz", "ltp.x.warning_count",
                                          "ltp.x.fail", "time.elapsed", "a.time.x", "12", "a_b", "aa", "aaaa", "",
                                          "\xC3\xA9", "x\xC3\xA9", "abab", "ba", "a c", "aXb"};
  for (const std::string& e : expressions) {
    const std::regex reference{e};
    const name_regex from_start = name_regex::of({name_match::pattern, e});
    const name_regex anywhere = name_regex::of({name_match::search, e});
    for (const std::string& n : names) {
      CAPTURE(e);
      CAPTURE(n);
      CHECK(from_start.matches(n) == std::regex_search(n, reference, std::regex_constants::match_continuous));
      CHECK(anywhere.matches(n) == std::regex_search(n, reference));
    }
  }
}

TEST_CASE("name_pattern: a pattern of the command line as a classifier's rule matches the same names") {
  for (const char* given : {"fio.*", "/clat|cpu/", "*_bw_MBps", "[!f]*", "/^vm/"}) {
    const name_pattern p = name_pattern::parse(given);
    const name_regex rule = name_regex::of(p.rule());
    for (const char* name : {"fio.write_bw_MBps", "vmstat.cpu.us", "fio.write_clat_mean_us", "xfio.a"}) {
      CAPTURE(given);
      CAPTURE(name);
      CHECK(rule.matches(name) == p.matches(name));
    }
  }
}
