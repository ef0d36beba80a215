// Tests for runtime/scheme.hpp, runtime/group_versioner.hpp and runtime/error.hpp:
// k8s.io/apimachinery/pkg/runtime/scheme.go, codec.go, error.go (scheme_test.go: registration,
// queries, the ConvertToVersion table, version priority).
#include "apimachinery/runtime/scheme.hpp"

#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/runtime/error.hpp"
#include "apimachinery/runtime/group_versioner.hpp"

#include "runtime/scheme_testing.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace runtime_scheme_test {

namespace runtime = apimachinery::runtime;
namespace schema = apimachinery::schema;
namespace conversion = apimachinery::conversion;
using namespace scheme_testing;  // NOLINT

namespace {

// testGroupVersioner: answers a fixed GVK (or nothing), as upstream's test helper.
struct FixedVersioner {
  std::optional<schema::GroupVersionKind> target;
  std::optional<schema::GroupVersionKind> KindForGroupVersionKinds(
      const std::vector<schema::GroupVersionKind>&) const {
    return target;
  }
  std::string Identifier() const { return target ? target->String() : "none"; }
};

runtime::Scheme& TestScheme() {
  static runtime::Scheme* s = [] {
    auto* scheme = new runtime::Scheme("test");
    RegisterTestScheme(*scheme);
    return scheme;
  }();
  return *s;
}

template <typename T>
std::unique_ptr<runtime::Object> Make(std::function<void(T&)> fill = {}) {
  auto o = std::make_unique<T>();
  if (fill) fill(*o);
  return o;
}

}  // namespace

TEST_CASE("TestScheme registration: known types, kinds in registration order", "[runtime][scheme]") {
  runtime::Scheme& s = TestScheme();
  auto [kinds, unversioned] = s.ObjectKinds(ExternalTestType1{});
  CHECK_FALSE(unversioned);
  std::vector<schema::GroupVersionKind> want{{"", "v1", "TestType1"},       {"", "v1", "TestType3"},
                                             {"", "v1", "TestType4"},       {"custom", "v1", "TestType3"},
                                             {"custom", "v1", "TestType5"}, {"other", "v2", "TestType1"}};
  CHECK(kinds == want);
  CHECK(s.Recognizes({"", "v1", "TestType1"}));
  CHECK_FALSE(s.Recognizes({"", "v1", "Nope"}));
  CHECK(s.Name() == "test");
}

TEST_CASE("TestKnownTypes", "[runtime][scheme]") {
  runtime::Scheme& s = TestScheme();
  CHECK(s.KnownTypes({"group", "v2"}).empty());
  auto types = s.KnownTypes(kExternalGV);
  for (const char* k : {"TestType1", "TestType2", "TestType3", "ExternalInternalSame"}) {
    CAPTURE(k);
    CHECK(types.count(k) == 1);
  }
  CHECK(types.at("TestType1") == apimachinery::util::TypeIdOf<ExternalTestType1>());
}

TEST_CASE("TestAddKnownTypeWithName errors and idempotence", "[runtime][scheme]") {
  runtime::Scheme s("reg");
  s.AddKnownTypeWithName<TestType1>({"", "v1", "Thing"});
  s.AddKnownTypeWithName<TestType1>({"", "v1", "Thing"});  // same pair: no-op
  CHECK(s.AllKnownTypes().size() == 1);
  CHECK(s.ObjectKinds(TestType1{}).first.size() == 1);
  REQUIRE_THROWS_AS(s.AddKnownTypeWithName<TestType2>({"", "v1", "Thing"}), runtime::SchemeRegistrationError);
  REQUIRE_THROWS_WITH(s.AddKnownTypeWithName<TestType2>({"", "v1", "Thing"}),
                      "Double registration of different types for /v1, Kind=Thing: "
                      "old=scheme_testing::TestType1, new=scheme_testing::TestType2 in scheme \"reg\"");
  REQUIRE_THROWS_WITH(s.AddKnownTypeWithName<TestType2>({"g", "", "Thing"}),
                      "version is required on all types: g/, Kind=Thing scheme_testing::TestType2");
  // "All types must be pointers to structs." is a compile-time check here:
  STATIC_REQUIRE(runtime::KnownObject<TestType1>);
  STATIC_REQUIRE_FALSE(runtime::KnownObject<int>);
  STATIC_REQUIRE_FALSE(runtime::KnownObject<runtime::Object>);
}

