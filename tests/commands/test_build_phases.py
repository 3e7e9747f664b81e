"""Each phase of a build on its own (see :mod:`printkit.commands.build`): what is stale,
verifying, rendering, assembling guides and kits, writing; and the workers' tasks, which
carry what they need and give the same bytes however their process started."""

from __future__ import annotations

import dataclasses
import pickle
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from printkit import games
from printkit.commands.build import BuildOptions, build, output_path
from printkit.commands.build import pool as pooling
from printkit.commands.build.assemble import assemble_guides_and_kits, guide_and_kit_task
from printkit.commands.build.job import Job, outputs
from printkit.commands.build.kits import GuideAndKit
from printkit.commands.build.ledger import Ledger
from printkit.commands.build.options import resolve_paper
from printkit.commands.build.pool import Workers
from printkit.commands.build.render import document_tasks, render_documents
from printkit.commands.build.stale import plan_stale
from printkit.commands.build.tasks import RenderDocument
from printkit.commands.build.verify import verify_games
from printkit.commands.build.write import write_output
from printkit.commands.fingerprint import STORE_NAME
from printkit.errors import BuildError
from printkit.model.rulebook import game_flow_source
from printkit.output import Spool, contents
from tests.conftest import GAME_ID, snapshot
from tests.support import game_context

LOCALE = "pl"


def _options(out: Path, **more: object) -> BuildOptions:
    settings = {"games": [GAME_ID], "locales": [LOCALE], "out": out, "jobs": 1,
                "previews": False, **more}
    return BuildOptions(**settings)  # type: ignore[arg-type]


@contextmanager
def _ledger(out: Path, **more: object) -> Iterator[Ledger]:
    """A build's ledger into ``out``, as :func:`build` opens it, for one game and locale."""
    options = _options(out, **more)
    with Spool() as spool:
        yield Ledger.open(options, games.select(options.games), [LOCALE],
                          resolve_paper(options.paper), options.spec(), spool)


def _job(ledger: Ledger) -> Job:
    game = games.get(GAME_ID)
    return Job({GAME_ID: game.prepared()}, ledger.paper, ledger.spec, ledger.strict,
               ledger.previews, ledger.spool)


