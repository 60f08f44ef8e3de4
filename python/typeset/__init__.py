"""Typeset for Python: text sizes and lines as Chromium lays them out, over libtypeset's C interface.

    from typeset import Typesetter, Style
    ts = Typesetter()                                      # the bundled fonts
    text = ts.prepare("Hello world", Style(font_family="Noto Sans", size=15))
    text.measure(320)                                      # Measurement(width=81.0, height=20.0, ...)
    text.layout(320).lines                                 # [Line(start=0, end=11, ...)]

Offsets are ``str`` indices (code points). Lengths are CSS px.
"""
from ._types import Attachment, Entity, Layout, Line, Measurement, Paragraph, Run, SameLinesWidths, Style, WIDTH_MODES
from ._typesetter import PreparedText, Typesetter, entities, version
from .errors import ArgumentError, FontError, InternalError, RequestError, TypesetError

__all__ = ["Attachment", "Entity", "Layout", "Line", "Measurement", "Paragraph", "Run", "SameLinesWidths", "Style", "WIDTH_MODES",
           "PreparedText", "Typesetter", "entities", "version",
           "ArgumentError", "FontError", "InternalError", "RequestError", "TypesetError"]
