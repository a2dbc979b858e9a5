// The layouts of the robot's emails by day (include/perfmail/email/layout.hpp). Each rule names the day
// its switch changed, from FORMAT-current.md section 7 (7.1 to 7.14); where the emails leave a day open
// (7.15), the rule takes the first day the new form was seen.

#include "perfmail/email/layout.hpp"

#include "perfmail/email/mail_date.hpp"
#include "perfmail/email/mbox.hpp"
#include "perfmail/plot/look.hpp"

#include <array>
#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace perfmail::email {

layout_era era_on(calendar_day day) {
  if (day < 20180101) return layout_era::y2017;
  if (day < first_current_day) return layout_era::y2018;
  if (day < 20230101) return layout_era::y2020;
  if (day < 20241014) return layout_era::y2023;
  if (day < 20241130) return layout_era::y2024_10;
  if (day < 20260101) return layout_era::y2024_11_30;
  return layout_era::y2026;
}

email_layout layout_on(calendar_day day) {
  email_layout l;
  l.era = era_on(day);
  l.day = day;
  l.fyi_words = day < 20230201;                 // `Greeting,` and `FYI, we noticed` to 2023-01 (7.14)
  l.headline_signed = day < 20241130;           // 7.3
  l.subject_signed = day < 20241130;            // 7.1
  l.message_id_lkp = day >= 20241130;           // 7.1: `-oliver.sang@intel.com` to 2024-10-28, `-lkp@intel.com` after
  l.config_lines = day >= 20241014;             // 7.5
  l.tags = day < 20230401 ? tags_form::reported_by : day < 20230719 ? tags_form::link : tags_form::closes;  // 7.7
  // 7.14, 7.8: the aligned split-job commands were seen to 2021-07, the sudo ones from 2022-07-21 (the
  // first day seen, as the emails leave the change open between them).
  l.reproduce = day < 20210101   ? reproduce_form::lkp_run
                : day < 20220721 ? reproduce_form::split_job
                : day < 20230824 ? reproduce_form::sudo_split_job
                                 : reproduce_form::none;
  l.materials_url = day >= 20230824;
  l.signature = day < 20210301   ? signature_form::thanks_name
                : day < 20220312 ? signature_form::lkp_plus
                : day < 20230101 ? signature_form::ci_01org
                : day < 20230601 ? signature_form::ci_lkp_tests
                                 : signature_form::ci_wiki;  // 7.12, 7.14
  l.box_machine_row = day < 20260101;           // 7.6: last seen 2025-06-12, absent in all of 2026
  l.separator_machine_line = day < 20260101;    // 7.9
  l.box_minus_as_space = day >= 20241130;       // 7.6
  const bool early = day < 20220101;            // 7.9: one empty line before the stars in 2020-21
  l.empty_lines_before_first_stars = early ? 0 : 1;
  l.empty_lines_before_later_stars = early ? 0 : 2;
  l.testcase_first = day < 20230601 || day >= 20260301;  // 7.11
  l.leading_empty_lines = day >= 20230901 ? 2 : 0;       // 7.2 (81/89 since 2023-09)
  l.trailing_empty_lines = l.signature == signature_form::thanks_name ? 1 : 2;  // 7.12
  l.reply_subject = day >= 20230101;            // 7.1
  l.patch_link_line = day >= 20220101;          // 7.4
  l.patch_subject_line = day >= 20230101;
  l.improvement_status_gap = day >= 20241201;   // 7.4
  return l;
}

email_layout named_layout(layout_era era) {
  switch (era) {
    case layout_era::y2017:
    case layout_era::y2018:
    case layout_era::project: break;
    case layout_era::y2020: return layout_on(20201101);
    case layout_era::y2023: return layout_on(20230901);
    case layout_era::y2024_10: return layout_on(20241014);
    case layout_era::y2024_11_30: return layout_on(20241130);
    case layout_era::y2026: return layout_on(20260301);
  }
  email_layout seed;
  seed.era = era;
  return seed;
}

namespace {

std::optional<unsigned> number_of(std::string_view text) {
  unsigned value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

std::optional<calendar_day> day_of(unsigned year, unsigned month, unsigned day) {
  constexpr std::array<unsigned, 12> days{31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (year < 1900 || year > 9999 || month < 1 || month > 12 || day < 1 || day > days[month - 1]) return std::nullopt;
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  if (month == 2 && day == 29 && !leap) return std::nullopt;
  return year * 10000 + month * 100 + day;
}

}  // namespace

std::optional<calendar_day> parse_iso_day(std::string_view text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') return std::nullopt;
  const auto y = number_of(text.substr(0, 4)), m = number_of(text.substr(5, 2)), d = number_of(text.substr(8, 2));
  if (!y || !m || !d) return std::nullopt;
  return day_of(*y, *m, *d);
}

std::optional<calendar_day> day_of_mail_date(std::string_view date) {
  const auto minute = minute_of_mail_date(date);
  if (!minute) return std::nullopt;
  return static_cast<calendar_day>(*minute / 10000);
}

std::optional<std::uint64_t> minute_of_mail_date(std::string_view date) {
  // The one reader of dates, the Date header's: a date it refuses gives no minute.
  const auto [read, problem] = read_mail_date(detail::trim_spaces(date));
  if (!read) return std::nullopt;
  const auto calendar = std::uint64_t{static_cast<unsigned>(static_cast<int>(read->day.year()))} * 10000 +
                        static_cast<unsigned>(read->day.month()) * 100 + static_cast<unsigned>(read->day.day());
  return calendar * 10000 + static_cast<unsigned>(read->hour) * 100 + static_cast<unsigned>(read->minute);
}

email_layout layout_of_day(calendar_day day) {
  const layout_era era = era_on(day);
  return is_seed_era(era) ? named_layout(era) : layout_on(day);
}

plot::look plot_look_of(layout_era era, table_dialect dialect) noexcept {
  if (era == layout_era::y2017 || dialect == table_dialect::classic) return plot::look::gnuplot_4_6;
  return era == layout_era::y2018 ? plot::look::gnuplot_5_0 : plot::look::gnuplot_5_2;
}

std::optional<email_layout> layout_named(std::string_view name_or_day) {
  if (const auto day = parse_iso_day(name_or_day)) return layout_of_day(*day);
  if (const auto era = value_named(layout_names, name_or_day)) return named_layout(*era);
  return std::nullopt;
}

std::string layout_name_expected() {
  std::string out = "must be one of ";
  for (const auto& entry : layout_names) {
    out += '"';
    out += entry.name;
    out += "\", ";
  }
  return out + "or a day written YYYY-MM-DD";
}

email_layout default_layout(const layout_defaults& defaults) {
  if (defaults.dialect && *defaults.dialect != table_dialect::current)
    return named_layout(seed_era_of(*defaults.dialect));
  if (const auto day = day_of_mail_date(defaults.mail_date)) return layout_of_day(*day);
  if (!defaults.robot_roots) return named_layout(layout_era::project);
  return named_layout(newest_layout);
}

std::optional<email_layout> chosen_layout(std::optional<std::string_view> named, const layout_defaults& defaults) {
  if (named) return layout_named(*named);
  return default_layout(defaults);
}

}  // namespace perfmail::email
