"""Lays out posts at a list of widths and scales on Apache Spark.

Every post is measured by `measure batch -` (the batch protocol of
docs/Protocol.md) through `RDD.pipe`: one long-lived `measure` process per
partition, one request line in and one answer line out. With `--engine
wheel` the executors' Python workers answer the same lines themselves with
the typeset package (`mapPartitions`), its wheel shipped with
`--archives dist/typeset-….whl.zip#typeset_wheel` (the wheel under a .zip
name, which Spark unpacks). The answers are
joined back to the requests by their `id`, and the result is written as
Parquet, one row per post, width and scale.

    spark-submit --master 'local[2]' \\
        --archives typeset-measure-0.1.0-linux-x86_64.tar.gz#typeset \\
        examples/spark/layout_posts.py --input posts.jsonl --output heights.parquet \\
        --widths 320,375,414 --scales 2,3

`scripts/package-measure` builds the archive: the static `measure` and the
bundled fonts in one top-level directory, unpacked under `typeset/` beside
every executor, so that every executor measures with the same tool and the
same fonts.

Input: JSON Lines (one post object per line) or Parquet, with `id`, `text`
and any of the batch protocol's style and paragraph fields (`font_family`,
`font_size`, `line_height`, `max_lines`, `runs`, `attachments`, ...). Other
fields are left out of the requests; `width` and `scale` come from
`--widths` and `--scales`.

Output columns: `id` (for JSON Lines input the id's JSON text, a string id
as it is; for Parquet the column as it is), `width`, `scale`, `height`,
`exact_height`, `measured_width`, `exact_width`, `natural_width`,
`line_count`, `truncated`, `error` (null when measured), and with
`--answers` the whole answer line. A post that cannot be measured (a line
that is not JSON, a negative size, a missing text, an unknown font) gets a
row per width and scale whose `error` says why: rows are never lost.
"""

import argparse
import json
import os
import shlex
import sys
import time

# The request fields of the batch protocol that a post may carry (the text
# style's former names included); `width` and `scale` are the job's.
PROTOCOL_FIELDS = (
    "text", "font_family", "font_file", "font_size", "font_weight", "font_style",
    "line_height", "letter_spacing", "white_space", "text_overflow", "word_break",
    "max_lines", "align", "direction", "lang", "line_break", "runs", "attachments",
    "font", "size", "weight", "italic",
)

# measure's longest line by default (--max-line-bytes): a longer request
# would be answered without its id.
MAX_LINE_BYTES = 16 * 1024 * 1024

# The answer's fields that become columns, with the column's name.
ANSWER_COLUMNS = (
    ("height", "height"), ("exact_height", "exact_height"), ("width", "measured_width"),
    ("exact_width", "exact_width"), ("natural_width", "natural_width"),
    ("line_count", "line_count"), ("truncated", "truncated"),
)


class BadPost:
    """A post that cannot become a request, with the reason."""

    def __init__(self, message):
        self.message = message


def parse_json_post(line):
    """A JSON Lines post: its object, or a BadPost naming what is wrong."""
    try:
        post = json.loads(line)
    except ValueError as error:
        return BadPost("invalid JSON (%s): %s" % (error, line[:80]))
    if not isinstance(post, dict):
        return BadPost("the line is not a JSON object: %s" % line[:80])
    return post


