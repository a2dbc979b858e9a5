#pragma once
// The lines of a text, as a range: `for (const text::line l : text::lines(s))`, each line a view of the
// text without its '\n' and with the offset where it starts (for a message that names a place). Small
// on purpose: range-v3's split view would serve, at 92,000 preprocessed lines and 1.4 s more of GCC 12
// a file that includes it (docs/ARCHITECTURE.md), for loops that are otherwise a find and a substr.

#include <cstddef>
#include <iterator>
#include <string_view>

namespace perfmail::text {

/// One line of a text.
struct line {
  std::string_view text;   ///< its bytes, without the '\n' that ends it
  std::size_t offset = 0;  ///< where it starts in the text
};

/// The lines of `text`: each up to the next '\n'; the last one whether a '\n' ends it or not. A text
/// that ends with '\n' has no empty line after it, and an empty text has no line at all.
class lines {
 public:
  constexpr explicit lines(std::string_view text) noexcept : text_(text) {}

  class iterator {
   public:
    using value_type = line;
    using difference_type = std::ptrdiff_t;
    constexpr iterator() noexcept = default;
    constexpr iterator(std::string_view text, std::size_t start) noexcept : text_(text), start_(start) { find_end(); }
    [[nodiscard]] constexpr line operator*() const noexcept { return {text_.substr(start_, end_ - start_), start_}; }
    constexpr iterator& operator++() noexcept {
      start_ = end_ + 1;
      find_end();
      return *this;
    }
    constexpr iterator operator++(int) noexcept {
      iterator before = *this;
      ++*this;
      return before;
    }
    [[nodiscard]] constexpr bool operator==(std::default_sentinel_t) const noexcept { return start_ >= text_.size(); }
    [[nodiscard]] constexpr bool operator==(const iterator& other) const noexcept { return start_ == other.start_; }

   private:
    constexpr void find_end() noexcept {
      const std::size_t at = start_ < text_.size() ? text_.find('\n', start_) : std::string_view::npos;
      end_ = at == std::string_view::npos ? text_.size() : at;
    }
    std::string_view text_;
    std::size_t start_ = 0;
    std::size_t end_ = 0;
  };

  [[nodiscard]] constexpr iterator begin() const noexcept { return {text_, 0}; }
  [[nodiscard]] constexpr std::default_sentinel_t end() const noexcept { return {}; }

 private:
  std::string_view text_;
};

}  // namespace perfmail::text
