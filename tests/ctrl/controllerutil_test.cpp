#include "apimachinery/ctrl/controllerutil/controllerutil.hpp"

#include <memory>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/controller_ref.hpp"
#include "apimachinery/apis/meta/v1/partial_object_metadata.hpp"
#include "apimachinery/conversion/fields.hpp"
#include "apimachinery/runtime/error.hpp"
#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/runtime/unstructured.hpp"

namespace ctrl_controllerutil_test {

namespace metav1 = apimachinery::metav1;
namespace runtime = apimachinery::runtime;
namespace schema = apimachinery::schema;

// The types of upstream's test, reduced to their metadata.
struct Deployment : runtime::ObjectBase<Deployment> {  // extensions/v1beta1 in the test scheme
  static constexpr std::string_view kKind = "Deployment";
  metav1::TypeMeta type_meta;
  metav1::ObjectMeta metadata;
};
APIMACHINERY_FIELDS(Deployment, metadata)
APIMACHINERY_JSON_FIELDS(Deployment)

struct ReplicaSet : runtime::ObjectBase<ReplicaSet> {  // apps/v1
  static constexpr std::string_view kKind = "ReplicaSet";
  metav1::TypeMeta type_meta;
  metav1::ObjectMeta metadata;
};
APIMACHINERY_FIELDS(ReplicaSet, metadata)
APIMACHINERY_JSON_FIELDS(ReplicaSet)

struct Pod : runtime::ObjectBase<Pod> {  // v1
  static constexpr std::string_view kKind = "Pod";
  metav1::TypeMeta type_meta;
  metav1::ObjectMeta metadata;
};
APIMACHINERY_FIELDS(Pod, metadata)
APIMACHINERY_JSON_FIELDS(Pod)

struct PersistentVolume : runtime::ObjectBase<PersistentVolume> {  // v1, cluster-scoped
  static constexpr std::string_view kKind = "PersistentVolume";
  metav1::TypeMeta type_meta;
  metav1::ObjectMeta metadata;
};
APIMACHINERY_FIELDS(PersistentVolume, metadata)
APIMACHINERY_JSON_FIELDS(PersistentVolume)

struct PodList : runtime::ObjectBase<PodList> {
  static constexpr std::string_view kKind = "PodList";
  metav1::TypeMeta type_meta;
  metav1::ListMeta list_meta;
};

const runtime::Scheme& TestScheme() {
  static const runtime::Scheme scheme = [] {
    runtime::Scheme s("test");
    s.AddKnownTypes<Deployment>({"extensions", "v1beta1"});
    s.AddKnownTypes<ReplicaSet>({"apps", "v1"});
    s.AddKnownTypes<Pod, PersistentVolume>({"", "v1"});
    return s;
  }();
  return scheme;
}

Deployment Dep(std::string name, std::string uid, std::string ns = "") {
  Deployment d;
  d.metadata.name = std::move(name);
  d.metadata.uid = std::move(uid);
  d.metadata.namespace_ = std::move(ns);
  return d;
}

metav1::OwnerReference Ref(std::string api_version, std::string name, std::string uid,
                           std::optional<bool> controller = std::nullopt,
                           std::optional<bool> block = std::nullopt) {
  return metav1::OwnerReference{std::move(api_version), "Deployment", std::move(name),
                                std::move(uid),         controller,   block};
}

namespace cu = apimachinery::ctrl::controllerutil;
using Refs = std::vector<metav1::OwnerReference>;

metav1::ObjectMeta Meta(std::string name, std::string uid, std::string ns = "") {
  metav1::ObjectMeta m;
  m.name = std::move(name);
  m.uid = std::move(uid);
  m.namespace_ = std::move(ns);
  return m;
}

// controllerutil_test.go: Describe("SetOwnerReference").
TEST_CASE("SetOwnerReference (upstream cases)", "[ctrl][controllerutil]") {
  const auto& scheme = TestScheme();
  SECTION("should set ownerRef on an empty list") {
    ReplicaSet rs;
    cu::SetOwnerReference(Dep("foo", "foo-uid"), rs, scheme);
    CHECK(rs.metadata.owner_references == Refs{Ref("extensions/v1beta1", "foo", "foo-uid")});
  }
  SECTION("should set the BlockOwnerDeletion if it is specified as an option") {
    ReplicaSet rs;
    cu::SetOwnerReference(Dep("foo", "foo-uid"), rs, scheme, {cu::WithBlockOwnerDeletion(true)});
    CHECK(rs.metadata.owner_references ==
          Refs{Ref("extensions/v1beta1", "foo", "foo-uid", std::nullopt, true)});
  }
  SECTION("should not duplicate owner references") {
    ReplicaSet rs;
    rs.metadata.owner_references = {Ref("extensions/v1beta1", "foo", "foo-uid")};
    cu::SetOwnerReference(Dep("foo", "foo-uid"), rs, scheme);
    CHECK(rs.metadata.owner_references == Refs{Ref("extensions/v1beta1", "foo", "foo-uid")});
  }
  SECTION("should update the reference") {
    ReplicaSet rs;
    rs.metadata.owner_references = {Ref("extensions/v1alpha1", "foo", "foo-uid-1")};
    cu::SetOwnerReference(Dep("foo", "foo-uid-2"), rs, scheme);
    CHECK(rs.metadata.owner_references == Refs{Ref("extensions/v1beta1", "foo", "foo-uid-2")});
  }
  SECTION("should remove the owner reference") {
    ReplicaSet rs;
    rs.metadata.owner_references = {Ref("extensions/v1alpha1", "foo", "foo-uid-1")};
    const Deployment dep = Dep("foo", "foo-uid-2");
    cu::SetOwnerReference(dep, rs, scheme);
    CHECK(rs.metadata.owner_references == Refs{Ref("extensions/v1beta1", "foo", "foo-uid-2")});
    cu::RemoveOwnerReference(dep, rs, scheme);
    CHECK(rs.metadata.owner_references.empty());
  }
  SECTION("should remove the owner reference established by the SetControllerReference function") {
    ReplicaSet rs;
    const Deployment dep = Dep("foo", "foo-uid");
    cu::SetControllerReference(dep, rs, scheme);
    CHECK(rs.metadata.owner_references == Refs{Ref("extensions/v1beta1", "foo", "foo-uid", true, true)});
    cu::RemoveOwnerReference(dep, rs, scheme);
    CHECK(rs.metadata.owner_references.empty());
  }
  SECTION("should error when trying to remove the reference that doesn't exist") {
    ReplicaSet rs;
    CHECK_THROWS_MATCHES(
        cu::RemoveOwnerReference(Dep("foo", "foo-uid-2"), rs, scheme), apimachinery::Error,
        Catch::Matchers::Message("ctrl_controllerutil_test::ReplicaSet does not have any owner references"));
    CHECK(rs.metadata.owner_references.empty());
  }
  SECTION("should error when trying to remove the reference that doesn't abide by the scheme") {
    ReplicaSet rs;
    const Deployment dep = Dep("foo", "foo-uid-2");
    cu::SetOwnerReference(dep, rs, scheme);
    const runtime::Scheme empty;
    CHECK_THROWS_AS(cu::RemoveOwnerReference(dep, rs, empty), runtime::NotRegisteredError);
    CHECK(rs.metadata.owner_references.size() == 1);
  }
  SECTION("should error when trying to remove an owner that doesn't exist") {
    ReplicaSet rs;
    cu::SetOwnerReference(Dep("foo", "foo-uid-2"), rs, scheme);
    CHECK_THROWS_MATCHES(
        cu::RemoveOwnerReference(Dep("bar", "bar-uid-3"), rs, scheme), apimachinery::Error,
        Catch::Matchers::Message("ctrl_controllerutil_test::ReplicaSet does not have an owner "
                                 "reference for ctrl_controllerutil_test::Deployment"));
    CHECK(rs.metadata.owner_references.size() == 1);
  }
  SECTION("HasControllerReference after SetControllerReference / SetOwnerReference") {
    ReplicaSet a, b;
    cu::SetControllerReference(Dep("foo", "foo-uid-2"), a, scheme);
    CHECK(cu::HasControllerReference(a));
    cu::SetOwnerReference(Dep("foo", "foo-uid-2"), b, scheme);
    CHECK_FALSE(cu::HasControllerReference(b));
  }
  SECTION("should error when RemoveControllerReference owner's controller is set to false") {
    ReplicaSet rs;
    const Deployment dep = Dep("foo", "foo-uid-2");
    cu::SetOwnerReference(dep, rs, scheme);
    CHECK_THROWS_MATCHES(
        cu::RemoveControllerReference(dep, rs, scheme), apimachinery::Error,
        Catch::Matchers::Message("ctrl_controllerutil_test::ReplicaSet does not have a owner "
                                 "reference with controller equals true"));
  }
  SECTION("should error when RemoveControllerReference passed in owner is not the owner") {
    ReplicaSet rs;
    const Deployment dep = Dep("foo", "foo-uid-2"), dep2 = Dep("foo-2", "foo-uid-42");
    cu::SetControllerReference(dep, rs, scheme);
    cu::SetOwnerReference(dep2, rs, scheme);
    CHECK_THROWS_MATCHES(
        cu::RemoveControllerReference(dep2, rs, scheme), apimachinery::Error,
        Catch::Matchers::Message("ctrl_controllerutil_test::Deployment owner is not the controller "
                                 "reference for ctrl_controllerutil_test::ReplicaSet"));
    CHECK(rs.metadata.owner_references.size() == 2);
    CHECK_THROWS_MATCHES(
        cu::RemoveControllerReference(Dep("other", "x"), rs, scheme), apimachinery::Error,
        Catch::Matchers::Message("ctrl_controllerutil_test::ReplicaSet does not have an controller "
                                 "reference for ctrl_controllerutil_test::Deployment"));
  }
  SECTION("should not error when RemoveControllerReference owner's controller is set to true") {
    ReplicaSet rs;
    const Deployment dep = Dep("foo", "foo-uid-2");
    cu::SetControllerReference(dep, rs, scheme);
    cu::RemoveControllerReference(dep, rs, scheme);
    CHECK(rs.metadata.owner_references.empty());
  }
}

// controllerutil_test.go: Describe("SetControllerReference").
TEST_CASE("SetControllerReference (upstream cases)", "[ctrl][controllerutil]") {
  const auto& scheme = TestScheme();
  SECTION("should set the OwnerReference if it can find the group version kind") {
    ReplicaSet rs;
    cu::SetControllerReference(Dep("foo", "foo-uid"), rs, scheme);
    CHECK(rs.metadata.owner_references == Refs{Ref("extensions/v1beta1", "foo", "foo-uid", true, true)});
  }
  SECTION("should return an error if it can't find the group version kind of the owner") {
    ReplicaSet rs;
    const runtime::Scheme empty("empty");
    CHECK_THROWS_AS(cu::SetControllerReference(Dep("foo", ""), rs, empty), runtime::NotRegisteredError);
    CHECK(rs.metadata.owner_references.empty());
  }
  SECTION("should return an error if object is already owned by another controller") {
    ReplicaSet rs;
    rs.metadata.name = "foo";
    rs.metadata.namespace_ = "default";
    rs.metadata.owner_references = {Ref("extensions/v1beta1", "bar", "bar-uid", true, true)};
    const auto before = rs.metadata;
    try {
      cu::SetControllerReference(Dep("foo", "foo-uid", "default"), rs, scheme);
      FAIL("no AlreadyOwnedError");
    } catch (const cu::AlreadyOwnedError& e) {
      CHECK(std::string(e.what()) ==
            "Object default/foo is already owned by another Deployment controller bar");
      CHECK(e.owner == Ref("extensions/v1beta1", "bar", "bar-uid", true, true));
      CHECK(e.object_namespace == "default");
      CHECK(e.object_name == "foo");
    }
    CHECK(rs.metadata == before);
  }
  SECTION("should not duplicate existing owner reference") {
    ReplicaSet rs;
    rs.metadata.namespace_ = "default";
    rs.metadata.owner_references = {Ref("extensions/v1beta1", "foo", "foo-uid", false, true)};
    cu::SetControllerReference(Dep("foo", "foo-uid", "default"), rs, scheme);
    CHECK(rs.metadata.owner_references == Refs{Ref("extensions/v1beta1", "foo", "foo-uid", true, true)});
  }
  SECTION("should replace the owner reference if it's already present") {
    ReplicaSet rs;
    rs.metadata.namespace_ = "default";
    rs.metadata.owner_references = {Ref("extensions/v1alpha1", "foo", "foo-uid", true, true)};
    cu::SetControllerReference(Dep("foo", "foo-uid", "default"), rs, scheme);
    CHECK(rs.metadata.owner_references == Refs{Ref("extensions/v1beta1", "foo", "foo-uid", true, true)});
  }
  SECTION("should return an error if it's setting a cross-namespace owner reference") {
    ReplicaSet rs;
    rs.metadata.name = "foo";
    rs.metadata.namespace_ = "namespace1";
    CHECK_THROWS_MATCHES(cu::SetControllerReference(Dep("foo", "foo-uid", "namespace2"), rs, scheme),
                         apimachinery::Error,
                         Catch::Matchers::Message("cross-namespace owner references are disallowed, owner's "
                                                  "namespace namespace2, obj's namespace namespace1"));
  }
  SECTION(
      "should return an error if it's owner is namespaced resource but dependant is cluster-scoped "
      "resource") {
    PersistentVolume pv;
    pv.metadata.name = "foo";
    Pod pod;
    pod.metadata = Meta("foo", "foo-uid", "default");
    CHECK_THROWS_MATCHES(
        cu::SetControllerReference(pod, pv, scheme), apimachinery::Error,
        Catch::Matchers::Message("cluster-scoped resource must not have a namespace-scoped owner, "
                                 "owner's namespace default"));
    CHECK(pv.metadata.owner_references.empty());
  }
  SECTION("should not return any error if the existing owner has a different version") {
    ReplicaSet rs;
    rs.metadata.namespace_ = "default";
    rs.metadata.owner_references = {Ref("extensions/v1alpha1", "foo", "foo-uid", false, true)};
    cu::SetControllerReference(Dep("foo", "foo-uid", "default"), rs, scheme);
    CHECK(rs.metadata.owner_references == Refs{Ref("extensions/v1beta1", "foo", "foo-uid", true, true)});
  }
  SECTION("should set the BlockOwnerDeletion if it is specified as an option") {
    ReplicaSet rs;
    cu::SetControllerReference(Dep("foo", "foo-uid"), rs, scheme, {cu::WithBlockOwnerDeletion(false)});
    CHECK(rs.metadata.owner_references == Refs{Ref("extensions/v1beta1", "foo", "foo-uid", true, false)});
  }
}

// controllerutil_test.go: Describe("Finalizers") and Describe("HasOwnerReference").
TEST_CASE("Finalizers and HasOwnerReference (upstream cases)", "[ctrl][controllerutil]") {
  const std::string f = "foo.bar.baz", f1 = f + "1";
  Deployment deploy;
  CHECK(cu::AddFinalizer(deploy, f));
  CHECK(deploy.metadata.finalizers == std::vector<std::string>{f});
  CHECK_FALSE(cu::AddFinalizer(deploy, f));
  CHECK(deploy.metadata.finalizers == std::vector<std::string>{f});
  CHECK_FALSE(cu::RemoveFinalizer(deploy, f1));
  CHECK(deploy.metadata.finalizers == std::vector<std::string>{f});
  CHECK(cu::RemoveFinalizer(deploy, f));
  CHECK(deploy.metadata.finalizers.empty());
  deploy.metadata.finalizers = {f, f1, f, f};
  CHECK(cu::RemoveFinalizer(deploy, f));
  CHECK(deploy.metadata.finalizers == std::vector<std::string>{f1});
  CHECK(cu::AddFinalizer(deploy, f));
  CHECK(cu::ContainsFinalizer(deploy, f));
  cu::RemoveFinalizer(deploy, f);
  CHECK_FALSE(cu::ContainsFinalizer(deploy, f));

  const auto& scheme = TestScheme();
  ReplicaSet rs;
  rs.metadata.name = "foo";
  rs.metadata.uid = "foo-uid";
  const Deployment dep = Dep("foo", "foo-uid");
  CHECK_FALSE(cu::HasOwnerReference(rs.metadata.owner_references, dep, scheme));
  cu::SetOwnerReference(dep, rs, scheme);
  CHECK(cu::HasOwnerReference(rs.metadata.owner_references, dep, scheme));
}

TEST_CASE("controllerutil on Unstructured, PartialObjectMetadata and lists", "[ctrl][controllerutil]") {
  const auto& scheme = TestScheme();
  runtime::Unstructured owner(nlohmann::json::parse(
      R"({"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w","namespace":"ns","uid":"w-uid"}})"));
  runtime::Unstructured owned(nlohmann::json::parse(
      R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","namespace":"ns"}})"));
  cu::SetControllerReference(owner, owned, scheme);
  CHECK(owned.GetOwnerReferences() ==
        Refs{metav1::OwnerReference{"example.com/v1", "Widget", "w", "w-uid", true, true}});
  CHECK(owned.UnstructuredContent()["metadata"]["ownerReferences"] ==
        nlohmann::json::parse(R"([{"apiVersion":"example.com/v1","kind":"Widget","name":"w","uid":"w-uid",)"
                              R"("controller":true,"blockOwnerDeletion":true}])"));
  CHECK(metav1::IsControlledBy(owned, owner));
  CHECK(cu::AddFinalizer(owned, "example.com/cleanup"));
  CHECK(owned.UnstructuredContent()["metadata"]["finalizers"] ==
        nlohmann::json::parse(R"(["example.com/cleanup"])"));
  CHECK(cu::RemoveFinalizer(owned, "example.com/cleanup"));
  CHECK_FALSE(owned.UnstructuredContent()["metadata"].contains("finalizers"));

  // An Unstructured owner without a kind: the Scheme's error.
  runtime::Unstructured no_kind(nlohmann::json::parse(R"({"apiVersion":"v1","metadata":{"name":"x"}})"));
  CHECK_THROWS_MATCHES(
      cu::SetOwnerReference(no_kind, owned, scheme), runtime::MissingKindError,
      Catch::Matchers::Message("Object 'Kind' is missing in 'unstructured object has no kind'"));
  // PartialObjectMetadata: the kind it carries (apiutil.GVKForObject).
  metav1::PartialObjectMetadata partial;
  partial.metadata.name = "p";
  CHECK_THROWS_MATCHES(
      cu::GVKForObject(partial, scheme), runtime::MissingKindError,
      Catch::Matchers::Message("Object 'Kind' is missing in 'unstructured object has no kind'"));
  partial.type_meta.kind = "Thing";
  CHECK_THROWS_MATCHES(
      cu::GVKForObject(partial, scheme), runtime::MissingVersionError,
      Catch::Matchers::Message("Object 'apiVersion' is missing in 'unstructured object has no version'"));
  partial.type_meta.api_version = "example.com/v2";
  CHECK(cu::GVKForObject(partial, scheme) == schema::GroupVersionKind{"example.com", "v2", "Thing"});
  CHECK(cu::GVKForObject(Pod{}, scheme) == schema::GroupVersionKind{"", "v1", "Pod"});
  // A list has no ObjectMeta.
  PodList list;
  CHECK_THROWS_MATCHES(cu::AddFinalizer(list, "x"), apimachinery::Error,
                       Catch::Matchers::Message("ctrl_controllerutil_test::PodList has no object metadata"));
  CHECK_FALSE(cu::HasControllerReference(list));
}

TEST_CASE("GVKForObject: several kinds for one type", "[ctrl][controllerutil]") {
  runtime::Scheme s("multi");
  s.AddKnownTypes<Pod>({"", "v1"});
  s.AddKnownTypes<Pod>({"other", "v1"});
  Pod pod;
  CHECK_THROWS_MATCHES(
      cu::GVKForObject(pod, s), apimachinery::Error,
      Catch::Matchers::Message("multiple GroupVersionKinds associated with Go type "
                               "ctrl_controllerutil_test::Pod within the Scheme, this "
                               "can happen when a type is registered for multiple GVKs at the same time: "
                               "callers can either fix their "
                               "type registration to only register it once, or specify the GroupVersionKind "
                               "to use for object passed "
                               "in; refusing to guess at one: [\"/v1, Kind=Pod\" \"other/v1, Kind=Pod\"]"));
  pod.type_meta = {"other/v1", "Pod"};
  CHECK(cu::GVKForObject(pod, s) == schema::GroupVersionKind{"other", "v1", "Pod"});
  pod.type_meta = {"x/v1", "Pod"};
  CHECK_THROWS_WITH(
      cu::GVKForObject(pod, s),
      Catch::Matchers::Contains(": the object's supplied GroupVersionKind \"x/v1, Kind=Pod\" was not "
                                "found in the Scheme's list; refusing to guess at one: "));
}

// controller_ref_test.go: TestNewControllerRef, TestGetControllerOf, TestIsControlledBy.
TEST_CASE("metav1 controller references (upstream tests)", "[ctrl][controller_ref]") {
  const schema::GroupVersionKind gvk{"group", "v1", "Kind"};
  metav1::ObjectMeta obj1 = Meta("name", "uid1");
  const metav1::OwnerReference ref = metav1::NewControllerRef(obj1, gvk);
  CHECK(ref == metav1::OwnerReference{"group/v1", "Kind", "name", "uid1", true, true});

  obj1.name = "name1";
  metav1::OwnerReference controller_ref = metav1::NewControllerRef(obj1, gvk);
  controller_ref.block_owner_deletion = std::nullopt;
  Pod obj2;
  obj2.metadata = Meta("name1", "uid2");
  obj2.metadata.owner_references = {metav1::OwnerReference{"", "", "owner1", "", false, std::nullopt},
                                    controller_ref,
                                    metav1::OwnerReference{"", "", "owner2", "", false, std::nullopt}};
  Pod owner1;
  owner1.metadata = obj1;
  CHECK_FALSE(metav1::GetControllerOf(owner1).has_value());
  const auto c = metav1::GetControllerOf(obj2);
  REQUIRE(c.has_value());
  CHECK(*c == controller_ref);
  CHECK(metav1::GetControllerOfNoCopy(obj2) == &obj2.metadata.owner_references[1]);

  CHECK(metav1::IsControlledBy(obj2, owner1));
  CHECK(metav1::IsControlledBy(obj2.metadata, obj1));
  Pod stranger;
  stranger.metadata.uid = "uid3";
  CHECK_FALSE(metav1::IsControlledBy(obj2, stranger));
  CHECK_FALSE(metav1::IsControlledBy(owner1, obj2));
  // A reference with the same UID but controller unset does not count.
  Pod weak;
  weak.metadata.owner_references = {metav1::OwnerReference{"", "", "", "uid1", std::nullopt, std::nullopt}};
  CHECK_FALSE(metav1::IsControlledBy(weak, owner1));
  CHECK(metav1::NewControllerRef(PodList{}, gvk) ==
        metav1::OwnerReference{"group/v1", "Kind", "", "", true, true});
}

}  // namespace ctrl_controllerutil_test
