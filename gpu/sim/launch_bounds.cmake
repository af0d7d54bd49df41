# Reads the `__launch_bounds__(n) kernel_name` declarations of a kernel source for the GPU
# simulator's launch-bound table (gpusim.cmake). A small tokenizer rather than one regex over the
# raw text: macro line continuations are joined and comments, string and character literals are
# blanked first, so a declaration split across the lines of a macro is found, and one that only
# a comment mentions is not.
#
#   gpusim_launch_bound_entries(<file> <out_var>)
#     <out_var>: the table entries, one C++ initializer line each: {"kernel", n} for a kernel
#     spelled out, {"##suffix", n} for one a macro pastes as `name##suffix` (it then applies to
#     every launched kernel whose name ends in `suffix`). Fatal error when a __launch_bounds__
#     is not followed by the kernel's name.
#   gpusim_cuh_includes(<file> <out_var>)
#     the .cuh headers the file includes that exist under the project (their kernels are the
#     file's kernels too).

# Code text of `text`: continuations joined, comments and literals reduced to a blank.
function(_gpusim_code_text text out_var)
    string(REGEX REPLACE "\\\\[ \t]*\r?\n" " " text "${text}")
    # One alternation, so the leftmost token decides: "//" inside a string stays in the string.
    set(block_comment "/\\*([^*]|\\*+[^*/])*\\*+/")
    set(line_comment "//[^\n]*")
    set(string_literal "\"([^\"\\\\\n]|\\\\.)*\"")
    set(char_literal "'([^'\\\\\n]|\\\\.)*'")
    string(REGEX REPLACE "${block_comment}|${line_comment}|${string_literal}|${char_literal}"
                         " " text "${text}")
    set(${out_var} "${text}" PARENT_SCOPE)
endfunction()

function(gpusim_launch_bound_entries file out_var)
    file(READ "${file}" text)
    _gpusim_code_text("${text}" code)
    set(ws "[ \t\r\n]*")
    # The first argument may hold one level of parentheses (sizeof(T) * 32); a second one
    # (minimum blocks per SM) is skipped.
    set(first_arg "([^(),]*(\\([^()]*\\)[^(),]*)*)")
    set(declaration
        "__launch_bounds__${ws}\\(${first_arg}(,[^()]*)?\\)${ws}([A-Za-z_][A-Za-z0-9_]*)(${ws}##${ws}([A-Za-z0-9_]+))?")
    string(REGEX MATCHALL "__launch_bounds__" uses "${code}")
    string(REGEX MATCHALL "${declaration}" declarations "${code}")
    list(LENGTH uses use_count)
    list(LENGTH declarations declaration_count)
    if(NOT use_count EQUAL declaration_count)
        message(FATAL_ERROR "${file}: every __launch_bounds__(...) must be followed by the "
                            "kernel's name, or a macro's name##suffix (found ${use_count}, "
                            "read ${declaration_count})")
    endif()
    set(entries "")
    foreach(match IN LISTS declarations)
        string(REGEX MATCH "${declaration}" match "${match}")
        string(STRIP "${CMAKE_MATCH_1}" max_threads)
        if(NOT "${CMAKE_MATCH_6}" STREQUAL "")
            set(kernel "##${CMAKE_MATCH_6}")
        else()
            set(kernel "${CMAKE_MATCH_4}")
        endif()
        string(APPEND entries "        {\"${kernel}\", static_cast<int>(${max_threads})},\n")
    endforeach()
    set(${out_var} "${entries}" PARENT_SCOPE)
endfunction()

function(gpusim_cuh_includes file out_var)
    file(READ "${file}" text)
    string(REGEX REPLACE "\\\\[ \t]*\r?\n" " " text "${text}")
    string(REGEX MATCHALL "#[ \t]*include[ \t]*\"[^\"\n]+\\.cuh\"" includes "${text}")
    get_filename_component(dir "${file}" DIRECTORY)
    set(found "")
    foreach(include IN LISTS includes)
        string(REGEX REPLACE ".*\"([^\"]+)\"" "\\1" header "${include}")
        foreach(base IN ITEMS "${PROJECT_SOURCE_DIR}" "${dir}")
            if(EXISTS "${base}/${header}")
                list(APPEND found "${base}/${header}")
                break()
            endif()
        endforeach()
    endforeach()
    list(REMOVE_DUPLICATES found)
    set(${out_var} "${found}" PARENT_SCOPE)
endfunction()
