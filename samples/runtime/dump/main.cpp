// Dump sample: a dump configuration (written here as ./dump_config.json) asks for the inputs
// and outputs of every operator; aclmdlInitDump and aclmdlSetDump turn it on, aclnnMul runs,
// aclmdlFinalizeDump turns it off. The program then reads the .npy files back from the dump
// directory (./dump_output/<time>/<device>/aclnnMul.<n>.<input|output>.<index>.npy) and checks
// them against the values it gave and computed; it returns non-zero on any failure.
#include "acl/acl.h"
#include "acl/acl_dump.h"
#include "aclnnop/aclnn_mul.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <dirent.h>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#define CHECK_ERROR(expr)                                                              \
    do {                                                                               \
        int ret_ = static_cast<int>(expr);                                             \
        if (ret_ != 0) {                                                               \
            printf("[ERROR] %s failed: %d (%s)\n", #expr, ret_, aclGetRecentErrMsg()); \
            return 1;                                                                  \
        }                                                                              \
    } while (0)

namespace {

// Every file below `dir`, with its path (a dump directory: <time>/<device>/files).
void list_files(const std::string& dir, std::vector<std::string>* out) {
    DIR* handle = opendir(dir.c_str());
    if (handle == nullptr) {
        return;
    }
    while (dirent* entry = readdir(handle)) {
        const std::string name = entry->d_name;
        if (name == "." || name == "..") {
            continue;
        }
        const std::string path = dir + "/" + name;
        if (entry->d_type == DT_DIR) {
            list_files(path, out);
        } else {
            out->push_back(path);
        }
    }
    closedir(handle);
}

// The float32 elements of a .npy file (version 1.0: 10 bytes, then the header's length).
bool read_npy(const std::string& path, std::vector<float>* values) {
    std::ifstream in(path.c_str(), std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string bytes = buffer.str();
    if (bytes.size() < 10 || bytes.compare(1, 5, "NUMPY") != 0) {
        return false;
    }
    const size_t header = static_cast<unsigned char>(bytes[8])
                          | (static_cast<size_t>(static_cast<unsigned char>(bytes[9])) << 8);
    if (bytes.find("'descr': '<f4'") == std::string::npos || bytes.size() < 10 + header) {
        return false;
    }
    values->resize((bytes.size() - 10 - header) / sizeof(float));
    std::memcpy(values->data(), bytes.data() + 10 + header, values->size() * sizeof(float));
    return true;
}

aclTensor* make_tensor(const std::vector<float>& values, void** dev) {
    const size_t bytes = values.size() * sizeof(float);
    if (aclrtMalloc(dev, bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS
        || aclrtMemcpy(*dev, bytes, values.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE)
               != ACL_SUCCESS) {
        return nullptr;
    }
    const int64_t dims[2] = {2, 3};
    const int64_t strides[2] = {3, 1};
    return aclCreateTensor(dims, 2, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, dims, 2, *dev);
}

}  // namespace

int main() {
    const int32_t device = 0;
    aclrtStream stream = nullptr;
    CHECK_ERROR(aclInit(nullptr));
    CHECK_ERROR(aclrtSetDevice(device));
    CHECK_ERROR(aclrtCreateStream(&stream));

    const char* config_path = "./dump_config.json";
    {
        std::ofstream config(config_path);
        config << "{\"dump\": {\"dump_path\": \"./dump_output\", \"dump_mode\": \"all\", "
                  "\"dump_op_switch\": \"on\", \"dump_list\": []}}\n";
    }
    CHECK_ERROR(aclmdlInitDump());
    CHECK_ERROR(aclmdlSetDump(config_path));
    const char* dump_path = acldumpGetPath(DATA_DUMP);
    if (dump_path == nullptr) {
        printf("[ERROR] acldumpGetPath: %s\n", aclGetRecentErrMsg());
        return 1;
    }
    const std::string dump_root = dump_path;  // valid until aclmdlFinalizeDump: keep a copy
    printf("dumping into %s\n", dump_root.c_str());

    const std::vector<float> a = {1, 2, 3, 4, 5, 6};
    const std::vector<float> b = {0.5f, 2, -1, 3, 0, 10};
    std::vector<float> expected(a.size());
    for (size_t i = 0; i < a.size(); ++i) {
        expected[i] = a[i] * b[i];
    }
    void* dev_a = nullptr;
    void* dev_b = nullptr;
    void* dev_out = nullptr;
    aclTensor* self = make_tensor(a, &dev_a);
    aclTensor* other = make_tensor(b, &dev_b);
    aclTensor* out = make_tensor(std::vector<float>(a.size(), 0.0f), &dev_out);
    if (self == nullptr || other == nullptr || out == nullptr) {
        printf("[ERROR] cannot make the tensors: %s\n", aclGetRecentErrMsg());
        return 1;
    }
    uint64_t workspace_size = 0;
    aclOpExecutor* executor = nullptr;
    CHECK_ERROR(aclnnMulGetWorkspaceSize(self, other, out, &workspace_size, &executor));
    void* workspace = nullptr;
    if (workspace_size > 0) {
        CHECK_ERROR(aclrtMalloc(&workspace, workspace_size, ACL_MEM_MALLOC_HUGE_FIRST));
    }
    CHECK_ERROR(aclnnMul(workspace, workspace_size, executor, stream));
    CHECK_ERROR(aclrtSynchronizeStream(stream));
    CHECK_ERROR(aclmdlFinalizeDump());

    std::vector<std::string> files;
    list_files(dump_root, &files);
    int checked = 0;
    for (const std::string& path : files) {
        const std::vector<float>* want = nullptr;
        if (path.find("aclnnMul.") == std::string::npos) {
            continue;
        }
        if (path.find(".input.0.npy") != std::string::npos) {
            want = &a;
        } else if (path.find(".input.1.npy") != std::string::npos) {
            want = &b;
        } else if (path.find(".output.0.npy") != std::string::npos) {
            want = &expected;
        }
        std::vector<float> got;
        if (want == nullptr || !read_npy(path, &got) || got != *want) {
            printf("[ERROR] %s does not hold the expected values\n", path.c_str());
            return 1;
        }
        printf("%s: %zu values as expected\n", path.c_str(), got.size());
        ++checked;
    }

    aclDestroyTensor(self);
    aclDestroyTensor(other);
    aclDestroyTensor(out);
    if (workspace != nullptr) {
        CHECK_ERROR(aclrtFree(workspace));
    }
    CHECK_ERROR(aclrtFree(dev_a));
    CHECK_ERROR(aclrtFree(dev_b));
    CHECK_ERROR(aclrtFree(dev_out));
    CHECK_ERROR(aclrtDestroyStream(stream));
    CHECK_ERROR(aclrtResetDevice(device));
    CHECK_ERROR(aclFinalize());
    if (checked < 3) {  // a rerun in the same second overwrites the same files
        printf("[ERROR] expected 3 dump files (self, other, out), found %d\n", checked);
        return 1;
    }
    printf("dump sample passed\n");
    return 0;
}
