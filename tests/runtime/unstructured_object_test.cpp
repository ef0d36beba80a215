// Unstructured::Body() is upstream's u.Object: the content holds "metadata", and the typed view
// (the accessors, GetObjectMeta) stays coherent with it in both directions.
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/runtime/unstructured.hpp"
#include "apimachinery/util/json/json.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace runtime_unstructured_object_test {

namespace runtime = apimachinery::runtime;
namespace metav1 = apimachinery::metav1;
using nlohmann::json;
using StringMap = std::map<std::string, std::string>;

namespace {

const char* const kDeployment = R"({"apiVersion":"apps/v1","kind":"Deployment",
  "metadata":{"name":"web","namespace":"prod","labels":{"app":"web"},"resourceVersion":"7"},
  "spec":{"replicas":2}})";

runtime::Unstructured Decoded(const char* doc = kDeployment) {
  runtime::Unstructured u;
  u.UnmarshalJSON(doc);
  return u;
}

// The oracle for the typed view: upstream's getters over the content (helpers.go), errors read as
// zero values.
std::string GoGetString(const json& content, const char* key) {
  try {
    return runtime::NestedString(content, "metadata", key).value_or("");
  } catch (const apimachinery::Error&) {
    return "";
  }
}
StringMap GoGetLabels(const json& content) {
  try {
    return runtime::NestedNullCoercingStringMap(content, "metadata", "labels").value_or(StringMap{});
  } catch (const apimachinery::Error&) {
    return {};
  }
}

void CheckCoherent(const runtime::Unstructured& u, const json& model) {
  CHECK(u.UnstructuredContent() == model);
  CHECK(u.GetName() == GoGetString(model, "name"));
  CHECK(u.GetNamespace() == GoGetString(model, "namespace"));
  CHECK(u.GetResourceVersion() == GoGetString(model, "resourceVersion"));
  CHECK(u.GetLabels() == GoGetLabels(model));
  const runtime::Object& obj = u;
  CHECK(obj.GetObjectMeta()->name == GoGetString(model, "name"));
  CHECK(obj.GetObjectMeta()->labels == GoGetLabels(model));
}

}  // namespace

