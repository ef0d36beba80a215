// Definitions of the non-template functions declared in <apimachinery/restmapper/internal/flat_index.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/restmapper/internal/flat_index.hpp"

namespace apimachinery::restmapper::internal {

APIMACHINERY_DECL void FlatIndex::Build(const std::vector<std::pair<std::string, std::string>>& keys,
                                        const std::vector<std::uint32_t>& values) {
  entries_.clear();
  entries_.reserve(keys.size());
  chars_.clear();
  table_.Clear();
  table_.Reserve(keys.size() * 2);
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const auto& [first, second] = keys[i];
    entries_.push_back(Entry{values[i], static_cast<std::uint32_t>(chars_.size()),
                             static_cast<std::uint32_t>(first.size()),
                             static_cast<std::uint32_t>(second.size())});
    chars_ += first;
    chars_ += second;
    table_.Insert(Hash(first, second), static_cast<std::uint32_t>(i));
  }
}

APIMACHINERY_DECL const std::uint32_t* FlatIndex::Find(std::string_view a,
                                                       std::string_view b) const noexcept {
  const char* chars = chars_.data();
  const std::uint32_t id = table_.Find(Hash(a, b), [&](std::uint32_t i) noexcept {
    const Entry& e = entries_[i];
    return KeyEquals(std::string_view(chars + e.offset, e.first_size), a) &&
           KeyEquals(std::string_view(chars + e.offset + e.first_size, e.second_size), b);
  });
  return id == util::internal::kNoId ? nullptr : &entries_[id].value;
}

}  // namespace apimachinery::restmapper::internal
