"""Measure functions for layout engines: a prepared text as a Taffy (``stretchable``) or Yoga (``poga``) leaf.

Both map the engine's constraint onto Typeset's width modes as CSS sizes a text box: a known width is
``exactly``; an available width ``at-most`` it; min- and max-content are themselves. Sizes are exact
(unrounded) px: the engines lay out in fractional px, as Chromium does. Neither engine is a dependency:
each helper imports its engine when called.
"""
from __future__ import annotations

import math
from typing import Any, Callable, Optional, Tuple

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


def taffy_measure(text: PreparedText) -> Callable[[Any, Any, Any], Any]:
    """A ``stretchable.Node.measure`` function for ``text``: ``node.measure = taffy_measure(prepared)``."""
    from stretchable.style import PT
    from stretchable.style.geometry.length import AvailableSpace
    from stretchable.style.geometry.size import SizePoints

    spaces = {AvailableSpace.DEFINITE: "definite", AvailableSpace.MIN_CONTENT: "min-content",
              AvailableSpace.MAX_CONTENT: "max-content"}

    def measure(_node: Any, known: Any, available: Any) -> Any:
        space = available.width
        w, h = size_for(text, known.width.value, spaces[space.scale], space.value)
        return SizePoints(w * PT, h * PT)

    return measure


def yoga_measure(text: PreparedText) -> Callable[[Any, float, Any, float, Any], Any]:
    """A Yoga measure function for ``text`` (poga's C API):
    ``YGNodeSetMeasureFunc(node, yoga_measure(prepared))``.

    poga keeps a measure function until it is unset: call ``YGNodeSetMeasureFunc(node, None)`` on every
    measured node before the nodes are freed and before the interpreter exits (a function still set at exit
    aborts the process).
    """
    from poga.libpoga_capi import YGMeasureMode, YGSize

    modes = {YGMeasureMode.AtMost: "definite", YGMeasureMode.Undefined: "max-content"}

    def measure(_node: Any, width: float, width_mode: Any, _height: float, _height_mode: Any) -> Any:
        known = width if width_mode == YGMeasureMode.Exactly else None
        return YGSize(*size_for(text, known, modes.get(width_mode, "max-content"), width))

    return measure
