#!/usr/bin/env python3
"""Writes corpus/cases-runs.jsonl: multi-run (attributed) cases, laid out by
record.py as <span>s inside the block, from corpus/texts/runs.json.

    python3 corpus/tools/make_run_cases.py [--texts corpus/texts/runs.json]
        [--out corpus/cases-runs.jsonl] [--widths 100,160,240,360,560]
        [--skip-font-check] [--text-wrap balance,pretty]

Texts: {"category": "runs", "texts": [<entry>, ...]}; an entry is
    {"spans": [<piece>, ...], "primary": "<family>", "weight": 700,
     "italic": true, "white_space": "pre-wrap", "rtl": true}
(every key but "spans" optional). A piece is a string (text in the block's
own style) or a run:
    {"text": "...", "size": <px added to the block's size, e.g. -2 or 9>,
     "weight": 700, "italic": true, "family": "<family first in the run's stack>",
     "letter_spacing": <px>, "line_height": "normal" | <px>}
The block (the paragraph: its font is the CSS strut) has the font stack
"primary" then the other bundled families in FAMILY_ORDER; a run with
"family" has that family first, then the others in the same order.

Every case line (JSON, UTF-8, key order fixed):
    {"id", "category", "text", "font_family", "font_size", "font_weight",
     "font_style", "line_height", "width", "white_space", "letter_spacing",
     "dir", "runs": [{"start", "end", "font_family", "font_size",
     "font_weight", "font_style", "letter_spacing", "line_height"}, ...]}
- font_family: family names (resolved against fonts/ by record.py and by
  the engine's FontCollection; CSS font matching picks the Bold/Italic files
  of Noto Sans and synthesizes bold/oblique for the other families).
- runs: start/end are code-point offsets into text, sorted and disjoint;
  every style field is written resolved (a run's value, else the block's),
  line_height null = CSS normal. Text outside the runs is in the block's
  style. Runs are written as pieces appear (consecutive pieces are never
  merged: a run boundary inside a word is part of what is measured).

Cases per text: block font_size 13/15/17 x widths (default
100/160/240/360/560) x line height normal and fixed (21/24/27 px for
13/15/17; a run's own "line_height" stays) = 30 cases, id
"runs-<nnn>-s<size>-w<width>-lh<N|px>"; texts with "rtl": the normal
line-height cases again with dir rtl (suffix "-rtl").

--text-wrap crosses the normal line-height cases with the given wrap styles
(field "text_wrap", id "wrap-<id>-<style>", category "wrap-<category>"):
corpus/wrap/runs-cases.jsonl.

Before writing, every character is checked to be in the cmap of some font
of the stack that applies to it (the face CSS font matching picks for the
weight and style), as make_cases.py does (needs fontTools).
"""

import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import make_cases  # noqa: E402  (shared: exempt characters, FONTS_DIR, LH_FIXED)

CORPUS = os.path.dirname(HERE)
FAMILY_ORDER = ['Noto Sans', 'Noto Sans Arabic', 'Noto Sans Hebrew', 'Noto Sans Devanagari',
                'Noto Sans Thai', 'Noto Sans CJK JP', 'Noto Color Emoji']
# The bundled files of each family: (weight, italic) -> file.
FAMILY_FILES = {
    'Noto Sans': {(400, False): 'NotoSans-Regular.ttf', (700, False): 'NotoSans-Bold.ttf',
                  (400, True): 'NotoSans-Italic.ttf', (700, True): 'NotoSans-BoldItalic.ttf'},
    'Noto Sans Arabic': {(400, False): 'NotoSansArabic-Regular.ttf'},
    'Noto Sans Hebrew': {(400, False): 'NotoSansHebrew-Regular.ttf'},
    'Noto Sans Devanagari': {(400, False): 'NotoSansDevanagari-Regular.ttf'},
    'Noto Sans Thai': {(400, False): 'NotoSansThai-Regular.ttf'},
    'Noto Sans CJK JP': {(400, False): 'NotoSansCJKjp-Regular.otf'},
    'Noto Color Emoji': {(400, False): 'NotoColorEmoji.ttf'},
}
SIZES = (13, 15, 17)
WIDTHS = (100, 160, 240, 360, 560)
RUN_KEYS = {'text', 'size', 'weight', 'italic', 'family', 'letter_spacing', 'line_height'}
ENTRY_KEYS = {'spans', 'primary', 'weight', 'italic', 'white_space', 'rtl'}


def stack_for(first):
    if first not in FAMILY_ORDER:
        raise SystemExit('unknown family %r' % first)
    return [first] + [f for f in FAMILY_ORDER if f != first]


def face_file(family, weight, italic):
    """The file CSS font matching picks: same style first, then the nearest
    weight (bold for >= 600, else regular, with these files)."""
    faces = FAMILY_FILES[family]
    styled = [k for k in faces if k[1] == italic] or list(faces)
    want = 700 if weight >= 600 else 400
    best = min(styled, key=lambda k: abs(k[0] - want))
    return faces[best]


