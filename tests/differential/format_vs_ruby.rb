#!/usr/bin/env ruby
# frozen_string_literal: true

# Randomized differential test of perfmail's Ruby-exact number formatting (text/ruby_format.hpp)
# against Ruby's own `format`, on values placed within a few units in the last place of a decimal
# rounding tie (where Ruby and C disagree) and on values anywhere, for every conversion the tables use.
#
# Exit status: 0 when every value prints as Ruby prints it, 1 otherwise (the first ones are printed).
# With --write FILE it also stores the cases and Ruby's answers (the unit tests replay that file).
# Usage: format_vs_ruby.rb --driver PATH [--cases N] [--seed S] [--write FILE]

require 'open3'
require 'optparse'

options = { cases: 100_000, seed: 1 }
OptionParser.new do |o|
  o.on('--driver PATH') { |v| options[:driver] = v }
  o.on('--cases N', Integer) { |v| options[:cases] = v }
  o.on('--seed S', Integer) { |v| options[:seed] = v }
  o.on('--write FILE') { |v| options[:write] = v }
end.parse!
abort 'format_vs_ruby.rb: --driver is required' unless options[:driver]

PATTERNS = ['%.2f', '%+.1f', '%.0f', '%10.4g', '%8.0g', '%9.0g', '%+10.2g', '%10.2f', '%+10.1f', '%10d',
            '%8.0f', '%10.0f', '%.3g', '%.14g', '%.12f'].freeze

rng = Random.new(options[:seed])
cases = Array.new(options[:cases]) do
  pattern = PATTERNS[rng.rand(PATTERNS.size)]
  x = if rng.rand < 0.75
        # A decimal tie: random digits ending in 5, at a random magnitude, moved a few ulps.
        digits = Array.new(1 + rng.rand(15)) { rng.rand(10) }.join
        v = "0.#{digits}5e#{rng.rand(17) - 3}".to_f
        steps = rng.rand(17) - 8
        steps.positive? ? steps.times { v = v.next_float } : (-steps).times { v = v.prev_float }
        v
      else
        (rng.rand * 2 - 1) * 10**(rng.rand * 16 - 3)
      end
  x = -x if rng.rand < 0.5
  [pattern, x]
end

input = cases.map { |p, x| "#{p} #{format('%.17g', x)}\n" }.join
out, err, status = Open3.capture3(options[:driver], stdin_data: input)
abort "format_vs_ruby.rb: driver failed: #{err}" unless status.success?
answers = out.lines.map { |l| l.chomp.split("\t") }

mismatches = 0
differs_from_c = 0
cases.each_with_index do |(pattern, x), i|
  want = "[#{format(pattern, x)}]"
  got, exact = answers[i]
  differs_from_c += 1 if want != exact
  next if got == want

  mismatches += 1
  warn "#{pattern} #{format('%.17g', x)}: ruby #{want}, perfmail #{got}" if mismatches <= 10
end

if options[:write]
  File.open(options[:write], 'w') do |f|
    f.puts "# pattern, value (%.17g), Ruby #{RUBY_VERSION}'s format output in brackets; written by format_vs_ruby.rb"
    cases.each { |p, x| f.puts "#{p}\t#{format('%.17g', x)}\t[#{format(p, x)}]" }
  end
end
puts "format_vs_ruby: #{cases.size} values, #{differs_from_c} where Ruby differs from C, #{mismatches} mismatches " \
     "(seed #{options[:seed]})"
exit(mismatches.zero? ? 0 : 1)
