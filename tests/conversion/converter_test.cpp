// Tests for conversion/converter.hpp: k8s.io/apimachinery/pkg/conversion/converter.go (converter_test.go and
// the observed rows), plus the chain extension.
#include "apimachinery/conversion/converter.hpp"

#include <any>
#include <atomic>
#include <cstdint>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include <catch2/catch.hpp>

namespace conv_test {
struct A {
  std::string x;
  int y = 0;
};
struct B {
  std::string x;
  int y = 0;
};
struct C {
  int z = 0;
};
struct V1 {
  int a = 0;
};
struct Hub {
  int a = 0;
  std::vector<std::string> trail;
};
struct V2 {
  int a = 0;
  std::vector<std::string> trail;
};
struct Island {};
}  // namespace conv_test

// Everything below is file-local: a package's test files are compiled as one unit. (conv_test
// stays a top-level namespace: its type names appear in the error texts under test.)
namespace conversion_converter_test {

using apimachinery::Error;
using apimachinery::conversion::ConversionFuncs;
using apimachinery::conversion::Converter;
using apimachinery::conversion::Meta;
using apimachinery::conversion::Scope;
using apimachinery::conversion::UnknownConversionError;
using apimachinery::util::TypeIdOf;
using conv_test::A;
using conv_test::B;
using conv_test::C;

TEST_CASE("TestConverter_byteSlice: []byte is pre-registered as a deep copy", "[conversion]") {
  Converter c;
  std::vector<std::uint8_t> src{1, 2, 3}, dest;
  c.Convert(src, dest);
  CHECK(dest == src);
  src[0] = 9;
  CHECK(dest[0] == 1);  // a copy, not shared
  std::vector<std::uint8_t> empty, d2{7};
  c.Convert(empty, d2);  // nil source -> nil (empty) destination
  CHECK(d2.empty());
}

TEST_CASE("TestConverter_MismatchedTypes: a vector<string> -> int function is used", "[conversion]") {
  Converter c;
  c.RegisterConversionFunc<std::vector<std::string>, int>(
      [](const std::vector<std::string>& in, int& out, Scope&) { out = std::stoi(in.at(0)); });
  std::vector<std::string> src{"5"};
  int dest = 0;
  c.Convert(src, dest);
  CHECK(dest == 5);
}

TEST_CASE("TestConverter_CallsRegisteredFunctions: both directions, errors pass through", "[conversion]") {
  Converter c;
  int calls = 0;
  c.RegisterConversionFunc<A, B>([&](const A& in, B& out, Scope&) {
    ++calls;
    out.x = in.x;
    out.y = in.y;
  });
  c.RegisterConversionFunc<B, A>([&](const B& in, A& out, Scope&) {
    ++calls;
    out.x = in.x;
    out.y = in.y;
  });
  c.RegisterConversionFunc<A, C>([](const A&, C&, Scope&) { throw Error("A to C failed"); });

  A a{"hi", 3};
  B b;
  c.Convert(a, b);
  CHECK(b.x == "hi");
  CHECK(b.y == 3);
  A back;
  c.Convert(b, back);
  CHECK(back.x == "hi");
  CHECK(calls == 2);

  C cc;
  REQUIRE_THROWS_WITH(c.Convert(a, cc), "A to C failed");
}

TEST_CASE("TestConverter_IgnoredConversion: ignored beats a registered function", "[conversion]") {
  Converter c;
  int calls = 0;
  c.RegisterConversionFunc<A, B>([&](const A&, B&, Scope&) { ++calls; });
  c.RegisterIgnoredConversion<A, B>();
  A a{"x", 1};
  B b{"untouched", 7};
  c.Convert(a, b);
  CHECK(calls == 0);
  CHECK(b.x == "untouched");
  // Order of registration does not matter.
  Converter c2;
  c2.RegisterIgnoredConversion<A, B>();
  c2.RegisterConversionFunc<A, B>([&](const A&, B&, Scope&) { ++calls; });
  c2.Convert(a, b);
  CHECK(calls == 0);
}

TEST_CASE("TestConverter_GeneratedConversionOverridden: manual beats generated", "[conversion]") {
  Converter c;
  c.RegisterConversionFunc<A, B>([](const A& in, B& out, Scope&) { out.x = in.x + "-manual"; });
  c.RegisterGeneratedConversionFunc<A, B>(
      [](const A&, B&, Scope&) { throw Error("generated function should be ignored"); });
  A a{"v", 0};
  B b;
  REQUIRE_NOTHROW(c.Convert(a, b));
  CHECK(b.x == "v-manual");

  // Generated alone is used.
  Converter g;
  g.RegisterGeneratedConversionFunc<A, B>([](const A& in, B& out, Scope&) { out.x = in.x; });
  g.Convert(a, b);
  CHECK(b.x == "v");
}

TEST_CASE("TestConverter_WithConversionOverridden: WithConversions overlays, original unchanged",
          "[conversion]") {
  Converter c;
  c.RegisterConversionFunc<A, B>(
      [](const A&, B&, Scope&) { throw Error("conversion function should be overridden"); });
  c.RegisterGeneratedConversionFunc<A, B>(
      [](const A&, B&, Scope&) { throw Error("generated function should be ignored"); });

  ConversionFuncs ext;
  ext.Add<A, B>([](const A& in, B& out, Scope&) { out.x = "overlay:" + in.x; });
  Converter overlaid = c.WithConversions(ext);

  A a{"v", 0};
  B b;
  REQUIRE_NOTHROW(overlaid.Convert(a, b));
  CHECK(b.x == "overlay:v");
  REQUIRE_THROWS_WITH(c.Convert(a, b), "conversion function should be overridden");
}

TEST_CASE("TestConverter_meta: Meta is visible through scope.Meta()", "[conversion]") {
  Converter c;
  bool checked = false;
  c.RegisterConversionFunc<A, B>([&](const A&, B&, Scope& s) {
    REQUIRE(s.Meta() != nullptr);
    CHECK(std::any_cast<std::string>(s.Meta()->context) == "ctx");
    checked = true;
  });
  Meta m{std::string("ctx")};
  A a;
  B b;
  c.Convert(a, b, &m);
  CHECK(checked);

  // Without a Meta, Scope::Meta() is null.
  Converter c2;
  c2.RegisterConversionFunc<A, B>([&](const A&, B&, Scope& s) { CHECK(s.Meta() == nullptr); });
  c2.Convert(a, b);
}

TEST_CASE("Scope.Convert recurses with the same converter and meta", "[conversion]") {
  Converter c;
  c.RegisterConversionFunc<int, std::string>([](const int& in, std::string& out, Scope& s) {
    out = std::to_string(in) + std::any_cast<std::string>(s.Meta()->context);
  });
  c.RegisterConversionFunc<C, B>([](const C& in, B& out, Scope& s) { s.Convert(in.z, out.x); });
  Meta m{std::string("!")};
  C src{42};
  B dest;
  c.Convert(src, dest, &m);
  CHECK(dest.x == "42!");
}

TEST_CASE("Unknown conversions: upstream text with C++ type names", "[conversion]") {
  Converter c;
  A a;
  B b;
  REQUIRE_THROWS_AS(c.Convert(a, b), UnknownConversionError);
  REQUIRE_THROWS_WITH(c.Convert(a, b), "converting (conv_test::A) to (conv_test::B): unknown conversion");
  // No reflective default: even a type to itself fails.
  A a2;
  REQUIRE_THROWS_WITH(c.Convert(a, a2), "converting (conv_test::A) to (conv_test::A): unknown conversion");
  try {
    c.Convert(a, b);
  } catch (const UnknownConversionError& e) {
    CHECK(e.source == TypeIdOf<A>());
    CHECK(e.dest_type == TypeIdOf<B>());
    CHECK(apimachinery::conversion::IsUnknownConversionError(e));
  }
}

TEST_CASE("Pointer errors: adapted (typed API takes references; untyped API checks null)", "[conversion]") {
  // Upstream rows "dest not a pointer" / "src not a pointer" / "register with non-pointer" /
  // "ignore with non-pointer" are compile-time errors here: the typed API takes references and
  // static types. The untyped API keeps the null checks, dest first as upstream.
  Converter c;
  c.RegisterConversionFunc<A, B>([](const A&, B&, Scope&) {});
  A a;
  B b;
  REQUIRE_THROWS_WITH(c.Convert(&a, TypeIdOf<A>(), nullptr, TypeIdOf<B>()), "expected pointer, but got nil");
  REQUIRE_THROWS_WITH(c.Convert(nullptr, TypeIdOf<A>(), &b, TypeIdOf<B>()),
                      "expected pointer, but got invalid kind");
  REQUIRE_THROWS_WITH(c.Convert(nullptr, TypeIdOf<A>(), nullptr, TypeIdOf<B>()),
                      "expected pointer, but got nil");
  REQUIRE_NOTHROW(c.Convert(&a, TypeIdOf<A>(), &b, TypeIdOf<B>()));
}

TEST_CASE("Registration is type-checked at compile time", "[conversion]") {
  using apimachinery::conversion::ConversionFuncFor;
  auto good = [](const A&, B&, Scope&) {};
  auto swapped = [](const B&, A&, Scope&) {};
  auto by_value_dest = [](const A&, B, Scope&) {};
  auto const_dest = [](const A&, const B&, Scope&) {};
  auto two_args = [](const A&, B&) {};
  auto generic = [](const auto&, auto&, Scope&) {};
  STATIC_REQUIRE(ConversionFuncFor<decltype(good), A, B>);
  STATIC_REQUIRE_FALSE(ConversionFuncFor<decltype(swapped), A, B>);
  STATIC_REQUIRE_FALSE(ConversionFuncFor<decltype(by_value_dest), A, B>);
  STATIC_REQUIRE_FALSE(ConversionFuncFor<decltype(const_dest), A, B>);
  STATIC_REQUIRE_FALSE(ConversionFuncFor<decltype(two_args), A, B>);
  STATIC_REQUIRE(ConversionFuncFor<decltype(generic), A, B>);
  void (*fp)(const A&, B&, Scope&) = nullptr;
  STATIC_REQUIRE(ConversionFuncFor<decltype(fp), A, B>);
}

TEST_CASE("Untyped registration and HasConversion", "[conversion]") {
  Converter c;
  c.RegisterUntypedConversionFunc(TypeIdOf<A>(), TypeIdOf<C>(), [](const void* a, void* b, Scope&) {
    static_cast<C*>(b)->z = static_cast<const A*>(a)->y;
  });
  CHECK(c.HasConversion(TypeIdOf<A>(), TypeIdOf<C>()));
  CHECK_FALSE(c.HasConversion(TypeIdOf<C>(), TypeIdOf<A>()));
  A a{"", 11};
  C cc;
  c.Convert(a, cc);
  CHECK(cc.z == 11);
}

TEST_CASE("Many registrations keep dispatch correct (table growth)", "[conversion]") {
  Converter c;
  c.RegisterConversionFunc<A, B>([](const A&, B& b, Scope&) { b.y = 1; });
  c.RegisterConversionFunc<B, A>([](const B&, A& a, Scope&) { a.y = 2; });
  c.RegisterConversionFunc<A, C>([](const A&, C& cc, Scope&) { cc.z = 3; });
  c.RegisterConversionFunc<C, A>([](const C&, A& a, Scope&) { a.y = 4; });
  c.RegisterConversionFunc<B, C>([](const B&, C& cc, Scope&) { cc.z = 5; });
  c.RegisterConversionFunc<C, B>([](const C&, B& b, Scope&) { b.y = 6; });
  c.RegisterConversionFunc<int, long>([](const int& i, long& l, Scope&) { l = i; });
  c.RegisterConversionFunc<long, int>([](const long& l, int& i, Scope&) { i = static_cast<int>(l); });
  c.RegisterConversionFunc<int, double>([](const int& i, double& d, Scope&) { d = i; });
  c.RegisterConversionFunc<double, int>([](const double& d, int& i, Scope&) { i = static_cast<int>(d); });
  A a;
  B b;
  C cc;
  c.Convert(a, b);
  CHECK(b.y == 1);
  c.Convert(b, a);
  CHECK(a.y == 2);
  c.Convert(a, cc);
  CHECK(cc.z == 3);
  c.Convert(cc, a);
  CHECK(a.y == 4);
  c.Convert(b, cc);
  CHECK(cc.z == 5);
  c.Convert(cc, b);
  CHECK(b.y == 6);
  long l = 0;
  c.Convert(7, l);
  CHECK(l == 7);
  double d = 0;
  c.Convert(9, d);
  CHECK(d == 9.0);
}

TEST_CASE("Conversion chains (opt-in): shortest chain through the hub", "[conversion][chain]") {
  using conv_test::Hub;
  using conv_test::Island;
  using conv_test::V1;
  using conv_test::V2;
  Converter c;
  c.RegisterConversionFunc<V1, Hub>([](const V1& in, Hub& out, Scope&) {
    out.a = in.a;
    out.trail = {"v1->hub"};
  });
  c.RegisterConversionFunc<Hub, V2>([](const Hub& in, V2& out, Scope&) {
    out.a = in.a * 10;
    out.trail = in.trail;
    out.trail.push_back("hub->v2");
  });
  V1 src{4};
  V2 dest;
  // Off by default, as upstream (converter.go: Converter.Convert has no reflective fallback).
  REQUIRE_THROWS_AS(c.Convert(src, dest), UnknownConversionError);
  c.EnableConversionChains();
  auto chain = c.FindConversionChain(TypeIdOf<V1>(), TypeIdOf<V2>());
  REQUIRE(chain.size() == 3);
  CHECK(chain[1] == TypeIdOf<Hub>());
  c.Convert(src, dest);
  CHECK(dest.a == 40);
  CHECK(dest.trail == std::vector<std::string>{"v1->hub", "hub->v2"});
  // A direct function always wins over a chain.
  c.RegisterConversionFunc<V1, V2>([](const V1&, V2& out, Scope&) { out.trail = {"direct"}; });
  c.Convert(src, dest);
  CHECK(dest.trail == std::vector<std::string>{"direct"});
  // No path -> unknown conversion.
  Island island;
  REQUIRE_THROWS_WITH(c.Convert(src, island),
                      "converting (conv_test::V1) to (conv_test::Island): unknown conversion");
  // Ignored pairs are not edges.
  Converter c2 = c;
  c2.RegisterIgnoredConversion<Hub, V2>();
  CHECK(c2.FindConversionChain(TypeIdOf<V1>(), TypeIdOf<Hub>()).size() == 2);
  CHECK(c2.FindConversionChain(TypeIdOf<Hub>(), TypeIdOf<V1>()).empty());
}

TEST_CASE("Concurrent const Convert is safe", "[conversion][concurrency]") {
  using conv_test::Hub;
  using conv_test::V1;
  using conv_test::V2;
  Converter c;
  c.RegisterConversionFunc<V1, Hub>([](const V1& in, Hub& out, Scope&) { out.a = in.a; });
  c.RegisterConversionFunc<Hub, V2>([](const Hub& in, V2& out, Scope&) { out.a = in.a; });
  c.EnableConversionChains();
  std::vector<std::thread> threads;
  std::atomic<int> ok{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 200; ++i) {
        V1 src{t * 1000 + i};
        V2 dest;
        c.Convert(src, dest);
        if (dest.a == src.a) ok.fetch_add(1);
      }
    });
  }
  for (auto& th : threads) th.join();
  CHECK(ok.load() == 800);
}

}  // namespace conversion_converter_test
