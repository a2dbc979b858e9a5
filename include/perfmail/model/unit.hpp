#pragma once
// What the samples of a metric measure, decided once from the unit a benchmark tool writes (`ns/op`,
// `B/op`, `MB/s`, Google Benchmark's `bytes_per_second`, hyperfine's seconds): the quantity, its scale to
// the quantity's base unit, and so which way is better. The importers attach it to each metric they read
// (matrix::unit_hint); the comparison gives it to the metric's class, whose direction it sets; the tables
// for other tools' results print values in it (table/quantity.hpp). The robot's matrices carry no units:
// their tables print the robot's printf formats. Cheap to include.

#include "perfmail/model/direction.hpp"
#include "perfmail/text/enum_names.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace perfmail {

/// What a value measures.
enum class quantity : std::uint8_t {
  none,              ///< a unit nobody knows: printed as a plain number, no direction
  seconds,           ///< a time (ns/op, real_time, hyperfine's mean): less is better
  bytes,             ///< memory per operation (B/op): less is better
  allocations,       ///< allocations per operation (allocs/op): less is better
  bytes_per_second,  ///< throughput (MB/s, bytes_per_second): more is better
  per_second,        ///< a rate of operations or items (ops/s, items_per_second): more is better
};

/// The quantities' names in the JSON.
inline constexpr std::array<enum_name<quantity>, 6> quantity_names{{{quantity::none, "none"},
                                                                   {quantity::seconds, "seconds"},
                                                                   {quantity::bytes, "bytes"},
                                                                   {quantity::allocations, "allocations"},
                                                                   {quantity::bytes_per_second, "bytes_per_second"},
                                                                   {quantity::per_second, "per_second"}}};
/// The name of `value` (its `quantity_names` entry): what `<<` and `fmt::format("{}", value)` print.
[[nodiscard]] constexpr std::string_view name_of(quantity value) noexcept { return name_of(quantity_names, value); }

/// A unit: the quantity and how many of the quantity's base unit (seconds, bytes, ...) one unit is, a
/// power of ten. Two bytes, so that every row of a comparison can carry one.
struct metric_unit {
  quantity what = quantity::none;
  std::int8_t power = 0;  ///< `ns` is 10^-9 seconds, `MB/s` 10^6 bytes per second

  /// One unit in the quantity's base unit.
  [[nodiscard]] constexpr double scale() const noexcept {
    // Literals, so that 1e-9 is the double nearest 10^-9 (a product of tenths drifts from it).
    constexpr double powers[] = {1e-12, 1e-11, 1e-10, 1e-9, 1e-8, 1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1,
                                 1e1,   1e2,   1e3,   1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11, 1e12};
    return power < -12 || power > 12 ? 1 : powers[power + 12];
  }
  bool operator==(const metric_unit&) const = default;
};

/// Which way is better for values of `q`, or nullopt for a quantity that does not say.
[[nodiscard]] constexpr std::optional<better> direction_of(quantity q) noexcept {
  switch (q) {
    case quantity::seconds:
    case quantity::bytes:
    case quantity::allocations: return better::lower;
    case quantity::bytes_per_second:
    case quantity::per_second: return better::higher;
    case quantity::none: break;
  }
  return std::nullopt;
}

