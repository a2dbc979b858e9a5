#include <doctest/doctest.h>

#include "perfmail/email/layout.hpp"
#include "perfmail/plot/look.hpp"

#include <cstdint>
#include <optional>

using namespace perfmail::email;

// The layouts of the robot's emails by day (include/perfmail/email/layout.hpp; FORMAT-current.md section
// 7). Each switch is checked on the last day of the old form and the first day of the new one.

TEST_CASE("layout: era_on changes era on the first day of each") {
  CHECK(era_on(20171231) == layout_era::y2017);
  CHECK(era_on(20180101) == layout_era::y2018);
  CHECK(era_on(20191231) == layout_era::y2018);
  CHECK(era_on(20200101) == layout_era::y2020);
  CHECK(era_on(first_current_day) == layout_era::y2020);
  CHECK(era_on(20221231) == layout_era::y2020);
  CHECK(era_on(20230101) == layout_era::y2023);
  CHECK(era_on(20241013) == layout_era::y2023);
  CHECK(era_on(20241014) == layout_era::y2024_10);
  CHECK(era_on(20241129) == layout_era::y2024_10);
  CHECK(era_on(20241130) == layout_era::y2024_11_30);
  CHECK(era_on(20251231) == layout_era::y2024_11_30);
  CHECK(era_on(20260101) == layout_era::y2026);
  CHECK(era_on(20991231) == layout_era::y2026);
}

TEST_CASE("layout: layout_on names its day and its era") {
  const email_layout l = layout_on(20241130);
  CHECK(l.day == 20241130);
  CHECK(l.era == layout_era::y2024_11_30);
  CHECK(layout_on(20230101).era == layout_era::y2023);
  CHECK(layout_on(20260101).era == layout_era::y2026);
}

TEST_CASE("layout: the words of section 1 until 2023-01-31") {
  CHECK(layout_on(20201110).fyi_words);
  CHECK(layout_on(20230131).fyi_words);
  CHECK_FALSE(layout_on(20230201).fyi_words);
}

TEST_CASE("layout: the headline and the subject keep the minus until 2024-11-29") {
  CHECK(layout_on(20241129).headline_signed);
  CHECK(layout_on(20241129).subject_signed);
  CHECK_FALSE(layout_on(20241129).box_minus_as_space);
  CHECK_FALSE(layout_on(20241130).headline_signed);
  CHECK_FALSE(layout_on(20241130).subject_signed);
  CHECK(layout_on(20241130).box_minus_as_space);
}

TEST_CASE("layout: config and compiler lines from 2024-10-14") {
  CHECK_FALSE(layout_on(20241013).config_lines);
  CHECK(layout_on(20241014).config_lines);
}

TEST_CASE("layout: the tags' forms") {
  CHECK(layout_on(20230331).tags == tags_form::reported_by);
  CHECK(layout_on(20230401).tags == tags_form::link);
  CHECK(layout_on(20230718).tags == tags_form::link);
  CHECK(layout_on(20230719).tags == tags_form::closes);
}

TEST_CASE("layout: the To reproduce block, then the materials URL") {
  CHECK(layout_on(20201231).reproduce == reproduce_form::lkp_run);
  CHECK(layout_on(20210101).reproduce == reproduce_form::split_job);
  CHECK(layout_on(20210731).reproduce == reproduce_form::split_job);  // S02: aligned, no sudo
  CHECK(layout_on(20220720).reproduce == reproduce_form::split_job);
  CHECK(layout_on(20220721).reproduce == reproduce_form::sudo_split_job);  // S03: the first seen with sudo
  CHECK(layout_on(20230823).reproduce == reproduce_form::sudo_split_job);
  CHECK(layout_on(20230824).reproduce == reproduce_form::none);
  CHECK_FALSE(layout_on(20230823).materials_url);
  CHECK(layout_on(20230824).materials_url);
}

