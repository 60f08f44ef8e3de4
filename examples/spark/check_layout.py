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
    python3 examples/spark/check_layout.py parquet POSTS.jsonl POSTS.parquet
        writes the posts whose fields fit one Parquet schema (ids as the job
        writes them, line heights as multiples or none) as Parquet;
    python3 examples/spark/check_layout.py same FROM_PARQUET.parquet FROM_JSONL.parquet [--all-rows]
        checks that the job's rows for the Parquet posts (run with --answers)
        equal its rows for the same posts read from JSON Lines; with
        --all-rows, that two runs over the same posts (local mode and a
        cluster, say) have the same rows, those without an id (lines that
        are not JSON objects) compared as a multiset of error rows.
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


def parquet_schema():
    from pyspark.sql.types import (ArrayType, DoubleType, LongType, StringType, StructField, StructType)
    longs = lambda *names: [StructField(n, LongType()) for n in names]
    doubles = lambda *names: [StructField(n, DoubleType()) for n in names]
    strings = lambda *names: [StructField(n, StringType()) for n in names]
    return StructType(
        strings("id", "text") + [StructField("font_family", ArrayType(StringType()))] + doubles("font_size")
        + longs("max_lines") + [StructField("line_height", StructType(doubles("multiple")))]
        + strings("white_space", "lang")
        + [StructField("runs", ArrayType(StructType(longs("start", "end", "font_weight") + doubles("font_size")))),
           StructField("attachments", ArrayType(StructType(
               longs("offset") + doubles("width", "height") + strings("vertical_align"))))])


def as_row(value, data_type):
    """A JSON value as a value of the Parquet type; TypeError if it is not one."""
    from pyspark.sql.types import ArrayType, DoubleType, LongType, StringType, StructType
    if value is None:
        return None
    if isinstance(data_type, StructType) and isinstance(value, dict):
        return tuple(as_row(value.get(field.name), field.dataType) for field in data_type.fields)
    if isinstance(data_type, ArrayType) and isinstance(value, list):
        return [as_row(v, data_type.elementType) for v in value]
    if isinstance(data_type, DoubleType) and isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    if isinstance(data_type, LongType) and isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(data_type, StringType) and isinstance(value, str):
        return value
    raise TypeError("%r is not a %s" % (value, data_type))


def write_parquet(args):
    from pyspark.sql import SparkSession
    schema = parquet_schema()
    columns = [field.name for field in schema.fields]
    rows = []
    for line in post_lines(args.posts):
        post = layout_posts.parse_json_post(line)
        if isinstance(post, layout_posts.BadPost) or not set(post) <= set(columns):
            continue
        try:
            rows.append(as_row(dict(post, id=id_text(post.get("id"))), schema))
        except TypeError:
            continue
    spark = SparkSession.builder.master("local[1]").appName("typeset-posts-parquet").getOrCreate()
    spark.createDataFrame(rows, schema).coalesce(2).write.mode("overwrite").parquet(args.parquet)
    spark.stop()
    print("check_layout: %d posts written as Parquet" % len(rows))


def same(args):
    from pyspark.sql import SparkSession
    spark = SparkSession.builder.master("local[1]").appName("typeset-check-same").getOrCreate()
    rows = lambda path: [r.asDict() for r in spark.read.parquet(path).collect()]
    parquet_rows, jsonl_rows = rows(args.from_parquet), rows(args.from_jsonl)
    spark.stop()
    read = lambda rs: {(r["id"], r["width"], r["scale"]): r for r in rs if r["id"] is not None}
    parquet, jsonl = read(parquet_rows), read(jsonl_rows)
    # Rows without an id (lines that are not JSON objects) cannot be paired: they must be the same error rows,
    # as many of each, whichever partition read them.
    unnamed = lambda rs: collections.Counter((r["width"], r["scale"], r["error"]) for r in rs if r["id"] is None)
    differ = 0
    if args.all_rows and set(parquet) != set(jsonl):
        differ += 1
        print("check_layout: the runs have different ids: %d only in the first, %d only in the second"
              % (len(set(parquet) - set(jsonl)), len(set(jsonl) - set(parquet))))
    if args.all_rows and unnamed(parquet_rows) != unnamed(jsonl_rows):
        differ += 1
        print("check_layout: the rows without an id differ: %r, %r" % (unnamed(parquet_rows), unnamed(jsonl_rows)))
    for key, row in parquet.items():
        other = jsonl.get(key)
        # An error answer names the line of its measure process: the messages are compared.
        answers = [None if r is None or r["error"] is not None or r["answer"] is None
                   else without_id(json.loads(r["answer"])) for r in (row, other)]
        if (other is None or answers[0] != answers[1] or row["error"] != other["error"]
                or (row["error"] is None and row["answer"] is None)):
            differ += 1
            if differ <= 10:
                print("check_layout: id %r at width %s, scale %s: from Parquet %r, from JSON Lines %r"
                      % (key + (row.get("answer"), other and other.get("answer"))))
    print("check_layout: %d rows from Parquet, %d of them errors; %d differ from the JSON Lines run"
          % (len(parquet_rows), sum(1 for r in parquet_rows if r["error"]), differ))
    return 1 if differ or not parquet else 0


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
    to_parquet = sub.add_parser("parquet")
    to_parquet.add_argument("posts")
    to_parquet.add_argument("parquet")
    compare_runs = sub.add_parser("same")
    compare_runs.add_argument("from_parquet")
    compare_runs.add_argument("from_jsonl")
    compare_runs.add_argument("--all-rows", action="store_true",
                              help="the two runs are of the same posts: every row of each is in the other")
    args = parser.parse_args()
    if args.command == "requests":
        write_requests(args)
        return 0
    if args.command == "parquet":
        write_parquet(args)
        return 0
    if args.command == "same":
        return same(args)
    return compare(args)


if __name__ == "__main__":
    sys.exit(main())
