#!/usr/bin/env ruby
# frozen_string_literal: true

# Randomized differential test of `perfmail compare` tables against an independent re-statement of
# docs/FORMAT.md sections 2 to 4 and FORMAT-current.md sections 7.9 to 7.11, written here in Ruby so that
# Ruby's own `format` does the rounding.
#
# Each case is a base matrix and one or two compared matrices whose metrics cover the rules: magnitudes
# from 1e-3 to 1e13, exactly 1e8, zero and negative means, 1 to 20 runs, integer and float samples,
# `%`, `perf-profile.` and `latency_stats.` metrics, huge changes, spreads around 2% and 3%, and
# failure counts. Every metric is printed (`--all --order given`), in the classic and modern dialects,
# with and without the noise filter; the tables must be identical to the character.
#
# Each case also makes a second set of matrices for the current dialect (7.9 to 7.11), from its own
# random stream so that the classic and modern cases stay those of earlier versions: families of a few
# sizes (ties included), a test program's family (sometimes led by a `.pass` or `.fail` count), failure
# families, perf-profile calltrace/children/self rows with equal and unequal changes, sorted and unsorted
# axes (`fs2` before `fs`) and commit names that are 40-hex ids or tags. Each is printed four times:
# `--order given`, and `--order robot` with `--testcase-first`, with `--no-testcase-first` and with
# neither (which must be `--testcase-first`, 7.11's default).
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

  # Classic sums from the first sample, modern from zero, both left to right; current with Ruby's own
  # Array#sum (compensated since Ruby 2.4), which lkp-tests' `average` calls today. Then divide by n.
  def mean(xs, classic)
    v = floats(xs)
    return v.sum / v.size if classic == :compensated

    total = classic ? v.drop(1).inject(v.first) { |s, x| s + x } : v.inject(0.0) { |s, x| s + x }
    total / v.size
  end

  def stddev(xs, m)
    v = floats(xs)
    squares = v.inject(0.0) { |s, x| s + (x - m) * (x - m) }
    Math.sqrt(squares * (1.0 / v.size))
  end

  # function_stat? (lkp-tests etc/failure and etc/pass) as far as the generated names need it: the
  # classic and modern cases name only `dmesg.` counts; the current ones add `stderr.` and `kmsg.` counts
  # and a test program's `<program>.pass` and `<program>.<case>.fail`.
  def failure?(name) = name.start_with?('dmesg.', 'stderr.', 'kmsg.') || name.end_with?('.pass', '.fail')

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

  # Each column's failing percentage over its own run count: perfmail's rule. lkp-tests divides the
  # head's count by the base's run count (docs/TABLES.md "Deviations"); this re-statement is perfmail's.
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
    out << modern_rows(rows, n, false) << "\n"
  end

  # The failure rows under their header, then the performance rows under theirs, in the given order.
  def modern_rows(rows, n, summing)
    out = +''
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
          m0 = mean(columns[0], summing)
          out << modern_value(m0) << modern_stddev(columns[0], m0)
          (1..n).each do |c|
            m = mean(columns[c], summing)
            out << modern_change(name, m0, m) << modern_value(m) << modern_stddev(columns[c], m)
          end
        end
        out << '  ' << name << "\n"
      end
    end
    out
  end

  # ---- current (FORMAT-current.md 7.9 to 7.11)

  # The test programs the current cases name, and families they name that are not programs: lkp-tests'
  # `LKP::Programs.all_tests_set` (the names of programs/*/run and */daemon) holds the first and not the
  # others. check_programs asks perfmail about each before the cases run.
  TEST_PROGRAMS = %w[fio will-it-scale stress-ng vm-scalability netperf].freeze
  OTHER_FAMILIES = %w[meminfo mpstat vmstat proc-vmstat cpuidle uptime perf-stat sched_debug].freeze

  def family(name) = name.partition('.').first

  # 7.11: the full name, or for perf-profile its first two components (`$stat_sort_key_number`).
  def sort_key(name)
    f = family(name)
    f == 'perf-profile' ? name.split('.')[0, 2].join('.') : name
  end

  # The changes a row sorts by, one per compared column: the %reproduction of a failure row, else the
  # absolute or relative change the row prints (unrounded). The reproduction is perfmail's (each column's
  # count over that column's own run count), not lkp-tests' (the head's count over the base's run
  # count): the one documented deviation (docs/TABLES.md "Deviations").
  def current_changes(name, columns)
    n = columns.size - 1
    if failure?(name)
      sums = columns.map { |xs| xs.inject(0) { |s, x| s + x } }
      return (1..n).map { |c| reproduction(sums[0], columns[0].size, sums[c], columns[c].size) }
    end
    m0 = mean(columns[0], :compensated)
    (1..n).map do |c|
      m = mean(columns[c], :compensated)
      if name.end_with?('%') || name.start_with?('perf-profile')
        m - m0
      else
        b = m0.zero? ? 1e-100 : m0
        100 * (m - b) / b
      end
    end
  end

  # Compare.sort_stats: by [family weight, sort key, changes]. A family's weight is its number of rows
  # (every row is printed here), from -10000 when its first row counts failures; with testcase_first a
  # test program's family of positive weight weighs 0. Rows of equal keys keep their order (lkp-tests'
  # sort_by is not stable; perfmail's is, and the order given is the only one to be had).
  def current_order(rows, testcase_first)
    weight = {}
    rows.each do |name, _|
      weight[family(name)] ||= failure?(name) ? -10_000 : 0
      weight[family(name)] += 1
    end
    TEST_PROGRAMS.each { |p| weight[p] = 0 if weight[p]&.positive? } if testcase_first
    rows.each_with_index.sort_by do |(name, columns), i|
      [weight[family(name)], sort_key(name), current_changes(name, columns), i]
    end.map(&:first)
  end

  # The axes sorted as the strings `key=value`, byte by byte (`fs2=...` before `fs=...`); `commit: ` and
  # its trailing space over each column's name as given; the base's name cut to 16 and right-aligned, the
  # others' cut to 27; the dashes; then the modern rows.
  def current_table(header, rows)
    n = header[:commits].size - 1
    axes = header[:axes].sort_by { |k, v| "#{k}=#{v}" }
    out = +"#{'=' * 89}\n"
    out << axes.map(&:first).join('/') << ":\n  " << axes.map(&:last).join('/') << "\n\n"
    out << "commit: \n"
    header[:commits].each { |c| out << "  #{c}\n" }
    out << "\n" << format('%16s', header[:commits][0][0, 16]) << ' '
    header[:commits][1..].each { |c| out << format('%27s', c[0, 27]) << ' ' }
    out << "\n" << ('-' * 16) << ' ' << (('-' * 27) + ' ') * n << "\n"
    out << modern_rows(rows, n, :compensated) << "\n"
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

