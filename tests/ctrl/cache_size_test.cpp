// Tests for ctrl/internal/cache_size.hpp: RetainedBytes, the measure behind Cache::Stats, checked
// against a counting allocator: a copy of an object allocates exactly what the walk says the copy
// owns (this file replaces the global operator new / delete of the test executable with counting
// ones; they count only on a thread that enabled counting). Under a sanitizer the runtime owns
// operator new and delete (ASan's and ours mixed in one executable crash at exit), so there the
// replacement is left out and the cases check what needs no counting: the measure of a copy
// equals the measure of its original, and the known lower bounds.
#include "apimachinery/ctrl/internal/cache_size.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/partial_object_metadata.hpp"
#include "apimachinery/runtime/unstructured.hpp"

#include "cache_support.hpp"

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define CTRL_CACHE_SIZE_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define CTRL_CACHE_SIZE_TEST_SANITIZED 1
#endif
#endif

namespace ctrl_cache_size_test {

#ifndef CTRL_CACHE_SIZE_TEST_SANITIZED
// Net bytes requested from operator new (allocated minus freed) on this thread while enabled.
inline thread_local bool counting = false;
inline thread_local std::int64_t live_bytes = 0;

constexpr std::size_t kHeader = alignof(std::max_align_t);

void* CountedNew(std::size_t n) {
  void* raw = std::malloc(n + kHeader);
  if (raw == nullptr) throw std::bad_alloc();
  *static_cast<std::size_t*>(raw) = n;
  if (counting) live_bytes += static_cast<std::int64_t>(n);
  return static_cast<char*>(raw) + kHeader;
}
void CountedDelete(void* p) noexcept {
  if (p == nullptr) return;
  void* raw = static_cast<char*>(p) - kHeader;
  if (counting) live_bytes -= static_cast<std::int64_t>(*static_cast<std::size_t*>(raw));
  std::free(raw);
}

// Bytes: the net allocation of make().
template <typename F>
std::int64_t Bytes(F&& make) {
  live_bytes = 0;
  counting = true;
  auto keep = make();
  counting = false;
  const std::int64_t n = live_bytes;
  counting = true;  // count the release too, so nothing leaks into the next measurement
  keep.reset();
  counting = false;
  CHECK(live_bytes == 0);
  return n;
}
#endif

}  // namespace ctrl_cache_size_test

#ifndef CTRL_CACHE_SIZE_TEST_SANITIZED

// NOLINTBEGIN(misc-new-delete-overloads): counting replacements of the global forms
void* operator new(std::size_t n) { return ctrl_cache_size_test::CountedNew(n); }
void* operator new[](std::size_t n) { return ctrl_cache_size_test::CountedNew(n); }
void operator delete(void* p) noexcept { ctrl_cache_size_test::CountedDelete(p); }
void operator delete[](void* p) noexcept { ctrl_cache_size_test::CountedDelete(p); }
void operator delete(void* p, std::size_t) noexcept { ctrl_cache_size_test::CountedDelete(p); }
void operator delete[](void* p, std::size_t) noexcept { ctrl_cache_size_test::CountedDelete(p); }
// NOLINTEND(misc-new-delete-overloads)
#endif

