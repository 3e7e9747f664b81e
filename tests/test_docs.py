"""The documentation site and the README: the generated references list every command,
option and game.toml key; every relative link resolves; every page is in the site's nav;
the README's first screen gets a newcomer started; the tutorial's game checks."""

from __future__ import annotations

import argparse
import csv
import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

from printkit.cli import main, parser
from printkit.schema import Array, Keyed, Table

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_reference",
                                                  ROOT / "tools" / "docs_reference.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GEN = _generator()


# --- the command-line reference ------------------------------------------------------


def _walk(top: argparse.ArgumentParser, name: str = "printkit"
          ) -> list[tuple[str, argparse.ArgumentParser]]:
    found = [(name, top)]
    for action in top._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub_name, sub in action.choices.items():
                found += _walk(sub, f"{name} {sub_name}")
    return found


def test_every_command_and_option_is_in_the_cli_reference() -> None:
    page = GEN.cli_page()
    commands = _walk(parser())
    assert len(commands) > 15  # the commands and catalog's subcommands
    for name, command in commands:
        assert f"`{name}`" in page, name
        section = page.split(f"`{name}`\n", 1)[1].split("\n#", 1)[0]
        for action in command._actions:
            if isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)):
                continue
            for option in action.option_strings:
                assert f"`{option}`" in section, (name, option)
            if action.help and action.help != argparse.SUPPRESS:
                first = re.sub(r"\s+", " ", action.help).split("%")[0][:30].strip()
                assert first in section, (name, action.dest, first)


def test_the_cli_reference_shows_known_options_with_their_help() -> None:
    page = GEN.cli_page()
    assert "## `printkit build`" in page and "### `printkit catalog init`" in page
    assert "`--duplex-offset` `X,Y`" in page
    assert "`--template` `{dice,cards,board,roll-and-write}`" in page


# --- the game.toml reference ---------------------------------------------------------


def _keys(spec: object, section: str = "") -> list[tuple[str, str]]:
    """Every (section, key) of a schema, read from the schema objects."""
    found: list[tuple[str, str]] = []
    for key, sub in spec.fields.items():  # type: ignore[attr-defined]
        found.append((section, key))
        path, walk = f"{section}.{key}" if section else key, sub
        while isinstance(walk, (Array, Keyed)):
            path += "[]" if isinstance(walk, Array) else ".<id>"
            walk = walk.items if isinstance(walk, Array) else walk.values
        if isinstance(walk, Table) and walk.fields:
            found += _keys(walk, path)
    return found


def test_every_game_toml_key_is_in_its_section_of_the_reference() -> None:
    from printkit.tools.project import SCHEMA

    page = GEN.game_toml_page()
    keys = _keys(SCHEMA)
    assert len(keys) > 100
    assert ("decks.<id>", "sheet") in keys and ("decks.<id>", "kinds") in keys
    for section, key in keys:
        title = f"## `[{section}]`" if section else "## Top level"
        assert title in page, section
        body = page.split(title + "\n", 1)[1].split("\n## ", 1)[0]
        assert f"| `{key}` |" in body, (section, key)


def test_the_game_toml_reference_gives_types_defaults_choices_and_comments() -> None:
    page = GEN.game_toml_page()
    row = next(line for line in page.splitlines() if line.startswith("| `picture_dpi` |"))
    assert "integer" in row and "default `300`" in row and "`600`" in row
    assert "downsampled" in row  # the comment written above the key in the schema
    align = next(line for line in page.splitlines() if line.startswith("| `align` |"))
    assert '"centre"' in align and '"right"' in align


# --- links, nav, the README ----------------------------------------------------------


def _slug(heading: str) -> str:
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    return {_slug(m) for m in re.findall(r"^#{1,6} (.+)$", text, re.M)}


