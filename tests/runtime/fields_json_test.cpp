// Tests for runtime/fields_json.hpp: the field-list JSON codec reads every number width and every
// JSON kind with Go's rules and Go's texts, names fields by their wire keys and Go's tag options,
// and decodes real Kubernetes documents with acronym keys (clusterIP, podIPs, hostIPs).
#include "apimachinery/runtime/fields_json.hpp"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "apimachinery/runtime/codec_json.hpp"
#include "apimachinery/schema/group_version.hpp"
#include "apimachinery/util/intstr/intstr.hpp"

#include "../../examples/widgets/widgets.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace runtime_fields_json_test {

namespace runtime = apimachinery::runtime;
namespace metav1 = apimachinery::metav1;
using nlohmann::json;

// Go's test types, in a namespace `main` so GoTypeName prints `main.Container` as Go does for the
// throwaway program the tables below were printed by (go1.26, encoding/json and sigs.k8s.io/json
// UnmarshalCaseSensitivePreserveInts gave the same text for every row).
namespace main {
struct Ints {
  std::int8_t i8 = 0;
  std::int16_t i16 = 0;
  std::int32_t i32 = 0;
  std::int64_t i64 = 0;
  std::uint8_t u8 = 0;
  std::uint16_t u16 = 0;
  std::uint32_t u32 = 0;
  std::uint64_t u64 = 0;
  float f32 = 0;
  double f64 = 0;
  std::string s;
  bool b = false;
};
APIMACHINERY_FIELDS(Ints, i8, i16, i32, i64, u8, u16, u32, u64, f32, f64, s, b)
APIMACHINERY_JSON_FIELDS(Ints)

struct Port {
  std::int32_t container_port = 0;
};
APIMACHINERY_FIELDS(Port, (container_port, "containerPort"))

struct Container {
  std::string name;
  std::vector<Port> ports;
};
APIMACHINERY_FIELDS(Container, (name, "name"), (ports, "ports"))

struct Template {
  std::vector<Container> containers;
};
APIMACHINERY_FIELDS(Template, (containers, "containers"))

struct WidgetSpec {
  std::int32_t replicas = 0;
  std::int32_t min_ready_seconds = 0;
  Template template_;
  std::map<std::string, std::string> selector;
  std::vector<std::string> args;
  bool paused = false;
  std::map<std::string, std::int32_t> counts;
  std::optional<std::int32_t> opt;
  std::int64_t str = 0;
};
APIMACHINERY_FIELDS(WidgetSpec, (replicas, "replicas"), (min_ready_seconds, "minReadySeconds"),
                    (template_, "template"), (selector, "selector"), (args, "args"), (paused, "paused"),
                    (counts, "counts"), (opt, "opt"), (str, "str,string"))

struct Widget {
  metav1::TypeMeta type_meta;
  WidgetSpec spec;
};
APIMACHINERY_FIELDS(Widget, (spec, "spec"))
APIMACHINERY_JSON_FIELDS(Widget)
}  // namespace main

struct Row {
  const char* doc;
  const char* error;  // "" when Go decodes it
};

