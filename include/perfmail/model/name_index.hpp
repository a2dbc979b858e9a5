#pragma once
// Positions of a matrix's metrics by name. An open-addressing table of positions rather than a map from
// names: the names live once, in the series, and the table holds no pointers, so a matrix can be copied
// and moved without rebuilding it. A robot matrix has tens of thousands of metrics; a node-based map
// costs two allocations and a copy of the name for each of them.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string_view>  // also std::hash<std::string_view>
#include <utility>
#include <vector>

namespace perfmail {

class name_index {
 public:
  static constexpr std::size_t npos = std::numeric_limits<std::size_t>::max();

  /// The position of `name`, or npos; `name_at(position)` gives the name stored at a position.
  template <class NameAt>
  [[nodiscard]] std::size_t find(std::string_view name, NameAt name_at) const {
    if (slots_.empty()) return npos;
    const slot& s = slots_[slot_of(name, hash_of(name), name_at)];
    return s.position == empty_slot ? npos : s.position;
  }

  /// Records `name` at `position` unless the name is there already; returns whether it was recorded.
  template <class NameAt>
  bool insert(std::string_view name, std::size_t position, NameAt name_at) {
    return record(name, position, name_at).second;
  }

  /// The position of `name`, recorded at `position` if it was not there: one hash of the name for both
  /// the lookup and the insertion. A new name is at `position` when this returns, so `name_at` must give
  /// it there before the index is used again.
  template <class NameAt>
  std::size_t insert_or_find(std::string_view name, std::size_t position, NameAt name_at) {
    return record(name, position, name_at).first;
  }

  /// Room for `n` names without growing.
  void reserve(std::size_t n) {
    if (too_full(n, slots_.size())) rebuild(capacity_for(n));
  }

  [[nodiscard]] std::size_t size() const noexcept { return size_; }

 private:
  static constexpr std::uint32_t empty_slot = std::numeric_limits<std::uint32_t>::max();
  struct slot {
    std::uint32_t position = empty_slot;
    std::uint32_t hash = 0;  ///< the name's hash: places the slot, and most mismatches end without comparing names
  };

  /// The position of `name`, and whether it was recorded now, at `position`.
  template <class NameAt>
  std::pair<std::size_t, bool> record(std::string_view name, std::size_t position, NameAt name_at) {
    if (position >= empty_slot) throw std::length_error("more metrics than a matrix can index");
    if (too_full(size_ + 1, slots_.size())) rebuild(slots_.empty() ? 16 : 2 * slots_.size());
    const std::uint32_t hash = hash_of(name);
    slot& s = slots_[slot_of(name, hash, name_at)];
    if (s.position != empty_slot) return {s.position, false};
    s = {static_cast<std::uint32_t>(position), hash};
    ++size_;
    return {position, true};
  }

  /// The slot that holds `name`, or the empty slot where it belongs (the table is never full).
  template <class NameAt>
  [[nodiscard]] std::size_t slot_of(std::string_view name, std::uint32_t hash, NameAt name_at) const {
    for (std::size_t at = hash & mask();; at = (at + 1) & mask()) {
      const slot& s = slots_[at];
      if (s.position == empty_slot) return at;
      if (s.hash == hash && name_at(s.position) == name) return at;
    }
  }

  /// 32 bits of the name's hash, stored with each slot so that growing never hashes a name again.
  static std::uint32_t hash_of(std::string_view name) noexcept {
    return static_cast<std::uint32_t>(std::hash<std::string_view>{}(name));
  }
  [[nodiscard]] std::size_t mask() const noexcept { return slots_.size() - 1; }
  /// Whether `n` names would fill more than three quarters of `capacity` slots. Linear probing stays
  /// short up to there (about two probes for a name that is present), and every slot is written when
  /// the table grows, so a sparser table would cost a matrix of 10,000 metrics twice the memory.
  static constexpr bool too_full(std::size_t n, std::size_t capacity) noexcept { return 4 * n > 3 * capacity; }
  /// The smallest power of two, from 16, that `n` names do not fill too much.
  static std::size_t capacity_for(std::size_t n) {
    std::size_t capacity = 16;
    while (too_full(n, capacity)) capacity *= 2;
    return capacity;
  }

  void rebuild(std::size_t capacity) {
    std::vector<slot> old(capacity);
    old.swap(slots_);
    for (const slot& s : old) {
      if (s.position == empty_slot) continue;
      std::size_t at = s.hash & mask();
      while (slots_[at].position != empty_slot) at = (at + 1) & mask();
      slots_[at] = s;
    }
  }

  std::vector<slot> slots_;
  std::size_t size_ = 0;
};

}  // namespace perfmail
