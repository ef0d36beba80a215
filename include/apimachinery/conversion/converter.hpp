// conversion::Converter: a registry of conversion functions keyed by a pair of C++ types, and the
// dispatcher that runs them (k8s.io/apimachinery/pkg/conversion, converter.go).
//
// A conversion function turns a value of type A into a value of type B. Functions are registered
// with their static types, and the compiler checks the lambda against them:
//
// Example (namespace scope):
//   namespace v1 {
//   struct WidgetSpec { std::string image; };
//   struct Widget { int replicas = 0; WidgetSpec spec; };
//   }  // namespace v1
//   namespace internal {
//   struct WidgetSpec { std::string image; };
//   struct Widget { int size = 0; WidgetSpec spec; };
//   }  // namespace internal
// Example:
//   conversion::Converter c;
//   c.RegisterConversionFunc<v1::WidgetSpec, internal::WidgetSpec>(
//       [](const v1::WidgetSpec& in, internal::WidgetSpec& out, conversion::Scope&) {
//         out.image = in.image;
//       });
//   c.RegisterConversionFunc<v1::Widget, internal::Widget>(
//       [](const v1::Widget& in, internal::Widget& out, conversion::Scope& s) {
//         out.size = in.replicas;
//         s.Convert(in.spec, out.spec);          // nested values go through the same converter
//       });
//   v1::Widget v1_widget{.replicas = 3, .spec = {.image = "nginx"}};
//   internal::Widget w;
//   c.Convert(v1_widget, w);                      // or c.Convert(&obj, id_a, &out, id_b, meta)
//
// The key is a pair of util::TypeId (the address of a per-type static: hashing is a pointer mix,
// not libstdc++'s hash of the mangled name). Three tables, with upstream's priority:
// ignored pairs (do nothing, succeed) > manual functions > generated functions. Registration merges
// the three into one flat, open-addressed dispatch table, so a Convert is one probe and one call:
// each function is stored as a plain function pointer and its context (the callable), and a typed
// registration's pointer calls the callable with its static type (no std::function on that path).
//
// There is no default or reflective conversion, as upstream: even converting a type to itself
// fails with `converting (A) to (A): unknown conversion` unless a function is registered. Two
// opt-ins go beyond upstream:
// - EnableConversionChains(): when no function exists for (A, B), run the shortest chain of
//   registered functions A -> X -> ... -> B (intermediates must be default-constructible and must
//   have been named by a typed registration). Off by default (upstream behaviour).
// - conversion/fields.hpp derives same-name, field-by-field "generated" functions from a field
//   list (what conversion-gen does for Go).
//
// Throws: UnknownConversionError (`converting (A) to (B): unknown conversion`); apimachinery::Error
// for a null pointer given to the untyped Convert (upstream's `expected pointer, but got nil` /
// `expected pointer, but got invalid kind`); whatever a conversion function throws, unchanged
// (upstream passes the function's error through). Registration throws only std::bad_alloc.
//
// Thread-safety: register everything before use. After that, every const member function (Convert,
// the Scope) may be called from many threads at once; the chain cache is guarded by a mutex.
//
// Differences from upstream:
// - Conversion functions return void and throw on failure instead of returning an error.
// - Go's "must be a pointer" registration/conversion errors are compile-time errors here (the
//   typed API takes references). The untyped API still reports null pointers at run time.
// - Type names in messages are util::TypeId::name() (`ns::Type`), not Go's `pkg.Type`.
// - Chained conversions (opt-in) have no upstream counterpart.
#pragma once

#include <algorithm>
#include <any>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "apimachinery/error.hpp"
#include "apimachinery/util/type_id.hpp"

