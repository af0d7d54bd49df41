#!/usr/bin/env python3
"""Checks that every variable of README.md's environment table that aclemu's libraries read gets
a WARNING for a value they cannot use: runs a program that initializes aclemu (aclemu-info) once
per variable with a bad value, and looks for the WARNING line naming the variable and the value
(on stdout, in the log file, or on stderr for an unusable log root). ACLEMU_BACKEND is the one
documented exception: an unknown value fails aclInit with an ERROR line.

Each row of the table must be in BAD_VALUES or in NOT_CHECKED (with the reason), so a new
variable cannot be documented without its check. Prints each variable whose bad value went
unreported, with what the program wrote; exit status 1 when there is one.

usage: check_env_warnings.py --program build/aclemu-info [--gpusim] [--root repository-root]
"""
import argparse
import concurrent.futures
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_env_docs import table_rows  # noqa: E402  (one reading of the table)

# variable -> (bad value, extra environment, level of the line). The line must name
# "<variable>=<bad value>" (or, for ASCEND_MODULE_LOG_LEVEL, the bad entry).
BAD_VALUES = {
    "ACLEMU_BACKEND": ("metal", {}, "ERROR"),
    "ASCEND_RT_VISIBLE_DEVICES": ("0,x", {}, "WARNING"),
    "ASCEND_LAUNCH_BLOCKING": ("yes", {}, "WARNING"),
    "ASCEND_RT_LAUNCH_BLOCKING": ("yes", {}, "WARNING"),
    # The global level itself is bad: RUNTIME at 2 shows the warning about it.
    "ASCEND_GLOBAL_LOG_LEVEL": ("debug", {"ASCEND_MODULE_LOG_LEVEL": "RUNTIME=2"}, "WARNING"),
    "ASCEND_MODULE_LOG_LEVEL": ("RUNTIME=2:NOSUCH=1", {}, "WARNING"),
    # Lines then go to the log file, where the warning is looked for.
    "ASCEND_LOG_PRINT_TO_STDOUT": ("yes", {}, "WARNING"),
    "ASCEND_SLOG_PRINT_TO_STDOUT": ("yes", {"ASCEND_LOG_PRINT_TO_STDOUT": None}, "WARNING"),
    # A root under a regular file cannot be created: said on stderr at the first line that
    # cannot be written (level 1: aclInit's INFO line).
    "ASCEND_PROCESS_LOG_PATH": (
        "{tmp}/a_file/log", {"ASCEND_LOG_PRINT_TO_STDOUT": None, "ASCEND_GLOBAL_LOG_LEVEL": "1"},
        "WARNING"),
    "ACLEMU_TRACE": ("{tmp}/no/such/directory/trace.json", {}, "WARNING"),
    "ACLEMU_CPU_THREADS": ("0", {}, "WARNING"),
    "ACLEMU_CPU_DEVICE_COUNT": ("65", {}, "WARNING"),
    "ACLEMU_CPU_DEVICE_MEMORY": ("8X", {}, "WARNING"),
    "ACLEMU_CPU_INLINE": ("2", {}, "WARNING"),
    "ACLEMU_CPU_STREAMING_STORES": ("always", {}, "WARNING"),
    "ACLEMU_UPSAMPLE_ALGORITHM": ("foo", {}, "WARNING"),
    "ACLEMU_GPUSIM_THREADS": ("0", {}, "WARNING"),
    "ACLEMU_GPUSIM_DEVICE_COUNT": ("9", {}, "WARNING"),
    "ACLEMU_GPUSIM_PROFILE": ("huge", {}, "WARNING"),
    "ACLEMU_GPUSIM_CHECK": ("off", {}, "WARNING"),
}
GPUSIM_ONLY = {"ACLEMU_GPUSIM_THREADS", "ACLEMU_GPUSIM_DEVICE_COUNT", "ACLEMU_GPUSIM_PROFILE",
               "ACLEMU_GPUSIM_CHECK"}
