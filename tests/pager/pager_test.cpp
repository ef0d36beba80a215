// Tests for pager/pager.hpp: client-go's pager_test.go (TestListPager_List,
// TestListPager_EachListItem) against the same scripted server, plus the stop token.
#include "apimachinery/pager/pager.hpp"

#include <cstdint>
#include <stop_token>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/api/errors/errors.hpp"
#include "apimachinery/apis/meta/v1/list_options.hpp"

namespace pager_pager_test {

namespace pager = apimachinery::pager;
namespace metav1 = apimachinery::metav1;
namespace errors = apimachinery::errors;

// Page: a list of item names (any struct with items, resource_version and continue_ will do).
struct Page {
  std::vector<std::string> items;
  std::string resource_version;
  std::string continue_;
};

Page MakeList(int count, const std::string& rv) {
  Page p;
  for (int i = 0; i < count; ++i) p.items.push_back(std::to_string(i));
  p.resource_version = rv;
  return p;
}

// TestPager: pager_test.go's testPager, a server of `remaining` items in pages, checking the
// invariants of every request.
struct TestPager {
  std::string rv;
  int index = 0;
  int remaining = 0;
  int last = 0;
  bool continuing = false;
  bool done = false;
  std::int64_t expect_page = 0;
  std::vector<std::string> violations{};

  void Reset() {
    continuing = false;
    remaining += index;
    index = 0;
    last = 0;
    done = false;
  }

  Page PagedList(const metav1::ListOptions& options) {
    if (done) {
      violations.push_back("did not expect additional call to paged list");
      throw apimachinery::Error("unexpected list call");
    }
    const std::string expected_continue = rv + ":" + std::to_string(last);
    if (options.limit != expect_page || (continuing && options.continue_ != expected_continue)) {
      violations.push_back("expected limit " + std::to_string(expect_page) + " and continue " +
                           expected_continue);
      throw apimachinery::Error("invariant violated");
    }
    if (!options.continue_.empty() && !options.resource_version.empty()) {
      violations.push_back("resource version with continue");
      throw apimachinery::Error("invariant violated");
    }
    if (!options.continue_.empty() && !options.resource_version_match.empty()) {
      violations.push_back("resource version match with continue");
      throw apimachinery::Error("invariant violated");
    }
    Page list;
    std::int64_t total = options.limit == 0 ? remaining : options.limit;
    for (std::int64_t i = 0; i < total && remaining > 0; ++i) {
      list.items.push_back(std::to_string(index));
      --remaining;
      ++index;
    }
    last = index;
    if (remaining > 0) {
      list.continue_ = rv + ":" + std::to_string(last);
      continuing = true;
    } else {
      done = true;
    }
    list.resource_version = rv;
    return list;
  }

  Page ExpiresOnSecondPage(const metav1::ListOptions& options) {
    if (continuing) {
      done = true;
      throw errors::NewResourceExpired("this list has expired");
    }
    return PagedList(options);
  }

