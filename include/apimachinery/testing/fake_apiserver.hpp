// testing::FakeAPIServer: an in-memory Kubernetes API server for unit tests, with deterministic
// fault injection. It plays the role of client-go's fake clientsets and controller-runtime's
// envtest without a process: objects are JSON documents, stored serialized per resource (as etcd
// stores bytes), behind one global, strictly increasing resourceVersion.
//
// Example:
//   testing::FakeAPIServer server;
//   schema::GroupVersionResource widgets{"example.com", "v1", "widgets"};
//   server.AddResource(widgets, "Widget", meta::RESTScopeName::kNamespace);
//   auto w = server.Create(widgets, "ns", {{"apiVersion", "example.com/v1"}, {"kind", "Widget"},
//                                         {"metadata", {{"name", "a"}}}});
//   auto lw = server.ListerWatcher(widgets);          // a cache::ListerWatcher of Unstructured
//   server.CloseAllWatches();                          // fault injection
//   std::shared_ptr<dynamic::Interface> api = server.Dynamic();   // non-owning
//
// FakeAPIServer implements dynamic::Interface, so everything written over that interface
// (ctrl::Client, ctrl::Cache) runs against it unchanged.
//
// Semantics are those of kube-apiserver serving a custom resource (subresources: see below)
// (k8s.io/apiserver/pkg/registry/generic/registry/store.go: Store.Create, Update, Delete,
// DeleteCollection; pkg/registry/rest/create.go, update.go, delete.go: BeforeCreate,
// BeforeUpdate, BeforeDelete; pkg/storage/cacher/watch_cache.go and watch_cache_history.go: the
// list and watch paths; pkg/storage/continue.go: the continue token; pkg/endpoints/handlers/
// patch.go: applyJSPatch). Every error is an errors::StatusError with the server's code, reason
// and message:
// - Create: uid, creationTimestamp, resourceVersion and generation 1 assigned; generateName
//   keeps at most 58 characters and appends 5 random ones; missing name: 422 `metadata.name:
//   Required value: name or generateName is required`; a name that is not a DNS-1123 subdomain:
//   422 with validation's texts; a resourceVersion in the body: 500 `resourceVersion should not be
//   set on objects to be created` (verbatim: no reason, no details); a body namespace other than the
//   request's: 400 `the namespace of the provided object does not match the namespace sent on the request`
//   (an empty request namespace takes the body's); a namespace on a cluster-scoped object is dropped; an
//   existing name: 409 AlreadyExists (generated names add the `, the server was not able to generate a unique
//   name for the object` suffix and retryAfterSeconds 1). A missing apiVersion or kind is filled with the
//   resource's (the handler's default GVK); another apiVersion is 400 `the API version in the data (X) does
//   not match the expected API version (Y)`, another kind 422 `kind: Invalid value: "X": must be Y`; a body
//   that is not an object is 400 `the object provided is unrecognized (must be of type Kind): ...`.
// - Update: metadata.resourceVersion required (422 `... metadata.resourceVersion: Invalid value:
//   0: must be specified for an update`, custom resources have no unconditional update); a stale
//   one is 409 `Operation cannot be fulfilled on <plural>.<group> "<name>": the object has been
//   modified; please apply your changes to the latest version and try again`; uid,
//   creationTimestamp, deletionTimestamp are kept; generation +1 when anything outside metadata
//   changed; a write that changes nothing keeps the resourceVersion and emits no event; new
//   finalizers on a terminating object are 422 Forbidden (the cause twice, as the real server); removing the
//   last finalizer of a terminating object deletes it (the DELETED event carries the last stored state).
// - Patch: `application/merge-patch+json` (RFC 7386), `application/json-patch+json` (RFC 6902;
//   a failing operation is 422 `the server rejected our request due to an error in our
//   request`), `application/apply-patch+yaml` (server-side apply, below); anything else is 415 as
//   for a custom resource. The result is then an Update at the current resourceVersion (or the
//   patch's own, which must match).
// - Server-side apply and managedFields (managedfields::FieldManager; handlers/patch.go:
//   applyPatcher): every create, update and patch records its manager's fields in
//   metadata.managedFields (the fieldManager option, else the prefix of
//   FakeAPIServerOptions::user_agent, else "unknown"; 422 for a fieldManager over 128 bytes or with
//   a non-printable character). An apply patch needs a fieldManager (422 `fieldManager: Required
//   value: is required for apply patch`; `force` on another patch type is 422 `force: Forbidden:
//   may not be specified for non-apply patch`); it merges the configuration into the object,
//   removes what the manager applied before and omits now, answers 409 `Apply failed with N
//   conflict(s): ...` for fields another manager owns with a different value unless `force`, and
//   creates the object when it does not exist (not through a subresource: 404). The merge follows
//   SetOpenAPISchema's schema (list types, map keys, declared fields), else a deduced one. Through
//   "status" a manager owns status only; through the main resource of a resource with a status
//   subresource, never status (the strategies' reset fields); scale writes are managed with
//   subresource "scale".
// - Delete: preconditions (409 texts of rest/delete.go: BeforeDelete); finalizers set
//   deletionTimestamp, deletionGracePeriodSeconds 0 and generation+1 and keep the object (a
//   second delete returns it unchanged); else the object is removed and a Status Success is
//   returned. propagationPolicy and gracePeriodSeconds are accepted and ignored. DeleteCollection
//   of a namespaced resource without a namespace is 404 (the real server has no such route: 404
//   for a custom resource, 405 for a built-in one) and deletes nothing.
// - List: items in byte order of `<namespace>/<name>`; label and field selectors
//   (`metadata.name`, `metadata.namespace` for namespaced resources, labels added with
//   AddFieldLabel; else 400 `field label not supported: <label>`); limit/continue with pages from
//   the first page's snapshot (a continue token whose snapshot was dropped is 410 Expired with
//   upstream's inconsistent-continue text and a new token in the Status' metadata.continue);
//   `continue` is always present; remainingItemCount only without selectors; resourceVersion ""
//   (most recent), "0" (any: the most recent, limit ignored), N with resourceVersionMatch
//   NotOlderThan (504 `Too large resource version` when N is in the future) or Exact (the state
//   at N rebuilt from the event history; 410 `The resourceVersion for the provided list is too
//   old.` before it).
// - Watch: every change after the given resourceVersion, in order; from ""/"0" (or with
//   sendInitialEvents=true) synthetic ADDED events for the current objects first, then, with
//   allowWatchBookmarks, a BOOKMARK annotated `k8s.io/initial-events-end: "true"`; selectors are
//   applied to the old and the new state (leaving: DELETED with the old state at the new
//   resourceVersion; entering: ADDED); a resourceVersion older than the bounded history gets one
//   ERROR event (a metav1::Status, 410 Expired, `too old resource version: X (Y)`) and the watch
//   ends; sendInitialEvents requires resourceVersionMatch=NotOlderThan (422 otherwise);
//   timeoutSeconds ends the watch on the server's clock. Event objects are runtime::Unstructured.
//
// Fault injection (deterministic; each affects the watches open at the call unless it says
// otherwise): CloseAllWatches, CloseWatchesAfter(n), ExpireHistory (every later watch or exact
// list from an older resourceVersion gets 410; open watches are not touched), FailNextLists(n,
// code) (also paginated pages), FailNextWatches(n, code), EmitWatchError(code) (an ERROR event,
// then the watch ends), SetWatchEventDelay(d) (events queued from then on are held for d on the
// server's clock), DropWatchesSilently (open watches deliver nothing more and end only when
// stopped), SendBookmarks (a BOOKMARK at the current resourceVersion to every watch that asked
// for bookmarks: the periodic bookmark, driven by the test). RequestCount(verb) counts calls by
// verb (create, get, update, patch, delete, deletecollection, list, watch).
//
// Cost: every write serializes the object once; when a watch is open it also builds one event
// object from the written document (a copy, no parse), which every watch shares (an object
// leaving a selector gets its own copy) and which the server reuses as the parsed stored state
// while a watcher (an informer's store) still holds it: an update then parses nothing, and a
// list or a get copies that object instead of parsing the bytes (the server holds it weakly, so
// it keeps no parsed copy of its own). A list copies the resource's map of shared byte strings
// (O(n)). History: at most
// `history_size` events (default 1000). Watches never block writers: each has an unbounded queue.
//
// Thread-safety: every member function may be called from any thread. Watches and ListerWatchers
// share the server's state: they stay valid after the FakeAPIServer is destroyed (they then see
// no more changes).
//
// Subresources (AddResource's `subresources`, as a CRD's; apiextensions-apiserver
// pkg/registry/customresource: strategy.go, status_strategy.go, etcd.go: ScaleREST):
// - status: create drops `status`; an update or patch of the main resource keeps the stored
//   status (a request's status is ignored); an update or patch of "status" keeps everything but
//   status (and metadata.managedFields) from the stored object and never bumps generation. Get of
//   "status" is the whole object; create on "status" or "scale" is 405 MethodNotSupported.
// - scale: Get answers an autoscaling/v1 Scale (name, namespace, uid, resourceVersion,
//   creationTimestamp; spec.replicas from spec_replicas_path, status.replicas and selector from
//   the other paths; 500 `the spec replicas field ".spec.replicas" does not exist` when missing);
//   Update and Patch (merge or JSON patch of the Scale) write spec.replicas into the object (the
//   Scale's resourceVersion, when set, must match) as a main-resource update and answer the new
//   Scale.
// - Get: resourceVersion "" and "0" read the latest state; N is NotOlderThan (504 `Too large
//   resource version` when N is in the future; one that is not a number is a 500 Status whose
//   message is the field error, as kube-apiserver v1.37.2 answers).
// - Get, Patch and Delete of a namespaced object without a namespace: 404 `the server could not
//   find the requested resource`, as kube-apiserver v1.37.2 has no such route.
// - A subresource not served: 404 `<plural>.<group> "<name>" not found`
//   (customresource_handler.go: crdHandler.ServeHTTP).
// - Create on a subresource (CreateSubresource, or Create with `subresource`: the parent named by the
//   body's metadata.name) is served for "eviction" and for AddSubresourceCreate's handlers; first the
//   route (a namespaced parent without namespace: 404 as above), then dryRun (below), then:
//   - eviction, served by {"", "v1", "pods"} or a resource whose Subresources::eviction is true
//     (k8s.io/kubernetes pkg/registry/core/pod/storage/eviction.go: EvictionREST.Create with no
//     PodDisruptionBudget selecting the pod): the body is a policy/v1 (or v1beta1) Eviction
//     (another kind or version: 400 `<Kind> in version "<v>" cannot be handled as a Eviction: ...`);
//     its metadata.namespace must be the request's (400 as for a create); its metadata.name must be
//     the URL's (400 `name in URL does not match name in Eviction object`);
//     deleteOptions.ignoreStoreReadErrorWithClusterBreakingPotential is 422 on Eviction.policy; a
//     dryRun in both the query and deleteOptions must be the same (else 500 `Non-matching dry-run
//     options in request and content: [X] and [Y]`); a missing pod is 404 `pods "<name>" not found`.
//     Unless a dry run, deleteOptions' preconditions are checked (409 `Operation cannot be fulfilled on
//     Pod "<name>": ...`) and a status update adds the condition DisruptionTarget (status True, reason
//     EvictionByEvictionAPI, message `Eviction API: evicting`: a MODIFIED event); then the pod is
//     deleted as by Delete with deleteOptions (preconditions, finalizers: the pod stays, terminating;
//     dryRun). The answer is `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Success",
//     "code":201}`.
//   - a handler (AddSubresourceCreate): the body's namespace settled as for a create
//     (rest.EnsureObjectNamespaceMatchesRequestNamespace), the parent must exist (404 `<plural>.<group>
//     "<name>" not found`), then the handler answers, outside the server's lock; a Status it answers
//     without a code gets 201 (handlers/create.go: createHandler).
//   Each is one request: RequestCount("create") counts it (not the eviction's update and delete).
// dryRun (create, update, patch, delete, deletecollection): "All" runs every check and answers as
// the real write would, storing nothing, emitting no event and taking no resourceVersion (a created
// object has none; an updated one keeps the stored one); another value is 422 `dryRun: Unsupported
// value: ["X"]: supported values: "All"` on `<Kind>Options.meta.k8s.io`.
//
// Differences from upstream: no admission, no defaulting or validation (objects are stored as sent,
// after metadata handling; a schema only guides apply); apply to the scale subresource is 415
// (kube-apiserver v1.37.2 answers it for a custom resource only when the apply conflicts, 409, or
// changes nothing; otherwise 500 `failed to convert new object (/<name>; autoscaling/v1,
// Kind=Scale) to proper version: request to convert CR to an invalid group/version:
// autoscaling/v1`, or `failed to create manager for existing fields: ...` when nobody owns the
// replicas, so a working apply here would answer what the real server cannot); apply bodies are JSON
// documents (the dynamic interface passes parsed JSON; YAML is JSON's superset on the wire) and the managed
// fields of a scale write are recorded against the custom resource's own paths (upstream maps them through
// the Scale's, scalehandler.go); the kubectl last-applied annotation is not maintained; no graceful deletion
// (pods' deletionGracePeriodSeconds) and no garbage collector (propagationPolicy is ignored); eviction knows
// no PodDisruptionBudgets (none is read: no 429 for a budget, the pod's phase and readiness do not matter)
// and retries nothing (conflicts cannot happen under the server's lock); an Eviction body of a kind
// kube-apiserver's scheme knows is refused with the text of an unknown one; a handler's parent is looked up
// before the handler's own checks (TokenREST checks the body's name first); a NotOlderThan list or a watch
// from a future resourceVersion does not wait (the list answers at once with 504, the watch waits for events
// past it); the base64 error offsets of a malformed continue token follow Go's decoder only for illegal
// characters.
#pragma once

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/api/errors/errors.hpp"
#include "apimachinery/apis/meta/v1/list_options.hpp"
#include "apimachinery/apis/meta/v1/partial_object_metadata.hpp"
#include "apimachinery/apis/meta/v1/status.hpp"
#include "apimachinery/apis/meta/v1/time.hpp"
#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/cache/listwatch.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/discovery/memory_discovery.hpp"
#include "apimachinery/discovery/types.hpp"
#include "apimachinery/dynamic/interface.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/fields/selector.hpp"
#include "apimachinery/labels/selector.hpp"
#include "apimachinery/meta/interfaces.hpp"
#include "apimachinery/runtime/codec_json.hpp"
#include "apimachinery/runtime/compact_unstructured.hpp"
#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/runtime/unstructured.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/testing/internal/fake_apiserver_util.hpp"
#include "apimachinery/util/ascii.hpp"
#include "apimachinery/util/clock.hpp"
#include "apimachinery/util/json/json.hpp"
#include "apimachinery/util/managedfields/field_manager.hpp"
#include "apimachinery/util/strconv.hpp"
#include "apimachinery/util/utf8.hpp"
#include "apimachinery/util/validation/field/errors.hpp"
#include "apimachinery/util/validation/validation.hpp"
#include "apimachinery/watch/event.hpp"

