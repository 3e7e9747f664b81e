"""Small .xlsx and .ods files written by the tests themselves, as a spreadsheet saves them.

Both formats are zip files of XML. A cell is a ``str`` (text), an ``int``/``float``
(a number), a ``datetime.date`` (a date: a number with a date format in .xlsx), ``None``
(empty) or an :class:`Error` (a formula that failed, such as ``#DIV/0!``).
"""

from __future__ import annotations

import datetime
import zipfile
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

Cell = str | int | float | datetime.date | None


@dataclass(frozen=True)
class Error:
    code: str


Sheets = dict[str, list[list["Cell | Error"]]]

_OOXML = "application/vnd.openxmlformats-officedocument.spreadsheetml"
_XLSX_TYPES = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\n'
    '<Default Extension="rels" '
    'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\n'
    '<Default Extension="xml" ContentType="application/xml"/>\n'
    f'<Override PartName="/xl/workbook.xml" ContentType="{_OOXML}.sheet.main+xml"/>\n'
    f'<Override PartName="/xl/styles.xml" ContentType="{_OOXML}.styles+xml"/>\n'
    '{sheets}\n</Types>')

_XLSX_RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">\n'
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
    'relationships/officeDocument" Target="xl/workbook.xml"/>\n</Relationships>')

#: Style 1 is a date (built-in number format 14).
_XLSX_STYLES = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>
<fills count="1"><fill><patternFill patternType="none"/></fill></fills>
<borders count="1"><border/></borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>
<xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>
</styleSheet>"""

_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def _column(n: int) -> str:
    letters = ""
    while n:
        n, rest = divmod(n - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def _xlsx_cell(ref: str, value: Cell | Error) -> str:
    if value is None:
        return ""
    if isinstance(value, Error):
        return f'<c r="{ref}" t="e"><v>{escape(value.code)}</v></c>'
    if isinstance(value, datetime.date):
        serial = (value - datetime.date(1899, 12, 30)).days
        return f'<c r="{ref}" s="1"><v>{serial}</v></c>'
    if isinstance(value, int | float):
        return f'<c r="{ref}"><v>{value!r}</v></c>'
    return f'<c r="{ref}" t="inlineStr"><is><t xml:space="preserve">{escape(value)}</t></is></c>'


def write_xlsx(path: Path, sheets: Sheets) -> Path:
    names = list(sheets)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", _XLSX_TYPES.format(sheets="\n".join(
            f'<Override PartName="/xl/worksheets/sheet{i}.xml" '
            f'ContentType="{_OOXML}.worksheet+xml"/>'
            for i in range(1, len(names) + 1))))
        z.writestr("_rels/.rels", _XLSX_RELS)
        z.writestr("xl/workbook.xml", (
            f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<workbook xmlns="{_MAIN}" xmlns:r="{_REL}"><sheets>'
            + "".join(f'<sheet name="{escape(n)}" sheetId="{i}" r:id="rId{i}"/>'
                      for i, n in enumerate(names, 1))
            + "</sheets></workbook>"))
        z.writestr("xl/_rels/workbook.xml.rels", (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
            'relationships">'
            + "".join(f'<Relationship Id="rId{i}" Type="{_REL}/worksheet" '
                      f'Target="worksheets/sheet{i}.xml"/>' for i in range(1, len(names) + 1))
            + f'<Relationship Id="rId{len(names) + 1}" Type="{_REL}/styles" '
              'Target="styles.xml"/></Relationships>'))
        z.writestr("xl/styles.xml", _XLSX_STYLES)
        for i, name in enumerate(names, 1):
            rows = "".join(
                f'<row r="{r}">'
                + "".join(_xlsx_cell(f"{_column(c)}{r}", v) for c, v in enumerate(row, 1))
                + "</row>"
                for r, row in enumerate(sheets[name], 1))
            z.writestr(f"xl/worksheets/sheet{i}.xml",
                       f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
                       f'<worksheet xmlns="{_MAIN}"><sheetData>{rows}</sheetData></worksheet>')
    return path


_ODS_NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
           'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
           'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
           'xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2" office:version="1.2"')

_ODS_MANIFEST = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<manifest:manifest '
    'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" '
    'manifest:version="1.2">\n<manifest:file-entry manifest:full-path="/" '
    'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>\n'
    '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>\n'
    '</manifest:manifest>')


def _ods_cell(value: Cell | Error) -> str:
    if value is None:
        return "<table:table-cell/>"
    if isinstance(value, Error):
        return (f'<table:table-cell table:formula="of:=1/0" office:value-type="float" '
                f'office:value="0"><text:p>{escape(value.code)}</text:p></table:table-cell>')
    if isinstance(value, datetime.date):
        return (f'<table:table-cell office:value-type="date" office:date-value='
                f'"{value.isoformat()}"><text:p>{value.isoformat()}</text:p></table:table-cell>')
    if isinstance(value, int | float):
        return (f'<table:table-cell office:value-type="float" office:value="{value!r}">'
                f'<text:p>{value!r}</text:p></table:table-cell>')
    return (f'<table:table-cell office:value-type="string"><text:p>{escape(value)}</text:p>'
            f'</table:table-cell>')


def write_ods(path: Path, sheets: Sheets) -> Path:
    tables = "".join(
        f'<table:table table:name="{escape(name)}">'
        + "".join("<table:table-row>" + "".join(_ods_cell(v) for v in row)
                  + "</table:table-row>" for row in rows)
        + "</table:table>"
        for name, rows in sheets.items())
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet",
                   compress_type=zipfile.ZIP_STORED)
        z.writestr("META-INF/manifest.xml", _ODS_MANIFEST)
        z.writestr("content.xml",
                   f'<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content '
                   f'{_ODS_NS}><office:body><office:spreadsheet>{tables}'
                   f'</office:spreadsheet></office:body></office:document-content>')
    return path
