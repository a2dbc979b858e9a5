// What a benchmark command printed, read as results (declared in perfmail/io/command_output.hpp).

#include "perfmail/io/command_output.hpp"

#include "perfmail/error.hpp"
#include "perfmail/io/import.hpp"
#include "perfmail/text/printable.hpp"

namespace perfmail::io {

command_samples read_command_samples(std::string_view output, std::string_view what, std::string_view metric,
                                     const load_limits& limits) {
  command_samples out;
  out.metric = std::string(metric);
  if (output.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    out.problem = command_output_problem::nothing_printed;
    return out;
  }
  matrix m;
  try {
    m = parse_input(output, what, limits.format, limits);
  } catch (const input_error& e) {
    out.problem = command_output_problem::unreadable;
    out.message = text::printable(e.what());
    return out;
  }
  const auto names = [&] {
    std::vector<std::string> all;
    for (const series_view& s : m.metrics()) all.emplace_back(s.name());
    return all;
  };
  if (out.metric.empty()) {
    if (m.metrics().size() != 1) {
      out.problem = command_output_problem::several_metrics;
      out.names = names();
      return out;
    }
    out.metric = std::string(m.metrics().front().name());
  }
  if (const series_view* s = m.find(out.metric)) out.samples = s->present_values();
  if (out.samples.empty()) {
    out.problem = command_output_problem::no_samples;
    out.names = names();
  }
  return out;
}

}  // namespace perfmail::io
