#!/usr/bin/env ruby
# frozen_string_literal: true

# Randomized differential test of `perfmail compare --dialect current --all --order robot` against the
# robot's own code: lkp-tests' Compare module (lib/compare.rb: calc_stat_change, sort_stats, show_group),
# loaded at run time from a checkout the user names. No lkp-tests code is kept in this repository; the
# script requires the checkout's lib/compare.rb and lib/data_store.rb and calls them.
#
# Each case is random matrices (perfmail's matrix.json: metric -> samples per run, and stats_source)
# whose rows exercise FORMAT-current.md 7.10 and 7.11: families of tying sizes, one or two of lkp-tests'
# own test programs (LKP::Programs.all_tests_set, read from the checkout's programs/) beside monitors
# that are not programs, a program's `.pass`/`.fail` counts, dmesg/kmsg/stderr counts, perf-profile
# calltrace/children/self rows with equal and unequal changes, `%` rows, magnitudes from 1e-3 to 1e13,
# zero and negative means, one sample or many. The same samples go to lkp-tests as the stats its
# Group#each_changed_stat would build (the files read back with JSON, their run counts by matrix_cols),
# through calc_stat_change and sort_stats into show_group under a stand-in group (show_group needs only
# the comparer's compact_show/show_empty_group, the axes, the compare axes and the result roots' count).
# The group's axes are the ones lkp-tests stores (DataStore::Layout.axes_to_string, read back with
# axes_from_string); perfmail gets them unsorted, with --axis.
#
# Not compared:
# - %reproduction over unequal run counts: lkp-tests divides the head's failure count by the base's run
#   count, perfmail by the head's own (docs/TABLES.md "Deviations"); cases with failure counts have
#   equal run counts in every column.
# - The order of rows whose sort keys are equal (perf-profile rows of one part with equal changes):
#   Ruby's sort_by is not stable, so such rows are compared as a set.
#
# The means are lkp-tests' own `average` (Ruby's Array#sum, compensated since Ruby 2.4), which the
# current dialect follows (sum_start::compensated).
#
# lkp-tests' requires need the activesupport, git and tty-command gems (Debian: ruby-activesupport,
# ruby-git, ruby-tty-command).
#
# Exit status: 0 when every table matches, 1 on a difference (the first ones are printed), 2 on a usage
# error, 77 (skipped) when --lkp-src is not given or not a usable lkp-tests checkout.
# Usage: table_vs_lkp.rb --lkp-src DIR --perfmail PATH [--cases N] [--seed S] [--save DIR]

require 'fileutils'
require 'json'
require 'open3'
require 'optparse'
require 'stringio'
require 'tmpdir'

SKIP = 77

options = { cases: 200, seed: 1 }
begin
  OptionParser.new do |o|
    o.on('--lkp-src DIR') { |v| options[:lkp_src] = v }
    o.on('--perfmail PATH') { |v| options[:perfmail] = v }
    o.on('--cases N', Integer) { |v| options[:cases] = v }
    o.on('--seed S', Integer) { |v| options[:seed] = v }
    o.on('--save DIR') { |v| options[:save] = v }
  end.parse!
rescue OptionParser::ParseError => e
  warn "table_vs_lkp.rb: #{e.message}"
  exit 2
end
unless options[:perfmail]
  warn 'table_vs_lkp.rb: --perfmail is required'
  exit 2
end

def skip(why)
  warn "table_vs_lkp.rb: skipped: #{why}"
  exit SKIP
end

# ------------------------------------------------------------------------------------ lkp-tests

skip('no --lkp-src DIR (an lkp-tests checkout) given') unless options[:lkp_src]
lkp_src = File.expand_path(options[:lkp_src])
%w[lib/compare.rb lib/data_store.rb programs].each do |part|
  skip("#{lkp_src} is not an lkp-tests checkout (no #{part})") unless File.exist?(File.join(lkp_src, part))
end
ENV['LKP_SRC'] = lkp_src
Object.const_set(:LKP_SRC, lkp_src) # lkp-tests' files start with `LKP_SRC ||= ENV['LKP_SRC'] || ...`
begin
  require File.join(lkp_src, 'lib/compare.rb')
  require File.join(lkp_src, 'lib/data_store.rb')
rescue LoadError, StandardError => e
  skip("cannot load lkp-tests from #{lkp_src}: #{e.class}: #{e.message}")
end
needed = [[Compare, :calc_stat_change], [Compare, :sort_stats], [Compare, :show_group], [Compare, :stat_sort_key],
          [LKP::Programs, :all_tests_set], [LKP::Programs, :all_monitors], [DataStore::Layout, :axes_to_string],
          [DataStore::Layout, :axes_from_string]]
