# A faster linker than GNU ld when one is installed: the suite links about two hundred
# executables with debug info, and ld.bfd spends most of a cold build's link time on them
# (one test: 12.9 s with ld.bfd, 3.8 s with lld on this machine; docs/performance.md,
# "Build time"). The linker does not change what the program does: the compiler driver passes
# it the same options (relro, build id, as-needed).
option(TEAMAI_FAST_LINKER "Link with lld (or mold) when the compiler can use it" ON)

if(TEAMAI_FAST_LINKER AND NOT MSVC AND NOT CMAKE_CROSSCOMPILING)
    include(CheckLinkerFlag)
    foreach(linker IN ITEMS lld mold)
        string(MAKE_C_IDENTIFIER "TEAMAI_HAS_LD_${linker}" result)
        check_linker_flag(CXX "-fuse-ld=${linker}" ${result})
        if(${result})
            add_link_options("-fuse-ld=${linker}")
            set(TEAMAI_LINKER ${linker})  # cmake/CodeLayout.cmake asks which
            message(STATUS "Linking with ${linker}")
            break()
        endif()
    endforeach()
endif()
