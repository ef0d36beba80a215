# Runs EXE and compares its standard output with the file EXPECTED (ctest helper for examples).
execute_process(COMMAND "${EXE}" OUTPUT_VARIABLE actual RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${EXE} exited with ${rc}")
endif()
file(READ "${EXPECTED}" expected)
if(NOT actual STREQUAL expected)
  message(FATAL_ERROR "output of ${EXE} differs from ${EXPECTED}:\n--- actual ---\n${actual}")
endif()
