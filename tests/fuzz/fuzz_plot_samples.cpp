// The number lists of `perfmail plot` (plot/sample_text.hpp) on arbitrary bytes. The grammar restated as
// simply as it can be: cut every line at '#', split it at white space and commas, and each piece is one
// value. On success there is one sample per piece, each what parse_sample reads the piece as; on an error
// the message is one printable line naming the file and a place inside the text.
#include "fuzz_support.hpp"

#include "perfmail/plot/sample_text.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace {
std::vector<std::string_view> pieces_of(std::string_view text) {
  std::vector<std::string_view> pieces;
  for (std::string_view line : perfmail::fuzz::split_lines(text)) {
    line = line.substr(0, line.find('#'));
    std::size_t start = 0;
    for (std::size_t i = 0; i <= line.size(); ++i) {
      const bool cut = i == line.size() || line[i] == ' ' || line[i] == '\t' || line[i] == '\r' || line[i] == ',';
      if (!cut) continue;
      if (i > start) pieces.push_back(line.substr(start, i - start));
      start = i + 1;
    }
  }
  return pieces;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace perfmail;
  const std::string text{reinterpret_cast<const char*>(data), size};
  std::vector<double> samples;
  bool parsed = false;
  fuzz::expect_success_or_input_error(
      [&] {
        samples = plot::parse_samples(text, "fuzz.txt");
        parsed = true;
      },
      "fuzz.txt", text);
  if (parsed) {
    const auto pieces = pieces_of(text);
    if (samples.size() != pieces.size()) fuzz::finding("a sample count that differs from the values written");
    for (std::size_t i = 0; i < pieces.size() && i < samples.size(); ++i) {
      const auto expected = plot::parse_sample(pieces[i]);
      if (!expected) fuzz::finding("a value accepted in a list that parse_sample refuses alone");
      else if (!(*expected == samples[i] || (std::isnan(*expected) && std::isnan(samples[i]))))
        fuzz::finding("a sample that differs from its value written alone");
    }
  }
  (void)plot::parse_sample(std::string_view{text});
  return 0;
}
