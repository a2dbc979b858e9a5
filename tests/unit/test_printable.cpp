#include <doctest/doctest.h>

#include "perfmail/text/nearest_name.hpp"
#include "perfmail/text/number_grammar.hpp"
#include "perfmail/text/printable.hpp"
#include "perfmail/text/utf8.hpp"

#include <array>
#include <string>
#include <string_view>

using namespace perfmail::text;

TEST_CASE("printable: what a terminal would act on is escaped, everything else kept byte for byte") {
  CHECK(printable("fio.write_bw_MBps \xC2\xB1 3%") == "fio.write_bw_MBps \xC2\xB1 3%");
  CHECK(printable("a\x1B[2Jb") == "a\\x1B[2Jb");                 // ESC: an escape sequence
  CHECK(printable("a\x7F") == "a\\x7F");                          // DEL
  CHECK(printable("a\xC2\x9B" "31m") == "a\\u009B31m");          // U+009B, CSI
  CHECK(printable("a\xC2\x85" "b") == "a\\u0085b");              // U+0085, NEL
  CHECK(printable("exe.\xE2\x80\xAEgnp") == "exe.\\u202Egnp");    // right-to-left override
  CHECK(printable("a\xE2\x81\xA6" "b") == "a\\u2066b");          // an isolate
  CHECK(printable("a\xE2\x80\xA8" "b") == "a\\u2028b");          // line separator
  CHECK(printable("a\x9B" "b") == "a\\x9Bb");                     // a lone byte outside UTF-8
  // Invisible characters that make two names look alike, wherever they come from.
  CHECK(printable("fio\xE2\x80\x8B.a") == "fio\\u200B.a");         // zero-width space
  CHECK(printable("\xEF\xBB\xBF" "metric") == "\\uFEFFmetric");     // a byte-order mark
  CHECK(printable("a\xC2\xAD" "b") == "a\\u00ADb");                // soft hyphen
  CHECK(printable("a\xE2\x81\xA0" "b") == "a\\u2060b");            // word joiner
  CHECK(printable("\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x92\xBB") ==
        "\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x92\xBB");  // a joiner inside an emoji stays
  SUBCASE("newlines kept only where text may span lines") {
    CHECK(printable("a\nb\tc") == "a\\x0Ab\\x09c");
    CHECK(printable("a\nb\tc", line_breaks::kept) == "a\nb\\x09c");
  }
}

TEST_CASE("printable: quoting input in a message cuts it to a readable length") {
  CHECK(quoted("12abc") == "\"12abc\"");
  CHECK(quoted(std::string(2'000'000, '7')) == "\"" + std::string(40, '7') + "...\"");
  CHECK(quoted("\xC3\xA9" + std::string(50, 'x')) == "\"\xC3\xA9" + std::string(39, 'x') + "...\"");  // whole characters
  CHECK(quoted("a\x1B") == "\"a\\x1B\"");
}

TEST_CASE("number grammar: JSON's, whole tokens only") {
  for (const char* good : {"0", "-0", "7", "-12", "3.25", "1e5", "1E+2", "2.5e-3", "1e400", "123456789012345678901234"}) {
    CAPTURE(good);
    CHECK(is_json_number(good));
  }
  for (const char* bad : {"0x4000", "0123", "123abc", "1true", "+1", ".5", "1.", "1e", "1e+", "-", "", "01.5", "NaN",
                          "Infinity", "1 ", " 1", "1_000", "1,5"}) {
    CAPTURE(bad);
    CHECK_FALSE(is_json_number(bad));
  }
}

TEST_CASE("nearest name: a transposition, a missing letter or a typo is one edit") {
  constexpr std::array<std::string_view, 4> fields{"style", "width", "height", "metrics"};
  CHECK(edit_distance("stlye", "style") == 1);
  CHECK(edit_distance("widht", "width") == 1);
  CHECK(edit_distance("", "abc") == 3);
  CHECK(nearest_name("stlye", fields) == "style");
  CHECK(nearest_name("hieght", fields) == "height");
  CHECK(nearest_name("metric", fields) == "metrics");
  CHECK(nearest_name("x", std::span<const std::string_view>{}).empty());
}

TEST_CASE("columns count code points, so a table's \u00b1 and a unit's \u00b5 take one each") {
  CHECK(columns_of("abc") == 3);
  CHECK(columns_of(" \u00b1  3%") == 6);
  CHECK(columns_of("12.5 \u00b5s") == 7);
  CHECK(columns_of("") == 0);
}
