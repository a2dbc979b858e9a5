#pragma once
// The layouts of the robot's emails, era by era, as data: which words, blocks and spacing an email of a
// given day has (FORMAT-current.md section 7; docs/REPORT.md "Layouts"). A layout is chosen by its name
// or by the report's date; each switch below changed on the day its rule in src/email/layout.cpp gives.

#include "perfmail/table/dialect.hpp"
#include "perfmail/text/enum_names.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace perfmail::plot {
enum class look : std::uint8_t;  // perfmail/plot/look.hpp
}  // namespace perfmail::plot

namespace perfmail::email {

/// The named layouts: the seeds' two (2017, 2018), the five the robot's emails of 2020 on show, and
/// perfmail's own for projects that are not the kernel (`project`: no robot's words, docs/REPORT.md).
enum class layout_era : std::uint8_t { y2017, y2018, y2020, y2023, y2024_10, y2024_11_30, y2026, project };

inline constexpr std::array<enum_name<layout_era>, 8> layout_names{{
    {layout_era::y2017, "2017"},
    {layout_era::y2018, "2018"},
    {layout_era::y2020, "2020"},
    {layout_era::y2023, "2023"},
    {layout_era::y2024_10, "2024-10"},
    {layout_era::y2024_11_30, "2024-11-30"},
    {layout_era::y2026, "2026"},
    {layout_era::project, "project"},
}};
/// The name of `value` (its `layout_names` entry): what `<<` and `fmt::format("{}", value)` print.
[[nodiscard]] constexpr std::string_view name_of(layout_era value) noexcept { return name_of(layout_names, value); }
using perfmail::operator<<;  // prints the name, as in perfmail

/// Whether `era` is one of the seeds' (2017, 2018): their emails have code of their own, and no switches.
[[nodiscard]] constexpr bool is_seed_era(layout_era era) noexcept {
  return era == layout_era::y2017 || era == layout_era::y2018;
}

/// Whether `era` is the layout for projects that are not the kernel: the robot's words (its name, the
/// disclaimer, the 0-DAY signature, the test-case lines) are not printed.
[[nodiscard]] constexpr bool is_project_era(layout_era era) noexcept { return era == layout_era::project; }

/// Whether an email of `era` has one table and its plots apart, as the seeds' do: the seeds' layouts
/// and the project layout (compose.cpp); the robot's layouts of 2020 on have their own composer.
[[nodiscard]] constexpr bool has_one_table(layout_era era) noexcept { return is_seed_era(era) || is_project_era(era); }

/// The table an era's emails print: classic (2017), modern (2018 and the project layout), current
/// (2020 on).
[[nodiscard]] constexpr table_dialect dialect_of(layout_era era) noexcept {
  return era == layout_era::y2017                                  ? table_dialect::classic
         : era == layout_era::y2018 || era == layout_era::project ? table_dialect::modern
                                                                   : table_dialect::current;
}

/// The gnuplot release an era's trend plots were drawn with: 4.6 in 2017 (and with the classic table),
/// 5.0 in 2018, 5.2 from 2020 on and in the project layout.
[[nodiscard]] plot::look plot_look_of(layout_era era, table_dialect dialect) noexcept;

/// A day as the number YYYYMMDD (20241130), so that days compare as numbers.
using calendar_day = std::uint32_t;

/// The block after the signature's dashes, by period.
enum class signature_form : std::uint8_t {
  thanks_name,      ///< `Thanks,` and a name (to 2021-02)
  lkp_plus,         ///< `---`, the 0DAY/LKP+ lines, then `Thanks,` and a name (2021-03 to 2022-03-11)
  ci_01org,         ///< `-- `, `0-DAY CI Kernel Test Service`, `https://01.org/lkp` (2022-03-12 to 2022-12)
  ci_lkp_tests,     ///< the same with `https://github.com/intel/lkp-tests` (2023-01 to 2023-05)
  ci_wiki,          ///< the same with `https://github.com/intel/lkp-tests/wiki` (2023-06 on)
};

/// The commands of the `To reproduce:` block (FORMAT-current.md 7.14).
enum class reproduce_form : std::uint8_t {
  none,            ///< no block: the materials URL instead (2023-08-24 on)
  lkp_run,         ///< `bin/lkp install job.yaml` / `bin/lkp run     job.yaml` (to 2020)
  split_job,       ///< aligned `bin/lkp install`, `bin/lkp split-job --compatible`, `bin/lkp run`, no sudo (2021)
  sudo_split_job,  ///< `sudo bin/lkp install ...`, `bin/lkp split-job ...`, `sudo bin/lkp run ...` and a
                   ///< comment on clean state (seen from 2022-07-21 to 2023-08-23)
};

/// The forms' names in report documents (`text.reproduce_commands`).
inline constexpr std::array<enum_name<reproduce_form>, 4> reproduce_form_names{{
    {reproduce_form::none, "none"},
    {reproduce_form::lkp_run, "lkp-run"},
    {reproduce_form::split_job, "split-job"},
    {reproduce_form::sudo_split_job, "sudo-split-job"},
}};
/// The name of `value` (its `reproduce_form_names` entry).
[[nodiscard]] constexpr std::string_view name_of(reproduce_form value) noexcept {
  return name_of(reproduce_form_names, value);
}

/// The tags a regression report asks the fix to carry.
enum class tags_form : std::uint8_t {
  reported_by,  ///< `If you fix the issue, kindly add following tag` + `Reported-by:` (to 2023-03)
  link,         ///< the same first line, then `| Reported-by:` and `| Link:` (2023-04 to 2023-07-18)
  closes,       ///< the two-line sentence, `| Reported-by:` and `| Closes:` (2023-07-19 on)
};

/// Every choice that depends on the era of a current email (the seeds' layouts have their own code).
struct email_layout {
  layout_era era = layout_era::y2026;
  calendar_day day = 0;                 ///< the day whose switches these are
  bool fyi_words = false;               ///< `Greeting,` / `FYI, we noticed ... due to commit:` / `in testcase:`
  bool headline_signed = false;         ///< `a -36.6% regression` (before 2024-11-30), else `a 36.6% regression`
  bool config_lines = true;             ///< `config:` and `compiler:` in the test block (2024-10-14 on)
  tags_form tags = tags_form::closes;
  reproduce_form reproduce = reproduce_form::none;
  bool materials_url = true;            ///< `The kernel config and materials ...` (2023-08-24 on)
  signature_form signature = signature_form::ci_wiki;
  bool box_machine_row = false;         ///< the box's `test machine` row (to 2025)
  bool box_minus_as_space = true;       ///< a negative change in the box without its minus (2024-11-30 on)
  bool separator_machine_line = false;  ///< `<tbox_group>: <machine>` under the stars (to 2025), else an empty line
  int empty_lines_before_first_stars = 1;  ///< after the table's own closing one: 0 in 2020-21, 1 from 2022
  int empty_lines_before_later_stars = 2;  ///< 0 in 2020-21, 2 from 2022
  bool testcase_first = true;           ///< the current table's row order (2023-06 to 2026-02: off)
  int leading_empty_lines = 2;          ///< before the greeting (2023-09 on)
  int trailing_empty_lines = 2;         ///< after the signature
  bool reply_subject = true;            ///< `Re: <patch subject>` for a report on a patch (2023 on)
  bool patch_link_line = true;          ///< `patch link:` under a patch's `url:` (2022 on)
  bool patch_subject_line = true;       ///< `patch subject:` (2023 on)
  bool improvement_status_gap = true;   ///< improvements without status lines: 2 empty lines (2024-12 on)
  bool subject_signed = false;          ///< the subject's change keeps its minus (before 2024-11-30)
  bool message_id_lkp = true;           ///< a derived Message-ID ends `-lkp@<domain>` (2024-11-30 on), else `-<From address>`
};

/// The first day of the robot's emails of 2020 on: earlier days have the seeds' layouts.
inline constexpr calendar_day first_current_day = 20200101;

/// The switches in force on `day` (on or after first_current_day), with `era` the named layout it falls in.
[[nodiscard]] email_layout layout_on(calendar_day day);

/// A named layout's switches: the era's own day (2020: 2020-11-01, 2023: 2023-09-01, 2024-10:
/// 2024-10-14, 2024-11-30, 2026: 2026-03-01). The seeds' eras and the project layout have no switches
/// here.
[[nodiscard]] email_layout named_layout(layout_era era);

/// The newest layout, the default.
inline constexpr layout_era newest_layout = layout_era::y2026;

/// The layout of an email of `day`: a seed era's named layout, or the switches in force that day.
[[nodiscard]] email_layout layout_of_day(calendar_day day);

/// The era a report of `day` falls in: 2017 before 2018, 2018 before 2020, then the current ones.
[[nodiscard]] layout_era era_on(calendar_day day);

/// The layout a report names: a name of `layout_names`, or a day written `YYYY-MM-DD` (the switches of
/// that day); nullopt when the text is neither.
[[nodiscard]] std::optional<email_layout> layout_named(std::string_view name_or_day);

/// What a layout's name must be, for the error that refuses another: `must be one of "2017", ...,
/// "project", or a day written YYYY-MM-DD`.
[[nodiscard]] std::string layout_name_expected();

/// The seeds' layout of a table dialect: classic is 2017's, modern 2018's; current has none (the newest).
[[nodiscard]] constexpr layout_era seed_era_of(table_dialect dialect) noexcept {
  return dialect == table_dialect::classic ? layout_era::y2017
         : dialect == table_dialect::modern ? layout_era::y2018
                                            : newest_layout;
}

/// What chooses a report's layout when it names none.
struct layout_defaults {
  /// A dialect of the seeds (classic, modern) the report names without a layout: that dialect's seed
  /// layout, before anything below.
  std::optional<table_dialect> dialect;
  std::string_view mail_date;  ///< the report's date: the layout of its day
  /// Whether the report is of the robot's result roots: roots that are not (no test case and no machine,
  /// as `perfmail bisect --record` and `history` make them) take the project layout.
  bool robot_roots = true;
};

/// The layout of a report that names none: the seed layout of the dialect it names, else the layout of
/// its date's day, else the project layout for roots that are not the robot's, else the newest.
[[nodiscard]] email_layout default_layout(const layout_defaults& defaults);

/// The layout a report asks for: the one it names (`layout_named`: a layout's name or a day), else, when
/// it names none, its default (`default_layout`). nullopt when the name is neither, for the caller to
/// refuse with `layout_name_expected()` at the place the name came from.
[[nodiscard]] std::optional<email_layout> chosen_layout(std::optional<std::string_view> named,
                                                        const layout_defaults& defaults);

/// A day written `YYYY-MM-DD`, or nullopt.
[[nodiscard]] std::optional<calendar_day> parse_iso_day(std::string_view text);

/// The day of an RFC 5322 date (`[Sun, ]29 Nov 2026 21:07[:17] +0000`), as written (its own zone), or
/// nullopt.
[[nodiscard]] std::optional<calendar_day> day_of_mail_date(std::string_view date);

/// The minute of an RFC 5322 date as YYYYMMDDhhmm (its own zone), or nullopt: the robot's Message-IDs
/// start with it.
[[nodiscard]] std::optional<std::uint64_t> minute_of_mail_date(std::string_view date);

}  // namespace perfmail::email
