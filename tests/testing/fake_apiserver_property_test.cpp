// Property tests for testing/fake_apiserver.hpp: seeded random writes checked against a simple
// model (a map from key to object): List equals the model, a watch replayed onto a map equals
// List (with and without selectors, from "0" and from a recorded resourceVersion), paginated
// lists equal the whole list, and an Exact list at a past resourceVersion equals the model then.
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "apimachinery/api/errors/errors.hpp"
#include "apimachinery/testing/fake_apiserver.hpp"

namespace testing_fake_apiserver_property_test {

namespace testing = apimachinery::testing;
namespace errors = apimachinery::errors;
namespace metav1 = apimachinery::metav1;
namespace schema = apimachinery::schema;
namespace meta = apimachinery::meta;
namespace watch = apimachinery::watch;
namespace runtime = apimachinery::runtime;
using nlohmann::json;
using Model = std::map<std::string, json>;

const schema::GroupVersionResource kWidgets{"example.com", "v1", "widgets"};

std::string KeyOf(const json& obj) {
  return obj["metadata"]["namespace"].get<std::string>() + "/" + obj["metadata"]["name"].get<std::string>();
}

Model FromList(const json& list) {
  Model m;
  for (const auto& i : list["items"]) m[KeyOf(i)] = i;
  return m;
}

// Replay drains `w` (already ended by the server) onto `m`; checks that resourceVersions increase.
void Replay(watch::Interface& w, Model& m) {
  std::uint64_t last = 0;
  while (auto ev = w.Next()) {
    REQUIRE(ev->type != watch::EventType::kError);
    if (ev->type == watch::EventType::kBookmark) continue;
    const auto* u = dynamic_cast<const runtime::Unstructured*>(ev->object.get());
    REQUIRE(u != nullptr);
    const std::uint64_t rv = std::stoull(u->GetResourceVersion());
    if (ev->type != watch::EventType::kAdded || last != 0) CHECK(rv > last);
    json obj = u->UnstructuredContent();
    if (ev->type == watch::EventType::kDeleted) {
      CHECK(m.erase(KeyOf(obj)) == 1);
    } else {
      if (ev->type == watch::EventType::kAdded) CHECK(m.count(KeyOf(obj)) == 0);
      if (ev->type == watch::EventType::kModified) CHECK(m.count(KeyOf(obj)) == 1);
      m[KeyOf(obj)] = obj;
    }
    if (rv > last) last = rv;
  }
}

json PagedList(testing::FakeAPIServer& s, metav1::ListOptions o, std::int64_t limit) {
  o.limit = limit;
  json all = json::array();
  std::string rv;
  for (;;) {
    json page = s.List(kWidgets, "", o);
    if (rv.empty()) rv = page["metadata"]["resourceVersion"];
    CHECK(page["metadata"]["resourceVersion"] == rv);
    for (auto& i : page["items"]) all.push_back(i);
    const std::string cont = page["metadata"]["continue"];
    if (cont.empty()) break;
    o.continue_ = cont;
  }
  return {{"items", all}};
}

TEST_CASE("FakeAPIServer property: List and replayed watches equal a model under random writes") {
  for (std::uint64_t seed : {1U, 2U, 3U}) {
    CAPTURE(seed);
    std::mt19937_64 rng(seed);
    testing::FakeAPIServer s;
    s.AddResource(kWidgets, "Widget", meta::RESTScopeName::kNamespace);
    Model model;
    auto all = s.Watch(kWidgets, "", [] {
      metav1::ListOptions o;
      o.resource_version = "0";
      return o;
    }());
    metav1::ListOptions sel;
    sel.label_selector = "color=red";
    sel.resource_version = s.CurrentResourceVersion();
    auto red = s.Watch(kWidgets, "", sel);
    metav1::ListOptions ns_sel;
    ns_sel.resource_version = s.CurrentResourceVersion();
    auto ns1 = s.Watch(kWidgets, "ns1", ns_sel);
    std::unique_ptr<watch::Interface> late;
    std::string mid_rv;
    Model mid_model;

    const char* colors[] = {"red", "blue"};
    for (int op = 0; op < 600; ++op) {
      const std::string ns = "ns" + std::to_string(rng() % 3);
      const std::string name = "w" + std::to_string(rng() % 40);
      const std::string key = ns + "/" + name;
      const int kind = static_cast<int>(rng() % 4);
      try {
        if (kind == 0 || model.count(key) == 0) {
          json obj = {{"apiVersion", "example.com/v1"},
                      {"kind", "Widget"},
                      {"metadata", {{"name", name}, {"labels", {{"color", colors[rng() % 2]}}}}},
                      {"spec", {{"n", op}}}};
          model[key] = s.Create(kWidgets, ns, obj);
        } else if (kind == 1) {
          json obj = model[key];
          obj["metadata"]["labels"]["color"] = colors[rng() % 2];
          model[key] = s.Update(kWidgets, ns, obj);
        } else if (kind == 2) {
          model[key] = s.Patch(kWidgets, ns, name, "application/merge-patch+json", {{"spec", {{"n", op}}}});
        } else {
          s.Delete(kWidgets, ns, name);
          model.erase(key);
        }
      } catch (const errors::StatusError& e) {
        CHECK(errors::IsAlreadyExists(e));  // creates of existing names are the only expected failures
      }
      if (op == 300) {
        mid_rv = s.CurrentResourceVersion();
        mid_model = model;
        metav1::ListOptions o;
        o.resource_version = mid_rv;
        late = s.Watch(kWidgets, "", o);
      }
    }
    json list = s.List(kWidgets, "", {});
    CHECK(FromList(list) == model);
    CHECK(FromList(PagedList(s, {}, 7)) == model);

    metav1::ListOptions red_list;
    red_list.label_selector = "color=red";
    const Model red_model = FromList(s.List(kWidgets, "", red_list));
    CHECK(FromList(PagedList(s, red_list, 3)) == red_model);

    metav1::ListOptions exact;
    exact.resource_version = mid_rv;
    exact.resource_version_match = "Exact";
    CHECK(FromList(s.List(kWidgets, "", exact)) == mid_model);

    s.CloseAllWatches();
    Model m_all;
    Replay(*all, m_all);
    CHECK(m_all == model);
    Model m_red;
    Replay(*red, m_red);
    CHECK(m_red == red_model);
    Model m_ns1;
    Replay(*ns1, m_ns1);
    CHECK(m_ns1 == FromList(s.List(kWidgets, "ns1", {})));
    Model m_late = mid_model;
    Replay(*late, m_late);
    CHECK(m_late == model);
  }
}

}  // namespace testing_fake_apiserver_property_test
