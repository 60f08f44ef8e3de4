"""Taffy (through the stretchable package) lays out the feed-post tree with Typeset measuring its text
leaves; every frame is checked against Chromium's layout of the same CSS (corpus/cells).

Taffy's available space maps onto Typeset's width modes: a known width is ``exactly``, ``Definite(w)``
``at-most``, ``MinContent`` and ``MaxContent`` themselves (see ``feed_post.measure``).
"""
from __future__ import annotations

import math

import pytest

stretchable = pytest.importorskip("stretchable")
from stretchable.style import AUTO, PCT, PT, AlignItems, AlignSelf, FlexDirection  # noqa: E402
from stretchable.style.geometry.length import AvailableSpace  # noqa: E402
from stretchable.style.geometry.size import SizePoints  # noqa: E402

import feed_post  # noqa: E402

SPACE = {AvailableSpace.DEFINITE: "definite", AvailableSpace.MIN_CONTENT: "min-content",
         AvailableSpace.MAX_CONTENT: "max-content"}


def node(e: feed_post.Element, in_row: bool, calls: list, root_width: float = None) -> stretchable.Node:
    style = dict(padding=e.padding * PT, gap=e.gap * PT)
    if e.kind in ("row", "column"):
        style["flex_direction"] = FlexDirection.ROW if e.kind == "row" else FlexDirection.COLUMN
        style["align_items"] = AlignItems.START
    if e.margin_top:
        style["margin"] = (e.margin_top * PT, 0 * PT, 0 * PT, 0 * PT)
    if in_row:
        if e.fill:
            style.update(flex_grow=1, flex_shrink=1, flex_basis=0 * PT, min_size=(0 * PT, AUTO))
        elif e.shrinks:
            style.update(flex_grow=0, flex_shrink=1, min_size=(0 * PT, AUTO))
        else:
            style.update(flex_grow=0, flex_shrink=0)
    elif e.fill:
        style["align_self"] = AlignSelf.STRETCH
    elif e.kind == "text":
        style["max_size"] = (100 * PCT, AUTO)
    width = e.width if root_width is None else root_width
    if width is not None or e.height is not None:
        style["size"] = (width * PT if width is not None else AUTO, e.height * PT if e.height is not None else AUTO)
    n = stretchable.Node(key=e.name, **style)
    if e.kind == "text":
        def measure(_node, known, available, text=e.text):
            known_width = None if math.isnan(known.width.value) else known.width.value
            space = available.width
            width = feed_post.measure(text, known_width, (SPACE[space.scale], space.value))
            calls.append(SPACE[space.scale] if known_width is None else "known")
            return SizePoints(width[0] * PT, width[1] * PT)
        n.measure = measure
    for child in e.children:
        n.add(node(child, e.kind == "row", calls))
    return n


def layout(ts, model: dict, width: float, calls: list):
    root = feed_post.elements(ts, model)
    tree = node(root, False, calls, width)
    tree.compute_layout((width, math.nan))
    body = tree.find("content/main/body") if model.get("body") else None
    if body is not None and feed_post.show_more(root, body.get_box(relative=False).width):
        feed_post.add_show_more(ts, root)
        tree = node(root, False, calls, width)
        tree.compute_layout((width, math.nan))
    frames = {}
    def collect(n: stretchable.Node):
        box = n.get_box(relative=False)
        frames[n.key] = (box.x, box.y, box.width, box.height)
        for child in n:
            collect(child)
    collect(tree)
    feed_post.align_header_baselines(root, frames)
    return root, frames


CASES = feed_post.cases()


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_taffy_frames_match_chromium(ts, case):
    feed_post.check_against_chromium(case, layout(ts, case["model"], case["width"], [])[1])


@pytest.mark.parametrize("case", CASES[:12], ids=[c["id"] for c in CASES[:12]])
def test_text_leaves_are_typesets_own_answers(ts, case):
    calls = []
    root, frames = layout(ts, case["model"], case["width"], calls)
    feed_post.check_text_leaves(root, frames, calls, {"max-content", "known"})
