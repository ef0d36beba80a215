// Definitions of the non-template functions declared in <apimachinery/testing/fake_apiserver.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/testing/fake_apiserver.hpp"

namespace apimachinery::testing::internal {

APIMACHINERY_DECL bool ResourceInfo::Namespaced() const { return scope == meta::RESTScopeName::kNamespace; }

APIMACHINERY_DECL bool ResourceInfo::ServesEviction() const {
  return subresources.eviction.value_or(gvr == schema::GroupVersionResource{"", "v1", "pods"});
}

APIMACHINERY_DECL schema::GroupResource ResourceInfo::GR() const { return gvr.GroupResource(); }

APIMACHINERY_DECL std::string ResourceInfo::APIVersion() const { return gvr.GroupVersion().String(); }

APIMACHINERY_DECL std::shared_ptr<const runtime::Unstructured> ToUnstructured(nlohmann::json doc) {
  return std::make_shared<const runtime::Unstructured>(std::move(doc));
}

APIMACHINERY_DECL const nlohmann::json& EventSource::NowJSON() {
  return now_json != nullptr ? *now_json : Now()->Body();
}

APIMACHINERY_DECL const Doc& EventSource::Now() {
  if (!now) {
    now = ToUnstructured(now_json != nullptr ? *now_json : util::json::Parse(*change.object));
  }
  return now;
}

APIMACHINERY_DECL const nlohmann::json& EventSource::OldJSON() {
  if (old_json != nullptr) return *old_json;
  if (!old) old = ToUnstructured(util::json::Parse(*change.old_object));
  return old->Body();
}

APIMACHINERY_DECL const nlohmann::json& StoredState::JSON() const { return doc ? doc->Body() : parsed; }

APIMACHINERY_DECL nlohmann::json StoredState::Copy() && {
  if (doc) return doc->Body();
  return std::move(parsed);
}

APIMACHINERY_DECL bool Filter::HasSelectors() const {
  return !label_selector.Empty() || !field_selector.Empty();
}

APIMACHINERY_DECL bool IsDryRun(const std::vector<std::string>& dry_run, std::string_view options_kind) {
  for (const auto& v : dry_run) {
    if (v != "All") {
      const field::Error e = field::NotSupported(field::NewPath("dryRun"), dry_run, {"All"});
      std::vector<metav1::StatusCause> causes{
          metav1::StatusCause{std::string(field::String(e.type)), e.ErrorBody(), e.field}};
      throw errors::NewInvalid(schema::GroupKind{"meta.k8s.io", std::string(options_kind)}, "", causes);
    }
  }
  return !dry_run.empty();
}

APIMACHINERY_DECL void ValidateFieldManager(std::string_view manager, std::string_view options_kind,
                                            std::optional<std::string_view> patch_type,
                                            const std::optional<bool>& force) {
  std::vector<field::Error> errs;
  const auto path = field::NewPath("fieldManager");
  if (patch_type) {
    if (*patch_type == metav1::kPatchTypeApply) {
      if (manager.empty()) errs.push_back(field::Required(path, "is required for apply patch"));
    } else if (force) {
      errs.push_back(field::Forbidden(field::NewPath("force"), "may not be specified for non-apply patch"));
    }
  }
  if (manager.size() > 128) errs.push_back(field::TooLong(path, 128));
  for (std::size_t i = 0; i < manager.size();) {
    const auto [rune, size] = util::DecodeRune(manager.substr(i));
    if (!util::IsPrint(rune)) {
      errs.push_back(field::Invalid(
          path, std::string(manager),
          fmt::format("invalid character U+{:04X} (at position {})", static_cast<std::uint32_t>(rune), i)));
    }
    i += size;
  }
  if (errs.empty()) return;
  std::vector<metav1::StatusCause> causes;
  causes.reserve(errs.size());
  for (const auto& e : errs)
    causes.push_back(metav1::StatusCause{std::string(field::String(e.type)), e.ErrorBody(), e.field});
  throw errors::NewInvalid(schema::GroupKind{"meta.k8s.io", std::string(options_kind)}, "", causes);
}

APIMACHINERY_DECL std::string PrefixFromUserAgent(std::string_view ua) {
  ua = ua.substr(0, ua.find('/'));
  std::string out;
  for (std::size_t i = 0; i < ua.size();) {
    const auto [rune, size] = util::DecodeRune(ua.substr(i));
    if (util::IsPrint(rune)) {
      if (out.size() + size > 128) break;
      out.append(ua.substr(i, size));
    }
    i += size;
  }
  return out;
}

APIMACHINERY_DECL std::vector<std::string> SplitFieldPath(std::string_view path) {
  if (!path.empty() && path.front() == '.') path.remove_prefix(1);
  std::vector<std::string> out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t dot = path.find('.', start);
    out.emplace_back(
        path.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start));
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  return out;
}

APIMACHINERY_DECL std::string_view GoTypeName(const nlohmann::json& v) {
  if (v.is_string()) return "string";
  if (v.is_boolean()) return "bool";
  if (v.is_number_integer()) return "int64";
  if (v.is_number()) return "float64";
  if (v.is_object()) return "map[string]interface {}";
  if (v.is_array()) return "[]interface {}";
  return "<nil>";
}

APIMACHINERY_DECL const nlohmann::json* NestedValue(const nlohmann::json& obj,
                                                    const std::vector<std::string>& fields) {
  const nlohmann::json* cur = &obj;
  for (const auto& f : fields) {
    if (!cur->is_object()) return nullptr;
    auto it = cur->find(f);
    if (it == cur->end()) return nullptr;
    cur = &*it;
  }
  return cur;
}

APIMACHINERY_DECL std::optional<std::int64_t> NestedInt64(const nlohmann::json& obj, std::string_view path) {
  const auto fields = SplitFieldPath(path);
  const nlohmann::json* v = NestedValue(obj, fields);
  if (v == nullptr) return std::nullopt;
  if (!v->is_number_integer()) {
    std::string jp;
    for (const auto& f : fields) jp += "." + f;
    throw errors::NewInternalError(fmt::format("{} accessor error: {} is of the type {}, expected int64", jp,
                                               v->is_string() ? v->get<std::string>() : v->dump(),
                                               GoTypeName(*v)));
  }
  return v->get<std::int64_t>();
}

APIMACHINERY_DECL std::pair<nlohmann::json, bool> ScaleOf(const nlohmann::json& cr,
                                                          const ScaleSubresource& sc) {
  const auto spec = NestedInt64(cr, sc.spec_replicas_path);
  const auto status = NestedInt64(cr, sc.status_replicas_path);
  std::string selector;
  if (!sc.label_selector_path.empty()) {
    const nlohmann::json* v = NestedValue(cr, SplitFieldPath(sc.label_selector_path));
    if (v != nullptr && v->is_string()) selector = v->get<std::string>();
  }
  const nlohmann::json& md = cr["metadata"];
  nlohmann::json smd = nlohmann::json::object();
  for (const char* k : {"name", "namespace", "uid", "resourceVersion", "creationTimestamp"}) {
    if (md.contains(k) && !(md[k].is_string() && md[k].get<std::string>().empty())) smd[k] = md[k];
  }
  nlohmann::json spec_json = nlohmann::json::object();
  if (spec.value_or(0) != 0) spec_json["replicas"] = static_cast<std::int32_t>(*spec);
  nlohmann::json status_json = {{"replicas", static_cast<std::int32_t>(status.value_or(0))}};
  if (!selector.empty()) status_json["selector"] = selector;
  return {{{"apiVersion", "autoscaling/v1"},
           {"kind", "Scale"},
           {"metadata", std::move(smd)},
           {"spec", std::move(spec_json)},
           {"status", std::move(status_json)}},
          spec.has_value()};
}

}  // namespace apimachinery::testing::internal

namespace apimachinery::testing {

APIMACHINERY_DECL errors::StatusError StandardStatusError(int code, std::string_view verb,
                                                          const schema::GroupResource& gr,
                                                          std::string_view message) {
  switch (code) {
    case errors::kStatusGone:
      return errors::NewResourceExpired(
          message.empty() ? std::string("The resourceVersion for the provided list is too old.")
                          : std::string(message));
    case errors::kStatusTooManyRequests:
      return errors::NewTooManyRequests("Too many requests, please try again later.", 1);
    case errors::kStatusGatewayTimeout:
      return errors::NewTimeoutError(
          "request did not complete within requested timeout - context deadline exceeded", 0);
    default:
      return errors::NewGenericServerResponse(code, verb, gr, "", message, 0, false);
  }
}

}  // namespace apimachinery::testing