namespace apimachinery::conversion {

class Converter;
class Scope;

// Meta is the context handed to every conversion function through Scope::Meta(). The Scheme puts
// the target runtime::GroupVersioner (as `const runtime::GroupVersioner*`) in `context` during
// ConvertToVersion, and whatever the caller passed as context during Scheme::Convert.
struct Meta {
  std::any context;  // upstream: Context interface{}
};

// UnknownConversionError: no function (and no ignore rule, and no chain when chains are enabled)
// exists for the pair. Text: `converting (<src>) to (<dest>): unknown conversion`.
class UnknownConversionError : public Error {
 public:
  UnknownConversionError(util::TypeId src, util::TypeId dest)
      : Error(fmt::format("converting ({}) to ({}): unknown conversion", src.name(), dest.name())),
        source(src),
        dest_type(dest) {}
  util::TypeId source;
  util::TypeId dest_type;
};

// IsUnknownConversionError reports whether e (or an error inside an aggregate) is an
// UnknownConversionError.
inline bool IsUnknownConversionError(const std::exception& e) {
  return AnyErrorMatches(
      e, [](const std::exception& x) { return dynamic_cast<const UnknownConversionError*>(&x); });
}

// UntypedConversionFunc is the type-erased form the untyped registration functions take: `a`
// points at the source value, `b` at the destination. Upstream: conversion.ConversionFunc.
using UntypedConversionFunc = std::function<void(const void* a, void* b, Scope& scope)>;

namespace internal {
// StoredConversion: a registered function as the dispatch table calls it: `invoke(ctx, a, b, s)`,
// where `ctx` is the stored callable (owned here, shared between copies of a converter) and
// `invoke` knows its type.
struct StoredConversion {
  using Invoke = void (*)(const void* ctx, const void* a, void* b, Scope& scope);
  Invoke invoke = nullptr;
  std::shared_ptr<const void> ctx;
};
}  // namespace internal

// ConversionFuncFor<F, A, B>: F can be called as F(const A&, B&, Scope&), and when F has a single
// (non-template) call operator, its parameters are exactly (const A&, B&, Scope&) up to the
// constness/reference of the source and the scope. The typed Register functions static_assert it,
// so a lambda with swapped, by-value or const destination parameters does not compile.
namespace internal {
template <typename M>
struct CallOperatorArgs {
  static constexpr bool kKnown = false;
};
template <typename R, typename C, typename... Args>
struct CallOperatorArgs<R (C::*)(Args...) const> {
  static constexpr bool kKnown = true;
  using Tuple = std::tuple<Args...>;
};
template <typename R, typename C, typename... Args>
struct CallOperatorArgs<R (C::*)(Args...)> {
  static constexpr bool kKnown = true;
  using Tuple = std::tuple<Args...>;
};
template <typename R, typename... Args>
struct CallOperatorArgs<R (*)(Args...)> {
  static constexpr bool kKnown = true;
  using Tuple = std::tuple<Args...>;
};

template <typename F, typename A, typename B>
constexpr bool ExactConversionSignature() {
  using D = std::decay_t<F>;
  using Info = std::conditional_t<std::is_pointer_v<D>, CallOperatorArgs<D>, void>;
  if constexpr (!std::is_void_v<Info>) {
    using T = typename Info::Tuple;
    if constexpr (std::tuple_size_v<T> != 3) {
      return false;
    } else {
      return std::is_same_v<std::remove_cvref_t<std::tuple_element_t<0, T>>, A> &&
             std::is_same_v<std::tuple_element_t<1, T>, B&> &&
             std::is_same_v<std::remove_cvref_t<std::tuple_element_t<2, T>>, Scope>;
    }
  } else if constexpr (requires { &D::operator(); }) {
    using Ops = CallOperatorArgs<decltype(&D::operator())>;
    if constexpr (!Ops::kKnown) {
      return true;
    } else {
      using T = typename Ops::Tuple;
      if constexpr (std::tuple_size_v<T> != 3) {
        return false;
      } else {
        return std::is_same_v<std::remove_cvref_t<std::tuple_element_t<0, T>>, A> &&
               std::is_same_v<std::tuple_element_t<1, T>, B&> &&
               std::is_same_v<std::remove_cvref_t<std::tuple_element_t<2, T>>, Scope>;
      }
    }
  } else {
    return true;  // generic lambda or overloaded functor: invocability is all we can check
  }
}
}  // namespace internal

template <typename F, typename A, typename B>
concept ConversionFuncFor = std::invocable < std::decay_t<F>
&, const A&, B&, Scope& > &&internal::ExactConversionSignature<F, A, B>();

// Scope is passed to every conversion function: it converts nested values with the same converter
// and the same Meta, and exposes that Meta.
class Scope {
 public:
  Scope(const Converter& c, const conversion::Meta* meta) noexcept : converter_(&c), meta_(meta) {}

