"""A process of ours ends with the process that started it, however that one ends: killed outright, or even
before the child has asked to be ended with it, and where the kernel cannot be asked."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest
from processes import ENDED_SECONDS, alive, wait_for

# Starts CHILD, says its pid, and waits to be killed.
PARENT = """
import os, subprocess, sys, time
subprocess.Popen([sys.executable, "-c", sys.argv[1], str(os.getpid()), *sys.argv[2:]])
time.sleep(600)
"""

# Says its pid; once the file argv[3] exists, asks to end with its parent (argv[1]), by the kernel if
# argv[2] is "kernel", else as where it cannot be asked; then says so and waits.
CHILD = """
import os, sys, time
from pathlib import Path
from wordle_tui.core.workers import processes
print(os.getpid(), flush=True)
while not Path(sys.argv[3]).exists():
    time.sleep(0.01)
if sys.argv[2] != "kernel":
    processes._kernel_watches_parent = lambda: False
processes.end_with_parent(int(sys.argv[1]))
print("watching", flush=True)
time.sleep(600)
"""


@pytest.mark.parametrize("how", ["kernel", "watching"])
@pytest.mark.parametrize("parent_ends", ["after", "before"])
def test_a_child_ends_with_its_parent_killed_outright(tmp_path, how, parent_ends):
    go = tmp_path / "go"
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT, CHILD, how, str(go)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    child = int(parent.stdout.readline())
    try:
        if parent_ends == "after":
            go.touch()
            assert parent.stdout.readline() == "watching\n"
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait()
        go.touch()  # a child that has not asked yet asks now, its parent already gone
        assert wait_for(lambda: not alive(child), ENDED_SECONDS), "the child outlived its parent"
    finally:
        parent.kill()
        if alive(child):  # a failure: nothing is left running all the same
            os.kill(child, signal.SIGKILL)
    assert "watching" not in parent.stdout.read()  # one whose parent had ended never went on


# Calls stop_server with the fork server and tracker never started, then with the tracker started: whether each
# call collected every object (what frees the semaphores of the pools closed) and whether the tracker ran after.
STOPPING = """
import gc, json
from multiprocessing import resource_tracker
from wordle_tui.core.workers import processes
collected = []
gc.collect = lambda *args: collected.append(True) or 0
processes.stop_server()
before = len(collected)
processes.start_tracker()
processes.stop_server()
print(json.dumps([before, len(collected), resource_tracker._resource_tracker._pid]))
"""


def test_a_command_that_started_no_worker_has_nothing_to_stop_at_its_end():
    # One worker runs in the process: no fork server, no tracker, and no collection of every object (0.01 s).
    done = subprocess.run([sys.executable, "-c", STOPPING], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["[0,", "1,", "null]"]
