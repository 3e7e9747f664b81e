"""The commands, as plain functions the CLI and the tests call alike."""
