# macOS: "TeamAI Agent.app", assembled at install time from the built programs, for the DMG
# (cpack -G DragNDrop, component macos). Included from installer/CMakeLists.txt. Written and
# reviewed; not built in CI (this needs macOS, Qt's macdeployqt and iconutil).
#
#   TeamAI Agent.app/Contents/Info.plist
#   TeamAI Agent.app/Contents/MacOS/teamai-tray    the app (menu-bar only: LSUIElement)
#   TeamAI Agent.app/Contents/MacOS/teamai         the CLI: next to the tray, which runs it, and
#                                                  what pushed commands and agent hooks run
#   TeamAI Agent.app/Contents/MacOS/libteamai-*.so the runtime modules (keychain, archive)
#   TeamAI Agent.app/Contents/Resources/teamai.icns
#   TeamAI Agent.app/Contents/Frameworks, PlugIns  Qt and the other libraries (macdeployqt)
#
# The bundle is made here rather than by MACOSX_BUNDLE on the teamai-tray target so that the build
# tree keeps one layout on every platform (both programs in one folder). Users who want `teamai`
# in a terminal link it: ln -s "/Applications/TeamAI Agent.app/Contents/MacOS/teamai" /usr/local/bin/teamai

if(NOT TARGET teamai-tray)
    message(WARNING "macOS packaging needs the teamai-tray target (TEAMAI_BUILD_TRAY=ON): no app bundle")
    return()
endif()

set(TEAMAI_MACOS_SIGN_IDENTITY "-" CACHE STRING
    "codesign identity for the app bundle: \"-\" (ad hoc) or \"Developer ID Application: …\"")
set(bundle "TeamAI Agent.app")

configure_file(${CMAKE_CURRENT_LIST_DIR}/Info.plist.in ${generated}/macos/Info.plist @ONLY)
install(FILES ${generated}/macos/Info.plist DESTINATION "${bundle}/Contents" COMPONENT macos)
install(PROGRAMS $<TARGET_FILE:teamai-tray> $<TARGET_FILE:teamai>
        DESTINATION "${bundle}/Contents/MacOS" COMPONENT macos)
# The runtime modules go next to the programs: RuntimeModule looks there on macOS.
install(FILES $<TARGET_FILE:teamai-keychain> $<TARGET_FILE:teamai-archive>
        DESTINATION "${bundle}/Contents/MacOS" COMPONENT macos)

# The icon: an .iconset rendered from the SVG, then iconutil (rsvg-convert: Homebrew librsvg).
find_program(TEAMAI_RSVG_CONVERT rsvg-convert)
find_program(TEAMAI_ICONUTIL iconutil)
if(TEAMAI_RSVG_CONVERT AND TEAMAI_ICONUTIL)
    set(iconset ${generated}/macos/teamai.iconset)
    set(renders)
    foreach(size IN ITEMS 16 32 128 256 512)
        math(EXPR double "${size} * 2")
        list(APPEND renders ${iconset}/icon_${size}x${size}.png ${iconset}/icon_${size}x${size}@2x.png)
        add_custom_command(OUTPUT ${iconset}/icon_${size}x${size}.png ${iconset}/icon_${size}x${size}@2x.png
            COMMAND ${CMAKE_COMMAND} -E make_directory ${iconset}
            COMMAND ${TEAMAI_RSVG_CONVERT} -w ${size} -h ${size} -o ${iconset}/icon_${size}x${size}.png ${resources}/icons/teamai.svg
            COMMAND ${TEAMAI_RSVG_CONVERT} -w ${double} -h ${double} -o ${iconset}/icon_${size}x${size}@2x.png ${resources}/icons/teamai.svg
            DEPENDS ${resources}/icons/teamai.svg
            VERBATIM)
    endforeach()
    add_custom_command(OUTPUT ${generated}/macos/teamai.icns
        COMMAND ${TEAMAI_ICONUTIL} -c icns -o ${generated}/macos/teamai.icns ${iconset}
        DEPENDS ${renders}
        VERBATIM)
    list(APPEND packaging_outputs ${generated}/macos/teamai.icns)
    install(FILES ${generated}/macos/teamai.icns DESTINATION "${bundle}/Contents/Resources" COMPONENT macos)
else()
    message(WARNING "rsvg-convert or iconutil not found: the app bundle gets no icon")
endif()

# Qt frameworks, plugins (cocoa, sqlite, tls) and the other libraries into the bundle, then sign
# it again (macdeployqt's rewrites invalidate the linker's ad-hoc signature, and arm64 runs only
# signed code). Notarization is a release step: installer/README.md.
find_program(TEAMAI_MACDEPLOYQT macdeployqt HINTS "${QT6_INSTALL_PREFIX}/${QT6_INSTALL_BINS}")
if(NOT TEAMAI_MACDEPLOYQT)
    message(WARNING "macdeployqt not found: the app bundle will not carry Qt")
    return()
endif()
install(CODE "
    set(app \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${bundle}\")
    execute_process(COMMAND \"${TEAMAI_MACDEPLOYQT}\" \"\${app}\"
                            \"-executable=\${app}/Contents/MacOS/teamai\" -always-overwrite
                    COMMAND_ERROR_IS_FATAL ANY)
    execute_process(COMMAND codesign --force --deep --options runtime --timestamp=none
                            --sign \"${TEAMAI_MACOS_SIGN_IDENTITY}\" \"\${app}\"
                    COMMAND_ERROR_IS_FATAL ANY)
" COMPONENT macos)
