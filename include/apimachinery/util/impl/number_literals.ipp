// Definitions of the non-template functions declared in <apimachinery/util/number_literals.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/util/number_literals.hpp"

namespace apimachinery::util {

APIMACHINERY_DECL const std::string* NumberLiterals::Find(const nlohmann::json& v) const {
  if (by_node_.empty()) return nullptr;
  auto it = by_node_.find(&v);
  return it == by_node_.end() ? nullptr : &it->second;
}

APIMACHINERY_DECL bool NumberLiterals::empty() const noexcept { return by_node_.empty(); }

APIMACHINERY_DECL std::size_t NumberLiterals::size() const noexcept { return by_node_.size(); }

APIMACHINERY_DECL void NumberLiterals::Set(const nlohmann::json& v, std::string literal) {
  by_node_.insert_or_assign(&v, std::move(literal));
}

APIMACHINERY_DECL void NumberLiterals::Erase(const nlohmann::json& v) { by_node_.erase(&v); }

APIMACHINERY_DECL void NumberLiterals::Clear() noexcept { by_node_.clear(); }

}  // namespace apimachinery::util