# The current dialect's cases: a header (axes, commit names) and rows whose families exercise 7.11.
class CurrentCaseMaker < CaseMaker
  # Keys that sort differently as `key=value` than alone: `fs1`, `fs2` and `fs-type` before `fs`, `fs`
  # before `fs_type`, `test` before `testcase`.
  AXIS_KEYS = %w[compiler cpufreq_governor disk fs fs1 fs2 fs-type fs_type kconfig mode nr_task nr_threads
                 rootfs runtime tbox_group test testcase ucode].freeze
  AXIS_VALUES = %w[gcc-14 performance 1HDD 2pmem btrfs nfsv4 xfs ext4 x86_64-rhel-9.4 thread process 100% 50%
                   debian-13-x86_64-20250902.cgz 300s lkp-icl-2sp7 page_fault2 4k 16 0x2b000639 _x Zz].freeze
  TAGS = %w[v6.16-rc4 v6.13 v6.6-rc7 v5.19-rc6 v6.16 next-20250718].freeze

  def axes
    keys = AXIS_KEYS.sample(1 + @rng.rand(8), random: @rng)
    keys |= %w[fs fs2] if @rng.rand < 0.5
    keys.shuffle(random: @rng).map { |k| [k, AXIS_VALUES[@rng.rand(AXIS_VALUES.size)]] }
  end

  # A column's name: a release tag (half the bases, a tenth of the others), a 12-hex or a 40-hex id.
  def commit(column)
    r = @rng.rand
    if r < (column.zero? ? 0.5 : 0.1) then pick(*TAGS)
    elsif r < (column.zero? ? 0.6 : 0.2) then format('%012x', @rng.rand(2**48))
    else format('%040x', @rng.rand(2**160))
    end
  end

  # One performance row's samples per column. A compared column sometimes repeats the base's samples
  # (a change of exactly 0, so that perf-profile rows tie on their changes).
  def values(runs, profile)
    integers = !profile && @rng.rand < 0.5
    center = profile ? pick(0, @rng.rand * 60, @rng.rand * 5, @rng.rand) : magnitude
    center = -center if !profile && @rng.rand < 0.1
    rel = spread
    base = nil
    Array.new(runs.size) do |c|
      next base.dup if c.positive? && @rng.rand < 0.15

      n = @rng.rand < 0.15 ? 1 : runs[c]
      cc = c.zero? ? center : center * (1 + shift)
      cc += pick(-1, 1) * @rng.rand * pick(0.05, 0.5, 3) if profile && c.positive? && @rng.rand < 0.5
      xs = samples(cc, rel, n, integers)
      base ||= xs
      xs
    end
  end

  def counts(runs)
    p = [@rng.rand, @rng.rand]
    runs.each_with_index.map { |r, c| Array.new(r) { @rng.rand < p[c.zero? ? 0 : 1] ? pick(1, 1, 2) : 0 } }
  end

  # Families of sizes 1 to 6 (so that weights tie), one or two test programs' families (sometimes with a
  # `.pass` or `.fail` count, which leads the family now and then), failure families, perf-profile rows
  # (sometimes a copy of another row: equal changes) and `%` rows, all shuffled together.
  def make(columns, failures)
    runs = Array.new(columns) { 1 + @rng.rand(20) }
    rows = []
    Rules::OTHER_FAMILIES.sample(2 + @rng.rand(5), random: @rng).each do |f|
      pick(1, 1, 2, 2, 3, 4, 6).times do |i|
        name = @rng.rand < 0.2 ? "#{f}.share_#{i}%" : "#{f}.metric_#{i}"
        rows << [name, values(runs, false)]
      end
    end
    Rules::TEST_PROGRAMS.sample(pick(1, 1, 1, 2), random: @rng).each do |f|
      (1 + @rng.rand(8)).times { |i| rows << ["#{f}.#{pick('ops', 'bw', 'iops', 'lat')}_#{i}", values(runs, false)] }
      next unless failures

      rows << ["#{f}.pass", counts(runs)] if @rng.rand < 0.4
      rows << ["#{f}.case_#{@rng.rand(9)}.fail", counts(runs)] if @rng.rand < 0.3
    end
    if failures
      %w[dmesg stderr kmsg].each do |f|
        next if @rng.rand < (f == 'dmesg' ? 0.3 : 0.7)

        (1 + @rng.rand(4)).times { |i| rows << ["#{f}.message_#{i}", counts(runs)] }
      end
    end
    if @rng.rand < 0.85
      %w[calltrace children self].each do |part|
        @rng.rand(7).times do |i|
          name = "perf-profile.#{part}.cycles-pp.fn_#{i}"
          copy = rows.select { |n, _| n.start_with?("perf-profile.#{part}.") }.sample(random: @rng)
          rows << [name, copy && @rng.rand < 0.2 ? copy[1].map(&:dup) : values(runs, true)]
        end
      end
    end
    rows.shuffle!(random: @rng)
    # Every column's run count is its longest series; failure counts span all of them.
    longest = Array.new(columns) { |c| rows.map { |_, cols| cols[c].size }.max }
    rows.map do |name, cols|
      next [name, cols] unless Rules.failure?(name)

      [name, cols.each_with_index.map { |xs, c| xs + [0] * (longest[c] - xs.size) }]
    end
  end
