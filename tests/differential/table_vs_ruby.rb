#!/usr/bin/env ruby
# frozen_string_literal: true

# Randomized differential test of `perfmail compare` tables against an independent re-statement of
# docs/FORMAT.md sections 2 to 4, written here in Ruby so that Ruby's own `format` does the rounding.
#
# Each case is a base matrix and one or two compared matrices whose metrics cover the rules: magnitudes
# from 1e-3 to 1e13, exactly 1e8, zero and negative means, 1 to 20 runs, integer and float samples,
# `%`, `perf-profile.` and `latency_stats.` metrics, huge changes, spreads around 2% and 3%, and
# failure counts. Every metric is printed (`--all --order given`), in both dialects, with and without
# the noise filter; the tables must be identical to the character.
#
# Exit status: 0 when every table matches, 1 on a mismatch (the first ones are printed).
# Usage: table_vs_ruby.rb --perfmail PATH [--cases N] [--seed S] [--save DIR]

require 'json'
require 'open3'
require 'optparse'
require 'tmpdir'

options = { cases: 200, seed: 1 }
OptionParser.new do |o|
  o.on('--perfmail PATH') { |v| options[:perfmail] = v }
  o.on('--cases N', Integer) { |v| options[:cases] = v }
  o.on('--seed S', Integer) { |v| options[:seed] = v }
  o.on('--save DIR') { |v| options[:save] = v }
end.parse!
abort 'table_vs_ruby.rb: --perfmail is required' unless options[:perfmail]

# ------------------------------------------------------------------------------------ the rules

