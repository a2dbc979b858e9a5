#!/usr/bin/env ruby
# frozen_string_literal: true

# Randomized differential test of the robot policy of `perfmail compare` against an independent
# re-statement of docs/FORMAT.md section 5 in Ruby.
#
# Each case is a base and a head matrix whose metrics come from families the rules treat differently
# (the benchmark's own, primary monitors, secondary ones, per-family floors, the deny list, failure
# counts with and without their pass siblings, perf-profile shares the base lacks), with 1 to 70 runs (trimming starts at 32),
# integer and float samples, separated and overlapping ranges, ratios near 1.01 and 1.05, zero and
# negative medians, metrics missing on one side, and incomplete runs. Every case runs with the default
# rule and with --distance, --gap, --variance and --keep-rare-failures; the metrics perfmail selects
# (its JSON output) must be exactly the metrics this script selects.
#
# Exit status: 0 when every selection matches, 1 otherwise (the first differences are printed).
# Usage: detect_vs_ruby.rb --perfmail PATH [--cases N] [--seed S]

require 'json'
require 'open3'
require 'optparse'
require 'set'
require 'tmpdir'

options = { cases: 200, seed: 1 }
OptionParser.new do |o|
  o.on('--perfmail PATH') { |v| options[:perfmail] = v }
  o.on('--cases N', Integer) { |v| options[:cases] = v }
  o.on('--seed S', Integer) { |v| options[:seed] = v }
end.parse!
abort 'detect_vs_ruby.rb: --perfmail is required' unless options[:perfmail]

# ------------------------------------------------------------------------------------ the rules

