// Definitions of the non-template functions declared in <apimachinery/runtime/unstructured_helpers.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/runtime/unstructured_helpers.hpp"

namespace apimachinery::runtime::internal {

APIMACHINERY_DECL std::vector<std::string_view> Path(const std::vector<std::string>& f) {
  return std::vector<std::string_view>(f.begin(), f.end());
}

}  // namespace apimachinery::runtime::internal

namespace apimachinery::runtime {

APIMACHINERY_DECL const nlohmann::json* NestedFieldNoCopy(const nlohmann::json& obj,
                                                          const std::vector<std::string>& fields) {
  const auto p = internal::Path(fields);
  return internal::NestedFieldNoCopy(obj, p);
}

APIMACHINERY_DECL std::optional<std::string> NestedString(const nlohmann::json& obj,
                                                          const std::vector<std::string>& fields) {
  const auto p = internal::Path(fields);
  return internal::NestedString(obj, p);
}

APIMACHINERY_DECL std::optional<std::int64_t> NestedInt64(const nlohmann::json& obj,
                                                          const std::vector<std::string>& fields) {
  const auto p = internal::Path(fields);
  return internal::NestedInt64(obj, p);
}

APIMACHINERY_DECL void SetNestedField(nlohmann::json& obj, nlohmann::json value,
                                      const std::vector<std::string>& fields) {
  const auto p = internal::Path(fields);
  internal::SetNestedField(obj, std::move(value), p);
}

APIMACHINERY_DECL void RemoveNestedField(nlohmann::json& obj, const std::vector<std::string>& fields) {
  const auto p = internal::Path(fields);
  internal::RemoveNestedField(obj, p);
}

}  // namespace apimachinery::runtime

namespace apimachinery::runtime::internal {

APIMACHINERY_DECL std::string JSONPath(FieldSpan fields) {
  std::string out;
  for (const auto f : fields) {
    out += '.';
    out += f;
  }
  if (fields.empty()) out = ".";
  return out;
}

APIMACHINERY_DECL std::string GoFloatString(double d) {
  if (std::isnan(d)) return "NaN";
  if (std::isinf(d)) return d > 0 ? "+Inf" : "-Inf";
  std::array<char, 64> buf{};
  auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), d, std::chars_format::scientific);
  if (ec != std::errc()) return fmt::format("{}", d);
  std::string sci(buf.data(), end);
  const auto epos = sci.find('e');
  const int exp = std::stoi(sci.substr(epos + 1));
  // strconv's shortest 'g': %e when the exponent is < -4 or >= 6 (eprec 6 for the shortest form).
  if (exp < -4 || exp >= 6) return sci;  // "1e+06", "1.5e-05"
  auto [fend, fec] = std::to_chars(buf.data(), buf.data() + buf.size(), d, std::chars_format::fixed);
  if (fec != std::errc()) return sci;
  return std::string(buf.data(), fend);
}

APIMACHINERY_DECL const nlohmann::json* NestedFieldNoCopy(const nlohmann::json& obj, FieldSpan fields) {
  const nlohmann::json* val = &obj;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (val->is_null()) return nullptr;
    if (!val->is_object()) {
      throw Error(fmt::format("{} accessor error: {} is of the type {}, expected map[string]interface{{}}",
                              JSONPath(fields.first(i + 1)), GoValueString(*val), GoTypeName(*val)));
    }
    auto it = val->find(fields[i]);
    if (it == val->end()) return nullptr;
    val = &*it;
  }
  return val;
}

[[noreturn]] APIMACHINERY_DECL void ThrowAccessor(FieldSpan fields, const nlohmann::json& v,
                                                  std::string_view expected) {
  throw Error(fmt::format("{} accessor error: {} is of the type {}, expected {}", JSONPath(fields),
                          GoValueString(v), GoTypeName(v), expected));
}

APIMACHINERY_DECL bool IsGoInt64(const nlohmann::json& v) noexcept {
  if (v.is_number_unsigned()) {
    return *v.get_ptr<const nlohmann::json::number_unsigned_t*>() <=
           static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
  }
  return v.is_number_integer();
}

APIMACHINERY_DECL bool IsGoFloat64(const nlohmann::json& v) noexcept {
  return v.is_number_float() || (v.is_number() && !IsGoInt64(v));
}

