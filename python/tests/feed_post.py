"""The shipped feed-post cell template (examples/templates/feed-post.json) as a flexbox tree whose text
leaves Typeset measures, for layout engines to lay out, and Chromium's frames for it (corpus/cells).

The tree is the template's CSS (see the Cells as CSS article): a padded column holding a row of a 48 px
avatar and the main column (name, handle and time in a header row; the body clamped to 6 lines; "Show
more" when it was cut; the link title in a padded column; a 32 px action bar). Each engine's test builds
it with its own node type from :func:`elements` and compares every frame with :func:`chromium_frames`.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Tuple

import typeset
from typeset import Paragraph, Style

REPOSITORY = Path(__file__).resolve().parents[2]
TEXT = Style(font_family="Noto Sans", size=15)
BOLD = Style(font_family="Noto Sans", size=15, weight=700)
SINGLE_LINE = Paragraph(white_space="nowrap", text_overflow="ellipsis")


@dataclass
class Element:
    """One node: a stack (``row``/``column``), a fixed ``box`` or a ``text`` leaf (its prepared text)."""

    name: str
    kind: str
    children: List["Element"] = field(default_factory=list)
    text: Optional[typeset.PreparedText] = None
    padding: float = 0
    gap: float = 0
    margin_top: float = 0
    width: Optional[float] = None
    height: Optional[float] = None
    fill: bool = False      # stretched across a column / flex: 1 1 0 in a row
    shrinks: bool = False   # the row's lowest priority: flex: 0 1 auto; min-width: 0 (else flex: none)


def elements(ts: typeset.Typesetter, model: dict) -> Element:
    """The feed-post tree for a model (omitted parts left out, as CSS display: none)."""
    def text(name, content, style=TEXT, paragraph=None, **kw):
        return Element(name, "text", text=ts.prepare(content, style, paragraph), **kw)

    header = Element("header", "row", gap=4, fill=True, children=[
        text("name", model["name"], BOLD, SINGLE_LINE, shrinks=True)])
    if model.get("handle"):
        header.children.append(text("handle", model["handle"], paragraph=SINGLE_LINE))
    if model.get("time"):
        header.children.append(text("time", "· " + model["time"], paragraph=SINGLE_LINE))
    main = Element("main", "column", gap=4, fill=True, children=[header])
    if model.get("body"):
        body = text("body", model["body"], paragraph=Paragraph(max_lines=6), fill=True)
        main.children.append(body)
    if model.get("link_title"):
        main.children.append(Element("link", "column", padding=8, margin_top=4, fill=True, children=[
            text("link_title", model["link_title"], BOLD, Paragraph(max_lines=2), fill=True)]))
    main.children.append(Element("actions", "box", height=32, fill=True))
    content = Element("content", "row", gap=12, fill=True, children=[
        Element("avatar", "box", width=48, height=48), main])
    return Element("cell", "column", padding=12, children=[content])


def show_more(root: Element, body_width: float) -> bool:
    """Whether "Show more" shows: the body was cut at the width the engine gave it (then the engine lays
    the tree out again with it)."""
    main = root.children[0].children[1]
    body = next((e for e in main.children if e.name == "body"), None)
    return body is not None and body.text.measure(body_width, "exactly").truncated


def add_show_more(ts: typeset.Typesetter, root: Element) -> None:
    main = root.children[0].children[1]
    index = next(i for i, e in enumerate(main.children) if e.name == "body") + 1
    main.children.insert(index, Element("more", "text", text=ts.prepare("Show more", TEXT, SINGLE_LINE)))


def measure(text: typeset.PreparedText, known_width: Optional[float], available: Tuple[str, float]) -> Tuple[float, float]:
    """A text leaf's size as a layout engine asks for it: a known (definite) width is ``exactly``; else the
    available space: ``definite`` w is ``at-most`` w, ``min-content`` and ``max-content`` are themselves.
    Exact (unrounded) px: the engines lay out in fractional px, as Chromium does. An engine may offer less
    than nothing (a row's space overcommitted): that is 0."""
    if known_width is not None:
        m = text.measure(max(known_width, 0), "exactly")
    else:
        kind, width = available
        m = text.measure(max(width, 0), "at-most") if kind == "definite" else text.measure(mode=kind)
    return m.exact_width, m.exact_height


def cases(limit_direction: str = "ltr") -> List[dict]:
    """The corpus's feed-post cases (1x) in one direction, with Chromium's frames."""
    expected = {}
    for line in (REPOSITORY / "corpus/cells/expected.jsonl").read_text().splitlines():
        e = json.loads(line)
        expected[e["id"]] = e
    out = []
    for line in (REPOSITORY / "corpus/cells/cases.jsonl").read_text().splitlines():
        case = json.loads(line)
        if case["template"] != "feed-post":
            continue
        if (case["model"].get("direction") or "ltr") != limit_direction:
            continue
        case["chromium"] = expected[case["id"]]["frames"]
        out.append(case)
    return out


def names(root: Element) -> List[Element]:
    out = [root]
    for child in root.children:
        out += names(child)
    return out


Frames = Dict[str, Tuple[float, float, float, float]]


def misses(frames: Frames, chromium: Frames, tolerance: float = 1 / 64) -> List[str]:
    """Frames (x, y, width, height from the cell's origin) that differ from Chromium's by more than
    ``tolerance`` px on any edge, or that one side has and the other lacks."""
    out = []
    for name in sorted(set(frames) | set(chromium)):
        if name not in frames or name not in chromium:
            out.append(f"{name}: only {'ours' if name in frames else 'Chromium'}")
            continue
        a, b = frames[name], chromium[name]
        if any(abs(x - y) > tolerance for x, y in zip(a, b)):
            out.append(f"{name}: {tuple(round(v, 4) for v in a)} vs Chromium {tuple(b)}")
    return out


def align_header_baselines(root: Element, frames: Frames) -> None:
    """Moves the header's children down to share the baseline of the one whose first baseline is lowest, as
    ``align-items: baseline`` does. Engines reached through a measure function alone (Taffy through
    stretchable, Yoga through poga) take no baseline from it, so the test applies Typeset's first-line
    baselines here; with fonts of one ascent (Latin names) nothing moves."""
    header = next(e for e in names(root) if e.name == "header")
    baselines = {e.name: e.text.layout(frames[e.name][2], "exactly").lines[0].baseline for e in header.children}
    shared = max(baselines.values())
    for name, baseline in baselines.items():
        x, y, w, h = frames[name]
        frames[name] = (x, y + shared - baseline, w, h)


def check_against_chromium(case: dict, frames: Frames) -> None:
    """Every frame of a case within 1/64 px of Chromium's."""
    assert misses(frames, case["chromium"]) == []


def check_text_leaves(root: Element, frames: Frames, calls: List[str], asked: set) -> None:
    """The engine asked under the modes ``asked`` (among others), and every text leaf is the size Typeset
    gives it at the width the engine settled on."""
    assert asked <= set(calls), calls
    for e in names(root):
        if e.kind == "text":
            m = e.text.measure(frames[e.name][2], "exactly")
            assert frames[e.name][3] == m.exact_height, e.name
