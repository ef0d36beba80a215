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
inline std::int64_t ParseInt64(std::string_view s) { return util::ParseInt(s, 64); }

// QueryBool: runtime.Convert_Slice_string_To_bool on a present parameter.
inline bool QueryBool(const std::string& v) {
  if (v == "0") return false;
  if (v.size() != 5) return true;
  static constexpr std::string_view kFalse = "false";
  for (std::size_t i = 0; i < 5; ++i) {
    char c = v[i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != kFalse[i]) return true;
  }
  return false;
}

// QueryEscape: Go's url.QueryEscape.
inline void AppendQueryEscape(std::string& out, std::string_view s) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
        c == '.' || c == '~') {
      out += static_cast<char>(c);
    } else if (c == ' ') {
      out += '+';
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
}

}  // namespace internal

inline void to_json(nlohmann::json& j, const ListOptions& v) {
  j = nlohmann::json::object();
  internal::WriteString(j, "labelSelector", v.label_selector);
  internal::WriteString(j, "fieldSelector", v.field_selector);
  if (v.watch) j["watch"] = true;
  if (v.allow_watch_bookmarks) j["allowWatchBookmarks"] = true;
  internal::WriteString(j, "resourceVersion", v.resource_version);
  internal::WriteString(j, "resourceVersionMatch", v.resource_version_match);
  internal::WriteOptional(j, "timeoutSeconds", v.timeout_seconds);
  internal::WriteInt(j, "limit", v.limit);
  internal::WriteString(j, "continue", v.continue_);
  internal::WriteOptional(j, "sendInitialEvents", v.send_initial_events);
  internal::WriteString(j, "shardSelector", v.shard_selector);
}

inline void from_json(const nlohmann::json& j, ListOptions& v) {
  internal::RequireObject(j, "v1.ListOptions");
  ListOptions o;
  constexpr std::string_view s = "ListOptions";
  if (const auto* x = internal::Find(j, "labelSelector"))
    internal::ReadString(*x, o.label_selector, s, "labelSelector");
  if (const auto* x = internal::Find(j, "fieldSelector"))
    internal::ReadString(*x, o.field_selector, s, "fieldSelector");
  if (const auto* x = internal::Find(j, "watch")) internal::ReadBool(*x, o.watch, s, "watch");
  if (const auto* x = internal::Find(j, "allowWatchBookmarks")) {
    internal::ReadBool(*x, o.allow_watch_bookmarks, s, "allowWatchBookmarks");
  }
  if (const auto* x = internal::Find(j, "resourceVersion")) {
    internal::ReadString(*x, o.resource_version, s, "resourceVersion");
  }
  if (const auto* x = internal::Find(j, "resourceVersionMatch")) {
    internal::ReadString(*x, o.resource_version_match, s, "resourceVersionMatch");
  }
  if (const auto* x = internal::Find(j, "timeoutSeconds")) {
    internal::ReadOptionalInt(*x, o.timeout_seconds, s, "timeoutSeconds", "int64");
  }
  if (const auto* x = internal::Find(j, "limit")) internal::ReadInt(*x, o.limit, s, "limit", "int64");
  if (const auto* x = internal::Find(j, "continue")) internal::ReadString(*x, o.continue_, s, "continue");
  if (const auto* x = internal::Find(j, "sendInitialEvents")) {
    internal::ReadOptionalBool(*x, o.send_initial_events, s, "sendInitialEvents");
  }
  if (const auto* x = internal::Find(j, "shardSelector"))
    internal::ReadString(*x, o.shard_selector, s, "shardSelector");
  v = std::move(o);
}

inline void to_json(nlohmann::json& j, const Preconditions& v) {
  j = nlohmann::json::object();
  internal::WriteOptional(j, "uid", v.uid);
  internal::WriteOptional(j, "resourceVersion", v.resource_version);
}