APIMACHINERY_DECL std::optional<std::string> NestedString(const nlohmann::json& obj, FieldSpan fields) {
  const auto* v = NestedFieldNoCopy(obj, fields);
  if (v == nullptr) return std::nullopt;
  if (!v->is_string()) ThrowAccessor(fields, *v, "string");
  return v->get<std::string>();
}

APIMACHINERY_DECL std::optional<bool> NestedBool(const nlohmann::json& obj, FieldSpan fields) {
  const auto* v = NestedFieldNoCopy(obj, fields);
  if (v == nullptr) return std::nullopt;
  if (!v->is_boolean()) ThrowAccessor(fields, *v, "bool");
  return v->get<bool>();
}

APIMACHINERY_DECL std::optional<double> NestedFloat64(const nlohmann::json& obj, FieldSpan fields) {
  const auto* v = NestedFieldNoCopy(obj, fields);
  if (v == nullptr) return std::nullopt;
  if (!IsGoFloat64(*v)) ThrowAccessor(fields, *v, "float64");
  return v->get<double>();
}

APIMACHINERY_DECL std::optional<std::int64_t> NestedInt64(const nlohmann::json& obj, FieldSpan fields) {
  const auto* v = NestedFieldNoCopy(obj, fields);
  if (v == nullptr) return std::nullopt;
  if (!IsGoInt64(*v)) ThrowAccessor(fields, *v, "int64");
  return v->get<std::int64_t>();
}

APIMACHINERY_DECL std::optional<double> NestedNumberAsFloat64(const nlohmann::json& obj, FieldSpan fields) {
  const auto* v = NestedFieldNoCopy(obj, fields);
  if (v == nullptr) return std::nullopt;
  if (IsGoFloat64(*v)) return v->get<double>();
  if (IsGoInt64(*v)) {
    const auto i = v->get<std::int64_t>();
    const auto d = static_cast<double>(i);
    // Lossless when the double converts back to the same integer (2^63 does not fit an int64).
    if (d < 9223372036854775808.0 && static_cast<std::int64_t>(d) == i) return d;
    throw Error(fmt::format("{} accessor error: int64 value {} cannot be losslessly converted to float64",
                            JSONPath(fields), i));
  }
  ThrowAccessor(fields, *v, "float64 or int64");
}

APIMACHINERY_DECL std::optional<std::vector<std::string>> NestedStringSlice(const nlohmann::json& obj,
                                                                            FieldSpan fields) {
  const auto* v = NestedFieldNoCopy(obj, fields);
  if (v == nullptr) return std::nullopt;
  if (!v->is_array()) ThrowAccessor(fields, *v, "[]interface{}");
  std::vector<std::string> out;
  out.reserve(v->size());
  for (const auto& e : *v) {
    if (!e.is_string()) {
      throw Error(fmt::format(
          "{} accessor error: contains non-string key in the slice: {} is of the type {}, expected string",
          JSONPath(fields), GoValueString(e), GoTypeName(e)));
    }
    out.push_back(e.get<std::string>());
  }
  return out;
}

APIMACHINERY_DECL std::optional<nlohmann::json> NestedSlice(const nlohmann::json& obj, FieldSpan fields) {
  const auto* v = NestedFieldNoCopy(obj, fields);
  if (v == nullptr) return std::nullopt;
  if (!v->is_array()) ThrowAccessor(fields, *v, "[]interface{}");
  return *v;
}

APIMACHINERY_DECL const nlohmann::json* NestedMapNoCopy(const nlohmann::json& obj, FieldSpan fields) {
  const auto* v = NestedFieldNoCopy(obj, fields);
  if (v == nullptr) return nullptr;
  if (!v->is_object()) ThrowAccessor(fields, *v, "map[string]interface{}");
  return v;
}

[[noreturn]] APIMACHINERY_DECL void ThrowNonStringMapValue(FieldSpan fields, std::string_view key,
                                                           const nlohmann::json& v) {
  throw Error(fmt::format(
      "{} accessor error: contains non-string value in the map under key {}: {} is of the type {}, expected "
      "string",
      JSONPath(fields), util::Quote(key), GoValueString(v), GoTypeName(v)));
}

APIMACHINERY_DECL std::optional<std::map<std::string, std::string>> NestedStringMap(const nlohmann::json& obj,
                                                                                    FieldSpan fields) {
  const auto* m = NestedMapNoCopy(obj, fields);
  if (m == nullptr) return std::nullopt;
  std::map<std::string, std::string> out;
  for (const auto& [k, e] : m->items()) {
    if (!e.is_string()) ThrowNonStringMapValue(fields, k, e);
    out.emplace(k, e.get<std::string>());
  }
  return out;
}

