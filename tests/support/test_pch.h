// The tests' precompiled header (ACLEMU_TEST_PCH): what nearly every test file parses and never
// changes, GoogleTest and the standard library. A test file still includes what it uses itself;
// a build with -DACLEMU_TEST_PCH=OFF checks that it does.
#pragma once

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>
