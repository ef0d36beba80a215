#!/usr/bin/env bash
# Add and Update of the C++ store against the Go baseline, measured in pairs of processes.
#
# This VM's memory latency changes from one minute to the next (a random DRAM access costs
# 100-500 ns depending on the neighbours), and both stores' writes are bound by it. A C++ figure
# and a Go figure taken minutes apart can differ 2x for that reason alone. So this script runs the
# two alternately, `rounds` times (C++, then Go, then C++ ...; about 0.3 s per figure on both
# sides), divides each Go figure by the C++ figure measured right before it, and prints the median
# and the smallest of those ratios:
#
#   BENCH store_add_speedup_vs_go             <median> x    (Go ns per Add / C++ ns per Add)
#   BENCH store_add_speedup_vs_go_min         <smallest> x
#   BENCH store_update_speedup_vs_go          <median> x
#   BENCH store_update_speedup_vs_go_min      <smallest> x
#
# Usage: paired_vs_go.sh <cache_bench> <go baseline binary> [rounds=5]
set -euo pipefail
cache_bench=$1
go_baseline=$2
rounds=${3:-5}

# The value of `BENCH <name> <value> <unit>` in standard input (colour codes before BENCH ignored).
value() { awk -v name="$1" '{ sub(/^.*BENCH/, "BENCH") } $1 == "BENCH" && $2 == name { print $3 }'; }

add_ratios=()
update_ratios=()
for ((round = 1; round <= rounds; ++round)); do
  ours=$("$cache_bench" --benchmark_filter='^BM_StoreAdd$|^BM_StoreUpdateIndexChange$' \
    --benchmark_min_time=0.3 --benchmark_repetitions=1 --benchmark_color=false 2> /dev/null)
  theirs=$("$go_baseline" -writes)
  ours_add=$(value store_add_ns <<< "$ours")
  ours_update=$(value store_update_index_change_ns <<< "$ours")
  go_add=$(value go_store_add_ns <<< "$theirs")
  go_update=$(value go_store_update_index_change_ns <<< "$theirs")
  add_ratios+=("$(awk -v g="$go_add" -v c="$ours_add" 'BEGIN { printf "%.3f", g / c }')")
  update_ratios+=("$(awk -v g="$go_update" -v c="$ours_update" 'BEGIN { printf "%.3f", g / c }')")
  echo "round $round: add C++ $ours_add ns, Go $go_add ns (${add_ratios[-1]}x);" \
    "update C++ $ours_update ns, Go $go_update ns (${update_ratios[-1]}x)"
done

# Prints "<median> <min>" of its arguments.
median_min() {
  printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 }
    END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.3f %.3f\n", m, v[1] }'
}
read -r add_median add_min <<< "$(median_min "${add_ratios[@]}")"
read -r update_median update_min <<< "$(median_min "${update_ratios[@]}")"
echo "BENCH store_add_speedup_vs_go $add_median x"
echo "BENCH store_add_speedup_vs_go_min $add_min x"
echo "BENCH store_update_speedup_vs_go $update_median x"
echo "BENCH store_update_speedup_vs_go_min $update_min x"
