"""Phase two of a build: verify the games with something to render or assemble.

Every worked example of a game is replayed, its data checked printable in every locale
and its components checked to fit the paper, before any of its documents is rendered;
what this prepares is what the renders read (the :class:`~.job.Job`'s ``prepared``). A
game with nothing to render or assemble was verified by the build that rendered it.
"""

from __future__ import annotations

from printkit.commands.build.assemble import needs_assembly
from printkit.commands.build.job import Key
from printkit.commands.build.ledger import Ledger
from printkit.commands.build.options import Progress
from printkit.drawing import fit, trace
from printkit.errors import BuildError, DataErrors, PrintkitError
from printkit.language.fonts import data_glyph_errors
from printkit.model.components import card_file_notes
from printkit.model.game import Game


def verify_games(ledger: Ledger, selected: list[Game], locales: list[str], todo: list[Key],
                 progress: Progress = lambda line: None) -> dict[str, tuple[dict, dict]]:
    """Each game's prepared data and examples, by id, for the games with outputs in
    ``todo`` (all, when nothing was up to date). Coverage gaps of the examples are
    warnings in ``ledger`` (errors when strict); anything wrong raises
    :class:`BuildError` with every game's problems."""
    errors: list[PrintkitError] = []
    prepared: dict[str, tuple[dict, dict]] = {}
    for game in selected:
        if ledger.result.up_to_date and not any(k[0] == game.id for k in todo) \
                and not any(needs_assembly(ledger, game, code) for code in locales):
            continue
        progress(f"checking {game.id}: data and worked examples")
        try:
            prepared[game.id] = game.prepared()
            for note in card_file_notes(prepared[game.id][0], game.folder):
                progress(note)
            unprintable = data_glyph_errors(prepared[game.id][0],
                                            game.label(game.data_file), locales)
            if unprintable:
                raise DataErrors(unprintable)
            fit.check(game, prepared[game.id][0], ledger.paper)
            untraced = trace.coverage_problems(game, (v.example for v in
                                                      prepared[game.id][1].values()))
        except PrintkitError as exc:
            errors.append(exc)
            continue
        if untraced and ledger.strict:
            errors.append(trace.TraceError(untraced))
        ledger.result.warnings += [f"warning: {line}" for line in untraced]
    if errors:
        raise BuildError(errors)
    return prepared
