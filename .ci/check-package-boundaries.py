#!/usr/bin/env python3
"""Package-boundary check (docs/design/packages.md).

A package is a directory under include/apimachinery/ (its `internal/` subdirectory belongs to it, and
so does its `impl/` subdirectory: `impl/<header>.ipp` holds the definitions of <header>.hpp's
non-template functions and is a part of that header, docs/design/compile-cost.md);
the headers directly in include/apimachinery/ form the root package (`apimachinery`). Fails on:

  1. a file that names another package's internal namespace (`<ns>::internal`, `util::hash_detail`)
     or includes another package's `internal/` header. Headers in include/ may name only their
     own package's internals and the shared internals in util/internal/ (namespace
     apimachinery::util::internal); a test under tests/<dir>/ or fuzz/<pkg>_*.cpp may also name the
     internals of the package it tests; examples/ and bench/ may name no internals at all;
  2. a header in include/ that opens a namespace other than its package's (namespaces match
     directories; the table PACKAGES below is the one list of the mapping);
  3. a cycle in the package include graph built from the `#include "apimachinery/..."` /
     `#include <apimachinery/...>` lines of include/ (the umbrella apimachinery.hpp is left out:
     it includes every package on purpose; package umbrellas and forwarding headers are nodes of
     their own, see is_aggregate), and any library header that includes package testing.

Known exceptions are listed in EXCEPTIONS with their reason; each must still match something
(a stale exception fails too, so it is removed when its cause is).

Usage: .ci/check-package-boundaries.py [repo-root]   (exit 0: clean, 1: violations)
       .ci/check-package-boundaries.py --graph      (print the package graph, one edge a line)
       .ci/check-package-boundaries.py --self-test  (plant each kind of violation in a copy of the
                                                     sources and require the check to catch it)
"""
import os
import re
import sys

# package directory (relative to include/apimachinery, "" = root) -> namespaces it declares, the
# first being its own. A namespace is written without the leading `apimachinery::`.
PACKAGES = {
    "": ["apimachinery"],
    "api/errors": ["errors"],
    "apis/meta/v1": ["metav1"],
    "cache": ["cache"],
    "conversion": ["conversion"],
    "discovery": ["discovery"],
    "discovery/cached/disk": ["discovery::disk"],
    # discovery/cached/ holds only the forwarding header disk_cached_discovery.hpp (the old path).
    "discovery/cached": [],
    "fields": ["fields"],
    "labels": ["labels"],
    "meta": ["meta"],
    "restmapper": ["restmapper"],
    "runtime": ["runtime"],
    "schema": ["schema"],
    "selection": ["selection"],
    "testing": ["testing"],
    "util": ["util", "util::clock"],
    "util/json": ["util::json"],
    "util/validation": ["validation"],
    "util/validation/field": ["field"],
    "workqueue": ["workqueue"],
    "types": ["types"],
    "ctrl": ["ctrl"],
    "ctrl/controllerutil": ["ctrl::controllerutil"],
    "api/resource": ["resource"],
    "util/intstr": ["intstr"],
    "util/managedfields": ["managedfields"],
    "watch": ["watch"],
    "pager": ["pager"],
    "util/wait": ["wait"],
    "dynamicinformer": ["dynamicinformer"],
    "dynamic": ["dynamic"],
}

# Layers: headers of a package that form a lower layer of their own in the package graph (a node
# "<package> (<layer>)"), so that another package may sit between the two layers. Only one today:
# runtime's object model (Go's k8s.io/apimachinery/pkg/runtime interfaces.go, error.go), which
# apis/meta/v1 builds on, while the rest of runtime/ (Unstructured, the codec, the Scheme's
# Unstructured bridge: Go's apis/meta/v1/unstructured and runtime/serializer/json) needs metav1.
# docs/design/packages.md explains it and how the upper layer can later become packages of its own.
LAYERS = {
    "runtime/interfaces.hpp": "runtime (object model)",
    "runtime/error.hpp": "runtime (object model)",
    "runtime/group_versioner.hpp": "runtime (object model)",
    "runtime/extension.hpp": "runtime (object model)",
}