TEST_CASE("UnstructuredBodyHoldsMetadata", "[runtime][unstructured]") {
  runtime::Unstructured u = Decoded();
  CHECK(runtime::NestedString(u.Body(), "metadata", "name") == "web");
  CHECK(runtime::NestedStringMap(std::as_const(u).Body(), "metadata", "labels") == StringMap{{"app", "web"}});

  SECTION("a write through Body() takes effect for the typed accessors") {
    runtime::SetNestedField(u.Body(), "x", "metadata", "name");
    CHECK(u.GetName() == "x");
    const runtime::Object& obj = u;
    CHECK(obj.GetObjectMeta()->name == "x");
    runtime::SetNestedStringMap(u.Body(), {{"tier", "db"}}, "metadata", "labels");
    CHECK(u.GetLabels() == StringMap{{"tier", "db"}});
    runtime::RemoveNestedField(u.Body(), "metadata", "namespace");
    CHECK(u.GetNamespace().empty());
    runtime::RemoveNestedField(u.Body(), "metadata");
    CHECK(u.GetName().empty());
    CHECK(obj.GetObjectMeta()->labels.empty());
    CHECK(u.MarshalJSON() == R"({"apiVersion":"apps/v1","kind":"Deployment","spec":{"replicas":2}})");
  }
  SECTION("a reference to Body() held across other calls keeps taking effect") {
    json& object = u.Body();
    runtime::SetNestedField(object, "a", "metadata", "name");
    CHECK(u.GetName() == "a");
    u.SetNamespace("ns-b");  // a typed write in between
    runtime::SetNestedField(object, "b", "metadata", "name");
    CHECK(u.GetName() == "b");
    CHECK(u.GetNamespace() == "ns-b");
    object["metadata"]["labels"]["k"] = "v";
    CHECK(u.GetLabels() == StringMap{{"app", "web"}, {"k", "v"}});
    object = json{{"kind", "ConfigMap"}, {"metadata", {{"name", "whole"}}}};
    CHECK(u.GetKind() == "ConfigMap");
    CHECK(u.GetName() == "whole");
    CHECK(u.GetLabels().empty());
  }
  SECTION("every typed setter is visible in Body()") {
    u.SetName("n2");
    u.SetLabels({{"a", "1"}});
    u.SetAnnotations({{"note", "x"}});
    u.SetGeneration(4);
    u.SetFinalizers({"f"});
    u.SetDeletionGracePeriodSeconds(0);
    u.SetCreationTimestamp(metav1::ParseRFC3339("2024-05-01T10:00:00Z"));
    const json& body = std::as_const(u).Body();
    CHECK(runtime::NestedString(body, "metadata", "name") == "n2");
    CHECK(runtime::NestedStringMap(body, "metadata", "labels") == StringMap{{"a", "1"}});
    CHECK(runtime::NestedStringMap(body, "metadata", "annotations") == StringMap{{"note", "x"}});
    CHECK(runtime::NestedInt64(body, "metadata", "generation") == 4);
    CHECK(runtime::NestedStringSlice(body, "metadata", "finalizers") == std::vector<std::string>{"f"});
    CHECK(runtime::NestedInt64(body, "metadata", "deletionGracePeriodSeconds") == 0);
    CHECK(runtime::NestedString(body, "metadata", "creationTimestamp") == "2024-05-01T10:00:00Z");
    u.SetLabels({});
    CHECK(!std::as_const(u).Body()["metadata"].contains("labels"));
  }
  SECTION("writes through the mutable GetObjectMeta() reach Body(), also through a held pointer") {
    runtime::Object& obj = u;
    metav1::ObjectMeta* m = obj.GetObjectMeta();
    m->name = "typed";
    CHECK(runtime::NestedString(std::as_const(u).Body(), "metadata", "name") == "typed");
    m->labels["new"] = "x";
    m->unknown_fields = json{{"selfLink", "/s"}};
    CHECK(u.UnstructuredContent()["metadata"] ==
          json::parse(R"({"name":"typed","namespace":"prod","labels":{"app":"web","new":"x"},
                          "resourceVersion":"7","selfLink":"/s"})"));
    m->namespace_.clear();
    m->unknown_fields = nullptr;
    CHECK(u.MarshalJSON() ==
          R"({"apiVersion":"apps/v1","kind":"Deployment","metadata":{"labels":{"app":"web","new":"x"},)"
          R"("name":"typed","resourceVersion":"7"},"spec":{"replicas":2}})");
    SECTION("and both sides written: each field keeps its last write") {
      json& object = u.Body();
      m->resource_version = "8";
      runtime::SetNestedField(object, "from-json", "metadata", "generateName");
      CHECK(u.GetResourceVersion() == "8");
      CHECK(u.GetGenerateName() == "from-json");
      CHECK(object["metadata"]["resourceVersion"] == "8");
    }
  }
  SECTION("copies and moves carry pending writes and are independent") {
    runtime::Object& obj = u;
    obj.GetObjectMeta()->name = "pending";
    json& object = u.Body();
    object["metadata"]["uid"] = "u-1";
    runtime::Unstructured copy(u);
    CHECK(copy.GetName() == "pending");
    CHECK(copy.GetUID() == "u-1");
    object["metadata"]["uid"] = "u-2";
    CHECK(copy.GetUID() == "u-1");
    CHECK(u.GetUID() == "u-2");
    auto deep = u.DeepCopyObject();
    CHECK(deep->GetObjectMeta()->uid == "u-2");
    obj.GetObjectMeta()->name = "moved";
    runtime::Unstructured moved(std::move(u));
    CHECK(moved.GetName() == "moved");
    CHECK(moved.UnstructuredContent()["metadata"]["name"] == "moved");
  }
  SECTION("SetUnstructuredContent replaces the document as upstream replaces u.Object") {
    u.SetUnstructuredContent(json{{"kind", "Pod"}, {"metadata", {{"name", "p"}}}});
    CHECK(u.GetName() == "p");
    CHECK(runtime::NestedString(u.Body(), "metadata", "name") == "p");
  }
}

