#!/usr/bin/env python3
"""Writes corpus/edges/cases.jsonl: options-corpus cases (the batch
protocol's fields, see corpus/README.md) for edges that designers hit, from
corpus/edges/texts.json.

    python3 corpus/tools/make_edge_cases.py [--texts FILE] [--out FILE]

A group names a category, the family first in every stack (the other
bundled families follow in the usual order), texts, font sizes and either
widths, or "fit" offsets with "letter_spacing" values: boxes exactly as wide
as the text's max-content, or that less or plus the offsets (px, or "-ls" /
"+ls": the letter spacing). A fit case needs its text's max-content width
from Chromium: the group also writes one case per text, size and letter
spacing at a 2000 px box ("-wmax"), and the fit cases are written once
corpus/edges/expected.jsonl has those rows (so: make, record, make, record).
Every case is crossed with the group's variants (options fields). A group's
optional "tag" goes into its case ids (several groups of one category).
"""

import argparse
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.dirname(HERE)
FAMILY_ORDER = ['Noto Sans', 'Noto Sans Arabic', 'Noto Sans Hebrew', 'Noto Sans Devanagari',
                'Noto Sans Thai', 'Noto Sans CJK JP', 'Noto Color Emoji']


def fmt(x):
    return ('%g' % x).replace('-', 'm')


def base_case(cid, category, text, family, size, width, ls, variant):
    c = {'id': cid, 'category': category, 'text': text,
         'font_family': [family] + [f for f in FAMILY_ORDER if f != family],
         'font_size': size, 'font_weight': 400, 'font_style': 'normal',
         'line_height': None, 'line_height_multiple': None, 'width': width,
         'white_space': 'normal', 'letter_spacing': ls, 'word_break': 'normal',
         'align': 'start', 'direction': 'ltr', 'max_lines': None, 'text_overflow': 'clip',
         'lang': None, 'line_break': None}
    c.update(variant)
    return c


def variant_tag(v):
    return '-'.join('%s%s' % (k[:2], fmt(x) if isinstance(x, (int, float)) else x) for k, x in sorted(v.items()) if x is not None)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--texts', default=os.path.join(CORPUS, 'edges', 'texts.json'))
    ap.add_argument('--out', default=os.path.join(CORPUS, 'edges', 'cases.jsonl'))
    ap.add_argument('--expected', default=os.path.join(CORPUS, 'edges', 'expected.jsonl'))
    args = ap.parse_args()
    with open(args.texts, encoding='utf-8') as fh:
        groups = json.load(fh)['groups']
    natural = {}
    if os.path.exists(args.expected):
        with open(args.expected, encoding='utf-8') as fh:
            for line in fh:
                row = json.loads(line)
                if row['id'].endswith('-wmax'):
                    natural[row['id']] = row['natural_width']
    cases, missing = [], 0
    for g in groups:
        cat = g['category']
        for n, text in enumerate(g['texts'], 1):
            for size in g['sizes']:
                for ls in g.get('letter_spacing', [0]):
                    stem = '%s-%s%03d-s%d%s' % (cat, g['tag'] + '-' if 'tag' in g else '', n, size,
                                                '' if not ls else '-ls' + fmt(ls))
                    widths = g.get('widths')
                    if 'fit' in g:
                        probe = stem + '-wmax'
                        cases.append(base_case(probe, cat, text, g['family'], size, 2000, ls, {}))
                        if probe not in natural:
                            missing += 1
                            continue
                        widths = []
                        for off in g['fit']:
                            d = {'-ls': -ls, '+ls': ls}.get(off, off)
                            widths.append(round(natural[probe] + d, 6))
                    for width in widths:
                        for v in g['variants']:
                            cid = '%s-w%s-%s' % (stem, fmt(width), variant_tag(v))
                            cases.append(base_case(cid, cat, text, g['family'], size, width, ls, v))
    ids = [c['id'] for c in cases]
    if len(set(ids)) != len(ids):
        raise SystemExit('duplicate case ids')
    with open(args.out, 'w', encoding='utf-8', newline='\n') as fh:
        for c in cases:
            fh.write(json.dumps(c, ensure_ascii=False) + '\n')
    print('%d cases -> %s%s' % (len(cases), os.path.relpath(args.out),
                                '' if not missing else ' (%d texts wait for their max-content: record, then run again)' % missing))


if __name__ == '__main__':
    main()
