// Tests for meta/lazy.hpp: k8s.io/apimachinery/pkg/api/meta/lazy.go (lazyObject: the loader runs once, and an
// init error is kept forever).
//
// Adapted from Go-only shapes: upstream's loader returns (mapper, error); here it returns the
// mapper or throws. Upstream's plural methods return an empty list together with the init error;
// here every method throws the init error (documented in lazy.hpp).
#include "apimachinery/meta/lazy.hpp"

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/meta/multirestmapper.hpp"
#include "apimachinery/meta/restmapper.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace meta_lazy_test {

using namespace apimachinery;
using schema::GroupKind;
using schema::GroupVersion;
using schema::GroupVersionKind;
using schema::GroupVersionResource;

namespace {

std::shared_ptr<meta::DefaultRESTMapper> CoreMapper() {
  auto m = std::make_shared<meta::DefaultRESTMapper>(std::vector<GroupVersion>{{"", "v1"}});
  m->Add(GroupVersionKind{"", "v1", "Pod"}, meta::RESTScopeName::kNamespace);
  return m;
}

// A resettable mapper counting Reset calls, delegating lookups to a core mapper.
class CountingMapper final : public meta::ResettableRESTMapper {
 public:
  explicit CountingMapper(std::atomic<int>* resets) : resets_(resets), inner_(CoreMapper()) {}
  meta::MapperResult<GroupVersionKind> TryKindFor(const GroupVersionResource& r) const override {
    return inner_->TryKindFor(r);
  }
  meta::MapperResult<std::vector<GroupVersionKind>> TryKindsFor(
      const GroupVersionResource& r) const override {
    return inner_->TryKindsFor(r);
  }
  meta::MapperResult<GroupVersionResource> TryResourceFor(const GroupVersionResource& r) const override {
    return inner_->TryResourceFor(r);
  }
  meta::MapperResult<std::vector<GroupVersionResource>> TryResourcesFor(
      const GroupVersionResource& r) const override {
    return inner_->TryResourcesFor(r);
  }
  meta::MapperResult<meta::RESTMapping> TryRESTMapping(const GroupKind& gk,
                                                       const std::vector<std::string>& v) const override {
    return inner_->TryRESTMapping(gk, v);
  }
  meta::MapperResult<std::vector<meta::RESTMapping>> TryRESTMappings(
      const GroupKind& gk, const std::vector<std::string>& v) const override {
    return inner_->TryRESTMappings(gk, v);
  }
  meta::MapperResult<std::string> TryResourceSingularizer(std::string_view r) const override {
    return inner_->TryResourceSingularizer(r);
  }
  void Reset() override { ++*resets_; }

 private:
  std::atomic<int>* resets_;
  std::shared_ptr<meta::DefaultRESTMapper> inner_;
};

}  // namespace

TEST_CASE("NewLazyRESTMapperLoader loads once, on first use", "[meta][lazy]") {
  std::atomic<int> calls{0};
  auto lazy = meta::NewLazyRESTMapperLoader([&] {
    ++calls;
    return std::shared_ptr<meta::RESTMapper>(CoreMapper());
  });
  CHECK(calls == 0);
  CHECK(lazy->String() == "LazyRESTMapper{<not loaded>}");
  CHECK(lazy->KindFor(GroupVersionResource{"", "", "pods"}) == GroupVersionKind{"", "v1", "Pod"});
  CHECK(lazy->KindsFor(GroupVersionResource{"", "", "pods"}).size() == 1);
  CHECK(lazy->ResourceFor(GroupVersionResource{"", "", "pod"}) == GroupVersionResource{"", "v1", "pods"});
  CHECK(lazy->ResourcesFor(GroupVersionResource{"", "", "pod"}).size() == 1);
  CHECK(lazy->RESTMapping(GroupKind{"", "Pod"}).resource == GroupVersionResource{"", "v1", "pods"});
  CHECK(lazy->RESTMappings(GroupKind{"", "Pod"}).size() == 1);
  CHECK(lazy->ResourceSingularizer("pods") == "pod");
  // The loaded mapper's own errors pass through.
  REQUIRE_THROWS_AS(lazy->KindFor(GroupVersionResource{"", "", "nope"}), meta::NoResourceMatchError);
  CHECK(calls == 1);
  CHECK_THAT(lazy->String(), Catch::StartsWith("LazyRESTMapper{DefaultRESTMapper{"));
}