// Go's answers for every integer width, float32/float64, string and bool.
const Row kIntRows[] = {
    {R"({"i8":127})", ""},
    {R"({"i8":128})", "json: cannot unmarshal number 128 into Go struct field Ints.i8 of type int8"},
    {R"({"i8":-128})", ""},
    {R"({"i8":-129})", "json: cannot unmarshal number -129 into Go struct field Ints.i8 of type int8"},
    {R"({"i8":255})", "json: cannot unmarshal number 255 into Go struct field Ints.i8 of type int8"},
    {R"({"i8":256})", "json: cannot unmarshal number 256 into Go struct field Ints.i8 of type int8"},
    {R"({"i8":32767})", "json: cannot unmarshal number 32767 into Go struct field Ints.i8 of type int8"},
    {R"({"i8":32768})", "json: cannot unmarshal number 32768 into Go struct field Ints.i8 of type int8"},
    {R"({"i8":-32768})", "json: cannot unmarshal number -32768 into Go struct field Ints.i8 of type int8"},
    {R"({"i8":-32769})", "json: cannot unmarshal number -32769 into Go struct field Ints.i8 of type int8"},
    {R"({"i8":65535})", "json: cannot unmarshal number 65535 into Go struct field Ints.i8 of type int8"},
    {R"({"i8":65536})", "json: cannot unmarshal number 65536 into Go struct field Ints.i8 of type int8"},
    {R"({"i8":2147483647})",
     "json: cannot unmarshal number 2147483647 into Go struct field Ints.i8 of type int8"},
    {R"({"i8":2147483648})",
     "json: cannot unmarshal number 2147483648 into Go struct field Ints.i8 of type int8"},
    {R"({"i8":-2147483648})",
     "json: cannot unmarshal number -2147483648 into Go struct field Ints.i8 of type int8"},
    {R"({"i8":-2147483649})",
     "json: cannot unmarshal number -2147483649 into Go struct field Ints.i8 of type int8"},
    {R"({"i8":4294967295})",
     "json: cannot unmarshal number 4294967295 into Go struct field Ints.i8 of type int8"},
    {R"({"i8":4294967296})",
     "json: cannot unmarshal number 4294967296 into Go struct field Ints.i8 of type int8"},
    {R"({"i8":9223372036854775807})",
     "json: cannot unmarshal number 9223372036854775807 into Go struct field Ints.i8 of type int8"},
    {R"({"i8":9223372036854775808})",
     "json: cannot unmarshal number 9223372036854775808 into Go struct field Ints.i8 of type int8"},
    {R"({"i8":-9223372036854775808})",
     "json: cannot unmarshal number -9223372036854775808 into Go struct field Ints.i8 of type int8"},
    {R"({"i8":18446744073709551615})",
     "json: cannot unmarshal number 18446744073709551615 into Go struct field Ints.i8 of type int8"},
    {R"({"i8":-1})", ""},
    {R"({"i8":1.5})", "json: cannot unmarshal number 1.5 into Go struct field Ints.i8 of type int8"},
    {R"({"i8":1.0})", "json: cannot unmarshal number 1.0 into Go struct field Ints.i8 of type int8"},
    {R"({"i8":true})", "json: cannot unmarshal bool into Go struct field Ints.i8 of type int8"},
    {R"({"i8":"1"})", "json: cannot unmarshal string into Go struct field Ints.i8 of type int8"},
    {R"({"i8":[]})", "json: cannot unmarshal array into Go struct field Ints.i8 of type int8"},
    {R"({"i8":{}})", "json: cannot unmarshal object into Go struct field Ints.i8 of type int8"},
    {R"({"i8":-0})", ""},
    {R"({"i16":127})", ""},
    {R"({"i16":128})", ""},
    {R"({"i16":-128})", ""},
    {R"({"i16":-129})", ""},
    {R"({"i16":255})", ""},
    {R"({"i16":256})", ""},
    {R"({"i16":32767})", ""},
    {R"({"i16":32768})", "json: cannot unmarshal number 32768 into Go struct field Ints.i16 of type int16"},
    {R"({"i16":-32768})", ""},
    {R"({"i16":-32769})", "json: cannot unmarshal number -32769 into Go struct field Ints.i16 of type int16"},
    {R"({"i16":65535})", "json: cannot unmarshal number 65535 into Go struct field Ints.i16 of type int16"},
    {R"({"i16":65536})", "json: cannot unmarshal number 65536 into Go struct field Ints.i16 of type int16"},
    {R"({"i16":2147483647})",
     "json: cannot unmarshal number 2147483647 into Go struct field Ints.i16 of type int16"},
    {R"({"i16":2147483648})",
     "json: cannot unmarshal number 2147483648 into Go struct field Ints.i16 of type int16"},
    {R"({"i16":-2147483648})",
     "json: cannot unmarshal number -2147483648 into Go struct field Ints.i16 of type int16"},
    {R"({"i16":-2147483649})",
     "json: cannot unmarshal number -2147483649 into Go struct field Ints.i16 of type int16"},
    {R"({"i16":4294967295})",
     "json: cannot unmarshal number 4294967295 into Go struct field Ints.i16 of type int16"},
    {R"({"i16":4294967296})",
     "json: cannot unmarshal number 4294967296 into Go struct field Ints.i16 of type int16"},
    {R"({"i16":9223372036854775807})",
     "json: cannot unmarshal number 9223372036854775807 into Go struct field Ints.i16 of type int16"},
    {R"({"i16":9223372036854775808})",
     "json: cannot unmarshal number 9223372036854775808 into Go struct field Ints.i16 of type int16"},
    {R"({"i16":-9223372036854775808})",
     "json: cannot unmarshal number -9223372036854775808 into Go struct field Ints.i16 of type int16"},
    {R"({"i16":18446744073709551615})",
     "json: cannot unmarshal number 18446744073709551615 into Go struct field Ints.i16 of type int16"},
    {R"({"i16":-1})", ""},
    {R"({"i16":1.5})", "json: cannot unmarshal number 1.5 into Go struct field Ints.i16 of type int16"},
    {R"({"i16":1.0})", "json: cannot unmarshal number 1.0 into Go struct field Ints.i16 of type int16"},
    {R"({"i16":true})", "json: cannot unmarshal bool into Go struct field Ints.i16 of type int16"},
    {R"({"i16":"1"})", "json: cannot unmarshal string into Go struct field Ints.i16 of type int16"},
    {R"({"i16":[]})", "json: cannot unmarshal array into Go struct field Ints.i16 of type int16"},
    {R"({"i16":{}})", "json: cannot unmarshal object into Go struct field Ints.i16 of type int16"},
    {R"({"i16":-0})", ""},
    {R"({"i32":127})", ""},
    {R"({"i32":128})", ""},
    {R"({"i32":-128})", ""},
    {R"({"i32":-129})", ""},
    {R"({"i32":255})", ""},
    {R"({"i32":256})", ""},
    {R"({"i32":32767})", ""},
    {R"({"i32":32768})", ""},
    {R"({"i32":-32768})", ""},
    {R"({"i32":-32769})", ""},
    {R"({"i32":65535})", ""},
    {R"({"i32":65536})", ""},
    {R"({"i32":2147483647})", ""},
    {R"({"i32":2147483648})",
     "json: cannot unmarshal number 2147483648 into Go struct field Ints.i32 of type int32"},
    {R"({"i32":-2147483648})", ""},
    {R"({"i32":-2147483649})",
     "json: cannot unmarshal number -2147483649 into Go struct field Ints.i32 of type int32"},
    {R"({"i32":4294967295})",
     "json: cannot unmarshal number 4294967295 into Go struct field Ints.i32 of type int32"},
    {R"({"i32":4294967296})",
     "json: cannot unmarshal number 4294967296 into Go struct field Ints.i32 of type int32"},
    {R"({"i32":9223372036854775807})",
     "json: cannot unmarshal number 9223372036854775807 into Go struct field Ints.i32 of type int32"},
    {R"({"i32":9223372036854775808})",
     "json: cannot unmarshal number 9223372036854775808 into Go struct field Ints.i32 of type int32"},
    {R"({"i32":-9223372036854775808})",
     "json: cannot unmarshal number -9223372036854775808 into Go struct field Ints.i32 of type int32"},
    {R"({"i32":18446744073709551615})",
     "json: cannot unmarshal number 18446744073709551615 into Go struct field Ints.i32 of type int32"},
    {R"({"i32":-1})", ""},
    {R"({"i32":1.5})", "json: cannot unmarshal number 1.5 into Go struct field Ints.i32 of type int32"},
    {R"({"i32":1.0})", "json: cannot unmarshal number 1.0 into Go struct field Ints.i32 of type int32"},
    {R"({"i32":true})", "json: cannot unmarshal bool into Go struct field Ints.i32 of type int32"},
    {R"({"i32":"1"})", "json: cannot unmarshal string into Go struct field Ints.i32 of type int32"},
    {R"({"i32":[]})", "json: cannot unmarshal array into Go struct field Ints.i32 of type int32"},
    {R"({"i32":{}})", "json: cannot unmarshal object into Go struct field Ints.i32 of type int32"},
    {R"({"i32":-0})", ""},
    {R"({"i64":127})", ""},
    {R"({"i64":128})", ""},
    {R"({"i64":-128})", ""},
    {R"({"i64":-129})", ""},
    {R"({"i64":255})", ""},
    {R"({"i64":256})", ""},
    {R"({"i64":32767})", ""},
    {R"({"i64":32768})", ""},
    {R"({"i64":-32768})", ""},
    {R"({"i64":-32769})", ""},
    {R"({"i64":65535})", ""},
    {R"({"i64":65536})", ""},
    {R"({"i64":2147483647})", ""},
    {R"({"i64":2147483648})", ""},
    {R"({"i64":-2147483648})", ""},
    {R"({"i64":-2147483649})", ""},
    {R"({"i64":4294967295})", ""},
    {R"({"i64":4294967296})", ""},
    {R"({"i64":9223372036854775807})", ""},
    {R"({"i64":9223372036854775808})",
     "json: cannot unmarshal number 9223372036854775808 into Go struct field Ints.i64 of type int64"},
    {R"({"i64":-9223372036854775808})", ""},
    {R"({"i64":18446744073709551615})",
     "json: cannot unmarshal number 18446744073709551615 into Go struct field Ints.i64 of type int64"},
    {R"({"i64":-1})", ""},
    {R"({"i64":1.5})", "json: cannot unmarshal number 1.5 into Go struct field Ints.i64 of type int64"},
    {R"({"i64":1.0})", "json: cannot unmarshal number 1.0 into Go struct field Ints.i64 of type int64"},
    {R"({"i64":true})", "json: cannot unmarshal bool into Go struct field Ints.i64 of type int64"},
    {R"({"i64":"1"})", "json: cannot unmarshal string into Go struct field Ints.i64 of type int64"},
    {R"({"i64":[]})", "json: cannot unmarshal array into Go struct field Ints.i64 of type int64"},
    {R"({"i64":{}})", "json: cannot unmarshal object into Go struct field Ints.i64 of type int64"},
    {R"({"i64":-0})", ""},
    {R"({"u8":127})", ""},
    {R"({"u8":128})", ""},
    {R"({"u8":-128})", "json: cannot unmarshal number -128 into Go struct field Ints.u8 of type uint8"},
    {R"({"u8":-129})", "json: cannot unmarshal number -129 into Go struct field Ints.u8 of type uint8"},
    {R"({"u8":255})", ""},
    {R"({"u8":256})", "json: cannot unmarshal number 256 into Go struct field Ints.u8 of type uint8"},
    {R"({"u8":32767})", "json: cannot unmarshal number 32767 into Go struct field Ints.u8 of type uint8"},
    {R"({"u8":32768})", "json: cannot unmarshal number 32768 into Go struct field Ints.u8 of type uint8"},
    {R"({"u8":-32768})", "json: cannot unmarshal number -32768 into Go struct field Ints.u8 of type uint8"},
    {R"({"u8":-32769})", "json: cannot unmarshal number -32769 into Go struct field Ints.u8 of type uint8"},
    {R"({"u8":65535})", "json: cannot unmarshal number 65535 into Go struct field Ints.u8 of type uint8"},
    {R"({"u8":65536})", "json: cannot unmarshal number 65536 into Go struct field Ints.u8 of type uint8"},
    {R"({"u8":2147483647})",
     "json: cannot unmarshal number 2147483647 into Go struct field Ints.u8 of type uint8"},
    {R"({"u8":2147483648})",
     "json: cannot unmarshal number 2147483648 into Go struct field Ints.u8 of type uint8"},
    {R"({"u8":-2147483648})",
     "json: cannot unmarshal number -2147483648 into Go struct field Ints.u8 of type uint8"},
    {R"({"u8":-2147483649})",
     "json: cannot unmarshal number -2147483649 into Go struct field Ints.u8 of type uint8"},
    {R"({"u8":4294967295})",
     "json: cannot unmarshal number 4294967295 into Go struct field Ints.u8 of type uint8"},
    {R"({"u8":4294967296})",
     "json: cannot unmarshal number 4294967296 into Go struct field Ints.u8 of type uint8"},
    {R"({"u8":9223372036854775807})",
     "json: cannot unmarshal number 9223372036854775807 into Go struct field Ints.u8 of type uint8"},
    {R"({"u8":9223372036854775808})",
     "json: cannot unmarshal number 9223372036854775808 into Go struct field Ints.u8 of type uint8"},
    {R"({"u8":-9223372036854775808})",
     "json: cannot unmarshal number -9223372036854775808 into Go struct field Ints.u8 of type uint8"},
    {R"({"u8":18446744073709551615})",
     "json: cannot unmarshal number 18446744073709551615 into Go struct field Ints.u8 of type uint8"},
    {R"({"u8":-1})", "json: cannot unmarshal number -1 into Go struct field Ints.u8 of type uint8"},
    {R"({"u8":1.5})", "json: cannot unmarshal number 1.5 into Go struct field Ints.u8 of type uint8"},
    {R"({"u8":1.0})", "json: cannot unmarshal number 1.0 into Go struct field Ints.u8 of type uint8"},
    {R"({"u8":true})", "json: cannot unmarshal bool into Go struct field Ints.u8 of type uint8"},
    {R"({"u8":"1"})", "json: cannot unmarshal string into Go struct field Ints.u8 of type uint8"},
    {R"({"u8":[]})", "json: cannot unmarshal array into Go struct field Ints.u8 of type uint8"},
    {R"({"u8":{}})", "json: cannot unmarshal object into Go struct field Ints.u8 of type uint8"},
    {R"({"u16":127})", ""},
    {R"({"u16":128})", ""},
    {R"({"u16":-128})", "json: cannot unmarshal number -128 into Go struct field Ints.u16 of type uint16"},
    {R"({"u16":-129})", "json: cannot unmarshal number -129 into Go struct field Ints.u16 of type uint16"},
    {R"({"u16":255})", ""},
    {R"({"u16":256})", ""},
    {R"({"u16":32767})", ""},
    {R"({"u16":32768})", ""},
    {R"({"u16":-32768})",
     "json: cannot unmarshal number -32768 into Go struct field Ints.u16 of type uint16"},
    {R"({"u16":-32769})",
     "json: cannot unmarshal number -32769 into Go struct field Ints.u16 of type uint16"},
    {R"({"u16":65535})", ""},
    {R"({"u16":65536})", "json: cannot unmarshal number 65536 into Go struct field Ints.u16 of type uint16"},
    {R"({"u16":2147483647})",
     "json: cannot unmarshal number 2147483647 into Go struct field Ints.u16 of type uint16"},
    {R"({"u16":2147483648})",
     "json: cannot unmarshal number 2147483648 into Go struct field Ints.u16 of type uint16"},
    {R"({"u16":-2147483648})",
     "json: cannot unmarshal number -2147483648 into Go struct field Ints.u16 of type uint16"},
    {R"({"u16":-2147483649})",
     "json: cannot unmarshal number -2147483649 into Go struct field Ints.u16 of type uint16"},
    {R"({"u16":4294967295})",
     "json: cannot unmarshal number 4294967295 into Go struct field Ints.u16 of type uint16"},
    {R"({"u16":4294967296})",
     "json: cannot unmarshal number 4294967296 into Go struct field Ints.u16 of type uint16"},
    {R"({"u16":9223372036854775807})",
     "json: cannot unmarshal number 9223372036854775807 into Go struct field Ints.u16 of type uint16"},
    {R"({"u16":9223372036854775808})",
     "json: cannot unmarshal number 9223372036854775808 into Go struct field Ints.u16 of type uint16"},
    {R"({"u16":-9223372036854775808})",
     "json: cannot unmarshal number -9223372036854775808 into Go struct field Ints.u16 of type uint16"},
    {R"({"u16":18446744073709551615})",
     "json: cannot unmarshal number 18446744073709551615 into Go struct field Ints.u16 of type uint16"},
    {R"({"u16":-1})", "json: cannot unmarshal number -1 into Go struct field Ints.u16 of type uint16"},
    {R"({"u16":1.5})", "json: cannot unmarshal number 1.5 into Go struct field Ints.u16 of type uint16"},
    {R"({"u16":1.0})", "json: cannot unmarshal number 1.0 into Go struct field Ints.u16 of type uint16"},
    {R"({"u16":true})", "json: cannot unmarshal bool into Go struct field Ints.u16 of type uint16"},
    {R"({"u16":"1"})", "json: cannot unmarshal string into Go struct field Ints.u16 of type uint16"},
    {R"({"u16":[]})", "json: cannot unmarshal array into Go struct field Ints.u16 of type uint16"},
    {R"({"u16":{}})", "json: cannot unmarshal object into Go struct field Ints.u16 of type uint16"},
    {R"({"u32":127})", ""},
    {R"({"u32":128})", ""},
    {R"({"u32":-128})", "json: cannot unmarshal number -128 into Go struct field Ints.u32 of type uint32"},
    {R"({"u32":-129})", "json: cannot unmarshal number -129 into Go struct field Ints.u32 of type uint32"},
    {R"({"u32":255})", ""},
    {R"({"u32":256})", ""},
    {R"({"u32":32767})", ""},
    {R"({"u32":32768})", ""},
    {R"({"u32":-32768})",
     "json: cannot unmarshal number -32768 into Go struct field Ints.u32 of type uint32"},
    {R"({"u32":-32769})",
     "json: cannot unmarshal number -32769 into Go struct field Ints.u32 of type uint32"},
    {R"({"u32":65535})", ""},
    {R"({"u32":65536})", ""},
    {R"({"u32":2147483647})", ""},
    {R"({"u32":2147483648})", ""},
    {R"({"u32":-2147483648})",
     "json: cannot unmarshal number -2147483648 into Go struct field Ints.u32 of type uint32"},
    {R"({"u32":-2147483649})",
     "json: cannot unmarshal number -2147483649 into Go struct field Ints.u32 of type uint32"},
    {R"({"u32":4294967295})", ""},
    {R"({"u32":4294967296})",
     "json: cannot unmarshal number 4294967296 into Go struct field Ints.u32 of type uint32"},
    {R"({"u32":9223372036854775807})",
     "json: cannot unmarshal number 9223372036854775807 into Go struct field Ints.u32 of type uint32"},
    {R"({"u32":9223372036854775808})",
     "json: cannot unmarshal number 9223372036854775808 into Go struct field Ints.u32 of type uint32"},
    {R"({"u32":-9223372036854775808})",
     "json: cannot unmarshal number -9223372036854775808 into Go struct field Ints.u32 of type uint32"},
    {R"({"u32":18446744073709551615})",
     "json: cannot unmarshal number 18446744073709551615 into Go struct field Ints.u32 of type uint32"},
    {R"({"u32":-1})", "json: cannot unmarshal number -1 into Go struct field Ints.u32 of type uint32"},
    // `-0` is refused for unsigned members (strconv.ParseUint) and accepted for signed ones; `-0.0`
    // is a float. A refused number is named by its literal as written (Go 1.26, sigs.k8s.io/json).
    {R"({"u32":-0})", "json: cannot unmarshal number -0 into Go struct field Ints.u32 of type uint32"},
    {R"({"u8":-0})", "json: cannot unmarshal number -0 into Go struct field Ints.u8 of type uint8"},
    {R"({"u64":-0})", "json: cannot unmarshal number -0 into Go struct field Ints.u64 of type uint64"},
    {R"({"i32":-0})", ""},
    {R"({"i8":-0})", ""},
    {R"({"u32":0})", ""},
    {R"({"u32":-0.0})", "json: cannot unmarshal number -0.0 into Go struct field Ints.u32 of type uint32"},
    {R"({"u32":1.50})", "json: cannot unmarshal number 1.50 into Go struct field Ints.u32 of type uint32"},
    {R"({"i32":1e2})", "json: cannot unmarshal number 1e2 into Go struct field Ints.i32 of type int32"},
    {R"({"i32":1E2})", "json: cannot unmarshal number 1E2 into Go struct field Ints.i32 of type int32"},
    {R"({"i64":0.0})", "json: cannot unmarshal number 0.0 into Go struct field Ints.i64 of type int64"},
    {R"({"u64":18446744073709551616})",
     "json: cannot unmarshal number 18446744073709551616 into Go struct field Ints.u64 of type uint64"},
    {R"({"f32":1e39})", "json: cannot unmarshal number 1e39 into Go struct field Ints.f32 of type float32"},
    {R"({"f32":-0})", ""},
    {R"({"u32":1.5})", "json: cannot unmarshal number 1.5 into Go struct field Ints.u32 of type uint32"},
    {R"({"u32":1.0})", "json: cannot unmarshal number 1.0 into Go struct field Ints.u32 of type uint32"},
    {R"({"u32":true})", "json: cannot unmarshal bool into Go struct field Ints.u32 of type uint32"},
    {R"({"u32":"1"})", "json: cannot unmarshal string into Go struct field Ints.u32 of type uint32"},
    {R"({"u32":[]})", "json: cannot unmarshal array into Go struct field Ints.u32 of type uint32"},
    {R"({"u32":{}})", "json: cannot unmarshal object into Go struct field Ints.u32 of type uint32"},
    {R"({"u64":127})", ""},
    {R"({"u64":128})", ""},
    {R"({"u64":-128})", "json: cannot unmarshal number -128 into Go struct field Ints.u64 of type uint64"},
    {R"({"u64":-129})", "json: cannot unmarshal number -129 into Go struct field Ints.u64 of type uint64"},
    {R"({"u64":255})", ""},
    {R"({"u64":256})", ""},
    {R"({"u64":32767})", ""},
    {R"({"u64":32768})", ""},
    {R"({"u64":-32768})",
     "json: cannot unmarshal number -32768 into Go struct field Ints.u64 of type uint64"},
    {R"({"u64":-32769})",
     "json: cannot unmarshal number -32769 into Go struct field Ints.u64 of type uint64"},
    {R"({"u64":65535})", ""},
    {R"({"u64":65536})", ""},
    {R"({"u64":2147483647})", ""},
    {R"({"u64":2147483648})", ""},
    {R"({"u64":-2147483648})",
     "json: cannot unmarshal number -2147483648 into Go struct field Ints.u64 of type uint64"},
    {R"({"u64":-2147483649})",
     "json: cannot unmarshal number -2147483649 into Go struct field Ints.u64 of type uint64"},
    {R"({"u64":4294967295})", ""},
    {R"({"u64":4294967296})", ""},
    {R"({"u64":9223372036854775807})", ""},
    {R"({"u64":9223372036854775808})", ""},
    {R"({"u64":-9223372036854775808})",
     "json: cannot unmarshal number -9223372036854775808 into Go struct field Ints.u64 of type uint64"},
    {R"({"u64":18446744073709551615})", ""},
    {R"({"u64":-1})", "json: cannot unmarshal number -1 into Go struct field Ints.u64 of type uint64"},
    {R"({"u64":1.5})", "json: cannot unmarshal number 1.5 into Go struct field Ints.u64 of type uint64"},
    {R"({"u64":1.0})", "json: cannot unmarshal number 1.0 into Go struct field Ints.u64 of type uint64"},
    {R"({"u64":true})", "json: cannot unmarshal bool into Go struct field Ints.u64 of type uint64"},
    {R"({"u64":"1"})", "json: cannot unmarshal string into Go struct field Ints.u64 of type uint64"},
    {R"({"u64":[]})", "json: cannot unmarshal array into Go struct field Ints.u64 of type uint64"},
    {R"({"u64":{}})", "json: cannot unmarshal object into Go struct field Ints.u64 of type uint64"},
    {R"({"f32":3.4028234663852886e+38})", ""},
    {R"({"f32":3.5e+38})",
     "json: cannot unmarshal number 3.5e+38 into Go struct field Ints.f32 of type float32"},
    {R"({"f32":1e+39})", "json: cannot unmarshal number 1e+39 into Go struct field Ints.f32 of type float32"},
    {R"({"f32":-1e+39})",
     "json: cannot unmarshal number -1e+39 into Go struct field Ints.f32 of type float32"},
    {R"({"f32":1.5})", ""},
    {R"({"f32":1})", ""},
    {R"({"f32":true})", "json: cannot unmarshal bool into Go struct field Ints.f32 of type float32"},
    {R"({"f32":"x"})", "json: cannot unmarshal string into Go struct field Ints.f32 of type float32"},
    {R"({"f64":1e+308})", ""},
    {R"({"f64":1})", ""},
    {R"({"f64":"x"})", "json: cannot unmarshal string into Go struct field Ints.f64 of type float64"},
    {R"({"f64":{}})", "json: cannot unmarshal object into Go struct field Ints.f64 of type float64"},
    {R"({"s":1})", "json: cannot unmarshal number into Go struct field Ints.s of type string"},
    {R"({"s":true})", "json: cannot unmarshal bool into Go struct field Ints.s of type string"},
    {R"({"s":[]})", "json: cannot unmarshal array into Go struct field Ints.s of type string"},
    {R"({"s":{}})", "json: cannot unmarshal object into Go struct field Ints.s of type string"},
    {R"({"b":1})", "json: cannot unmarshal number into Go struct field Ints.b of type bool"},
    {R"({"b":"true"})", "json: cannot unmarshal string into Go struct field Ints.b of type bool"},
    {R"({"b":[]})", "json: cannot unmarshal array into Go struct field Ints.b of type bool"},
    {R"({"b":{}})", "json: cannot unmarshal object into Go struct field Ints.b of type bool"},
};