namespace apimachinery::testing {

// FakeAPIServerOptions: the server's clock, wall-clock origin, history bound and random seed.
struct FakeAPIServerOptions {
  // clock: the time source of watch delays, timeouts and timestamps (default: a RealClock).
  std::shared_ptr<util::clock::Clock> clock{};
  // start_time: the wall-clock time at construction (creationTimestamp = start_time + the clock's
  // elapsed time). Default: a fixed instant, 2024-01-01T00:00:00Z, so that tests are deterministic.
  std::chrono::sys_seconds start_time{std::chrono::sys_days{std::chrono::year{2024} / 1 / 1}};
  // history_size: how many events the watch history keeps.
  std::size_t history_size = 1000;
  // snapshot_count: how many paginated-list snapshots are kept for continue tokens.
  std::size_t snapshot_count = 64;
  // seed: the seed of generated names and UIDs.
  std::uint64_t seed = 1;
  // user_agent: the requests' User-Agent; a write without a fieldManager is managed by its prefix
  // up to the first `/` (handlers/create.go: managerOrUserAgent), "unknown" when that is empty.
  std::string user_agent{};
  // track_managed_fields: false keeps every write's metadata.managedFields as sent, as a server
  // without the field manager (for benchmarks whose objects must match objects that never had
  // them); apply patches are then 415, as for a server that does not serve them.
  bool track_managed_fields = true;
};

// ScaleSubresource: a custom resource's scale subresource (apiextensions/v1
// CustomResourceSubresourceScale): JSON paths (leading dot) of the replicas in spec and status and
// of the label selector (empty: none).
struct ScaleSubresource {
  std::string spec_replicas_path = ".spec.replicas";
  std::string status_replicas_path = ".status.replicas";
  std::string label_selector_path{};
};

// Subresources: the subresources a resource serves, as a CRD's `subresources` (status, scale),
// and whether it serves pods' "eviction" (see the top of this file; unset: only the resource
// {"", "v1", "pods"} does).
struct Subresources {
  bool status = false;
  std::optional<ScaleSubresource> scale{};
  std::optional<bool> eviction{};
};

// SubresourceCreateHandler: serves a create on a subresource (FakeAPIServer::AddSubresourceCreate).
// `parent`: the stored object the request names (a copy); `body`: the request body, as sent but for
// its metadata.namespace (settled as for any create); `options`: the request's CreateOptions
// (dryRun already validated: empty or "All"). Returns the response document; an
// errors::StatusError it throws is the server's answer. It runs without the server's lock held
// (it may call the server) and may run on several threads at once; each call gets its own copy
// of the parent (one parse, or one copy of the shared parsed state).
using SubresourceCreateHandler = std::function<nlohmann::json(
    const nlohmann::json& parent, nlohmann::json body, const metav1::CreateOptions& options)>;

namespace internal {

inline constexpr std::string_view kInitialEventsAnnotationKey = "k8s.io/initial-events-end";
inline constexpr std::int32_t kStatusCreated = 201;  // net/http StatusCreated
// kInvalidSpecReplicas: etcd.go's marker of a Scale whose custom resource has no spec replicas.
inline constexpr std::int64_t kInvalidSpecReplicas = -2147483648;
inline constexpr std::string_view kOptimisticLockErrorMsg =
    "the object has been modified; please apply your changes to the latest version and try again";
inline constexpr std::string_view kInconsistentContinue =
    "The provided continue parameter is too old to display a consistent list result. You can start a new "
    "list without the continue parameter, or use the continue token in this response to retrieve the "
    "remainder of the results. Continuing with the provided token results in an inconsistent list - "
    "objects that were created, modified, or deleted between the time the first chunk was returned and now "
    "may show up in the list.";
inline constexpr std::string_view kUnsupportedPatch =
    "the body of the request was in an unknown format - accepted media types include: "
    "application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml";

using Bytes = std::shared_ptr<const std::string>;
using ObjectMap = std::map<std::string, Bytes>;
using Doc = std::shared_ptr<const runtime::Unstructured>;

// ParsedRef: the parsed form of a stored state, as the watch event that announced it (the
// object every watch of that event shares). Held weakly: it is reused only while a watcher (an
// informer's store) still holds it, so the server keeps no parsed copy of its own; `bytes`
// says which stored state it is.
struct ParsedRef {
  Bytes bytes;
  std::weak_ptr<const runtime::Unstructured> doc;
};

// SubresourceCreate: a subresource create registered with AddSubresourceCreate (shared: it is
// called after the server's lock is released, and may be replaced meanwhile).
struct SubresourceCreate {
  std::shared_ptr<const SubresourceCreateHandler> handler;
  schema::GroupVersionKind kind;  // discovery's group, version and kind of the subresource
};

struct ResourceInfo {
  schema::GroupVersionResource gvr;
  std::string kind;
  meta::RESTScopeName scope = meta::RESTScopeName::kNamespace;
  std::map<std::string, std::vector<std::string>> field_labels;  // label -> path in the object
  Subresources subresources;
  managedfields::TypeRef object_type = managedfields::ObjectType(nullptr);  // server-side apply's schema
  // creates: subresource -> its create (AddSubresourceCreate).
  std::map<std::string, SubresourceCreate, std::less<>> creates;
  ObjectMap objects;                        // "<ns>/<name>" or "<name>"
  std::map<std::string, ParsedRef> parsed;  // key -> the event object of its state

