// Tests for cache/reflector.hpp: the behaviours of client-go's reflector_test.go (list then watch,
// resume without relist, relist on 410 both ways, too-large versions, full list on an expired
// continue token, paging, bookmarks, resource version propagation, expected type, resync, backoff
// with a fake clock, watch timeouts, streaming lists) and prompt stop, against a scripted
// ListerWatcher and a recording store. Runs under TSan (std::thread).
#include "apimachinery/cache/reflector.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <stop_token>
#include <string>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/api/errors/errors.hpp"
#include "apimachinery/cache/store.hpp"
#include "apimachinery/cache/the_real_fifo.hpp"
#include "apimachinery/runtime/codec_json.hpp"
#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/util/clock.hpp"
#include "apimachinery/watch/decoder.hpp"
#include "apimachinery/watch/fake.hpp"

#include "support/eventually.hpp"
#include "test_pod.hpp"

namespace cache_reflector_test {

namespace cache = apimachinery::cache;
namespace errors = apimachinery::errors;
namespace metav1 = apimachinery::metav1;
namespace runtime = apimachinery::runtime;
namespace watch = apimachinery::watch;
namespace clk = apimachinery::util::clock;
using namespace std::chrono_literals;
using Obj = std::shared_ptr<const runtime::Object>;

Obj Pod(const std::string& name, const std::string& rv, std::map<std::string, std::string> annotations = {}) {
  auto p = std::make_shared<cache_test::TestPod>();
  p->metadata.namespace_ = "ns";
  p->metadata.name = name;
  p->metadata.resource_version = rv;
  p->metadata.annotations = std::move(annotations);
  return p;
}

std::string Describe(const Obj& obj) {
  const auto* m = obj->GetObjectMeta();
  return m->name + "/" + m->resource_version;
}

// RecordingStore: a map store (key -> rv) that logs every call; thread-safe; after Seal() any call
// is recorded as a violation.
class RecordingStore : public cache::ReflectorStore {
 public:
  void Add(Obj obj) override {
    Record("add " + Describe(obj), [&] { items_[Name(obj)] = Rv(obj); });
  }
  void Update(Obj obj) override {
    Record("update " + Describe(obj), [&] { items_[Name(obj)] = Rv(obj); });
  }
  void Delete(Obj obj) override {
    Record("delete " + Describe(obj), [&] { items_.erase(Name(obj)); });
  }
  void Replace(const std::vector<Obj>& items, std::string_view rv) override {
    std::string text = "replace " + std::string(rv) + " [";
    for (std::size_t i = 0; i < items.size(); ++i) text += (i ? "," : "") + Describe(items[i]);
    text += "]";
    Record(text, [&] {
      items_.clear();
      for (const auto& o : items) items_[Name(o)] = Rv(o);
    });
  }
  void Resync() override {
    std::function<void()> hook;
    {
      std::lock_guard g(mu_);
      hook = on_resync_;
    }
    if (hook) hook();
    Record("resync", [] {});
  }

  void OnResync(std::function<void()> f) {
    std::lock_guard g(mu_);
    on_resync_ = std::move(f);
  }
  std::vector<std::string> Log() const {
    std::lock_guard g(mu_);
    return log_;
  }
  std::map<std::string, std::string> Items() const {
    std::lock_guard g(mu_);
    return items_;
  }
  std::size_t Count(std::string_view prefix) const {
    std::lock_guard g(mu_);
    std::size_t n = 0;
    for (const auto& l : log_) n += l.rfind(prefix, 0) == 0 ? 1 : 0;
    return n;
  }
  // WaitFor: until pred(log) holds (true) or 10 s passed (false).
  bool WaitFor(const std::function<bool(const std::vector<std::string>&)>& pred) const {
    std::unique_lock lock(mu_);
    return cv_.wait_for(lock, 10s, [&] { return pred(log_); });
  }
  bool WaitForCount(std::string_view prefix, std::size_t n) const {
    return WaitFor([&](const std::vector<std::string>& log) {
      std::size_t c = 0;
      for (const auto& l : log) c += l.rfind(prefix, 0) == 0 ? 1 : 0;
      return c >= n;
    });
  }
  void Seal() {
    std::lock_guard g(mu_);
    sealed_ = true;
  }
  int Violations() const {
    std::lock_guard g(mu_);
    return violations_;
  }

 private:
  static std::string Name(const Obj& o) { return o->GetObjectMeta()->name; }
  static std::string Rv(const Obj& o) { return o->GetObjectMeta()->resource_version; }
  template <typename Fn>
  void Record(std::string text, Fn&& apply) {
    std::lock_guard g(mu_);
    if (sealed_) ++violations_;
    apply();
    log_.push_back(std::move(text));
    cv_.notify_all();
  }

  mutable std::mutex mu_;
  mutable std::condition_variable cv_;
  std::vector<std::string> log_;
  std::map<std::string, std::string> items_;
  std::function<void()> on_resync_;
  bool sealed_ = false;
  int violations_ = 0;
};

// SharedWatch: hands the Reflector a watch whose RaceFreeFakeWatcher the test keeps.
class SharedWatch : public watch::Interface {
 public:
  explicit SharedWatch(std::shared_ptr<watch::RaceFreeFakeWatcher> w) : w_(std::move(w)) {}
  std::optional<watch::Event> Next() override { return w_->Next(); }
  void Stop() noexcept override { w_->Stop(); }

 private:
  std::shared_ptr<watch::RaceFreeFakeWatcher> w_;
};

// Script: a ListerWatcher whose answers the test scripts; records the options of every call.
// Unscripted lists answer `default_list`; unscripted watches open a fake watcher that stays open.
class Script {
 public:
  using ListAnswer = std::function<cache::ListResult(const metav1::ListOptions&)>;
  using WatchAnswer = std::function<std::unique_ptr<watch::Interface>(const metav1::ListOptions&)>;

  Script() {
    lw = std::make_shared<cache::ListWatch>(
        [this](const metav1::ListOptions& o) {
          ListAnswer answer;
          {
            std::lock_guard g(mu_);
            lists_.push_back(o);
            if (!list_answers_.empty()) {
              answer = std::move(list_answers_.front());
              list_answers_.pop_front();
            } else {
              answer = default_list_;
            }
            cv_.notify_all();
          }
          return answer(o);
        },
        [this](const metav1::ListOptions& o) -> std::unique_ptr<watch::Interface> {
          WatchAnswer answer;
          std::shared_ptr<watch::RaceFreeFakeWatcher> fake;
          {
            std::lock_guard g(mu_);
            watches_.push_back(o);
            if (!watch_answers_.empty()) {
              answer = std::move(watch_answers_.front());
              watch_answers_.pop_front();
            } else {
              fake = std::make_shared<watch::RaceFreeFakeWatcher>();
              watchers_.push_back(fake);
            }
            cv_.notify_all();
          }
          if (answer) return answer(o);
          return std::make_unique<SharedWatch>(fake);
        });
  }

