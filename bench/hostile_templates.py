"""Hostile templates and careless data: a campaign of generated and mutated cases (issue 45).

Run by hand, never in the test suite (about two minutes on 2 cores)::

    python3 bench/hostile_templates.py            # 400 cases
    python3 bench/hostile_templates.py --cases 1000 --seed 7

Each case starts from the project ``printkit new`` writes and changes one thing:

- ``template``: its rulebook template with a hostile snippet put on a random line
  (nested loops, strings and numbers too large to make, format widths, changes to the
  game's data, sandbox escapes, recursion, mismatched tags) or a random edit of its text;
  rendered as a build renders it, flow XML checked, in this process;
- ``data``: a value of game.toml, cards.csv or examples.toml made careless or hostile
  (null bytes, paths out of the folder, markup, huge or odd text); the project loaded and
  its examples replayed, as a build's first phase does;
- ``build``: a few whole builds in a process of their own (a rules.py that exits the
  process, in one process and with workers; markup in the data shown on the kit page).

It prints the totals: cases, tracebacks (an exception that is not printkit's one-line
error), internal errors, hangs (a case over :data:`HANG_S`), data changed by a template,
and files read outside the project (every ``open`` is watched).
"""

from __future__ import annotations

import argparse
import copy
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: Seconds after which a case counts as a hang (the render budget is 20 s).
HANG_S = 60

HOSTILE = [
    "{% for i in range(99999) %}{% for j in range(99999) %}{% endfor %}{% endfor %}",
    "{% set r = range(99999)|list %}{% for i in r %}{% for j in r %}{% endfor %}{% endfor %}",
    "{% for i in range(99999) %}{% for j in range(99999) %}{{ j }}{% endfor %}{% endfor %}",
    "{% set s = namespace(x='ab') %}{% for i in range(80) %}{% set s.x = s.x ~ s.x %}"
    "{% endfor %}",
    "{% set s = namespace(x='ab') %}{% for i in range(80) %}{% set s.x = s.x + s.x %}"
    "{% endfor %}",
    "{% set s = namespace(x=[1]) %}{% for i in range(80) %}{% set s.x = s.x + s.x %}"
    "{% endfor %}",
    "{% set s = namespace(x=3) %}{% for i in range(80) %}{% set s.x = s.x * s.x %}"
    "{% endfor %}",
    "{{ 'x' * 10 ** 12 }}", "{{ [1] * 10 ** 12 }}", "{{ 2 ** 10 ** 7 }}",
    "{{ 'x'|center(10 ** 10) }}", "{{ 'x'.center(10 ** 10) }}", "{{ 'x'.ljust(10 ** 10) }}",
    "{{ 'x'.zfill(10 ** 10) }}", "{{ '\\t'.expandtabs(10 ** 10) }}",
    "{{ 'x'|indent(10 ** 10, true) }}", "{{ 'x'|truncate(10 ** 10) }}",
    "{{ range(3)|batch(10 ** 10, 0)|list|length }}", "{{ range(3)|slice(10 ** 10)|list }}",
    "{{ '%999999999999s'|format(1) }}", "{{ '%999999999s' % 1 }}", "{{ '%*s' % (10 ** 10, 1) }}",
    "{{ '{:999999999}'.format(1) }}", "{{ '{:{w}}'.format(1, w=10 ** 10) }}",
    "{{ range(99999)|join('x' * 1000000) }}",
    "{{ ('x' * 1000000).join(range(99999)|map('string')) }}",
    "{{ ('x' * 1000).replace('', 'y' * 1000000) }}",
    "{{ range(99999)|batch(1)|sum(start=[])|length }}",
    "{{ lipsum(10 ** 7) }}",
    "{{ ([('x' * 1000000)] * 1000)|string }}", "{{ ([('x' * 1000000)] * 100) }}",
    "{{ ([('x' * 1000000)] * 100)|tojson }}",
    "{% macro m(n) %}{{ m(n + 1) }}{% endmacro %}{{ m(0) }}",
    "{% include 'rulebook.xml.j2' %}", "{% extends 'rulebook.xml.j2' %}",
    '{{ data.update({"title": "MUTATED"}) }}', "{{ data.pop('title') }}",
    "{{ data.clear() }}", "{{ data.setdefault('x', 1) }}", "{{ data.kit.gather.append(1) }}",
    "{{ data.kit.gather.sort() }}", "{{ data.kit.gather.reverse() }}",
    "{{ data.kit.steps.insert(0, 'x') }}", "{{ data.players.update(min=9) }}",
    "{{ data.tracks.track.special[0].update(name='x') }}",
    "{{ data.decks.cards.boxes.pop() }}", "{{ examples[0].example.setup.update(x=1) }}",
    "{% for v in examples %}{{ v.replay.events.__class__ }}{% endfor %}",
    "{{ data|attr('update') }}", "{{ (data|attr('update'))({'title': 'M'}) }}",
    "{{ printkit_localizer.notes.add('x') }}",
    "{{ cycler.__init__.__globals__.os.system('true') }}",
    "{{ ().__class__.__mro__[1].__subclasses__() }}",
    "{{ lipsum.__globals__['os'].system('true') }}", "{{ self.__init__.__globals__ }}",
    "{{ range.__self__ }}", "{{ data.__class__.__base__.__subclasses__() }}",
    "{{ ''.format.__globals__ }}", "{{ '{0.__class__}'.format(data) }}",
    "<h1>x</h2>", "<p><b>x</p></b>", "<p>", "</document>", "<h1 a='>x</h1>", "&nope;",
    "<!DOCTYPE x [<!ENTITY a '&#38;#60;'>]>", "<?xml version='1.0'?>", "<![CDATA[x]]>",
    "{{ '<' }}", "{{ '<h1>'|safe }}", "{% if %}", "{% for %}", "{{ }}", "{% endfor %}",
    "{% raw %}", "{{ undefined_name }}", "{{ data.nope.deeper }}", "{{ 1 / 0 }}",
    "{{ data.title|int }}", "{{ '%(x)s' % {} }}", "{% trans %}{{ a }}{% endtrans %}",
    "{{ _('%(x)s') }}", "{{ gettext('<b>', x=1) }}", "{{ ngettext('a', 'b', 10 ** 30) }}",
    "{{ 10 ** 30|number }}", "{{ 10 ** 30|words }}", "{{ range(99999)|join_list }}",
    "{% for x in data recursive %}{{ loop(data) }}{% endfor %}",
    "{% for i in range(99999) %}{% include 'rulebook.xml.j2' ignore missing %}{% endfor %}",
]


