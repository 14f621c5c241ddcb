"""The game screen's parts: the file keeper, the command table, the panel and the cards."""
