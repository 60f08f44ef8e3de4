"""Runs with padding, border and margin (chips) and text-box-trim, against Chromium 156's answers."""
import ctypes

import pytest

import typeset
from typeset import Paragraph, Run, Style
from typeset import _native as n

BODY = Style("Noto Sans", 15)


def test_a_chip_takes_room_on_its_line(ts):
    # Chromium: "aaa bbb ccc" with padding 0 6px on "bbb" is 94.359375 px wide (82.328125 without).
    chip = ts.prepare("aaa bbb ccc", BODY, runs=[Run(4, 7, BODY, padding="0 6px")])
    assert chip.layout().natural_width == 94.359375
    assert ts.prepare("aaa bbb ccc", BODY).layout().natural_width == 82.328125
    # The end padding does not hang: at 63 px the chip goes to the next line, at 68.84375 it stays.
    assert [l.end for l in chip.layout(63).lines] == [4, 8, 11]
    assert [l.end for l in chip.layout(68.84375).lines] == [8, 11]
    # The same through the batch protocol.
    answer = ts.batch({"text": "aaa bbb ccc", "font_family": "Noto Sans", "font_size": 15, "width": 63,
                       "runs": [{"start": 4, "end": 7, "padding": "0 6px"}]})
    assert [l["end"] for l in answer["lines"]] == [4, 8, 11]


def test_border_and_margin_sides(ts):
    border = ts.prepare("aaa bbb ccc", BODY, runs=[Run(4, 7, BODY, border_width="0 3px 0 1px")])
    assert border.layout().natural_width == 86.359375
    margin = ts.prepare("aaa bbb ccc", BODY, runs=[Run(4, 7, BODY, margin="0 5px 0 1px")])
    assert margin.layout().natural_width == 88.359375


def test_text_box_trim_to_cap_height_and_baseline(ts):
    # Chromium: three lines of 15 px Noto Sans (60 px) trimmed to cap height and alphabetic baseline: 50.703125.
    p = Paragraph(text_box_trim="trim-both", text_box_edge="cap alphabetic")
    layout = ts.prepare("Hello world again", BODY, p).layout(80)
    assert layout.exact_height == 50.703125
    assert layout.lines[0].top == -5.296875
    assert ts.prepare("Hello world again", BODY, Paragraph()).layout(80).exact_height == 60
    answer = ts.batch({"text": "Hello world again", "font_family": "Noto Sans", "font_size": 15, "width": 80,
                       "text_box_trim": "trim-both", "text_box_edge": "cap alphabetic"})
    assert answer["exact_height"] == 50.703125


def test_bad_values_are_refused(ts):
    with pytest.raises(typeset.errors.TypesetError, match="padding"):
        ts.prepare("aaa bbb", BODY, runs=[Run(0, 3, BODY, padding="1 2 3 4 5")])
    with pytest.raises(typeset.errors.TypesetError, match="padding"):
        ts.prepare("aaa bbb", BODY, runs=[Run(0, 3, BODY, padding=-1)])
    with pytest.raises(typeset.errors.TypesetError, match="text_box_edge"):
        ts.prepare("aaa", BODY, Paragraph(text_box_trim="trim-both", text_box_edge="alphabetic cap"))


def test_struct_layouts():
    """ABI 1.3's ts_inline_box and ts_text_box, as include/typeset.h declares them (64-bit)."""
    assert ctypes.sizeof(n.InlineBox) == 96
    assert n.InlineBox.border_width.offset == 32 and n.InlineBox.margin.offset == 64
    assert ctypes.sizeof(n.TextBox) == 12
    assert ctypes.sizeof(n.Paragraph) == 56
