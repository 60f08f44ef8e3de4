#!/usr/bin/env python3
"""Records Chromium's layout of cell templates: corpus/cells/expected.jsonl.

    python3 corpus/tools/record_cells.py [--dir corpus/cells] [--jobs 2]
                                         [--cases FILE] [--out FILE] [--scale 1]

Reads DIR/cases.jsonl (or --cases FILE) (written by make_cell_cases.py: one object per line,
{"id", "template", "width", "model"}) and the templates it names
(DIR/templates/<template>.json, else examples/templates/<template>.json:
TypesetCells' JSON form), lays every case out
in headless Chromium at devicePixelRatio 1 (--scale S: at S, Chromium's
--force-device-scale-factor; the answers stay in CSS px, as float32) as the HTML/CSS that cells.js
builds from the template (the mapping is written at the top of cells.js and in
the Cells DocC article), and writes one line per case, in case order:

    {"id", "chromium", "height", "frames": {name: [x, y, width, height]},
     "truncated": {text name: bool}}

Frames are getBoundingClientRect() relative to the root element, exact (CSS
px in Chromium's 1/64 px layout units, not snapped); height is the root's
height. A test snaps both as the engine documents. Every font file in fonts/
becomes @font-face rules of its family (families.py), and every text's stack
is the template's families followed by the bundled ones (--fallback), so no
character reaches the system's fonts.

Fails (exit 1, naming the case) when a face does not load, the page reports
an error, a case has no result, devicePixelRatio is not S, or the canary
(Noto Sans 13 px "iiiiiiiiii" in a single_line text must be 33.546875 px
wide; at other scales record.py's CANARY_WIDTHS) fails. Nothing is written unless every case passes.
"""

import argparse
import concurrent.futures
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import families as fam_index
from record import (CHROMIUM, FONTS_DIR, CORPUS, RecordError, canary_width, check_scale, chrome_flags,
                    chromium_version, font_url, scale_text)

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(os.path.dirname(CORPUS), 'examples', 'templates')
CELLS_JS = os.path.join(HERE, 'cells.js')
RESULT_RE = re.compile(r'<pre id="cell-result">(.*?)</pre>', re.S)
FALLBACK = ['Noto Sans', 'Noto Sans Arabic', 'Noto Sans Hebrew', 'Noto Sans Devanagari', 'Noto Sans Thai',
            'Noto Sans CJK JP', 'Noto Color Emoji']
CANARY_TEMPLATE = {'name': '__canary__', 'root': {'kind': 'column', 'name': 'cell', 'children': [
    {'kind': 'text', 'name': 'label', 'key': 'text', 'single_line': True,
     'style': {'font_family': ['Noto Sans'], 'font_size': 13}}]}}
CANARY = {'id': '__canary__', 'template': '__canary__', 'width': 480, 'model': {'text': 'iiiiiiiiii'}}


def build_page(cases, templates, index, fallback, scale=1):
    css = {fam: fam for fam in index}
    rules, loads = fam_index.font_face_rules(css, index, font_url)
    data = json.dumps(cases, ensure_ascii=True).replace('</', '<\\/')
    tpls = json.dumps(templates, ensure_ascii=True).replace('</', '<\\/')
    with open(CELLS_JS, encoding='utf-8') as fh:
        js = fh.read()
    return ('<!DOCTYPE html>\n<html><head><meta charset="utf-8">\n<style>\n' + '\n'.join(rules)
            + '\nhtml,body{margin:0;padding:0}\n#cell-host{position:relative}\n</style></head>\n'
            '<body><div id="cell-host"></div><pre id="cell-result"></pre>\n<script>\n'
            'const CELL_CASES = ' + data + ';\nconst CELL_TEMPLATES = ' + tpls + ';\n'
            'const CELL_FALLBACK = ' + json.dumps(fallback) + ';\n'
            'const CELL_LOADS = ' + json.dumps(loads) + ';\n'
            'const CELL_DPR = ' + json.dumps(scale) + ';\n</script>\n<script>\n' + js
            + '\n</script>\n</body></html>\n')


