// util::internal::JSONTypeName: the word Go's encoding/json uses for the kind of a JSON value in an
// UnmarshalTypeError (`json: cannot unmarshal <word> into Go struct field ...`): "string", "bool",
// "number", "object", "array", "null" (encoding/json/decode.go: literalStore, d.object, d.array).
// Shared internals (util/internal/: every package may use them, users must not): the metav1 field
// readers, the field-list JSON codec and the codec's kind sniffing all name values this way.
//
// Thread-safety: pure function. Throws nothing.
#pragma once

#include <string_view>

#include <nlohmann/json.hpp>

#include "apimachinery/config.hpp"

namespace apimachinery::util::internal {

APIMACHINERY_DECL std::string_view JSONTypeName(const nlohmann::json& v) noexcept;

}  // namespace apimachinery::util::internal

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/util/internal/impl/json_type_name.ipp"
#endif