def _links(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    text = re.sub(r"`[^`\n]*`", "", text)
    return re.findall(r"\]\(([^)\s]+)\)", text)


PAGES = sorted(DOCS.rglob("*.md")) + [ROOT / "README.md"]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(page: Path) -> None:
    generated = {DOCS / name for name in GEN.PAGES}
    for link in _links(page):
        if re.match(r"[a-z]+:", link):
            continue
        target, _, anchor = link.partition("#")
        path = (page.parent / target).resolve() if target else page
        assert path.exists() or path in generated, f"{page.name}: {link}"
        if anchor and path.suffix == ".md" and path not in generated:
            assert anchor in _anchors(path), f"{page.name}: {link}: no such heading"


def test_the_link_check_can_fail(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# Here\n\n[a](missing.md) and `[b](skipped.md)` and [c](#here)\n",
                    encoding="utf-8")
    assert _links(page) == ["missing.md", "#here"] and _anchors(page) == {"here"}


def test_every_page_is_in_the_nav_and_every_nav_entry_exists() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    nav = re.findall(r"^\s+- .*?(\S+\.md)\s*$", config, re.M)
    assert "tutorial.md" in nav and "reference/cli.md" in nav
    written = {str(p.relative_to(DOCS)) for p in DOCS.rglob("*.md")}
    assert set(nav) == written | set(GEN.PAGES), set(nav) ^ (written | set(GEN.PAGES))
    assert "tools/docs_reference.py" in config


def test_the_readme_first_screen_gets_a_newcomer_started() -> None:
    first = "\n".join((ROOT / "README.md").read_text(encoding="utf-8").splitlines()[:60])
    assert "python3 -m pip install -e . && printkit build" in first
    assert 'python3 -m pip install -e ".[test]" && python3 -m pytest' in first
    assert "python3 -m pytest --fast" in first
    assert "printkit new my-game" in first and "docs/tutorial.md" in first


def test_the_site_builds_strictly_with_the_generated_pages(tmp_path: Path) -> None:
    """Where MkDocs is installed (the `docs` extra; CI builds the site after the tests)."""
    pytest.importorskip("mkdocs")
    import subprocess
    import sys

    site = tmp_path / "site"
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir",
                          str(site)], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    cli = (site / "reference" / "cli" / "index.html").read_text(encoding="utf-8")
    assert "printkit catalog init" in cli and "--duplex-offset" in cli
    toml = (site / "reference" / "game-toml" / "index.html").read_text(encoding="utf-8")
    assert "picture_dpi" in toml


# --- the tutorial --------------------------------------------------------------------


def _block(page: str, language: str, holding: str) -> str:
    blocks = re.findall(rf"```{language}\n(.*?)```", page, re.S)
    return next(b for b in blocks if holding in b)


