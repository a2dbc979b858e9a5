// The bounded reader every input goes through (include/perfmail/io/read_file.hpp).

#include "perfmail/io/read_file.hpp"

#include "read_file_detail.hpp"

#include "perfmail/error.hpp"
#include "support/populate.hpp"

#include <fmt/format.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <string>
#include <system_error>

namespace perfmail::io {

namespace detail {

void text_buffer::reserve(std::size_t n) {
  if (n + padding_ <= capacity_) return;
  const std::size_t capacity = std::max(n + padding_, capacity_ + capacity_ / 2);
  auto bytes = std::make_unique_for_overwrite<char[]>(capacity);
  support::populate(bytes.get(), capacity);
  if (size_ > 0) std::memcpy(bytes.get(), bytes_.get(), size_);
  bytes_ = std::move(bytes);
  capacity_ = capacity;
}

namespace {

std::string reason(int error_number) { return std::error_code(error_number, std::generic_category()).message(); }

/// An open input: a file descriptor closed when done (standard input stays open).
class input_descriptor {
 public:
  explicit input_descriptor(const std::filesystem::path& path) : name_(input_name(path)) {
    if (path == standard_input_path) {
      fd_ = STDIN_FILENO;
      owned_ = false;
      return;
    }
    // O_NOCTTY: naming a terminal device must not make it the process's controlling terminal.
    do fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
    while (fd_ < 0 && errno == EINTR);
    if (fd_ < 0) {
      if (errno == ENOENT) throw input_error(name_, "no such file");
      throw input_error(name_, fmt::format("cannot open: {}", reason(errno)));
    }
  }
  input_descriptor(const input_descriptor&) = delete;
  input_descriptor& operator=(const input_descriptor&) = delete;
  ~input_descriptor() {
    if (owned_) ::close(fd_);
  }

  /// The size of a regular file (a hint: it may grow while read), or 0 for anything else.
  [[nodiscard]] std::size_t size_hint() const {
    struct stat st {};
    if (::fstat(fd_, &st) != 0) throw input_error(name_, fmt::format("cannot read: {}", reason(errno)));
    if (S_ISDIR(st.st_mode)) throw input_error(name_, "is a directory, expected a file");
    return S_ISREG(st.st_mode) && st.st_size > 0 ? static_cast<std::size_t>(st.st_size) : 0;
  }

  /// Up to `n` bytes into `into`; 0 at the end.
  std::size_t read_some(char* into, std::size_t n) {
    while (true) {
      const ::ssize_t got = ::read(fd_, into, n);
      if (got >= 0) return static_cast<std::size_t>(got);
      if (errno != EINTR) throw input_error(name_, fmt::format("cannot read: {}", reason(errno)));
    }
  }

  [[nodiscard]] const std::string& name() const noexcept { return name_; }

 private:
  std::string name_;
  int fd_ = -1;
  bool owned_ = true;
};

}  // namespace

void read_whole(const std::filesystem::path& path, std::size_t max_bytes, text_buffer& into) {
  input_descriptor input(path);
  const std::size_t hint = input.size_hint();
  if (hint > max_bytes)
    throw input_error(input.name(),
                      fmt::format("file of {} bytes is larger than the limit of {} bytes", hint, max_bytes));
  into.clear();
  // One byte more than the hint, so that a file read whole is known to have ended without a second
  // buffer; anything without a size grows as it comes.
  constexpr std::size_t first_chunk = std::size_t{64} << 10;
  into.reserve(std::min(max_bytes, hint) + 1 + (hint == 0 ? first_chunk : 0));
  while (true) {
    if (into.size() == into.room()) into.reserve(into.size() + std::max(first_chunk, into.size() / 2));
    // One byte beyond the limit is asked for, to tell a text of exactly the limit from a longer one.
    const std::size_t allowed = max_bytes - into.size();
    const std::size_t want = std::min(into.room() - into.size(), allowed == SIZE_MAX ? allowed : allowed + 1);
    const std::size_t got = input.read_some(into.data() + into.size(), want);
    if (got == 0) return;
    into.resize(into.size() + got);
    if (into.size() > max_bytes)
      throw input_error(input.name(), fmt::format("more than {} bytes (the limit of input size)", max_bytes));
  }
}

}  // namespace detail

std::string input_name(const std::filesystem::path& path) {
  return path == standard_input_path ? std::string{standard_input_name} : path.string();
}

std::string read_text(const std::filesystem::path& path, std::size_t max_bytes) {
  detail::text_buffer buffer;
  detail::read_whole(path, max_bytes, buffer);
  return {buffer.data(), buffer.size()};
}

}  // namespace perfmail::io
