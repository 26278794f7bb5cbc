"""Regenerate data/frequencies-N.tsv: how common each accepted word is in English, from wordfreq.

Usage: pip install '.[data]' && python scripts/frequencies.py
Writes, for each word length, one `word<TAB>zipf` line for every word of every preset of that
length (the NYT's 14,855 accepted guesses hold all those of five letters), after a header. The Zipf
scale is log10 of a word's frequency per billion words: 7 for "the", about 3 for a familiar word,
0 for a word wordfreq has never seen.
"""

from __future__ import annotations

from wordfreq import zipf_frequency

from wordle_tui.core.rules.words import PRESETS, frequencies_path, load_preset


def main() -> None:
    by_length: dict[int, set[str]] = {}
    for name in PRESETS:
        lists = load_preset(name)
        by_length.setdefault(lists.length, set()).update(lists.guesses)
    for length, words in sorted(by_length.items()):
        lines = ["word\tzipf", *(f"{word}\t{zipf_frequency(word, 'en'):.2f}" for word in sorted(words))]
        path = frequencies_path(length)
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{len(words)} words written to {path}")


if __name__ == "__main__":
    main()
