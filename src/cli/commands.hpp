#pragma once
// Each subcommand lives in its own file and registers itself on the application. The CLI only wires
// options to the library; what a command computes lives in include/perfmail/.

#include "perfmail/io/matrix_json.hpp"

#include <CLI/CLI.hpp>

#include <functional>
#include <type_traits>
#include <utility>
#include <vector>

namespace perfmail::cli {

/// What a subcommand runs once its options are parsed; returns the process exit status.
using command_action = std::function<int()>;

/// Keeps `value` alive until the process exits, without ever destroying it. Each command runs once and
/// the process ends right after it: freeing a large comparison piece by piece (tens of thousands of
/// series and rows) takes a fifth of `perfmail compare`'s time on the robot's matrices and frees nothing
/// that the exit would not. The objects stay reachable from a global list, so leak checkers do not
/// count them.
template <class T>
void keep_until_exit(T&& value) {
  static auto* const kept = new std::vector<const void*>;
  kept->push_back(new std::decay_t<T>(std::forward<T>(value)));
}

/// Exit statuses shared by every command.
inline constexpr int exit_ok = 0;
inline constexpr int exit_failure = 1;     ///< an internal error (a bug: please report it)
inline constexpr int exit_bad_input = 2;   ///< unreadable or invalid input, or a bad option
inline constexpr int exit_cannot_write = 2;  ///< output that could not be written whole (diff's "trouble")

/// The input limits every command applies to what it reads, set by the global options --max-input-size
/// and --max-runs (docs/RELIABILITY.md).
io::load_limits& input_limits();

command_action add_summary_command(CLI::App& app);
command_action add_plot_command(CLI::App& app);
command_action add_compare_command(CLI::App& app);
command_action add_report_command(CLI::App& app);

}  // namespace perfmail::cli
