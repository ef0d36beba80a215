// metav1::ListOptions, metav1::Preconditions and metav1::DeleteOptions: the options of list,
// watch and delete calls (k8s.io/apimachinery/pkg/apis/meta/v1/types.go: ListOptions,
// ResourceVersionMatch, Preconditions, DeletionPropagation, DeleteOptions).
//
// Example:
//   metav1::ListOptions opts{.label_selector = "app=web", .resource_version = "0", .limit = 500};
//   metav1::QueryValues q = metav1::ToQuery(opts);       // {"labelSelector": {"app=web"}, ...}
//   std::string url_query = metav1::EncodeQuery(q);      // "labelSelector=app%3Dweb&limit=500&..."
//   metav1::ListOptions back = metav1::ListOptionsFromQuery(q);
//   nlohmann::json j = opts;                             // {"labelSelector":"app=web",...}
//
// JSON: upstream's wire keys with omitempty (an unset optional is left out, a set one is written
// even when zero/false); DeleteOptions is written with `"apiVersion":"v1","kind":"DeleteOptions"`
// as client-go sends it. Reads are checked: a value of the wrong type throws metav1::DecodeError
// with Go's encoding/json text (`json: cannot unmarshal string into Go struct field
// ListOptions.limit of type int64`).
//
// Query parameters: the names and value forms client-go's parameter codec produces
// (VersionedParams(&opts, metav1.ParameterCodec): pkg/runtime/conversion.go and the
// url.Values conversion of the generated code): the fields JSON would write, each as one value;
// booleans as "true"/"false", integers in decimal. Reading takes each parameter's first value, as
// upstream: a boolean is false only for "0" or a case-insensitive "false" (any other value, the
// empty one included, is true: Convert_Slice_string_To_bool); an integer goes through Go's
// strconv.ParseInt(s, 10, 64) and a bad one throws metav1::NumError (`strconv.ParseInt: parsing
// "abc": invalid syntax` / `value out of range`); unknown parameters are ignored.
//
// Every member has a default member initializer, so designated initialisation of a few members
// is warning-free under -Wextra (-Wmissing-field-initializers).
//
// Cost: proportional to the size of the options. Thread-safety: value types and pure functions.
// Differences from upstream: no TypeMeta member on ListOptions (it is never needed on the wire);
// enum-like strings (ResourceVersionMatch, DeletionPropagation) are std::string with the known
// values as constants.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/decode_error.hpp"
#include "apimachinery/apis/meta/v1/internal/json.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/util/strconv.hpp"

namespace apimachinery::metav1 {

// ResourceVersionMatch values (types.go).
inline constexpr std::string_view kResourceVersionMatchNotOlderThan = "NotOlderThan";
inline constexpr std::string_view kResourceVersionMatchExact = "Exact";

// DeletionPropagation values (types.go).
inline constexpr std::string_view kDeletePropagationOrphan = "Orphan";
inline constexpr std::string_view kDeletePropagationBackground = "Background";
inline constexpr std::string_view kDeletePropagationForeground = "Foreground";

// kDryRunAll: DeleteOptions.dry_run value (types.go: DryRunAll).
inline constexpr std::string_view kDryRunAll = "All";

// ListOptions: the query of list and watch calls (types.go: ListOptions).
struct ListOptions {
  std::string label_selector{};  // "labelSelector"
  std::string field_selector{};  // "fieldSelector"
  bool watch = false;
  bool allow_watch_bookmarks = false;             // "allowWatchBookmarks"
  std::string resource_version{};                 // "resourceVersion"
  std::string resource_version_match{};           // "resourceVersionMatch": kResourceVersionMatch*
  std::optional<std::int64_t> timeout_seconds{};  // "timeoutSeconds"
  std::int64_t limit = 0;
  std::string continue_{};                    // "continue"
  std::optional<bool> send_initial_events{};  // "sendInitialEvents"
  std::string shard_selector{};               // "shardSelector" (alpha upstream)

