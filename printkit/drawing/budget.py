"""What one template render may spend: time, steps and characters; and what it may not
change.

A template is a game project's own code. Jinja2's sandbox keeps it from Python's
insides and caps each ``range()``, but a loop inside a loop still runs for ever, a
string doubled in a loop fills the memory, and a template could change the game's data
(``data.update(...)``) under every document rendered after it. So each render runs
with a :class:`Budget`:

* time (:data:`SECONDS`) and steps (:data:`STEPS`: loop turns, calls, filters and
  printed values), counted wherever a template spends them, nested loops included;
* size: nothing the template makes (a string, a list, a number's digits) and not its
  output may be larger than :data:`CHARS`; what would be is refused before it is made;
* read-only: every list, dict and set the render was given (found by :func:`given`)
  refuses ``update``, ``append`` and the like; the template's own lists still take them.

Over budget is a :class:`RenderLimit`, which the renderer reports as one line naming
the template and line (see :func:`printkit.drawing.templating.render`).
"""

from __future__ import annotations

import builtins
import dataclasses
import inspect
import re
import time
from collections.abc import (
    Callable,
    Iterable,
    Iterator,
    MutableMapping,
    MutableSequence,
    MutableSet,
)
from contextvars import ContextVar
from functools import wraps
from string import Formatter
from types import BuiltinMethodType, FunctionType, MethodType, ModuleType
from typing import Any

#: Seconds one render may take: printkit's largest templates render in well under one.
SECONDS = 20.0
#: Steps one render may take (loop turns, calls, filters, printed values): the largest
#: template printkit ships takes a few thousand.
STEPS = 5_000_000
#: Characters one render may print, and the largest string or list it may make.
CHARS = 16 * 1024 * 1024
#: The largest number (in bits) a template may make: ample for any count or price.
BITS = 4096
#: Containers walked to find what a render was given, at most.
WALKED = 1_000_000


class RenderLimit(Exception):
    """A render over its budget, or changing what it was given (one line: why)."""


@dataclasses.dataclass
class Budget:
    """One render's account: see the module's doc."""

    deadline: float
    steps: int = STEPS
    printed: int = 0
    #: ids of the lists, dicts and sets the render was given (alive while it runs)
    frozen: frozenset[int] = frozenset()

    def step(self) -> None:
        self.steps -= 1
        if self.steps < 0:
            raise RenderLimit(f"the template takes more than {STEPS:,} steps (loop turns, "
                              f"calls and printed values); does a loop never end?")
        if time.monotonic() > self.deadline:
            raise RenderLimit(f"the template takes longer than {SECONDS:g} s to render; "
                              f"does a loop never end?")

    def print(self, chunk: str) -> None:
        self.printed += len(chunk)
        if self.printed > CHARS:
            raise RenderLimit(f"the template prints more than {_size(CHARS)}")


#: The budget of the render running in this thread or task, if any.
CURRENT: ContextVar[Budget | None] = ContextVar("printkit_render_budget", default=None)


def start(given_values: Iterable[Any]) -> Budget:
    """A new budget, from now, for a render given ``given_values``."""
    return Budget(deadline=time.monotonic() + SECONDS, steps=STEPS,
                  frozen=given(given_values))


def step() -> None:
    budget = CURRENT.get()
    if budget is not None:
        budget.step()


def _size(chars: int) -> str:
    return f"{chars // (1024 * 1024)} MB" if chars >= 1024 * 1024 else f"{chars:,} characters"


# --- what a render was given -------------------------------------------------------------

_SCALARS = (str, bytes, int, float, complex, bool, type(None), range)
_SKIPPED = (ModuleType, type, FunctionType, BuiltinMethodType, MethodType)


def given(values: Iterable[Any]) -> frozenset[int]:
    """The ids of every list, dict and set reachable from ``values`` as a template reaches
    them: items, values, and public attributes of objects (a template cannot read ``_``
    ones); so many at most (:data:`WALKED`)."""
    seen: set[int] = set()
    frozen: set[int] = set()
    todo = list(values)
    while todo and len(seen) < WALKED:
        value = todo.pop()
        if isinstance(value, _SCALARS) or isinstance(value, _SKIPPED) or id(value) in seen:
            continue
        seen.add(id(value))
        if isinstance(value, dict):
            frozen.add(id(value))
            todo.extend(value.values())
        elif isinstance(value, (list, set, bytearray)):
            frozen.add(id(value))
            todo.extend(value)
        elif isinstance(value, (tuple, frozenset)):
            todo.extend(value)
        elif dataclasses.is_dataclass(value):
            todo.extend(getattr(value, f.name, None) for f in dataclasses.fields(value)
                        if not f.name.startswith("_"))
        else:
            attributes = getattr(value, "__dict__", None)
            if isinstance(attributes, dict):
                todo.extend(v for k, v in attributes.items() if not k.startswith("_"))
    return frozenset(frozen)


