"""The documentation site's two generated pages: the game.toml reference, read from the
project schema (``printkit.tools.project.SCHEMA``), and the command-line reference, read
from the argument parser (``printkit.cli.parser()``). A key or an option added to either
shows up on the next ``mkdocs build`` with no page edited by hand.

Used two ways:

- as an MkDocs hook (``hooks:`` in mkdocs.yml): :func:`on_files` adds the two pages to
  the site as it is built, ``reference/game-toml.md`` and ``reference/cli.md``;
- as a script, ``python tools/docs_reference.py DIR``, which writes the two pages into DIR
  (to read them without building the site).

A key's description is the comment written above it in the schema's source, where there is
one; its type, default, allowed values and bounds come from the schema objects themselves.
"""

from __future__ import annotations

import argparse
import ast
import functools
import inspect
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

#: The pages this module writes, by their path under docs/.
PAGES = ("reference/game-toml.md", "reference/cli.md")


# --- game.toml ------------------------------------------------------------------------


@functools.cache
def _comments() -> dict[tuple[str, ...], dict[str, str]]:
    """Each schema table literal in printkit's schema modules, by its keys in order: the
    comment lines written just above each key."""
    import printkit.model.components.schema as components
    import printkit.schema as base
    import printkit.tools.project as project

    found: dict[tuple[str, ...], dict[str, str]] = {}
    for module in (base, components, project):
        source = inspect.getsource(module)
        lines = source.splitlines()
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, ast.Dict):
                continue
            keys = [k for k in node.keys if isinstance(k, ast.Constant)
                    and isinstance(k.value, str)]
            said: dict[str, str] = {}
            for key in keys:
                above, row = [], key.lineno - 2
                while row >= 0 and lines[row].strip().startswith("#"):
                    above.insert(0, lines[row].strip().lstrip("#").strip())
                    row -= 1
                if above:
                    said[key.value] = " ".join(above)
            found.setdefault(tuple(k.value for k in keys), said)
    return found


def _said(fields: dict[str, Any]) -> dict[str, str]:
    """The comments above a table's keys: from the literal that spells the table, and
    from those spliced into it (``**game_header(...)``: a literal whose keys are all the
    table's)."""
    said: dict[str, str] = {}
    for keys, comments in _comments().items():
        if len(keys) > 1 and set(keys) <= set(fields):
            for key, comment in comments.items():
                said.setdefault(key, comment)
    return said


def _type(spec: Any) -> str:
    from printkit.schema import Array, Keyed, Table, Value

    inner = getattr(spec, "inner", None)  # a style that may also name a column
    if inner is not None:
        return f"{_type(inner)}, or a column in braces (`\"{{column}}\"`)"
    if isinstance(spec, Value):
        return {bool: "boolean", int: "integer", float: "number", str: "string"}.get(
            spec.kind, spec.kind.__name__)
    if isinstance(spec, Array):
        return f"array of {_type(spec.items)}"
    if isinstance(spec, Keyed):
        return f"table of {_type(spec.values)}, by id"
    if isinstance(spec, Table):
        return "table"
    return f"{type(spec).__name__} (see the guide)"


def _facts(spec: Any) -> list[str]:
    """What a key takes beyond its type: its choices, bounds, pattern and size."""
    spec = getattr(spec, "inner", spec)
    facts = []
    choices = getattr(spec, "choices", None)
    if choices:
        facts.append("one of " + ", ".join(f"`{c!r}`".replace("'", '"') for c in choices))
    for name, word in (("minimum", "at least"), ("maximum", "at most")):
        bound = getattr(spec, name, None)
        if bound is not None:
            facts.append(f"{word} {bound:g}")
    if getattr(spec, "pattern", None):
        facts.append(f"matches `{spec.pattern}`")
    if getattr(spec, "max_length", None):
        facts.append(f"up to {spec.max_length:,} characters")
    if getattr(spec, "min_items", 0):
        facts.append(f"at least {spec.min_items} item(s)")
    if getattr(spec, "max_items", None):
        facts.append(f"at most {spec.max_items:,} item(s)")
    if getattr(spec, "key_pattern", None):
        facts.append(f"ids match `{spec.key_pattern}`")
    return facts


def _default(spec: Any) -> str:
    if spec.required:
        return "required"
    default = spec.default
    if default is None or default == {} or default == []:
        return "optional"
    try:
        shown = json.dumps(default, ensure_ascii=False)
    except TypeError:
        shown = repr(default)
    return f"optional, default `{shown}`"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _table_of(spec: Any) -> Any:
    """The table under ``spec`` whose keys get a section of their own, if any."""
    from printkit.schema import Array, Keyed, Table

    while isinstance(spec, (Array, Keyed)):
        spec = spec.items if isinstance(spec, Array) else spec.values
    fields = getattr(spec, "fields", None)
    if isinstance(spec, Table) and fields:
        return spec
    return None


def schema_keys(spec: Any = None, path: str = "") -> Iterator[tuple[str, str, Any, str]]:
    """Every key of game.toml, depth first: (dotted path, key, its schema, description).
    Tables of ids show as ``<id>``, arrays of tables as ``[]``."""
    from printkit.schema import Array, Keyed

    if spec is None:
        from printkit.tools.project import SCHEMA as spec
    said = _said(dict(spec.fields))
    for key, sub in spec.fields.items():
        here = f"{path}.{key}" if path else key
        yield here, key, sub, said.get(key, "")
        inner = _table_of(sub)
        if inner is not None:
            suffix, walk = "", sub
            while isinstance(walk, (Array, Keyed)):
                suffix += "[]" if isinstance(walk, Array) else ".<id>"
                walk = walk.items if isinstance(walk, Array) else walk.values
            yield from schema_keys(inner, here + suffix)