end

# Before the cases: perfmail must agree on which of the families the cases name are test programs. A
# family of 2 rows beside one of 1 goes first with --testcase-first exactly when it is a test program's.
def check_programs(perfmail, dir)
  (Rules::TEST_PROGRAMS + Rules::OTHER_FAMILIES).filter_map do |family|
    path = File.join(dir, "programs_#{family}.json")
    File.write(path, JSON.generate("aaa.only" => [1, 2], "#{family}.a" => [3, 4], "#{family}.b" => [5, 6]))
    got, err, status = Open3.capture3(perfmail, 'compare', path, path, '--dialect', 'current', '--all',
                                      '--order', 'robot', '--testcase-first', '--axis', 'k=v')
    next "#{family}: status #{status.exitstatus} #{err}" unless status.success?

    names = got.lines.map { |l| l[/  (\S+)$/, 1] }
    at = names.index("#{family}.a")
    other = names.index('aaa.only')
    next "#{family}: rows missing from\n#{got}" unless at && other

    first = at < other
    next if first == Rules::TEST_PROGRAMS.include?(family)

    "#{family}: perfmail #{first ? 'does' : 'does not'} count it as a test program"
  end
end

# ------------------------------------------------------------------------------------ the run

rng = Random.new(options[:seed])
maker = CaseMaker.new(rng)
# The current cases draw from a stream of their own: the classic and modern ones stay as they were.
current_rng = Random.new(options[:seed] + 0x6375)
current_maker = CurrentCaseMaker.new(current_rng)
failures = 0
tables = 0
rows_checked = 0
report = lambda do |label, got, want, status, err, paths|
  failures += 1
  if failures <= 5
    warn "#{label}: status #{status.exitstatus} #{err}"
    got.lines.zip(want.lines).each_with_index do |(g, w), i|
      warn "  line #{i + 1}:\n    perfmail: #{g.inspect}\n    expected: #{w.inspect}" if g != w
    end
    if got.lines.size != want.lines.size
      warn "  (perfmail printed #{got.lines.size} lines, #{want.lines.size} expected)"
    end
    warn "  inputs: #{paths.join(' ')}"
  end
  if options[:save]
    Dir.mkdir(options[:save]) unless Dir.exist?(options[:save])
    paths.each { |p| File.write(File.join(options[:save], File.basename(p)), File.read(p)) }
  end
