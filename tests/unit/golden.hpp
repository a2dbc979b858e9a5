#pragma once
// Golden files of the unit tests: a text compared with tests/golden/NAME, or written there when
// PERFMAIL_UPDATE_GOLDEN is set in the environment (review the diff before committing it).
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

inline void check_golden(const std::string& file_name, const std::string& actual) {
  const auto path = std::filesystem::path(PERFMAIL_GOLDEN_DIR) / file_name;
  if (std::getenv("PERFMAIL_UPDATE_GOLDEN") != nullptr) {
    std::ofstream(path, std::ios::binary) << actual;
    return;
  }
  std::ifstream in(path, std::ios::binary);
  REQUIRE_MESSAGE(in, "missing ", path.string());
  CHECK(actual == std::string(std::istreambuf_iterator<char>(in), {}));
}
