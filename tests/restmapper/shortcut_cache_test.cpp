// Tests for the short-name table of restmapper/shortcut.hpp: its answers are those of a new
// discovery round (upstream reads discovery on every expansion), it is rebuilt on Reset, on the
// KindFor retry, while a cached client is not Fresh and after an incomplete round, and it is safe
// under concurrent lookups, Resets and discovery changes.
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/discovery/discovery_client.hpp"
#include "apimachinery/restmapper/discovery.hpp"
#include "apimachinery/restmapper/shortcut.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace restmapper_shortcut_cache_test {

namespace discovery = apimachinery::discovery;
namespace meta = apimachinery::meta;
namespace restmapper = apimachinery::restmapper;
namespace schema = apimachinery::schema;

namespace {

using GVR = schema::GroupVersionResource;
using Lists = std::vector<discovery::APIResourceList>;

discovery::APIResource Res(std::string name, std::vector<std::string> short_names,
                           std::string singular = "") {
  discovery::APIResource r;
  r.name = std::move(name);
  r.short_names = std::move(short_names);
  r.singular_name = std::move(singular);
  r.kind = "Kind";
  r.namespaced = true;
  return r;
}

// A cluster, and the same cluster after a CRD took "deploy" and "po" and the core group lost "svc".
Lists Before() {
  return {
      {"v1", {Res("pods", {"po"}, "pod"), Res("services", {"svc"}, "service")}},
      {"storage.k8s.io/v1", {Res("storageclasses", {"sc"}, "storageclass")}},
      {"apps/v1", {Res("deployments", {"deploy"}, "deployment")}},
      {"apps/v1beta1", {Res("deployments", {"deploy"}, "deployment")}},
      {"acme.com/v1", {Res("poddlers", {"po", "deploy"}, "poddler")}},
      {"acme.com/v1beta1", {Res("poddlers", {"po"}, "poddler")}},
      {"bad/gv/x", {Res("bads", {"bd"}, "bad")}},
  };
}
Lists After() {
  return {
      {"v1", {Res("pods", {}, "pod"), Res("services", {}, "service")}},
      {"zeta.io/v1", {Res("zdeployers", {"deploy", "po", "svc"}, "zdeployer")}},
      {"storage.k8s.io/v1", {Res("storageclasses", {"sc", "stc"}, "storageclass")}},
  };
}

// Every kind of request: unknown, exact, singular, short with and without group and version,
// group prefix, ambiguous (warnings), unparsable group-version, case.
std::vector<GVR> Requests() {
  return {{"", "", "nope"},
          {"", "", "pods"},
          {"", "", "pod"},
          {"", "v1", "po"},
          {"", "", "deploy"},
          {"apps", "", "deploy"},
          {"acme.com", "", "po"},
          {"acme", "v1", "po"},
          {"storage", "v1", "sc"},
          {"storage", "", "stc"},
          {"", "", "svc"},
          {"zeta", "", "svc"},
          {"", "", "bd"},
          {"", "", "SC"},
          {"apps", "", "pods"},
          {"", "", ""},
          {"", "", "storageclasses"},
          {"zeta.io", "v2", "deploy"},
          {"acme.com", "", "poddler"}};
}

// A discovery client serving a set of lists (one group per group-version), thread-safe; a
// discovery round (ServerGroups, then the group-versions) sees the lists as they were at its
// ServerGroups. As a
// CachedDiscoveryInterface it behaves like client-go's memory cache: Invalidate makes it not
// Fresh until the next ServerGroups (the refetch).
class SwitchableDiscovery : public discovery::CachedDiscoveryInterface {
 public:
  explicit SwitchableDiscovery(Lists lists) : lists_(std::move(lists)) {}