  // Convert converts a nested value through the converter that is running this function.
  // Throws: as Converter::Convert.
  template <typename A, typename B>
  void Convert(const A& src, B& dest);

  // Meta returns the Meta given to the outer Convert (nullptr when none was given).
  const conversion::Meta* Meta() const noexcept { return meta_; }

  // The converter running this function.
  const Converter& converter() const noexcept { return *converter_; }

 private:
  const Converter* converter_;
  const conversion::Meta* meta_;
};

// ConversionFuncs is a set of manual conversion functions (upstream: conversion.ConversionFuncs),
// used to overlay functions on a copy of a converter (Converter::WithConversions).
class ConversionFuncs {
 public:
  // AddUntyped adds (or replaces) the function for (a, b).
  void AddUntyped(util::TypeId a, util::TypeId b, UntypedConversionFunc fn);

  // Add is the typed form: fn must be callable as fn(const A&, B&, Scope&).
  template <typename A, typename B, typename F>
  void Add(F&& fn);

  // Merge returns a set with the functions of both; `other` wins on conflicts.
  ConversionFuncs Merge(const ConversionFuncs& other) const;

  std::size_t size() const noexcept { return untyped_.size(); }

 private:
  friend class Converter;
  struct PairHash {
    std::size_t operator()(const std::pair<util::TypeId, util::TypeId>& p) const noexcept {
      auto a = reinterpret_cast<std::uintptr_t>(p.first.tag());
      auto b = reinterpret_cast<std::uintptr_t>(p.second.tag());
      return static_cast<std::size_t>((a * 0x9E3779B97F4A7C15ull) ^ (b * 0xC2B2AE3D27D4EB4Full));
    }
  };
  using Key = std::pair<util::TypeId, util::TypeId>;
  // Adds (or replaces) the stored function for (a, b).
  void Put(util::TypeId a, util::TypeId b, internal::StoredConversion fn) {
    untyped_[Key{a, b}] = std::move(fn);
  }
  std::unordered_map<Key, internal::StoredConversion, PairHash> untyped_;
  // Default-construction hooks of the types named by typed registrations (for chains).
  std::unordered_map<util::TypeId, std::pair<void* (*)(), void (*)(void*)>> factories_;
};

// Converter: see the top of this file.
class Converter {
 public:
  // NewConverter: pre-registers the byte-slice deep copy (std::vector<std::uint8_t> ->
  // std::vector<std::uint8_t>), as upstream does for []byte.
  Converter();
  Converter(const Converter& other);
  Converter& operator=(const Converter& other);
  Converter(Converter&&) noexcept;
  Converter& operator=(Converter&&) noexcept;
  ~Converter() = default;

  // RegisterConversionFunc registers a manual function converting A into B.
  // Upstream: RegisterUntypedConversionFunc. A later registration for the same pair replaces the
  // earlier one.
  template <typename A, typename B, typename F>
  void RegisterConversionFunc(F&& fn);

  // RegisterGeneratedConversionFunc registers a generated function (a manual one for the same pair
  // wins). Upstream: RegisterGeneratedUntypedConversionFunc.
  template <typename A, typename B, typename F>
  void RegisterGeneratedConversionFunc(F&& fn);

  // RegisterIgnoredConversion: converting A into B does nothing and succeeds (beats any function).
  template <typename A, typename B>
  void RegisterIgnoredConversion();

