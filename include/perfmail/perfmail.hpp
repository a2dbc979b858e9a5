#pragma once
// Umbrella header: everything a report needs (model, classification, analysis, statistics, tables,
// plots, email). Loaders (perfmail/io/) are declared separately because they link the compiled
// perfmail::io library and its JSON parsers. Left out, as {fmt} leaves fmt/chrono.h out of its
// umbrella: the mail dates' calendar (perfmail/email/mail_date.hpp, <chrono>) and the sort of a column
// (perfmail/stats/sorted_copy.hpp); include them where they are used.

#include "perfmail/error.hpp"
#include "perfmail/version.hpp"

#include "perfmail/model/commit.hpp"
#include "perfmail/model/matrix.hpp"
#include "perfmail/model/series.hpp"
#include "perfmail/model/test_case.hpp"

#include "perfmail/metrics/classifier.hpp"
#include "perfmail/metrics/metric_class.hpp"
#include "perfmail/metrics/rules.hpp"

#include "perfmail/stats/change.hpp"
#include "perfmail/stats/significance.hpp"
#include "perfmail/stats/summary.hpp"
#include "perfmail/stats/trim.hpp"

#include "perfmail/analysis/comparison.hpp"
#include "perfmail/analysis/decide.hpp"
#include "perfmail/analysis/policy.hpp"
#include "perfmail/analysis/row.hpp"
#include "perfmail/analysis/verdict.hpp"

#include "perfmail/text/enum_format.hpp"
#include "perfmail/text/ruby_format.hpp"

#include "perfmail/table/classic.hpp"
#include "perfmail/table/header.hpp"
#include "perfmail/table/markdown.hpp"
#include "perfmail/table/modern.hpp"
#include "perfmail/table/render.hpp"

#include "perfmail/plot/sample_text.hpp"
#include "perfmail/plot/trend_plot.hpp"
#include "perfmail/plot/unicode_plot.hpp"

#include "perfmail/email/compose.hpp"
#include "perfmail/email/mbox.hpp"
