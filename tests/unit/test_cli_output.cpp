// The command's output writer (src/cli/output.cpp): what the command-line tests cannot arrange, such as
// temporary names that collide.

#include <doctest/doctest.h>

#include "output.hpp"

#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace fs = std::filesystem;
using perfmail::cli::write_error;
using perfmail::cli::write_file;
namespace output_detail = perfmail::cli::output_detail;

namespace {

/// A fresh directory under the working directory (the build tree), removed at the end.
struct scratch_dir {
  fs::path path;
  scratch_dir() {
    std::string name = (fs::current_path() / "cli_output.XXXXXX").string();
    REQUIRE(::mkdtemp(name.data()) != nullptr);
    path = name;
  }
  scratch_dir(const scratch_dir&) = delete;
  scratch_dir& operator=(const scratch_dir&) = delete;
  ~scratch_dir() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
  [[nodiscard]] std::set<std::string> names() const {
    std::set<std::string> out;
    for (const auto& entry : fs::directory_iterator(path)) out.insert(entry.path().filename().string());
    return out;
  }
};

/// Temporary names taken from `suffixes` in turn (the last one repeated) for as long as it lives.
struct fixed_suffixes {
  explicit fixed_suffixes(std::vector<std::string> suffixes) {
    output_detail::temporary_suffix() = [list = std::move(suffixes), next = std::size_t{0}]() mutable {
      return list[std::min(next++, list.size() - 1)];
    };
  }
  fixed_suffixes(const fixed_suffixes&) = delete;
  fixed_suffixes& operator=(const fixed_suffixes&) = delete;
  ~fixed_suffixes() { output_detail::temporary_suffix() = saved; }
  output_detail::suffix_source saved = output_detail::temporary_suffix();
};

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

void write(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }

}  // namespace

TEST_CASE("write_error: where, 'cannot write' and the system's reason, on one line") {
  CHECK(std::string{write_error("stdout", ENOSPC).what()} == "stdout: cannot write: No space left on device");
  CHECK(std::string{write_error("out.txt", EFBIG).what()} == "out.txt: cannot write: File too large");
  CHECK(std::string{write_error("a\nb", EIO).what()} == "a\\x0Ab: cannot write: Input/output error");
}

TEST_CASE("a new file is written whole, with nothing left beside it") {
  scratch_dir dir;
  write_file((dir.path / "new.txt").string(), "hello\n");
  CHECK(read(dir.path / "new.txt") == "hello\n");
  CHECK(dir.names() == std::set<std::string>{"new.txt"});
}

TEST_CASE("the temporary file is hidden beside the target, named .NAME.XXXXXX with random letters and digits") {
  scratch_dir dir;
  std::vector<std::string> seen;
  const auto saved = output_detail::temporary_suffix();
  output_detail::temporary_suffix() = [&] {
    seen.push_back(saved());
    return seen.back();
  };
  write_file((dir.path / "out.txt").string(), "x");
  output_detail::temporary_suffix() = saved;
  REQUIRE(seen.size() == 1);
  CHECK(seen[0].size() == 6);
  CHECK(std::all_of(seen[0].begin(), seen[0].end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)); }));
  std::set<std::string> suffixes;
  for (int i = 0; i < 100; ++i) suffixes.insert(saved());
  CHECK(suffixes.size() == 100);  // 62^6 names: a repeat in 100 draws would mean they are not random
}

TEST_CASE("a symbolic link planted at a temporary name is not followed, and the next name is taken") {
  scratch_dir dir;
  write(dir.path / "victim", "precious\n");
  fs::create_symlink("victim", dir.path / ".out.txt.AAAAAA");
  fs::create_symlink("nowhere", dir.path / ".out.txt.BBBBBB");  // dangling: O_CREAT alone would create "nowhere"
  const fixed_suffixes names({"AAAAAA", "BBBBBB", "CCCCCC"});
  write_file((dir.path / "out.txt").string(), "new\n");
  CHECK(read(dir.path / "victim") == "precious\n");
  CHECK(read(dir.path / "out.txt") == "new\n");
  CHECK_FALSE(fs::is_symlink(dir.path / "out.txt"));
  CHECK(dir.names() == std::set<std::string>{".out.txt.AAAAAA", ".out.txt.BBBBBB", "out.txt", "victim"});
}

TEST_CASE("when every temporary name is taken, the target is left as it was") {
  scratch_dir dir;
  write(dir.path / "out.txt", "old\n");
  write(dir.path / ".out.txt.AAAAAA", "someone else's\n");
  const fixed_suffixes names({"AAAAAA"});
  const std::string target = (dir.path / "out.txt").string();
  CHECK_THROWS_WITH_AS(write_file(target, "new\n"), (target + ": cannot write: File exists").c_str(), write_error);
  CHECK(read(dir.path / "out.txt") == "old\n");
  CHECK(read(dir.path / ".out.txt.AAAAAA") == "someone else's\n");
}

TEST_CASE("a target whose name is as long as a name may be gets a temporary name within the limit") {
  scratch_dir dir;
  const std::string name(255, 'n');
  write(dir.path / name, "old\n");
  write_file((dir.path / name).string(), "new\n");
  CHECK(read(dir.path / name) == "new\n");
  CHECK(dir.names() == std::set<std::string>{name});
}

TEST_CASE("a replaced file keeps its mode") {
  scratch_dir dir;
  const fs::path target = dir.path / "out.txt";
  write(target, "old\n");
  REQUIRE(::chmod(target.c_str(), 0751) == 0);
  write_file(target.string(), "new\n");
  struct stat st{};
  REQUIRE(::stat(target.c_str(), &st) == 0);
  CHECK((st.st_mode & 07777) == 0751);
  CHECK(read(target) == "new\n");
}

TEST_CASE("a write that fails part way removes the temporary file and leaves the target as it was") {
  scratch_dir dir;
  const fs::path target = dir.path / "out.txt";
  write(target, "old\n");
  // A file-size limit of 100 bytes: the write of 4 KB fails with EFBIG (SIGXFSZ ignored, as the
  // command ignores it).
  rlimit saved{};
  REQUIRE(::getrlimit(RLIMIT_FSIZE, &saved) == 0);
  const auto saved_handler = std::signal(SIGXFSZ, SIG_IGN);
  rlimit small = saved;
  small.rlim_cur = 100;
  REQUIRE(::setrlimit(RLIMIT_FSIZE, &small) == 0);
  const std::string expected = target.string() + ": cannot write: File too large";
  CHECK_THROWS_WITH_AS(write_file(target.string(), std::string(4096, 'x')), expected.c_str(), write_error);
  REQUIRE(::setrlimit(RLIMIT_FSIZE, &saved) == 0);
  std::signal(SIGXFSZ, saved_handler);
  CHECK(read(target) == "old\n");
  CHECK(dir.names() == std::set<std::string>{"out.txt"});
}

TEST_CASE("a failure leaves no temporary file and the target as it was") {
  scratch_dir dir;
  const fs::path missing = dir.path / "no-such-dir" / "out.txt";
  CHECK_THROWS_WITH_AS(write_file(missing.string(), "x"), (missing.string() + ": cannot write: No such file or directory").c_str(),
                       write_error);
  CHECK(dir.names().empty());
}