TEST_CASE("UnstructuredMetadataOfTheWrongType", "[runtime][unstructured]") {
  // Upstream's getters return zero values for a value of the wrong type; the setters overwrite.
  SECTION("metadata is a string") {
    runtime::Unstructured u(json{{"kind", "X"}, {"metadata", "x"}});
    CHECK(u.GetName().empty());
    CHECK(u.GetLabels().empty());
    CHECK(u.GetObjectMeta()->name.empty());
    CHECK_THROWS_WITH(
        runtime::NestedString(u.Body(), "metadata", "name"),
        ".metadata.name accessor error: x is of the type string, expected map[string]interface{}");
    CHECK_THROWS_WITH(runtime::SetNestedField(u.Body(), "n", "metadata", "name"),
                      "value cannot be set because .metadata is not a map[string]interface{}");
    CHECK(u.MarshalJSON() == R"({"kind":"X","metadata":"x"})");
    u.SetName("");  // a removal leaves the string alone, as RemoveNestedField
    CHECK(u.MarshalJSON() == R"({"kind":"X","metadata":"x"})");
    u.SetLabels({{"a", "b"}});
    CHECK(u.MarshalJSON() == R"({"kind":"X","metadata":{"labels":{"a":"b"}}})");
    CHECK(u.GetLabels() == StringMap{{"a", "b"}});
  }
  SECTION("metadata is null") {
    runtime::Unstructured u(json{{"kind", "X"}, {"metadata", nullptr}});
    CHECK(runtime::NestedString(u.Body(), "metadata", "name") == std::nullopt);
    u.SetName("n");
    CHECK(u.MarshalJSON() == R"({"kind":"X","metadata":{"name":"n"}})");
  }
  SECTION("labels is a number, name is a number, labels holds a number") {
    runtime::Unstructured u(
        json::parse(R"({"kind":"X","metadata":{"labels":5,"name":5,"annotations":{"a":1}}})"));
    CHECK(u.GetLabels().empty());
    CHECK(u.GetName().empty());
    CHECK(u.GetAnnotations().empty());  // upstream: NestedNullCoercingStringMap fails, nil map
    u.SetLabels({{"k", "v"}});
    CHECK(u.GetLabels() == StringMap{{"k", "v"}});
    CHECK(u.MarshalJSON() ==
          R"({"kind":"X","metadata":{"annotations":{"a":1},"labels":{"k":"v"},"name":5}})");
  }
  SECTION("Body() made a non-object reads as an empty document") {
    runtime::Unstructured u = Decoded();
    u.Body() = 5;
    CHECK(u.GetName().empty());
    CHECK(u.GetKind().empty());
    CHECK(u.UnstructuredContent() == json::object());
    CHECK(u.MarshalJSON() == "{}");
    CHECK(!u.IsList());
    u.SetName("back");
    CHECK(u.MarshalJSON() == R"({"metadata":{"name":"back"}})");
  }
}

TEST_CASE("UnstructuredMetadataByteExact", "[runtime][unstructured]") {
  // What the typed struct cannot express stays in the content, byte for byte (as Go's encoder
  // writes it: the float 1.0 as `1`).
  const std::string doc =
      R"({"apiVersion":"v1","kind":"Pod","metadata":{"annotations":{},"creationTimestamp":null,)"
      R"("deletionTimestamp":"2024-05-01T10:00:00.123456+02:00","finalizers":[],"generation":1.5,)"
      R"("labels":{"a":null},"managedFields":null,"name":"p","namespace":"","selfLink":"/api/v1/p",)"
      R"("uid":17},"spec":{"x":[1,2.5,"s"]}})";
  runtime::Unstructured u;
  u.UnmarshalJSON(doc);
  CHECK(u.MarshalJSON() == doc);
  u.SetResourceVersion("9");  // an unrelated typed write keeps every quirk
  json want = json::parse(doc);
  want["metadata"]["resourceVersion"] = "9";
  CHECK(u.MarshalJSON() == apimachinery::util::json::Marshal(want));
  runtime::Object& obj = u;
  obj.GetObjectMeta()->finalizers.push_back("f");  // a typed write replaces only its own key
  want["metadata"]["finalizers"] = json::array({"f"});
  CHECK(u.MarshalJSON() == apimachinery::util::json::Marshal(want));
}

