#pragma once
// The headers of a report email as a document gives them: data only, so that the report document
// (email/document.hpp) holds them without including what writes them (email/mbox.hpp).

#include <string>
#include <vector>

namespace perfmail::email {

struct mail_headers {
  /// From, To and Cc: each `display name <address>` or a bare address, the display name as plain text
  /// (it is quoted or encoded as it needs; a name already written as a quoted-string is read as one).
  /// From has no default: it is whoever sends the message. (It was once the robot's address, and
  /// `git send-email` adds a From that is not the sender's to the Cc, so mail sent as the README said
  /// went to the robot too.) An empty From is refused by mbox_message.
  std::string from;
  std::vector<std::string> to;
  std::vector<std::string> cc;
  std::string subject;
  std::string date;        ///< RFC 5322 date; empty: the time of writing
  std::string message_id;  ///< `left@right`, with or without angle brackets; empty: from the subject and date
  std::string in_reply_to; ///< the message replied to, as message_id; written as In-Reply-To and References
  /// The thread above the message replied to, oldest first, as message_id: References is these and then
  /// in_reply_to (RFC 5322 section 3.6.4: the parent's References followed by the parent's id). Empty:
  /// References is in_reply_to alone.
  std::vector<std::string> references;
};

}  // namespace perfmail::email