  std::vector<discovery::APIGroup> ServerGroups() override {
    std::lock_guard<std::mutex> lock(mu_);
    ++groups_calls_;
    if (!groups_error_.empty()) throw apimachinery::Error(groups_error_);
    fresh_ = fresh_after_fetch_;
    round_ = lists_;
    std::vector<discovery::APIGroup> groups;
    auto add = [&](const std::string& gv) {
      discovery::APIGroup g;
      g.name = gv;
      g.versions.push_back({gv, gv});
      g.preferred_version = g.versions.front();
      groups.push_back(std::move(g));
    };
    for (const auto& l : round_) add(l.group_version);
    for (const auto& gv : unserved_) add(gv);
    return groups;
  }
  discovery::APIResourceList ServerResourcesForGroupVersion(std::string_view gv) override {
    std::lock_guard<std::mutex> lock(mu_);
    if (failing_.count(std::string(gv)) != 0)
      throw apimachinery::Error("the server is currently unable to handle the request");
    for (const auto& l : round_) {
      if (l.group_version == gv) return l;
    }
    throw discovery::NotFoundError();
  }
  bool Fresh() override {
    std::lock_guard<std::mutex> lock(mu_);
    return fresh_;
  }
  void Invalidate() override {
    std::lock_guard<std::mutex> lock(mu_);
    ++invalidations_;
    fresh_ = false;
  }

  void Serve(Lists lists) {
    std::lock_guard<std::mutex> lock(mu_);
    lists_ = std::move(lists);
  }
  // Lists a group-version whose resources the server does not serve (NotFoundError).
  void ListUnserved(std::string gv) {
    std::lock_guard<std::mutex> lock(mu_);
    unserved_.push_back(std::move(gv));
  }
  void FailGroups(std::string error) {
    std::lock_guard<std::mutex> lock(mu_);
    groups_error_ = std::move(error);
  }
  void FailGroupVersion(std::string gv, bool fail) {
    std::lock_guard<std::mutex> lock(mu_);
    if (fail) {
      failing_[gv] = true;
    } else {
      failing_.erase(gv);
    }
  }
  // false: the client serves from an older cache (Fresh() false even right after a fetch).
  void SetFreshAfterFetch(bool fresh) {
    std::lock_guard<std::mutex> lock(mu_);
    fresh_after_fetch_ = fresh;
    fresh_ = fresh;
  }
  int groups_calls() {
    std::lock_guard<std::mutex> lock(mu_);
    return groups_calls_;
  }
  int invalidations() {
    std::lock_guard<std::mutex> lock(mu_);
    return invalidations_;
  }

 private:
  std::mutex mu_;
  Lists lists_;
  Lists round_;  // what the last ServerGroups saw: a round is consistent even if Serve runs meanwhile
  std::vector<std::string> unserved_;
  std::string groups_error_;
  std::map<std::string, bool> failing_;
  bool fresh_ = true;
  bool fresh_after_fetch_ = true;
  int groups_calls_ = 0;
  int invalidations_ = 0;
};

// The same lists through a plain DiscoveryInterface (no freshness signal).
class PlainDiscovery : public discovery::DiscoveryInterface {
 public:
  explicit PlainDiscovery(Lists lists) : inner_(std::move(lists)) {}
  std::vector<discovery::APIGroup> ServerGroups() override { return inner_.ServerGroups(); }
  discovery::APIResourceList ServerResourcesForGroupVersion(std::string_view gv) override {
    return inner_.ServerResourcesForGroupVersion(gv);
  }
  void Serve(Lists lists) { inner_.Serve(std::move(lists)); }
  int groups_calls() { return inner_.groups_calls(); }