TEST_CASE("TestUnversionedTypes", "[runtime][scheme]") {
  const schema::GroupVersion internal_gv{"test.group", "__internal"};
  const schema::GroupVersion external_gv{"test.group", "testExternal"};
  const schema::GroupVersion other_gv{"group", "other"};
  runtime::Scheme s("unv");
  s.AddUnversionedTypes<UnversionedType>(external_gv);
  s.AddKnownTypes<UnversionedType>(internal_gv);
  s.AddKnownTypeWithName<ExternalInternalSame>(external_gv.WithKind("Simple"));
  s.AddKnownTypeWithName<ExternalInternalSame>(other_gv.WithKind("Simple"));

  auto [unv, registered] = s.IsUnversioned(UnversionedType{});
  CHECK(unv);
  CHECK(registered);
  auto [kinds, unversioned] = s.ObjectKinds(UnversionedType{});
  CHECK(unversioned);
  REQUIRE_FALSE(kinds.empty());
  CHECK(kinds.front() == external_gv.WithKind("UnversionedType"));

  auto [unv2, registered2] = s.IsUnversioned(ExternalInternalSame{});
  CHECK_FALSE(unv2);
  CHECK(registered2);
  auto [unv3, registered3] = s.IsUnversioned(UnknownType{});
  CHECK_FALSE(unv3);
  CHECK_FALSE(registered3);

  // New falls back to the unversioned kind name for any group/version; Recognizes does not.
  auto obj = s.New({"whatever", "v9", "UnversionedType"});
  CHECK(obj->GetTypeId() == apimachinery::util::TypeIdOf<UnversionedType>());
  CHECK_FALSE(s.Recognizes({"whatever", "v9", "UnversionedType"}));

  // Another type under the same unversioned kind name.
  runtime::Scheme s2("clash");
  s2.AddUnversionedTypes<UnversionedType>(external_gv);
  s2.AddUnversionedTypes<UnversionedType>(external_gv);  // same type again: fine
}

namespace clash {
struct UnversionedType : apimachinery::runtime::ObjectBase<UnversionedType> {
  static constexpr std::string_view kKind = "UnversionedType";
  apimachinery::metav1::TypeMeta type_meta;
  friend void to_json(nlohmann::json& j, const UnversionedType&) { j = nlohmann::json::object(); }
  friend void from_json(const nlohmann::json&, UnversionedType&) {}
};
}  // namespace clash

TEST_CASE("AddUnversionedTypes: kind name must be unique", "[runtime][scheme]") {
  runtime::Scheme s("clash");
  s.AddUnversionedTypes<UnversionedType>({"a", "v1"});
  REQUIRE_THROWS_WITH(s.AddUnversionedTypes<clash::UnversionedType>({"b", "v1"}),
                      "scheme_testing::UnversionedType has already been registered as unversioned "
                      "kind \"b/v1, Kind=UnversionedType\" - kind name must be unique in scheme "
                      "\"clash\"");
}

