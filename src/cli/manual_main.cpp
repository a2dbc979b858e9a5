// perfmail_manual DIR: writes perfmail's man pages and shell completions under DIR, laid out as under
// an installation's share/ directory (man/man1, bash-completion/completions, zsh/site-functions,
// fish/vendor_completions.d). Run at build time (src/cli/CMakeLists.txt), from the same definitions as
// the tool's --help.

#include "help.hpp"
#include "manual.hpp"
#include "output.hpp"

#include "perfmail/version.hpp"

#include <fmt/core.h>

#include <cstdio>
#include <exception>
#include <filesystem>
#include <string>

int main(int argc, char** argv) {
  if (argc != 2) {
    fmt::print(stderr, "usage: perfmail_manual DIR\n");
    return 2;
  }
  try {
    namespace manual = perfmail::cli::manual;
    const std::filesystem::path dir = argv[1];
    const perfmail::cli::application cli = perfmail::cli::make_application();
    const manual::command_info root = manual::describe(*cli.app, *cli.declared);
    const std::string version{perfmail::version_string};

    const auto write = [&](const std::filesystem::path& relative, const std::string& text) {
      const std::filesystem::path path = dir / relative;
      std::filesystem::create_directories(path.parent_path());
      perfmail::cli::write_file(path.string(), text);
    };
    write("man/man1/" + root.name + ".1", manual::man_page(root, nullptr, version));
    for (const auto& command : root.commands)
      write("man/man1/" + root.name + "-" + command.name + ".1", manual::man_page(root, &command, version));
    write("bash-completion/completions/" + root.name, manual::bash_completion(root));
    write("zsh/site-functions/_" + root.name, manual::zsh_completion(root));
    write("fish/vendor_completions.d/" + root.name + ".fish", manual::fish_completion(root));
    return 0;
  } catch (const std::exception& e) {
    fmt::print(stderr, "perfmail_manual: {}\n", e.what());
    return 1;
  }
}