  friend bool operator==(const ListOptions&, const ListOptions&) = default;
};

// Preconditions: what must hold for a delete to proceed (types.go: Preconditions).
struct Preconditions {
  std::optional<std::string> uid{};               // "uid"
  std::optional<std::string> resource_version{};  // "resourceVersion"

  friend bool operator==(const Preconditions&, const Preconditions&) = default;
};

// DeleteOptions: the body of a delete call (types.go: DeleteOptions).
struct DeleteOptions {
  std::optional<Preconditions> preconditions{};
  std::optional<std::int64_t> grace_period_seconds{};  // "gracePeriodSeconds"
  std::optional<std::string> propagation_policy{};     // "propagationPolicy": kDeletePropagation*
  std::vector<std::string> dry_run{};                  // "dryRun"
  std::optional<bool> orphan_dependents{};             // "orphanDependents" (deprecated upstream)
  std::optional<bool> ignore_store_read_error_with_cluster_breaking_potential{};

  friend bool operator==(const DeleteOptions&, const DeleteOptions&) = default;
};

// GetOptions: the query of a get call (types.go: GetOptions).
struct GetOptions {
  std::string resource_version{};  // "resourceVersion"

  friend bool operator==(const GetOptions&, const GetOptions&) = default;
};

// CreateOptions: the query of a create call (types.go: CreateOptions).
struct CreateOptions {
  std::vector<std::string> dry_run{};  // "dryRun"
  std::string field_manager{};         // "fieldManager"
  std::string field_validation{};      // "fieldValidation": Ignore, Warn or Strict

  friend bool operator==(const CreateOptions&, const CreateOptions&) = default;
};

// UpdateOptions: the query of an update call (types.go: UpdateOptions).
struct UpdateOptions {
  std::vector<std::string> dry_run{};  // "dryRun"
  std::string field_manager{};         // "fieldManager"
  std::string field_validation{};      // "fieldValidation"

  friend bool operator==(const UpdateOptions&, const UpdateOptions&) = default;
};

// PatchOptions: the query of a patch call (types.go: PatchOptions).
struct PatchOptions {
  std::vector<std::string> dry_run{};  // "dryRun"
  std::optional<bool> force{};         // "force" (apply patches only)
  std::string field_manager{};         // "fieldManager" (required for apply patches)
  std::string field_validation{};      // "fieldValidation"

