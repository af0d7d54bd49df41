// Fixture of scan_test.cmake: a __launch_bounds__ with no kernel name after it.
#define BOUNDS(n) __launch_bounds__(n)
