"""The widths that keep a text's lines (``same_lines_widths``) through the C interface, and
``typeset.engines.MeasureCache``, which answers a layout engine's calls from them exactly as Typeset would."""
from __future__ import annotations

import math
import random

from typeset import Paragraph, Style
from typeset.engines import MeasureCache, size_for

CHAT = "Are we still on for lunch tomorrow? I found a new place near the station that does great noodles."
STYLE = Style(font_family="Noto Sans, Noto Color Emoji", size=15)


def test_measure_reports_the_widths_with_the_same_lines(ts):
    text = ts.prepare(CHAT, STYLE)
    m = text.measure(240, "at-most", same_lines=True)
    same = m.same_lines_widths
    assert same.min <= 240 < same.max and 240 in same and not same.width_follows_box
    assert text.measure(240).same_lines_widths is None
    for inside in (same.min, (same.min + same.max) / 2, same.max - 1 / 128):
        n = text.measure(inside, "at-most")
        assert (n.exact_width, n.exact_height, n.line_count) == (m.exact_width, m.exact_height, m.line_count)
    assert text.layout(same.max).lines != text.layout(240).lines
    assert text.layout(same.min - 1 / 128).lines != text.layout(240).lines
    # Unbounded lines: every wider box.
    assert text.measure(mode="max-content", same_lines=True).same_lines_widths.max is None


def test_the_batch_answer_has_the_same_interval(ts):
    text = ts.prepare(CHAT, STYLE, scale=3)
    same = text.measure(200, same_lines=True).same_lines_widths
    answer = ts.batch({"text": CHAT, "font_family": "Noto Sans, Noto Color Emoji", "font_size": 15, "width": 200,
                       "scale": 3, "same_lines_widths": True})
    assert answer["same_lines_widths"] == {"min": same.min, "max": same.max}


def test_the_cache_answers_as_typeset_with_far_fewer_calls(ts):
    greedy = [ts.prepare(CHAT, STYLE), ts.prepare("Short one 👍", STYLE),
              ts.prepare(CHAT, STYLE, Paragraph(align="justify")), ts.prepare(CHAT, STYLE, Paragraph(max_lines=2))]
    # A pretty paragraph's interval is the measured width's own layout unit when it wraps: correct, not cheaper.
    pretty = [ts.prepare(CHAT + " " + CHAT, STYLE, Paragraph(text_wrap="pretty"), scale=2)]
    for texts, fewer in [(greedy, 5), (pretty, 1)]:
        cache = MeasureCache()
        rng = random.Random(3)
        asked = 0
        for width in [200 + k * 0.5 for k in range(200)]:
            for text in texts:
                for known, available, avail in [(None, "definite", width * 0.75), (math.nan, "definite", width),
                                                (width - 24, "definite", width), (None, "max-content", math.nan),
                                                (None, "min-content", math.nan)]:
                    if rng.random() < 0.5:
                        continue
                    asked += 1
                    assert cache.size_for(text, known, available, avail) == size_for(text, known, available, avail), \
                        (text.measure(width), known, available, avail)
        assert cache.calls + cache.hits == asked
        assert cache.calls * fewer <= asked, (cache.calls, asked)
