#!/usr/bin/env bash
# Runs the libFuzzer targets built by the `fuzz` preset and prints, per target, the executions, the
# time, the corpus size and the findings (crash, leak, timeout or out-of-memory inputs).
#
#   fuzz/run.sh [--build-dir DIR] [--runs N] [--time SECONDS] [--jobs J] [--smoke] [TARGET...]
#
# DIR is the fuzz preset's build directory (default build/fuzz; relative paths are taken from the
# checkout). The targets are those of DIR/fuzz/fuzzers.txt (written by fuzz/CMakeLists.txt: every
# fuzz target, with its dictionary, seed corpus and libFuzzer flags), or the TARGETs named. Each
# target runs as one process, under `nice -n 10`, until N executions (--runs, default 100000) or
# SECONDS (--time, default none) have passed, whichever comes first; J targets (--jobs, default 1)
# run at a time. New inputs go to DIR/fuzz/corpus-<target>/ (kept between runs), findings to
# DIR/fuzz/findings/<target>/. --smoke, CI's mode: at most 20000 executions and 15 seconds per
# target, two at a time, and the scratch corpus starts empty (only the checked-in seeds are read),
# so a run is short and repeatable. A target that exits with an error without writing an input
# (killed, or a crash while loading the seeds) counts as one finding.
#
# Exit status: 0 when no target found anything, 1 otherwise (or on a usage error).
set -euo pipefail
cd "$(dirname "$0")/.."

build_dir=build/fuzz
runs=100000
max_time=0
jobs=1
smoke=0
targets=()
while (($#)); do
  case "$1" in
    --build-dir) build_dir="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --time) max_time="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --smoke) smoke=1; runs=20000; max_time=15; jobs=2; shift ;;
    -h | --help) sed -n '2,18p' "$0"; exit 0 ;;
    -*) echo "fuzz/run.sh: unknown option $1" >&2; exit 1 ;;
    *) targets+=("$1"); shift ;;
  esac
done

manifest="$build_dir/fuzz/fuzzers.txt"
if [[ ! -f "$manifest" ]]; then
  echo "fuzz/run.sh: $manifest is missing: cmake --preset fuzz && cmake --build --preset fuzz" >&2
  exit 1
fi

declare -A exe dict seeds flags
all=()
while IFS='|' read -r name path d c f; do
  [[ -n "$name" ]] || continue
  all+=("$name")
  exe[$name]="$path"
  dict[$name]="$d"
  seeds[$name]="$c"
  flags[$name]="$f"
done < "$manifest"
if ((${#all[@]} == 0)); then
  echo "fuzz/run.sh: $manifest lists no target" >&2
  exit 1
fi
if ((${#targets[@]} == 0)); then
  targets=("${all[@]}")
fi
for t in "${targets[@]}"; do
  if [[ -z "${exe[$t]+x}" ]]; then
    echo "fuzz/run.sh: no fuzz target $t (known: ${all[*]})" >&2
    exit 1
  fi
  if [[ ! -x "${exe[$t]}" ]]; then
    echo "fuzz/run.sh: ${exe[$t]} is not built: cmake --build --preset fuzz" >&2
    exit 1
  fi
done

logs="$build_dir/fuzz/logs"
mkdir -p "$logs"

# run_one TARGET: one libFuzzer process; its output goes to $logs/TARGET.log.
run_one() {
  local t="$1"
  local scratch="$build_dir/fuzz/corpus-$t"
  local findings="$build_dir/fuzz/findings/$t"
  if ((smoke)); then
    rm -rf "$scratch"
  fi
  mkdir -p "$scratch" "$findings"
  local args=(-runs="$runs" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
              -artifact_prefix="$findings/")
  if ((max_time > 0)); then
    args+=(-max_total_time="$max_time")
  fi
  if [[ -n "${flags[$t]}" ]]; then
    local own
    read -r -a own <<< "${flags[$t]}"
    args+=("${own[@]}")
  fi
  if [[ -n "${dict[$t]}" ]]; then
    args+=(-dict="${dict[$t]}")
  fi
  local dirs=("$scratch")
  if [[ -n "${seeds[$t]}" ]]; then
    dirs+=("${seeds[$t]}")
  fi
  local before
  before=$(find "$findings" -type f | wc -l)
  local start=$SECONDS status=0
  nice -n 10 "${exe[$t]}" "${args[@]}" "${dirs[@]}" > "$logs/$t.log" 2>&1 || status=$?
  local seconds=$((SECONDS - start))
  local after
  after=$(find "$findings" -type f | wc -l)
  local executed
  executed=$(sed -n 's/^stat::number_of_executed_units: *//p' "$logs/$t.log" | tail -n 1)
  local corpus
  corpus=$(find "$scratch" -type f | wc -l)
  local found=$((after - before))
  if ((status != 0 && found == 0)); then
    found=1  # died without writing an input (e.g. a crash in the seeds' loading)
  fi
  printf '%-28s %12s %8s %8s %8s\n' "$t" "${executed:-?}" "$seconds" "$corpus" "$found" \
    > "$logs/$t.result"
}

printf '%-28s %12s %8s %8s %8s\n' target executions seconds corpus findings
pids=()
for t in "${targets[@]}"; do
  run_one "$t" &
  pids+=($!)
  while (($(jobs -rp | wc -l) >= jobs)); do
    wait -n || true
  done
done
for p in "${pids[@]}"; do
  wait "$p" || true
done

failed=0
for t in "${targets[@]}"; do
  cat "$logs/$t.result"
  found=$(awk '{print $5}' "$logs/$t.result")
  if [[ "$found" != 0 ]]; then
    failed=1
    echo "--- $t: finding(s) in $build_dir/fuzz/findings/$t/; the end of $logs/$t.log:" >&2
    tail -n 40 "$logs/$t.log" >&2
  fi
done
exit "$failed"