end
Dir.mktmpdir('perfmail-table-diff') do |dir|
  check_programs(options[:perfmail], dir).each do |problem|
    failures += 1
    warn "test programs: #{problem}"
  end
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
      args = [options[:perfmail], 'compare', *paths, '--all', '--no-summary', '--order', 'given', '--dialect', dialect,
              '--testcase', 'bench', '--path-params', 'p-1', '--tbox-group', 'box',
              '--axis', 'tbox_group=box', '--axis', 'testcase=bench']
      args << '--keep-noise' unless filter
      commits.each { |c| args.push('--commit', c) }
      got, err, status = Open3.capture3(*args)
      want = dialect == 'classic' ? Rules.classic_table(header, metrics, filter) : Rules.modern_table(header, metrics)
      tables += 1
      rows_checked += want.count("\n")
      next if status.success? && got == want

      report.call("case #{case_index} (#{dialect}#{filter ? '' : ', --keep-noise'})", got, want, status, err, paths)
    end

    # The current dialect (FORMAT-current.md 7.9 to 7.11), on matrices of its own.
    columns = current_rng.rand < 0.8 ? 2 : 3
    rows = current_maker.make(columns, current_rng.rand < 0.75)
    paths = Array.new(columns) do |c|
      path = File.join(dir, "current#{case_index}_#{c}.json")
      File.write(path, JSON.generate(rows.to_h { |name, cols| [name, cols[c]] }))
      path
    end
    header = { axes: current_maker.axes, commits: Array.new(columns) { |c| current_maker.commit(c) } }
    base_args = [options[:perfmail], 'compare', *paths, '--dialect', 'current', '--all', '--no-summary']
    header[:axes].each { |k, v| base_args.push('--axis', "#{k}=#{v}") }
    header[:commits].each { |c| base_args.push('--commit', c) }
    [[%w[--order given], rows],
     [%w[--order robot --testcase-first], Rules.current_order(rows, true)],
     [%w[--order robot --no-testcase-first], Rules.current_order(rows, false)],
     [%w[--order robot], Rules.current_order(rows, true)]].each do |args, ordered|
      got, err, status = Open3.capture3(*base_args, *args)
      want = Rules.current_table(header, ordered)
      tables += 1
      rows_checked += want.count("\n")
      next if status.success? && got == want

      report.call("case #{case_index} (current #{args.join(' ')})", got, want, status, err, paths)
    end
  end
end
puts "table_vs_ruby: #{tables} tables, #{rows_checked} lines, #{failures} mismatching tables (seed #{options[:seed]})"
exit(failures.zero? ? 0 : 1)