namespace internal {
inline void ReadPreconditions(const nlohmann::json& j, Preconditions& v, std::string_view strct,
                              std::string_view prefix) {
  Preconditions p;
  const std::string uid_key = std::string(prefix) + "uid";
  const std::string rv_key = std::string(prefix) + "resourceVersion";
  if (const auto* x = Find(j, "uid")) {
    std::string u;
    if (!x->is_string()) ThrowFieldType(JSONTypeName(*x), strct, uid_key, "types.UID");
    ReadString(*x, u, strct, uid_key);
    p.uid = std::move(u);
  }
  if (const auto* x = Find(j, "resourceVersion")) {
    std::string r;
    ReadString(*x, r, strct, rv_key);
    p.resource_version = std::move(r);
  }
  v = std::move(p);
}
}  // namespace internal

inline void from_json(const nlohmann::json& j, Preconditions& v) {
  internal::RequireObject(j, "v1.Preconditions");
  internal::ReadPreconditions(j, v, "Preconditions", "");
}

inline void to_json(nlohmann::json& j, const DeleteOptions& v) {
  j = nlohmann::json::object();
  j["apiVersion"] = "v1";
  j["kind"] = "DeleteOptions";
  internal::WriteOptional(j, "gracePeriodSeconds", v.grace_period_seconds);
  internal::WriteOptional(j, "preconditions", v.preconditions);
  internal::WriteOptional(j, "orphanDependents", v.orphan_dependents);
  internal::WriteOptional(j, "propagationPolicy", v.propagation_policy);
  internal::WriteContainer(j, "dryRun", v.dry_run);
  internal::WriteOptional(j, "ignoreStoreReadErrorWithClusterBreakingPotential",
                          v.ignore_store_read_error_with_cluster_breaking_potential);
}

inline void from_json(const nlohmann::json& j, DeleteOptions& v) {
  internal::RequireObject(j, "v1.DeleteOptions");
  DeleteOptions o;
  constexpr std::string_view s = "DeleteOptions";
  if (const auto* x = internal::Find(j, "gracePeriodSeconds")) {
    internal::ReadOptionalInt(*x, o.grace_period_seconds, s, "gracePeriodSeconds", "int64");
  }
  if (const auto* x = internal::Find(j, "preconditions")) {
    if (!x->is_object())
      internal::ThrowFieldType(internal::JSONTypeName(*x), s, "preconditions", "v1.Preconditions");
    Preconditions p;
    internal::ReadPreconditions(*x, p, "Preconditions", "preconditions.");
    o.preconditions = std::move(p);
  }
  if (const auto* x = internal::Find(j, "orphanDependents")) {
    internal::ReadOptionalBool(*x, o.orphan_dependents, s, "orphanDependents");
  }
  if (const auto* x = internal::Find(j, "propagationPolicy")) {
    std::string p;
    if (!x->is_string()) {
      internal::ThrowFieldType(internal::JSONTypeName(*x), s, "propagationPolicy", "v1.DeletionPropagation");
    }
    internal::ReadString(*x, p, s, "propagationPolicy");
    o.propagation_policy = std::move(p);
  }
  if (const auto* x = internal::Find(j, "dryRun")) internal::ReadStringSlice(*x, o.dry_run, s, "dryRun");
  if (const auto* x = internal::Find(j, "ignoreStoreReadErrorWithClusterBreakingPotential")) {
    internal::ReadOptionalBool(*x, o.ignore_store_read_error_with_cluster_breaking_potential, s,
                               "ignoreStoreReadErrorWithClusterBreakingPotential");
  }
  v = std::move(o);
}

inline void to_json(nlohmann::json& j, const GetOptions& v) {
  j = nlohmann::json::object();
  internal::WriteString(j, "resourceVersion", v.resource_version);
}
inline void from_json(const nlohmann::json& j, GetOptions& v) {
  internal::RequireObject(j, "v1.GetOptions");
  GetOptions o;
  if (const auto* x = internal::Find(j, "resourceVersion"))
    internal::ReadString(*x, o.resource_version, "GetOptions", "resourceVersion");
  v = std::move(o);
}

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

