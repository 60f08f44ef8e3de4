"""The Python package's cost per text on the benchmark feed (typeset-bench runs it and compares with the C call).

    python3 Benchmarks/python/bench.py FEED.jsonl WIDTH RUNS    (TYPESET_LIBRARY, TYPESET_FONTS, PYTHONPATH=python)

Prints one JSON object: per-text thread CPU µs (medians of RUNS warm passes) of ``Typesetter.layout``
(prepare + layout + the lines as dataclasses) and ``Typesetter.measure`` (prepare + size, no lines).
"""
import json
import statistics
import sys
import time

from typeset import Style, Typesetter

FAMILIES = ("Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari", "Noto Sans Thai",
            "Noto Sans CJK JP", "Noto Color Emoji")


def main() -> None:
    feed, width, runs = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
    texts = [json.loads(line)["text"] for line in open(feed, encoding="utf-8")]
    ts = Typesetter()
    style = Style(font_family=FAMILIES, size=15)
    figures = {}
    for name, call in (("layout", ts.layout), ("measure", ts.measure)):
        for text in texts:  # warm the caches
            call(text, style, width)
        values = []
        for _ in range(runs):
            t0 = time.thread_time()
            for text in texts:
                call(text, style, width)
            values.append((time.thread_time() - t0) / len(texts) * 1e6)
        figures[f"python_{name}_us_per_text"] = statistics.median(values)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
