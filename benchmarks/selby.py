"""CPU seconds of the exact tree after an opener, beside Alex Selby's C++ solver on the same lists.

Each row's lists are a preset's answers less its last one, with the preset's guesses: lists of
one's own, so that nothing shipped or cached applies. Three programs compute the tree, each in a
fresh process on one core with an empty cache (where the search was not built at install, numba
compiles it once, first, as a machine's first search does, and that time is printed apart): Selby's;
ours as a bare search (`compute_tree` from `python -c`, numpy's OpenBLAS on one thread as the command
line runs it); and ours as a user runs it, the command line `wordle-tui tree --answers ... --guesses ...
--start WORD --workers 1`. The CPU time is the whole process's with its children (user + system), as
a package installed runs (its bytecode written beforehand), and the three totals are printed so that
they can be compared. The programs run in turn, three times each (--runs N), and the figures are
medians: of each program's CPU, and of the ratios to Selby's, run by run. The C++ solver is built
from ../shared/peers/selby (its build.sh) when that folder is there.

Usage: python benchmarks/selby.py [--only salet-normal ...] [--runs N] [--selby DIR]
"""

from __future__ import annotations

import argparse
import compileall
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import wordle_tui
from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.rules.words import PRESETS

ROWS = {  # name: (lists, opener, hard mode)
    "salet-normal": ("nyt2022", "salet", Difficulty.NORMAL),
    "salet-hard": ("nyt2022", "salet", Difficulty.HARD),
    "crane-normal": ("nyt2022", "crane", Difficulty.NORMAL),
    "adieu-hard": ("nyt2022", "adieu", Difficulty.HARD),
    "tarse-normal-nyt": ("nyt", "tarse", Difficulty.NORMAL),
}
BARE = """
import sys
from wordle_tui.core.exact.trees import compute_tree
from wordle_tui.core.position.model import uniform_model
from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.rules.words import load_word_lists
lists = load_word_lists(sys.argv[1], sys.argv[2])
print(compute_tree(uniform_model(lists), sys.argv[3], Difficulty[sys.argv[4].upper()]).total)
"""
PREPARE = "from wordle_tui.core.exact.search import prepare; prepare()"


def cpu_of(argv: list[str], env: dict[str, str] | None = None) -> tuple[float, str]:
    """Run `argv` to its end: the CPU seconds it and its children took (user + system) and what it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(argv, capture_output=True, text=True, check=True, env=env).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, out


def selby_binary(folder: Path) -> Path:
    built = subprocess.run(["bash", str(folder / "build.sh")], capture_output=True, text=True, check=True)
    return Path(built.stdout.strip().splitlines()[-1])


def less_one(lists: str, folder: Path) -> tuple[Path, Path]:
    """(answers, guesses) files in `folder`: the preset's answers less the last, its guesses."""
    preset = PRESETS[lists].folder
    answers, guesses = folder / f"{lists}-answers.txt", folder / f"{lists}-guesses.txt"
    answers.write_text("\n".join((preset / "answers.txt").read_text().split()[:-1]) + "\n")
    shutil.copyfile(preset / "guesses.txt", guesses)
    return answers, guesses


def command_line() -> list[str]:
    """How a user starts wordle-tui: its script beside this Python, else the package as a module."""
    script = Path(sys.executable).with_name("wordle-tui")
    return [str(script)] if script.exists() else [sys.executable, "-m", "wordle_tui"]


def run_once(
    binary: Path, compiled_home: Path, env: dict[str, str], files: tuple[Path, Path], opener: str, hard_mode: Difficulty
) -> tuple[tuple[float, float, float], tuple[int | None, int | None, int | None]]:
    """One run of each program: (their CPU s, our bare search's, our command line's) and their totals."""
    answers, guesses = files
    count = len(answers.read_text().split())
    argv = [str(binary), "-a", str(guesses), "-h", str(answers)] + ["-H"] * hard_mode + ["-w", opener]
    cpus: list[float] = []
    totals: list[int | None] = []  # None: the C++ solver said no average
    with tempfile.TemporaryDirectory() as scratch:
        their_cpu, said = cpu_of([*argv, "-p", str(Path(scratch) / "tree.txt")])
        average = re.search(r"Average guesses reqd using best first guess = ([\d.]+)", said)
        cpus.append(their_cpu)
        totals.append(round(float(average[1]) * count) if average else None)
    mode = hard_mode.word
    ours: tuple[tuple[list[str], dict[str, str]], ...] = (  # each with what it adds to the environment
        ([sys.executable, "-c", BARE, str(answers), str(guesses), opener, mode], {"OPENBLAS_NUM_THREADS": "1"}),
        (
            [*command_line(), "tree", "--answers", str(answers), "--guesses", str(guesses), "--start", opener]
            + ["--workers", "1"]
            + ["--hard"] * hard_mode,
            {},
        ),
    )
    for program, added in ours:
        with tempfile.TemporaryDirectory() as scratch:  # nothing but the compiled search from an earlier run
            (Path(scratch) / "wordle-tui").mkdir()
            (Path(scratch) / "wordle-tui" / "compiled").symlink_to(compiled_home / "wordle-tui" / "compiled")
            cpu, said = cpu_of(program, {**env, **added, "XDG_CACHE_HOME": scratch})
        cpus.append(cpu)
        total = re.search(r"^(?:total )?(\d+)", said, re.MULTILINE)
        totals.append(int(total[1]) if total else -1)
    return (cpus[0], cpus[1], cpus[2]), (totals[0], totals[1], totals[2])


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
    # As a user's shell: bytecode written, and numpy's threads left to the command line to set.
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in ("PYTHONDONTWRITEBYTECODE", "OPENBLAS_NUM_THREADS")
    }
    compileall.compile_dir(Path(wordle_tui.__file__).parent, quiet=1)  # as installed: bytecode written
    compiled_home = Path(tempfile.mkdtemp(prefix="wordle-tui-compiled-"))
    lists_folder = Path(tempfile.mkdtemp(prefix="wordle-tui-lists-"))
    compile_cpu, _ = cpu_of([sys.executable, "-c", PREPARE], {**env, "XDG_CACHE_HOME": str(compiled_home)})
    how = f"{args.runs} runs of each in turn, medians" if args.runs > 1 else "one run of each"
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; one core each; {how}")
    print(f"preparing the search (numba's compile, if not built at install): {compile_cpu:.1f} CPU s (not counted)")
    print(
        "| tree | lists | totals: Selby / search / command | Selby CPU s | search alone CPU s | ratio "
        "| `wordle-tui tree` CPU s | ratio |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for name in args.only:
        lists, opener, hard_mode = ROWS[name]
        files = less_one(lists, lists_folder)
        runs = [run_once(binary, compiled_home, env, files, opener, hard_mode) for _ in range(args.runs)]
        theirs, bare, command = (statistics.median(cpus[k] for cpus, _ in runs) for k in range(3))
        bare_ratio, command_ratio = (statistics.median(cpus[k] / cpus[0] for cpus, _ in runs) for k in (1, 2))
        totals = " / ".join(str(total) for total in runs[-1][1])
        mode = hard_mode.word
        print(
            f"| {opener.upper()} {mode} | {lists} less one | {totals} | {theirs:.2f} | {bare:.2f} | {bare_ratio:.2f} "
            f"| {command:.2f} | {command_ratio:.2f} |",
            flush=True,
        )
    shutil.rmtree(compiled_home, ignore_errors=True)
    shutil.rmtree(lists_folder, ignore_errors=True)


if __name__ == "__main__":
    main()
