// Definitions of the non-template functions declared in <apimachinery/conversion/converter.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/conversion/converter.hpp"

namespace apimachinery::conversion {

APIMACHINERY_DECL UnknownConversionError::UnknownConversionError(util::TypeId src, util::TypeId dest)
    : Error(fmt::format("converting ({}) to ({}): unknown conversion", src.name(), dest.name())),
      source(src),
      dest_type(dest) {}

APIMACHINERY_DECL bool IsUnknownConversionError(const std::exception& e) {
  return AnyErrorMatches(
      e, [](const std::exception& x) { return dynamic_cast<const UnknownConversionError*>(&x); });
}

APIMACHINERY_DECL Scope::Scope(const Converter& c, const conversion::Meta* meta) noexcept
    : converter_(&c), meta_(meta) {}

APIMACHINERY_DECL const conversion::Meta* Scope::Meta() const noexcept { return meta_; }

APIMACHINERY_DECL const Converter& Scope::converter() const noexcept { return *converter_; }

APIMACHINERY_DECL std::size_t ConversionFuncs::size() const noexcept { return untyped_.size(); }

APIMACHINERY_DECL std::size_t ConversionFuncs::PairHash::operator()(
    const std::pair<util::TypeId, util::TypeId>& p) const noexcept {
  auto a = reinterpret_cast<std::uintptr_t>(p.first.tag());
  auto b = reinterpret_cast<std::uintptr_t>(p.second.tag());
  return static_cast<std::size_t>((a * 0x9E3779B97F4A7C15ull) ^ (b * 0xC2B2AE3D27D4EB4Full));
}

APIMACHINERY_DECL void ConversionFuncs::Put(util::TypeId a, util::TypeId b, internal::StoredConversion fn) {
  untyped_[Key{a, b}] = std::move(fn);
}

APIMACHINERY_DECL void Converter::EnableConversionChains(bool enable) { chains_enabled_ = enable; }

APIMACHINERY_DECL bool Converter::ConversionChainsEnabled() const noexcept { return chains_enabled_; }

APIMACHINERY_DECL bool Converter::HasConversion(util::TypeId a, util::TypeId b) const noexcept {
  return Find(a, b) != nullptr;
}

APIMACHINERY_DECL void Converter::Ignore(const void*, const void*, void*, Scope&) {}

APIMACHINERY_DECL std::size_t Converter::SlotHash(const void* a, const void* b) noexcept {
  auto x = reinterpret_cast<std::uintptr_t>(a) * 0x9E3779B97F4A7C15ull;
  auto y = reinterpret_cast<std::uintptr_t>(b) * 0xC2B2AE3D27D4EB4Full;
  auto h = x ^ (y >> 7) ^ (x >> 29);
  return static_cast<std::size_t>(h);
}

APIMACHINERY_DECL auto Converter::Find(util::TypeId a, util::TypeId b) const noexcept -> const Slot* {
  if (slots_.empty()) return nullptr;
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = SlotHash(a.tag(), b.tag()) & mask;; i = (i + 1) & mask) {
    const Slot& s = slots_[i];
    if (s.invoke == nullptr) return nullptr;
    if (s.a == a.tag() && s.b == b.tag()) return &s;
  }
}

APIMACHINERY_DECL void Converter::RunDirect(const Slot& s, const void* src, void* dest,
                                            const conversion::Meta* meta) const {
  Scope scope(*this, meta);
  s.invoke(s.ctx, src, dest, scope);
}

}  // namespace apimachinery::conversion

namespace apimachinery::conversion::internal {

APIMACHINERY_DECL StoredConversion WrapUntyped(UntypedConversionFunc fn) {
  StoredConversion out;
  out.invoke = [](const void* ctx, const void* a, void* b, Scope& s) {
    (*static_cast<const UntypedConversionFunc*>(ctx))(a, b, s);
  };
  out.ctx = std::make_shared<const UntypedConversionFunc>(std::move(fn));
  return out;
}

}  // namespace apimachinery::conversion::internal