#: The methods that change a list, dict or set (every Jinja2 version's list, and more).
_CHANGES = (
    (MutableMapping, frozenset({"clear", "pop", "popitem", "setdefault", "update"})),
    (MutableSequence, frozenset({"append", "clear", "extend", "insert", "pop", "remove",
                                 "reverse", "sort"})),
    (MutableSet, frozenset({"add", "clear", "difference_update", "discard",
                            "intersection_update", "pop", "remove",
                            "symmetric_difference_update", "update"})),
)


def changes(obj: Any, attr: str) -> bool:
    """Whether method ``attr`` of ``obj`` changes it (a list's ``append``)."""
    return any(isinstance(obj, kind) and attr in names for kind, names in _CHANGES)


def read_only(obj: Any) -> bool:
    """Whether ``obj`` is one of what the running render was given."""
    budget = CURRENT.get()
    return budget is not None and id(obj) in budget.frozen


# --- sizes ---------------------------------------------------------------------------------

def text_size(value: Any, cap: int = CHARS) -> int:
    """About how many characters ``str(value)`` has, without making it; counting stops
    past ``cap``."""
    total = 0
    todo = [value]
    while todo and total <= cap:
        value = todo.pop()
        if isinstance(value, str):
            total += len(value)
        elif isinstance(value, bool) or value is None:
            total += 5
        elif isinstance(value, int):
            total += value.bit_length() // 3 + 1
        elif isinstance(value, dict):
            total += 2 + 4 * len(value)
            todo.extend(value.keys())
            todo.extend(value.values())
        elif isinstance(value, (list, tuple, set, frozenset)):
            total += 2 + 2 * len(value)
            todo.extend(value)
        elif isinstance(value, bytes):
            total += 4 * len(value)
        else:
            total += 16
    return total


def check_text(value: Any, what: str) -> None:
    """Refuse to print ``value`` if its text would be over the limit."""
    if not isinstance(value, str) and text_size(value) > CHARS:
        raise RenderLimit(f"{what}: the text would be larger than {_size(CHARS)}")


def sized(value: Any, what: str = "a value") -> Any:
    """``value``, if it is not over the size limit."""
    if isinstance(value, (str, bytes, list, tuple, dict, set, frozenset)) \
            and len(value) > CHARS:
        raise RenderLimit(f"{what} larger than {_size(CHARS)}")
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > BITS:
        raise RenderLimit(f"{what}: a number of more than {BITS} bits")
    return value


def _big(number: Any) -> bool:
    return isinstance(number, int) and not isinstance(number, bool) and abs(number) > CHARS


# --- operators -----------------------------------------------------------------------------

def times(left: Any, right: Any) -> Any:
    """``left * right``, refused when the result would be over the limit."""
    step()
    for seq, n in ((left, right), (right, left)):
        if isinstance(seq, (str, bytes, list, tuple)) and isinstance(n, int) \
                and len(seq) * n > CHARS:
            raise RenderLimit(f"'*' would make something larger than {_size(CHARS)}")
    if isinstance(left, int) and isinstance(right, int) \
            and left.bit_length() + right.bit_length() > BITS:
        raise RenderLimit(f"'*' would make a number of more than {BITS} bits")
    return left * right


def power(left: Any, right: Any) -> Any:
    """``left ** right``, refused when the result would be over the limit."""
    step()
    if isinstance(left, int) and isinstance(right, int) and right > 0 \
            and abs(left) > 1 and right * left.bit_length() > BITS:
        raise RenderLimit(f"'**' would make a number of more than {BITS} bits")
    return left ** right


def plus(left: Any, right: Any) -> Any:
    step()
    return sized(left + right, "'+' makes something")


def modulo(left: Any, right: Any) -> Any:
    """``left % right``: for a format string, its widths and values checked first."""
    step()
    if isinstance(left, str):
        check_percent_format(left, right)
    return sized(left % right, "'%' makes something")


#: A printf-style conversion's width and precision.
_PERCENT = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?")


