"""Every strategy over every answer, in each mode asked for:
`python benchmarks/strategies.py [--lists NAME] [--workers N] [--modes normal,hard,ultra]`.

Runs `wordle-tui bench --json` for each and prints the README's markdown table.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

from wordle_tui.core.strategies import STRATEGIES

ORDER = ["random", "frequency", "minimax", "entropy", "parts", "expected", "lookahead", "optimal"]


def bench(*args: str) -> dict:
    command = [sys.executable, "-m", "wordle_tui", "bench", "--json", *args]
    return json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--workers", default="2")
    parser.add_argument("--lists", default="nyt2022", help="the preset (default: nyt2022, the published figures')")
    parser.add_argument(
        "--modes", default="normal,hard", help="normal, hard, ultra, comma-separated (default: normal,hard)"
    )
    args = parser.parse_args()
    assert set(ORDER) <= set(STRATEGIES)
    print("| strategy | mode | average | total | 1 | 2 | 3 | 4 | 5 | 6 | >6 (losses) | max | seconds |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for name in [s for s in ORDER if s in STRATEGIES] + sorted(set(STRATEGIES) - set(ORDER)):
        for mode in args.modes.split(","):
            options = ("--strategy", name, "--workers", args.workers, "--lists", args.lists)
            data = bench(*options, *([f"--{mode}"] if mode != "normal" else []))
            counts = {int(k): v for k, v in data["distribution"].items()}
            cells = [str(counts.get(n, 0)) for n in range(1, 7)]
            losses = sum(v for k, v in counts.items() if k > 6)
            print(
                f"| {name} | {mode} | {data['average']:.4f} | {data['total_guesses']} | {' | '.join(cells)} | "
                f"{losses} | {data['max']} | {data['seconds']:.1f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
