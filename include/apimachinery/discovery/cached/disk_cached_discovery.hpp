// Forwarding header: the disk-cached discovery client moved to discovery/cached/disk/
// cached_discovery.hpp (package discovery/cached/disk, namespace apimachinery::discovery::disk,
// Go's k8s.io/client-go/discovery/cached/disk). Kept so that existing includes keep compiling.
#pragma once

#include "apimachinery/discovery/cached/disk/cached_discovery.hpp"
