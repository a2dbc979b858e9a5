// The reader of mail dates (email/mail_date.hpp, read_mail_date) on arbitrary bytes. Beyond "no crash":
// a date it reads is a day of the calendar, its weekday (when written) that day's, its time and zone in range,
// and the Date header and the day the layout and the Message-ID derive from it agree with it; a date it
// refuses is refused by the Date header too, with a short message.
#include "fuzz_support.hpp"

#include "perfmail/email/layout.hpp"
#include "perfmail/email/mail_date.hpp"
#include "perfmail/email/mbox.hpp"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace perfmail;
  // The header and the layout read the value without the white space around it.
  const std::string_view text = email::detail::trim_spaces({reinterpret_cast<const char*>(data), size});
  const auto [read, problem] = email::read_mail_date(text);
  if (!read) {
    if (problem.empty()) fuzz::finding("a date refused without a reason");
    try {
      (void)email::date_header(text);
      fuzz::finding("the Date header took a date the reader refuses");
    } catch (const email::mail_header_error& e) {
      fuzz::check_message(e);
      if (std::string_view{e.what()}.size() > 400) fuzz::finding("a date's refusal that quotes too much");
    }
    if (email::minute_of_mail_date(text)) fuzz::finding("a minute derived from a date the reader refuses");
    return 0;
  }
  if (!read->day.ok()) fuzz::finding("a date read as a day the calendar lacks");
  if (read->hour > 23 || read->minute > 59 || read->second > 60) fuzz::finding("a time out of range");
  if (read->zone_minutes < -12 * 60 || read->zone_minutes > 14 * 60) fuzz::finding("a zone out of range");
  const auto minute = email::minute_of_mail_date(text);
  const auto day = email::day_of_mail_date(text);
  if (!minute || !day) fuzz::finding("a date read without its minute or day");
  const unsigned expected = static_cast<unsigned>(static_cast<int>(read->day.year())) * 10000 +
                            static_cast<unsigned>(read->day.month()) * 100 + static_cast<unsigned>(read->day.day());
  if (*day != expected || *minute / 10000 != expected) fuzz::finding("the derived day is not the date's");
  try {
    (void)email::date_header(text);
  } catch (...) {
    fuzz::finding("the Date header refused a date the reader takes");
  }
  return 0;
}
