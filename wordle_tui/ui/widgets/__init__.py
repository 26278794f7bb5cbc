"""Widgets: the board of tiles, the keyboard and the coach's ranking."""