namespace apimachinery::testing::internal {

APIMACHINERY_DECL ServerWatch::ServerWatch(std::shared_ptr<WatchQueue> q,
                                           std::shared_ptr<util::clock::Clock> clock)
    : q_(std::move(q)), clock_(std::move(clock)) {}

APIMACHINERY_DECL ServerWatch::~ServerWatch() { ServerWatch::Stop(); }

APIMACHINERY_DECL std::optional<watch::Event> ServerWatch::Next() {
  std::unique_lock lock(q_->mu);
  for (;;) {
    if (q_->stopped) return std::nullopt;
    if (q_->dropped) {
      q_->cv.wait(lock);
      continue;
    }
    const util::clock::Time now = clock_->Now();
    if (q_->deadline && now >= *q_->deadline) {
      q_->ended = true;
      q_->queue.clear();
      return std::nullopt;
    }
    if (!q_->queue.empty()) {
      if (q_->queue.front().deliver_at <= now) {
        watch::Event ev = std::move(q_->queue.front().event);
        q_->queue.pop_front();
        return ev;
      }
      util::clock::Time until = q_->queue.front().deliver_at;
      if (q_->deadline) until = std::min(until, *q_->deadline);
      clock_->WaitUntil(q_->cv, lock, until);
      continue;
    }
    if (q_->ended) return std::nullopt;
    clock_->WaitUntil(q_->cv, lock, q_->deadline ? *q_->deadline : util::clock::Time::max());
  }
}

APIMACHINERY_DECL void ServerWatch::Stop() noexcept {
  std::lock_guard lock(q_->mu);
  q_->stopped = true;
  q_->queue.clear();
  q_->cv.notify_all();
}

APIMACHINERY_DECL std::string KeyOf(const ResourceInfo& r, std::string_view ns, std::string_view name) {
  if (!r.Namespaced()) return std::string(name);
  return fmt::format("{}/{}", ns, name);
}

APIMACHINERY_DECL std::shared_ptr<const metav1::Status> StatusObject(const errors::StatusError& e) {
  auto s = std::make_shared<metav1::Status>(e.Status());
  s->type_meta.api_version = "v1";
  s->type_meta.kind = "Status";
  return s;
}

APIMACHINERY_DECL fields::Set FieldsOf(const ResourceInfo& r, const nlohmann::json& obj) {
  fields::Set out;
  const nlohmann::json* md = obj.contains("metadata") ? &obj["metadata"] : nullptr;
  auto str = [](const nlohmann::json* j, const char* k) -> std::string {
    if (j == nullptr || !j->is_object()) return "";
    auto it = j->find(k);
    return it != j->end() && it->is_string() ? it->get<std::string>() : std::string();
  };
  out["metadata.name"] = str(md, "name");
  if (r.Namespaced()) out["metadata.namespace"] = str(md, "namespace");
  for (const auto& [label, path] : r.field_labels) {
    const nlohmann::json* cur = &obj;
    for (const auto& p : path) {
      if (cur == nullptr || !cur->is_object()) {
        cur = nullptr;
        break;
      }
      auto it = cur->find(p);
      cur = it == cur->end() ? nullptr : &*it;
    }
    if (cur == nullptr || cur->is_null()) {
      out[label] = "";
    } else if (cur->is_string()) {
      out[label] = cur->get<std::string>();
    } else {
      out[label] = util::json::Marshal(*cur);
    }
  }
  return out;
}

APIMACHINERY_DECL labels::Set LabelsOf(const nlohmann::json& obj) {
  labels::Set out;
  auto md = obj.find("metadata");
  if (md == obj.end() || !md->is_object()) return out;
  auto ls = md->find("labels");
  if (ls == md->end() || !ls->is_object()) return out;
  for (auto it = ls->begin(); it != ls->end(); ++it) {
    if (it.value().is_string()) out[it.key()] = it.value().get<std::string>();
  }
  return out;
}

APIMACHINERY_DECL bool Matches(const ResourceInfo& r, const Filter& f, const nlohmann::json& obj) {
  if (!f.namespace_.empty() && r.Namespaced()) {
    auto md = obj.find("metadata");
    if (md == obj.end() || !md->is_object() || md->value("namespace", std::string()) != f.namespace_)
      return false;
  }
  if (!f.label_selector.Empty() && !f.label_selector.Matches(LabelsOf(obj))) return false;
  if (!f.field_selector.Empty() && !f.field_selector.Matches(FieldsOf(r, obj))) return false;
  return true;
}

APIMACHINERY_DECL std::uint64_t ParseRV(std::string_view rv, bool for_get) {
  if (rv.empty() || rv == "0") return 0;
  try {
    if (rv.front() == '-' || rv.front() == '+') throw util::NumError("ParseUint", rv, "invalid syntax");
    return static_cast<std::uint64_t>(util::ParseInt(rv, 64, "ParseUint"));
  } catch (const util::NumError& e) {
    field::Error fe = field::Invalid(field::NewPath("resourceVersion"), std::string(rv), e.what());
    if (for_get) {
      metav1::Status st;
      st.status = std::string(metav1::kStatusFailure);
      st.code = 500;
      st.message = fe.what();
      throw errors::StatusError(std::move(st));
    }
    throw errors::NewBadRequest(fmt::format("invalid resource version: {}", fe.what()));
  }
}

APIMACHINERY_DECL metav1::StatusCause CauseOf(const field::Error& e) {
  return metav1::StatusCause{std::string(field::String(e.type)), e.ErrorBody(), e.field};
}

APIMACHINERY_DECL void ValidateListOptions(const metav1::ListOptions& o, bool is_watch) {
  std::vector<field::Error> errs;
  const auto& match = o.resource_version_match;
  const auto rvm = field::NewPath("resourceVersionMatch");
  if (is_watch) {
    if (o.send_initial_events && match != metav1::kResourceVersionMatchNotOlderThan) {
      errs.push_back(
          field::Forbidden(rvm, "sendInitialEvents requires setting resourceVersionMatch to NotOlderThan"));
    }
    if (!match.empty()) {
      if (!o.send_initial_events) {
        errs.push_back(field::Forbidden(
            rvm, "resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided"));
      }
      if (match != metav1::kResourceVersionMatchNotOlderThan) {
        errs.push_back(
            field::NotSupported(rvm, match, {std::string(metav1::kResourceVersionMatchNotOlderThan)}));
      }
      if (!o.continue_.empty()) {
        errs.push_back(field::Forbidden(rvm, "resourceVersionMatch is forbidden when continue is provided"));
      }
    }
  } else {
    if (!match.empty()) {
      if (o.resource_version.empty()) {
        errs.push_back(
            field::Forbidden(rvm, "resourceVersionMatch is forbidden unless resourceVersion is provided"));
      }
      if (!o.continue_.empty()) {
        errs.push_back(field::Forbidden(rvm, "resourceVersionMatch is forbidden when continue is provided"));
      }
      if (match != metav1::kResourceVersionMatchExact && match != metav1::kResourceVersionMatchNotOlderThan) {
        errs.push_back(field::NotSupported(rvm, match,
                                           {std::string(metav1::kResourceVersionMatchExact),
                                            std::string(metav1::kResourceVersionMatchNotOlderThan), ""}));
      }
      if (match == metav1::kResourceVersionMatchExact && o.resource_version == "0") {
        errs.push_back(
            field::Forbidden(rvm, "resourceVersionMatch \"exact\" is forbidden for resourceVersion \"0\""));
      }
    }
    if (o.send_initial_events) {
      errs.push_back(
          field::Forbidden(field::NewPath("sendInitialEvents"), "sendInitialEvents is forbidden for list"));
    }
  }
  if (errs.empty()) return;
  std::vector<metav1::StatusCause> causes;
  causes.reserve(errs.size());
  for (const auto& e : errs) causes.push_back(CauseOf(e));
  throw errors::NewInvalid(schema::GroupKind{"meta.k8s.io", "ListOptions"}, "", causes);
}

APIMACHINERY_DECL ServerState::ServerState(FakeAPIServerOptions o)
    : opts_(std::move(o)),
      clock_(opts_.clock ? opts_.clock : std::make_shared<util::clock::RealClock>()),
      clock_start_(clock_->Now()),
      random_(opts_.seed) {}

APIMACHINERY_DECL void ServerState::AddResource(const schema::GroupVersionResource& gvr,
                                                std::string_view kind, meta::RESTScopeName scope,
                                                Subresources subresources) {
  std::lock_guard lock(mu_);
  auto& r = resources_[gvr];
  if (!r) r = std::make_unique<ResourceInfo>();
  r->gvr = gvr;
  r->kind = std::string(kind);
  r->scope = scope;
  r->subresources = std::move(subresources);
}

APIMACHINERY_DECL void ServerState::SetOpenAPISchema(const schema::GroupVersionResource& gvr,
                                                     const nlohmann::json& openapi_v3_schema) {
  managedfields::TypeRef type = managedfields::ObjectType(managedfields::TypeFromOpenAPI(openapi_v3_schema));
  std::lock_guard lock(mu_);
  ResourceLocked(gvr, "", "GET").object_type = std::move(type);
}

APIMACHINERY_DECL void ServerState::AddFieldLabel(const schema::GroupVersionResource& gvr,
                                                  std::string_view label) {
  std::lock_guard lock(mu_);
  ResourceInfo& r = ResourceLocked(gvr, "", "GET");
  std::vector<std::string> path;
  std::size_t start = 0;
  for (;;) {
    std::size_t dot = label.find('.', start);
    path.emplace_back(
        label.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start));
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  r.field_labels[std::string(label)] = std::move(path);
}

APIMACHINERY_DECL void ServerState::AddSubresourceCreate(const schema::GroupVersionResource& gvr,
                                                         std::string_view subresource,
                                                         SubresourceCreateHandler handler,
                                                         schema::GroupVersionKind kind) {
  if (!handler) throw Error("testing::FakeAPIServer::AddSubresourceCreate: the handler is empty");
  if (subresource.empty() || subresource.find('/') != std::string_view::npos) {
    throw Error(fmt::format("testing::FakeAPIServer::AddSubresourceCreate: invalid subresource name {}",
                            util::Quote(subresource)));
  }
  auto shared = std::make_shared<const SubresourceCreateHandler>(std::move(handler));
  std::lock_guard lock(mu_);
  ResourceInfo& r = ResourceLocked(gvr, "", "POST");
  r.creates[std::string(subresource)] = SubresourceCreate{std::move(shared), std::move(kind)};
}

APIMACHINERY_DECL std::vector<discovery::APIGroup> ServerState::ServerGroups() const {
  std::lock_guard lock(mu_);
  std::map<std::string, std::vector<std::string>> versions;  // group -> versions in order
  for (const auto& [gvr, r] : resources_) {
    auto& v = versions[gvr.group];
    if (std::find(v.begin(), v.end(), gvr.version) == v.end()) v.push_back(gvr.version);
  }
  std::vector<discovery::APIGroup> out;
  for (const auto& [group, vs] : versions) {
    discovery::APIGroup g;
    g.name = group;
    for (const auto& v : vs) {
      g.versions.push_back(discovery::GroupVersionForDiscovery{schema::GroupVersion{group, v}.String(), v});
    }
    g.preferred_version = g.versions.front();
    out.push_back(std::move(g));
  }
  return out;
}

APIMACHINERY_DECL discovery::APIResourceList ServerState::ServerResourcesForGroupVersion(
    std::string_view group_version) const {
  schema::GroupVersion gv = schema::ParseGroupVersion(group_version);
  std::lock_guard lock(mu_);
  discovery::APIResourceList list;
  list.group_version = gv.String();
  bool found = false;
  for (const auto& [gvr, r] : resources_) {
    if (gvr.group != gv.group || gvr.version != gv.version) continue;
    found = true;
    discovery::APIResource res;
    res.name = gvr.resource;
    res.singular_name = util::ToLowerASCII(r->kind);
    res.namespaced = r->Namespaced();
    res.kind = r->kind;
    res.verbs = {"delete", "deletecollection", "get", "list", "patch", "create", "update", "watch"};
    list.resources.push_back(res);
    if (r->subresources.status) {
      discovery::APIResource st{gvr.resource + "/status",
                                "",
                                res.namespaced,
                                "",
                                "",
                                r->kind,
                                {"get", "patch", "update"},
                                {},
                                {},
                                ""};
      list.resources.push_back(std::move(st));
    }
    if (r->subresources.scale) {
      discovery::APIResource sc{gvr.resource + "/scale",
                                "",
                                res.namespaced,
                                "autoscaling",
                                "v1",
                                "Scale",
                                {"get", "patch", "update"},
                                {},
                                {},
                                ""};
      list.resources.push_back(std::move(sc));
    }
    // The subresources served for create only (kube-apiserver's discovery of pods/eviction:
    // policy/v1 Eviction, verbs [create]); a handler's replaces the built-in eviction.
    std::map<std::string, schema::GroupVersionKind> creates;
    if (r->ServesEviction()) creates["eviction"] = schema::GroupVersionKind{"policy", "v1", "Eviction"};
    for (const auto& [sub, c] : r->creates) creates[sub] = c.kind;
    for (const auto& [sub, k] : creates) {
      if (ServesSubresource(*r, sub)) continue;  // listed above
      discovery::APIResource cr{
          gvr.resource + "/" + sub, "", res.namespaced, k.group, k.version, k.kind, {"create"}, {}, {}, ""};
      list.resources.push_back(std::move(cr));
    }
  }
  if (!found) {
    throw errors::NewGenericServerResponse(errors::kStatusNotFound, "GET", schema::GroupResource{}, "", "", 0,
                                           false);
  }
  return list;
}

APIMACHINERY_DECL nlohmann::json ServerState::Create(const schema::GroupVersionResource& gvr,
                                                     std::string_view ns, nlohmann::json obj,
                                                     const metav1::CreateOptions& options,
                                                     std::string_view subresource) {
  if (!subresource.empty()) {
    // dynamic/simple.go: dynamicResourceClient.Create: the parent is the body's name.
    std::string name;
    if (obj.is_object() && obj.contains("metadata") && obj["metadata"].is_object()) {
      name = obj["metadata"].value("name", std::string());
    }
    return CreateSubresource(gvr, ns, name, subresource, std::move(obj), options);
  }
  std::unique_lock lock(mu_);
  Count("create");
  ResourceInfo& r = ResourceLocked(gvr, ns, "POST");
  const bool dry = IsDryRun(options.dry_run, "CreateOptions");
  ValidateFieldManager(options.field_manager, "CreateOptions");
  CheckBody(r, obj);
  // create.go: the field manager runs on the request's object against an empty live object.
  if (opts_.track_managed_fields) {
    obj = FieldManagerFor(r, "").Update(nlohmann::json::object(), std::move(obj),
                                        ManagerOf(options.field_manager), metav1::FormatRFC3339(WallNow()));
  }
  return CreateLocked(r, ns, std::move(obj), dry);
}

APIMACHINERY_DECL nlohmann::json ServerState::CreateLocked(ResourceInfo& r, std::string_view ns,
                                                           nlohmann::json obj, bool dry) {
  if (r.subresources.status) obj.erase("status");  // strategy.go: PrepareForCreate
  auto& md = obj["metadata"];
  SettleNamespace(r, md, ns);
  std::string name = md.value("name", std::string());
  const std::string generate_name = md.value("generateName", std::string());
  bool generated = false;
  if (name.empty() && !generate_name.empty()) {
    name = generate_name.substr(0, std::min<std::size_t>(generate_name.size(), 58)) + random_.String(5);
    md["name"] = name;
    generated = true;
  }
  // rest.BeforeCreate: validation (ObjectMeta), then the storage's checks.
  std::vector<field::Error> errs;
  if (name.empty()) {
    errs.push_back(field::Required(field::NewPath("metadata", {"name"}), "name or generateName is required"));
  } else {
    for (const auto& msg : validation::IsDNS1123Subdomain(name)) {
      errs.push_back(field::Invalid(field::NewPath("metadata", {"name"}), name, msg));
    }
  }
  if (r.Namespaced()) {
    const std::string body_ns = md.value("namespace", std::string());
    if (body_ns.empty()) {
      errs.push_back(field::Required(field::NewPath("metadata", {"namespace"}), ""));
    } else {
      for (const auto& msg : validation::IsDNS1123Label(body_ns)) {
        errs.push_back(field::Invalid(field::NewPath("metadata", {"namespace"}), body_ns, msg));
      }
    }
  }
  ThrowInvalid(r, name, errs);
  if (!md.value("resourceVersion", std::string()).empty()) {
    // The storage's plain error (etcd3/store.go: Create), which the handler answers as a 500
    // Status with that text, no reason and no details (recorded from kube-apiserver v1.37.2).
    metav1::Status s;
    s.status = std::string(metav1::kStatusFailure);
    s.code = errors::kStatusInternalServerError;
    s.message = "resourceVersion should not be set on objects to be created";
    throw errors::StatusError(std::move(s));
  }
  const std::string key = KeyOf(r, md.value("namespace", std::string()), name);
  if (r.objects.count(key) != 0) {
    if (generated) throw errors::NewGenerateNameConflict(r.GR(), name, 1);
    throw errors::NewAlreadyExists(r.GR(), name);
  }
  md["uid"] = random_.UUID();
  md["creationTimestamp"] = metav1::FormatRFC3339(WallNow());
  md["generation"] = 1;
  md.erase("deletionTimestamp");
  md.erase("deletionGracePeriodSeconds");
  if (dry) return obj;  // dryrun.go: DryRunnableStorage.Create (no resourceVersion)
  const std::uint64_t rv = ++rv_;
  md["resourceVersion"] = std::to_string(rv);
  auto bytes = std::make_shared<const std::string>(util::json::Marshal(obj));
  r.objects[key] = bytes;
  RecordLocked(Change{rv, &r, watch::EventType::kAdded, key, nullptr, bytes}, &obj);
  return obj;
}

APIMACHINERY_DECL nlohmann::json ServerState::CreateSubresource(const schema::GroupVersionResource& gvr,
                                                                std::string_view ns, std::string_view name,
                                                                std::string_view subresource,
                                                                nlohmann::json body,
                                                                const metav1::CreateOptions& options) {
  std::unique_lock lock(mu_);
  Count("create");
  ResourceInfo& r = ResourceLocked(gvr, ns, "POST");
  auto handler = r.creates.find(subresource);
  const bool eviction = handler == r.creates.end() && subresource == "eviction" && r.ServesEviction();
  if (handler == r.creates.end() && !eviction) {
    if (ServesSubresource(r, subresource)) throw errors::NewMethodNotSupported(r.GR(), "create");
    throw errors::NewNotFound(r.GR(), name);
  }
  RequireNamespace(r, ns, "POST");
  IsDryRun(options.dry_run, "CreateOptions");
  if (eviction) return EvictLocked(r, ns, name, std::move(body), options);
  SettleBodyNamespace(body, r.Namespaced() ? ns : std::string_view());
  auto it = r.objects.find(KeyOf(r, ns, name));
  if (it == r.objects.end()) throw errors::NewNotFound(r.GR(), name);
  const nlohmann::json parent = StoredLocked(r, *it).Copy();
  const std::shared_ptr<const SubresourceCreateHandler> fn = handler->second.handler;
  lock.unlock();
  nlohmann::json answer = (*fn)(parent, std::move(body), options);
  // createHandler: a Status answered without a code gets the create's 201.
  if (answer.is_object() && answer.value("kind", std::string()) == "Status" &&
      answer.value("code", std::int64_t{0}) == 0) {
    answer["code"] = kStatusCreated;
  }
  return answer;
}

APIMACHINERY_DECL nlohmann::json ServerState::Get(const schema::GroupVersionResource& gvr,
                                                  std::string_view ns, std::string_view name,
                                                  const metav1::GetOptions& options,
                                                  std::string_view subresource) {
  std::lock_guard lock(mu_);
  Count("get");
  ResourceInfo& r = ResourceLocked(gvr, ns, "GET");
  RequireNamespace(r, ns, "GET");
  // cacher.go: Get: "" and "0" read the latest state, N waits for the cache to reach N (here:
  // it has, or N is in the future: 504 at once, where the watch cache waits 3 s first).
  if (const std::uint64_t want = ParseRV(options.resource_version, true); want > rv_) throw TooLarge(want);
  if (!subresource.empty() && !ServesSubresource(r, subresource)) throw errors::NewNotFound(r.GR(), name);
  auto it = r.objects.find(KeyOf(r, ns, name));
  if (it == r.objects.end()) throw errors::NewNotFound(r.GR(), name);
  nlohmann::json obj = StoredLocked(r, *it).Copy();
  if (subresource == "scale") {
    const ScaleSubresource& sc = *r.subresources.scale;
    auto [scale, found] = ScaleOf(obj, sc);
    if (!found) {
      throw errors::NewInternalError(
          fmt::format("the spec replicas field {} does not exist", util::Quote(sc.spec_replicas_path)));
    }
    return std::move(scale);
  }
  return obj;
}

APIMACHINERY_DECL nlohmann::json ServerState::Update(const schema::GroupVersionResource& gvr,
                                                     std::string_view ns, nlohmann::json obj,
                                                     const metav1::UpdateOptions& options,
                                                     std::string_view subresource) {
  std::lock_guard lock(mu_);
  Count("update");
  ResourceInfo& r = ResourceLocked(gvr, ns, "PUT");
  if (!subresource.empty() && !ServesSubresource(r, subresource)) {
    std::string name;
    if (obj.is_object() && obj.contains("metadata") && obj["metadata"].is_object()) {
      name = obj["metadata"].value("name", std::string());
    }
    throw errors::NewNotFound(r.GR(), name);
  }
  const bool dry = IsDryRun(options.dry_run, "UpdateOptions");
  ValidateFieldManager(options.field_manager, "UpdateOptions");
  const std::string manager = ManagerOf(options.field_manager);
  if (subresource == "scale") return ScaleUpdateLocked(r, ns, obj, dry, manager);
  CheckBody(r, obj);
  return UpdateLocked(r, ns, std::move(obj), subresource == "status" ? Strategy::kStatus : Strategy::kMain,
                      dry, Tracking{manager, std::string(subresource), true});
}

APIMACHINERY_DECL nlohmann::json ServerState::Patch(const schema::GroupVersionResource& gvr,
                                                    std::string_view ns, std::string_view name,
                                                    std::string_view patch_type, const nlohmann::json& patch,
                                                    const metav1::PatchOptions& options,
                                                    std::string_view subresource) {
  std::lock_guard lock(mu_);
  Count("patch");
  ResourceInfo& r = ResourceLocked(gvr, ns, "PATCH");
  RequireNamespace(r, ns, "PATCH");
  if (!subresource.empty() && !ServesSubresource(r, subresource)) throw errors::NewNotFound(r.GR(), name);
  const bool merge = patch_type == "application/merge-patch+json";
  const bool json_patch = patch_type == "application/json-patch+json";
  const bool apply =
      patch_type == metav1::kPatchTypeApply && subresource != "scale" && opts_.track_managed_fields;
  if (!merge && !json_patch && !apply) {
    metav1::Status s;
    s.status = std::string(metav1::kStatusFailure);
    s.code = errors::kStatusUnsupportedMediaType;
    s.reason = std::string(metav1::kStatusReasonUnsupportedMediaType);
    s.message = std::string(kUnsupportedPatch);
    throw errors::StatusError(std::move(s));
  }
  ValidateFieldManager(options.field_manager, "PatchOptions", patch_type, options.force);
  const bool dry = IsDryRun(options.dry_run, "PatchOptions");
  const std::string manager = ManagerOf(options.field_manager);
  if (apply) return ApplyLocked(r, ns, name, patch, options.force.value_or(false), manager, subresource, dry);
  auto it = r.objects.find(KeyOf(r, ns, name));
  if (it == r.objects.end()) throw errors::NewNotFound(r.GR(), name);
  nlohmann::json current = StoredLocked(r, *it).Copy();
  const bool scale = subresource == "scale";
  if (scale) {
    // etcd.go: scaleUpdatedObjectInfo.UpdatedObject: the patch applies to the current Scale.
    auto [sc, found] = ScaleOf(current, *r.subresources.scale);
    if (!found) sc["spec"]["replicas"] = kInvalidSpecReplicas;
    current = std::move(sc);
  }
  nlohmann::json patched;
  if (merge) {
    if (!patch.is_object()) throw errors::NewBadRequest("Invalid JSON Patch");
    patched = current;
    patched.merge_patch(patch);
  } else {
    if (!patch.is_array()) {
      throw errors::NewBadRequest(
          fmt::format("json: cannot unmarshal {} into Go value of type jsonpatch.Patch", GoKind(patch)));
    }
    try {
      patched = current.patch(patch);
    } catch (const std::exception& e) {
      throw errors::NewGenericServerResponse(errors::kStatusUnprocessableEntity, "", schema::GroupResource{},
                                             "", e.what(), 0, false);
    }
  }
  if (!patched.is_object()) {
    throw errors::NewGenericServerResponse(errors::kStatusUnprocessableEntity, "", schema::GroupResource{},
                                           "", "the patched document is not an object", 0, false);
  }
  if (scale) {
    const nlohmann::json* name_v = NestedValue(patched, {"metadata", "name"});
    const std::string patched_name =
        name_v != nullptr && name_v->is_string() ? name_v->get<std::string>() : "";
    if (patched_name != name) {
      throw errors::NewBadRequest(fmt::format(
          "the name of the object ({}) does not match the name on the URL ({})", patched_name, name));
    }
    return ScaleUpdateLocked(r, ns, patched, dry, manager);
  }
  CheckBody(r, patched);
  auto& md = patched["metadata"];
  const std::string patched_name = md.value("name", std::string());
  if (patched_name != name) {
    throw errors::NewBadRequest(fmt::format(
        "the name of the object ({}) does not match the name on the URL ({})", patched_name, name));
  }
  if (md.value("resourceVersion", std::string()).empty()) {
    md["resourceVersion"] = current["metadata"].value("resourceVersion", std::string());
  }
  return UpdateLocked(r, ns, std::move(patched),
                      subresource == "status" ? Strategy::kStatus : Strategy::kMain, dry,
                      Tracking{manager, std::string(subresource), true});
}

APIMACHINERY_DECL nlohmann::json ServerState::Delete(const schema::GroupVersionResource& gvr,
                                                     std::string_view ns, std::string_view name,
                                                     const metav1::DeleteOptions& options) {
  std::lock_guard lock(mu_);
  Count("delete");
  ResourceInfo& r = ResourceLocked(gvr, ns, "DELETE");
  RequireNamespace(r, ns, "DELETE");
  IsDryRun(options.dry_run, "DeleteOptions");
  return DeleteLocked(r, KeyOf(r, ns, name), name, options);
}

APIMACHINERY_DECL nlohmann::json ServerState::DeleteCollection(const schema::GroupVersionResource& gvr,
                                                               std::string_view ns,
                                                               const metav1::DeleteOptions& delete_options,
                                                               const metav1::ListOptions& options) {
  std::lock_guard lock(mu_);
  Count("deletecollection");
  ResourceInfo& r = ResourceLocked(gvr, ns, "DELETE");
  if (r.Namespaced() && ns.empty()) {
    // No cluster-wide deletecollection route for a namespaced resource (kube-apiserver v1.37.2:
    // 404 for a custom resource, 405 for a built-in one): nothing is deleted anywhere.
    throw errors::NewGenericServerResponse(errors::kStatusNotFound, "DELETE", schema::GroupResource{}, "", "",
                                           0, false);
  }
  IsDryRun(delete_options.dry_run, "DeleteOptions");
  ValidateListOptions(options, false);
  Filter f = MakeFilter(r, ns, options);
  std::vector<std::pair<std::string, std::string>> victims;  // key, name
  nlohmann::json items = nlohmann::json::array();
  for (const auto& entry : r.objects) {
    StoredState stored = StoredLocked(r, entry);
    if (!Matches(r, f, stored.JSON())) continue;
    nlohmann::json obj = std::move(stored).Copy();
    victims.emplace_back(entry.first, obj["metadata"].value("name", std::string()));
    items.push_back(std::move(obj));
  }
  for (const auto& [key, name] : victims) DeleteLocked(r, key, name, delete_options);
  return ListDocument(r, std::move(items), std::to_string(rv_), "", std::nullopt);
}

APIMACHINERY_DECL nlohmann::json ServerState::List(const schema::GroupVersionResource& gvr,
                                                   std::string_view ns, const metav1::ListOptions& o) {
  std::lock_guard lock(mu_);
  Count("list");
  ResourceInfo& r = ResourceLocked(gvr, ns, "GET");
  if (fail_lists_ > 0) {
    --fail_lists_;
    throw StandardStatusError(fail_lists_code_, "GET", r.GR());
  }
  ValidateListOptions(o, false);
  Filter f = MakeFilter(r, ns, o);

  std::string start_key;
  std::uint64_t list_rv = rv_;
  const ObjectMap* source = &r.objects;
  ObjectMap rebuilt;
  std::int64_t limit = o.limit;
  if (!o.continue_.empty()) {
    auto [key, crv] = DecodeContinue(o.continue_);
    if (!o.resource_version.empty() && o.resource_version != "0") {
      throw errors::NewBadRequest("specifying resource version is not allowed when using continue");
    }
    start_key = std::move(key);
    if (crv > 0) {
      const Snapshot* snap = FindSnapshot(r, static_cast<std::uint64_t>(crv));
      if (snap == nullptr) {
        errors::StatusError e = errors::NewResourceExpired(std::string(kInconsistentContinue));
        e.err_status.list_meta.continue_ = EncodeContinue(start_key, -1);
        throw e;
      }
      source = &snap->objects;
      list_rv = snap->rv;
    }
  } else {
    const std::uint64_t want = ParseRV(o.resource_version);
    if (o.resource_version == "0" && o.resource_version_match != metav1::kResourceVersionMatchExact) {
      limit = 0;  // the watch cache serves "0" whole
    } else if (o.resource_version_match == metav1::kResourceVersionMatchExact) {
      if (want > rv_) throw TooLarge(want);
      if (want < floor_) {
        // etcd3/store.go: GetList's compacted revision (kube-apiserver v1.37.2 answers it so).
        throw errors::NewResourceExpired("The resourceVersion for the provided list is too old.");
      }
      rebuilt = StateAtLocked(r, want);
      source = &rebuilt;
      list_rv = want;
    } else if (want > rv_) {
      throw TooLarge(want);
    }
  }

  nlohmann::json items = nlohmann::json::array();
  std::string last_key;
  bool more = false;
  std::int64_t remaining = 0;
  for (auto it = start_key.empty() ? source->begin() : source->lower_bound(start_key); it != source->end();
       ++it) {
    StoredState stored = StoredLocked(r, *it);
    if (!Matches(r, f, stored.JSON())) continue;
    if (limit > 0 && static_cast<std::int64_t>(items.size()) >= limit) {
      more = true;
      if (f.HasSelectors()) break;
      ++remaining;
      continue;
    }
    last_key = it->first;
    items.push_back(std::move(stored).Copy());  // only what the page returns is copied
  }
  std::string cont;
  std::optional<std::int64_t> remaining_count;
  if (more) {
    cont = EncodeContinue(last_key + std::string(1, '\0'), static_cast<std::int64_t>(list_rv));
    if (!f.HasSelectors()) remaining_count = remaining;
    if (source == &r.objects) SaveSnapshot(r, list_rv, r.objects);
    if (source == &rebuilt) SaveSnapshot(r, list_rv, std::move(rebuilt));
  }
  return ListDocument(r, std::move(items), std::to_string(list_rv), cont, remaining_count);
}

APIMACHINERY_DECL std::unique_ptr<watch::Interface> ServerState::Watch(
    const schema::GroupVersionResource& gvr, std::string_view ns, const metav1::ListOptions& o) {
  std::lock_guard lock(mu_);
  Count("watch");
  ResourceInfo& r = ResourceLocked(gvr, ns, "GET");
  metav1::ListOptions wo = o;
  wo.watch = true;
  ValidateListOptions(wo, true);
  Filter f = MakeFilter(r, ns, o);
  const std::uint64_t from = ParseRV(o.resource_version);

  auto q = std::make_shared<WatchQueue>();
  if (o.timeout_seconds && *o.timeout_seconds > 0) {
    q->deadline = clock_->Now() + std::chrono::seconds(*o.timeout_seconds);
  }
  auto handle = std::make_unique<ServerWatch>(q, clock_);
  const util::clock::Time now = clock_->Now();
  auto push = [&](watch::EventType t, std::shared_ptr<const runtime::Object> obj) {
    q->queue.push_back(WatchQueue::Pending{watch::Event{t, std::move(obj)}, now + delay_});
  };

  if (fail_watches_ > 0) {
    --fail_watches_;
    push(watch::EventType::kError,
         StatusObject(StandardStatusError(fail_watches_code_, "GET", r.GR(),
                                          fail_watches_code_ == errors::kStatusGone
                                              ? fmt::format("too old resource version: {} ({})", from, rv_)
                                              : std::string())));
    q->ended = true;
    return handle;
  }

  const bool initial =
      o.send_initial_events.value_or(o.resource_version.empty() || o.resource_version == "0");
  if (initial) {
    for (const auto& entry : r.objects) {
      StoredState stored = StoredLocked(r, entry);
      if (!Matches(r, f, stored.JSON())) continue;
      if (!stored.doc) {
        stored.doc = ToUnstructured(std::move(stored.parsed));
        r.parsed[entry.first] = ParsedRef{entry.second, stored.doc};
      }
      push(watch::EventType::kAdded, std::move(stored.doc));
    }
    if (o.allow_watch_bookmarks) push(watch::EventType::kBookmark, Bookmark(r, rv_, true));
  } else if (from != 0 && from < floor_) {
    push(watch::EventType::kError, StatusObject(errors::NewResourceExpired(
                                       fmt::format("too old resource version: {} ({})", from, floor_))));
    q->ended = true;
    return handle;
  } else if (from != 0) {
    for (const auto& c : history_) {
      if (c.resource != &r || c.rv <= from) continue;
      EventSource src{c};
      if (auto ev = EventFor(src, f)) push(ev->type, std::move(ev->object));
    }
  }
  watches_.push_back(WatchRegistration{q, &r, std::move(f), o.allow_watch_bookmarks});
  return handle;
}

APIMACHINERY_DECL std::string ServerState::CurrentResourceVersion() const {
  std::lock_guard lock(mu_);
  return std::to_string(rv_);
}

APIMACHINERY_DECL void ServerState::CloseAllWatches() {
  ForEachWatch([](WatchRegistration&, WatchQueue& q) { q.ended = true; });
}

APIMACHINERY_DECL void ServerState::CloseWatchesAfter(int events) {
  ForEachWatch([&](WatchRegistration&, WatchQueue& q) {
    if (events <= 0) {
      q.ended = true;
    } else {
      q.close_after = events;
    }
  });
}

APIMACHINERY_DECL void ServerState::ExpireHistory() {
  std::lock_guard lock(mu_);
  floor_ = rv_;
  history_.clear();
  snapshots_.clear();
}

APIMACHINERY_DECL void ServerState::FailNextLists(int n, int code) {
  std::lock_guard lock(mu_);
  fail_lists_ = n;
  fail_lists_code_ = code;
}

APIMACHINERY_DECL void ServerState::FailNextWatches(int n, int code) {
  std::lock_guard lock(mu_);
  fail_watches_ = n;
  fail_watches_code_ = code;
}

APIMACHINERY_DECL void ServerState::EmitWatchError(int code) {
  ForEachWatch([&](WatchRegistration& w, WatchQueue& q) {
    if (q.ended || q.dropped) return;
    q.queue.push_back(WatchQueue::Pending{
        watch::Event{
            watch::EventType::kError,
            StatusObject(StandardStatusError(code, "GET", w.resource->GR(),
                                             code == errors::kStatusGone
                                                 ? fmt::format("too old resource version: {} ({})", rv_, rv_)
                                                 : std::string()))},
        clock_->Now() + delay_});
    q.ended = true;
  });
}

APIMACHINERY_DECL void ServerState::SetWatchEventDelay(std::chrono::milliseconds d) {
  std::lock_guard lock(mu_);
  delay_ = d;
}

APIMACHINERY_DECL void ServerState::DropWatchesSilently() {
  ForEachWatch([](WatchRegistration&, WatchQueue& q) {
    q.dropped = true;
    q.queue.clear();
  });
}

APIMACHINERY_DECL void ServerState::SendBookmarks() {
  ForEachWatch([&](WatchRegistration& w, WatchQueue& q) {
    if (!w.bookmarks) return;
    Enqueue(q, watch::Event{watch::EventType::kBookmark, Bookmark(*w.resource, rv_, false)});
  });
}

APIMACHINERY_DECL std::int64_t ServerState::RequestCount(std::string_view verb) const {
  std::lock_guard lock(mu_);
  auto it = counts_.find(std::string(verb));
  return it == counts_.end() ? 0 : it->second;
}

APIMACHINERY_DECL std::map<std::string, std::int64_t> ServerState::RequestCounts() const {
  std::lock_guard lock(mu_);
  return counts_;
}

APIMACHINERY_DECL std::size_t ServerState::OpenWatches() {
  std::lock_guard lock(mu_);
  PruneLocked();
  return watches_.size();
}

APIMACHINERY_DECL void ServerState::Shutdown() { CloseAllWatches(); }

APIMACHINERY_DECL std::string ServerState::GoKind(const nlohmann::json& j) {
  if (j.is_object()) return "object";
  if (j.is_array()) return "array";
  if (j.is_string()) return "string";
  if (j.is_boolean()) return "bool";
  if (j.is_null()) return "null";
  return "number";
}

APIMACHINERY_DECL void ServerState::Count(const char* verb) { ++counts_[verb]; }

APIMACHINERY_DECL metav1::Time ServerState::WallNow() const {
  auto elapsed = std::chrono::duration_cast<std::chrono::seconds>(clock_->Now() - clock_start_);
  return metav1::Time{opts_.start_time + elapsed};
}

APIMACHINERY_DECL ResourceInfo& ServerState::ResourceLocked(const schema::GroupVersionResource& gvr,
                                                            std::string_view ns, std::string_view verb) {
  auto it = resources_.find(gvr);
  if (it == resources_.end() || (!ns.empty() && !it->second->Namespaced())) {
    throw errors::NewGenericServerResponse(errors::kStatusNotFound, verb, schema::GroupResource{}, "", "", 0,
                                           false);
  }
  return *it->second;
}

APIMACHINERY_DECL void ServerState::CheckBody(const ResourceInfo& r, nlohmann::json& obj) {
  if (!obj.is_object()) {
    const std::string text = util::json::Marshal(obj);
    throw errors::NewBadRequest(
        fmt::format("the object provided is unrecognized (must be of type {}): json: cannot unmarshal {} "
                    "into Go value of type "
                    "map[string]interface {{}} ({})",
                    r.kind, GoKind(obj), SummarizeData(text, 30)));
  }
  auto av = obj.find("apiVersion");
  auto k = obj.find("kind");
  if ((av != obj.end() && !av->is_string()) || (k != obj.end() && !k->is_string())) {
    const std::string text = util::json::Marshal(obj);
    throw errors::NewBadRequest(
        fmt::format("the object provided is unrecognized (must be of type {}): couldn't get version/kind; "
                    "json parse error: "
                    "json: cannot unmarshal {} into Go struct field .{} of type string ({})",
                    r.kind, GoKind(av != obj.end() && !av->is_string() ? *av : *k),
                    av != obj.end() && !av->is_string() ? "apiVersion" : "kind", SummarizeData(text, 30)));
  }
  const std::string api_version = av == obj.end() ? std::string() : av->get<std::string>();
  if (!api_version.empty() && api_version != r.APIVersion()) {
    std::string gv_text = api_version;
    try {
      gv_text = schema::ParseGroupVersion(api_version).String();
    } catch (const std::exception&) {
    }
    throw errors::NewBadRequest(
        fmt::format("the API version in the data ({}) does not match the expected API version ({})", gv_text,
                    r.APIVersion()));
  }
  obj["apiVersion"] = r.APIVersion();
  const std::string kind = k == obj.end() ? std::string() : k->get<std::string>();
  if (kind.empty()) obj["kind"] = r.kind;
  auto md = obj.find("metadata");
  if (md == obj.end() || md->is_null()) {
    obj["metadata"] = nlohmann::json::object();
  } else {
    try {
      (void)md->get<metav1::ObjectMeta>();
    } catch (const std::exception& e) {
      throw errors::NewBadRequest(e.what());
    }
  }
  if (!kind.empty() && kind != r.kind) {
    std::vector<metav1::StatusCause> causes{
        CauseOf(field::Invalid(field::NewPath("kind"), kind, fmt::format("must be {}", r.kind)))};
    throw errors::NewInvalid(schema::GroupKind{r.gvr.group, r.kind},
                             obj["metadata"].value("name", std::string()), causes);
  }
}

APIMACHINERY_DECL void ServerState::ThrowInvalidKind(const schema::GroupKind& gk, std::string_view name,
                                                     const std::vector<field::Error>& errs) {
  if (errs.empty()) return;
  std::vector<metav1::StatusCause> causes;
  causes.reserve(errs.size());
  for (const auto& e : errs) causes.push_back(CauseOf(e));
  throw errors::NewInvalid(gk, name, causes);
}

APIMACHINERY_DECL void ServerState::ThrowInvalid(const ResourceInfo& r, std::string_view name,
                                                 const std::vector<field::Error>& errs) {
  if (errs.empty()) return;
  std::vector<metav1::StatusCause> causes;
  causes.reserve(errs.size());
  for (const auto& e : errs) causes.push_back(CauseOf(e));
  throw errors::NewInvalid(schema::GroupKind{r.gvr.group, r.kind}, name, causes);
}

APIMACHINERY_DECL StoredState ServerState::StoredLocked(const ResourceInfo& r,
                                                        const ObjectMap::value_type& e) {
  auto p = r.parsed.find(e.first);
  if (p != r.parsed.end() && p->second.bytes == e.second) {
    if (Doc d = p->second.doc.lock()) return StoredState{std::move(d), {}};
  }
  return StoredState{nullptr, util::json::Parse(*e.second)};
}

APIMACHINERY_DECL std::string ServerState::MarshalLike(const nlohmann::json& obj, const std::string& like) {
  std::string out;
  out.reserve(like.size() + like.size() / 8 + 64);
  util::json::AppendMarshal(out, obj);
  return out;
}

APIMACHINERY_DECL bool ServerState::EqualOutsideMetadata(const nlohmann::json& a, const nlohmann::json& b) {
  if (!a.is_object() || !b.is_object()) return util::json::Equal(a, b);
  std::size_t na = 0;
  for (auto it = a.begin(); it != a.end(); ++it) {
    if (it.key() == "metadata") continue;
    ++na;
    auto other = b.find(it.key());
    if (other == b.end() || !util::json::Equal(it.value(), *other)) return false;
  }
  return na == b.size() - (b.contains("metadata") ? 1 : 0);
}

APIMACHINERY_DECL std::vector<std::string> ServerState::Finalizers(const nlohmann::json& md) {
  std::vector<std::string> out;
  auto it = md.find("finalizers");
  if (it == md.end() || !it->is_array()) return out;
  for (const auto& f : *it) {
    if (f.is_string()) out.push_back(f.get<std::string>());
  }
  return out;
}

APIMACHINERY_DECL std::string ServerState::SettleNamespace(const ResourceInfo& r, nlohmann::json& md,
                                                           std::string_view ns) {
  if (!r.Namespaced()) {
    md.erase("namespace");
    return {};
  }
  std::string body_ns = md.value("namespace", std::string());
  if (body_ns.empty()) body_ns = std::string(ns);
  if (!ns.empty() && body_ns != ns) {
    throw errors::NewBadRequest(
        "the namespace of the provided object does not match the namespace sent on the request");
  }
  md["namespace"] = body_ns;
  return body_ns;
}

APIMACHINERY_DECL void ServerState::RequireNamespace(const ResourceInfo& r, std::string_view ns,
                                                     std::string_view verb) {
  if (r.Namespaced() && ns.empty()) {
    throw errors::NewGenericServerResponse(errors::kStatusNotFound, verb, schema::GroupResource{}, "", "", 0,
                                           false);
  }
}

APIMACHINERY_DECL bool ServerState::ServesSubresource(const ResourceInfo& r, std::string_view subresource) {
  return (subresource == "status" && r.subresources.status) ||
         (subresource == "scale" && r.subresources.scale.has_value());
}

APIMACHINERY_DECL void ServerState::SettleBodyNamespace(nlohmann::json& body, std::string_view ns) {
  if (!body.is_object()) return;
  auto md = body.find("metadata");
  if (md == body.end() || md->is_null()) md = body.emplace("metadata", nlohmann::json::object()).first;
  if (!md->is_object()) return;
  auto v = md->find("namespace");
  const std::string body_ns = v != md->end() && v->is_string() ? v->get<std::string>() : std::string();
  if (body_ns == ns) return;
  if (body_ns.empty() || ns.empty()) {
    if (ns.empty()) {
      md->erase("namespace");
    } else {
      (*md)["namespace"] = std::string(ns);
    }
    return;
  }
  throw errors::NewBadRequest(
      "the namespace of the provided object does not match the namespace sent on the request");
}

APIMACHINERY_DECL std::string ServerState::GoStrings(const std::vector<std::string>& v) {
  std::string out = "[";
  for (std::size_t i = 0; i < v.size(); ++i) out += (i == 0 ? "" : " ") + v[i];
  return out + "]";
}

APIMACHINERY_DECL std::pair<std::string, std::optional<metav1::DeleteOptions>> ServerState::DecodeEviction(
    const nlohmann::json& body) {
  auto unrecognized_because = [&](const std::string& why) {
    return errors::NewBadRequest(
        fmt::format("the object provided is unrecognized (must be of type Eviction): {} ({})", why,
                    SummarizeData(util::json::Marshal(body), 30)));
  };
  auto unrecognized = [&](const std::string& why) {
    return unrecognized_because("couldn't get version/kind; json parse error: " + why);
  };
  if (!body.is_object()) {
    throw unrecognized(fmt::format(
        "json: cannot unmarshal {} into Go value of type struct {{ APIVersion string \"json:\\\"apiVersion,"
        "omitempty\\\"\"; Kind string \"json:\\\"kind,omitempty\\\"\" }}",
        GoKind(body)));
  }
  for (const char* key : {"apiVersion", "kind"}) {
    auto v = body.find(key);
    if (v != body.end() && !v->is_string() && !v->is_null()) {
      throw unrecognized(
          fmt::format("json: cannot unmarshal {} into Go struct field .{} of type string", GoKind(*v), key));
    }
  }
  const std::string api_version = body.value("apiVersion", nlohmann::json()).is_string()
                                      ? body["apiVersion"].get<std::string>()
                                      : std::string();
  std::string kind =
      body.value("kind", nlohmann::json()).is_string() ? body["kind"].get<std::string>() : std::string();
  schema::GroupVersion gv{"policy", "v1"};
  if (!api_version.empty()) {
    try {
      gv = schema::ParseGroupVersion(api_version);
    } catch (const std::exception& e) {
      throw unrecognized_because(e.what());
    }
  }
  if (kind.empty()) kind = "Eviction";
  const bool accepted =
      kind == "Eviction" && gv.group == "policy" && (gv.version == "v1" || gv.version == "v1beta1");
  if (!accepted) {
    throw errors::NewBadRequest(
        fmt::format("{} in version {} cannot be handled as a Eviction: no kind {} is registered for "
                    "version {} in scheme \"pkg/api/legacyscheme/scheme.go:30\"",
                    kind, util::Quote(gv.version), util::Quote(kind), util::Quote(gv.String())));
  }
  auto decode_error = [&](const std::exception& e) {
    return errors::NewBadRequest(fmt::format("Eviction in version {} cannot be handled as a Eviction: {}",
                                             util::Quote(gv.version), e.what()));
  };
  std::string name;
  auto md = body.find("metadata");
  if (md != body.end() && !md->is_null()) {
    try {
      name = md->get<metav1::ObjectMeta>().name;
    } catch (const std::exception& e) {
      throw decode_error(e);
    }
  }
  std::optional<metav1::DeleteOptions> delete_options;
  auto d = body.find("deleteOptions");
  if (d != body.end() && !d->is_null()) {
    try {
      delete_options = d->get<metav1::DeleteOptions>();
    } catch (const std::exception& e) {
      throw decode_error(e);
    }
  }
  return {std::move(name), std::move(delete_options)};
}

APIMACHINERY_DECL nlohmann::json ServerState::EvictLocked(ResourceInfo& r, std::string_view ns,
                                                          std::string_view name, nlohmann::json body,
                                                          const metav1::CreateOptions& options) {
  auto [body_name, body_delete] = DecodeEviction(body);
  SettleBodyNamespace(body, r.Namespaced() ? ns : std::string_view());
  if (body_name != name) throw errors::NewBadRequest("name in URL does not match name in Eviction object");
  if (body_delete && body_delete->ignore_store_read_error_with_cluster_breaking_potential.value_or(false)) {
    ThrowInvalidKind(
        schema::GroupKind{"policy", "Eviction"}, name,
        {field::Invalid(field::NewPath("deleteOptions", {"ignoreStoreReadErrorWithClusterBreakingPotential"}),
                        true, "can not be set for pod eviction, try after removing the option")});
  }
  metav1::DeleteOptions del;
  if (!body_delete) {
    del.dry_run = options.dry_run;
  } else {
    del = std::move(*body_delete);
    if (del.dry_run.empty()) {
      del.dry_run = options.dry_run;
    } else if (!options.dry_run.empty() && options.dry_run != del.dry_run) {
      metav1::Status st;
      st.status = std::string(metav1::kStatusFailure);
      st.code = errors::kStatusInternalServerError;
      st.message = fmt::format("Non-matching dry-run options in request and content: {} and {}",
                               GoStrings(options.dry_run), GoStrings(del.dry_run));
      throw errors::StatusError(std::move(st));
    }
  }
  const std::string key = KeyOf(r, ns, name);
  auto it = r.objects.find(key);
  if (it == r.objects.end()) throw errors::NewNotFound(r.GR(), name);
  if (del.dry_run.empty()) {
    nlohmann::json pod = StoredLocked(r, *it).Copy();
    const nlohmann::json& md = pod["metadata"];
    const schema::GroupResource pod_gr{"", "Pod"};  // eviction.go names it so for any resource
    if (del.preconditions) {
      const auto& p = *del.preconditions;
      const std::string uid = md.value("uid", std::string());
      const std::string rv = md.value("resourceVersion", std::string());
      if (p.uid && !p.uid->empty() && *p.uid != uid) {
        throw errors::NewConflict(
            pod_gr, name,
            fmt::format("the UID in the precondition ({}) does not match the UID in record ({}). "
                        "The object might have been deleted and then recreated",
                        *p.uid, uid));
      }
      if (p.resource_version && !p.resource_version->empty() && *p.resource_version != rv) {
        throw errors::NewConflict(
            pod_gr, name,
            fmt::format("the ResourceVersion in the precondition ({}) does not match the "
                        "ResourceVersion in record ({}). The object might have been modified",
                        *p.resource_version, rv));
      }
    }
    AddDisruptionTarget(pod);
    nlohmann::json updated =
        UpdateLocked(r, ns, std::move(pod), Strategy::kStatus, false, Tracking{"", "status", false});
    if (del.preconditions && del.preconditions->resource_version) {
      del.preconditions->resource_version = updated["metadata"].value("resourceVersion", std::string());
    }
  }
  DeleteLocked(r, key, name, del);
  return {{"kind", "Status"},
          {"apiVersion", "v1"},
          {"metadata", nlohmann::json::object()},
          {"status", std::string(metav1::kStatusSuccess)},
          {"code", kStatusCreated}};
}

APIMACHINERY_DECL void ServerState::AddDisruptionTarget(nlohmann::json& pod) const {
  nlohmann::json& status = pod["status"];
  if (!status.is_object()) status = nlohmann::json::object();
  nlohmann::json& conditions = status["conditions"];
  if (!conditions.is_array()) conditions = nlohmann::json::array();
  nlohmann::json condition = nlohmann::json::object();
  condition["type"] = "DisruptionTarget";
  condition["status"] = "True";
  condition["lastProbeTime"] = nullptr;  // a zero metav1.Time
  condition["lastTransitionTime"] = metav1::FormatRFC3339(WallNow());
  condition["reason"] = "EvictionByEvictionAPI";
  condition["message"] = "Eviction API: evicting";
  for (auto& c : conditions) {
    if (!c.is_object() || c.value("type", nlohmann::json()) != "DisruptionTarget") continue;
    if (c.value("status", nlohmann::json()) == "True" && c.contains("lastTransitionTime")) {
      condition["lastTransitionTime"] = c["lastTransitionTime"];
    }
    c = std::move(condition);
    return;
  }
  conditions.push_back(std::move(condition));
}

APIMACHINERY_DECL nlohmann::json ServerState::ScaleUpdateLocked(ResourceInfo& r, std::string_view ns,
                                                                const nlohmann::json& scale, bool dry,
                                                                const std::string& manager) {
  const ScaleSubresource& sc = *r.subresources.scale;
  if (!scale.is_object()) {
    throw errors::NewBadRequest(fmt::format("the object provided is unrecognized (must be of type Scale): {}",
                                            util::json::Marshal(scale)));
  }
  const nlohmann::json* name_v = NestedValue(scale, {"metadata", "name"});
  const std::string name = name_v != nullptr && name_v->is_string() ? name_v->get<std::string>() : "";
  auto it = r.objects.find(KeyOf(r, ns, name));
  if (it == r.objects.end()) throw errors::NewNotFound(r.GR(), name);
  nlohmann::json cr = StoredLocked(r, *it).Copy();
  const nlohmann::json* replicas = NestedValue(scale, {"spec", "replicas"});
  std::int64_t want = 0;
  if (replicas != nullptr && !replicas->is_null()) {
    if (!replicas->is_number_integer()) {
      throw errors::NewBadRequest(
          fmt::format("json: cannot unmarshal {} into Go struct field ScaleSpec.spec.replicas of type int32",
                      GoKind(*replicas)));
    }
    want = replicas->get<std::int64_t>();
  }
  if (want == kInvalidSpecReplicas) {
    throw errors::NewBadRequest(
        fmt::format("the spec replicas field {} cannot be empty", util::Quote(sc.spec_replicas_path)));
  }
  const auto fields = SplitFieldPath(sc.spec_replicas_path);
  nlohmann::json* cur = &cr;
  for (const auto& f : fields) {
    if (!cur->is_object()) *cur = nlohmann::json::object();
    cur = &(*cur)[f];
  }
  *cur = want;
  const nlohmann::json* rv_v = NestedValue(scale, {"metadata", "resourceVersion"});
  if (rv_v != nullptr && rv_v->is_string() && !rv_v->get<std::string>().empty()) {
    cr["metadata"]["resourceVersion"] = *rv_v;
  }
  nlohmann::json updated =
      UpdateLocked(r, ns, std::move(cr), Strategy::kMain, dry, Tracking{manager, "scale", true});
  return ScaleOf(updated, sc).first;
}

APIMACHINERY_DECL std::string ServerState::ManagerOf(std::string_view field_manager) const {
  return field_manager.empty() ? PrefixFromUserAgent(opts_.user_agent) : std::string(field_manager);
}

APIMACHINERY_DECL managedfields::FieldManager ServerState::FieldManagerFor(const ResourceInfo& r,
                                                                           std::string_view subresource) {
  managedfields::Set reset;
  if (subresource == "status") {
    reset.Insert({managedfields::PathElement::Field("metadata")});
    reset.Insert({managedfields::PathElement::Field("spec")});
  } else if (r.subresources.status) {
    reset.Insert({managedfields::PathElement::Field("status")});
  }
  return managedfields::FieldManager(r.object_type, r.gvr.GroupVersion().WithKind(r.kind),
                                     std::string(subresource), std::move(reset));
}

APIMACHINERY_DECL nlohmann::json ServerState::ApplyLocked(ResourceInfo& r, std::string_view ns,
                                                          std::string_view name, const nlohmann::json& patch,
                                                          bool force, const std::string& manager,
                                                          std::string_view subresource, bool dry) {
  if (!patch.is_object()) {
    throw errors::NewBadRequest(fmt::format(
        "error decoding YAML: json: cannot unmarshal {} into Go value of type map[string]interface {{}}",
        GoKind(patch)));
  }
  const managedfields::FieldManager fm = FieldManagerFor(r, subresource);
  const std::string now = metav1::FormatRFC3339(WallNow());
  auto it = r.objects.find(KeyOf(r, ns, name));
  const bool exists = it != r.objects.end();
  if (!exists && !subresource.empty()) throw errors::NewNotFound(r.GR(), name);
  nlohmann::json live =
      exists ? StoredLocked(r, *it).Copy() : nlohmann::json{{"apiVersion", r.APIVersion()}, {"kind", r.kind}};
  nlohmann::json next = fm.Apply(live, patch, manager, force, now);
  CheckBody(r, next);  // the merged object must decode (metadata as ObjectMeta): 400 otherwise
  const nlohmann::json* name_v = NestedValue(next, {"metadata", "name"});
  const std::string next_name = name_v != nullptr && name_v->is_string() ? name_v->get<std::string>() : "";
  if (next_name != name) {
    throw errors::NewBadRequest(
        fmt::format("the name of the object ({}) does not match the name on the URL ({})", next_name, name));
  }
  if (!exists) {
    if (next.contains("metadata") && next["metadata"].is_object() && next["metadata"].contains("uid")) {
      throw errors::NewConflict(
          r.GR(), name,
          fmt::format("uid mismatch: the provided object specified uid {}, and no existing "
                      "object was found",
                      next["metadata"]["uid"].is_string() ? next["metadata"]["uid"].get<std::string>()
                                                          : util::json::Marshal(next["metadata"]["uid"])));
    }
    return CreateLocked(r, ns, std::move(next), dry);
  }
  auto& md = next["metadata"];
  if (md.value("resourceVersion", std::string()).empty()) {
    md["resourceVersion"] = live["metadata"].value("resourceVersion", std::string());
  }
  return UpdateLocked(r, ns, std::move(next), subresource == "status" ? Strategy::kStatus : Strategy::kMain,
                      dry, Tracking{manager, std::string(subresource), false});
}

APIMACHINERY_DECL nlohmann::json ServerState::UpdateLocked(ResourceInfo& r, std::string_view ns,
                                                           nlohmann::json obj, Strategy strategy, bool dry,
                                                           const Tracking& tracking) {
  auto& request_md = obj["metadata"];
  const std::string name = request_md.value("name", std::string());
  const std::string obj_ns = SettleNamespace(r, request_md, ns);
  if (name.empty()) {
    ThrowInvalid(r, name,
                 {field::Required(field::NewPath("metadata", {"name"}), "name or generateName is required")});
  }
  const std::string key = KeyOf(r, obj_ns, name);
  auto it = r.objects.find(key);
  if (it == r.objects.end()) throw errors::NewNotFound(r.GR(), name);
  const std::string given_rv = request_md.value("resourceVersion", std::string());
  std::uint64_t new_rv = 0;
  try {
    new_rv = ParseRV(given_rv);
  } catch (const errors::StatusError&) {
    ThrowInvalid(r, name,
                 {field::Invalid(field::NewPath("metadata", {"resourceVersion"}), given_rv,
                                 "must be specified for an update")});
  }
  if (new_rv == 0) {
    std::vector<metav1::StatusCause> causes{CauseOf(field::Invalid(
        field::NewPath("metadata", {"resourceVersion"}), 0, "must be specified for an update"))};
    throw errors::NewInvalid(schema::GroupKind{r.gvr.group, r.gvr.resource}, name, causes);
  }
  const StoredState stored = StoredLocked(r, *it);
  const nlohmann::json& old = stored.JSON();
  const auto& old_md = old["metadata"];
  if (given_rv != old_md.value("resourceVersion", std::string())) {
    throw errors::NewConflict(r.GR(), name, kOptimisticLockErrorMsg);
  }
  if (tracking.track && opts_.track_managed_fields) {
    // update.go / patch.go: the field manager's transformer, before the strategy.
    obj = FieldManagerFor(r, tracking.subresource)
              .Update(old, std::move(obj), tracking.manager, metav1::FormatRFC3339(WallNow()));
  }
  auto& md = obj["metadata"];
  if (strategy == Strategy::kStatus) {
    // status_strategy.go: PrepareForUpdate: the stored object with the request's status (and
    // managedFields).
    nlohmann::json next = old;
    if (obj.contains("status")) {
      next["status"] = obj["status"];
    } else {
      next.erase("status");
    }
    if (md.contains("managedFields")) next["metadata"]["managedFields"] = md["managedFields"];
    obj = std::move(next);
    return FinishUpdateLocked(r, it, key, std::move(obj), old, false, dry);
  }
  if (r.subresources.status) {
    // strategy.go: PrepareForUpdate: the main endpoint cannot change status.
    if (old.contains("status")) {
      obj["status"] = old["status"];
    } else {
      obj.erase("status");
    }
  }
  // rest.BeforeUpdate: immutable metadata comes from the stored object.
  for (const char* k :
       {"uid", "creationTimestamp", "deletionTimestamp", "deletionGracePeriodSeconds", "generation"}) {
    if (old_md.contains(k)) {
      md[k] = old_md[k];
    } else {
      md.erase(k);
    }
  }
  const bool terminating = old_md.contains("deletionTimestamp");
  const std::vector<std::string> old_fin = Finalizers(old_md);
  const std::vector<std::string> new_fin = Finalizers(md);
  if (terminating) {
    std::set<std::string> extra(new_fin.begin(), new_fin.end());
    for (const auto& f : old_fin) extra.erase(f);
    if (!extra.empty()) {
      std::string list;
      for (const auto& f : extra) list += (list.empty() ? "" : ", ") + util::JSONQuote(f);
      // Twice, as kube-apiserver v1.37.2 answers it: ObjectMeta's update validation runs in the
      // custom resource strategy's ValidateUpdate and again in rest.BeforeUpdate (the message
      // names it once: the aggregate removes duplicates).
      const field::Error forbidden =
          field::Forbidden(field::NewPath("metadata", {"finalizers"}),
                           fmt::format("no new finalizers can be added if the object is being deleted, "
                                       "found new finalizers []string{{{}}}",
                                       list));
      ThrowInvalid(r, name, {forbidden, forbidden});
    }
    if (new_fin.empty()) {
      // store.go: shouldDeleteDuringUpdate; the stored state is what is deleted.
      if (dry) return old;
      const std::uint64_t rv = ++rv_;
      Bytes old_bytes = it->second;
      nlohmann::json last = old;
      last["metadata"]["resourceVersion"] = std::to_string(rv);
      r.objects.erase(it);
      RecordLocked(Change{rv, &r, watch::EventType::kDeleted, key, old_bytes,
                          std::make_shared<const std::string>(util::json::Marshal(last))},
                   &last, &old);
      return old;
    }
  }
  return FinishUpdateLocked(r, it, key, std::move(obj), old, true, dry);
}

APIMACHINERY_DECL nlohmann::json ServerState::FinishUpdateLocked(ResourceInfo& r, ObjectMap::iterator it,
                                                                 const std::string& key, nlohmann::json obj,
                                                                 const nlohmann::json& old,
                                                                 bool bump_generation, bool dry) {
  auto& md = obj["metadata"];
  const bool outside_changed = !EqualOutsideMetadata(obj, old);
  if (bump_generation && outside_changed) {
    md["generation"] = old["metadata"].value("generation", std::int64_t{0}) + 1;
  }
  if (!outside_changed && util::json::Equal(md, old["metadata"])) return old;  // no write, no event
  if (dry) return obj;
  const std::uint64_t rv = ++rv_;
  md["resourceVersion"] = std::to_string(rv);
  Bytes old_bytes = it->second;
  auto bytes = std::make_shared<const std::string>(MarshalLike(obj, *old_bytes));
  it->second = bytes;
  RecordLocked(Change{rv, &r, watch::EventType::kModified, key, old_bytes, bytes}, &obj, &old);
  return obj;
}

APIMACHINERY_DECL nlohmann::json ServerState::DeleteLocked(ResourceInfo& r, const std::string& key,
                                                           std::string_view name,
                                                           const metav1::DeleteOptions& options) {
  auto it = r.objects.find(key);
  if (it == r.objects.end()) throw errors::NewNotFound(r.GR(), name);
  nlohmann::json obj = StoredLocked(r, *it).Copy();
  auto& md = obj["metadata"];
  const schema::GroupResource kind_gr{r.gvr.group, r.kind};
  if (options.preconditions) {
    const auto& p = *options.preconditions;
    const std::string uid = md.value("uid", std::string());
    const std::string rv = md.value("resourceVersion", std::string());
    if (p.uid && *p.uid != uid) {
      throw errors::NewConflict(
          kind_gr, name,
          fmt::format("the UID in the precondition ({}) does not match the UID in record ({}). "
                      "The object might have been deleted and then recreated",
                      *p.uid, uid));
    }
    if (p.resource_version && *p.resource_version != rv) {
      throw errors::NewConflict(
          kind_gr, name,
          fmt::format("the ResourceVersion in the precondition ({}) does not match the "
                      "ResourceVersion in record ({}). The object might have been modified",
                      *p.resource_version, rv));
    }
  }
  const bool dry = !options.dry_run.empty();
  if (!Finalizers(md).empty()) {
    if (md.contains("deletionTimestamp")) return obj;  // already terminating: idempotent
    md["deletionTimestamp"] = metav1::FormatRFC3339(WallNow());
    md["deletionGracePeriodSeconds"] = 0;
    md["generation"] = md.value("generation", std::int64_t{0}) + 1;
    if (dry) return obj;
    const std::uint64_t rv = ++rv_;
    md["resourceVersion"] = std::to_string(rv);
    Bytes old_bytes = it->second;
    auto bytes = std::make_shared<const std::string>(util::json::Marshal(obj));
    it->second = bytes;
    RecordLocked(Change{rv, &r, watch::EventType::kModified, key, old_bytes, bytes}, &obj);
    return obj;
  }
  const std::string uid = md.value("uid", std::string());
  if (!dry) {
    const std::uint64_t rv = ++rv_;
    Bytes old_bytes = it->second;
    md["resourceVersion"] = std::to_string(rv);
    r.objects.erase(it);
    RecordLocked(Change{rv, &r, watch::EventType::kDeleted, key, old_bytes,
                        std::make_shared<const std::string>(util::json::Marshal(obj))},
                 &obj);
  }
  nlohmann::json status = {
      {"kind", "Status"},
      {"apiVersion", "v1"},
      {"metadata", nlohmann::json::object()},
      {"status", "Success"},
      {"details", {{"name", std::string(name)}, {"group", r.gvr.group}, {"kind", r.gvr.resource}}}};
  if (!uid.empty()) status["details"]["uid"] = uid;
  return status;
}

APIMACHINERY_DECL Filter ServerState::MakeFilter(const ResourceInfo& r, std::string_view ns,
                                                 const metav1::ListOptions& o) const {
  Filter f;
  f.namespace_ = r.Namespaced() ? std::string(ns) : std::string();
  try {
    f.label_selector = labels::Parse(o.label_selector);
  } catch (const labels::ParseError& e) {
    throw errors::NewBadRequest(e.what());
  }
  try {
    f.field_selector = fields::ParseSelector(o.field_selector);
  } catch (const fields::ParseError& e) {
    throw errors::NewBadRequest(e.what());
  }
  for (const auto& req : f.field_selector.Requirements()) {
    const std::string& label = req.field;
    const bool ok = label == "metadata.name" || (label == "metadata.namespace" && r.Namespaced()) ||
                    r.field_labels.count(label) != 0;
    if (!ok) throw errors::NewBadRequest(fmt::format("field label not supported: {}", label));
  }
  return f;
}

APIMACHINERY_DECL errors::StatusError ServerState::TooLarge(std::uint64_t want) const {
  errors::StatusError e =
      errors::NewTimeoutError(fmt::format("Too large resource version: {}, current: {}", want, rv_), 1);
  if (!e.err_status.details) e.err_status.details = metav1::StatusDetails{};
  e.err_status.details->causes = {metav1::StatusCause{std::string(metav1::kCauseTypeResourceVersionTooLarge),
                                                      "Too large resource version", ""}};
  return e;
}

APIMACHINERY_DECL std::string ServerState::EncodeContinue(const std::string& key, std::int64_t rv) {
  // storage/continue.go: EncodeContinue marshals continueToken in its field order (v, rv, start).
  return Base64RawURLEncode(fmt::format(R"({{"v":"meta.k8s.io/v1","rv":{},"start":{}}})", rv,
                                        util::json::Marshal(nlohmann::json(key))));
}

APIMACHINERY_DECL std::pair<std::string, std::int64_t> ServerState::DecodeContinue(const std::string& token) {
  auto bad = [](const std::string& why) {
    return errors::NewBadRequest(fmt::format("invalid continue token: {}", why));
  };
  std::string data;
  std::size_t at = 0;
  if (!Base64RawURLDecode(token, data, at)) {
    throw bad(fmt::format("continue key is not valid: illegal base64 data at input byte {}", at));
  }
  nlohmann::json j;
  try {
    j = util::json::Parse(data);
  } catch (const std::exception& e) {
    throw bad(fmt::format("continue key is not valid: {}", e.what()));
  }
  if (!j.is_object())
    throw bad("continue key is not valid: json: cannot unmarshal " + GoKind(j) +
              " into Go value of type storage.continueToken");
  const std::string v = j.contains("v") && j["v"].is_string() ? j["v"].get<std::string>() : std::string();
  if (v != "meta.k8s.io/v1") {
    throw bad("continue key is not valid: server does not recognize this encoded version " + v);
  }
  const std::int64_t rv = j.contains("rv") && j["rv"].is_number_integer() ? j["rv"].get<std::int64_t>() : 0;
  if (rv == 0) {
    throw bad("continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)");
  }
  const std::string start =
      j.contains("start") && j["start"].is_string() ? j["start"].get<std::string>() : std::string();
  if (start.empty()) throw bad("continue key is not valid: encoded start key empty (version meta.k8s.io/v1)");
  if (start.find("..") != std::string::npos || start.front() == '/') {
    throw bad("continue key is not valid: " + start);
  }
  return {start, rv};
}

APIMACHINERY_DECL const Snapshot* ServerState::FindSnapshot(const ResourceInfo& r, std::uint64_t rv) const {
  for (const auto& s : snapshots_) {
    if (s.resource == &r && s.rv == rv) return &s;
  }
  return nullptr;
}

APIMACHINERY_DECL void ServerState::SaveSnapshot(ResourceInfo& r, std::uint64_t rv, ObjectMap objects) {
  if (FindSnapshot(r, rv) != nullptr) return;
  snapshots_.push_back(Snapshot{&r, rv, std::move(objects)});
  while (snapshots_.size() > opts_.snapshot_count) snapshots_.pop_front();
}

APIMACHINERY_DECL ObjectMap ServerState::StateAtLocked(const ResourceInfo& r, std::uint64_t rv) const {
  ObjectMap out = r.objects;
  for (auto it = history_.rbegin(); it != history_.rend() && it->rv > rv; ++it) {
    if (it->resource != &r) continue;
    switch (it->type) {
      case watch::EventType::kAdded:
        out.erase(it->key);
        break;
      default:
        out[it->key] = it->old_object;
        break;
    }
  }
  return out;
}

APIMACHINERY_DECL nlohmann::json ServerState::ListDocument(const ResourceInfo& r, nlohmann::json items,
                                                           std::string rv, std::string cont,
                                                           std::optional<std::int64_t> remaining) const {
  nlohmann::json md = {{"resourceVersion", std::move(rv)}, {"continue", std::move(cont)}};
  if (remaining) md["remainingItemCount"] = *remaining;
  return {{"apiVersion", r.APIVersion()},
          {"kind", r.kind + "List"},
          {"metadata", std::move(md)},
          {"items", std::move(items)}};
}

APIMACHINERY_DECL std::shared_ptr<const runtime::Unstructured> ServerState::Bookmark(const ResourceInfo& r,
                                                                                     std::uint64_t rv,
                                                                                     bool initial_end) const {
  nlohmann::json md = {{"resourceVersion", std::to_string(rv)}};
  if (initial_end) md["annotations"] = {{std::string(kInitialEventsAnnotationKey), "true"}};
  return ToUnstructured({{"apiVersion", r.APIVersion()}, {"kind", r.kind}, {"metadata", std::move(md)}});
}

APIMACHINERY_DECL std::optional<watch::Event> ServerState::EventFor(EventSource& src, const Filter& f) {
  const ResourceInfo& r = *src.change.resource;
  switch (src.change.type) {
    case watch::EventType::kAdded:
    case watch::EventType::kDeleted:
      if (!Matches(r, f, src.NowJSON())) return std::nullopt;
      return watch::Event{src.change.type, src.Now()};
    default: {
      const bool now = Matches(r, f, src.NowJSON());
      const bool before = f.HasSelectors() ? Matches(r, f, src.OldJSON()) : now;
      if (now && before) return watch::Event{watch::EventType::kModified, src.Now()};
      if (now) return watch::Event{watch::EventType::kAdded, src.Now()};
      if (before) {
        nlohmann::json old = src.OldJSON();
        old["metadata"]["resourceVersion"] = std::to_string(src.change.rv);
        return watch::Event{watch::EventType::kDeleted, ToUnstructured(std::move(old))};
      }
      return std::nullopt;
    }
  }
}

APIMACHINERY_DECL bool ServerState::Enqueue(WatchQueue& q, watch::Event ev) {
  if (q.stopped || q.ended || q.dropped) return false;
  if (q.close_after == 0) {
    q.ended = true;
    return true;
  }
  const bool was_empty = q.queue.empty();
  q.queue.push_back(WatchQueue::Pending{std::move(ev), clock_->Now() + delay_});
  if (q.close_after > 0 && --q.close_after == 0) q.ended = true;
  return was_empty || q.ended;
}

APIMACHINERY_DECL void ServerState::RecordLocked(Change c, const nlohmann::json* now,
                                                 const nlohmann::json* old) {
  PruneLocked();
  EventSource src{c, now, old};
  for (auto& w : watches_) {
    if (w.resource != c.resource) continue;
    auto q = w.queue.lock();
    if (!q) continue;
    auto ev = EventFor(src, w.filter);
    if (!ev) continue;
    std::unique_lock ql(q->mu);
    const bool wake = Enqueue(*q, std::move(*ev));
    ql.unlock();
    if (wake) q->cv.notify_all();
  }
  if (c.type != watch::EventType::kDeleted && src.now) {
    c.resource->parsed[c.key] = ParsedRef{c.object, src.now};
  } else {
    c.resource->parsed.erase(c.key);
  }
  history_.push_back(std::move(c));
  while (history_.size() > opts_.history_size) {
    floor_ = history_.front().rv;
    history_.pop_front();
  }
}

APIMACHINERY_DECL void ServerState::PruneLocked() {
  watches_.erase(std::remove_if(watches_.begin(), watches_.end(),
                                [](const WatchRegistration& w) {
                                  auto q = w.queue.lock();
                                  if (!q) return true;
                                  std::lock_guard ql(q->mu);
                                  return q->stopped || (q->ended && !q->dropped);
                                }),
                 watches_.end());
}

APIMACHINERY_DECL nlohmann::json PartialMetadataJSON(const nlohmann::json& obj) {
  nlohmann::json out = {{"apiVersion", "meta.k8s.io/v1"}, {"kind", "PartialObjectMetadata"}};
  auto md = obj.find("metadata");
  out["metadata"] = md != obj.end() ? *md : nlohmann::json::object();
  return out;
}

APIMACHINERY_DECL nlohmann::json PartialMetadataListJSON(const nlohmann::json& list) {
  nlohmann::json items = nlohmann::json::array();
  for (const auto& item : list["items"]) items.push_back(PartialMetadataJSON(item));
  return {{"apiVersion", "meta.k8s.io/v1"},
          {"kind", "PartialObjectMetadataList"},
          {"metadata", list["metadata"]},
          {"items", std::move(items)}};
}

APIMACHINERY_DECL PartialMetadataWatch::PartialMetadataWatch(std::unique_ptr<watch::Interface> inner)
    : inner_(std::move(inner)) {}

APIMACHINERY_DECL std::optional<watch::Event> PartialMetadataWatch::Next() {
  auto ev = inner_->Next();
  if (!ev || ev->type == watch::EventType::kError) return ev;
  const auto* u = dynamic_cast<const runtime::Unstructured*>(ev->object.get());
  if (u == nullptr) return ev;
  auto p = std::make_shared<metav1::PartialObjectMetadata>(
      PartialMetadataJSON(u->Body()).get<metav1::PartialObjectMetadata>());
  ev->object = std::move(p);
  return ev;
}

APIMACHINERY_DECL void PartialMetadataWatch::Stop() noexcept { inner_->Stop(); }

APIMACHINERY_DECL ServerListerWatcher::ServerListerWatcher(std::shared_ptr<ServerState> s,
                                                           schema::GroupVersionResource gvr, std::string ns,
                                                           const runtime::Scheme* scheme, bool compact)
    : s_(std::move(s)), gvr_(std::move(gvr)), ns_(std::move(ns)), scheme_(scheme), compact_(compact) {}

APIMACHINERY_DECL cache::ListResult ServerListerWatcher::List(const metav1::ListOptions& options) {
  nlohmann::json list = s_->List(gvr_, ns_, options);
  cache::ListResult out;
  out.resource_version = list["metadata"]["resourceVersion"].get<std::string>();
  out.continue_ = list["metadata"]["continue"].get<std::string>();
  out.items.reserve(list["items"].size());
  for (auto& item : list["items"]) out.items.push_back(Decode(std::move(item)));
  return out;
}

APIMACHINERY_DECL std::unique_ptr<watch::Interface> ServerListerWatcher::Watch(
    const metav1::ListOptions& options) {
  auto w = s_->Watch(gvr_, ns_, options);
  if (compact_) return std::make_unique<CompactWatch>(std::move(w));
  if (scheme_ == nullptr) return w;
  return std::make_unique<TypedWatch>(std::move(w), *scheme_);
}

APIMACHINERY_DECL ServerListerWatcher::CompactWatch::CompactWatch(std::unique_ptr<watch::Interface> inner)
    : inner_(std::move(inner)) {}

APIMACHINERY_DECL std::optional<watch::Event> ServerListerWatcher::CompactWatch::Next() {
  auto ev = inner_->Next();
  if (!ev || ev->type == watch::EventType::kError) return ev;
  if (const auto* u = dynamic_cast<const runtime::Unstructured*>(ev->object.get())) {
    ev->object = std::make_shared<const runtime::CompactUnstructured>(*u);
  }
  return ev;
}

APIMACHINERY_DECL void ServerListerWatcher::CompactWatch::Stop() noexcept { inner_->Stop(); }

APIMACHINERY_DECL ServerListerWatcher::TypedWatch::TypedWatch(std::unique_ptr<watch::Interface> inner,
                                                              const runtime::Scheme& scheme)
    : inner_(std::move(inner)), codec_(scheme) {}

APIMACHINERY_DECL std::optional<watch::Event> ServerListerWatcher::TypedWatch::Next() {
  if (failed_) return std::nullopt;
  auto ev = inner_->Next();
  if (!ev || ev->type == watch::EventType::kError) return ev;
  const auto* u = dynamic_cast<const runtime::Unstructured*>(ev->object.get());
  if (u == nullptr) return ev;
  try {
    ev->object = std::shared_ptr<const runtime::Object>(codec_.Decode(u->MarshalJSON()));
  } catch (const std::exception& e) {
    failed_ = true;
    inner_->Stop();
    return watch::Event{watch::EventType::kError, StatusObject(errors::NewInternalError(e.what()))};
  }
  return ev;
}

APIMACHINERY_DECL void ServerListerWatcher::TypedWatch::Stop() noexcept { inner_->Stop(); }

APIMACHINERY_DECL std::shared_ptr<const runtime::Object> ServerListerWatcher::Decode(
    nlohmann::json item) const {
  if (compact_) return std::make_shared<const runtime::CompactUnstructured>(util::json::Compact::From(item));
  if (scheme_ == nullptr) return ToUnstructured(std::move(item));
  runtime::JSONSerializer codec(*scheme_);
  return std::shared_ptr<const runtime::Object>(codec.Decode(util::json::Marshal(item)));
}

}  // namespace apimachinery::testing::internal

