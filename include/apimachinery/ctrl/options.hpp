// ctrl options: the functional options of reads and writes, as controller-runtime's callers spell
// them (sigs.k8s.io/controller-runtime pkg/client/options.go: ListOptions, InNamespace,
// MatchingLabels, MatchingLabelsSelector, HasLabels, MatchingFields, MatchingFieldsSelector,
// Limit, Continue, DeleteOptions, Preconditions, PropagationPolicy, GracePeriodSeconds, DryRunAll,
// FieldOwner, ForceOwnership, CreateOptions, UpdateOptions, PatchOptions, DeleteAllOfOptions).
//
// Example (namespace scope):
//   struct PodSpec { std::string node_name; };
//   APIMACHINERY_FIELDS(PodSpec, node_name)
//   struct Pod : runtime::ObjectBase<Pod> {   // the part of core/v1 Pod used
//     static constexpr std::string_view kKind = "Pod";
//     metav1::TypeMeta type_meta;
//     metav1::ObjectMeta metadata;
//     PodSpec spec;
//   };
//   APIMACHINERY_FIELDS(Pod, metadata, spec)
//   APIMACHINERY_JSON_FIELDS(Pod)
// Example:
//   runtime::Scheme scheme;
//   scheme.AddKnownTypes<Pod>({"", "v1"});
//   auto mapper = runtime::NewRESTMapperFromScheme(scheme);
//   testing::FakeAPIServer server;   // or a real API server's dynamic client
//   auto client = ctrl::NewClient(scheme, mapper, server.Dynamic());
//   ctrl::Reader& reader = *client;
//   Pod pod;
//   pod.metadata = {.name = "web-0", .namespace_ = "web"};
//   auto pods = reader.List<Pod>(ctrl::InNamespace("web"), ctrl::MatchingLabels{{{"app", "web"}}},
//                                ctrl::MatchingFields{{{"spec.nodeName", "node-7"}}});
//   client->Delete(pod, ctrl::PropagationPolicy(std::string(metav1::kDeletePropagationForeground)));
//
// Each option is a small value with ApplyToList / ApplyToDelete / ... members; a call applies its
// options in order to a fresh options struct (later options win, as upstream).
// Throws: nothing at construction; MatchingLabels / MatchingFields keep their maps unvalidated
// (upstream's SelectorFromValidatedSet), the reader validates what it serves.
// Thread-safety: value types.
// Differences from upstream: read-your-own-writes (MinResourceVersion) has no upstream
// counterpart (controller-runtime#3320); UnsafeDisableDeepCopy is absent: cached objects are
// shared as std::shared_ptr<const T> and never copied, so there is nothing to disable.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "apimachinery/apis/meta/v1/list_options.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/fields/selector.hpp"
#include "apimachinery/labels/selector.hpp"

