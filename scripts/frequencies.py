"""Regenerate data/frequencies.tsv: how common each accepted word is in English, from wordfreq.

Usage: pip install '.[data]' && python scripts/frequencies.py
Writes one `word<TAB>zipf` line for every word of every preset's lists (the NYT's 14,855 accepted
guesses hold them all), after a header. The Zipf scale is log10 of a word's frequency per billion
words: 7 for "the", about 3 for a familiar word, 0 for a word wordfreq has never seen.
"""

from __future__ import annotations

from wordfreq import zipf_frequency

from wordle_tui.core.rules.words import PRESETS, data_dir, load_preset


def main() -> None:
    words = sorted({word for name in PRESETS for word in load_preset(name).guesses})
    lines = ["word\tzipf", *(f"{word}\t{zipf_frequency(word, 'en'):.2f}" for word in words)]
    path = data_dir() / "frequencies.tsv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(words)} words written to {path}")


if __name__ == "__main__":
    main()
