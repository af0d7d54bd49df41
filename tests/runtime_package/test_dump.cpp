// acl/acl_dump.h and the dump configuration of acl/acl_mdl.h: an operator's inputs and outputs
// come back from the .npy files (or the callback's chunks) with the values the test put in and
// computed itself; the argument dump names the operator's tensors; bad arguments and
// configurations get CANN's codes and a message naming the parameter.
#include "acl/acl_dump.h"
#include "acl/acl_mdl.h"
#include "aclnnop/aclnn_mul.h"

#include "support/backend_fixture.h"
#include "support/c_enum_calls.h"
#include "support/error_message.h"
#include "support/two_phase.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace {

using aclemu::test::BackendTest;
using aclemu::test::DeviceTensor;
using aclemu::test::run_two_phase;
using aclemu::test::take_recent_error;
using ::testing::HasSubstr;
namespace fs = std::filesystem;

// A .npy file as the test reads it back: its header dictionary and its data.
struct Npy {
    std::string header;
    std::vector<float> values;
};

// Parses a version 1.0 .npy of little-endian float32 elements (the test's tensors).
Npy parse_npy(const std::string& bytes) {
    Npy npy;
    EXPECT_GE(bytes.size(), 10u);
    EXPECT_EQ(bytes.substr(0, 6), std::string("\x93NUMPY"));
    const size_t header_len = static_cast<unsigned char>(bytes[8])
                              | (static_cast<size_t>(static_cast<unsigned char>(bytes[9])) << 8);
    EXPECT_EQ((10 + header_len) % 64, 0u);
    npy.header = bytes.substr(10, header_len);
    const size_t data_bytes = bytes.size() - 10 - header_len;
    EXPECT_EQ(data_bytes % sizeof(float), 0u);
    npy.values.resize(data_bytes / sizeof(float));
    std::memcpy(npy.values.data(), bytes.data() + 10 + header_len, data_bytes);
    return npy;
}

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

class Dump : public BackendTest {
protected:
    void TearDown() override {
        aclmdlFinalizeDump();  // whatever a failed test left on
        acldumpUnregCallback();
        aclopStopDumpArgs(ACL_OP_DUMP_OP_AICORE_ARGS);
        BackendTest::TearDown();
    }

    std::string fresh_dir(const std::string& name) const {
        const std::string dir = ::testing::TempDir() + "dump_" + name + "_"
                                + (on_gpu() ? "gpu" : "cpu") + "_" + std::to_string(::getpid());
        fs::remove_all(dir);
        fs::create_directories(dir);
        return dir;
    }

    // Writes `json` as the configuration file `name` into `dir` and returns its path.
    static std::string write_config(const std::string& dir,
                                    const std::string& json,
                                    const std::string& name = "acl.json") {
        const std::string path = dir + "/" + name;
        std::ofstream(path) << json;
        return path;
    }

    // out = self * other, where self is a transposed (non-contiguous) view: the dump must hold
    // the view's elements in C order, not the storage's.
    void run_mul() { run_mul_on(stream()); }

    static void run_mul_on(aclrtStream stream) {
        // self: dims [2,3], strides [1,2] over storage {1..6}: rows (1,3,5) and (2,4,6).
        DeviceTensor self =
            DeviceTensor::strided({2, 3}, {1, 2}, 0, {6}, ACL_FLOAT, {1, 2, 3, 4, 5, 6});
        DeviceTensor other = DeviceTensor::contiguous({2, 3}, ACL_FLOAT, {2, 2, 2, 3, 3, 3});
        DeviceTensor out = DeviceTensor::filled({2, 3}, ACL_FLOAT, 0.0);
        const auto r = run_two_phase(
            aclnnMulGetWorkspaceSize, aclnnMul, stream, self.get(), other.get(), out.get());
        ASSERT_TRUE(r.ok()) << r;
    }

