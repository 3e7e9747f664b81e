"""Phase one of a build: find what is stale.

An output whose inputs are unchanged since the last build into the same folder, whose
file is still as written and whose previews (when asked for) are too, is kept: its
records carry over into the ledger and it is not rendered again (see
:mod:`printkit.commands.fingerprint`). Everything else is to render.
"""

from __future__ import annotations

from printkit.commands.build.job import Key, outputs, target
from printkit.commands.build.ledger import Ledger
from printkit.commands.build.options import output_path
from printkit.model.game import Game


def plan_stale(ledger: Ledger, selected: list[Game], locales: list[str]) -> list[Key]:
    """The outputs (documents and variants, not guides and kits) to render, in build
    order; every other one is recorded in ``ledger`` as up to date."""
    out, paper = ledger.out, ledger.paper.id
    todo: list[Key] = []
    for game in selected:
        for locale in locales:
            for name in outputs(game, ledger.spec):
                key = (game.id, locale, name)
                path = output_path(out, *key, paper)
                old = ledger.store.get(out, path)
                current = old and ledger.fingerprint(game, locale, name, old.used)
                kept = old and ledger.store.up_to_date(out, path, current)
                own = target(game, name, ledger.spec)[2]
                shots = kept and (ledger.kept_previews(key, current) if own else {})
                if kept and shots is not None:
                    ledger.keep(path, kept)
                    ledger.fresh.records.update(shots)
                    ledger.prints[key] = current
                    ledger.pages[key] = kept.pages
                    ledger.missing[locale].update(kept.warnings)
                    ledger.result.up_to_date += 1
                else:
                    todo.append(key)
    return todo
