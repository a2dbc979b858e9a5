#pragma once
// The box of further tests of the current emails ("In addition to that, the commit also has significant
// impact on the following tests:"), to the character (FORMAT-current.md 7.6): a 16-wide label column and
// one content column as wide as its longest content, each padded by a space on either side.

#include "perfmail/model/test_case.hpp"

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace perfmail::email {

/// One further test, as its row block says it.
struct box_entry {
  std::string testcase;
  std::string metric;
  std::string change;   ///< as its table prints it, without a `+`: `-54.0%`, `42.6%`
  std::string word;     ///< `improvement` or `regression`
  std::string machine;  ///< the machine description
  std::vector<parameter> parameters;  ///< in any order: the box sorts them
};

struct box_style {
  bool machine_row = true;     ///< the `test machine` row (to 2025)
  bool minus_as_space = false; ///< a negative change shows a space for its minus (2024-11-30 on)
};

/// `key=value` of every parameter, sorted byte by byte as those strings (so `fs2=` before `fs=`).
[[nodiscard]] std::vector<std::string> box_parameters(std::span<const parameter> parameters);

/// `<testcase>: <metric> <change> <word>`, the change's minus a space where the style says.
[[nodiscard]] std::string box_change_line(const box_entry& e, const box_style& style);

/// The box, ending with its closing border and a newline.
[[nodiscard]] std::string render_box(std::span<const box_entry> entries, const box_style& style);

}  // namespace perfmail::email
