// The options structs of every package, built with designated initializers that name only some of
// their members: this translation unit must compile without a warning under the project's flags
// on g++ and clang++ (-Wmissing-field-initializers, part of -Wextra, is made an error below even
// when the build does not use -Werror), and each test checks that the named members reach the
// object they configure while the others keep their defaults.
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <type_traits>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/cache/select_query.hpp"
#include "apimachinery/cache/store.hpp"
#include "apimachinery/cache/thread_safe_store.hpp"
#include "apimachinery/labels/selector.hpp"
#include "apimachinery/runtime/codec_json.hpp"
#include "apimachinery/runtime/error.hpp"
#include "apimachinery/runtime/scheme_restmapper.hpp"
#include "apimachinery/util/clock.hpp"
#include "apimachinery/workqueue/workqueue.hpp"

#include "../../examples/widgets/widgets.hpp"
#include "cache/test_pod.hpp"
#include "support/eventually.hpp"

#if defined(__GNUC__)
#pragma GCC diagnostic error "-Wmissing-field-initializers"
#endif

// Everything below is file-local.
namespace options_designated_init_test {

namespace cache = apimachinery::cache;
namespace labels = apimachinery::labels;
namespace meta = apimachinery::meta;
namespace runtime = apimachinery::runtime;
namespace schema = apimachinery::schema;
namespace wq = apimachinery::workqueue;
using apimachinery::util::clock::FakeClock;
using namespace std::chrono_literals;

// Every options struct is an aggregate (designated initializers need one) whose value-initialised
// form is its default.
static_assert(std::is_aggregate_v<wq::QueueConfig>);
static_assert(std::is_aggregate_v<wq::DelayingQueueConfig<>>);
static_assert(std::is_aggregate_v<wq::DelayingQueueConfig<int>>);
static_assert(std::is_aggregate_v<wq::RateLimitingQueueConfig<>>);
static_assert(std::is_aggregate_v<cache::ThreadSafeStoreOptions>);
static_assert(std::is_aggregate_v<cache::SelectQuery>);
static_assert(std::is_aggregate_v<runtime::JSONSerializerOptions>);
static_assert(std::is_aggregate_v<runtime::SchemeRESTMapperOptions>);

namespace {

// Records the name of every queue that asks it for metrics; returns no metric.
class NameRecorder : public wq::MetricsProvider {
 public:
  std::vector<std::string> Names() {
    std::lock_guard<std::mutex> lock(mu_);
    return names_;
  }
  std::shared_ptr<wq::GaugeMetric> NewDepthMetric(std::string_view name) override {
    std::lock_guard<std::mutex> lock(mu_);
    names_.emplace_back(name);
    return nullptr;
  }
  std::shared_ptr<wq::CounterMetric> NewAddsMetric(std::string_view) override { return nullptr; }
  std::shared_ptr<wq::HistogramMetric> NewLatencyMetric(std::string_view) override { return nullptr; }
  std::shared_ptr<wq::HistogramMetric> NewWorkDurationMetric(std::string_view) override { return nullptr; }
  std::shared_ptr<wq::SettableGaugeMetric> NewUnfinishedWorkSecondsMetric(std::string_view) override {
    return nullptr;
  }
  std::shared_ptr<wq::SettableGaugeMetric> NewLongestRunningProcessorSecondsMetric(
      std::string_view) override {
    return nullptr;
  }
  std::shared_ptr<wq::CounterMetric> NewRetriesMetric(std::string_view) override { return nullptr; }