  void DefaultList(ListAnswer a) {
    std::lock_guard g(mu_);
    default_list_ = std::move(a);
  }
  void PushList(ListAnswer a) {
    std::lock_guard g(mu_);
    list_answers_.push_back(std::move(a));
  }
  void PushWatch(WatchAnswer a) {
    std::lock_guard g(mu_);
    watch_answers_.push_back(std::move(a));
  }
  // PushEvents: the next watch delivers these events, then ends (the server closed it).
  void PushClosingWatch(std::vector<watch::Event> events) {
    PushWatch([events = std::move(events)](const metav1::ListOptions&) -> std::unique_ptr<watch::Interface> {
      auto w = std::make_unique<watch::RaceFreeFakeWatcher>();
      for (const auto& e : events) w->Action(e.type, e.object);
      w->Stop();
      return w;
    });
  }
  std::vector<metav1::ListOptions> Lists() const {
    std::lock_guard g(mu_);
    return lists_;
  }
  std::vector<metav1::ListOptions> Watches() const {
    std::lock_guard g(mu_);
    return watches_;
  }
  std::vector<std::string> ListRVs() const {
    std::vector<std::string> out;
    for (const auto& o : Lists()) out.push_back(o.resource_version);
    return out;
  }
  // Watcher: the n-th default watcher (0-based), waiting up to 10 s for it.
  std::shared_ptr<watch::RaceFreeFakeWatcher> Watcher(std::size_t n) {
    std::unique_lock lock(mu_);
    if (!cv_.wait_for(lock, 10s, [&] { return watchers_.size() > n; })) return nullptr;
    return watchers_[n];
  }
  bool WaitForLists(std::size_t n) {
    std::unique_lock lock(mu_);
    return cv_.wait_for(lock, 10s, [&] { return lists_.size() >= n; });
  }
  bool WaitForWatches(std::size_t n) {
    std::unique_lock lock(mu_);
    return cv_.wait_for(lock, 10s, [&] { return watches_.size() >= n; });
  }

  std::shared_ptr<cache::ListWatch> lw;

 private:
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::vector<metav1::ListOptions> lists_, watches_;
  std::deque<ListAnswer> list_answers_;
  std::deque<WatchAnswer> watch_answers_;
  ListAnswer default_list_ = [](const metav1::ListOptions&) { return cache::ListResult{{}, "1", ""}; };
  std::vector<std::shared_ptr<watch::RaceFreeFakeWatcher>> watchers_;
};

// ErrorLog: a watch_error_handler that keeps what it was given.
class ErrorLog {
 public:
  std::function<void(const std::exception_ptr&)> Handler() {
    return [this](const std::exception_ptr& e) {
      std::lock_guard g(mu_);
      errors_.push_back(e);
      cv_.notify_all();
    };
  }
  std::vector<std::exception_ptr> Errors() const {
    std::lock_guard g(mu_);
    return errors_;
  }
  bool WaitFor(std::size_t n) {
    std::unique_lock lock(mu_);
    return cv_.wait_for(lock, 10s, [&] { return errors_.size() >= n; });
  }
  // Text: what() of the i-th error.
  std::string Text(std::size_t i) const {
    auto e = Errors().at(i);
    try {
      std::rethrow_exception(e);
    } catch (const std::exception& ex) {
      return ex.what();
    }
  }
  template <typename Pred>
  bool Is(std::size_t i, Pred&& pred) const {
    auto e = Errors().at(i);
    try {
      std::rethrow_exception(e);
    } catch (const std::exception& ex) {
      return pred(ex);
    }
  }

 private:
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::vector<std::exception_ptr> errors_;
};

// Fast: options with a 1 ms backoff, so that Run's retries take no time.
cache::ReflectorOptions Fast(ErrorLog& log) {
  cache::ReflectorOptions o;
  o.name = "test";
  o.watch_error_handler = log.Handler();
  o.backoff =
      apimachinery::wait::Backoff{.duration = 1ms, .factor = 1.0, .jitter = 0.0, .steps = 1, .cap = 1ms};
  return o;
}

// Runner: Run on its own thread; Stop() stops it and measures how long Run took to return.
class Runner {
 public:
  explicit Runner(cache::Reflector& r) : r_(r), thread_([this] { r_.Run(source_.get_token()); }) {}
  Runner(const Runner&) = delete;
  Runner& operator=(const Runner&) = delete;
  ~Runner() { Stop(); }
  std::chrono::milliseconds Stop() {
    if (!thread_.joinable()) return 0ms;
    const auto start = std::chrono::steady_clock::now();
    source_.request_stop();
    thread_.join();
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
  }