module Robot
  module_function

  COUNTED = %w[dmesg. kmsg. last_state. stderr.].freeze

  def counted?(name) = COUNTED.any? { |p| name.start_with?(p) }
  def failure?(name) = counted?(name) || name.match?(/\A.+\.(error|warn|fail)[^_]*\z/) || name.match?(/\A.+\.pass\z/)
  def denied?(name) = name.start_with?('softirqs.', 'slabinfo.', 'cpuidle.') || name == 'dmesg.Mem-Info'

  # The test's own metrics and the monitors the robot lists as performance metrics.
  def primary?(name)
    name.start_with?('fio.', 'perf-stat.', 'iostat.', 'proc-vmstat.', 'interrupts.CAL:Function_call_interrupts') ||
      name.match?(/\A(.*\.)?time\..*\z/)
  end

  def floor?(name, delta, max)
    return max >= 100 && delta >= 50 if name.start_with?('interrupts.')
    return max > 1 if name.start_with?('iostat')
    return max > 1000 if name.start_with?('proc-vmstat') || name.include?('meminfo')

    true
  end

  def trim(xs, margin)
    sorted = xs.sort
    sorted = sorted.drop_while { |x| x == -1 }
    cut = [xs.size >> 5, margin].min
    return [] if sorted.size <= 2 * cut

    sorted[cut...(sorted.size - cut)]
  end

  def range(sorted) = { min: sorted.first, median: sorted[sorted.size / 2], max: sorted.last, n: sorted.size }

  def rule(a, b, opts, integers)
    if opts[:variance]
      la = a[:max] - a[:min]
      lb = b[:max] - b[:min]
      la * b[:median] > opts[:variance] * lb * a[:median] || lb * a[:median] > opts[:variance] * la * b[:median]
    elsif opts[:gap]
      (b[:min] > a[:max] && b[:min] - a[:max] > (b[:median] - a[:median]) * opts[:gap]) ||
        (a[:min] > b[:max] && a[:min] - b[:max] > (a[:median] - b[:median]) * opts[:gap])
    elsif opts[:distance]
      return false if integers && (a[:min] - b[:max] == 1 || b[:min] - a[:max] == 1)

      if a[:n] < 3 || b[:n] < 3
        wider = [a[:max] - a[:min], b[:max] - b[:min]].max * opts[:distance]
        b[:min] - a[:max] > wider || a[:min] - b[:max] > wider
      else
        (b[:min] > a[:max] && b[:min] - a[:max] > (b[:median] - a[:median]) / 2.0) ||
          (a[:min] > b[:max] && a[:min] - b[:max] > (a[:median] - b[:median]) / 2.0)
      end
    else
      (b[:min] > a[:median] && b[:median] > a[:max]) || (a[:min] > b[:median] && a[:median] > b[:max])
    end
  end

  # head, base: the two matrices (name -> samples); returns whether `name` changed.
  def changed?(name, head, base, head_runs, base_runs, opts)
    failure = failure?(name)
    return false if denied?(name)

    if failure
      unless counted?(name)
        stem = name.sub(/\.[^.]*\z/, '')
        return false if name.match?(/\.(error|warn|fail)\z/) && !base.key?("#{stem}.pass")
        return false if name.end_with?('.pass') && %w[error warn fail].none? { |w| base.key?("#{stem}.#{w}") }
      end
    else
      return false if head_runs < 3 && base_runs < 3

      profile_family = name.start_with?('perf-profile.') && base.keys.any? { |k| k.start_with?('perf-profile.') }
      return false unless base.key?(name) || profile_family
    end
    a_samples = (head[name] || []).map { |x| x.nil? ? 0 : x }
    a_samples += [0] * (head_runs - a_samples.size)
    b_samples = (base[name] || []).map { |x| x.nil? ? 0 : x }
    b_samples += [0] * (base_runs - b_samples.size)
    margin = failure ? 0 : 3
    tb = trim(b_samples, margin)
    return false if tb.empty?

    margin = 1 if b_samples.size <= 3 && margin > 1
    ta = trim(a_samples, margin)
    return false if ta.empty?

    a = range(ta)
    b = range(tb)
    if failure
      return false if a[:max] == b[:max]
    else
      return false if opts[:variance] && (head_runs < 10 || base_runs < 10)

      integers = (a_samples + b_samples).all? { |x| x.to_f == x.to_f.truncate }
      return false unless rule(a, b, opts, integers)
    end
    high, low = a[:median] > b[:median] ? [a, b] : [b, a]
    ratio = low[:median].positive? ? high[:median].to_f / low[:median] : 5
    ratio = 5 if ratio > 5
    delta = high[:median] - low[:median]
    return false unless ratio > 1.01
    return false unless ratio > 1.05 || primary?(name)
    return false if failure && !opts[:keep_rare] && a[:median] == b[:median]

    floor?(name, delta, [a[:max], b[:max]].max)
  end

  def runs(m) = m['stats_source'].size

  def without_incomplete(m)
    flags = m['last_state.is_incomplete_run'] || []
    keep = (0...runs(m)).reject { |i| flags[i] && flags[i] != 0 }
    m.to_h { |k, v| [k, keep.filter_map { |i| v[i] }] }
  end

  def incomplete?(m) = (m['last_state.is_incomplete_run'] || []).any? { |x| x && x != 0 }

  def selected(head, base, opts)
    names = (head.keys + base.keys).uniq - ['stats_source']
    chosen = Set.new
    if incomplete?(head) || incomplete?(base)
      names.each do |n|
        next unless n.start_with?('dmesg.', 'last_state.', 'stderr.')

        chosen << n if changed?(n, head, base, runs(head), runs(base), opts)
      end
      h = without_incomplete(head)
      b = without_incomplete(base)
      if runs(h).positive? && runs(b).positive?
        names.each do |n|
          next if n == 'last_state.is_incomplete_run'
          next unless h.key?(n) || b.key?(n)

          chosen << n if changed?(n, h, b, runs(h), runs(b), opts)
        end
      end
    else
      names.each { |n| chosen << n if changed?(n, head, base, runs(head), runs(base), opts) }
    end
    chosen
  end
end

# ------------------------------------------------------------------------------------ the cases