  APIMACHINERY_DECL bool Namespaced() const;
  // ServesEviction: Subresources::eviction, by default only for core/v1 pods.
  APIMACHINERY_DECL bool ServesEviction() const;
  APIMACHINERY_DECL schema::GroupResource GR() const;
  APIMACHINERY_DECL std::string APIVersion() const;
};

// Change: one entry of the event history. For kDeleted, `object` is the last state at the
// deletion's resourceVersion and `old_object` the stored state.
struct Change {
  std::uint64_t rv = 0;
  ResourceInfo* resource = nullptr;
  watch::EventType type = watch::EventType::kAdded;
  std::string key;
  Bytes old_object;
  Bytes object;
};

APIMACHINERY_DECL std::shared_ptr<const runtime::Unstructured> ToUnstructured(nlohmann::json doc);

// EventSource: the parsed forms of one change's states, built at most once for all the watches
// it reaches: from the writer's own documents when it has them (`now_json`, `old_json`, valid
// while the change is recorded), else from the bytes. Every watch gets the same event object.
struct EventSource {
  const Change& change;
  const nlohmann::json* now_json = nullptr;
  const nlohmann::json* old_json = nullptr;
  Doc now = nullptr;
  Doc old = nullptr;

  APIMACHINERY_DECL const nlohmann::json& NowJSON();
  APIMACHINERY_DECL const Doc& Now();
  APIMACHINERY_DECL const nlohmann::json& OldJSON();
};

// StoredState: a stored object's parsed form: the shared event object of its state when a
// watcher still holds it (no parse), else parsed from its bytes.
struct StoredState {
  Doc doc = nullptr;
  nlohmann::json parsed = nullptr;

