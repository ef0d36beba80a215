// Package meta: mapping between kinds and REST resources (k8s.io/apimachinery/pkg/api/meta).
//
// The RESTMapper abstraction and its building blocks:
// - interfaces.hpp: RESTMapper (abstract), RESTMapping, RESTScopeName, ResettableRESTMapper,
//   MaybeResetRESTMapper, and the non-throwing Try... protocol (MapperResult) the mappers compose by;
// - errors.hpp: NoResourceMatchError / NoKindMatchError (NoMatchError), AmbiguousResourceError /
//   AmbiguousKindError (AmbiguousError), IsNoMatchError / IsAmbiguousError, MapperError;
// - restmapper.hpp: DefaultRESTMapper, UnsafeGuessKindToResource;
// - priority.hpp: PriorityRESTMapper, kAnyGroup / kAnyVersion / kAnyResource / kAnyKind;
// - multirestmapper.hpp: MultiRESTMapper; firsthit_restmapper.hpp: FirstHitRESTMapper;
// - lazy.hpp: NewLazyRESTMapperLoader;
// - conditions.hpp: SetStatusCondition, FindStatusCondition, IsStatusConditionTrue/False,
//   RemoveStatusCondition (conditions.go).
//
// Example:
//   meta::DefaultRESTMapper core({schema::GroupVersion{"", "v1"}});
//   core.Add({"", "v1", "Pod"}, meta::RESTScopeName::kNamespace);
//   core.RESTMapping({"", "Pod"}).resource;   // /v1, Resource=pods
//
// Errors are exceptions derived from apimachinery::Error with upstream's texts; which method throws
// what is listed in each header. Every const method of every mapper here may be called from many
// threads at once; DefaultRESTMapper::Add/AddSpecific must not run concurrently with anything.
//
// Differences from upstream (details in each header):
// - Go's (value, error) results become "return or throw"; the Try... methods keep both, so
//   composite mappers never throw internally. Where upstream returns a value together with an
//   error (PriorityRESTMapper), the public methods return the value.
// - RESTScope is the enum RESTScopeName; RESTMapping is returned by value.
// - Orders that upstream leaves to Go map iteration are deterministic (restmapper.hpp).
// - Lower-casing is ASCII-only.
// - The lazy loader throws its cached init error from every method (upstream returns empty lists
//   with the error from the plural ones).
#pragma once

#include "apimachinery/meta/conditions.hpp"
#include "apimachinery/meta/errors.hpp"
#include "apimachinery/meta/firsthit_restmapper.hpp"
#include "apimachinery/meta/interfaces.hpp"
#include "apimachinery/meta/lazy.hpp"
#include "apimachinery/meta/multirestmapper.hpp"
#include "apimachinery/meta/priority.hpp"
#include "apimachinery/meta/restmapper.hpp"