  // The untyped forms (for code that only has type identities). No factory is recorded, so these
  // types cannot be intermediates of a chain unless a typed registration names them too.
  void RegisterUntypedConversionFunc(util::TypeId a, util::TypeId b, UntypedConversionFunc fn);
  void RegisterGeneratedUntypedConversionFunc(util::TypeId a, util::TypeId b, UntypedConversionFunc fn);
  void RegisterIgnoredConversion(util::TypeId a, util::TypeId b);

  // WithConversions returns a copy of this converter whose manual functions are overlaid with
  // `fns`; this converter is unchanged.
  Converter WithConversions(const ConversionFuncs& fns) const;

  // EnableConversionChains turns on shortest-chain conversion for pairs without a function.
  void EnableConversionChains(bool enable = true) { chains_enabled_ = enable; }
  bool ConversionChainsEnabled() const noexcept { return chains_enabled_; }

  // Convert converts src into dest with the function registered for (A, B) (static types).
  // Throws: UnknownConversionError; whatever the function throws.
  template <typename A, typename B>
  void Convert(const A& src, B& dest, const conversion::Meta* meta = nullptr) const {
    // Fast path inline: one probe, one call. References are never null.
    if (const Slot* s = Find(util::kTypeId<A>, util::kTypeId<B>)) [[likely]] {
      RunDirect(*s, static_cast<const void*>(&src), static_cast<void*>(&dest), meta);
      return;
    }
    Convert(static_cast<const void*>(&src), util::kTypeId<A>, static_cast<void*>(&dest), util::kTypeId<B>,
            meta);
  }

  // Convert (untyped): `src` and `dest` point at values of the types `src_type` and `dest_type`.
  // Throws: apimachinery::Error for null pointers (dest checked first, as upstream);
  // UnknownConversionError; whatever the function throws.
  void Convert(const void* src, util::TypeId src_type, void* dest, util::TypeId dest_type,
               const conversion::Meta* meta = nullptr) const;

  // HasConversion: a function or an ignore rule exists for exactly (a, b) (chains not considered).
  bool HasConversion(util::TypeId a, util::TypeId b) const noexcept { return Find(a, b) != nullptr; }

  // FindConversionChain returns the types of the shortest chain from a to b, both ends included
  // ({a, b} for a direct function), or an empty vector when none exists. Only manual and
  // generated functions are edges; intermediates need a recorded factory.
  std::vector<util::TypeId> FindConversionChain(util::TypeId a, util::TypeId b) const;

 private:
  // A dispatch-table entry (32 bytes): `invoke` is null for an empty slot and &Ignore for an
  // ignored pair; `ctx` is owned by the ConversionFuncs entry. The table is the one hash table of
  // the library that is not util::internal::IdTable: a Convert's probe is the whole dispatch, and
  // IdTable's two levels (tag array, then the entry) cost it 8 more instructions (39 -> 47 per
  // trivial Convert, callgrind; +20% on bench BM_ConvertDispatchTrivial).
  struct Slot {
    const void* a = nullptr;
    const void* b = nullptr;
    internal::StoredConversion::Invoke invoke = nullptr;
    const void* ctx = nullptr;
  };
  static void Ignore(const void*, const void*, void*, Scope&) {}
  using Key = ConversionFuncs::Key;
  using KeyHash = ConversionFuncs::PairHash;

  static std::size_t SlotHash(const void* a, const void* b) noexcept {
    auto x = reinterpret_cast<std::uintptr_t>(a) * 0x9E3779B97F4A7C15ull;
    auto y = reinterpret_cast<std::uintptr_t>(b) * 0xC2B2AE3D27D4EB4Full;
    auto h = x ^ (y >> 7) ^ (x >> 29);
    return static_cast<std::size_t>(h);
  }
  const Slot* Find(util::TypeId a, util::TypeId b) const noexcept {
    if (slots_.empty()) return nullptr;
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = SlotHash(a.tag(), b.tag()) & mask;; i = (i + 1) & mask) {
      const Slot& s = slots_[i];
      if (s.invoke == nullptr) return nullptr;
      if (s.a == a.tag() && s.b == b.tag()) return &s;
    }
  }
  void Rebuild();
  void InvalidateChains();
  template <typename T>
  void RecordFactory();
  void ConvertChain(const std::vector<util::TypeId>& chain, const void* src, void* dest,
                    const conversion::Meta* meta) const;
  void RunDirect(const Slot& s, const void* src, void* dest, const conversion::Meta* meta) const {
    Scope scope(*this, meta);
    s.invoke(s.ctx, src, dest, scope);
  }

