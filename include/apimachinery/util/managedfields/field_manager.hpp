// managedfields::FieldManager: server-side apply and the managedFields bookkeeping of every write,
// as kube-apiserver runs them for one resource (k8s.io/apimachinery/pkg/util/managedfields/
// internal: fieldmanager.go FieldManager.Update/Apply and NewDefaultFieldManager's chain:
// skipnonapplied.go, capmanagers.go, buildmanagerinfo.go, managedfieldsupdater.go, stripmeta.go,
// structuredmerge.go, versioncheck.go, managedfields.go, conflict.go; sigs.k8s.io/
// structured-merge-diff/v6/merge/update.go: Updater.Update, Updater.Apply, prune).
//
// Example:
//   managedfields::FieldManager fm(managedfields::ObjectType(nullptr), {"example.com", "v1", "Widget"});
//   nlohmann::json live = {{"apiVersion", "example.com/v1"}, {"kind", "Widget"},
//                          {"metadata", {{"name", "a"}, {"uid", "u-1"}}}};   // the stored object
//   nlohmann::json config = {{"apiVersion", "example.com/v1"}, {"kind", "Widget"},
//                            {"metadata", {{"name", "a"}}}, {"spec", {{"replicas", 3}}}};
//   nlohmann::json next = fm.Apply(live, config, "my-controller", false, "2024-01-01T00:00:00Z");
//   // next["spec"]["replicas"] == 3; next["metadata"]["managedFields"][0]["manager"] == "my-controller"
//   nlohmann::json edited = next;
//   edited["spec"]["paused"] = true;
//   nlohmann::json updated = fm.Update(next, std::move(edited), "kubectl-edit", "2024-01-01T00:00:05Z");
//
// Update: the object a create, update or non-apply patch writes, with metadata.managedFields
// brought up to date: the manager (operation Update) owns what it changed; what it changed is taken
// from every other manager; an object that exists without managedFields is not tracked (as
// upstream, which starts tracking on create or at the first apply). At most 10 Update managers are
// kept: the oldest are merged into `ancient-changes`. A request that sets managedFields to `[]`
// resets them; invalid managedFields in the request fall back to the stored ones. Never throws for
// bad managedFields (UpdateNoErrors: the stored managedFields are kept).
// Apply: the configuration merged into the live object (granular maps and associative lists merge;
// atomic values are replaced); the fields this manager applied before and omits now are removed
// unless another manager owns them; fields owned by another manager with a different value are
// conflicts: errors::StatusError 409 `Apply failed with 1 conflict: conflict with "m" using
// example.com/v1: .spec.replicas` (with one FieldManagerConflict cause a field) unless `force`, which
// takes them over. The first apply to an object without managedFields gives its existing fields to
// `before-first-apply`. Returns a null document when nothing changed (neither the object nor its
// managedFields).
// Reset fields (the strategy's GetResetFields): paths no manager of this endpoint can own (the main
// resource of a custom resource with a status subresource: `status`; its status endpoint:
// `metadata` and `spec`).
//
// Throws (Apply): errors::StatusError 400 `invalid object type: <gv>, Kind=<kind>` (apiVersion or
// kind differ from the resource's), 400 `metadata.managedFields must be nil`, 409 conflicts, 500
// for a live object whose managedFields cannot be decoded (`failed to decode managed fields: ...`)
// or a configuration that cannot be walked (`failed to create typed patch object (<ns>/<name>;
// <gvk>): <ValidationError>`).
// Cost: a few walks over the live object and the configuration, O(object size + managed fields).
// Thread-safety: a FieldManager is immutable; calls may run concurrently.
// Differences from upstream: every managed-fields entry is treated as the resource's own version
// (no conversion between versions; custom resources without a conversion webhook convert by
// renaming the apiVersion only); the kubectl last-applied-configuration annotation is not read or
// written (lastappliedmanager.go, lastappliedupdater.go); the causes of conflicts with several
// managers are in sorted manager order (upstream iterates a Go map); FieldsV1 objects are stored as
// parsed documents, so their keys come back in byte order where upstream keeps its set order
// (field names, keys, values, indexes).
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/api/errors/errors.hpp"
#include "apimachinery/apis/meta/v1/status.hpp"
#include "apimachinery/apis/meta/v1/time.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/util/json/json.hpp"
#include "apimachinery/util/managedfields/fieldpath.hpp"
#include "apimachinery/util/managedfields/typed.hpp"
#include "apimachinery/util/strconv.hpp"

