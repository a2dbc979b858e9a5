// Writing a command's output: see output.hpp.

#include "output.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <system_error>
#include <unistd.h>

namespace perfmail::cli {

namespace {

/// Whether anything was written to standard output: closing a standard output that was never open is
/// not an error unless something was meant to go there.
bool stdout_written = false;

/// Writes all of `text` to the descriptor `fd`, however many calls that takes; `where` names it in the
/// error. write(2) rather than stdio, so that the error is the system's own reason for this very write.
void write_all(int fd, std::string_view text, std::string_view where) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      throw write_error(where, errno);
    }
    // write(2) accepting nothing of a non-empty buffer would repeat for ever; no file does it, but a
    // device could, and the output would not have been written.
    if (n == 0) throw write_error(where, EIO);
    text.remove_prefix(static_cast<std::size_t>(n));
  }
}

}  // namespace

write_error::write_error(std::string_view where, int errnum)
    : write_error(where, std::system_category().message(errnum)) {}

write_error::write_error(std::string_view where, std::string_view reason)
    : error(fmt::format("{}: cannot write: {}", where, reason)) {}

void prepare_output_signals() {
  std::signal(SIGXFSZ, SIG_IGN);
  std::signal(SIGPIPE, SIG_DFL);
}

void write_stdout(std::string_view text) {
  // Whatever the C library holds for stdout goes first, so that the output keeps its order.
  if (std::fflush(stdout) != 0) throw write_error("stdout", errno);
  stdout_written = stdout_written || !text.empty();
  write_all(STDOUT_FILENO, text, "stdout");
}

void close_stdout() {
  const bool failed_before = std::ferror(stdout) != 0;
  if (std::fflush(stdout) != 0) throw write_error("stdout", errno);
  // The C library keeps no reason for a write that failed before this flush.
  if (failed_before) throw write_error("stdout", "an earlier write failed");
  // Some file systems (NFS, for one) report a failed write only when the file is closed. The descriptor
  // is closed rather than the FILE, which iostreams may still flush, with nothing in it, at exit.
  if (::close(STDOUT_FILENO) != 0 && !(errno == EBADF && !stdout_written)) throw write_error("stdout", errno);
}

void write_output(const std::string& path, std::string_view text) {
  if (path.empty() || path == "-") {
    write_stdout(text);
    return;
  }
  const std::filesystem::path target{path};
  std::filesystem::path temporary = target;
  temporary += fmt::format(".tmp.{}", ::getpid());
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) throw input_error(path, "cannot create the output file");
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.flush();
    if (!out) {
      std::error_code ignored;
      std::filesystem::remove(temporary, ignored);
      throw input_error(path, "cannot write the output file (disk full?)");
    }
  }
  std::error_code ec;
  std::filesystem::rename(temporary, target, ec);
  if (ec) {
    std::error_code ignored;
    std::filesystem::remove(temporary, ignored);
    throw input_error(path, fmt::format("cannot replace the output file: {}", ec.message()));
  }
}

}  // namespace perfmail::cli
