# Robot result roots (docs/INPUTS.md, "Robot result roots"): the group header and the whole email from
# job.yaml and the run directories, with no hand-written document; bad job.yaml refused with file:line:column.
set(roots ${PROJECT_SOURCE_DIR}/examples/roots)
set(bad_roots ${PROJECT_SOURCE_DIR}/tests/data/roots)
set(report_args "report;--base;${roots}/base;--head;${roots}/head;--subject;memcg: use mod_node_page_state to update stats;--url;https://git.kernel.org/cgit/linux/kernel/git/next/linux-next.git;--date;Wed, 17 Sep 2025 10:12:09 +0800;--from;kernel test robot <oliver.sang@intel.com>")

# compare: the header's axes, test case, box and commit names all come from the roots' job.yaml.
perfmail_run_test(cli.roots.compare.golden ARGS compare ${roots}/base ${roots}/head
  GOLDEN ${golden}/roots_compare.txt
  CONTAINS "tbox_group/testcase/rootfs/kconfig/compiler/nr_task/mode/test/cpufreq_governor:"
    "  lkp-icl-2sp7/will-it-scale/debian-13-x86_64-20250902.cgz/x86_64-rhel-9.4/gcc-14/100%/thread/page_fault2/performance"
    "  7e44d00a13ca5691caf4f7c4654c3d2e1f0a9b8c")
# The classic line names the robot's path_params, taken from the job's own result path.
perfmail_run_test(cli.roots.compare.classic ARGS compare ${roots}/base ${roots}/head --dialect classic
  GOLDEN ${golden}/roots_compare_classic.txt
  CONTAINS "testcase/path_params/tbox_group/run: will-it-scale/performance-thread-100%-page_fault2/lkp-icl-2sp7")
# The matrix.json of a root stands for the root: the same table and header.
perfmail_run_test(cli.roots.compare.matrix_file ARGS compare ${bad_roots}/with_matrix/matrix.json ${roots}/head
  GOLDEN ${golden}/roots_compare.txt)
perfmail_run_test(cli.roots.report.matrix_file
  ARGS report --base ${bad_roots}/with_matrix/matrix.json --head ${roots}/head --subject s --url u
  CONTAINS "     34974           -17.9%      28699        will-it-scale.per_thread_ops")
# The options still win.
add_test(NAME cli.roots.compare.options_win
  COMMAND ${cli} compare ${roots}/base ${roots}/head --dialect classic --testcase wis --tbox-group box
    --path-params p --commit aaaa --commit bbbb)
set_tests_properties(cli.roots.compare.options_win PROPERTIES
  PASS_REGULAR_EXPRESSION "run: wis/p/box\n\n            aaaa                        bbbb  ")
add_test(NAME cli.roots.compare.axis_wins
  COMMAND ${cli} compare ${roots}/base ${roots}/head --axis k=v)
set_tests_properties(cli.roots.compare.axis_wins PROPERTIES PASS_REGULAR_EXPRESSION "=\nk:\n  v\n")
# A root beside a plain run directory: the root's commit names its column, the directory the other.
add_test(NAME cli.roots.compare.mixed
  COMMAND ${cli} compare ${roots}/base ${bad_roots}/plain_head)
set_tests_properties(cli.roots.compare.mixed PROPERTIES
  PASS_REGULAR_EXPRESSION "  3e700b715e1cef66a0b6d3a4c2a7b1c1c6e2b7f9\n  plain_head\n")

# What the reader skipped is a note naming the place, and the header is still made of the rest.
perfmail_run_test(cli.roots.compare.note ARGS compare ${bad_roots}/list_param ${roots}/head
  CONTAINS "tbox_group/testcase/mode/test:\n  lkp-icl-2sp7/will-it-scale/thread/page_fault2\n"
  STDERR_LINES 2
  STDERR_CONTAINS "perfmail: note: ${bad_roots}/list_param/job.yaml:4:1: \"nr_task\": a list, not read as a parameter"
    "perfmail: note: path_params \"thread-page_fault2\" in")

# report: the whole email, byte for byte; the headline, the test block, the table and the plot asked for.
perfmail_run_test(cli.roots.report.golden
  ARGS ${report_args} --plots will-it-scale.per_thread_ops --headline will-it-scale.per_thread_ops
  GOLDEN ${golden}/roots_report.txt
  CONTAINS "kernel test robot noticed a 17.9% regression of will-it-scale.per_thread_ops on:"
    "commit: 7e44d00a13ca5691caf4f7c4654c3d2e1f0a9b8c (\"memcg: use mod_node_page_state to update stats\")"
    "testcase: will-it-scale\nconfig: x86_64-rhel-9.4\ncompiler: gcc-14\ntest machine: 128 threads 2 sockets Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz (Ice Lake) with 256G memory\nparameters:\n\n\tnr_task: 100%\n\tmode: thread\n\ttest: page_fault2\n\tcpufreq_governor: performance\n"
    "     34974           -17.9%      28699        will-it-scale.per_thread_ops"
    "                            will-it-scale.per_thread_ops")
