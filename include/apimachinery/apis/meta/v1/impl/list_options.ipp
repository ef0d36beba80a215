// Definitions of the non-template functions declared in <apimachinery/apis/meta/v1/list_options.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/apis/meta/v1/list_options.hpp"

namespace apimachinery::metav1::internal {

APIMACHINERY_DECL std::int64_t ParseInt64(std::string_view s) { return util::ParseInt(s, 64); }

APIMACHINERY_DECL bool QueryBool(const std::string& v) {
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

APIMACHINERY_DECL void AppendQueryEscape(std::string& out, std::string_view s) {
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

}  // namespace apimachinery::metav1::internal

namespace apimachinery::metav1 {

APIMACHINERY_DECL void to_json(nlohmann::json& j, const ListOptions& v) {
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

APIMACHINERY_DECL void from_json(const nlohmann::json& j, ListOptions& v) {
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

APIMACHINERY_DECL void to_json(nlohmann::json& j, const Preconditions& v) {
  j = nlohmann::json::object();
  internal::WriteOptional(j, "uid", v.uid);
  internal::WriteOptional(j, "resourceVersion", v.resource_version);
}

}  // namespace apimachinery::metav1

namespace apimachinery::metav1::internal {

APIMACHINERY_DECL void ReadPreconditions(const nlohmann::json& j, Preconditions& v, std::string_view strct,
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

}  // namespace apimachinery::metav1::internal

namespace apimachinery::metav1 {

APIMACHINERY_DECL void from_json(const nlohmann::json& j, Preconditions& v) {
  internal::RequireObject(j, "v1.Preconditions");
  internal::ReadPreconditions(j, v, "Preconditions", "");
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const DeleteOptions& v) {
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

APIMACHINERY_DECL void from_json(const nlohmann::json& j, DeleteOptions& v) {
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

APIMACHINERY_DECL void to_json(nlohmann::json& j, const GetOptions& v) {
  j = nlohmann::json::object();
  internal::WriteString(j, "resourceVersion", v.resource_version);
}

APIMACHINERY_DECL void from_json(const nlohmann::json& j, GetOptions& v) {
  internal::RequireObject(j, "v1.GetOptions");
  GetOptions o;
  if (const auto* x = internal::Find(j, "resourceVersion"))
    internal::ReadString(*x, o.resource_version, "GetOptions", "resourceVersion");
  v = std::move(o);
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const CreateOptions& v) {
  j = nlohmann::json::object();
  internal::WriteWriteOptions(j, v);
}

APIMACHINERY_DECL void from_json(const nlohmann::json& j, CreateOptions& v) {
  v = internal::ReadWriteOptionsObject<CreateOptions>(j, "v1.CreateOptions", "CreateOptions");
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const UpdateOptions& v) {
  j = nlohmann::json::object();
  internal::WriteWriteOptions(j, v);
}

APIMACHINERY_DECL void from_json(const nlohmann::json& j, UpdateOptions& v) {
  v = internal::ReadWriteOptionsObject<UpdateOptions>(j, "v1.UpdateOptions", "UpdateOptions");
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const PatchOptions& v) {
  j = nlohmann::json::object();
  internal::WriteWriteOptions(j, v);
  internal::WriteOptional(j, "force", v.force);
}

APIMACHINERY_DECL void from_json(const nlohmann::json& j, PatchOptions& v) {
  PatchOptions o = internal::ReadWriteOptionsObject<PatchOptions>(j, "v1.PatchOptions", "PatchOptions");
  if (const auto* x = internal::Find(j, "force"))
    internal::ReadOptionalBool(*x, o.force, "PatchOptions", "force");
  v = std::move(o);
}

APIMACHINERY_DECL QueryValues ToQuery(const GetOptions& opts) {
  QueryValues q;
  if (!opts.resource_version.empty()) q["resourceVersion"] = {opts.resource_version};
  return q;
}

APIMACHINERY_DECL QueryValues ToQuery(const CreateOptions& opts) {
  QueryValues q;
  internal::WriteOptionsQuery(q, opts);
  return q;
}

APIMACHINERY_DECL QueryValues ToQuery(const UpdateOptions& opts) {
  QueryValues q;
  internal::WriteOptionsQuery(q, opts);
  return q;
}

APIMACHINERY_DECL QueryValues ToQuery(const PatchOptions& opts) {
  QueryValues q;
  internal::WriteOptionsQuery(q, opts);
  if (opts.force) q["force"] = {*opts.force ? "true" : "false"};
  return q;
}

APIMACHINERY_DECL QueryValues ToQuery(const ListOptions& opts) {
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

APIMACHINERY_DECL ListOptions ListOptionsFromQuery(const QueryValues& q) {
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

APIMACHINERY_DECL std::string EncodeQuery(const QueryValues& q) {
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