    // The expected values, computed here in double precision.
    static std::vector<double> self_values() { return {1, 3, 5, 2, 4, 6}; }
    static std::vector<double> other_values() { return {2, 2, 2, 3, 3, 3}; }
    static std::vector<double> out_values() {
        std::vector<double> out;
        for (size_t i = 0; i < 6; ++i) {
            out.push_back(self_values()[i] * other_values()[i]);
        }
        return out;
    }

    static void expect_values(const Npy& npy, const std::vector<double>& expected) {
        EXPECT_THAT(npy.header, HasSubstr("'descr': '<f4'"));
        EXPECT_THAT(npy.header, HasSubstr("'shape': (2, 3)"));
        ASSERT_EQ(npy.values.size(), expected.size());
        for (size_t i = 0; i < expected.size(); ++i) {
            EXPECT_EQ(static_cast<double>(npy.values[i]), expected[i]) << "element " << i;
        }
    }
};

// Every file below `root`, by file name.
std::map<std::string, std::string> files_below(const std::string& root) {
    std::map<std::string, std::string> found;
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
        if (entry.is_regular_file()) {
            found[entry.path().filename().string()] = entry.path().string();
        }
    }
    return found;
}

TEST_P(Dump, InputsAndOutputsReadBackFromNpyFiles) {
    const std::string dir = fresh_dir("all");
    const std::string dump_path = dir + "/out";
    const std::string config =
        write_config(dir,
                     R"({"dump": {"dump_path": ")" + dump_path
                         + R"(", "dump_mode": "all", "dump_op_switch": "on", "dump_list": []}})");
    ASSERT_EQ(aclmdlInitDump(), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclmdlSetDump(config.c_str()), ACL_SUCCESS) << take_recent_error();
    const char* reported = acldumpGetPath(DATA_DUMP);
    ASSERT_NE(reported, nullptr);
    EXPECT_EQ(std::string(reported), dump_path);
    run_mul();
    ASSERT_EQ(aclmdlFinalizeDump(), ACL_SUCCESS);
    run_mul();  // after the finalize: nothing more

    struct stat info {};
    ASSERT_EQ(::stat(dump_path.c_str(), &info), 0);
    EXPECT_EQ(info.st_mode & 0777, 0700u);
    const auto found = files_below(dump_path);
    ASSERT_EQ(found.size(), 3u);  // self, other, out of one call
    std::string self_file, other_file, out_file;
    for (const auto& [name, path] : found) {
        EXPECT_THAT(name, ::testing::StartsWith("aclnnMul."));
        if (name.find(".input.0.npy") != std::string::npos) {
            self_file = path;
        } else if (name.find(".input.1.npy") != std::string::npos) {
            other_file = path;
        } else if (name.find(".output.0.npy") != std::string::npos) {
            out_file = path;
        }
    }
    ASSERT_FALSE(self_file.empty());
    ASSERT_FALSE(other_file.empty());
    ASSERT_FALSE(out_file.empty());
    EXPECT_THAT(out_file, HasSubstr("/0/aclnnMul."));  // under the device's folder
    expect_values(parse_npy(read_file(self_file)), self_values());
    expect_values(parse_npy(read_file(other_file)), other_values());
    expect_values(parse_npy(read_file(out_file)), out_values());
}

