"""The playtest lab: the rules engines play thousands of games, and the lab tells a designer
what a table of testers would take weeks to see (seat balance, game length, scores, ties, how
often each rule fires, and how a rule setting changes them)."""
