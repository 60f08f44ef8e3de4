"""A chat of 10,000 messages laid out by Taffy (stretchable) or Yoga (poga), the window resized one pixel at a
time, with Typeset measuring each message: once calling Typeset for every measure the engine asks, once through
``typeset.engines.MeasureCache``, which answers a width inside the widths that keep a message's lines
(``same_lines_widths``) without calling Typeset. Prints both call counts and times, and checks that every
layout's frames are the same both ways.

    PYTHONPATH=python TYPESET_LIBRARY=.build/release/libtypeset.so \\
        python3 examples/layout-engines/chat_resize.py --engine both --messages 10000 --from 320 --to 420

The tree: a column as wide as the window (8 px padding), one bubble per message (12 px padding, at most 75% of
the column, against the left or the right edge), the message's text in the bubble.
"""
from __future__ import annotations

import argparse
import math
import random
import sys
import time
from typing import Callable, List, Tuple

from typeset import Style, Typesetter
from typeset.engines import MeasureCache, size_for

WORDS = ("ok sure thanks see you later tomorrow tonight the a meeting call lunch coffee sounds good great "
         "what about when where did you get my message sorry running late on my way be there in ten minutes "
         "photos from the weekend are up can you send me the file again it did not open on my phone "
         "haha that is amazing congrats on the new job let me know if you need anything").split()
EXTRAS = ["👍", "😂", "🎉", "❤️", "https://example.com/s/a8f3", "#weekend", "@sam", "10:30", "2026-11-29"]


def messages(count: int, seed: int = 7) -> List[Tuple[str, bool]]:
    """Chat messages (text, sent by me): mostly short, some of several sentences, some with emoji or links."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        n = rng.choice([1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 28, 40, 60])
        words = [rng.choice(WORDS) for _ in range(n)]
        if rng.random() < 0.3:
            words.insert(rng.randrange(len(words) + 1), rng.choice(EXTRAS))
        text = " ".join(words)
        out.append((text[0].upper() + text[1:], rng.random() < 0.5))
    return out


def taffy_layout(texts, measure_for: Callable) -> Callable[[float], List[Tuple[float, float, float, float]]]:
    """A Taffy tree of the chat; returns a function laying it out at a width and giving every bubble's frame."""
    import stretchable
    from stretchable.style import AUTO, PCT, PT, AlignSelf, FlexDirection
    root = stretchable.Node(flex_direction=FlexDirection.COLUMN, padding=8 * PT, gap=4 * PT)
    bubbles = []
    for text, mine in texts:
        bubble = stretchable.Node(padding=12 * PT, max_size=(75 * PCT, AUTO),
                                  align_self=AlignSelf.END if mine else AlignSelf.START)
        leaf = stretchable.Node()
        leaf.measure = measure_for(text)
        bubble.add(leaf)
        root.add(bubble)
        bubbles.append(bubble)

    def lay_out(width: float):
        root.compute_layout((width, math.nan))
        boxes = [b.get_box() for b in bubbles]
        return [(box.x, box.y, box.width, box.height) for box in boxes]
    return lay_out


def yoga_layout(texts, measure_for: Callable) -> Callable[[float], List[Tuple[float, float, float, float]]]:
    """A Yoga tree of the chat (as `taffy_layout`)."""
    from poga.libpoga_capi import (YGAlign, YGConfigNew, YGConfigSetPointScaleFactor, YGDirection, YGEdge,
                                   YGFlexDirection, YGNodeCalculateLayout, YGNodeInsertChild, YGNodeLayoutGetHeight,
                                   YGNodeLayoutGetLeft, YGNodeLayoutGetTop, YGNodeLayoutGetWidth, YGNodeNewWithConfig,
                                   YGNodeSetMeasureFunc, YGNodeStyleSetAlignSelf, YGNodeStyleSetFlexDirection,
                                   YGNodeStyleSetMargin, YGNodeStyleSetMaxWidthPercent, YGNodeStyleSetPadding,
                                   YGNodeStyleSetWidth)
    config = YGConfigNew()
    YGConfigSetPointScaleFactor(config, 0)
    root = YGNodeNewWithConfig(config)
    YGNodeStyleSetFlexDirection(root, YGFlexDirection.Column)
    YGNodeStyleSetPadding(root, YGEdge.All, 8)
    bubbles, leaves = [], []
    for i, (text, mine) in enumerate(texts):
        bubble = YGNodeNewWithConfig(config)
        YGNodeStyleSetPadding(bubble, YGEdge.All, 12)
        YGNodeStyleSetMaxWidthPercent(bubble, 75)
        YGNodeStyleSetAlignSelf(bubble, YGAlign.FlexEnd if mine else YGAlign.FlexStart)
        if i > 0:
            YGNodeStyleSetMargin(bubble, YGEdge.Top, 4)
        leaf = YGNodeNewWithConfig(config)
        YGNodeSetMeasureFunc(leaf, measure_for(text))
        YGNodeInsertChild(bubble, leaf, 0)
        YGNodeInsertChild(root, bubble, i)
        bubbles.append(bubble)
        leaves.append(leaf)

    def lay_out(width: float):
        YGNodeStyleSetWidth(root, width)
        YGNodeCalculateLayout(root, width, math.nan, YGDirection.LTR)
        return [(YGNodeLayoutGetLeft(b), YGNodeLayoutGetTop(b), YGNodeLayoutGetWidth(b), YGNodeLayoutGetHeight(b))
                for b in bubbles]

    def release():
        # poga keeps measure functions until unset (one still set at exit aborts the process).
        for leaf in leaves:
            YGNodeSetMeasureFunc(leaf, None)
    lay_out.release = release
    return lay_out


