"""The app's screens: one for each activity (play, coach, watch) and game (one board, several boards,
Absurdle), composed of what the activities share (mode.py, bot.py) and a view of the game (views.py)."""