TEST_CASE("Not-registered error texts", "[runtime][scheme][errors]") {
  using E = runtime::NotRegisteredError;
  CHECK(std::string(E::ForType("s", "pkg::T").what()) ==
        "no kind is registered for the type pkg::T in scheme \"s\"");
  CHECK(std::string(E::ForTarget("s", "pkg::T", "v1").what()) ==
        "pkg::T is not suitable for converting to \"v1\" in scheme \"s\"");
  CHECK(std::string(E::GVKForTarget("s", {"g", "v1", "K"}, "v2").what()) ==
        "\"g/v1\" is not suitable for converting to \"v2\" in scheme \"s\"");
  CHECK(std::string(E::ForKind("s", {"g", "v1", ""}).what()) ==
        "no version \"g/v1\" has been registered in scheme \"s\"");
  CHECK(std::string(E::ForKind("s", {"g", "__internal", "K"}).what()) ==
        "no kind \"K\" is registered for the internal version of group \"g\" in scheme \"s\"");
  CHECK(std::string(E::ForKind("s", {"g", "v1", "K"}).what()) ==
        "no kind \"K\" is registered for version \"g/v1\" in scheme \"s\"");
  for (const auto& e : {E::ForType("s", "T"), E::ForKind("s", {"g", "v", "K"})}) {
    CHECK(runtime::IsNotRegisteredError(e));
  }
  CHECK_FALSE(runtime::IsNotRegisteredError(apimachinery::Error("x")));
  runtime::MissingKindError mk("unstructured object has no kind");
  CHECK(std::string(mk.what()) == "Object 'Kind' is missing in 'unstructured object has no kind'");
  CHECK(runtime::IsMissingKind(mk));
  runtime::MissingVersionError mv("unstructured object has no version");
  CHECK(std::string(mv.what()) == "Object 'apiVersion' is missing in 'unstructured object has no version'");
  CHECK(runtime::IsMissingVersion(mv));
  runtime::StrictDecodingError se({"unknown field \"x\"", "duplicate field \"y\""});
  CHECK(std::string(se.what()) == "strict decoding error: unknown field \"x\", duplicate field \"y\"");
  CHECK(runtime::IsStrictDecodingError(se));
  // Inside an aggregate.
  apimachinery::AggregateError agg({std::make_exception_ptr(E::ForType("s", "T"))});
  CHECK(runtime::IsNotRegisteredError(agg));
}

TEST_CASE("New and ObjectKinds errors", "[runtime][scheme]") {
  runtime::Scheme& s = TestScheme();
  REQUIRE_THROWS_WITH(s.New({"", "v1", "Nope"}),
                      "no kind \"Nope\" is registered for version \"v1\" in scheme \"test\"");
  REQUIRE_THROWS_WITH(s.New({"", "__internal", "Nope"}),
                      "no kind \"Nope\" is registered for the internal version of group \"\" in "
                      "scheme \"test\"");
  REQUIRE_THROWS_WITH(s.ObjectKinds(UnknownType{}),
                      "no kind is registered for the type scheme_testing::UnknownType in scheme "
                      "\"test\"");
  auto obj = s.New({"custom", "v1", "TestType5"});
  CHECK(obj->GetTypeId() == apimachinery::util::TypeIdOf<ExternalTestType1>());
}

TEST_CASE("Scheme name defaults to the caller's file:line", "[runtime][scheme]") {
  runtime::Scheme s;
  CHECK(s.Name().find("runtime/scheme_test.cpp:") == 0);
}