 private:
  SwitchableDiscovery inner_;
};

// A delegate that answers every resource request with the request itself, and no-match for
// resources named "missing".
class EchoMapper : public meta::ResettableRESTMapper {
 public:
  meta::MapperResult<schema::GroupVersionKind> TryKindFor(const GVR& r) const override {
    if (r.resource == "missing")
      return meta::MapperResult<schema::GroupVersionKind>::Err(meta::MapperError::NoResourceMatch(r));
    return meta::MapperResult<schema::GroupVersionKind>::Ok({r.group, r.version, r.resource});
  }
  meta::MapperResult<std::vector<schema::GroupVersionKind>> TryKindsFor(const GVR& r) const override {
    return meta::MapperResult<std::vector<schema::GroupVersionKind>>::Ok({{r.group, r.version, r.resource}});
  }
  meta::MapperResult<GVR> TryResourceFor(const GVR& r) const override {
    return meta::MapperResult<GVR>::Ok(r);
  }
  meta::MapperResult<std::vector<GVR>> TryResourcesFor(const GVR& r) const override {
    return meta::MapperResult<std::vector<GVR>>::Ok({r});
  }
  meta::MapperResult<meta::RESTMapping> TryRESTMapping(const schema::GroupKind& gk,
                                                       const std::vector<std::string>&) const override {
    return meta::MapperResult<meta::RESTMapping>::Err(meta::MapperError::NoKindMatch(gk, {}));
  }
  meta::MapperResult<std::vector<meta::RESTMapping>> TryRESTMappings(
      const schema::GroupKind&, const std::vector<std::string>&) const override {
    return meta::MapperResult<std::vector<meta::RESTMapping>>::Ok({});
  }
  meta::MapperResult<std::string> TryResourceSingularizer(std::string_view resource) const override {
    return meta::MapperResult<std::string>::Ok(std::string(resource));
  }
  // Reset invalidates the client, as a DeferredDiscoveryRESTMapper does.
  void Reset() override {
    ++resets;
    if (client) client->Invalidate();
  }
  std::shared_ptr<discovery::CachedDiscoveryInterface> client;
  std::atomic<int> resets{0};
};

struct Answer {
  GVR resource;
  std::vector<std::string> warnings;
  friend bool operator==(const Answer&, const Answer&) = default;
};

// Every request's expansion and warnings through `expander`, whose handler appends to `warnings`.
std::vector<Answer> AnswersOf(restmapper::ShortcutExpander& expander, std::vector<std::string>& warnings) {
  std::vector<Answer> out;
  for (const auto& r : Requests()) {
    warnings.clear();
    GVR expanded = expander.ExpandResourceShortcut(r);
    out.push_back({std::move(expanded), warnings});
  }
  return out;
}

// What upstream answers for these lists: every request through a new expander (a first
// expansion reads discovery, as upstream does on every call).
std::vector<Answer> Uncached(const Lists& lists) {
  std::vector<Answer> out;
  for (const auto& r : Requests()) {
    std::vector<std::string> warnings;
    restmapper::ShortcutExpander expander(std::make_shared<EchoMapper>(),
                                          std::make_shared<SwitchableDiscovery>(lists),
                                          [&](const std::string& w) { warnings.push_back(w); });
    GVR expanded = expander.ExpandResourceShortcut(r);
    out.push_back({std::move(expanded), warnings});
  }
  return out;
}

std::string Warn(const std::string& short_name, const std::string& long_form) {
  return "short name \"" + short_name + "\" could also match lower priority resource " + long_form;
}

}  // namespace

TEST_CASE("ShortcutExpander table: the answers of a new discovery round, before and after Reset",
          "[restmapper][shortcut]") {
  const auto before = Uncached(Before());
  // Spot checks that the reference itself is upstream's.
  REQUIRE(before.size() == Requests().size());
  CHECK(before[4] == Answer{{"apps", "", "deployments"}, {Warn("deploy", "poddlers.acme.com")}});
  CHECK(before[3] == Answer{{"", "", "pods"}, {Warn("po", "poddlers.acme.com")}});
  CHECK(before[7] == Answer{{"acme.com", "v1", "poddlers"}, {}});
  CHECK(before[1] == Answer{{"", "", "pods"}, {}});

  auto client = std::make_shared<SwitchableDiscovery>(Before());
  auto delegate = std::make_shared<EchoMapper>();
  std::vector<std::string> warnings;
  restmapper::ShortcutExpander expander(delegate, client,
                                        [&](const std::string& w) { warnings.push_back(w); });
  CHECK(AnswersOf(expander, warnings) == before);
  CHECK(AnswersOf(expander, warnings) == before);  // from the table, warnings included
  CHECK(client->groups_calls() == 1);
  expander.Reset();
  CHECK(delegate->resets == 1);
  CHECK(AnswersOf(expander, warnings) == before);
  CHECK(client->groups_calls() == 2);

  const auto after = Uncached(After());
  CHECK(after != before);
  CHECK(after[4] == Answer{{"zeta.io", "", "zdeployers"}, {}});
  client->Serve(After());
  expander.Reset();
  CHECK(AnswersOf(expander, warnings) == after);
  CHECK(client->groups_calls() == 3);
}

