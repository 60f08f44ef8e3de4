"""The Python package over libtypeset: answers, offsets, options and errors."""
import ctypes
import math
import threading

import pytest

import typeset
from typeset import ArgumentError, Attachment, Paragraph, RequestError, Run, Style
from typeset import _native as n
from typeset._typesetter import _check

BODY = Style(font_family="Noto Sans, Noto Color Emoji", size=15)


def test_hello_world_measures_as_chromium(ts):
    # Chromium 156 lays "Hello world" in Noto Sans 15 px out 80.453125 px wide, 20 px tall (corpus).
    m = ts.measure("Hello world", Style(size=15), 320)
    assert (m.exact_width, m.height, m.line_count) == (80.453125, 20, 1)
    assert m.width == 81


def test_layout_agrees_with_measure_and_the_batch_protocol(ts):
    text = "The Analytical Engine weaves #algebraic patterns just as the Jacquard loom weaves flowers 🌸 and leaves."
    prepared = ts.prepare(text, BODY)
    for width in (90, 160, 240, 320):
        layout = prepared.layout(width)
        m = prepared.measure(width)
        assert (layout.height, layout.line_count, layout.truncated) == (m.height, m.line_count, m.truncated)
        answer = ts.batch({"id": width, "text": text, "font_family": ["Noto Sans", "Noto Color Emoji"],
                           "font_size": 15, "width": width})
        assert answer["height"] == layout.height and answer["line_count"] == layout.line_count
        # The batch protocol counts offsets in scalars, as Python's str does.
        assert [(l["start"], l["end"]) for l in answer["lines"]] == [(l.start, l.end) for l in layout.lines]


def test_lines_partition_the_text_in_str_indices(ts):
    text = "héllo wörld 👋🏽 مرحبا بالعالم 你好世界 and more words here"
    layout = ts.layout(text, BODY, 80)
    assert layout.line_count > 2
    assert layout.lines[0].start == 0 and layout.lines[-1].end == len(text)
    for a, b in zip(layout.lines, layout.lines[1:]):
        assert a.end == b.start
        assert b.top == pytest.approx(a.top + a.height)


def test_width_modes(ts):
    prepared = ts.prepare("Typeset measures text before anything is drawn", BODY)
    low, high = prepared.min_content_width, prepared.max_content_width
    assert 0 < low < high
    assert prepared.measure().exact_width == pytest.approx(high, abs=1 / 64)
    assert prepared.measure().line_count == 1
    assert prepared.measure(mode="min-content").exact_width == low
    exactly = prepared.measure(200, "exactly")
    at_most = prepared.measure(200, "at-most")
    assert exactly.exact_width == 200 and at_most.exact_width <= 200
    assert exactly.height == at_most.height
    longest = prepared.layout(200, "longest-line")
    assert longest.exact_width == pytest.approx(max(l.width for l in longest.lines), abs=1 / 64)


def test_at_most_places_lines_against_the_width_and_longest_line_in_its_box(ts):
    # include/typeset.h: AT_MOST reports the widest line, its lines placed as in a `width`-wide box.
    text = "مرحبا بالعالم، هذا نص عربي طويل بما يكفي ليلتف على عدة أسطر في هذا الصندوق"
    style = Style(font_family="Noto Sans Arabic", size=15)
    at_most = ts.layout(text, style, 320, mode="at-most")
    assert len(at_most.lines) > 1 and at_most.exact_width < 320
    for line in at_most.lines:
        assert line.x + line.width == pytest.approx(320, abs=1 / 64), "right-to-left lines end at the width asked"
    longest = ts.layout(text, style, 320, mode="longest-line")
    assert [(l.start, l.end) for l in longest.lines] == [(l.start, l.end) for l in at_most.lines]
    assert longest.exact_width == pytest.approx(at_most.exact_width, abs=1 / 64)
    for line in longest.lines:
        assert line.x >= -1e-9 and line.x + line.width == pytest.approx(longest.exact_width, abs=1 / 64)