TEST_CASE("Group versioners", "[runtime][versioner]") {
  using GVK = schema::GroupVersionKind;
  runtime::GroupVersioner internal = runtime::InternalGroupVersioner;
  CHECK(internal.Identifier() == "internal");
  CHECK(internal.KindForGroupVersionKinds({{"g", "v1", "A"}, {"g", "__internal", "B"}}) ==
        GVK{"g", "__internal", "B"});
  CHECK(internal.KindForGroupVersionKinds({{"g", "v1", "A"}, {"h", "v1", "B"}}) ==
        GVK{"g", "__internal", "A"});
  CHECK_FALSE(internal.KindForGroupVersionKinds({}));

  runtime::GroupVersioner disabled = runtime::DisabledGroupVersioner;
  CHECK(disabled.Identifier() == "disabled");
  CHECK_FALSE(disabled.KindForGroupVersionKinds({{"g", "v1", "A"}}));

  runtime::GroupVersioner gv = schema::GroupVersion{"apps", "v1"};
  CHECK(gv.Identifier() == "apps/v1");
  runtime::GroupVersioner gvs = schema::GroupVersions{{{"", "v1"}, {"apps", "v1"}}};
  CHECK(gvs.Identifier() == "[v1,apps/v1]");

  // Degenerate multi: plain GV.
  auto single = runtime::NewMultiGroupVersioner({"mygroup", "v1"}, {{"mygroup", "Foo"}});
  CHECK(single.Identifier() == "mygroup/v1");
  auto none = runtime::NewMultiGroupVersioner({"mygroup", "v1"});
  CHECK(none.Identifier() == "mygroup/v1");

  auto multi = runtime::NewMultiGroupVersioner({"mygroup", "__internal"},
                                               {{"mygroup", "Foo"}, {"anothergroup", "Bar"}});
  CHECK(
      multi.Identifier() ==
      R"({"accepted":"Foo.mygroup,Bar.anothergroup","coerce":"false","name":"multi","target":"mygroup/__internal"})");
  CHECK(multi.KindForGroupVersionKinds({{"yetanother", "v1", "Baz"}, {"anothergroup", "v1", "Bar"}}) ==
        GVK{"mygroup", "__internal", "Bar"});
  CHECK_FALSE(multi.KindForGroupVersionKinds({{"yetanother", "v1", "Baz"}}));

  auto groups =
      runtime::NewMultiGroupVersioner({"mygroup", "__internal"}, {{"mygroup", ""}, {"anothergroup", ""}});
  CHECK(groups.KindForGroupVersionKinds({{"yetanother", "v1", "Baz"}, {"anothergroup", "v1", "Bar"}}) ==
        GVK{"mygroup", "__internal", "Bar"});
  auto coercing = runtime::NewCoercingMultiGroupVersioner({"mygroup", "__internal"},
                                                          {{"mygroup", ""}, {"anothergroup", ""}});
  CHECK(coercing.KindForGroupVersionKinds({{"yetanother", "v1", "Baz"}, {"yetanother", "v1", "Bar"}}) ==
        GVK{"mygroup", "__internal", "Baz"});
  CHECK_FALSE(coercing.KindForGroupVersionKinds({}));
  CHECK(
      coercing.Identifier() ==
      R"({"accepted":".mygroup,.anothergroup","coerce":"true","name":"multi","target":"mygroup/__internal"})");
}

namespace {
struct ConvertRow {
  int number;
  std::function<std::unique_ptr<runtime::Object>()> in;
  runtime::GroupVersioner target;
  std::string error;  // substring; empty = success
  std::function<std::unique_ptr<runtime::Object>()> out;
  bool same = false;  // short-circuit: Unsafe returns the very same object
};

void CheckEqual(const runtime::Scheme& s, const runtime::Object& got, const runtime::Object& want) {
  REQUIRE(got.GetTypeId() == want.GetTypeId());
  CHECK(got.GetObjectKind() == want.GetObjectKind());
  const runtime::TypeInfo* info = s.TypeInfoFor(got.GetTypeId());
  REQUIRE(info != nullptr);
  REQUIRE(info->diff != nullptr);
  auto d = info->diff(got, want);
  CHECK_FALSE(d.has_value());
  if (d) FAIL_CHECK("first difference at " << *d);
}
}  // namespace

