"""libtypeset loaded with ctypes: the C interface's structs and functions (include/typeset.h)."""
from __future__ import annotations

import ctypes
import ctypes.util
import os
from pathlib import Path

c_double, c_int32, c_size_t, c_char_p, c_void_p = ctypes.c_double, ctypes.c_int32, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_void_p


class Style(ctypes.Structure):
    _fields_ = [("font_family", c_char_p), ("size", c_double), ("weight", c_int32), ("italic", c_int32),
                ("letter_spacing", c_double), ("line_height_kind", c_int32), ("line_height", c_double),
                ("lang", c_char_p)]


class FontVariation(ctypes.Structure):
    _fields_ = [("stretch", c_double), ("variation_settings", c_char_p), ("optical_sizing", c_int32)]


class Paragraph(ctypes.Structure):
    _fields_ = [("white_space", c_int32), ("word_break", c_int32), ("break_words", c_int32),
                ("line_break", c_int32), ("align", c_int32), ("direction", c_int32), ("max_lines", c_int32),
                ("text_overflow", c_int32), ("ellipsis", c_char_p), ("lang", c_char_p), ("tab_size", c_int32),
                ("text_wrap", c_int32)]


class Run(ctypes.Structure):
    _fields_ = [("start", c_size_t), ("end", c_size_t), ("style", Style)]


class InlineBox(ctypes.Structure):
    _fields_ = [("padding", c_double * 4), ("border_width", c_double * 4), ("margin", c_double * 4)]


class TextBox(ctypes.Structure):
    _fields_ = [("trim", c_int32), ("over", c_int32), ("under", c_int32)]


class Attachment(ctypes.Structure):
    _fields_ = [("offset", c_size_t), ("width", c_double), ("height", c_double), ("vertical_align", c_int32)]


class LayoutInfo(ctypes.Structure):
    _fields_ = [("width", c_double), ("height", c_double), ("exact_width", c_double), ("exact_height", c_double),
                ("natural_width", c_double), ("line_count", c_size_t), ("truncated", c_int32)]


class Line(ctypes.Structure):
    _fields_ = [("start", c_size_t), ("end", c_size_t), ("x", c_double), ("top", c_double), ("width", c_double),
                ("height", c_double), ("baseline", c_double), ("ascent", c_double), ("descent", c_double),
                ("has_ellipsis", c_int32)]


class Measurement(ctypes.Structure):
    _fields_ = [("width", c_double), ("height", c_double), ("exact_width", c_double), ("exact_height", c_double),
                ("line_count", c_size_t), ("truncated", c_int32)]


class Entity(ctypes.Structure):
    _fields_ = [("kind", c_int32), ("start", c_size_t), ("end", c_size_t)]


def _candidates() -> list[str]:
    """Where the library is looked for, in order."""
    found = []
    given = os.environ.get("TYPESET_LIBRARY")
    if given:
        return [given]
    # The wheel's (scripts/build-wheel): lib/libtypeset.so, its fonts in share/typeset/fonts beside lib/ as in
    # an installed prefix, the libraries it needs in typeset.libs (its RUNPATH).
    for beside in (Path(__file__).with_name("lib") / "libtypeset.so", Path(__file__).with_name("libtypeset.so")):
        if beside.exists():
            found.append(str(beside))
    system = ctypes.util.find_library("typeset")
    found.append(system or "libtypeset.so")
    return found


def _load() -> ctypes.CDLL:
    errors = []
    for path in _candidates():
        try:
            return ctypes.CDLL(path)
        except OSError as e:
            errors.append(f"{path}: {e}")
    raise ImportError("libtypeset not found (set TYPESET_LIBRARY to its path, or install it with "
                      "scripts/install PREFIX and put PREFIX/lib on the loader's path): " + "; ".join(errors))


lib = _load()

