#include "apimachinery/cache/shared_informer.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <set>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "apimachinery/cache/internal/shared_processor.hpp"
#include "apimachinery/runtime/unstructured.hpp"
#include "apimachinery/util/clock.hpp"

#include "cache/informer_source.hpp"
#include "cache/test_pod.hpp"
#include "support/eventually.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace cache_shared_informer_test {

namespace cache = apimachinery::cache;
namespace internal = apimachinery::cache::internal;
using apimachinery::runtime::Object;
using cache_test::InformerSource;
using cache_test::NewPod;
using namespace std::chrono_literals;
using ObjectPtr = std::shared_ptr<const Object>;

namespace {

std::string Describe(const ObjectPtr& o) {
  if (const auto* t = cache::AsTombstone(*o)) return t->key + " (tombstone)";
  const auto& p = cache_test::AsPod(*o);
  std::string s =
      p.metadata.namespace_.empty() ? p.metadata.name : p.metadata.namespace_ + "/" + p.metadata.name;
  if (!p.spec.node_name.empty()) s += "@" + p.spec.node_name;
  return s;
}

// Recorder: a handler that writes down what it receives, in order, thread-safely.
class Recorder {
 public:
  cache::ResourceEventHandlerFuncs Funcs() {
    return {
        .on_add = [this](const ObjectPtr& o,
                         bool initial) { Push("add " + Describe(o) + (initial ? " initial" : "")); },
        .on_update = [this](const ObjectPtr& a,
                            const ObjectPtr& b) { Push("update " + Describe(a) + " -> " + Describe(b)); },
        .on_delete = [this](const ObjectPtr& o) { Push("delete " + Describe(o)); },
    };
  }
  void Push(std::string e) {
    std::lock_guard lock(mu_);
    events_.push_back(std::move(e));
    cv_.notify_all();
  }
  std::vector<std::string> Events() const {
    std::lock_guard lock(mu_);
    return events_;
  }
  void Clear() {
    std::lock_guard lock(mu_);
    events_.clear();
  }
  // WaitCount: true once at least n events arrived (false after the timeout).
  bool WaitCount(std::size_t n, std::chrono::milliseconds timeout = 5s) const {
    std::unique_lock lock(mu_);
    return cv_.wait_for(lock, timeout, [&] { return events_.size() >= n; });
  }

 private:
  mutable std::mutex mu_;
  mutable std::condition_variable cv_;
  std::vector<std::string> events_;
};

using test_support::Eventually;

// Running: an informer on a thread, stopped and joined on destruction.
struct Running {
  explicit Running(cache::SharedIndexInformer& i)
      : informer(i), thread([this](std::stop_token s) { informer.Run(s); }) {}
  void Stop() {
    thread.request_stop();
    if (thread.joinable()) thread.join();
  }
  ~Running() { Stop(); }
  Running(const Running&) = delete;
  Running& operator=(const Running&) = delete;
  cache::SharedIndexInformer& informer;
  std::jthread thread;
};

}  // namespace

TEST_CASE(
    "SharedIndexInformer: the resync check period follows the handlers added before Run "
    "(TestResyncCheckPeriod)") {
  InformerSource source;
  cache::SharedIndexInformer informer(source.LW(), 12h);
  auto h1 = informer.AddEventHandlerWithResyncPeriod({}, 0ms);
  CHECK(informer.ResyncCheckPeriod() == 12h);
  CHECK(cache::SharedIndexInformer::HandlerResyncPeriod(*h1) == 0ms);

  auto h2 = informer.AddEventHandlerWithResyncPeriod({}, 1min);
  CHECK(informer.ResyncCheckPeriod() == 1min);
  CHECK(cache::SharedIndexInformer::HandlerResyncPeriod(*h1) == 0ms);
  CHECK(cache::SharedIndexInformer::HandlerResyncPeriod(*h2) == 1min);

  auto h3 = informer.AddEventHandlerWithResyncPeriod({}, 55s);
  CHECK(informer.ResyncCheckPeriod() == 55s);
  CHECK(cache::SharedIndexInformer::HandlerResyncPeriod(*h2) == 1min);
  CHECK(cache::SharedIndexInformer::HandlerResyncPeriod(*h3) == 55s);

  auto h4 = informer.AddEventHandlerWithResyncPeriod({}, 5s);
  CHECK(informer.ResyncCheckPeriod() == 5s);
  CHECK(cache::SharedIndexInformer::HandlerResyncPeriod(*h1) == 0ms);
  CHECK(cache::SharedIndexInformer::HandlerResyncPeriod(*h2) == 1min);
  CHECK(cache::SharedIndexInformer::HandlerResyncPeriod(*h3) == 55s);
  CHECK(cache::SharedIndexInformer::HandlerResyncPeriod(*h4) == 5s);

  // Below the one-second minimum: raised to it (and the check period follows).
  auto h5 = informer.AddEventHandlerWithResyncPeriod({}, 10ms);
  CHECK(cache::SharedIndexInformer::HandlerResyncPeriod(*h5) == 1s);
  CHECK(informer.ResyncCheckPeriod() == 1s);
  // The default handler period is the constructor's.
  auto h6 = informer.AddEventHandler({});
  CHECK(cache::SharedIndexInformer::HandlerResyncPeriod(*h6) == 12h);
}