module Rules
  module_function

  def floats(xs) = xs.map(&:to_f)

  # Classic sums from the first sample, modern from zero; both left to right, then divide by n.
  def mean(xs, classic)
    v = floats(xs)
    total = classic ? v.drop(1).inject(v.first) { |s, x| s + x } : v.inject(0.0) { |s, x| s + x }
    total / v.size
  end

  def stddev(xs, m)
    v = floats(xs)
    squares = v.inject(0.0) { |s, x| s + (x - m) * (x - m) }
    Math.sqrt(squares * (1.0 / v.size))
  end

  def failure?(name) = name.start_with?('dmesg.')

  # ---- classic (section 3)
  def classic_mode(columns)
    samples = columns.flatten
    floating = samples.any? { |x| x.is_a?(Float) && x != 0 && x.abs < 100 }
    exponent = samples.any? { |x| x.abs >= 1e8 }
    [floating, exponent]
  end

  def classic_value(m, floating, exponent)
    if exponent
      m.abs < 1e8 && !floating ? format('%10d', m.truncate) : format('%10.4g', m)
    elsif floating
      format('%10.2f', m)
    else
      format('%10d', m.truncate)
    end
  end

  def classic_stddev(xs, m)
    return ' ' * 6 if xs.size < 2

    s = stddev(xs, m)
    shown = m.zero? ? s : 100 * s / m
    shown > 3 ? format(' ±%3d%%', shown.truncate) : ' ' * 6
  end

  def classic_change(name, m0, m)
    if name.start_with?('perf-profile') || name.start_with?('latency_stats')
      return format('%9.0g ', m - m0)
    end

    p = m0.zero? ? 0 : 100 * (m - m0) / m0
    return ' ' * 10 if p.abs < 3

    p.abs < 100_000 ? format('%8.0f%% ', p) : format('%8.0g%% ', p)
  end

  def classic_noise?(name, columns)
    return false if failure?(name) || name.start_with?('latency_stats')

    columns.any? do |xs|
      next false if xs.size < 2

      m = mean(xs, true)
      stddev(xs, m) > m.abs / 2 || m.negative?
    end
  end

  def failure_count_cell(sum, runs, floating, exponent)
    value = if floating || exponent
              classic_value(sum.to_f, floating, exponent)
            else
              sum.zero? ? ' ' * 11 : format('%11d', sum)
            end
    value + format(':%-4d', runs)
  end

  def reproduction(sum0, runs0, sum, runs) = 100.0 * sum / runs - 100.0 * sum0 / runs0

  def classic_table(header, rows, noise_filter)
    n = header[:commits].size - 1
    out = +"testcase/path_params/tbox_group/run: #{header[:testcase]}/#{header[:path_params]}/#{header[:tbox_group]}\n\n"
    out << format('%16s', header[:commits][0][0, 16]) << '  '
    header[:commits][1..].each { |c| out << format('%26s', c[0, 26]) << '  ' }
    out << "\n" << ('-' * 16) << '  ' << (('-' * 26) + '  ') * n << "\n"
    perf_head = fail_head = false
    rows.each do |name, columns|
      next if noise_filter && classic_noise?(name, columns)

      floating, exponent = classic_mode(columns)
      if failure?(name)
        unless fail_head
          out << '       fail:runs' << '  %reproduction    fail:runs' * n << "\n"
          out << '           |    ' << '         |             |    ' * n << "\n"
          fail_head = true
        end
        sums = columns.map { |xs| xs.inject(0) { |s, x| s + x } }
        out << failure_count_cell(sums[0], columns[0].size, floating, exponent)
        (1..n).each do |c|
          out << '  ' << format('%8.0f%% ', reproduction(sums[0], columns[0].size, sums[c], columns[c].size))
          out << failure_count_cell(sums[c], columns[c].size, floating, exponent)
        end
      else
        unless perf_head
          out << '         %stddev' << '      change         %stddev' * n << "\n"
          out << '             \\  ' << '        |                \\  ' * n << "\n"
          perf_head = true
        end
        m0 = mean(columns[0], true)
        out << classic_value(m0, floating, exponent) << classic_stddev(columns[0], m0)
        (1..n).each do |c|
          m = mean(columns[c], true)
          out << '  ' << classic_change(name, m0, m) << classic_value(m, floating, exponent)
          out << classic_stddev(columns[c], m)
        end
      end
      out << '  ' << name << "\n"
    end
    out << "\n"
  end

  # ---- modern (section 4)
  def modern_value(m)
    if m.abs < 1000 then format('%10.2f', m)
    elsif m.abs > 1e8 then format('%10.4g', m)
    else format('%10d', m.truncate)
    end
  end

  def modern_stddev(xs, m)
    s = xs.size >= 2 ? stddev(xs, m) : -1
    shown = m.zero? ? s : 100 * s / m
    shown > 2 ? format(' ±%3d%%', shown.truncate) : ' ' * 6
  end

  def modern_change(name, m0, m)
    if name.end_with?('%') || name.start_with?('perf-profile')
      d = m - m0
      return d.abs >= 100_000 ? format('%+10.2g  ', d) : format('%+10.1f  ', d)
    end
    b = m0.zero? ? 1e-100 : m0
    p = 100 * (m - b) / b
    p.abs >= 100_000 ? format('%+10.2g%% ', p) : format('%+10.1f%% ', p)
  end

  def modern_table(header, rows)
    n = header[:commits].size - 1
    out = +"#{'=' * 89}\n"
    out << header[:axes].map(&:first).join('/') << ":\n  " << header[:axes].map(&:last).join('/') << "\n\n"
    out << "commit: \n"
    header[:commits].each { |c| out << "  #{c}\n" }
    out << "\n" << format('%16s', header[:commits][0][0, 16]) << ' '
    header[:commits][1..].each { |c| out << format('%26s', c[0, 26]) << ' ' }
    out << "\n" << ('-' * 16) << ' ' << (('-' * 26) + ' ') * n << "\n"
    [true, false].each do |failures|
      headed = false
      rows.each do |name, columns|
        next unless failure?(name) == failures

        unless headed
          if failures
            out << '       fail:runs' << '  %reproduction    fail:runs' * n << "\n"
            out << '           |    ' << '         |             |    ' * n << "\n"
          else
            out << '         %stddev' << '     %change         %stddev' * n << "\n"
            out << '             \\  ' << '        |                \\  ' * n << "\n"
          end
          headed = true
        end
        if failures
          sums = columns.map { |xs| xs.inject(0) { |s, x| s + x } }
          cell = ->(s, r) { (s.zero? ? ' ' * 11 : format('%11d', s)) + format(':%-4d', r) }
          out << cell.call(sums[0], columns[0].size)
          (1..n).each do |c|
            out << format('%10.0f%% ', reproduction(sums[0], columns[0].size, sums[c], columns[c].size))
            out << cell.call(sums[c], columns[c].size)
          end
        else
          m0 = mean(columns[0], false)
          out << modern_value(m0) << modern_stddev(columns[0], m0)
          (1..n).each do |c|
            m = mean(columns[c], false)
            out << modern_change(name, m0, m) << modern_value(m) << modern_stddev(columns[c], m)
          end
        end
        out << '  ' << name << "\n"
      end
    end
    out << "\n"
  end
end

# ------------------------------------------------------------------------------------ the cases