const Row kWidgetRows[] = {
    {R"({"spec":{"replicas":4294967298}})",
     "json: cannot unmarshal number 4294967298 into Go struct field WidgetSpec.spec.replicas of type int32"},
    {R"({"spec":{"minReadySeconds":-4294967295}})",
     "json: cannot unmarshal number -4294967295 into Go struct field WidgetSpec.spec.minReadySeconds of type "
     "int32"},
    {R"({"spec":{"replicas":"3"}})",
     "json: cannot unmarshal string into Go struct field WidgetSpec.spec.replicas of type int32"},
    {R"({"spec":{"template":{"containers":[{"name":"a","ports":[{"containerPort":"x"}]}]}}})",
     "json: cannot unmarshal string into Go struct field Port.spec.template.containers.ports.containerPort "
     "of type int32"},
    {R"({"spec":{"template":{"containers":[{"name":1}]}}})",
     "json: cannot unmarshal number into Go struct field Container.spec.template.containers.name of type "
     "string"},
    {R"({"spec":{"template":{"containers":{}}}})",
     "json: cannot unmarshal object into Go struct field Template.spec.template.containers of type "
     "[]main.Container"},
    {R"({"spec":{"template":{"containers":[1]}}})",
     "json: cannot unmarshal number into Go struct field Template.spec.template.containers of type "
     "main.Container"},
    {R"({"spec":{"template":"x"}})",
     "json: cannot unmarshal string into Go struct field WidgetSpec.spec.template of type main.Template"},
    {R"({"spec":"x"})",
     "json: cannot unmarshal string into Go struct field Widget.spec of type main.WidgetSpec"},
    {R"("x")", "json: cannot unmarshal string into Go value of type main.Widget"},
    {R"([])", "json: cannot unmarshal array into Go value of type main.Widget"},
    {R"({"spec":{"selector":{"a":1}}})",
     "json: cannot unmarshal number into Go struct field WidgetSpec.spec.selector of type string"},
    {R"({"spec":{"selector":[]}})",
     "json: cannot unmarshal array into Go struct field WidgetSpec.spec.selector of type map[string]string"},
    {R"({"spec":{"args":["a",1]}})",
     "json: cannot unmarshal number into Go struct field WidgetSpec.spec.args of type string"},
    {R"({"spec":{"args":"a"}})",
     "json: cannot unmarshal string into Go struct field WidgetSpec.spec.args of type []string"},
    {R"({"spec":{"paused":"true"}})",
     "json: cannot unmarshal string into Go struct field WidgetSpec.spec.paused of type bool"},
    {R"({"spec":{"counts":{"a":"x"}}})",
     "json: cannot unmarshal string into Go struct field WidgetSpec.spec.counts of type int32"},
    {R"({"spec":{"counts":{"a":1.5}}})",
     "json: cannot unmarshal number 1.5 into Go struct field WidgetSpec.spec.counts of type int32"},
    {R"({"spec":{"opt":"x"}})",
     "json: cannot unmarshal string into Go struct field WidgetSpec.spec.opt of type int32"},
    {R"({"spec":{"opt":1.5}})",
     "json: cannot unmarshal number 1.5 into Go struct field WidgetSpec.spec.opt of type int32"},
    {R"({"spec":{"str":1}})",
     "json: invalid use of ,string struct tag, trying to unmarshal unquoted value into int64"},
    {R"({"spec":{"str":"x"}})",
     "json: invalid use of ,string struct tag, trying to unmarshal \"x\" into int64"},
    {R"({"spec":{"str":"1.5"}})",
     "json: cannot unmarshal number 1.5 into Go struct field WidgetSpec.spec.str of type int64"},
    {R"({"spec":{"str":"99999999999999999999"}})",
     "json: cannot unmarshal number 99999999999999999999 into Go struct field WidgetSpec.spec.str of type "
     "int64"},
    {R"({"spec":{"str":"12"}})", ""},
    {R"({"apiVersion":1})",
     "json: cannot unmarshal number into Go struct field Widget.TypeMeta.apiVersion of type string"},
    {R"({"kind":true})",
     "json: cannot unmarshal bool into Go struct field Widget.TypeMeta.kind of type string"},
};

