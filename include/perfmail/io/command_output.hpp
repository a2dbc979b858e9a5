#pragma once
// What a benchmark command printed, read as results: the reader of the bisect judge, which runs the
// user's command at every commit (docs/HISTORY.md, "Bisecting"). The command may print any results
// perfmail reads (docs/INPUTS.md); the judge needs the samples of one metric. What goes wrong is said
// as a kind, so that the caller can tell what depends on the commit (the command printed nothing
// readable here: skip it) from what does not (it prints several metrics and none was named: abort).
//
// Declarations only: src/io/command_output.cpp.

#include "perfmail/io/matrix_json.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail::io {

enum class command_output_problem : std::uint8_t {
  none,
  nothing_printed,  ///< only white space, or nothing at all
  unreadable,       ///< not results perfmail reads; `message` is the reader's, naming the place
  several_metrics,  ///< no metric named, and it printed none or more than one
  no_samples,       ///< it printed no present sample of the metric
};

struct command_samples {
  command_output_problem problem = command_output_problem::none;
  std::vector<double> samples;     ///< the metric's present samples, in run order (none on a problem)
  std::string metric;              ///< the metric read: the one named, or the one it printed
  std::string message;             ///< with `unreadable`: what is wrong, escaped for a terminal
  std::vector<std::string> names;  ///< with `several_metrics` and `no_samples`: the metrics it printed
};

/// `output`, which the command `what` printed, read in `limits.format` (automatic by default) for the
/// samples of `metric`, or of the one metric it printed when `metric` is empty.
[[nodiscard]] command_samples read_command_samples(std::string_view output, std::string_view what,
                                                   std::string_view metric, const load_limits& limits = {});

}  // namespace perfmail::io
