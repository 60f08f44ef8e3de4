"""Yoga (through the poga binding of its C API) lays out the feed-post tree with Typeset measuring its
text leaves; every frame is checked against Chromium's layout of the same CSS (corpus/cells).

Yoga's measure modes map onto Typeset's width modes: ``Exactly`` is ``exactly``, ``AtMost`` ``at-most``,
``Undefined`` ``max-content`` (see ``feed_post.measure``). This Yoga has no ``gap``: the gaps are the
margins before each child. Its pixel rounding is off (point scale factor 0), as Chromium keeps fractions.
"""
from __future__ import annotations

import math

import pytest

capi = pytest.importorskip("poga.libpoga_capi")

import feed_post  # noqa: E402

MODES = {capi.YGMeasureMode.Exactly: "exactly", capi.YGMeasureMode.AtMost: "at-most",
         capi.YGMeasureMode.Undefined: "max-content"}


class Tree:
    """Yoga nodes for the elements, kept with their names (and measure functions alive)."""

    def __init__(self, root: feed_post.Element, width: float, calls: list) -> None:
        self.config = capi.YGConfigNew()
        capi.YGConfigSetPointScaleFactor(self.config, 0)
        self.nodes = {}
        self.calls = calls
        self.element = root
        self.root = self.node(root, None, 0)
        capi.YGNodeStyleSetWidth(self.root, width)
        capi.YGNodeCalculateLayout(self.root, width, math.nan, capi.YGDirection.LTR)

    def node(self, e: feed_post.Element, parent: feed_post.Element, index: int):
        n = capi.YGNodeNewWithConfig(self.config)
        self.nodes[e.name] = n
        capi.YGNodeStyleSetPadding(n, capi.YGEdge.All, e.padding)
        if e.kind in ("row", "column"):
            capi.YGNodeStyleSetFlexDirection(n, capi.YGFlexDirection.Row if e.kind == "row" else capi.YGFlexDirection.Column)
            capi.YGNodeStyleSetAlignItems(n, capi.YGAlign.FlexStart)
        in_row = parent is not None and parent.kind == "row"
        if parent is not None and index > 0 and parent.gap:
            capi.YGNodeStyleSetMargin(n, capi.YGEdge.Left if in_row else capi.YGEdge.Top, parent.gap + e.margin_top)
        elif e.margin_top:
            capi.YGNodeStyleSetMargin(n, capi.YGEdge.Top, e.margin_top)
        if in_row:
            if e.fill:
                capi.YGNodeStyleSetFlexGrow(n, 1)
                capi.YGNodeStyleSetFlexShrink(n, 1)
                capi.YGNodeStyleSetFlexBasis(n, 0)
                capi.YGNodeStyleSetMinWidth(n, 0)
            else:
                capi.YGNodeStyleSetFlexShrink(n, 1 if e.shrinks else 0)
                capi.YGNodeStyleSetMinWidth(n, 0)
        elif e.fill:
            capi.YGNodeStyleSetAlignSelf(n, capi.YGAlign.Stretch)
        elif e.kind == "text":
            capi.YGNodeStyleSetMaxWidthPercent(n, 100)
        if e.width is not None:
            capi.YGNodeStyleSetWidth(n, e.width)
        if e.height is not None:
            capi.YGNodeStyleSetHeight(n, e.height)
        if e.kind == "text":
            def measure(_node, width, width_mode, _height, _height_mode, text=e.text):
                mode = MODES[width_mode]
                self.calls.append(mode)
                known = width if mode == "exactly" else None
                w, h = feed_post.measure(text, known, ("definite" if mode == "at-most" else "max-content", width))
                return capi.YGSize(w, h)
            capi.YGNodeSetMeasureFunc(n, measure)
        for i, child in enumerate(e.children):
            capi.YGNodeInsertChild(n, self.node(child, e, i), i)
        return n

    def frames(self) -> feed_post.Frames:
        out = {}
        def walk(e: feed_post.Element, x0: float, y0: float):
            n = self.nodes[e.name]
            x, y = x0 + capi.YGNodeLayoutGetLeft(n), y0 + capi.YGNodeLayoutGetTop(n)
            out[e.name] = (x, y, capi.YGNodeLayoutGetWidth(n), capi.YGNodeLayoutGetHeight(n))
            for child in e.children:
                walk(child, x, y)
        walk(self.element, 0, 0)
        return out

    def free(self) -> None:
        # poga keeps measure functions until unset; one dropped at exit, after the interpreter, aborts it.
        for e in feed_post.names(self.element):
            if e.kind == "text":
                capi.YGNodeSetMeasureFunc(self.nodes[e.name], None)
        capi.YGNodeFreeRecursive(self.root)
        capi.YGConfigFree(self.config)


def layout(ts, model: dict, width: float, calls: list):
    root = feed_post.elements(ts, model)
    tree = Tree(root, width, calls)
    frames = tree.frames()
    tree.free()
    if model.get("body") and feed_post.show_more(root, frames["body"][2]):
        feed_post.add_show_more(ts, root)
        tree = Tree(root, width, calls)
        frames = tree.frames()
        tree.free()
    feed_post.align_header_baselines(root, frames)
    return root, frames


CASES = feed_post.cases()


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_yoga_frames_match_chromium(ts, case):
    feed_post.check_against_chromium(case, layout(ts, case["model"], case["width"], [])[1])


@pytest.mark.parametrize("case", CASES[:12], ids=[c["id"] for c in CASES[:12]])
def test_text_leaves_are_typesets_own_answers(ts, case):
    calls = []
    root, frames = layout(ts, case["model"], case["width"], calls)
    feed_post.check_text_leaves(root, frames, calls, {"exactly", "at-most"})
