#pragma once
// What the library tests that read files share: a file or a directory of their own in the temporary
// directory, and the message of the usage_error a call throws.

#include "perfmail/error.hpp"

#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

namespace perfmail::testing {

/// A file under the temporary directory named for its test (ctest runs test cases in processes of
/// their own, at once), holding `text`; removed when it goes out of scope.
class scratch_file {
 public:
  scratch_file(std::string_view name, std::string_view text)
      : path_(std::filesystem::temp_directory_path() / ("perfmail-test-" + std::string(name))) {
    std::ofstream(path_, std::ios::binary) << text;
  }
  scratch_file(const scratch_file&) = delete;
  scratch_file& operator=(const scratch_file&) = delete;
  ~scratch_file() {
    std::error_code ignored;
    std::filesystem::remove(path_, ignored);
  }
  [[nodiscard]] const std::filesystem::path& path() const noexcept { return path_; }

 private:
  std::filesystem::path path_;
};

/// A directory under the temporary directory named for its test, made empty; removed with everything in it
/// when it goes out of scope.
class scratch_directory {
 public:
  explicit scratch_directory(std::string_view name)
      : path_(std::filesystem::temp_directory_path() / ("perfmail-test-" + std::string(name))) {
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  scratch_directory(const scratch_directory&) = delete;
  scratch_directory& operator=(const scratch_directory&) = delete;
  ~scratch_directory() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  [[nodiscard]] const std::filesystem::path& path() const noexcept { return path_; }

 private:
  std::filesystem::path path_;
};

/// The message of the usage_error `call` throws; empty when it throws none.
template <class Call>
std::string usage_error_of(const Call& call) {
  try {
    (void)call();
  } catch (const usage_error& e) {
    return e.what();
  }
  return {};
}

}  // namespace perfmail::testing
