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
option(TEAMAI_PRECOMPILE_HEADERS "Precompile Qt Core's headers once and reuse them" ON)

if(TEAMAI_PRECOMPILE_HEADERS)
    add_library(teamai-pch OBJECT ${CMAKE_CURRENT_LIST_DIR}/pch/QtCorePch.cpp)
    target_link_libraries(teamai-pch PRIVATE Qt6::Core Qt6::Network)
    teamai_set_warnings(teamai-pch)
    target_precompile_headers(teamai-pch PRIVATE "$<$<COMPILE_LANGUAGE:CXX>:${CMAKE_CURRENT_LIST_DIR}/pch/QtCorePch.h>")
    if(NOT MSVC)
        target_compile_options(teamai-pch PRIVATE -Winvalid-pch)
    endif()
endif()

# Every C++ target of ours that links Qt Core.
function(teamai_reuse_precompiled_headers target)
    if(TEAMAI_PRECOMPILE_HEADERS)
        target_precompile_headers(${target} REUSE_FROM teamai-pch)
        if(NOT MSVC)
            target_compile_options(${target} PRIVATE -Winvalid-pch)
        endif()
    endif()
endfunction()