def _mutations(text: str, rng: random.Random) -> str:
    """A random edit of a template's text: a character, a tag, a line."""
    lines = text.splitlines()
    how = rng.randrange(6)
    i = rng.randrange(len(lines))
    if how == 0 and lines[i]:
        j = rng.randrange(len(lines[i]))
        lines[i] = lines[i][:j] + lines[i][j + 1:]
    elif how == 1:
        lines.insert(i, lines[rng.randrange(len(lines))])
    elif how == 2:
        del lines[i]
    elif how == 3:
        lines[i] = lines[i].replace("</h1>", "</h2>").replace("<p", "<q")
    elif how == 4:
        j = rng.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:j] + rng.choice(["{{", "}}", "{%", "%}", "<", "&", "\x00",
                                              "\u202e", "{#", "'", '"']) + lines[i][j:]
    else:
        lines[i] = lines[i] * rng.randrange(2, 50)
    return "\n".join(lines) + "\n"


def _data_edits(rng: random.Random) -> tuple[str, str, str]:
    """(file, old, new): one careless or hostile value."""
    value = rng.choice([
        "a\\u0000rt.png", "../../../etc/passwd", "/etc/passwd", "art/../../x.png",
        "<b>bold</b>", "<i>x</i> & <script>", "%(x)s %s {0} {{ data }}", "x" * 100000,
        "\\u202eevil", "\\ud800", "", " ", "\\t\\n", "COM1", "a" * 300 + ".png", "~/x.png",
        "\\\\\\\\server\\\\share.png", "file:///etc/passwd", "\U0001f600" * 50,
    ])
    return rng.choice([
        ("game.toml", 'symbol = "snowflake"\nsymbol_colour',
         f'image = "{value}"\nsymbol = "snowflake"\nsymbol_colour'),
        ("game.toml", 'csv = "cards.csv"', f'csv = "{value}"'),
        ("game.toml", 'subtitle = "A dice race down the mountain"', f'subtitle = "{value}"'),
        ("game.toml", 'title = "Weather cards"', f'title = "{value}"'),
        ("game.toml", '"One six-sided die"', f'"{value}"'),
        ("game.toml", 'name = "Slide"', f'name = "{value}"'),
        ("game.toml", "slide_back = 3", "slide_back = " + rng.choice(
            ["-1", "10**9", "1e308", '"3"', "[]", "999999999999"])),
        ("cards.csv", "name,text,value", f"name,text,value\n{value},{value},1"),
        ("examples.toml", "[[examples]]", f'[[examples]]\n# {value}'),
    ])


