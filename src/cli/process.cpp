// Running another program without a shell (declared in process.hpp).

#include "process.hpp"

#include <array>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string_view>

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace perfmail::cli {

namespace {

/// The process group of the program running now, for the signal handler (0: none).
volatile std::sig_atomic_t running_group = 0;
/// The termination signal that arrived while it ran (0: none).
volatile std::sig_atomic_t passed_signal = 0;

extern "C" void pass_on(int sig) {
  passed_signal = sig;
  if (running_group > 0) ::kill(-static_cast<pid_t>(running_group), sig);
}

constexpr std::array<int, 3> passed_signals{SIGINT, SIGTERM, SIGHUP};

/// While alive: termination signals passed on to the program's group. At the end, the handlers as
/// they were, and a signal that came meanwhile delivered to us as well.
class signal_passing {
 public:
  explicit signal_passing(pid_t group) {
    passed_signal = 0;
    running_group = group;
    struct sigaction action {};
    action.sa_handler = pass_on;
    sigemptyset(&action.sa_mask);
    for (std::size_t i = 0; i < passed_signals.size(); ++i) ::sigaction(passed_signals[i], &action, &saved_[i]);
  }
  signal_passing(const signal_passing&) = delete;
  signal_passing& operator=(const signal_passing&) = delete;
  ~signal_passing() {
    running_group = 0;
    for (std::size_t i = 0; i < passed_signals.size(); ++i) ::sigaction(passed_signals[i], &saved_[i], nullptr);
    if (const int sig = passed_signal; sig != 0) ::raise(sig);
  }

 private:
  std::array<struct sigaction, 3> saved_{};
};

/// The environment of the program: ours with `extra` set.
std::vector<std::string> environment_with(const std::vector<std::pair<std::string, std::string>>& extra) {
  std::vector<std::string> out;
  for (char** e = environ; e != nullptr && *e != nullptr; ++e) {
    const std::string_view entry(*e);
    bool replaced = false;
    for (const auto& [name, value] : extra)
      if (entry.size() > name.size() && entry.substr(0, name.size()) == name && entry[name.size()] == '=')
        replaced = true;
    if (!replaced) out.emplace_back(entry);
  }
  for (const auto& [name, value] : extra) out.push_back(name + "=" + value);
  return out;
}

std::vector<char*> pointers_to(std::vector<std::string>& strings) {
  std::vector<char*> out;
  out.reserve(strings.size() + 1);
  for (auto& s : strings) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

std::chrono::steady_clock::time_point now() { return std::chrono::steady_clock::now(); }

void set_status(process_result& result, int status) {
  result.exited = WIFEXITED(status);
  result.status = result.exited ? WEXITSTATUS(status) : WTERMSIG(status);
}

/// Waits for `pid`, retrying on signals.
std::optional<int> wait_for(pid_t pid, int flags) {
  int status = 0;
  for (;;) {
    const pid_t got = ::waitpid(pid, &status, flags);
    if (got == pid) return status;
    if (got == 0) return std::nullopt;  // still running (WNOHANG)
    if (errno != EINTR) return std::nullopt;
  }
}

/// What posix_spawn is told, for as long as the spawn takes: the program's standard input from
/// /dev/null, its standard output to `output` (or to our stderr when -1), its stderr kept or dropped,
/// its directory; a process group of its own (so that it can be ended whole), SIGPIPE and the
/// termination signals at their defaults, and no signal blocked, whatever ours are.
class spawn_setup {
 public:
  spawn_setup(const process_options& options, int output) {
    posix_spawn_file_actions_init(&actions_);
    posix_spawnattr_init(&attributes_);
    // dup2 clears close-on-exec on the copy: the program gets the pipe as its standard output and nothing else.
    posix_spawn_file_actions_addopen(&actions_, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions_, output >= 0 ? output : 2, 1);
    if (!options.keep_stderr) posix_spawn_file_actions_addopen(&actions_, 2, "/dev/null", O_WRONLY, 0);
    if (!options.directory.empty()) posix_spawn_file_actions_addchdir_np(&actions_, options.directory.c_str());
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    for (const int sig : passed_signals) sigaddset(&defaults, sig);
    sigset_t none;
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(&attributes_, &defaults);
    posix_spawnattr_setsigmask(&attributes_, &none);
    posix_spawnattr_setpgroup(&attributes_, 0);
    posix_spawnattr_setflags(&attributes_, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  }
  spawn_setup(const spawn_setup&) = delete;
  spawn_setup& operator=(const spawn_setup&) = delete;
  ~spawn_setup() {
    posix_spawn_file_actions_destroy(&actions_);
    posix_spawnattr_destroy(&attributes_);
  }

  /// Starts `argv` with `environment` (found on PATH as a shell would); 0 or the error number.
  int spawn(pid_t& pid, std::vector<std::string> argv, std::vector<std::string> environment) const {
    const std::vector<char*> arg_pointers = pointers_to(argv);
    const std::vector<char*> env_pointers = pointers_to(environment);
    return posix_spawnp(&pid, arg_pointers[0], &actions_, &attributes_, arg_pointers.data(), env_pointers.data());
  }

 private:
  posix_spawn_file_actions_t actions_{};
  posix_spawnattr_t attributes_{};
};

/// Reads the output of program `pid` from `fd` into `result` as it comes, so that the program never
/// blocks on a full pipe; looks every 100 ms whether it has exited, and after it has, reads on for the
/// grace period at most (a child it left running may hold the pipe open). Its status, when it was seen.
std::optional<int> read_output(int fd, pid_t pid, const process_options& options, process_result& result) {
  std::array<char, 65536> buffer{};
  std::optional<int> status;
  std::optional<std::chrono::steady_clock::time_point> give_up;
  for (;;) {
    pollfd polled{fd, POLLIN, 0};
    const int ready = ::poll(&polled, 1, 100);
    if (ready < 0 && errno != EINTR) break;
    if (ready > 0) {
      const ssize_t n = ::read(fd, buffer.data(), buffer.size());
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;  // the end of its output
      const auto got = static_cast<std::size_t>(n);
      if (result.output.size() + got > options.max_output) {
        result.output.append(buffer.data(), options.max_output - result.output.size());
        result.truncated = true;
        ::kill(-pid, SIGKILL);
        break;
      }
      result.output.append(buffer.data(), got);
    }
    if (!status) {
      status = wait_for(pid, WNOHANG);
      if (status) give_up = now() + options.grace;
    }
    if (give_up && now() >= *give_up) {
      result.abandoned = true;
      ::kill(-pid, SIGTERM);
      break;
    }
  }
  return status;
}

}  // namespace

process_result run_program(const std::vector<std::string>& argv, const process_options& options) {
  process_result result;
  if (argv.empty()) {
    result.error = "no program to run";
    return result;
  }
  std::array<int, 2> pipe_fds{-1, -1};
  const bool capture = !options.output_to_stderr;
  if (capture && ::pipe2(pipe_fds.data(), O_CLOEXEC) != 0) {
    result.error = std::strerror(errno);
    return result;
  }
  pid_t pid = 0;
  const int spawned =
      spawn_setup(options, capture ? pipe_fds[1] : -1).spawn(pid, argv, environment_with(options.environment));
  if (capture) ::close(pipe_fds[1]);
  if (spawned != 0) {
    if (capture) ::close(pipe_fds[0]);
    result.error = std::strerror(spawned);
    return result;
  }
  result.started = true;
  const signal_passing passing(pid);
  std::optional<int> status;
  if (capture) {
    status = read_output(pipe_fds[0], pid, options, result);
    ::close(pipe_fds[0]);
  }
  if (!status) status = wait_for(pid, 0);
  if (!status) {
    result.error = std::strerror(errno);
    return result;
  }
  set_status(result, *status);
  return result;
}

process_result run_program(const std::vector<std::string>& argv, std::size_t max_output, bool keep_stderr) {
  process_options options;
  options.max_output = max_output;
  options.keep_stderr = keep_stderr;
  return run_program(argv, options);
}

std::string program_problem(const std::string& program) {
  if (program.empty()) return "an empty program name";
  const auto runnable = [](const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
  };
  if (program.find('/') != std::string::npos) {
    struct stat st {};
    if (::stat(program.c_str(), &st) != 0) return std::strerror(errno);
    if (!S_ISREG(st.st_mode)) return "not a file";
    if (::access(program.c_str(), X_OK) != 0) return "not executable";
    return {};
  }
  const char* path = std::getenv("PATH");
  const std::string_view dirs = path != nullptr ? path : "/usr/local/bin:/usr/bin:/bin";
  std::size_t start = 0;
  for (;;) {
    const std::size_t colon = dirs.find(':', start);
    std::string dir(dirs.substr(start, colon - start));
    if (dir.empty()) dir = ".";
    if (runnable(dir + "/" + program)) return {};
    if (colon == std::string_view::npos) break;
    start = colon + 1;
  }
  return "not found in PATH";
}

}  // namespace perfmail::cli
