"""The rules of Wordle: the word lists and their presets, feedback by the NYT's rules, a game and NYT hard
mode, the days and puzzle numbers, and what a finished game shares. Nothing here searches or measures."""
