"""Checks a layout_posts.py run against `measure batch` run directly.

    python3 examples/spark/check_layout.py requests POSTS.jsonl --widths W,... --scales S,... > requests.jsonl
        the batch requests the job sends for every post that can be one (the
        same lines, the request's id being [post id, width, scale]);
    measure batch --no-lines requests.jsonl > direct.jsonl
    python3 examples/spark/check_layout.py compare POSTS.jsonl OUTPUT.parquet requests.jsonl direct.jsonl \\
        --widths W,... --scales S,... [--planted PLANTED.json]
        reads the job's Parquet (written with --answers) and checks that it has
        one row per post line, width and scale; that every id of the posts is
        there, each at every width and scale; that every answer and every
        column equals the direct answer to the same request; that the rows of
        posts that cannot be measured are error rows, with measure's own
        message when measure answered them; and, with --planted (from
        make_posts.py), that the planted bad rows are exactly those.
Exit status 0 when every check holds, 1 with the failures listed otherwise
(on stdout, with a summary line).
"""

import argparse
import collections
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import layout_posts  # noqa: E402  (the job's own request builder)


def post_lines(path):
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n") for line in f if line.strip()]


def id_text(post_id):
    """The id as the job writes it for JSON Lines input."""
    if post_id is None or isinstance(post_id, str):
        return post_id
    return json.dumps(post_id, ensure_ascii=False, separators=(",", ":"))


def write_requests(args):
    layouts = layout_posts.variants(args.widths, args.scales)
    out = sys.stdout
    for line in post_lines(args.posts):
        post = layout_posts.parse_json_post(line)
        if isinstance(post, layout_posts.BadPost):
            continue
        body = layout_posts.request_body(post)
        if isinstance(body, layout_posts.BadPost):
            continue
        for width, scale in layouts:
            out.write(layout_posts.request_line(body, [post.get("id"), width, scale], width, scale) + "\n")


def without_id(answer):
    return {k: v for k, v in answer.items() if k != "id"}


def compare(args):
    from pyspark.sql import SparkSession
    failures = []

    def fail(message):
        if len(failures) < 20:
            print("check_layout: " + message)
        failures.append(message)

    layouts = layout_posts.variants(args.widths, args.scales)
    posts = [layout_posts.parse_json_post(line) for line in post_lines(args.posts)]
    direct = {}
    with open(args.requests, encoding="utf-8") as requests, open(args.direct, encoding="utf-8") as answers:
        for request, answer in zip(requests, answers):
            key = json.loads(request)["id"]
            direct[(id_text(key[0]), float(key[1]), float(key[2]))] = json.loads(answer)

    spark = SparkSession.builder.master("local[1]").appName("typeset-check-layout").getOrCreate()
    rows = [row.asDict() for row in spark.read.parquet(args.output).collect()]
    spark.stop()

    expected = len(posts) * len(layouts)
    if len(rows) != expected:
        fail("%d rows, expected %d (%d post lines x %d layouts)" % (len(rows), expected, len(posts), len(layouts)))
    seen = collections.Counter((row["id"], row["width"], row["scale"]) for row in rows)
    wanted = collections.Counter()
    for post in posts:
        post_id = None if isinstance(post, layout_posts.BadPost) else id_text(post.get("id"))
        for width, scale in layouts:
            wanted[(post_id, float(width), float(scale))] += 1
    for key in wanted.keys() | seen.keys():
        if seen[key] != wanted[key]:
            fail("id %r at width %s, scale %s: %d rows, expected %d" % (key + (seen[key], wanted[key])))

    errors = collections.Counter()
    measured = 0
    for row in rows:
        key = (row["id"], row["width"], row["scale"])
        answer = direct.get(key) if row["id"] is not None else None
        if answer is None:
            # Not a request measure can be sent: the job's own error row.
            if row["error"] is None:
                fail("id %r at width %s, scale %s: no request, yet no error" % key)
            errors[row["id"]] += 1
            continue
        if "error" in answer:
            errors[row["id"]] += 1
            if row["error"] != answer["error"]["message"]:
                fail("id %r: error %r, measure directly says %r" % (row["id"], row["error"], answer["error"]["message"]))
            continue
        measured += 1
        if row["error"] is not None:
            fail("id %r at width %s, scale %s: error %r, measured directly" % (key + (row["error"],)))
            continue
        if row["answer"] is None or without_id(json.loads(row["answer"])) != without_id(answer):
            fail("id %r at width %s, scale %s: answer %s, directly %s" % (key + (row["answer"], json.dumps(answer))))
        for field, column in layout_posts.ANSWER_COLUMNS:
            if row[column] != answer[field]:
                fail("id %r at width %s, scale %s: %s %r, directly %r" % (key + (column, row[column], answer[field])))

    if args.planted:
        with open(args.planted) as f:
            planted = json.load(f)
        bad_ids = {post_id for post_id in errors if post_id is not None}
        if bad_ids != set(planted["ids"]):
            fail("error rows for ids %s, planted %s" % (sorted(bad_ids), sorted(planted["ids"])))
        for post_id in planted["ids"]:
            if errors[post_id] != len(layouts):
                fail("planted bad id %s: %d error rows, expected %d" % (post_id, errors[post_id], len(layouts)))
        if errors[None] != planted["malformed"] * len(layouts):
            fail("%d error rows without an id, expected %d for %d lines that are not JSON objects"
                 % (errors[None], planted["malformed"] * len(layouts), planted["malformed"]))
    print("check_layout: %d rows; %d measured, each equal to measure run directly; %d error rows: %d posts with an id,"
          " %d rows without one (lines that are not JSON objects)%s"
          % (len(rows), measured, sum(errors.values()), len([k for k in errors if k is not None]), errors[None],
             "; %d failures" % len(failures) if failures else ""))
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    requests = sub.add_parser("requests")
    requests.add_argument("posts")
    check = sub.add_parser("compare")
    for name in ("posts", "output", "requests", "direct"):
        check.add_argument(name)
    check.add_argument("--planted")
    for p in (requests, check):
        p.add_argument("--widths", required=True, type=layout_posts.numbers)
        p.add_argument("--scales", default=[1], type=layout_posts.numbers)
    args = parser.parse_args()
    if args.command == "requests":
        write_requests(args)
        return 0
    return compare(args)


if __name__ == "__main__":
    sys.exit(main())
