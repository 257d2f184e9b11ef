# Runtime modules: shared libraries teamai-core loads on first use (core/util/RuntimeModule.h).
#
# They are loaded by absolute path, never through a RUNPATH: a RUNPATH would make the dynamic
# linker look in it for every other library as well, on every start (and an empty entry, which
# CMake pads build RUNPATHs with, means the current folder). Installed, they are in
# <libdir>/teamai/modules — a private folder ldconfig does not search — found relative to the
# program; programs run from this build tree use the build tree's lib/teamai. On Windows and macOS
# they sit next to the programs.
include(GNUInstallDirs)

set(TEAMAI_MODULE_BUILD_DIR ${CMAKE_BINARY_DIR}/lib/teamai)
if(WIN32 OR APPLE)
    set(TEAMAI_MODULE_INSTALL_DIR bin)
    set(TEAMAI_MODULE_DIR_FROM_BIN .)
else()
    set(TEAMAI_MODULE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/teamai/modules)
    # The programs install to <prefix>/bin (app/teamai, app/teamai-tray).
    file(RELATIVE_PATH TEAMAI_MODULE_DIR_FROM_BIN ${CMAKE_INSTALL_PREFIX}/bin ${CMAKE_INSTALL_PREFIX}/${TEAMAI_MODULE_INSTALL_DIR})
endif()

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