_handle_out = ctypes.POINTER(c_void_p)
_signatures = {
    "ts_last_error": (c_char_p, []),
    "ts_version": (c_char_p, []),
    "ts_fonts_bundled": (c_int32, [c_int32, _handle_out]),
    "ts_fonts_from_directory": (c_int32, [c_char_p, c_int32, _handle_out]),
    "ts_fonts_from_files": (c_int32, [ctypes.POINTER(c_char_p), c_size_t, c_int32, _handle_out]),
    "ts_fonts_from_font_faces": (c_int32, [c_char_p, c_char_p, c_int32, _handle_out]),
    "ts_fonts_face_count": (c_int32, [c_void_p, ctypes.POINTER(c_size_t)]),
    "ts_fonts_free": (None, [c_void_p]),
    "ts_typesetter_new": (c_int32, [c_void_p, _handle_out]),
    "ts_typesetter_free": (None, [c_void_p]),
    "ts_style_init": (None, [ctypes.POINTER(Style)]),
    "ts_paragraph_init": (None, [ctypes.POINTER(Paragraph)]),
    "ts_prepare": (c_int32, [c_void_p, c_char_p, c_size_t, ctypes.POINTER(Style), ctypes.POINTER(Paragraph),
                             c_double, _handle_out]),
    "ts_prepare_attributed": (c_int32, [c_void_p, c_char_p, c_size_t, ctypes.POINTER(Style), ctypes.POINTER(Run),
                                        c_size_t, ctypes.POINTER(Attachment), c_size_t, ctypes.POINTER(Paragraph),
                                        c_double, _handle_out]),
    "ts_font_variation_init": (None, [ctypes.POINTER(FontVariation)]),
    "ts_prepare_varied": (c_int32, [c_void_p, c_char_p, c_size_t, ctypes.POINTER(Style), ctypes.POINTER(FontVariation),
                                    ctypes.POINTER(Paragraph), c_double, _handle_out]),
    "ts_prepare_attributed_varied": (c_int32, [c_void_p, c_char_p, c_size_t, ctypes.POINTER(Style),
                                               ctypes.POINTER(FontVariation), ctypes.POINTER(Run),
                                               ctypes.POINTER(FontVariation), c_size_t, ctypes.POINTER(Attachment),
                                               c_size_t, ctypes.POINTER(Paragraph), c_double, _handle_out]),
    "ts_prepare_boxed": (c_int32, [c_void_p, c_char_p, c_size_t, ctypes.POINTER(Style), ctypes.POINTER(FontVariation),
                                   ctypes.POINTER(Run), ctypes.POINTER(FontVariation), ctypes.POINTER(InlineBox),
                                   c_size_t, ctypes.POINTER(Attachment), c_size_t, ctypes.POINTER(Paragraph),
                                   ctypes.POINTER(TextBox), c_double, _handle_out]),
    "ts_prepared_intrinsic_widths": (c_int32, [c_void_p, ctypes.POINTER(c_double), ctypes.POINTER(c_double)]),
    "ts_prepared_free": (None, [c_void_p]),
    "ts_layout_new": (c_int32, [c_void_p, c_int32, c_double, _handle_out]),
    "ts_layout_get_info": (c_int32, [c_void_p, ctypes.POINTER(LayoutInfo)]),
    "ts_layout_get_line": (c_int32, [c_void_p, c_size_t, ctypes.POINTER(Line)]),
    "ts_layout_get_lines": (c_int32, [c_void_p, c_size_t, c_size_t, ctypes.POINTER(Line)]),
    "ts_layout_free": (None, [c_void_p]),
    "ts_measure": (c_int32, [c_void_p, c_int32, c_double, ctypes.POINTER(Measurement)]),
    "ts_entities": (c_int32, [c_char_p, c_size_t, ctypes.POINTER(Entity), c_size_t, ctypes.POINTER(c_size_t)]),
    "ts_batch_answer": (c_int32, [c_void_p, c_char_p, c_size_t, ctypes.POINTER(ctypes.POINTER(ctypes.c_char)),
                                  ctypes.POINTER(c_size_t)]),
    "ts_string_free": (None, [ctypes.POINTER(ctypes.c_char)]),
}
for _name, (_restype, _argtypes) in _signatures.items():
    _function = getattr(lib, _name)
    _function.restype = _restype
    _function.argtypes = _argtypes