// CANN's order for the directory: ASCEND_DUMP_PATH, then ASCEND_WORK_PATH, then dump_path; with
// either variable set the configuration needs no dump_path.
TEST_P(Dump, AscendDumpPathAndWorkPathComeBeforeDumpPath) {
    const std::string dir = fresh_dir("env");
    const std::string configured = dir + "/configured";
    const std::string work = dir + "/work";
    const std::string dumped = dir + "/dumped";
    const std::string config = write_config(
        dir, R"({"dump": {"dump_path": ")" + configured + R"(", "dump_op_switch": "on"}})");
    const std::string no_path =
        write_config(dir, R"({"dump": {"dump_op_switch": "on"}})", "b.json");
    ::unsetenv("ASCEND_DUMP_PATH");
    ::setenv("ASCEND_WORK_PATH", work.c_str(), 1);
    ASSERT_EQ(aclmdlInitDump(), ACL_SUCCESS);
    ASSERT_EQ(aclmdlSetDump(config.c_str()), ACL_SUCCESS) << take_recent_error();
    ASSERT_NE(acldumpGetPath(DATA_DUMP), nullptr);
    EXPECT_EQ(std::string(acldumpGetPath(DATA_DUMP)), work);
    ::setenv("ASCEND_DUMP_PATH", dumped.c_str(), 1);
    ASSERT_EQ(aclmdlSetDump(no_path.c_str()), ACL_SUCCESS) << take_recent_error();
    ASSERT_NE(acldumpGetPath(DATA_DUMP), nullptr);
    EXPECT_EQ(std::string(acldumpGetPath(DATA_DUMP)), dumped);
    run_mul();
    ASSERT_EQ(aclmdlFinalizeDump(), ACL_SUCCESS);
    ::unsetenv("ASCEND_DUMP_PATH");
    ::unsetenv("ASCEND_WORK_PATH");
    EXPECT_EQ(files_below(dumped).size(), 1u);  // the output of one call (dump_mode output)
    EXPECT_FALSE(fs::exists(configured));
    // Without either variable, a configuration without dump_path is refused again.
    ASSERT_EQ(aclmdlInitDump(), ACL_SUCCESS);
    take_recent_error();
    EXPECT_EQ(aclmdlSetDump(no_path.c_str()), ACL_ERROR_INVALID_DUMP_CONFIG);
    EXPECT_THAT(take_recent_error(), HasSubstr("ASCEND_DUMP_PATH"));
}

TEST_P(Dump, OutputModeAndLayerFilter) {
    const std::string dir = fresh_dir("filter");
    const std::string dump_path = dir + "/out";
    ASSERT_EQ(aclmdlInitDump(), ACL_SUCCESS);
    // A layer list naming another operator: nothing is dumped.
    ASSERT_EQ(aclmdlSetDump(write_config(dir,
                                         R"({"dump": {"dump_path": ")" + dump_path
                                             + R"(", "dump_list": [{"layer": ["Add"]}]}})")
                                .c_str()),
              ACL_SUCCESS)
        << take_recent_error();
    run_mul();
    EXPECT_FALSE(fs::exists(dump_path) && !files_below(dump_path).empty());
    // Naming Mul, in the default output mode: only the output.
    ASSERT_EQ(aclmdlSetDump(write_config(dir,
                                         R"({"dump": {"dump_path": ")" + dump_path
                                             + R"(", "dump_list": [{"layer": ["Mul"]}]}})")
                                .c_str()),
              ACL_SUCCESS);
    run_mul();
    const auto found = files_below(dump_path);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_THAT(found.begin()->first, HasSubstr(".output.0.npy"));
    expect_values(parse_npy(read_file(found.begin()->second)), out_values());
}

std::mutex g_chunks_mu;
std::map<std::string, std::string> g_chunks;  // file name -> bytes

int32_t collect_chunk(const acldumpChunk* chunk, int32_t length) {
    std::lock_guard<std::mutex> lock(g_chunks_mu);
    // CANN's length: the whole struct, tail padding included, then the data.
    EXPECT_EQ(static_cast<size_t>(length), sizeof(acldumpChunk) + chunk->bufLen);
    std::string& bytes = g_chunks[chunk->fileName];
    bytes.resize(static_cast<size_t>(chunk->offset));
    bytes.append(reinterpret_cast<const char*>(chunk->dataBuf), chunk->bufLen);
    return 0;
}