# A package's internals: `<ns>::internal` for each namespace it declares; `util::hash_detail`, the
# old name of FastHash's pieces (now in util::internal), is reported too.
SHARED_INTERNAL = ["util::internal"]  # util/internal/: shared internals, allowed everywhere in include/

# (file, text, reason): a violation in `file` whose matched text is `text` is allowed.
EXCEPTIONS = []

FWD_ONLY_RE = re.compile(r"\s*(?:(?:struct|class)\s+[A-Za-z_][A-Za-z0-9_]*\s*;\s*)*")
INCLUDE_RE = re.compile(r'^\s*#\s*include\s*[<"]apimachinery/([^">]+)[">]', re.M)
NS_OPEN_RE = re.compile(r'^\s*namespace\s+([A-Za-z_][A-Za-z0-9_:]*)\s*\{', re.M)
QUAL_RE = re.compile(r'(?<![A-Za-z0-9_])((?:::)?[A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)*)')


def strip_comments_and_strings(text):
    """Blank out comments and string/char literals, keeping line structure."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif c == 'R' and text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == '_')):
            k = text.find("(", i + 2)
            delim = text[i + 2:k]
            j = text.find(")" + delim + '"', k)
            j = n if j < 0 else j + len(delim) + 2
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def package_of_header(rel):
    """Package directory of a path relative to include/apimachinery."""
    d = os.path.dirname(rel)
    parts = d.split("/") if d else []
    if "internal" in parts:
        parts = parts[: parts.index("internal")]
    if parts and parts[-1] == "impl":
        parts = parts[:-1]
    d = "/".join(parts)
    while d not in PACKAGES:
        if not d:
            raise SystemExit(f"check-package-boundaries: {rel}: directory not in PACKAGES")
        d = os.path.dirname(d)
    return d


NS_TO_PKG = {}
for _pkg, _nss in PACKAGES.items():
    for _ns in _nss:
        NS_TO_PKG[_ns] = _pkg
# a namespace may be spelt by its last component from inside a sibling (`disk::` in discovery)
LAST_TO_PKG = {ns.split("::")[-1]: pkg for ns, pkg in NS_TO_PKG.items()}


def internal_uses(code):
    """Yield (line, text, owning package) for each qualified name that goes through an internal
    namespace of some package: `conversion::internal::kTypeId`, `apimachinery::util::hash_detail`.
    Unqualified `internal::x` is the enclosing package's own and is not reported."""
    for m in QUAL_RE.finditer(code):
        name = m.group(1).lstrip(":")
        if name.startswith("apimachinery::"):
            name = name[len("apimachinery::"):]
        parts = name.split("::")
        for k in range(1, len(parts)):
            # match on the internal component and resolve the namespace before it
            if parts[k] in ("internal", "hash_detail") and k >= 1:
                qual = "::".join(parts[:k])
                pkg = NS_TO_PKG.get(qual)
                if pkg is None:
                    pkg = LAST_TO_PKG.get(parts[k - 1])
                if pkg is None:
                    continue
                if parts[k] == "hash_detail" and pkg != "util":
                    continue
                line = code.count("\n", 0, m.start()) + 1
                yield line, qual + "::" + parts[k], pkg
                break


def internal_includes(code):
    for m in INCLUDE_RE.finditer(code):
        rel = m.group(1)
        if "/internal/" in "/" + rel:
            line = code.count("\n", 0, m.start()) + 1
            yield line, "apimachinery/" + rel, package_of_header(rel)


def allowed_internal_pkgs(path):
    """Packages whose internals the file at `path` (relative to the repo) may name."""
    if path.startswith("include/apimachinery/"):
        pkg = package_of_header(path[len("include/apimachinery/"):])
        return {pkg, "util:internal"}
    if path.startswith("tests/") or path.startswith("fuzz/"):
        return tested_packages(path)
    return set()  # examples/, bench/: none