TEST_CASE("SharedIndexInformer: an informer without resync gives every handler period 0") {
  InformerSource source;
  cache::SharedIndexInformer informer(source.LW(), 0ms);
  auto h = informer.AddEventHandlerWithResyncPeriod({}, 5s);
  // The requested 5s lowers nothing (0 means no resync check at all) and becomes 0.
  CHECK(informer.ResyncCheckPeriod() == 0ms);
  CHECK(cache::SharedIndexInformer::HandlerResyncPeriod(*h) == 0ms);
}

TEST_CASE("SharedProcessor: each listener resyncs on its own period (TestListenerResyncPeriods)") {
  auto clock = std::make_shared<apimachinery::util::clock::FakeClock>();
  internal::SharedProcessor processor(clock);
  struct Count {
    std::atomic<int> n{0};
  };
  Count c1, c2, c3;
  auto make = [&](Count& c, std::chrono::milliseconds period) {
    internal::ListenerHandler h;
    h.on_update = [&c](const ObjectPtr&, const ObjectPtr&) { ++c.n; };
    return std::make_shared<internal::ProcessorListener>(std::move(h), period, period, clock->Now(),
                                                         [] { return true; });
  };
  auto l1 = make(c1, 0ms);
  auto l2 = make(c2, 2s);
  auto l3 = make(c3, 3s);
  processor.AddListener(l1);
  processor.AddListener(l2);
  processor.AddListener(l3);
  processor.Run();
  auto pod = cache_test::MakePod("", "pod1");
  auto sync_all = [&] { processor.Distribute(internal::Notification::Update(pod, pod), true); };

  // t=1s: nobody is due.
  clock->Step(1s);
  CHECK_FALSE(processor.ShouldResync());
  sync_all();
  // t=2s: listener 2 only.
  clock->Step(1s);
  CHECK(processor.ShouldResync());
  sync_all();
  REQUIRE(Eventually([&] { return c2.n == 1; }));
  // t=3s: listener 3 only.
  clock->Step(1s);
  CHECK(processor.ShouldResync());
  sync_all();
  REQUIRE(Eventually([&] { return c3.n == 1; }));
  // t=4s: listener 2 again.
  clock->Step(1s);
  CHECK(processor.ShouldResync());
  sync_all();
  REQUIRE(Eventually([&] { return c2.n == 2; }));
  // A non-sync notification reaches everyone.
  processor.Distribute(internal::Notification::Update(pod, pod), false);
  REQUIRE(Eventually([&] { return c1.n == 1 && c2.n == 3 && c3.n == 2; }));
  processor.Stop();
  CHECK(c1.n == 1);
  CHECK(c2.n == 3);
  CHECK(c3.n == 2);
}

TEST_CASE("SharedIndexInformer: handlers see the initial list, then adds, updates and deletes in order") {
  InformerSource source;
  source.Add(NewPod("ns", "pod1"));
  source.Add(NewPod("ns", "pod2"));
  cache::SharedIndexInformer informer(source.LW(), 0ms);
  Recorder rec;
  auto reg = informer.AddEventHandler(rec.Funcs());
  CHECK_FALSE(reg->HasSynced());
  Running run(informer);
  REQUIRE(Eventually([&] { return reg->HasSynced(); }));
  CHECK(informer.HasSynced());
  CHECK(rec.Events() == std::vector<std::string>{"add ns/pod1 initial", "add ns/pod2 initial"});
  CHECK(informer.GetIndexer().Len() == 2);

  rec.Clear();
  source.Add(NewPod("ns", "pod3", "a"));
  source.Modify(NewPod("ns", "pod3", "b"));
  source.Modify(NewPod("ns", "pod1", "c"));
  source.Delete(NewPod("ns", "pod3", "b"));
  REQUIRE(rec.WaitCount(4));
  CHECK(rec.Events() == std::vector<std::string>{"add ns/pod3@a", "update ns/pod3@a -> ns/pod3@b",
                                                 "update ns/pod1 -> ns/pod1@c", "delete ns/pod3@b"});
  CHECK(informer.GetIndexer().GetByKey("ns/pod3") == nullptr);
  CHECK(cache_test::AsPod(*informer.GetIndexer().GetByKey("ns/pod1")).spec.node_name == "c");
  CHECK(Eventually([&] { return informer.LastSyncResourceVersion() == source.CurrentResourceVersion(); }));
}

