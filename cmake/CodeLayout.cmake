# The functions a program runs at start-up, laid out next to each other (docs/performance.md,
# "2026-12-05: start-up code in few pages"). The kernel maps a program's code 64 KiB around each
# page it touches, so start-up code spread over the whole text keeps the whole text resident:
# teamai-tray's 2.0 MiB of text were all resident while idle, though it had run 0.4 MiB of it.
# Each function gets a section of its own (-ffunction-sections) and lld places the sections of
# the functions named in an order file first, in that order. The order files are made by
# scripts/code-order.sh from a run under callgrind; a name that no longer exists is skipped, so a
# stale file costs memory, never correctness (tests/check-code-layout.py says when it is stale).
option(TEAMAI_ORDER_CODE "Lay out start-up code first (needs lld)" ON)

set(TEAMAI_CODE_ORDERED OFF)
if(TEAMAI_ORDER_CODE AND TEAMAI_LINKER STREQUAL "lld" AND CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    set(TEAMAI_CODE_ORDERED ON)
    add_compile_options(-ffunction-sections)
endif()

# teamai_order_code(<target> <order file>): lay out <target>'s code in the order <order file> gives.
# The file is kept as the target's TEAMAI_ORDER_FILE property, which the code_layout tests read.
function(teamai_order_code target file)
    set_property(TARGET ${target} PROPERTY TEAMAI_ORDER_FILE ${file})
    if(NOT TEAMAI_CODE_ORDERED)
        return()
    endif()
    target_link_options(${target} PRIVATE "LINKER:--symbol-ordering-file=${file}" "LINKER:--no-warn-symbol-ordering")
    set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS ${file})
endfunction()
