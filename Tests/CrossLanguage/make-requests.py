#!/usr/bin/env python3
"""Writes requests.jsonl beside this file: 200 batch-protocol requests mixing every field the four interfaces
(Swift, C, Python, `measure batch`) share, drawn from a fixed seed so that the file is the same on every run.

    python3 Tests/CrossLanguage/make-requests.py      # rewrites Tests/CrossLanguage/requests.jsonl
"""
import json
import random
from pathlib import Path

PHRASES = [
    "Hello world", "Typeset measures text exactly as a browser lays it out.", "Today we open registration @maria",
    "a supercalifragilisticexpialidocious word", "Tabs\tand  double  spaces", "Line one\nline two",
    "مرحبا بالعالم! هذا نص عربي قصير.", "שלום עולם, זה טקסט בעברית.", "नमस्ते दुनिया, यह हिंदी पाठ है।",
    "สวัสดีชาวโลก นี่คือข้อความภาษาไทย", "こんにちは世界、これは日本語の文章です。", "你好世界，这是中文文本。",
    "Emoji 👋🏽 and flags 🇯🇵 in a line 🎉", "1,234.56 km/h (approx.)", "mixed English and العربية together",
    "https://example.com/a/very/long/path?with=query", "#hashtag $CASH @mention", "Ünïcödé àccents — “quotes”",
]
FAMILIES = [
    "Noto Sans", "Noto Sans, Noto Color Emoji", "'Noto Sans Arabic', Noto Sans", '"Noto Sans Hebrew",Noto Sans',
    ["Noto Sans", "Noto Sans CJK JP"], ["Noto Sans Devanagari", "Noto Sans"], "Noto   Sans ,  Noto Sans Thai",
    "sans-serif", "Missing Family, Noto Sans", ["Noto Sans", "Noto Color Emoji"],
]


def request(rng: random.Random, i: int) -> dict:
    r = {"id": i, "text": " ".join(rng.choice(PHRASES) for _ in range(rng.randint(1, 3)))}
    def maybe(p, key, values):
        if rng.random() < p:
            r[key] = rng.choice(values)
    maybe(0.8, "font_family", FAMILIES)
    maybe(0.6, "font_size", [12, 13.5, 15, 17, 20, 28])
    maybe(0.3, "font_weight", [300, 400, 600, 700])
    maybe(0.15, "font_style", ["italic", "normal"])
    maybe(0.15, "letter_spacing", [-0.5, 0.5, 1.25])
    maybe(0.3, "line_height", [18, 24, {"multiple": 1.4}, "normal"])
    maybe(0.85, "width", [0, 40, 120, 200, 320, 414.5])
    maybe(0.15, "white_space", ["normal", "pre-wrap", "nowrap"])
    if r.get("white_space") == "nowrap":
        maybe(0.5, "text_overflow", ["ellipsis", "clip"])
    maybe(0.15, "word_break", ["keep-all", "break-all", "normal"])
    maybe(0.1, "line_break", ["loose", "normal", "strict", "anywhere"])
    maybe(0.25, "align", ["end", "left", "right", "center", "justify"])
    maybe(0.1, "direction", ["ltr", "rtl"])
    maybe(0.1, "lang", ["ja", "ar", "en", "zh-Hans"])
    maybe(0.2, "max_lines", [1, 2, 3])
    maybe(0.35, "text_wrap", ["balance", "pretty", "wrap"])
    maybe(0.3, "scale", [1, 2, 3, 2.625])
    if rng.random() < 0.25:
        n = len(r["text"])
        cuts = sorted(rng.sample(range(n + 1), 4)) if n >= 4 else []
        runs = []
        for start, end in zip(cuts[::2], cuts[1::2]):
            if start == end:
                continue
            run = {"start": start, "end": end}
            for key, values in [("font_weight", [700, 300]), ("font_size", [11, 22]), ("font_style", ["italic"]),
                                ("letter_spacing", [2]), ("font_family", ["Noto Sans Arabic, Noto Sans"])]:
                if rng.random() < 0.4:
                    run[key] = rng.choice(values)
            runs.append(run)
        if runs:
            r["runs"] = runs
    return r


def main() -> None:
    rng = random.Random(44)
    out = Path(__file__).with_name("requests.jsonl")
    out.write_text("".join(json.dumps(request(rng, i), ensure_ascii=False) + "\n" for i in range(200)), encoding="utf-8")


if __name__ == "__main__":
    main()
