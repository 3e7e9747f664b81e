"""Outputs beside the PDFs: the rules and kit pages (HTML), previews, and the preflight
that reads every finished page."""