class CaseMaker
  FAMILIES = [
    ->(i) { "fio.metric_#{i}" }, ->(i) { "perf-stat.metric_#{i}" }, ->(i) { "turbostat.Avg_MHz_#{i}" },
    ->(i) { "meminfo.Active_#{i}" }, ->(i) { "iostat.sda.util_#{i}" }, ->(i) { "proc-vmstat.pgfault_#{i}" },
    ->(i) { "interrupts.CAL:Function_call_interrupts_#{i}" }, ->(i) { "softirqs.RCU_#{i}" },
    ->(i) { "latency_stats.max.fn_#{i}" }, ->(i) { "perf-profile.self.cycles-pp.fn_#{i}" },
    ->(i) { "hackbench.time.elapsed_#{i}" }
  ].freeze

  def initialize(rng) = @rng = rng
  def pick(*xs) = xs[@rng.rand(xs.size)]

  def level
    pick(0, 0.5, 1, 3, 50, 150, 900, 1200, 20_000, 1e6, 10**(@rng.rand * 12 - 2), -40.0)
  end

  def samples(center, runs, integers)
    noise = pick(0, 0.001, 0.01, 0.05, 0.3)
    xs = Array.new(runs) do
      x = center * (1 + noise * (@rng.rand * 2 - 1))
      integers && center.abs >= 1 ? x.round : x.to_f
    end
    # An outlier or two: what the trimming of 32 or more runs is for.
    @rng.rand(3).times { xs[@rng.rand(runs)] = xs[0] * pick(3, 0.2) } if @rng.rand < 0.3
    xs
  end

  def make
    head_runs = pick(1, 2, 3, 4, 5, 8, 10, 12, 40, 70)
    base_runs = pick(1, 2, 3, 3, 4, 5, 8, 10, 12, 40, 70)
    head = {}
    base = {}
    (20 + @rng.rand(20)).times do |i|
      name = FAMILIES[@rng.rand(FAMILIES.size)].call(i)
      center = level
      factor = pick(1, 1, 1.005, 1.011, 1.02, 1.049, 1.051, 1.06, 1.3, 2, 10, 0)
      integers = @rng.rand < 0.5 && center >= 0
      base[name] = samples(center, base_runs, integers) unless @rng.rand < 0.07
      head[name] = samples(center * factor, head_runs, integers) unless @rng.rand < 0.05
    end
    (@rng.rand(4)).times do |i|
      name = "dmesg.WARNING:at_fn_#{i}"
      ph, pb = pick([0.5, 0], [0.2, 0.2], [1, 0], [0.1, 0], [0, 0.6])
      head[name] = Array.new(head_runs) { @rng.rand < ph ? 1 : 0 }
      head[name][@rng.rand(head_runs)] = 1 if @rng.rand < 0.3
      base[name] = Array.new(base_runs) { @rng.rand < pb ? 1 : 0 }
    end
    if @rng.rand < 0.3
      stem = "ltp.case_#{@rng.rand(5)}"
      head["#{stem}.fail"] = Array.new(head_runs) { pick(0, 1) }
      base["#{stem}.fail"] = Array.new(base_runs) { 0 }
      base["#{stem}.pass"] = Array.new(base_runs) { 1 } if @rng.rand < 0.5
    end
    if @rng.rand < 0.2
      head['last_state.is_incomplete_run'] = Array.new(head_runs) { @rng.rand < 0.3 ? 1 : 0 }
      base['last_state.is_incomplete_run'] = Array.new(base_runs) { 0 } if @rng.rand < 0.5
    end
    head['stats_source'] = Array.new(head_runs) { |r| "h/#{r}/stats.json" }
    base['stats_source'] = Array.new(base_runs) { |r| "b/#{r}/stats.json" }
    [head, base]
  end
end

# ------------------------------------------------------------------------------------ the run

VARIANTS = [
  [{}, []],
  [{ distance: 1.5 }, ['--distance', '1.5']],
  [{ gap: 0.8 }, ['--gap', '0.8']],
  [{ variance: 2.0 }, ['--variance', '2']],
  [{ keep_rare: true }, ['--keep-rare-failures']]
].freeze

rng = Random.new(options[:seed])
maker = CaseMaker.new(rng)
mismatches = 0
decisions = 0
selected_total = 0
Dir.mktmpdir('perfmail-detect-diff') do |dir|
  options[:cases].times do |case_index|
    head, base = maker.make
    base_path = File.join(dir, "b#{case_index}.json")
    head_path = File.join(dir, "h#{case_index}.json")
    File.write(base_path, JSON.generate(base))
    File.write(head_path, JSON.generate(head))
    VARIANTS.each do |opts, args|
      out, err, status = Open3.capture3(options[:perfmail], 'compare', base_path, head_path, '--format', 'json', *args)
      unless status.success?
        mismatches += 1
        warn "case #{case_index} #{args.join(' ')}: exit #{status.exitstatus}: #{err}"
        next
      end
      got = JSON.parse(out)['metrics'].select { |m| m['selected'] }.map { |m| m['name'] }.to_set
      want = Robot.selected(head, base, opts)
      decisions += (head.keys + base.keys).uniq.size - 1
      selected_total += want.size
      next if got == want

      mismatches += 1
      next unless mismatches <= 5

      warn "case #{case_index} #{args.join(' ')}: perfmail only #{(got - want).to_a}, ruby only #{(want - got).to_a}"
      (got ^ want).each do |n|
        warn "  #{n}: head #{head[n].inspect} base #{base[n].inspect}"
        warn "    perfmail: #{JSON.parse(out)['metrics'].find { |m| m['name'] == n }&.dig('changes', 0, 'reason')}"
      end
      warn "  inputs: #{base_path} #{head_path}"
    end
  end
end
puts "detect_vs_ruby: #{decisions} decisions (#{selected_total} selected), #{mismatches} mismatching selections " \
     "(seed #{options[:seed]})"
exit(mismatches.zero? ? 0 : 1)
