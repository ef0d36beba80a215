#include <memory>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "apimachinery/cache/delta_fifo.hpp"
#include "apimachinery/conversion/fields.hpp"
#include "apimachinery/ctrl/handler.hpp"
#include "apimachinery/ctrl/predicate.hpp"
#include "apimachinery/ctrl/reconcile.hpp"
#include "apimachinery/ctrl/source.hpp"
#include "apimachinery/meta/restmapper.hpp"
#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/runtime/unstructured.hpp"
#include "apimachinery/workqueue/rate_limiting_queue.hpp"

namespace ctrl_controller_handler_test {

namespace ctrl = apimachinery::ctrl;
namespace meta = apimachinery::meta;
namespace metav1 = apimachinery::metav1;
namespace runtime = apimachinery::runtime;
namespace schema = apimachinery::schema;
namespace workqueue = apimachinery::workqueue;
using apimachinery::Error;

struct Thing : runtime::ObjectBase<Thing> {
  static constexpr std::string_view kKind = "Thing";
  metav1::TypeMeta type_meta;
  metav1::ObjectMeta metadata;
};
APIMACHINERY_FIELDS(Thing, metadata)
APIMACHINERY_JSON_FIELDS(Thing)

struct Cluster : runtime::ObjectBase<Cluster> {  // cluster-scoped owner
  static constexpr std::string_view kKind = "Cluster";
  metav1::TypeMeta type_meta;
  metav1::ObjectMeta metadata;
};
APIMACHINERY_FIELDS(Cluster, metadata)
APIMACHINERY_JSON_FIELDS(Cluster)

struct Twice : runtime::ObjectBase<Twice> {  // registered under two kinds
  static constexpr std::string_view kKind = "Twice";
  metav1::TypeMeta type_meta;
  metav1::ObjectMeta metadata;
};
APIMACHINERY_FIELDS(Twice, metadata)
APIMACHINERY_JSON_FIELDS(Twice)

const runtime::Scheme& TestScheme() {
  static const runtime::Scheme scheme = [] {
    runtime::Scheme s("test");
    s.AddKnownTypes<Thing, Cluster>({"example.com", "v1"});
    s.AddKnownTypes<Twice>({"example.com", "v1"});
    s.AddKnownTypes<Twice>({"example.com", "v2"});
    return s;
  }();
  return scheme;
}

std::shared_ptr<const meta::RESTMapper> TestMapper() {
  auto m =
      std::make_shared<meta::DefaultRESTMapper>(std::vector<schema::GroupVersion>{{"example.com", "v1"}});
  m->Add({"example.com", "v1", "Thing"}, meta::RESTScopeName::kNamespace);
  m->Add({"example.com", "v1", "Cluster"}, meta::RESTScopeName::kRoot);
  return m;
}

std::shared_ptr<const Thing> NewThing(std::string ns, std::string name,
                                      std::vector<metav1::OwnerReference> refs = {},
                                      std::int64_t generation = 1, std::string rv = "1") {
  auto t = std::make_shared<Thing>();
  t->metadata.namespace_ = std::move(ns);
  t->metadata.name = std::move(name);
  t->metadata.owner_references = std::move(refs);
  t->metadata.generation = generation;
  t->metadata.resource_version = std::move(rv);
  return t;
}

metav1::OwnerReference Ref(std::string api_version, std::string kind, std::string name,
                           bool controller = false) {
  metav1::OwnerReference r;
  r.api_version = std::move(api_version);
  r.kind = std::move(kind);
  r.name = std::move(name);
  r.uid = "uid-" + r.name;
  if (controller) r.controller = true;
  return r;
}

// Drain: every request queued now, in order (each marked done).
std::vector<std::string> Drain(ctrl::Queue& q) {
  std::vector<std::string> out;
  while (q.Len() > 0) {
    auto r = q.Get();
    out.push_back(r->String());
    q.Done(*r);
  }
  return out;
}

using RQueue = workqueue::RateLimitingQueue<ctrl::Request>;
std::shared_ptr<RQueue> NewQueue() {
  return std::make_shared<RQueue>(workqueue::DefaultControllerRateLimiter<ctrl::Request>());
}

TEST_CASE("ctrl::Request prints, compares and hashes as a NamespacedName; Result and TerminalError") {
  ctrl::Request a{"ns", "a"};
  CHECK(a.String() == "ns/a");
  CHECK(ctrl::Request{"", "c"}.String() == "/c");
  CHECK(fmt::format("{}", a) == "ns/a");
  CHECK(a == ctrl::Request::FromKey(a.Key()));
  CHECK(std::hash<ctrl::Request>{}(a) == std::hash<ctrl::Request>{}(ctrl::Request{"ns", "a"}));
  CHECK_FALSE(a == ctrl::Request{"ns", "b"});
  CHECK(ctrl::Result{}.IsZero());
  CHECK_FALSE(ctrl::Result{.requeue = true}.IsZero());
  CHECK_FALSE(ctrl::Result{.requeue_after = std::chrono::seconds(1)}.IsZero());
  // reconcile_test.go: TerminalError texts.
  CHECK(std::string(ctrl::TerminalError().what()) == "nil terminal error");
  CHECK(std::string(ctrl::TerminalError("bad").what()) == "terminal error: bad");
  ctrl::TerminalError wrapped{Error("boom")};
  CHECK(std::string(wrapped.what()) == "terminal error: boom");
  CHECK_THROWS_AS(std::rethrow_exception(wrapped.wrapped), Error);
  auto r =
      ctrl::ReconcileFunc([](const ctrl::Request& req) { return ctrl::Result{.requeue = req.name == "x"}; });
  CHECK(r->Reconcile({"", "x"}).requeue);
  CHECK_FALSE(r->Reconcile({"", "y"}).requeue);
}

TEST_CASE("ctrl::EnqueueRequestForObject enqueues the event's object (eventhandler_test.go)") {
  auto q = NewQueue();
  ctrl::EnqueueRequestForObject h;
  auto a = NewThing("ns", "a");
  auto b = NewThing("ns", "b");
  h.Create({a, false}, *q);
  CHECK(Drain(*q) == std::vector<std::string>{"ns/a"});
  h.Update({a, b}, *q);  // the new object
  CHECK(Drain(*q) == std::vector<std::string>{"ns/b"});
  h.Update({a, nullptr}, *q);  // only the old one
  CHECK(Drain(*q) == std::vector<std::string>{"ns/a"});
  h.Delete({b, true}, *q);
  h.Generic({a}, *q);
  CHECK(Drain(*q) == std::vector<std::string>{"ns/b", "ns/a"});
  // No object: nothing (upstream logs "... received with no metadata").
  h.Create({}, *q);
  h.Update({}, *q);
  h.Delete({}, *q);
  h.Generic({}, *q);
  CHECK(q->Len() == 0);
  // The same key twice is queued once (the queue deduplicates).
  h.Create({a, false}, *q);
  h.Generic({a}, *q);
  CHECK(Drain(*q) == std::vector<std::string>{"ns/a"});
}

TEST_CASE("ctrl::EnqueueRequestForOwner enqueues owners of the owner type (eventhandler_test.go)") {
  auto q = NewQueue();
  auto h = ctrl::EnqueueRequestForOwner(TestScheme(), TestMapper(), Cluster{});
  CHECK(h->OwnerGroupKind() == schema::GroupKind{"example.com", "Cluster"});
  // A cluster-scoped owner: no namespace. Other kinds and groups are skipped; the version does
  // not matter as long as the mapper knows it.
  auto o = NewThing("ns", "o",
                    {Ref("example.com/v1", "Cluster", "c1"), Ref("example.com/v1", "Thing", "t1"),
                     Ref("other.io/v1", "Cluster", "c2"), Ref("example.com/v1", "Cluster", "c3", true)});
  h->Create({o, false}, *q);
  CHECK(Drain(*q) == std::vector<std::string>{"/c1", "/c3"});

  // A namespaced owner: the object's namespace.
  auto th = ctrl::EnqueueRequestForOwner(TestScheme(), TestMapper(), Thing{});
  th->Generic({o}, *q);
  CHECK(Drain(*q) == std::vector<std::string>{"ns/t1"});

  // OnlyControllerOwner: the controller reference only.
  auto only =
      ctrl::EnqueueRequestForOwner(TestScheme(), TestMapper(), Cluster{}, ctrl::OnlyControllerOwner());
  only->Delete({o, false}, *q);
  CHECK(Drain(*q) == std::vector<std::string>{"/c3"});
  only->Delete({NewThing("ns", "x", {Ref("example.com/v1", "Cluster", "c1")}), false}, *q);
  CHECK(q->Len() == 0);

  // Update: the owners of the old and the new object, each once.
  auto before = NewThing("ns", "o", {Ref("example.com/v1", "Cluster", "c1")});
  auto after =
      NewThing("ns", "o", {Ref("example.com/v1", "Cluster", "c1"), Ref("example.com/v1", "Cluster", "c2")});
  h->Update({before, after}, *q);
  CHECK(Drain(*q) == std::vector<std::string>{"/c1", "/c2"});

  // A version the mapper does not know, or an unparsable apiVersion: the remaining references are
  // skipped (upstream returns from the loop).
  h->Create(
      {NewThing("ns", "o", {Ref("example.com/v9", "Cluster", "c1"), Ref("example.com/v1", "Cluster", "c2")}),
       false},
      *q);
  h->Create(
      {NewThing("ns", "o", {Ref("a/b/c", "Cluster", "c1"), Ref("example.com/v1", "Cluster", "c2")}), false},
      *q);
  CHECK(q->Len() == 0);

  // An Unstructured owner type carries its kind.
  runtime::Unstructured u(nlohmann::json{{"apiVersion", "example.com/v1"}, {"kind", "Cluster"}});
  auto uh = ctrl::EnqueueRequestForOwner(TestScheme(), TestMapper(), u);
  CHECK(uh->OwnerGroupKind() == schema::GroupKind{"example.com", "Cluster"});

  // Construction errors (upstream panics).
  CHECK_THROWS_AS(ctrl::EnqueueRequestForOwner(runtime::Scheme(), TestMapper(), Thing{}),
                  runtime::NotRegisteredError);
  CHECK_THROWS_WITH(
      ctrl::EnqueueRequestForOwner(TestScheme(), TestMapper(), Twice{}),
      Catch::StartsWith("expected exactly 1 kind for OwnerType ") &&
          Catch::EndsWith("Twice, but found [example.com/v1, Kind=Twice example.com/v2, Kind=Twice] kinds"));
}

TEST_CASE("ctrl::EnqueueRequestsFromMapFunc enqueues what the function maps to, once per event") {
  auto q = NewQueue();
  std::vector<std::string> seen;
  auto h = ctrl::EnqueueRequestsFromMapFunc([&](const runtime::Object& o) {
    const auto& m = *o.GetObjectMeta();
    seen.push_back(m.name);
    return std::vector<ctrl::Request>{{"ns", m.name + "-x"}, {"ns", "shared"}};
  });
  auto a = NewThing("ns", "a");
  auto b = NewThing("ns", "b");
  h->Create({a, false}, *q);
  CHECK(Drain(*q) == std::vector<std::string>{"ns/a-x", "ns/shared"});
  h->Update({a, b}, *q);
  CHECK(seen == std::vector<std::string>{"a", "a", "b"});
  CHECK(Drain(*q) == std::vector<std::string>{"ns/a-x", "ns/shared", "ns/b-x"});
  h->Delete({}, *q);  // no object: the function is not called
  CHECK(seen.size() == 3);
}

TEST_CASE("ctrl::HandlerFuncs calls the functions set and ignores the rest") {
  auto q = NewQueue();
  int creates = 0;
  ctrl::HandlerFuncs f;
  f.create_func = [&](const ctrl::CreateEvent& e, ctrl::Queue& queue) {
    ++creates;
    queue.Add({"x", e.is_in_initial_list ? "initial" : "new"});
  };
  f.Create({NewThing("ns", "a"), true}, *q);
  f.Update({}, *q);
  f.Delete({}, *q);
  f.Generic({}, *q);
  CHECK(creates == 1);
  CHECK(Drain(*q) == std::vector<std::string>{"x/initial"});
}

TEST_CASE("predicate: the changed-field predicates (predicate_test.go)") {
  auto base = NewThing("ns", "a", {}, 1, "1");
  auto t = std::make_shared<Thing>(*base);
  t->metadata.resource_version = "2";
  std::shared_ptr<const Thing> rv_only = t;
  t = std::make_shared<Thing>(*base);
  t->metadata.generation = 2;
  std::shared_ptr<const Thing> gen = t;
  t = std::make_shared<Thing>(*base);
  t->metadata.labels = {{"a", "b"}};
  std::shared_ptr<const Thing> labeled = t;
  t = std::make_shared<Thing>(*base);
  t->metadata.annotations = {{"a", "b"}};
  std::shared_ptr<const Thing> annotated = t;

  ctrl::ResourceVersionChangedPredicate rv;
  ctrl::GenerationChangedPredicate g;
  ctrl::LabelChangedPredicate l;
  ctrl::AnnotationChangedPredicate an;
  CHECK(rv.Update({base, rv_only}));
  CHECK_FALSE(rv.Update({base, base}));
  CHECK(g.Update({base, gen}));
  CHECK_FALSE(g.Update({base, rv_only}));
  CHECK(l.Update({base, labeled}));
  CHECK_FALSE(l.Update({base, annotated}));
  CHECK(an.Update({base, annotated}));
  CHECK_FALSE(an.Update({base, labeled}));
  // A missing object refuses the update; other events pass.
  for (const ctrl::Predicate* p : std::vector<const ctrl::Predicate*>{&rv, &g, &l, &an}) {
    CHECK_FALSE(p->Update({nullptr, base}));
    CHECK_FALSE(p->Update({base, nullptr}));
    CHECK(p->Create({base, false}));
    CHECK(p->Delete({base, false}));
    CHECK(p->Generic({base}));
  }
}

TEST_CASE("predicate: Funcs, NewPredicateFuncs, And, Or, Not, LabelSelectorPredicate") {
  auto a = NewThing("ns", "a");
  auto b = NewThing("other", "b");
  ctrl::PredicateFuncs all;
  CHECK(all.Create({a, false}));
  CHECK(all.Update({a, b}));
  CHECK(all.Delete({a, false}));
  CHECK(all.Generic({a}));
  ctrl::PredicateFuncs no_create;
  no_create.create_func = [](const ctrl::CreateEvent&) { return false; };
  CHECK_FALSE(no_create.Create({a, false}));
  CHECK(no_create.Delete({a, false}));

  auto in_ns =
      ctrl::NewPredicateFuncs([](const runtime::Object& o) { return o.GetObjectMeta()->namespace_ == "ns"; });
  CHECK(in_ns.Create({a, false}));
  CHECK_FALSE(in_ns.Create({b, false}));
  CHECK(in_ns.Update({b, a}));  // the new object decides
  CHECK_FALSE(in_ns.Update({a, b}));
  CHECK_FALSE(in_ns.Delete({b, false}));
  CHECK_FALSE(in_ns.Generic({nullptr}));

  ctrl::PredicateFuncs yes, no;
  no.create_func = [](const ctrl::CreateEvent&) { return false; };
  no.update_func = [](const ctrl::UpdateEvent&) { return false; };
  no.delete_func = [](const ctrl::DeleteEvent&) { return false; };
  no.generic_func = [](const ctrl::GenericEvent&) { return false; };
  auto and_ = ctrl::And(yes, no);
  auto or_ = ctrl::Or(yes, no);
  auto not_ = ctrl::Not(no);
  CHECK_FALSE(and_->Create({a, false}));
  CHECK_FALSE(and_->Update({a, a}));
  CHECK_FALSE(and_->Delete({a, false}));
  CHECK_FALSE(and_->Generic({a}));
  CHECK(ctrl::And(yes, yes)->Create({a, false}));
  CHECK(or_->Create({a, false}));
  CHECK(or_->Update({a, a}));
  CHECK(or_->Delete({a, false}));
  CHECK(or_->Generic({a}));
  CHECK_FALSE(ctrl::Or(no, no)->Generic({a}));
  CHECK(not_->Create({a, false}));
  CHECK(not_->Update({a, a}));
  CHECK(not_->Delete({a, false}));
  CHECK(not_->Generic({a}));
  CHECK_FALSE(ctrl::Not(or_)->Generic({a}));  // a PredicatePtr works too
  // Empty: And true, Or false.
  CHECK(ctrl::And(std::vector<ctrl::PredicatePtr>{})->Create({a, false}));
  CHECK_FALSE(ctrl::Or(std::vector<ctrl::PredicatePtr>{})->Create({a, false}));

  metav1::LabelSelector sel;
  sel.match_labels = {{"app", "web"}};
  auto ls = ctrl::LabelSelectorPredicate(sel);
  auto web = std::make_shared<Thing>(*a);
  web->metadata.labels = {{"app", "web"}};
  CHECK(ls.Create({web, false}));
  CHECK_FALSE(ls.Create({a, false}));
}

TEST_CASE(
    "ctrl::KindSource's informer callbacks: predicates, then the handler; tombstones (event_handler.go)") {
  auto q = NewQueue();
  std::vector<std::string> log;
  ctrl::HandlerFuncs h;
  h.create_func = [&](const ctrl::CreateEvent& e, ctrl::Queue&) {
    log.push_back("create " + e.object->GetObjectMeta()->name + (e.is_in_initial_list ? " initial" : ""));
  };
  h.update_func = [&](const ctrl::UpdateEvent& e, ctrl::Queue&) {
    log.push_back("update " + e.object_old->GetObjectMeta()->resource_version + "->" +
                  e.object_new->GetObjectMeta()->resource_version);
  };
  h.delete_func = [&](const ctrl::DeleteEvent& e, ctrl::Queue&) {
    log.push_back("delete " + e.object->GetObjectMeta()->name + (e.delete_state_unknown ? " unknown" : ""));
  };
  auto not_b =
      ctrl::NewPredicateFuncs([](const runtime::Object& o) { return o.GetObjectMeta()->name != "b"; });
  auto f = ctrl::KindSource::MakeHandler(
      std::make_shared<ctrl::HandlerFuncs>(h),
      {ctrl::ToPredicate(not_b), ctrl::ToPredicate(ctrl::ResourceVersionChangedPredicate{})}, q);
  auto a1 = NewThing("ns", "a", {}, 1, "1");
  auto a2 = NewThing("ns", "a", {}, 1, "2");
  auto b = NewThing("ns", "b");
  f.on_add(a1, true);
  f.on_add(b, false);   // filtered
  f.on_update(a1, a2);  // passes
  f.on_update(a2, a2);  // a resync: filtered by ResourceVersionChanged
  f.on_delete(a2);
  f.on_delete(std::make_shared<apimachinery::cache::DeletedFinalStateUnknown>("ns/a", a1));
  f.on_delete(std::make_shared<apimachinery::cache::DeletedFinalStateUnknown>("ns/b", b));  // filtered
  f.on_add(nullptr, false);                                                                 // ignored
  CHECK(log == std::vector<std::string>{"create a initial", "update 1->2", "delete a", "delete a unknown"});
}

}  // namespace ctrl_controller_handler_test
