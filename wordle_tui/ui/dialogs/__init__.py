"""The dialogs: statistics, the analysis of a coached game, help, history, settings, a question, and the
notice of a terminal too small."""
