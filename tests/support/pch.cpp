// Carries the precompiled header shared by every test executable (see tests/CMakeLists.txt).