TEST_CASE("TestConvertToVersion: the 21-row table", "[runtime][scheme][convert]") {
  runtime::Scheme& s = TestScheme();
  using GVK = schema::GroupVersionKind;
  auto ext = [](std::string a, GVK stamp = {}) {
    return [a, stamp] {
      auto o = std::make_unique<ExternalTestType1>();
      o->a = a;
      o->SetGroupVersionKind(stamp);
      return std::unique_ptr<runtime::Object>(std::move(o));
    };
  };
  auto internal = [](std::string a) {
    return [a] {
      auto o = std::make_unique<TestType1>();
      o->a = a;
      return std::unique_ptr<runtime::Object>(std::move(o));
    };
  };
  auto unversioned = [](std::string a, GVK stamp = {}) {
    return [a, stamp] {
      auto o = std::make_unique<UnversionedType>();
      o->a = a;
      o->SetGroupVersionKind(stamp);
      return std::unique_ptr<runtime::Object>(std::move(o));
    };
  };
  auto fixed = [](GVK g) { return runtime::GroupVersioner(FixedVersioner{g}); };

  std::vector<ConvertRow> rows;
  rows.push_back(
      {1, [] { return Make<UnknownType>(); }, kExternalGV, "no kind is registered for the type", {}});
  rows.push_back({2,
                  ext("test"),
                  runtime::GroupVersioner(FixedVersioner{std::nullopt}),
                  "is not suitable for converting",
                  {}});
  rows.push_back({3, ext("test"), kInternalGV, "", internal("test")});
  // Rows 4 and 5 (unstructured input) are in unstructured_scheme_test.cpp.
  // Rows 6, 14 and 15 are not marked `same` upstream, but they take the short-circuit too (the
  // chosen GVK is one of ExternalTestType1's kinds), so Unsafe returns the same object.
  rows.push_back({6, ext("test"), schema::GroupVersions{{kInternalGV, kExternalGV}}, "",
                  ext("test", {"", "v1", "TestType1"}), true});
  rows.push_back({7, unversioned("test"), schema::GroupVersions{{kExternalGV}}, "",
                  unversioned("test", {"", "v1", "UnversionedType"}), true});
  rows.push_back({8, unversioned("test"), schema::GroupVersions{{kDifferentExternalGV}}, "",
                  unversioned("test", {"", "v1", "UnversionedType"}), true});
  rows.push_back(
      {9, ext("test"), schema::GroupVersions{{kExternalGV}}, "", ext("test", {"", "v1", "TestType1"}), true});
  rows.push_back({10, ext("test"), schema::GroupVersions{{kExternalGV, kInternalGV}}, "",
                  ext("test", {"", "v1", "TestType1"}), true});
  rows.push_back(
      {11, ext("test"), fixed({"", "v1", "TestType3"}), "", ext("test", {"", "v1", "TestType3"}), true});
  rows.push_back({12, ext("test"), fixed({"custom", "v1", "TestType3"}), "",
                  ext("test", {"custom", "v1", "TestType3"}), true});
  rows.push_back({13, ext("test"), fixed({"custom", "v1", "TestType5"}), "",
                  ext("test", {"custom", "v1", "TestType5"}), true});
  rows.push_back(
      {14, ext("test"),
       runtime::NewMultiGroupVersioner(kDifferentExternalGV, {{"custom", "TestType3"}, {"", "TestType1"}}),
       "", ext("test", {"other", "v2", "TestType1"}), true});
  rows.push_back(
      {15, ext("test"),
       runtime::NewMultiGroupVersioner(kDifferentExternalGV, {{"", "TestType1"}, {"custom", "TestType3"}}),
       "", ext("test", {"other", "v2", "TestType1"}), true});
  rows.push_back({16,
                  internal("test"),
                  runtime::NewMultiGroupVersioner(kAlternateExternalGV, {{"other", ""}, {"", "TestType5"}}),
                  "is not suitable for converting",
                  {}});
  rows.push_back({17, ext("test"),
                  runtime::NewMultiGroupVersioner(kExternalGV, {{"custom", "TestType3"}, {"", "TestType1"}}),
                  "", ext("test", {"", "v1", "TestType1"}), true});
  rows.push_back({18, ext("test"),
                  runtime::NewMultiGroupVersioner(kExternalGV, {{"", "TestType1"}, {"custom", "TestType3"}}),
                  "", ext("test", {"", "v1", "TestType1"}), true});
  rows.push_back(
      {19, internal("test"), fixed({"", "v1", "TestType3"}), "", ext("test", {"", "v1", "TestType3"})});
  rows.push_back({20, internal("test"), fixed({"custom", "v1", "TestType5"}), "",
                  ext("test", {"custom", "v1", "TestType5"})});
  rows.push_back({21, internal("basic"), kExternalGV, "", ext("basic", {"", "v1", "TestType1"})});

  for (const auto& row : rows) {
    DYNAMIC_SECTION("row " << row.number) {
      if (!row.error.empty()) {
        auto in = row.in();
        REQUIRE_THROWS_WITH(s.ConvertToVersion(*in, row.target), Catch::Contains(row.error));
        REQUIRE_THROWS_AS(s.ConvertToVersion(*in, row.target), runtime::NotRegisteredError);
        REQUIRE_THROWS_WITH(s.UnsafeConvertToVersion(row.in(), row.target), Catch::Contains(row.error));
        continue;
      }
      // Safe: never the input, input unchanged.
      auto in = row.in();
      auto before = in->DeepCopyObject();
      auto out = s.ConvertToVersion(*in, row.target);
      REQUIRE(out != nullptr);
      CHECK(out.get() != in.get());
      CheckEqual(s, *out, *row.out());
      CheckEqual(s, *in, *before);
      // Unsafe: same object when short-circuited.
      auto in2 = row.in();
      runtime::Object* raw = in2.get();
      auto out2 = s.UnsafeConvertToVersion(std::move(in2), row.target);
      CheckEqual(s, *out2, *row.out());
      if (row.same) {
        CHECK(out2.get() == raw);
      } else {
        CHECK(out2.get() != raw);
      }
    }
  }
}