namespace apimachinery::managedfields {

// ManagerKey: a manager's identity (managedfields.go: BuildManagerIdentifier): name, operation,
// apiVersion (empty for Apply: an applier is one manager across versions) and subresource.
struct ManagerKey {
  std::string manager{};
  std::string operation{};
  std::string api_version{};
  std::string subresource{};

  friend auto operator<=>(const ManagerKey&, const ManagerKey&) = default;
};

// VersionedSet: what a manager owns, at which version, and whether it was applied.
struct VersionedSet {
  Set set{};
  std::string api_version{};
  bool applied = false;
};

// Managed: every manager's set and time (managedfields.go: managedStruct).
struct Managed {
  std::map<ManagerKey, VersionedSet> fields{};
  std::map<ManagerKey, std::optional<std::string>> times{};
};

// DecodeManagedFields: metadata.managedFields as Managed (managedfields.go: DecodeManagedFields).
// Throws apimachinery::Error with upstream's texts (`operation must be `Apply` or `Update``,
// `apiVersion must not be empty`, `missing fieldsType in managed fields entry 0`, ...).
Managed DecodeManagedFields(const nlohmann::json& entries);
// EncodeManagedFields: the entries, sorted as upstream (operation, time, manager, apiVersion,
// subresource); null when there are none.
nlohmann::json EncodeManagedFields(const Managed& managed);

class FieldManager {
 public:
  // `type` is the whole object's type (ObjectType); `gvk` the resource's kind at the served
  // version; `subresource` "" or "status"; `reset_fields` the paths this endpoint's managers never own.
  APIMACHINERY_DECL FieldManager(TypeRef type, schema::GroupVersionKind gvk, std::string subresource = {},
                                 Set reset_fields = {});

  // Update: `obj` (the object about to be written) with its managedFields updated; `live` is the
  // stored object (an empty object for a create). `now` is the RFC 3339 time of the write.
  APIMACHINERY_DECL nlohmann::json Update(const nlohmann::json& live, nlohmann::json obj,
                                          std::string_view manager, std::string_view now) const;
  // Apply: the live object with `config` applied by `manager`, its managedFields updated; a null
  // document when nothing changes. `live` is the stored object, or an empty object (no uid) when
  // the apply creates it.
  APIMACHINERY_DECL nlohmann::json Apply(const nlohmann::json& live, const nlohmann::json& config,
                                         std::string_view manager, bool force, std::string_view now) const;

  APIMACHINERY_DECL const std::string& Subresource() const noexcept;

 private:
  APIMACHINERY_DECL Set Filter(const Set& s) const;
  APIMACHINERY_DECL std::string APIVersion() const;
  APIMACHINERY_DECL ManagerKey UpdateKey(std::string_view manager) const;
  // The structured-merge Update with the strip and bookkeeping layers around it
  // (managedfieldsupdater.go, stripmeta.go, structuredmerge.go, update.go: Updater.Update).
  APIMACHINERY_DECL void UpdateManaged(const nlohmann::json& live, const nlohmann::json& obj,
                                       Managed& managed, const ManagerKey& key, std::string_view now) const;
  // update.go: Updater.update: compares, then takes what changed from the other managers (with
  // `force`; without it, conflicts throw). Returns the comparison.
  APIMACHINERY_DECL Comparison TakeChanges(const nlohmann::json& live, const nlohmann::json& obj,
                                           Managed& managed, const ManagerKey& workflow, bool force) const;
  APIMACHINERY_DECL void CapUpdateManagers(Managed& managed) const;
  APIMACHINERY_DECL nlohmann::json Prune(const nlohmann::json& merged, const Managed& managed,
                                         const ManagerKey& applier,
                                         const std::optional<VersionedSet>& last) const;

  TypeRef type_;
  schema::GroupVersionKind gvk_;
  std::string subresource_;
  Set reset_;
};

// ---------------------------------------------------------------------------------------------

namespace internal {

// StripSet: fields that never belong to a manager (stripmeta.go: NewStripMetaManager).
APIMACHINERY_DECL const Set& StripSet();

APIMACHINERY_DECL std::int64_t UnixSeconds(const std::optional<std::string>& t);

APIMACHINERY_DECL std::string PrintManager(const ManagerKey& k);

APIMACHINERY_DECL nlohmann::json WithoutManagedFields(nlohmann::json obj);

APIMACHINERY_DECL bool HasUID(const nlohmann::json& obj);

APIMACHINERY_DECL std::string GVKString(const schema::GroupVersionKind& gvk);

}  // namespace internal

}  // namespace apimachinery::managedfields

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/util/managedfields/impl/field_manager.ipp"
#endif
