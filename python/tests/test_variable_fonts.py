"""Variable fonts through the C interface: the style's stretch, variation settings and optical sizing reach the
instance a face is set at. Widths are Chromium 156's for the same files given by @font-face."""
import os
from pathlib import Path

import pytest

import typeset
from typeset import Run, Style

FONTS = Path(os.environ.get("TYPESET_TEST_FONTS_DIR") or Path(__file__).resolve().parents[2] / "corpus/fonts/files")
NEEDED = ["Inter-Variable.ttf", "RobotoFlex-Variable.ttf"]


@pytest.fixture(scope="module")
def vts() -> typeset.Typesetter:
    missing = [f for f in NEEDED if not (FONTS / f).exists()]
    if missing:
        pytest.skip(f"test fonts {missing} not in {FONTS}: run scripts/fetch-test-fonts or set TYPESET_TEST_FONTS_DIR")
    return typeset.Typesetter(font_files=[str(FONTS / f) for f in NEEDED])


def test_variation_settings_as_css_text_or_dict(vts):
    bold = Style(font_family="Inter", size=20, weight=700)
    assert vts.prepare("Lighter", Style(font_family="Inter", size=20, weight=300)).max_content_width == 62.359375
    assert vts.prepare("Lighter", bold).max_content_width != 62.359375
    for settings in ("'wght' 300", {"wght": 300}):
        styled = Style(font_family="Inter", size=20, weight=700, variation_settings=settings)
        assert vts.prepare("Lighter", styled).max_content_width == 62.359375


def test_stretch_and_optical_sizing(vts):
    assert vts.prepare("Condensed", Style(font_family="Roboto Flex", size=20, stretch=75)).max_content_width == 92.390625
    flex = Style(font_family="Roboto Flex", size=20)
    runs = [Run(0, 9, Style(font_family="Roboto Flex", size=20, stretch=75))]
    assert vts.prepare("Condensed", flex, runs=runs).max_content_width == 92.390625
    assert vts.prepare("Headline text", Style(font_family="Roboto Flex", size=40)).max_content_width == 205.375
    none = Style(font_family="Roboto Flex", size=40, optical_sizing="none")
    assert vts.prepare("Headline text", none).max_content_width == 232.65625


def test_bad_values_are_argument_errors(vts):
    with pytest.raises(typeset.ArgumentError, match="quoted axis tag"):
        vts.prepare("x", Style(font_family="Inter", variation_settings="wght 300"))
    with pytest.raises(typeset.ArgumentError, match="optical_sizing"):
        vts.prepare("x", Style(font_family="Inter", optical_sizing="sometimes"))
    with pytest.raises(typeset.ArgumentError, match="stretch"):
        vts.prepare("x", Style(font_family="Inter", stretch=-1))
