// ctrl::Reader, ctrl::Writer, ctrl::Client: what operator code reads and writes through
// (sigs.k8s.io/controller-runtime pkg/client/interfaces.go: ObjectKey, Reader, Writer,
// StatusClient, SubResourceClient, SubResourceWriter, Client, Patch).
//
// Example (namespace scope):
//   struct WidgetSpec { int size = 0; };
//   APIMACHINERY_FIELDS(WidgetSpec, size)
//   struct Widget : runtime::ObjectBase<Widget> {   // a custom resource (runtime/interfaces.hpp)
//     static constexpr std::string_view kKind = "Widget";
//     metav1::TypeMeta type_meta;
//     metav1::ObjectMeta metadata;
//     WidgetSpec spec;
//   };
//   APIMACHINERY_FIELDS(Widget, metadata, spec)
//   APIMACHINERY_JSON_FIELDS(Widget)
//   struct ConfigMap : runtime::ObjectBase<ConfigMap> {   // the part of core/v1 ConfigMap used
//     static constexpr std::string_view kKind = "ConfigMap";
//     metav1::TypeMeta type_meta;
//     metav1::ObjectMeta metadata;
//     std::map<std::string, std::string> data;
//   };
//   APIMACHINERY_FIELDS(ConfigMap, metadata, data)
//   APIMACHINERY_JSON_FIELDS(ConfigMap)
// Example:
//   runtime::Scheme scheme;
//   scheme.AddKnownTypes<Widget>({"example.com", "v1"});
//   scheme.AddKnownTypes<ConfigMap>({"", "v1"});
//   auto mapper = runtime::NewRESTMapperFromScheme(scheme);
//   testing::FakeAPIServer server;   // or a real API server's dynamic client
//   std::shared_ptr<ctrl::Client> client_ptr = ctrl::NewClient(scheme, mapper, server.Dynamic());
//   ctrl::Client& client = *client_ptr;
//   std::shared_ptr<const Widget> w = client.Get<Widget>({"default", "w1"});   // throws NotFound
//   ctrl::ObjectList<ConfigMap> cms = client.List<ConfigMap>(ctrl::InNamespace("default"));
//   Widget copy = *w;                       // cached objects are shared: copy to modify
//   copy.spec.size = 3;
//   client.Update(copy);                    // copy now holds the server's answer (new RV)
//   client.Status().Update(copy);
//
// Reads return std::shared_ptr<const T>: a cache reader hands out its own object (zero copies;
// mutating it does not compile), a server reader a freshly decoded one. T is a type registered in
// the client's Scheme, runtime::Unstructured or metav1::PartialObjectMetadata; the last two name
// their kind explicitly (the overloads taking a GroupVersionKind). Writes take the object by
// reference and overwrite it with the server's answer, as upstream.
//
// Throws: the api/errors family with the server's (or, for cache reads, upstream's) texts:
// errors::StatusError NotFound `<resource>.<group> "<name>" not found`, Conflict, Invalid...;
// runtime::NotRegisteredError for a type the Scheme does not know; meta::NoKindMatchError when
// the RESTMapper does not know the kind; ctrl::ErrCacheNotStarted for a cache read before start.
// Thread-safety: implementations are safe for concurrent use.
// Differences from upstream: no context argument (cache reads that wait take a timeout);
// objects are returned rather than filled in; List returns ObjectList<T> rather than filling a
// typed list; Patch carries its data (Go computes it from the object at call time).
#pragma once

#include <concepts>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/list_options.hpp"
#include "apimachinery/apis/meta/v1/partial_object_metadata.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/ctrl/options.hpp"
#include "apimachinery/meta/interfaces.hpp"
#include "apimachinery/runtime/compact_unstructured.hpp"
#include "apimachinery/runtime/interfaces.hpp"
#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/runtime/unstructured.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/types/namespacedname.hpp"
#include "apimachinery/util/type_id.hpp"

