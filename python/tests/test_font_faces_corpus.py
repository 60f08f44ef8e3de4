"""The fonts corpus (corpus/fonts) through the Python package: the same
@font-face rules, cases and Chromium recordings the Swift corpus test
scores, so that a FontCollection made from faces.css answers alike in Swift,
C (under this package) and Python."""

import json
import pathlib

import pytest

import typeset
from typeset import Paragraph, Style

CORPUS = pathlib.Path(__file__).resolve().parents[2] / "corpus" / "fonts"


def cases():
    with open(CORPUS / "cases.jsonl", encoding="utf-8") as fh:
        all_cases = [json.loads(line) for line in fh if line.strip()]
    with open(CORPUS / "expected@1x.jsonl", encoding="utf-8") as fh:
        expected = {r["id"]: r for r in map(json.loads, fh)}
    with open(CORPUS / "known-misses.tsv", encoding="utf-8") as fh:
        misses = {line.split("\t")[0] for line in fh if not line.startswith("#")}
    return [(c, expected[c["id"]]) for c in all_cases[::7] if c["id"] not in misses]


@pytest.fixture(scope="module")
def faces():
    if not (CORPUS / "files").is_dir():
        pytest.skip("the fonts corpus's fonts are not fetched: run scripts/fetch-test-fonts")
    return typeset.Typesetter(font_faces=str(CORPUS / "faces.css"))


def test_the_fonts_corpus_agrees_with_chromium_through_python(faces):
    checked = 0
    for c, want in cases():
        line_height = c["line_height"]
        if c["line_height_multiple"] is not None:
            line_height = ("multiple", c["line_height_multiple"])
        style = Style(font_family=c["font_family"][0], size=c["font_size"], weight=c["font_weight"],
                      italic=c["font_style"] == "italic", letter_spacing=c["letter_spacing"],
                      line_height=line_height, stretch=c.get("font_stretch", 100),
                      variation_settings=c.get("font_variation_settings"),
                      optical_sizing=c.get("font_optical_sizing", "auto"))
        m = faces.measure(c["text"], style, c["width"], paragraph=Paragraph(direction="ltr"))
        assert (m.line_count, m.exact_height) == (want["line_count"], want["height"]), c["id"]
        assert abs(m.exact_width - max(l["width"] for l in want["lines"])) <= 1 / 64 + 1e-9, c["id"]
        checked += 1
    assert checked > 100