class CaseMaker
  def initialize(rng) = @rng = rng

  def pick(*xs) = xs[@rng.rand(xs.size)]

  def magnitude
    case @rng.rand(10)
    when 0 then 1e8
    when 1 then 0
    else 10**(@rng.rand * 16 - 3)
    end
  end

  # A relative spread, often close to the 2% and 3% thresholds.
  def spread
    case @rng.rand(6)
    when 0 then 0.02 * (1 + (@rng.rand - 0.5) * 0.02)
    when 1 then 0.03 * (1 + (@rng.rand - 0.5) * 0.02)
    when 2 then 0
    when 3 then @rng.rand * 0.8
    else @rng.rand * 0.06
    end
  end

  def shift
    case @rng.rand(8)
    when 0 then 0
    when 1 then pick(1e6, -1, 1e-6, 3000)
    when 2 then 0.03 * pick(1, -1) * (1 + (@rng.rand - 0.5) * 0.01)
    else (@rng.rand - 0.4) * 0.8
    end
  end

  def samples(center, rel, runs, integers)
    Array.new(runs) do
      x = center * (1 + rel * (@rng.rand * 2 - 1) * 1.7)
      integers ? x.round : x
    end
  end

  # One metric: per column an array of samples (Integers or Floats, as JSON will spell them).
  def metric(name_index, columns, runs)
    kind = pick(:perf, :perf, :perf, :percent, :profile, :latency, :failure)
    name = case kind
           when :perf then "bench.metric_#{name_index}"
           when :percent then "mpstat.cpu.share_#{name_index}%"
           when :profile then "perf-profile.self.cycles-pp.fn_#{name_index}"
           when :latency then "latency_stats.max.fn_#{name_index}"
           when :failure then "dmesg.WARNING:at_fn_#{name_index}"
           end
    if kind == :failure
      p = [@rng.rand, @rng.rand]
      return [name, runs.each_with_index.map { |r, c| Array.new(r) { @rng.rand < p[c.zero? ? 0 : 1] ? pick(1, 1, 2) : 0 } }]
    end
    integers = @rng.rand < 0.5
    center = magnitude
    center = -center if @rng.rand < 0.1
    rel = spread
    per_column = Array.new(columns) do |c|
      n = @rng.rand < 0.2 ? 1 : 1 + @rng.rand(20)
      cc = c.zero? ? center : center * (1 + shift)
      cc = pick(1.0, 5.0, 1e-100) if center.zero? && c.positive? && @rng.rand < 0.5
      xs = samples(cc, rel, n, integers)
      xs = [-cc, cc].map { |x| integers ? x.round : x } if @rng.rand < 0.03 # a zero mean with spread
      xs
    end
    [name, per_column]
  end

  def make(columns)
    runs = Array.new(columns) { 1 + @rng.rand(20) }
    metrics = Array.new(30 + @rng.rand(20)) { |i| metric(i, columns, runs) }
    # Every column's run count is its longest series; failure counts span all of them.
    longest = Array.new(columns) { |c| metrics.map { |_, cols| cols[c].size }.max }
    metrics.map! do |name, cols|
      next [name, cols] unless Rules.failure?(name)

      [name, cols.each_with_index.map { |xs, c| xs + [0] * (longest[c] - xs.size) }]
    end
    metrics
  end
end

# ------------------------------------------------------------------------------------ the run

rng = Random.new(options[:seed])
maker = CaseMaker.new(rng)
failures = 0
tables = 0
rows_checked = 0
Dir.mktmpdir('perfmail-table-diff') do |dir|
  options[:cases].times do |case_index|
    columns = rng.rand < 0.8 ? 2 : 3
    metrics = maker.make(columns)
    paths = Array.new(columns) do |c|
      path = File.join(dir, "c#{case_index}_#{c}.json")
      File.write(path, JSON.generate(metrics.to_h { |name, cols| [name, cols[c]] }))
      path
    end
    commits = Array.new(columns) { |c| format('%040x', rng.rand(2**160) ^ c) }
    header = { testcase: 'bench', path_params: 'p-1', tbox_group: 'box', commits: commits,
               axes: [%w[tbox_group box], %w[testcase bench]] }
    [['classic', true], ['classic', false], ['modern', true]].each do |dialect, filter|
      args = [options[:perfmail], 'compare', *paths, '--all', '--order', 'given', '--dialect', dialect,
              '--testcase', 'bench', '--path-params', 'p-1', '--tbox-group', 'box',
              '--axis', 'tbox_group=box', '--axis', 'testcase=bench']
      args << '--keep-noise' unless filter
      commits.each { |c| args.push('--commit', c) }
      got, err, status = Open3.capture3(*args)
      want = dialect == 'classic' ? Rules.classic_table(header, metrics, filter) : Rules.modern_table(header, metrics)
      tables += 1
      rows_checked += want.count("\n")
      next if status.success? && got == want

      failures += 1
      if failures <= 5
        warn "case #{case_index} (#{dialect}#{filter ? '' : ', --keep-noise'}): status #{status.exitstatus} #{err}"
        got.lines.zip(want.lines).each_with_index do |(g, w), i|
          warn "  line #{i + 1}:\n    perfmail: #{g.inspect}\n    expected: #{w.inspect}" if g != w
        end
        warn "  inputs: #{paths.join(' ')}"
      end
      if options[:save]
        Dir.mkdir(options[:save]) unless Dir.exist?(options[:save])
        paths.each { |p| File.write(File.join(options[:save], File.basename(p)), File.read(p)) }
      end
    end
  end
end
puts "table_vs_ruby: #{tables} tables, #{rows_checked} lines, #{failures} mismatching tables (seed #{options[:seed]})"
exit(failures.zero? ? 0 : 1)