def game_toml_page() -> str:
    """The game.toml reference, as Markdown."""
    out = ["# game.toml reference", "",
           "Every key a game project's `game.toml` may hold, as printkit checks it. "
           "This page is generated from the schema when the site is built, so it lists "
           "exactly what the installed printkit accepts. `<id>` stands for an id of your "
           "own (`[decks.heroes]`), `[]` for each item of an array of tables "
           "(`[[decks.heroes.boxes]]`). An unknown key is an error that lists the valid "
           "ones; every problem in the file is reported at once.", "",
           "For what the components look like and how they work together, see "
           "[Make your own game](../guide/make-your-own-game.md); for a first game, the "
           "[tutorial](../tutorial.md).", ""]
    sections: dict[str, list[tuple[str, str, Any, str]]] = {}
    for here, key, sub, said in schema_keys():
        parent = here[: -len(key) - 1] if "." in here else ""
        sections.setdefault(parent, []).append((here, key, sub, said))
    for parent, rows in sections.items():
        title = f"`[{parent}]`" if parent else "Top level"
        out += [f"## {title}", "", "| key | description | type | required | allowed |",
                "| --- | --- | --- | --- | --- |"]
        for _here, key, sub, said in rows:
            out.append(f"| `{key}` | {_cell(said)} | {_cell(_type(sub))} | {_default(sub)} | "
                       f"{_cell('; '.join(_facts(sub)))} |")
        out.append("")
    return "\n".join(out)


# --- the command line ----------------------------------------------------------------


def _subcommands(parser: argparse.ArgumentParser) -> list[tuple[str, argparse.ArgumentParser]]:
    for action in parser._actions:  # argparse keeps its subcommands only here
        if isinstance(action, argparse._SubParsersAction):
            return list(action.choices.items())
    return []


def _options(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    return [a for a in parser._actions if not isinstance(a, argparse._SubParsersAction)
            and not isinstance(a, argparse._HelpAction)]


def commands(parser: argparse.ArgumentParser | None = None, prefix: str = "printkit"
             ) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    """Every command and subcommand: (its full name, its parser), top level first."""
    if parser is None:
        from printkit.cli import parser as make

        parser = make()
    yield prefix, parser
    for name, sub in _subcommands(parser):
        yield from commands(sub, f"{prefix} {name}")


def _invocation(action: argparse.Action) -> str:
    if not action.option_strings:
        return f"`{action.metavar or action.dest}`"
    names = ", ".join(f"`{name}`" for name in action.option_strings)
    if action.nargs == 0:
        return names
    metavar = action.metavar or action.dest.upper()
    if isinstance(metavar, tuple):
        metavar = " ".join(metavar)
    if action.choices is not None and action.metavar is None:
        metavar = "{" + ",".join(str(c) for c in action.choices) + "}"
    more = " …" if action.nargs in ("*", "+") else ""
    return f"{names} `{metavar}{more}`"


def _help(action: argparse.Action) -> str:
    text = (action.help or "").replace("%(default)s", str(action.default))
    text = text.replace("%(prog)s", "printkit").replace("%%", "%")
    if action.choices is not None and action.option_strings:
        text += " (one of: " + ", ".join(f"`{c}`" for c in action.choices) + ")"
    return re.sub(r"\s+", " ", text).strip()


def cli_page() -> str:
    """The command-line reference, as Markdown."""
    out = ["# Command-line reference", "",
           "Every command and option of `printkit`, with the help the command itself "
           "gives (`printkit COMMAND --help`). This page is generated from printkit's "
           "argument parser when the site is built. For what the commands do in depth, "
           "see [Commands](../guide/commands.md).", ""]
    for name, parser in commands():
        level = "#" * min(2 + name.count(" ") - 1, 4) if " " in name else "##"
        out += [f"{level} `{name}`", ""]
        if parser.description:
            out += [re.sub(r"\s+", " ", parser.description).strip(), ""]
        out += ["```", parser.format_usage().strip().removeprefix("usage: "), "```", ""]
        subs = _subcommands(parser)
        if subs:
            out += ["| command | what it does |", "| --- | --- |"]
            for sub_name, sub in subs:
                out.append(f"| `{name} {sub_name}` | {_cell(sub.description or '')} |")
            out.append("")
        options = _options(parser)
        if options:
            out += ["| option | what it does |", "| --- | --- |"]
            for action in options:
                out.append(f"| {_cell(_invocation(action))} | {_cell(_help(action))} |")
            out.append("")
    return "\n".join(out)


def pages() -> dict[str, str]:
    """The generated pages, by their path under docs/."""
    return {"reference/game-toml.md": game_toml_page(), "reference/cli.md": cli_page()}


# --- MkDocs --------------------------------------------------------------------------


def on_files(files: Any, config: Any) -> Any:
    """MkDocs hook: add the generated pages to the site being built."""
    from mkdocs.structure.files import File

    for path, text in pages().items():
        files.append(File.generated(config, path, content=text))
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write the generated reference pages.")
    parser.add_argument("folder", type=Path, help="where to write reference/*.md")
    args = parser.parse_args(argv)
    for path, text in pages().items():
        target = args.folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text + "\n", encoding="utf-8")
        print(target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