  APIMACHINERY_DECL const nlohmann::json& JSON() const;
  // Copy: a document the caller may change (a copy of the shared one, or the parsed one moved).
  APIMACHINERY_DECL nlohmann::json Copy() &&;
};

// WatchQueue: the state one server-side watch shares with its client handle.
struct WatchQueue {
  struct Pending {
    watch::Event event;
    util::clock::Time deliver_at;
  };
  std::mutex mu;
  std::condition_variable cv;
  std::deque<Pending> queue;
  bool stopped = false;  // the client stopped it
  bool ended = false;    // the server ended it (delivered after the queue drains)
  bool dropped = false;  // delivers nothing more, never ends by itself
  std::int64_t close_after = -1;
  std::optional<util::clock::Time> deadline;
};

// Filter: what one watch (or list) selects.
struct Filter {
  std::string namespace_;
  labels::Selector label_selector;
  fields::Selector field_selector;
  APIMACHINERY_DECL bool HasSelectors() const;
};

struct WatchRegistration {
  std::weak_ptr<WatchQueue> queue;
  ResourceInfo* resource = nullptr;
  Filter filter;
  bool bookmarks = false;
};

struct Snapshot {
  ResourceInfo* resource = nullptr;
  std::uint64_t rv = 0;
  ObjectMap objects;
};

// Strategy: which registry strategy a write goes through (apiextensions-apiserver
// pkg/registry/customresource: strategy.go customResourceStrategy, status_strategy.go
// statusStrategy; a scale write is a main-strategy write of the changed replicas).
enum class Strategy { kMain, kStatus };

// Tracking: who a write's managed fields go to (the fieldManager, or the User-Agent's prefix) and
// through which endpoint ("", "status", "scale"); `track` is false when an apply already did it.
struct Tracking {
  std::string manager;
  std::string subresource;
  bool track = true;
};

// IsDryRun: options.dryRun validated (apis/meta/v1/validation: ValidateDryRun; the handlers'
// `<Kind>Options.meta.k8s.io "" is invalid` 422) and whether it asks for a dry run.
APIMACHINERY_DECL bool IsDryRun(const std::vector<std::string>& dry_run, std::string_view options_kind);

// ValidateFieldManager: options.fieldManager validated (apis/meta/v1/validation:
// ValidateFieldManager, ValidatePatchOptions' apply rules), as a 422 on `<Kind>Options.meta.k8s.io`.
APIMACHINERY_DECL void ValidateFieldManager(std::string_view manager, std::string_view options_kind,
                                            std::optional<std::string_view> patch_type = std::nullopt,
                                            const std::optional<bool>& force = std::nullopt);

// PrefixFromUserAgent: handlers/create.go prefixFromUserAgent (the text before the first `/`,
// non-printable runes dropped, at most 128 bytes).
APIMACHINERY_DECL std::string PrefixFromUserAgent(std::string_view ua);

// SplitFieldPath: a CRD JSON path (".spec.replicas") as its fields.
APIMACHINERY_DECL std::vector<std::string> SplitFieldPath(std::string_view path);

// GoTypeName: the %T of a decoded JSON value in Go.
APIMACHINERY_DECL std::string_view GoTypeName(const nlohmann::json& v);

// NestedValue: the value at `fields` of `obj`, or nullptr (unstructured.NestedFieldNoCopy).
APIMACHINERY_DECL const nlohmann::json* NestedValue(const nlohmann::json& obj,
                                                    const std::vector<std::string>& fields);

// NestedInt64: unstructured.NestedInt64 (the `<path> accessor error: ...` as a 500).
APIMACHINERY_DECL std::optional<std::int64_t> NestedInt64(const nlohmann::json& obj, std::string_view path);

// ScaleOf: the autoscaling/v1 Scale of a custom resource (customresource/etcd.go:
// scaleFromCustomResource); the bool is whether spec replicas was found.
APIMACHINERY_DECL std::pair<nlohmann::json, bool> ScaleOf(const nlohmann::json& cr,
                                                          const ScaleSubresource& sc);

class ServerState;

}  // namespace internal

class FakeAPIServer : public dynamic::Interface {
 public:
  APIMACHINERY_DECL explicit FakeAPIServer(FakeAPIServerOptions options = {});
  FakeAPIServer(const FakeAPIServer&) = delete;
  FakeAPIServer& operator=(const FakeAPIServer&) = delete;
  FakeAPIServer(FakeAPIServer&&) = delete;
  FakeAPIServer& operator=(FakeAPIServer&&) = delete;
  APIMACHINERY_DECL ~FakeAPIServer() override;

  // AddResource registers a resource (list kind `<kind>List`) serving `subresources` (see the top
  // of this file). Re-registering replaces the kind, scope and subresources and keeps the objects.
  APIMACHINERY_DECL void AddResource(const schema::GroupVersionResource& gvr, std::string_view kind,
                                     meta::RESTScopeName scope, Subresources subresources = {});
  // AddFieldLabel makes `label` (for example "spec.nodeName") a supported field selector of `gvr`,
  // read from the dotted path of the same name in the object (a missing value is "").
  APIMACHINERY_DECL void AddFieldLabel(const schema::GroupVersionResource& gvr, std::string_view label);
  // SetOpenAPISchema: the structural schema (a CRD version's `openAPIV3Schema`) that server-side
  // apply merges `gvr`'s objects with: its list types and map keys, declared fields and
  // `x-kubernetes-preserve-unknown-fields` (managedfields::TypeFromOpenAPI). Without one, every
  // field outside metadata is deduced: maps granular, lists atomic (a schema of
  // `x-kubernetes-preserve-unknown-fields: true`). The schema is not used for validation.
  APIMACHINERY_DECL void SetOpenAPISchema(const schema::GroupVersionResource& gvr,
                                          const nlohmann::json& openapi_v3_schema);
  // AddSubresourceCreate makes `gvr` serve creates on `subresource` (a service account's
  // "token": POST .../serviceaccounts/{name}/token) with `handler`, which answers for the stored
  // parent (see the top of this file); it takes precedence over the built-in "eviction".
  // `kind` is the subresource's group, version and kind in discovery (e.g.
  // {"authentication.k8s.io", "v1", "TokenRequest"}). Registering again replaces the handler.
  // Throws: errors::StatusError 404 for a resource not registered; apimachinery::Error for an
  // empty handler or a subresource name that is empty or holds '/'.
  APIMACHINERY_DECL void AddSubresourceCreate(const schema::GroupVersionResource& gvr,
                                              std::string_view subresource, SubresourceCreateHandler handler,
                                              schema::GroupVersionKind kind = {});

