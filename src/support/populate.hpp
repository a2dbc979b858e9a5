#pragma once
// Mapping the pages of a large fresh buffer in one call, for the compiled parts of perfmail.
//
// A buffer from malloc that is larger than glibc's mapping threshold arrives as untouched pages, and the
// first write to each 4 KiB page is a page fault: some microseconds each, more under virtualisation.
// The rows of a 10,000-metric comparison take about 1,200 pages, a 2.5 MB matrix.json text 600.
// MADV_POPULATE_WRITE (Linux 5.14) maps them all in one system call instead. It is advice only: where
// the call is missing or fails, the pages fault in one by one as before, with the same result.

#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>

namespace perfmail::support {

inline void populate([[maybe_unused]] void* data, [[maybe_unused]] std::size_t bytes) noexcept {
#ifdef MADV_POPULATE_WRITE
  static const auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
  const auto begin = (reinterpret_cast<std::uintptr_t>(data) + page - 1) & ~(page - 1);
  const auto end = (reinterpret_cast<std::uintptr_t>(data) + bytes) & ~(page - 1);
  // Small buffers are left alone: they sit in pages the heap has touched already.
  if (end > begin + 16 * page) (void)::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_POPULATE_WRITE);
#endif
}

}  // namespace perfmail::support
