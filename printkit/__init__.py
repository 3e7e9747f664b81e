"""printkit: verified, localised, print-ready tabletop game kits."""

__version__ = "0.1.0"