namespace apimachinery::ctrl {

// ObjectKey: namespace and name (client.ObjectKey = types.NamespacedName).
using ObjectKey = types::NamespacedName;

// ObjectKeyFromObject: the key of an object with ObjectMeta (client.ObjectKeyFromObject).
// Throws apimachinery::Error `<T> has no object metadata` for an object without.
ObjectKey ObjectKeyFromObject(const runtime::Object& obj);

// ObjectType: what a read is about: the C++ type of the result (a registered T,
// runtime::Unstructured, runtime::CompactUnstructured or metav1::PartialObjectMetadata) and, for
// the last three, the kind. For a registered T, gvk is empty and comes from the Scheme.
// CompactUnstructured reads are always answered from the cache (immutable objects that cost a
// fraction of an Unstructured's memory; no controller-runtime counterpart).
struct ObjectType {
  util::TypeId type = util::kTypeId<runtime::Unstructured>;
  schema::GroupVersionKind gvk = {};

  template <typename T>
  static ObjectType Of(schema::GroupVersionKind kind = {}) {
    return ObjectType{util::kTypeId<T>, std::move(kind)};
  }
  APIMACHINERY_DECL bool IsUnstructured() const noexcept;
  APIMACHINERY_DECL bool IsMetadata() const noexcept;
  APIMACHINERY_DECL bool IsCompact() const noexcept;
  // NeedsKind: the type names no kind of its own (Unstructured, CompactUnstructured, metadata).
  APIMACHINERY_DECL bool NeedsKind() const noexcept;
};

// ObjectList: the result of a List: the items (shared, read-only) and the list's metadata.
template <typename T>
struct ObjectList {
  std::vector<std::shared_ptr<const T>> items = {};
  std::string resource_version = {};
  std::string continue_ = {};
  std::optional<std::int64_t> remaining_item_count = {};
};

// Patch: a patch to send (client.Patch): its Content-Type and body.
struct Patch {
  std::string type;     // metav1::kPatchType*
  nlohmann::json data;  // the patch document

  // Merge: an RFC 7386 merge patch (client.RawPatch(types.MergePatchType, data)).
  APIMACHINERY_DECL static Patch Merge(nlohmann::json data);
  // JSONPatch: an RFC 6902 JSON patch.
  APIMACHINERY_DECL static Patch JSONPatch(nlohmann::json data);
  // Apply: a server-side apply configuration (needs FieldOwner; client.Apply).
  APIMACHINERY_DECL static Patch Apply(nlohmann::json configuration);
  // MergeFrom: the merge patch that turns `original` into the object it is applied to
  // (client.MergeFrom); computed by Writer::Patch from the object's JSON at call time.
  // `optimistic_lock` adds metadata.resourceVersion (client.MergeFromWithOptimisticLock).
  APIMACHINERY_DECL static Patch MergeFrom(const runtime::Object& original, bool optimistic_lock = false);

  // For MergeFrom patches: the original's JSON (the diff base); null otherwise.
  std::shared_ptr<const nlohmann::json> merge_from_base = {};
  // For MergeFrom patches: a deep copy of the original (the diff base when merge_from_base is
  // null: its JSON needs the client's Scheme).
  std::shared_ptr<const runtime::Object> merge_from_object = {};
};

// Reader: Get and List (client.Reader).
class Reader {
 public:
  virtual ~Reader() = default;

  // Get: the object of type T (registered in the Scheme) with that key.
  template <typename T, GetOption... Os>
  std::shared_ptr<const T> Get(const ObjectKey& key, const Os&... options) const {
    return std::static_pointer_cast<const T>(GetObject(ObjectType::Of<T>(), key, MakeGetOptions(options...)));
  }
  // Get of runtime::Unstructured / metav1::PartialObjectMetadata of kind `gvk`.
  template <typename T, GetOption... Os>
  std::shared_ptr<const T> Get(const schema::GroupVersionKind& gvk, const ObjectKey& key,
                               const Os&... options) const {
    return std::static_pointer_cast<const T>(
        GetObject(ObjectType::Of<T>(gvk), key, MakeGetOptions(options...)));
  }
  template <typename T, ListOption... Os>
  ObjectList<T> List(const Os&... options) const {
    return Cast<T>(ListObjects(ObjectType::Of<T>(), MakeListOptions(options...)));
  }
  template <typename T, ListOption... Os>
  ObjectList<T> List(const schema::GroupVersionKind& gvk, const Os&... options) const {
    return Cast<T>(ListObjects(ObjectType::Of<T>(gvk), MakeListOptions(options...)));
  }

