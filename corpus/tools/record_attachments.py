#!/usr/bin/env python3
"""Records Chromium's layout of the attachment corpus:
corpus/attachments/expected.jsonl.

    python3 corpus/tools/record_attachments.py [--cases FILE] [--out FILE] [--scale S]

Each case (make_attachment_cases.py) is laid out as record.py lays a main
case out (same page, fonts and CSS: case_style.js), its U+FFFC replaced by
inline-blocks of the attachments' sizes and vertical alignments, and
attachments.js writes per case:

    {"id", "height", "starts": [UTF-16 offset of each line start],
     "frames": [[x, y, width, height] of each attachment, from the box's top-left],
     "natural_width": the width of a copy at width: max-content,
     "hidden": [whether each attachment is hidden]  (cases cut by a clamp or
               an ellipsis: the options cases, make_attachment_cases.py --options)}

AttachmentCorpusAccuracyTests compares the engine with them. --scale S lays
the cases out at device pixel ratio S (as record.py --scale; answers in CSS
px).
"""

import argparse
import json
import os
import sys

import record

ATTACHMENTS_JS = os.path.join(record.HERE, 'attachments.js')


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--cases', default=os.path.join(record.CORPUS, 'attachments', 'cases.jsonl'))
    ap.add_argument('--out', default=os.path.join(record.CORPUS, 'attachments', 'expected.jsonl'))
    ap.add_argument('--batch', type=int, default=60, help='cases per page (default 60)')
    ap.add_argument('--jobs', type=int, default=2, help='chromium processes at once (default 2)')
    ap.add_argument('--scale', type=float, default=1,
                    help='device pixel ratio to lay out at (--force-device-scale-factor; default 1); '
                         'answers stay in CSS px')
    args = ap.parse_args()
    try:
        with open(args.cases, encoding='utf-8') as fh:
            cases = [json.loads(l) for l in fh if l.strip()]
        for c in cases:
            if c['text'].count('\ufffc') != len(c['attachments']):
                raise record.RecordError('case %s: %d U+FFFC for %d attachments'
                                         % (c['id'], c['text'].count('\ufffc'), len(c['attachments'])))
        scale = record.check_scale(args.scale)
        version = record.chromium_version()
        results = record.run_script(cases, ATTACHMENTS_JS, args.batch, args.jobs, 'record_attachments', scale)
    except record.RecordError as e:
        sys.stderr.write('\nrecord_attachments: FAILED: %s\n' % e)
        return 1
    fields = ('height', 'starts', 'frames', 'natural_width')
    if any('hidden' in r for r in results.values()):
        fields += ('hidden',)
    record.write_rows(cases, results, fields, args.out, version)
    sys.stderr.write('record_attachments: %d cases -> %s\n' % (len(cases), args.out))
    return 0


if __name__ == '__main__':
    sys.exit(main())