  // Discovery: the registered resources as the server's discovery documents.
  APIMACHINERY_DECL std::vector<discovery::APIGroup> ServerGroups() const;
  APIMACHINERY_DECL discovery::APIResourceList ServerResourcesForGroupVersion(
      std::string_view group_version) const;
  // Discovery: a MemoryDiscovery holding ServerGroups and every group-version's resources now.
  APIMACHINERY_DECL std::shared_ptr<discovery::MemoryDiscovery> Discovery() const;

  // Dynamic: this server as a std::shared_ptr<dynamic::Interface> that does not own it (an aliasing
  // shared_ptr with no control block): the server must outlive every copy.
  APIMACHINERY_DECL std::shared_ptr<dynamic::Interface> Dynamic();

  // The dynamic::Interface verbs. `shape` kPartialObjectMetadata answers Get with
  // `{"apiVersion":"meta.k8s.io/v1","kind":"PartialObjectMetadata","metadata":{...}}`, List with a
  // `PartialObjectMetadataList` of such items and Watch with metav1::PartialObjectMetadata event
  // objects (ERROR events keep their metav1::Status). `subresource` "status" and "scale" are served
  // when AddResource enabled them, others are 404 (see the top of this file). GetOptions are
  // ignored (a get reads the latest state); fieldValidation is accepted and ignored.
  APIMACHINERY_DECL nlohmann::json Get(
      const schema::GroupVersionResource& gvr, std::string_view namespace_, std::string_view name,
      const metav1::GetOptions& options = {}, std::string_view subresource = {},
      dynamic::ResponseShape shape = dynamic::ResponseShape::kObject) override;
  APIMACHINERY_DECL nlohmann::json List(
      const schema::GroupVersionResource& gvr, std::string_view namespace_,
      const metav1::ListOptions& options,
      dynamic::ResponseShape shape = dynamic::ResponseShape::kObject) override;
  APIMACHINERY_DECL std::unique_ptr<watch::Interface> Watch(
      const schema::GroupVersionResource& gvr, std::string_view namespace_,
      const metav1::ListOptions& options,
      dynamic::ResponseShape shape = dynamic::ResponseShape::kObject) override;
  APIMACHINERY_DECL nlohmann::json Create(const schema::GroupVersionResource& gvr,
                                          std::string_view namespace_, nlohmann::json object,
                                          const metav1::CreateOptions& options = {},
                                          std::string_view subresource = {}) override;
  // CreateSubresource: the create of a subresource (see the top of this file: built-in "eviction",
  // AddSubresourceCreate's handlers; others 404, "status" and "scale" 405). The handler of
  // AddSubresourceCreate runs without the server's lock held (it may call the server).
  APIMACHINERY_DECL nlohmann::json CreateSubresource(const schema::GroupVersionResource& gvr,
                                                     std::string_view namespace_, std::string_view name,
                                                     std::string_view subresource, nlohmann::json body,
                                                     const metav1::CreateOptions& options = {}) override;
  APIMACHINERY_DECL nlohmann::json Update(const schema::GroupVersionResource& gvr,
                                          std::string_view namespace_, nlohmann::json object,
                                          const metav1::UpdateOptions& options = {},
                                          std::string_view subresource = {}) override;
  APIMACHINERY_DECL nlohmann::json Patch(const schema::GroupVersionResource& gvr, std::string_view namespace_,
                                         std::string_view name, std::string_view patch_type,
                                         const nlohmann::json& patch,
                                         const metav1::PatchOptions& options = {},
                                         std::string_view subresource = {}) override;
  APIMACHINERY_DECL nlohmann::json Delete(const schema::GroupVersionResource& gvr,
                                          std::string_view namespace_, std::string_view name,
                                          const metav1::DeleteOptions& options = {}) override;
  APIMACHINERY_DECL nlohmann::json DeleteCollection(const schema::GroupVersionResource& gvr,
                                                    std::string_view namespace_,
                                                    const metav1::DeleteOptions& options,
                                                    const metav1::ListOptions& list_options) override;
  // DeleteCollection with default DeleteOptions.
  APIMACHINERY_DECL nlohmann::json DeleteCollection(const schema::GroupVersionResource& gvr,
                                                    std::string_view namespace_,
                                                    const metav1::ListOptions& options);

  // ListerWatcher: List and Watch of `gvr` in `namespace_` ("" = all) as a cache::ListerWatcher
  // of runtime::Unstructured objects.
  APIMACHINERY_DECL std::shared_ptr<cache::ListerWatcher> ListerWatcher(
      const schema::GroupVersionResource& gvr, std::string_view namespace_ = "");
  // TypedListerWatcher: the same, with every item and event object decoded through `scheme`
  // (runtime::JSONSerializer::Decode; an unregistered kind stays Unstructured). `scheme` must
  // outlive the ListerWatcher and its watches. A watch event that fails to decode becomes an
  // ERROR event (500, the decoder's text) and ends the watch.
  APIMACHINERY_DECL std::shared_ptr<cache::ListerWatcher> TypedListerWatcher(
      const runtime::Scheme& scheme, const schema::GroupVersionResource& gvr,
      std::string_view namespace_ = "");
  // CompactListerWatcher: the same, with every item and event object a
  // runtime::CompactUnstructured (immutable, a fraction of an Unstructured's memory).
  APIMACHINERY_DECL std::shared_ptr<cache::ListerWatcher> CompactListerWatcher(
      const schema::GroupVersionResource& gvr, std::string_view namespace_ = "");

  APIMACHINERY_DECL std::string CurrentResourceVersion() const;

  // Fault injection (see the top of this file).
  APIMACHINERY_DECL void CloseAllWatches();
  APIMACHINERY_DECL void CloseWatchesAfter(int events);
  APIMACHINERY_DECL void ExpireHistory();
  APIMACHINERY_DECL void FailNextLists(int n, int code);
  APIMACHINERY_DECL void FailNextWatches(int n, int code);
  APIMACHINERY_DECL void EmitWatchError(int code);
  APIMACHINERY_DECL void SetWatchEventDelay(std::chrono::milliseconds delay);
  APIMACHINERY_DECL void DropWatchesSilently();
  APIMACHINERY_DECL void SendBookmarks();

  // RequestCount: calls of `verb` so far; RequestCounts: every verb's count.
  APIMACHINERY_DECL std::int64_t RequestCount(std::string_view verb) const;
  APIMACHINERY_DECL std::map<std::string, std::int64_t> RequestCounts() const;
  // OpenWatches: watches registered and neither stopped nor ended.
  APIMACHINERY_DECL std::size_t OpenWatches() const;

 private:
  std::shared_ptr<internal::ServerState> state_;
};

// StandardStatusError: the Status a server answers with for `code` (410 Expired with `message`
// or the list text, 429 with retryAfterSeconds 1, 504 Timeout, others errors.NewGenericServerResponse).
errors::StatusError StandardStatusError(int code, std::string_view verb, const schema::GroupResource& gr,
                                        std::string_view message = "");

// Implementation details follow.

namespace internal {

// ServerWatch: the client side of one watch.
class ServerWatch final : public watch::Interface {
 public:
  APIMACHINERY_DECL ServerWatch(std::shared_ptr<WatchQueue> q, std::shared_ptr<util::clock::Clock> clock);
  ServerWatch(const ServerWatch&) = delete;
  ServerWatch& operator=(const ServerWatch&) = delete;
  ServerWatch(ServerWatch&&) = delete;
  ServerWatch& operator=(ServerWatch&&) = delete;
  APIMACHINERY_DECL ~ServerWatch() override;

