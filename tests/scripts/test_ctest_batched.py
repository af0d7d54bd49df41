#!/usr/bin/env python3
"""scripts/ctest_batched.py against a made-up ctest directory whose "GoogleTest program" is a
Python script that behaves as one: it honours --gtest_filter, writes the --gtest_output JSON
report, fails the cases its settings file (beside it) names, and logs each run: its cases and
the variables the tests set for it (TESTVAR_*)."""

import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "..", "..", "scripts", "ctest_batched.py")

FAKE_GTEST = r'''#!/usr/bin/env python3
import json, os, sys
args = sys.argv[1:]
cases = next(a for a in args if a.startswith("--gtest_filter="))[15:].split(":")
report = next((a[len("--gtest_output=json:"):] for a in args if a.startswith("--gtest_output=json:")), None)
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "settings.json")) as f:
    settings = json.load(f)
variables = {k: v for k, v in os.environ.items() if k.startswith("TESTVAR_")}
with open(settings["log"], "a") as f:
    f.write(json.dumps({"cases": cases, "variables": variables}) + "\n")
failing = set(settings["fail"])
# LONELY passes alone and fails beside any other case: a case that depends on its own process.
failed = [c for c in cases if c in failing or (c == "Suite.Lonely" and len(cases) > 1)]
if report:
    suites = {}
    for c in cases:
        suite, name = c.split(".", 1)
        entry = {"name": name, "result": "COMPLETED"}
        if c in failed:
            entry["failures"] = [{"failure": "expected 1, got 2"}]
        suites.setdefault(suite, []).append(entry)
    with open(report, "w") as f:
        json.dump({"testsuites": [{"name": s, "testsuite": t} for s, t in suites.items()]}, f)
for c in failed:
    print("[  FAILED  ] " + c)
sys.exit(1 if failed else 0)
'''


def case(name, labels="cpu", env=None):
    props = 'LABELS "%s"' % labels
    if env:
        props += ' ENVIRONMENT "%s"' % env
    return ('add_test([=[%s]=] "${FAKE}" "--gtest_filter=%s" "--gtest_also_run_disabled_tests")\n'
            "set_tests_properties([=[%s]=] PROPERTIES %s)\n" % (name, name, name, props))


class CtestBatchedTest(unittest.TestCase):
    def setUp(self):
        base = os.environ.get("TEST_TMPDIR") or None
        self.tmp = tempfile.TemporaryDirectory(dir=base)
        self.dir = self.tmp.name
        self.fake = os.path.join(self.dir, "fake_gtest.py")
        with open(self.fake, "w") as f:
            f.write(FAKE_GTEST)
        os.chmod(self.fake, 0o755)
        self.log = os.path.join(self.dir, "runs.log")

    def tearDown(self):
        self.tmp.cleanup()

    def write_tests(self, body):
        with open(os.path.join(self.dir, "CTestTestfile.cmake"), "w") as f:
            f.write('set(FAKE [=[%s]=])\n' % self.fake + body)

    def run_batched(self, *selection, fail=()):
        with open(os.path.join(self.dir, "settings.json"), "w") as f:
            json.dump({"log": self.log, "fail": list(fail)}, f)
        result = subprocess.run([sys.executable, SCRIPT, "--test-dir", self.dir, "-j", "2"]
                                + list(selection), capture_output=True, text=True)
        runs = []
        if os.path.exists(self.log):
            with open(self.log) as f:
                runs = [json.loads(line) for line in f]
        return result, runs

    def test_cases_of_one_program_and_environment_share_processes(self):
        body = "".join(case("Suite.Case%d" % i) for i in range(10))
        body += "".join(case("Other.Case%d" % i, env="TESTVAR_FLAVOUR=tiny") for i in range(3))
        self.write_tests(body)
        result, runs = self.run_batched()
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("13 GoogleTest cases in", result.stdout)
        ran = sorted(c for r in runs for c in r["cases"])
        self.assertEqual(len(ran), 13)
        self.assertLess(len(runs), 13)
        for run in runs:  # the environment decides the batch
            flavours = {"tiny" if c.startswith("Other.") else "" for c in run["cases"]}
            self.assertEqual(flavours, {run["variables"].get("TESTVAR_FLAVOUR", "")})

    def test_labels_select_as_in_ctest(self):
        self.write_tests(case("Suite.A", "cpu") + case("Suite.B", "gpu") + case("Suite.C", "cpu"))
        result, runs = self.run_batched("-L", "^cpu$")
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertEqual(sorted(c for r in runs for c in r["cases"]), ["Suite.A", "Suite.C"])

    def test_a_failing_case_fails_the_run_and_is_rerun_alone(self):
        self.write_tests("".join(case("Suite.Case%d" % i) for i in range(6)))
        result, runs = self.run_batched(fail=["Suite.Case3"])
        self.assertEqual(result.returncode, 1)
        alone = [r["cases"] for r in runs if r["cases"] == ["Suite.Case3"]]
        self.assertEqual(len(alone), 1, runs)
        self.assertIn("Suite.Case3", result.stdout)

    def test_a_case_that_fails_only_beside_others_still_fails(self):
        self.write_tests(case("Suite.Lonely") + case("Suite.Other"))
        result, runs = self.run_batched()
        self.assertEqual(result.returncode, 1, result.stdout)
        self.assertIn("depend on running alone", result.stdout)
        self.assertIn(["Suite.Lonely"], [r["cases"] for r in runs])

    def test_other_tests_run_through_ctest_with_their_properties(self):
        body = case("Suite.A")
        body += ('add_test(expected_failure "%s" -c "raise SystemExit(3)")\n'
                 "set_tests_properties(expected_failure PROPERTIES WILL_FAIL ON LABELS cpu)\n"
                 % sys.executable.replace("\\", "/"))
        self.write_tests(body)
        result, _ = self.run_batched()
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("1 other tests through ctest", result.stdout)
        self.assertIn("expected_failure", result.stdout)


if __name__ == "__main__":
    unittest.main()