/// The unit a benchmark tool wrote (`ns/op`, `us`, `B/op`, `allocs/op`, `MB/s`, `ops/s`,
/// `bytes_per_second`, `items_per_second`, `s`, ...), or nullopt for one not known here.
[[nodiscard]] constexpr std::optional<metric_unit> unit_of(std::string_view text) noexcept {
  struct known {
    std::string_view text;
    metric_unit unit;
  };
  // Go writes `<unit>/op` for costs per operation; Google Benchmark and hyperfine write plain time units.
  constexpr known units[] = {
      {"ns/op", {quantity::seconds, -9}},
      {"us/op", {quantity::seconds, -6}},
      {"µs/op", {quantity::seconds, -6}},
      {"ms/op", {quantity::seconds, -3}},
      {"s/op", {quantity::seconds, 0}},
      {"sec/op", {quantity::seconds, 0}},
      {"ns", {quantity::seconds, -9}},
      {"us", {quantity::seconds, -6}},
      {"µs", {quantity::seconds, -6}},
      {"ms", {quantity::seconds, -3}},
      {"s", {quantity::seconds, 0}},
      {"sec", {quantity::seconds, 0}},
      {"B/op", {quantity::bytes, 0}},
      {"KB/op", {quantity::bytes, 3}},
      {"kB/op", {quantity::bytes, 3}},
      {"MB/op", {quantity::bytes, 6}},
      {"GB/op", {quantity::bytes, 9}},
      {"allocs/op", {quantity::allocations, 0}},
      {"B/s", {quantity::bytes_per_second, 0}},
      {"KB/s", {quantity::bytes_per_second, 3}},
      {"kB/s", {quantity::bytes_per_second, 3}},
      {"MB/s", {quantity::bytes_per_second, 6}},
      {"GB/s", {quantity::bytes_per_second, 9}},
      {"bytes_per_second", {quantity::bytes_per_second, 0}},
      {"ops/s", {quantity::per_second, 0}},
      {"op/s", {quantity::per_second, 0}},
      {"items_per_second", {quantity::per_second, 0}},
      {"ops_per_second", {quantity::per_second, 0}},
      {"iterations_per_second", {quantity::per_second, 0}},
  };
  for (const known& k : units)
    if (k.text == text) return k.unit;
  return std::nullopt;
}

/// Which way is better for values in the unit a tool wrote, or nullopt where it does not say: a known
/// unit's direction (times and bytes per operation lower, throughputs higher), and any other rate, a unit
/// that ends in `/s` or `/sec` after a name of what is counted (`frames/s`, as Go's b.ReportMetric names
/// one), higher. The one place every reader's directions from units come from.
[[nodiscard]] constexpr std::optional<better> direction_of_unit(std::string_view unit) noexcept {
  if (const auto known = unit_of(unit)) return direction_of(known->what);
  for (const std::string_view per_second : {std::string_view{"/s"}, std::string_view{"/sec"}})
    if (unit.size() > per_second.size() && unit.ends_with(per_second)) return better::higher;
  return std::nullopt;
}

/// The unit text a metric's name ends in, after its last '.', as perfmail names the metrics of Go's and
/// Google Benchmark's results (`BenchmarkParse-8.ns/op`, `BM_Sum.items_per_second`) and a CSV copies
/// them. Only units that a plain name would not end in count (with a '/' or `_per_second`): `x.s` is a
/// name, not seconds.
[[nodiscard]] constexpr std::optional<std::string_view> unit_text_in_name(std::string_view name) noexcept {
  const std::size_t dot = name.rfind('.');
  if (dot == std::string_view::npos) return std::nullopt;
  const std::string_view unit = name.substr(dot + 1);
  if (unit.find('/') == std::string_view::npos && !unit.ends_with("_per_second")) return std::nullopt;
  return unit;
}

/// The known unit a metric's name ends in (unit_text_in_name).
[[nodiscard]] constexpr std::optional<metric_unit> unit_in_name(std::string_view name) noexcept {
  if (const auto unit = unit_text_in_name(name)) return unit_of(*unit);
  return std::nullopt;
}

/// Which way is better for a metric by the unit its name ends in (unit_text_in_name, direction_of_unit).
[[nodiscard]] constexpr std::optional<better> direction_in_name(std::string_view name) noexcept {
  if (const auto unit = unit_text_in_name(name)) return direction_of_unit(*unit);
  return std::nullopt;
}

static_assert(unit_in_name("parse.ns/op")->power == -9 && !unit_in_name("x.s") && !unit_in_name("ns/op"));
static_assert(direction_in_name("render.frames/s") == better::higher && !direction_in_name("a./s"));
static_assert(direction_of_unit("req/sec") == better::higher && direction_of_unit("MB/op") == better::lower);
static_assert(!direction_of_unit("/s") && !direction_of_unit("hits/op") && !direction_in_name("x.sec"));

static_assert(unit_of("ns/op")->power == -9 && unit_of("MB/s")->what == quantity::bytes_per_second);
static_assert(metric_unit{quantity::bytes_per_second, 6}.scale() == 1e6);
static_assert(!unit_of("furlongs") && direction_of(unit_of("B/op")->what) == better::lower);

}  // namespace perfmail