namespace apimachinery::ctrl {

// ListOptions: what a List (and DeleteAllOf) filters on (options.go: ListOptions).
struct ListOptions {
  // namespace_: "" = all namespaces (InNamespace).
  std::string namespace_ = {};
  labels::Selector label_selector = {};
  // field_selector: served by the cache from indexes registered with IndexField (a field with no
  // index fails; see Cache), by the API server from its field labels.
  fields::Selector field_selector = {};
  // limit / continue_: paging (the cache honours limit and refuses continue_, as upstream).
  std::int64_t limit = 0;
  std::string continue_ = {};
  // min_resource_version: cache reads block until the informer has observed at least this
  // resourceVersion, or wait_timeout passed (then errors::NewTimeoutError). Empty: no wait.
  std::string min_resource_version = {};
  std::chrono::milliseconds wait_timeout{10'000};

  // AsListOptions: the wire form for an API server (selectors rendered with String()).
  APIMACHINERY_DECL metav1::ListOptions AsListOptions() const;
};

// GetOptions: what a Get asks for.
struct GetOptions {
  // As ListOptions::min_resource_version (read your own writes; cache reads only).
  std::string min_resource_version = {};
  std::chrono::milliseconds wait_timeout{10'000};
  // resource_version: sent to an API server ("0": any cached state is fine).
  std::string resource_version = {};
};

// InNamespace: restricts a List / DeleteAllOf to one namespace.
struct InNamespace {
  std::string namespace_;
  APIMACHINERY_DECL explicit InNamespace(std::string ns);
  APIMACHINERY_DECL void ApplyToList(ListOptions& o) const;
};

// MatchingLabels: every label must have the value (replaces the label selector, as upstream).
struct MatchingLabels {
  std::map<std::string, std::string> labels;
  APIMACHINERY_DECL void ApplyToList(ListOptions& o) const;
};

// MatchingLabelsSelector: a parsed label selector (labels::Parse).
struct MatchingLabelsSelector {
  labels::Selector selector;
  APIMACHINERY_DECL void ApplyToList(ListOptions& o) const;
};

// MatchingFields: every field must have the value (replaces the field selector).
struct MatchingFields {
  std::map<std::string, std::string> fields;
  APIMACHINERY_DECL void ApplyToList(ListOptions& o) const;
};

// MatchingFieldsSelector: a parsed field selector (fields::ParseSelector), `!=` included.
struct MatchingFieldsSelector {
  fields::Selector selector;
  APIMACHINERY_DECL void ApplyToList(ListOptions& o) const;
};

// Limit: at most n items (0: no limit).
struct Limit {
  std::int64_t n;
  APIMACHINERY_DECL explicit Limit(std::int64_t v);
  APIMACHINERY_DECL void ApplyToList(ListOptions& o) const;
};

// Continue: the token of the previous page.
struct Continue {
  std::string token;
  APIMACHINERY_DECL explicit Continue(std::string t);
  APIMACHINERY_DECL void ApplyToList(ListOptions& o) const;
};

// MinResourceVersion: read your own writes (see ListOptions::min_resource_version).
struct MinResourceVersion {
  std::string resource_version;
  std::chrono::milliseconds timeout{10'000};
  APIMACHINERY_DECL explicit MinResourceVersion(std::string rv,
                                                std::chrono::milliseconds t = std::chrono::seconds(10));
  APIMACHINERY_DECL void ApplyToList(ListOptions& o) const;
  APIMACHINERY_DECL void ApplyToGet(GetOptions& o) const;
};

// Write options: the metav1 structs are the option values; these helpers set one field.
struct DryRunAll {
  APIMACHINERY_DECL void ApplyToCreate(metav1::CreateOptions& o) const;
  APIMACHINERY_DECL void ApplyToUpdate(metav1::UpdateOptions& o) const;
  APIMACHINERY_DECL void ApplyToPatch(metav1::PatchOptions& o) const;
  APIMACHINERY_DECL void ApplyToApply(metav1::PatchOptions& o) const;
  APIMACHINERY_DECL void ApplyToDelete(metav1::DeleteOptions& o) const;
};

// FieldOwner: the field manager of a create, update or patch.
struct FieldOwner {
  std::string owner;
  APIMACHINERY_DECL explicit FieldOwner(std::string o);
  APIMACHINERY_DECL void ApplyToCreate(metav1::CreateOptions& o) const;
  APIMACHINERY_DECL void ApplyToUpdate(metav1::UpdateOptions& o) const;
  APIMACHINERY_DECL void ApplyToPatch(metav1::PatchOptions& o) const;
  APIMACHINERY_DECL void ApplyToApply(metav1::PatchOptions& o) const;
};

// ForceOwnership: an apply patch takes the fields other managers own.
struct ForceOwnership {
  APIMACHINERY_DECL void ApplyToPatch(metav1::PatchOptions& o) const;
  APIMACHINERY_DECL void ApplyToApply(metav1::PatchOptions& o) const;
};

// Delete options.
struct Preconditions {
  metav1::Preconditions preconditions;
  APIMACHINERY_DECL void ApplyToDelete(metav1::DeleteOptions& o) const;
};
struct PropagationPolicy {
  std::string policy;  // metav1::kDeletePropagation{Orphan,Background,Foreground}
  APIMACHINERY_DECL explicit PropagationPolicy(std::string p);
  APIMACHINERY_DECL void ApplyToDelete(metav1::DeleteOptions& o) const;
};
struct GracePeriodSeconds {
  std::int64_t seconds;
  APIMACHINERY_DECL explicit GracePeriodSeconds(std::int64_t s);
  APIMACHINERY_DECL void ApplyToDelete(metav1::DeleteOptions& o) const;
};

// Option concepts: what each call accepts.
template <typename O>
concept ListOption = requires(const O& o, ListOptions& l) {
  o.ApplyToList(l);
};
template <typename O>
concept GetOption = requires(const O& o, GetOptions& g) {
  o.ApplyToGet(g);
};
template <typename O>
concept CreateOption = requires(const O& o, metav1::CreateOptions& c) {
  o.ApplyToCreate(c);
};
template <typename O>
concept UpdateOption = requires(const O& o, metav1::UpdateOptions& c) {
  o.ApplyToUpdate(c);
};
template <typename O>
concept PatchOption = requires(const O& o, metav1::PatchOptions& c) {
  o.ApplyToPatch(c);
};
// ApplyOption: an option of Apply (client.ApplyOption: FieldOwner, ForceOwnership, DryRunAll),
// applied to the apply patch's PatchOptions.
template <typename O>
concept ApplyOption = requires(const O& o, metav1::PatchOptions& c) {
  o.ApplyToApply(c);
};
template <typename O>
concept DeleteOption = requires(const O& o, metav1::DeleteOptions& c) {
  o.ApplyToDelete(c);
};
// DeleteAllOf takes list and delete options alike.
template <typename O>
concept DeleteAllOfOption = ListOption<O> || DeleteOption<O>;

// Applying options in order.
template <ListOption... Os>
ListOptions MakeListOptions(const Os&... os) {
  ListOptions o;
  (os.ApplyToList(o), ...);
  return o;
}
template <GetOption... Os>
GetOptions MakeGetOptions(const Os&... os) {
  GetOptions o;
  (os.ApplyToGet(o), ...);
  return o;
}
template <CreateOption... Os>
metav1::CreateOptions MakeCreateOptions(const Os&... os) {
  metav1::CreateOptions o;
  (os.ApplyToCreate(o), ...);
  return o;
}
template <UpdateOption... Os>
metav1::UpdateOptions MakeUpdateOptions(const Os&... os) {
  metav1::UpdateOptions o;
  (os.ApplyToUpdate(o), ...);
  return o;
}
template <PatchOption... Os>
metav1::PatchOptions MakePatchOptions(const Os&... os) {
  metav1::PatchOptions o;
  (os.ApplyToPatch(o), ...);
  return o;
}
template <ApplyOption... Os>
metav1::PatchOptions MakeApplyOptions(const Os&... os) {
  metav1::PatchOptions o;
  (os.ApplyToApply(o), ...);
  return o;
}
template <DeleteOption... Os>
metav1::DeleteOptions MakeDeleteOptions(const Os&... os) {
  metav1::DeleteOptions o;
  (os.ApplyToDelete(o), ...);
  return o;
}

}  // namespace apimachinery::ctrl

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/ctrl/impl/options.ipp"
#endif
