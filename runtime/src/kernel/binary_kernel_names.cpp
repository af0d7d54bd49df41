// Reads a binary's kernel names from its .dynsym section (binary_kernel_names.h). The file is
// read whole (binaries are small) and every offset is checked against its size before use.
#include "kernel/binary_kernel_names.h"

#include <algorithm>
#include <cstring>
#include <elf.h>
#include <fstream>
#include <iterator>

namespace aclemu::rt::kernel {

namespace {

constexpr char kLaunchPrefix[] = "aclemu_fatbin_launch_";

bool in_file(const std::vector<char>& file, uint64_t offset, uint64_t bytes) {
    return offset <= file.size() && bytes <= file.size() - offset;
}

}  // namespace

bool read_kernel_names(const std::string& path, std::vector<std::string>* names) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        return false;
    }
    const std::vector<char> file((std::istreambuf_iterator<char>(in)),
                                 std::istreambuf_iterator<char>());
    Elf64_Ehdr header{};
    if (!in_file(file, 0, sizeof(header))) {
        return false;
    }
    std::memcpy(&header, file.data(), sizeof(header));
    if (std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0 || header.e_ident[EI_CLASS] != ELFCLASS64
        || header.e_shentsize != sizeof(Elf64_Shdr)
        || !in_file(file, header.e_shoff, uint64_t{header.e_shnum} * sizeof(Elf64_Shdr))) {
        return false;
    }
    std::vector<Elf64_Shdr> sections(header.e_shnum);
    std::memcpy(
        sections.data(), file.data() + header.e_shoff, sections.size() * sizeof(Elf64_Shdr));
    names->clear();
    for (const Elf64_Shdr& symbols : sections) {
        if (symbols.sh_type != SHT_DYNSYM || symbols.sh_link >= sections.size()
            || !in_file(file, symbols.sh_offset, symbols.sh_size)) {
            continue;
        }
        const Elf64_Shdr& strings = sections[symbols.sh_link];
        if (!in_file(file, strings.sh_offset, strings.sh_size)) {
            return false;
        }
        const char* text = file.data() + strings.sh_offset;
        for (uint64_t at = 0; at + sizeof(Elf64_Sym) <= symbols.sh_size; at += sizeof(Elf64_Sym)) {
            Elf64_Sym symbol{};
            std::memcpy(&symbol, file.data() + symbols.sh_offset + at, sizeof(symbol));
            if (symbol.st_shndx == SHN_UNDEF || symbol.st_name >= strings.sh_size) {
                continue;
            }
            const char* name = text + symbol.st_name;
            const size_t length = strnlen(name, strings.sh_size - symbol.st_name);
            const std::string full(name, length);
            if (full.rfind(kLaunchPrefix, 0) == 0 && full.size() > sizeof(kLaunchPrefix) - 1) {
                names->push_back(full.substr(sizeof(kLaunchPrefix) - 1));
            }
        }
    }
    std::sort(names->begin(), names->end());
    names->erase(std::unique(names->begin(), names->end()), names->end());
    return true;
}

}  // namespace aclemu::rt::kernel
