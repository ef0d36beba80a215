// Tests for discovery/cached/disk/cached_discovery.hpp: kubectl's layout, round trips, TTL expiry,
// Fresh/Invalidate transitions, corrupt files, atomic writes, clients sharing one directory.
#include "apimachinery/discovery/cached/disk/cached_discovery.hpp"

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/discovery/memory_discovery.hpp"
#include "apimachinery/restmapper/discovery.hpp"

// Everything below is file-local: a package's test files are compiled as one unit.
namespace discovery_cached_disk_cached_discovery_test {

namespace discovery = apimachinery::discovery;
namespace disk = apimachinery::discovery::disk;
namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace {

const fs::path kFixtures = fs::path(APIMACHINERY_TESTDATA_DIR) / "discovery";

// A fresh directory below the temp dir, removed at the end of the test.
class TempDir {
 public:
  TempDir() {
    std::random_device rd;
    path_ = fs::temp_directory_path() / fmt::format("apimachinery-disk-cache-{:08x}{:08x}", rd(), rd());
    fs::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

std::string Slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void Spit(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out << text;
}

// Everything a client serves: groups, then every listed group-version's resources.
struct Snapshot {
  std::vector<discovery::APIGroup> groups;
  std::vector<discovery::APIResourceList> lists;
  friend bool operator==(const Snapshot&, const Snapshot&) = default;
};

Snapshot ReadAll(discovery::DiscoveryInterface& client) {
  Snapshot s;
  auto all = discovery::ServerGroupsAndResources(client);
  s.groups = std::move(all.groups);
  s.lists = std::move(all.resources);
  return s;
}

// A delegate that must not be called.
class UnreachableServer : public discovery::DiscoveryInterface {
 public:
  std::vector<discovery::APIGroup> ServerGroups() override {
    throw apimachinery::Error("server unreachable");
  }
  discovery::APIResourceList ServerResourcesForGroupVersion(std::string_view) override {
    throw apimachinery::Error("server unreachable");
  }
};

std::shared_ptr<discovery::MemoryDiscovery> FixtureServer() {
  return discovery::MemoryDiscovery::FromDirectory(kFixtures);
}

// A small server whose answers the test changes.
std::shared_ptr<discovery::MemoryDiscovery> SmallServer() {
  discovery::APIGroup core{"", {{"v1", "v1"}}, {"v1", "v1"}};
  discovery::APIGroup apps{"apps", {{"apps/v1", "v1"}}, {"apps/v1", "v1"}};
  discovery::APIResource pods{"pods", "pod", true, "", "", "Pod", {"get", "list"}, {"po"}, {"all"}, ""};
  discovery::APIResource deployments{"deployments", "deployment", true,       "",      "",
                                     "Deployment",  {"get"},      {"deploy"}, {"all"}, ""};
  return std::make_shared<discovery::MemoryDiscovery>(
      std::vector<discovery::APIGroup>{core, apps},
      std::vector<discovery::APIResourceList>{{"v1", {pods}}, {"apps/v1", {deployments}}});
}

}  // namespace

TEST_CASE("Disk cache: kubectl's layout and a round trip", "[discovery][disk]") {
  TempDir dir;
  auto server = FixtureServer();
  auto client = disk::NewCachedDiscoveryClient(server, dir.path(), 10min);
  CHECK(client->Fresh());
  const Snapshot expected = ReadAll(*server);
  // apis.json lists seven group-versions the fixtures have no document for: every client asks the
  // server for them (and gets NotFound, which is not cached).
  const std::size_t missing = discovery::ServerGroupsAndResources(*server).failed.size();
  CHECK(missing == 7);
  const std::size_t groups_calls = server->server_groups_calls();
  const std::size_t resources_calls = server->resources_calls();

  const Snapshot first = ReadAll(*client);
  CHECK(first == expected);
  CHECK(client->Fresh());
  CHECK(client->delegate_calls() == 1 + expected.lists.size() + missing);
  CHECK(server->server_groups_calls() == groups_calls + 1);
  CHECK(server->resources_calls() == resources_calls + expected.lists.size() + missing);

  // The files are where kubectl keeps them.
  CHECK(fs::is_regular_file(dir.path() / "servergroups.json"));
  CHECK(fs::is_regular_file(dir.path() / "v1" / "serverresources.json"));
  CHECK(fs::is_regular_file(dir.path() / "apps" / "v1" / "serverresources.json"));
  CHECK(fs::is_regular_file(dir.path() / "autoscaling" / "v2" / "serverresources.json"));
  CHECK(client->ResourcesFile("apps/v1") == dir.path() / "apps" / "v1" / "serverresources.json");
  CHECK(client->ResourcesFile("v1") == dir.path() / "v1" / "serverresources.json");
  const auto groups_json = nlohmann::json::parse(Slurp(dir.path() / "servergroups.json"));
  CHECK(groups_json["kind"] == "APIGroupList");
  CHECK(groups_json["apiVersion"] == "v1");
  CHECK(groups_json["groups"][0]["name"] == "");  // the core group first
  CHECK(groups_json["groups"][0]["versions"][0]["groupVersion"] == "v1");
  const auto apps_json = nlohmann::json::parse(Slurp(dir.path() / "apps" / "v1" / "serverresources.json"));
  CHECK(apps_json["kind"] == "APIResourceList");
  CHECK(apps_json["groupVersion"] == "apps/v1");
  // No temporary files are left behind.
  std::size_t files = 0;
  for (const auto& e : fs::recursive_directory_iterator(dir.path())) {
    if (!e.is_regular_file()) continue;
    ++files;
    const auto name = e.path().filename().string();
    CHECK((name == "servergroups.json" || name == "serverresources.json"));
  }
  CHECK(files == 1 + expected.lists.size());

  // The same client again: everything from its own files; still fresh.
  CHECK(ReadAll(*client) == expected);
  CHECK(client->cache_hits() == 1 + expected.lists.size());
  CHECK(client->delegate_calls() == 1 + expected.lists.size() + 2 * missing);
  CHECK(client->Fresh());

  // A second client (another kubectl run): everything from disk, nothing asked; not fresh.
  auto offline =
      std::make_shared<disk::CachedDiscoveryClient>(std::make_shared<UnreachableServer>(), dir.path(), 10min);
  CHECK(offline->Fresh());
  CHECK(ReadAll(*offline) == expected);
  CHECK(offline->delegate_calls() == missing);  // only the group-versions never cached
  CHECK_FALSE(offline->Fresh());
  // The mapper built from the disk cache answers as one built from the server.
  auto from_disk = apimachinery::restmapper::NewDiscoveryRESTMapper(
      apimachinery::restmapper::GetAPIGroupResources(*offline));
  CHECK(from_disk->RESTMapping({"apps", "Deployment"}).resource ==
        apimachinery::schema::GroupVersionResource{"apps", "v1", "deployments"});
  CHECK(from_disk->KindFor({"", "", "pods"}) == apimachinery::schema::GroupVersionKind{"", "v1", "Pod"});
}

TEST_CASE("Disk cache: reads a directory laid out by hand as kubectl writes it", "[discovery][disk]") {
  // testdata/README.md: servergroups.json = core group (from api.json) + the groups of apis.json;
  // api__v1.json -> v1/serverresources.json; apis__<g>__<v>.json -> <g>/<v>/serverresources.json.
  TempDir dir;
  auto reference = FixtureServer();
  nlohmann::json groups = nlohmann::json::parse(Slurp(kFixtures / "apis.json"));
  nlohmann::json core = {{"name", ""},
                         {"versions", {{{"groupVersion", "v1"}, {"version", "v1"}}}},
                         {"preferredVersion", {{"groupVersion", "v1"}, {"version", "v1"}}}};
  groups["groups"].insert(groups["groups"].begin(), core);
  Spit(dir.path() / "servergroups.json", groups.dump(2));
  std::size_t lists = 0;
  for (const auto& e : fs::directory_iterator(kFixtures)) {
    const std::string name = e.path().filename().string();
    if (name == "api__v1.json") {
      Spit(dir.path() / "v1" / "serverresources.json", Slurp(e.path()));
      ++lists;
      continue;
    }
    if (name.rfind("apis__", 0) != 0) continue;
    const std::string stem = name.substr(6, name.size() - 6 - 5);
    const auto sep = stem.find("__");
    if (sep == std::string::npos) continue;
    Spit(dir.path() / stem.substr(0, sep) / stem.substr(sep + 2) / "serverresources.json", Slurp(e.path()));
    ++lists;
  }
  CHECK(lists == 29);

  auto server = std::make_shared<UnreachableServer>();
  disk::CachedDiscoveryClient client(server, dir.path(), 10min);
  CHECK(client.ServerGroups() == reference->ServerGroups());
  for (const auto& g : reference->ServerGroups()) {
    for (const auto& v : g.versions) {
      INFO(v.group_version);
      try {
        auto expected = reference->ServerResourcesForGroupVersion(v.group_version);
        CHECK(client.ServerResourcesForGroupVersion(v.group_version) == expected);
      } catch (const discovery::NotFoundError&) {
        // Not in the fixtures, hence not on disk: the (unreachable) server is asked.
        CHECK_THROWS_WITH(client.ServerResourcesForGroupVersion(v.group_version), "server unreachable");
      }
    }
  }
  CHECK_FALSE(client.Fresh());
}

TEST_CASE("Disk cache: TTL expiry by clock and by file age", "[discovery][disk]") {
  TempDir dir;
  auto server = SmallServer();
  auto now = std::make_shared<std::atomic<std::int64_t>>(0);  // offset from the real clock, in seconds
  auto clock = [now] { return fs::file_time_type::clock::now() + std::chrono::seconds(now->load()); };

  disk::CachedDiscoveryClient writer(server, dir.path(), 10min, clock);
  const Snapshot expected = ReadAll(writer);
  CHECK(writer.delegate_calls() == 3);

  disk::CachedDiscoveryClient reader(server, dir.path(), 10min, clock);
  CHECK(ReadAll(reader) == expected);
  CHECK(reader.delegate_calls() == 0);
  CHECK_FALSE(reader.Fresh());

  // Nine minutes later the files are still young enough.
  now->store(9 * 60);
  CHECK(ReadAll(reader) == expected);
  CHECK(reader.delegate_calls() == 0);

  // Eleven minutes later they are too old: the server is asked and the files rewritten.
  now->store(11 * 60);
  const auto before = fs::last_write_time(dir.path() / "servergroups.json");
  CHECK(ReadAll(reader) == expected);
  CHECK(reader.delegate_calls() == 3);
  CHECK(fs::last_write_time(dir.path() / "servergroups.json") >= before);

  // File age, real clock: backdate one file past the TTL; only that one is fetched again.
  disk::CachedDiscoveryClient real(server, dir.path(), 10min);
  CHECK(ReadAll(real) == expected);
  CHECK(real.delegate_calls() == 0);
  const fs::path apps = dir.path() / "apps" / "v1" / "serverresources.json";
  fs::last_write_time(apps, fs::file_time_type::clock::now() - 1h);
  CHECK(ReadAll(real) == expected);
  CHECK(real.delegate_calls() == 1);
  CHECK(fs::last_write_time(apps) > fs::file_time_type::clock::now() - 1min);

  // A zero TTL never serves from disk.
  disk::CachedDiscoveryClient no_ttl(server, dir.path(), 0s,
                                     [] { return fs::file_time_type::clock::now() + 1s; });
  CHECK(ReadAll(no_ttl) == expected);
  CHECK(no_ttl.delegate_calls() == 3);
  CHECK(no_ttl.cache_hits() == 0);
}

TEST_CASE("Disk cache: Fresh and Invalidate transitions", "[discovery][disk]") {
  TempDir dir;
  auto server = SmallServer();
  {
    disk::CachedDiscoveryClient earlier(server, dir.path(), 1h);  // an earlier kubectl run
    ReadAll(earlier);
    CHECK(earlier.Fresh());
  }
  // The server changes after the cache was written.
  discovery::APIResource services{"services", "service", true,    "",      "",
                                  "Service",  {"get"},   {"svc"}, {"all"}, ""};
  discovery::APIResource pods{"pods", "pod", true, "", "", "Pod", {"get", "list"}, {"po"}, {"all"}, ""};
  server->AddResources({"v1", {pods, services}});

  disk::CachedDiscoveryClient client(server, dir.path(), 1h);
  CHECK(client.Fresh());                                                     // nothing served yet
  CHECK(client.ServerResourcesForGroupVersion("v1").resources.size() == 1);  // the old file
  CHECK_FALSE(client.Fresh());
  CHECK(client.delegate_calls() == 0);

  client.Invalidate();
  CHECK(client.Fresh());
  // After Invalidate every call goes to the server and rewrites the file.
  CHECK(client.ServerResourcesForGroupVersion("v1").resources.size() == 2);
  CHECK(client.delegate_calls() == 1);
  CHECK(client.Fresh());
  CHECK(client.ServerGroups().size() == 2);
  CHECK(client.delegate_calls() == 2);
  // ... and then its own new files are used, staying fresh.
  CHECK(client.ServerResourcesForGroupVersion("v1").resources.size() == 2);
  CHECK(client.ServerGroups().size() == 2);
  CHECK(client.delegate_calls() == 2);
  CHECK(client.cache_hits() == 3);
  CHECK(client.Fresh());
  // The rewritten file is what other clients now read.
  disk::CachedDiscoveryClient other(std::make_shared<UnreachableServer>(), dir.path(), 1h);
  CHECK(other.ServerResourcesForGroupVersion("v1").resources.size() == 2);
  CHECK_FALSE(other.Fresh());

  // Files written by another client after our Invalidate are not ours: they are ignored.
  client.Invalidate();
  disk::CachedDiscoveryClient writer(server, dir.path(), 1h);
  writer.Invalidate();
  writer.ServerResourcesForGroupVersion("apps/v1");
  const std::size_t calls = client.delegate_calls();
  client.ServerResourcesForGroupVersion("apps/v1");
  CHECK(client.delegate_calls() == calls + 1);
  CHECK(client.Fresh());

  // A file this client wrote before the last Invalidate is not trusted either.
  client.Invalidate();
  client.ServerResourcesForGroupVersion("apps/v1");
  CHECK(client.delegate_calls() == calls + 2);
  client.ServerResourcesForGroupVersion("apps/v1");
  CHECK(client.delegate_calls() == calls + 2);
  CHECK(client.Fresh());
}

TEST_CASE("Disk cache: the Deferred mapper finds a new resource through Invalidate", "[discovery][disk]") {
  TempDir dir;
  auto server = SmallServer();
  {
    disk::CachedDiscoveryClient earlier(server, dir.path(), 1h);
    ReadAll(earlier);
  }
  discovery::APIGroup example{"example.com", {{"example.com/v1", "v1"}}, {"example.com/v1", "v1"}};
  server->AddGroup(example);
  server->AddResources(
      {"example.com/v1",
       {discovery::APIResource{"widgets", "widget", true, "", "", "Widget", {"get"}, {"wd"}, {}, ""}}});

  auto client = disk::NewCachedDiscoveryClient(server, dir.path(), 1h);
  apimachinery::restmapper::DeferredDiscoveryRESTMapper mapper(client);
  // The first build uses the stale disk cache (no widgets); the miss while not fresh invalidates
  // and retries against the server.
  CHECK(mapper.KindFor({"", "", "widgets"}) ==
        apimachinery::schema::GroupVersionKind{"example.com", "v1", "Widget"});
  CHECK(client->Fresh());
  const auto groups = nlohmann::json::parse(Slurp(dir.path() / "servergroups.json"));
  CHECK(groups["groups"].size() == 3);
  CHECK(fs::is_regular_file(dir.path() / "example.com" / "v1" / "serverresources.json"));
}

TEST_CASE("Disk cache: corrupt, truncated and foreign files are treated as missing", "[discovery][disk]") {
  TempDir dir;
  auto server = SmallServer();
  const Snapshot expected = ReadAll(*server);
  const fs::path groups = dir.path() / "servergroups.json";
  const fs::path core = dir.path() / "v1" / "serverresources.json";
  const fs::path apps = dir.path() / "apps" / "v1" / "serverresources.json";
  {
    disk::CachedDiscoveryClient writer(server, dir.path(), 1h);
    ReadAll(writer);
  }
  const std::string good_core = Slurp(core);

  const std::vector<std::pair<std::string, std::string>> bad_contents{
      {"empty", ""},
      {"truncated", good_core.substr(0, good_core.size() / 2)},
      {"garbage", "\x01\x02 not json at all"},
      {"wrong kind", R"({"kind":"APIGroup","name":"x"})"},
      {"wrong type", R"({"kind":"APIResourceList","groupVersion":"v1","resources":"nope"})"},
      {"another group-version",
       R"({"kind":"APIResourceList","groupVersion":"apps/v1","resources":[{"name":"x","kind":"X"}]})"},
      {"a JSON array", "[1,2,3]"},
  };
  for (const auto& [label, text] : bad_contents) {
    INFO(label);
    Spit(core, text);
    Spit(groups, text);
    disk::CachedDiscoveryClient client(server, dir.path(), 1h);
    Snapshot got;
    REQUIRE_NOTHROW(got = ReadAll(client));
    CHECK(got == expected);
    CHECK(client.delegate_calls() == 2);  // groups and core from the server, apps from disk
    CHECK_FALSE(client.Fresh());          // apps/v1 came from an older file
    // The bad files were replaced by good ones.
    CHECK(discovery::ParseAPIResourceList(Slurp(core)) == expected.lists[0]);
    CHECK_NOTHROW(discovery::ParseAPIGroupList(Slurp(groups)));
  }

  // A directory where a file should be: the cache is skipped and cannot be written; no error.
  fs::remove(apps);
  fs::create_directories(apps);
  disk::CachedDiscoveryClient client(server, dir.path(), 1h);
  CHECK(ReadAll(client) == expected);
  CHECK(ReadAll(client) == expected);
  CHECK(fs::is_directory(apps));

  // A cache directory that cannot be created (a file is in the way): everything from the server.
  const fs::path blocked = dir.path() / "blocked";
  Spit(blocked, "a file");
  disk::CachedDiscoveryClient nowhere(server, blocked / "cache", 1h);
  CHECK(ReadAll(nowhere) == expected);
  CHECK(ReadAll(nowhere) == expected);
  CHECK(nowhere.delegate_calls() == 6);
  CHECK(nowhere.Fresh());
}

TEST_CASE("Disk cache: a crash mid-write leaves the previous file intact", "[discovery][disk]") {
  TempDir dir;
  auto server = SmallServer();
  const Snapshot expected = ReadAll(*server);
  {
    disk::CachedDiscoveryClient writer(server, dir.path(), 1h);
    ReadAll(writer);
  }
  // What a crash between write and rename leaves: a partial temporary file next to the target.
  Spit(dir.path() / "servergroups.json.0123456789abcdef", R"({"kind":"APIGroupList","groups":[{"na)");
  Spit(dir.path() / "apps" / "v1" / "serverresources.json.fedcba9876543210", "");
  disk::CachedDiscoveryClient reader(std::make_shared<UnreachableServer>(), dir.path(), 1h);
  CHECK(ReadAll(reader) == expected);
}

TEST_CASE("Disk cache: delegate errors, empty answers and odd group-versions", "[discovery][disk]") {
  TempDir dir;
  auto server = std::make_shared<discovery::MemoryDiscovery>();
  disk::CachedDiscoveryClient client(server, dir.path(), 1h);
  // Empty answers are returned but not cached (upstream: "no groups found").
  CHECK(client.ServerGroups().empty());
  CHECK_FALSE(fs::exists(dir.path() / "servergroups.json"));
  CHECK(client.ServerResourcesForGroupVersion("v1").resources.empty());
  CHECK_FALSE(fs::exists(dir.path() / "v1" / "serverresources.json"));
  // Delegate errors propagate; nothing is written.
  CHECK_THROWS_AS(client.ServerResourcesForGroupVersion("apps/v1"), discovery::NotFoundError);
  CHECK_FALSE(fs::exists(dir.path() / "apps"));
  disk::CachedDiscoveryClient down(std::make_shared<UnreachableServer>(), dir.path(), 1h);
  CHECK_THROWS_WITH(down.ServerGroups(), "server unreachable");

  // Group-versions that cannot be paths below the directory bypass the cache.
  CHECK_FALSE(client.ResourcesFile("../v1").has_value());
  CHECK_FALSE(client.ResourcesFile("..").has_value());
  CHECK_FALSE(client.ResourcesFile("a/b/c").has_value());
  CHECK_FALSE(client.ResourcesFile("").has_value());
  CHECK_FALSE(client.ResourcesFile("a/").has_value());
  CHECK_FALSE(client.ResourcesFile("a\\b/v1").has_value());
  server->AddResources({"../escape", {discovery::APIResource{"x", "", true, "", "", "X", {}, {}, {}, ""}}});
  CHECK(client.ServerResourcesForGroupVersion("../escape").resources.size() == 1);
  CHECK_FALSE(fs::exists(dir.path().parent_path() / "escape"));

  CHECK_THROWS_AS(disk::CachedDiscoveryClient(nullptr, dir.path(), 1h), apimachinery::Error);
}

TEST_CASE("Disk cache: clients sharing one directory from many threads", "[discovery][disk][concurrency]") {
  TempDir dir;
  auto server = FixtureServer();
  const Snapshot expected = ReadAll(*server);

  // Each "process" has its own client over the same directory; two threads also share one.
  constexpr int kClients = 4;
  std::vector<std::shared_ptr<disk::CachedDiscoveryClient>> clients;
  for (int i = 0; i < kClients; ++i) {
    // Short TTL for half of them, so files are rewritten while others read them.
    clients.push_back(disk::NewCachedDiscoveryClient(server, dir.path(), i % 2 ? 1h : 0s));
  }
  std::atomic<int> mismatches{0};
  std::atomic<int> errors{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kClients + 2; ++t) {
    threads.emplace_back([&, t] {
      auto& client = *clients[static_cast<std::size_t>(t % kClients)];
      for (int round = 0; round < 6; ++round) {
        try {
          if ((round + t) % 3 == 0) client.Invalidate();
          if (!(ReadAll(client) == expected)) mismatches.fetch_add(1);
          (void)client.Fresh();
        } catch (...) {
          errors.fetch_add(1);
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  CHECK(mismatches.load() == 0);
  CHECK(errors.load() == 0);
  // Whatever interleaving happened, the directory holds complete files.
  disk::CachedDiscoveryClient reader(std::make_shared<UnreachableServer>(), dir.path(), 1h);
  CHECK(ReadAll(reader) == expected);
  for (const auto& e : fs::recursive_directory_iterator(dir.path())) {
    if (!e.is_regular_file()) continue;
    const auto name = e.path().filename().string();
    CHECK((name == "servergroups.json" || name == "serverresources.json"));
  }
}

}  // namespace discovery_cached_disk_cached_discovery_test
