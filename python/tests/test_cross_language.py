"""The same 200 mixed requests (Tests/CrossLanguage/requests.jsonl) through the Python package, a C program on
libtypeset and `measure batch` give identical answers: sizes, line breaks, every line's box, to the last bit.
(Tests/MeasureCLITests/CrossLanguageTests.swift holds the Swift API to the same answers.)

scripts/test-bindings builds the C program and `measure` and names them in TYPESET_CROSS_LANGUAGE_C and
TYPESET_MEASURE.
"""
import dataclasses
import json
import os
import subprocess
from pathlib import Path

import pytest

from typeset import Paragraph, Run, Style, Typesetter
from typeset._types import ALIGN, DIRECTION, LINE_BREAK, TEXT_OVERFLOW, TEXT_WRAP, WHITE_SPACE, WORD_BREAK

ROOT = Path(__file__).resolve().parents[2]
REQUESTS = [json.loads(line) for line in (ROOT / "Tests/CrossLanguage/requests.jsonl").read_text("utf-8").splitlines()]
KEYS = ("width", "height", "exact_width", "exact_height", "natural_width", "line_count", "truncated")
LINE_KEYS = ("start", "end", "width", "x", "top", "baseline", "height")


def _tool(variable: str) -> str:
    path = os.environ.get(variable)
    if not path:
        pytest.skip(f"{variable} is not set: run scripts/test-bindings, which builds the program and sets it")
    return path


def _style_fields(r: dict) -> dict:
    """The Style fields a request (or a run) sets; the others keep Style's defaults."""
    fields = {}
    if "font_family" in r:
        f = r["font_family"]
        fields["font_family"] = f if isinstance(f, str) else tuple(f)
    if "font_size" in r:
        fields["size"] = float(r["font_size"])
    if "font_weight" in r:
        fields["weight"] = int(r["font_weight"])
    if "font_style" in r:
        fields["italic"] = r["font_style"] != "normal"
    if "letter_spacing" in r:
        fields["letter_spacing"] = float(r["letter_spacing"])
    if "line_height" in r:
        lh = r["line_height"]
        fields["line_height"] = None if lh == "normal" else ("multiple", lh["multiple"]) if isinstance(lh, dict) else float(lh)
    return fields


def _python_objects(r: dict):
    style = Style(**_style_fields(r), lang=r.get("lang"))
    paragraph = Paragraph(**{k: r[k] for k in ("white_space", "word_break", "line_break", "align", "direction",
                                               "max_lines", "text_overflow", "text_wrap") if k in r})
    runs = [Run(run["start"], run["end"], dataclasses.replace(style, **_style_fields(run))) for run in r.get("runs", [])]
    return style, paragraph, runs


def _answer(layout_like: dict) -> dict:
    return {**{k: layout_like[k] for k in KEYS}, "lines": [[line[k] for k in LINE_KEYS] for line in layout_like["lines"]]}


def _python_answer(ts: Typesetter, r: dict) -> dict:
    style, paragraph, runs = _python_objects(r)
    layout = ts.prepare(r["text"], style, paragraph, float(r.get("scale", 1)), runs=runs).layout(r.get("width"))
    answer = dataclasses.asdict(layout)
    answer["line_count"] = layout.line_count
    return _answer(answer)


def _hex(s: str) -> str:
    return s.encode("utf-8").hex() or "-"


def _c_style(s: Style, sized: bool) -> str:
    """A style's fields for the C program; its size "d" (ts_style_init's default) when no request field gave one."""
    family = s.font_family if isinstance(s.font_family, str) else ", ".join('"' + f + '"' for f in s.font_family)
    kind, height = (0, 0.0) if s.line_height is None else (2, s.line_height[1]) if isinstance(s.line_height, tuple) \
        else (1, s.line_height)
    size = repr(s.size) if sized else "d"
    return f"{_hex(family)} {size} {s.weight} {int(s.italic)} {s.letter_spacing!r} {kind} {height!r} {_hex(s.lang or '')}"


def _c_line(r: dict) -> str:
    """A request as the C program reads it (cross_language.c): the ts_style and ts_paragraph values."""
    style, p, runs = _python_objects(r)
    text = r["text"]
    bytes_at = [len(text[:i].encode("utf-8")) for i in range(len(text) + 1)]
    wrap = TEXT_WRAP.index(p.text_wrap)
    paragraph = " ".join(str(v) for v in (WHITE_SPACE.index(p.white_space), WORD_BREAK.index(p.word_break),
                                          LINE_BREAK.index(p.line_break), ALIGN.index(p.align),
                                          DIRECTION.index(p.direction), p.max_lines or 0,
                                          TEXT_OVERFLOW.index(p.text_overflow), wrap))
    sized = "font_size" in r
    run_fields = " ".join(f"{bytes_at[run.start]} {bytes_at[run.end]} {_c_style(run.style, sized or 'font_size' in raw)}"
                          for run, raw in zip(runs, r.get("runs", [])))
    width = "-" if r.get("width") is None else repr(float(r["width"]))
    return f"{_hex(text)} {width} {float(r.get('scale', 1))!r} {_c_style(style, sized)} {paragraph} {len(runs)} {run_fields}"


def _c_answers() -> list:
    program = _tool("TYPESET_CROSS_LANGUAGE_C")
    lines = "".join(_c_line(r) + "\n" for r in REQUESTS)
    out = subprocess.run([program], input=lines.encode("utf-8"), capture_output=True, check=True).stdout
    answers = []
    for r, line in zip(REQUESTS, out.decode("utf-8").splitlines()):
        a = json.loads(line)
        if "error" not in a:
            scalar_at = {len(r["text"][:i].encode("utf-8")): i for i in range(len(r["text"]) + 1)}
            for l in a["lines"]:
                l["start"], l["end"] = scalar_at[l["start"]], scalar_at[l["end"]]
            a = _answer(a)
        answers.append(a)
    return answers


def _batch_answers() -> list:
    measure = _tool("TYPESET_MEASURE")
    lines = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in REQUESTS)
    out = subprocess.run([measure, "batch", "--jobs", "1", "-"], input=lines.encode("utf-8"), capture_output=True,
                         check=True).stdout
    return [_answer(a) if "error" not in a else a for a in map(json.loads, out.decode("utf-8").splitlines())]


def test_the_requests_are_mixed():
    """The file exercises what it claims: every paragraph option, runs, scales, omitted sizes and CSS lists."""
    assert len(REQUESTS) == 200
    for key in ("text_wrap", "white_space", "max_lines", "runs", "scale", "align", "lang", "line_height"):
        assert sum(key in r for r in REQUESTS) >= 10, key
    assert sum("font_size" not in r for r in REQUESTS) >= 40
    assert sum(isinstance(r.get("font_family"), str) and "," in r["font_family"] for r in REQUESTS) >= 40
    assert {r.get("text_wrap") for r in REQUESTS} >= {"balance", "pretty"}


def test_python_c_and_measure_batch_agree_on_200_requests():
    ts = Typesetter()
    python = [_python_answer(ts, r) for r in REQUESTS]
    c = _c_answers()
    batch = _batch_answers()
    assert len(c) == len(batch) == len(REQUESTS)
    for r, p, ca, b in zip(REQUESTS, python, c, batch):
        assert "error" not in b, (r, b)
        assert p == b, f"Python and measure batch differ on request {r['id']}: {r}"
        assert ca == b, f"C and measure batch differ on request {r['id']}: {r}"