def check_percent_format(fmt: str, values: Any) -> None:
    """Refuse a ``%`` format whose widths, or whose values' text, would be over the
    limit."""
    items = values if isinstance(values, tuple) else (values,)
    for match in _PERCENT.finditer(fmt):
        for number in match.groups():
            if number == "*" and any(_big(v) for v in items):
                raise RenderLimit(f"a '%' format with a width larger than {CHARS:,}")
            if number and number != "*" and len(number) > 8 and int(number) > CHARS:
                raise RenderLimit(f"a '%' format with a width larger than {CHARS:,}")
    check_text(values, "a '%' format")


def check_brace_format(fmt: str, args: tuple, kwargs: dict) -> None:
    """The same for ``str.format``: widths in its fields, and its values' text."""
    try:
        fields = list(Formatter().parse(fmt))
    except ValueError:
        return  # str.format raises its own error
    for _literal, _name, spec, _conversion in fields:
        if not spec:
            continue
        if "{" in spec and any(_big(v) for v in (*args, *kwargs.values())):
            raise RenderLimit(f"a format with a width larger than {CHARS:,}")
        if any(int(n) > CHARS for n in re.findall(r"\d{8,}", spec)):
            raise RenderLimit(f"a format with a width larger than {CHARS:,}")
    check_text((args, kwargs), "a format")


# --- calls ---------------------------------------------------------------------------------

#: Methods of str (and list) whose result grows with a number argument.
_GROWING = frozenset({"center", "ljust", "rjust", "zfill", "expandtabs"})


def check_call(func: Any, args: tuple, kwargs: dict) -> None:
    """Before a template calls ``func``: a step, and a string method that would make too
    large a string refused."""
    step()
    owner = getattr(func, "__self__", None)
    if not isinstance(owner, str) or not isinstance(func, BuiltinMethodType):
        return
    name = func.__name__
    if name == "format":  # (Jinja2 before 3.1.5 hands the format method itself here)
        check_brace_format(owner, args, kwargs)
    if name == "format_map" and args and isinstance(args[0], dict):
        check_brace_format(owner, (), args[0])
    if name in _GROWING and any(_big(a) for a in (*args, *kwargs.values())):
        raise RenderLimit(f"{name}() would make a string larger than {_size(CHARS)}")
    if name == "join" and args:
        check_join(args[0], owner)
    if name == "replace" and len(args) >= 2 and isinstance(args[0], str) \
            and isinstance(args[1], str):
        grows = owner.count(args[0]) * (len(args[1]) - len(args[0]))
        if len(owner) + grows > CHARS:
            raise RenderLimit(f"replace() would make a string larger than {_size(CHARS)}")


def check_join(items: Any, separator: Any) -> None:
    """Refuse a join whose result would be over the limit."""
    if isinstance(items, (list, tuple)):
        sep = len(separator) if isinstance(separator, str) else 0
        if sep * max(len(items) - 1, 0) + text_size(items) > CHARS:
            raise RenderLimit(f"join would make a string larger than {_size(CHARS)}")


# --- filters ------------------------------------------------------------------------------

#: Filters whose result is their value as text: a value whose text would be too large is
#: refused before it is made.
_TEXT_FILTERS = frozenset({
    "capitalize", "center", "e", "escape", "forceescape", "format", "indent", "join",
    "lower", "pprint", "replace", "safe", "string", "striptags", "title", "trim",
    "truncate", "upper", "urlencode", "urlize", "wordcount", "wordwrap", "xmlattr",
    "tojson", "join_list"})
#: Filters with a number argument the result grows with.
_GROWING_FILTERS = frozenset({"center", "indent", "wordwrap", "truncate", "batch", "slice"})


def guarded_filter(name: str, func: Callable[..., Any]) -> Callable[..., Any]:
    """Filter ``name`` (``func``) with the budget kept: a step per call, its result's size
    checked, and what would be over the limit refused before it is made."""
    from jinja2.utils import _PassArg

    skip = 0 if _PassArg.from_obj(func) is None else 1  # the context, before the value
    what = f"the filter {name}"

    @wraps(func)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        step()
        value, rest = (args[skip], args[skip + 1:]) if len(args) > skip else (None, ())
        if name in _TEXT_FILTERS:
            check_text(value, what)
        if name in _GROWING_FILTERS and any(_big(a) for a in (*rest, *kwargs.values())):
            raise RenderLimit(f"{what}: a number argument larger than {CHARS:,}")
        if name == "format" and isinstance(value, str):
            check_percent_format(value, tuple(rest) or kwargs)
        if name == "join":
            items = list(value) if value is not None and not isinstance(value, str) \
                else value
            check_join(items, rest[0] if rest else kwargs.get("d", ""))
            args = (*args[:skip], items, *rest)
        if name == "sum" and not _numeric_start(rest, kwargs):
            return sized(_concatenated(value, rest, kwargs), what)
        return sized(func(*args, **kwargs), what)

    return guarded