def run(engine: str, prepared, widths, cached: bool):
    """Lays the chat out at every width; returns (Typeset calls, engine measure calls, seconds, frames per width,
    seconds answering the engine's measure calls)."""
    cache = MeasureCache() if cached else None
    counts = {"asked": 0, "typeset": 0, "seconds": 0.0}
    clock = time.process_time  # CPU time: the figures hold on a loaded machine
    if engine == "taffy":
        from stretchable.style import PT
        from stretchable.style.geometry.length import AvailableSpace
        from stretchable.style.geometry.size import SizePoints
        spaces = {AvailableSpace.DEFINITE: "definite", AvailableSpace.MIN_CONTENT: "min-content",
                  AvailableSpace.MAX_CONTENT: "max-content"}

        def measure_for(text):
            p = prepared[text]

            def measure(_node, known, available):
                counts["asked"] += 1
                space = available.width
                started = clock()
                if cache is None:
                    counts["typeset"] += 1
                    w, h = size_for(p, known.width.value, spaces[space.scale], space.value)
                else:
                    w, h = cache.size_for(p, known.width.value, spaces[space.scale], space.value)
                counts["seconds"] += clock() - started
                return SizePoints(w * PT, h * PT)
            return measure
        lay_out = taffy_layout(list(prepared.order), measure_for)
    else:
        from poga.libpoga_capi import YGMeasureMode, YGSize
        modes = {YGMeasureMode.AtMost: "definite", YGMeasureMode.Undefined: "max-content"}

        def measure_for(text):
            p = prepared[text]

            def measure(_node, width, width_mode, _height, _height_mode):
                counts["asked"] += 1
                known = width if width_mode == YGMeasureMode.Exactly else None
                started = clock()
                if cache is None:
                    counts["typeset"] += 1
                    size = size_for(p, known, modes.get(width_mode, "max-content"), width)
                else:
                    size = cache.size_for(p, known, modes.get(width_mode, "max-content"), width)
                counts["seconds"] += clock() - started
                return YGSize(*size)
            return measure
        lay_out = yoga_layout(list(prepared.order), measure_for)
    frames = []
    start = time.process_time()
    for w in widths:
        frames.append(lay_out(w))
    seconds = time.process_time() - start
    if hasattr(lay_out, "release"):
        lay_out.release()
    typeset_calls = counts["typeset"] if cache is None else cache.calls
    return typeset_calls, counts["asked"], seconds, frames, counts["seconds"]


class Prepared(dict):
    """Prepared texts by text, in message order."""
    def __init__(self, texts, ts: Typesetter, style: Style):
        super().__init__()
        self.order = texts
        for text, _ in texts:
            if text not in self:
                self[text] = ts.prepare(text, style)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", choices=["taffy", "yoga", "both"], default="both")
    ap.add_argument("--messages", type=int, default=10000)
    ap.add_argument("--from", dest="start", type=int, default=320)
    ap.add_argument("--to", dest="stop", type=int, default=420)
    ap.add_argument("--step", type=float, default=1)
    args = ap.parse_args()
    texts = messages(args.messages)
    ts = Typesetter()
    prepared = Prepared(texts, ts, Style(font_family="Noto Sans, Noto Color Emoji", size=15))
    widths = [args.start + k * args.step for k in range(int((args.stop - args.start) / args.step) + 1)]
    print(f"{len(texts)} messages ({len(prepared)} distinct texts), {len(widths)} widths from {widths[0]} to {widths[-1]} px")
    status = 0
    for engine in (["taffy", "yoga"] if args.engine == "both" else [args.engine]):
        plain = run(engine, prepared, widths, cached=False)
        cached = run(engine, prepared, widths, cached=True)
        same = plain[3] == cached[3]
        print(f"{engine}: the engine asked {plain[1]:,} measures without the cache, {cached[1]:,} with it")
        print(f"  Typeset measures: {plain[0]:,} without the cache, {cached[0]:,} with it "
              f"({plain[0] / max(cached[0], 1):.1f}x fewer)")
        print(f"  layout CPU time, all widths: {plain[2]:.2f} s without, {cached[2]:.2f} s with "
              f"({plain[2] / cached[2]:.2f}x); per resize: {plain[2] / len(widths) * 1000:.1f} ms vs "
              f"{cached[2] / len(widths) * 1000:.1f} ms")
        print(f"  answering the measure calls (Typeset or the cache, the bindings' calls into Python aside): "
              f"{plain[4]:.2f} s without, {cached[4]:.2f} s with ({plain[4] / cached[4]:.1f}x)")
        print(f"  every frame the same both ways: {same}")
        if not same:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
