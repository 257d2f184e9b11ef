# The headless parts (teamai-core, teamai) must never pull in Qt Gui or Widgets: every agent hook
# pays for what `teamai` loads. This check walks the link interface at generate time and fails the
# configure step if a GUI module shows up, so a careless target_link_libraries cannot slip through.
function(teamai_assert_headless target)
    get_target_property(libs ${target} LINK_LIBRARIES)
    if(NOT libs)
        return()
    endif()
    foreach(lib IN LISTS libs)
        if(lib MATCHES "Qt6?::(Gui|Widgets|OpenGL|Quick|Qml)")
            message(FATAL_ERROR "${target} must stay headless but links ${lib}")
        endif()
    endforeach()
endfunction()