// Decodes the text as the serializer does (the refused numbers' literals known).
std::string DecodeError(const char* doc, auto& out) {
  try {
    runtime::UnmarshalJSON(doc, out);
  } catch (const metav1::DecodeError& e) {
    return e.what();
  }
  return "";
}

TEST_CASE("FieldsFromJSON: every number width, float32 and the JSON kinds give Go's texts",
          "[runtime][fields_json]") {
  for (const auto& row : kIntRows) {
    main::Ints v;
    INFO(row.doc);
    CHECK(DecodeError(row.doc, v) == row.error);
    if (*row.error == '\0') {
      // Accepted values are stored exactly: written back, the member gives the same number.
      const json in = json::parse(row.doc);
      const json out = json(v);
      const std::string key = in.begin().key();
      if (in.begin()->is_number_integer() && *in.begin() != 0) CHECK(out.at(key) == *in.begin());
    }
  }
}

// The model: an integer JSON value fits a member iff it lies within the member type's range.
template <typename Int>
void CheckIntegerAgainstModel(const char* key, const char* go_type, const json& value) {
  main::Ints v;
  const json doc = {{key, value}};
  bool fits = false;
  if (value.is_number_unsigned()) {
    fits = value.get<std::uint64_t>() <= static_cast<std::uint64_t>(std::numeric_limits<Int>::max());
  } else {
    const auto i = value.get<std::int64_t>();
    fits = i >= 0
               ? static_cast<std::uint64_t>(i) <= static_cast<std::uint64_t>(std::numeric_limits<Int>::max())
               : std::is_signed_v<Int> && i >= static_cast<std::int64_t>(std::numeric_limits<Int>::min());
  }
  INFO(doc.dump());
  try {
    doc.get_to(v);
    CHECK(fits);
    CHECK(json(v).value(key, json(0)) == value);
  } catch (const metav1::DecodeError& e) {
    CHECK_FALSE(fits);
    CHECK(std::string(e.what()) == "json: cannot unmarshal number " + value.dump() +
                                       " into Go struct field Ints." + key + " of type " + go_type);
  }
}