TEST_CASE(
    "SharedIndexInformer: a handler added while running gets the contents as its initial list "
    "(TestAddWhileActive)") {
  InformerSource source;
  source.Add(NewPod("ns", "pod1"));
  source.Add(NewPod("ns", "pod2"));
  cache::SharedIndexInformer informer(source.LW(), 0ms);
  Recorder first, late;
  auto reg1 = informer.AddEventHandler(first.Funcs());
  Running run(informer);
  REQUIRE(Eventually([&] { return reg1->HasSynced(); }));

  auto reg2 = informer.AddEventHandler(late.Funcs());
  REQUIRE(Eventually([&] { return reg2->HasSynced(); }));
  auto got = late.Events();
  std::sort(got.begin(), got.end());
  CHECK(got == std::vector<std::string>{"add ns/pod1 initial", "add ns/pod2 initial"});

  source.Add(NewPod("ns", "pod3"));
  REQUIRE(first.WaitCount(3));
  REQUIRE(late.WaitCount(3));
  CHECK(first.Events().back() == "add ns/pod3");
  CHECK(late.Events().back() == "add ns/pod3");
}

TEST_CASE("SharedIndexInformer: a handler added while events flow misses nothing and sees nothing twice") {
  InformerSource source;
  cache::SharedIndexInformer informer(source.LW(), 0ms);
  Running run(informer);
  REQUIRE(Eventually([&] { return informer.HasSynced(); }));
  std::jthread writer([&] {
    for (int i = 0; i < 300; ++i) source.Add(NewPod("ns", "p" + std::to_string(i)));
  });
  std::this_thread::sleep_for(1ms);
  Recorder late;
  auto reg = informer.AddEventHandler(late.Funcs());
  writer.join();
  REQUIRE(late.WaitCount(300));
  std::this_thread::sleep_for(20ms);
  auto events = late.Events();
  CHECK(events.size() == 300);
  std::set<std::string> names;
  for (const auto& e : events) {
    auto name = e.substr(4, e.find(' ', 4) - 4);
    CHECK(names.insert(name).second);
  }
  CHECK(names.size() == 300);
  CHECK(reg->HasSynced());
}

TEST_CASE("SharedIndexInformer: a slow handler never blocks the others") {
  InformerSource source;
  cache::SharedIndexInformer informer(source.LW(), 0ms);
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  std::atomic<int> slow_seen{0};
  Recorder fast;
  auto slow_reg = informer.AddEventHandler({.on_add = [&](const ObjectPtr&, bool) {
    released.wait();  // blocks until the test lets it go
    ++slow_seen;
  }});
  auto fast_reg = informer.AddEventHandler(fast.Funcs());
  Running run(informer);
  constexpr int kN = 500;
  for (int i = 0; i < kN; ++i) source.Add(NewPod("ns", "p" + std::to_string(i)));
  // The fast handler gets everything while the slow one is stuck in its first callback.
  REQUIRE(fast.WaitCount(kN));
  CHECK(slow_seen == 0);
  CHECK(informer.GetIndexer().Len() == static_cast<std::size_t>(kN));
  release.set_value();
  REQUIRE(Eventually([&] { return slow_seen == kN; }));
}

TEST_CASE(
    "SharedIndexInformer: RemoveEventHandler stops delivery to that handler only "
    "(TestSharedInformerRemoveHandler)") {
  InformerSource source;
  cache::SharedIndexInformer informer(source.LW(), 0ms);
  Recorder a, b;
  auto ra = informer.AddEventHandler(a.Funcs());
  auto rb = informer.AddEventHandler(b.Funcs());
  CHECK(informer.EventHandlerCount() == 2);
  CHECK(informer.IsRegistered(*ra));
  informer.RemoveEventHandler(ra);
  CHECK(informer.EventHandlerCount() == 1);
  CHECK_FALSE(informer.IsRegistered(*ra));
  CHECK(informer.IsRegistered(*rb));
  informer.RemoveEventHandler(ra);  // again: a no-op (TestRemovingRemovedSharedInformer)
  informer.RemoveEventHandler(nullptr);
  CHECK(informer.EventHandlerCount() == 1);

  // A registration of another informer is ignored (TestSharedInformerRemoveForeignHandler).
  cache::SharedIndexInformer other(source.LW(), 0ms);
  auto foreign = other.AddEventHandler({});
  informer.RemoveEventHandler(foreign);
  CHECK(informer.EventHandlerCount() == 1);
  CHECK(other.EventHandlerCount() == 1);

  Running run(informer);
  source.Add(NewPod("ns", "pod1"));
  REQUIRE(b.WaitCount(1));
  // Removed while running: no callback starts after RemoveEventHandler returns.
  informer.RemoveEventHandler(rb);
  const auto before = b.Events().size();
  source.Add(NewPod("ns", "pod2"));
  REQUIRE(Eventually([&] { return informer.GetIndexer().Len() == 2; }));
  std::this_thread::sleep_for(20ms);
  CHECK(b.Events().size() == before);
  CHECK(a.Events().empty());
  CHECK(informer.EventHandlerCount() == 0);
}

