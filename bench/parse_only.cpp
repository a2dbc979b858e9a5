// The parse floor as a whole command: reads each file named on the command line and parses it with
// simdjson's DOM parser (its fastest, with the kernel chosen for this CPU at run time), one file after
// the other with one parser, and nothing else. `perfmail compare` is measured against this process
// side by side (bench/whole_command.sh), so both pay for starting, reading and page faults alike.
//
//   parse_only base/matrix.json head/matrix.json
#include <simdjson.h>

#include <cstdio>

int main(int argc, char** argv) {
  simdjson::dom::parser parser;
  std::size_t elements = 0;
  for (int i = 1; i < argc; ++i) {
    auto text = simdjson::padded_string::load(argv[i]);
    if (text.error()) {
      std::fprintf(stderr, "parse_only: %s: %s\n", argv[i], simdjson::error_message(text.error()));
      return 2;
    }
    simdjson::dom::object object;
    if (const auto error = parser.parse(text.value()).get(object)) {
      std::fprintf(stderr, "parse_only: %s: %s\n", argv[i], simdjson::error_message(error));
      return 2;
    }
    elements += object.size();  // read something from the result, so that nothing is left undone
  }
  std::printf("%zu top-level fields\n", elements);
  return 0;
}