def test_paragraph_options_and_truncation(ts):
    text = "one two three four five six seven eight nine ten eleven twelve"
    cut = ts.layout(text, BODY, 80, paragraph=Paragraph(max_lines=2))
    assert cut.truncated and cut.line_count == 2 and cut.lines[-1].has_ellipsis
    nowrap = ts.layout(text, BODY, 80, paragraph=Paragraph(white_space="nowrap"))
    assert nowrap.line_count == 1
    centred = ts.layout("short", BODY, 200, mode="exactly", paragraph=Paragraph(align="center"))
    assert centred.lines[0].x == pytest.approx((200 - centred.lines[0].width) / 2, abs=1 / 64)
    rtl = ts.layout("مرحبا", BODY, 200, mode="exactly", paragraph=Paragraph(direction="rtl"))
    assert rtl.lines[0].x > 100


def test_styles_runs_and_attachments(ts):
    plain = ts.layout("Today we open registration", BODY, 400)
    bold = ts.layout("Today we open registration", Style(font_family="Noto Sans", size=15, weight=700), 400)
    assert bold.exact_width > plain.exact_width
    spaced = ts.layout("Today", Style(size=15, letter_spacing=2), 400)
    assert spaced.exact_width > ts.layout("Today", Style(size=15), 400).exact_width
    fixed = ts.layout("a\nb", Style(size=15, line_height=21), 400, paragraph=Paragraph(white_space="pre-wrap"))
    assert fixed.height == 42
    # A 24 px first word on a 21 px strut: the first line is taller (the inline box model).
    body = Style(size=15, line_height=21)
    post = ts.prepare("Today we open registration", body, runs=[Run(0, 5, Style(size=24, weight=700, line_height=21))])
    assert post.layout(400).lines[0].height > 21
    # An attachment counts its width where its U+FFFC stands.
    narrow = ts.prepare("Ada \ufffc", body, attachments=[Attachment(4, 10, 16)]).layout(400)
    wide = ts.prepare("Ada \ufffc", body, attachments=[Attachment(4, 30, 16)]).layout(400)
    assert wide.exact_width == narrow.exact_width + 20


def test_scale_grid(ts):
    m = ts.prepare("Hello world", Style(size=15), scale=3).measure(320)
    assert round(m.height * 3) == pytest.approx(m.height * 3)  # on the 1/3 px grid


def test_entities():
    text = "Read https://swift.org #swift @swiftlang $AAPL café #thé"
    found = typeset.entities(text)
    assert [(e.kind, e.text) for e in found] == [
        ("url", "https://swift.org"), ("hashtag", "#swift"), ("mention", "@swiftlang"), ("cashtag", "$AAPL"),
        ("hashtag", "#thé")]
    assert all(text[e.start:e.end] == e.text for e in found)


@pytest.mark.parametrize("style, message", [
    (Style(size=-1), "style.size"),
    (Style(size=math.nan), "style.size"),
    (Style(weight=0), "style.weight"),
    (Style(letter_spacing=math.inf), "style.letter_spacing"),
    (Style(line_height=-3), "style.line_height"),
    (Style(font_family=" , Noto Sans"), "style.font_family"),
    (Style(lang="not a tag!"), "style.lang"),
])
def test_bad_styles_are_argument_errors_naming_the_field(ts, style, message):
    with pytest.raises(typeset.ArgumentError, match=message):
        ts.prepare("text", style)


def test_other_errors(ts):
    with pytest.raises(typeset.FontError, match="No Such Family"):
        ts.prepare("text", Style(font_family="No Such Family"))
    with pytest.raises(typeset.ArgumentError, match="width"):
        ts.prepare("text").measure(-5)
    with pytest.raises(typeset.ArgumentError, match="scale"):
        ts.prepare("text", scale=0)
    with pytest.raises(typeset.ArgumentError, match="mode"):
        ts.prepare("text").measure(10, "sideways")
    with pytest.raises(typeset.ArgumentError, match="U\\+FFFC|attachment"):
        ts.prepare("no box here", attachments=[Attachment(0, 10, 10)])
    with pytest.raises(typeset.ArgumentError, match="runs\\[0\\].end"):
        ts.prepare("short", runs=[Run(0, 99, Style())])
    with pytest.raises(typeset.FontError, match="not found"):
        typeset.Typesetter(fonts_dir="/nonexistent/fonts")
    with pytest.raises(typeset.RequestError) as refused:
        ts.batch({"id": 3, "text": "x", "width": -1})
    assert refused.value.answer["id"] == 3 and "width" in refused.value.answer["error"]["message"]