@pytest.fixture(scope="module")
def last_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One game in one locale, built once: the last build the phases compare with."""
    out = tmp_path_factory.mktemp("last-build")
    build(_options(out))
    return out


def _names() -> list[str]:
    return outputs(games.get(GAME_ID), BuildOptions().spec())


def test_plan_stale_finds_everything_stale_in_an_empty_folder(tmp_path: Path) -> None:
    with _ledger(tmp_path) as ledger:
        todo = plan_stale(ledger, games.select([GAME_ID]), [LOCALE])
    assert todo == [(GAME_ID, LOCALE, name) for name in _names()]
    assert ledger.result.up_to_date == 0 and not ledger.fresh.records


def test_plan_stale_keeps_what_is_as_written_and_finds_a_deleted_file(
        last_build: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    shutil.copytree(last_build, out)
    gone = _names()[0]
    output_path(out, GAME_ID, LOCALE, gone, "a4").unlink()
    with _ledger(out) as ledger:
        todo = plan_stale(ledger, games.select([GAME_ID]), [LOCALE])
    assert todo == [(GAME_ID, LOCALE, gone)]
    assert ledger.result.up_to_date == len(_names()) - 1
    assert set(ledger.prints) == {(GAME_ID, LOCALE, n) for n in _names()[1:]}
    with _ledger(out, force=True) as ledger:  # forced: nothing is up to date
        assert len(plan_stale(ledger, games.select([GAME_ID]), [LOCALE])) == len(_names())


def test_verify_games_prepares_only_games_with_something_to_render(last_build: Path) -> None:
    selected = games.select([GAME_ID])
    with _ledger(last_build) as ledger:
        plan_stale(ledger, selected, [LOCALE])
        assert verify_games(ledger, selected, [LOCALE], []) == {}
        prepared = verify_games(ledger, selected, [LOCALE], [(GAME_ID, LOCALE, _names()[0])])
    data, examples = prepared[GAME_ID]
    assert data["title"] and examples


def test_verify_games_reports_bad_data_before_any_render(game_copy: Path,
                                                         tmp_path: Path) -> None:
    path = game_copy / "game.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("columns = 7", "columns = 99", 1),
                    encoding="utf-8")
    selected = games.select([GAME_ID])
    with _ledger(tmp_path) as ledger, pytest.raises(BuildError, match="board.columns"):
        verify_games(ledger, selected, [LOCALE], plan_stale(ledger, selected, [LOCALE]))


def test_render_documents_records_each_document_as_the_last_build_wrote_it(
        last_build: Path, tmp_path: Path) -> None:
    with _ledger(tmp_path) as ledger:
        job = _job(ledger)
        todo = [(GAME_ID, LOCALE, name) for name in _names()[:2]]
        with Workers(job, 1) as workers:
            render_documents(ledger, workers, document_tasks(ledger, job, todo))
        made = {path.relative_to(tmp_path): contents(data)
                for path, data in ledger.files.items()}
    assert ledger.result.rendered == 2 and not ledger.errors
    assert set(ledger.prints) == set(todo)
    assert made == {path: (last_build / path).read_bytes() for path in made}
    assert len(made) == 2


def test_assemble_guides_and_kits_makes_every_kit_file_or_keeps_them(
        last_build: Path, tmp_path: Path) -> None:
    selected = games.select([GAME_ID])
    with _ledger(last_build) as ledger:  # everything up to date: kept, nothing to do
        plan_stale(ledger, selected, [LOCALE])
        assert guide_and_kit_task(ledger, GAME_ID, LOCALE) is None
        kept = ledger.result.up_to_date
    assert kept > len(_names()) + 2
    folder = f"{GAME_ID}/{LOCALE}"
    for gone, remade in ((["kit-a4.pdf"], {"kit-a4.pdf"}),  # the guide kept: the kit alone
                         (["guide-a4.pdf"], {"guide-a4.pdf", "kit-a4.pdf", "rules.html"})):
        out = tmp_path / gone[0]
        shutil.copytree(last_build, out)
        for name in gone:
            (out / folder / name).unlink()
        with _ledger(out) as ledger:
            assert plan_stale(ledger, selected, [LOCALE]) == []
            with Workers(_job(ledger), 1) as workers:
                assemble_guides_and_kits(ledger, workers, [(GAME_ID, LOCALE)])
            made = {path.relative_to(out).as_posix(): contents(data)
                    for path, data in ledger.files.items()}
        assert not ledger.errors
        # every file made again is as the last build wrote it, and only what was missing
        # (with a guide made again, every file of its kit is: they follow from it)
        assert {f"{folder}/{name}" for name in remade} <= set(made), gone
        assert len(made) == 1 if len(remade) == 1 else len(made) > 4, sorted(made)
        assert made == {name: (last_build / name).read_bytes() for name in made}


def test_the_guide_follows_its_documents_page_counts_and_the_kit_their_bytes(
        last_build: Path) -> None:
    selected = games.select([GAME_ID])
    key = (GAME_ID, LOCALE, _names()[0])

    def task_when(change: Callable[[Ledger], None]) -> GuideAndKit | None:
        with _ledger(last_build) as ledger:
            plan_stale(ledger, selected, [LOCALE])
            change(ledger)
            return guide_and_kit_task(ledger, GAME_ID, LOCALE)

    assert task_when(lambda ledger: None) is None
    # other bytes, the same pages: the guide and the rules page kept, the kit made again
    other = task_when(lambda ledger: ledger.prints.update({key: "other bytes"}))
    assert other is not None and other.guide is not None and other.make is not None
    assert "kit" in other.make and not {"guide", "rules"} & set(other.make)
    # a page more: the guide lists it, so everything is made again
    longer = task_when(lambda ledger: ledger.pages.update({key: ledger.pages[key] + 1}))
    assert longer is not None and longer.make is None and longer.guide is None
    # kept from a build that recorded no page counts: made again, to be sure
    unknown = task_when(lambda ledger: ledger.pages.update({key: None}))
    assert unknown is not None and unknown.make is None


def test_write_output_writes_the_files_and_the_records_at_once(tmp_path: Path) -> None:
    out = tmp_path / "out"
    selected = games.select([GAME_ID])
    options = _options(out)
    with _ledger(out) as ledger:
        path = output_path(out, GAME_ID, LOCALE, "made", "a4")
        ledger.add(path, "print", [], [], b"%PDF-1.4 made\n")
        written = write_output(ledger, options, selected, [LOCALE])
    assert path in written and (out / "index.html") in written
    assert path.read_bytes() == b"%PDF-1.4 made\n"
    assert (out / STORE_NAME).is_file() and out / STORE_NAME not in written


def test_tasks_are_small_and_carry_no_build_state() -> None:
    task = RenderDocument(GAME_ID, LOCALE, _names()[0], None)
    assert len(pickle.dumps(task)) < 200
    assert pooling._WORKER.job is None  # the building process never holds a worker's job


@pytest.mark.parametrize("method", ["fork", "forkserver", "spawn"])
def test_a_task_gives_the_same_bytes_in_any_worker(method: str, tmp_path: Path) -> None:
    with _ledger(tmp_path) as ledger:
        job = _job(ledger)
        task = RenderDocument(GAME_ID, LOCALE, _names()[0], None)
        here = task.run(job)
        found: list[tuple] = []
        with Workers(job, 2, method) as workers:
            workers.run([(1, task), (1, task)], {RenderDocument: lambda t, o: found.append(o)
                                                 or []})
        assert [contents(o[1]) for o in found] == [contents(here[1])] * 2
        assert [o[2:] for o in found] == [here[2:]] * 2


def test_a_render_asked_for_its_flow_xml_leaves_it_and_the_same_bytes(tmp_path: Path) -> None:
    """A build asked for its flow XML (BuildOptions.flow_xml) has each rulebook and quick
    reference leave the XML its template made, from a spawned worker too, and renders the
    same bytes as one not asked, which leaves nothing."""
    folder = tmp_path / "flow-xml"
    tasks = [RenderDocument(GAME_ID, LOCALE, name, None) for name in ("rulebook", "reference")]
    with _ledger(tmp_path / "out") as ledger:
        plain = _job(ledger)
        here = {task.name: task.run(plain) for task in tasks}
        assert not folder.exists()
        found: dict[str, tuple] = {}
        with Workers(dataclasses.replace(plain, flow_xml=folder), 2, "spawn") as workers:
            workers.run([(1, task) for task in tasks],
                        {RenderDocument: lambda t, o: found.update({t.name: o}) or []})
    assert {name: contents(o[1]) for name, o in found.items()} == \
        {name: contents(o[1]) for name, o in here.items()}
    assert sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.xml")) == \
        [f"{GAME_ID}/{LOCALE}/reference.xml", f"{GAME_ID}/{LOCALE}/rulebook.xml"]
    for task in tasks:
        made = game_flow_source(game_context(GAME_ID, LOCALE, task.name))[1]
        assert (folder / GAME_ID / LOCALE / f"{task.name}.xml").read_text("utf-8") == made


def test_a_build_under_forkserver_writes_what_one_process_does(tmp_path: Path) -> None:
    build(_options(tmp_path / "one"))
    build(_options(tmp_path / "forkserver", jobs=2, start_method="forkserver"))
    one, other = snapshot(tmp_path / "one"), snapshot(tmp_path / "forkserver")
    assert {k: v[0] for k, v in one.items() if k != STORE_NAME} == \
        {k: v[0] for k, v in other.items() if k != STORE_NAME}