  // The untyped core every implementation provides. The returned object's dynamic type is
  // `type.type`.
  virtual std::shared_ptr<const runtime::Object> GetObject(const ObjectType& type, const ObjectKey& key,
                                                           const GetOptions& options) const = 0;
  virtual ObjectList<runtime::Object> ListObjects(const ObjectType& type,
                                                  const ListOptions& options) const = 0;

 protected:
  Reader() = default;
  Reader(const Reader&) = default;
  Reader& operator=(const Reader&) = default;
  Reader(Reader&&) = default;
  Reader& operator=(Reader&&) = default;

 private:
  template <typename T>
  static ObjectList<T> Cast(ObjectList<runtime::Object> in) {
    ObjectList<T> out;
    out.items.reserve(in.items.size());
    for (auto& o : in.items) out.items.push_back(std::static_pointer_cast<const T>(std::move(o)));
    out.resource_version = std::move(in.resource_version);
    out.continue_ = std::move(in.continue_);
    out.remaining_item_count = in.remaining_item_count;
    return out;
  }
};

// WithSubResourceBody: the object a subresource Update or Patch sends, and decodes the answer
// into, in place of the object itself: an autoscaling/v1 Scale for "scale"
// (client.WithSubResourceBody; options.go: SubResourceUpdateAndPatchOption). `body` must outlive
// the call. Only SubResourceWriter's calls take it (not an UpdateOption: Writer::Update refuses it
// at compile time, where upstream's type system does the same).
struct WithSubResourceBody {
  APIMACHINERY_DECL explicit WithSubResourceBody(runtime::Object& b) noexcept;
  runtime::Object* body;
};

namespace internal {
// SubResourceBodyOf: the last WithSubResourceBody among `os` (later options win, as upstream
// applies them in order), or nullptr.
template <typename... Os>
runtime::Object* SubResourceBodyOf(const Os&... os) {
  runtime::Object* body = nullptr;
  (
      [&] {
        if constexpr (std::same_as<Os, WithSubResourceBody>) body = os.body;
      }(),
      ...);
  return body;
}
}  // namespace internal

// SubResourceUpdateOption / SubResourcePatchOption: an UpdateOption (PatchOption) or a
// WithSubResourceBody.
template <typename O>
concept SubResourceUpdateOption = UpdateOption<O> || std::same_as<O, WithSubResourceBody>;
template <typename O>
concept SubResourcePatchOption = PatchOption<O> || std::same_as<O, WithSubResourceBody>;

// SubResourceWriter: writes to a subresource ("status", "scale", "eviction", "token") of an object
// (client.SubResourceWriter). Update / Patch send `obj` (or the WithSubResourceBody object) and
// overwrite it with the answer; the request goes to `obj`'s resource, namespace and name.
class SubResourceWriter {
 public:
  virtual ~SubResourceWriter() = default;
  // Create: POSTs `subresource` (a policy/v1 Eviction for "eviction", an authentication/v1
  // TokenRequest for "token") to this subresource of `obj` and decodes the answer into
  // `subresource` (client.SubResourceWriter.Create; typed_client.go, unstructured_client.go:
  // CreateSubResource). An empty metadata.name of `subresource` is set to `obj`'s first. Options:
  // the CreateOptions (DryRunAll, FieldOwner). For an eviction the answer is a metav1 Status:
  // a typed `subresource` of another kind than the answer's is left as it was (an unsuccessful
  // Status is thrown as errors::StatusError), an Unstructured one receives the Status's content
  // and keeps its own apiVersion and kind, as upstream's rest.Result.Into and
  // resetGroupVersionKind leave them. Throws: the server's errors; apimachinery::Error
  // `cannot update status using only metadata -- did you mean to patch?` for a
  // metav1::PartialObjectMetadata `obj` and `unstructured client did not understand object: <type>`
  // for an Unstructured `obj` with a typed `subresource` (upstream's texts, the C++ type named).
  template <CreateOption... Os>
  void Create(const runtime::Object& obj, runtime::Object& subresource, const Os&... options) {
    CreateBody(obj, subresource, MakeCreateOptions(options...));
  }
  template <SubResourceUpdateOption... Os>
  void Update(runtime::Object& obj, const Os&... options) {
    metav1::UpdateOptions o;
    (
        [&] {
          if constexpr (UpdateOption<Os>) options.ApplyToUpdate(o);
        }(),
        ...);
    if (runtime::Object* body = internal::SubResourceBodyOf(options...)) {
      UpdateBody(obj, *body, o);
    } else {
      UpdateObject(obj, o);
    }
  }
  // Apply: server-side apply of `config` to this subresource (client.SubResourceWriter.Apply;
  // unstructured_client.go: ApplySubResource), the answer decoded into it; as Writer::Apply.
  template <ApplyOption... Os>
  void Apply(runtime::Unstructured& config, const Os&... options) {
    PatchObject(config, ctrl::Patch::Apply(config.UnstructuredContent()), MakeApplyOptions(options...));
  }
  template <SubResourcePatchOption... Os>
  void Patch(runtime::Object& obj, const ctrl::Patch& patch, const Os&... options) {
    metav1::PatchOptions o;
    (
        [&] {
          if constexpr (PatchOption<Os>) options.ApplyToPatch(o);
        }(),
        ...);
    if (runtime::Object* body = internal::SubResourceBodyOf(options...)) {
      PatchBody(obj, *body, patch, o);
    } else {
      PatchObject(obj, patch, o);
    }
  }
  virtual void UpdateObject(runtime::Object& obj, const metav1::UpdateOptions& options) = 0;
  virtual void PatchObject(runtime::Object& obj, const ctrl::Patch& patch,
                           const metav1::PatchOptions& options) = 0;
  // CreateBody: Create's untyped core: `body` sent to `obj`'s subresource, the answer decoded
  // into `body`; `obj` is not changed.
  virtual void CreateBody(const runtime::Object& obj, runtime::Object& body,
                          const metav1::CreateOptions& options) = 0;
  // UpdateBody / PatchBody: `body` sent to `obj`'s subresource (the patch data computed from
  // `body`), the answer decoded into `body`; `obj` is not changed.
  virtual void UpdateBody(const runtime::Object& obj, runtime::Object& body,
                          const metav1::UpdateOptions& options) = 0;
  virtual void PatchBody(const runtime::Object& obj, runtime::Object& body, const ctrl::Patch& patch,
                         const metav1::PatchOptions& options) = 0;

