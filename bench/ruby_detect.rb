# Times the robot's own change detection (get_changed_stats in lkp-tests lib/stats.rb, which loads both
# matrices and decides every metric) on two matrix.json files, for the comparison in
# docs/PERFORMANCE.md. Needs Debian's ruby and ruby-activesupport (and ruby-git, ruby-tty-command for
# lkp-tests' requires), and a checkout of lkp-tests named by LKP_SRC:
#
#   LKP_SRC=/path/to/lkp-tests ruby bench/ruby_detect.rb HEAD/matrix.json BASE/matrix.json [CALLS]
#
# Prints each call's time. The first call in a process is what the robot pays per comparison; later
# calls in the same process run on a warmed-up interpreter and heap.
lkp = ENV.fetch('LKP_SRC') { abort 'set LKP_SRC to a checkout of lkp-tests' }
require File.join(lkp, 'lib', 'stats')

head, base, calls = ARGV
abort 'usage: ruby_detect.rb HEAD/matrix.json BASE/matrix.json [CALLS]' unless head && base
calls = (calls || 1).to_i
calls.times do |i|
  started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  changed = get_changed_stats(head, base, {})
  seconds = Process.clock_gettime(Process::CLOCK_MONOTONIC) - started
  puts format('call %d: %.3f s, %d changed metrics', i + 1, seconds, changed ? changed.size : 0)
end
