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

#include "apimachinery/config.hpp"
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
  APIMACHINERY_DECL UnknownConversionError(util::TypeId src, util::TypeId dest);
  util::TypeId source;
  util::TypeId dest_type;
};

// IsUnknownConversionError reports whether e (or an error inside an aggregate) is an
// UnknownConversionError.
APIMACHINERY_DECL bool IsUnknownConversionError(const std::exception& e);

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
  APIMACHINERY_DECL Scope(const Converter& c, const conversion::Meta* meta) noexcept;

  // Convert converts a nested value through the converter that is running this function.
  // Throws: as Converter::Convert.
  template <typename A, typename B>
  void Convert(const A& src, B& dest);

  // Meta returns the Meta given to the outer Convert (nullptr when none was given).
  APIMACHINERY_DECL const conversion::Meta* Meta() const noexcept;

  // The converter running this function.
  APIMACHINERY_DECL const Converter& converter() const noexcept;

 private:
  const Converter* converter_;
  const conversion::Meta* meta_;
};

// ConversionFuncs is a set of manual conversion functions (upstream: conversion.ConversionFuncs),
// used to overlay functions on a copy of a converter (Converter::WithConversions).
class ConversionFuncs {
 public:
  // AddUntyped adds (or replaces) the function for (a, b).
  APIMACHINERY_DECL void AddUntyped(util::TypeId a, util::TypeId b, UntypedConversionFunc fn);

  // Add is the typed form: fn must be callable as fn(const A&, B&, Scope&).
  template <typename A, typename B, typename F>
  void Add(F&& fn);

  // Merge returns a set with the functions of both; `other` wins on conflicts.
  APIMACHINERY_DECL ConversionFuncs Merge(const ConversionFuncs& other) const;

  APIMACHINERY_DECL std::size_t size() const noexcept;

 private:
  friend class Converter;
  struct PairHash {
    APIMACHINERY_DECL std::size_t operator()(const std::pair<util::TypeId, util::TypeId>& p) const noexcept;
  };
  using Key = std::pair<util::TypeId, util::TypeId>;
  // Adds (or replaces) the stored function for (a, b).
  APIMACHINERY_DECL void Put(util::TypeId a, util::TypeId b, internal::StoredConversion fn);
  std::unordered_map<Key, internal::StoredConversion, PairHash> untyped_;
  // Default-construction hooks of the types named by typed registrations (for chains).
  std::unordered_map<util::TypeId, std::pair<void* (*)(), void (*)(void*)>> factories_;
};

// Converter: see the top of this file.
class Converter {
 public:
  // NewConverter: pre-registers the byte-slice deep copy (std::vector<std::uint8_t> ->
  // std::vector<std::uint8_t>), as upstream does for []byte.
  APIMACHINERY_DECL Converter();
  APIMACHINERY_DECL Converter(const Converter& other);
  APIMACHINERY_DECL Converter& operator=(const Converter& other);
  APIMACHINERY_DECL Converter(Converter&&) noexcept;
  APIMACHINERY_DECL Converter& operator=(Converter&&) noexcept;
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
  APIMACHINERY_DECL void RegisterUntypedConversionFunc(util::TypeId a, util::TypeId b,
                                                       UntypedConversionFunc fn);
  APIMACHINERY_DECL void RegisterGeneratedUntypedConversionFunc(util::TypeId a, util::TypeId b,
                                                                UntypedConversionFunc fn);
  APIMACHINERY_DECL void RegisterIgnoredConversion(util::TypeId a, util::TypeId b);

  // WithConversions returns a copy of this converter whose manual functions are overlaid with
  // `fns`; this converter is unchanged.
  APIMACHINERY_DECL Converter WithConversions(const ConversionFuncs& fns) const;

  // EnableConversionChains turns on shortest-chain conversion for pairs without a function.
  APIMACHINERY_DECL void EnableConversionChains(bool enable = true);
  APIMACHINERY_DECL bool ConversionChainsEnabled() const noexcept;

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
  APIMACHINERY_DECL void Convert(const void* src, util::TypeId src_type, void* dest, util::TypeId dest_type,
                                 const conversion::Meta* meta = nullptr) const;

  // HasConversion: a function or an ignore rule exists for exactly (a, b) (chains not considered).
  APIMACHINERY_DECL bool HasConversion(util::TypeId a, util::TypeId b) const noexcept;

  // FindConversionChain returns the types of the shortest chain from a to b, both ends included
  // ({a, b} for a direct function), or an empty vector when none exists. Only manual and
  // generated functions are edges; intermediates need a recorded factory.
  APIMACHINERY_DECL std::vector<util::TypeId> FindConversionChain(util::TypeId a, util::TypeId b) const;

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
  APIMACHINERY_DECL static void Ignore(const void*, const void*, void*, Scope&);
  using Key = ConversionFuncs::Key;
  using KeyHash = ConversionFuncs::PairHash;

  APIMACHINERY_DECL static std::size_t SlotHash(const void* a, const void* b) noexcept;
  APIMACHINERY_DECL const Slot* Find(util::TypeId a, util::TypeId b) const noexcept;
  APIMACHINERY_DECL void Rebuild();
  APIMACHINERY_DECL void InvalidateChains();
  template <typename T>
  void RecordFactory();
  APIMACHINERY_DECL void ConvertChain(const std::vector<util::TypeId>& chain, const void* src, void* dest,
                                      const conversion::Meta* meta) const;
  APIMACHINERY_DECL void RunDirect(const Slot& s, const void* src, void* dest,
                                   const conversion::Meta* meta) const;

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
APIMACHINERY_DECL StoredConversion WrapUntyped(UntypedConversionFunc fn);
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

}  // namespace apimachinery::conversion

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/conversion/impl/converter.ipp"
#endif
