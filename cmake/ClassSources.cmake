# A folder's classes, each named once: `Name` adds Name.h and Name.cpp to the target (relative to
# the calling folder). A header without a .cpp, a private `_platform.h` header and the platform
# files (docs/architecture.md, "Platform code") are listed as files, apart.
function(teamai_add_classes target)
    foreach(name IN LISTS ARGN)
        target_sources(${target} PRIVATE ${name}.h ${name}.cpp)
    endforeach()
endfunction()