def tested_packages(path):
    parts = path.split("/")
    if parts[0] == "tests" and len(parts) > 2:
        d = "/".join(parts[1:-1])
        cand = d if d in PACKAGES else None
        if cand is None and parts[1] in PACKAGES:
            cand = parts[1]
        return {cand} if cand is not None else set()
    if parts[0] == "fuzz":
        stem = os.path.basename(path).split("_")[0]
        return {stem} if stem in PACKAGES else set()
    return set()


def files(root, top, exts=(".hpp", ".ipp", ".cpp", ".h", ".cc")):
    base = os.path.join(root, top)
    for dirpath, dirnames, filenames in os.walk(base):
        dirnames[:] = sorted(d for d in dirnames if d not in ("build", "corpus"))
        for f in sorted(filenames):
            if f.endswith(exts):
                full = os.path.join(dirpath, f)
                yield os.path.relpath(full, root)


def is_aggregate(code_text):
    """An umbrella or forwarding header: it opens no apimachinery namespace, or its first line
    says `// Forwarding header`. Such a header is a node of its own in the package graph (an
    umbrella may gather sub-packages, discovery/discovery.hpp includes discovery/cached; a
    forwarding header keeps an old path that now points into another package)."""
    if code_text.lstrip().startswith("// Forwarding header"):
        return True
    code = strip_comments_and_strings_keep_includes(code_text)
    return not any(m.group(1).startswith("apimachinery") for m in NS_OPEN_RE.finditer(code))


def owning_namespace(ns):
    """The longest package namespace that `ns` is, or is nested in (`util::json::detail` ->
    `util::json`); `ns` itself when no package declares it or a prefix of it."""
    parts = ns.split("::")
    for n in range(len(parts), 0, -1):
        if "::".join(parts[:n]) in NS_TO_PKG:
            return "::".join(parts[:n])
    return ns


def header_of_impl(rel):
    """`<dir>/impl/<name>.ipp` -> `<dir>/<name>.hpp`, the header it belongs to; others unchanged."""
    d, base = os.path.split(rel)
    if base.endswith(".ipp") and os.path.basename(d) == "impl":
        return os.path.join(os.path.dirname(d), base[: -len(".ipp")] + ".hpp")
    return rel


def graph_node(root, rel):
    """The package-graph node of a header path relative to include/apimachinery."""
    rel = header_of_impl(rel)
    if rel in LAYERS:
        return LAYERS[rel]
    full = os.path.join(root, "include/apimachinery", rel)
    pkg = package_of_header(rel)
    if os.path.exists(full) and is_aggregate(open(full, encoding="utf-8").read()):
        return f"{pkg or '(root)'} [{os.path.basename(rel)}]"
    return pkg or "(root)"


def package_graph(root):
    """{node: {node: [files]}} from the includes of include/apimachinery (apimachinery.hpp, the
    umbrella of everything, is left out)."""
    edges = {}
    for path in files(root, "include/apimachinery", (".hpp", ".ipp")):
        rel = path[len("include/apimachinery/"):]
        if rel == "apimachinery.hpp":
            continue
        src = graph_node(root, rel)
        code = strip_comments_and_strings_keep_includes(open(os.path.join(root, path), encoding="utf-8").read())
        for m in INCLUDE_RE.finditer(code):
            dst = graph_node(root, m.group(1))
            if dst != src:
                edges.setdefault(src, {}).setdefault(dst, []).append(path)
    return edges


