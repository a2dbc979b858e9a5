#pragma once
// A complete RFC 5322 message in mbox form, ready for `git send-email` or `sendmail -t`: an mbox "From "
// line, the headers, MIME headers declaring UTF-8, and the body.
//
// The headers are valid as written, because a mail server or client may refuse or garble those that are
// not. Addresses are checked and written as `display name <address>`, with only a non-ASCII display name
// RFC 2047 encoded, never the address; text (the subject) is encoded only where it must be; every header
// is folded at white space so that its lines keep within 78 octets where they can and within 998 always
// (RFC 5322 section 2.1.1). A value that cannot be written validly (an address without @, a message id
// with a space) is refused with a usage error naming the header. A body with lines too long for SMTP
// (over 998 octets) is sent quoted-printable.
//
// The From is the sender's and has no default (see mail_headers::from): a message must not go out in a
// third party's name, nor make `git send-email` copy one.

//
// The functions are compiled (src/email/mbox.cpp): a file that includes this header gets the types and
// declarations only, not fmt's formatting. The calendar of mail dates is in email/mail_date.hpp, which
// the umbrella header leaves out as {fmt} leaves out fmt/chrono.h: <chrono> is a tenth of its cost.

#include "perfmail/email/mail_headers.hpp"
#include "perfmail/error.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace perfmail::email {

/// A header value that cannot be written validly: a usage error naming the header, so that a caller can
/// also name the field the value came from.
class mail_header_error : public usage_error {
 public:
  mail_header_error(std::string header, std::string_view problem);
  [[nodiscard]] const std::string& header() const noexcept { return header_; }
  [[nodiscard]] const std::string& problem() const noexcept { return problem_; }

 private:
  std::string header_;
  std::string problem_;
};

/// RFC 5322 section 2.1.1: a line MUST be at most 998 octets and SHOULD be at most 78.
inline constexpr std::size_t header_line_limit = 998;
inline constexpr std::size_t header_line_target = 78;
/// RFC 2047 section 2: an encoded-word is at most 75 characters.
inline constexpr std::size_t encoded_word_limit = 75;

namespace detail {

/// `s` without the spaces and tabs around it.
[[nodiscard]] std::string_view trim_spaces(std::string_view s);

/// FNV-1a: a stable, dependency-free hash for message ids (not for security).
[[nodiscard]] std::uint64_t fnv1a(std::string_view s);

}  // namespace detail

/// A header value on one line: every run of control characters (a line break, a tab, an escape) becomes
/// one space, so that no value can end its header early or start another one.
[[nodiscard]] std::string header_line(std::string_view value);

/// One unbreakable piece of a header value and the white space before it. A header is folded only in
/// that white space (RFC 5322 section 3.2.2); an encoded piece is written as one or more encoded-words,
/// split wherever a line needs it (RFC 2047: white space between encoded-words is not part of the text).
struct header_piece {
  std::string space;      ///< white space before the piece: "" for the first piece, else at least one
  std::string text;       ///< the piece as written, or the UTF-8 text to write as encoded-words
  bool encode = false;    ///< written as RFC 2047 encoded-words
  bool phrase = false;    ///< encoded-words in a display name (fewer characters stand for themselves)
  bool own_line = false;  ///< starts a new line (the next mailbox of a list)
};

/// A header, `Name: value\n`, its pieces laid out on lines of at most 78 octets: a piece goes on the
/// current line if it fits, else on a new line that starts with its white space. A piece too long for
/// any line goes on a line of its own (only a long address or message id can be one: text that could
/// be encoded is encoded before it gets here). Encoded pieces fill the rest of the current line when a
/// useful part fits, then continue with encoded-words of up to 75 characters, one per line.
[[nodiscard]] std::string fold_header(std::string_view name, std::span<const header_piece> pieces);

/// An unstructured value (a Subject) as header pieces. Control characters become a space (header_line)
/// and bytes that are not UTF-8 U+FFFD. Words are kept as written where they can be; a word becomes an
/// encoded-word when it is not ASCII, holds `=?`, or with the white space before it is too long for a
/// line of 78 (a token without white space is folded that way, as encoded-words may be split anywhere).
/// Neighbouring encoded words are one encoded piece, the white space between them inside it, since
/// white space between two encoded-words is dropped when they are read.
[[nodiscard]] std::vector<header_piece> encode_unstructured(std::string_view header, std::string_view value);

/// A Subject or any other unstructured header, encoded and folded.
/// Throws mail_header_error for a C1 control, a bidirectional control or a line separator, which no
/// space can stand for without changing what the text says (C0 controls become spaces, as above).
[[nodiscard]] std::string unstructured_header(std::string_view name, std::string_view value);

/// A mailbox: a display name (plain text, possibly empty) and an ASCII address `local@domain`.
struct mailbox {
  std::string display_name;
  std::string address;
  bool angle_brackets = false;  ///< written `<address>` even without a display name (as it was given)
};