 private:
  std::mutex mu_;
  std::vector<std::string> names_;
};

using test_support::Eventually;

}  // namespace

TEST_CASE("QueueConfig with designated initializers naming some members", "[options][workqueue]") {
  const wq::QueueConfig named{.name = "pods"};
  CHECK(named.name == "pods");
  CHECK(named.metrics_provider == nullptr);
  CHECK(named.clock == nullptr);
  CHECK(named.unfinished_work_update_period == 500ms);

  const wq::QueueConfig period{.unfinished_work_update_period = 1s};
  CHECK(period.name.empty());
  CHECK(period.unfinished_work_update_period == 1s);

  auto recorder = std::make_shared<NameRecorder>();
  wq::Queue<> q({.name = "pods", .metrics_provider = recorder});
  CHECK(recorder->Names() == std::vector<std::string>{"pods"});
  q.Add("a");
  CHECK(q.Get() == std::optional<std::string>("a"));
  q.Done("a");

  // Without a name the provider is not asked (an unnamed queue reports no metrics).
  auto unused = std::make_shared<NameRecorder>();
  wq::Queue<> unnamed({.metrics_provider = unused});
  CHECK(unused->Names().empty());
}

TEST_CASE("DelayingQueueConfig with designated initializers naming some members", "[options][workqueue]") {
  auto clock = std::make_shared<FakeClock>();
  wq::DelayingQueue<> q({.clock = clock});
  q.AddAfter("later", 10s);
  REQUIRE(Eventually([&] { return clock->HasWaiters(); }));
  CHECK(q.Len() == 0);
  clock->Step(10s);
  CHECK(Eventually([&] { return q.Len() == 1; }));

  // The item type's config, naming the queue and the queue to wrap.
  auto inner = std::make_shared<wq::Queue<int>>();
  wq::DelayingQueue<int> ints({.name = "ints", .queue = inner});
  ints.Add(7);
  CHECK(inner->Len() == 1);

  const wq::DelayingQueueConfig<int> only_name{.name = "ints"};
  CHECK(only_name.queue == nullptr);
  CHECK(only_name.clock == nullptr);
}

TEST_CASE("RateLimitingQueueConfig with designated initializers naming some members",
          "[options][workqueue]") {
  auto limiter = wq::DefaultControllerRateLimiter();
  auto recorder = std::make_shared<NameRecorder>();
  wq::RateLimitingQueue<> q(limiter, {.name = "widgets", .metrics_provider = recorder});
  CHECK(recorder->Names() == std::vector<std::string>{"widgets"});
  q.AddRateLimited("w");
  CHECK(q.NumRequeues("w") == 1);
  q.Forget("w");
  CHECK(q.NumRequeues("w") == 0);

  // Only the queue to wrap: the rate-limited queue adds to it.
  auto delaying = std::make_shared<wq::DelayingQueue<>>();
  wq::RateLimitingQueue<> wrapping(limiter, {.delaying_queue = delaying});
  wrapping.Add("x");
  CHECK(delaying->Len() == 1);

  const wq::RateLimitingQueueConfig<> only_name{.name = "widgets"};
  CHECK(only_name.delaying_queue == nullptr);
  CHECK(only_name.metrics_provider == nullptr);
}

TEST_CASE("ThreadSafeStoreOptions and SelectQuery with designated initializers", "[options][cache]") {
  cache::ThreadSafeStore store({}, {.label_index = true});
  CHECK(store.HasLabelIndex());
  store.Add("a/1", cache_test::MakePod("a", "1", "n1", {{"app", "web"}}));
  store.Add("a/2", cache_test::MakePod("a", "2", "n1", {{"app", "db"}}));
  store.Add("b/3", cache_test::MakePod("b", "3", "n1", {{"app", "web"}}));

  const cache::ObjectList web = store.Select({.label_selector = labels::Parse("app=web")});
  CHECK(web.size() == 2);
  const cache::ObjectList web_in_b =
      store.Select({.namespace_ = "b", .label_selector = labels::Parse("app=web")});
  REQUIRE(web_in_b.size() == 1);
  CHECK((*web_in_b.begin())->GetObjectMeta()->name == "3");
  CHECK(store.Select({.namespace_ = "a"}).size() == 2);

  const cache::SelectQuery q{.namespace_ = "a"};
  CHECK(q.index_selector.Empty());
  CHECK(q.label_selector.Empty());

  cache::Indexer indexer(cache::MetaNamespaceKeyFunc, {}, {.label_index = true});
  indexer.Add(cache_test::MakePod("a", "1", "n1", {{"app", "web"}}));
  CHECK(indexer.Select({.label_selector = labels::Parse("app")}).size() == 1);
}

TEST_CASE("JSONSerializerOptions with designated initializers naming some members", "[options][runtime]") {
  runtime::Scheme scheme("options");
  widgets::AddToScheme(scheme);
  const std::string doc =
      R"({"apiVersion":"widgets.example.com/v1","kind":"Widget","metadata":{"name":"w"},"bogus":1})";

  const runtime::JSONSerializer strict(scheme, {.strict = true});
  CHECK(strict.options().strict);
  CHECK_FALSE(strict.options().pretty);
  CHECK(strict.options().unstructured_fallback);
  CHECK_THROWS_AS(strict.Decode(doc), runtime::StrictDecodingError);

  const runtime::JSONSerializer pretty(scheme, {.pretty = true});
  CHECK_FALSE(pretty.options().strict);
  const std::unique_ptr<runtime::Object> obj = pretty.Decode(doc);
  CHECK(pretty.Encode(*obj).find("\n  \"apiVersion\"") != std::string::npos);

  const runtime::JSONSerializer typed_only(scheme, {.unstructured_fallback = false});
  CHECK_FALSE(typed_only.options().strict);
  CHECK_THROWS_AS(typed_only.Decode(R"({"apiVersion":"other.example.com/v1","kind":"Other"})"),
                  apimachinery::Error);
}

TEST_CASE("SchemeRESTMapperOptions with designated initializers naming some members", "[options][runtime]") {
  runtime::Scheme scheme("options");
  widgets::AddToScheme(scheme);
  const schema::GroupKind widget{"widgets.example.com", "Widget"};

  auto root = runtime::NewRESTMapperFromScheme(scheme, {.root_kinds = {"Widget"}});
  CHECK(root->RESTMapping(widget).scope == meta::RESTScopeName::kRoot);
  auto ignored = runtime::NewRESTMapperFromScheme(scheme, {.ignored_kinds = {"Widget"}});
  CHECK_THROWS(ignored->RESTMapping(widget));
  auto scoped = runtime::NewRESTMapperFromScheme(
      scheme, {.scope_of = [](const schema::GroupVersionKind&) { return meta::RESTScopeName::kRoot; }});
  CHECK(scoped->RESTMapping(widget).scope == meta::RESTScopeName::kRoot);

  const runtime::SchemeRESTMapperOptions only_root{.root_kinds = {"Widget"}};
  CHECK(only_root.ignored_kinds.empty());
  CHECK_FALSE(only_root.scope_of);
}

}  // namespace options_designated_init_test
