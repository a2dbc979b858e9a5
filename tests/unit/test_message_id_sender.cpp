// When an email's body names a Message-ID made from its sender (email/document.hpp).

#include "perfmail/email/document.hpp"

#include <doctest/doctest.h>

using namespace perfmail;

namespace {

email::report_document dated(email::layout_era era) {
  email::report_document doc;
  doc.layout.era = era;
  doc.mail.date = "Mon, 07 Dec 2026 10:00:00 +0000";
  return doc;
}

}  // namespace

TEST_CASE("the layouts of 2020 on derive the id from the sender when the document gives none") {
  for (const auto era : {email::layout_era::y2020, email::layout_era::y2024_11_30, email::layout_era::y2026,
                         email::layout_era::project})
    CHECK(email::derives_message_id_from_sender(dated(era)));
}

TEST_CASE("the seeds' layouts name no id") {
  CHECK_FALSE(email::derives_message_id_from_sender(dated(email::layout_era::y2017)));
  CHECK_FALSE(email::derives_message_id_from_sender(dated(email::layout_era::y2018)));
}

TEST_CASE("an id the document gives, or no date to make one from, needs no sender") {
  email::report_document given = dated(email::layout_era::y2026);
  given.mail.message_id = "<x@example.org>";
  CHECK_FALSE(email::derives_message_id_from_sender(given));
  email::report_document undated = dated(email::layout_era::y2026);
  undated.mail.date.clear();
  CHECK_FALSE(email::derives_message_id_from_sender(undated));
}
