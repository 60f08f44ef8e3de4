"""Writes generated feed posts as JSON Lines, with bad rows planted on purpose.

    python3 examples/spark/make_posts.py COUNT [--seed N] [--bad-every K] [--planted PLANTED.json] > posts.jsonl

The texts are drawn from examples/samples.tsv (eight scripts, their font
stacks), 20 to 400 characters long, with the batch protocol's style and
paragraph fields varied: sizes, line heights, line clamps, bold first
words (`runs`), inline badges (`attachments`), pre-wrapped lines, emoji.
Every K-th post (default 500) is bad in one of eight ways (a line that is
not JSON, a line that is not an object, a missing or non-string text, a
negative size, an unknown font, overlapping runs, `max_lines` 0);
--planted writes which: {"ids": [...], "malformed": n} (ids as the job
writes them, the id's JSON text; malformed lines have no id).
"""

import argparse
import json
import os
import random
import sys

EMOJI = ["👋", "🎉", "👨‍👩‍👧‍👦", "🇯🇵", "👍🏽", "🌞", "❤️"]
BAD_KINDS = ("malformed", "not_object", "no_text", "text_number", "negative_size",
             "unknown_font", "overlapping_runs", "zero_lines")


def samples():
    """(font stack, text) of every sample in examples/samples.tsv."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "samples.tsv")
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            stack, _, text = line.rstrip("\n").split("\t")
            out.append((stack.split(","), text))
    return out


def text_of(rng, sample_text, length):
    """About `length` characters of the sample's script: its words (or, for
    scripts written without spaces, its characters) in a random order."""
    words = sample_text.split(" ")
    pieces = words if len(words) > 3 else list(sample_text)
    joiner = " " if len(words) > 3 else ""
    out = []
    while len(joiner.join(out)) < length:
        out.append(rng.choice(pieces))
    return joiner.join(out)


def good_post(rng, post_id, pool):
    # 80% English (the first sample), the rest in the other scripts.
    stack, sample = pool[0] if rng.random() < 0.8 else rng.choice(pool[1:])
    text = text_of(rng, sample, rng.randint(20, 400))
    post = {"id": post_id, "text": text, "font_family": list(stack), "font_size": rng.choice([13, 15, 17])}
    if rng.random() < 0.1:
        post["text"] += " " + rng.choice(EMOJI) + " #feed @friend"
        post["font_family"].append("Noto Color Emoji")
    if rng.random() < 0.3:
        post["max_lines"] = 3
    roll = rng.random()
    if roll < 0.2:
        post["line_height"] = {"multiple": 1.4}
    elif roll < 0.3:
        post["line_height"] = 21
    if rng.random() < 0.05:
        post["text"] = post["text"][:40] + "\n" + post["text"][40:]
        post["white_space"] = "pre-wrap"
    if rng.random() < 0.1 and post["text"].find(" ") > 0:
        first = post["text"].index(" ")
        post["runs"] = [{"start": 0, "end": first, "font_weight": 700, "font_size": post["font_size"] + 2}]
    if rng.random() < 0.05:
        post["text"] += " \ufffc"
        post["attachments"] = [{"offset": len(post["text"]) - 1, "width": 16, "height": 16,
                                "vertical_align": "middle"}]
    if stack[0] == "Noto Sans CJK JP":
        post["lang"] = "ja"
    return post


def bad_line(kind, post):
    """The JSON Lines line of a post made bad in the given way."""
    if kind == "malformed":
        return '{"id": %s, "text": "an unterminated string' % json.dumps(post["id"])
    if kind == "not_object":
        return json.dumps([post["id"], post["text"]], ensure_ascii=False)
    if kind == "no_text":
        del post["text"]
    elif kind == "text_number":
        post["text"] = 42
    elif kind == "negative_size":
        post["font_size"] = -3
    elif kind == "unknown_font":
        post["font_family"] = ["No Such Font"]
    elif kind == "overlapping_runs":
        post["runs"] = [{"start": 0, "end": 6, "font_weight": 700}, {"start": 3, "end": 9, "font_size": 20}]
    elif kind == "zero_lines":
        post["max_lines"] = 0
    return json.dumps(post, ensure_ascii=False)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("count", type=int)
    parser.add_argument("--seed", type=int, default=32)
    parser.add_argument("--bad-every", type=int, default=500)
    parser.add_argument("--planted", help="write the planted bad rows here as JSON")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    pool = samples()
    planted = {"ids": [], "malformed": 0}
    out = sys.stdout
    for n in range(1, args.count + 1):
        # Most ids are numbers; every seventh is a string, as some lakes key posts.
        post_id = "p-%d" % n if n % 7 == 0 else n
        post = good_post(rng, post_id, pool)
        if args.bad_every and n % args.bad_every == 0:
            kind = BAD_KINDS[(n // args.bad_every - 1) % len(BAD_KINDS)]
            out.write(bad_line(kind, post) + "\n")
            if kind in ("malformed", "not_object"):
                planted["malformed"] += 1
            else:
                planted["ids"].append(post_id if isinstance(post_id, str) else json.dumps(post_id))
        else:
            out.write(json.dumps(post, ensure_ascii=False) + "\n")
    if args.planted:
        with open(args.planted, "w") as f:
            json.dump(planted, f)


if __name__ == "__main__":
    main()