TEST_CASE("FieldsFromJSON: integers of every width against a range model", "[runtime][fields_json]") {
  std::mt19937_64 rng(13);
  std::vector<json> values;
  for (int bits = 0; bits < 64; ++bits) {
    const std::uint64_t p = std::uint64_t{1} << bits;
    for (std::uint64_t d : {p - 1, p, p + 1}) values.emplace_back(d);
    if (bits < 63) {
      for (std::int64_t d : {-static_cast<std::int64_t>(p) - 1, -static_cast<std::int64_t>(p),
                             -static_cast<std::int64_t>(p) + 1}) {
        values.emplace_back(d);
      }
    }
  }
  values.emplace_back(std::numeric_limits<std::int64_t>::min());
  values.emplace_back(std::numeric_limits<std::uint64_t>::max());
  for (int i = 0; i < 200; ++i) {
    const std::uint64_t r = rng();
    values.emplace_back(r >> (r % 64));
    values.emplace_back(-static_cast<std::int64_t>(r >> (1 + r % 63)));
  }
  for (const auto& value : values) {
    CheckIntegerAgainstModel<std::int8_t>("i8", "int8", value);
    CheckIntegerAgainstModel<std::int16_t>("i16", "int16", value);
    CheckIntegerAgainstModel<std::int32_t>("i32", "int32", value);
    CheckIntegerAgainstModel<std::int64_t>("i64", "int64", value);
    CheckIntegerAgainstModel<std::uint8_t>("u8", "uint8", value);
    CheckIntegerAgainstModel<std::uint16_t>("u16", "uint16", value);
    CheckIntegerAgainstModel<std::uint32_t>("u32", "uint32", value);
    CheckIntegerAgainstModel<std::uint64_t>("u64", "uint64", value);
  }
}