TEST_CASE("ConvertToVersion passes the target as Meta context", "[runtime][scheme][convert]") {
  runtime::Scheme s("ctx");
  s.AddKnownTypes<TestType1>(kInternalGV);
  s.AddKnownTypeWithName<ExternalTestType1>(kExternalGV.WithKind("TestType1"));
  std::string seen;
  s.AddConversionFunc<TestType1, ExternalTestType1>(
      [&](const TestType1& in, ExternalTestType1& out, conversion::Scope& scope) {
        const runtime::GroupVersioner* t = runtime::TargetVersioner(scope);
        REQUIRE(t != nullptr);
        seen = t->Identifier();
        out.a = in.a;
      });
  TestType1 in;
  in.a = "x";
  auto out = s.ConvertToVersion(in, kExternalGV);
  CHECK(seen == "v1");
  CHECK(static_cast<ExternalTestType1&>(*out).a == "x");
  CHECK(out->GetObjectKind() == schema::GroupVersionKind{"", "v1", "TestType1"});
}

TEST_CASE("ConvertToVersion without a conversion function: unknown conversion", "[runtime][scheme]") {
  runtime::Scheme s("noconv");
  s.AddKnownTypes<TestType1>(kInternalGV);
  s.AddKnownTypeWithName<ExternalTestType1>(kExternalGV.WithKind("TestType1"));
  TestType1 in;
  REQUIRE_THROWS_AS(s.ConvertToVersion(in, kExternalGV), conversion::UnknownConversionError);
  REQUIRE_THROWS_WITH(s.ConvertToVersion(in, kExternalGV),
                      "converting (scheme_testing::TestType1) to (scheme_testing::ExternalTestType1): "
                      "unknown conversion");
}