  ConversionFuncs manual_;
  ConversionFuncs generated_;
  std::unordered_set<Key, KeyHash> ignored_;
  std::vector<Slot> slots_;  // power-of-two size, load factor <= 1/2
  bool chains_enabled_ = false;
  // Chain cache (a, b) -> chain; guarded by chain_mu_ (const Convert may run concurrently).
  mutable std::unique_ptr<std::mutex> chain_mu_ = std::make_unique<std::mutex>();
  mutable std::unordered_map<Key, std::vector<util::TypeId>, KeyHash> chain_cache_;
};

// Implementation details follow.

namespace internal {
template <typename A, typename B, typename F>
StoredConversion WrapTyped(F&& fn) {
  static_assert(ConversionFuncFor<F, A, B>,
                "a conversion function for (A, B) must be callable as "
                "void(const A&, B&, conversion::Scope&)");
  using D = std::decay_t<F>;
  StoredConversion out;
  // The callable is invoked as non-const, as std::function would invoke it.
  out.invoke = [](const void* ctx, const void* a, void* b, Scope& s) {
    (*static_cast<D*>(const_cast<void*>(ctx)))(*static_cast<const A*>(a), *static_cast<B*>(b), s);
  };
  out.ctx = std::make_shared<D>(std::forward<F>(fn));
  return out;
}
// The stored form of a type-erased function.
inline StoredConversion WrapUntyped(UntypedConversionFunc fn) {
  StoredConversion out;
  out.invoke = [](const void* ctx, const void* a, void* b, Scope& s) {
    (*static_cast<const UntypedConversionFunc*>(ctx))(a, b, s);
  };
  out.ctx = std::make_shared<const UntypedConversionFunc>(std::move(fn));
  return out;
}
template <typename T>
void* NewValue() {
  return new T();
}
template <typename T>
void DeleteValue(void* p) {
  delete static_cast<T*>(p);
}
}  // namespace internal

template <typename A, typename B>
void Scope::Convert(const A& src, B& dest) {
  converter_->Convert(src, dest, meta_);
}

inline void ConversionFuncs::AddUntyped(util::TypeId a, util::TypeId b, UntypedConversionFunc fn) {
  Put(a, b, internal::WrapUntyped(std::move(fn)));
}

template <typename A, typename B, typename F>
void ConversionFuncs::Add(F&& fn) {
  Put(util::kTypeId<A>, util::kTypeId<B>, internal::WrapTyped<A, B>(std::forward<F>(fn)));
  if constexpr (std::is_default_constructible_v<A>) {
    factories_[util::kTypeId<A>] = {&internal::NewValue<A>, &internal::DeleteValue<A>};
  }
  if constexpr (std::is_default_constructible_v<B>) {
    factories_[util::kTypeId<B>] = {&internal::NewValue<B>, &internal::DeleteValue<B>};
  }
}

inline ConversionFuncs ConversionFuncs::Merge(const ConversionFuncs& other) const {
  ConversionFuncs out = *this;
  for (const auto& [k, v] : other.untyped_) out.untyped_[k] = v;
  for (const auto& [k, v] : other.factories_) out.factories_[k] = v;
  return out;
}

inline Converter::Converter() {
  using Bytes = std::vector<std::uint8_t>;
  RegisterConversionFunc<Bytes, Bytes>([](const Bytes& in, Bytes& out, Scope&) { out = in; });
}