def test_fonts_from_files(ts):
    import os
    fonts = os.path.join(os.path.dirname(__file__), "..", "..", "fonts", "NotoSans-Regular.ttf")
    own = typeset.Typesetter(font_files=[fonts])
    assert own.measure("Hello world", Style(size=15), 320) == ts.measure("Hello world", Style(size=15), 320)


def test_threads_share_one_typesetter(ts):
    prepared = ts.prepare("Shared between threads, laid out at many widths at once", BODY)
    expected = {w: prepared.measure(w) for w in range(60, 300, 20)}
    failures = []

    def work():
        for w, m in expected.items():
            if prepared.measure(w) != m or ts.measure(prepared.text, BODY, w) != m:
                failures.append(w)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures


def test_the_c_interface_refuses_null_and_bad_arguments_with_messages(ts):
    import ctypes
    from typeset import _native as n
    lib = n.lib
    handle = ctypes.c_void_p()
    style = n.Style()
    lib.ts_style_init(ctypes.byref(style))

    def refused(status, *words):
        message = lib.ts_last_error().decode()
        assert status == 1, message
        for word in words:
            assert word in message
        return message

    refused(lib.ts_prepare(None, b"x", 1, ctypes.byref(style), None, 1.0, ctypes.byref(handle)), "typesetter is NULL")
    refused(lib.ts_prepare(ts._handle, None, 5, ctypes.byref(style), None, 1.0, ctypes.byref(handle)), "text is NULL")
    refused(lib.ts_prepare(ts._handle, b"x", 1, None, None, 1.0, ctypes.byref(handle)), "style is NULL")
    refused(lib.ts_prepare(ts._handle, b"x", 1, ctypes.byref(style), None, 1.0, None), "out is NULL")
    refused(lib.ts_prepare(ts._handle, b"\xff", 1, ctypes.byref(style), None, 1.0, ctypes.byref(handle)), "UTF-8", "offset 0")
    paragraph = n.Paragraph()
    lib.ts_paragraph_init(ctypes.byref(paragraph))
    paragraph.align = 9
    refused(lib.ts_prepare(ts._handle, b"x", 1, ctypes.byref(style), ctypes.byref(paragraph), 1.0, ctypes.byref(handle)),
            "paragraph.align", "9")
    assert not handle.value  # nothing was made
    # A run that ends inside a two-byte character.
    runs = (n.Run * 1)(n.Run(0, 1, style))
    refused(lib.ts_prepare_attributed(ts._handle, "é!".encode(), 3, ctypes.byref(style), runs, 1, None, 0, None, 1.0,
                                      ctypes.byref(handle)), "runs[0].end", "inside a character")
    refused(lib.ts_prepare_attributed(ts._handle, b"ab", 2, ctypes.byref(style), None, 3, None, 0, None, 1.0,
                                      ctypes.byref(handle)), "runs is NULL")
    prepared = ts.prepare("two words")
    refused(lib.ts_layout_get_line(None, 0, ctypes.byref(n.Line())), "layout is NULL")
    layout = ctypes.c_void_p()
    assert lib.ts_layout_new(prepared._handle, 2, 320.0, ctypes.byref(layout)) == 0
    refused(lib.ts_layout_get_line(layout, 1, ctypes.byref(n.Line())), "index 1", "has 1")
    lib.ts_layout_free(layout)
    lib.ts_layout_free(None)  # NULL is accepted by every free
    refused(lib.ts_entities(b"#a", 2, None, 4, ctypes.byref(ctypes.c_size_t())), "out is NULL")
    # The last error is the calling thread's own.
    import threading
    seen = []
    thread = threading.Thread(target=lambda: seen.append(lib.ts_last_error()))
    thread.start()
    thread.join()
    assert seen == [b""]


