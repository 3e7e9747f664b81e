"""The model: a game's data, its components, its rulebook's sections, its variants and
print runs, read and checked."""
