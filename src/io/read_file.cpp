// The bounded reader every input goes through (include/perfmail/io/read_file.hpp).

#include "perfmail/io/read_file.hpp"

#include "read_file_detail.hpp"

#include "perfmail/error.hpp"
#include "support/populate.hpp"

#include <fmt/format.h>

#include <fcntl.h>
#include <sys/mman.h>
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

void text_buffer::release(std::size_t from, std::size_t to) noexcept {
  const long page = sysconf(_SC_PAGESIZE);
  if (page <= 0 || !bytes_) return;
  const auto size = static_cast<std::uintptr_t>(page);
  const auto base = reinterpret_cast<std::uintptr_t>(bytes_.get());
  const std::uintptr_t first = (base + std::min(from, size_) + size - 1) / size * size;
  const std::uintptr_t end = (base + std::min(to, size_)) / size * size;
  // MADV_DONTNEED on private memory: the pages are dropped and read as zeros when touched again.
  if (end > first) (void)madvise(reinterpret_cast<void*>(first), end - first, MADV_DONTNEED);
}

namespace {

std::string reason(int error_number) { return std::error_code(error_number, std::generic_category()).message(); }

/// What a file that is not a regular file is, for a message.
std::string_view kind_of_file(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISCHR(mode)) return "a character device";
  return "not a regular file";
}

/// Which inputs a reader takes: anything that can be read (standard input, a pipe, a device), or
/// regular files only.
enum class accepts { anything, regular_files };

/// An open input: a file descriptor closed when done (standard input stays open).
class input_descriptor {
 public:
  input_descriptor(const std::filesystem::path& path, accepts what) : name_(input_name(path)) {
    if (path == standard_input_path) {
      if (what == accepts::regular_files) throw input_error(name_, "cannot read: it is standard input, not a file");
      fd_ = STDIN_FILENO;
      owned_ = false;
      return;
    }
    // O_NOCTTY: naming a terminal device must not make it the process's controlling terminal. A reader
    // of regular files opens without waiting (O_NONBLOCK: a FIFO would otherwise wait for a writer for
    // ever, a device for its carrier) and checks the type on the descriptor it then reads, so that
    // nothing put in the file's place after a check is waited on either.
    const int flags = O_RDONLY | O_CLOEXEC | O_NOCTTY | (what == accepts::regular_files ? O_NONBLOCK : 0);
    do fd_ = ::open(path.c_str(), flags);
    while (fd_ < 0 && errno == EINTR);
    if (fd_ < 0) {
      const int error = errno;
      struct stat entry {};
      // A name that is there (a link to nothing) is not "no such file": its target is missing.
      if (error == ENOENT && ::lstat(path.c_str(), &entry) != 0) throw input_error(name_, "no such file");
      throw input_error(name_, fmt::format("cannot open: {}", reason(error)));
    }
    if (what == accepts::regular_files) {
      struct stat st {};
      if (::fstat(fd_, &st) != 0) {
        const int error = errno;
        ::close(fd_);
        throw input_error(name_, fmt::format("cannot read: {}", reason(error)));
      }
      if (!S_ISREG(st.st_mode)) {
        ::close(fd_);
        throw input_error(name_, fmt::format("cannot read: it is {}, not a file", kind_of_file(st.st_mode)));
      }
      // Reads of a regular file ignore O_NONBLOCK; it is cleared all the same, as nothing here wants it.
      (void)::fcntl(fd_, F_SETFL, ::fcntl(fd_, F_GETFL) & ~O_NONBLOCK);
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

namespace {

void read_all(input_descriptor& input, std::size_t max_bytes, std::string_view limit_name, text_buffer& into) {
  const std::size_t hint = input.size_hint();
  if (hint > max_bytes)
    throw input_error(input.name(),
                      fmt::format("file of {} bytes is larger than {} of {} bytes", hint, limit_name, max_bytes));
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

}  // namespace

void read_whole(const std::filesystem::path& path, std::size_t max_bytes, text_buffer& into) {
  input_descriptor input(path, accepts::anything);
  read_all(input, max_bytes, "the limit", into);
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

std::string empty_input_problem(std::string_view source, std::string_view file_problem) {
  struct stat st {};
  const bool standard_input = source == standard_input_name;
  const bool known = standard_input ? ::fstat(STDIN_FILENO, &st) == 0 : ::stat(std::string{source}.c_str(), &st) == 0;
  if (known && (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)))
    return standard_input ? "nothing to read: the command writing to standard input printed nothing"
                          : "nothing to read: the command writing to this pipe printed nothing";
  if (standard_input) return "nothing to read: standard input is empty";
  return std::string{file_problem};
}

std::string read_regular_file(const std::filesystem::path& path, std::size_t max_bytes, std::string_view limit_name) {
  detail::input_descriptor input(path, detail::accepts::regular_files);
  detail::text_buffer buffer;
  detail::read_all(input, max_bytes, limit_name, buffer);
  return {buffer.data(), buffer.size()};
}

}  // namespace perfmail::io
