"""The app's three modes, each a screen of its own: play, coach and watch, over what they share (mode.py)."""
