// Tests for testing/fake_apiserver.hpp: Watch (the watch cache's semantics:
// k8s.io/apiserver/pkg/storage/cacher/cache_watcher.go, watch_cache_history.go) and the fault
// injection that does not need a second thread.
#include <memory>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "apimachinery/api/errors/errors.hpp"
#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/testing/fake_apiserver.hpp"

namespace testing_fake_apiserver_watch_test {

namespace testing = apimachinery::testing;
namespace errors = apimachinery::errors;
namespace metav1 = apimachinery::metav1;
namespace schema = apimachinery::schema;
namespace meta = apimachinery::meta;
namespace watch = apimachinery::watch;
namespace runtime = apimachinery::runtime;
using nlohmann::json;

const schema::GroupVersionResource kWidgets{"example.com", "v1", "widgets"};

std::unique_ptr<testing::FakeAPIServer> NewServer(testing::FakeAPIServerOptions o = {}) {
  auto s = std::make_unique<testing::FakeAPIServer>(std::move(o));
  s->AddResource(kWidgets, "Widget", meta::RESTScopeName::kNamespace);
  return s;
}

json Widget(const std::string& name, json labels = json::object()) {
  json md = {{"name", name}};
  if (!labels.empty()) md["labels"] = std::move(labels);
  return {{"apiVersion", "example.com/v1"}, {"kind", "Widget"}, {"metadata", md}, {"spec", {{"size", 1}}}};
}

// Ev: an event as "<TYPE> <name> <resourceVersion>" (an ERROR as "ERROR <code> <message>").
std::string Ev(const watch::Event& ev) {
  if (ev.type == watch::EventType::kError) {
    const auto* st = dynamic_cast<const metav1::Status*>(ev.object.get());
    REQUIRE(st != nullptr);
    return fmt::format("ERROR {} {} {}", st->code, st->reason, st->message);
  }
  const auto* u = dynamic_cast<const runtime::Unstructured*>(ev.object.get());
  REQUIRE(u != nullptr);
  std::string out = fmt::format("{} {} {}", watch::String(ev.type), u->GetName(), u->GetResourceVersion());
  if (ev.type == watch::EventType::kBookmark && u->GetAnnotations().count("k8s.io/initial-events-end") != 0) {
    out += " initial-events-end";
  }
  return out;
}

// Drain ends every watch of the server and returns what `w` still delivers.
std::vector<std::string> Drain(testing::FakeAPIServer& s, watch::Interface& w) {
  s.CloseAllWatches();
  std::vector<std::string> out;
  while (auto ev = w.Next()) out.push_back(Ev(*ev));
  return out;
}

metav1::ListOptions From(std::string rv, bool bookmarks = false) {
  metav1::ListOptions o;
  o.resource_version = std::move(rv);
  o.allow_watch_bookmarks = bookmarks;
  return o;
}

TEST_CASE("FakeAPIServer Watch from a resourceVersion delivers the later changes in order") {
  auto s = NewServer();
  s->Create(kWidgets, "ns", Widget("a"));  // 2
  s->Create(kWidgets, "ns", Widget("b"));  // 3
  auto w = s->Watch(kWidgets, "", From("2"));
  json a = s->Get(kWidgets, "ns", "a");
  a["spec"]["size"] = 2;
  s->Update(kWidgets, "ns", a);                            // 4
  s->Update(kWidgets, "ns", s->Get(kWidgets, "ns", "a"));  // no-op: no event
  s->Delete(kWidgets, "ns", "b");                          // 5
  CHECK(Drain(*s, *w) == std::vector<std::string>{"ADDED b 3", "MODIFIED a 4", "DELETED b 5"});
  CHECK(s->RequestCount("watch") == 1);
}

TEST_CASE("FakeAPIServer Watch from \"\" and \"0\": synthetic ADDEDs, then the initial-events-end bookmark") {
  for (const char* rv : {"", "0"}) {
    auto s = NewServer();
    s->Create(kWidgets, "ns", Widget("b"));
    s->Create(kWidgets, "ns", Widget("a"));
    auto w = s->Watch(kWidgets, "", From(rv, true));
    auto plain = s->Watch(kWidgets, "", From(rv, false));
    s->Create(kWidgets, "ns", Widget("c"));
    CHECK(Drain(*s, *w) ==
          std::vector<std::string>{"ADDED a 3", "ADDED b 2", "BOOKMARK  3 initial-events-end", "ADDED c 4"});
    // No bookmark without allowWatchBookmarks.
    CHECK(Drain(*s, *plain) == std::vector<std::string>{"ADDED a 3", "ADDED b 2", "ADDED c 4"});
  }
}

TEST_CASE("FakeAPIServer Watch with sendInitialEvents requires resourceVersionMatch=NotOlderThan") {
  auto s = NewServer();
  s->Create(kWidgets, "ns", Widget("a"));
  metav1::ListOptions o;
  o.send_initial_events = true;
  o.allow_watch_bookmarks = true;
  try {
    s->Watch(kWidgets, "", o);
    FAIL("no error");
  } catch (const errors::StatusError& e) {
    CHECK(e.Status().code == 422);
    CHECK(std::string(e.what()) ==
          "ListOptions.meta.k8s.io \"\" is invalid: resourceVersionMatch: Forbidden: sendInitialEvents "
          "requires "
          "setting resourceVersionMatch to NotOlderThan");
  }
  metav1::ListOptions match_only;
  match_only.resource_version_match = "NotOlderThan";
  CHECK_THROWS_WITH(
      s->Watch(kWidgets, "", match_only),
      "ListOptions.meta.k8s.io \"\" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch is "
      "forbidden for watch unless sendInitialEvents is provided");
  o.resource_version_match = "NotOlderThan";
  auto w = s->Watch(kWidgets, "", o);
  CHECK(Drain(*s, *w) == std::vector<std::string>{"ADDED a 2", "BOOKMARK  2 initial-events-end"});
  // sendInitialEvents=false from "": only the changes from now on.
  o.send_initial_events = false;
  auto w2 = s->Watch(kWidgets, "", o);
  s->Create(kWidgets, "ns", Widget("b"));
  CHECK(Drain(*s, *w2) == std::vector<std::string>{"ADDED b 3"});
}

TEST_CASE("FakeAPIServer Watch applies selectors to the old and the new state") {
  auto s = NewServer();
  s->Create(kWidgets, "ns", Widget("a", {{"app", "x"}}));     // 2
  s->Create(kWidgets, "ns", Widget("b"));                     // 3
  s->Create(kWidgets, "other", Widget("c", {{"app", "x"}}));  // 4
  metav1::ListOptions o = From("4");
  o.label_selector = "app=x";
  auto w = s->Watch(kWidgets, "ns", o);
  metav1::ListOptions by_name = From("4");
  by_name.field_selector = "metadata.name=b";
  auto wn = s->Watch(kWidgets, "", by_name);

  json a = s->Get(kWidgets, "ns", "a");
  a["metadata"]["labels"]["app"] = "y";
  s->Update(kWidgets, "ns", a);  // 5: a leaves the selector
  json b = s->Get(kWidgets, "ns", "b");
  b["metadata"]["labels"] = {{"app", "x"}};
  s->Update(kWidgets, "ns", b);  // 6: b enters
  json c = s->Get(kWidgets, "other", "c");
  c["spec"]["size"] = 3;
  s->Update(kWidgets, "other", c);  // 7: another namespace
  s->Delete(kWidgets, "ns", "b");   // 8

  // The live watch and one replaying the history from 4 see the same.
  auto w2 = s->Watch(kWidgets, "ns", o);
  CHECK(Drain(*s, *w) == std::vector<std::string>{"DELETED a 5", "ADDED b 6", "DELETED b 8"});
  CHECK(Drain(*s, *w2) == std::vector<std::string>{"DELETED a 5", "ADDED b 6", "DELETED b 8"});
  CHECK(Drain(*s, *wn) == std::vector<std::string>{"MODIFIED b 6", "DELETED b 8"});

  // The DELETED of a leaving object carries its old state (app=x) at the new resourceVersion.
  auto w4 = s->Watch(kWidgets, "ns", o);
  s->CloseAllWatches();
  auto first = w4->Next();
  REQUIRE(first);
  const auto* u = dynamic_cast<const runtime::Unstructured*>(first->object.get());
  REQUIRE(u != nullptr);
  CHECK(u->GetLabels().at("app") == "x");
}

TEST_CASE("FakeAPIServer Watch DELETED carries the last state; finalizers go through MODIFIED") {
  auto s = NewServer();
  json w0 = Widget("a");
  w0["metadata"]["finalizers"] = {"f"};
  s->Create(kWidgets, "ns", w0);  // 2
  auto w = s->Watch(kWidgets, "", From("2"));
  json t = s->Delete(kWidgets, "ns", "a");  // 3: deletionTimestamp
  json done = t;
  done["metadata"]["finalizers"] = json::array();
  s->Update(kWidgets, "ns", done);  // 4: deleted
  s->CloseAllWatches();
  auto e1 = w->Next();
  REQUIRE(e1);
  CHECK(Ev(*e1) == "MODIFIED a 3");
  auto e2 = w->Next();
  REQUIRE(e2);
  CHECK(Ev(*e2) == "DELETED a 4");
  const auto* u = dynamic_cast<const runtime::Unstructured*>(e2->object.get());
  REQUIRE(u != nullptr);
  CHECK(u->GetFinalizers() == std::vector<std::string>{"f"});  // the last stored state
  CHECK(u->Body()["metadata"].contains("deletionTimestamp"));
  CHECK_FALSE(w->Next());
}

TEST_CASE("FakeAPIServer Watch from a version older than the history: an ERROR event 410") {
  testing::FakeAPIServerOptions opts;
  opts.history_size = 3;
  auto s = NewServer(opts);
  for (int i = 0; i < 5; ++i) s->Create(kWidgets, "ns", Widget("w" + std::to_string(i)));  // 2..6
  // History holds 4, 5, 6: a watch from 3 still works, from 2 does not.
  auto ok = s->Watch(kWidgets, "", From("3"));
  CHECK(Drain(*s, *ok) == std::vector<std::string>{"ADDED w2 4", "ADDED w3 5", "ADDED w4 6"});
  auto old = s->Watch(kWidgets, "", From("2"));
  auto ev = old->Next();
  REQUIRE(ev);
  CHECK(Ev(*ev) == "ERROR 410 Expired too old resource version: 2 (3)");
  CHECK_FALSE(old->Next());

  s->ExpireHistory();
  auto expired = s->Watch(kWidgets, "", From("5"));
  REQUIRE((ev = expired->Next()));
  CHECK(Ev(*ev) == "ERROR 410 Expired too old resource version: 5 (6)");
  auto current = s->Watch(kWidgets, "", From("6"));
  s->Create(kWidgets, "ns", Widget("later"));
  CHECK(Drain(*s, *current) == std::vector<std::string>{"ADDED later 7"});
}

TEST_CASE("FakeAPIServer Watch bad options are StatusErrors") {
  auto s = NewServer();
  CHECK_THROWS_AS(s->Watch(kWidgets, "", From("x1")), errors::StatusError);
  metav1::ListOptions o;
  o.label_selector = "!!";
  CHECK_THROWS_AS(s->Watch(kWidgets, "", o), errors::StatusError);
  o = {};
  o.field_selector = "spec.x=1";
  CHECK_THROWS_WITH(s->Watch(kWidgets, "", o), "field label not supported: spec.x");
  CHECK_THROWS_AS(s->Watch(schema::GroupVersionResource{"x", "v1", "y"}, "", {}), errors::StatusError);
}

TEST_CASE("FakeAPIServer CloseWatchesAfter, EmitWatchError, FailNextWatches, SendBookmarks") {
  auto s = NewServer();
  auto w = s->Watch(kWidgets, "", From("1"));
  auto wb = s->Watch(kWidgets, "", From("1", true));
  s->CloseWatchesAfter(2);
  for (int i = 0; i < 4; ++i) s->Create(kWidgets, "ns", Widget("w" + std::to_string(i)));
  std::vector<std::string> got;
  while (auto ev = w->Next()) got.push_back(Ev(*ev));
  CHECK(got == std::vector<std::string>{"ADDED w0 2", "ADDED w1 3"});
  CHECK(s->OpenWatches() == 0);

  auto a = s->Watch(kWidgets, "", From("5", true));
  auto b = s->Watch(kWidgets, "", From("5", false));
  s->SendBookmarks();
  s->EmitWatchError(500);
  REQUIRE(a->Next());
  auto ea = a->Next();
  REQUIRE(ea);
  CHECK_THAT(Ev(*ea), Catch::StartsWith("ERROR 500 InternalError"));
  CHECK_FALSE(a->Next());
  auto eb = b->Next();
  REQUIRE(eb);
  CHECK(eb->type == watch::EventType::kError);
  CHECK_FALSE(b->Next());

  s->FailNextWatches(1, 410);
  auto f = s->Watch(kWidgets, "", From("5"));
  auto ef = f->Next();
  REQUIRE(ef);
  CHECK(Ev(*ef) == "ERROR 410 Expired too old resource version: 5 (5)");
  CHECK_FALSE(f->Next());
  auto g = s->Watch(kWidgets, "", From("5", true));
  s->SendBookmarks();
  CHECK(Drain(*s, *g) == std::vector<std::string>{"BOOKMARK  5"});
  CHECK(s->RequestCount("watch") == 6);
}

TEST_CASE("FakeAPIServer ListerWatcher and TypedListerWatcher watch") {
  auto s = NewServer();
  s->Create(kWidgets, "ns", Widget("a"));
  auto lw = s->ListerWatcher(kWidgets, "ns");
  auto list = lw->List({});
  auto w = lw->Watch(From(list.resource_version));
  s->Create(kWidgets, "ns", Widget("b"));
  s->Create(kWidgets, "other", Widget("c"));
  CHECK(Drain(*s, *w) == std::vector<std::string>{"ADDED b 3"});

  runtime::Scheme scheme;
  auto typed = s->TypedListerWatcher(scheme, kWidgets);
  auto tl = typed->List({});
  REQUIRE(tl.items.size() == 3);
  CHECK(tl.items[0]->GetObjectKind().kind == "Widget");
  auto tw = typed->Watch(From(tl.resource_version));
  s->Create(kWidgets, "ns", Widget("d"));
  s->CloseAllWatches();
  auto ev = tw->Next();
  REQUIRE(ev);
  CHECK(ev->type == watch::EventType::kAdded);
  REQUIRE(ev->object->GetObjectMeta() != nullptr);
  CHECK(ev->object->GetObjectMeta()->name == "d");
  CHECK_FALSE(tw->Next());
}

// The write path keeps one parsed event object per change: every watch gets the same object, and
// while a watcher holds it the server reads it as the stored state instead of parsing the bytes.
// Both ways must give the same answers.
TEST_CASE("FakeAPIServer shares one event object across watches and reuses it as the stored state") {
  auto s = NewServer();
  auto w1 = s->Watch(kWidgets, "", From("1"));
  auto w2 = s->Watch(kWidgets, "ns", From("1"));
  const json created = s->Create(kWidgets, "ns", Widget("a", {{"app", "x"}}));
  auto e1 = w1->Next();
  auto e2 = w2->Next();
  REQUIRE(e1);
  REQUIRE(e2);
  CHECK(e1->object.get() == e2->object.get());  // one object for both watches
  const auto& held = dynamic_cast<const runtime::Unstructured&>(*e1->object);
  CHECK(held.Body() == created);
  CHECK(s->Get(kWidgets, "ns", "a") == created);  // read from the held object

  // An update reads the held object as the stored state: conflict, generation and no-op rules.
  json stale = created;
  stale["metadata"]["resourceVersion"] = "1";
  CHECK_THROWS_MATCHES(s->Update(kWidgets, "ns", stale), errors::StatusError,
                       Catch::Matchers::Predicate<errors::StatusError>(
                           [](const errors::StatusError& e) { return errors::IsConflict(e); }));
  CHECK(s->Update(kWidgets, "ns", created) == created);  // unchanged: no write
  json bigger = created;
  bigger["spec"]["size"] = 5;
  const json updated = s->Update(kWidgets, "ns", bigger);
  CHECK(updated["metadata"]["generation"] == 2);
  json relabelled = updated;
  relabelled["metadata"]["labels"]["app"] = "y";
  const json relabelled_out = s->Update(kWidgets, "ns", relabelled);
  CHECK(relabelled_out["metadata"]["generation"] == 2);  // metadata only: no bump

  // Nobody holds the states any more: the bytes are parsed, with the same answers.
  e1.reset();
  e2.reset();
  w1.reset();
  w2.reset();
  CHECK(s->Get(kWidgets, "ns", "a") == relabelled_out);
  json again = relabelled_out;
  again["spec"]["size"] = 6;
  CHECK(s->Update(kWidgets, "ns", again)["metadata"]["generation"] == 3);
  CHECK_THROWS_AS(s->Update(kWidgets, "ns", relabelled_out), errors::StatusError);  // stale now
}

}  // namespace testing_fake_apiserver_watch_test
