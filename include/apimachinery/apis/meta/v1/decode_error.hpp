// metav1::DecodeError: the exception thrown when JSON does not fit an API type.
//
// Every from_json in apis/meta/v1 (and runtime::Unstructured / FromUnstructured) reads through
// checked helpers and throws DecodeError instead of letting nlohmann's exceptions escape (rules in
// docs/DEVELOPING.md). The text imitates Go's encoding/json, e.g.
//   json: cannot unmarshal number into Go struct field ObjectMeta.name of type string
// Inside a field-list object the path is Go's, from the document root ("ObjectMeta.metadata.name",
// util/internal/json_read.hpp); a from_json called on its own starts the path at its struct, as Go
// does for a value decoded alone. Differences from upstream: malformed JSON text carries nlohmann's
// description of the syntax error, not Go's.
//
// It is util::json::DecodeError (util/json/decode_error.hpp), the one decode error type of every
// package, under metav1's name.
// Thread-safety: immutable once constructed.
#pragma once

#include "apimachinery/util/json/decode_error.hpp"

namespace apimachinery::metav1 {

// DecodeError: JSON of the wrong shape (wrong type, bad timestamp, malformed text, missing kind).
using DecodeError = util::json::DecodeError;

}  // namespace apimachinery::metav1