namespace apimachinery::conversion {

APIMACHINERY_DECL void ConversionFuncs::AddUntyped(util::TypeId a, util::TypeId b, UntypedConversionFunc fn) {
  Put(a, b, internal::WrapUntyped(std::move(fn)));
}

APIMACHINERY_DECL ConversionFuncs ConversionFuncs::Merge(const ConversionFuncs& other) const {
  ConversionFuncs out = *this;
  for (const auto& [k, v] : other.untyped_) out.untyped_[k] = v;
  for (const auto& [k, v] : other.factories_) out.factories_[k] = v;
  return out;
}

APIMACHINERY_DECL Converter::Converter() {
  using Bytes = std::vector<std::uint8_t>;
  RegisterConversionFunc<Bytes, Bytes>([](const Bytes& in, Bytes& out, Scope&) { out = in; });
}

APIMACHINERY_DECL Converter::Converter(const Converter& other)
    : manual_(other.manual_),
      generated_(other.generated_),
      ignored_(other.ignored_),
      slots_(other.slots_),
      chains_enabled_(other.chains_enabled_) {}

APIMACHINERY_DECL Converter& Converter::operator=(const Converter& other) {
  if (this != &other) {
    Converter tmp(other);
    *this = std::move(tmp);
  }
  return *this;
}

APIMACHINERY_DECL Converter::Converter(Converter&& other) noexcept
    : manual_(std::move(other.manual_)),
      generated_(std::move(other.generated_)),
      ignored_(std::move(other.ignored_)),
      slots_(std::move(other.slots_)),
      chains_enabled_(other.chains_enabled_),
      chain_mu_(std::move(other.chain_mu_)),
      chain_cache_(std::move(other.chain_cache_)) {
  other.chain_mu_ = nullptr;
}

APIMACHINERY_DECL Converter& Converter::operator=(Converter&& other) noexcept {
  manual_ = std::move(other.manual_);
  generated_ = std::move(other.generated_);
  ignored_ = std::move(other.ignored_);
  slots_ = std::move(other.slots_);
  chains_enabled_ = other.chains_enabled_;
  chain_mu_ = std::move(other.chain_mu_);
  chain_cache_ = std::move(other.chain_cache_);
  return *this;
}

APIMACHINERY_DECL void Converter::RegisterUntypedConversionFunc(util::TypeId a, util::TypeId b,
                                                                UntypedConversionFunc fn) {
  manual_.AddUntyped(a, b, std::move(fn));
  Rebuild();
}

APIMACHINERY_DECL void Converter::RegisterGeneratedUntypedConversionFunc(util::TypeId a, util::TypeId b,
                                                                         UntypedConversionFunc fn) {
  generated_.AddUntyped(a, b, std::move(fn));
  Rebuild();
}

APIMACHINERY_DECL void Converter::RegisterIgnoredConversion(util::TypeId a, util::TypeId b) {
  ignored_.insert(Key{a, b});
  Rebuild();
}

APIMACHINERY_DECL Converter Converter::WithConversions(const ConversionFuncs& fns) const {
  Converter c(*this);
  c.manual_ = c.manual_.Merge(fns);
  c.Rebuild();
  return c;
}

APIMACHINERY_DECL void Converter::InvalidateChains() {
  if (!chain_mu_) chain_mu_ = std::make_unique<std::mutex>();
  std::lock_guard<std::mutex> lock(*chain_mu_);
  chain_cache_.clear();
}

APIMACHINERY_DECL void Converter::Rebuild() {
  // Effective entry per pair: ignored > manual > generated.
  std::unordered_map<Key, Slot, KeyHash> merged;
  for (const auto& [k, fn] : generated_.untyped_) {
    merged[k] = Slot{k.first.tag(), k.second.tag(), fn.invoke, fn.ctx.get()};
  }
  for (const auto& [k, fn] : manual_.untyped_) {
    merged[k] = Slot{k.first.tag(), k.second.tag(), fn.invoke, fn.ctx.get()};
  }
  for (const auto& k : ignored_) {
    merged[k] = Slot{k.first.tag(), k.second.tag(), &Ignore, nullptr};
  }
  std::size_t cap = 16;
  while (cap < merged.size() * 2) cap *= 2;
  std::vector<Slot> slots(cap);
  const std::size_t mask = cap - 1;
  for (const auto& [k, slot] : merged) {
    std::size_t i = SlotHash(slot.a, slot.b) & mask;
    while (slots[i].invoke != nullptr) i = (i + 1) & mask;
    slots[i] = slot;
  }
  slots_ = std::move(slots);
  InvalidateChains();
}

APIMACHINERY_DECL void Converter::Convert(const void* src, util::TypeId src_type, void* dest,
                                          util::TypeId dest_type, const conversion::Meta* meta) const {
  if (const Slot* s = Find(src_type, dest_type)) [[likely]] {
    if (dest == nullptr) throw Error("expected pointer, but got nil");
    if (src == nullptr) throw Error("expected pointer, but got invalid kind");
    RunDirect(*s, src, dest, meta);
    return;
  }
  if (dest == nullptr) throw Error("expected pointer, but got nil");
  if (src == nullptr) throw Error("expected pointer, but got invalid kind");
  if (chains_enabled_) {
    std::vector<util::TypeId> chain = FindConversionChain(src_type, dest_type);
    if (chain.size() > 2) {
      ConvertChain(chain, src, dest, meta);
      return;
    }
  }
  throw UnknownConversionError(src_type, dest_type);
}

APIMACHINERY_DECL std::vector<util::TypeId> Converter::FindConversionChain(util::TypeId a,
                                                                           util::TypeId b) const {
  if (chain_mu_) {
    std::lock_guard<std::mutex> lock(*chain_mu_);
    if (auto it = chain_cache_.find(Key{a, b}); it != chain_cache_.end()) return it->second;
  }
  std::vector<util::TypeId> result;
  if (const Slot* s = Find(a, b); s != nullptr && s->invoke != &Ignore) {
    result = {a, b};
  } else {
    // Breadth-first search over function edges. Edges are visited in a deterministic order (sorted
    // by the destination's type name) so that equally short chains are chosen reproducibly.
    std::unordered_map<util::TypeId, std::vector<util::TypeId>> edges;
    auto add_edges = [&](const ConversionFuncs& fs) {
      for (const auto& [k, fn] : fs.untyped_) {
        if (ignored_.count(k)) continue;
        if (k.first == k.second) continue;
        edges[k.first].push_back(k.second);
      }
    };
    add_edges(manual_);
    add_edges(generated_);
    for (auto& [from, tos] : edges) {
      std::sort(tos.begin(), tos.end(), [](util::TypeId x, util::TypeId y) { return x.name() < y.name(); });
      tos.erase(std::unique(tos.begin(), tos.end()), tos.end());
    }
    auto has_factory = [&](util::TypeId t) {
      return manual_.factories_.count(t) > 0 || generated_.factories_.count(t) > 0;
    };
    std::unordered_map<util::TypeId, util::TypeId> parent;
    std::deque<util::TypeId> queue{a};
    parent[a] = util::TypeId();
    bool found = false;
    while (!queue.empty() && !found) {
      util::TypeId cur = queue.front();
      queue.pop_front();
      auto it = edges.find(cur);
      if (it == edges.end()) continue;
      for (util::TypeId next : it->second) {
        if (parent.count(next)) continue;
        if (next == b) {
          parent[next] = cur;
          found = true;
          break;
        }
        if (!has_factory(next)) continue;
        parent[next] = cur;
        queue.push_back(next);
      }
    }
    if (found) {
      for (util::TypeId t = b; !t.IsNull(); t = parent[t]) result.push_back(t);
      std::reverse(result.begin(), result.end());
    }
  }
  if (chain_mu_) {
    std::lock_guard<std::mutex> lock(*chain_mu_);
    chain_cache_[Key{a, b}] = result;
  }
  return result;
}

APIMACHINERY_DECL void Converter::ConvertChain(const std::vector<util::TypeId>& chain, const void* src,
                                               void* dest, const conversion::Meta* meta) const {
  using Holder = std::unique_ptr<void, void (*)(void*)>;
  auto factory_of = [&](util::TypeId t) {
    if (auto it = manual_.factories_.find(t); it != manual_.factories_.end()) return it->second;
    return generated_.factories_.at(t);
  };
  const void* cur = src;
  Holder held(
      nullptr, +[](void*) {});
  for (std::size_t i = 0; i + 1 < chain.size(); ++i) {
    const Slot* s = Find(chain[i], chain[i + 1]);
    if (s == nullptr) throw UnknownConversionError(chain[i], chain[i + 1]);
    if (i + 2 == chain.size()) {
      RunDirect(*s, cur, dest, meta);
      return;
    }
    auto [make, destroy] = factory_of(chain[i + 1]);
    Holder next(make(), destroy);
    RunDirect(*s, cur, next.get(), meta);
    held = std::move(next);
    cur = held.get();
  }
}

}  // namespace apimachinery::conversion
