// The kernels a loaded binary exports: the names of its fatbin_entry.h launch entry points,
// read from the binary's ELF dynamic symbol table (aclrtBinaryGetFunctionCount,
// aclrtBinaryEnumerateFunctions).
#pragma once

#include <string>
#include <vector>

namespace aclemu::rt::kernel {

/// The kernel names defined by the shared object at `path`, sorted and without repeats; false
/// when the file cannot be read as a 64-bit ELF object.
bool read_kernel_names(const std::string& path, std::vector<std::string>* names);

}  // namespace aclemu::rt::kernel
