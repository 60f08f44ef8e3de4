#!/usr/bin/env python3
"""Records Chromium's hit testing and editing geometry for a sample of the
main corpus: corpus/hits/expected.jsonl.

    python3 corpus/tools/record_hits.py [--every N] [--out FILE] [--scale S]

Takes every Nth case of corpus/cases.jsonl (default 40: some 250 cases, every
category), lays each out in headless Chromium as record.py does (the same
page, fonts and CSS: case_style.js) and runs hits.js on it, which writes per
case:

    {"id", "height",
     "points": [[x, y, offset], ...],          caretPositionFromPoint
     "carets": [[offset, x, y, height], ...],  a collapsed Range's rect
     "ranges": [[start, end, [[x, y, w, h], ...]], ...]}   Range.getClientRects

Coordinates are px from the box's top-left; offsets are UTF-16 offsets into
the case's text. HitTestingCorpusTests compares the engine with them.
--scale S lays the cases out at device pixel ratio S (as record.py --scale;
answers in CSS px). The hit corpus's own cases (make_hit_cases.py) are
recorded with --cases corpus/hits/cases.jsonl --every 1 --out
corpus/hits/cases-expected.jsonl; their "hits" field asks for every caret
boundary, a finer point grid and every line as a range (see hits.js).
"""

import argparse
import json
import os
import sys

import record

HITS_JS = os.path.join(record.HERE, 'hits.js')


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--cases', default=os.path.join(record.CORPUS, 'cases.jsonl'))
    ap.add_argument('--out', default=os.path.join(record.CORPUS, 'hits', 'expected.jsonl'))
    ap.add_argument('--every', type=int, default=40, help='take every Nth case (default 40)')
    ap.add_argument('--batch', type=int, default=50, help='cases per page (default 50)')
    ap.add_argument('--jobs', type=int, default=2, help='chromium processes at once (default 2)')
    ap.add_argument('--scale', type=float, default=1,
                    help='device pixel ratio to lay out at (--force-device-scale-factor; default 1); '
                         'answers stay in CSS px')
    args = ap.parse_args()

    try:
        with open(args.cases, encoding='utf-8') as fh:
            cases = [json.loads(l) for l in fh if l.strip()][::args.every]
        scale = record.check_scale(args.scale)
        version = record.chromium_version()
        results = record.run_script(cases, HITS_JS, args.batch, args.jobs, 'record_hits', scale)
    except record.RecordError as e:
        sys.stderr.write('\nrecord_hits: FAILED: %s\n' % e)
        return 1

    record.write_rows(cases, results, ('height', 'points', 'carets', 'ranges'), args.out, version)
    sys.stderr.write('record_hits: %d cases -> %s\n' % (len(cases), args.out))
    return 0


if __name__ == '__main__':
    sys.exit(main())