TEST_CASE(
    "SharedIndexInformer: one handler registered twice gets two registrations "
    "(TestSharedInformerMultipleRegistration)") {
  InformerSource source;
  source.Add(NewPod("ns", "pod1"));
  cache::SharedIndexInformer informer(source.LW(), 0ms);
  std::atomic<int> adds{0};
  cache::ResourceEventHandlerFuncs funcs{.on_add = [&](const ObjectPtr&, bool) { ++adds; }};
  auto r1 = informer.AddEventHandler(funcs);
  auto r2 = informer.AddEventHandler(funcs);
  CHECK(r1 != r2);
  Running run(informer);
  REQUIRE(Eventually([&] { return r1->HasSynced() && r2->HasSynced(); }));
  CHECK(adds == 2);
  informer.RemoveEventHandler(r1);
  CHECK(informer.IsRegistered(*r2));
  source.Add(NewPod("ns", "pod2"));
  REQUIRE(Eventually([&] { return adds == 3; }));
  std::this_thread::sleep_for(20ms);
  CHECK(adds == 3);
}

TEST_CASE(
    "SharedIndexInformer: HasStarted, HasSynced, IsStopped through the life cycle "
    "(TestStateSharedInformer)") {
  InformerSource source;
  source.Add(NewPod("ns", "pod1"));
  cache::SharedIndexInformer informer(source.LW(), 0ms);
  CHECK_FALSE(informer.HasStarted());
  CHECK_FALSE(informer.HasSynced());
  CHECK_FALSE(informer.IsStopped());
  CHECK(informer.LastSyncResourceVersion().empty());
  {
    Running run(informer);
    REQUIRE(Eventually([&] { return informer.HasSynced(); }));
    CHECK(informer.HasStarted());
    CHECK_FALSE(informer.IsStopped());
    run.Stop();
  }
  CHECK(informer.IsStopped());
  CHECK(informer.HasSynced());  // latched
  // A second Run returns at once.
  std::stop_source never;
  informer.Run(never.get_token());
}

TEST_CASE(
    "SharedIndexInformer: handlers and indexers cannot be added once stopped "
    "(TestAddOnStoppedSharedInformer)") {
  InformerSource source;
  cache::SharedIndexInformer informer(source.LW(), 0ms);
  {
    Running run(informer);
    REQUIRE(Eventually([&] { return informer.HasSynced(); }));
  }
  REQUIRE(informer.IsStopped());
  CHECK_THROWS_WITH(informer.AddEventHandler({}),
                    "handler was not added to shared informer because it has stopped already");
  CHECK_THROWS_AS(informer.AddEventHandler({}), apimachinery::Error);
  CHECK_THROWS_WITH(informer.AddIndexers({{"by-node", cache_test::NodeNameIndexFunc}}),
                    "indexer was not added because it has stopped already");
  CHECK(informer.EventHandlerCount() == 0);
  // Removing after the stop is harmless (TestRemoveOnStoppedSharedInformer).
  informer.RemoveEventHandler(nullptr);
}

TEST_CASE("SharedIndexInformer: no callback runs after Run returns") {
  InformerSource source;
  for (int i = 0; i < 50; ++i) source.Add(NewPod("ns", "p" + std::to_string(i)));
  cache::SharedIndexInformer informer(source.LW(), 0ms);
  std::atomic<bool> returned{false};
  std::atomic<int> late_calls{0};
  std::atomic<int> calls{0};
  informer.AddEventHandler({.on_add = [&](const ObjectPtr&, bool) {
    if (returned) ++late_calls;
    ++calls;
    std::this_thread::sleep_for(2ms);  // slow: most notifications are still queued at the stop
  }});
  {
    Running run(informer);
    REQUIRE(Eventually([&] { return calls > 0; }));
    run.Stop();
    returned = true;
  }
  const int at_stop = calls;
  std::this_thread::sleep_for(30ms);
  CHECK(late_calls == 0);
  CHECK(calls == at_stop);
  CHECK(at_stop < 50);  // the queued rest was dropped, as upstream's pop() drops it
}

