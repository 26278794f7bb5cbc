"""The user's own files and the NYT's answers: settings, the games played and their statistics, and the
puzzle of a day fetched from the NYT when asked. No Textual, and nothing of the solver but the rules."""
