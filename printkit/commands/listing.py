"""``printkit list``: the games, their documents and the shipped locales."""

from __future__ import annotations

from printkit import games
from printkit.language.locales import shipped_locales


def listing() -> list[str]:
    lines = []
    for game in games.GAMES.values():
        data = game.load_data()
        lines.append(f"{game.id}  {data['title']}")
        for doc in game.documents:
            lines.append(f"  {doc.id:<16} {doc.title}")
    lines.append(f"locales: {', '.join(shipped_locales())}")
    return lines
