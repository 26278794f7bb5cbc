"""CPU seconds of the exact tree after an opener, beside Alex Selby's C++ solver on the same lists.

Each tree is computed by a fresh process on one core, ours with an empty cache but for the
compiled search (compiled once, first, as a machine's first search does; that time is printed
apart); the CPU time is the whole process's (user + system), and both totals are printed so that
they can be compared. The two programs run in turn, three times each (--runs N), and the
figures are medians: of each program's CPU, and of the ratios pair by pair. The C++ solver is built from
../shared/peers/selby (its build.sh) when that folder is there.

Usage: python benchmarks/selby.py [--only salet-normal ...] [--runs N] [--selby DIR]
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from wordle_tui.core.rules.words import PRESETS

ROWS = {  # name: (lists, opener, hard mode)
    "salet-normal": ("nyt2022", "salet", False),
    "salet-hard": ("nyt2022", "salet", True),
    "crane-normal": ("nyt2022", "crane", False),
    "adieu-hard": ("nyt2022", "adieu", True),
    "tarse-normal-nyt": ("nyt", "tarse", False),
}
OURS = """
import sys
from wordle_tui.core.exact.trees import compute_tree
from wordle_tui.core.position.model import uniform_model
from wordle_tui.core.rules.words import load_preset
print(compute_tree(uniform_model(load_preset(sys.argv[1])), sys.argv[2], sys.argv[3] == "hard").total)
"""


PREPARE = "from wordle_tui.core.exact.search import prepare; prepare()"


def cpu_of(argv: list[str], env: dict[str, str] | None = None) -> tuple[float, str]:
    """Run `argv` to its end: the CPU seconds it took (user + system) and what it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(argv, capture_output=True, text=True, check=True, env=env).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, out


def selby_binary(folder: Path) -> Path:
    built = subprocess.run(["bash", str(folder / "build.sh")], capture_output=True, text=True, check=True)
    return Path(built.stdout.strip().splitlines()[-1])


def run_pair(
    binary: Path, compiled_home: Path, lists: str, opener: str, hard_mode: bool
) -> tuple[float, float, int | None, int]:
    """One run of each program: (their CPU s, ours, their total, ours)."""
    folder = PRESETS[lists].folder
    answers = len((folder / "answers.txt").read_text().split())
    with tempfile.TemporaryDirectory() as scratch:
        argv = [str(binary), "-a", str(folder / "guesses.txt"), "-h", str(folder / "answers.txt")]
        argv += ["-H"] * hard_mode + ["-w", opener, "-p", str(Path(scratch) / "tree.txt")]
        their_cpu, said = cpu_of(argv)
        average = re.search(r"Average guesses reqd using best first guess = ([\d.]+)", said)
        theirs = round(float(average[1]) * answers) if average else None
        (Path(scratch) / "wordle-tui").mkdir()
        (Path(scratch) / "wordle-tui" / "compiled").symlink_to(compiled_home / "wordle-tui" / "compiled")
        env = {**os.environ, "XDG_CACHE_HOME": scratch}  # nothing but the compiled search from an earlier run
        our_cpu, total = cpu_of([sys.executable, "-c", OURS, lists, opener, "hard" if hard_mode else "normal"], env)
    return their_cpu, our_cpu, theirs, int(total)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", nargs="*", choices=list(ROWS), default=list(ROWS))
    parser.add_argument("--runs", type=int, default=3, help="runs of each program a tree (medians are printed)")
    default = Path(__file__).resolve().parents[2] / "shared" / "peers" / "selby"
    parser.add_argument("--selby", type=Path, default=default, help="the folder of the C++ solver's source")
    args = parser.parse_args()
    if not (args.selby / "build.sh").exists():
        sys.exit(f"No C++ solver to compare with: {args.selby} has no build.sh.")
    binary = selby_binary(args.selby)
    compiled_home = Path(tempfile.mkdtemp(prefix="wordle-tui-compiled-"))
    compile_cpu, _ = cpu_of([sys.executable, "-c", PREPARE], {**os.environ, "XDG_CACHE_HOME": str(compiled_home)})
    runs = f"{args.runs} runs of each in turn, medians" if args.runs > 1 else "one run of each"
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; one core each; {runs}")
    print(f"compiling the search, once a machine: {compile_cpu:.1f} CPU s (not counted below)")
    print("| tree | lists | Selby total | Selby CPU s | wordle-tui total | wordle-tui CPU s | ratio |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name in args.only:
        lists, opener, hard_mode = ROWS[name]
        pairs = [run_pair(binary, compiled_home, lists, opener, hard_mode) for _ in range(args.runs)]
        their_cpu = statistics.median(theirs for theirs, _, _, _ in pairs)
        our_cpu = statistics.median(ours for _, ours, _, _ in pairs)
        ratio = statistics.median(ours / theirs for theirs, ours, _, _ in pairs)
        _, _, their_total, our_total = pairs[-1]
        mode = "hard" if hard_mode else "normal"
        print(
            f"| {opener.upper()} {mode} | {lists} | {their_total} | {their_cpu:.2f} | {our_total} | {our_cpu:.2f} "
            f"| {ratio:.2f} |",
            flush=True,
        )
    shutil.rmtree(compiled_home, ignore_errors=True)


if __name__ == "__main__":
    main()
