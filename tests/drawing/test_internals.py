"""printkit's reliances on ReportLab's internals hold for the installed ReportLab, and a
version nobody checked them against is named, not used in silence."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest
import reportlab

import printkit
from printkit.language import internals


def test_the_installed_reportlab_has_every_internal_printkit_relies_on() -> None:
    assert internals.broken_reliances() == []


def test_an_unchecked_reportlab_version_names_every_reliance(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(internals.reportlab, "Version", "9.0.0")
    found = internals.broken_reliances()
    assert len(found) == 1 and "ReportLab 9.0.0 is outside" in found[0]
    assert all(r.name in found[0] for r in internals.RELIANCES)


def test_a_missing_internal_is_named_with_where_and_why(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(internals.frames.Frame, "_getAvailableWidth")
    found = internals.broken_reliances()
    assert len(found) == 1, found
    assert "no longer has Frame._y" in found[0] and "drawing/pagefit.py" in found[0]


# -- Nothing but printkit.language.internals touches ReportLab's private parts --------------

ROOT = Path(printkit.__file__).parent.parent

#: The one module that may touch ReportLab's internals.
HOME = "printkit/language/internals.py"

#: Modules that still read frame and document-template fields themselves, while they are
#: being changed for other work; each is to call printkit.language.internals instead (as
#: frame_room(frame) and the like), then be struck from this list.
NOT_YET: tuple[str, ...] = ()

#: Private names of other libraries that ReportLab's source happens to use as well.
NOT_REPORTLAB = {
    ("printkit/pdfmerge/bind.py", "_ID"): "pypdf's PdfWriter: its trailer /ID has no public setter",
    ("printkit/outputs/html/svg.py", "fill"): "the figure translator's own graphics state "
    "(the fill colour a PDF's operators set), not ReportLab's canvas",
}


@cache
def _reportlab_names() -> tuple[frozenset[str], frozenset[str]]:
    """ReportLab's private names (any ``_name`` in its source) and the functions and
    methods it defines (which printkit would patch by assigning to them), but for names
    ReportLab itself also sets as plain attributes (a flowable's ``canv``)."""
    source = "\n".join(path.read_text(encoding="utf-8", errors="replace")
                       for path in Path(reportlab.__file__).parent.rglob("*.py"))
    assigned = set(re.findall(r"\.([A-Za-z]\w*)\s*=(?!=)", source))
    return (frozenset(re.findall(r"\b(_[A-Za-z]\w*)", source)),
            frozenset(re.findall(r"\bdef ([A-Za-z]\w*)", source)) - assigned)


def _reportlab_imports(tree: ast.Module) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("reportlab"):
            names.update(alias.asname or alias.name for alias in node.names)
        elif isinstance(node, ast.Import):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names
                         if alias.name.startswith("reportlab"))
    return names


