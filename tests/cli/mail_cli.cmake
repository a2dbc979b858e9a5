# Mail a user sends (issue 16): who `report --format mbox` is from and to, the README's git send-email
# recipe, and the JSON of report and summary. Included from tests/cli/CMakeLists.txt, after the tests it
# adjusts.

if(NOT Python3_Interpreter_FOUND)
  return()
endif()

# The From has no default: it is the user's (--from, mail.from, $EMAIL, then git's user.name and
# user.email). These tests read documents without a mail.from, so they set EMAIL to a sender of their
# own rather than depend on the git identity of whoever runs them; check_mbox.py expects it.
foreach(test cli.report.mbox cli.report.mbox.mail_long_subject cli.report.mbox.mail_long_metric)
  if(TEST ${test})
    set_tests_properties(${test} PROPERTIES ENVIRONMENT "EMAIL=Perfmail Test <perfmail-test@example.org>")
  endif()
endforeach()

set(mail_cases ${CMAKE_CURRENT_SOURCE_DIR}/mail_cases.py)
foreach(case IN ITEMS send_email attachments hostile_boundary no_sender bundled_examples sender_order bad_sender hostile_headers recipients derived_message_id references report_json)
  add_test(NAME cli.report.mail.${case}
    COMMAND ${Python3_EXECUTABLE} ${mail_cases} --perfmail ${cli} --source ${PROJECT_SOURCE_DIR} ${case})
  set_tests_properties(cli.report.mail.${case} PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 60)
endforeach()

# The same numbers as the text table, and names that are not UTF-8 written rather than refused.
add_test(NAME cli.summary.json
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/mail_summary.py --perfmail ${cli} --source ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.summary.json PROPERTIES TIMEOUT 60)
