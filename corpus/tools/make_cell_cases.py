#!/usr/bin/env python3
"""Builds a cell corpus's cases: DIR/cases.jsonl from DIR/models/<template>.jsonl.

    python3 corpus/tools/make_cell_cases.py [--dir corpus/cells] [--widths 320,375,414]

Every model (one JSON object per line, the `measure cell` model form: "id"
and the template's keys) becomes one case per width:
{"id": "<template>-<model id>-w<width>", "template", "width", "model"}.
"""
import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--dir', default=os.path.join(os.path.dirname(HERE), 'cells'))
    ap.add_argument('--widths', default='320,375,414')
    args = ap.parse_args()
    widths = [int(w) for w in args.widths.split(',')]
    models_dir = os.path.join(args.dir, 'models')
    out = []
    for name in sorted(os.listdir(models_dir)):
        if not name.endswith('.jsonl'):
            continue
        template = name[:-len('.jsonl')]
        with open(os.path.join(models_dir, name), encoding='utf-8') as fh:
            for n, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                m = json.loads(line)
                if 'id' not in m:
                    sys.exit('%s:%d: a model needs an "id"' % (name, n))
                for w in widths:
                    out.append({'id': '%s-%s-w%d' % (template, m['id'], w), 'template': template, 'width': w,
                                'model': m})
    ids = [c['id'] for c in out]
    if len(set(ids)) != len(ids):
        sys.exit('duplicate model ids')
    with open(os.path.join(args.dir, 'cases.jsonl'), 'w', encoding='utf-8', newline='\n') as fh:
        for c in out:
            fh.write(json.dumps(c, ensure_ascii=False) + '\n')
    sys.stderr.write('make_cell_cases: %d cases\n' % len(out))


if __name__ == '__main__':
    main()
