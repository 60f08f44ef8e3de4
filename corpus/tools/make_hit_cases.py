#!/usr/bin/env python3
"""Writes corpus/hits/cases.jsonl, the hit-testing corpus's own cases, from
corpus/hits/texts.json.

    python3 corpus/tools/make_hit_cases.py [--texts FILE] [--out FILE] [--prefix P]

texts.json maps a category to {"white_space", "widths", "line_height",
"texts": [{"text", "primary"?, "dir"?}]}: each text is laid out at font
sizes 13/15/17 x the category's widths (main-corpus case fields, the stack
the text's primary font and then the bundled regular fonts in make_cases.py's
order). "line_height": "alternate" gives every other case the main corpus's
fixed line height (21/24/27 px), "small" gives every case a fixed line height
below the primary font's glyph box (16/18/20 px and 21/24/27 px in turn).
Every case asks hits.js for every caret boundary and a finer grid of points
("hits": {"carets": "all", "columns": 32}). Every character must be in a
font of its stack (make_cases.check_coverage, which needs fontTools).
Output is deterministic.
"""

import argparse
import json
import os

import make_cases

HERE = os.path.dirname(os.path.abspath(__file__))
HITS = os.path.join(os.path.dirname(HERE), 'hits')
SIZES = (13, 15, 17)
LH_MAIN = {13: 21, 15: 24, 17: 27}
LH_SMALL = {13: 16, 15: 18, 17: 20}


def stack(primary):
    return [primary] + [f for f in make_cases.FONT_ORDER if f != primary]


def cases_of(texts, prefix=''):
    out = []
    for category, spec in texts.items():
        for n, entry in enumerate(spec['texts'], 1):
            k = 0
            for size in SIZES:
                for width in spec['widths']:
                    if spec['line_height'] == 'small':
                        lh = (LH_SMALL if k % 2 == 0 else LH_MAIN)[size]
                    else:
                        lh = LH_MAIN[size] if k % 2 == 1 else None
                    k += 1
                    d = entry.get('dir', 'ltr')
                    out.append({
                        'id': '%s%s-%03d-s%d-w%d-lh%s%s' % (prefix, category, n, size, width,
                                                            'N' if lh is None else lh,
                                                            '-rtl' if d == 'rtl' else ''),
                        'category': category, 'text': entry['text'],
                        'fonts': stack(entry.get('primary', make_cases.LATIN)),
                        'font_size': size, 'line_height': lh, 'width': width,
                        'white_space': spec['white_space'], 'letter_spacing': 0, 'dir': d,
                        'hits': {'carets': 'all', 'columns': 32},
                    })
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--texts', default=os.path.join(HITS, 'texts.json'))
    ap.add_argument('--out', default=os.path.join(HITS, 'cases.jsonl'))
    ap.add_argument('--prefix', default='', help='prepended to every case id')
    args = ap.parse_args()
    with open(args.texts, encoding='utf-8') as fh:
        texts = json.load(fh)
    cases = cases_of(texts, args.prefix)
    make_cases.check_coverage([(c['id'], c['text'], c['fonts']) for c in cases])
    make_cases.write_cases(cases, args.out)
    print('make_hit_cases: %d cases -> %s' % (len(cases), args.out))


if __name__ == '__main__':
    main()