TEST_P(Dump, CallbackReceivesTheFilesInsteadOfTheDisk) {
    const std::string dir = fresh_dir("callback");
    const std::string dump_path = dir + "/out";
    g_chunks.clear();
    take_recent_error();
    EXPECT_EQ(acldumpRegCallback(nullptr, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("messageCallback"));
    ASSERT_EQ(acldumpRegCallback(collect_chunk, 0), ACL_SUCCESS);
    ASSERT_EQ(aclmdlInitDump(), ACL_SUCCESS);
    ASSERT_EQ(aclmdlSetDump(write_config(dir,
                                         R"({"dump": {"dump_path": ")" + dump_path
                                             + R"(", "dump_op_switch": "on"}})")
                                .c_str()),
              ACL_SUCCESS);
    run_mul();
    acldumpUnregCallback();
    ASSERT_EQ(aclmdlFinalizeDump(), ACL_SUCCESS);
    EXPECT_TRUE(files_below(dump_path).empty());
    ASSERT_EQ(g_chunks.size(), 1u);
    EXPECT_THAT(g_chunks.begin()->first, HasSubstr(dump_path + "/"));
    EXPECT_THAT(g_chunks.begin()->first, HasSubstr(".output.0.npy"));
    expect_values(parse_npy(g_chunks.begin()->second), out_values());
}

