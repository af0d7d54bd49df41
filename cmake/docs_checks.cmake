# The docs checks (label cpu; scripts/check_*.py, Python 3 standard library only): what README.md
# and docs/ say about the environment, the defaults and the layout is what the code and the build
# do. Included from the top-level CMakeLists.txt when tests are built and Python 3 is found.
set(_docs_scripts ${PROJECT_SOURCE_DIR}/scripts)
# Every variable the code reads has a row in README.md's environment table, and each row is read.
add_test(NAME docs_env_table_matches_code
         COMMAND ${Python3_EXECUTABLE} ${_docs_scripts}/check_env_docs.py ${PROJECT_SOURCE_DIR})
# A bad value of each variable aclemu reads is reported as a WARNING (aclemu-info runs aclInit).
set(_docs_gpusim_flag)
if(ACLEMU_ENABLE_GPUSIM)
    set(_docs_gpusim_flag --gpusim)
endif()
add_test(NAME docs_env_bad_values_warn
         COMMAND ${Python3_EXECUTABLE} ${_docs_scripts}/check_env_warnings.py
                 --program $<TARGET_FILE:aclemu_info> ${_docs_gpusim_flag}
                 --root ${PROJECT_SOURCE_DIR})
set_tests_properties(docs_env_bad_values_warn PROPERTIES ENVIRONMENT "${ACLEMU_TEST_ENVIRONMENT}")
# The CUDA and HIP architectures and the ACLEMU_BACKEND values the docs give are the build's.
add_test(NAME docs_defaults_match_build
         COMMAND ${Python3_EXECUTABLE} ${_docs_scripts}/check_doc_defaults.py ${PROJECT_SOURCE_DIR})
# README.md's Layout names every top-level folder, every script and every docs page.
add_test(NAME docs_layout_names_every_folder
         COMMAND ${Python3_EXECUTABLE} ${_docs_scripts}/check_layout_docs.py ${PROJECT_SOURCE_DIR})
set_tests_properties(docs_env_table_matches_code docs_env_bad_values_warn
                     docs_defaults_match_build docs_layout_names_every_folder PROPERTIES LABELS cpu)
