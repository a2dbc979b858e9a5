// Reading plot samples from a stream (include/perfmail/plot/sample_text.hpp): the stream read whole,
// then parsed by the header's grammar.

#include "perfmail/plot/sample_text.hpp"

#include <istream>
#include <string>

namespace perfmail::plot {

samples read_samples(std::istream& in, const std::string& name, const sample_limits& limits) {
  std::string text;
  char chunk[1 << 16];
  while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
    if (text.size() + static_cast<std::size_t>(in.gcount()) > limits.max_bytes)
      throw input_error(name, "more than " + std::to_string(limits.max_bytes) + " bytes (the limit of input size)");
    text.append(chunk, static_cast<std::size_t>(in.gcount()));
  }
  if (in.bad()) throw input_error(name, "cannot read");
  return parse_samples(text, name, limits);
}

}  // namespace perfmail::plot