namespace ctrl_cache_size_test {

#ifdef CTRL_CACHE_SIZE_TEST_SANITIZED
// Bytes without a counting allocator: what the walk says a copy of make()'s object retains.
template <typename F>
std::int64_t Bytes(F&& make) {
  auto keep = make();
  return static_cast<std::int64_t>(apimachinery::ctrl::internal::RetainedBytes(*keep));
}
#endif

using namespace ctrl_cache_support;  // NOLINT(google-build-using-namespace): the shared test types
using apimachinery::ctrl::internal::RetainedBytes;

nlohmann::json RichPod() {
  nlohmann::json p =
      PodJSON("a-namespace-name-longer-than-sso", "pod-with-a-long-generated-name-x7k2p", "node-1",
              {{"app", "web"}, {"a-label-key-that-is-long", "and-a-value-that-is-long-too"}});
  p["metadata"]["uid"] = "0b1f5e6c-3f7a-4d2e-9a1b-5c6d7e8f9a0b";
  p["metadata"]["resourceVersion"] = "12345";
  p["metadata"]["annotations"] = {
      {"kubectl.kubernetes.io/last-applied-configuration", std::string(300, 'x')}};
  p["metadata"]["finalizers"] = {"example.com/cleanup-finalizer-name", "x"};
  p["metadata"]["ownerReferences"] = {{{"apiVersion", "apps/v1"},
                                       {"kind", "ReplicaSet"},
                                       {"name", "web-7d4b9c8f5d-and-more-characters"},
                                       {"uid", "1c2d3e4f-5a6b-7c8d-9e0f-a1b2c3d4e5f6"},
                                       {"controller", true}}};
  p["metadata"]["managedFields"] = {
      {{"manager", "kube-controller-manager"},
       {"operation", "Update"},
       {"fieldsV1", {{"f:metadata", {{"f:labels", {{"f:app", nlohmann::json::object()}}}}}}},
       {"nums", {1, 2.5, -3, true, nullptr}}}};
  p["metadata"]["selfLink"] = "/api/v1/namespaces/x/pods/a-very-long-self-link-value";
  p["spec"]["containers"] = {"short", "a-container-name-beyond-the-small-buffer"};
  return p;
}

TEST_CASE("cache size: RetainedBytes of a typed object equals what copying it allocates", "[ctrl][cache]") {
  auto scheme = NewScheme();
  const nlohmann::json doc = RichPod();
  const Pod pod = doc.get<Pod>();
  REQUIRE(pod.metadata.annotations.size() == 1);
  const Pod copy = pod;  // capacities as a copy makes them
  const std::int64_t allocated = Bytes([&] { return std::make_unique<Pod>(copy); });
  CHECK(allocated == static_cast<std::int64_t>(RetainedBytes(copy)));
  CHECK(RetainedBytes(copy) > sizeof(Pod) + 300);  // the annotation's buffer is in
  // An empty object owns nothing beyond itself.
  CHECK(Bytes([] { return std::make_unique<Pod>(); }) == static_cast<std::int64_t>(sizeof(Pod)));
  CHECK(RetainedBytes(Pod{}) == sizeof(Pod));
}

TEST_CASE(
    "cache size: RetainedBytes of Unstructured and PartialObjectMetadata equals their copies' allocations",
    "[ctrl][cache]") {
  const runtime::Unstructured u(RichPod());
  const runtime::Unstructured ucopy = u;
  CHECK(Bytes([&] { return std::make_unique<runtime::Unstructured>(ucopy); }) ==
        static_cast<std::int64_t>(RetainedBytes(ucopy)));

  metav1::PartialObjectMetadata m = RichPod().get<metav1::PartialObjectMetadata>();
  m.SetGroupVersionKind(kPodKind);
  const metav1::PartialObjectMetadata mcopy = m;
  CHECK(Bytes([&] { return std::make_unique<metav1::PartialObjectMetadata>(mcopy); }) ==
        static_cast<std::int64_t>(RetainedBytes(mcopy)));
  // Metadata-only objects retain less than the full object.
  CHECK(RetainedBytes(mcopy) < RetainedBytes(ucopy));
}

TEST_CASE("cache size: JSON values of every kind", "[ctrl][cache]") {
  const nlohmann::json j = {{"s", std::string(40, 's')},
                            {"short", "x"},
                            {"arr", {1, "two", std::string(20, 't'), nlohmann::json::array(), {{"k", "v"}}}},
                            {"obj", {{std::string(30, 'k'), nullptr}, {"b", false}, {"n", 1.5}}},
                            {"bin", nlohmann::json::binary({1, 2, 3, 4, 5})}};
  const nlohmann::json copy = j;
  CHECK(Bytes([&] { return std::make_unique<nlohmann::json>(copy); }) ==
        static_cast<std::int64_t>(sizeof(nlohmann::json) + apimachinery::ctrl::internal::HeapBytes(copy)));
}

}  // namespace ctrl_cache_size_test
