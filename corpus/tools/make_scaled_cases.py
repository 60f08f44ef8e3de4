#!/usr/bin/env python3
"""Picks the cases recorded at device pixel ratios 2 and 3: corpus/scaled/.

    python3 corpus/tools/make_scaled_cases.py [--check]

Chromium at a device pixel ratio s lays text out zoomed by s, in device
pixels, so heights, line boxes and near-tie line breaks differ from its 1x
answers (corpus/README.md, The scaled corpora). Recording every corpus again
at every ratio would take as long as the 1x recording per ratio; these
subsets keep one ratio to about a minute on 2 cores while every category and
every option kind still occurs:

    corpus        source                          every   -> corpus/scaled/
    main          cases.jsonl                     4th        main-cases.jsonl
    options       options/cases.jsonl             2nd        options-cases.jsonl
    runs          cases-runs.jsonl                2nd        runs-cases.jsonl
    attachments   attachments/cases.jsonl         all        attachments-cases.jsonl
    cells         cells/cases.jsonl               all        cells-cases.jsonl
    wrap          wrap/cases.jsonl                3rd        wrap-cases.jsonl
    main @2.625   main-cases.jsonl                8th        main-cases@2.625x.jsonl

How a subset is chosen (deterministic, no seed): the source's cases are
grouped into strata by what they exercise (see STRATA: the category and, per
corpus, font size, line height kind, white-space, letter spacing, direction,
the option a category is about, or the runs text); within a stratum the
cases are ordered by the SHA-256 of their id, and the first ceil(n / every)
are kept, so every stratum keeps at least one case and the sizes and widths
inside it are spread. The kept cases are written in the source's order,
unchanged (same fields). The 2.625 spot check is picked the same way from
the main subset, one stratum per category.

--check regenerates in memory and fails if a file in corpus/scaled/ differs.
"""

import argparse
import collections
import hashlib
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.dirname(HERE)
OUT_DIR = os.path.join(CORPUS, 'scaled')


def lh_kind(c):
    if c.get('line_height_multiple'):
        return 'multiple'
    return 'normal' if c.get('line_height') is None else 'px'


def main_stratum(c):
    return (c['category'], c['font_size'], lh_kind(c), c.get('white_space'),
            c.get('letter_spacing', 0) != 0, c.get('dir'))


# Options cases: the category and every option that one of its categories
# cycles through (make_option_cases.py).
def options_stratum(c):
    return (c['category'], c.get('font_weight'), c.get('font_style'), c.get('word_break'), c.get('align'),
            c.get('direction'), c.get('max_lines') is not None, c.get('white_space'), c.get('lang'),
            c.get('line_break'), lh_kind(c), c.get('letter_spacing', 0) != 0)


# Runs cases: the text (each has its own spans), line height kind, direction.
def runs_stratum(c):
    return (c['id'].split('-')[1], lh_kind(c), c.get('dir'))


# Wrap-style cases: the category, the family (the group's tag) and every
# option a group crosses with the style.
def wrap_stratum(c):
    return (c['category'], c['id'].split('-')[2] if c['category'].count('-') == 1 else c['id'].split('-')[3],
            c.get('text_wrap'), c.get('align'), c.get('direction'), c.get('max_lines') is not None,
            c.get('white_space'), c.get('letter_spacing', 0) != 0)


def spot_stratum(c):
    return c['category']


# name: (source relative to corpus/, every, stratum function, output name)
STRATA = [
    ('main', 'cases.jsonl', 4, main_stratum, 'main-cases.jsonl'),
    ('options', 'options/cases.jsonl', 2, options_stratum, 'options-cases.jsonl'),
    ('runs', 'cases-runs.jsonl', 2, runs_stratum, 'runs-cases.jsonl'),
    ('attachments', 'attachments/cases.jsonl', 1, None, 'attachments-cases.jsonl'),
    ('cells', 'cells/cases.jsonl', 1, None, 'cells-cases.jsonl'),
    ('wrap', 'wrap/cases.jsonl', 3, wrap_stratum, 'wrap-cases.jsonl'),
    ('main@2.625x', 'scaled/main-cases.jsonl', 8, spot_stratum, 'main-cases@2.625x.jsonl'),
]


def id_hash(case_id):
    return hashlib.sha256(case_id.encode('utf-8')).hexdigest()


def pick(lines, every, stratum):
    """The kept source lines (raw JSON text, source order)."""
    cases = [json.loads(l) for l in lines]
    if every == 1:
        return list(lines)
    groups = collections.OrderedDict()
    for i, c in enumerate(cases):
        groups.setdefault(stratum(c), []).append(i)
    keep = set()
    for idx in groups.values():
        idx = sorted(idx, key=lambda i: id_hash(cases[i]['id']))
        keep.update(idx[:math.ceil(len(idx) / every)])
    return [lines[i] for i in sorted(keep)]


def build():
    """{output file name: its text}, in STRATA order (the spot check reads
    the main subset just built)."""
    out = collections.OrderedDict()
    for name, src, every, stratum, dst in STRATA:
        if src.startswith('scaled/') and os.path.basename(src) in out:
            lines = out[os.path.basename(src)].splitlines()
        else:
            with open(os.path.join(CORPUS, src), encoding='utf-8') as fh:
                lines = [l.rstrip('\n') for l in fh if l.strip()]
        kept = pick(lines, every, stratum)
        out[dst] = ''.join(l + '\n' for l in kept)
        sys.stderr.write('%-12s %6d of %6d cases -> scaled/%s\n' % (name, len(kept), len(lines), dst))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--check', action='store_true',
                    help='fail if corpus/scaled/ does not hold what would be written')
    args = ap.parse_args()
    files = build()
    if args.check:
        stale = []
        for name, text in files.items():
            p = os.path.join(OUT_DIR, name)
            if not os.path.exists(p) or open(p, encoding='utf-8').read() != text:
                stale.append(name)
        if stale:
            sys.stderr.write('make_scaled_cases: out of date: %s\n' % ', '.join(stale))
            return 1
        return 0
    os.makedirs(OUT_DIR, exist_ok=True)
    for name, text in files.items():
        with open(os.path.join(OUT_DIR, name), 'w', encoding='utf-8', newline='\n') as fh:
            fh.write(text)
    return 0


if __name__ == '__main__':
    sys.exit(main())