def _numeric_start(rest: tuple, kwargs: dict) -> bool:
    start = kwargs.get("start", rest[1] if len(rest) > 1 else 0)
    return isinstance(start, (int, float))


def _concatenated(value: Any, rest: tuple, kwargs: dict) -> Any:
    """``sum`` of lists or strings, in linear time (Python's sum copies the total at each
    item): the same result, each step counted and the size checked as it grows."""
    if kwargs.get("attribute") is not None or (rest and rest[0] is not None):
        raise RenderLimit("sum(attribute=..., start=...) of sequences is not supported")
    start = kwargs.get("start", rest[1] if len(rest) > 1 else 0)
    out = list(start) if isinstance(start, (list, tuple)) else start
    total = len(out) if hasattr(out, "__len__") else 0
    for item in value:
        step()
        total += len(item) if hasattr(item, "__len__") else 0
        if total > CHARS:
            raise RenderLimit(f"sum would make something larger than {_size(CHARS)}")
        out += item
    return tuple(out) if isinstance(start, tuple) else out


#: The most words of filler text a template may ask ``lipsum`` for.
LIPSUM_WORDS = 100_000


def bounded_lipsum(lipsum: Callable[..., Any]) -> Callable[..., Any]:
    """Jinja2's ``lipsum`` (filler text), refusing more than :data:`LIPSUM_WORDS` words."""
    @wraps(lipsum)
    def bounded(n: int = 5, html: bool = True, min: int = 20,  # noqa: A002 - its names
                max: int = 100) -> Any:  # noqa: A002
        if not all(isinstance(v, int) for v in (n, min, max)) \
                or n * builtins.max(min, max, 0) > LIPSUM_WORDS:
            raise RenderLimit(f"lipsum: more than {LIPSUM_WORDS:,} words of filler text")
        return lipsum(n, html, min, max)

    return bounded


def turns(iterable: Any) -> Any:
    """A for loop's items, a step each (the filter every loop of a template goes
    through)."""
    budget = CURRENT.get()
    if budget is None:  # folded as a constant while compiling
        return iterable
    return _turns(iterable, budget)


def _turns(iterable: Any, budget: Budget) -> Iterator[Any]:
    for item in iterable:
        budget.step()
        yield item


def finalize(value: Any) -> Any:
    """Every value a template prints: a step, and its text's size checked first."""
    step()
    check_text(value, "a printed value")
    return value


#: The hidden filters a compiled template calls (see :func:`instrument`).
TURNS = "printkit_turns"
SIZED = "printkit_sized"


def instrument(template: Any) -> Any:
    """A parsed template with every loop's items going through :func:`turns`, every
    ``~`` concatenation's result through :func:`sized`, and each part of its output
    printed by itself (see :func:`origin`)."""
    from jinja2 import nodes
    from jinja2.visitor import NodeTransformer

    class Instrument(NodeTransformer):
        def visit_For(self, node: nodes.For) -> nodes.Node:
            self.generic_visit(node)
            node.iter = nodes.Filter(node.iter, TURNS, [], [], None, None,
                                     lineno=node.lineno)
            return node

        def visit_Output(self, node: nodes.Output) -> nodes.Node | list[nodes.Node]:
            # one piece of output per part, so that each is known by its own line
            self.generic_visit(node)
            if len(node.nodes) <= 1:
                return node
            return [nodes.Output([part], lineno=part.lineno) for part in node.nodes]

        def visit_Concat(self, node: nodes.Concat) -> nodes.Node:
            self.generic_visit(node)
            for i, part in enumerate(node.nodes):
                node.nodes[i] = nodes.Filter(part, SIZED, [], [], None, None,
                                             lineno=node.lineno)
            return nodes.Filter(node, SIZED, [], [], None, None, lineno=node.lineno)

    Instrument().visit(template)
    return template


def sized_part(value: Any) -> Any:
    """A part of a ``~`` concatenation, or its result: its text not over the limit."""
    check_text(value, "'~'")
    return sized(value, "'~' makes a string")


def origin(generator: Any) -> tuple[str | None, int | None]:
    """The template and line a suspended render generator last printed from: the
    innermost of the generators it delegates to."""
    while inspect.isgenerator(getattr(generator, "gi_yieldfrom", None)):
        generator = generator.gi_yieldfrom
    frame = getattr(generator, "gi_frame", None)
    template = frame.f_globals.get("__jinja_template__") if frame is not None else None
    if template is None:
        return None, None
    return template.name, template.get_corresponding_lineno(frame.f_lineno)
