# Precompiled headers: Qt Core's headers, parsed once and reused by every C++ target of ours
# (core, apps, devserver, tests, ui). Measured on a test file: 10.6 s → 2.7 s to compile; the
# suite has well over a hundred such files (docs/performance.md, "Build time").
#
# GCC uses a PCH only when every macro defined while it was built is defined the same way in
# the file that uses it. So it is built by a target of its own, teamai-pch, with only the flags
# all our targets share (Qt Core and Network, our warnings and QT_* options); what a target adds
# (SPDLOG_* in core, QT_TESTCASE_BUILDDIR and QT_TESTLIB_LIB in tests, QT_GUI_LIB in ui) is not
# tested by Qt Core's headers, and QtTest/QtGui stay out of the PCH. -Winvalid-pch (with
# -Werror) makes a PCH that stops being usable a build error rather than a silent slowdown.
#
# Test code is built with its own flags (TEAMAI_TEST_CODE_FLAGS, cmake/BuildSpeed.cmake), and
# -O0 defines a macro -O2 does not (__OPTIMIZE__), so it has its own PCH, teamai-test-pch.
option(TEAMAI_PRECOMPILE_HEADERS "Precompile Qt Core's headers once and reuse them" ON)

function(teamai_add_pch_target target)
    add_library(${target} OBJECT ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/pch/QtCorePch.cpp)
    target_link_libraries(${target} PRIVATE Qt6::Core Qt6::Network)
    teamai_set_warnings(${target})
    target_compile_options(${target} PRIVATE ${ARGN})
    target_precompile_headers(${target} PRIVATE "$<$<COMPILE_LANGUAGE:CXX>:${CMAKE_CURRENT_FUNCTION_LIST_DIR}/pch/QtCorePch.h>")
    if(NOT MSVC)
        target_compile_options(${target} PRIVATE -Winvalid-pch)
    endif()
endfunction()

if(TEAMAI_PRECOMPILE_HEADERS)
    teamai_add_pch_target(teamai-pch)
    if(TEAMAI_BUILD_TESTS)
        teamai_add_pch_target(teamai-test-pch ${TEAMAI_TEST_CODE_FLAGS})
    endif()
endif()

function(teamai_reuse_pch target pch_target)
    if(TEAMAI_PRECOMPILE_HEADERS)
        target_precompile_headers(${target} REUSE_FROM ${pch_target})
        if(NOT MSVC)
            target_compile_options(${target} PRIVATE -Winvalid-pch)
        endif()
    endif()
endfunction()

# Every C++ target of ours that links Qt Core.
function(teamai_reuse_precompiled_headers target)
    teamai_reuse_pch(${target} teamai-pch)
endfunction()

# Every C++ target of test code (test executables, their fixtures and support library): the test
# code flags, and the PCH built with them. The file automoc writes for a test holds nothing when the
# test's .cpp includes its own .moc, and loading the 200 MB PCH for it cost 2 s per test, so it
# is compiled without.
function(teamai_use_test_code_flags target)
    target_compile_options(${target} PRIVATE ${TEAMAI_TEST_CODE_FLAGS})
    teamai_reuse_pch(${target} teamai-test-pch)
    get_target_property(binary_dir ${target} BINARY_DIR)
    set_source_files_properties(${binary_dir}/${target}_autogen/mocs_compilation.cpp
        TARGET_DIRECTORY ${target} PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
endfunction()
