// Tests for cache/listwatch.hpp: ListWatch passes options through to its functions and hands
// back their results and errors; the watch-list marker.
#include "apimachinery/cache/listwatch.hpp"

#include <memory>
#include <string>

#include <catch2/catch.hpp>

#include "apimachinery/api/errors/errors.hpp"
#include "apimachinery/watch/fake.hpp"

#include "test_pod.hpp"

namespace cache_listwatch_test {

namespace cache = apimachinery::cache;
namespace metav1 = apimachinery::metav1;
namespace watch = apimachinery::watch;
namespace errors = apimachinery::errors;

TEST_CASE("ListWatch: List and Watch call the functions with the options unchanged", "[cache][listwatch]") {
  metav1::ListOptions seen_list, seen_watch;
  watch::RaceFreeFakeWatcher* fake = nullptr;
  auto lw = std::make_shared<cache::ListWatch>(
      [&](const metav1::ListOptions& o) {
        seen_list = o;
        return cache::ListResult{{cache_test::MakePod("ns", "a")}, "42", "next"};
      },
      [&](const metav1::ListOptions& o) -> std::unique_ptr<watch::Interface> {
        seen_watch = o;
        auto w = std::make_unique<watch::RaceFreeFakeWatcher>();
        fake = w.get();
        return w;
      });
  cache::ListerWatcher& iface = *lw;
  const metav1::ListOptions lo{.label_selector = "a=b", .resource_version = "0", .limit = 500};
  cache::ListResult r = iface.List(lo);
  CHECK(seen_list == lo);
  REQUIRE(r.items.size() == 1);
  CHECK(r.items[0]->GetObjectMeta()->name == "a");
  CHECK(r.resource_version == "42");
  CHECK(r.continue_ == "next");

  const metav1::ListOptions wo{
      .allow_watch_bookmarks = true, .resource_version = "42", .timeout_seconds = 300};
  auto w = iface.Watch(wo);
  CHECK(seen_watch == wo);
  REQUIRE(fake != nullptr);
  fake->Add(cache_test::MakePod("ns", "b"));
  auto ev = w->Next();
  REQUIRE(ev);
  CHECK(ev->object->GetObjectMeta()->name == "b");
  CHECK_FALSE(iface.IsWatchListSemanticsUnSupported());
  CHECK(cache::ToListWatcherWithWatchListSemantics(lw, true)->IsWatchListSemanticsUnSupported());
}

TEST_CASE("ListWatch: errors pass through; a missing function is an Error", "[cache][listwatch]") {
  cache::ListWatch lw(
      [](const metav1::ListOptions&) -> cache::ListResult {
        throw errors::NewResourceExpired("too old resource version: 1 (5)");
      },
      nullptr);
  try {
    lw.List({});
    FAIL("no throw");
  } catch (const errors::StatusError& e) {
    CHECK(errors::IsResourceExpired(e));
    CHECK(errors::IsGone(e) == false);
  }
  CHECK_THROWS_AS(lw.Watch({}), apimachinery::Error);
  cache::ListWatch empty;
  CHECK_THROWS_WITH(empty.List({}), "cache.ListWatch: ListFunc is not set");
}

}  // namespace cache_listwatch_test