  APIMACHINERY_DECL std::optional<watch::Event> Next() override;

  APIMACHINERY_DECL void Stop() noexcept override;

 private:
  std::shared_ptr<WatchQueue> q_;
  std::shared_ptr<util::clock::Clock> clock_;
};

APIMACHINERY_DECL std::string KeyOf(const ResourceInfo& r, std::string_view ns, std::string_view name);

APIMACHINERY_DECL std::shared_ptr<const metav1::Status> StatusObject(const errors::StatusError& e);

// Fields of an object for field selectors (metadata.name, metadata.namespace, registered labels).
APIMACHINERY_DECL fields::Set FieldsOf(const ResourceInfo& r, const nlohmann::json& obj);

APIMACHINERY_DECL labels::Set LabelsOf(const nlohmann::json& obj);

APIMACHINERY_DECL bool Matches(const ResourceInfo& r, const Filter& f, const nlohmann::json& obj);

// ParseRV: storage's ParseResourceVersion ("" and "0" are 0); 400 `invalid resource version: ...`.
// ParseRV: a request's resourceVersion ("" and "0": 0). One that is not a number is 400 `invalid
// resource version: <field error>` for a list or watch; a get (`for_get`) answers the bare field
// error as a 500 Status without a reason, as kube-apiserver v1.37.2 does (cacher.go: Get returns
// the versioner's error unwrapped).
APIMACHINERY_DECL std::uint64_t ParseRV(std::string_view rv, bool for_get = false);

APIMACHINERY_DECL metav1::StatusCause CauseOf(const field::Error& e);

// ValidateListOptions: k8s.io/apimachinery/pkg/apis/meta/internalversion/validation:
// ValidateListOptions (the WatchList feature enabled), as a 422 on ListOptions.meta.k8s.io.
APIMACHINERY_DECL void ValidateListOptions(const metav1::ListOptions& o, bool is_watch);

class ServerState : public std::enable_shared_from_this<ServerState> {
 public:
  APIMACHINERY_DECL explicit ServerState(FakeAPIServerOptions o);

  // ---- registration and discovery ----

  APIMACHINERY_DECL void AddResource(const schema::GroupVersionResource& gvr, std::string_view kind,
                                     meta::RESTScopeName scope, Subresources subresources);

  APIMACHINERY_DECL void SetOpenAPISchema(const schema::GroupVersionResource& gvr,
                                          const nlohmann::json& openapi_v3_schema);

  APIMACHINERY_DECL void AddFieldLabel(const schema::GroupVersionResource& gvr, std::string_view label);

  APIMACHINERY_DECL void AddSubresourceCreate(const schema::GroupVersionResource& gvr,
                                              std::string_view subresource, SubresourceCreateHandler handler,
                                              schema::GroupVersionKind kind);

  APIMACHINERY_DECL std::vector<discovery::APIGroup> ServerGroups() const;

  APIMACHINERY_DECL discovery::APIResourceList ServerResourcesForGroupVersion(
      std::string_view group_version) const;

  // ---- CRUD ----

  APIMACHINERY_DECL nlohmann::json Create(const schema::GroupVersionResource& gvr, std::string_view ns,
                                          nlohmann::json obj, const metav1::CreateOptions& options,
                                          std::string_view subresource);

  // CreateLocked: the create path after the request checks (store.go: Create; rest.BeforeCreate).
  APIMACHINERY_DECL nlohmann::json CreateLocked(ResourceInfo& r, std::string_view ns, nlohmann::json obj,
                                                bool dry);

  // CreateSubresource: a create on subresource `subresource` of the object `name`. The route
  // first (no route: what a create on a subresource answered before: 405 for one served for
  // reads and writes, else 404 for the parent's name), then the create handler's dryRun check
  // (handlers/create.go: createHandler), then the built-in eviction or the registered handler,
  // which runs after the lock is released.
  APIMACHINERY_DECL nlohmann::json CreateSubresource(const schema::GroupVersionResource& gvr,
                                                     std::string_view ns, std::string_view name,
                                                     std::string_view subresource, nlohmann::json body,
                                                     const metav1::CreateOptions& options);

  APIMACHINERY_DECL nlohmann::json Get(const schema::GroupVersionResource& gvr, std::string_view ns,
                                       std::string_view name, const metav1::GetOptions& options,
                                       std::string_view subresource);

  APIMACHINERY_DECL nlohmann::json Update(const schema::GroupVersionResource& gvr, std::string_view ns,
                                          nlohmann::json obj, const metav1::UpdateOptions& options,
                                          std::string_view subresource);

  APIMACHINERY_DECL nlohmann::json Patch(const schema::GroupVersionResource& gvr, std::string_view ns,
                                         std::string_view name, std::string_view patch_type,
                                         const nlohmann::json& patch, const metav1::PatchOptions& options,
                                         std::string_view subresource);

  APIMACHINERY_DECL nlohmann::json Delete(const schema::GroupVersionResource& gvr, std::string_view ns,
                                          std::string_view name, const metav1::DeleteOptions& options);

  APIMACHINERY_DECL nlohmann::json DeleteCollection(const schema::GroupVersionResource& gvr,
                                                    std::string_view ns,
                                                    const metav1::DeleteOptions& delete_options,
                                                    const metav1::ListOptions& options);

  APIMACHINERY_DECL nlohmann::json List(const schema::GroupVersionResource& gvr, std::string_view ns,
                                        const metav1::ListOptions& o);

  APIMACHINERY_DECL std::unique_ptr<watch::Interface> Watch(const schema::GroupVersionResource& gvr,
                                                            std::string_view ns,
                                                            const metav1::ListOptions& o);

  APIMACHINERY_DECL std::string CurrentResourceVersion() const;

  // ---- faults ----

  template <class Fn>
  void ForEachWatch(Fn&& fn) {
    std::lock_guard lock(mu_);
    PruneLocked();
    for (auto& w : watches_) {
      if (auto q = w.queue.lock()) {
        std::lock_guard ql(q->mu);
        fn(w, *q);
        q->cv.notify_all();
      }
    }
    PruneLocked();
  }

  APIMACHINERY_DECL void CloseAllWatches();
  APIMACHINERY_DECL void CloseWatchesAfter(int events);
  APIMACHINERY_DECL void ExpireHistory();
  APIMACHINERY_DECL void FailNextLists(int n, int code);
  APIMACHINERY_DECL void FailNextWatches(int n, int code);
  APIMACHINERY_DECL void EmitWatchError(int code);
  APIMACHINERY_DECL void SetWatchEventDelay(std::chrono::milliseconds d);
  APIMACHINERY_DECL void DropWatchesSilently();
  APIMACHINERY_DECL void SendBookmarks();

  APIMACHINERY_DECL std::int64_t RequestCount(std::string_view verb) const;
  APIMACHINERY_DECL std::map<std::string, std::int64_t> RequestCounts() const;
  APIMACHINERY_DECL std::size_t OpenWatches();

