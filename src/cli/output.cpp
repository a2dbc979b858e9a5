// Writing a command's output: see output.hpp.

#include "output.hpp"

#include "perfmail/error.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <system_error>
#include <unistd.h>

namespace perfmail::cli {

void write_output(const std::string& path, std::string_view text) {
  if (path.empty() || path == "-") {
    std::fwrite(text.data(), 1, text.size(), stdout);
    if (std::fflush(stdout) != 0) throw error("cannot write to standard output");
    return;
  }
  const std::filesystem::path target{path};
  std::filesystem::path temporary = target;
  temporary += fmt::format(".tmp.{}", ::getpid());
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) throw input_error(path, "cannot create the output file");
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.flush();
    if (!out) {
      std::error_code ignored;
      std::filesystem::remove(temporary, ignored);
      throw input_error(path, "cannot write the output file (disk full?)");
    }
  }
  std::error_code ec;
  std::filesystem::rename(temporary, target, ec);
  if (ec) {
    std::error_code ignored;
    std::filesystem::remove(temporary, ignored);
    throw input_error(path, fmt::format("cannot replace the output file: {}", ec.message()));
  }
}

}  // namespace perfmail::cli
