"""The values the typeset package takes and returns: styles in, sizes and lines out, as dataclasses."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple, Union

WHITE_SPACE = ("normal", "pre-wrap", "nowrap")
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

    def __hash__(self) -> int:  # a dict of settings is not hashable: hash it as its items
        vs = self.variation_settings
        return hash((self.font_family, self.size, self.weight, self.italic, self.letter_spacing, self.line_height,
                     self.lang, self.stretch, tuple(sorted(vs.items())) if isinstance(vs, dict) else vs,
                     self.optical_sizing))


@dataclass(frozen=True)
class Paragraph:
    """Paragraph options, named after their CSS properties (values are CSS keywords).

    ``text_wrap``: ``"balance"`` evens a headline's lines, ``"pretty"`` keeps a lone short word off a post's
    last line, ``"nowrap"`` is ``white_space="nowrap"``.
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
    #: CSS ``text-box-trim`` (``"none"``, ``"trim-start"``, ``"trim-end"``, ``"trim-both"``) and ``text-box-edge``
    #: (``"auto"``, ``"text"``, ``"cap alphabetic"``, ``"ex alphabetic"``, ``"cap text"`` …): design tools' vertical
    #: trim is ``text_box_trim="trim-both", text_box_edge="cap alphabetic"``.
    text_box_trim: str = "none"
    text_box_edge: str = "auto"


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
class Measurement:
    """A size without lines: ``width``/``height`` ceil'd to the text's pixel grid, the exact ones unrounded."""

    width: float
    height: float
    exact_width: float
    exact_height: float
    line_count: int
    truncated: bool


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