# A fuzz finding: at 17.5 px, breaking again at the widest line's width (the longest-line mode) changed the
# lines of this text, and ts_measure, which did not break again, gave another height than ts_layout_new.
LONGEST_LINE_FINDING = (b'-B\x02\x00\x00\x01\x7fai-SB\x00Iet\x00t@ai-B\x02\x00\x00\x01\x7fai-SB\x02#\x00\x01\x7f\x03\x07Ki-B\x02\x00\x00\x01\x7fai-SB\x02#\x00\x01\x7f\x03\x07\x01\x02,\x00\x00\x01\x02,\x00\x00\x16?\x02#\x00\x01\x7f\x03\x07i-B\x02\x00\x00#w\x7frld", \x1fo-\x1f\x00\x01\x03\x00wstrict#ll#w\x7frld", $wi\x1f\x00\x01\x00@wl"r\x03\x7f,\x11\x11 \xd9\x85\xd8\xb1\x0c\x00\x00\x00\x00\x00\x00\x00\xd8\xad\xd0\xa8\xd8\xa7 \xe4\xbd\xa0\xe5\xa5\xbd\x11\x11\x11\x11\x11ln"\x00\x00$\x11\x11\x11 \xd9\x85\xd8\xb1$wi\x1f\x00\x01\x03\x00w\x7frl@", $wi\x1f\x00~~{"\x0c\x00\x00\x00\x00\x00\x00\x00\xd8\xad\xd0\xa8\xd8\xa7 \xe4\xbd\xa0\xe5\xa5\xbd\x11\x11\x11\x11\x11ln"\xd9\x85\xd8\xb1\x0c\x00\x00\x00\x00\x00\x00\x00\xd8\xad\xd0\xa8\x01\x7fai-SB\x02#\x00\x01\x7f\x03\x07\x01\x02,\x00\x00\x01\x02,\x00\x00\x16?\x00\x00o worleset\x00')


def test_longest_line_measure_agrees_with_layout(ts):
    text = LONGEST_LINE_FINDING.decode("utf-8")
    style = Style(font_family="'Noto Sans CJK JP', \"Noto Sans Arabic\"", size=15)
    prepared = ts.prepare(text, style, Paragraph(text_overflow="ellipsis"))
    for width in (17.5, 12, 30):
        m, l = prepared.measure(width, "longest-line"), prepared.layout(width, "longest-line")
        assert (m.height, m.line_count, m.width) == (l.height, l.line_count, l.width), width


def test_one_default_font_size_everywhere(ts):
    """16 px, CSS's initial font-size, in Style, ts_style_init and the batch protocol alike."""
    c = n.Style()
    n.lib.ts_style_init(ctypes.byref(c))
    assert Style().size == c.size == 16
    text = "Hello world"
    answer = ts.batch({"text": text})
    layout = ts.layout(text)
    assert (answer["exact_width"], answer["height"]) == (layout.exact_width, layout.height) == (85.8125, 22)


def test_a_font_family_string_is_a_css_list_in_style_and_batch(ts):
    text = "Hello مرحبا"
    listed = ts.layout(text, Style(font_family="Noto Sans Arabic, Noto Sans", size=15), 400)
    assert ts.batch({"text": text, "font_family": "Noto Sans Arabic, Noto Sans", "font_size": 15,
                     "width": 400})["exact_width"] == listed.exact_width
    assert ts.layout(text, Style(font_family=("Noto Sans Arabic", "Noto Sans"), size=15), 400) == listed
    # A family whose name holds a comma is quoted; one no font has is skipped, as CSS skips it.
    quoted = ts.layout(text, Style(font_family='"Acme, Inc Sans", Noto Sans Arabic, Noto Sans', size=15), 400)
    assert quoted == listed
    assert ts.layout(text, Style(font_family=("Acme, Inc Sans", "Noto Sans Arabic", "Noto Sans"), size=15), 400) == listed
    with pytest.raises(RequestError, match="font_family must be a CSS font-family list"):
        ts.batch({"text": text, "font_family": "Noto Sans, 'open"})
    with pytest.raises(ArgumentError, match="style.font_family must be a CSS font-family list"):
        ts.prepare(text, Style(font_family="Noto Sans,,Noto Sans Arabic"))


