// A consumer of the installed (or add_subdirectory'd) library: everything through the umbrella.
#include <fmt/format.h>

#include <apimachinery/apimachinery.hpp>

int main() {
  namespace schema = apimachinery::schema;
  auto [full, partial] = schema::ParseResourceArg("deployments.v1.apps");
  if (!full || full->group != "apps" || partial.resource != "deployments") return 1;
  fmt::print("consumer ok: {}\n", *full);
  return 0;
}
