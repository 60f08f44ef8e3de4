"""Typesetter and PreparedText: the C interface's handles as Python objects."""
from __future__ import annotations

import ctypes
import json
import math
from bisect import bisect_left
from typing import Dict, Iterable, List, Optional, Sequence, Tuple, Union

from . import _native as n
from ._types import (ALIGN, DIRECTION, ENTITY_KINDS, LINE_BREAK, OPTICAL_SIZING, TEXT_BOX_OVER, TEXT_BOX_TRIM,
                     TEXT_BOX_UNDER, TEXT_OVERFLOW, TEXT_WRAP,
                     VERTICAL_ALIGN, WHITE_SPACE, WIDTH_MODES, WORD_BREAK, Attachment, Entity, Layout, Line, Measurement,
                     Paragraph, Run, Style)
from .errors import RequestError, error_for

_lib = n.lib


def _check(status: int) -> None:
    if status != 0:
        raise error_for(status, _lib.ts_last_error().decode("utf-8", "replace"))


def _option(value: str, options: Sequence[str], name: str) -> int:
    try:
        return options.index(value)
    except ValueError:
        raise error_for(1, f"{name} must be one of {', '.join(options)} (got {value!r})") from None


def _c_string(value: Optional[str], name: str = "a string", nul_allowed: bool = False) -> Optional[bytes]:
    """A string for the C interface: UTF-8 without NUL (which would cut it short there); a lone surrogate or a NUL
    is an :class:`ArgumentError` naming the argument."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise error_for(1, f"{name} must be a str (got {type(value).__name__})")
    try:
        encoded = value.encode("utf-8")
    except UnicodeEncodeError as e:
        raise error_for(1, f"{name} is not valid Unicode: a lone surrogate at index {e.start}") from None
    if not nul_allowed and b"\0" in encoded:
        raise error_for(1, f"{name} contains a NUL character at index {value.index(chr(0))}")
    return encoded


_INT32 = (-(1 << 31), (1 << 31) - 1)


def _int32(value, name: str) -> int:
    """An integer argument that fits the C interface's 32-bit field (never wrapped)."""
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        else:
            raise error_for(1, f"{name} must be an integer (got {value!r})")
    if not _INT32[0] <= value <= _INT32[1]:
        raise error_for(1, f"{name} {value} is out of range ({_INT32[0]} to {_INT32[1]})")
    return value


def _css_family_list(families) -> str:
    """Family names as one CSS font-family list, each quoted (a name may hold a comma)."""
    return ", ".join('"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"' for name in families)


def _c_style(style: Style) -> n.Style:
    family = style.font_family if isinstance(style.font_family, str) else _css_family_list(style.font_family)
    kind, height = 0, 0.0
    if isinstance(style.line_height, tuple):
        if len(style.line_height) != 2 or style.line_height[0] != "multiple":
            raise error_for(1, f"line_height must be None, a number of px or ('multiple', m) (got {style.line_height!r})")
        kind, height = 2, float(style.line_height[1])
    elif style.line_height is not None:
        kind, height = 1, float(style.line_height)
    return n.Style(_c_string(family, "font_family"), float(style.size), _int32(style.weight, "weight"),
                   1 if style.italic else 0, float(style.letter_spacing), kind, height, _c_string(style.lang, "lang"))


def _is_varied(style: Style) -> bool:
    """Whether a style sets a variable-font property (else the plain C calls serve it)."""
    return style.stretch != 100 or style.variation_settings not in (None, "", {}) or style.optical_sizing != "auto"


def _c_variation(style: Style) -> n.FontVariation:
    settings = style.variation_settings
    if isinstance(settings, dict):
        settings = ", ".join(f"'{tag}' {float(value)!r}" for tag, value in settings.items())
    return n.FontVariation(float(style.stretch), _c_string(settings, "variation_settings"),
                           _option(style.optical_sizing, OPTICAL_SIZING, "optical_sizing"))


c_double = ctypes.c_double


