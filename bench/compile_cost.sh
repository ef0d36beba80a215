#!/usr/bin/env bash
# What including the library costs a user's translation unit to compile, in both modes.
#
# Compiles, with `<c++> -O0 -std=c++20 -I<include dir> -c`, an empty `main` that includes:
#   - only <nlohmann/json.hpp> and <fmt/format.h> (the baseline: the two libraries every package
#     uses, which the user pays for anyway),
#   - the umbrella <apimachinery/apimachinery.hpp>,
#   - each package umbrella (include/apimachinery/<pkg>/<pkg>.hpp, apis/meta/v1/v1.hpp, ...),
# the umbrellas once header-only (the default) and once with -DAPIMACHINERY_SEPARATE_COMPILATION
# (what a user of the apimachinery::compiled library compiles), `runs` times each, round-robin (so
# a change of load on a shared machine hits every figure alike), and prints the fastest run of
# each, at column 0:
#
#   BENCH compile_baseline_s                   <seconds> s
#   BENCH compile_umbrella_s                   <seconds> s   (header-only)
#   BENCH compile_umbrella_vs_baseline         <ratio> x
#   BENCH compile_umbrella_separate_s          <seconds> s   (separate compilation)
#   BENCH compile_umbrella_separate_vs_baseline <ratio> x    (the target is <= 2.5)
#   BENCH compile_<pkg>_s                      <seconds> s   (one per package umbrella, header-only;
#                                                            apis/meta/v1 is compile_apis_meta_v1_s)
#   BENCH compile_<pkg>_separate_s             <seconds> s   (the same, separate compilation)
#   BENCH compile_baseline_rss_mb              <MiB> MiB     (peak memory of the compiler; printed
#   BENCH compile_umbrella_rss_mb              <MiB> MiB      only where /usr/bin/time exists)
#   BENCH compile_umbrella_separate_rss_mb     <MiB> MiB
#
# Seconds are the compiler's CPU time (user + sys), which is its wall-clock time on an idle machine
# and, unlike wall-clock time, does not grow when other jobs share the cores. Why the figures are
# what they are: docs/design/compile-cost.md.
#
# Usage: compile_cost.sh [c++ compiler=g++] [include dir=<this script's ../include>] [runs=3]
set -euo pipefail
cxx=${1:-g++}
include_dir=${2:-"$(cd "$(dirname "$0")/../include" && pwd)"}
runs=${3:-3}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# <name> <header>...: writes $work/<name>.cpp, an empty main including the headers; a name ending
# in _separate is compiled in the separate-compilation mode.
tu() {
  local name=$1
  shift
  {
    [[ $name == *_separate ]] && echo "#define APIMACHINERY_SEPARATE_COMPILATION"
    for h in "$@"; do echo "#include <$h>"; done
    echo "int main() {}"
  } > "$work/$name.cpp"
  names+=("$name")
}

names=()
tu baseline nlohmann/json.hpp fmt/format.h
tu umbrella apimachinery/apimachinery.hpp
tu umbrella_separate apimachinery/apimachinery.hpp
while IFS= read -r header; do
  rel=${header#"$include_dir"/}
  pkg=$(dirname "${rel#apimachinery/}")
  tu "${pkg//\//_}" "$rel"
  tu "${pkg//\//_}_separate" "$rel"
done < <(find "$include_dir/apimachinery" -mindepth 2 -name '*.hpp' |
  while IFS= read -r h; do [[ $(basename "$h" .hpp) == $(basename "$(dirname "$h")") ]] && echo "$h"; done |
  sort)

have_time=0
[[ -x /usr/bin/time ]] && have_time=1

declare -A best_s best_kb
# compile <name>: one compile; updates best_s / best_kb.
compile() {
  local name=$1 src="$work/$1.cpp" obj="$work/$1.o" s kb TIMEFORMAT='%U %S 0'
  local -a cmd=("$cxx" -O0 -std=c++20 "-I$include_dir" -c "$src" -o "$obj")
  if ((have_time)); then
    /usr/bin/time -f '%U %S %M' -o "$work/time" "${cmd[@]}"
  else
    { time "${cmd[@]}"; } 2> "$work/time"
  fi
  read -r s kb < <(tail -n 1 "$work/time" | awk '{ printf "%.2f %d\n", $1 + $2, $3 }')
  if [[ -z ${best_s[$name]:-} ]] || awk -v a="$s" -v b="${best_s[$name]}" 'BEGIN { exit !(a < b) }'; then
    best_s[$name]=$s
  fi
  if [[ -z ${best_kb[$name]:-} ]] || ((kb < best_kb[$name])); then best_kb[$name]=$kb; fi
}

for ((run = 1; run <= runs; ++run)); do
  for name in "${names[@]}"; do compile "$name"; done
done

line() { printf 'BENCH %-40s %s %s\n' "$1" "$2" "$3"; }
line compile_baseline_s "${best_s[baseline]}" s
line compile_umbrella_s "${best_s[umbrella]}" s
ratio() { awk -v u="${best_s[$1]}" -v b="${best_s[baseline]}" 'BEGIN { printf "%.2f", u / b }'; }
line compile_umbrella_vs_baseline "$(ratio umbrella)" x
line compile_umbrella_separate_s "${best_s[umbrella_separate]}" s
line compile_umbrella_separate_vs_baseline "$(ratio umbrella_separate)" x
for name in "${names[@]}"; do
  [[ $name == baseline || $name == umbrella || $name == umbrella_separate ]] && continue
  line "compile_${name}_s" "${best_s[$name]}" s
done
if ((have_time)); then
  line compile_baseline_rss_mb "$((best_kb[baseline] / 1024))" MiB
  line compile_umbrella_rss_mb "$((best_kb[umbrella] / 1024))" MiB
  line compile_umbrella_separate_rss_mb "$((best_kb[umbrella_separate] / 1024))" MiB
fi