TEST_CASE("SharedIndexInformer: an exception in a handler is reported and delivery goes on") {
  InformerSource source;
  std::mutex mu;
  std::vector<std::string> errors;
  cache::SharedIndexInformerOptions options;
  options.error_handler = [&](const std::exception_ptr& e) {
    try {
      std::rethrow_exception(e);
    } catch (const std::exception& ex) {
      std::lock_guard lock(mu);
      errors.emplace_back(ex.what());
    }
  };
  cache::SharedIndexInformer informer(source.LW(), std::move(options));
  Recorder ok;
  std::atomic<int> thrower_calls{0};
  auto bad = informer.AddEventHandler({.on_add = [&](const ObjectPtr& o, bool) {
    ++thrower_calls;
    if (cache_test::AsPod(*o).metadata.name == "pod1") throw std::runtime_error("handler failed on pod1");
  }});
  informer.AddEventHandler(ok.Funcs());
  Running run(informer);
  source.Add(NewPod("ns", "pod1"));
  source.Add(NewPod("ns", "pod2"));
  REQUIRE(ok.WaitCount(2));
  REQUIRE(Eventually([&] { return thrower_calls == 2; }));
  std::lock_guard lock(mu);
  CHECK(errors == std::vector<std::string>{"handler failed on pod1"});
}

TEST_CASE("SharedIndexInformer: a throwing initial-list add still lets the handler sync") {
  InformerSource source;
  source.Add(NewPod("ns", "pod1"));
  cache::SharedIndexInformerOptions options;
  options.error_handler = [](const std::exception_ptr&) {};
  cache::SharedIndexInformer informer(source.LW(), std::move(options));
  auto reg =
      informer.AddEventHandler({.on_add = [](const ObjectPtr&, bool) { throw std::runtime_error("no"); }});
  Running run(informer);
  CHECK(Eventually([&] { return reg->HasSynced(); }));
}

TEST_CASE(
    "SharedIndexInformer: SetTransform runs before the store and handlers (TestSharedInformerTransformer)") {
  InformerSource source;
  source.Add(NewPod("ns", "pod1", "node"));
  cache::SharedIndexInformer informer(source.LW(), 0ms);
  informer.SetTransform([](ObjectPtr o) -> ObjectPtr {
    auto p = std::make_shared<cache_test::TestPod>(cache_test::AsPod(*o));
    p->spec.node_name += "-transformed";
    return p;
  });
  Recorder rec;
  informer.AddEventHandler(rec.Funcs());
  Running run(informer);
  REQUIRE(rec.WaitCount(1));
  CHECK(rec.Events()[0] == "add ns/pod1@node-transformed initial");
  CHECK(cache_test::AsPod(*informer.GetIndexer().GetByKey("ns/pod1")).spec.node_name == "node-transformed");
  source.Modify(NewPod("ns", "pod1", "other"));
  REQUIRE(rec.WaitCount(2));
  CHECK(rec.Events()[1] == "update ns/pod1@node-transformed -> ns/pod1@other-transformed");
  CHECK_THROWS_WITH(informer.SetTransform({}), "informer has already started");
  CHECK_THROWS_WITH(informer.SetWatchErrorHandler({}), "informer has already started");
}