TEST_CASE("FieldsFromJSON: the field path from the document root, the innermost struct and Go's type names",
          "[runtime][fields_json]") {
  for (const auto& row : kWidgetRows) {
    main::Widget w;
    INFO(row.doc);
    CHECK(DecodeError(row.doc, w) == row.error);
  }
  main::Widget w;
  REQUIRE(DecodeError(R"({"spec":{"str":"12","opt":5,"counts":{"a":-3}}})", w).empty());
  CHECK(w.spec.str == 12);
  CHECK(w.spec.opt == 5);
  CHECK(w.spec.counts.at("a") == -3);
}

TEST_CASE("FieldsAppendJSON writes a float32 member as Go's float32 encoder", "[runtime][fields_json]") {
  main::Ints v;
  v.f32 = 0.1f;
  v.f64 = 0.1;
  std::string out;
  runtime::FieldsAppendJSON(out, v);
  CHECK(out == R"({"f32":0.1,"f64":0.1})");  // Go: json.Marshal(struct{F32 float32; F64 float64})
  main::Ints back;
  runtime::UnmarshalJSON(out, back);
  CHECK(back.f32 == 0.1f);
}

TEST_CASE("FieldsToJSON: fields without omitempty write zero values as Go does", "[runtime][fields_json]") {
  // Go: json.Marshal(Widget{}) of the same types.
  CHECK(json(main::Widget{}) ==
        json::parse(
            R"({"spec":{"replicas":0,"minReadySeconds":0,"template":{"containers":null},"selector":null,)"
            R"("args":null,"paused":false,"counts":null,"opt":null,"str":"0"}})"));
  main::Widget w;
  w.spec.str = -7;
  w.spec.opt = 0;
  w.spec.args = {"a"};
  const json j = w;
  CHECK(j["spec"]["str"] == "-7");
  CHECK(j["spec"]["opt"] == 0);
  CHECK(j["spec"]["args"] == json::array({"a"}));
  main::Widget back;
  j.get_to(back);
  CHECK(back.spec.str == -7);
  CHECK(back.spec.opt == 0);
}

TEST_CASE("Field list: the example Widget's int32 replicas refuse 4294967298, strict or not",
          "[runtime][fields_json]") {
  runtime::Scheme scheme("fields-json");
  widgets::AddToScheme(scheme);
  const std::string doc =
      R"({"apiVersion":"widgets.example.com/v1","kind":"Widget","metadata":{"name":"a"},"spec":{"replicas":4294967298}})";
  const std::string want =
      "json: cannot unmarshal number 4294967298 into Go struct field WidgetSpec.spec.replicas of type int32";
  for (bool strict : {false, true}) {
    runtime::JSONSerializer codec(scheme, runtime::JSONSerializerOptions{.strict = strict});
    INFO(strict);
    CHECK_THROWS_WITH(codec.Decode(doc), Catch::Contains(want));
  }
  widgets::v1::Widget w;
  CHECK(DecodeError(R"({"spec":{"minReadySeconds":-4294967295}})", w) ==
        "json: cannot unmarshal number -4294967295 into Go struct field WidgetSpec.spec.minReadySeconds of "
        "type "
        "int32");
  CHECK(DecodeError(R"({"spec":{"template":{"containers":[{"ports":[{"containerPort":1.5}]}]}}})", w) ==
        "json: cannot unmarshal number 1.5 into Go struct field ContainerPort.spec.template.containers.ports."
        "containerPort of type int32");
  CHECK(DecodeError(R"({"status":{"observedGeneration":9223372036854775808}})", w) ==
        "json: cannot unmarshal number 9223372036854775808 into Go struct field WidgetStatus.status."
        "observedGeneration of type int64");
  CHECK(DecodeError(R"({"spec":{"template":{"containers":{}}}})", w) ==
        "json: cannot unmarshal object into Go struct field PodTemplate.spec.template.containers of type "
        "[]external.Container");
}

TEST_CASE("Field list: metadata errors name the path through the object, as Go's do",
          "[runtime][fields_json]") {
  // Go: json.Unmarshal into a corev1.Pod (the same ObjectMeta).
  widgets::v1::Widget w;
  CHECK(DecodeError(R"({"metadata":{"name":1}})", w) ==
        "json: cannot unmarshal number into Go struct field ObjectMeta.metadata.name of type string");
  CHECK(DecodeError(R"({"metadata":"x"})", w) ==
        "json: cannot unmarshal string into Go struct field Widget.metadata of type v1.ObjectMeta");
  CHECK(DecodeError(R"({"metadata":{"ownerReferences":["x"]}})", w) ==
        "json: cannot unmarshal string into Go struct field ObjectMeta.metadata.ownerReferences of type "
        "v1.OwnerReference");
  CHECK(DecodeError(R"({"metadata":{"labels":{"a":1}}})", w) ==
        "json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string");
  CHECK(
      DecodeError(R"({"metadata":{"generation":1.5}})", w) ==
      "json: cannot unmarshal number 1.5 into Go struct field ObjectMeta.metadata.generation of type int64");
  CHECK(DecodeError(R"({"apiVersion":1})", w) ==
        "json: cannot unmarshal number into Go struct field Widget.TypeMeta.apiVersion of type string");
  // Outside any field, the metav1 readers keep naming the struct alone.
  metav1::ObjectMeta m;
  CHECK(DecodeError(R"({"name":1})", m) ==
        "json: cannot unmarshal number into Go struct field ObjectMeta.name of type string");
  CHECK(DecodeError("3", m) == "json: cannot unmarshal number into Go value of type v1.ObjectMeta");
}

// Tags: inline embedding, `-`, a bare member (derived key, omitempty) next to tagged ones. Go's
// json.Marshal / json.Unmarshal of the same struct (Common embedded with `json:",inline"`) print
// the documents and error texts asserted below.
namespace tags {
struct Common {
  std::string name;
  std::map<std::string, std::string> labels;
};
APIMACHINERY_FIELDS(Common, (name, "name,omitempty"), (labels, "labels,omitempty"))

struct Outer {
  Common common;
  std::string url;
  std::string pod_cidr;
  std::string cache;
  std::int32_t retries = 0;
  bool enabled = false;
};
APIMACHINERY_FIELDS(Outer, (common, ",inline"), (url, "URL"), (pod_cidr, "podCIDR,omitempty"), (cache, "-"),
                    retries, (enabled, "enabled,string,omitempty"))
APIMACHINERY_JSON_FIELDS(Outer)
}  // namespace tags