def _sides(value: Union[None, float, str], name: str) -> Tuple[float, float, float, float]:
    """CSS padding/border-width/margin: a number for every side or 1 to 4 lengths; top, right, bottom, left."""
    if value is None:
        return (0.0, 0.0, 0.0, 0.0)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return (float(value),) * 4
    if not isinstance(value, str):
        raise error_for(1, f"{name} must be a number of px or CSS text of 1 to 4 lengths (got {type(value).__name__})")
    words = value.split()
    if not 1 <= len(words) <= 4:
        raise error_for(1, f"{name} \"{value}\" takes 1 to 4 lengths, found {len(words)}")
    try:
        v = [float(w[:-2] if w.endswith("px") else w) for w in words]
    except ValueError:
        raise error_for(1, f"{name} \"{value}\": each length is a number with px or none (e.g. 6px)") from None
    top = v[0]
    right = v[1] if len(v) > 1 else top
    bottom = v[2] if len(v) > 2 else top
    left = v[3] if len(v) > 3 else right
    return (top, right, bottom, left)


def _has_box(run: Run) -> bool:
    return run.padding is not None or run.border_width is not None or run.margin is not None


def _c_box(run: Run, i: int) -> n.InlineBox:
    return n.InlineBox((c_double * 4)(*_sides(run.padding, f"runs[{i}].padding")),
                       (c_double * 4)(*_sides(run.border_width, f"runs[{i}].border_width")),
                       (c_double * 4)(*_sides(run.margin, f"runs[{i}].margin")))


def _c_text_box(p: Optional[Paragraph]) -> Optional[n.TextBox]:
    if p is None or (p.text_box_trim == "none" and p.text_box_edge == "auto"):
        return None
    words = p.text_box_edge.split()
    if words in (["auto"], ["text"], ["cap"], ["ex"]):  # a lone cap or ex is auto, as Chromium drops it
        over, under = "text", "text"
    elif len(words) == 2:
        over, under = words
    else:
        raise error_for(1, f"text_box_edge must be auto, text, or an over edge (text, cap, ex) and an under edge "
                           f"(text, alphabetic) (got \"{p.text_box_edge}\")")
    return n.TextBox(_option(p.text_box_trim, TEXT_BOX_TRIM, "text_box_trim"),
                     _option(over, TEXT_BOX_OVER, "text_box_edge"), _option(under, TEXT_BOX_UNDER, "text_box_edge"))


def _c_paragraph(p: Paragraph) -> n.Paragraph:
    if p.max_lines is not None and _int32(p.max_lines, "max_lines") < 1:
        raise error_for(1, f"max_lines must be None or at least 1 (got {p.max_lines})")
    white_space = _option(p.white_space, WHITE_SPACE, "white_space")
    wrap = _option(p.text_wrap, TEXT_WRAP, "text_wrap")
    if TEXT_WRAP[wrap] == "nowrap":  # CSS text-wrap: nowrap is white-space: nowrap
        if WHITE_SPACE[white_space] == "pre-wrap":
            raise error_for(1, "text_wrap nowrap with white_space pre-wrap is CSS white-space: pre, "
                               "which Typeset does not lay out")
        white_space, wrap = WHITE_SPACE.index("nowrap"), 0
    return n.Paragraph(white_space, _option(p.word_break, WORD_BREAK, "word_break"),
                       1 if p.break_words else 0, _option(p.line_break, LINE_BREAK, "line_break"),
                       _option(p.align, ALIGN, "align"), _option(p.direction, DIRECTION, "direction"),
                       p.max_lines or 0, _option(p.text_overflow, TEXT_OVERFLOW, "text_overflow"),
                       _c_string(p.ellipsis, "ellipsis"), _c_string(p.lang, "lang"), _int32(p.tab_size, "tab_size"), wrap)


class _Offsets:
    """Conversions between ``str`` indices (code points) and the C interface's UTF-8 byte offsets, worked out
    the first time one is asked for (a measure needs none)."""

    __slots__ = ("_text", "_ascii", "_table")

    def __init__(self, text: str, encoded: bytes) -> None:
        self._text = text
        self._ascii = len(encoded) == len(text)  # then the offsets are the same
        self._table: Optional[List[int]] = None

    def _bytes(self) -> List[int]:
        if self._table is None:
            offsets = [0] * (len(self._text) + 1)
            total = 0
            for i, ch in enumerate(self._text):
                total += 1 if ch < "\x80" else len(ch.encode("utf-8", "surrogatepass"))
                offsets[i + 1] = total
            self._table = offsets
        return self._table

    def byte(self, index: int, name: str) -> int:
        if isinstance(index, bool) or not isinstance(index, int):
            raise error_for(1, f"{name} must be an integer index (got {index!r})")
        if self._ascii:
            if not 0 <= index <= len(self._text):
                raise error_for(1, f"{name} {index} is outside the text ({len(self._text)} characters)")
            return index
        table = self._bytes()
        if not 0 <= index < len(table):
            raise error_for(1, f"{name} {index} is outside the text ({len(table) - 1} characters)")
        return table[index]

    def index(self, byte: int) -> int:
        return byte if self._ascii else bisect_left(self._bytes(), byte)