#: Whether reads are watched now (not while the campaign copies its files).
WATCHING = {"on": False}


def _watch_reads(project: Path, outside: list[str]) -> None:
    """Note every file opened outside the project, printkit, Python, printkit's caches
    and its spool folders."""
    allowed = [str(project), str(ROOT), sys.prefix, sys.base_prefix, sys.exec_prefix,
               str(Path.home() / ".cache"), "/dev/", "/proc/self", "/etc/localtime",
               "/usr/share/zoneinfo", os.path.join(tempfile.gettempdir(), "printkit-")]
    allowed += [p for p in sys.path if p]

    def hook(event: str, args: tuple) -> None:
        if WATCHING["on"] and event == "open" \
                and isinstance(args[0], (str, bytes, os.PathLike)):
            path = os.fsdecode(args[0])
            if not path.startswith("/"):
                path = os.path.abspath(path)
            if not any(path.startswith(a) for a in allowed):
                outside.append(path)

    sys.addaudithook(hook)


class _Hang(BaseException):
    pass


def _alarm(_signum: int, _frame: object) -> None:
    raise _Hang


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=400)
    parser.add_argument("--seed", type=int, default=45)
    parser.add_argument("--builds", type=int, default=6, help="whole builds among the cases")
    args = parser.parse_args()
    rng = random.Random(args.seed)

    from printkit.cli import main as printkit
    from printkit.drawing import doctree
    from printkit.errors import PrintkitError
    from printkit.geometry import PAPERS
    from printkit.language.translations import Localizer
    from printkit.model.game import RenderContext
    from printkit.model.rulebook import render_flow_xml
    from printkit.tools.project import load_project, selected

    work = Path(tempfile.mkdtemp(prefix="hostile-templates-"))
    assert printkit(["new", "snow-race", "--dir", str(work)]) == 0
    clean = work / "snow-race"
    case_dir = work / "case"
    outside: list[str] = []
    _watch_reads(case_dir, outside)
    signal.signal(signal.SIGALRM, _alarm)
    totals: Counter[str] = Counter()
    shown: list[str] = []
    source = (clean / "templates" / "rulebook.xml.j2").read_text(encoding="utf-8")

    def note(kind: str, detail: str) -> None:
        totals[kind] += 1
        if len(shown) < 30:
            shown.append(f"{kind}: {detail[:300]}")

    builds = args.builds
    for number in range(args.cases - builds):
        shutil.rmtree(case_dir, ignore_errors=True)
        shutil.copytree(clean, case_dir)
        kind = "template" if number % 3 else "data"
        if kind == "template":
            lines = source.splitlines()
            if rng.random() < 0.6:
                at = rng.randrange(len(lines))
                lines.insert(at, rng.choice(HOSTILE))
                text = "\n".join(lines) + "\n"
            else:
                text = _mutations(source, rng)
            (case_dir / "templates" / "rulebook.xml.j2").write_text(text, encoding="utf-8")
            what = text[:80]
        else:
            file, old, new = _data_edits(rng)
            path = case_dir / file
            path.write_text(path.read_text(encoding="utf-8").replace(old, new, 1),
                            encoding="utf-8")
            what = f"{file}: {new[:80]}"
        totals["cases"] += 1
        started = time.monotonic()
        signal.alarm(HANG_S)
        WATCHING["on"] = True
        try:
            game = load_project(case_dir)
            with selected(game):
                data, examples = game.prepared()
                if kind == "template":
                    before = copy.deepcopy(data)
                    ctx = RenderContext(game=game, data=data, examples=examples,
                                        localizer=Localizer.for_locale("en"),
                                        paper=PAPERS["a4"], document="rulebook")
                    try:
                        xml = render_flow_xml(ctx, "rulebook.xml.j2")
                        doctree.parse(xml, "en", "rulebook", template="rulebook.xml.j2")
                    finally:
                        if data != before:
                            note("data changed", what)
            totals["ok"] += 1
        except _Hang:
            note("hangs", what)
        except PrintkitError as exc:
            lines = exc.lines()
            totals["refused"] += 1
            if any("\n" in line for line in lines):
                note("multi-line errors", what + " -> " + repr(lines))
        except Exception as exc:  # noqa: BLE001 - what the campaign counts
            note("tracebacks", f"{what} -> {type(exc).__name__}: {exc}")
        finally:
            WATCHING["on"] = False
            signal.alarm(0)
        if time.monotonic() - started > HANG_S:
            note("hangs", what)

    # Whole builds, each in a process of its own.
    rules_exit = "\n\ndef _describe(self):\n    import os\n    os._exit(0)\n\n\n" \
                 "State.describe = _describe\n"
    whole = [
        ("rules.py", rules_exit, "1"), ("rules.py", rules_exit, "2"),
        ("rules.py", "\nimport os\nos._exit(0)\n", "1"),
        ("game.toml", None, "1"), ("template", None, "2"), ("template", None, "1"),
    ]
    for i in range(builds):
        file, extra, jobs = whole[i % len(whole)]
        shutil.rmtree(case_dir, ignore_errors=True)
        shutil.copytree(clean, case_dir)
        template = case_dir / "templates" / "rulebook.xml.j2"
        if file == "rules.py":
            rules = case_dir / "rules.py"
            rules.write_text(rules.read_text(encoding="utf-8") + extra, encoding="utf-8")
            template.write_text(source.replace(
                "<h3>{{ _(v.example.title) }}</h3>",
                "<h3>{{ _(v.example.title) }}{{ v.replay.states[0].describe() }}</h3>"),
                encoding="utf-8")
        elif file == "game.toml":
            toml = case_dir / "game.toml"
            toml.write_text(toml.read_text(encoding="utf-8").replace(
                'subtitle = "A dice race down the mountain"',
                'subtitle = "A <b>dice</b> race"'), encoding="utf-8")
        else:
            template.write_text(rng.choice(HOSTILE[:8]) + "\n" + source, encoding="utf-8")
        totals["cases"] += 1
        out = case_dir / "out"
        try:
            done = subprocess.run(
                [sys.executable, "-m", "printkit", "--project", str(case_dir), "build",
                 "--jobs", jobs, "--no-previews", "--locale", "en", "--out", str(out)],
                cwd=ROOT, capture_output=True, text=True, timeout=HANG_S * 2)
        except subprocess.TimeoutExpired:
            note("hangs", f"build {file} {jobs}")
            continue
        err = done.stderr
        if "Traceback" in err:
            note("tracebacks", f"build {file} --jobs {jobs}: {err[-300:]}")
        if "internal error" in err:
            note("internal errors", f"build {file} --jobs {jobs}: {err[-300:]}")
        if file == "rules.py" and (done.returncode not in (1, 2) or "rules.py" not in err):
            note("wrong exits", f"build {file} --jobs {jobs}: {done.returncode} {err[-300:]}")
        if file == "game.toml":
            page = (out / "index.html").read_text(encoding="utf-8") \
                if (out / "index.html").is_file() else ""
            if "<b>dice</b>" in page or done.returncode != 0:
                note("markup shown as markup", f"kit page: {done.returncode}")
        totals["refused" if done.returncode else "ok"] += 1

    shutil.rmtree(work, ignore_errors=True)
    for line in shown:
        print(line)
    print(f"cases: {totals['cases']} (built or rendered: {totals['ok']}, refused with "
          f"one line: {totals['refused']})")
    for kind in ("tracebacks", "internal errors", "hangs", "data changed",
                 "multi-line errors", "wrong exits", "markup shown as markup"):
        print(f"{kind}: {totals[kind]}")
    print(f"reads outside the project: {len(outside)}"
          + (f" ({', '.join(sorted(set(outside))[:5])})" if outside else ""))
    bad = sum(totals[k] for k in ("tracebacks", "internal errors", "hangs", "data changed",
                                  "wrong exits", "markup shown as markup")) + len(outside)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
