#include <doctest/doctest.h>

#include "perfmail/error.hpp"
#include "perfmail/io/read_file.hpp"

#include <fmt/format.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

using namespace perfmail;

namespace {

namespace fs = std::filesystem;

/// A scratch directory of the test's own, removed when done.
struct scratch {
  fs::path path = fs::temp_directory_path() / fmt::format("perfmail_read_file_{}", ::getpid());
  scratch() {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~scratch() { fs::remove_all(path); }
  scratch(const scratch&) = delete;
  scratch& operator=(const scratch&) = delete;
};

template <class Read>
std::string error_of(Read read) {
  try {
    (void)read();
  } catch (const input_error& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("read_regular_file: a regular file whole, and nothing that is not one, never waiting on it") {
  const scratch dir;
  const fs::path file = dir.path / "job.yaml";
  std::ofstream(file) << "suite: fsmark\n";
  CHECK(io::read_regular_file(file, 1024) == "suite: fsmark\n");
  CHECK(io::read_regular_file(file, 14) == "suite: fsmark\n");  // exactly the limit

  // A FIFO with no writer: opening it for reading would wait for one for ever.
  const fs::path fifo = dir.path / "fifo";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  CHECK(error_of([&] { return io::read_regular_file(fifo, 1024); }) == fifo.string() + ": cannot read: it is a FIFO, not a file");
  CHECK(error_of([&] { return io::read_regular_file(dir.path, 1024); }) ==
        dir.path.string() + ": cannot read: it is a directory, not a file");
  CHECK(error_of([] { return io::read_regular_file("/dev/null", 1024); }) ==
        "/dev/null: cannot read: it is a character device, not a file");
  CHECK(error_of([] { return io::read_regular_file("-", 1024); }) == "<stdin>: cannot read: it is standard input, not a file");
  // A link to a FIFO is the FIFO.
  fs::create_symlink("fifo", dir.path / "link");
  CHECK(error_of([&] { return io::read_regular_file(dir.path / "link", 1024); }) ==
        (dir.path / "link").string() + ": cannot read: it is a FIFO, not a file");
  // Missing: no such name, and a link to nothing.
  CHECK(error_of([&] { return io::read_regular_file(dir.path / "absent", 1024); }) ==
        (dir.path / "absent").string() + ": no such file");
  fs::create_symlink("absent", dir.path / "dangling");
  CHECK(error_of([&] { return io::read_regular_file(dir.path / "dangling", 1024); }) ==
        (dir.path / "dangling").string() + ": cannot open: No such file or directory");
}

TEST_CASE("read_regular_file: a file above the limit is refused by its size, before it is read") {
  const scratch dir;
  // A sparse file of 1 GiB: reading it whole would take a gigabyte of memory.
  const fs::path big = dir.path / "big.bin";
  std::ofstream{big}.close();
  fs::resize_file(big, std::uintmax_t{1} << 30);
  CHECK(error_of([&] { return io::read_regular_file(big, 16 << 20, "the attachment limit"); }) ==
        big.string() + ": file of 1073741824 bytes is larger than the attachment limit of 16777216 bytes");
  CHECK(error_of([&] { return io::read_regular_file(big, 1024); }) ==
        big.string() + ": file of 1073741824 bytes is larger than the limit of 1024 bytes");
}

TEST_CASE("empty_input_problem: a pipe that brought nothing is the command's silence; a file is empty") {
  const scratch dir;
  const fs::path fifo = dir.path / "fifo";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  CHECK(io::empty_input_problem(fifo.string(), "the file is empty") ==
        "nothing to read: the command writing to this pipe printed nothing");
  const fs::path file = dir.path / "empty.json";
  std::ofstream{file}.close();
  CHECK(io::empty_input_problem(file.string(), "the file is empty") == "the file is empty");
  CHECK(io::empty_input_problem("not-a-file-at-all.json", "the file is empty") == "the file is empty");
}