missing = needed.reject { |mod, name| mod.respond_to?(name) }
skip("lkp-tests at #{lkp_src} lacks #{missing.map { |m, n| "#{m}.#{n}" }.join(', ')}") unless missing.empty?
%i[function_stat? matrix_cols].each do |name|
  skip("lkp-tests at #{lkp_src} lacks #{name}") unless respond_to?(name, true)
end

# The stand-ins for what show_group reads of a Compare::Group and its Comparer.
FakeComparer = Struct.new(:compact_show, :show_empty_group)
FakeResultRoot = Struct.new(:axes)
FakeGroup = Struct.new(:comparer, :axes, :compare_axeses, :mresult_roots)

# What show_group prints for these matrices (parsed from the files perfmail reads), and the groups of
# rows whose sort keys tie (names, in sets of two or more).
def lkp_table(matrices, axes, commits)
  group = FakeGroup.new(FakeComparer.new(false, false),
                        DataStore::Layout.axes_from_string(DataStore::Layout.axes_to_string(axes)),
                        commits.map { |c| { 'commit' => c } },
                        commits.map { |c| FakeResultRoot.new({ 'commit' => c }) })
  runs = matrices.map { |m| matrix_cols(m) }
  names = matrices.flat_map(&:keys).uniq - ['stats_source']
  stats = names.map do |name|
    stat = { Compare::STAT_KEY => name, Compare::FAILURE => function_stat?(name), Compare::GROUP => group,
             Compare::VALUES => matrices.map { |m| m[name] }, Compare::RUNS => runs }
    Compare.calc_stat_change(stat)
    stat
  end
  sorted = Compare.sort_stats(stats.each).to_a
  key = lambda do |s|
    [s[Compare::STAT_BASE], Compare.stat_sort_key(s[Compare::STAT_KEY], s[Compare::STAT_BASE]), s[Compare::CHANGES]]
  end
  ties = sorted.chunk_while { |a, b| key.call(a) == key.call(b) }.select { |c| c.size > 1 }
               .map { |c| c.map { |s| s[Compare::STAT_KEY] } }
  out = StringIO.new
  saved = $stdout
  begin
    $stdout = out
    Compare.show_group(group, sorted.each)
  ensure
    $stdout = saved
  end
  [out.string, ties]
end

# Rows of tying keys sorted among the lines they take, so that their order does not count.
def untie(text, ties)
  lines = text.lines
  ties.each do |names|
    at = lines.each_index.select { |i| names.include?(lines[i][/(\S+)\n?\z/, 1]) }
    at.zip(at.map { |i| lines[i] }.sort).each { |i, line| lines[i] = line }
  end
  lines.join
end

# ------------------------------------------------------------------------------------ the cases

class CaseMaker
  AXIS_KEYS = %w[compiler cpufreq_governor disk fs fs1 fs2 fs-type fs_type kconfig mode nr_task nr_threads
                 rootfs runtime tbox_group test testcase ucode].freeze
  AXIS_VALUES = %w[gcc-14 performance 1HDD 2pmem btrfs nfsv4 xfs ext4 x86_64-rhel-9.4 thread process 100% 50%
                   debian-13-x86_64-20250902.cgz 300s lkp-icl-2sp7 page_fault2 4k 16 _x Zz].freeze
  TAGS = %w[v6.16-rc4 v6.13 v6.6-rc7 v5.19-rc6 v6.16].freeze

  def initialize(rng, programs, monitors)
    @rng = rng
    @programs = programs
    @monitors = monitors
  end

  def pick(*xs) = xs[@rng.rand(xs.size)]

  def axes
    keys = AXIS_KEYS.sample(1 + @rng.rand(8), random: @rng)
    keys |= %w[fs fs2] if @rng.rand < 0.5
    keys.shuffle(random: @rng).to_h { |k| [k, pick(*AXIS_VALUES)] }
  end

  def commit(column)
    return pick(*TAGS) if @rng.rand < (column.zero? ? 0.4 : 0.1)

    format('%040x', @rng.rand(2**160))
  end

  def magnitude
    case @rng.rand(10)
    when 0 then 1e8
    when 1 then 0
    else 10**(@rng.rand * 16 - 3)
    end
  end

  def spread = pick(0, 0.02, 0.03, @rng.rand * 0.06, @rng.rand * 0.8)

  def shift = pick(0, 0, 1e6, -1, 1e-6, 0.03, -0.03, (@rng.rand - 0.4) * 0.8, (@rng.rand - 0.4) * 0.8)

  # One performance row: per column its samples, sometimes the base's again (a change of exactly 0 when
  # the run counts are equal).
  def values(runs, profile)
    integers = !profile && @rng.rand < 0.5
    center = profile ? pick(0, @rng.rand * 60, @rng.rand * 5, @rng.rand) : magnitude
    center = -center if !profile && @rng.rand < 0.1
    rel = spread
    base = nil
    Array.new(runs.size) do |c|
      next base.take(runs[c]) if c.positive? && @rng.rand < 0.15

      n = @rng.rand < 0.15 ? 1 : runs[c]
      cc = c.zero? ? center : center * (1 + shift)
      cc += pick(-1, 1) * @rng.rand * pick(0.05, 0.5, 3) if profile && c.positive?
      xs = Array.new(n) do
        x = cc * (1 + rel * (@rng.rand * 2 - 1) * 1.7)
        integers ? x.round : x
      end
      base ||= xs
      xs
    end
  end

  def counts(runs)
    p = [@rng.rand, @rng.rand]
    runs.each_with_index.map { |r, c| Array.new(r) { @rng.rand < p[c.zero? ? 0 : 1] ? pick(1, 1, 2) : 0 } }
  end

  # name -> samples per column, in the order the matrices list them. Cases with failure counts have
  # equal run counts (see the head of this file).
  def rows(columns)
    failures = @rng.rand < 0.6
    runs = Array.new(columns) { 1 + @rng.rand(12) }
    runs = [runs[0]] * columns if failures
    rows = []
    @monitors.sample(2 + @rng.rand(5), random: @rng).each do |f|
      pick(1, 1, 2, 2, 3, 4, 6).times do |i|
        rows << [@rng.rand < 0.2 ? "#{f}.share_#{i}%" : "#{f}.metric_#{i}", values(runs, false)]
      end
    end
    @programs.sample(pick(1, 1, 2), random: @rng).each do |f|
      (1 + @rng.rand(8)).times { |i| rows << ["#{f}.#{pick('ops', 'bw', 'iops', 'lat')}_#{i}", values(runs, false)] }
      next unless failures

      rows << ["#{f}.pass", counts(runs)] if @rng.rand < 0.4
      rows << ["#{f}.case_#{@rng.rand(9)}.fail", counts(runs)] if @rng.rand < 0.3
    end
    if failures
      %w[dmesg kmsg stderr].each do |f|
        next if @rng.rand < (f == 'dmesg' ? 0.3 : 0.7)

        (1 + @rng.rand(4)).times { |i| rows << ["#{f}.message_#{i}", counts(runs)] }
      end
    end
    if @rng.rand < 0.85
      %w[calltrace children self].each do |part|
        @rng.rand(7).times do |i|
          copy = rows.select { |n, _| n.start_with?("perf-profile.#{part}.") }.sample(random: @rng)
          samples = copy && @rng.rand < 0.2 ? copy[1].map(&:dup) : values(runs, true)
          rows << ["perf-profile.#{part}.cycles-pp.fn_#{i}", samples]
        end
      end
    end
    [rows.shuffle(random: @rng), runs]
  end
end

# ------------------------------------------------------------------------------------ the run

programs = LKP::Programs.all_tests_set.to_a.sort
# Monitors that are not test programs, whose names make neither failure counts nor perf-profile rows.
monitors = (LKP::Programs.all_monitors.uniq.sort - programs).reject do |m|
  m.include?('.') || m.start_with?('perf-profile') || function_stat?("#{m}.metric_0")
end
rng = Random.new(options[:seed])
maker = CaseMaker.new(rng, programs, monitors)
differences = 0
lines_checked = 0
Dir.mktmpdir('perfmail-table-lkp') do |dir|
  options[:cases].times do |case_index|
    columns = rng.rand < 0.85 ? 2 : 3
    rows, runs = maker.rows(columns)
    axes = maker.axes
    commits = Array.new(columns) { |c| maker.commit(c) }
    paths = Array.new(columns) do |c|
      path = File.join(dir, "case#{case_index}_#{c}.json")
      matrix = rows.to_h { |name, cols| [name, cols[c]] }
      matrix['stats_source'] = Array.new(runs[c]) { |r| "/result/#{commits[c]}/#{r}/stats.json" }
      File.write(path, JSON.generate(matrix))
      path
    end
    matrices = paths.map { |p| JSON.parse(File.read(p)) }
    want, ties = lkp_table(matrices, axes, commits)
    args = [options[:perfmail], 'compare', *paths, '--dialect', 'current', '--all', '--no-summary', '--order', 'robot',
            '--testcase-first']
    axes.each { |k, v| args.push('--axis', "#{k}=#{v}") }
    commits.each { |c| args.push('--commit', c) }
    got, err, status = Open3.capture3(*args)
    lines_checked += want.count("\n")
    next if status.success? && untie(got, ties) == untie(want, ties)

    differences += 1
    if differences <= 5
      warn "case #{case_index}: perfmail status #{status.exitstatus} #{err}"
      untie(got, ties).lines.zip(untie(want, ties).lines).each_with_index do |(g, w), i|
        warn "  line #{i + 1}:\n    perfmail:  #{g.inspect}\n    lkp-tests: #{w.inspect}" if g != w
      end
      if got.lines.size != want.lines.size
        warn "  (perfmail printed #{got.lines.size} lines, lkp-tests #{want.lines.size})"
      end
      warn "  inputs: #{paths.join(' ')}"
    end
    if options[:save]
      FileUtils.mkdir_p(options[:save])
      paths.each { |p| File.write(File.join(options[:save], File.basename(p)), File.read(p)) }
    end
  end
end
summary = "table_vs_lkp: #{options[:cases]} tables, #{lines_checked} lines, #{differences} differing tables"
puts "#{summary} (seed #{options[:seed]}, lkp-tests #{lkp_src})"
exit(differences.zero? ? 0 : 1)
