#pragma once
// The bounded reader's buffer interface, shared by the loaders in src/io/ (see io/read_file.hpp).

#include <cstddef>
#include <filesystem>
#include <memory>

namespace perfmail::io::detail {

/// A growable byte buffer that keeps `padding` bytes of room after its contents (the JSON parser reads
/// past the end of its text). Growing keeps the contents; fresh memory is not zeroed, since the reader
/// writes every byte it keeps.
class text_buffer {
 public:
  explicit text_buffer(std::size_t padding = 0) : padding_(padding) {}

  [[nodiscard]] char* data() noexcept { return bytes_.get(); }
  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  /// Bytes that may be written at data() before growing, the padding excluded.
  [[nodiscard]] std::size_t room() const noexcept { return capacity_ > padding_ ? capacity_ - padding_ : 0; }
  /// The whole allocation, the padding included.
  [[nodiscard]] std::size_t capacity() const noexcept { return capacity_; }

  void clear() noexcept { size_ = 0; }
  void resize(std::size_t n) noexcept { size_ = n; }
  /// Room for at least `n` bytes of contents and the padding after them.
  void reserve(std::size_t n);
  /// Gives the memory pages wholly within [from, to) of the contents back to the system, for a reader
  /// that goes through the text once and looks back no further than its current row: they read as
  /// zeros afterwards. Where the system cannot, nothing happens.
  void release(std::size_t from, std::size_t to) noexcept;

 private:
  std::unique_ptr<char[]> bytes_;
  std::size_t capacity_ = 0;
  std::size_t size_ = 0;
  std::size_t padding_ = 0;
};

/// Reads the whole of `path` ("-": standard input) into `into`, replacing its contents; refuses more
/// than `max_bytes`.
void read_whole(const std::filesystem::path& path, std::size_t max_bytes, text_buffer& into);

}  // namespace perfmail::io::detail
