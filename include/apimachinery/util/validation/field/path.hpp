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

namespace apimachinery::field {

class Path {
 public:
  // Path() is the nil path, printed "<nil>".
  Path() = default;

  // Child appends name and then each of more (path.go: Path.Child).
  Path Child(std::string_view name, std::initializer_list<std::string_view> more = {}) const {
    Path out = *this;
    out.Append(name);
    for (auto n : more) out.Append(n);
    return out;
  }
  // Index appends a list index, `[i]` (path.go: Path.Index).
  Path Index(long long index) const { return Subscript(std::to_string(index)); }
  // Key appends a map key, `[key]` (path.go: Path.Key).
  Path Key(std::string_view key) const { return Subscript(key); }
  // String renders the path; "<nil>" for the nil path (path.go: Path.String).
  std::string String() const { return nil_ ? "<nil>" : text_; }
  // IsNil reports whether this is the nil path.
  bool IsNil() const noexcept { return nil_; }

  friend bool operator==(const Path& a, const Path& b) { return a.nil_ == b.nil_ && a.text_ == b.text_; }

 private:
  // Append adds one named element: "." + name below the root, `[]` for an empty name.
  void Append(std::string_view name) {
    if (name.empty()) {
      text_ += "[]";
    } else {
      if (!nil_) text_ += '.';
      text_ += name;
    }
    nil_ = false;
  }
  Path Subscript(std::string_view index) const {
    Path out = *this;
    out.text_ += '[';
    out.text_ += index;
    out.text_ += ']';
    out.nil_ = false;
    return out;
  }

  std::string text_;
  bool nil_ = true;
};

// NewPath starts a path at name, then each of more (path.go: NewPath).
inline Path NewPath(std::string_view name, std::initializer_list<std::string_view> more = {}) {
  return Path().Child(name, more);
}

}  // namespace apimachinery::field
