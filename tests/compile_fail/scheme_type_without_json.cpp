// Must not compile: registering a type without JSON (no to_json/from_json found by ADL) in a
// Scheme; the diagnostic names the type and the missing function. Without
// APIMACHINERY_COMPILE_FAIL the type has hand-written JSON and registers.
#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/runtime/scheme.hpp"

namespace shop {
struct Gadget : apimachinery::runtime::ObjectBase<Gadget> {
  static constexpr std::string_view kKind = "Gadget";
  apimachinery::metav1::TypeMeta type_meta;
  apimachinery::metav1::ObjectMeta metadata;
};
#ifndef APIMACHINERY_COMPILE_FAIL
inline void to_json(nlohmann::json& j, const Gadget&) { j = nlohmann::json::object(); }
inline void from_json(const nlohmann::json&, Gadget&) {}
#endif
}  // namespace shop

int main() {
  apimachinery::runtime::Scheme scheme("shop");
  scheme.AddKnownTypes<shop::Gadget>({"shop.example.com", "v1"});
}
