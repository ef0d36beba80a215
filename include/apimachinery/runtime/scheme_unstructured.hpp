// runtime/scheme_unstructured.hpp: the Scheme's bridge to runtime::Unstructured, the definitions
// of Scheme::Convert (with its Unstructured cases), Scheme::UnstructuredToTyped and
// Scheme::TypedToUnstructured (k8s.io/apimachinery/pkg/runtime/scheme.go: Scheme.Convert,
// Scheme.unstructuredToTyped; DefaultUnstructuredConverter.ToUnstructured of converter.go). The
// declarations stay in the Scheme class (scheme.hpp); scheme.hpp includes this header at its end,
// so including either one gives both.
//
// runtime::Unstructured is understood everywhere upstream understands it: ObjectKinds returns its
// declared GVK (MissingKindError / MissingVersionError when absent), ConvertToVersion first turns
// it into the registered typed object of that GVK (through the type's JSON; a value of the wrong
// type gives the unstructured converter's text, `unable to convert unstructured object to
// example.com/v1, Kind=Widget: unrecognized type: int32`), and Convert handles Unstructured <->
// Unstructured (copy), typed -> Unstructured or UnstructuredList (the typed object's content,
// stamped with its first registered kind; internal objects need a GroupVersioner context and give
// the converted object's content only, so an internal target adds no apiVersion/kind) and
// Unstructured -> typed.
//
// Throws: see each declaration in scheme.hpp (NotRegisteredError, MissingKindError,
// MissingVersionError, metav1::DecodeError, apimachinery::Error,
// conversion::UnknownConversionError). Cost: one JSON encode or decode of the object per
// typed <-> Unstructured step. Thread-safety: const member functions, safe to call concurrently
// once registration is done.
#pragma once

#include <any>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/decode_error.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/conversion/converter.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/runtime/error.hpp"
#include "apimachinery/runtime/group_versioner.hpp"
#include "apimachinery/runtime/interfaces.hpp"
#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/runtime/unstructured.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/util/type_id.hpp"

namespace apimachinery::runtime {

template <typename A, typename B>
void Scheme::Convert(const A& in, B& out, std::any context) const {
  if constexpr (std::is_base_of_v<Object, A> && std::is_base_of_v<Object, B>) {
    const Object& oin = in;
    Object& oout = out;
    const bool in_u = IsUnstructured(oin);
    const bool out_u = IsUnstructured(oout);
    if (in_u && out_u) {
      // A straight copy (upstream shares the content between the two objects).
      if (oin.GetTypeId() == oout.GetTypeId()) {
        if (oin.GetTypeId() == util::kTypeId<Unstructured>) {
          static_cast<Unstructured&>(oout) = static_cast<const Unstructured&>(oin);
        } else {
          static_cast<UnstructuredList&>(oout) = static_cast<const UnstructuredList&>(oin);
        }
        return;
      }
      nlohmann::json content = oin.GetTypeId() == util::kTypeId<Unstructured>
                                   ? static_cast<const Unstructured&>(oin).UnstructuredContent()
                                   : static_cast<const UnstructuredList&>(oin).UnstructuredContent();
      if (oout.GetTypeId() == util::kTypeId<Unstructured>) {
        static_cast<Unstructured&>(oout).SetUnstructuredContent(std::move(content));
      } else {
        static_cast<UnstructuredList&>(oout).SetUnstructuredContent(std::move(content));
      }
      return;
    }
    if (out_u) {
      // Upstream: the typed object's content (DefaultUnstructuredConverter.ToUnstructured) becomes
      // the Unstructured's or the UnstructuredList's content (a list splits "items").
      auto set_content = [&](nlohmann::json content) {
        if (oout.GetTypeId() == util::kTypeId<Unstructured>) {
          static_cast<Unstructured&>(oout).SetUnstructuredContent(std::move(content));
        } else {
          static_cast<UnstructuredList&>(oout).SetUnstructuredContent(std::move(content));
        }
      };
      auto [kinds, unversioned] = ObjectKinds(oin);
      const schema::GroupVersionKind& gvk = kinds.front();
      if (unversioned || gvk.version != schema::kAPIVersionInternal) {
        set_content(TypedContent(oin));
        oout.SetGroupVersionKind(gvk);
        return;
      }
      const GroupVersioner* target = nullptr;
      if (const auto* p = std::any_cast<GroupVersioner>(&context)) target = p;
      if (const auto* p = std::any_cast<const GroupVersioner*>(&context)) target = *p;
      if (target == nullptr) {
        throw Error(
            fmt::format("unable to convert the internal object type {} to Unstructured without providing a "
                        "preferred version to convert to",
                        oin.GetTypeId().name()));
      }
      // Only the content: an internal target gives an object without apiVersion/kind, and the
      // content then has none either.
      std::unique_ptr<Object> versioned = ConvertToVersion(oin, *target);
      set_content(TypedContent(*versioned));
      return;
    }
    conversion::Meta meta{std::move(context)};
    if (in_u) {
      std::unique_ptr<Object> typed = UnstructuredToTyped(oin);
      converter_.Convert(dynamic_cast<const void*>(typed.get()), typed->GetTypeId(),
                         dynamic_cast<void*>(&oout), oout.GetTypeId(), &meta);
      return;
    }
    converter_.Convert(dynamic_cast<const void*>(&oin), oin.GetTypeId(), dynamic_cast<void*>(&oout),
                       oout.GetTypeId(), &meta);
  } else {
    conversion::Meta meta{std::move(context)};
    converter_.Convert(in, out, &meta);
  }
}

}  // namespace apimachinery::runtime

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/runtime/impl/scheme_unstructured.ipp"
#endif