TEST_CASE("TestConvert: typed Convert, round trip with manual functions called once",
          "[runtime][scheme][convert]") {
  runtime::Scheme s("rt");
  s.AddKnownTypes<TestType1>(kInternalGV);
  s.AddKnownTypeWithName<ExternalTestType1>(kExternalGV.WithKind("TestType1"));
  int to_ext = 0, to_int = 0;
  s.AddConversionFunc<TestType1, ExternalTestType1>(
      [&](const TestType1& in, ExternalTestType1& out, conversion::Scope& sc) {
        ++to_ext;
        conversion::AutoConvert(in, out, sc);
      });
  s.AddConversionFunc<ExternalTestType1, TestType1>(
      [&](const ExternalTestType1& in, TestType1& out, conversion::Scope& sc) {
        ++to_int;
        conversion::AutoConvert(in, out, sc);
      });
  TestType1 in;
  in.a = "test";
  in.b = 3;
  in.c = {"x", "y"};
  in.metadata.name = "n";
  auto ext = s.ConvertToVersion(in, kExternalGV);
  auto back = s.ConvertToVersion(*ext, kInternalGV);
  CHECK(to_ext == 1);
  CHECK(to_int == 1);
  const auto& got = static_cast<const TestType1&>(*back);
  CHECK(got.a == "test");
  CHECK(got.b == 3);
  CHECK(got.c == std::vector<std::string>{"x", "y"});
  CHECK(got.metadata.name == "n");
  CHECK(got.GetObjectKind().Empty());

  // Convert does not need registered types, only a function; context reaches the Meta.
  struct Plain {
    int v = 0;
  };
  runtime::Scheme s2("plain");
  s2.AddConversionFunc<int, Plain>([](const int& i, Plain& p, conversion::Scope& sc) {
    p.v = i + std::any_cast<int>(sc.Meta()->context);
  });
  Plain p;
  s2.Convert(4, p, 10);
  CHECK(p.v == 14);
  // Objects dispatch on their dynamic types.
  ExternalTestType1 e;
  e.a = "dyn";
  TestType1 t;
  const runtime::Object& eo = e;
  runtime::Object& to = t;
  s.Convert(eo, to);
  CHECK(t.a == "dyn");
}

TEST_CASE("Self-conversion is registered for known types (copy, clear kind)", "[runtime][scheme]") {
  runtime::Scheme& s = TestScheme();
  ExternalTestType1 a;
  a.a = "z";
  a.SetGroupVersionKind({"", "v1", "TestType1"});
  ExternalTestType1 b;
  s.Convert(a, b);
  CHECK(b.a == "z");
  CHECK(b.GetObjectKind().Empty());
}

TEST_CASE("Defaulting and field labels", "[runtime][scheme]") {
  runtime::Scheme s("def");
  s.AddKnownTypes<TestType1>(kInternalGV);
  s.AddTypeDefaultingFunc<TestType1>([](TestType1& t) {
    if (t.a.empty()) t.a = "defaulted";
  });
  TestType1 t;
  s.Default(t);
  CHECK(t.a == "defaulted");
  TestType2 other;
  s.Default(other);  // no function: nothing happens
  CHECK(other.a.empty());

  CHECK(s.ConvertFieldLabel({"", "v1", "Pod"}, "metadata.name", "x") ==
        std::pair<std::string, std::string>{"metadata.name", "x"});
  REQUIRE_THROWS_WITH(s.ConvertFieldLabel({"", "v1", "Pod"}, "spec.nodeName", "x"),
                      "\"spec.nodeName\" is not a known field selector: only \"metadata.name\", "
                      "\"metadata.namespace\"");
  s.AddFieldLabelConversionFunc({"", "v1", "Pod"}, [](std::string_view l, std::string_view v) {
    return std::pair<std::string, std::string>{std::string(l), std::string(v) + "!"};
  });
  CHECK(s.ConvertFieldLabel({"", "v1", "Pod"}, "spec.nodeName", "x").second == "x!");
}

namespace {
struct TestA : runtime::ObjectBase<TestA> {
  metav1::TypeMeta type_meta;
  friend void to_json(nlohmann::json& j, const TestA&) { j = nlohmann::json::object(); }
  friend void from_json(const nlohmann::json&, TestA&) {}
};
}  // namespace