def build_text(tid, entry, category):
    """(text, block style, runs) of one entry; runs resolved per the block."""
    bad = set(entry) - ENTRY_KEYS
    if bad or 'spans' not in entry:
        raise SystemExit('%s: unknown keys %s or no "spans"' % (tid, sorted(bad)))
    block = {
        'family': stack_for(entry.get('primary', 'Noto Sans')),
        'weight': entry.get('weight', 400),
        'italic': bool(entry.get('italic', False)),
    }
    text = ''
    runs = []
    for piece in entry['spans']:
        if isinstance(piece, str):
            text += piece
            continue
        bad = set(piece) - RUN_KEYS
        if bad or not piece.get('text'):
            raise SystemExit('%s: a run has unknown keys %s or no text' % (tid, sorted(bad)))
        start = len(text)
        text += piece['text']
        runs.append({'start': start, 'end': len(text), 'piece': piece})
    if not make_cases.SHORT_LEN[0] <= len(text) <= make_cases.SHORT_LEN[1]:
        raise SystemExit('%s: %d characters (want %d..%d)' % (tid, len(text), *make_cases.SHORT_LEN))
    if not runs:
        raise SystemExit('%s: no runs' % tid)
    return text, block, runs


def resolve_runs(runs, block, size, line_height):
    out = []
    for r in runs:
        p = r['piece']
        lh = line_height
        if 'line_height' in p:
            lh = None if p['line_height'] == 'normal' else p['line_height']
        out.append({
            'start': r['start'], 'end': r['end'],
            'font_family': stack_for(p['family']) if 'family' in p else block['family'],
            'font_size': size + p.get('size', 0),
            'font_weight': p.get('weight', block['weight']),
            'font_style': 'italic' if p.get('italic', block['italic']) else 'normal',
            'letter_spacing': p.get('letter_spacing', 0),
            'line_height': lh,
        })
    return out


def build(texts_path, widths):
    with open(texts_path, encoding='utf-8') as fh:
        doc = json.load(fh)
    category = doc.get('category')
    if not category:
        raise SystemExit('%s: no "category"' % texts_path)
    cases = []
    checks = []   # (tid, text, [(start, end, stack, weight, italic)])
    for n, entry in enumerate(doc['texts'], 1):
        tid = '%s-%03d' % (category, n)
        text, block, runs = build_text(tid, entry, category)
        ws = entry.get('white_space', 'normal')
        for size in SIZES:
            for width in widths:
                for lh in (None, make_cases.LH_FIXED[size]):
                    dirs = ['ltr'] + (['rtl'] if entry.get('rtl') and lh is None else [])
                    for d in dirs:
                        cid = '%s-s%d-w%d-lh%s%s' % (tid, size, width,
                                                     'N' if lh is None else make_cases.fmt_num(lh),
                                                     '-rtl' if d == 'rtl' else '')
                        cases.append({
                            'id': cid, 'category': category, 'text': text,
                            'font_family': block['family'], 'font_size': size,
                            'font_weight': block['weight'],
                            'font_style': 'italic' if block['italic'] else 'normal',
                            'line_height': lh, 'width': width, 'white_space': ws,
                            'letter_spacing': 0, 'dir': d,
                            'runs': resolve_runs(runs, block, size, lh),
                        })
        spans = [(r['start'], r['end'], c['font_family'], c['font_weight'], c['font_style'] == 'italic')
                 for r, c in zip(runs, cases[-1]['runs'])]
        checks.append((tid, text, block, spans))
    # Rtl cases after their ltr siblings would interleave ids; keep the
    # generated order (it is deterministic).
    ids = [c['id'] for c in cases]
    if len(set(ids)) != len(ids):
        raise SystemExit('duplicate case ids')
    return cases, checks


def check_coverage(checks):
    try:
        from fontTools.ttLib import TTFont
    except ImportError:
        raise SystemExit('make_run_cases: fontTools is needed for the coverage check '
                         '(pip install fonttools), or pass --skip-font-check')
    cmaps = {}

    def cmap(f):
        if f not in cmaps:
            cmaps[f] = set(TTFont(os.path.join(make_cases.FONTS_DIR, f), lazy=True).getBestCmap())
        return cmaps[f]
    bad = []
    for tid, text, block, spans in checks:
        for i, ch in enumerate(text):
            if make_cases.is_exempt(ord(ch)):
                continue
            stack, weight, italic = block['family'], block['weight'], block['italic']
            for a, b, s, w, it in spans:
                if a <= i < b:
                    stack, weight, italic = s, w, it
            if not any(ord(ch) in cmap(face_file(f, weight, italic)) for f in stack):
                bad.append('%s: U+%04X at %d' % (tid, ord(ch), i))
    if bad:
        raise SystemExit('make_run_cases: characters no font of the stack covers:\n  '
                         + '\n  '.join(bad))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--texts', default=os.path.join(CORPUS, 'texts', 'runs.json'))
    ap.add_argument('--out', default=os.path.join(CORPUS, 'cases-runs.jsonl'))
    ap.add_argument('--widths', default=','.join(str(w) for w in WIDTHS),
                    help='comma-separated box widths in px')
    ap.add_argument('--skip-font-check', action='store_true')
    ap.add_argument('--text-wrap', default=None, help='comma-separated wrap styles to cross the cases with')
    args = ap.parse_args()
    widths = [int(w) for w in args.widths.split(',')]
    cases, checks = build(args.texts, widths)
    if args.text_wrap:
        cases = [dict(c, id='wrap-%s-%s' % (c['id'], style), category='wrap-' + c['category'], text_wrap=style)
                 for c in cases if c['line_height'] is None for style in args.text_wrap.split(',')]
    if not args.skip_font_check:
        check_coverage(checks)
    tmp = args.out + '.tmp'
    with open(tmp, 'w', encoding='utf-8', newline='\n') as fh:
        for c in cases:
            fh.write(json.dumps(c, ensure_ascii=False) + '\n')
    os.replace(tmp, args.out)
    sys.stderr.write('%d texts %d cases -> %s\n' % (len(checks), len(cases), os.path.relpath(args.out)))


if __name__ == '__main__':
    main()
