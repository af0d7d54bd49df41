#include "core/local_time.h"

#include <ctime>

namespace aclemu {

std::string local_time_text(std::chrono::system_clock::time_point when, const char* format) {
    const std::time_t seconds = std::chrono::system_clock::to_time_t(when);
    std::tm local{};
    localtime_r(&seconds, &local);
    char text[32];
    const size_t length = std::strftime(text, sizeof(text), format, &local);
    return std::string(text, length);
}

}  // namespace aclemu