def _width_mode(width: Optional[float], mode: Optional[str]) -> tuple:
    if mode is None:
        mode = "max-content" if width is None else "at-most"
    code = _option(mode, WIDTH_MODES, "mode")
    return code, (math.nan if width is None else float(width))


class PreparedText:
    """A text analysed and shaped once; laying it out at any width is arithmetic only. Thread-safe."""

    __slots__ = ("_handle", "text", "_offsets", "__weakref__")

    def __init__(self, handle: ctypes.c_void_p, text: str, offsets: _Offsets) -> None:
        self._handle = handle
        self.text = text
        self._offsets = offsets

    def __del__(self) -> None:
        handle, self._handle = getattr(self, "_handle", None), None
        if handle:
            _lib.ts_prepared_free(handle)

    @property
    def min_content_width(self) -> float:
        """CSS min-content width, exact px: the widest piece the text cannot break inside."""
        low = ctypes.c_double()
        _check(_lib.ts_prepared_intrinsic_widths(self._handle, ctypes.byref(low), None))
        return low.value

    @property
    def max_content_width(self) -> float:
        """CSS max-content width, exact px: one line per paragraph."""
        high = ctypes.c_double()
        _check(_lib.ts_prepared_intrinsic_widths(self._handle, None, ctypes.byref(high)))
        return high.value

    def measure(self, width: Optional[float] = None, mode: Optional[str] = None) -> Measurement:
        """The size under a width constraint, without lines (a layout engine's measure function).

        ``mode``: ``"at-most"`` (the default with a width: lines break at it, the box is the widest line),
        ``"exactly"`` (the box is ``width``), ``"max-content"`` (the default without a width),
        ``"min-content"``, ``"longest-line"``.
        """
        code, w = _width_mode(width, mode)
        m = n.Measurement()
        _check(_lib.ts_measure(self._handle, code, w, ctypes.byref(m)))
        return Measurement(m.width, m.height, m.exact_width, m.exact_height, m.line_count, bool(m.truncated))

    def layout(self, width: Optional[float] = None, mode: Optional[str] = None) -> Layout:
        """The lines at a width (modes as for :meth:`measure`), offsets in ``str`` indices.

        Lines are placed (``x``) in a box ``width`` wide for ``"at-most"`` as for ``"exactly"``: a
        right-to-left, right-aligned or centred line stands against ``width``, not in the narrower
        box ``"at-most"`` reports; ``"longest-line"`` places the lines in the box it reports.
        """
        code, w = _width_mode(width, mode)
        handle = ctypes.c_void_p()
        _check(_lib.ts_layout_new(self._handle, code, w, ctypes.byref(handle)))
        try:
            info = n.LayoutInfo()
            _check(_lib.ts_layout_get_info(handle, ctypes.byref(info)))
            count = info.line_count
            c_lines = (n.Line * max(count, 1))()
            _check(_lib.ts_layout_get_lines(handle, 0, count, c_lines))
            index = self._offsets.index
            lines = [Line(index(l.start), index(l.end), l.x, l.top, l.width, l.height, l.baseline, l.ascent, l.descent,
                          bool(l.has_ellipsis)) for l in c_lines[:count]]
            return Layout(info.width, info.height, info.exact_width, info.exact_height, info.natural_width,
                          bool(info.truncated), lines)
        finally:
            _lib.ts_layout_free(handle)


