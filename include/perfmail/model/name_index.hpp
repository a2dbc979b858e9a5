#pragma once
// Positions of a matrix's metrics by name. An open-addressing table of positions rather than a map from
// names: the names live once, in the series, and the table holds no pointers, so a matrix can be copied
// and moved without rebuilding it. A robot matrix has tens of thousands of metrics; a node-based map
// costs two allocations and a copy of the name for each of them.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace perfmail {

class name_index {
 public:
  static constexpr std::size_t npos = std::numeric_limits<std::size_t>::max();

  /// The position of `name`, or npos; `name_at(position)` gives the name stored at a position.
  template <class NameAt>
  [[nodiscard]] std::size_t find(std::string_view name, NameAt name_at) const {
    if (slots_.empty()) return npos;
    const std::size_t hash = hash_of(name);
    for (std::size_t at = hash & mask();; at = (at + 1) & mask()) {
      const slot& s = slots_[at];
      if (s.position == empty_slot) return npos;
      if (s.hash == static_cast<std::uint32_t>(hash) && name_at(s.position) == name) return s.position;
    }
  }

  /// Records `name` at `position` unless the name is there already; returns whether it was recorded.
  template <class NameAt>
  bool insert(std::string_view name, std::size_t position, NameAt name_at) {
    if (position >= empty_slot) throw std::length_error("more metrics than a matrix can index");
    if (2 * (size_ + 1) > slots_.size()) grow(name_at);
    const std::size_t hash = hash_of(name);
    std::size_t at = hash & mask();
    for (;; at = (at + 1) & mask()) {
      const slot& s = slots_[at];
      if (s.position == empty_slot) break;
      if (s.hash == static_cast<std::uint32_t>(hash) && name_at(s.position) == name) return false;
    }
    slots_[at] = {static_cast<std::uint32_t>(position), static_cast<std::uint32_t>(hash)};
    ++size_;
    return true;
  }

  /// Room for `n` names without growing.
  template <class NameAt>
  void reserve(std::size_t n, NameAt name_at) {
    if (2 * n > slots_.size()) rebuild(capacity_for(n), name_at);
  }

  void clear() noexcept {
    slots_.clear();
    size_ = 0;
  }
  [[nodiscard]] std::size_t size() const noexcept { return size_; }

 private:
  static constexpr std::uint32_t empty_slot = std::numeric_limits<std::uint32_t>::max();
  struct slot {
    std::uint32_t position = empty_slot;
    std::uint32_t hash = 0;  ///< the low bits of the name's hash: most mismatches end without comparing names
  };

  static std::size_t hash_of(std::string_view name) noexcept { return std::hash<std::string_view>{}(name); }
  [[nodiscard]] std::size_t mask() const noexcept { return slots_.size() - 1; }
  /// A power of two at least twice `n` (the table is never more than half full).
  static std::size_t capacity_for(std::size_t n) {
    std::size_t capacity = 16;
    while (capacity < 2 * n) capacity *= 2;
    return capacity;
  }

  template <class NameAt>
  void grow(NameAt name_at) {
    rebuild(slots_.empty() ? 16 : 2 * slots_.size(), name_at);
  }

  template <class NameAt>
  void rebuild(std::size_t capacity, NameAt /*name_at*/) {
    // The stored low 32 bits of each hash place it: masks stay below 2^32 since positions are 32-bit.
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
