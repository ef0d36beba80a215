// Discovery documents and the disk cache under hostile JSON: the depth limit, invalid UTF-8, NUL
// bytes, a byte order mark, huge numbers, wrong types; only apimachinery::Error may escape.
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <string>
#include <typeinfo>
#include <vector>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "apimachinery/discovery/aggregated_types.hpp"
#include "apimachinery/discovery/cached/disk/cached_discovery.hpp"
#include "apimachinery/discovery/memory_discovery.hpp"
#include "apimachinery/discovery/types.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/util/strconv.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace discovery_json_wire_test {

namespace discovery = apimachinery::discovery;
namespace disk = apimachinery::discovery::disk;
namespace fs = std::filesystem;
using namespace std::chrono_literals;

std::string Arrays(int depth) {
  return std::string(static_cast<std::size_t>(depth), '[') +
         std::string(static_cast<std::size_t>(depth), ']');
}

std::vector<std::string> HostileDocuments() {
  const std::string list =
      R"({"kind":"APIResourceList","apiVersion":"v1","groupVersion":"v1","resources":[{"name":"pods","singularName":"pod",)"
      R"("namespaced":true,"kind":"Pod","verbs":["get","list"],"shortNames":["po"],"categories":["all"]}]})";
  std::vector<std::string> in;
  for (std::size_t n = 0; n < list.size(); n += 9) in.push_back(list.substr(0, n));
  for (std::size_t at : {1UL, 30UL, 80UL, 120UL}) {
    std::string s = list;
    s.insert(at, "\xff");
    in.push_back(s);
  }
  in.push_back(R"({"kind":"APIResourceList","groupVersion":"v1","x":)" + Arrays(10000) + "}");
  in.push_back(R"({"kind":"APIGroupDiscoveryList","items":[{"versions":)" + Arrays(9999) + "}]}");
  in.push_back(list + std::string("\0", 1));
  in.push_back("\xef\xbb\xbf" + list);
  in.push_back(R"({"kind":"APIResourceList","groupVersion":"v1","resources":[{"name":1e400}]})");
  in.push_back(
      R"({"kind":"APIResourceList","groupVersion":"v1","resources":[{"name":"p","namespaced":18446744073709551616}]})");
  in.push_back(
      R"({"kind":"APIGroupList","groups":[{"name":"a","versions":[{"groupVersion":5}],"preferredVersion":[]}]})");
  in.push_back(R"({"kind":"APIVersions","versions":{"a":1},"serverAddressByClientCIDRs":5})");
  in.push_back(
      R"({"kind":"APIGroupDiscoveryList","items":[{"metadata":{"name":5},"versions":[{"version":"v1","resources":[{"resource":"r","responseKind":{"kind":[]},"scope":"Cluster","subresources":[{"subresource":null,"verbs":"get"}]}],"freshness":1}]}]})");
  in.push_back("[]");
  in.push_back("");
  return in;
}

template <typename F>
void OnlyOurErrors(const std::string& input, const char* entry, F&& fn) {
  try {
    fn();
  } catch (const apimachinery::Error&) {
    SUCCEED();  // refused with one of ours: what the test requires of hostile input
  } catch (const std::exception& e) {
    FAIL(entry << " let " << typeid(e).name() << " escape: " << e.what()
               << "\ninput: " << apimachinery::util::Quote(input.substr(0, 300)));
  } catch (...) {
    FAIL(entry << " let a non-std exception escape\ninput: "
               << apimachinery::util::Quote(input.substr(0, 300)));
  }
}

