"""pytest plugin: appends every test's start, reports and end to $MJW_RESULTS as they happen,
so that a run killed by a crash still tells which tests finished and which one was running."""
import os


def _write(*fields):
    with open(os.environ["MJW_RESULTS"], "a") as f:
        f.write("\t".join(str(x).replace("\t", " ").replace("\n", " ") for x in fields) + "\n")


def pytest_runtest_logstart(nodeid, location):
    _write("start", nodeid)


def pytest_runtest_logreport(report):
    msg = ""
    if report.failed:
        crash = getattr(report.longrepr, "reprcrash", None)
        msg = crash.message if crash is not None else str(report.longrepr).splitlines()[-1:]
        msg = str(msg)[:300]
    _write("report", report.nodeid, report.when, report.outcome, msg)


def pytest_runtest_logfinish(nodeid, location):
    _write("finish", nodeid)
