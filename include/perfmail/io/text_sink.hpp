#pragma once
// Where a long document goes piece by piece (a file being written, a socket, a string), for the writers
// that stream their text rather than return it whole: a document of megabytes is then never held, and
// the memory it would take is never touched.

#include <string_view>
#include <type_traits>

namespace perfmail::io {

/// A reference to a callable `void(std::string_view)`, called with the text in order. It does not own
/// the callable, which must outlive it, and is cheap to copy. An exception the callable throws (a write
/// that failed) leaves the writer that called it.
class text_sink {
 public:
  template <class Write>
    requires(!std::is_same_v<std::remove_cv_t<Write>, text_sink>) && std::is_invocable_v<Write&, std::string_view>
  text_sink(Write& write) noexcept  // NOLINT(google-explicit-constructor): a callable is the sink
      : target_(const_cast<void*>(static_cast<const void*>(&write))),
        call_([](void* target, std::string_view text) { (*static_cast<Write*>(target))(text); }) {}

  void operator()(std::string_view text) const { call_(target_, text); }

 private:
  void* target_;
  void (*call_)(void*, std::string_view);
};

}  // namespace perfmail::io
