# Runtime modules: shared libraries teamai-core loads on first use (core/modules/RuntimeModule.h).
#
# On ELF platforms the dynamic linker finds them through the RUNPATH of our executables: the
# build tree's lib/teamai for everything built here (tests included), <libdir>/teamai/modules for
# the installed teamai and teamai-tray (teamai_use_installed_modules) — a private folder, which
# Debian policy allows a RUNPATH to, and not one ldconfig looks in. Elsewhere they are installed
# next to the executables.
include(GNUInstallDirs)

set(TEAMAI_MODULE_BUILD_DIR ${CMAKE_BINARY_DIR}/lib/teamai)
if(WIN32 OR APPLE)
    set(TEAMAI_MODULE_INSTALL_DIR bin)
else()
    set(TEAMAI_MODULE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/teamai/modules)
endif()
list(APPEND CMAKE_BUILD_RPATH ${TEAMAI_MODULE_BUILD_DIR})

# teamai_add_runtime_module(target sources...): a module of teamai-core, built before anything
# that links teamai-core and installed with the agent.
function(teamai_add_runtime_module target)
    add_library(${target} MODULE ${ARGN})
    set_target_properties(${target} PROPERTIES
        LIBRARY_OUTPUT_DIRECTORY ${TEAMAI_MODULE_BUILD_DIR}
        CXX_VISIBILITY_PRESET hidden
        VISIBILITY_INLINES_HIDDEN ON)
    # The interface headers it implements; it links no code of teamai-core.
    target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/core)
    target_link_libraries(${target} PRIVATE Qt6::Core)
    teamai_set_warnings(${target})
    add_dependencies(teamai-core ${target})
    install(TARGETS ${target} LIBRARY DESTINATION ${TEAMAI_MODULE_INSTALL_DIR} COMPONENT agent)
endfunction()

# teamai_use_installed_modules(target): the installed program finds the installed modules.
function(teamai_use_installed_modules target)
    if(NOT (WIN32 OR APPLE))
        file(RELATIVE_PATH to_modules ${CMAKE_INSTALL_FULL_BINDIR} ${CMAKE_INSTALL_PREFIX}/${TEAMAI_MODULE_INSTALL_DIR})
        set_target_properties(${target} PROPERTIES INSTALL_RPATH "\$ORIGIN/${to_modules}")
    endif()
endfunction()