def strip_comments_and_strings_keep_includes(text):
    # includes use quotes: drop only the comments
    return re.sub(r"//[^\n]*|/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)


def find_cycle(edges):
    WHITE, GREY, BLACK = 0, 1, 2
    color = {}
    stack = []

    def visit(u):
        color[u] = GREY
        stack.append(u)
        for v in sorted(edges.get(u, {})):
            c = color.get(v, WHITE)
            if c == GREY:
                return stack[stack.index(v):] + [v]
            if c == WHITE:
                r = visit(v)
                if r:
                    return r
        stack.pop()
        color[u] = BLACK
        return None

    for u in sorted(edges):
        if color.get(u, WHITE) == WHITE:
            r = visit(u)
            if r:
                return r
    return None


def forwarded_namespaces(raw):
    """The namespaces a forwarding header may open: those of the packages it includes (it keeps
    the old spellings of names that moved there, as aliases). Empty for any other header."""
    if not raw.lstrip().startswith("// Forwarding header"):
        return set()
    namespaces = set()
    for m in INCLUDE_RE.finditer(raw):
        namespaces.update(PACKAGES.get(package_of_header(m.group(1)), []))
    return namespaces


# --self-test: (file, text appended, expected fragment of the report)
PLANTS = [
    ("include/apimachinery/runtime/scheme.hpp",
     "\nnamespace apimachinery::runtime { inline auto x = conversion::internal::kNoField; }\n",
     "conversion::internal: names the internals of package 'conversion'"),
    ("include/apimachinery/restmapper/shortcut.hpp",
     "\nnamespace apimachinery::restmapper { namespace h = ::apimachinery::util::hash_detail; }\n",
     "util::hash_detail: names the internals of package 'util'"),
    ("include/apimachinery/meta/meta.hpp", '\n#include "apimachinery/labels/internal/lexer.hpp"\n',
     "includes an internal header of package 'labels'"),
    ("include/apimachinery/labels/label_set.hpp", "\nnamespace apimachinery::fields { struct X {}; }\n",
     "package 'labels' declares namespaces"),
    ("include/apimachinery/labels/impl/selector.ipp", "\nnamespace apimachinery::fields::detail { struct X {}; }\n",
     "package 'labels' declares namespaces"),
    ("include/apimachinery/schema/group_version.hpp", '\n#include "apimachinery/meta/errors.hpp"\n',
     "package include cycle"),
    ("include/apimachinery/runtime/interfaces.hpp", '\n#include "apimachinery/apis/meta/v1/types.hpp"\n',
     "package include cycle"),
    ("include/apimachinery/cache/store.hpp", '\n#include "apimachinery/testing/roundtrip.hpp"\n',
     "includes package testing"),
    ("examples/tour.cpp", "\nint planted() { return apimachinery::util::internal::IsVector<int>::value; }\n",
     "util::internal: names the internals of package 'util'"),
    ("bench/cache_bench.cpp", '\n#include "apimachinery/cache/internal/epoch.hpp"\n',
     "includes an internal header of package 'cache'"),
    ("tests/labels/lexer_test.cpp", "\nauto planted = apimachinery::fields::internal::SplitTerms(\"a\");\n",
     "fields::internal: names the internals of package 'fields'"),
]


def self_test(root):
    import shutil
    import subprocess
    import tempfile
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for top in ("include", "tests", "examples", "bench", "fuzz"):
            if os.path.isdir(os.path.join(root, top)):
                shutil.copytree(os.path.join(root, top), os.path.join(tmp, top),
                                ignore=shutil.ignore_patterns("build", "corpus", "testdata"))
        me = os.path.abspath(__file__)
        clean = subprocess.run([sys.executable, me, tmp], capture_output=True, text=True)
        if clean.returncode != 0:
            print("self-test: the unmodified copy fails:\n" + clean.stdout)
            return 1
        for path, text, expected in PLANTS:
            full = os.path.join(tmp, path)
            original = open(full, encoding="utf-8").read()
            with open(full, "a", encoding="utf-8") as f:
                f.write(text)
            r = subprocess.run([sys.executable, me, tmp], capture_output=True, text=True)
            ok = r.returncode == 1 and expected in r.stdout
            print(f"self-test: {'caught' if ok else 'MISSED'}: {path}: {expected}")
            failures += 0 if ok else 1
            with open(full, "w", encoding="utf-8") as f:
                f.write(original)
    print(f"check-package-boundaries self-test: {len(PLANTS) - failures}/{len(PLANTS)} planted violations caught")
    return 1 if failures else 0


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    root = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    root = os.path.abspath(root)
    if "--self-test" in argv:
        return self_test(root)
    if "--graph" in argv:
        for src, dsts in sorted(package_graph(root).items()):
            for dst in sorted(dsts):
                print(f"{src} -> {dst}")
        return 0

    violations = []
    used_exceptions = set()

    def report(path, line, text, why):
        for i, (epath, etext, _reason) in enumerate(EXCEPTIONS):
            if epath == path and etext == text:
                used_exceptions.add(i)
                return
        violations.append(f"{path}:{line}: {text}: {why}")

    for top in ("include", "tests", "examples", "bench", "fuzz"):
        if not os.path.isdir(os.path.join(root, top)):
            continue
        for path in files(root, top):
            raw = open(os.path.join(root, path), encoding="utf-8", errors="replace").read()
            allowed = allowed_internal_pkgs(path)
            code = strip_comments_and_strings(raw)
            for line, text, pkg in internal_uses(code):
                if pkg in allowed or (text in SHARED_INTERNAL and "util:internal" in allowed):
                    continue
                report(path, line, text, f"names the internals of package '{pkg or '(root)'}'")
            for line, text, pkg in internal_includes(strip_comments_and_strings_keep_includes(raw)):
                shared = text.startswith("apimachinery/util/internal/")
                if pkg in allowed or (shared and "util:internal" in allowed):
                    continue
                report(path, line, text, f"includes an internal header of package '{pkg or '(root)'}'")
            if path.startswith("include/apimachinery/"):
                pkg = package_of_header(path[len("include/apimachinery/"):])
                own = PACKAGES[pkg]
                for m in NS_OPEN_RE.finditer(code):
                    ns = m.group(1)
                    if not ns.startswith("apimachinery"):
                        continue  # nested (`namespace internal {`) or foreign (fmt, std, nlohmann)
                    ns = ns[len("apimachinery::"):] if ns != "apimachinery" else "apimachinery"
                    if ns.endswith("::internal"):
                        ns = ns[: -len("::internal")]
                    ns = owning_namespace(ns)  # `util::json::detail` is package util/json's
                    body_end = code.find("}", m.end())
                    if FWD_ONLY_RE.fullmatch(code[m.end():body_end]):
                        continue  # forward declarations only (runtime/interfaces.hpp names metav1 types)
                    if ns not in own and ns in forwarded_namespaces(raw):
                        continue  # a forwarding header keeps an old spelling as an alias
                    if ns not in own:
                        line = code.count("\n", 0, m.start()) + 1
                        report(path, line, "namespace apimachinery::" + ns,
                               f"package '{pkg or '(root)'}' declares namespaces {own}")

    graph = package_graph(root)
    cycle = find_cycle(graph)
    if cycle:
        violations.append("package include cycle: " + " -> ".join(cycle))
    # Package testing is a leaf: nothing in the library depends on it (forwarding headers that keep
    # an old spelling of a testing name are the only includers).
    for src, dsts in graph.items():
        if "testing" in dsts and not src.endswith("]"):
            violations.append(f"{', '.join(sorted(set(dsts['testing'])))}: package '{src}' includes package "
                              "testing (test utilities; only tests include them)")

    for i, (epath, etext, reason) in enumerate(EXCEPTIONS):
        if i not in used_exceptions:
            violations.append(f"stale exception (nothing matches): {epath}: {etext} ({reason})")

    for v in violations:
        print(v)
    if violations:
        print(f"check-package-boundaries: {len(violations)} violation(s) (docs/design/packages.md)")
        return 1
    print("check-package-boundaries: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
