// Concurrency test for the meta mappers: many threads reading one composed mapper (Priority over
// Multi over DefaultRESTMappers, plus FirstHit and the lazy loader) must see the same answers as a
// single thread. Meant to be run under TSan too.
#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/meta/meta.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace meta_concurrency_test {

using namespace apimachinery;
using schema::GroupKind;
using schema::GroupVersion;
using schema::GroupVersionKind;
using schema::GroupVersionResource;

TEST_CASE("Composed mappers are safe for concurrent const readers", "[meta][concurrency]") {
  auto core = std::make_shared<meta::DefaultRESTMapper>(std::vector<GroupVersion>{{"", "v1"}});
  core->Add(GroupVersionKind{"", "v1", "Pod"}, meta::RESTScopeName::kNamespace);
  core->Add(GroupVersionKind{"", "v1", "Endpoints"}, meta::RESTScopeName::kNamespace);
  core->Add(GroupVersionKind{"", "v1", "Node"}, meta::RESTScopeName::kRoot);
  auto apps = std::make_shared<meta::DefaultRESTMapper>(
      std::vector<GroupVersion>{{"apps", "v1"}, {"apps", "v1beta1"}});
  for (const char* v : {"v1", "v1beta1"}) {
    apps->Add(GroupVersionKind{"apps", v, "Deployment"}, meta::RESTScopeName::kNamespace);
    apps->Add(GroupVersionKind{"apps", v, "StatefulSet"}, meta::RESTScopeName::kNamespace);
  }
  auto multi =
      std::make_shared<meta::MultiRESTMapper>(std::vector<std::shared_ptr<meta::RESTMapper>>{core, apps});
  auto priority = std::make_shared<meta::PriorityRESTMapper>(
      multi, std::vector<GroupVersionResource>{{"", "v1", "*"}, {"apps", "v1", "*"}},
      std::vector<GroupVersionKind>{{"", "v1", "*"}, {"apps", "v1", "*"}});
  auto first_hit =
      std::make_shared<meta::FirstHitRESTMapper>(std::vector<std::shared_ptr<meta::RESTMapper>>{apps, core});
  auto lazy =
      meta::NewLazyRESTMapperLoader([priority] { return std::shared_ptr<meta::RESTMapper>(priority); });

  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 300; ++i) {
        const meta::RESTMapper& m = (t % 2 == 0) ? static_cast<const meta::RESTMapper&>(*priority) : *lazy;
        bool ok = m.KindFor(GroupVersionResource{"", "", "deployments"}) ==
                  GroupVersionKind{"apps", "v1", "Deployment"};
        ok = ok &&
             m.ResourceFor(GroupVersionResource{"", "", "pod"}) == GroupVersionResource{"", "v1", "pods"};
        ok = ok && m.RESTMapping(GroupKind{"apps", "StatefulSet"}, {"v1beta1"}).resource ==
                       GroupVersionResource{"apps", "v1beta1", "statefulsets"};
        ok = ok && m.ResourceFor(GroupVersionResource{"", "", "endpoints"}) ==
                       GroupVersionResource{"", "v1", "endpoints"};
        ok = ok &&
             first_hit->KindFor(GroupVersionResource{"", "", "nodes"}) == GroupVersionKind{"", "v1", "Node"};
        try {
          m.KindFor(GroupVersionResource{"", "", "nope"});
          ok = false;
        } catch (const meta::NoResourceMatchError& e) {
          ok = ok && std::string(e.what()) == "no matches for /, Resource=nope";
        }
        if (!ok) ++failures;
      }
    });
  }
  for (auto& th : threads) th.join();
  CHECK(failures == 0);
}

}  // namespace meta_concurrency_test
