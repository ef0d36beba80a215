#!/usr/bin/env bash
# Fails when any tracked C++ file differs from what clang-format (the repository's .clang-format)
# makes of it, listing the files. Fix with:
#   git ls-files '*.cpp' '*.hpp' '*.ipp' | xargs clang-format -i
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files '*.cpp' '*.hpp' '*.ipp' '*.cxx' '*.h')
bad=()
for f in "${files[@]}"; do
  if ! clang-format --dry-run --Werror "$f" > /dev/null 2>&1; then
    bad+=("$f")
  fi
done
if ((${#bad[@]})); then
  echo "clang-format: ${#bad[@]} file(s) are not formatted:"
  printf '  %s\n' "${bad[@]}"
  exit 1
fi
echo "clang-format: ${#files[@]} files formatted"
