// Running another program without a shell (declared in process.hpp).

#include "process.hpp"

#include <array>
#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace perfmail::cli {

process_result run_program(const std::vector<std::string>& argv, std::size_t max_output, bool keep_stderr) {
  process_result result;
  if (argv.empty()) {
    result.error = "no program to run";
    return result;
  }
  std::array<int, 2> pipe_fds{};
  if (::pipe2(pipe_fds.data(), O_CLOEXEC) != 0) {
    result.error = std::strerror(errno);
    return result;
  }
  posix_spawn_file_actions_t actions;
  if (const int e = posix_spawn_file_actions_init(&actions); e != 0) {
    ::close(pipe_fds[0]);
    ::close(pipe_fds[1]);
    result.error = std::strerror(e);
    return result;
  }
  // dup2 clears close-on-exec on the copy: the program gets the pipe as its standard output and nothing else.
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], 1);
  if (!keep_stderr) posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  std::vector<std::string> args = argv;
  std::vector<char*> pointers;
  for (auto& a : args) pointers.push_back(a.data());
  pointers.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, pointers[0], &actions, nullptr, pointers.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(pipe_fds[1]);
  if (spawned != 0) {
    ::close(pipe_fds[0]);
    result.error = std::strerror(spawned);
    return result;
  }
  result.started = true;
  // Read to the end, so that the program never blocks on a full pipe; keep no more than asked.
  std::array<char, 65536> buffer{};
  while (true) {
    const ssize_t n = ::read(pipe_fds[0], buffer.data(), buffer.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    const auto got = static_cast<std::size_t>(n);
    if (result.output.size() + got <= max_output) result.output.append(buffer.data(), got);
    else result.truncated = true;
  }
  ::close(pipe_fds[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) {
      result.error = std::strerror(errno);
      return result;
    }
  result.exited = WIFEXITED(status);
  result.status = result.exited ? WEXITSTATUS(status) : WTERMSIG(status);
  return result;
}

}  // namespace perfmail::cli
