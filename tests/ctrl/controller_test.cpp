#include "apimachinery/ctrl/controller.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "apimachinery/cache/shared_informer.hpp"
#include "apimachinery/ctrl/handler.hpp"
#include "apimachinery/ctrl/log.hpp"
#include "apimachinery/ctrl/metrics.hpp"
#include "apimachinery/ctrl/predicate.hpp"
#include "apimachinery/ctrl/source.hpp"
#include "apimachinery/meta/errors.hpp"
#include "apimachinery/runtime/unstructured.hpp"
#include "apimachinery/testing/fake_apiserver.hpp"
#include "apimachinery/util/clock.hpp"

namespace ctrl_controller_test {

namespace cache = apimachinery::cache;
namespace ctrl = apimachinery::ctrl;
namespace meta = apimachinery::meta;
namespace runtime = apimachinery::runtime;
namespace schema = apimachinery::schema;
namespace testing = apimachinery::testing;
using namespace std::chrono_literals;
using apimachinery::Error;

const schema::GroupVersionResource kWidgets{"example.com", "v1", "widgets"};

nlohmann::json WidgetJSON(std::string_view ns, std::string_view name, int size = 1) {
  return {{"apiVersion", "example.com/v1"},
          {"kind", "Widget"},
          {"metadata", {{"name", name}, {"namespace", ns}}},
          {"spec", {{"size", size}}}};
}

// Recorder: a reconciler that counts calls per request, detects overlapping calls of one
// request, and runs a per-test behaviour. Waits use a condition variable, never sleeps.
class Recorder : public ctrl::Reconciler {
 public:
  using Behaviour = std::function<ctrl::Result(const ctrl::Request&, int call)>;
  explicit Recorder(Behaviour b = {}) : behaviour_(std::move(b)) {}

  ctrl::Result Reconcile(const ctrl::Request& req) override {
    int call;
    {
      std::lock_guard lock(mu_);
      if (!in_flight_.insert(req.String()).second) ++overlaps_;
      call = ++calls_[req.String()];
    }
    cv_.notify_all();
    struct Leave {
      Recorder& r;
      std::string key;
      ~Leave() {
        {
          std::lock_guard lock(r.mu_);
          r.in_flight_.erase(key);
          ++r.finished_[key];
        }
        r.cv_.notify_all();
      }
    } leave{*this, req.String()};
    return behaviour_ ? behaviour_(req, call) : ctrl::Result{};
  }

  int Calls(const std::string& key) {
    std::lock_guard lock(mu_);
    return calls_[key];
  }
  int Overlaps() {
    std::lock_guard lock(mu_);
    return overlaps_;
  }
  // WaitFinished: until `key` has finished at least n reconciles (false after 30 s).
  bool WaitFinished(const std::string& key, int n) {
    std::unique_lock lock(mu_);
    return cv_.wait_for(lock, 30s, [&] { return finished_[key] >= n; });
  }
  bool WaitStarted(const std::string& key, int n) {
    std::unique_lock lock(mu_);
    return cv_.wait_for(lock, 30s, [&] { return calls_[key] >= n; });
  }
  // Wait: until `pred` (evaluated under the recorder's lock, re-checked on every reconcile).
  bool Wait(const std::function<bool()>& pred) {
    std::unique_lock lock(mu_);
    return cv_.wait_for(lock, 30s, pred);
  }
  // Notify wakes waiters after a change outside the recorder (taking the lock first, so that a
  // waiter between its check and its wait cannot miss it).
  void Notify() {
    { std::lock_guard lock(mu_); }
    cv_.notify_all();
  }

