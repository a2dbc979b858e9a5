// Links the installed library: parses a matrix and prints the mean of one metric.
#include <perfmail/perfmail.hpp>
#include <perfmail/io/matrix_json.hpp>

#include <fmt/core.h>

int main() {
  const auto m = perfmail::io::parse_matrix(R"({"fio.write_iops": [10, 20, 30]})", "inline");
  const auto s = perfmail::summarize(m.find("fio.write_iops")->present_values());
  fmt::print("mean {}\n", s.mean);
  return s.mean == 20 ? 0 : 1;
}