class Typesetter:
    """Prepares text in a set of fonts; make one per process and share it (thread-safe).

    Fonts: the bundled ones by default (``TYPESET_FONTS``, then ``PREFIX/share/typeset/fonts`` of the
    installed library), or ``fonts_dir``, or ``font_files``; ``system_fonts`` adds the system's.
    ``font_faces``, the path of a CSS file of ``@font-face`` rules (WOFF2 files split by
    ``unicode-range``, ``size-adjust``…), adds their families as a web page declares them, beside
    the bundled fonts or ``fonts_dir``.
    """

    def __init__(self, fonts_dir: Optional[str] = None, font_files: Optional[Iterable[str]] = None,
                 system_fonts: bool = False, font_faces: Optional[str] = None) -> None:
        self._handle = None
        fonts = ctypes.c_void_p()
        system = 1 if system_fonts else 0
        if fonts_dir is not None and font_files is not None:
            raise error_for(1, "give fonts_dir or font_files, not both")
        if font_faces is not None and font_files is not None:
            raise error_for(1, "give font_faces with fonts_dir or alone, not with font_files")
        if font_faces is not None:
            directory = None if fonts_dir is None else _c_string(str(fonts_dir), "fonts_dir")
            _check(_lib.ts_fonts_from_font_faces(_c_string(str(font_faces), "font_faces"), directory, system,
                                                  ctypes.byref(fonts)))
        elif fonts_dir is not None:
            _check(_lib.ts_fonts_from_directory(_c_string(str(fonts_dir), "fonts_dir"), system, ctypes.byref(fonts)))
        elif font_files is not None:
            paths = [_c_string(str(p), f"font_files[{i}]") for i, p in enumerate(font_files)]
            array = (ctypes.c_char_p * max(len(paths), 1))(*paths)
            _check(_lib.ts_fonts_from_files(array, len(paths), system, ctypes.byref(fonts)))
        else:
            _check(_lib.ts_fonts_bundled(system, ctypes.byref(fonts)))
        try:
            handle = ctypes.c_void_p()
            _check(_lib.ts_typesetter_new(fonts, ctypes.byref(handle)))
            self._handle = handle
        finally:
            _lib.ts_fonts_free(fonts)
        # The C structures of the styles and paragraphs used lately: at most _CACHED of each, the oldest dropped.
        self._styles: Dict[Style, n.Style] = {}
        self._paragraphs: Dict[Paragraph, n.Paragraph] = {}

    def __del__(self) -> None:
        handle, self._handle = getattr(self, "_handle", None), None
        if handle:
            _lib.ts_typesetter_free(handle)

    _CACHED = 256

    @staticmethod
    def _cached(cache: dict, key, make):
        c = cache.get(key)
        if c is None:
            c = make(key)
            if len(cache) >= Typesetter._CACHED:
                del cache[next(iter(cache))]  # the oldest: a stream of distinct styles keeps at most _CACHED
            cache[key] = c
        return c

    def _style(self, style: Style) -> n.Style:
        return self._cached(self._styles, style, _c_style)

    def _paragraph(self, paragraph: Optional[Paragraph]):
        if paragraph is None:
            return None
        return ctypes.byref(self._cached(self._paragraphs, paragraph, _c_paragraph))

    def prepare(self, text: str, style: Style = Style(), paragraph: Optional[Paragraph] = None, scale: float = 1,
                runs: Sequence[Run] = (), attachments: Sequence[Attachment] = ()) -> PreparedText:
        """Analyses and shapes ``text`` in ``style`` (its block style), ``runs`` restyling ranges of it and
        ``attachments`` at U+FFFC characters, for a screen of device pixel ratio ``scale``."""
        if not isinstance(text, str):
            raise error_for(1, f"text must be a str (got {type(text).__name__})")
        encoded = text.encode("utf-8", "surrogatepass")
        offsets = _Offsets(text, encoded)
        handle = ctypes.c_void_p()
        varied = _is_varied(style) or any(_is_varied(r.style) for r in runs)
        text_box = _c_text_box(paragraph)
        if text_box is not None or any(_has_box(r) for r in runs):
            c_runs = (n.Run * max(len(runs), 1))(*[
                n.Run(offsets.byte(r.start, f"runs[{i}].start"), offsets.byte(r.end, f"runs[{i}].end"), self._style(r.style))
                for i, r in enumerate(runs)])
            c_boxes = (n.InlineBox * max(len(runs), 1))(*[_c_box(r, i) for i, r in enumerate(runs)])
            c_variations = (n.FontVariation * max(len(runs), 1))(*[_c_variation(r.style) for r in runs])
            c_attachments = (n.Attachment * max(len(attachments), 1))(*[
                n.Attachment(offsets.byte(a.offset, f"attachments[{i}].offset"), float(a.width), float(a.height),
                             _option(a.vertical_align, VERTICAL_ALIGN, f"attachments[{i}].vertical_align"))
                for i, a in enumerate(attachments)])
            _check(_lib.ts_prepare_boxed(
                self._handle, encoded, len(encoded), ctypes.byref(self._style(style)), ctypes.byref(_c_variation(style)),
                c_runs, c_variations, c_boxes, len(runs), c_attachments, len(attachments), self._paragraph(paragraph),
                ctypes.byref(text_box) if text_box is not None else None, float(scale), ctypes.byref(handle)))
        elif not runs and not attachments and not varied:
            _check(_lib.ts_prepare(self._handle, encoded, len(encoded), ctypes.byref(self._style(style)),
                                   self._paragraph(paragraph), float(scale), ctypes.byref(handle)))
        elif not runs and not attachments:
            _check(_lib.ts_prepare_varied(self._handle, encoded, len(encoded), ctypes.byref(self._style(style)),
                                          ctypes.byref(_c_variation(style)), self._paragraph(paragraph), float(scale),
                                          ctypes.byref(handle)))
        else:
            c_runs = (n.Run * max(len(runs), 1))(*[
                n.Run(offsets.byte(r.start, f"runs[{i}].start"), offsets.byte(r.end, f"runs[{i}].end"), self._style(r.style))
                for i, r in enumerate(runs)])
            c_attachments = (n.Attachment * max(len(attachments), 1))(*[
                n.Attachment(offsets.byte(a.offset, f"attachments[{i}].offset"), float(a.width), float(a.height),
                             _option(a.vertical_align, VERTICAL_ALIGN, f"attachments[{i}].vertical_align"))
                for i, a in enumerate(attachments)])
            if varied:
                c_variations = (n.FontVariation * max(len(runs), 1))(*[_c_variation(r.style) for r in runs])
                _check(_lib.ts_prepare_attributed_varied(
                    self._handle, encoded, len(encoded), ctypes.byref(self._style(style)),
                    ctypes.byref(_c_variation(style)), c_runs, c_variations, len(runs), c_attachments,
                    len(attachments), self._paragraph(paragraph), float(scale), ctypes.byref(handle)))
            else:
                _check(_lib.ts_prepare_attributed(self._handle, encoded, len(encoded), ctypes.byref(self._style(style)),
                                                  c_runs, len(runs), c_attachments, len(attachments),
                                                  self._paragraph(paragraph), float(scale), ctypes.byref(handle)))
        return PreparedText(handle, text, offsets)

    def measure(self, text: str, style: Style = Style(), width: Optional[float] = None, mode: Optional[str] = None,
                paragraph: Optional[Paragraph] = None, scale: float = 1) -> Measurement:
        """Prepares and measures in one call (see :meth:`PreparedText.measure`)."""
        return self.prepare(text, style, paragraph, scale).measure(width, mode)

    def layout(self, text: str, style: Style = Style(), width: Optional[float] = None, mode: Optional[str] = None,
               paragraph: Optional[Paragraph] = None, scale: float = 1) -> Layout:
        """Prepares and lays out in one call (see :meth:`PreparedText.layout`)."""
        return self.prepare(text, style, paragraph, scale).layout(width, mode)

    def batch(self, request: Union[str, dict]) -> dict:
        """Answers one request of the ``measure batch`` JSON Lines protocol (a JSON object or its text).

        Raises :class:`RequestError` (with the answer's error object) for a request the protocol refuses.
        """
        # Passed with its length: a NUL is the protocol's to refuse (a raw control character), not cut short.
        line = _c_string(request if isinstance(request, str) else json.dumps(request), "request", nul_allowed=True)
        answer = ctypes.POINTER(ctypes.c_char)()
        length = ctypes.c_size_t()
        status = _lib.ts_batch_answer(self._handle, line, len(line), ctypes.byref(answer), ctypes.byref(length))
        if status not in (0, RequestError.status):
            _check(status)
        try:
            decoded = json.loads(ctypes.string_at(answer, length.value).decode("utf-8"))
        finally:
            _lib.ts_string_free(answer)
        if status != 0:
            raise RequestError(decoded.get("error", {}).get("message", "request refused"), decoded)
        return decoded


def entities(text: str) -> List[Entity]:
    """The hashtags, mentions, cashtags and URLs of a text (twitter-text's rules), ranges in ``str`` indices."""
    encoded = text.encode("utf-8", "surrogatepass")
    offsets = _Offsets(text, encoded)
    count = ctypes.c_size_t()
    capacity = 16
    while True:
        found = (n.Entity * capacity)()
        _check(_lib.ts_entities(encoded, len(encoded), found, capacity, ctypes.byref(count)))
        if count.value <= capacity:
            break
        capacity = count.value
    out = []
    for e in found[:count.value]:
        start, end = offsets.index(e.start), offsets.index(e.end)
        out.append(Entity(ENTITY_KINDS[e.kind], start, end, text[start:end]))
    return out


def version() -> str:
    """libtypeset's version."""
    return _lib.ts_version().decode()