def run_batch(cases, templates, index, fallback, budget_ms, scale=1):
    first = cases[0]['id']
    tmp = tempfile.mkdtemp(prefix='typeset-cells-')
    try:
        page = os.path.join(tmp, 'page.html')
        with open(page, 'w', encoding='utf-8') as fh:
            fh.write(build_page(cases, templates, index, fallback, scale))
        cmd = [CHROMIUM] + chrome_flags(scale) + ['--user-data-dir=' + os.path.join(tmp, 'profile'),
                                           '--virtual-time-budget=%d' % budget_ms, '--dump-dom', 'file://' + page]
        proc = subprocess.run(cmd, capture_output=True, timeout=1800)
        m = RESULT_RE.search(proc.stdout.decode('utf-8', 'replace'))
        if not m or not m.group(1).strip():
            raise RecordError('batch starting at %s: no result (exit %d): %s' % (
                first, proc.returncode, proc.stderr.decode('utf-8', 'replace')[-2000:]))
        out = json.loads(html.unescape(m.group(1)))
        if 'fatal' in out:
            raise RecordError('batch starting at %s: page failed: %s' % (first, out['fatal']))
        for face in out['fonts']:
            if face['status'] != 'loaded':
                raise RecordError('a face of %s did not load (%s)' % (face['family'], face['status']))
        if out['device_pixel_ratio'] != scale:
            raise RecordError('devicePixelRatio is %r, expected %s' % (out['device_pixel_ratio'], scale_text(scale)))
        if out['errors']:
            e = out['errors'][0]
            raise RecordError('case %s: %s' % (e['id'], e['error']))
        return {r['id']: r for r in out['results']}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--dir', default=os.path.join(CORPUS, 'cells'),
                    help='directory with cases.jsonl and templates/ (default corpus/cells)')
    ap.add_argument('--cases', help='the cases to record (default DIR/cases.jsonl; templates still come '
                                    'from DIR/templates or examples/templates)')
    ap.add_argument('--out', help='default DIR/expected.jsonl')
    ap.add_argument('--scale', type=float, default=1,
                    help='device pixel ratio to lay out at (--force-device-scale-factor; default 1); '
                         'answers stay in CSS px')
    ap.add_argument('--batch', type=int, default=150)
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--budget-ms', type=int, default=60000)
    ap.add_argument('--only', metavar='REGEX')
    args = ap.parse_args()
    out_path = args.out or os.path.join(args.dir, 'expected.jsonl')
    try:
        scale = check_scale(args.scale)
        want_canary = canary_width(scale)
        index = fam_index.scan_fonts_dir(FONTS_DIR)
        fallback = [f for f in FALLBACK if f in index]
        if len(fallback) != len(FALLBACK):
            raise RecordError('fonts/ lacks a fallback family: %s' % sorted(set(FALLBACK) - set(index)))
        with open(args.cases or os.path.join(args.dir, 'cases.jsonl'), encoding='utf-8') as fh:
            cases = [json.loads(l) for l in fh if l.strip()]
        if args.only:
            rx = re.compile(args.only)
            cases = [c for c in cases if rx.search(c['id'])]
        ids = [c['id'] for c in cases]
        if not cases or len(set(ids)) != len(ids):
            raise RecordError('no cases, or duplicate ids')
        templates = {'__canary__': CANARY_TEMPLATE}
        for c in cases:
            if c['template'] not in templates:
                p = os.path.join(args.dir, 'templates', c['template'] + '.json')
                if not os.path.exists(p):
                    p = os.path.join(EXAMPLES, c['template'] + '.json')
                with open(p, encoding='utf-8') as fh:
                    templates[c['template']] = json.load(fh)
        version = chromium_version()
        batches = [cases[i:i + args.batch] + [CANARY] for i in range(0, len(cases), args.batch)]
        results = {}
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
            futs = [ex.submit(run_batch, b, templates, index, fallback, args.budget_ms, scale) for b in batches]
            for b, fut in zip(batches, futs):
                res = fut.result()
                canary = res.get('__canary__')
                w = canary and canary['frames'].get('label', [0, 0, 0])[2]
                if w is None or abs(w - want_canary) > 1e-6:
                    raise RecordError('canary failed: Noto Sans 13 px "iiiiiiiiii" is %r px wide, expected '
                                      '%r (fractional advances, see corpus/README.md)' % (w, want_canary))
                for c in b[:-1]:
                    if c['id'] not in res:
                        raise RecordError('case %s: no result' % c['id'])
                    results[c['id']] = res[c['id']]
    except (RecordError, OSError, ValueError) as e:
        sys.stderr.write('record_cells: FAILED: %s\n' % e)
        return 1
    tmp = out_path + '.tmp'
    with open(tmp, 'w', encoding='utf-8', newline='\n') as fh:
        for c in cases:
            r = results[c['id']]
            fh.write(json.dumps({'id': c['id'], 'chromium': version, 'height': r['height'], 'frames': r['frames'],
                                 'truncated': r['truncated']}, ensure_ascii=False) + '\n')
    os.replace(tmp, out_path)
    sys.stderr.write('record_cells: %d cases -> %s (%s%s)\n' % (
        len(cases), os.path.relpath(out_path), version, '' if scale == 1 else ', device pixel ratio %s' % scale_text(scale)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
