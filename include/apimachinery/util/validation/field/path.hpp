// field::Path: the path of a field inside an object, as validation errors print it
// (k8s.io/apimachinery/pkg/util/validation/field/path.go).
//
// Example:
//   auto p = field::NewPath("spec", {"containers"}).Index(0).Child("image");
//   p.String();                                   // "spec.containers[0].image"
//   field::NewPath("metadata").Child("labels").Key("app").String();  // "metadata.labels[app]"
//   field::Path().String();                       // "<nil>": upstream's nil *Path
//
// Path is a value holding the rendered text: Child/Index/Key return a new Path (upstream returns a
// new node pointing at its parent). Rendering follows path.go: Path.String: a named element is
// joined with '.', except at the root; an element without a name (Index, Key, or an empty name)
// is printed as `[<index>]`.
//
// Throws: only std::bad_alloc. Cost: each step copies the text so far (O(length)).
// Thread-safety: immutable value type.
// Differences from upstream: no Root() (a Path does not keep its elements); a default-constructed
// Path stands for upstream's nil *Path, and stepping from it behaves as stepping from nil does.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>

#include "apimachinery/config.hpp"

namespace apimachinery::field {

class Path {
 public:
  // Path() is the nil path, printed "<nil>".
  Path() = default;

  // Child appends name and then each of more (path.go: Path.Child).
  APIMACHINERY_DECL Path Child(std::string_view name,
                               std::initializer_list<std::string_view> more = {}) const;
  // Index appends a list index, `[i]` (path.go: Path.Index).
  APIMACHINERY_DECL Path Index(long long index) const;
  // Key appends a map key, `[key]` (path.go: Path.Key).
  APIMACHINERY_DECL Path Key(std::string_view key) const;
  // String renders the path; "<nil>" for the nil path (path.go: Path.String).
  APIMACHINERY_DECL std::string String() const;
  // IsNil reports whether this is the nil path.
  APIMACHINERY_DECL bool IsNil() const noexcept;

  APIMACHINERY_DECL friend bool operator==(const Path& a, const Path& b);

 private:
  // Append adds one named element: "." + name below the root, `[]` for an empty name.
  APIMACHINERY_DECL void Append(std::string_view name);
  APIMACHINERY_DECL Path Subscript(std::string_view index) const;

  std::string text_;
  bool nil_ = true;
};

// NewPath starts a path at name, then each of more (path.go: NewPath).
APIMACHINERY_DECL Path NewPath(std::string_view name, std::initializer_list<std::string_view> more = {});

}  // namespace apimachinery::field

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/util/validation/field/impl/path.ipp"
#endif
