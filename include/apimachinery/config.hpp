// How the library is compiled: header-only (the default) or separately.
//
// In header-only mode every header includes, at its end, the definitions of its non-template
// functions (`impl/<header>.ipp`), and `APIMACHINERY_DECL` is `inline`. Defining
// `APIMACHINERY_SEPARATE_COMPILATION` (the `apimachinery::compiled` CMake target does, for itself
// and its users) leaves those definitions out of the headers: `APIMACHINERY_DECL` expands to
// nothing and the definitions are compiled once, into the `apimachinery::compiled` library. Every
// translation unit of a program must use the same mode. Why the mode exists and what it saves:
// docs/design/compile-cost.md.
#pragma once

#if defined(APIMACHINERY_SEPARATE_COMPILATION)
#define APIMACHINERY_DECL
#else
#define APIMACHINERY_DECL inline
#endif
