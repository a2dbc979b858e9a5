// The number lists of `perfmail plot` (plot/sample_text.hpp) on arbitrary bytes: every line that is
// neither blank nor a number is an input_error naming its line on one line of text; otherwise there is
// one sample per non-blank line.
#include "fuzz_support.hpp"

#include "perfmail/plot/sample_text.hpp"

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace perfmail;
  const std::string text{reinterpret_cast<const char*>(data), size};
  std::size_t non_blank = 0;
  for (const auto line : fuzz::split_lines(text))
    if (line.find_first_not_of(" \t\r") != std::string_view::npos) ++non_blank;
  // A final newline ends the last line rather than starting an empty one; both count no sample.

  try {
    std::istringstream in(text);
    const auto samples = plot::read_samples(in, "fuzz.txt");
    if (samples.size() != non_blank) fuzz::finding("a sample count that differs from the non-blank lines");
  } catch (const input_error& e) {
    if (e.file() != "fuzz.txt" || e.place().line == 0 || e.place().line > fuzz::split_lines(text).size())
      fuzz::finding("an error that does not name the file and the line");
    if (fuzz::has_control(e.what()) || !perfmail::text::is_valid_utf8(e.what()))
      fuzz::finding("an error message that is not one line of printable text");
  } catch (...) {
    fuzz::finding("an exception that is not an input_error");
  }
  (void)plot::parse_sample(std::string_view{text});
  return 0;
}
