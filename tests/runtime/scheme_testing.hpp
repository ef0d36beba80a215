// Test types and the test scheme of upstream's pkg/runtime/testing (GetTestScheme), shared by the
// scheme and codec tests.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "apimachinery/conversion/fields.hpp"
#include "apimachinery/runtime/fields_json.hpp"
#include "apimachinery/runtime/interfaces.hpp"
#include "apimachinery/runtime/scheme.hpp"

namespace scheme_testing {

namespace metav1 = apimachinery::metav1;
namespace runtime = apimachinery::runtime;
namespace schema = apimachinery::schema;

// Every registered type has JSON (the Scheme requires it): field-list JSON, except
// ExternalTestType1, whose hand-written JSON uses upstream's capitalised keys.

// Internal (hub) representation.
struct TestType1 : runtime::ObjectBase<TestType1> {
  static constexpr std::string_view kKind = "TestType1";
  metav1::TypeMeta type_meta;
  metav1::ObjectMeta metadata;
  std::string a;
  int b = 0;
  std::vector<std::string> c;
};
APIMACHINERY_FIELDS(TestType1, metadata, a, b, c)
APIMACHINERY_JSON_FIELDS(TestType1)

struct TestType2 : runtime::ObjectBase<TestType2> {
  static constexpr std::string_view kKind = "TestType2";
  metav1::TypeMeta type_meta;
  std::string a;
  int b = 0;
};
APIMACHINERY_FIELDS(TestType2, a, b)
APIMACHINERY_JSON_FIELDS(TestType2)

// External representations.
struct ExternalTestType1 : runtime::ObjectBase<ExternalTestType1> {
  static constexpr std::string_view kKind = "ExternalTestType1";
  metav1::TypeMeta type_meta;
  metav1::ObjectMeta metadata;
  std::string a;
  int b = 0;
  std::vector<std::string> c;
};
APIMACHINERY_FIELDS(ExternalTestType1, metadata, a, b, c)

struct ExternalTestType2 : runtime::ObjectBase<ExternalTestType2> {
  static constexpr std::string_view kKind = "ExternalTestType2";
  metav1::TypeMeta type_meta;
  std::string a;
  int b = 0;
};
APIMACHINERY_FIELDS(ExternalTestType2, a, b)
APIMACHINERY_JSON_FIELDS(ExternalTestType2)

struct ExternalInternalSame : runtime::ObjectBase<ExternalInternalSame> {
  static constexpr std::string_view kKind = "ExternalInternalSame";
  metav1::TypeMeta type_meta;
  std::string a;
};
APIMACHINERY_FIELDS(ExternalInternalSame, a)
APIMACHINERY_JSON_FIELDS(ExternalInternalSame)

struct UnversionedType : runtime::ObjectBase<UnversionedType> {
  static constexpr std::string_view kKind = "UnversionedType";
  metav1::TypeMeta type_meta;
  std::string a;
};
APIMACHINERY_FIELDS(UnversionedType, a)
APIMACHINERY_JSON_FIELDS(UnversionedType)

struct UnknownType : runtime::ObjectBase<UnknownType> {
  metav1::TypeMeta type_meta;
};

// JSON for the typed objects (TypeMeta as apiVersion/kind, as the wire format).
inline void TypeMetaToJSON(nlohmann::json& j, const metav1::TypeMeta& tm) {
  if (!tm.api_version.empty()) j["apiVersion"] = tm.api_version;
  if (!tm.kind.empty()) j["kind"] = tm.kind;
}
inline void TypeMetaFromJSON(const nlohmann::json& j, metav1::TypeMeta& tm) {
  if (auto it = j.find("apiVersion"); it != j.end()) tm.api_version = it->get<std::string>();
  if (auto it = j.find("kind"); it != j.end()) tm.kind = it->get<std::string>();
}
inline void to_json(nlohmann::json& j, const ExternalTestType1& o) {
  j = nlohmann::json::object();
  TypeMetaToJSON(j, o.type_meta);
  if (!o.metadata.name.empty()) j["metadata"] = {{"name", o.metadata.name}};
  j["A"] = o.a;
  if (o.b != 0) j["B"] = o.b;
  if (!o.c.empty()) j["C"] = o.c;
}
inline void from_json(const nlohmann::json& j, ExternalTestType1& o) {
  TypeMetaFromJSON(j, o.type_meta);
  if (auto it = j.find("metadata"); it != j.end() && it->contains("name")) {
    o.metadata.name = it->at("name").get<std::string>();
  }
  if (auto it = j.find("A"); it != j.end()) o.a = it->get<std::string>();
  if (auto it = j.find("B"); it != j.end()) o.b = it->get<int>();
  if (auto it = j.find("C"); it != j.end()) o.c = it->get<std::vector<std::string>>();
}

inline const schema::GroupVersion kInternalGV{"", "__internal"};
inline const schema::GroupVersion kExternalGV{"", "v1"};
inline const schema::GroupVersion kAlternateExternalGV{"custom", "v1"};
inline const schema::GroupVersion kAlternateInternalGV{"custom", "__internal"};
inline const schema::GroupVersion kDifferentExternalGV{"other", "v2"};

// GetTestScheme: upstream's runtimetesting.GetTestScheme, with the conversions derived from the
// field lists (generated) instead of conversion-gen output.
inline void RegisterTestScheme(runtime::Scheme& s) {
  s.AddKnownTypes<TestType1, TestType2, ExternalInternalSame>(kInternalGV);
  s.AddKnownTypes<ExternalInternalSame>(kExternalGV);
  s.AddKnownTypeWithName<ExternalTestType1>(kExternalGV.WithKind("TestType1"));
  s.AddKnownTypeWithName<ExternalTestType2>(kExternalGV.WithKind("TestType2"));
  s.AddKnownTypeWithName<TestType1>(kInternalGV.WithKind("TestType3"));
  s.AddKnownTypeWithName<ExternalTestType1>(kExternalGV.WithKind("TestType3"));
  s.AddKnownTypeWithName<ExternalTestType1>(kExternalGV.WithKind("TestType4"));
  s.AddKnownTypeWithName<TestType1>(kAlternateInternalGV.WithKind("TestType3"));
  s.AddKnownTypeWithName<ExternalTestType1>(kAlternateExternalGV.WithKind("TestType3"));
  s.AddKnownTypeWithName<ExternalTestType1>(kAlternateExternalGV.WithKind("TestType5"));
  s.AddKnownTypeWithName<ExternalTestType1>(kDifferentExternalGV.WithKind("TestType1"));
  s.AddUnversionedTypes<UnversionedType>(kExternalGV);
  s.AddGeneratedFieldConversions<TestType1, ExternalTestType1>();
  s.AddGeneratedFieldConversions<TestType2, ExternalTestType2>();
}

}  // namespace scheme_testing
