"""Rendering: turns verified game models and translated text into PDF bytes."""