TEST_CASE("Version priority scenarios", "[runtime][scheme][priority]") {
  using GV = schema::GroupVersion;
  auto observe = [](runtime::Scheme& s, const std::vector<GV>& gvs) {
    for (const auto& gv : gvs) s.AddKnownTypes<TestA>(gv);
  };
  auto as_set = [](const std::vector<GV>& v) { return std::set<GV>(v.begin(), v.end()); };

  SECTION("observedOnly") {
    runtime::Scheme s("p");
    observe(s, {{"", "v3"}, {"foo", "v1"}, {"foo", "v2"}, {"", "v1"}});
    CHECK(s.PrioritizedVersionsForGroup("") == std::vector<GV>{{"", "v3"}, {"", "v1"}});
    CHECK(s.PrioritizedVersionsForGroup("foo") == std::vector<GV>{{"foo", "v1"}, {"foo", "v2"}});
    CHECK(as_set(s.PreferredVersionAllGroups()) == std::set<GV>{{"", "v3"}, {"foo", "v1"}});
  }
  SECTION("specifiedOnly") {
    runtime::Scheme s("p");
    s.SetVersionPriority({{"", "v3"}, {"", "v1"}});
    s.SetVersionPriority({{"foo", "v1"}, {"foo", "v2"}});
    CHECK(s.PrioritizedVersionsForGroup("") == std::vector<GV>{{"", "v3"}, {"", "v1"}});
    CHECK(s.PrioritizedVersionsForGroup("foo") == std::vector<GV>{{"foo", "v1"}, {"foo", "v2"}});
    CHECK(as_set(s.PreferredVersionAllGroups()) == std::set<GV>{{"", "v3"}, {"foo", "v1"}});
    CHECK_FALSE(s.IsGroupRegistered("foo"));  // priorities alone do not register
  }
  SECTION("both") {
    runtime::Scheme s("p");
    s.SetVersionPriority({{"", "v3"}, {"", "v1"}});
    s.SetVersionPriority({{"foo", "v1"}, {"foo", "v2"}});
    observe(s, {{"", "v1"}, {"", "v3"}, {"", "v4"}, {"", "v5"}, {"bar", "v1"}, {"bar", "v2"}});
    CHECK(s.PrioritizedVersionsForGroup("") ==
          std::vector<GV>{{"", "v3"}, {"", "v1"}, {"", "v4"}, {"", "v5"}});
    CHECK(s.PrioritizedVersionsForGroup("foo") == std::vector<GV>{{"foo", "v1"}, {"foo", "v2"}});
    CHECK(s.PrioritizedVersionsForGroup("bar") == std::vector<GV>{{"bar", "v1"}, {"bar", "v2"}});
    CHECK(as_set(s.PreferredVersionAllGroups()) == std::set<GV>{{"", "v3"}, {"foo", "v1"}, {"bar", "v1"}});
    auto all = s.PrioritizedVersionsAllGroups();
    CHECK(all.size() == 8);
    CHECK(s.IsGroupRegistered("bar"));
    CHECK(s.IsVersionRegistered({"", "v4"}));
    CHECK_FALSE(s.IsVersionRegistered({"foo", "v1"}));
  }
  SECTION("errors") {
    runtime::Scheme s("p");
    REQUIRE_THROWS_WITH(s.SetVersionPriority({{"", "__internal"}}),
                        "internal versions cannot be prioritized: __internal");
    REQUIRE_THROWS_WITH(s.SetVersionPriority({{"foo", ""}}), "internal versions cannot be prioritized: foo/");
    REQUIRE_THROWS_WITH(s.SetVersionPriority({{"b", "v1"}, {"a", "v1"}}),
                        "must register versions for exactly one group: a, b");
    REQUIRE_THROWS_WITH(s.SetVersionPriority({}), "must register versions for exactly one group: ");
  }
  SECTION("internal and empty versions are never observed; VersionsForGroupKind is ordered") {
    runtime::Scheme s("p");
    s.AddKnownTypes<TestA>({"g", "__internal"});
    s.AddKnownTypes<TestA>({"g", "v1"});
    s.AddKnownTypes<TestA>({"g", "v2"});
    s.SetVersionPriority({{"g", "v2"}, {"g", "v1"}});
    CHECK(s.PrioritizedVersionsForGroup("g") == std::vector<GV>{{"g", "v2"}, {"g", "v1"}});
    CHECK(s.VersionsForGroupKind({"g", "TestA"}) == std::vector<GV>{{"g", "v2"}, {"g", "v1"}});
  }
}

}  // namespace runtime_scheme_test
