#pragma once
// Mail dates as a calendar: reading the RFC 5322 date-time a document gives and writing one for a time
// point. Kept apart from email/mbox.hpp because <chrono>'s calendar is a tenth of what including all of
// perfmail costs; the umbrella header leaves it out, as {fmt} leaves fmt/chrono.h out of fmt/format.h.
// Compiled in src/email/mbox.cpp.

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace perfmail::email {

/// A date-time as RFC 5322 writes it (section 3.3), read and checked: a day that exists, the weekday (when
/// written) that day's, a zone offset in use.
struct mail_date {
  std::chrono::year_month_day day;
  int hour = 0, minute = 0, second = 0;  ///< as written (a leap second is 60)
  int zone_minutes = 0;                  ///< east of UTC
};

/// The date `date` holds, `[Sun, ]29 Nov 2026 21:07[:17] +0000` without the obsolete forms, or why it
/// holds none: not that form, a day the month does not have (31 Feb), a weekday that is not the day's
/// (`Mon, 29 Nov 2026`, a Sunday), a zone offset beyond those in use (-1200 to +1400). The calendar is
/// <chrono>'s.
[[nodiscard]] std::pair<std::optional<mail_date>, std::string> read_mail_date(std::string_view date);

/// RFC 5322 date of a time point, in UTC.
[[nodiscard]] std::string rfc5322_date(std::chrono::system_clock::time_point when);

}  // namespace perfmail::email
