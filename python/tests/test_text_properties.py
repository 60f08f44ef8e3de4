"""text-transform, word-spacing, text-indent and text-align-last through the C interface, held to
Chromium's answers of the text-properties set (corpus/textprops, recorded at 1x with the bundled fonts)."""
import json
from pathlib import Path

import pytest

import typeset
from typeset import Paragraph, Run, Style

CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "textprops"
TOLERANCE = 1 / 64 + 1e-6


def _cases():
    expected = {}
    with open(CORPUS / "expected@1x.jsonl", encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            expected[row["id"]] = row
    with open(CORPUS / "cases.jsonl", encoding="utf-8") as f:
        for line in f:
            c = json.loads(line)
            # Every case but the clamped ones (whose recorded last line is Chromium's hidden one).
            if "max_lines" not in c:
                yield c, expected[c["id"]]


def _style(fields, base=None):
    base = base or {}
    merged = {**base, **fields}
    family = merged.get("font_family", ["Noto Sans"])
    return Style(font_family=tuple(family), size=merged.get("font_size", 16), weight=merged.get("font_weight", 400),
                 lang=merged.get("lang"), text_transform=merged.get("text_transform", "none"),
                 word_spacing=merged.get("word_spacing", 0))


def _layout(ts, c):
    style = _style(c)
    runs = [Run(r["start"], r["end"], _style({k: v for k, v in r.items() if k not in ("start", "end")}, c))
            for r in c.get("runs", [])]
    paragraph = Paragraph(white_space=c.get("white_space", "normal"), word_break=c.get("word_break", "normal"),
                          align=c.get("align", "start"), direction=c.get("direction", "auto"),
                          text_indent=c.get("text_indent", 0), text_align_last=c.get("text_align_last", "auto"),
                          lang=c.get("lang"))
    return ts.prepare(c["text"], style, paragraph, runs=runs).layout(c["width"])


def test_the_text_properties_set_agrees_with_chromium(ts):
    checked = 0
    for c, want in _cases():
        layout = _layout(ts, c)
        got = [(l.start, l.end) for l in layout.lines]
        assert got == [(l["start"], l["end"]) for l in want["lines"]], c["id"]
        for line, w in zip(layout.lines, want["lines"]):
            if w["width"] > 0:
                assert abs(line.x - w["x"]) <= TOLERANCE and abs(line.width - w["width"]) <= TOLERANCE, (c["id"], line, w)
        checked += 1
    assert checked > 300


def test_offsets_stay_in_the_source_text_under_a_transform(ts):
    text = "Straße"
    upper = ts.prepare(text, Style(size=20, text_transform="uppercase")).layout(None)
    plain = ts.prepare("STRASSE", Style(size=20)).layout(None)
    assert (upper.lines[0].start, upper.lines[0].end) == (0, 6)  # six source characters, seven glyphs
    assert upper.lines[0].width == plain.lines[0].width


def test_text_indent_accepts_css_text_and_rejects_nonsense(ts):
    for indent in (24, "24px", "10%", "1.5em each-line", "2em hanging each-line"):
        ts.prepare("a b c", Style(), Paragraph(text_indent=indent)).layout(100)
    for bad in ("", "each-line", "1px 2px", "wide", [1]):
        with pytest.raises(typeset.TypesetError):
            ts.prepare("a b c", Style(), Paragraph(text_indent=bad))
    with pytest.raises(typeset.TypesetError):
        ts.prepare("a", Style(text_transform="shout"))
    with pytest.raises(typeset.TypesetError):
        ts.prepare("a", Style(), Paragraph(text_align_last="middle"))


def test_text_properties_and_inline_boxes_together(ts):
    """A chip whose text is uppercased: the transform and the box's sides both count (one C call takes both)."""
    upper = Style(size=20, text_transform="uppercase")
    chip = ts.prepare("@straße", Style(size=20), runs=[Run(0, 7, upper, padding="0 6px")]).layout(None)
    bare = ts.prepare("@straße", Style(size=20), runs=[Run(0, 7, upper)]).layout(None)
    assert (chip.lines[0].start, chip.lines[0].end) == (0, 7)
    assert abs(chip.natural_width - bare.natural_width - 12) <= 1 / 64
    plain = ts.prepare("@STRASSE", Style(size=20)).layout(None)
    assert abs(bare.natural_width - plain.natural_width) <= 1 / 64
