"""The package README's examples run as written, and the engine helpers size text as the feed-post tests'
own callbacks do (typeset.engines against feed_post.measure)."""
import contextlib
import io
import math
import re
from pathlib import Path

import pytest

import feed_post
import typeset
from typeset import Style, Typesetter
from typeset.engines import size_for

README = (Path(__file__).resolve().parents[1] / "README.md").read_text("utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", README, re.S)


def _run(block: str) -> dict:
    scope: dict = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(block, "python/README.md", "exec"), scope)
    return scope


def test_readme_has_the_three_examples():
    assert len(BLOCKS) == 3
    assert "taffy_measure" in BLOCKS[1] and "yoga_measure" in BLOCKS[2]


def test_readme_use_example():
    scope = _run(BLOCKS[0])
    assert scope["text"].measure(200).line_count == 2
    balanced = scope["ts"].layout("A headline that wraps onto two lines", width=200,
                                  paragraph=typeset.Paragraph(text_wrap="balance"))
    greedy = scope["ts"].layout("A headline that wraps onto two lines", width=200)
    assert balanced.line_count == greedy.line_count == 2
    assert balanced.lines[0].width < greedy.lines[0].width  # balance moved a word down


def test_readme_taffy_example():
    pytest.importorskip("stretchable")
    scope = _run(BLOCKS[1])
    box = scope["box"]
    expected = scope["body"].measure(320 - 24, "at-most")
    assert (box.x, box.y) == (12, 12)
    assert box.height == pytest.approx(expected.exact_height, abs=1e-4) and expected.line_count == 2
    assert box.width == pytest.approx(296, abs=1e-4)  # a block child stretches across its parent


def test_readme_yoga_example():
    pytest.importorskip("poga.libpoga_capi")
    block = BLOCKS[2].replace("print(YGNodeLayoutGetWidth(leaf), YGNodeLayoutGetHeight(leaf))",
                              "size = (YGNodeLayoutGetWidth(leaf), YGNodeLayoutGetHeight(leaf))")
    scope = _run(block)
    expected = scope["body"].measure(320 - 24, "at-most")
    assert scope["size"][0] == pytest.approx(296, abs=1e-4)
    assert scope["size"][1] == pytest.approx(expected.exact_height, abs=1e-4)


@pytest.mark.parametrize("known,available,width", [(None, "definite", 120), (200, "definite", 120),
                                                    (None, "max-content", math.nan), (None, "min-content", math.nan),
                                                    (-5, "definite", 0), (None, "definite", -3)])
def test_size_for_is_the_feed_post_callback(known, available, width):
    text = Typesetter().prepare("Typeset measures text for layout engines", Style(size=15))
    assert size_for(text, known, available, width) == feed_post.measure(text, known, (available, width))