TEST_CASE("discovery document decoders refuse nesting deeper than 10000 with Go's text",
          "[discovery][json]") {
  const std::string deep = R"({"kind":"APIResourceList","groupVersion":"v1","x":)" + Arrays(10000) + "}";
  CHECK_THROWS_WITH(discovery::ParseAPIResourceList(deep),
                    "discovery: cannot decode APIResourceList: invalid character '[' exceeded max depth");
  CHECK_NOTHROW(discovery::ParseAPIResourceList(R"({"kind":"APIResourceList","groupVersion":"v1","x":)" +
                                                Arrays(9999) + "}"));
  CHECK_THROWS_WITH(discovery::ParseAPIGroupList(Arrays(10001)), Catch::EndsWith("exceeded max depth"));
  CHECK_THROWS_WITH(discovery::ParseAPIGroup(Arrays(10001)), Catch::EndsWith("exceeded max depth"));
  CHECK_THROWS_WITH(discovery::ParseAPIVersions(Arrays(10001)), Catch::EndsWith("exceeded max depth"));
  CHECK_THROWS_WITH(
      discovery::ParseAPIGroupDiscoveryList(Arrays(10001)),
      "discovery: cannot decode APIGroupDiscoveryList: invalid character '[' exceeded max depth");
  // Invalid UTF-8 in a string is replaced (Go's decoder), not refused.
  const auto list = discovery::ParseAPIResourceList(
      "{\"kind\":\"APIResourceList\",\"groupVersion\":\"v1\",\"resources\":[{\"name\":\"p\xff\",\"kind\":"
      "\"P\"}]}");
  REQUIRE(list.resources.size() == 1);
  CHECK(list.resources[0].name == "p\xef\xbf\xbd");
}

TEST_CASE("hostile discovery documents give only apimachinery::Error", "[discovery][json]") {
  for (const std::string& in : HostileDocuments()) {
    OnlyOurErrors(in, "ParseAPIResourceList", [&] { (void)discovery::ParseAPIResourceList(in); });
    OnlyOurErrors(in, "ParseAPIGroupList", [&] { (void)discovery::ParseAPIGroupList(in); });
    OnlyOurErrors(in, "ParseAPIGroup", [&] { (void)discovery::ParseAPIGroup(in); });
    OnlyOurErrors(in, "ParseAPIVersions", [&] { (void)discovery::ParseAPIVersions(in); });
    OnlyOurErrors(in, "ParseAPIGroupDiscoveryList", [&] { (void)discovery::ParseAPIGroupDiscoveryList(in); });
  }
}

TEST_CASE("the disk cache treats hostile cached files as missing and writes Go's bytes",
          "[discovery][json]") {
  std::random_device rd;
  const fs::path dir =
      fs::temp_directory_path() / fmt::format("apimachinery-json-wire-{:08x}{:08x}", rd(), rd());
  discovery::APIGroup core{"", {{"v1", "v1"}}, {"v1", "v1"}};
  discovery::APIResource pods{"pods<&>\xff", "pod", true, "", "", "Pod", {"get"}, {"po"}, {"all"}, ""};
  auto server = std::make_shared<discovery::MemoryDiscovery>(
      std::vector<discovery::APIGroup>{core}, std::vector<discovery::APIResourceList>{{"v1", {pods}}});
  {
    disk::CachedDiscoveryClient writer(server, dir, 1h);
    (void)writer.ServerGroups();
    (void)writer.ServerResourcesForGroupVersion("v1");
  }
  const fs::path core_file = dir / "v1" / "serverresources.json";
  std::string written;
  {
    std::ifstream f(core_file, std::ios::binary);
    written.assign(std::istreambuf_iterator<char>(f), {});
  }
  // Go's encoder: HTML characters escaped, the invalid byte as \ufffd.
  CHECK_THAT(written, Catch::Contains(R"("name":"pods\u003c\u0026\u003e\ufffd")"));
  for (const std::string& in : HostileDocuments()) {
    {
      std::ofstream f(core_file, std::ios::binary | std::ios::trunc);
      f << in;
    }
    {
      std::ofstream f(dir / "servergroups.json", std::ios::binary | std::ios::trunc);
      f << in;
    }
    OnlyOurErrors(in, "CachedDiscoveryClient", [&] {
      disk::CachedDiscoveryClient client(server, dir, 1h);
      CHECK(client.ServerGroups().size() == 1);
      CHECK(client.ServerResourcesForGroupVersion("v1").resources.size() == 1);
    });
  }
  std::error_code ec;
  fs::remove_all(dir, ec);
}

}  // namespace discovery_json_wire_test