# The 2017 layout of the same roots: the classic table, its path_params line.
add_test(NAME cli.roots.report.layout_2017
  COMMAND ${cli} ${report_args} --layout 2017)
set_tests_properties(cli.roots.report.layout_2017 PROPERTIES
  PASS_REGULAR_EXPRESSION "testcase/path_params/tbox_group/run: will-it-scale/performance-thread-100%-page_fault2/lkp-icl-2sp7")
# What the roots lack and no option gives is left out, one note each on stderr; the email is still written.
perfmail_run_test(cli.roots.report.notes ARGS report --base ${roots}/base --head ${roots}/head
  CONTAINS "\ncommit: 7e44d00a13ca5691caf4f7c4654c3d2e1f0a9b8c\n" "testcase: will-it-scale"
  STDERR_LINES 2
  STDERR_CONTAINS "perfmail: note: no commit subject (--subject): the commit line names the commit alone"
    "perfmail: note: no tree or branch URL (--url)")
add_test(NAME cli.roots.report.mbox
  COMMAND ${cli} ${report_args} --format mbox --to developer@example.org)
set_tests_properties(cli.roots.report.mbox PROPERTIES
  PASS_REGULAR_EXPRESSION "Subject: \\[linux-next:master\\]|Subject: .*7e44d00a13.*regression")

# The ways to ask wrongly: exit status 2, nothing on stdout, one line naming the mistake.
foreach(case IN ITEMS
    "both|report;${PROJECT_SOURCE_DIR}/examples/report.json;--base;${roots}/base;--head;${roots}/head|not both"
    "head_only|report;--head;${roots}/head|--head needs --base"
    "base_only|report;--base;${roots}/base|--base needs --head"
    "nothing|report|give a report document (REPORT), or --base ROOT and --head ROOT"
    "option_with_document|report;${PROJECT_SOURCE_DIR}/examples/report.json;--plots;x|--plots goes with --base and --head"
    "unknown_plot|report;--base;${roots}/base;--head;${roots}/head;--plots;nope|--plots \"nope\": no metric"
    "unknown_layout|report;--base;${roots}/base;--head;${roots}/head;--subject;s;--url;u;--layout;1999|--layout \"1999\""
    "not_a_root|report;--base;${roots};--head;${roots}/head|no job.yaml here"
    "other_test_compare|compare;${bad_roots}/other_test;${roots}/head|give --testcase to compare them anyway"
    "other_test_report|report;--base;${bad_roots}/other_test;--head;${roots}/head|a report compares one test"
    "bad_yaml_compare|compare;${bad_roots}/bad_yaml;${roots}/head|bad_yaml/job.yaml:4:16: end of sequence flow not found"
    "bad_yaml_report|report;--base;${roots}/base;--head;${bad_roots}/bad_yaml|bad_yaml/job.yaml:4:16: end of sequence flow not found"
    "wrong_type_compare|compare;${roots}/base;${bad_roots}/wrong_type|wrong_type/0/job.yaml:5:3: commit: must be a string, not a mapping"
    "wrong_type_report|report;--base;${bad_roots}/wrong_type;--head;${roots}/head|wrong_type/0/job.yaml:5:3: commit: must be a string, not a mapping"
    # A root's notes are not printed when the comparison fails: its error is the one line.
    "notes_then_bad_results|compare;${bad_roots}/list_param;${PROJECT_SOURCE_DIR}/tests/data/inputs/csv_bad_number.csv|csv_bad_number.csv:3:13: not a number"
    "duplicate_key|compare;${bad_roots}/duplicate_key;${roots}/head|duplicate_key/job.yaml:6:3: will-it-scale.\"mode\": the key appears twice (first at 4:3)")
  # NAME|ARGS|EXPECTED: ARGS is a list (`;` between arguments).
  string(REGEX MATCH "^([^|]*)\\|([^|]*)\\|(.*)$" fields "${case}")
  perfmail_expect_failure(cli.roots.refused.${CMAKE_MATCH_1} "${CMAKE_MATCH_2}" "${CMAKE_MATCH_3}" bad-input)
endforeach()

# A job.yaml that cannot be read: named with the reason, never passed over, a FIFO never waited on.
add_test(NAME cli.roots.job_unreadable
  COMMAND ${CMAKE_COMMAND} -DCLI=${cli} -DROOTS=${roots} -DWORK=${CMAKE_CURRENT_BINARY_DIR}/job-unreadable
    -P ${CMAKE_CURRENT_SOURCE_DIR}/job_unreadable.cmake)
set_tests_properties(cli.roots.job_unreadable PROPERTIES LABELS "bad-input" TIMEOUT 120)