APIMACHINERY_DECL std::optional<std::map<std::string, std::string>> NestedNullCoercingStringMap(
    const nlohmann::json& obj, FieldSpan fields) {
  const auto* v = NestedFieldNoCopy(obj, fields);
  if (v == nullptr) return std::nullopt;
  // A null map is found and empty (Go returns a nil map with found=true).
  if (v->is_null()) return std::map<std::string, std::string>{};
  if (!v->is_object()) ThrowAccessor(fields, *v, "map[string]interface{}");
  std::map<std::string, std::string> out;
  for (const auto& [k, e] : v->items()) {
    if (e.is_null()) {
      out.emplace(k, std::string());
    } else if (e.is_string()) {
      out.emplace(k, e.get<std::string>());
    } else {
      ThrowNonStringMapValue(fields, k, e);
    }
  }
  return out;
}

APIMACHINERY_DECL std::optional<nlohmann::json> NestedMap(const nlohmann::json& obj, FieldSpan fields) {
  const auto* m = NestedMapNoCopy(obj, fields);
  if (m == nullptr) return std::nullopt;
  return *m;
}

APIMACHINERY_DECL void SetNestedField(nlohmann::json& obj, nlohmann::json value, FieldSpan fields) {
  if (fields.empty()) throw Error("SetNestedField: no fields given");
  if (obj.is_null()) obj = nlohmann::json::object();
  if (!obj.is_object()) {
    throw Error("value cannot be set because . is not a map[string]interface{}");
  }
  // Check the whole path first, so that a failure leaves `obj` unchanged.
  const nlohmann::json* probe = &obj;
  for (std::size_t i = 0; i + 1 < fields.size(); ++i) {
    auto it = probe->find(fields[i]);
    if (it == probe->end()) break;
    if (!it->is_object()) {
      throw Error(fmt::format("value cannot be set because {} is not a map[string]interface{{}}",
                              JSONPath(fields.first(i + 1))));
    }
    probe = &*it;
  }
  nlohmann::json* m = &obj;
  for (std::size_t i = 0; i + 1 < fields.size(); ++i) {
    const std::string key(fields[i]);
    auto it = m->find(key);
    if (it == m->end()) it = m->emplace(key, nlohmann::json::object()).first;
    m = &*it;
  }
  (*m)[std::string(fields.back())] = std::move(value);
}

APIMACHINERY_DECL void RemoveNestedField(nlohmann::json& obj, FieldSpan fields) {
  if (fields.empty()) return;
  nlohmann::json* m = &obj;
  for (std::size_t i = 0; i + 1 < fields.size(); ++i) {
    if (!m->is_object()) return;
    auto it = m->find(fields[i]);
    if (it == m->end() || !it->is_object()) return;
    m = &*it;
  }
  if (m->is_object()) m->erase(std::string(fields.back()));
}

}  // namespace apimachinery::runtime::internal

namespace apimachinery::runtime {

APIMACHINERY_DECL std::string_view GoTypeName(const nlohmann::json& v) noexcept {
  if (v.is_string()) return "string";
  if (v.is_boolean()) return "bool";
  if (internal::IsGoInt64(v)) return "int64";
  if (v.is_number()) return "float64";
  if (v.is_object()) return "map[string]interface {}";
  if (v.is_array()) return "[]interface {}";
  return "<nil>";
}

APIMACHINERY_DECL std::string GoValueString(const nlohmann::json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  if (internal::IsGoInt64(v)) return std::to_string(v.get<std::int64_t>());
  if (v.is_number()) return internal::GoFloatString(v.get<double>());  // float64 in Go
  if (v.is_array()) {
    std::string out = "[";
    bool first = true;
    for (const auto& e : v) {
      if (!first) out += ' ';
      first = false;
      out += GoValueString(e);
    }
    return out + "]";
  }
  if (v.is_object()) {
    std::string out = "map[";
    bool first = true;
    for (const auto& [k, e] : v.items()) {  // nlohmann objects iterate in sorted key order, as %v
      if (!first) out += ' ';
      first = false;
      out += k;
      out += ':';
      out += GoValueString(e);
    }
    return out + "]";
  }
  return "<nil>";
}

}  // namespace apimachinery::runtime
