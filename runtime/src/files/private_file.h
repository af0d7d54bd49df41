// Files the runtime writes on the user's behalf (the plog, the ACLEMU_TRACE timeline), opened so
// that another user cannot redirect them: directories are created 0700 and must belong to this
// process's user, nothing is followed through a symbolic link (O_NOFOLLOW), a file must be a
// regular file of this user, and no descriptor leaks into a child process (O_CLOEXEC).
#pragma once

#include <cstdio>
#include <initializer_list>
#include <string>

namespace aclemu::files {

/// Creates `root` (missing parents too, 0700) and then each of `subdirs` below it, and returns a
/// descriptor of the innermost directory; -1 with `*error` set when one cannot be made or
/// opened, or is not a directory of this user (the root may also belong to root, as /tmp does;
/// a subdirectory may not be a symbolic link).
int open_private_directory(const std::string& root,
                           std::initializer_list<const char*> subdirs,
                           std::string* error);

/// Opens `name` in the directory `dir_fd` (AT_FDCWD: `name` is a path) for writing, created
/// 0600; `append` keeps what is there, else it is emptied. Refuses a symbolic link, anything but a
/// regular file, and a file of another user. nullptr with `*error` set.
std::FILE* open_private_file(int dir_fd, const std::string& name, bool append, std::string* error);

}  // namespace aclemu::files