class _Uses(ast.NodeVisitor):
    """Every use of a private part of ReportLab in one module: ``line: what``."""

    def __init__(self, tree: ast.Module) -> None:
        self.private, self.defined = _reportlab_names()
        self.imported = _reportlab_imports(tree)
        #: Whether each enclosing class derives from a ReportLab class.
        self.classes: list[bool] = []
        self.found: list[tuple[int, str, str]] = []
        self.visit(tree)

    def _note(self, node: ast.AST, name: str) -> None:
        self.found.append((node.lineno, name, ast.unparse(node)))  # type: ignore[attr-defined]

    def _own(self, value: ast.expr) -> bool:
        """``self``/``cls`` of a class of printkit's own (its private parts are its own)."""
        return (isinstance(value, ast.Name) and value.id in ("self", "cls")
                and bool(self.classes) and not self.classes[-1])

    def visit_ClassDef(self, node: ast.ClassDef) -> None:  # noqa: N802
        def root(base: ast.expr) -> ast.expr:
            while isinstance(base, ast.Attribute):
                base = base.value
            return base

        self.classes.append(any(isinstance(root(b), ast.Name) and root(b).id in self.imported
                                for b in node.bases))
        self.generic_visit(node)
        self.classes.pop()

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:  # noqa: N802
        if (node.module or "").startswith("reportlab"):
            for alias in node.names:
                if alias.name.startswith("_"):
                    self._note(node, alias.name)

    def visit_Attribute(self, node: ast.Attribute) -> None:  # noqa: N802
        if node.attr in self.private and not self._own(node.value):
            self._note(node, node.attr)
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:  # noqa: N802
        if (isinstance(node.func, ast.Name)
                and node.func.id in ("getattr", "hasattr", "setattr", "delattr")
                and len(node.args) > 1 and isinstance(node.args[1], ast.Constant)):
            name = node.args[1].value
            if name in self.private or (node.func.id in ("setattr", "delattr")
                                        and name in self.defined):
                self._note(node, str(name))
        self.generic_visit(node)

    def _patched(self, targets: list[ast.expr]) -> None:
        for target in targets:
            if (isinstance(target, ast.Attribute) and target.attr in self.defined
                    and not (isinstance(target.value, ast.Name) and target.value.id == "self")):
                self._note(target, target.attr)

    def visit_Assign(self, node: ast.Assign) -> None:  # noqa: N802
        self._patched(node.targets)
        self.generic_visit(node)

    def visit_Delete(self, node: ast.Delete) -> None:  # noqa: N802
        self._patched(node.targets)
        self.generic_visit(node)


def _uses(source: str) -> list[tuple[int, str, str]]:
    return _Uses(ast.parse(source)).found


