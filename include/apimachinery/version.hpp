// apimachinery-cpp version macros.
#pragma once

#if defined(APIMACHINERY_VERSION_MAJOR) && \
    (APIMACHINERY_VERSION_MAJOR != 0 || APIMACHINERY_VERSION_MINOR != 1 || APIMACHINERY_VERSION_PATCH != 0)
#warning "Already included a different version of apimachinery-cpp"
#endif

#define APIMACHINERY_VERSION_MAJOR 0
#define APIMACHINERY_VERSION_MINOR 1
#define APIMACHINERY_VERSION_PATCH 0
