// Writing a command's output: see output.hpp.

#include "output.hpp"

#include <fmt/format.h>

#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>

namespace perfmail::cli {

namespace {

/// Whether anything was written to standard output: closing a standard output that was never open is
/// not an error unless something was meant to go there.
bool stdout_written = false;

/// Linux's limit on the length of one name in a directory.
constexpr std::size_t max_name_bytes = 255;
/// How many temporary names are tried before giving up: each is taken only if a file of that name was
/// created in between, so more than one attempt means something is planting names.
constexpr int temporary_attempts = 100;
/// The kernel's own limit on the links followed to open one path.
constexpr int max_link_hops = 40;

/// A file descriptor, closed on every way out of a scope.
class descriptor {
 public:
  explicit descriptor(int fd) noexcept : fd_(fd) {}
  descriptor(descriptor&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  descriptor(const descriptor&) = delete;
  descriptor& operator=(const descriptor&) = delete;
  descriptor& operator=(descriptor&&) = delete;
  ~descriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  [[nodiscard]] int get() const noexcept { return fd_; }
  [[nodiscard]] bool valid() const noexcept { return fd_ >= 0; }
  /// Closes it now; returns close(2)'s errno, or 0. A write that the system reports late (NFS, for
  /// one, reports some only here) fails the close.
  int close() noexcept {
    const int fd = std::exchange(fd_, -1);
    return ::close(fd) == 0 ? 0 : errno;
  }

 private:
  int fd_;
};

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

/// Writes what `produce` gives, piece by piece, to the descriptor `fd` (write_all).
void write_produced(int fd, const text_producer& produce, std::string_view where) {
  auto write = [&](std::string_view piece) { write_all(fd, piece, where); };
  produce(io::text_sink{write});
}

/// `text` as output produced in one piece.
text_producer whole(std::string_view text) {
  return [text](io::text_sink out) { out(text); };
}

/// Six random letters and digits. The names need not be secret to be safe (a name that exists is never
/// opened), only hard to guess, so that planting files at them cannot keep the output from being
/// written; if the system has no random bytes to give, the clock and a counter stand in.
std::string random_suffix() {
  static constexpr std::string_view alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  std::array<unsigned char, 6> bytes{};
  if (::getrandom(bytes.data(), bytes.size(), 0) != static_cast<ssize_t>(bytes.size())) {
    static unsigned long long counter = 0;
    auto mix = static_cast<unsigned long long>(std::chrono::steady_clock::now().time_since_epoch().count());
    mix ^= (++counter * 0x9E3779B97F4A7C15ULL) ^ static_cast<unsigned long long>(::getpid());
    for (auto& b : bytes) {
      b = static_cast<unsigned char>(mix);
      mix = (mix >> 8) | (mix << 56);
      mix *= 0x2545F4914F6CDD1DULL;
    }
  }
  std::string out;
  for (const unsigned char b : bytes) out += alphabet[b % alphabet.size()];
  return out;
}

/// The directory part of `path` ("." when it has none) and its last name (empty after a final slash).
std::pair<std::string, std::string> split_path(const std::string& path) {
  const auto slash = path.rfind('/');
  if (slash == std::string::npos) return {".", path};
  return {slash == 0 ? std::string{"/"} : path.substr(0, slash), path.substr(slash + 1)};
}

/// The text of the symbolic link `link`; `shown` names the output in an error.
std::string read_link(const std::string& link, std::string_view shown) {
  std::string target(256, '\0');
  for (;;) {
    const ssize_t n = ::readlink(link.c_str(), target.data(), target.size());
    if (n < 0) throw write_error(shown, errno);
    if (static_cast<std::size_t>(n) < target.size()) {
      target.resize(static_cast<std::size_t>(n));
      return target;
    }
    target.resize(target.size() * 2);  // perhaps cut short: read again with more room
  }
}

/// The name that `path` leads to once every symbolic link at its end is followed, as open(2) follows
/// them to create a file, and what is there (nothing, for the target of a dangling link or a new name).
/// Links within the directory part are left to the system.
std::pair<std::string, std::optional<struct stat>> follow_links(const std::string& path) {
  std::string name = path;
  for (int hops = 0;; ++hops) {
    struct stat st{};
    if (::lstat(name.c_str(), &st) != 0) {
      if (errno == ENOENT) return {name, std::nullopt};
      throw write_error(path, errno);
    }
    if (!S_ISLNK(st.st_mode)) return {name, st};
    if (hops == max_link_hops) throw write_error(path, ELOOP);
    std::string target = read_link(name, path);
    if (target.empty()) throw write_error(path, ENOENT);
    // A relative link is relative to the directory that holds it.
    if (target.front() != '/') {
      const auto slash = name.rfind('/');
      if (slash != std::string::npos) target.insert(0, name, 0, slash + 1);
    }
    name = std::move(target);
  }
}

/// Writes what `produce` gives into what `path` names, as a redirection would but without truncating
/// it: for a device or a FIFO (whose reader is waited for, as a redirection waits). Returns false,
/// having written nothing, if what was opened is a regular file after all (it was replaced since it was
/// looked at), which the caller then replaces whole instead.
bool write_in_place(const std::string& path, const text_producer& produce) {
  descriptor fd{::open(path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC)};
  if (!fd.valid()) throw write_error(path, errno);
  struct stat st{};
  if (::fstat(fd.get(), &st) != 0) throw write_error(path, errno);
  if (S_ISREG(st.st_mode)) return false;
  write_produced(fd.get(), produce, path);
  if (const int failed = fd.close(); failed != 0) throw write_error(path, failed);
  return true;
}

/// Creates a new hidden file `.NAME.XXXXXX` in the directory `dir`, exclusively (O_EXCL: a name that
/// exists, a planted symbolic link included, is never opened, and the next is tried); its name is left
/// in `created`. `mode` is given to open(2), which takes the umask away from it.
descriptor create_temporary(int dir, const std::string& name, mode_t mode, std::string& created,
                            std::string_view shown) {
  // The stem is cut so that the whole name stays within the limit of a name, whatever `name`'s length.
  // Appended piece by piece: GCC 12 at -O2 warns (-Wrestrict, a false positive) on `"." + substr + "."`.
  std::string stem = ".";
  stem.append(name, 0, std::min(name.size(), max_name_bytes - 8));
  stem += '.';
  for (int attempt = 0; attempt < temporary_attempts; ++attempt) {
    created = stem + output_detail::temporary_suffix()();
    descriptor fd{::openat(dir, created.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)};
    if (fd.valid()) return fd;
    if (errno != EEXIST) throw write_error(shown, errno);
  }
  throw write_error(shown, EEXIST);
}

/// Gives the file `fd` the owner (where permitted) and the mode of the file `old` it replaces.
void take_over_attributes(int fd, const struct stat& old, std::string_view shown) {
  struct stat now{};
  if (::fstat(fd, &now) != 0) throw write_error(shown, errno);
  // Only root may give a file away; anyone may give it a group they belong to. Not being permitted is
  // not a failure: the file is then the writer's, as it is after `cp` or `sed -i`.
  if ((now.st_uid != old.st_uid || now.st_gid != old.st_gid) && ::fchown(fd, old.st_uid, old.st_gid) != 0 &&
      now.st_gid != old.st_gid) {
    [[maybe_unused]] const int ignored = ::fchown(fd, static_cast<uid_t>(-1), old.st_gid);
  }
  // After the owner, whose change clears the set-user-ID and set-group-ID bits.
  if (::fchmod(fd, old.st_mode & 07777) != 0) throw write_error(shown, errno);
}

/// Replaces (or creates) the regular file `target` with one holding what `produce` gives, atomically:
/// see write_file.
void replace_file(const std::string& target, const text_producer& produce, std::string_view shown) {
  const auto [dir_path, name] = split_path(target);
  if (name.empty()) throw write_error(shown, EISDIR);  // a path ending in a slash names a directory
  descriptor dir{::open(dir_path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)};
  if (!dir.valid()) throw write_error(shown, errno);
  struct stat old{};
  const bool replacing = ::fstatat(dir.get(), name.c_str(), &old, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(old.st_mode);
  // A file that a redirection could not write (a read-only file, for its owner) is not replaced either,
  // though the directory would allow it.
  if (replacing && ::faccessat(dir.get(), name.c_str(), W_OK, AT_EACCESS) != 0) throw write_error(shown, errno);
  // A replacement is written unreadable to others and gets the old mode once complete; a new file is
  // created with 0666, from which the system takes the umask (or applies the directory's default ACL),
  // exactly as for a redirection.
  std::string temporary;
  descriptor fd = create_temporary(dir.get(), name, replacing ? 0600 : 0666, temporary, shown);
  try {
    write_produced(fd.get(), produce, shown);
    if (replacing) take_over_attributes(fd.get(), old, shown);
    if (::fsync(fd.get()) != 0) throw write_error(shown, errno);
    if (const int failed = fd.close(); failed != 0) throw write_error(shown, failed);
    if (::renameat(dir.get(), temporary.c_str(), dir.get(), name.c_str()) != 0) throw write_error(shown, errno);
  } catch (...) {
    ::unlinkat(dir.get(), temporary.c_str(), 0);
    throw;
  }
  // The rename is made durable too. A file system that cannot sync a directory says EINVAL: there is
  // nothing more to do there.
  if (::fsync(dir.get()) != 0 && errno != EINVAL) throw write_error(shown, errno);
}

}  // namespace

write_error::write_error(std::string_view where, int errnum)
    : write_error(where, std::system_category().message(errnum)) {}

write_error::write_error(std::string_view where, std::string_view reason)
    : error(fmt::format("{}: cannot write: {}", where, reason)) {}

output_detail::suffix_source& output_detail::temporary_suffix() {
  static suffix_source source = random_suffix;
  return source;
}

void prepare_output_signals() {
  std::signal(SIGXFSZ, SIG_IGN);
  std::signal(SIGPIPE, SIG_DFL);
}

void write_stdout(std::string_view text) { write_stdout(whole(text)); }

void write_stdout(const text_producer& produce) {
  // Whatever the C library holds for stdout goes first, so that the output keeps its order.
  if (std::fflush(stdout) != 0) throw write_error("stdout", errno);
  auto write = [](std::string_view piece) {
    stdout_written = stdout_written || !piece.empty();
    write_all(STDOUT_FILENO, piece, "stdout");
  };
  produce(io::text_sink{write});
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

void write_file(const std::string& path, std::string_view text) { write_file(path, whole(text)); }

void write_file(const std::string& path, const text_producer& produce) {
  struct stat st{};
  const bool exists = ::stat(path.c_str(), &st) == 0;  // links followed, /proc's to pipes included
  if (!exists && errno != ENOENT) throw write_error(path, errno);
  if (exists && !S_ISREG(st.st_mode) && write_in_place(path, produce)) return;
  const auto [target, there] = follow_links(path);
  // The links led stat(2) to a regular file that the name they hold does not lead to: a link of /proc
  // to a file deleted since it was opened, say. There is no name to put a replacement under.
  if (exists && S_ISREG(st.st_mode) && (!there || there->st_dev != st.st_dev || there->st_ino != st.st_ino))
    throw write_error(path, ENOENT);
  replace_file(target, produce, path);
}

void write_output(const std::string& path, std::string_view text) { write_output(path, whole(text)); }

void write_output(const std::string& path, const text_producer& produce) {
  if (path.empty() || path == "-")
    write_stdout(produce);
  else
    write_file(path, produce);
}

}  // namespace perfmail::cli
