# aclemu-asc is the host C++ compiler behind a source rewrite: nothing more to test.
set(CMAKE_ASC_COMPILER_WORKS 1 CACHE INTERNAL "")
