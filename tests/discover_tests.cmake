# Writes OUTPUT, a CTest script with one test per Catch2 test case of EXECUTABLE: the test
# "<PREFIX>: <test case>" runs `EXECUTABLE <test case> ARGS...` and carries the label PREFIX.
# Run after every link of the executable (tests/CMakeLists.txt: apimachinery_discover_tests), as
# Catch2's catch_discover_tests (Catch.cmake, CatchAddTests.cmake) does; unlike that script, a test
# case whose name contains ';' stays one test.
#
#   cmake -D EXECUTABLE=<exe> -D PREFIX=<pkg> -D OUTPUT=<file> -D "ARGS=<arg> ..." -P discover_tests.cmake
cmake_minimum_required(VERSION 3.24)

execute_process(COMMAND "${EXECUTABLE}" --list-test-names-only
                OUTPUT_VARIABLE listing RESULT_VARIABLE result)
# Catch2 v2 exits with the number of test cases listed (modulo 256): only a crash is an error.
if(NOT result MATCHES "^[0-9]+$")
  message(FATAL_ERROR "${EXECUTABLE} --list-test-names-only failed: ${result}\n${listing}")
endif()

# A name may hold ';', the CMake list separator: carry it as a control character while the listing
# is split into lines.
string(ASCII 31 semicolon)
string(REPLACE ";" "${semicolon}" listing "${listing}")
string(REPLACE "\n" ";" lines "${listing}")

set(script "")
set(count 0)
foreach(line IN LISTS lines)
  if(line STREQUAL "")
    continue()
  endif()
  string(REPLACE "${semicolon}" ";" name "${line}")
  if(name MATCHES "^[~*\"#]|[*]$|]==]")
    message(FATAL_ERROR "${EXECUTABLE}: test case name \"${name}\" cannot be passed to Catch2 as a "
                        "literal test spec; rename it")
  endif()
  # The test spec that selects exactly this test case: Catch2 reads ',' '[' ']' '\' as syntax.
  string(REGEX REPLACE "([],[\\\\])" "\\\\\\1" spec "${name}")
  separate_arguments(arg_list UNIX_COMMAND "${ARGS}")
  set(args "")
  foreach(arg IN LISTS arg_list)
    string(APPEND args " [==[${arg}]==]")
  endforeach()
  string(APPEND script
    "add_test([==[${PREFIX}: ${name}]==] [==[${EXECUTABLE}]==] [==[${spec}]==]${args})\n"
    "set_tests_properties([==[${PREFIX}: ${name}]==] PROPERTIES LABELS [==[${PREFIX}]==]"
    " FAIL_REGULAR_EXPRESSION [==[No test cases matched]==])\n")
  math(EXPR count "${count} + 1")
endforeach()
if(count EQUAL 0)
  message(FATAL_ERROR "${EXECUTABLE} lists no test cases")
endif()
file(WRITE "${OUTPUT}" "${script}")