def test_text_wrap_reaches_the_c_interface(ts):
    title = "A headline that wraps onto two lines of text"
    for wrap in ("balance", "pretty", "wrap"):
        layout = ts.layout(title, BODY, 200, paragraph=Paragraph(text_wrap=wrap))
        answer = ts.batch({"text": title, "font_family": "Noto Sans, Noto Color Emoji", "font_size": 15,
                           "width": 200, "text_wrap": wrap})
        assert [(line["start"], line["end"]) for line in answer["lines"]] == [(l.start, l.end) for l in layout.lines]
    balanced = ts.layout(title, BODY, 200, paragraph=Paragraph(text_wrap="balance"))
    greedy = ts.layout(title, BODY, 200)
    assert balanced.line_count == greedy.line_count == 2 and balanced.lines[0].end < greedy.lines[0].end
    assert ts.layout(title, BODY, 100, paragraph=Paragraph(text_wrap="nowrap")) == \
        ts.layout(title, BODY, 100, paragraph=Paragraph(white_space="nowrap"))
    with pytest.raises(ArgumentError, match="text_wrap must be one of"):
        ts.prepare(title, BODY, Paragraph(text_wrap="even"))
    assert ts.layout(title, BODY, 100, paragraph=Paragraph(text_wrap="nowrap", white_space="pre-wrap")) == \
        ts.layout(title, BODY, 100, paragraph=Paragraph(white_space="pre"))
    with pytest.raises(ArgumentError, match="white_space pre-line keeps its newlines"):
        ts.prepare(title, BODY, Paragraph(text_wrap="nowrap", white_space="pre-line"))
    c = n.Paragraph()
    n.lib.ts_paragraph_init(ctypes.byref(c))
    assert c.text_wrap == 0
    c.text_wrap = 3
    handle = ctypes.c_void_p()
    with pytest.raises(ArgumentError, match="paragraph.text_wrap must be 0 to 2"):
        _check(n.lib.ts_prepare(ts._handle, b"x", 1, ctypes.byref(ts._style(BODY)), ctypes.byref(c), 1.0,
                                ctypes.byref(handle)))


def test_text_wrap_sits_in_the_paragraph_structs_former_padding():
    """ABI 1.1 keeps ts_paragraph's size and every 1.0 field's offset (64-bit)."""
    assert ctypes.sizeof(n.Paragraph) == 56
    assert n.Paragraph.tab_size.offset == 48 and n.Paragraph.text_wrap.offset == 52


# Untrusted arguments: every integer range-checked, strings without NUL or lone surrogates, caches bounded.

@pytest.mark.parametrize("make, message", [
    (lambda ts: ts.prepare("x", Style(weight=2**32 + 400)), "weight"),
    (lambda ts: ts.prepare("x", Style(weight=400.5)), "weight"),
    (lambda ts: ts.prepare("x", paragraph=Paragraph(max_lines=2**32 + 1)), "max_lines"),
    (lambda ts: ts.prepare("x", paragraph=Paragraph(tab_size=-2**40)), "tab_size"),
    (lambda ts: ts.prepare("ab", runs=[Run(-1, 1, Style())]), "runs\\[0\\].start"),
    (lambda ts: ts.prepare("ab", runs=[Run(0, 2**64 + 1, Style())]), "runs\\[0\\].end"),
    (lambda ts: ts.prepare("ab\ufffc", attachments=[Attachment(2**64 + 2, 1, 1)]), "attachments\\[0\\].offset"),
    (lambda ts: ts.prepare("x", Style(font_family="Noto Sans\0Evil")), "font_family contains a NUL"),
    (lambda ts: ts.prepare("x", Style(lang="ja\0x")), "lang contains a NUL"),
    (lambda ts: ts.prepare("x", Style(font_family="Noto \ud800 Sans")), "font_family is not valid Unicode"),
    (lambda ts: ts.prepare("x", paragraph=Paragraph(ellipsis="\udc00")), "ellipsis is not valid Unicode"),
    (lambda ts: ts.batch('{"text": "\ud800"}'), "request is not valid Unicode"),
])
def test_arguments_are_checked_never_wrapped_or_cut(ts, make, message):
    with pytest.raises(typeset.ArgumentError, match=message):
        make(ts)


