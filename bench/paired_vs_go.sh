#!/usr/bin/env bash
# The C++ store against client-go's Indexer (bench/go), measured in pairs of processes.
#
# This VM's memory latency changes from one minute to the next (a random DRAM access costs
# 100-500 ns depending on the neighbours), and both stores are bound by it. A C++ figure and a Go
# figure taken minutes apart can differ 2x for that reason alone. So this script runs the two
# alternately, `rounds` times (C++, then Go, then C++ ...; about 0.3 s per figure on both sides),
# divides each Go figure by the C++ figure measured right before it, and prints the median and the
# smallest of those ratios (Go ns per operation / C++ ns per operation; above 1: C++ is faster):
#
#   BENCH store_add_speedup_vs_go                     <median> x   (store_add_ns)
#   BENCH store_update_speedup_vs_go                  <median> x   (store_update_index_change_ns)
#   BENCH store_update_random_order_speedup_vs_go     <median> x   (store_update_random_order_ns)
#   BENCH store_getbykey_speedup_vs_go                <median> x   (store_getbykey_ref_ns against
#                                                                   Go's store_getbykey_ns)
#   BENCH store_getbykey_shared_speedup_vs_go         <median> x   (store_getbykey_ns)
#   BENCH store_byindex_node_speedup_vs_go            <median> x   (store_byindex_node_ns)
#   BENCH store_byindex_namespace_speedup_vs_go       <median> x   (store_byindex_namespace_ns)
#   BENCH store_list_all_speedup_vs_go                <median> x   (store_list_all_ns)
#   BENCH <each of the above>_min                     <smallest> x
#
# Go's GetByKey returns the stored pointer and touches nothing else; the C++ call of that form is
# Indexer::GetByKeyRef, which lends the object under an epoch pin. Indexer::GetByKey returns a
# shared_ptr, whose reference-count increment is an atomic write to a line no other part of the
# lookup has loaded (a cache miss of its own): it is paired too, under its own name.
#
# and, for reading the ratios, the median of each side's own figures (`paired: <name> C++ <ns>,
# Go <ns>`, not BENCH lines). With `writes` as the fourth argument only the three writes and
# GetByKey are measured (the Go side's -writes -getbykey), which takes about half the time.
#
# Usage: paired_vs_go.sh <cache_bench> <go baseline binary> [rounds=5] [all|writes]
set -euo pipefail
cache_bench=$1
go_baseline=$2
rounds=${3:-5}
set_name=${4:-all}

# <output name> <C++ BENCH name> <C++ benchmark> [Go BENCH name without the go_ prefix, when it
# differs from the C++ one]
pairs=(
  "store_add_speedup_vs_go store_add_ns BM_StoreAdd"
  "store_update_speedup_vs_go store_update_index_change_ns BM_StoreUpdateIndexChange"
  "store_update_random_order_speedup_vs_go store_update_random_order_ns BM_StoreUpdateRandomOrder"
  "store_getbykey_speedup_vs_go store_getbykey_ref_ns BM_StoreGetByKeyRef store_getbykey_ns"
  "store_getbykey_shared_speedup_vs_go store_getbykey_ns BM_StoreGetByKey"
)
go_flags=(-writes -getbykey)
case $set_name in
  writes) ;;
  all)
    pairs+=(
      "store_byindex_node_speedup_vs_go store_byindex_node_ns BM_ByIndexNode"
      "store_byindex_namespace_speedup_vs_go store_byindex_namespace_ns BM_ByIndexNamespace"
      "store_list_all_speedup_vs_go store_list_all_ns BM_ListAll"
    )
    go_flags=()
    ;;
  *)
    echo "paired_vs_go.sh: unknown set '$set_name' (all or writes)" >&2
    exit 2
    ;;
esac
filter=""
for pair in "${pairs[@]}"; do
  read -r _ _ bench _ <<< "$pair"
  filter+="${filter:+|}^${bench}\$"
done

# The value of the `BENCH <name> <value> <unit>` line in standard input (BENCH at column 0).
value() { awk -v name="$1" '/^BENCH / && $2 == name { print $3 }'; }
# The median of the numbers in standard input, one per line.
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR) printf "%.3f", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

declare -A ratios cpp_ns go_ns
for ((round = 1; round <= rounds; ++round)); do
  ours=$("$cache_bench" --benchmark_filter="$filter" --benchmark_min_time=0.3 --benchmark_repetitions=1 2> /dev/null)
  theirs=$("$go_baseline" "${go_flags[@]}")
  line="round $round:"
  for pair in "${pairs[@]}"; do
    read -r output name _ go_name <<< "$pair"
    c=$(value "$name" <<< "$ours")
    g=$(value "go_${go_name:-$name}" <<< "$theirs")
    if ! awk -v c="$c" -v g="$g" 'BEGIN { exit !(c > 0 && g > 0) }'; then
      line+=" $name missing (C++ '$c', Go '$g');"
      continue
    fi
    ratio=$(awk -v g="$g" -v c="$c" 'BEGIN { printf "%.3f", g / c }')
    ratios[$output]+="$ratio "
    cpp_ns[$output]+="$c "
    go_ns[$output]+="$g "
    line+=" $name C++ $c, Go $g (${ratio}x);"
  done
  echo "$line"
done

for pair in "${pairs[@]}"; do
  read -r output name _ <<< "$pair"
  [[ -n "${ratios[$output]:-}" ]] || { echo "no pair measured $name" >&2; continue; }
  # shellcheck disable=SC2086  # the figures are words
  echo "paired: $name C++ $(printf '%s\n' ${cpp_ns[$output]} | median) ns, Go $(printf '%s\n' ${go_ns[$output]} | median) ns (medians)"
done
for pair in "${pairs[@]}"; do
  read -r output _ _ <<< "$pair"
  [[ -n "${ratios[$output]:-}" ]] || continue
  # shellcheck disable=SC2086
  printf 'BENCH %s %s x\n' "$output" "$(printf '%s\n' ${ratios[$output]} | median)"
  # shellcheck disable=SC2086
  printf 'BENCH %s_min %s x\n' "$output" "$(printf '%s\n' ${ratios[$output]} | sort -g | head -1)"
done