NOT_CHECKED = {
    "ACLEMU_SOC_NAME": "any non-empty text is a usable name",
    "ACLEMU_ASCENDC_STRICT": "every value is usable: unset, empty or 0 is off, anything else on",
    "SOC_VERSION": "read by the Ascend C CMake functions at configure time, not by aclemu's "
                   "libraries (an unknown SoC fails the configure with a message)",
    "ASCENDC_CMAKE_DIR": "read by Ascend C projects' CMakeLists, not by aclemu",
    "ASCFLAGS": "read by CMake's ASC language support as the compiler flags, not by aclemu",
    "ACLEMU_ASC_GPU": "read by aclemu-asc when it compiles a kernel (0 or off: for the host "
                      "only), not by aclemu's libraries",
    "NVTX_INJECTION64_PATH": "read by the NVTX library, not by aclemu",
    "ASCEND_HOME_PATH": "read by projects' builds, not by aclemu",
    "ASCEND_TOOLKIT_HOME": "read by projects' builds, not by aclemu",
    "DDK_PATH": "read by projects' builds, not by aclemu",
    "NPU_HOST_LIB": "read by projects' builds, not by aclemu",
    "ACLEMU_REQUIRE_GPU": "read by the tests, not by aclemu's libraries",
    "ACLEMU_STRESS_ROUNDS": "read by the stress test, not by aclemu's libraries",
    "ACLEMU_PREFIX": "read by scripts/run_samples.sh",
    "BUILD_DIR": "read by the scripts",
    "CMAKE_ARGS": "read by scripts/run_bench.sh",
    "GPU_CHECK_TEST_S": "read by scripts/gpu_check.sh",
    "GPU_CHECK_SANITIZER_S": "read by scripts/gpu_check.sh",
    "GPU_CHECK_BENCH_S": "read by scripts/gpu_check.sh",
}
# Variables the runs set themselves; a bad value of one is added per case.
BASE_ENVIRONMENT = {
    "ACLEMU_BACKEND": "cpu",
    "ASCEND_GLOBAL_LOG_LEVEL": "2",
    "ASCEND_LOG_PRINT_TO_STDOUT": "1",
}


def run_case(program, variable, value, extra, tmp):
    """What the program wrote (stdout, stderr, log files) with `variable` set to `value`."""
    case_dir = tempfile.mkdtemp(prefix=variable.lower() + "-", dir=tmp)
    with open(os.path.join(case_dir, "a_file"), "w"):
        pass
    value = value.format(tmp=case_dir)
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("ACLEMU_", "ASCEND_")) or k == "ASCEND_PROCESS_LOG_PATH"}
    env.update(BASE_ENVIRONMENT)
    env["ASCEND_PROCESS_LOG_PATH"] = os.path.join(case_dir, "log")
    for key, extra_value in extra.items():
        if extra_value is None:
            env.pop(key, None)
        else:
            env[key] = extra_value
    env[variable] = value
    done = subprocess.run([program], env=env, capture_output=True, text=True, timeout=60)
    logs = ""
    for path in glob.glob(os.path.join(case_dir, "log", "debug", "plog", "*.log")):
        with open(path, encoding="utf-8", errors="replace") as f:
            logs += f.read()
    shutil.rmtree(case_dir, ignore_errors=True)
    return value, done.returncode, done.stdout + done.stderr + logs


def reported(output, variable, value, level):
    shown = value.split(":")[-1] if variable == "ASCEND_MODULE_LOG_LEVEL" else value
    for line in output.splitlines():
        if line.startswith(f"[{level}] ") and variable in line and shown in line:
            return True
    return False


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--program", required=True, help="aclemu-info (it calls aclInit)")
    parser.add_argument("--gpusim", action="store_true", help="the GPU simulator is built")
    parser.add_argument("--root", default=os.path.join(os.path.dirname(__file__), ".."))
    options = parser.parse_args()

    problems = []
    for variable, number in table_rows(options.root).items():
        if variable not in BAD_VALUES and variable not in NOT_CHECKED:
            problems.append(f"README.md:{number}: {variable} has no bad value to try: add it to "
                            "BAD_VALUES (or, with the reason, NOT_CHECKED) in "
                            "scripts/check_env_warnings.py")
    cases = {v: c for v, c in BAD_VALUES.items() if options.gpusim or v not in GPUSIM_ONLY}
    tmp = tempfile.mkdtemp(prefix="env-warnings-")
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
            futures = {v: pool.submit(run_case, options.program, v, value, extra, tmp)
                       for v, (value, extra, _) in cases.items()}
            for variable, (_, _, level) in cases.items():
                value, code, output = futures[variable].result()
                if code < 0:
                    problems.append(f"{variable}={value}: {options.program} died of signal {-code}")
                elif not reported(output, variable, value, level):
                    shown = "\n    ".join(output.strip().splitlines()[-12:]) or "(nothing)"
                    problems.append(f"{variable}={value}: no [{level}] line names it; the "
                                    f"program wrote:\n    {shown}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    for line in problems:
        print(line)
    if problems:
        print(f"{len(problems)} variable(s) without their {len(cases)} bad-value report(s)")
        return 1
    print(f"a bad value of each of {len(cases)} variables is reported "
          f"({', '.join(sorted(NOT_CHECKED))} take any value or are not aclemu's)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