TEST_CASE("ShortcutExpander table: a cached client that changes after Invalidate gives the new answers",
          "[restmapper][shortcut]") {
  auto client = std::make_shared<SwitchableDiscovery>(Before());
  auto delegate = std::make_shared<EchoMapper>();
  std::vector<std::string> warnings;
  restmapper::ShortcutExpander expander(delegate, client,
                                        [&](const std::string& w) { warnings.push_back(w); });
  CHECK(AnswersOf(expander, warnings) == Uncached(Before()));

  SECTION("invalidated by someone else: not Fresh, so the next expansion reads it again") {
    client->Serve(After());
    client->Invalidate();
    CHECK(AnswersOf(expander, warnings) == Uncached(After()));
    CHECK(client->groups_calls() == 2);
  }
  SECTION("invalidated through the chain: the expander's Reset resets the delegate, which invalidates") {
    delegate->client = client;
    client->Serve(After());
    expander.Reset();
    CHECK(client->invalidations() == 1);
    CHECK(AnswersOf(expander, warnings) == Uncached(After()));
  }
  SECTION("the KindFor retry after a no-match reads discovery again") {
    client->Serve(After());
    // The cached client has not been told: the table still answers from the old round...
    CHECK(expander.ResourceFor({"", "", "deploy"}) == GVR{"apps", "", "deployments"});
    // ...until a no-match makes KindFor expand again from a new round (upstream's retry).
    CHECK_THROWS_AS(expander.KindFor({"", "", "missing"}), meta::NoResourceMatchError);
    CHECK(client->groups_calls() == 2);
    CHECK(expander.ResourceFor({"", "", "deploy"}) == GVR{"zeta.io", "", "zdeployers"});
  }
  SECTION("a client serving an older cache (never Fresh) is read on every expansion, as upstream") {
    client->SetFreshAfterFetch(false);
    CHECK(expander.ResourceFor({"", "", "deploy"}) == GVR{"apps", "", "deployments"});
    client->Serve(After());
    CHECK(expander.ResourceFor({"", "", "deploy"}) == GVR{"zeta.io", "", "zdeployers"});
    const int calls = client->groups_calls();
    CHECK(expander.ResourceFor({"", "", "deploy"}) == GVR{"zeta.io", "", "zdeployers"});
    CHECK(client->groups_calls() == calls + 1);
  }
}

TEST_CASE("ShortcutExpander table: incomplete rounds are not kept", "[restmapper][shortcut]") {
  auto client = std::make_shared<SwitchableDiscovery>(Before());
  restmapper::ShortcutExpander expander(std::make_shared<EchoMapper>(), client);

  // apps/v1 and apps/v1beta1 failing: "deploy" then only matches poddlers, and every expansion
  // asks again (upstream's next call would retry the failed group-versions).
  client->FailGroupVersion("apps/v1", true);
  client->FailGroupVersion("apps/v1beta1", true);
  CHECK(expander.ResourceFor({"", "", "deploy"}) == GVR{"acme.com", "", "poddlers"});
  CHECK(expander.ResourceFor({"", "", "deploy"}) == GVR{"acme.com", "", "poddlers"});
  CHECK(client->groups_calls() == 2);
  client->FailGroupVersion("apps/v1", false);
  client->FailGroupVersion("apps/v1beta1", false);
  CHECK(expander.ResourceFor({"", "", "deploy"}) == GVR{"apps", "", "deployments"});
  CHECK(expander.ResourceFor({"", "", "deploy"}) == GVR{"apps", "", "deployments"});
  CHECK(client->groups_calls() == 3);

  // A group-version the server lists but does not serve (NotFoundError) is an answer: kept.
  client->ListUnserved("metrics.k8s.io/v1beta1");
  expander.Reset();
  CHECK(expander.ResourceFor({"", "", "deploy"}) == GVR{"apps", "", "deployments"});
  CHECK(expander.ResourceFor({"", "", "po"}) == GVR{"", "", "pods"});
  CHECK(client->groups_calls() == 4);

  // The group list failing: nothing is expanded until it comes back.
  expander.Reset();
  client->FailGroups("connection refused");
  CHECK(expander.ResourceFor({"", "", "deploy"}) == GVR{"", "", "deploy"});
  client->FailGroups("");
  CHECK(expander.ResourceFor({"", "", "deploy"}) == GVR{"apps", "", "deployments"});
}