/// The mailbox `text` holds, `display name <address>` or a bare address, for the header `header`.
/// Throws mail_header_error, naming the header and the value, when the text is not one valid mailbox:
/// a control character (a line break), no @, a character an address cannot hold, an angle bracket not
/// closed, text after the address, or a non-ASCII address.
[[nodiscard]] mailbox parse_mailbox(std::string_view header, std::string_view text);

/// A mailbox as header pieces: the display name, then `<address>`. The address is never encoded. A
/// display name is written as it is when it is atoms joined by single spaces (`kernel test robot`); as a
/// quoted-string when it is other ASCII text (`"Torvalds, Linus"`); as RFC 2047 encoded-words when it
/// is not ASCII, holds `=?`, or has an atom or quoted-string longer than `longest`, the room where the
/// mailbox starts (after `Name: ` or a list's indentation).
[[nodiscard]] std::vector<header_piece> encode_mailbox(const mailbox& box,
                                                       std::size_t longest = header_line_target - 4);

/// An address header (From, To, Cc, Reply-To): the mailboxes separated by commas, each after the first
/// on a line of its own. Throws mail_header_error for a value that is not one valid mailbox.
[[nodiscard]] std::string address_header(std::string_view name, std::span<const std::string> mailboxes);

/// The id of a message id header without its angle brackets, checked as msg_id_header checks it.
[[nodiscard]] std::string_view bare_msg_id(std::string_view name, std::string_view id);

/// A message id header (Message-ID, In-Reply-To, References): `<left@right>` (RFC 5322 section 3.6.4,
/// without the obsolete forms), the id given with or without its angle brackets. Throws
/// mail_header_error for an id of another form: no @, white space, an angle bracket inside.
[[nodiscard]] std::string msg_id_header(std::string_view name, std::string_view id);

/// The References header of a reply: `thread` (the parent's own References, oldest first) and then
/// `parent`, unless the thread already ends with it; folded between ids, one id too long to share a
/// line on a line of its own. Throws mail_header_error, naming References, for an id msg_id_header
/// refuses.
[[nodiscard]] std::string references_header(std::span<const std::string> thread, std::string_view parent);

/// The Date header; throws mail_header_error for a date that read_mail_date (email/mail_date.hpp)
/// refuses, with its reason.
[[nodiscard]] std::string date_header(std::string_view date);

/// Quoted-printable body (RFC 2045), used only when a line is too long for SMTP.
[[nodiscard]] std::string quoted_printable(std::string_view body);


/// A file a message carries.
struct mail_attachment {
  std::string file_name;  ///< as the recipient sees it: a name without a directory, one line of UTF-8
  std::string content;    ///< its bytes
};

/// The largest file `perfmail report` attaches (or less, when --max-input-size is less): 16 MiB, which
/// base64 makes about 22 MB, within what mail servers commonly accept in one message (10 to 25 MB) and far
/// above the robot's attachments (a job.yaml, a gzipped kernel config: kilobytes). Checked before the file
/// is read.
inline constexpr std::size_t attachment_limit_bytes = std::size_t{16} << 20;

/// The most all of a message's attachments together may hold: the same 16 MiB, since the reason for the
/// limit (what mail servers accept) is the size of the message, not of one file. Without it a document
/// naming a 16 MiB file fourteen times made a message of 300 MB.
inline constexpr std::size_t attachments_total_limit_bytes = attachment_limit_bytes;

/// Refuses a name an attachment cannot be sent under (throws mail_header_error, naming the header
/// `attachment`): an empty one, one holding a `/`, one that is not one line of UTF-8.
void check_attachment_name(std::string_view name);

/// The MIME type of an attachment: from its name's extension (`job.yaml` application/yaml, `.gz`
/// application/gzip, `.json`, `.csv`, `.html`, `.png`, ...), else text/plain for text (UTF-8, no NUL) and
/// application/octet-stream for anything else. Text types carry their charset (us-ascii or utf-8).
[[nodiscard]] std::string attachment_type(std::string_view file_name, std::string_view content);

namespace detail {

/// The boundary of a multipart message of `body` and `attachments`: the first of `perfmail-` and the 16
/// lower-case hex digits of fnv1a(body), of fnv1a(body) + 1, ... that is in none of them, their file names
/// included (RFC 2046 section 5.1.1), so that the same message is the same bytes. One pass over the
/// parts, whatever they hold.
[[nodiscard]] std::string mime_boundary(std::string_view body, std::span<const mail_attachment> attachments);

}  // namespace detail

/// The whole message: mbox "From " line, headers, blank line, body (which ends with a newline). With
/// attachments it is multipart/mixed (RFC 2046): the body as its first text/plain part, then each file as
/// an attachment part of attachment_type, sent as it is where it is text in lines SMTP carries (and none
/// an mbox would quote, `From ...`), else in base64, its name as a `filename` parameter (RFC 2231's `filename*=utf-8''...` where it is not ASCII).
/// Throws mail_header_error for an attachment name that is empty, holds a `/` or is not one line of
/// UTF-8.
[[nodiscard]] std::string mbox_message(const mail_headers& headers, std::string_view body,
                                       std::span<const mail_attachment> attachments = {});

}  // namespace perfmail::email
