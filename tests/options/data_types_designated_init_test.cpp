// The data types users build by hand (schema's group/version/kind/resource names, discovery's
// documents, metav1's metadata) with designated initializers naming only some members: this
// translation unit must compile without a warning (-Wmissing-field-initializers, part of -Wextra,
// is an error below), and the unnamed members keep their zero values.
#include <string>
#include <type_traits>

#include <catch2/catch.hpp>

#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/discovery/aggregated_types.hpp"
#include "apimachinery/discovery/types.hpp"
#include "apimachinery/schema/group_version.hpp"

#if defined(__GNUC__)
#pragma GCC diagnostic error "-Wmissing-field-initializers"
#endif

// Everything below is file-local.
namespace options_data_types_designated_init_test {

namespace discovery = apimachinery::discovery;
namespace metav1 = apimachinery::metav1;
namespace schema = apimachinery::schema;

static_assert(std::is_aggregate_v<schema::GroupVersionKind>);
static_assert(std::is_aggregate_v<discovery::APIResource>);
static_assert(std::is_aggregate_v<metav1::ObjectMeta>);

TEST_CASE("schema names with designated initializers naming some members", "[options][schema]") {
  const schema::GroupVersionKind gvk{.group = "apps", .kind = "Deployment"};
  CHECK(gvk.String() == "apps/, Kind=Deployment");
  CHECK(gvk.version.empty());
  const schema::GroupVersionResource gvr{.group = "apps", .resource = "deployments"};
  CHECK(gvr.version.empty());
  CHECK(gvr.resource == "deployments");
  const schema::GroupVersion gv{.version = "v1"};
  CHECK(gv.String() == "v1");
  const schema::GroupKind gk{.kind = "Pod"};
  CHECK(gk.group.empty());
  const schema::GroupResource gr{.resource = "pods"};
  CHECK(gr.String() == "pods");
}

TEST_CASE("discovery documents with designated initializers naming some members", "[options][discovery]") {
  const discovery::APIResource r{.name = "pods", .namespaced = true, .kind = "Pod"};
  CHECK(r.namespaced);
  CHECK(r.verbs.empty());
  CHECK(r.singular_name.empty());
  const discovery::APIResourceList list{.group_version = "v1", .resources = {r}};
  CHECK(list.resources.size() == 1);
  const discovery::GroupVersionForDiscovery v{.group_version = "apps/v1"};
  CHECK(v.version.empty());
  const discovery::APIGroup g{.name = "apps", .versions = {v}};
  CHECK(g.preferred_version == discovery::GroupVersionForDiscovery{});
}

TEST_CASE("metav1 metadata with designated initializers naming some members", "[options][metav1]") {
  const metav1::ObjectMeta m{.name = "web", .namespace_ = "default", .labels = {{"app", "web"}}};
  CHECK(m.uid.empty());
  CHECK(m.managed_fields.empty());
  CHECK(m.generation == 0);
  const metav1::TypeMeta t{.kind = "Pod"};
  CHECK(t.api_version.empty());
  const metav1::OwnerReference o{.kind = "ReplicaSet", .name = "rs", .controller = true};
  CHECK(o.uid.empty());
  CHECK_FALSE(o.block_owner_deletion.has_value());
  const metav1::ListMeta l{.resource_version = "7"};
  CHECK(l.continue_.empty());
}

}  // namespace options_data_types_designated_init_test