TEST_CASE("StripManagedFields drops metadata.managedFields from typed and unstructured objects") {
  auto typed = std::make_shared<cache_test::TestPod>(NewPod("ns", "a"));
  typed->metadata.managed_fields = {apimachinery::metav1::ManagedFieldsEntry{.manager = "kubectl"}};
  typed->metadata.labels = {{"app", "web"}};
  ObjectPtr in = typed;
  ObjectPtr out = cache::StripManagedFields(in);
  REQUIRE(out != in);
  CHECK(out->GetObjectMeta()->managed_fields.empty());
  CHECK(out->GetObjectMeta()->labels.at("app") == "web");
  CHECK_FALSE(in->GetObjectMeta()->managed_fields.empty());  // the shared input is untouched

  ObjectPtr without = std::make_shared<const cache_test::TestPod>(NewPod("ns", "b"));
  CHECK(cache::StripManagedFields(without) == without);  // nothing to strip: no copy
  ObjectPtr no_meta = std::make_shared<const cache_test::NoMeta>();
  CHECK(cache::StripManagedFields(no_meta) == no_meta);
  CHECK(cache::StripManagedFields(nullptr) == nullptr);

  auto u = std::make_shared<apimachinery::runtime::Unstructured>(nlohmann::json::parse(
      R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","namespace":"ns",
          "managedFields":[{"manager":"kubectl","operation":"Apply"}]},"data":{"k":"v"}})"));
  ObjectPtr uin = u;
  ObjectPtr uout = cache::StripManagedFields(uin);
  REQUIRE(uout != uin);
  const auto& body = dynamic_cast<const apimachinery::runtime::Unstructured&>(*uout).Body();
  CHECK(body["metadata"].count("managedFields") == 0);
  CHECK(body["metadata"]["name"] == "c");
  CHECK(body["data"]["k"] == "v");
  CHECK(uout->GetObjectMeta()->managed_fields.empty());
  CHECK(dynamic_cast<const apimachinery::runtime::Unstructured&>(*uin).Body()["metadata"].count(
            "managedFields") == 1);

  // A CompactUnstructured gets a new document without them (the input keeps its own).
  ObjectPtr cin = std::make_shared<const apimachinery::runtime::CompactUnstructured>(*u);
  ObjectPtr cout = cache::StripManagedFields(cin);
  REQUIRE(cout != cin);
  const auto& c = dynamic_cast<const apimachinery::runtime::CompactUnstructured&>(*cout);
  CHECK(c.Root().FindPath("metadata", "managedFields").IsAbsent());
  CHECK(c.MarshalJSON() == R"({"apiVersion":"v1","data":{"k":"v"},"kind":"ConfigMap","metadata":{"name":"c",)"
                           R"("namespace":"ns"}})");
  CHECK(c.GetObjectMeta()->managed_fields.empty());
  CHECK(cin->GetObjectMeta()->managed_fields.size() == 1);
  CHECK(cache::StripManagedFields(cout) == cout);
}

TEST_CASE(
    "SharedIndexInformer: the watch error handler receives list errors (TestSharedInformerErrorHandling)") {
  InformerSource source;
  source.Add(NewPod("ns", "pod1"));
  source.SetListError("Access Denied");
  cache::SharedIndexInformer informer(source.LW(), 1s);
  std::promise<std::string> first;
  std::atomic<bool> got{false};
  informer.SetWatchErrorHandler([&](const std::exception_ptr& e) {
    if (got.exchange(true)) return;
    try {
      std::rethrow_exception(e);
    } catch (const std::exception& ex) {
      first.set_value(ex.what());
    }
  });
  Running run(informer);
  auto f = first.get_future();
  REQUIRE(f.wait_for(5s) == std::future_status::ready);
  CHECK_THAT(f.get(), Catch::Contains("Access Denied"));
  CHECK_FALSE(informer.HasSynced());
}

TEST_CASE(
    "SharedIndexInformer: a relist after a lost watch delivers missed changes, deletions as tombstones "
    "(TestSharedInformerWatchDisruption)") {
  InformerSource source;
  source.Add(NewPod("", "pod1"));
  source.Add(NewPod("", "pod2"));
  source.Add(NewPod("", "pod4"));
  cache::SharedIndexInformerOptions options;
  options.reflector.backoff =
      apimachinery::wait::Backoff{.duration = 1ms, .factor = 1.0, .jitter = 0.0, .steps = 1, .cap = 1ms};
  options.reflector.watch_error_handler = [](const std::exception_ptr&) {};
  cache::SharedIndexInformer informer(source.LW(), std::move(options));
  Recorder rec;
  auto reg = informer.AddEventHandler(rec.Funcs());
  Running run(informer);
  REQUIRE(Eventually([&] { return reg->HasSynced(); }));
  const int lists_before = source.lists();
  rec.Clear();

  // Changes the watch never reports: only a relist can notice them.
  source.AddDropWatch(NewPod("", "pod3"));
  source.ModifyDropWatch(NewPod("", "pod2", "moved"));
  source.DeleteDropWatch(NewPod("", "pod4"));
  std::this_thread::sleep_for(20ms);
  CHECK(rec.Events().empty());

  source.ResetWatch();  // the informer relists (a resumed watch would not see the dropped events)
  REQUIRE(rec.WaitCount(4, 10s));
  CHECK(source.lists() > lists_before);
  // The relist's deletions come first (as tombstones), then its objects in list order; pod1 did
  // not change (same resourceVersion): a sync notification, delivered because no resync check
  // ever took this handler out of the syncing set (upstream's initial state).
  // A second relist may follow at once: the ended watch was younger than a second and saw no event
  // (a VeryShortWatchError, so the first relist may come from that), and the next watch then gets
  // the 410. Its sync notifications come after these four.
  std::vector<std::string> events = rec.Events();
  events.resize(4);
  CHECK(events == std::vector<std::string>{"delete pod4 (tombstone)", "update pod1 -> pod1",
                                           "update pod2 -> pod2@moved", "add pod3"});
  CHECK(informer.GetIndexer().GetByKey("pod4") == nullptr);
  CHECK(informer.GetIndexer().Len() == 3);
}

