// private_file.h: every step on a descriptor (mkdirat/openat/fstat), so a path component cannot
// be swapped for a link between the check and the use.
#include "files/private_file.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace aclemu::files {
namespace {

std::string errno_text(const std::string& what) {
    return what + ": " + std::strerror(errno);
}

bool owned_by_me(const struct stat& st, bool root_allowed) {
    return st.st_uid == ::geteuid() || (root_allowed && st.st_uid == 0);
}

// mkdir -p with 0700 for what is missing.
bool make_path(const std::string& path, std::string* error) {
    std::string partial;
    for (size_t i = 0; i <= path.size(); ++i) {
        if ((i == path.size() || path[i] == '/') && !partial.empty()) {
            if (::mkdir(partial.c_str(), 0700) != 0 && errno != EEXIST) {
                *error = errno_text("cannot create " + partial);
                return false;
            }
        }
        if (i < path.size()) {
            partial += path[i];
        }
    }
    return true;
}

}  // namespace

int open_private_directory(const std::string& root,
                           std::initializer_list<const char*> subdirs,
                           std::string* error) {
    if (root.empty() || !make_path(root, error)) {
        if (root.empty()) {
            *error = "no directory given";
        }
        return -1;
    }
    int dir = ::open(root.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir < 0) {
        *error = errno_text("cannot open " + root);
        return -1;
    }
    struct stat st {};
    if (::fstat(dir, &st) != 0 || !owned_by_me(st, true)) {
        *error = root + " belongs to another user (uid " + std::to_string(st.st_uid) + ")";
        ::close(dir);
        return -1;
    }
    std::string path = root;
    for (const char* name : subdirs) {
        path += std::string("/") + name;
        if (::mkdirat(dir, name, 0700) != 0 && errno != EEXIST) {
            *error = errno_text("cannot create " + path);
            ::close(dir);
            return -1;
        }
        const int sub = ::openat(dir, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        ::close(dir);
        if (sub < 0) {
            *error = errno_text("cannot open " + path + " (a symbolic link is refused)");
            return -1;
        }
        if (::fstat(sub, &st) != 0 || !owned_by_me(st, false)) {
            *error = path + " belongs to another user (uid " + std::to_string(st.st_uid) + ")";
            ::close(sub);
            return -1;
        }
        dir = sub;
    }
    return dir;
}

std::FILE* open_private_file(int dir_fd, const std::string& name, bool append, std::string* error) {
    const int fd = ::openat(dir_fd,
                            name.c_str(),
                            O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | (append ? O_APPEND : 0),
                            0600);
    if (fd < 0) {
        *error = errno_text("cannot open " + name + " (a symbolic link is refused)");
        return nullptr;
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || !owned_by_me(st, false)) {
        *error = name + " is not a regular file of this user";
        ::close(fd);
        return nullptr;
    }
    if (!append && ::ftruncate(fd, 0) != 0) {  // only now: a foreign file is never emptied
        *error = errno_text("cannot empty " + name);
        ::close(fd);
        return nullptr;
    }
    std::FILE* file = ::fdopen(fd, append ? "a" : "w");
    if (file == nullptr) {
        *error = errno_text("cannot open " + name);
        ::close(fd);
    }
    return file;
}

}  // namespace aclemu::files
