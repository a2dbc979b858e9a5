#!/usr/bin/env ruby
# frozen_string_literal: true

# Records the robot's own selection for every case of cases.json: each pair is written to a private
# directory and given to get_changed_stats (lkp-tests lib/stats.rb) with the case's options, as the
# robot's compare does with two result paths. Needs Debian's ruby, ruby-activesupport, ruby-git and
# ruby-tty-command, and a checkout of lkp-tests named by LKP_SRC; nothing of lkp-tests is copied here.
#
#   LKP_SRC=/path/to/lkp-tests ruby record.rb cases.json > expected.json
#
# Prints {"lkp_tests": COMMIT, "cases": {ID: [selected metric names, sorted] | {"error": TEXT}}}.

require 'json'
require 'tmpdir'

lkp = ENV.fetch('LKP_SRC') { abort 'set LKP_SRC to a checkout of lkp-tests' }
require File.join(lkp, 'lib', 'stats')

cases_path = ARGV.fetch(0) { abort 'usage: record.rb cases.json' }
cases = JSON.parse(File.read(cases_path))
commit = `git -C #{lkp} rev-parse HEAD 2>/dev/null`.strip
results = {}
cases.each do |c|
  Dir.mktmpdir('robot-selection') do |dir|
    paths = %w[base head].to_h do |side|
      path = File.join(dir, side, 'matrix.json')
      Dir.mkdir(File.dirname(path))
      File.write(path, JSON.generate(c.fetch(side)))
      [side, path]
    end
    begin
      changed = get_changed_stats(paths['head'], paths['base'], c.fetch('options').dup)
      results[c.fetch('id')] = (changed || {}).keys.sort
    rescue StandardError => e
      results[c.fetch('id')] = { 'error' => "#{e.class}: #{e.message}" }
    end
  end
end
puts JSON.pretty_generate({ 'lkp_tests' => commit, 'cases' => results })
