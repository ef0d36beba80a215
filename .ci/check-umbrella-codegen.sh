#!/usr/bin/env bash
# Fails when a translation unit that includes the library but uses none of it gets code or data of
# the library, or a static initialiser: compiles an empty `main` that includes <apimachinery/apimachinery.hpp> with
# `<c++> -O0 -std=c++20` and lists every symbol `nm` finds defined in the object file whose name
# contains `apimachinery` (functions, vtables, typeinfo, variables).
#
# Such a symbol means a header makes every includer compile something: typically a virtual
# function declared in its class without `inline` and defined out of line as `inline` (the Itanium
# C++ ABI then makes it the class's key function, and every includer emits the vtable, every
# virtual function and all they call), or a namespace-scope variable that is not `inline`.
# docs/design/compile-cost.md explains the rules.
#
# Both modes are checked: header-only (the default) and separate compilation
# (-DAPIMACHINERY_SEPARATE_COMPILATION, what a user of apimachinery::compiled compiles).
#
# Usage: .ci/check-umbrella-codegen.sh [c++ compiler=g++]
set -euo pipefail
cd "$(dirname "$0")/.."
cxx=${1:-g++}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# check <mode name> [flag]
check() {
  local mode=$1 mode_flag=${2:-}
  printf '#include <apimachinery/apimachinery.hpp>\nint main() {}\n' > "$work/empty.cpp"
  "$cxx" -O0 -std=c++20 -Iinclude $mode_flag -c "$work/empty.cpp" -o "$work/empty.o"
  offending=$(nm -C --defined-only "$work/empty.o" | grep apimachinery || true)
  if [[ -n $offending ]]; then
    echo "($mode) an empty translation unit including <apimachinery/apimachinery.hpp> defines" \
      "$(wc -l <<< "$offending") symbols of the library (docs/design/compile-cost.md):"
    head -n 100 <<< "$offending"
    (($(wc -l <<< "$offending") <= 100)) || echo "... (the first 100 shown)"
    exit 1
  fi
  # A static initialiser (an .init_array entry: <iostream>'s std::ios_base::Init, a namespace-scope
  # object with a dynamic initialiser) runs in every program that includes the umbrella.
  if objdump -h "$work/empty.o" | grep -q '\.init_array'; then
    echo "($mode) an empty translation unit including <apimachinery/apimachinery.hpp> gets a static initialiser" \
      "(docs/design/compile-cost.md):"
    nm -C "$work/empty.o" | grep -i 'GLOBAL__sub_I' || true
    exit 1
  fi
  echo "($mode) an empty translation unit including <apimachinery/apimachinery.hpp> defines no symbol of the library" \
    "and no static initialiser (object file: $(stat -c %s "$work/empty.o") bytes)"
}

check header-only
check "separate compilation" -DAPIMACHINERY_SEPARATE_COMPILATION
