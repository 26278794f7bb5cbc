"""The Textual app: play, coach the NYT puzzle, watch the bot."""