TEST_CASE("layout: the signatures by period, and the empty lines after them") {
  CHECK(layout_on(20210228).signature == signature_form::thanks_name);
  CHECK(layout_on(20210301).signature == signature_form::lkp_plus);
  CHECK(layout_on(20220311).signature == signature_form::lkp_plus);
  CHECK(layout_on(20220312).signature == signature_form::ci_01org);
  CHECK(layout_on(20221231).signature == signature_form::ci_01org);
  CHECK(layout_on(20230101).signature == signature_form::ci_lkp_tests);
  CHECK(layout_on(20230531).signature == signature_form::ci_lkp_tests);
  CHECK(layout_on(20230601).signature == signature_form::ci_wiki);
  CHECK(layout_on(20210228).trailing_empty_lines == 1);
  CHECK(layout_on(20210301).trailing_empty_lines == 2);
  CHECK(layout_on(20260301).trailing_empty_lines == 2);
}

TEST_CASE("layout: the box's machine row and the separator's machine line until 2025-12-31") {
  CHECK(layout_on(20251231).box_machine_row);
  CHECK(layout_on(20251231).separator_machine_line);
  CHECK_FALSE(layout_on(20260101).box_machine_row);
  CHECK_FALSE(layout_on(20260101).separator_machine_line);
  CHECK(layout_on(20201110).box_machine_row);
}

TEST_CASE("layout: the test program's family is not first from 2023-06-01 to 2026-02-28") {
  CHECK(layout_on(20230531).testcase_first);
  CHECK_FALSE(layout_on(20230601).testcase_first);
  CHECK_FALSE(layout_on(20241130).testcase_first);
  CHECK_FALSE(layout_on(20260228).testcase_first);
  CHECK(layout_on(20260301).testcase_first);
  CHECK(layout_on(20201110).testcase_first);
}

TEST_CASE("layout: leading empty lines from 2023-09-01") {
  CHECK(layout_on(20230831).leading_empty_lines == 0);
  CHECK(layout_on(20230901).leading_empty_lines == 2);
}

TEST_CASE("layout: the other switches of the patch lines, the stars and the status gap") {
  CHECK_FALSE(layout_on(20221231).reply_subject);
  CHECK(layout_on(20230101).reply_subject);
  CHECK_FALSE(layout_on(20211231).patch_link_line);
  CHECK(layout_on(20220101).patch_link_line);
  CHECK_FALSE(layout_on(20221231).patch_subject_line);
  CHECK(layout_on(20230101).patch_subject_line);
  CHECK(layout_on(20211231).empty_lines_before_first_stars == 0);
  CHECK(layout_on(20211231).empty_lines_before_later_stars == 0);
  CHECK(layout_on(20220101).empty_lines_before_first_stars == 1);
  CHECK(layout_on(20220101).empty_lines_before_later_stars == 2);
  CHECK_FALSE(layout_on(20241130).improvement_status_gap);
  CHECK(layout_on(20241201).improvement_status_gap);
}

TEST_CASE("layout: the named layouts are the switches of their days") {
  CHECK(named_layout(layout_era::y2020).day == 20201101);
  CHECK(named_layout(layout_era::y2023).day == 20230901);
  CHECK(named_layout(layout_era::y2024_10).day == 20241014);
  CHECK(named_layout(layout_era::y2024_11_30).day == 20241130);
  CHECK(named_layout(layout_era::y2026).day == 20260301);
  for (const auto& entry : layout_names) {
    const layout_era era = entry.value;
    const std::string_view name = entry.name;
    CAPTURE(name);
    const email_layout l = named_layout(era);
    CHECK(l.era == era);
    if (era == layout_era::y2017 || era == layout_era::y2018 || era == layout_era::project) {
      CHECK(l.day == 0);  // the seeds' layouts and the project's have no switches here
    } else {
      CHECK(era_on(l.day) == era);
      CHECK(l.fyi_words == layout_on(l.day).fyi_words);
      CHECK(l.signature == layout_on(l.day).signature);
    }
  }
  CHECK(named_layout(layout_era::y2020).fyi_words);
  CHECK(named_layout(layout_era::y2020).reproduce == reproduce_form::lkp_run);
  CHECK(named_layout(layout_era::y2023).materials_url);
  CHECK(named_layout(layout_era::y2023).headline_signed);
  CHECK_FALSE(named_layout(layout_era::y2023).testcase_first);
  CHECK(named_layout(layout_era::y2024_10).config_lines);
  CHECK(named_layout(layout_era::y2024_10).headline_signed);
  CHECK_FALSE(named_layout(layout_era::y2024_11_30).headline_signed);
  CHECK(named_layout(layout_era::y2024_11_30).box_machine_row);
  CHECK_FALSE(named_layout(layout_era::y2026).box_machine_row);
  CHECK(named_layout(layout_era::y2026).testcase_first);
  CHECK(newest_layout == layout_era::y2026);
}

