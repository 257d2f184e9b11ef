# Compile flags chosen for build time (docs/performance.md, "Build time"). A fresh build of the
# product and the ~160 test executables is most of CI's run on 2 cores.
#
# - Product code keeps -O2 but has line tables only (-g1) instead of full debug info: the same
#   machine code, about 20 % less compile time per file; perf and callgrind still map addresses
#   to functions and lines. Configure with -DTEAMAI_FULL_DEBUG_INFO=ON for a debugger session.
# - Test code (not the product: the product's code is in the libraries it links) is built without
#   optimisation or debug info, about a third less per test file. QtTest reports failures by
#   __FILE__ and __LINE__, which need neither. A Debug build keeps its own flags for both.
option(TEAMAI_FULL_DEBUG_INFO "Full debug info (-g) instead of line tables (-g1) in RelWithDebInfo" OFF)

set(TEAMAI_TEST_CODE_FLAGS "")
if(NOT MSVC AND NOT CMAKE_BUILD_TYPE STREQUAL "Debug")
    set(TEAMAI_TEST_CODE_FLAGS -O0 -g0)
    if(CMAKE_BUILD_TYPE STREQUAL "RelWithDebInfo" AND NOT TEAMAI_FULL_DEBUG_INFO)
        add_compile_options(-g1)
    endif()
endif()