// Port of unstructured_test.go: TestNilUnstructuredContent.
TEST_CASE("TestNilUnstructuredContent", "[runtime][unstructured]") {
  runtime::Unstructured u;
  auto copy = u.DeepCopyObject();
  CHECK(u.UnstructuredContent() == json::object());
  CHECK(static_cast<const runtime::Unstructured&>(*copy) == u);
}

namespace {
metav1::ObjectMeta RandomObjectMeta(std::mt19937& rng) {
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  auto str = [&]() { return pick(3) == 0 ? std::string() : "s" + std::to_string(pick(1000)); };
  metav1::ObjectMeta m;
  m.name = str();
  m.generate_name = str();
  m.namespace_ = str();
  m.uid = str();
  m.resource_version = str();
  m.generation = pick(3) == 0 ? 0 : pick(100000);
  if (pick(2) == 0) m.creation_timestamp = metav1::ParseRFC3339("2024-05-01T10:00:00Z");
  if (pick(2) == 0) m.deletion_timestamp = metav1::ParseRFC3339("2025-01-02T03:04:05Z");
  if (pick(2) == 0) m.deletion_grace_period_seconds = pick(60);
  for (int i = pick(4); i > 0; --i) m.labels[str() + "k"] = str();
  for (int i = pick(4); i > 0; --i) m.annotations[str() + "a"] = str();
  for (int i = pick(3); i > 0; --i) {
    m.owner_references.push_back(
        metav1::OwnerReference{"v1", "K", str() + "n", str() + "u", std::nullopt,
                               pick(2) == 0 ? std::optional<bool>(true) : std::nullopt});
  }
  for (int i = pick(3); i > 0; --i) m.finalizers.push_back(str() + "f");
  if (pick(2) == 0) m.managed_fields = {metav1::ManagedFieldsEntry{.manager = str() + "m"}};
  return m;
}

void CopyWithAccessors(const runtime::Unstructured& from, runtime::Unstructured& to) {
  to.SetName(from.GetName());
  to.SetGenerateName(from.GetGenerateName());
  to.SetNamespace(from.GetNamespace());
  to.SetUID(from.GetUID());
  to.SetResourceVersion(from.GetResourceVersion());
  to.SetGeneration(from.GetGeneration());
  to.SetCreationTimestamp(from.GetCreationTimestamp());
  to.SetDeletionTimestamp(from.GetDeletionTimestamp());
  to.SetDeletionGracePeriodSeconds(from.GetDeletionGracePeriodSeconds());
  to.SetLabels(from.GetLabels());
  to.SetAnnotations(from.GetAnnotations());
  to.SetOwnerReferences(from.GetOwnerReferences());
  to.SetFinalizers(from.GetFinalizers());
  to.SetManagedFields(from.GetManagedFields());
}
}  // namespace

// Port of unstructured_test.go: TestUnstructuredMetadataRoundTrip (a seeded generator instead of
// the fuzzer): metadata written into the content reads back through the getters, and the setters
// rebuild the same content.
TEST_CASE("TestUnstructuredMetadataRoundTrip", "[runtime][unstructured]") {
  std::mt19937 rng(20260501);
  for (int i = 0; i < 1000; ++i) {
    const metav1::ObjectMeta m = RandomObjectMeta(rng);
    runtime::Unstructured u(json::object());
    u.Body()["metadata"] = json(m);
    CHECK(*u.GetObjectMeta() == m);
    runtime::Unstructured via_accessors(json::object());
    CopyWithAccessors(u, via_accessors);
    if (json(m).empty()) {
      CHECK(via_accessors.UnstructuredContent() == json::object());
    } else {
      CHECK(via_accessors == u);
    }
  }
}

