// Tests for ctrl/internal/cache_listwatch.hpp: the cache's ListerWatcher pushes its selectors and
// the response shape into every request and decodes what comes back into the stored type.
#include "apimachinery/ctrl/internal/cache_listwatch.hpp"

#include <memory>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/status.hpp"
#include "apimachinery/watch/fake.hpp"

#include "cache_support.hpp"

namespace ctrl_cache_listwatch_test {

using namespace ctrl_cache_support;  // NOLINT(google-build-using-namespace): the shared test types
namespace internal = apimachinery::ctrl::internal;
namespace watch = apimachinery::watch;
using Shape = apimachinery::dynamic::ResponseShape;

// Recorder: a dynamic::Interface that records list and watch requests and answers from fixtures.
class Recorder final : public apimachinery::dynamic::Interface {
 public:
  nlohmann::json list_answer;
  std::shared_ptr<watch::RaceFreeFakeWatcher> watcher = std::make_shared<watch::RaceFreeFakeWatcher>();
  struct Request {
    schema::GroupVersionResource gvr;
    std::string ns;
    metav1::ListOptions options;
    Shape shape;
  };
  std::vector<Request> requests;

  nlohmann::json Get(const schema::GroupVersionResource&, std::string_view, std::string_view,
                     const metav1::GetOptions&, std::string_view, Shape) override {
    return {};
  }
  nlohmann::json List(const schema::GroupVersionResource& gvr, std::string_view ns,
                      const metav1::ListOptions& o, Shape shape) override {
    requests.push_back({gvr, std::string(ns), o, shape});
    return list_answer;
  }
  std::unique_ptr<watch::Interface> Watch(const schema::GroupVersionResource& gvr, std::string_view ns,
                                          const metav1::ListOptions& o, Shape shape) override {
    requests.push_back({gvr, std::string(ns), o, shape});
    struct Shared final : watch::Interface {
      std::shared_ptr<watch::RaceFreeFakeWatcher> w;
      std::optional<watch::Event> Next() override { return w->Next(); }
      void Stop() noexcept override { w->Stop(); }
    };
    auto s = std::make_unique<Shared>();
    s->w = watcher;
    return s;
  }
  nlohmann::json Create(const schema::GroupVersionResource&, std::string_view, nlohmann::json,
                        const metav1::CreateOptions&, std::string_view) override {
    return {};
  }
  nlohmann::json CreateSubresource(const schema::GroupVersionResource&, std::string_view, std::string_view,
                                   std::string_view, nlohmann::json, const metav1::CreateOptions&) override {
    return {};
  }
  nlohmann::json Update(const schema::GroupVersionResource&, std::string_view, nlohmann::json,
                        const metav1::UpdateOptions&, std::string_view) override {
    return {};
  }
  nlohmann::json Patch(const schema::GroupVersionResource&, std::string_view, std::string_view,
                       std::string_view, const nlohmann::json&, const metav1::PatchOptions&,
                       std::string_view) override {
    return {};
  }
  nlohmann::json Delete(const schema::GroupVersionResource&, std::string_view, std::string_view,
                        const metav1::DeleteOptions&) override {
    return {};
  }
  nlohmann::json DeleteCollection(const schema::GroupVersionResource&, std::string_view,
                                  const metav1::DeleteOptions&, const metav1::ListOptions&) override {
    return {};
  }
};

TEST_CASE("cache listwatch: selectors and shape go into every list and watch", "[ctrl][cache]") {
  auto scheme = NewScheme();
  auto api = std::make_shared<Recorder>();
  api->list_answer = {{"kind", "PodList"},
                      {"apiVersion", "v1"},
                      {"metadata", {{"resourceVersion", "42"}, {"continue", "next"}}},
                      {"items", {PodJSON("ns", "a", "node-1")}}};
  auto decoder = std::make_shared<const internal::CacheObjectDecoder>(
      scheme.get(), internal::CacheDecodeShape::kTyped, kPodKind);
  internal::CacheListWatch lw(api, kPods, "ns", {"app=web", "metadata.namespace!=kube-system"}, decoder);
  // The caller's selectors (a Reflector sets none) are replaced; paging options pass through.
  metav1::ListOptions opts;
  opts.limit = 500;
  opts.label_selector = "ignored=yes";
  auto page = lw.List(opts);
  CHECK(page.resource_version == "42");
  CHECK(page.continue_ == "next");
  REQUIRE(page.items.size() == 1);
  const auto& pod = dynamic_cast<const Pod&>(*page.items[0]);
  CHECK(pod.spec.node_name == "node-1");
  CHECK(pod.GetObjectKind() == kPodKind);
  auto w = lw.Watch({.resource_version = "42"});
  REQUIRE(api->requests.size() == 2);
  for (const auto& r : api->requests) {
    CHECK(r.gvr == kPods);
    CHECK(r.ns == "ns");
    CHECK(r.options.label_selector == "app=web");
    CHECK(r.options.field_selector == "metadata.namespace!=kube-system");
    CHECK(r.shape == Shape::kObject);
  }
  CHECK(api->requests[0].options.limit == 500);
  CHECK(api->requests[1].options.resource_version == "42");

  // Watch objects are decoded; one that does not decode ends the watch with an ERROR event.
  api->watcher->Add(std::make_shared<runtime::Unstructured>(PodJSON("ns", "b", "node-2")));
  nlohmann::json bad = PodJSON("ns", "c", "node-3");
  bad["spec"]["nodeName"] = 7;
  api->watcher->Modify(std::make_shared<runtime::Unstructured>(bad));
  auto ev = w->Next();
  REQUIRE(ev);
  CHECK(ev->type == watch::EventType::kAdded);
  CHECK(dynamic_cast<const Pod&>(*ev->object).metadata.name == "b");
  ev = w->Next();
  REQUIRE(ev);
  CHECK(ev->type == watch::EventType::kError);
  const auto& status = dynamic_cast<const metav1::Status&>(*ev->object);
  CHECK(status.code == 500);
  CHECK(status.message ==
        "Internal error occurred: unable to convert unstructured object to /v1, Kind=Pod: cannot convert "
        "int64 to "
        "string");
  CHECK_FALSE(w->Next());
  // A list item that does not decode throws the Scheme's text.
  api->list_answer["items"] = nlohmann::json::array({bad});
  CHECK_THROWS_WITH(lw.List({}),
                    Catch::Matchers::StartsWith("unable to convert unstructured object to /v1, Kind=Pod"));
}

TEST_CASE("cache listwatch: metadata-only requests and objects are stamped with the kind", "[ctrl][cache]") {
  auto api = std::make_shared<Recorder>();
  api->list_answer = {{"kind", "PartialObjectMetadataList"},
                      {"apiVersion", "meta.k8s.io/v1"},
                      {"metadata", {{"resourceVersion", "7"}}},
                      {"items",
                       {{{"kind", "PartialObjectMetadata"},
                         {"apiVersion", "meta.k8s.io/v1"},
                         {"metadata", {{"name", "a"}}}}}}};
  auto decoder = std::make_shared<const internal::CacheObjectDecoder>(
      nullptr, internal::CacheDecodeShape::kMetadata, kWidgetKind);
  internal::CacheListWatch lw(api, kWidgets, "", {}, decoder);
  auto page = lw.List({});
  REQUIRE(page.items.size() == 1);
  CHECK(page.items[0]->GetObjectKind() == kWidgetKind);
  CHECK(page.items[0]->GetObjectMeta()->name == "a");
  auto w = lw.Watch({});
  CHECK(api->requests[0].shape == Shape::kPartialObjectMetadata);
  CHECK(api->requests[1].shape == Shape::kPartialObjectMetadata);
  CHECK(api->requests[0].options.label_selector.empty());
  auto m = std::make_shared<metav1::PartialObjectMetadata>();
  m->metadata.name = "b";
  m->SetGroupVersionKind({"meta.k8s.io", "v1", "PartialObjectMetadata"});
  api->watcher->Add(m);
  auto ev = w->Next();
  REQUIRE(ev);
  CHECK(ev->object->GetObjectKind() == kWidgetKind);
  CHECK(ev->object->GetObjectMeta()->name == "b");
  CHECK(m->GetObjectKind().kind == "PartialObjectMetadata");  // the server's object is not modified
  CHECK_THROWS_WITH(internal::CacheObjectDecoder(nullptr, internal::CacheDecodeShape::kTyped, kPodKind),
                    "ctrl: a typed decoder needs a Scheme");
}

}  // namespace ctrl_cache_listwatch_test

namespace ctrl_cache_listwatch_test {

TEST_CASE("ParseResourceVersion: decimal revisions only", "[ctrl][cache]") {
  using apimachinery::ctrl::internal::ParseResourceVersion;
  CHECK(ParseResourceVersion("0") == std::optional<std::uint64_t>(0));
  CHECK(ParseResourceVersion("12345") == std::optional<std::uint64_t>(12345));
  CHECK(ParseResourceVersion("18446744073709551615") == std::optional<std::uint64_t>(UINT64_MAX));
  for (const char* bad : {"", "-1", "+1", "12abc", " 1", "1 ", "18446744073709551616", "0x10", "1.0"}) {
    INFO(bad);
    CHECK_FALSE(ParseResourceVersion(bad).has_value());
  }
}

}  // namespace ctrl_cache_listwatch_test
