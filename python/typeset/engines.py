"""Measure functions for layout engines: a prepared text as a Taffy (``stretchable``) or Yoga (``poga``) leaf.

Both map the engine's constraint onto Typeset's width modes as CSS sizes a text box: a known width is
``exactly``; an available width ``at-most`` it; min- and max-content are themselves. Sizes are exact
(unrounded) px: the engines lay out in fractional px, as Chromium does. Neither engine is a dependency:
each helper imports its engine when called.
"""
from __future__ import annotations

import math
from typing import Any, Callable, Dict, Optional, Tuple

from ._typesetter import PreparedText


def size_for(text: PreparedText, known_width: Optional[float], available: str,
             available_width: float = math.nan) -> Tuple[float, float]:
    """A text's exact (width, height) under a layout engine's constraint.

    ``known_width``: the width the engine has already fixed (Yoga ``Exactly``, Taffy's known dimension), or
    ``None``. Else ``available``: ``"definite"`` (at most ``available_width``; Yoga ``AtMost``),
    ``"max-content"`` (Yoga ``Undefined``) or ``"min-content"``. A negative width (an overcommitted row) is 0.
    """
    if known_width is not None and not math.isnan(known_width):
        m = text.measure(max(known_width, 0), "exactly")
    elif available == "definite":
        m = text.measure(max(available_width, 0), "at-most")
    else:
        m = text.measure(mode=available)
    return m.exact_width, m.exact_height


class MeasureCache:
    """Answers a layout engine's measure calls from each text's last measurement while the width stays among the
    widths that break the text into the same lines (:class:`typeset.SameLinesWidths`), calling Typeset only when
    it leaves them: a resize by a pixel, or the several calls of one layout pass, mostly cost a comparison.

    Keyed by the prepared text (one entry per text: its last ``intervals_per_text`` bounded width intervals,
    most recent first, as a flex pass asks at a few widths; the interval of its unbounded lines, which answers
    max-content too; and its min-content answer). It keeps a reference to each text until :meth:`forget`. The answers
    are exactly what :func:`size_for` gives. ``calls`` counts the measures Typeset made, ``hits`` the answers
    given without one. Not thread-safe: one per layout thread.
    """

    def __init__(self, intervals_per_text: int = 4) -> None:
        self._entries: Dict[int, list] = {}
        self.intervals_per_text = intervals_per_text
        self.calls = 0
        self.hits = 0

    def size_for(self, text: PreparedText, known_width: Optional[float], available: str,
                 available_width: float = math.nan) -> Tuple[float, float]:
        """As :func:`size_for`, from the cache when it can."""
        entry = self._entries.get(id(text))
        if entry is None or entry[0] is not text:
            # [text, the last bounded intervals (min, max, widest line or None, height), min-content size,
            #  the unbounded interval (min, None, widest line or None, height): the max-content lines]
            entry = self._entries[id(text)] = [text, [], None, None]
        if known_width is not None and not math.isnan(known_width):
            width, exactly = max(known_width, 0), True
        elif available == "definite":
            width, exactly = max(available_width, 0), False
        elif available == "min-content":
            if entry[2] is None:
                self.calls += 1
                m = text.measure(mode="min-content")
                entry[2] = (m.exact_width, m.exact_height)
            else:
                self.hits += 1
            return entry[2]
        else:
            unbounded = entry[3]
            if unbounded is not None and unbounded[2] is not None:
                self.hits += 1
                return unbounded[2], unbounded[3]
            self.calls += 1
            m = text.measure(mode="max-content", same_lines=True)
            same = m.same_lines_widths
            self._remember(entry, same, None if same.width_follows_box else m.exact_width, m.exact_height)
            return m.exact_width, m.exact_height
        unbounded = entry[3]
        if unbounded is not None and unbounded[0] <= width and (exactly or unbounded[2] is not None):
            self.hits += 1
            return (width if exactly else unbounded[2]), unbounded[3]
        for k, last in enumerate(entry[1]):
            if last[0] <= width < last[1] and (exactly or last[2] is not None):
                self.hits += 1
                if k:
                    entry[1].insert(0, entry[1].pop(k))
                return (width if exactly else last[2]), last[3]
        self.calls += 1
        m = text.measure(width, "exactly" if exactly else "at-most", same_lines=True)
        same = m.same_lines_widths
        # The widest line answers "at-most" inside the interval (not when a justified line fills the box, nor
        # known from an "exactly" answer, whose width is the box).
        widest = None if exactly or same.width_follows_box else m.exact_width
        self._remember(entry, same, widest, m.exact_height)
        return m.exact_width, m.exact_height

    def _remember(self, entry: list, same: Any, widest: Optional[float], height: float) -> None:
        interval = (same.min, same.max, widest, height)
        if same.max is None:
            # The unbounded lines: kept apart (max-content asks for them too), the one with its widest line first.
            if entry[3] is None or entry[3][2] is None:
                entry[3] = interval
            return
        entry[1].insert(0, interval)
        del entry[1][self.intervals_per_text:]

    def forget(self, text: PreparedText) -> None:
        """Drops a text's entry (its text or style changed: prepare it again)."""
        self._entries.pop(id(text), None)


def taffy_measure(text: PreparedText, cache: Optional[MeasureCache] = None) -> Callable[[Any, Any, Any], Any]:
    """A ``stretchable.Node.measure`` function for ``text``: ``node.measure = taffy_measure(prepared)``;
    answered from ``cache`` when given (one :class:`MeasureCache` for all the tree's texts)."""
    from stretchable.style import PT
    from stretchable.style.geometry.length import AvailableSpace
    from stretchable.style.geometry.size import SizePoints

    spaces = {AvailableSpace.DEFINITE: "definite", AvailableSpace.MIN_CONTENT: "min-content",
              AvailableSpace.MAX_CONTENT: "max-content"}
    sized = cache.size_for if cache is not None else size_for

    def measure(_node: Any, known: Any, available: Any) -> Any:
        space = available.width
        w, h = sized(text, known.width.value, spaces[space.scale], space.value)
        return SizePoints(w * PT, h * PT)

    return measure


def yoga_measure(text: PreparedText, cache: Optional[MeasureCache] = None) -> Callable[[Any, float, Any, float, Any], Any]:
    """A Yoga measure function for ``text`` (poga's C API):
    ``YGNodeSetMeasureFunc(node, yoga_measure(prepared))``; answered from ``cache`` when given (one
    :class:`MeasureCache` for all the tree's texts).

    poga keeps a measure function until it is unset: call ``YGNodeSetMeasureFunc(node, None)`` on every
    measured node before the nodes are freed and before the interpreter exits (a function still set at exit
    aborts the process).
    """
    from poga.libpoga_capi import YGMeasureMode, YGSize

    modes = {YGMeasureMode.AtMost: "definite", YGMeasureMode.Undefined: "max-content"}
    sized = cache.size_for if cache is not None else size_for

    def measure(_node: Any, width: float, width_mode: Any, _height: float, _height_mode: Any) -> Any:
        known = width if width_mode == YGMeasureMode.Exactly else None
        return YGSize(*sized(text, known, modes.get(width_mode, "max-content"), width))

    return measure