TEST_P(Dump, ArgumentDumpNamesEachTensor) {
    const std::string dir = fresh_dir("args");
    take_recent_error();
    EXPECT_EQ(aclopStartDumpArgs(2, dir.c_str()), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("dumpType"));
    EXPECT_EQ(aclopStartDumpArgs(ACL_OP_DUMP_OP_AICORE_ARGS, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("path"));
    ASSERT_EQ(aclopStartDumpArgs(ACL_OP_DUMP_OP_AICORE_ARGS, dir.c_str()), ACL_SUCCESS);
    run_mul();
    ASSERT_EQ(aclopStopDumpArgs(ACL_OP_DUMP_OP_AICORE_ARGS), ACL_SUCCESS);
    run_mul();
    const std::string text =
        read_file(dir + "/aclemu_op_args_" + std::to_string(::getpid()) + ".txt");
    std::istringstream lines(text);
    int count = 0;
    for (std::string line; std::getline(lines, line);) {
        EXPECT_THAT(line, HasSubstr("aclnnMul"));
        ++count;
    }
    EXPECT_EQ(count, 3);  // self, other, out of the one call made while on
    EXPECT_THAT(text, HasSubstr("input 0 self dtype=0 format=2 shape=[2,3] strides=[1,2]"));
    EXPECT_THAT(text, HasSubstr("output 0 out"));
}

TEST_P(Dump, BadArgumentsAndConfigurationsGetCannCodes) {
    const std::string dir = fresh_dir("bad");
    const std::string good =
        write_config(dir,
                     R"({"dump": {"dump_path": ")" + dir + R"(/out", "dump_op_switch": "on"}})",
                     "good.json");
    take_recent_error();
    EXPECT_EQ(aclmdlSetDump(good.c_str()), ACL_ERROR_DUMP_NOT_RUN);
    EXPECT_THAT(take_recent_error(), HasSubstr("aclmdlInitDump"));
    EXPECT_EQ(aclmdlFinalizeDump(), ACL_ERROR_DUMP_NOT_RUN);
    ASSERT_EQ(aclmdlInitDump(), ACL_SUCCESS);
    EXPECT_EQ(aclmdlInitDump(), ACL_ERROR_DUMP_ALREADY_RUN);
    EXPECT_EQ(acldumpGetPath(DATA_DUMP), nullptr);  // nothing configured yet
    EXPECT_EQ(aclmdlSetDump(nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("dumpCfgPath"));
    EXPECT_EQ(aclmdlSetDump((dir + "/missing.json").c_str()), ACL_ERROR_INVALID_FILE);
    EXPECT_THAT(take_recent_error(), HasSubstr("dumpCfgPath"));

    const std::pair<std::string, std::string> bad_configs[] = {
        {R"({"dump": {"dump_path": "x", "dump_mode": "both", "dump_op_switch": "on"}})",
         "dump_mode"},
        {R"({"dump": {"dump_op_switch": "on"}})", "dump_path"},
        {R"({"dump": {"dump_path": "x", "dump_op_switch": "yes"}})", "dump_op_switch"},
        {R"({"dump": {"dump_path": "x", "dump_list": [{"layer": "Mul"}]}})", "layer"},
        {R"({"dump": {"dump_path": 5, "dump_op_switch": "on"}})", "dump_path"},
        {R"({"dump": )", "not JSON"},
    };
    for (const auto& [json, named] : bad_configs) {
        EXPECT_EQ(aclmdlSetDump(write_config(dir, json).c_str()), ACL_ERROR_INVALID_DUMP_CONFIG)
            << json;
        EXPECT_THAT(take_recent_error(), HasSubstr(named)) << json;
    }
    ASSERT_EQ(aclmdlSetDump(good.c_str()), ACL_SUCCESS);
    EXPECT_EQ(acldumpGetPath(static_cast<acldumpType>(99)), nullptr);
    EXPECT_THAT(take_recent_error(), HasSubstr("dumpType"));
    EXPECT_EQ(aclmdlFinalizeDump(), ACL_SUCCESS);
    EXPECT_EQ(acldumpGetPath(DATA_DUMP), nullptr);
}

TEST_P(Dump, AclInitConfigurationFileConfiguresTheDump) {
    const std::string dir = fresh_dir("init");
    const std::string dump_path = dir + "/out";
    const std::string config = write_config(
        dir, R"({"dump": {"dump_path": ")" + dump_path + R"(", "dump_op_switch": "on"}})");
    const std::string bad =
        write_config(dir, R"({"dump": {"dump_path": "x", "dump_mode": "some"}})", "bad.json");
    finish();
    take_recent_error();
    EXPECT_EQ(aclInit(bad.c_str()), ACL_ERROR_INVALID_DUMP_CONFIG);
    EXPECT_THAT(take_recent_error(), HasSubstr("dump_mode"));
    uint32_t count = 0;
    EXPECT_EQ(aclrtGetDeviceCount(&count), ACL_ERROR_UNINITIALIZE);  // the failed init did nothing

    ASSERT_EQ(aclInit(config.c_str()), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    aclrtStream stream = nullptr;
    ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
    EXPECT_EQ(aclmdlInitDump(), ACL_ERROR_DUMP_ALREADY_RUN);
    EXPECT_THAT(take_recent_error(), HasSubstr("aclInit"));
    run_mul_on(stream);
    EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
    const auto found = files_below(dump_path);
    ASSERT_EQ(found.size(), 1u);  // the default mode: outputs
    expect_values(parse_npy(read_file(found.begin()->second)), out_values());

    restart_runtime();  // aclInit(NULL): the dump of the last session is over
    run_mul();
    EXPECT_EQ(files_below(dump_path).size(), 1u);
    EXPECT_EQ(acldumpGetPath(DATA_DUMP), nullptr);
}

// The exception dump (a "dump_scene" in the configuration): the root is
// <dump_path>/extra-info/data-dump/<device>/, and acldumpSaveExceptionInfo writes one
// <name>.custom.<17 digits> file there whose header and data the test reads back.
TEST_P(Dump, ExceptionInfoIsSavedUnderTheExceptionDumpRoot) {
    char path[ACL_DUMP_MAX_FILE_PATH_LENGTH] = {0};
    take_recent_error();
    EXPECT_EQ(acldumpGetExceptionInfoPath(path, sizeof(path)), ACL_ERROR_FAILURE);
    EXPECT_THAT(take_recent_error(), HasSubstr("dump_scene"));

    const std::string dir = fresh_dir("exception");
    ASSERT_EQ(aclmdlInitDump(), ACL_SUCCESS);
    EXPECT_EQ(
        aclmdlSetDump(write_config(dir, R"({"dump": {"dump_scene": "aic_err_bogus"}})").c_str()),
        ACL_ERROR_INVALID_DUMP_CONFIG);
    EXPECT_THAT(take_recent_error(), HasSubstr("dump_scene"));
    ASSERT_EQ(aclmdlSetDump(write_config(dir,
                                         R"({"dump": {"dump_path": ")" + dir
                                             + R"(", "dump_scene": "aic_err_brief_dump"}})")
                                .c_str()),
              ACL_SUCCESS)
        << take_recent_error();
    const std::string root = dir + "/extra-info/data-dump/0/";
    ASSERT_EQ(acldumpGetExceptionInfoPath(path, sizeof(path)), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(std::string(path), root);
    EXPECT_EQ(acldumpGetExceptionInfoPath(path, root.size()), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("maxLen"));
    EXPECT_EQ(acldumpGetExceptionInfoPath(path, 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(acldumpGetExceptionInfoPath(nullptr, sizeof(path)), ACL_ERROR_INVALID_PARAM);

    const std::vector<float> in = {1.5f, -2.0f, 3.25f, 4.0f, 5.0f, 6.5f};
    const std::vector<int32_t> out = {7, -8};
    void* in_dev = nullptr;
    void* out_dev = nullptr;
    ASSERT_EQ(aclrtMalloc(&in_dev, 24, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtMalloc(&out_dev, 8, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemcpy(in_dev, 24, in.data(), 24, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemcpy(out_dev, 8, out.data(), 8, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    acldumpTensorInfo tensors[2] = {};
    tensors[0].type = ACL_DUMP_TENSOR_INPUT;
    tensors[0].tensorSize = 24;
    tensors[0].format = ACL_FORMAT_ND;
    tensors[0].dataType = ACL_FLOAT;
    tensors[0].tensorAddr = static_cast<int64_t*>(in_dev);
    tensors[0].addrType = ACL_DUMP_ADDR_RAW;
    tensors[0].placement = ACL_DUMP_PLACEMENT_DEVICE;
    tensors[0].shapeNum = 2;
    tensors[0].shape[0] = 2;
    tensors[0].shape[1] = 3;
    tensors[0].originShapeNum = 1;
    tensors[0].originShape[0] = 6;
    tensors[1] = tensors[0];
    tensors[1].type = ACL_DUMP_TENSOR_OUTPUT;
    tensors[1].tensorSize = 8;
    tensors[1].dataType = ACL_INT32;
    tensors[1].tensorAddr = static_cast<int64_t*>(out_dev);
    tensors[1].shapeNum = 1;
    tensors[1].shape[0] = 2;
    tensors[1].originShapeNum = 0;
    ASSERT_EQ(acldumpSaveExceptionInfo("kernels/add", "stage=1\nfake", tensors, 2), ACL_SUCCESS)
        << take_recent_error();

    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(root + "kernels")) {
        files.push_back(entry.path());
    }
    ASSERT_EQ(files.size(), 1u);
    const std::string file_name = files[0].filename().string();
    ASSERT_EQ(file_name.rfind("add.custom.", 0), 0u) << file_name;
    const std::string stamp = file_name.substr(std::strlen("add.custom."));
    EXPECT_EQ(stamp.size(), 17u);
    EXPECT_EQ(stamp.find_first_not_of("0123456789"), std::string::npos) << stamp;
    const std::string bytes = read_file(files[0].string());
    const std::string header =
        "aclemu exception info 1\ntag stage=1\\nfake\ntensors 2\n"
        "tensor 0 input dtype 0 format 2 shape [2,3] origin_shape [6] bytes 24\n"
        "tensor 1 output dtype 3 format 2 shape [2] origin_shape [] bytes 8\ndata\n";
    ASSERT_EQ(bytes.size(), header.size() + 32);
    EXPECT_EQ(bytes.substr(0, header.size()), header);
    std::vector<float> in_back(6);
    std::vector<int32_t> out_back(2);
    std::memcpy(in_back.data(), bytes.data() + header.size(), 24);
    std::memcpy(out_back.data(), bytes.data() + header.size() + 24, 8);
    EXPECT_EQ(in_back, in);
    EXPECT_EQ(out_back, out);

    // A type no enumerator has (set from C) is read as an integer and written as "unknown".
    acldumpTensorInfo odd = tensors[0];
    c_set_enum_field(&odd.type, 9);
    ASSERT_EQ(acldumpSaveExceptionInfo("odd/type", nullptr, &odd, 1), ACL_SUCCESS)
        << take_recent_error();
    const fs::directory_iterator odd_files(root + "odd");
    ASSERT_NE(odd_files, fs::directory_iterator());
    EXPECT_THAT(read_file(odd_files->path().string()),
                HasSubstr("\ntensor 0 unknown dtype 0 format 2 shape [2,3] origin_shape [6]"));

    // Bad arguments: ACL_ERROR_INVALID_PARAM naming the parameter.
    EXPECT_EQ(acldumpSaveExceptionInfo(nullptr, nullptr, tensors, 2), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("fileName"));
    EXPECT_EQ(acldumpSaveExceptionInfo("", nullptr, tensors, 2), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(acldumpSaveExceptionInfo("a/../b", nullptr, tensors, 2), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr(".."));
    EXPECT_EQ(acldumpSaveExceptionInfo("x", nullptr, nullptr, 2), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(acldumpSaveExceptionInfo("x", nullptr, tensors, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("tensorCount"));
    acldumpTensorInfo bad = tensors[0];
    bad.tensorSize = 0;
    EXPECT_EQ(acldumpSaveExceptionInfo("x", nullptr, &bad, 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("tensors[0].tensorSize"));
    bad = tensors[0];
    bad.tensorAddr = nullptr;
    EXPECT_EQ(acldumpSaveExceptionInfo("x", nullptr, &bad, 1), ACL_ERROR_INVALID_PARAM);
    bad = tensors[0];
    bad.shapeNum = ACL_DUMP_MAX_SHAPE_NUM + 1;
    EXPECT_EQ(acldumpSaveExceptionInfo("x", nullptr, &bad, 1), ACL_ERROR_INVALID_PARAM);
    bad = tensors[0];
    bad.addrType = ACL_DUMP_ADDR_PTR;
    EXPECT_EQ(acldumpSaveExceptionInfo("x", nullptr, &bad, 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("ACL_DUMP_ADDR_RAW"));
    // Enum fields holding values no enumerator has (set from C): read as integers.
    for (int value : {3, 7, 1000}) {
        bad = tensors[0];
        c_set_enum_field(&bad.addrType, value);
        EXPECT_EQ(acldumpSaveExceptionInfo("x", nullptr, &bad, 1), ACL_ERROR_INVALID_PARAM);
        EXPECT_THAT(take_recent_error(),
                    HasSubstr("Value [" + std::to_string(value) + " (placement 0)]"));
        bad = tensors[0];
        c_set_enum_field(&bad.placement, value);
        EXPECT_EQ(acldumpSaveExceptionInfo("x", nullptr, &bad, 1), ACL_ERROR_INVALID_PARAM);
        EXPECT_THAT(take_recent_error(),
                    HasSubstr("Value [2 (placement " + std::to_string(value) + ")]"));
    }
    bad = tensors[0];
    bad.tensorSize = 25;  // one byte past the allocation
    EXPECT_EQ(acldumpSaveExceptionInfo("x", nullptr, &bad, 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("tensors[0].tensorAddr"));

    ASSERT_EQ(aclmdlFinalizeDump(), ACL_SUCCESS);
    EXPECT_EQ(acldumpSaveExceptionInfo("y", nullptr, tensors, 1), ACL_ERROR_FAILURE);
    EXPECT_THAT(take_recent_error(), HasSubstr("dump_scene"));
    EXPECT_EQ(aclrtFree(in_dev), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(out_dev), ACL_SUCCESS);
}

ACLEMU_INSTANTIATE_BACKENDS(Dump);

}  // namespace