def test_only_the_internals_module_touches_reportlab_private_parts() -> None:
    found = []
    for path in sorted((ROOT / "printkit").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if name == HOME or name in NOT_YET:
            continue
        for line, private, code in _uses(path.read_text(encoding="utf-8")):
            if (name, private) not in NOT_REPORTLAB:
                found.append(f"{name}:{line}: {code}")
    assert not found, ("ReportLab's private parts used outside " + HOME + " (add a function "
                       "there, with why, and call it):\n" + "\n".join(found))


def test_the_modules_not_yet_switched_exist() -> None:
    assert all((ROOT / name).is_file() for name in (*NOT_YET, *(f for f, _ in NOT_REPORTLAB)))


@pytest.mark.parametrize(("source", "private"), [
    ("canvas._code.append('n')", "_code"),
    ("from reportlab.rl_config import _FUZZ", "_FUZZ"),
    ("fill = getattr(canvas, '_fillColorObj', None)", "_fillColorObj"),
    ("doc.ensureMinPdfVersion = noting", "ensureMinPdfVersion"),
    ("del doc.ensureMinPdfVersion", "ensureMinPdfVersion"),
    ("face.makeSubset = make_subset", "makeSubset"),
    ("from reportlab.platypus import paragraph\nparagraph.shapeFragWord = shape",
     "shapeFragWord"),
    ("from reportlab.platypus.frames import Frame\n"
     "class Column(Frame):\n    def room(self):\n        return self._y - self._y1p", "_y1p"),
])
def test_the_scan_finds_a_private_use(source: str, private: str) -> None:
    assert private in [name for _line, name, _code in _uses(source)]


def test_the_scan_leaves_printkit_s_own_private_parts_alone() -> None:
    source = ("class Cache:\n    def get(self):\n        return self._code\n"
              "label = ctx._('Start')\n")
    assert _uses(source) == []


def test_every_private_part_the_internals_module_touches_is_a_listed_reliance() -> None:
    listed = " ".join(r.name for r in internals.RELIANCES)
    unlisted = sorted({f"{private} (line {line})" for line, private, _code in
                       _uses((ROOT / HOME).read_text(encoding="utf-8"))
                       if not re.search(rf"\b{re.escape(private)}\b", listed)})
    assert not unlisted, f"not in internals.RELIANCES (no why, no probe): {unlisted}"


def test_the_page_fitting_accessors_read_a_frame_and_a_document() -> None:
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Frame, KeepTogether, Spacer
    from reportlab.platypus.doctemplate import BaseDocTemplate, PageTemplate
    from reportlab.platypus.flowables import AnchorFlowable

    frame = Frame(10, 20, 200, 300, id="f")
    assert internals.frame_box(frame) == (10, 20, 200, 300)
    assert internals.frame_top(frame) == 320 and internals.frame_at_top(frame)
    assert internals.frame_room(frame) == (200 - 12, 300 - 12)
    assert internals.frame_y(frame) - internals.frame_bottom(frame) == 300 - 12
    block = KeepTogether([Spacer(10, 40), Spacer(10, 2)])
    block.canv = Canvas(None)
    block.wrap(100, 500)
    assert internals.kept(block)[0].height == 40 and internals.kept_height(block) == 42
    assert internals.anchor_name(AnchorFlowable("here")) == "here"
    doc = BaseDocTemplate(None, pageTemplates=[PageTemplate("a", [frame]),
                                               PageTemplate("b", [frame])])
    doc._nextPageTemplateIndex = 1
    assert internals.next_page_template(doc).id == "b"
    doc._curPageFlowableCount = 3
    assert internals.flowables_on_page(doc) == 3
    internals.continue_in_frame(doc, 1)
    assert doc._nextFrameIndex == 1


@pytest.mark.parametrize("text", [
    "".join(chr(code) for code in range(24)) + "".join(chr(code) for code in range(32, 128)),
    "0 0 m 12.5 33.25 l S BT /F1+0 9.5 Tf (Plansza) Tj ET",
    "12.5", "", "caf\u00e9 \u00a0", "\u2014 \u2022", b"\x00\xffbytes as they are",
    "\x18", "ok\x1fnot", "\u0105\u0107",
])
def test_the_fast_pdfdoc_encoding_gives_reportlab_s_bytes_or_its_error(
        text: str | bytes) -> None:
    """Content streams and numbers are encoded by the ASCII fast path where that gives the
    bytes ReportLab's own 'extpdfdoc' codec gives; anything else is the codec's, which
    raises for a character the encoding lacks, as before."""
    def outcome(encode):  # type: ignore[no-untyped-def]
        try:
            return encode(text)
        except UnicodeEncodeError as exc:
            return type(exc)

    from reportlab.pdfbase import pdfdoc

    import printkit.drawing.pdf  # noqa: F401 - (patches ReportLab when imported)

    assert pdfdoc.pdfdocEnc is internals.ascii_pdfdoc_encoding  # (patched by render.pdf)
    assert outcome(internals.ascii_pdfdoc_encoding) == outcome(internals._pdfdoc_encode)


def test_a_layout_state_is_the_template_s_as_it_was_however_often_it_is_resumed() -> None:
    """A page start's state is a copy: the layout that took it goes on, and each layout
    resumed from it starts from the same state (a cycle of page templates keeps its
    place in the cycle, a list its items)."""
    from io import BytesIO

    from reportlab.platypus.doctemplate import BaseDocTemplate, PageTemplate
    from reportlab.platypus.frames import Frame

    def template() -> BaseDocTemplate:
        doc = BaseDocTemplate(BytesIO(), pageTemplates=[
            PageTemplate(name, [Frame(0, 0, 100, 100)]) for name in ("a", "b", "c")])
        doc.handle_documentBegin()
        return doc

    doc = template()
    doc.handle_nextPageTemplate(["a", "b", "c"])
    internals.continue_in_frame(doc, 0)
    doc.page = 4
    state = internals.layout_state(doc)
    first = doc._nextPageTemplateCycle.next_value  # the layout goes on past the state
    assert first.id == "a"
    for _ in range(2):
        again = template()
        internals.resume_layout(again, state)
        assert again.page == 4 and again._nextPageTemplateCycle.next_value.id == "a"
        assert again._hanging[0] is not None and len(again._hanging) == len(doc._hanging) + 1