namespace apimachinery::testing {

APIMACHINERY_DECL FakeAPIServer::FakeAPIServer(FakeAPIServerOptions options)
    : state_(std::make_shared<internal::ServerState>(std::move(options))) {}

APIMACHINERY_DECL FakeAPIServer::~FakeAPIServer() { state_->Shutdown(); }

APIMACHINERY_DECL void FakeAPIServer::AddResource(const schema::GroupVersionResource& gvr,
                                                  std::string_view kind, meta::RESTScopeName scope,
                                                  Subresources subresources) {
  state_->AddResource(gvr, kind, scope, std::move(subresources));
}

APIMACHINERY_DECL void FakeAPIServer::AddSubresourceCreate(const schema::GroupVersionResource& gvr,
                                                           std::string_view subresource,
                                                           SubresourceCreateHandler handler,
                                                           schema::GroupVersionKind kind) {
  state_->AddSubresourceCreate(gvr, subresource, std::move(handler), std::move(kind));
}

APIMACHINERY_DECL void FakeAPIServer::AddFieldLabel(const schema::GroupVersionResource& gvr,
                                                    std::string_view label) {
  state_->AddFieldLabel(gvr, label);
}

APIMACHINERY_DECL void FakeAPIServer::SetOpenAPISchema(const schema::GroupVersionResource& gvr,
                                                       const nlohmann::json& s) {
  state_->SetOpenAPISchema(gvr, s);
}

APIMACHINERY_DECL std::vector<discovery::APIGroup> FakeAPIServer::ServerGroups() const {
  return state_->ServerGroups();
}

APIMACHINERY_DECL discovery::APIResourceList FakeAPIServer::ServerResourcesForGroupVersion(
    std::string_view gv) const {
  return state_->ServerResourcesForGroupVersion(gv);
}

APIMACHINERY_DECL std::shared_ptr<discovery::MemoryDiscovery> FakeAPIServer::Discovery() const {
  std::vector<discovery::APIGroup> groups = state_->ServerGroups();
  std::vector<discovery::APIResourceList> lists;
  for (const auto& g : groups) {
    for (const auto& v : g.versions) lists.push_back(state_->ServerResourcesForGroupVersion(v.group_version));
  }
  return std::make_shared<discovery::MemoryDiscovery>(std::move(groups), std::move(lists));
}

APIMACHINERY_DECL std::shared_ptr<dynamic::Interface> FakeAPIServer::Dynamic() {
  return std::shared_ptr<dynamic::Interface>(std::shared_ptr<void>(), this);
}

APIMACHINERY_DECL nlohmann::json FakeAPIServer::Create(const schema::GroupVersionResource& gvr,
                                                       std::string_view ns, nlohmann::json object,
                                                       const metav1::CreateOptions& options,
                                                       std::string_view subresource) {
  return state_->Create(gvr, ns, std::move(object), options, subresource);
}

APIMACHINERY_DECL nlohmann::json FakeAPIServer::CreateSubresource(const schema::GroupVersionResource& gvr,
                                                                  std::string_view ns, std::string_view name,
                                                                  std::string_view subresource,
                                                                  nlohmann::json body,
                                                                  const metav1::CreateOptions& options) {
  return state_->CreateSubresource(gvr, ns, name, subresource, std::move(body), options);
}

APIMACHINERY_DECL nlohmann::json FakeAPIServer::Get(const schema::GroupVersionResource& gvr,
                                                    std::string_view ns, std::string_view name,
                                                    const metav1::GetOptions& options,
                                                    std::string_view subresource,
                                                    dynamic::ResponseShape shape) {
  nlohmann::json obj = state_->Get(gvr, ns, name, options, subresource);
  if (shape == dynamic::ResponseShape::kPartialObjectMetadata) return internal::PartialMetadataJSON(obj);
  return obj;
}

APIMACHINERY_DECL nlohmann::json FakeAPIServer::Update(const schema::GroupVersionResource& gvr,
                                                       std::string_view ns, nlohmann::json object,
                                                       const metav1::UpdateOptions& options,
                                                       std::string_view subresource) {
  return state_->Update(gvr, ns, std::move(object), options, subresource);
}

APIMACHINERY_DECL nlohmann::json FakeAPIServer::Patch(const schema::GroupVersionResource& gvr,
                                                      std::string_view ns, std::string_view name,
                                                      std::string_view patch_type,
                                                      const nlohmann::json& patch,
                                                      const metav1::PatchOptions& options,
                                                      std::string_view subresource) {
  return state_->Patch(gvr, ns, name, patch_type, patch, options, subresource);
}

APIMACHINERY_DECL nlohmann::json FakeAPIServer::Delete(const schema::GroupVersionResource& gvr,
                                                       std::string_view ns, std::string_view name,
                                                       const metav1::DeleteOptions& options) {
  return state_->Delete(gvr, ns, name, options);
}

APIMACHINERY_DECL nlohmann::json FakeAPIServer::DeleteCollection(const schema::GroupVersionResource& gvr,
                                                                 std::string_view ns,
                                                                 const metav1::DeleteOptions& options,
                                                                 const metav1::ListOptions& list_options) {
  return state_->DeleteCollection(gvr, ns, options, list_options);
}

APIMACHINERY_DECL nlohmann::json FakeAPIServer::DeleteCollection(const schema::GroupVersionResource& gvr,
                                                                 std::string_view ns,
                                                                 const metav1::ListOptions& options) {
  return DeleteCollection(gvr, ns, metav1::DeleteOptions{}, options);
}

APIMACHINERY_DECL nlohmann::json FakeAPIServer::List(const schema::GroupVersionResource& gvr,
                                                     std::string_view ns, const metav1::ListOptions& options,
                                                     dynamic::ResponseShape shape) {
  nlohmann::json list = state_->List(gvr, ns, options);
  if (shape == dynamic::ResponseShape::kPartialObjectMetadata) return internal::PartialMetadataListJSON(list);
  return list;
}

APIMACHINERY_DECL std::unique_ptr<watch::Interface> FakeAPIServer::Watch(
    const schema::GroupVersionResource& gvr, std::string_view ns, const metav1::ListOptions& options,
    dynamic::ResponseShape shape) {
  auto w = state_->Watch(gvr, ns, options);
  if (shape == dynamic::ResponseShape::kPartialObjectMetadata) {
    return std::make_unique<internal::PartialMetadataWatch>(std::move(w));
  }
  return w;
}

APIMACHINERY_DECL std::shared_ptr<cache::ListerWatcher> FakeAPIServer::ListerWatcher(
    const schema::GroupVersionResource& gvr, std::string_view ns) {
  return std::make_shared<internal::ServerListerWatcher>(state_, gvr, std::string(ns), nullptr);
}

APIMACHINERY_DECL std::shared_ptr<cache::ListerWatcher> FakeAPIServer::TypedListerWatcher(
    const runtime::Scheme& scheme, const schema::GroupVersionResource& gvr, std::string_view ns) {
  return std::make_shared<internal::ServerListerWatcher>(state_, gvr, std::string(ns), &scheme);
}

APIMACHINERY_DECL std::shared_ptr<cache::ListerWatcher> FakeAPIServer::CompactListerWatcher(
    const schema::GroupVersionResource& gvr, std::string_view ns) {
  return std::make_shared<internal::ServerListerWatcher>(state_, gvr, std::string(ns), nullptr, true);
}

APIMACHINERY_DECL std::string FakeAPIServer::CurrentResourceVersion() const {
  return state_->CurrentResourceVersion();
}

APIMACHINERY_DECL void FakeAPIServer::CloseAllWatches() { state_->CloseAllWatches(); }

APIMACHINERY_DECL void FakeAPIServer::CloseWatchesAfter(int events) { state_->CloseWatchesAfter(events); }

APIMACHINERY_DECL void FakeAPIServer::ExpireHistory() { state_->ExpireHistory(); }

APIMACHINERY_DECL void FakeAPIServer::FailNextLists(int n, int code) { state_->FailNextLists(n, code); }

APIMACHINERY_DECL void FakeAPIServer::FailNextWatches(int n, int code) { state_->FailNextWatches(n, code); }

APIMACHINERY_DECL void FakeAPIServer::EmitWatchError(int code) { state_->EmitWatchError(code); }

APIMACHINERY_DECL void FakeAPIServer::SetWatchEventDelay(std::chrono::milliseconds delay) {
  state_->SetWatchEventDelay(delay);
}

APIMACHINERY_DECL void FakeAPIServer::DropWatchesSilently() { state_->DropWatchesSilently(); }

APIMACHINERY_DECL void FakeAPIServer::SendBookmarks() { state_->SendBookmarks(); }

APIMACHINERY_DECL std::int64_t FakeAPIServer::RequestCount(std::string_view verb) const {
  return state_->RequestCount(verb);
}

APIMACHINERY_DECL std::map<std::string, std::int64_t> FakeAPIServer::RequestCounts() const {
  return state_->RequestCounts();
}

APIMACHINERY_DECL std::size_t FakeAPIServer::OpenWatches() const { return state_->OpenWatches(); }

}  // namespace apimachinery::testing
