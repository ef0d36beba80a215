// Definitions of the non-template functions declared in <apimachinery/util/validation/field/path.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/util/validation/field/path.hpp"

namespace apimachinery::field {

APIMACHINERY_DECL Path Path::Child(std::string_view name,
                                   std::initializer_list<std::string_view> more) const {
  Path out = *this;
  out.Append(name);
  for (auto n : more) out.Append(n);
  return out;
}

APIMACHINERY_DECL Path Path::Index(long long index) const { return Subscript(std::to_string(index)); }

APIMACHINERY_DECL Path Path::Key(std::string_view key) const { return Subscript(key); }

APIMACHINERY_DECL std::string Path::String() const { return nil_ ? "<nil>" : text_; }

APIMACHINERY_DECL bool Path::IsNil() const noexcept { return nil_; }

APIMACHINERY_DECL bool operator==(const Path& a, const Path& b) {
  return a.nil_ == b.nil_ && a.text_ == b.text_;
}

APIMACHINERY_DECL void Path::Append(std::string_view name) {
  if (name.empty()) {
    text_ += "[]";
  } else {
    if (!nil_) text_ += '.';
    text_ += name;
  }
  nil_ = false;
}

APIMACHINERY_DECL Path Path::Subscript(std::string_view index) const {
  Path out = *this;
  out.text_ += '[';
  out.text_ += index;
  out.text_ += ']';
  out.nil_ = false;
  return out;
}

APIMACHINERY_DECL Path NewPath(std::string_view name, std::initializer_list<std::string_view> more) {
  return Path().Child(name, more);
}

}  // namespace apimachinery::field