def without_nulls(value):
    """A Parquet row as protocol JSON: null fields are absent (the default)."""
    if isinstance(value, dict):
        return {k: without_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [without_nulls(v) for v in value]
    return value


def request_body(post):
    """The protocol fields of a post as the inside of a JSON object (the
    part every layout's request shares), or a BadPost when they cannot be
    one (not JSON-serialisable, not valid Unicode, longer than measure's
    line limit)."""
    fields = {f: post[f] for f in PROTOCOL_FIELDS if post.get(f) is not None}
    try:
        body = json.dumps(fields, ensure_ascii=False, separators=(",", ":"), allow_nan=False)[1:-1]
        size = len(body.encode("utf-8"))
    except (TypeError, ValueError) as error:
        return BadPost("the post cannot be written as a request: %s" % error)
    if size > MAX_LINE_BYTES - 100:
        return BadPost("the request is %d bytes, more than measure's line limit of %d" % (size, MAX_LINE_BYTES))
    return body


def request_line(body, key, width, scale):
    """The batch request of a post's body at one width and scale, its id `key`."""
    return '{"id":%s,%s%s"width":%r,"scale":%r}' % (
        json.dumps(key, ensure_ascii=False, separators=(",", ":")), body, "," if body else "", width, scale)


def variants(widths, scales):
    """Every (width, scale) a post is laid out at, in output order."""
    return [(w, s) for w in widths for s in scales]


def requests_of_partition(partition, posts, layouts, id_as_text):
    """(post, request lines or None) for each post of a partition. The post
    is a JSON object: its key (`partition`, `row`), its `id` and, when it
    cannot be a request, `bad_post`: why. Its request at the k-th layout has
    the id [partition, row, k]."""
    for row, post in enumerate(posts):
        body = post if isinstance(post, BadPost) else request_body(post)
        post_id = None if isinstance(post, BadPost) else post.get("id")
        if id_as_text and post_id is not None and not isinstance(post_id, str):
            post_id = json.dumps(post_id, ensure_ascii=False, separators=(",", ":"))
        meta = {"partition": partition, "row": row, "id": post_id}
        if isinstance(body, BadPost):
            meta["bad_post"] = body.message
            yield json.dumps(meta, ensure_ascii=False), None
        else:
            yield json.dumps(meta, ensure_ascii=False), [
                request_line(body, [partition, row, layout], width, scale)
                for layout, (width, scale) in enumerate(layouts)]


def pipe_command(measure, jobs, unpacked=None):
    """The command RDD.pipe runs: `measure batch -`, whose exit status 1
    (some lines answered with errors) is a success for the partition;
    any other failure (a crash, a usage error) fails the task, which Spark
    retries. With `unpacked` (the directory an archive was unpacked in),
    the shell finds measure there, as `bin/measure` or inside the archive's
    top-level directory (`typeset-measure-VERSION-linux-ARCH/bin/measure`)."""
    options = ["batch", "--jobs", str(jobs), "--no-lines", "--no-progress", "-"]
    if unpacked is None:
        script = '"$@"; status=$?; [ "$status" -le 1 ]'
        return " ".join(shlex.quote(part) for part in ["/bin/sh", "-c", script, "measure", measure] + options)
    script = ('for m in "$0"/bin/measure "$0"/*/bin/measure; do [ -x "$m" ] && break; done; '
              '"$m" "$@"; status=$?; [ "$status" -le 1 ]')
    return " ".join(shlex.quote(part) for part in ["/bin/sh", "-c", script, unpacked] + options)


# The typeset package of the executor's Python worker (--engine wheel): one
# Typesetter per worker process, made at its first partition and kept, as
# Python workers are reused from task to task.
_typesetter = None


def wheel_answers(lines, wheel):
    """Answers request lines in this Python worker with the typeset package
    of the wheel Spark unpacked as `wheel` (--archives typeset-….whl.zip#NAME:
    a wheel is a zip, installing it is unpacking it) into the executor's
    working directory. The answers are those `measure batch --no-lines`
    writes (the same protocol code in libtypeset), an error answer for a
    request the protocol refuses."""
    global _typesetter
    from pyspark import SparkFiles
    for root in (SparkFiles.getRootDirectory(), os.getcwd()):
        path = os.path.join(root, wheel)
        if os.path.isdir(os.path.join(path, "typeset")):
            if path not in sys.path:
                sys.path.insert(0, path)
            break
    else:
        raise RuntimeError("the typeset wheel is not unpacked as %r in %s (give it with --archives ...#%s)"
                           % (wheel, SparkFiles.getRootDirectory(), wheel))
    import typeset
    if _typesetter is None:
        _typesetter = typeset.Typesetter()
    for line in lines:
        try:
            answer = _typesetter.batch(line)
        except typeset.RequestError as error:
            answer = error.answer
        answer.pop("lines", None)
        yield json.dumps(answer, ensure_ascii=False, separators=(",", ":"))


def unpacked_archive(sc, archive):
    """Where an executor finds the unpacked archive: Spark unpacks it into
    each executor's working directory (in local mode, into the SparkFiles
    directory)."""
    if sc.master.startswith("local"):
        from pyspark import SparkFiles
        return os.path.join(SparkFiles.getRootDirectory(), archive)
    return os.path.join(".", archive)


def numbers(text):
    """A comma-separated list of positive finite numbers (integers kept as integers)."""
    values = [float(x) if any(c in x for c in ".eE") else int(x) for x in text.split(",") if x]
    if not values or not all(0 < v < float("inf") for v in values):
        raise argparse.ArgumentTypeError("%r: expected positive finite numbers separated by commas" % text)
    return values


def main(argv):
    parser = argparse.ArgumentParser(description="Lay out posts at widths and scales with measure on Spark.")
    parser.add_argument("--input", required=True, help="JSON Lines file(s) or Parquet")
    parser.add_argument("--format", choices=("jsonl", "parquet"),
                        help="default: parquet if the input ends in .parquet, else jsonl")
    parser.add_argument("--output", required=True, help="Parquet output (overwritten)")
    parser.add_argument("--widths", required=True, type=numbers, help="comma-separated CSS px, e.g. 320,375,414")
    parser.add_argument("--scales", default=[1], type=numbers, help="comma-separated device pixel ratios (default 1)")
    parser.add_argument("--archive", default="typeset", help="the name the archive is unpacked as (--archives X#NAME)")
    parser.add_argument("--measure", help="a measure installed at this path on every machine (no archive)")
    parser.add_argument("--engine", choices=("pipe", "wheel"), default="pipe",
                        help="pipe: measure batch through RDD.pipe (the archive); wheel: the typeset Python package"
                             " in each Python worker (mapPartitions; the wheel shipped with --archives WHEEL.zip#NAME)")
    parser.add_argument("--wheel", default="typeset_wheel", help="the name the wheel is unpacked as (--engine wheel)")
    parser.add_argument("--min-partitions", type=int, default=None,
                        help="split JSON Lines input into at least this many partitions as it is read (no shuffle)")
    parser.add_argument("--partitions", type=int, help="repartition the posts first (default: as read)")
    parser.add_argument("--answers", action="store_true", help="keep each answer line in an `answer` column")
    args = parser.parse_args(argv)

    from pyspark import StorageLevel
    from pyspark.sql import SparkSession, functions as F
    from pyspark.sql.types import (ArrayType, BooleanType, DoubleType, LongType, StringType, StructField,
                                   StructType)

    spark = SparkSession.builder.appName("typeset-layout-posts").getOrCreate()
    sc = spark.sparkContext
    started = time.time()
    layouts = variants(args.widths, args.scales)
    fmt = args.format or ("parquet" if args.input.rstrip("/").endswith(".parquet") else "jsonl")
    if fmt == "parquet":
        frame = spark.read.parquet(args.input)
        id_type = frame.schema["id"].dataType if "id" in frame.columns else StringType()
        posts = frame.rdd.map(lambda row: without_nulls(row.asDict(recursive=True)))
    else:
        id_type = StringType()
        posts = sc.textFile(args.input, args.min_partitions).filter(lambda line: line.strip()).map(parse_json_post)
    if args.partitions:
        posts = posts.repartition(args.partitions)

    id_as_text = fmt == "jsonl"
    requests = posts.mapPartitionsWithIndex(
        lambda p, it: requests_of_partition(p, it, layouts, id_as_text))
    requests.persist(StorageLevel.MEMORY_AND_DISK)

    request_lines = requests.flatMap(lambda r: r[1] or ())
    if args.engine == "wheel":
        wheel = args.wheel
        answers = request_lines.mapPartitions(lambda lines: wheel_answers(lines, wheel))
    else:
        jobs = int(sc.getConf().get("spark.task.cpus", "1"))
        command = (pipe_command(args.measure, jobs) if args.measure
                   else pipe_command(None, jobs, unpacked=unpacked_archive(sc, args.archive)))
        answers = request_lines.pipe(command, checkCode=True)

    # Both sides cross into the JVM as JSON text and are parsed there; the
    # posts meet their layouts there too.
    request_frame = spark.read.schema(StructType([
        StructField("partition", LongType()), StructField("row", LongType()), StructField("id", id_type),
        StructField("bad_post", StringType())])).json(requests.map(lambda r: r[0]))
    layout_frame = spark.createDataFrame([(k, float(w), float(s)) for k, (w, s) in enumerate(layouts)],
                                         "layout long, width double, scale double")
    request_frame = request_frame.crossJoin(F.broadcast(layout_frame))
    answer_types = {"line_count": LongType(), "truncated": BooleanType()}
    answer_schema = StructType(
        [StructField("id", ArrayType(LongType()))]
        + [StructField(field, answer_types.get(field, DoubleType())) for field, _ in ANSWER_COLUMNS]
        + [StructField("error", StructType([StructField("message", StringType())]))])
    if args.answers:
        lines = spark.createDataFrame(answers.map(lambda line: (line,)), "answer string", verifySchema=False)
        answer_frame = lines.select(F.from_json("answer", answer_schema).alias("a"), "answer").select("a.*", "answer")
    else:
        answer_frame = spark.read.schema(answer_schema).json(answers)
    answer_frame = answer_frame.select(
        *[F.col("id")[i].alias(name) for i, name in enumerate(("partition", "row", "layout"))],
        *[F.col(field).alias(name) for field, name in ANSWER_COLUMNS],
        F.col("error.message").alias("measure_error"), F.lit(True).alias("answered"),
        *(["answer"] if args.answers else []))

    joined = request_frame.join(answer_frame, ["partition", "row", "layout"], "left")
    error = (F.when(F.col("bad_post").isNotNull(), F.col("bad_post"))
             .when(F.col("answered").isNull(), F.lit("measure gave no answer for this request"))
             .otherwise(F.col("measure_error")))
    columns = ([F.col("id"), F.col("width"), F.col("scale")]
               + [F.col(name) for _, name in ANSWER_COLUMNS] + [error.alias("error")])
    if args.answers:
        columns.append(F.col("answer"))
    joined.select(*columns).write.mode("overwrite").parquet(args.output)
    elapsed = time.time() - started
    requests.unpersist()

    written = spark.read.parquet(args.output)
    counts = written.agg(F.count(F.lit(1)).alias("rows"),
                         F.count("error").alias("errors")).collect()[0]
    print("layout_posts: %d rows (%d layouts per post), %d error rows, in %.2f s from reading to written"
          % (counts["rows"], len(layouts), counts["errors"], elapsed))
    spark.stop()


if __name__ == "__main__":
    main(sys.argv[1:])