TEST_CASE("layout: parse_iso_day") {
  CHECK(parse_iso_day("2024-11-30") == std::optional<calendar_day>{20241130});
  CHECK(parse_iso_day("2020-01-01") == std::optional<calendar_day>{20200101});
  CHECK(parse_iso_day("1900-01-01") == std::optional<calendar_day>{19000101});
  SUBCASE("February 29 of leap years only") {
    CHECK(parse_iso_day("2024-02-29") == std::optional<calendar_day>{20240229});
    CHECK(parse_iso_day("2000-02-29") == std::optional<calendar_day>{20000229});
    CHECK_FALSE(parse_iso_day("2023-02-29").has_value());
    CHECK_FALSE(parse_iso_day("2100-02-29").has_value());
    CHECK_FALSE(parse_iso_day("2024-02-30").has_value());
  }
  SUBCASE("bad forms") {
    CHECK_FALSE(parse_iso_day("").has_value());
    CHECK_FALSE(parse_iso_day("20241130").has_value());
    CHECK_FALSE(parse_iso_day("2024-4-30").has_value());
    CHECK_FALSE(parse_iso_day("2024/04/30").has_value());
    CHECK_FALSE(parse_iso_day("2024-04-31").has_value());
    CHECK_FALSE(parse_iso_day("2024-13-01").has_value());
    CHECK_FALSE(parse_iso_day("2024-00-10").has_value());
    CHECK_FALSE(parse_iso_day("2024-10-00").has_value());
    CHECK_FALSE(parse_iso_day("2024-11-30 ").has_value());
    CHECK_FALSE(parse_iso_day(" 2024-11-30").has_value());
    CHECK_FALSE(parse_iso_day("+024-11-30").has_value());
    CHECK_FALSE(parse_iso_day("2024-+1-30").has_value());
    CHECK_FALSE(parse_iso_day("abcd-ef-gh").has_value());
    CHECK_FALSE(parse_iso_day("1899-12-31").has_value());
  }
}

TEST_CASE("layout: day_of_mail_date reads the day as the date writes it") {
  CHECK(day_of_mail_date("Sat, 30 Nov 2024 18:44:15 +0800") == std::optional<calendar_day>{20241130});
  CHECK(day_of_mail_date("30 Nov 2024 18:44:15 +0800") == std::optional<calendar_day>{20241130});
  CHECK(day_of_mail_date("Sun, 29 Nov 2026 21:07 +0000") == std::optional<calendar_day>{20261129});
  CHECK(day_of_mail_date("Tue, 1 Jan 2030 00:00:00 -0500") == std::optional<calendar_day>{20300101});
  CHECK(day_of_mail_date("Thu, 29 Feb 2024 23:59:59 +0000") == std::optional<calendar_day>{20240229});
  SUBCASE("its own zone, not UTC") {
    CHECK(day_of_mail_date("Sun, 1 Dec 2024 00:10:00 +0800") == std::optional<calendar_day>{20241201});
  }
  SUBCASE("the minute, as Message-IDs start with it") {
    CHECK(minute_of_mail_date("Sat, 30 Nov 2024 18:44:15 +0800") == std::optional<std::uint64_t>{202411301844});
    CHECK(minute_of_mail_date("30 Nov 2024 09:05 +0800") == std::optional<std::uint64_t>{202411300905});
    CHECK_FALSE(minute_of_mail_date("30 Nov 2024 24:00 +0800").has_value());
    CHECK_FALSE(minute_of_mail_date("30 Nov 2024 23:60 +0800").has_value());
  }
  SUBCASE("bad month, bad day, garbage") {
    CHECK_FALSE(day_of_mail_date("Sat, 30 Now 2024 18:44:15 +0800").has_value());
    CHECK_FALSE(day_of_mail_date("Sat, 30 November 2024 18:44:15 +0800").has_value());
    CHECK_FALSE(day_of_mail_date("Fri, 31 Feb 2024 18:44:15 +0800").has_value());
    CHECK_FALSE(day_of_mail_date("Thu, 29 Feb 2023 18:44:15 +0800").has_value());
    CHECK_FALSE(day_of_mail_date("Sat, 0 Nov 2024 18:44:15 +0800").has_value());
    CHECK_FALSE(day_of_mail_date("Sat, Nov 30 2024 18:44:15 +0800").has_value());
    CHECK_FALSE(day_of_mail_date("2024-11-30").has_value());
    CHECK_FALSE(day_of_mail_date("yesterday").has_value());
    CHECK_FALSE(day_of_mail_date("").has_value());
    CHECK_FALSE(day_of_mail_date(",,,").has_value());
  }
}

