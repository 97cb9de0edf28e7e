# What the Python frameworks' tests share (django/test_django.py, sqlalchemy/test_sqlalchemy.py),
# as checks.js does for the Node.js ones: a result line per check ("ok: ..." or "FAILED: ..."),
# and the exit status they add up to. run.sh puts this directory on PYTHONPATH.
import sys

failures = 0


def check(condition, name):
    global failures
    print(("ok: " if condition else "FAILED: ") + name)
    failures += 0 if condition else 1


def finish():
    """Exits with 1 when a check failed."""
    sys.exit(1 if failures else 0)
