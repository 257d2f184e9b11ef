# The optional benchmarks under tests/bench/ (bench_exec, bench_tray): not tests, built only with
# -DTEAMAI_BUILD_BENCH=ON. The root adds their folders unconditionally; each includes this file.
option(TEAMAI_BUILD_BENCH "Build the optional benchmarks (bench_exec, bench_tray)" OFF)
# Where the benchmarks' shared headers (BenchArguments.h) are.
set(TEAMAI_BENCH_DIR ${CMAKE_CURRENT_LIST_DIR})

# teamai_add_bench(<name> LIBS <targets…>): <name> from <name>.cpp, when TEAMAI_BUILD_BENCH is on.
function(teamai_add_bench name)
    cmake_parse_arguments(B "" "" "LIBS" ${ARGN})
    if(TEAMAI_BUILD_BENCH)
        add_executable(${name} ${name}.cpp)
        target_link_libraries(${name} PRIVATE ${B_LIBS})
        target_include_directories(${name} PRIVATE ${TEAMAI_BENCH_DIR})
        teamai_set_warnings(${name})
    endif()
endfunction()