def _tutorial_project(root: Path, monkeypatch: pytest.MonkeyPatch, art: bool = False) -> Path:
    """Steps 1 to 3 of the tutorial (and step 4's SVG art, with ``art``), done as it says
    (with the cards kept as CSV): the project folder, the current folder."""
    tutorial = (DOCS / "tutorial.md").read_text(encoding="utf-8")
    monkeypatch.chdir(root)
    assert main(["new", "my-game", "--template", "cards"]) == 0
    game = root / "my-game"
    monkeypatch.chdir(game)
    rows = list(csv.DictReader((game / "cards.csv").open(encoding="utf-8")))
    shown = {cells[0]: cells for line in tutorial.splitlines()
             if re.match(r"\| \w+ 3 \| treasure \|", line)
             for cells in [line.strip("| ").split(" | ")]}
    assert len(shown) == 5 and set(shown) <= {row["name"] for row in rows}
    for row in rows:
        if row["name"] in shown:
            row["kind"], row["text"] = shown[row["name"]][1], shown[row["name"]][5]
    data = (game / "game.toml").read_text(encoding="utf-8")
    deck = _block(tutorial, "toml", "fields = ")
    fields = re.search(r"^fields = .*$", deck, re.M).group(0)  # type: ignore[union-attr]
    assert fields in data  # the tutorial shows the deck's fields as the starter has them
    if art:
        svg = _block(tutorial, "xml", "<svg")
        (game / "art").mkdir()
        for row in rows:
            (game / "art" / f"{row['symbol']}.svg").write_text(svg, encoding="utf-8")
            row["art"] = f"art/{row['symbol']}.svg" if row["kind"] == "basket" else ""
        data = _replace_box(data, "[[decks.cards.kinds.basket]]",
                            _block(tutorial, "toml", 'show = "image"'))
        data = data.replace('"text"]', '"text", "art"]', 1)
    with (game / "cards.csv").open("w", encoding="utf-8", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    data = data.replace("[decks.cards.back]",
                        _block(tutorial, "toml", "kinds.treasure") + "\n[decks.cards.back]")
    (game / "game.toml").write_text(data, encoding="utf-8")
    return game


def _replace_box(data: str, header: str, box: str) -> str:
    """``data`` with the first box under ``header`` replaced by ``box``."""
    start = data.index(f"\n{header}\n") + 1  # the table itself, not a comment naming it
    end = data.index("\n[", start + len(header))
    return data[:start] + box + data[end:]


def test_the_tutorials_cards_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    game = _tutorial_project(tmp_path, monkeypatch)
    capsys.readouterr()
    assert main(["check"]) == 0, capsys.readouterr().err
    # a kind the deck does not declare is refused, naming it
    (game / "cards.csv").write_text((game / "cards.csv").read_text(encoding="utf-8")
                                    .replace(",treasure,", ",legend,", 1), encoding="utf-8")
    assert main(["check"]) == 2
    assert "'legend' is not a kind of this deck" in capsys.readouterr().err


@pytest.mark.full  # (builds the tutorial's game: not in the fast loop)
def test_the_tutorials_rulebook_shows_its_cards(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Step 5: the figures the tutorial adds print the cards, kinds and icons included."""
    from tests.support import reader, text

    game = _tutorial_project(tmp_path, monkeypatch)
    tutorial = (DOCS / "tutorial.md").read_text(encoding="utf-8")
    template = game / "templates" / "rulebook.xml.j2"
    source = template.read_text(encoding="utf-8")
    setup = '<h1>{{ _("Setup") }}</h1>'
    assert setup in source
    template.write_text(source.replace(setup, _block(tutorial, "xml", "<figure") + setup),
                        encoding="utf-8")
    out = tmp_path / "out"
    assert main(["build", "--locale", "en", "--no-previews", "--out", str(out)]) == 0
    words = text(reader(out / "my-game" / "en" / "rulebook-a4.pdf"))
    assert "The cards" in words and "Sun 1" in words
    assert words.count("A treasure:") == 3, words


@pytest.mark.full  # (builds the tutorial's game: not in the fast loop)
def test_the_tutorials_art_is_drawn_as_vectors(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Step 4: the tutorial's SVG, in the basket cards' image box, prints as shapes in a
    form (no image), on every basket card."""
    from tests.support import reader

    game = _tutorial_project(tmp_path, monkeypatch, art=True)
    out = tmp_path / "out"
    assert main(["build", "--locale", "en", "--no-previews", "--out", str(out)]) == 0
    pdf = reader(game.parent / "out" / "my-game" / "en" / "cards-a4.pdf")
    objects = pdf.pages[0]["/Resources"]["/XObject"]
    kinds = {str(objects[name].get_object()["/Subtype"]) for name in objects}
    assert kinds == {"/Form"}, kinds
    # the sun's amber (#f2a900), drawn as shapes in a form of its own
    amber = b".94902 .662745 0 rg"
    forms, seen, todo = [], set(), [page["/Resources"] for page in pdf.pages]
    while todo:  # forms inside forms: the art is placed inside each card's face
        for ref in (todo.pop().get("/XObject") or {}).values():
            if ref.idnum not in seen:
                seen.add(ref.idnum)
                forms.append(ref.get_object())
                todo.append(forms[-1].get("/Resources") or {})
    assert any(amber in form.get_data() for form in forms)