 protected:
  SubResourceWriter() = default;
  SubResourceWriter(const SubResourceWriter&) = default;
  SubResourceWriter& operator=(const SubResourceWriter&) = default;
  SubResourceWriter(SubResourceWriter&&) = default;
  SubResourceWriter& operator=(SubResourceWriter&&) = default;
};

// SubResourceClient: a subresource's reads and writes (client.SubResourceClient). Get reads the
// subresource of `obj` into `subresource` (for "scale": a runtime::Unstructured autoscaling/v1
// Scale, or a registered Scale type).
class SubResourceClient : public SubResourceWriter {
 public:
  virtual void Get(const runtime::Object& obj, runtime::Object& subresource) = 0;
};

// Writer: Create, Update, Patch, Delete, DeleteAllOf (client.Writer). Each write overwrites
// `obj` with the server's answer (Delete: when the object is kept by finalizers).
class Writer {
 public:
  virtual ~Writer() = default;
  template <CreateOption... Os>
  void Create(runtime::Object& obj, const Os&... options) {
    CreateObject(obj, MakeCreateOptions(options...));
  }
  template <UpdateOption... Os>
  void Update(runtime::Object& obj, const Os&... options) {
    UpdateObject(obj, MakeUpdateOptions(options...));
  }
  template <PatchOption... Os>
  void Patch(runtime::Object& obj, const ctrl::Patch& patch, const Os&... options) {
    PatchObject(obj, patch, MakePatchOptions(options...));
  }
  // Apply: server-side apply of `config`, an apply configuration as an Unstructured (client.Writer.
  // Apply with client.ApplyConfigurationFromUnstructured; unstructured_client.go: Apply): sent as
  // an `application/apply-patch+yaml` patch to the object it names (its apiVersion and kind give
  // the resource, metadata its name and namespace); the server's answer is decoded into it. The
  // server requires a field manager (FieldOwner, or the client's default owner: 422 otherwise);
  // ForceOwnership takes fields other managers own (409 conflicts otherwise). Typed objects are
  // not apply configurations: every zero field would be applied (Go requires generated apply
  // configurations for the same reason).
  template <ApplyOption... Os>
  void Apply(runtime::Unstructured& config, const Os&... options) {
    PatchObject(config, ctrl::Patch::Apply(config.UnstructuredContent()), MakeApplyOptions(options...));
  }
  template <DeleteOption... Os>
  void Delete(const runtime::Object& obj, const Os&... options) {
    DeleteObject(obj, MakeDeleteOptions(options...));
  }
  // DeleteAllOf: every object of type T matching the list options (InNamespace required for a
  // namespaced resource, as the server requires it).
  template <typename T, DeleteAllOfOption... Os>
  void DeleteAllOf(const Os&... options) {
    DeleteAllOfObjects(ObjectType::Of<T>(), ListPart(options...), DeletePart(options...));
  }
  template <typename T, DeleteAllOfOption... Os>
  void DeleteAllOf(const schema::GroupVersionKind& gvk, const Os&... options) {
    DeleteAllOfObjects(ObjectType::Of<T>(gvk), ListPart(options...), DeletePart(options...));
  }