TEST_CASE("layout: the project layout has one table of the 2018 dialect and none of the robot's words") {
  CHECK(is_project_era(layout_era::project));
  CHECK(has_one_table(layout_era::project));
  CHECK(dialect_of(layout_era::project) == perfmail::table_dialect::modern);
  for (const auto& entry : layout_names)
    if (entry.value != layout_era::project) CHECK_FALSE(is_project_era(entry.value));
  CHECK_FALSE(has_one_table(layout_era::y2020));
}

TEST_CASE("layout: a report's layout is chosen in one place, by name, by day or by default") {
  using perfmail::table_dialect;
  SUBCASE("a name or a day") {
    REQUIRE(layout_named("2023").has_value());
    CHECK(layout_named("2023")->era == layout_era::y2023);
    CHECK(layout_named("project")->era == layout_era::project);
    CHECK(layout_named("2024-11-30")->era == layout_era::y2024_11_30);
    CHECK(layout_named("2017-06-01")->era == layout_era::y2017);
    CHECK(layout_named("2021-05-04")->day == 20210504);
    CHECK_FALSE(layout_named("2019").has_value());
    CHECK_FALSE(layout_named("2023-02-29").has_value());
    CHECK_FALSE(layout_named("").has_value());
    CHECK(layout_name_expected() ==
          "must be one of \"2017\", \"2018\", \"2020\", \"2023\", \"2024-10\", \"2024-11-30\", \"2026\", \"project\", "
          "or a day written YYYY-MM-DD");
  }
  SUBCASE("a seed dialect, then the mail's day, then the roots, then the newest") {
    CHECK(default_layout({.dialect = table_dialect::classic, .mail_date = "", .robot_roots = true}).era ==
          layout_era::y2017);
    CHECK(default_layout({.dialect = table_dialect::modern, .mail_date = "Sat, 30 Nov 2024 18:44:15 +0800",
                          .robot_roots = true})
              .era == layout_era::y2018);
    CHECK(default_layout({.dialect = table_dialect::current, .mail_date = "Sat, 30 Nov 2024 18:44:15 +0800",
                          .robot_roots = true})
              .era == layout_era::y2024_11_30);
    CHECK(default_layout({.dialect = std::nullopt, .mail_date = "Tue, 5 Mar 2019 10:00:00 +0800", .robot_roots = false})
              .era == layout_era::y2018);
    CHECK(default_layout({.dialect = std::nullopt, .mail_date = "", .robot_roots = false}).era == layout_era::project);
    CHECK(default_layout({.dialect = std::nullopt, .mail_date = "", .robot_roots = true}).era == newest_layout);
  }
  SUBCASE("the seeds' layout of a dialect") {
    CHECK(seed_era_of(table_dialect::classic) == layout_era::y2017);
    CHECK(seed_era_of(table_dialect::modern) == layout_era::y2018);
    CHECK(seed_era_of(table_dialect::current) == newest_layout);
  }
}

TEST_CASE("layout: the gnuplot release of an era's plots") {
  using perfmail::table_dialect;
  using perfmail::plot::look;
  CHECK(plot_look_of(layout_era::y2017, table_dialect::classic) == look::gnuplot_4_6);
  CHECK(plot_look_of(layout_era::y2018, table_dialect::classic) == look::gnuplot_4_6);
  CHECK(plot_look_of(layout_era::y2018, table_dialect::modern) == look::gnuplot_5_0);
  CHECK(plot_look_of(layout_era::y2020, table_dialect::current) == look::gnuplot_5_2);
  CHECK(plot_look_of(layout_era::y2026, table_dialect::current) == look::gnuplot_5_2);
  CHECK(plot_look_of(layout_era::project, table_dialect::modern) == look::gnuplot_5_2);
}