TEST_CASE("SharedIndexInformer: AddIndexers before and after Run") {
  InformerSource source;
  source.Add(NewPod("ns", "a", "n1"));
  source.Add(NewPod("ns", "b", "n2"));
  cache::SharedIndexInformer informer(source.LW(), 0ms,
                                      {{std::string(cache::kNamespaceIndex), cache::MetaNamespaceIndexFunc}});
  informer.AddIndexers({{"by-node", cache_test::NodeNameIndexFunc}});
  Running run(informer);
  REQUIRE(Eventually([&] { return informer.HasSynced(); }));
  CHECK(informer.GetIndexer().ByIndex("by-node", "n1").size() == 1);
  CHECK(informer.GetIndexer().ByIndex(cache::kNamespaceIndex, "ns").size() == 2);
  informer.AddIndexers(
      {{"by-name", [](const Object& o) { return std::vector<std::string>{o.GetObjectMeta()->name}; }}});
  CHECK(informer.GetIndexer().ByIndex("by-name", "b").size() == 1);  // back-filled
  source.Add(NewPod("ns", "c", "n1"));
  REQUIRE(Eventually([&] { return informer.GetIndexer().ByIndex("by-name", "c").size() == 1; }));
  CHECK(informer.GetIndexer().ByIndex("by-node", "n1").size() == 2);
  CHECK_THROWS_WITH(informer.AddIndexers({{"by-node", cache_test::NodeNameIndexFunc}}),
                    Catch::Contains("indexer conflict"));
}

TEST_CASE("SharedIndexInformer: an index function that throws drops the delta and reports it") {
  InformerSource source;
  std::atomic<int> reported{0};
  cache::SharedIndexInformerOptions options;
  options.indexers = {{"picky", [](const Object& o) -> std::vector<std::string> {
                         if (o.GetObjectMeta()->name == "bad") throw std::runtime_error("cannot index");
                         return {o.GetObjectMeta()->name};
                       }}};
  options.error_handler = [&](const std::exception_ptr&) { ++reported; };
  cache::SharedIndexInformer informer(source.LW(), std::move(options));
  Recorder rec;
  informer.AddEventHandler(rec.Funcs());
  Running run(informer);
  REQUIRE(Eventually([&] { return informer.HasSynced(); }));
  source.Add(NewPod("ns", "bad"));
  source.Add(NewPod("ns", "good"));
  REQUIRE(rec.WaitCount(1));
  std::this_thread::sleep_for(20ms);
  CHECK(rec.Events() == std::vector<std::string>{"add ns/good"});
  CHECK(reported == 1);
  CHECK(informer.GetIndexer().GetByKey("ns/bad") == nullptr);
}

TEST_CASE(
    "SharedIndexInformer: handlers may add and remove handlers, also from their callbacks "
    "(TestSharedInformerHandlerAbuse)") {
  // Declared before the informer: its listener threads run the callbacks below until `run`
  // stops it, so what they touch must outlive `run`.
  std::atomic<int> calls{0};
  std::mutex regs_mu;
  std::vector<std::shared_ptr<cache::ResourceEventHandlerRegistration>> regs;
  InformerSource source;
  cache::SharedIndexInformer informer(source.LW(), 0ms);
  Running run(informer);
  auto churn = [&] {
    auto reg = informer.AddEventHandler({.on_add = [&](const ObjectPtr&, bool) {
      ++calls;
      // From inside a callback: add one handler and remove another.
      auto inner = informer.AddEventHandler({});
      informer.RemoveEventHandler(inner);
    }});
    std::lock_guard lock(regs_mu);
    regs.push_back(reg);
  };
  std::vector<std::jthread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 20; ++i) {
        churn();
        source.Add(NewPod("ns", "t" + std::to_string(t) + "-" + std::to_string(i)));
        std::shared_ptr<cache::ResourceEventHandlerRegistration> victim;
        {
          std::lock_guard lock(regs_mu);
          if (regs.size() > 3) {
            victim = regs.front();
            regs.erase(regs.begin());
          }
        }
        if (victim) informer.RemoveEventHandler(victim);
      }
    });
  }
  for (auto& t : threads) t.join();
  REQUIRE(Eventually([&] { return informer.GetIndexer().Len() == 80; }));
  std::size_t kept = 0;
  {
    std::lock_guard lock(regs_mu);
    kept = regs.size();
  }
  // The handlers added inside callbacks are removed again by the same callback.
  CHECK(Eventually([&] { return informer.EventHandlerCount() == kept; }));
  // The kept handlers' listener threads deliver their adds asynchronously (late on a loaded
  // machine: the CHECK without waiting failed once with calls == 0).
  CHECK(Eventually([&] { return calls.load() > 0; }));
}