def test_two_attachments_at_one_offset_are_refused_as_in_the_batch_protocol(ts):
    with pytest.raises(typeset.ArgumentError, match="attachments\\[1\\].*attachments\\[0\\]"):
        ts.prepare("a\ufffcb", attachments=[Attachment(1, 10, 10), Attachment(1, 20, 20)])
    with pytest.raises(typeset.RequestError, match="another attachment"):
        ts.batch({"text": "a\ufffcb", "attachments": [{"offset": 1, "width": 10, "height": 10},
                                                      {"offset": 1, "width": 20, "height": 20}]})


def test_font_files_are_examined_before_they_are_read():
    import time
    started = time.monotonic()
    with pytest.raises(typeset.FontError, match="pagemap.*empty"):
        typeset.Typesetter(font_files=["/proc/self/pagemap"])
    assert time.monotonic() - started < 0.5


def test_the_style_cache_is_bounded(ts):
    before = ts.prepare("hello", Style(size=15)).measure()
    for size in range(1, 1200):
        ts.prepare("x", Style(size=size / 8))
    assert len(ts._styles) <= typeset.Typesetter._CACHED
    assert ts.prepare("hello", Style(size=15)).measure() == before  # dropped and made again, the same


def test_ids_beyond_64_bits_are_echoed_as_sent(ts):
    assert ts.batch('{"id": 18446744073709551615, "text": "hi"}')["id"] == 18446744073709551615


WEB_FONTS = __import__("pathlib").Path(__file__).resolve().parents[2] / "Tests" / "TypesetTests" / "Fonts" / "WebFonts"


def test_font_faces_set_a_unicode_range_family_as_chromium():
    css = WEB_FONTS / "cabin.css"
    if not css.exists():
        pytest.skip(f"{css} is not here (run from the repository)")
    # Cabin as Google Fonts serves it (woff2 subsets by unicode-range): Chromium 156 lays "być zawsze"
    # at 100 px out 476.703125 px wide, 122 px tall; the bundled fonts still serve the other families.
    faces = typeset.Typesetter(font_faces=str(css))
    m = faces.measure("być zawsze", Style(font_family="Cabin", size=100))
    assert (m.exact_width, m.height) == (476.703125, 122)
    assert faces.measure("Hello world", Style(size=15), 320).exact_width == 80.453125
    with pytest.raises(typeset.TypesetError) as bad:
        typeset.Typesetter(font_faces=str(WEB_FONTS / "none.css"))
    assert "none.css" in str(bad.value)


def test_white_space_values_and_overflow_wrap_reach_the_c_interface(ts):
    style = Style(size=16)
    chat = "hello   world  \n  next\tline  here\n\n end"
    lines = ts.layout(chat, style, 300, paragraph=Paragraph(white_space="pre-line")).lines
    # Chromium 156: the spaces around each newline go, the newlines stay.
    assert [round(l.width, 6) for l in lines] == [83.84375, 102.546875, 0, 28.765625]
    pre = ts.prepare(chat, style, Paragraph(white_space="pre"))
    assert pre.layout(20).line_count == 4 and pre.min_content_width == pre.max_content_width
    spaces = ts.layout("aa          bb", style, 40, paragraph=Paragraph(white_space="break-spaces"))
    assert [(l.start, l.end) for l in spaces.lines] == [(0, 7), (7, 12), (12, 14)]
    word = "abcdefghijklmnop qr"
    widths = [ts.prepare(word, style, Paragraph(overflow_wrap=v)).min_content_width
              for v in ("normal", "break-word", "anywhere")]
    assert widths == pytest.approx([135.890625, 135.890625, 14.953125], abs=1 / 64)  # Chromium 156
    # The former boolean still reads, overflow_wrap wins when given.
    assert ts.layout(word, style, 40, paragraph=Paragraph(break_words=False)).line_count == 2
    assert ts.layout(word, style, 40, paragraph=Paragraph(break_words=False, overflow_wrap="anywhere")).line_count == 5
    text = ts.prepare(word, style, Paragraph(overflow_wrap="anywhere"))
    assert text.layout(40).min_content_width == text.min_content_width
    with pytest.raises(ArgumentError, match="overflow_wrap must be one of"):
        ts.prepare(word, style, Paragraph(overflow_wrap="break-all"))
    c = n.Paragraph()
    n.lib.ts_paragraph_init(ctypes.byref(c))
    assert c.break_words == 1  # TS_OVERFLOW_WRAP_BREAK_WORD, as ABI 1.0's "on"
