#pragma once
// Umbrella header: the whole header-only library. Loaders (perfmail/io/) are declared separately
// because they link the compiled perfmail::io library.

#include "perfmail/error.hpp"
#include "perfmail/version.hpp"

#include "perfmail/model/commit.hpp"
#include "perfmail/model/matrix.hpp"
#include "perfmail/model/metric_name.hpp"
#include "perfmail/model/series.hpp"
#include "perfmail/model/test_case.hpp"

#include "perfmail/stats/change.hpp"
#include "perfmail/stats/significance.hpp"
#include "perfmail/stats/summary.hpp"
#include "perfmail/stats/trim.hpp"

#include "perfmail/text/ruby_format.hpp"

#include "perfmail/detect/change_policy.hpp"
#include "perfmail/detect/metric_families.hpp"

#include "perfmail/table/classic.hpp"
#include "perfmail/table/comparison.hpp"
#include "perfmail/table/header.hpp"
#include "perfmail/table/modern.hpp"
#include "perfmail/table/render.hpp"
#include "perfmail/table/row.hpp"

#include "perfmail/plot/sample_text.hpp"
#include "perfmail/plot/trend_plot.hpp"