TEST_CASE("ShortcutExpander table: a plain DiscoveryInterface is read again at Reset",
          "[restmapper][shortcut]") {
  auto client = std::make_shared<PlainDiscovery>(Before());
  std::vector<std::string> warnings;
  restmapper::ShortcutExpander expander(std::make_shared<EchoMapper>(), client,
                                        [&](const std::string& w) { warnings.push_back(w); });
  CHECK(AnswersOf(expander, warnings) == Uncached(Before()));
  client->Serve(After());
  // The documented choice: the answers are taken as fixed until Reset.
  CHECK(AnswersOf(expander, warnings) == Uncached(Before()));
  CHECK(client->groups_calls() == 1);
  expander.Reset();
  CHECK(AnswersOf(expander, warnings) == Uncached(After()));
  CHECK(client->groups_calls() == 2);
}

// Lookups from several threads while discovery switches between two clusters, the client is
// invalidated and the expander Reset: every answer is one of the two clusters' answers (run under
// TSan, this also checks the table's locking).
TEST_CASE("ShortcutExpander table: concurrent lookups, Resets and discovery changes",
          "[restmapper][shortcut][concurrency]") {
  auto client = std::make_shared<SwitchableDiscovery>(Before());
  auto delegate = std::make_shared<EchoMapper>();
  delegate->client = client;
  std::atomic<int> warned{0};
  restmapper::ShortcutExpander expander(delegate, client, [&](const std::string&) { warned.fetch_add(1); });
  const auto before = Uncached(Before());
  const auto after = Uncached(After());
  const auto requests = Requests();

  std::atomic<int> wrong{0};
  std::atomic<bool> stop{false};
  std::vector<std::thread> readers;
  for (int t = 0; t < 3; ++t) {
    readers.emplace_back([&, t] {
      for (int i = 0; i < 300; ++i) {
        const std::size_t k = static_cast<std::size_t>(i * 7 + t) % requests.size();
        const GVR got = expander.ResourceFor(requests[k]);
        if (got != before[k].resource && got != after[k].resource) wrong.fetch_add(1);
      }
    });
  }
  std::thread writer([&] {
    for (int i = 0; !stop.load(); ++i) {
      client->Serve(i % 2 == 0 ? After() : Before());
      if (i % 3 == 0) {
        expander.Reset();
      } else {
        client->Invalidate();
      }
      std::this_thread::yield();
    }
  });
  for (auto& th : readers) th.join();
  stop.store(true);
  writer.join();
  CHECK(wrong.load() == 0);
  // Settled: the table follows the last cluster served.
  client->Serve(After());
  expander.Reset();
  std::vector<std::string> warnings;
  restmapper::ShortcutExpander fresh_view(delegate, client,
                                          [&](const std::string& w) { warnings.push_back(w); });
  CHECK(AnswersOf(fresh_view, warnings) == after);
  CHECK(expander.ResourceFor({"", "", "deploy"}) == GVR{"zeta.io", "", "zdeployers"});
}

}  // namespace restmapper_shortcut_cache_test
