"""The values the typeset package takes and returns: styles in, sizes and lines out, as dataclasses."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple, Union

WHITE_SPACE = ("normal", "pre-wrap", "nowrap", "pre-line", "pre", "break-spaces")
#: CSS overflow-wrap (``Paragraph.overflow_wrap``).
OVERFLOW_WRAP = ("normal", "break-word", "anywhere")
WORD_BREAK = ("normal", "keep-all", "break-all")
LINE_BREAK = ("auto", "loose", "normal", "strict", "anywhere")
ALIGN = ("start", "end", "left", "right", "center", "justify")
DIRECTION = ("auto", "ltr", "rtl")
TEXT_OVERFLOW = ("clip", "ellipsis")
TEXT_BOX_TRIM = ("none", "trim-start", "trim-end", "trim-both")
TEXT_BOX_OVER = ("text", "cap", "ex")
TEXT_BOX_UNDER = ("text", "alphabetic")
#: CSS text-wrap: ``nowrap`` is ``white_space="nowrap"``, as in CSS and the batch protocol.
TEXT_WRAP = ("wrap", "balance", "pretty", "nowrap")
OPTICAL_SIZING = ("auto", "none")
TEXT_TRANSFORM = ("none", "uppercase", "lowercase", "capitalize", "full-width")
TEXT_ALIGN_LAST = ("auto", "start", "end", "left", "right", "center", "justify")
VERTICAL_ALIGN = ("baseline", "middle", "text-top", "text-bottom")
ENTITY_KINDS = ("hashtag", "mention", "cashtag", "url")
#: Width modes: how a layout engine constrains a text (see ``PreparedText.measure``).
WIDTH_MODES = ("max-content", "exactly", "at-most", "min-content", "longest-line")


@dataclass(frozen=True)
class Style:
    """A character style (CSS names): ``font_family`` is a CSS font-family list, first preferred
    (``"Noto Sans, Noto Color Emoji"``; a family whose name holds a comma quoted: ``'"Acme, Inc", serif'``),
    or a tuple of family names as they are. ``size`` defaults to 16 px, CSS's initial font-size.

    ``line_height`` is ``None`` (CSS ``normal``), a number of px, or ``("multiple", m)``.
    Variable fonts: ``stretch`` is CSS ``font-stretch`` in percent (sets ``wdth``), ``variation_settings`` CSS
    ``font-variation-settings`` text (``"'wght' 650, 'GRAD' 50"``) or a dict (``{"wght": 650}``), and
    ``optical_sizing`` ``"auto"`` (``opsz`` follows the size) or ``"none"``.
    ``text_transform`` is CSS ``text-transform`` (language-aware through ``lang``; offsets stay in the source
    text), ``word_spacing`` CSS ``word-spacing`` in px.
    """

    font_family: Union[str, Tuple[str, ...]] = "Noto Sans"
    size: float = 16
    weight: int = 400
    italic: bool = False
    letter_spacing: float = 0
    line_height: Union[None, float, Tuple[str, float]] = None
    lang: Optional[str] = None
    stretch: float = 100
    variation_settings: Union[None, str, Dict[str, float]] = None
    optical_sizing: str = "auto"
    text_transform: str = "none"
    word_spacing: float = 0

    def __hash__(self) -> int:  # a dict of settings is not hashable: hash it as its items
        vs = self.variation_settings
        return hash((self.font_family, self.size, self.weight, self.italic, self.letter_spacing, self.line_height,
                     self.lang, self.stretch, tuple(sorted(vs.items())) if isinstance(vs, dict) else vs,
                     self.optical_sizing, self.text_transform, self.word_spacing))


@dataclass(frozen=True)
class Paragraph:
    """Paragraph options, named after their CSS properties (values are CSS keywords).

    ``text_wrap``: ``"balance"`` evens a headline's lines, ``"pretty"`` keeps a lone short word off a post's
    last line, ``"nowrap"`` is ``white_space="nowrap"`` (``"pre"`` with ``"pre-wrap"``).

    ``white_space``: ``"pre-line"`` keeps newlines and collapses spaces (chat messages), ``"pre"`` keeps
    everything and never wraps, ``"break-spaces"`` keeps everything with spaces that take width and wrap.
    ``overflow_wrap``: ``"break-word"`` (the default) or ``"anywhere"`` break a word too wide for its line,
    ``"anywhere"`` also for min-content; ``"normal"`` lets it overflow. ``break_words`` is the former
    boolean, read only when ``overflow_wrap`` is None (``False`` is ``"normal"``).
    ``text_indent`` is CSS ``text-indent``: a number of px or CSS text (``"10%"``, ``"1em each-line"``,
    ``"2em hanging"``); ``text_align_last`` CSS ``text-align-last``.
    """

    white_space: str = "normal"
    word_break: str = "normal"
    break_words: bool = True
    line_break: str = "auto"
    align: str = "start"
    direction: str = "auto"
    max_lines: Optional[int] = None
    text_overflow: str = "clip"
    ellipsis: Optional[str] = None
    lang: Optional[str] = None
    tab_size: int = 8
    text_wrap: str = "wrap"
    text_indent: Union[float, str] = 0
    text_align_last: str = "auto"
    #: CSS ``text-box-trim`` (``"none"``, ``"trim-start"``, ``"trim-end"``, ``"trim-both"``) and ``text-box-edge``
    #: (``"auto"``, ``"text"``, ``"cap alphabetic"``, ``"ex alphabetic"``, ``"cap text"`` …): design tools' vertical
    #: trim is ``text_box_trim="trim-both", text_box_edge="cap alphabetic"``.
    text_box_trim: str = "none"
    text_box_edge: str = "auto"
    overflow_wrap: Optional[str] = None


@dataclass(frozen=True)
class Run:
    """A range of the text (``str`` indices ``start``..``end``) restyled, as a ``<span>``.

    ``padding``, ``border_width`` and ``margin`` are CSS's on the span (a mention chip, inline code): a number of
    px for every side, or CSS shorthand text of 1 to 4 lengths (``"2px 6px"``, ``"0 4px 0 8px"``); only the left
    and right sides take room on a line.
    """

    start: int
    end: int
    style: Style
    padding: Union[None, float, str] = None
    border_width: Union[None, float, str] = None
    margin: Union[None, float, str] = None


@dataclass(frozen=True)
class Attachment:
    """A fixed-size inline box at the U+FFFC at ``str`` index ``offset``."""

    offset: int
    width: float
    height: float
    vertical_align: str = "baseline"


@dataclass(frozen=True)
class Line:
    """One line: ``start``..``end`` are ``str`` indices of the text it covers; lengths in CSS px."""

    start: int
    end: int
    x: float
    top: float
    width: float
    height: float
    baseline: float
    ascent: float
    descent: float
    has_ellipsis: bool


@dataclass(frozen=True)
class SameLinesWidths:
    """The box widths ``min <= w < max`` that break a text into the same lines as the width measured (``max``
    ``None``: every wider box): the same line starts, widths and heights, so the same height, line count and
    widest line. ``width_follows_box``: the text is justified, and a stretched line is as wide as the box, so an
    ``"at-most"`` width follows the box inside the interval."""

    min: float
    max: Optional[float]
    width_follows_box: bool = False

    def __contains__(self, width: float) -> bool:
        return width >= self.min and (self.max is None or width < self.max)


@dataclass(frozen=True)
class Measurement:
    """A size without lines: ``width``/``height`` ceil'd to the text's pixel grid, the exact ones unrounded.

    ``same_lines_widths``: the box widths with the same lines (:class:`SameLinesWidths`) when asked
    (``measure(..., same_lines=True)``), else ``None``.
    """

    width: float
    height: float
    exact_width: float
    exact_height: float
    line_count: int
    truncated: bool
    same_lines_widths: Optional[SameLinesWidths] = None


@dataclass(frozen=True)
class Layout:
    """A text's lines at one width, its ceil'd and exact size, and its max-content width."""

    width: float
    height: float
    exact_width: float
    exact_height: float
    natural_width: float
    truncated: bool
    lines: List[Line] = field(default_factory=list)
    #: CSS min-content of the text, exact px (the same at every width).
    min_content_width: float = 0.0

    @property
    def line_count(self) -> int:
        """The number of lines."""
        return len(self.lines)


@dataclass(frozen=True)
class Entity:
    """A hashtag, mention, cashtag or URL: its kind, ``str`` range and text."""

    kind: str
    start: int
    end: int
    text: str