TEST_CASE("NewLazyRESTMapperLoader caches an init error forever", "[meta][lazy]") {
  std::atomic<int> calls{0};
  auto lazy = meta::NewLazyRESTMapperLoader([&]() -> std::shared_ptr<meta::RESTMapper> {
    ++calls;
    throw Error("discovery failed");
  });
  const GroupVersionResource pods{"", "", "pods"};
  for (int i = 0; i < 3; ++i) {
    REQUIRE_THROWS_AS(lazy->KindFor(pods), Error);
    REQUIRE_THROWS_WITH(lazy->KindFor(pods), "discovery failed");
    REQUIRE_THROWS_WITH(lazy->KindsFor(pods), "discovery failed");
    REQUIRE_THROWS_WITH(lazy->ResourceFor(pods), "discovery failed");
    REQUIRE_THROWS_WITH(lazy->ResourcesFor(pods), "discovery failed");
    REQUIRE_THROWS_WITH(lazy->RESTMapping(GroupKind{"", "Pod"}), "discovery failed");
    REQUIRE_THROWS_WITH(lazy->RESTMappings(GroupKind{"", "Pod"}), "discovery failed");
    REQUIRE_THROWS_WITH(lazy->ResourceSingularizer("pods"), "discovery failed");
  }
  // Reset never re-runs the loader.
  lazy->Reset();
  REQUIRE_THROWS_WITH(lazy->KindFor(pods), "discovery failed");
  CHECK(calls == 1);
  CHECK(lazy->String() == "LazyRESTMapper{error: discovery failed}");

  // A typed init error keeps its type (and Multi skips it as a no-match).
  auto typed = meta::NewLazyRESTMapperLoader([]() -> std::shared_ptr<meta::RESTMapper> {
    throw meta::NoResourceMatchError(GroupVersionResource{"", "", "init"});
  });
  REQUIRE_THROWS_AS(typed->KindFor(pods), meta::NoResourceMatchError);
  const meta::MultiRESTMapper multi(std::vector<std::shared_ptr<meta::RESTMapper>>{typed, CoreMapper()});
  CHECK(multi.KindFor(pods) == GroupVersionKind{"", "v1", "Pod"});

  // A loader returning null is an error too.
  auto null = meta::NewLazyRESTMapperLoader([] { return std::shared_ptr<meta::RESTMapper>(); });
  REQUIRE_THROWS_AS(null->KindFor(pods), Error);
  REQUIRE_THROWS_WITH(null->KindFor(pods), "meta: lazy RESTMapper loader returned no mapper");
}

TEST_CASE("Lazy Reset forwards only after a successful load", "[meta][lazy]") {
  std::atomic<int> resets{0};
  std::atomic<int> calls{0};
  auto lazy = meta::NewLazyRESTMapperLoader([&] {
    ++calls;
    return std::shared_ptr<meta::RESTMapper>(std::make_shared<CountingMapper>(&resets));
  });
  lazy->Reset();  // not loaded: nothing to reset, and no load
  CHECK(calls == 0);
  CHECK(resets == 0);
  CHECK(lazy->KindFor(GroupVersionResource{"", "", "pods"}) == GroupVersionKind{"", "v1", "Pod"});
  lazy->Reset();
  meta::MaybeResetRESTMapper(*lazy);
  CHECK(resets == 2);
  CHECK(calls == 1);
}

TEST_CASE("Lazy loader: concurrent first callers share one load", "[meta][lazy][concurrency]") {
  std::atomic<int> calls{0};
  auto lazy = meta::NewLazyRESTMapperLoader([&] {
    ++calls;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    return std::shared_ptr<meta::RESTMapper>(CoreMapper());
  });
  std::atomic<int> ok{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 50; ++i) {
        if (lazy->KindFor(GroupVersionResource{"", "", "pods"}) == GroupVersionKind{"", "v1", "Pod"}) ++ok;
      }
    });
  }
  for (auto& t : threads) t.join();
  CHECK(calls == 1);
  CHECK(ok == 400);
}

}  // namespace meta_lazy_test