  // Shutdown: ends every watch (the server is gone).
  APIMACHINERY_DECL void Shutdown();

 private:
  APIMACHINERY_DECL static std::string GoKind(const nlohmann::json& j);

  APIMACHINERY_DECL void Count(const char* verb);

  APIMACHINERY_DECL metav1::Time WallNow() const;

  APIMACHINERY_DECL ResourceInfo& ResourceLocked(const schema::GroupVersionResource& gvr, std::string_view ns,
                                                 std::string_view verb);

  // CheckBody: the decode step of the create/update handlers for a custom resource.
  APIMACHINERY_DECL static void CheckBody(const ResourceInfo& r, nlohmann::json& obj);

  APIMACHINERY_DECL static void ThrowInvalidKind(const schema::GroupKind& gk, std::string_view name,
                                                 const std::vector<field::Error>& errs);

  APIMACHINERY_DECL static void ThrowInvalid(const ResourceInfo& r, std::string_view name,
                                             const std::vector<field::Error>& errs);

  // StoredLocked: the parsed form of stored entry `e` of `r`: the shared event object of that
  // state while a watcher still holds it, else the bytes parsed.
  APIMACHINERY_DECL static StoredState StoredLocked(const ResourceInfo& r, const ObjectMap::value_type& e);

  // MarshalLike: Marshal(obj) into a string reserved at the size of `like` (the state it replaces)
  // plus some slack: one allocation of about the final size, not a doubling series.
  APIMACHINERY_DECL static std::string MarshalLike(const nlohmann::json& obj, const std::string& like);

  // EqualOutsideMetadata: whether two objects agree on every top-level key but "metadata" (what
  // decides a generation bump), without copying either.
  APIMACHINERY_DECL static bool EqualOutsideMetadata(const nlohmann::json& a, const nlohmann::json& b);

  APIMACHINERY_DECL static std::vector<std::string> Finalizers(const nlohmann::json& md);

  // SettleNamespace: the body's namespace against the request's
  // (rest.EnsureObjectNamespaceMatchesRequestNamespace): an empty one takes the request's, a different one is
  // 400; a cluster-scoped object's is dropped. Returns the object's namespace ("" when cluster-scoped).
  APIMACHINERY_DECL static std::string SettleNamespace(const ResourceInfo& r, nlohmann::json& md,
                                                       std::string_view ns);

  // RequireNamespace: a namespaced object addressed without namespace. kube-apiserver v1.37.2 has
  // no such route (a custom resource answers `404 page not found`, a built-in one the NotFound
  // Status `the server could not find the requested resource`; testdata/kube-apiserver-1.37.2):
  // the 404 a client makes of either. registry/generic's NamespaceKeyFunc 400 `Namespace
  // parameter required.` is unreachable over HTTP.
  APIMACHINERY_DECL static void RequireNamespace(const ResourceInfo& r, std::string_view ns,
                                                 std::string_view verb);

  APIMACHINERY_DECL static bool ServesSubresource(const ResourceInfo& r, std::string_view subresource);

  // SettleBodyNamespace: a subresource create's body against the request's namespace
  // (rest.EnsureObjectNamespaceMatchesRequestNamespace, `ns` "" for a cluster-scoped parent): an
  // empty one takes the request's, a cluster-scoped request clears it, another is 400. A body that
  // is not an object, or whose metadata is not one, is left as it is.
  APIMACHINERY_DECL static void SettleBodyNamespace(nlohmann::json& body, std::string_view ns);

  // GoStrings: a []string as Go's %v prints it ("[a b]").
  APIMACHINERY_DECL static std::string GoStrings(const std::vector<std::string>& v);

  // DecodeEviction: the create handler's decode of an Eviction body (handlers/create.go:
  // createHandler, rest.go: transformDecodeError): policy/v1 or policy/v1beta1 Eviction
  // (EvictionREST.AcceptsGroupVersion; a missing apiVersion or kind is the default policy/v1
  // Eviction); the deleteOptions decoded. Returns the body's name and deleteOptions.
  APIMACHINERY_DECL static std::pair<std::string, std::optional<metav1::DeleteOptions>> DecodeEviction(
      const nlohmann::json& body);

  // EvictLocked: POST .../pods/{name}/eviction (k8s.io/kubernetes pkg/registry/core/pod/storage/
  // eviction.go: EvictionREST.Create without PodDisruptionBudgets, as when none selects the pod):
  // the body's namespace settled, its name must be the URL's (400), deleteOptions'
  // ignoreStoreReadErrorWithClusterBreakingPotential is 422, the request's and the body's dryRun
  // must agree (propagateDryRun: a plain error, a 500 without reason), the pod must exist (404);
  // then addConditionAndDeletePod: unless a dry run, the preconditions are checked against the
  // pod (409 on `Pod "<name>"`) and a status update adds the DisruptionTarget condition
  // (podutil.UpdatePodCondition; a resourceVersion precondition moves to the updated pod), then
  // the normal delete with the deleteOptions (preconditions, finalizers, dryRun). The answer is
  // a Status Success with the create's 201 whether the pod is gone or kept by finalizers.
  APIMACHINERY_DECL nlohmann::json EvictLocked(ResourceInfo& r, std::string_view ns, std::string_view name,
                                               nlohmann::json body, const metav1::CreateOptions& options);

  // AddDisruptionTarget: eviction.go's conditionAppender: podutil.UpdatePodCondition of
  // {type DisruptionTarget, status True, reason EvictionByEvictionAPI, message `Eviction API:
  // evicting`} (an existing DisruptionTarget condition is replaced; its lastTransitionTime is kept
  // when its status was already True).
  APIMACHINERY_DECL void AddDisruptionTarget(nlohmann::json& pod) const;

  // ScaleUpdateLocked: an update through the scale subresource (etcd.go: ScaleREST.Update,
  // scaleUpdatedObjectInfo.UpdatedObject): the Scale's spec.replicas is written to the custom
  // resource (its resourceVersion, when set, is the precondition), as a main-strategy update.
  APIMACHINERY_DECL nlohmann::json ScaleUpdateLocked(ResourceInfo& r, std::string_view ns,
                                                     const nlohmann::json& scale, bool dry,
                                                     const std::string& manager);

  // ManagerOf: the manager of a write (handlers/create.go: managerOrUserAgent).
  APIMACHINERY_DECL std::string ManagerOf(std::string_view field_manager) const;

  // FieldManagerFor: the field manager of one endpoint of `r`, with the strategy's reset fields
  // (customresource strategy.go and status_strategy.go: GetResetFields).
  APIMACHINERY_DECL static managedfields::FieldManager FieldManagerFor(const ResourceInfo& r,
                                                                       std::string_view subresource);

  // ApplyLocked: a server-side apply patch (patch.go: applyPatcher, patcher.applyPatch): the
  // configuration applied to the stored object (or to an empty one, which the apply then creates;
  // not through a subresource), then the update or create path with the managed fields as set.
  APIMACHINERY_DECL nlohmann::json ApplyLocked(ResourceInfo& r, std::string_view ns, std::string_view name,
                                               const nlohmann::json& patch, bool force,
                                               const std::string& manager, std::string_view subresource,
                                               bool dry);