  Page ExpiresOnSecondPageThenFullList(const metav1::ListOptions& options) {
    if (continuing) {
      Reset();
      expect_page = 0;
      throw errors::NewResourceExpired("this list has expired");
    }
    return PagedList(options);
  }
};

enum class Fn { kPaged, kExpires, kExpiresThenFull };

TEST_CASE("ListPager::List: pager_test.go's table", "[pager]") {
  struct Case {
    const char* name;
    int remaining;
    Fn fn;
    bool full_list_if_expired;
    metav1::ListOptions options;
    int want_items;  // -1: an error
    bool want_paged;
    bool is_expired;
  };
  const std::vector<Case> cases = {
      {"empty page", 0, Fn::kPaged, false, {}, 0, false, false},
      {"one page", 9, Fn::kPaged, false, {}, 9, false, false},
      {"one full page", 10, Fn::kPaged, false, {}, 10, false, false},
      {"two pages", 11, Fn::kPaged, false, {}, 11, true, false},
      {"three pages", 21, Fn::kPaged, false, {}, 21, true, false},
      {"expires on second page", 21, Fn::kExpires, false, {}, -1, true, true},
      {"expires on second page and then lists", 21, Fn::kExpiresThenFull, true, {}, 21, true, false},
      {"two pages with resourceVersion",
       11,
       Fn::kPaged,
       false,
       {.resource_version = "rv:10"},
       11,
       true,
       false},
      {"two pages with resourceVersion and resourceVersionMatch",
       11,
       Fn::kPaged,
       false,
       {.resource_version = "rv:10", .resource_version_match = "NotOlderThan"},
       11,
       true,
       false},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    TestPager server{.rv = "rv:20", .remaining = c.remaining, .expect_page = 10};
    pager::ListPager<Page> p([&](const metav1::ListOptions& o) {
      switch (c.fn) {
        case Fn::kPaged:
          return server.PagedList(o);
        case Fn::kExpires:
          return server.ExpiresOnSecondPage(o);
        case Fn::kExpiresThenFull:
          return server.ExpiresOnSecondPageThenFullList(o);
      }
      return Page{};
    });
    p.page_size = 10;
    p.full_list_if_expired = c.full_list_if_expired;
    if (c.want_items < 0) {
      try {
        (void)p.List(c.options);
        FAIL("no error");
      } catch (const std::exception& e) {
        CHECK(errors::IsResourceExpired(e) == c.is_expired);
        CHECK(std::string(e.what()) == "this list has expired");
      }
    } else {
      pager::ListPageResult<Page> got = p.List(c.options);
      const Page want = MakeList(c.want_items, "rv:20");
      CHECK(got.list.items == want.items);
      CHECK(got.list.resource_version == want.resource_version);
      CHECK(got.list.continue_.empty());
      CHECK(got.paginated_result == c.want_paged);
    }
    CHECK(server.violations.empty());
  }
}

TEST_CASE("ListPager::List: the fallback full list keeps the requested resourceVersion(Match)", "[pager]") {
  std::vector<metav1::ListOptions> seen;
  pager::ListPager<Page> p([&](const metav1::ListOptions& o) -> Page {
    seen.push_back(o);
    if (seen.size() == 1) return Page{{"a"}, "11", "C1"};
    if (seen.size() == 2) throw errors::NewResourceExpired("expired");
    return Page{{"a", "b"}, "12", ""};
  });
  p.page_size = 1;
  auto got = p.List({.resource_version = "10", .resource_version_match = "NotOlderThan"});
  REQUIRE(seen.size() == 3);
  CHECK(seen[1].resource_version.empty());
  CHECK(seen[1].continue_ == "C1");
  CHECK(seen[2].resource_version == "10");
  CHECK(seen[2].resource_version_match == "NotOlderThan");
  CHECK(seen[2].limit == 0);
  CHECK(seen[2].continue_.empty());
  CHECK(got.list.items == std::vector<std::string>{"a", "b"});
  CHECK(got.list.resource_version == "12");
}

TEST_CASE("ListPager::List: an expired first page and a Gone are not retried", "[pager]") {
  int calls = 0;
  pager::ListPager<Page> first([&](const metav1::ListOptions&) -> Page {
    ++calls;
    throw errors::NewResourceExpired("expired");
  });
  CHECK_THROWS_WITH(first.List({}), "expired");
  CHECK(calls == 1);
  calls = 0;
  pager::ListPager<Page> gone([&](const metav1::ListOptions& o) -> Page {
    ++calls;
    if (o.continue_.empty()) return Page{{"a"}, "1", "C"};
    throw errors::NewGone("gone");  // only Expired falls back, as upstream's IsResourceExpired
  });
  CHECK_THROWS_WITH(gone.List({}), "gone");
  CHECK(calls == 2);
}

TEST_CASE("ListPager::List: an explicit limit wins over page_size; page_size 0 lists at once", "[pager]") {
  std::vector<std::int64_t> limits;
  pager::ListPager<Page> p([&](const metav1::ListOptions& o) {
    limits.push_back(o.limit);
    return Page{{"x"}, "1", ""};
  });
  (void)p.List({.limit = 3});
  p.page_size = 0;
  (void)p.List({});
  (void)pager::ListPager<Page>([&](const metav1::ListOptions& o) {
    limits.push_back(o.limit);
    return Page{};
  }).List({});
  CHECK(limits == std::vector<std::int64_t>{3, 0, pager::kDefaultPageSize});
}

TEST_CASE("ListPager::List: a stopped token ends the listing before the next page", "[pager]") {
  std::stop_source stop;
  int calls = 0;
  pager::ListPager<Page> p([&](const metav1::ListOptions&) {
    ++calls;
    stop.request_stop();
    return Page{{"a"}, "1", "more"};
  });
  CHECK_THROWS_AS(p.List({}, stop.get_token()), pager::ContextCanceledError);
  CHECK(calls == 1);
  CHECK(std::string(pager::ContextCanceledError().what()) == "context canceled");
  pager::ListPager<Page> unset(nullptr);
  CHECK_THROWS_WITH(unset.List({}), "pager: PageFn is not set");
}

TEST_CASE("ListPager::EachListItem: pager_test.go's table", "[pager]") {
  struct Case {
    const char* name;
    int remaining;
    Fn fn;
    int want_items;
    bool want_err;
    bool is_expired;
    int throw_on_item;
    int cancel_on_item;
  };
  const std::vector<Case> cases = {
      {"empty page", 0, Fn::kPaged, 0, false, false, 0, 0},
      {"one page", 9, Fn::kPaged, 9, false, false, 0, 0},
      {"one full page", 10, Fn::kPaged, 10, false, false, 0, 0},
      {"two pages", 11, Fn::kPaged, 11, false, false, 0, 0},
      {"three pages", 21, Fn::kPaged, 21, false, false, 0, 0},
      // every item of the first page is visited
      {"expires on second page", 21, Fn::kExpires, 10, true, true, 0, 0},
      // the items up to the failing one are visited
      {"error processing item", 51, Fn::kPaged, 3, true, false, 3, 0},
      // the whole page is visited, then the listing stops
      {"cancel context while processing", 51, Fn::kPaged, 10, true, false, 0, 3},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    TestPager server{.rv = "rv:20", .remaining = c.remaining, .expect_page = 10};
    pager::ListPager<Page> p([&](const metav1::ListOptions& o) {
      return c.fn == Fn::kExpires ? server.ExpiresOnSecondPage(o) : server.PagedList(o);
    });
    p.page_size = 10;
    std::stop_source stop;
    std::vector<std::string> items;
    bool threw = false, expired = false;
    std::string text;
    try {
      p.EachListItem(
          {},
          [&](const std::string& item) {
            items.push_back(item);
            if (c.throw_on_item > 0 && static_cast<int>(items.size()) == c.throw_on_item) {
              throw apimachinery::Error("processor error");
            }
            if (c.cancel_on_item > 0 && static_cast<int>(items.size()) == c.cancel_on_item)
              stop.request_stop();
          },
          stop.get_token());
    } catch (const std::exception& e) {
      threw = true;
      expired = errors::IsResourceExpired(e);
      text = e.what();
    }
    CHECK(threw == c.want_err);
    CHECK(expired == c.is_expired);
    if (c.throw_on_item > 0) CHECK(text == "processor error");
    if (c.cancel_on_item > 0) CHECK(text == "context canceled");
    CHECK(items == MakeList(c.want_items, "rv:20").items);
    CHECK(server.violations.empty());
  }
}

}  // namespace pager_pager_test
