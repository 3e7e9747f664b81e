"""Tools for people who make and translate kits: game projects, the project starter, and
the translation tools."""
