// Package pager (umbrella and only header): pager::ListPager, which reads a large list in pages
// (limit + continue) and hands back one list (k8s.io/client-go/tools/pager/pager.go: ListPager,
// New, List, ListWithAlloc, EachListItem).
//
// Example:
//   testing::FakeAPIServer server;
//   server.AddResource({"", "v1", "pods"}, "Pod", meta::RESTScopeName::kNamespace);
//   cache::ListerWatcher& lw = *server.ListerWatcher({"", "v1", "pods"});
//   pager::ListPager<cache::ListResult> p([&](const metav1::ListOptions& o) { return lw.List(o); });
//   auto [list, paginated] = p.List({.resource_version = "0"});   // pages of 500, then one list
//
// A list type is any struct with `items` (a vector), `resource_version` and `continue_` (a
// std::string each), as cache::ListResult; the pager does not depend on package cache.
//
// Semantics are upstream's: a limit of 0 in the options becomes page_size; a first page without
// a continue token is returned as is (paginated_result false); later pages are asked for with the
// token and with resourceVersion and resourceVersionMatch cleared (the API server refuses them
// with a continue token); the result carries the first page's resourceVersion. When a page after
// the first fails with an Expired error (errors::IsResourceExpired: the token outlived the
// server's compaction) and full_list_if_expired is set, the pager asks once more for the whole
// list (limit 0, no token) at the originally requested resourceVersion and returns that.
//
// Throws: whatever page_fn throws (a StatusError for API errors); ContextCanceledError when the
// stop token is stopped before a page is requested; apimachinery::Error when page_fn is empty.
// Cost: one page_fn call per page; the items of all pages are moved into one vector.
// Thread-safety: a ListPager is immutable during List/EachListItem, which call page_fn on the
// calling thread; several threads may list through one pager if page_fn allows it.
// Differences from upstream:
// - The page type is a template parameter instead of a runtime.Object taken apart with
//   meta.ListAccessor / meta.ExtractList; List returns the list and the paginated flag in a
//   ListPageResult (Go returns (runtime.Object, bool, error)). ListWithAlloc is List (items are
//   shared pointers: nothing to copy).
// - Cancellation is a std::stop_token checked before each page (Go's ctx.Done()).
// - EachListItem processes each page as it arrives on the calling thread: there is no background
//   goroutine buffering PageBufferSize pages ahead.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <stop_token>
#include <string>
#include <utility>

#include "apimachinery/api/errors/errors.hpp"
#include "apimachinery/apis/meta/v1/list_options.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"

namespace apimachinery::pager {

// kDefaultPageSize: the limit of a page when the options ask for none (pager.go: defaultPageSize).
inline constexpr std::int64_t kDefaultPageSize = 500;

// ContextCanceledError: the stop token was stopped (Go's context.Canceled: "context canceled").
class ContextCanceledError : public Error {
 public:
  APIMACHINERY_DECL ContextCanceledError();
};

// PagedList: what a page looks like.
template <typename L>
concept PagedList = std::movable<L> && requires(L& l) {
  l.items.begin();
  l.items.push_back(*l.items.begin());
  { l.resource_version } -> std::convertible_to<std::string>;
  { l.continue_ } -> std::convertible_to<std::string>;
};

// ListPageResult: the list and whether more than one page was read (Go's paginatedResult).
template <PagedList L>
struct ListPageResult {
  L list;
  bool paginated_result = false;
};

// ListPager: splits a list into pages of page_size (pager.go: ListPager).
template <PagedList L>
class ListPager {
 public:
  // ListPageFunc: returns one page for the options (pager.go: ListPageFunc).
  using ListPageFunc = std::function<L(const metav1::ListOptions&)>;

  // The defaults of pager.go: New (page size 500, full list if expired).
  explicit ListPager(ListPageFunc fn) : page_fn(std::move(fn)) {}

  std::int64_t page_size = kDefaultPageSize;
  ListPageFunc page_fn;
  bool full_list_if_expired = true;

  // List: the whole list, read in pages (pager.go: ListPager.List).
  ListPageResult<L> List(metav1::ListOptions options, const std::stop_token& stop = {}) const;

  // EachListItem calls fn on every item, page by page (pager.go: ListPager.EachListItem,
  // eachListChunk). No full-list fallback: an Expired page error propagates, as upstream. What fn
  // throws propagates and ends the listing.
  template <typename Fn>
  void EachListItem(metav1::ListOptions options, Fn&& fn, const std::stop_token& stop = {}) const;

 private:
  L Page(const metav1::ListOptions& options) const {
    if (!page_fn) throw Error("pager: PageFn is not set");
    return page_fn(options);
  }
};

// Implementation details follow.

template <PagedList L>
ListPageResult<L> ListPager<L>::List(metav1::ListOptions options, const std::stop_token& stop) const {
  if (options.limit == 0) options.limit = page_size;
  const std::string requested_resource_version = options.resource_version;
  const std::string requested_resource_version_match = options.resource_version_match;
  bool paginated_result = false;
  bool have_list = false;
  L list{};
  for (;;) {
    if (stop.stop_requested()) throw ContextCanceledError();
    L page;
    try {
      page = Page(options);
    } catch (const std::exception& e) {
      // Fall back to a full list only for an Expired error on page 2 or later: the resource
      // version the first page established was compacted away meanwhile.
      if (!errors::IsResourceExpired(e) || !full_list_if_expired || options.continue_.empty()) throw;
      options.limit = 0;
      options.continue_.clear();
      options.resource_version = requested_resource_version;
      options.resource_version_match = requested_resource_version_match;
      return ListPageResult<L>{Page(options), paginated_result};
    }
    // A first page without a continue token is the whole list.
    if (page.continue_.empty() && !have_list) return ListPageResult<L>{std::move(page), paginated_result};
    if (!have_list) {
      have_list = true;
      list.resource_version = page.resource_version;
      list.items.reserve(static_cast<std::size_t>(options.limit) + 1);
    }
    for (auto& item : page.items) list.items.push_back(std::move(item));
    if (page.continue_.empty()) return ListPageResult<L>{std::move(list), paginated_result};
    options.continue_ = std::move(page.continue_);
    // The API server refuses a resourceVersion(Match) together with a continue token.
    options.resource_version.clear();
    options.resource_version_match.clear();
    paginated_result = true;
  }
}

template <PagedList L>
template <typename Fn>
void ListPager<L>::EachListItem(metav1::ListOptions options, Fn&& fn, const std::stop_token& stop) const {
  if (options.limit == 0) options.limit = page_size;
  for (;;) {
    if (stop.stop_requested()) throw ContextCanceledError();
    L page = Page(options);
    for (auto& item : page.items) fn(item);
    if (page.continue_.empty()) return;
    options.continue_ = std::move(page.continue_);
  }
}

}  // namespace apimachinery::pager

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/pager/impl/pager.ipp"
#endif
