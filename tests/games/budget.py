"""How many examples a property test tries, scaled by the Hypothesis profile in use.

The profiles are registered in tests/conftest.py: "ci" (seeded) keeps each test's
own number; "dev" (max_examples = 1000) tries ten times as many.
"""

from __future__ import annotations

from hypothesis import settings


def examples(n: int) -> int:
    """``n`` examples under the default budget of 100, scaled to the loaded profile's."""
    return max(1, n * settings.default.max_examples // 100)