// Port of unstructured_test.go: TestUnstructuredMetadataOmitempty.
TEST_CASE("TestUnstructuredMetadataOmitempty", "[runtime][unstructured]") {
  std::mt19937 rng(7);
  runtime::Unstructured u(json::object());
  u.Body()["metadata"] = json(RandomObjectMeta(rng));
  u.SetName("");
  u.SetGenerateName("");
  u.SetNamespace("");
  u.SetUID("");
  u.SetResourceVersion("");
  u.SetGeneration(0);
  u.SetCreationTimestamp(metav1::Time{});
  u.SetDeletionTimestamp(std::nullopt);
  u.SetDeletionGracePeriodSeconds(std::nullopt);
  u.SetLabels({});
  u.SetAnnotations({});
  u.SetOwnerReferences({});
  u.SetFinalizers({});
  u.SetManagedFields({});
  CHECK(runtime::NestedFieldCopy(u.UnstructuredContent(), "metadata") == json::object());
}

// Port of unstructured_list_test.go: TestNilDeletionTimestamp, TestEmptyCreationTimestampIsOmitted.
TEST_CASE("TestNilDeletionTimestamp", "[runtime][unstructured]") {
  runtime::Unstructured u;
  CHECK(!u.GetDeletionTimestamp());
  u.SetDeletionTimestamp(u.GetDeletionTimestamp());
  CHECK(!u.GetDeletionTimestamp());
  CHECK(!std::as_const(u).Body().contains("metadata"));
  const auto now = metav1::ParseRFC3339("2026-01-02T03:04:05Z");
  u.SetDeletionTimestamp(now);
  CHECK(u.GetDeletionTimestamp() == now);
  u.SetDeletionTimestamp(std::nullopt);
  CHECK(std::as_const(u).Body()["metadata"] == json::object());
}

TEST_CASE("TestEmptyCreationTimestampIsOmitted", "[runtime][unstructured]") {
  runtime::Unstructured u;
  u.SetCreationTimestamp(metav1::ParseRFC3339("2026-01-02T03:04:05Z"));
  CHECK(std::as_const(u).Body()["metadata"].contains("creationTimestamp"));
  u.SetCreationTimestamp(metav1::Time{});
  CHECK(!std::as_const(u).Body()["metadata"].contains("creationTimestamp"));
}

// Port of unstructured_list_test.go: TestUnstructuredList.
TEST_CASE("TestUnstructuredList", "[runtime][unstructured]") {
  runtime::UnstructuredList list(json{{"kind", "List"}, {"apiVersion", "v1"}});
  list.items.emplace_back(json{{"kind", "Pod"}, {"apiVersion", "v1"}, {"metadata", {{"name", "test"}}}});
  const json content = list.UnstructuredContent();
  REQUIRE(content["items"].size() == 1);
  CHECK(runtime::NestedFieldCopy(content["items"][0], "metadata", "name") == "test");
}

TEST_CASE("UnstructuredListBodyHoldsMetadata", "[runtime][unstructured]") {
  runtime::UnstructuredList list;
  list.UnmarshalJSON(
      R"({"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"3","selfLink":"/x"},
                         "items":[{"metadata":{"name":"a"}}]})");
  CHECK(runtime::NestedString(list.Body(), "metadata", "resourceVersion") == "3");
  CHECK(!std::as_const(list).Body().contains("items"));
  runtime::SetNestedField(list.Body(), "4", "metadata", "resourceVersion");
  CHECK(list.GetResourceVersion() == "4");
  const runtime::Object& obj = list;
  CHECK(obj.GetListMeta()->resource_version == "4");
  list.GetListMeta()->continue_ = "next";
  CHECK(runtime::NestedString(std::as_const(list).Body(), "metadata", "continue") == "next");
  list.SetRemainingItemCount(5);
  CHECK(
      list.MarshalJSON() ==
      R"({"apiVersion":"v1","items":[{"apiVersion":"v1","kind":"Pod","metadata":{"name":"a"}}],"kind":"PodList",)"
      R"("metadata":{"continue":"next","remainingItemCount":5,"resourceVersion":"4","selfLink":"/x"}})");
  runtime::UnstructuredList copy(list);
  CHECK(copy == list);
  copy.SetContinue("");
  CHECK(!(copy == list));
}

