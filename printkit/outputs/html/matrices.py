"""The coordinates of the SVG translation: PDF matrices (row vectors, as the PDF writes
them) and numbers rounded to 2 decimals. Used by :mod:`printkit.outputs.html.svg`."""

from __future__ import annotations

import math

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """``m`` then ``n``, in the PDF's row-vector convention."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s,
            e * p + f * r + t, e * q + f * s + u)


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def scale_of(m: Matrix) -> float:
    """How much ``m`` enlarges an area's side, on average."""
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def nothing() -> list[float]:
    """The box of nothing drawn yet."""
    return [math.inf, math.inf, -math.inf, -math.inf]


def transform(m: Matrix) -> str:
    """An SVG transform: the linear part to 4 digits (a small scale rounded to 2 decimals
    would be off by a tenth), the translation to 2 decimals."""
    return "matrix(" + " ".join(num(v) if i > 3 else f"{v:.4g}"
                                for i, v in enumerate(m)) + ")"


def inverse(m: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    det = a * d - b * c or 1e-12
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    return (ia, ib, ic, id_, -(e * ia + f * ic), -(e * ib + f * id_))


def num(value: float) -> str:
    """A coordinate, rounded to 2 decimals, without trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
