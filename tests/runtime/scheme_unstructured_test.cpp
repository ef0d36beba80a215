// Tests for runtime/scheme.hpp with runtime::Unstructured: rows 4 and 5 of the ConvertToVersion
// table (scheme.go: Scheme.ConvertToVersion), TestConvert (typed internal -> Unstructured with a target),
// ObjectKinds of unstructured objects, Unstructured -> Unstructured Convert.
#include <memory>
#include <string>

#include <catch2/catch.hpp>

#include "apimachinery/runtime/scheme.hpp"
#include "apimachinery/runtime/unstructured.hpp"

#include "runtime/scheme_testing.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace runtime_scheme_unstructured_test {

namespace runtime = apimachinery::runtime;
namespace schema = apimachinery::schema;
using namespace scheme_testing;  // NOLINT
using apimachinery::util::TypeIdOf;

namespace {
runtime::Scheme& UScheme() {
  static runtime::Scheme* s = [] {
    auto* scheme = new runtime::Scheme("test");
    RegisterTestScheme(*scheme);
    return scheme;
  }();
  return *s;
}
runtime::Unstructured CustomV1TestType3() {
  return runtime::Unstructured(
      nlohmann::json{{"apiVersion", "custom/v1"}, {"kind", "TestType3"}, {"A", "test"}});
}
}  // namespace

TEST_CASE("ConvertToVersion row 4: unstructured -> internal", "[runtime][scheme][unstructured]") {
  auto out = UScheme().ConvertToVersion(CustomV1TestType3(), kInternalGV);
  REQUIRE(out->GetTypeId() == TypeIdOf<TestType1>());
  CHECK(static_cast<const TestType1&>(*out).a == "test");
  CHECK(out->GetObjectKind().Empty());
  auto unsafe = UScheme().UnsafeConvertToVersion(std::make_unique<runtime::Unstructured>(CustomV1TestType3()),
                                                 kInternalGV);
  CHECK(static_cast<const TestType1&>(*unsafe).a == "test");
}

TEST_CASE("ConvertToVersion row 5: unstructured -> its own external version",
          "[runtime][scheme][unstructured]") {
  auto out = UScheme().ConvertToVersion(CustomV1TestType3(), kAlternateExternalGV);
  REQUIRE(out->GetTypeId() == TypeIdOf<ExternalTestType1>());
  const auto& e = static_cast<const ExternalTestType1&>(*out);
  CHECK(e.a == "test");
  CHECK(e.GetObjectKind() == schema::GroupVersionKind{"custom", "v1", "TestType3"});
}

TEST_CASE("TestConvert: internal typed -> Unstructured with a target version",
          "[runtime][scheme][unstructured]") {
  // Upstream's test types encode TypeMeta under custom keys (myVersionKey/myKindKey); ours use the
  // wire names apiVersion/kind.
  TestType1 in;
  in.a = "test";
  runtime::Unstructured out;
  UScheme().Convert(in, out, runtime::GroupVersioner(kAlternateExternalGV));
  CHECK(out.UnstructuredContent() ==
        nlohmann::json{{"apiVersion", "custom/v1"}, {"kind", "TestType3"}, {"A", "test"}});
}

TEST_CASE("ObjectKinds of unstructured objects; Unstructured -> Unstructured Convert",
          "[runtime][scheme][unstructured]") {
  auto [kinds, unversioned] = UScheme().ObjectKinds(CustomV1TestType3());
  CHECK(kinds == std::vector<schema::GroupVersionKind>{{"custom", "v1", "TestType3"}});
  CHECK_FALSE(unversioned);
  // Unknown kinds are fine for ObjectKinds (the declared GVK is taken as is).
  runtime::Unstructured pod(nlohmann::json{{"apiVersion", "v1"}, {"kind", "Pod"}});
  CHECK(UScheme().ObjectKinds(pod).first.front() == schema::GroupVersionKind{"", "v1", "Pod"});
  REQUIRE_THROWS_AS(UScheme().ConvertToVersion(pod, kExternalGV), runtime::NotRegisteredError);

  runtime::Unstructured copy;
  UScheme().Convert(CustomV1TestType3(), copy);
  CHECK(copy.UnstructuredContent() == CustomV1TestType3().UnstructuredContent());

  // Unstructured -> typed through the registered type of its GVK.
  TestType1 typed;
  UScheme().Convert(CustomV1TestType3(), typed);
  CHECK(typed.a == "test");
}

}  // namespace runtime_scheme_unstructured_test