 private:
  Behaviour behaviour_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::map<std::string, int> calls_;
  std::map<std::string, int> finished_;
  std::set<std::string> in_flight_;
  int overlaps_ = 0;
};

// CapturingSink: the log records, for assertions.
class CapturingSink : public ctrl::LogSink {
 public:
  bool Enabled(int level) const override { return level == 0; }
  void Info(int, std::string_view msg, const ctrl::KeyValues&) override {
    std::lock_guard lock(mu);
    infos.emplace_back(msg);
  }
  void Error(std::string_view err, std::string_view msg, const ctrl::KeyValues& kv) override {
    std::lock_guard lock(mu);
    errors.push_back(ctrl::StderrLogSink::Format("error", msg, err, kv));
  }
  std::vector<std::string> Errors() {
    std::lock_guard lock(mu);
    return errors;
  }
  std::mutex mu;
  std::vector<std::string> infos;
  std::vector<std::string> errors;
};

// Notifying: CountingMetrics that wake the recorder's waiters after every hook (the hooks run
// after the reconcile returned).
class Notifying final : public ctrl::Metrics {
 public:
  std::shared_ptr<ctrl::CountingMetrics> m = std::make_shared<ctrl::CountingMetrics>();
  std::shared_ptr<Recorder> r;
  void ReconcileResult(std::string_view c, std::string_view res) override {
    m->ReconcileResult(c, res), r->Notify();
  }
  void ReconcileError(std::string_view c) override { m->ReconcileError(c), r->Notify(); }
  void TerminalReconcileError(std::string_view c) override { m->TerminalReconcileError(c), r->Notify(); }
  void ReconcileTime(std::string_view c, std::chrono::nanoseconds d) override {
    m->ReconcileTime(c, d), r->Notify();
  }
  void WorkerCount(std::string_view c, int n) override { m->WorkerCount(c, n), r->Notify(); }
  void ActiveWorkers(std::string_view c, int d) override { m->ActiveWorkers(c, d), r->Notify(); }
};

std::shared_ptr<Notifying> MetricsFor(std::shared_ptr<Recorder> r) {
  auto n = std::make_shared<Notifying>();
  n->r = std::move(r);
  return n;
}

bool WaitUntil(Recorder& r, const std::function<bool()>& pred) { return r.Wait(pred); }

struct Env {
  testing::FakeAPIServer server;
  std::shared_ptr<cache::SharedIndexInformer> informer;
  Env() {
    server.AddResource(kWidgets, "Widget", meta::RESTScopeName::kNamespace);
    informer = std::make_shared<cache::SharedIndexInformer>(server.ListerWatcher(kWidgets), 0ms);
  }
  std::shared_ptr<ctrl::KindSource> Widgets() {
    return std::make_shared<ctrl::KindSource>(*informer, std::make_shared<ctrl::EnqueueRequestForObject>(),
                                              std::vector<ctrl::PredicatePtr>{}, "Widget");
  }
};

TEST_CASE("Controller: creates, updates and deletes of watched objects drive reconciles") {
  Env env;
  env.server.Create(kWidgets, "ns", WidgetJSON("ns", "a"));  // in the initial list
  auto rec = std::make_shared<Recorder>();
  auto notifying = MetricsFor(rec);
  auto metrics = notifying->m;
  ctrl::Controller c("widget", rec,
                     {.max_concurrent_reconciles = 2,
                      .log_sink = std::make_shared<ctrl::DiscardLogSink>(),
                      .metrics = notifying});
  c.Watch(env.Widgets());
  std::jthread informer([&](std::stop_token stop) { env.informer->Run(stop); });
  std::jthread run([&](std::stop_token stop) { c.Start(stop); });

  REQUIRE(rec->WaitFinished("ns/a", 1));
  env.server.Create(kWidgets, "ns", WidgetJSON("ns", "b"));
  REQUIRE(rec->WaitFinished("ns/b", 1));
  auto a = env.server.Get(kWidgets, "ns", "a");
  a["spec"]["size"] = 2;
  env.server.Update(kWidgets, "ns", a);
  REQUIRE(rec->WaitFinished("ns/a", 2));
  env.server.Delete(kWidgets, "ns", "b");
  REQUIRE(rec->WaitFinished("ns/b", 2));
  CHECK(rec->Overlaps() == 0);
  CHECK(WaitUntil(*rec, [&] { return metrics->ReconcileTotal("widget", ctrl::kResultSuccess) >= 4; }));
  CHECK(metrics->Workers("widget") == 2);
  CHECK(metrics->ReconcileErrors("widget") == 0);
  run.request_stop();
  run.join();
  CHECK(metrics->Active("widget") == 0);
  CHECK(metrics->ReconcileTimeCount("widget") >= 4);
}

TEST_CASE("Controller: a failing reconcile is retried with backoff, then forgotten; errors are logged") {
  Env env;
  env.server.Create(kWidgets, "ns", WidgetJSON("ns", "a"));
  // The third call waits until the test has looked at the backoff the first two left.
  std::promise<void> looked;
  std::shared_future<void> looked_future = looked.get_future().share();
  auto rec = std::make_shared<Recorder>([looked_future](const ctrl::Request&, int call) -> ctrl::Result {
    if (call == 3) looked_future.wait();
    if (call <= 3) throw Error("boom " + std::to_string(call));
    return {};
  });
  auto notifying = MetricsFor(rec);
  auto metrics = notifying->m;
  auto sink = std::make_shared<CapturingSink>();
  // The queue's limiter backs off 1ms, 2ms, 4ms: the requeues go through AddRateLimited.
  auto limiter = apimachinery::workqueue::NewItemExponentialFailureRateLimiter<ctrl::Request>(1ms, 1s);
  ctrl::Controller c("widget", rec, {.rate_limiter = limiter, .log_sink = sink, .metrics = notifying});
  c.Watch(env.Widgets());
  std::jthread informer([&](std::stop_token stop) { env.informer->Run(stop); });
  std::jthread run([&](std::stop_token stop) { c.Start(stop); });

  const bool third = rec->WaitStarted("ns/a", 3);
  CHECK(limiter->NumRequeues({"ns", "a"}) == 2);  // two failures, two AddRateLimited
  looked.set_value();                             // before any REQUIRE: the worker must not hang
  REQUIRE(third);
  REQUIRE(WaitUntil(*rec, [&] { return metrics->ReconcileTotal("widget", ctrl::kResultSuccess) == 1; }));
  CHECK(rec->Calls("ns/a") == 4);
  CHECK(metrics->ReconcileErrors("widget") == 3);
  CHECK(metrics->ReconcileTotal("widget", ctrl::kResultError) == 3);
  CHECK(limiter->NumRequeues({"ns", "a"}) == 0);  // Forget after the success
  auto errors = sink->Errors();
  REQUIRE(errors.size() == 3);
  CHECK(
      errors[0] ==
      R"(level=error msg="Reconciler error" error="boom 1" controller="widget" object="ns/a" namespace="ns" name="a" reconcileID="1")");
  CHECK_THAT(errors[2], Catch::Contains(R"(error="boom 3")"));
}

TEST_CASE("Controller: a TerminalError is not requeued; requeue requeues rate-limited") {
  Env env;
  env.server.Create(kWidgets, "ns", WidgetJSON("ns", "terminal"));
  env.server.Create(kWidgets, "ns", WidgetJSON("ns", "requeue"));
  auto rec = std::make_shared<Recorder>([](const ctrl::Request& r, int call) -> ctrl::Result {
    if (r.name == "terminal") throw ctrl::TerminalError(Error("unfixable"));
    return {.requeue = call == 1};
  });
  auto notifying = MetricsFor(rec);
  auto metrics = notifying->m;
  auto limiter = apimachinery::workqueue::NewItemExponentialFailureRateLimiter<ctrl::Request>(1ms, 1s);
  auto sink = std::make_shared<CapturingSink>();
  ctrl::Controller c("widget", rec, {.rate_limiter = limiter, .log_sink = sink, .metrics = notifying});
  c.Watch(env.Widgets());
  std::jthread informer([&](std::stop_token stop) { env.informer->Run(stop); });
  std::jthread run([&](std::stop_token stop) { c.Start(stop); });

  REQUIRE(rec->WaitFinished("ns/requeue", 2));
  REQUIRE(WaitUntil(*rec, [&] { return metrics->TerminalReconcileErrors("widget") == 1; }));
  CHECK(limiter->NumRequeues({"ns", "terminal"}) == 0);  // never AddRateLimited
  CHECK(rec->Calls("ns/terminal") == 1);
  CHECK(metrics->ReconcileErrors("widget") == 1);
  CHECK(metrics->ReconcileTotal("widget", ctrl::kResultRequeue) == 1);
  REQUIRE(WaitUntil(*rec, [&] { return metrics->ReconcileTotal("widget", ctrl::kResultSuccess) == 1; }));
  auto errors = sink->Errors();
  REQUIRE(errors.size() == 1);
  CHECK_THAT(errors[0], Catch::Contains(R"(error="terminal error: unfixable")"));
}

TEST_CASE("Controller: RequeueAfter requeues after the delay on the queue's clock, with the backoff reset") {
  Env env;
  auto clock = std::make_shared<apimachinery::util::clock::FakeClock>();
  env.server.Create(kWidgets, "ns", WidgetJSON("ns", "a"));
  auto rec = std::make_shared<Recorder>([](const ctrl::Request&, int call) -> ctrl::Result {
    if (call == 1) throw Error("first");          // one failure: NumRequeues 1 ...
    if (call == 2) return {.requeue_after = 1h};  // ... reset by RequeueAfter
    return {};
  });
  auto notifying = MetricsFor(rec);
  auto metrics = notifying->m;
  auto limiter = apimachinery::workqueue::NewItemExponentialFailureRateLimiter<ctrl::Request>(1ms, 1s);
  ctrl::Controller c("widget", rec,
                     {.rate_limiter = limiter,
                      .log_sink = std::make_shared<ctrl::DiscardLogSink>(),
                      .metrics = notifying,
                      .clock = clock});
  c.Watch(env.Widgets());
  std::jthread informer([&](std::stop_token stop) { env.informer->Run(stop); });
  std::jthread run([&](std::stop_token stop) { c.Start(stop); });

  REQUIRE(rec->WaitFinished("ns/a", 1));
  REQUIRE(WaitUntil(*rec, [&] { return metrics->ReconcileErrors("widget") == 1; }));
  clock->Step(1ms);  // the rate-limited retry is due
  REQUIRE(WaitUntil(*rec, [&] { return metrics->ReconcileTotal("widget", ctrl::kResultRequeueAfter) == 1; }));
  CHECK(limiter->NumRequeues({"ns", "a"}) == 0);
  CHECK(rec->Calls("ns/a") == 2);
  clock->Step(59min);
  CHECK(rec->Calls("ns/a") == 2);
  clock->Step(1min);
  REQUIRE(rec->WaitFinished("ns/a", 3));
  CHECK(rec->Overlaps() == 0);
}

TEST_CASE("Controller: two reconciles of one request never overlap; others run in parallel") {
  auto ch = std::make_shared<ctrl::ChannelSource>(std::make_shared<ctrl::EnqueueRequestForObject>());
  std::shared_ptr<ctrl::Queue> queue;
  std::shared_ptr<Recorder> rec;
  // The first reconcile of ns/a re-adds ns/a and then ns/b, and returns only when ns/b has been
  // reconciled: the other worker must skip the dirty ns/a (queued first) to take ns/b.
  rec = std::make_shared<Recorder>([&](const ctrl::Request& r, int call) -> ctrl::Result {
    if (r.name == "a" && call == 1) {
      queue->Add({"ns", "a"});
      queue->Add({"ns", "b"});
      rec->WaitFinished("ns/b", 1);
    }
    return {};
  });
  ctrl::Controller c("widget", rec,
                     {.max_concurrent_reconciles = 2, .log_sink = std::make_shared<ctrl::DiscardLogSink>()});
  c.Watch(ch);
  std::promise<std::shared_ptr<ctrl::Queue>> started;
  c.Watch(std::make_shared<ctrl::FuncSource>(
      [&](std::stop_token, std::shared_ptr<ctrl::Queue> q) { started.set_value(q); }));
  std::jthread run([&](std::stop_token stop) { c.Start(stop); });
  queue = started.get_future().get();
  CHECK(queue == c.GetQueue());
  auto a = std::make_shared<runtime::Unstructured>(WidgetJSON("ns", "a"));
  ch->Push({a});
  REQUIRE(rec->WaitFinished("ns/a", 2));  // the dirty ns/a runs again after the first one
  CHECK(rec->Calls("ns/b") == 1);
  CHECK(rec->Overlaps() == 0);
}

TEST_CASE("Controller: many pushers and four workers: no request is reconciled twice at once") {
  auto ch = std::make_shared<ctrl::ChannelSource>(std::make_shared<ctrl::EnqueueRequestForObject>());
  auto rec = std::make_shared<Recorder>();
  ctrl::Controller c("widget", rec,
                     {.max_concurrent_reconciles = 4, .log_sink = std::make_shared<ctrl::DiscardLogSink>()});
  c.Watch(ch);
  std::jthread run([&](std::stop_token stop) { c.Start(stop); });
  std::vector<std::shared_ptr<const runtime::Object>> objs;
  for (int i = 0; i < 6; ++i) {
    objs.push_back(std::make_shared<runtime::Unstructured>(WidgetJSON("ns", "w" + std::to_string(i))));
  }
  {
    std::vector<std::jthread> pushers;
    for (int p = 0; p < 3; ++p) {
      pushers.emplace_back([&, p] {
        for (int i = 0; i < 200; ++i) ch->Push({objs[static_cast<std::size_t>((i + p) % 6)]});
      });
    }
  }
  // Every key is reconciled after its last push: push each once more and wait for a reconcile
  // that started after it.
  std::map<std::string, int> before;
  for (int i = 0; i < 6; ++i) before["ns/w" + std::to_string(i)] = 0;
  for (auto& [k, n] : before) n = rec->Calls(k);
  for (const auto& o : objs) ch->Push({o});
  for (const auto& [k, n] : before) CHECK(rec->WaitStarted(k, n + 1));
  CHECK(rec->Overlaps() == 0);
}

TEST_CASE("Controller: sources watched after Start start at once; Channel keeps events pushed before Start") {
  auto early = std::make_shared<ctrl::ChannelSource>(std::make_shared<ctrl::EnqueueRequestForObject>());
  early->Push({std::make_shared<runtime::Unstructured>(WidgetJSON("ns", "early"))});
  auto rec = std::make_shared<Recorder>();
  ctrl::Controller c("widget", rec, {.log_sink = std::make_shared<ctrl::DiscardLogSink>()});
  c.Watch(early);
  std::jthread run([&](std::stop_token stop) { c.Start(stop); });
  REQUIRE(rec->WaitFinished("ns/early", 1));

  auto only_keep = ctrl::NewPredicateFuncs(
      [](const runtime::Object& o) { return o.GetObjectMeta()->name.rfind("keep", 0) == 0; });
  auto late =
      std::make_shared<ctrl::ChannelSource>(std::make_shared<ctrl::EnqueueRequestForObject>(),
                                            std::vector<ctrl::PredicatePtr>{ctrl::ToPredicate(only_keep)});
  c.Watch(late);
  late->Push({std::make_shared<runtime::Unstructured>(WidgetJSON("ns", "drop"))});
  late->Push({std::make_shared<runtime::Unstructured>(WidgetJSON("ns", "keep"))});
  REQUIRE(rec->WaitFinished("ns/keep", 1));
  CHECK(rec->Calls("ns/drop") == 0);  // filtered before the handler, on the pushing thread
  late->Close();
  late->Push({std::make_shared<runtime::Unstructured>(WidgetJSON("ns", "keep2"))});
  early->Push({std::make_shared<runtime::Unstructured>(WidgetJSON("ns", "after"))});
  REQUIRE(rec->WaitFinished("ns/after", 1));
  CHECK(rec->Calls("ns/keep2") == 0);

  // Func: a source from a function.
  auto fn = std::make_shared<ctrl::FuncSource>([](std::stop_token, std::shared_ptr<ctrl::Queue> q) {
    q->Add({"", "from-func"});
  });
  CHECK_THAT(fn->String(), Catch::StartsWith("func source: "));
  c.Watch(fn);
  REQUIRE(rec->WaitFinished("/from-func", 1));
}

TEST_CASE("Controller: construction and Start errors (controller.go texts)") {
  auto rec = std::make_shared<Recorder>();
  CHECK_THROWS_WITH(ctrl::Controller("x", nullptr), "must specify Reconciler");
  CHECK_THROWS_WITH(ctrl::Controller("", rec), "must specify Name for Controller");

  ctrl::Controller c("twice", rec, {.log_sink = std::make_shared<ctrl::DiscardLogSink>()});
  CHECK(c.Options().max_concurrent_reconciles == 1);
  CHECK(c.Options().cache_sync_timeout == 2min);
  std::promise<void> started;
  c.Watch(std::make_shared<ctrl::FuncSource>(
      [&](std::stop_token, std::shared_ptr<ctrl::Queue>) { started.set_value(); }));
  std::jthread run([&](std::stop_token stop) { c.Start(stop); });
  started.get_future().get();
  std::stop_source stop;
  CHECK_THROWS_WITH(c.Start(stop.get_token()),
                    "controller was started more than once. This is likely to be caused by being added to a "
                    "manager multiple times");

  // A syncing source whose informer never runs: Start gives up after cache_sync_timeout.
  Env env;
  ctrl::Controller never("never", rec,
                         {.cache_sync_timeout = 50ms, .log_sink = std::make_shared<ctrl::DiscardLogSink>()});
  never.Watch(env.Widgets());
  CHECK_THROWS_WITH(
      never.Start(stop.get_token()),
      "failed to wait for never caches to sync kind source: Widget: timed out waiting for cache to "
      "be synced for kind source: Widget");
  CHECK(never.GetQueue()->ShuttingDown());

  // A stop requested while waiting for the sync ends Start without an error.
  Env env2;
  ctrl::Controller stopped("stopped", rec, {.log_sink = std::make_shared<ctrl::DiscardLogSink>()});
  stopped.Watch(env2.Widgets());
  std::stop_source s2;
  s2.request_stop();
  CHECK_NOTHROW(stopped.Start(s2.get_token()));

  // Kind over a getter that keeps throwing: each call is logged (kind.go's messages) and retried
  // until the controller's sync timeout.
  auto log = std::make_shared<CapturingSink>();
  std::atomic<int> calls{0};
  ctrl::Controller bad("bad", rec, {.cache_sync_timeout = 300ms, .log_sink = log});
  bad.Watch(std::make_shared<ctrl::KindSource>(
      [&]() -> cache::SharedIndexInformer& {
        if (++calls % 2 == 1)
          throw meta::NoKindMatchError(schema::GroupKind{"example.com", "Widget"}, {"v1"});
        throw Error("no kind Widget");
      },
      std::make_shared<ctrl::EnqueueRequestForObject>(), std::vector<ctrl::PredicatePtr>{}, "Widget",
      ctrl::KindSourceOptions{.retry_interval = 20ms, .log_sink = log}));
  CHECK_THROWS_WITH(
      bad.Start(stop.get_token()),
      "failed to wait for bad caches to sync kind source: Widget: timed out waiting for cache to "
      "be synced for kind source: Widget");
  CHECK(calls >= 3);
  const std::vector<std::string> errors = log->Errors();
  REQUIRE(errors.size() >= 2);
  CHECK(errors[0] ==
        R"(level=error msg="if kind is a CRD, it should be installed before calling Start" )"
        R"(error="no matches for kind \"Widget\" in version \"example.com/v1\"" kind="Widget.example.com")");
  CHECK(errors[1] == R"(level=error msg="failed to get informer from cache" error="no kind Widget")");
}

TEST_CASE("KindSource: a getter that fails at Start is retried until it succeeds (a CRD installed later)") {
  Env env;
  env.server.Create(kWidgets, "ns", WidgetJSON("ns", "a"));
  auto rec = std::make_shared<Recorder>();
  auto log = std::make_shared<CapturingSink>();
  std::atomic<int> calls{0};
  ctrl::Controller c("late", rec, {.log_sink = log});
  c.Watch(std::make_shared<ctrl::KindSource>(
      [&]() -> cache::SharedIndexInformer& {
        if (++calls <= 2) throw meta::NoKindMatchError(schema::GroupKind{"example.com", "Widget"}, {"v1"});
        return *env.informer;
      },
      std::make_shared<ctrl::EnqueueRequestForObject>(), std::vector<ctrl::PredicatePtr>{}, "Widget",
      ctrl::KindSourceOptions{.retry_interval = 10ms, .log_sink = log}));
  std::jthread informer([&](std::stop_token stop) { env.informer->Run(stop); });
  std::jthread run([&](std::stop_token stop) { c.Start(stop); });
  REQUIRE(rec->WaitFinished("ns/a", 1));
  env.server.Create(kWidgets, "ns", WidgetJSON("ns", "b"));
  REQUIRE(rec->WaitFinished("ns/b", 1));
  CHECK(calls == 3);
  CHECK(log->Errors().size() == 2);
}

}  // namespace ctrl_controller_test