  APIMACHINERY_DECL nlohmann::json UpdateLocked(ResourceInfo& r, std::string_view ns, nlohmann::json obj,
                                                Strategy strategy, bool dry, const Tracking& tracking);

  // FinishUpdateLocked: the generation (+1 when anything outside metadata changed and the strategy
  // bumps it), then the write and its event unless nothing changed or it is a dry run
  // (dryrun.go: GuaranteedUpdate answers the updated object at the old resourceVersion).
  APIMACHINERY_DECL nlohmann::json FinishUpdateLocked(ResourceInfo& r, ObjectMap::iterator it,
                                                      const std::string& key, nlohmann::json obj,
                                                      const nlohmann::json& old, bool bump_generation,
                                                      bool dry);

  APIMACHINERY_DECL nlohmann::json DeleteLocked(ResourceInfo& r, const std::string& key,
                                                std::string_view name, const metav1::DeleteOptions& options);

  APIMACHINERY_DECL Filter MakeFilter(const ResourceInfo& r, std::string_view ns,
                                      const metav1::ListOptions& o) const;

  APIMACHINERY_DECL errors::StatusError TooLarge(std::uint64_t want) const;

  APIMACHINERY_DECL static std::string EncodeContinue(const std::string& key, std::int64_t rv);

  // DecodeContinue: storage/continue.go: DecodeContinue, as a 400 `invalid continue token: ...`.
  APIMACHINERY_DECL static std::pair<std::string, std::int64_t> DecodeContinue(const std::string& token);

  APIMACHINERY_DECL const Snapshot* FindSnapshot(const ResourceInfo& r, std::uint64_t rv) const;

  APIMACHINERY_DECL void SaveSnapshot(ResourceInfo& r, std::uint64_t rv, ObjectMap objects);

  // StateAtLocked: the resource's objects at `rv` (>= floor_), undoing the later history.
  APIMACHINERY_DECL ObjectMap StateAtLocked(const ResourceInfo& r, std::uint64_t rv) const;

  APIMACHINERY_DECL nlohmann::json ListDocument(const ResourceInfo& r, nlohmann::json items, std::string rv,
                                                std::string cont,
                                                std::optional<std::int64_t> remaining) const;

  APIMACHINERY_DECL std::shared_ptr<const runtime::Unstructured> Bookmark(const ResourceInfo& r,
                                                                          std::uint64_t rv,
                                                                          bool initial_end) const;

  // EventFor: what a watch with filter `f` sees of the change `src` describes (the watch cache's
  // filtering of old and new state), or nothing. Without selectors the old state is not read:
  // the namespace (the key's) cannot change.
  APIMACHINERY_DECL static std::optional<watch::Event> EventFor(EventSource& src, const Filter& f);

  // Enqueue: `ev` to watch queue `q` (q.mu held). Returns whether its reader must be woken: the
  // queue was empty or the watch ended (a reader waits only for an empty queue, or for the
  // front's delivery time, which a later event does not change). The caller notifies after
  // unlocking q.mu, so the woken reader does not block on it.
  APIMACHINERY_DECL bool Enqueue(WatchQueue& q, watch::Event ev);

  // RecordLocked: change `c` to every open watch of its resource, then to the history. `now` and
  // `old`: the writer's documents of the new and the old state, when it has them (saves parsing
  // the bytes). The event object the watches share is remembered as the stored state's parsed
  // form (ResourceInfo::parsed).
  APIMACHINERY_DECL void RecordLocked(Change c, const nlohmann::json* now = nullptr,
                                      const nlohmann::json* old = nullptr);

  APIMACHINERY_DECL void PruneLocked();

  FakeAPIServerOptions opts_;
  std::shared_ptr<util::clock::Clock> clock_;
  util::clock::Time clock_start_;
  mutable std::mutex mu_;
  Random random_;
  std::map<schema::GroupVersionResource, std::unique_ptr<ResourceInfo>> resources_;
  std::uint64_t rv_ = 1;     // the last resourceVersion handed out
  std::uint64_t floor_ = 1;  // watches from an older version get 410
  std::deque<Change> history_;
  std::deque<Snapshot> snapshots_;
  std::vector<WatchRegistration> watches_;
  std::map<std::string, std::int64_t> counts_;
  int fail_lists_ = 0;
  int fail_lists_code_ = 0;
  int fail_watches_ = 0;
  int fail_watches_code_ = 0;
  std::chrono::milliseconds delay_{0};
};

// PartialMetadataJSON: an object as the server's PartialObjectMetadata (meta.k8s.io/v1).
APIMACHINERY_DECL nlohmann::json PartialMetadataJSON(const nlohmann::json& obj);

// PartialMetadataListJSON: a `<Kind>List` as a PartialObjectMetadataList.
APIMACHINERY_DECL nlohmann::json PartialMetadataListJSON(const nlohmann::json& list);

// PartialMetadataWatch: a watch whose Unstructured event objects become metav1::PartialObjectMetadata.
class PartialMetadataWatch final : public watch::Interface {
 public:
  APIMACHINERY_DECL explicit PartialMetadataWatch(std::unique_ptr<watch::Interface> inner);
  APIMACHINERY_DECL std::optional<watch::Event> Next() override;
  APIMACHINERY_DECL void Stop() noexcept override;

 private:
  std::unique_ptr<watch::Interface> inner_;
};

// ServerListerWatcher: FakeAPIServer::ListerWatcher, TypedListerWatcher and CompactListerWatcher.
class ServerListerWatcher final : public cache::ListerWatcher {
 public:
  APIMACHINERY_DECL ServerListerWatcher(std::shared_ptr<ServerState> s, schema::GroupVersionResource gvr,
                                        std::string ns, const runtime::Scheme* scheme, bool compact = false);

  APIMACHINERY_DECL cache::ListResult List(const metav1::ListOptions& options) override;

  APIMACHINERY_DECL std::unique_ptr<watch::Interface> Watch(const metav1::ListOptions& options) override;

 private:
  class CompactWatch final : public watch::Interface {
   public:
    APIMACHINERY_DECL explicit CompactWatch(std::unique_ptr<watch::Interface> inner);
    APIMACHINERY_DECL std::optional<watch::Event> Next() override;
    APIMACHINERY_DECL void Stop() noexcept override;

   private:
    std::unique_ptr<watch::Interface> inner_;
  };

  class TypedWatch final : public watch::Interface {
   public:
    APIMACHINERY_DECL TypedWatch(std::unique_ptr<watch::Interface> inner, const runtime::Scheme& scheme);
    APIMACHINERY_DECL std::optional<watch::Event> Next() override;
    APIMACHINERY_DECL void Stop() noexcept override;

   private:
    std::unique_ptr<watch::Interface> inner_;
    runtime::JSONSerializer codec_;
    bool failed_ = false;
  };

  APIMACHINERY_DECL std::shared_ptr<const runtime::Object> Decode(nlohmann::json item) const;

  std::shared_ptr<ServerState> s_;
  schema::GroupVersionResource gvr_;
  std::string ns_;
  const runtime::Scheme* scheme_;
  bool compact_;
};

}  // namespace internal

}  // namespace apimachinery::testing

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/testing/impl/fake_apiserver.ipp"
#endif
