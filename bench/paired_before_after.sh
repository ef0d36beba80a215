#!/usr/bin/env bash
# Two builds of the benchmarks (a parent and a child, or any two commits) measured in pairs of
# processes: each round runs every benchmark binary present in both build trees once per side,
# swapping the order every round, and the summary gives per benchmark the median of each side and
# the median and range of the per-round ratios after/before (above 1: the child is slower).
#
# One process per side per round, because memory-bound results differ between processes more
# than between repetitions inside one (docs/DEVELOPING.md). Times are Google Benchmark's real time
# per iteration, in ns. A benchmark present on one side only is left out.
#
# Usage: paired_before_after.sh <before build dir> <after build dir> [rounds=9] [filter=.]
#   e.g. git worktree add /tmp/parent HEAD~1 && (cd /tmp/parent && cmake --preset release &&
#        cmake --build --preset release) && cmake --build --preset release &&
#        bench/paired_before_after.sh /tmp/parent/build/release build/release
set -euo pipefail
before=$1/bench
after=$2/bench
rounds=${3:-9}
filter=${4:-.}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

benches=()
for b in "$after"/*_bench; do
  name=$(basename "$b")
  [[ -x $b && -x $before/$name ]] && benches+=("$name")
done
if ((${#benches[@]} == 0)); then
  echo "paired_before_after.sh: no *_bench binary in both $before and $after" >&2
  exit 2
fi

for ((r = 1; r <= rounds; r++)); do
  sides=(b a)
  ((r % 2 == 0)) && sides=(a b)
  for name in "${benches[@]}"; do
    for side in "${sides[@]}"; do
      dir=$before
      [[ $side == a ]] && dir=$after
      # Run from the binary's directory: some benchmarks read files relative to it.
      (cd "$dir" && "./$name" --benchmark_filter="$filter" --benchmark_min_time=0.1 \
        --benchmark_out="$out/${name}_${side}_$r.json" --benchmark_out_format=json >/dev/null 2>&1) ||
        echo "paired_before_after.sh: $dir/$name failed in round $r" >&2
    done
  done
  echo "round $r of $rounds done" >&2
done

python3 - "$out" <<'EOF'
import collections, glob, json, os, re, statistics, sys
unit = {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}
vals = collections.defaultdict(lambda: collections.defaultdict(dict))  # name -> side -> round -> ns
for path in glob.glob(os.path.join(sys.argv[1], "*.json")):
    side, rnd = re.match(r".*_([ab])_(\d+)\.json$", path).groups()
    try:
        doc = json.load(open(path))
    except ValueError:
        continue
    for b in doc.get("benchmarks", []):
        if b.get("run_type", "iteration") == "iteration":
            vals[b["name"]][side][rnd] = b["real_time"] * unit[b.get("time_unit", "ns")]
print("| benchmark | before ns | after ns | after/before (median pair) | range |")
print("|---|---:|---:|---:|---:|")
for name in sorted(vals):
    a, b = vals[name]["a"], vals[name]["b"]
    rounds = sorted(set(a) & set(b))
    if not rounds:
        continue
    ratios = [a[r] / b[r] for r in rounds]
    print(f"| {name} | {statistics.median(b.values()):,.1f} | {statistics.median(a.values()):,.1f} | "
          f"{statistics.median(ratios):.2f} | {min(ratios):.2f}-{max(ratios):.2f} |")
EOF
