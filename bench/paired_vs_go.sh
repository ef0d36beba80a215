#!/usr/bin/env bash
# The C++ store's writes against the Go baseline, measured in pairs of processes.
#
# This VM's memory latency changes from one minute to the next (a random DRAM access costs
# 100-500 ns depending on the neighbours), and both stores' writes are bound by it. A C++ figure
# and a Go figure taken minutes apart can differ 2x for that reason alone. So this script runs the
# two alternately, `rounds` times (C++, then Go, then C++ ...; about 0.3 s per figure on both
# sides), divides each Go figure by the C++ figure measured right before it, and prints the median
# and the smallest of those ratios (Go ns per operation / C++ ns per operation):
#
#   BENCH store_add_speedup_vs_go                    <median> x
#   BENCH store_add_speedup_vs_go_min                <smallest> x
#   BENCH store_update_speedup_vs_go                 <median> x   (store_update_index_change_ns)
#   BENCH store_update_speedup_vs_go_min             <smallest> x
#   BENCH store_update_random_order_speedup_vs_go    <median> x
#   BENCH store_update_random_order_speedup_vs_go_min <smallest> x
#
# Usage: paired_vs_go.sh <cache_bench> <go baseline binary> [rounds=5]
set -euo pipefail
cache_bench=$1
go_baseline=$2
rounds=${3:-5}

# <output name> <BENCH line of both sides, without the go_ prefix>
pairs=(
  "store_add_speedup_vs_go store_add_ns"
  "store_update_speedup_vs_go store_update_index_change_ns"
  "store_update_random_order_speedup_vs_go store_update_random_order_ns"
)

# The value of `BENCH <name> <value> <unit>` in standard input (colour codes before BENCH ignored).
value() { awk -v name="$1" '{ sub(/^.*BENCH/, "BENCH") } $1 == "BENCH" && $2 == name { print $3 }'; }

declare -A ratios
for ((round = 1; round <= rounds; ++round)); do
  ours=$("$cache_bench" --benchmark_filter='^BM_StoreAdd$|^BM_StoreUpdateIndexChange$|^BM_StoreUpdateRandomOrder$' \
    --benchmark_min_time=0.3 --benchmark_repetitions=1 --benchmark_color=false 2> /dev/null)
  theirs=$("$go_baseline" -writes)
  line="round $round:"
  for pair in "${pairs[@]}"; do
    read -r output name <<< "$pair"
    c=$(value "$name" <<< "$ours")
    g=$(value "go_$name" <<< "$theirs")
    if ! awk -v c="$c" -v g="$g" 'BEGIN { exit !(c > 0 && g > 0) }'; then
      line+=" $name missing (C++ '$c', Go '$g');"
      continue
    fi
    ratio=$(awk -v g="$g" -v c="$c" 'BEGIN { printf "%.3f", g / c }')
    ratios[$output]+="$ratio "
    line+=" $name C++ $c, Go $g (${ratio}x);"
  done
  echo "$line"
done

for pair in "${pairs[@]}"; do
  read -r output name <<< "$pair"
  [[ -n "${ratios[$output]:-}" ]] || { echo "no pair measured $name" >&2; continue; }
  # shellcheck disable=SC2086  # the ratios are words
  printf '%s\n' ${ratios[$output]} | sort -g | awk -v out="$output" '{ v[NR] = $1 }
    END {
      m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
      printf "BENCH %s %.3f x\nBENCH %s_min %.3f x\n", out, m, out, v[1]
    }'
done