inline Converter::Converter(const Converter& other)
    : manual_(other.manual_),
      generated_(other.generated_),
      ignored_(other.ignored_),
      slots_(other.slots_),
      chains_enabled_(other.chains_enabled_) {}

inline Converter& Converter::operator=(const Converter& other) {
  if (this != &other) {
    Converter tmp(other);
    *this = std::move(tmp);
  }
  return *this;
}

inline Converter::Converter(Converter&& other) noexcept
    : manual_(std::move(other.manual_)),
      generated_(std::move(other.generated_)),
      ignored_(std::move(other.ignored_)),
      slots_(std::move(other.slots_)),
      chains_enabled_(other.chains_enabled_),
      chain_mu_(std::move(other.chain_mu_)),
      chain_cache_(std::move(other.chain_cache_)) {
  other.chain_mu_ = nullptr;
}

inline Converter& Converter::operator=(Converter&& other) noexcept {
  manual_ = std::move(other.manual_);
  generated_ = std::move(other.generated_);
  ignored_ = std::move(other.ignored_);
  slots_ = std::move(other.slots_);
  chains_enabled_ = other.chains_enabled_;
  chain_mu_ = std::move(other.chain_mu_);
  chain_cache_ = std::move(other.chain_cache_);
  return *this;
}

template <typename T>
void Converter::RecordFactory() {
  if constexpr (std::is_default_constructible_v<T>) {
    manual_.factories_[util::kTypeId<T>] = {&internal::NewValue<T>, &internal::DeleteValue<T>};
  }
}

template <typename A, typename B, typename F>
void Converter::RegisterConversionFunc(F&& fn) {
  RecordFactory<A>();
  RecordFactory<B>();
  manual_.Put(util::kTypeId<A>, util::kTypeId<B>, internal::WrapTyped<A, B>(std::forward<F>(fn)));
  Rebuild();
}

template <typename A, typename B, typename F>
void Converter::RegisterGeneratedConversionFunc(F&& fn) {
  RecordFactory<A>();
  RecordFactory<B>();
  generated_.Put(util::kTypeId<A>, util::kTypeId<B>, internal::WrapTyped<A, B>(std::forward<F>(fn)));
  Rebuild();
}

template <typename A, typename B>
void Converter::RegisterIgnoredConversion() {
  RegisterIgnoredConversion(util::kTypeId<A>, util::kTypeId<B>);
}

inline void Converter::RegisterUntypedConversionFunc(util::TypeId a, util::TypeId b,
                                                     UntypedConversionFunc fn) {
  manual_.AddUntyped(a, b, std::move(fn));
  Rebuild();
}

inline void Converter::RegisterGeneratedUntypedConversionFunc(util::TypeId a, util::TypeId b,
                                                              UntypedConversionFunc fn) {
  generated_.AddUntyped(a, b, std::move(fn));
  Rebuild();
}

inline void Converter::RegisterIgnoredConversion(util::TypeId a, util::TypeId b) {
  ignored_.insert(Key{a, b});
  Rebuild();
}

inline Converter Converter::WithConversions(const ConversionFuncs& fns) const {
  Converter c(*this);
  c.manual_ = c.manual_.Merge(fns);
  c.Rebuild();
  return c;
}

inline void Converter::InvalidateChains() {
  if (!chain_mu_) chain_mu_ = std::make_unique<std::mutex>();
  std::lock_guard<std::mutex> lock(*chain_mu_);
  chain_cache_.clear();
}

inline void Converter::Rebuild() {
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

inline void Converter::Convert(const void* src, util::TypeId src_type, void* dest, util::TypeId dest_type,
                               const conversion::Meta* meta) const {
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

inline std::vector<util::TypeId> Converter::FindConversionChain(util::TypeId a, util::TypeId b) const {
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

inline void Converter::ConvertChain(const std::vector<util::TypeId>& chain, const void* src, void* dest,
                                    const conversion::Meta* meta) const {
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
