"""The scripts that regenerate shipped data still run against the package as it is now."""

from __future__ import annotations

import subprocess
import sys

from conftest import CHECKOUT


def test_the_opener_table_script_starts():
    script = CHECKOUT / "scripts" / "opener_totals.py"
    done = subprocess.run([sys.executable, str(script), "--help"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "--hard" in done.stdout and "--known" in done.stdout