inline void to_json(nlohmann::json& j, const CreateOptions& v) {
  j = nlohmann::json::object();
  internal::WriteWriteOptions(j, v);
}
inline void from_json(const nlohmann::json& j, CreateOptions& v) {
  v = internal::ReadWriteOptionsObject<CreateOptions>(j, "v1.CreateOptions", "CreateOptions");
}
inline void to_json(nlohmann::json& j, const UpdateOptions& v) {
  j = nlohmann::json::object();
  internal::WriteWriteOptions(j, v);
}
inline void from_json(const nlohmann::json& j, UpdateOptions& v) {
  v = internal::ReadWriteOptionsObject<UpdateOptions>(j, "v1.UpdateOptions", "UpdateOptions");
}
inline void to_json(nlohmann::json& j, const PatchOptions& v) {
  j = nlohmann::json::object();
  internal::WriteWriteOptions(j, v);
  internal::WriteOptional(j, "force", v.force);
}
inline void from_json(const nlohmann::json& j, PatchOptions& v) {
  PatchOptions o = internal::ReadWriteOptionsObject<PatchOptions>(j, "v1.PatchOptions", "PatchOptions");
  if (const auto* x = internal::Find(j, "force"))
    internal::ReadOptionalBool(*x, o.force, "PatchOptions", "force");
  v = std::move(o);
}

inline QueryValues ToQuery(const GetOptions& opts) {
  QueryValues q;
  if (!opts.resource_version.empty()) q["resourceVersion"] = {opts.resource_version};
  return q;
}
inline QueryValues ToQuery(const CreateOptions& opts) {
  QueryValues q;
  internal::WriteOptionsQuery(q, opts);
  return q;
}
inline QueryValues ToQuery(const UpdateOptions& opts) {
  QueryValues q;
  internal::WriteOptionsQuery(q, opts);
  return q;
}
inline QueryValues ToQuery(const PatchOptions& opts) {
  QueryValues q;
  internal::WriteOptionsQuery(q, opts);
  if (opts.force) q["force"] = {*opts.force ? "true" : "false"};
  return q;
}

inline QueryValues ToQuery(const ListOptions& opts) {
  QueryValues q;
  auto str = [&](const char* name, const std::string& v) {
    if (!v.empty()) q[name] = {v};
  };
  str("labelSelector", opts.label_selector);
  str("fieldSelector", opts.field_selector);
  if (opts.watch) q["watch"] = {"true"};
  if (opts.allow_watch_bookmarks) q["allowWatchBookmarks"] = {"true"};
  str("resourceVersion", opts.resource_version);
  str("resourceVersionMatch", opts.resource_version_match);
  if (opts.timeout_seconds) q["timeoutSeconds"] = {std::to_string(*opts.timeout_seconds)};
  if (opts.limit != 0) q["limit"] = {std::to_string(opts.limit)};
  str("continue", opts.continue_);
  if (opts.send_initial_events) q["sendInitialEvents"] = {*opts.send_initial_events ? "true" : "false"};
  str("shardSelector", opts.shard_selector);
  return q;
}

inline ListOptions ListOptionsFromQuery(const QueryValues& q) {
  ListOptions o;
  auto first = [&](const char* name) -> const std::string* {
    auto it = q.find(name);
    if (it == q.end() || it->second.empty()) return nullptr;
    return &it->second.front();
  };
  if (const auto* v = first("labelSelector")) o.label_selector = *v;
  if (const auto* v = first("fieldSelector")) o.field_selector = *v;
  if (const auto* v = first("watch")) o.watch = internal::QueryBool(*v);
  if (const auto* v = first("allowWatchBookmarks")) o.allow_watch_bookmarks = internal::QueryBool(*v);
  if (const auto* v = first("resourceVersion")) o.resource_version = *v;
  if (const auto* v = first("resourceVersionMatch")) o.resource_version_match = *v;
  if (const auto* v = first("timeoutSeconds")) o.timeout_seconds = internal::ParseInt64(*v);
  if (const auto* v = first("limit")) o.limit = internal::ParseInt64(*v);
  if (const auto* v = first("continue")) o.continue_ = *v;
  if (const auto* v = first("sendInitialEvents")) o.send_initial_events = internal::QueryBool(*v);
  if (const auto* v = first("shardSelector")) o.shard_selector = *v;
  return o;
}

inline std::string EncodeQuery(const QueryValues& q) {
  std::string out;
  for (const auto& [name, values] : q) {
    for (const auto& v : values) {
      if (!out.empty()) out += '&';
      internal::AppendQueryEscape(out, name);
      out += '=';
      internal::AppendQueryEscape(out, v);
    }
  }
  return out;
}

}  // namespace apimachinery::metav1