  friend bool operator==(const PatchOptions&, const PatchOptions&) = default;
};

// Patch types: the Content-Type of a patch request (k8s.io/apimachinery/pkg/types/patch.go).
inline constexpr std::string_view kPatchTypeJSON = "application/json-patch+json";
inline constexpr std::string_view kPatchTypeMerge = "application/merge-patch+json";
inline constexpr std::string_view kPatchTypeStrategicMerge = "application/strategic-merge-patch+json";
inline constexpr std::string_view kPatchTypeApply = "application/apply-patch+yaml";

// QueryValues: Go's url.Values (a parameter name -> its values, in name order).
using QueryValues = std::map<std::string, std::vector<std::string>>;

// NumError: a query parameter that is not a valid integer (Go's *strconv.NumError).
using NumError = util::NumError;

void to_json(nlohmann::json& j, const ListOptions& v);
void from_json(const nlohmann::json& j, ListOptions& v);
void to_json(nlohmann::json& j, const Preconditions& v);
void from_json(const nlohmann::json& j, Preconditions& v);
void to_json(nlohmann::json& j, const DeleteOptions& v);
void from_json(const nlohmann::json& j, DeleteOptions& v);
// JSON of the get/create/update/patch options: Go's keys, omitempty, no apiVersion/kind written
// (TypeMeta is empty unless set, as when client-go encodes them); from_json reports a value of the
// wrong type with Go's text (`json: cannot unmarshal number into Go struct field
// CreateOptions.fieldManager of type string`).
void to_json(nlohmann::json& j, const GetOptions& v);
void from_json(const nlohmann::json& j, GetOptions& v);
void to_json(nlohmann::json& j, const CreateOptions& v);
void from_json(const nlohmann::json& j, CreateOptions& v);
void to_json(nlohmann::json& j, const UpdateOptions& v);
void from_json(const nlohmann::json& j, UpdateOptions& v);
void to_json(nlohmann::json& j, const PatchOptions& v);
void from_json(const nlohmann::json& j, PatchOptions& v);

// ToQuery: the query parameters client-go sends for `opts`.
QueryValues ToQuery(const ListOptions& opts);
// ToQuery of the get/create/update/patch options: their set fields (dryRun repeated; force as
// "true"/"false"), as client-go's parameter codec sends them.
QueryValues ToQuery(const GetOptions& opts);
QueryValues ToQuery(const CreateOptions& opts);
QueryValues ToQuery(const UpdateOptions& opts);
QueryValues ToQuery(const PatchOptions& opts);
// ListOptionsFromQuery: ListOptions from query parameters. Throws NumError.
ListOptions ListOptionsFromQuery(const QueryValues& q);
// EncodeQuery: Go's url.Values.Encode (sorted by name, url.QueryEscape'd, `&`-joined).
std::string EncodeQuery(const QueryValues& q);

// Implementation details follow.

namespace internal {

// ParseInt64: strconv.ParseInt(s, 10, 64). Throws NumError.
APIMACHINERY_DECL std::int64_t ParseInt64(std::string_view s);

// QueryBool: runtime.Convert_Slice_string_To_bool on a present parameter.
APIMACHINERY_DECL bool QueryBool(const std::string& v);

// QueryEscape: Go's url.QueryEscape.
APIMACHINERY_DECL void AppendQueryEscape(std::string& out, std::string_view s);

}  // namespace internal

namespace internal {
APIMACHINERY_DECL void ReadPreconditions(const nlohmann::json& j, Preconditions& v, std::string_view strct,
                                         std::string_view prefix);
}  // namespace internal

namespace internal {
// The members CreateOptions, UpdateOptions and PatchOptions share (dryRun, fieldManager,
// fieldValidation), written and read by name.
template <typename O>
void WriteWriteOptions(nlohmann::json& j, const O& v) {
  WriteContainer(j, "dryRun", v.dry_run);
  WriteString(j, "fieldManager", v.field_manager);
  WriteString(j, "fieldValidation", v.field_validation);
}
template <typename O>
void ReadWriteOptions(const nlohmann::json& j, O& o, std::string_view s) {
  if (const auto* x = Find(j, "dryRun")) ReadStringSlice(*x, o.dry_run, s, "dryRun");
  if (const auto* x = Find(j, "fieldManager")) ReadString(*x, o.field_manager, s, "fieldManager");
  if (const auto* x = Find(j, "fieldValidation")) ReadString(*x, o.field_validation, s, "fieldValidation");
}
// ReadWriteOptionsObject: an `O` read from `j` (`go_type`: Go's type name for a non-object, as
// `v1.CreateOptions`; `s`: the struct name in field errors).
template <typename O>
O ReadWriteOptionsObject(const nlohmann::json& j, std::string_view go_type, std::string_view s) {
  RequireObject(j, go_type);
  O o;
  ReadWriteOptions(j, o, s);
  return o;
}
template <typename O>
void WriteOptionsQuery(QueryValues& q, const O& v) {
  if (!v.dry_run.empty()) q["dryRun"] = v.dry_run;
  if (!v.field_manager.empty()) q["fieldManager"] = {v.field_manager};
  if (!v.field_validation.empty()) q["fieldValidation"] = {v.field_validation};
}
}  // namespace internal

}  // namespace apimachinery::metav1

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/apis/meta/v1/impl/list_options.ipp"
#endif