TEST_CASE(
    "SharedIndexInformer: a handler added while Run starts is not lost "
    "(TestSharedInformerInitializationRace)") {
  InformerSource source;
  source.Add(NewPod("ns", "pod1"));
  cache::SharedIndexInformer informer(source.LW(), 1s);
  Recorder rec;
  std::shared_ptr<cache::ResourceEventHandlerRegistration> reg;
  std::jthread adder([&] { reg = informer.AddEventHandler(rec.Funcs()); });
  Running run(informer);
  adder.join();
  REQUIRE(rec.WaitCount(1));
  CHECK(rec.Events()[0] == "add ns/pod1 initial");
  CHECK(Eventually([&] { return reg->HasSynced(); }));
}

TEST_CASE("ShutDownEventHandler waits for the callback in flight") {
  InformerSource source;
  cache::SharedIndexInformer informer(source.LW(), 0ms);
  std::atomic<bool> in_callback{false};
  std::atomic<bool> finished{false};
  auto reg = informer.AddEventHandler({.on_add = [&](const ObjectPtr&, bool) {
    in_callback = true;
    std::this_thread::sleep_for(50ms);
    finished = true;
  }});
  Running run(informer);
  source.Add(NewPod("ns", "pod1"));
  REQUIRE(Eventually([&] { return in_callback.load(); }));
  cache::ShutDownEventHandler(informer, reg);
  CHECK(finished);
  CHECK_FALSE(informer.IsRegistered(*reg));
}

TEST_CASE(
    "WaitForCacheSync: true once every function is true, false when stopped first (TestWaitForCacheSync)") {
  std::stop_source stop;
  CHECK(cache::WaitForCacheSync(stop.get_token(), {}));
  CHECK(cache::WaitForCacheSync(stop.get_token(), {[] { return true; }, [] { return true; }}));

  std::atomic<bool> ready{false};
  std::jthread later([&] {
    std::this_thread::sleep_for(150ms);
    ready = true;
  });
  const auto t0 = std::chrono::steady_clock::now();
  CHECK(cache::WaitForCacheSync(stop.get_token(), {[] { return true; }, [&] { return ready.load(); }}));
  CHECK(std::chrono::steady_clock::now() - t0 >= 150ms);

  // Never synced: returns false promptly once stopped.
  std::stop_source stop2;
  std::jthread stopper([&] {
    std::this_thread::sleep_for(50ms);
    stop2.request_stop();
  });
  const auto t1 = std::chrono::steady_clock::now();
  CHECK_FALSE(cache::WaitForCacheSync(stop2.get_token(), {[] { return false; }}));
  CHECK(std::chrono::steady_clock::now() - t1 < 1s);
  // Already synced and already stopped: the first check still runs (PollImmediateUntil).
  CHECK(cache::WaitForCacheSync(stop2.get_token(), {[] { return true; }}));
  CHECK_FALSE(cache::WaitForCacheSync(stop2.get_token(), {[] { return false; }}));
}

TEST_CASE("WaitForCacheSync on an informer and its handler registrations") {
  InformerSource source;
  for (int i = 0; i < 20; ++i) source.Add(NewPod("ns", "p" + std::to_string(i)));
  cache::SharedIndexInformer informer(source.LW(), 0ms);
  std::atomic<int> seen{0};
  auto reg = informer.AddEventHandler({.on_add = [&](const ObjectPtr&, bool initial) {
    if (initial) ++seen;
  }});
  Running run(informer);
  std::stop_source stop;
  REQUIRE(cache::WaitForCacheSync(stop.get_token(),
                                  {[&] { return informer.HasSynced(); }, [&] { return reg->HasSynced(); }}));
  CHECK(seen == 20);  // the registration is synced only once its initial list was delivered
}

TEST_CASE("SharedIndexInformer: resync delivers OnUpdate(obj, obj) to handlers that asked for it") {
  InformerSource source;
  source.Add(NewPod("ns", "pod1"));
  cache::SharedIndexInformer informer(source.LW(), 1s);
  Recorder resyncing, quiet;
  informer.AddEventHandlerWithResyncPeriod(resyncing.Funcs(), 1s);
  informer.AddEventHandlerWithResyncPeriod(quiet.Funcs(), 0ms);
  Running run(informer);
  REQUIRE(resyncing.WaitCount(2, 10s));
  CHECK(resyncing.Events()[1] == "update ns/pod1 -> ns/pod1");
  CHECK(quiet.Events() == std::vector<std::string>{"add ns/pod1 initial"});
}

}  // namespace cache_shared_informer_test
