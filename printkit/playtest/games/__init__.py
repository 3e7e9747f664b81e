"""Each built-in game's rules engine behind the playtest protocol: one module per game."""