// A property test against a model (a plain JSON document changed as upstream's map would be):
// random typed setters, writes through held Body() and GetObjectMeta() handles, copies and moves.
TEST_CASE("UnstructuredCoherenceProperty", "[runtime][unstructured]") {
  std::mt19937 rng(1234);
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  const std::vector<std::string> values = {"", "a", "b", "c"};
  for (int round = 0; round < 200; ++round) {
    auto u = std::make_unique<runtime::Unstructured>(json::parse(kDeployment));
    json model = json::parse(kDeployment);
    json* held = nullptr;
    metav1::ObjectMeta* typed = nullptr;
    for (int step = 0; step < 30; ++step) {
      const std::string v = values[static_cast<std::size_t>(pick(4))];
      switch (pick(9)) {
        case 0:
          u->SetName(v);
          if (v.empty()) {
            if (model["metadata"].is_object()) model["metadata"].erase("name");
          } else {
            if (!model["metadata"].is_object()) model["metadata"] = json::object();
            model["metadata"]["name"] = v;
          }
          break;
        case 1:
          u->SetLabels(v.empty() ? StringMap{} : StringMap{{"l", v}});
          if (v.empty()) {
            if (model["metadata"].is_object()) model["metadata"].erase("labels");
          } else {
            if (!model["metadata"].is_object()) model["metadata"] = json::object();
            model["metadata"]["labels"] = json{{"l", v}};
          }
          break;
        case 2:
          if (held == nullptr) held = &u->Body();
          (*held)["metadata"] = pick(4) == 0 ? json("bad") : json{{"name", v}, {"namespace", v}};
          model["metadata"] = (*held)["metadata"];
          break;
        case 3:
          if (held == nullptr) held = &u->Body();
          if ((*held)["metadata"].is_object()) {
            (*held)["metadata"]["labels"] = pick(3) == 0 ? json(5) : json{{"k", v}};
            model["metadata"]["labels"] = (*held)["metadata"]["labels"];
          }
          break;
        case 4:
          if (typed == nullptr) typed = static_cast<runtime::Object&>(*u).GetObjectMeta();
          // A typed write changes the content only when it changes the typed value.
          if (v == GoGetString(model, "resourceVersion")) {
            typed->resource_version = v;
            break;
          }
          typed->resource_version = v;
          if (v.empty()) {
            if (model["metadata"].is_object()) model["metadata"].erase("resourceVersion");
          } else {
            if (!model["metadata"].is_object()) model["metadata"] = json::object();
            model["metadata"]["resourceVersion"] = v;
          }
          break;
        case 5:
          if (typed == nullptr) typed = static_cast<runtime::Object&>(*u).GetObjectMeta();
          // A typed write changes the content only when it changes the typed value.
          if (v == GoGetString(model, "namespace")) {
            typed->namespace_ = v;
            break;
          }
          typed->namespace_ = v;
          if (v.empty()) {
            if (model["metadata"].is_object()) model["metadata"].erase("namespace");
          } else {
            if (!model["metadata"].is_object()) model["metadata"] = json::object();
            model["metadata"]["namespace"] = v;
          }
          break;
        case 6:
          u = std::make_unique<runtime::Unstructured>(*u);  // a copy: the handles end
          held = nullptr;
          typed = nullptr;
          break;
        case 7:
          u = std::make_unique<runtime::Unstructured>(std::move(*u));
          held = nullptr;
          typed = nullptr;
          break;
        default:
          break;
      }
      CheckCoherent(*u, model);
    }
  }
}

}  // namespace runtime_unstructured_object_test