  virtual void CreateObject(runtime::Object& obj, const metav1::CreateOptions& options) = 0;
  virtual void UpdateObject(runtime::Object& obj, const metav1::UpdateOptions& options) = 0;
  virtual void PatchObject(runtime::Object& obj, const ctrl::Patch& patch,
                           const metav1::PatchOptions& options) = 0;
  virtual void DeleteObject(const runtime::Object& obj, const metav1::DeleteOptions& options) = 0;
  virtual void DeleteAllOfObjects(const ObjectType& type, const ListOptions& list_options,
                                  const metav1::DeleteOptions& delete_options) = 0;

 protected:
  Writer() = default;
  Writer(const Writer&) = default;
  Writer& operator=(const Writer&) = default;
  Writer(Writer&&) = default;
  Writer& operator=(Writer&&) = default;

 private:
  template <typename... Os>
  static ListOptions ListPart(const Os&... os) {
    ListOptions o;
    (
        [&] {
          if constexpr (ListOption<Os>) os.ApplyToList(o);
        }(),
        ...);
    return o;
  }
  template <typename... Os>
  static metav1::DeleteOptions DeletePart(const Os&... os) {
    metav1::DeleteOptions o;
    (
        [&] {
          if constexpr (DeleteOption<Os>) os.ApplyToDelete(o);
        }(),
        ...);
    return o;
  }
};

// Client: Reader + Writer + subresources (client.Client). Status() is SubResource("status").
class Client : public Reader, public Writer {
 public:
  APIMACHINERY_DECL SubResourceWriter& Status();
  virtual SubResourceClient& SubResource(std::string_view subresource) = 0;
  // The Scheme and RESTMapper the client encodes and maps with.
  virtual const runtime::Scheme& Scheme() const = 0;
  virtual const meta::RESTMapper& RESTMapper() const = 0;
};

}  // namespace apimachinery::ctrl

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/ctrl/impl/interfaces.ipp"
#endif