 private:
  cache::Reflector& r_;
  std::stop_source source_;
  std::thread thread_;
};

using test_support::Eventually;

errors::StatusError Expired() { return errors::NewResourceExpired("too old resource version: 1 (5)"); }

std::shared_ptr<const metav1::Status> StatusObject(const errors::StatusError& e) {
  return std::make_shared<const metav1::Status>(e.Status());
}

TEST_CASE("Reflector: lists, then watches from the list's resourceVersion; stop ends a blocked Next",
          "[cache][reflector]") {
  Script script;
  script.DefaultList([](const metav1::ListOptions&) {
    return cache::ListResult{{Pod("a", "5"), Pod("b", "7")}, "10", ""};
  });
  RecordingStore store;
  ErrorLog log;
  auto opts = Fast(log);
  opts.min_watch_timeout = 10s;
  cache::Reflector r(script.lw, store, opts);
  CHECK(r.LastSyncResourceVersion().empty());
  Runner run(r);
  auto w = script.Watcher(0);
  REQUIRE(w);
  w->Add(Pod("c", "11"));
  w->Modify(Pod("a", "12"));
  w->Delete(Pod("b", "13"));
  REQUIRE(store.WaitForCount("delete", 1));
  CHECK(store.Log() ==
        std::vector<std::string>{"replace 10 [a/5,b/7]", "add c/11", "update a/12", "delete b/13"});
  CHECK(store.Items() == std::map<std::string, std::string>{{"a", "12"}, {"c", "11"}});
  CHECK(Eventually([&] { return r.LastSyncResourceVersion() == "13"; }));
  const auto lists = script.Lists();
  REQUIRE(lists.size() == 1);
  CHECK(lists[0].resource_version == "0");  // the first list may come from the watch cache
  CHECK(lists[0].limit == 500);             // the pager's default page
  const auto watches = script.Watches();
  REQUIRE(watches.size() == 1);
  CHECK(watches[0].resource_version == "10");
  CHECK(watches[0].allow_watch_bookmarks);
  REQUIRE(watches[0].timeout_seconds.has_value());
  CHECK(*watches[0].timeout_seconds >= 10);
  CHECK(*watches[0].timeout_seconds < 20);
  CHECK_FALSE(watches[0].send_initial_events.has_value());
  // Run is blocked in the watch's Next: a stop must end it promptly.
  CHECK(run.Stop() < 2s);
  store.Seal();
  CHECK(w->IsStopped());
  CHECK(log.Errors().empty());
  CHECK(store.Violations() == 0);
}

TEST_CASE("Reflector: a closed watch is resumed from the last seen version without a relist",
          "[cache][reflector]") {
  Script script;
  script.DefaultList([](const metav1::ListOptions&) { return cache::ListResult{{}, "1", ""}; });
  script.PushClosingWatch(
      {{watch::EventType::kAdded, Pod("foo", "2")}, {watch::EventType::kAdded, Pod("bar", "3")}});
  script.PushClosingWatch(
      {{watch::EventType::kDeleted, Pod("foo", "4")}, {watch::EventType::kAdded, Pod("qux", "5")}});
  script.PushClosingWatch({{watch::EventType::kModified, Pod("bar", "6")}});
  RecordingStore store;
  ErrorLog log;
  cache::Reflector r(script.lw, store, Fast(log));
  Runner run(r);
  REQUIRE(script.Watcher(0));  // the fourth watch stays open
  run.Stop();
  const auto watches = script.Watches();
  REQUIRE(watches.size() == 4);
  CHECK(watches[0].resource_version == "1");
  CHECK(watches[1].resource_version == "3");
  CHECK(watches[2].resource_version == "5");
  CHECK(watches[3].resource_version == "6");
  CHECK(script.Lists().size() == 1);
  CHECK(store.Items() == std::map<std::string, std::string>{{"bar", "6"}, {"qux", "5"}});
  CHECK(r.LastSyncResourceVersion() == "6");
  CHECK(log.Errors().empty());
}

TEST_CASE("Reflector: ListAndWatch returns list and watch errors, keeping the store (ListAndWatchWithErrors)",
          "[cache][reflector]") {
  struct Step {
    std::optional<cache::ListResult> list;
    bool list_err = false;
    std::vector<watch::Event> events;
    bool watch_err = false;
  };
  const std::vector<Step> table = {
      {cache::ListResult{{}, "1", ""},
       false,
       {{watch::EventType::kAdded, Pod("foo", "2")}, {watch::EventType::kAdded, Pod("bar", "3")}},
       false},
      {cache::ListResult{{Pod("foo", "2"), Pod("bar", "3")}, "3", ""},
       false,
       {{watch::EventType::kDeleted, Pod("foo", "4")}, {watch::EventType::kAdded, Pod("qux", "5")}},
       false},
      {std::nullopt, true, {}, false},
      {cache::ListResult{{Pod("bar", "3"), Pod("qux", "5")}, "5", ""}, false, {}, true},
      {cache::ListResult{{Pod("bar", "3"), Pod("qux", "5")}, "5", ""},
       false,
       {{watch::EventType::kAdded, Pod("baz", "6")}},
       false},
      {cache::ListResult{{Pod("bar", "3"), Pod("qux", "5"), Pod("baz", "6")}, "6", ""}, false, {}, false},
  };
  RecordingStore store;
  for (std::size_t line = 0; line < table.size(); ++line) {
    INFO("line " << line);
    const Step& item = table[line];
    if (item.list) {
      // The list is what the store holds after the previous steps.
      std::map<std::string, std::string> want;
      for (const auto& p : item.list->items)
        want[p->GetObjectMeta()->name] = p->GetObjectMeta()->resource_version;
      CHECK(store.Items() == want);
    }
    std::stop_source stop;
    std::thread sender;
    auto lw = std::make_shared<cache::ListWatch>(
        [&](const metav1::ListOptions&) -> cache::ListResult {
          if (item.list_err) throw apimachinery::Error("a list error");
          return *item.list;
        },
        [&](const metav1::ListOptions&) -> std::unique_ptr<watch::Interface> {
          if (item.watch_err) throw apimachinery::Error("a watch error");
          // Unbuffered, as upstream's watch.NewFake: each send returns once the Reflector took the
          // event; then the stop, as upstream's cancel.
          auto w = std::make_shared<watch::FakeWatcher>();
          sender = std::thread([w, &item, &stop] {
            for (const auto& e : item.events) w->Action(e.type, e.object);
            stop.request_stop();
          });
          struct Forward : watch::Interface {
            std::shared_ptr<watch::FakeWatcher> fw;
            std::optional<watch::Event> Next() override { return fw->Next(); }
            void Stop() noexcept override { fw->Stop(); }
          };
          auto f = std::make_unique<Forward>();
          f->fw = w;
          return f;
        });
    cache::Reflector r(lw, store, {.name = "errors"});
    if (item.list_err) {
      CHECK_THROWS_WITH(r.ListAndWatch(stop.get_token()), "a list error");
    } else if (item.watch_err) {
      CHECK_THROWS_WITH(r.ListAndWatch(stop.get_token()), "a watch error");
    } else {
      CHECK_NOTHROW(r.ListAndWatch(stop.get_token()));
    }
    if (sender.joinable()) sender.join();
  }
}

TEST_CASE("Reflector: a 410 ERROR event on the watch relists at the last seen version",
          "[cache][reflector]") {
  Script script;
  script.PushList([](const metav1::ListOptions&) { return cache::ListResult{{Pod("a", "5")}, "10", ""}; });
  script.PushList([](const metav1::ListOptions&) { return cache::ListResult{{Pod("b", "20")}, "20", ""}; });
  script.PushClosingWatch(
      {{watch::EventType::kAdded, Pod("c", "11")}, {watch::EventType::kError, StatusObject(Expired())}});
  RecordingStore store;
  ErrorLog log;
  cache::Reflector r(script.lw, store, Fast(log));
  Runner run(r);
  REQUIRE(script.Watcher(0));
  run.Stop();
  REQUIRE(log.Errors().size() == 1);
  CHECK(log.Is(0, [](const std::exception& e) { return errors::IsResourceExpired(e); }));
  CHECK(log.Text(0) == "too old resource version: 1 (5)");
  CHECK(script.ListRVs() == std::vector<std::string>{"0", "11"});
  CHECK(script.Lists()[1].limit == 0);  // an exact version: no paging, so the watch cache can answer
  CHECK_FALSE(r.IsLastSyncResourceVersionUnavailable());
  const auto watches = script.Watches();
  REQUIRE(watches.size() == 2);
  CHECK(watches[1].resource_version == "20");
  CHECK(store.Log() == std::vector<std::string>{"replace 10 [a/5]", "add c/11", "replace 20 [b/20]"});
}

TEST_CASE("Reflector: a 410 thrown by Watch relists; a Gone as well", "[cache][reflector]") {
  const bool gone = GENERATE(false, true);
  Script script;
  script.PushList([](const metav1::ListOptions&) { return cache::ListResult{{}, "10", ""}; });
  script.PushList([](const metav1::ListOptions&) { return cache::ListResult{{}, "30", ""}; });
  script.PushWatch([gone](const metav1::ListOptions&) -> std::unique_ptr<watch::Interface> {
    if (gone) throw errors::NewGone("gone");
    throw Expired();
  });
  RecordingStore store;
  ErrorLog log;
  cache::Reflector r(script.lw, store, Fast(log));
  Runner run(r);
  REQUIRE(script.Watcher(0));
  run.Stop();
  REQUIRE(log.Errors().size() == 1);
  CHECK(log.Is(0, [](const std::exception& e) { return cache::IsExpiredError(e); }));
  CHECK(script.ListRVs() == std::vector<std::string>{"0", "10"});
  CHECK(script.Watches().back().resource_version == "30");
  CHECK(r.LastSyncResourceVersion() == "30");
}

TEST_CASE("Reflector: a 429 from Watch backs off and watches again without a relist", "[cache][reflector]") {
  Script script;
  script.PushList([](const metav1::ListOptions&) { return cache::ListResult{{}, "10", ""}; });
  for (int i = 0; i < 3; ++i) {
    script.PushWatch([](const metav1::ListOptions&) -> std::unique_ptr<watch::Interface> {
      throw errors::NewTooManyRequests("too many requests", 1);
    });
  }
  RecordingStore store;
  ErrorLog log;
  cache::Reflector r(script.lw, store, Fast(log));
  Runner run(r);
  REQUIRE(script.Watcher(0));
  run.Stop();
  CHECK(script.Lists().size() == 1);
  const auto watches = script.Watches();
  REQUIRE(watches.size() == 4);
  for (const auto& w : watches) CHECK(w.resource_version == "10");
  CHECK(log.Errors().empty());
}

TEST_CASE("Reflector: an expired exact version relists with an empty version (ExpiredExactResourceVersion)",
          "[cache][reflector]") {
  std::stop_source stop;
  std::vector<std::string> rvs;
  auto lw = std::make_shared<cache::ListWatch>(
      [&](const metav1::ListOptions& o) -> cache::ListResult {
        rvs.push_back(o.resource_version);
        std::vector<Obj> pods;
        for (int i = 0; i < 8; ++i) pods.push_back(Pod("pod-" + std::to_string(i), std::to_string(i)));
        if (o.resource_version == "0") return {{pods.begin(), pods.begin() + 4}, "10", ""};
        if (o.resource_version == "10")
          throw errors::NewResourceExpired("The resourceVersion for the provided watch is too old.");
        if (o.resource_version.empty()) return {pods, "11", ""};
        FAIL("unexpected resource version " << o.resource_version);
        return {};
      },
      [&](const metav1::ListOptions&) -> std::unique_ptr<watch::Interface> {
        stop.request_stop();
        return std::make_unique<watch::RaceFreeFakeWatcher>();
      });
  RecordingStore store;
  cache::Reflector r(lw, store);
  REQUIRE_NOTHROW(r.ListAndWatch(stop.get_token()));
  CHECK(store.Items().size() == 4);
  stop = std::stop_source();
  REQUIRE_NOTHROW(r.ListAndWatch(stop.get_token()));
  CHECK(store.Items().size() == 8);
  CHECK(rvs == std::vector<std::string>{"0", "10", ""});
  CHECK(r.LastSyncResourceVersion() == "11");
  CHECK_FALSE(r.IsLastSyncResourceVersionUnavailable());
}

TEST_CASE("Reflector: an expired continue token falls back to a full list (FullListIfExpired)",
          "[cache][reflector]") {
  std::stop_source stop;
  std::vector<std::string> rvs;
  auto lw = std::make_shared<cache::ListWatch>(
      [&](const metav1::ListOptions& o) -> cache::ListResult {
        rvs.push_back(o.resource_version);
        std::vector<Obj> pods;
        for (int i = 0; i < 8; ++i) pods.push_back(Pod("pod-" + std::to_string(i), std::to_string(i)));
        auto key = std::make_tuple(o.resource_version, o.continue_, o.limit);
        if (key == std::make_tuple(std::string("0"), std::string(), std::int64_t{4}))
          return {{pods.begin(), pods.begin() + 4}, "10", ""};
        if (key == std::make_tuple(std::string("10"), std::string(), std::int64_t{4}))
          return {{pods.begin(), pods.begin() + 4}, "11", "C1"};
        if (key == std::make_tuple(std::string(), std::string("C1"), std::int64_t{4})) {
          throw errors::NewResourceExpired("The resourceVersion for the provided watch is too old.");
        }
        if (key == std::make_tuple(std::string("10"), std::string(), std::int64_t{0}))
          return {pods, "11", ""};
        FAIL("unexpected list options rv=" << o.resource_version << " continue=" << o.continue_
                                           << " limit=" << o.limit);
        return {};
      },
      [&](const metav1::ListOptions&) -> std::unique_ptr<watch::Interface> {
        stop.request_stop();
        return std::make_unique<watch::RaceFreeFakeWatcher>();
      });
  RecordingStore store;
  cache::Reflector r(lw, store, {.page_size = 4});
  REQUIRE_NOTHROW(r.ListAndWatch(stop.get_token()));
  CHECK(store.Items().size() == 4);
  stop = std::stop_source();
  REQUIRE_NOTHROW(r.ListAndWatch(stop.get_token()));
  CHECK(store.Items().size() == 8);
  CHECK(rvs == std::vector<std::string>{"0", "10", "", "10"});
}

TEST_CASE("Reflector: a too large resource version relists with an empty version (FullListIfTooLarge)",
          "[cache][reflector]") {
  std::stop_source stop;
  std::vector<std::string> rvs;
  int version = 30;
  auto timeout = [](std::string message, std::optional<metav1::StatusCause> cause) {
    errors::StatusError e = errors::NewTimeoutError(message, 1);
    if (!e.err_status.details) e.err_status.details.emplace();
    if (cause) e.err_status.details->causes = {*cause};
    return e;
  };
  auto lw = std::make_shared<cache::ListWatch>(
      [&](const metav1::ListOptions& o) -> cache::ListResult {
        rvs.push_back(o.resource_version);
        const std::string rv = std::to_string(version);
        if (o.resource_version == "0") return {{}, "20", ""};
        if (o.resource_version == "20") {
          throw timeout("too large resource version",
                        metav1::StatusCause{std::string(cache::kCauseTypeResourceVersionTooLarge), "", ""});
        }
        if (o.resource_version == "30") {
          throw timeout("too large resource version",
                        metav1::StatusCause{"", "Too large resource version", ""});
        }
        if (o.resource_version == "40") throw timeout("Too large resource version", std::nullopt);
        if (o.resource_version.empty()) {
          version += 10;
          return {{}, rv, ""};
        }
        FAIL("unexpected List call: " << o.resource_version);
        return {};
      },
      [&](const metav1::ListOptions&) -> std::unique_ptr<watch::Interface> {
        stop.request_stop();
        return std::make_unique<watch::RaceFreeFakeWatcher>();
      });
  RecordingStore store;
  cache::Reflector r(lw, store);
  REQUIRE_NOTHROW(r.ListAndWatch(stop.get_token()));
  for (int i = 1; i <= 3; ++i) {
    stop = std::stop_source();
    REQUIRE_NOTHROW(r.ListAndWatch(stop.get_token()));
  }
  CHECK(rvs == std::vector<std::string>{"0", "20", "", "30", "", "40", ""});
}

TEST_CASE("Reflector: IsTooLargeResourceVersionError recognises the three server dialects",
          "[cache][reflector]") {
  errors::StatusError with_cause = errors::NewTimeoutError("x", 1);
  with_cause.err_status.details.emplace();
  with_cause.err_status.details->causes = {
      metav1::StatusCause{std::string(cache::kCauseTypeResourceVersionTooLarge), "", ""}};
  CHECK(cache::IsTooLargeResourceVersionError(with_cause));
  errors::StatusError with_message = errors::NewTimeoutError("x", 1);
  with_message.err_status.details.emplace();
  with_message.err_status.details->causes = {metav1::StatusCause{"", "Too large resource version", ""}};
  CHECK(cache::IsTooLargeResourceVersionError(with_message));
  CHECK(cache::IsTooLargeResourceVersionError(errors::NewTimeoutError("Too large resource version", 1)));
  CHECK_FALSE(
      cache::IsTooLargeResourceVersionError(errors::NewTimeoutError("too large resource version", 1)));
  // The text alone, without a timeout, is not enough.
  CHECK_FALSE(cache::IsTooLargeResourceVersionError(errors::NewBadRequest("Too large resource version")));
  CHECK_FALSE(cache::IsTooLargeResourceVersionError(apimachinery::Error("Too large resource version")));
}

TEST_CASE("Reflector: the list is read in pages and replaced once (ListExtract, WatchListPageSize)",
          "[cache][reflector]") {
  std::stop_source stop;
  std::vector<metav1::ListOptions> seen;
  auto lw = std::make_shared<cache::ListWatch>(
      [&](const metav1::ListOptions& o) -> cache::ListResult {
        seen.push_back(o);
        if (o.continue_.empty()) return {{Pod("a", "1"), Pod("b", "2")}, "10", "c1"};
        if (o.continue_ == "c1") return {{Pod("c", "3"), Pod("d", "4")}, "10", "c2"};
        return {{Pod("e", "5")}, "10", ""};
      },
      [&](const metav1::ListOptions&) -> std::unique_ptr<watch::Interface> {
        stop.request_stop();
        return std::make_unique<watch::RaceFreeFakeWatcher>();
      });
  RecordingStore store;
  cache::Reflector r(lw, store, {.page_size = 2});
  REQUIRE_NOTHROW(r.ListAndWatch(stop.get_token()));
  CHECK(store.Log() == std::vector<std::string>{"replace 10 [a/1,b/2,c/3,d/4,e/5]"});
  REQUIRE(seen.size() == 3);
  CHECK(seen[0].resource_version == "0");
  CHECK(seen[0].limit == 2);
  CHECK(seen[1].continue_ == "c1");
  CHECK(seen[1].resource_version.empty());
  CHECK(seen[2].continue_ == "c2");
  CHECK(r.LastSyncResourceVersion() == "10");
}

TEST_CASE("Reflector: relists at a known version are not paginated unless the first list was",
          "[cache][reflector]") {
  // NotPaginatingNotConsistentReads / PaginatingNonConsistentReadsIfWatchCacheDisabled.
  const bool server_pages = GENERATE(false, true);
  std::stop_source stop;
  std::vector<metav1::ListOptions> seen;
  auto lw = std::make_shared<cache::ListWatch>(
      [&](const metav1::ListOptions& o) -> cache::ListResult {
        seen.push_back(o);
        if (server_pages && o.limit > 0 && o.continue_.empty()) return {{Pod("a", "1")}, "10", "more"};
        return {{Pod("b", "2")}, "10", ""};
      },
      [&](const metav1::ListOptions&) -> std::unique_ptr<watch::Interface> {
        stop.request_stop();
        return std::make_unique<watch::RaceFreeFakeWatcher>();
      });
  RecordingStore store;
  cache::Reflector r(lw, store);
  REQUIRE_NOTHROW(r.ListAndWatch(stop.get_token()));
  stop = std::stop_source();
  REQUIRE_NOTHROW(r.ListAndWatch(stop.get_token()));
  REQUIRE(!seen.empty());
  CHECK(seen[0].resource_version == "0");
  CHECK(seen[0].limit == 500);
  const metav1::ListOptions& relist = server_pages ? seen.at(2) : seen.at(1);
  CHECK(relist.resource_version == "10");
  CHECK(relist.limit == (server_pages ? 500 : 0));
}

TEST_CASE("Reflector: bookmarks advance the version without a store call", "[cache][reflector]") {
  Script script;
  script.PushList([](const metav1::ListOptions&) { return cache::ListResult{{}, "10", ""}; });
  script.PushClosingWatch(
      {{watch::EventType::kAdded, Pod("a", "11")}, {watch::EventType::kBookmark, Pod("", "25")}});
  RecordingStore store;
  ErrorLog log;
  cache::Reflector r(script.lw, store, Fast(log));
  Runner run(r);
  REQUIRE(script.Watcher(0));
  CHECK(r.LastSyncResourceVersion() == "25");
  run.Stop();
  CHECK(store.Log() == std::vector<std::string>{"replace 10 []", "add a/11"});
  CHECK(script.Watches().at(1).resource_version == "25");
  CHECK(script.Lists().size() == 1);
}

TEST_CASE(
    "Reflector: a watch from version 0 propagates versions only after its synthetic ADDEDs "
    "(ResourceVersionUpdate)",
    "[cache][reflector]") {
  Script script;
  // A server that answers the list without a version: the watch starts at "".
  script.PushList([](const metav1::ListOptions&) { return cache::ListResult{{}, "", ""}; });
  RecordingStore store;
  ErrorLog log;
  cache::Reflector r(script.lw, store, Fast(log));
  Runner run(r);
  auto w = script.Watcher(0);
  REQUIRE(w);
  CHECK(script.Watches().at(0).resource_version.empty());
  w->Add(Pod("b", "9"));
  w->Add(Pod("a", "4"));  // out of order: synthetic ADDEDs carry no ordering
  REQUIRE(store.WaitForCount("add", 2));
  CHECK(r.LastSyncResourceVersion().empty());
  w->Modify(Pod("a", "12"));
  REQUIRE(store.WaitForCount("update", 1));
  CHECK(Eventually([&] { return r.LastSyncResourceVersion() == "12"; }));
  w->Add(Pod("c", "13"));
  REQUIRE(store.WaitForCount("add", 3));
  CHECK(Eventually([&] { return r.LastSyncResourceVersion() == "13"; }));
  run.Stop();
}

TEST_CASE("Reflector: the expected type is checked; a wrong object ends the watch with an error and a relist",
          "[cache][reflector]") {
  const std::string expected =
      GENERATE(std::string("*cache_test.TestPod"), std::string("cache_test::TestPod"));
  Script script;
  script.PushList([](const metav1::ListOptions&) { return cache::ListResult{{}, "10", ""}; });
  script.PushList([](const metav1::ListOptions&) { return cache::ListResult{{}, "20", ""}; });
  auto wrong = std::make_shared<metav1::Status>();
  script.PushClosingWatch({{watch::EventType::kAdded, Pod("a", "11")}, {watch::EventType::kAdded, wrong}});
  RecordingStore store;
  ErrorLog log;
  auto opts = Fast(log);
  opts.expected_type = expected;
  cache::Reflector r(script.lw, store, opts);
  CHECK(r.TypeDescription() == expected);
  Runner run(r);
  REQUIRE(script.Watcher(0));
  run.Stop();
  REQUIRE(log.Errors().size() == 1);
  CHECK(log.Is(0, [](const std::exception& e) {
    return dynamic_cast<const cache::UnexpectedWatchEventError*>(&e) != nullptr;
  }));
  CHECK(log.Text(0) == "test: Unexpected watch event object type: expected " + expected + ", got *v1.Status");
  CHECK(store.Log() == std::vector<std::string>{"replace 10 []", "add a/11", "replace 20 []"});
  CHECK(script.ListRVs() == std::vector<std::string>{"0", "11"});
}

TEST_CASE("Reflector: an expected GVK is compared with the object's apiVersion/kind", "[cache][reflector]") {
  Script script;
  script.PushList([](const metav1::ListOptions&) { return cache::ListResult{{}, "10", ""}; });
  auto good = std::make_shared<cache_test::TestPod>();
  good->type_meta.api_version = "example.com/v1";
  good->type_meta.kind = "Widget";
  good->metadata.name = "w";
  good->metadata.resource_version = "11";
  auto bad = std::make_shared<cache_test::TestPod>(*good);
  bad->type_meta.kind = "Gadget";
  bad->metadata.resource_version = "12";
  script.PushClosingWatch({{watch::EventType::kAdded, good}, {watch::EventType::kModified, bad}});
  RecordingStore store;
  ErrorLog log;
  auto opts = Fast(log);
  opts.expected_type = "example.com/v1, Kind=Widget";
  cache::Reflector r(script.lw, store, opts);
  Runner run(r);
  REQUIRE(script.Watcher(0));
  run.Stop();
  REQUIRE(log.Errors().size() == 1);
  CHECK(log.Text(0) ==
        "test: Unexpected watch event object type: expected example.com/v1, Kind=Widget, got example.com/v1, "
        "Kind=Gadget");
  CHECK(store.Count("add") == 1);
  CHECK(store.Count("update") == 0);
}

TEST_CASE("Reflector: bad events (unknown type, no object, no metadata) are errors and relists, not crashes",
          "[cache][reflector]") {
  const int which = GENERATE(0, 1, 2);
  Script script;
  script.PushList([](const metav1::ListOptions&) { return cache::ListResult{{}, "10", ""}; });
  script.PushList([](const metav1::ListOptions&) { return cache::ListResult{{}, "20", ""}; });
  watch::Event bad;
  std::string text;
  if (which == 0) {
    bad = watch::Event{static_cast<watch::EventType>(42), Pod("a", "11")};
    text = "test: Unknown watch event: type 42";
  } else if (which == 1) {
    bad = watch::Event{watch::EventType::kModified, nullptr};
    text = "test: Unable to understand watch event: MODIFIED event without an object";
  } else {
    bad = watch::Event{watch::EventType::kAdded, std::make_shared<cache_test::NoMeta>()};
    text = "test: Unable to understand watch event: object has no meta: *cache_test.NoMeta";
  }
  script.PushClosingWatch({bad});
  RecordingStore store;
  ErrorLog log;
  cache::Reflector r(script.lw, store, Fast(log));
  Runner run(r);
  REQUIRE(script.Watcher(0));
  run.Stop();
  REQUIRE(log.Errors().size() == 1);
  CHECK(log.Text(0) == text);
  CHECK(store.Log() == std::vector<std::string>{"replace 10 []", "replace 20 []"});
}

TEST_CASE("Reflector: a garbled watch stream is an error and a relist; a truncated one a quiet resume",
          "[cache][reflector]") {
  // The API server's bytes through the real decoder (objects decode as Unstructured).
  static const runtime::Scheme scheme("reflector-test");
  static const runtime::JSONSerializer codec(scheme);
  struct Case {
    const char* name;
    std::string tail;  // after one good event
    bool relist;
    const char* text;  // what the handler sees (a substring)
  };
  const std::vector<Case> cases = {
      {"garbage", "}{not json", true, "unable to decode an event from the watch stream: invalid character"},
      {"unknown event type",
       R"({"type":"FOO","object":{"apiVersion":"v1","kind":"Pod","metadata":{"name":"x"}}})", true,
       "unable to decode an event from the watch stream: got invalid watch event type: FOO"},
      {"truncated", R"({"type":"ADDED","object":{"apiVersion":"v1","ki)", false, ""},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    Script script;
    script.PushList([](const metav1::ListOptions&) { return cache::ListResult{{}, "10", ""}; });
    script.PushList([](const metav1::ListOptions&) { return cache::ListResult{{}, "20", ""}; });
    script.PushWatch([&c](const metav1::ListOptions&) -> std::unique_ptr<watch::Interface> {
      auto [reader, writer] = watch::NewPipe();
      writer->Write(
          R"({"type":"ADDED","object":{"apiVersion":"v1","kind":"Pod","metadata":{"name":"a","namespace":"ns","resourceVersion":"11"}}})"
          "\n");
      writer->Write(c.tail);
      writer->Close();
      return watch::NewStreamWatcher(std::move(reader), codec);
    });
    RecordingStore store;
    ErrorLog log;
    cache::Reflector r(script.lw, store, Fast(log));
    Runner run(r);
    REQUIRE(script.Watcher(0));
    run.Stop();
    if (c.relist) {
      REQUIRE(log.Errors().size() == 1);
      CHECK_THAT(log.Text(0), Catch::Contains(c.text));
      CHECK(log.Is(0, [](const std::exception& e) { return errors::IsInternalError(e); }));
      CHECK(store.Log() == std::vector<std::string>{"replace 10 []", "add a/11", "replace 20 []"});
    } else {
      CHECK(log.Errors().empty());
      CHECK(store.Log() == std::vector<std::string>{"replace 10 []", "add a/11"});
      CHECK(script.Watches().at(1).resource_version == "11");
    }
  }
}

TEST_CASE("Reflector: a watch that ends at once without events is a VeryShortWatchError",
          "[cache][reflector]") {
  Script script;
  script.PushList([](const metav1::ListOptions&) { return cache::ListResult{{}, "10", ""}; });
  script.PushClosingWatch({});
  RecordingStore store;
  ErrorLog log;
  cache::Reflector r(script.lw, store, Fast(log));
  Runner run(r);
  REQUIRE(script.Watcher(0));
  run.Stop();
  REQUIRE(log.Errors().size() == 1);
  CHECK(log.Text(0) ==
        "very short watch: test: Unexpected watch close - watch lasted less than a second and no items "
        "received");
  CHECK(script.Lists().size() == 2);
}

TEST_CASE("Reflector: a store that refuses an event is reported and the watch goes on",
          "[cache][reflector]") {
  // A RealFIFO refuses an object without metadata only through its key function; here a
  // TestPod with no name still has a key, so use a throwing store.
  class Refusing : public RecordingStore {
   public:
    void Add(Obj obj) override {
      if (obj->GetObjectMeta()->name == "bad") throw apimachinery::Error("refused");
      RecordingStore::Add(std::move(obj));
    }
  };
  Script script;
  script.PushList([](const metav1::ListOptions&) { return cache::ListResult{{}, "10", ""}; });
  Refusing store;
  ErrorLog log;
  cache::Reflector r(script.lw, store, Fast(log));
  Runner run(r);
  auto w = script.Watcher(0);
  REQUIRE(w);
  w->Add(Pod("bad", "11"));
  w->Add(Pod("good", "12"));
  REQUIRE(store.WaitForCount("add", 1));
  CHECK(Eventually([&] { return r.LastSyncResourceVersion() == "12"; }));
  run.Stop();
  REQUIRE(log.Errors().size() == 1);
  CHECK(log.Text(0) == "refused");
  CHECK(script.Lists().size() == 1);
}

TEST_CASE("Reflector: resync calls store.Resync every period when should_resync says so",
          "[cache][reflector]") {
  const bool should = GENERATE(true, false);
  auto clock = std::make_shared<clk::FakeClock>();
  Script script;
  RecordingStore store;
  ErrorLog log;
  auto opts = Fast(log);
  opts.clock = clock;
  opts.resync_period = 1s;
  std::atomic<int> asked{0};
  opts.should_resync = [&] {
    ++asked;
    return should;
  };
  cache::Reflector r(script.lw, store, opts);
  Runner run(r);
  REQUIRE(script.Watcher(0));
  for (int i = 1; i <= 3; ++i) {
    // Wait until the resync thread sleeps on the clock, then move the clock past its deadline. The
    // watch's watchdog sleeps on the clock too (until the watch timeout, minutes away), so the
    // resync thread is asleep once two threads are.
    for (int spin = 0; spin < 10000 && clock->Waiters() < 2; ++spin) std::this_thread::sleep_for(1ms);
    REQUIRE(clock->Waiters() == 2);
    clock->Step(1s);
    for (int spin = 0; spin < 10000 && asked.load() < i; ++spin) std::this_thread::sleep_for(1ms);
    REQUIRE(asked.load() == i);
  }
  if (should) REQUIRE(store.WaitForCount("resync", 3));
  run.Stop();
  CHECK(store.Count("resync") == (should ? 3U : 0U));
  CHECK(log.Errors().empty());
}

TEST_CASE("Reflector: a failing Resync ends the watch with its error and a relist", "[cache][reflector]") {
  Script script;
  RecordingStore store;
  std::atomic<int> resyncs{0};
  store.OnResync([&] {
    if (++resyncs == 1) throw apimachinery::Error("resync failed");
  });
  ErrorLog log;
  auto opts = Fast(log);
  opts.resync_period = 1ms;
  cache::Reflector r(script.lw, store, opts);
  Runner run(r);
  REQUIRE(log.WaitFor(1));
  REQUIRE(script.Watcher(1));  // the second list/watch round
  run.Stop();
  CHECK(log.Text(0) == "resync failed");
  CHECK(script.Lists().size() >= 2);
  CHECK(script.Watcher(0)->IsStopped());
}

TEST_CASE("Reflector: backoff between failed lists follows the clock (800ms, then 1.6s, ...)",
          "[cache][reflector]") {
  auto clock = std::make_shared<clk::FakeClock>();
  Script script;
  script.DefaultList([](const metav1::ListOptions&) -> cache::ListResult {
    throw errors::NewInternalError(std::string_view("boom"));
  });
  RecordingStore store;
  ErrorLog log;
  cache::ReflectorOptions opts;
  opts.clock = clock;
  opts.watch_error_handler = log.Handler();
  opts.backoff.jitter = 0;  // deterministic: 800ms, 1.6s, 3.2s
  cache::Reflector r(script.lw, store, opts);
  Runner run(r);
  auto wait_sleeping = [&] {
    for (int spin = 0; spin < 10000 && !clock->HasWaiters(); ++spin) std::this_thread::sleep_for(1ms);
    return clock->HasWaiters();
  };
  REQUIRE(script.WaitForLists(1));
  for (const auto delay : {800ms, 1600ms, 3200ms}) {
    const std::size_t before = script.Lists().size();
    REQUIRE(wait_sleeping());
    clock->Step(delay - 1ms);
    std::this_thread::sleep_for(20ms);
    CHECK(script.Lists().size() == before);  // still sleeping
    clock->Step(1ms);
    REQUIRE(script.WaitForLists(before + 1));
  }
  run.Stop();
  CHECK(log.Errors().size() >= 3);
  CHECK(log.Is(0, [](const std::exception& e) { return errors::IsInternalError(e); }));
  CHECK(store.Log().empty());
}

TEST_CASE("Reflector: the default backoff is 800ms with jitter 1.0, reset after 2 minutes",
          "[cache][reflector]") {
  const cache::ReflectorOptions o;
  CHECK(o.backoff.duration == 800ms);
  CHECK(o.backoff.factor == 2.0);
  CHECK(o.backoff.jitter == 1.0);
  CHECK(o.backoff.cap == 30s);
  CHECK(o.backoff.steps == 38);  // ceil(30s / 800ms)
  CHECK(o.backoff_reset == 2min);
  CHECK(o.min_watch_timeout == 5min);
}

TEST_CASE("Reflector: stop is prompt while blocked in a backoff sleep", "[cache][reflector]") {
  Script script;
  script.DefaultList(
      [](const metav1::ListOptions&) -> cache::ListResult { throw apimachinery::Error("down"); });
  RecordingStore store;
  ErrorLog log;
  cache::ReflectorOptions opts;
  opts.watch_error_handler = log.Handler();
  opts.backoff =
      apimachinery::wait::Backoff{.duration = 1h, .factor = 1.0, .jitter = 0.0, .steps = 1, .cap = 1h};
  cache::Reflector r(script.lw, store, opts);
  Runner run(r);
  REQUIRE(log.WaitFor(1));
  std::this_thread::sleep_for(10ms);
  CHECK(run.Stop() < 2s);
  CHECK(script.Lists().size() == 1);
}

TEST_CASE("Reflector: a stop during a List returns once the List does, without touching the store",
          "[cache][reflector]") {
  std::mutex mu;
  std::condition_variable cv;
  bool in_list = false, release = false;
  Script script;
  script.DefaultList([&](const metav1::ListOptions&) {
    std::unique_lock lock(mu);
    in_list = true;
    cv.notify_all();
    cv.wait(lock, [&] { return release; });
    return cache::ListResult{{Pod("a", "1")}, "10", ""};
  });
  RecordingStore store;
  ErrorLog log;
  auto r = std::make_unique<cache::Reflector>(script.lw, store, Fast(log));
  std::stop_source stop;
  std::thread t([&] { r->Run(stop.get_token()); });
  {
    std::unique_lock lock(mu);
    REQUIRE(cv.wait_for(lock, 10s, [&] { return in_list; }));
  }
  stop.request_stop();
  {
    std::lock_guard lock(mu);
    release = true;
    cv.notify_all();
  }
  t.join();
  store.Seal();
  CHECK(store.Log().empty());
  CHECK(script.Watches().empty());
  CHECK(log.Errors().empty());
  CHECK(store.Violations() == 0);
}

TEST_CASE("Reflector: Run with an already stopped token returns without a call", "[cache][reflector]") {
  Script script;
  RecordingStore store;
  cache::Reflector r(script.lw, store);
  std::stop_source stop;
  stop.request_stop();
  r.Run(stop.get_token());
  CHECK(script.Lists().empty());
  CHECK(store.Log().empty());
}

TEST_CASE("Reflector: watch timeouts are drawn from min up to twice min", "[cache][reflector]") {
  Script script;
  for (int i = 0; i < 40; ++i)
    script.PushClosingWatch({{watch::EventType::kBookmark, Pod("", std::to_string(i + 2))}});
  RecordingStore store;
  ErrorLog log;
  auto opts = Fast(log);
  opts.min_watch_timeout = 100s;
  cache::Reflector r(script.lw, store, opts);
  Runner run(r);
  REQUIRE(script.Watcher(0));
  run.Stop();
  std::set<std::int64_t> distinct;
  for (const auto& w : script.Watches()) {
    REQUIRE(w.timeout_seconds.has_value());
    CHECK(*w.timeout_seconds >= 100);
    CHECK(*w.timeout_seconds < 200);
    distinct.insert(*w.timeout_seconds);
  }
  CHECK(distinct.size() > 5);  // randomised (41 draws out of 100 values)
}

TEST_CASE(
    "Reflector: a watch the server does not end by its timeout is stopped and reopened without a relist",
    "[cache][reflector]") {
  auto clock = std::make_shared<clk::FakeClock>();
  Script script;
  script.DefaultList([](const metav1::ListOptions&) { return cache::ListResult{{Pod("a", "5")}, "5", ""}; });
  RecordingStore store;
  ErrorLog log;
  cache::ReflectorOptions opts = Fast(log);
  opts.clock = clock;
  opts.min_watch_timeout = 10s;
  cache::Reflector r(script.lw, store, opts);
  Runner run(r);
  // The default watcher never ends and never delivers: a stalled watch.
  REQUIRE(script.Watcher(0) != nullptr);
  const std::int64_t timeout = script.Watches().at(0).timeout_seconds.value_or(0);
  REQUIRE(timeout >= 10);
  REQUIRE(timeout < 20);
  // Stopped at timeoutSeconds plus a grace of 1 s and a tenth of the timeout.
  const auto deadline = std::chrono::seconds(timeout) + 1s + std::chrono::seconds(timeout) / 10;
  for (int spin = 0; spin < 10000 && !clock->HasWaiters(); ++spin) std::this_thread::sleep_for(1ms);
  REQUIRE(clock->HasWaiters());
  clock->Step(deadline - 1ms);
  std::this_thread::sleep_for(20ms);
  CHECK(script.Watches().size() == 1);
  clock->Step(1ms);
  REQUIRE(script.WaitForWatches(2));
  CHECK(script.Watches().at(1).resource_version == "5");
  CHECK(script.Lists().size() == 1);
  CHECK(log.Errors().empty());
  run.Stop();
}

TEST_CASE("Reflector: a streaming list replaces the store once at the initial-events-end bookmark",
          "[cache][reflector]") {
  Script script;
  RecordingStore store;
  ErrorLog log;
  auto opts = Fast(log);
  opts.use_watch_list = true;
  cache::Reflector r(script.lw, store, opts);
  Runner run(r);
  auto w = script.Watcher(0);
  REQUIRE(w);
  w->Add(Pod("foo", "1"));
  w->Add(Pod("bar", "3"));
  w->Modify(Pod("foo", "2"));
  w->Action(watch::EventType::kBookmark,
            Pod("", "4", {{std::string(cache::kInitialEventsAnnotationKey), "true"}}));
  w->Add(Pod("baz", "5"));
  REQUIRE(store.WaitForCount("add", 1));
  run.Stop();
  CHECK(store.Log() == std::vector<std::string>{"replace 4 [bar/3,foo/2]", "add baz/5"});
  CHECK(script.Lists().empty());
  const auto watches = script.Watches();
  REQUIRE(watches.size() == 1);
  CHECK(watches[0].resource_version.empty());
  CHECK(watches[0].send_initial_events == std::optional<bool>(true));
  CHECK(watches[0].resource_version_match == "NotOlderThan");
  CHECK(watches[0].allow_watch_bookmarks);
  CHECK(r.LastSyncResourceVersion() == "5");
}

TEST_CASE("Reflector: stop is prompt while a streaming list waits for its bookmark", "[cache][reflector]") {
  Script script;
  RecordingStore store;
  ErrorLog log;
  auto opts = Fast(log);
  opts.use_watch_list = true;
  cache::Reflector r(script.lw, store, opts);
  Runner run(r);
  auto w = script.Watcher(0);
  REQUIRE(w);
  w->Add(Pod("foo", "1"));
  std::this_thread::sleep_for(10ms);
  CHECK(run.Stop() < 2s);
  store.Seal();
  CHECK(w->IsStopped());
  CHECK(store.Log().empty());  // no Replace without the initial-events-end bookmark
  CHECK(script.Lists().empty());
  CHECK(log.Errors().empty());
}

TEST_CASE("Reflector: a refused streaming list falls back to a list", "[cache][reflector]") {
  const bool unsupported = GENERATE(false, true);
  Script script;
  script.PushList([](const metav1::ListOptions&) { return cache::ListResult{{Pod("a", "1")}, "10", ""}; });
  if (!unsupported) {
    script.PushWatch([](const metav1::ListOptions& o) -> std::unique_ptr<watch::Interface> {
      CHECK(o.send_initial_events == std::optional<bool>(true));
      throw errors::NewBadRequest("sendInitialEvents is not supported");
    });
  }
  script.lw->unsupported_watch_list_semantics = unsupported;
  RecordingStore store;
  ErrorLog log;
  auto opts = Fast(log);
  opts.use_watch_list = true;
  cache::Reflector r(script.lw, store, opts);
  Runner run(r);
  REQUIRE(script.Watcher(0));
  run.Stop();
  CHECK(store.Log() == std::vector<std::string>{"replace 10 [a/1]"});
  const auto watches = script.Watches();
  REQUIRE(watches.size() == (unsupported ? 1U : 2U));
  CHECK_FALSE(watches.back().send_initial_events.has_value());
  CHECK(watches.back().resource_version == "10");
}

TEST_CASE("Reflector: feeds a RealFIFO (Replace for the list, deltas for events)", "[cache][reflector]") {
  auto indexer = std::make_shared<cache::Indexer>(cache::MetaNamespaceKeyFunc);
  cache::RealFIFO fifo(cache::DeletionHandlingMetaNamespaceKeyFunc, indexer);
  Script script;
  script.PushList([](const metav1::ListOptions&) { return cache::ListResult{{Pod("a", "5")}, "10", ""}; });
  ErrorLog log;
  cache::Reflector r(script.lw, fifo, Fast(log));
  Runner run(r);
  auto w = script.Watcher(0);
  REQUIRE(w);
  w->Modify(Pod("a", "11"));
  std::vector<cache::DeltaType> types;
  for (int i = 0; i < 2; ++i) {
    fifo.Pop([&](const cache::Deltas& d, bool) { types.push_back(d.front().type); });
  }
  run.Stop();
  CHECK(types == std::vector<cache::DeltaType>{cache::DeltaType::kReplaced, cache::DeltaType::kUpdated});
}

TEST_CASE("Reflector: a null ListerWatcher is refused", "[cache][reflector]") {
  RecordingStore store;
  CHECK_THROWS_WITH(cache::Reflector(nullptr, store), "cache.Reflector: ListerWatcher is nil");
}

}  // namespace cache_reflector_test
