# Windows: what the installer (cpack -G NSIS, component windows) puts next to teamai.exe and
# teamai-tray.exe in bin\: Qt's DLLs and plugins (windeployqt: platforms, styles, sqldrivers, tls),
# every other DLL the two programs and the runtime modules import (QtKeychain, spdlog, fmt,
# libarchive and its compression libraries), the MSVC runtime, and the license. Included from installer/CMakeLists.txt. Written
# and reviewed; not built in CI (this needs Windows).

install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION . RENAME LICENSE.txt COMPONENT windows)

set(CMAKE_INSTALL_SYSTEM_RUNTIME_DESTINATION bin)
set(CMAKE_INSTALL_SYSTEM_RUNTIME_COMPONENT windows)
include(InstallRequiredSystemLibraries)

find_program(TEAMAI_WINDEPLOYQT windeployqt HINTS "${QT6_INSTALL_PREFIX}/${QT6_INSTALL_BINS}")
if(NOT TEAMAI_WINDEPLOYQT)
    message(WARNING "windeployqt not found: the installer will not carry Qt")
endif()

# Folders where the DLLs of the dependencies are (vcpkg, or a Qt + packages prefix).
set(dll_dirs "\"${QT6_INSTALL_PREFIX}/${QT6_INSTALL_BINS}\"")
foreach(prefix IN LISTS CMAKE_PREFIX_PATH)
    string(APPEND dll_dirs " \"${prefix}/bin\"")
endforeach()

set(programs "$<TARGET_FILE_NAME:teamai>")
if(TARGET teamai-tray)
    list(APPEND programs "$<TARGET_FILE_NAME:teamai-tray>")
endif()

# The runtime modules themselves are installed into bin\ by their own rule (cmake/RuntimeModules.cmake).
set(modules "$<TARGET_FILE_NAME:teamai-keychain>;$<TARGET_FILE_NAME:teamai-archive>")

install(CODE "
    set(bin \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/bin\")
    set(programs \"${programs}\")
    set(modules \"${modules}\")
    if(EXISTS \"${TEAMAI_WINDEPLOYQT}\")
        foreach(program IN LISTS programs)
            execute_process(COMMAND \"${TEAMAI_WINDEPLOYQT}\" --release --no-translations
                                    --no-system-d3d-compiler --no-opengl-sw --no-compiler-runtime
                                    --dir \"\${bin}\" \"\${bin}/\${program}\"
                            COMMAND_ERROR_IS_FATAL ANY)
        endforeach()
    endif()
    set(executables)
    foreach(program IN LISTS programs)
        list(APPEND executables \"\${bin}/\${program}\")
    endforeach()
    set(module_files)
    foreach(module IN LISTS modules)
        list(APPEND module_files \"\${bin}/\${module}\")
    endforeach()
    file(GET_RUNTIME_DEPENDENCIES
        EXECUTABLES \${executables}
        MODULES \${module_files}
        RESOLVED_DEPENDENCIES_VAR dlls
        UNRESOLVED_DEPENDENCIES_VAR missing
        DIRECTORIES ${dll_dirs} \"\${bin}\"
        PRE_EXCLUDE_REGEXES \"^api-ms-\" \"^ext-ms-\"
        POST_EXCLUDE_REGEXES \"[Ss]ystem32\" \"[Ss]ys[Ww][Oo][Ww]64\")
    if(missing)
        message(FATAL_ERROR \"DLLs not found for the installer: \${missing}\")
    endif()
    # file(INSTALL) adds DESTDIR itself.
    file(INSTALL \${dlls} DESTINATION \"\${CMAKE_INSTALL_PREFIX}/bin\")
" COMPONENT windows)

# The installer's icon, rendered from the SVG when rsvg-convert and ImageMagick are at hand.
find_program(TEAMAI_RSVG_CONVERT rsvg-convert)
find_program(TEAMAI_MAGICK magick)
if(TEAMAI_RSVG_CONVERT AND TEAMAI_MAGICK)
    set(ico_dir ${generated}/windows)
    set(ico_pngs)
    foreach(size IN ITEMS 16 24 32 48 64 256)
        list(APPEND ico_pngs ${ico_dir}/teamai-${size}.png)
        add_custom_command(OUTPUT ${ico_dir}/teamai-${size}.png
            COMMAND ${CMAKE_COMMAND} -E make_directory ${ico_dir}
            COMMAND ${TEAMAI_RSVG_CONVERT} -w ${size} -h ${size} -o ${ico_dir}/teamai-${size}.png ${resources}/icons/teamai.svg
            DEPENDS ${resources}/icons/teamai.svg
            VERBATIM)
    endforeach()
    add_custom_command(OUTPUT ${ico_dir}/teamai.ico
        COMMAND ${TEAMAI_MAGICK} ${ico_pngs} ${ico_dir}/teamai.ico
        DEPENDS ${ico_pngs}
        VERBATIM)
    list(APPEND packaging_outputs ${ico_dir}/teamai.ico)
endif()
