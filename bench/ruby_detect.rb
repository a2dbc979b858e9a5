# Times the robot's own change detection (get_changed_stats in lkp-tests lib/stats.rb) on two
# matrix.json files, for the comparison in docs/PERFORMANCE.md. Needs Debian's ruby, ruby-activesupport,
# ruby-git and ruby-tty-command, and a checkout of lkp-tests named by LKP_SRC:
#
#   LKP_SRC=/path/to/lkp-tests ruby bench/ruby_detect.rb HEAD/matrix.json BASE/matrix.json
lkp = ENV.fetch('LKP_SRC') { abort 'set LKP_SRC to a checkout of lkp-tests' }
require File.join(lkp, 'lib', 'stats')

head, base = ARGV
abort 'usage: ruby_detect.rb HEAD/matrix.json BASE/matrix.json' unless head && base
best = nil
changed = nil
3.times do
  started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  changed = get_changed_stats(head, base, {})
  seconds = Process.clock_gettime(Process::CLOCK_MONOTONIC) - started
  best = seconds if best.nil? || seconds < best
end
puts "changed metrics: #{changed ? changed.size : 0}"
puts format('best of 3: %.3f s', best)
