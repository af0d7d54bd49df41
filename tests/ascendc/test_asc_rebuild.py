"""A reused build folder sees edits of the headers an Ascend C kernel source includes.

Builds rebuild_project/ against an installed aclemu prefix, in both flows (ascendc.cmake and the
ASC language), runs it, then edits a plain header (value.h), then a header that launches
(launch.h, which the rewrite rewrites), rebuilds in the same folder after each edit and checks
the program prints the value the edit implies. Writes only under the work folder given (in the
build tree).

    test_asc_rebuild.py <prefix> <work-dir> <cmake> [generator]
"""

import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PROJECT = os.path.join(HERE, "rebuild_project")
VALUE_H = "// The kernel's constant.\n#pragma once\nconstexpr int32_t kAddedInKernel = %d;\n"
LAUNCH_H = ("// The launch, in a header.\n#pragma once\n"
            "int32_t launch_rebuild_fill(void* out, void* stream) {\n"
            "    return static_cast<int32_t>(rebuild_fill<<<1, nullptr, stream>>>(\n"
            "        reinterpret_cast<GM_ADDR>(out), %d));\n}\n")


def write(path, text, build):
    """Writes `text`, dated after every file of the build folder: an edit the build must see
    whatever the file system's timestamp resolution (no file is dated ahead of the clock more
    than that needs, so no other file looks edited)."""
    with open(path, "w") as f:
        f.write(text)
    newest = 0.0
    for folder, _, files in os.walk(build):
        for name in files:
            newest = max(newest, os.stat(os.path.join(folder, name)).st_mtime)
    when = max(time.time(), newest + 0.01)
    os.utime(path, (when, when))


def environment(prefix):
    env = dict(os.environ)
    env["ASCEND_HOME_PATH"] = env["ASCEND_TOOLKIT_HOME"] = prefix
    env["ASCENDC_CMAKE_DIR"] = os.path.join(prefix, "tikcpp", "ascendc_kernel_cmake")
    env["SOC_VERSION"] = "Ascend910B1"
    env["CMAKE_PREFIX_PATH"] = prefix
    env["LD_LIBRARY_PATH"] = os.path.join(prefix, "lib64")
    env.setdefault("ACLEMU_BACKEND", "cpu")
    # The program runs on the CPU backend, so the kernels are compiled for the host only (both
    # flows' switch): what is checked is whether a rebuild sees an edit, and a GPU prefix's
    # device compiles (nvcc, about 5 s a kernel) would only make every step slower.
    env["ACLEMU_ASC_GPU"] = "0"
    return env


def run(command, env):
    result = subprocess.run(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            universal_newlines=True)
    if result.returncode != 0:
        sys.exit("failed (%d): %s\n%s" % (result.returncode, " ".join(command), result.stdout))
    return result.stdout


def check_flow(flow, prefix, work, cmake, generator):
    source = os.path.join(work, flow, "src")
    build = os.path.join(work, flow, "build")
    shutil.rmtree(os.path.join(work, flow), ignore_errors=True)
    shutil.copytree(PROJECT, source)
    env = environment(prefix)
    configure = [cmake, "-S", source, "-B", build, "-DFLOW=" + flow, "-DCMAKE_BUILD_TYPE=Release",
                 "-DACLEMU_ASC_GPU=OFF"]
    if generator:
        configure += ["-G", generator]
    program = os.path.join(build, "rebuild_main")
    # (kAddedInKernel, the value launch.h passes): the program prints their sum.
    steps = [("first build", 1, 10), ("value.h edited", 2, 10), ("launch.h edited", 2, 30),
             ("both edited back", 1, 10)]
    previous = (None, None)
    for what, added, launched in steps:
        # Only the header a step edits is written: the other keeps its date.
        if added != previous[0]:
            write(os.path.join(source, "value.h"), VALUE_H % added, build)
        if launched != previous[1]:
            write(os.path.join(source, "launch.h"), LAUNCH_H % launched, build)
        if previous == (None, None):
            run(configure, env)
        previous = (added, launched)
        run([cmake, "--build", build, "-j2"], env)
        out = run([program], env)
        expected = "value %d" % (added + launched)
        if expected not in out.split("\n"):
            sys.exit("%s (%s): expected '%s', the program printed:\n%s"
                     % (flow, what, expected, out))
        print("%s, %s: %s" % (flow, what, expected))


def main(argv):
    prefix, work, cmake = os.path.abspath(argv[1]), os.path.abspath(argv[2]), argv[3]
    generator = argv[4] if len(argv) > 4 else ""
    for flow in ("ascendc_cmake", "asc"):
        check_flow(flow, prefix, work, cmake, generator)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