TEST_CASE("Field list: wire keys and Go's tag options", "[runtime][fields_json]") {
  namespace conversion = apimachinery::conversion;
  constexpr auto& f = conversion::kFields<tags::Outer>;
  STATIC_REQUIRE(std::get<1>(f).key() == "URL");
  STATIC_REQUIRE(std::get<2>(f).key() == "podCIDR");
  STATIC_REQUIRE(std::get<2>(f).tag.omitempty);
  STATIC_REQUIRE(!std::get<1>(f).tag.omitempty);
  STATIC_REQUIRE(std::get<0>(f).tag.inline_);
  STATIC_REQUIRE(std::get<3>(f).tag.skip);
  STATIC_REQUIRE(std::get<4>(f).key() == "retries");  // bare: derived key, omitempty
  STATIC_REQUIRE(std::get<4>(f).tag.omitempty);
  STATIC_REQUIRE(!std::get<4>(f).tagged);
  STATIC_REQUIRE(std::get<5>(f).tag.string);
  STATIC_REQUIRE(std::get<0>(conversion::kFields<widgets::v1::WidgetSpec>).key() == "replicas");
  STATIC_REQUIRE(std::get<2>(conversion::kFields<widgets::v1::WidgetSpec>).key() == "template");

  tags::Outer o;
  CHECK(json(o) == json::parse(R"({"URL":""})"));
  o.common.name = "n";
  o.common.labels = {{"a", "b"}};
  o.url = "https://x";
  o.pod_cidr = "10.0.0.0/24";
  o.cache = "not on the wire";
  o.retries = 2;
  o.enabled = true;
  const json j = o;
  CHECK(
      j ==
      json::parse(
          R"({"name":"n","labels":{"a":"b"},"URL":"https://x","podCIDR":"10.0.0.0/24","retries":2,"enabled":"true"})"));
  tags::Outer back;
  back.cache = "kept";
  j.get_to(back);
  CHECK(back.common.name == "n");
  CHECK(back.common.labels == o.common.labels);
  CHECK(back.url == o.url);
  CHECK(back.pod_cidr == o.pod_cidr);
  CHECK(back.cache == "kept");  // `-`: not read, not reset
  CHECK(back.retries == 2);
  CHECK(back.enabled);

  // Promoted fields: Go names the embedded struct in the path (`Outer.Common.name`).
  CHECK(DecodeError(R"({"name":1})", back) ==
        "json: cannot unmarshal number into Go struct field Outer.Common.name of type string");
  CHECK(DecodeError(R"({"enabled":true})", back) ==
        "json: invalid use of ,string struct tag, trying to unmarshal unquoted value into bool");
  CHECK(DecodeError(R"({"enabled":"yes"})", back) ==
        "json: invalid use of ,string struct tag, trying to unmarshal \"yes\" into bool");
  // Keys are case-sensitive (sigs.k8s.io/json), and `-` or the C++ name is not a key.
  runtime::StrictFieldErrors strict;
  runtime::FieldsFromJSON(j, back, &strict);
  CHECK(strict.errors().empty());
  runtime::FieldsFromJSON(json::parse(R"({"url":"x","cache":"y","common":{},"-":1})"), back, &strict);
  CHECK(strict.errors() == std::vector<std::string>{"unknown field \"-\"", "unknown field \"cache\"",
                                                    "unknown field \"common\"", "unknown field \"url\""});
}

// Real objects with acronym keys: core/v1 Service and a Pod's status, field by field as k8s.io/api
// core/v1/types.go tags them.
namespace corev1 {
struct ServicePort {
  std::string name;
  std::string protocol;
  std::optional<std::string> app_protocol;
  std::int32_t port = 0;
  json target_port;  // intstr.IntOrString
  std::int32_t node_port = 0;
};
APIMACHINERY_FIELDS(ServicePort, (name, "name,omitempty"), (protocol, "protocol,omitempty"),
                    (app_protocol, "appProtocol,omitempty"), (port, "port"),
                    (target_port, "targetPort,omitempty"), (node_port, "nodePort,omitempty"))

struct ClientIPConfig {
  std::optional<std::int32_t> timeout_seconds;
};
APIMACHINERY_FIELDS(ClientIPConfig, (timeout_seconds, "timeoutSeconds,omitempty"))

struct SessionAffinityConfig {
  std::optional<ClientIPConfig> client_ip;
};
APIMACHINERY_FIELDS(SessionAffinityConfig, (client_ip, "clientIP,omitempty"))

struct ServiceSpec {
  std::vector<ServicePort> ports;
  std::map<std::string, std::string> selector;
  std::string cluster_ip;
  std::vector<std::string> cluster_ips;
  std::string type;
  std::vector<std::string> external_ips;
  std::string session_affinity;
  std::string load_balancer_ip;
  std::vector<std::string> load_balancer_source_ranges;
  std::string external_name;
  std::string external_traffic_policy;
  std::int32_t health_check_node_port = 0;
  bool publish_not_ready_addresses = false;
  std::optional<SessionAffinityConfig> session_affinity_config;
  std::vector<std::string> ip_families;
  std::optional<std::string> ip_family_policy;
  std::optional<bool> allocate_load_balancer_node_ports;
  std::optional<std::string> load_balancer_class;
  std::optional<std::string> internal_traffic_policy;
  std::optional<std::string> traffic_distribution;
};
APIMACHINERY_FIELDS(ServiceSpec, (ports, "ports,omitempty"), (selector, "selector,omitempty"),
                    (cluster_ip, "clusterIP,omitempty"), (cluster_ips, "clusterIPs,omitempty"),
                    (type, "type,omitempty"), (external_ips, "externalIPs,omitempty"),
                    (session_affinity, "sessionAffinity,omitempty"),
                    (load_balancer_ip, "loadBalancerIP,omitempty"),
                    (load_balancer_source_ranges, "loadBalancerSourceRanges,omitempty"),
                    (external_name, "externalName,omitempty"),
                    (external_traffic_policy, "externalTrafficPolicy,omitempty"),
                    (health_check_node_port, "healthCheckNodePort,omitempty"),
                    (publish_not_ready_addresses, "publishNotReadyAddresses,omitempty"),
                    (session_affinity_config, "sessionAffinityConfig,omitempty"),
                    (ip_families, "ipFamilies,omitempty"), (ip_family_policy, "ipFamilyPolicy,omitempty"),
                    (allocate_load_balancer_node_ports, "allocateLoadBalancerNodePorts,omitempty"),
                    (load_balancer_class, "loadBalancerClass,omitempty"),
                    (internal_traffic_policy, "internalTrafficPolicy,omitempty"),
                    (traffic_distribution, "trafficDistribution,omitempty"))

struct PortStatus {
  std::int32_t port = 0;
  std::string protocol;
  std::optional<std::string> error;
};
APIMACHINERY_FIELDS(PortStatus, (port, "port"), (protocol, "protocol"), (error, "error,omitempty"))

struct LoadBalancerIngress {
  std::string ip;
  std::string hostname;
  std::optional<std::string> ip_mode;
  std::vector<PortStatus> ports;
};
APIMACHINERY_FIELDS(LoadBalancerIngress, (ip, "ip,omitempty"), (hostname, "hostname,omitempty"),
                    (ip_mode, "ipMode,omitempty"), (ports, "ports,omitempty"))

struct LoadBalancerStatus {
  std::vector<LoadBalancerIngress> ingress;
};
APIMACHINERY_FIELDS(LoadBalancerStatus, (ingress, "ingress,omitempty"))

struct ServiceStatus {
  LoadBalancerStatus load_balancer;
  std::vector<json> conditions;  // []metav1.Condition
};
APIMACHINERY_FIELDS(ServiceStatus, (load_balancer, "loadBalancer,omitempty"),
                    (conditions, "conditions,omitempty"))

struct Service {
  metav1::TypeMeta type_meta;
  metav1::ObjectMeta metadata;
  ServiceSpec spec;
  ServiceStatus status;
};
APIMACHINERY_FIELDS(Service, (metadata, "metadata,omitempty"), (spec, "spec,omitempty"),
                    (status, "status,omitempty"))
APIMACHINERY_JSON_FIELDS(Service)

struct PodIP {
  std::string ip;
};
APIMACHINERY_FIELDS(PodIP, (ip, "ip"))
struct HostIP {
  std::string ip;
};
APIMACHINERY_FIELDS(HostIP, (ip, "ip"))

struct PodStatus {
  std::int64_t observed_generation = 0;
  std::string phase;
  std::string message;
  std::string reason;
  std::string nominated_node_name;
  std::string host_ip;
  std::vector<HostIP> host_ips;
  std::string pod_ip;
  std::vector<PodIP> pod_ips;
  std::string qos_class;
};
APIMACHINERY_FIELDS(PodStatus, (observed_generation, "observedGeneration,omitempty"),
                    (phase, "phase,omitempty"), (message, "message,omitempty"), (reason, "reason,omitempty"),
                    (nominated_node_name, "nominatedNodeName,omitempty"), (host_ip, "hostIP,omitempty"),
                    (host_ips, "hostIPs,omitempty"), (pod_ip, "podIP,omitempty"),
                    (pod_ips, "podIPs,omitempty"), (qos_class, "qosClass,omitempty"))

struct Pod {
  metav1::TypeMeta type_meta;
  metav1::ObjectMeta metadata;
  PodStatus status;
};
APIMACHINERY_FIELDS(Pod, (metadata, "metadata,omitempty"), (status, "status,omitempty"))
APIMACHINERY_JSON_FIELDS(Pod)
}  // namespace corev1

json ReadTestdata(const char* name) {
  std::ifstream in(std::filesystem::path(APIMACHINERY_TESTDATA_DIR) / "runtime" / "k8s-api" / name);
  std::stringstream ss;
  ss << in.rdbuf();
  return json::parse(ss.str());
}

TEST_CASE("Field list: a real core/v1 Service decodes with its acronym keys and re-encodes unchanged",
          "[runtime][fields_json]") {
  const json doc = ReadTestdata("core.v1.Service.json");
  corev1::Service svc;
  {
    runtime::StrictFieldErrors strict;
    runtime::FieldsFromJSON(doc, svc, &strict);
    // Every key is modelled except metadata.selfLink, which metav1::ObjectMeta keeps as an unknown
    // field (Go's ObjectMeta still has SelfLink).
    CHECK(strict.errors() == std::vector<std::string>{"unknown field \"metadata.selfLink\""});
  }
  CHECK(svc.type_meta.api_version == "v1");
  CHECK(svc.type_meta.kind == "Service");
  CHECK(svc.metadata.uid == "uidValue");
  CHECK(svc.spec.cluster_ip == "clusterIPValue");
  CHECK(svc.spec.cluster_ips == std::vector<std::string>{"clusterIPsValue"});
  CHECK(svc.spec.external_ips == std::vector<std::string>{"externalIPsValue"});
  CHECK(svc.spec.ip_families == std::vector<std::string>{"ipFamiliesValue"});
  CHECK(svc.spec.load_balancer_ip == "loadBalancerIPValue");
  REQUIRE(svc.spec.session_affinity_config.has_value());
  REQUIRE(svc.spec.session_affinity_config->client_ip.has_value());
  CHECK(svc.spec.session_affinity_config->client_ip->timeout_seconds == 1);
  CHECK(svc.spec.allocate_load_balancer_node_ports == true);
  REQUIRE(svc.spec.ports.size() == 1);
  CHECK(svc.spec.ports[0].app_protocol == "appProtocolValue");
  CHECK(svc.spec.ports[0].target_port == "targetPortValue");
  REQUIRE(svc.status.load_balancer.ingress.size() == 1);
  CHECK(svc.status.load_balancer.ingress[0].ip_mode == "ipModeValue");
  CHECK(json(svc) == doc);

  // A wrong type under an acronym key: Go's text (json.Unmarshal into a corev1.Service).
  json bad = doc;
  bad["spec"]["clusterIP"] = 1;
  CHECK_THROWS_WITH(
      bad.get<corev1::Service>(),
      "json: cannot unmarshal number into Go struct field ServiceSpec.spec.clusterIP of type string");
}

TEST_CASE("Field list: a real Pod's status decodes podIP, podIPs, hostIP and hostIPs",
          "[runtime][fields_json]") {
  const json doc = ReadTestdata("core.v1.Pod.json");
  corev1::Pod pod;
  doc.get_to(pod);
  CHECK(pod.status.pod_ip == "podIPValue");
  CHECK(pod.status.host_ip == "hostIPValue");
  REQUIRE(pod.status.pod_ips.size() == 1);
  CHECK(pod.status.pod_ips[0].ip == "ipValue");
  REQUIRE(pod.status.host_ips.size() == 1);
  CHECK(pod.status.host_ips[0].ip == "ipValue");
  CHECK(pod.status.qos_class == "qosClassValue");
  // Re-encoded: exactly the modelled keys of the original status.
  const json status = json(pod)["status"];
  for (const auto& [k, v] : status.items()) CHECK(doc["status"][k] == v);
  CHECK(status.size() == 10);
  CHECK(json(pod)["metadata"] == doc["metadata"]);

  json bad = doc;
  bad["status"]["podIPs"] = json::array({json{{"ip", 1}}});
  CHECK_THROWS_WITH(
      bad.get<corev1::Pod>(),
      "json: cannot unmarshal number into Go struct field PodIP.status.podIPs.ip of type string");
}

// Members whose from_json is their own (IntOrString's and metav1's UnmarshalJSON): Go's decoder
// adds its path to the UnmarshalTypeError they return. Texts printed by Go 1.26 through
// encoding/json and sigs.k8s.io/json (both agree) for the same Go structs.
namespace ownjson {
struct Spec {
  apimachinery::intstr::IntOrString port;
  apimachinery::schema::GroupKind gk;
  apimachinery::schema::GroupVersion gv;
};
APIMACHINERY_FIELDS(Spec, port, gk, gv)
APIMACHINERY_JSON_FIELDS(Spec)
struct W {
  Spec spec;
};
APIMACHINERY_FIELDS(W, spec)
APIMACHINERY_JSON_FIELDS(W)
}  // namespace ownjson

TEST_CASE("FieldsFromJSON: members with their own from_json raise the one decode error with Go's path",
          "[runtime][fields_json]") {
  const std::pair<const char*, const char*> rows[] = {
      {R"({"spec":{"port":1.5}})",
       "json: cannot unmarshal number 1.5 into Go struct field Spec.spec.port of type int32"},
      {R"({"spec":{"port":true}})",
       "json: cannot unmarshal bool into Go struct field Spec.spec.port of type int32"},
      {R"({"spec":{"gk":{"kind":3}}})",
       "json: cannot unmarshal number into Go struct field GroupKind.spec.gk.kind of type string"},
      {R"({"spec":{"gk":5}})",
       "json: cannot unmarshal number into Go struct field Spec.spec.gk of type v1.GroupKind"},
      {R"({"spec":{"gv":5}})",
       "json: cannot unmarshal number into Go struct field Spec.spec.gv of type string"},
      {R"({"spec":{"gv":"a/b/c"}})", "unexpected GroupVersion string: a/b/c"},
      {R"({"spec":{"gv":null,"port":"80%","gk":{"group":"apps","kind":"Deployment"}}})", ""},
  };
  for (const auto& [doc, text] : rows) {
    INFO(doc);
    ownjson::W w;
    CHECK(DecodeError(doc, w) == text);
  }
  ownjson::W w;
  runtime::UnmarshalJSON(
      R"({"spec":{"gv":"apps/v1","port":"80%","gk":{"group":"apps","kind":"Deployment"}}})", w);
  CHECK(w.spec.port == apimachinery::intstr::FromString("80%"));
  CHECK(w.spec.gk == apimachinery::schema::GroupKind{"apps", "Deployment"});
  CHECK(w.spec.gv == apimachinery::schema::GroupVersion{"apps", "v1"});
}

}  // namespace runtime_fields_json_test
