#!/usr/bin/env python3
"""Writes corpus/cases.jsonl from the texts in corpus/texts/*.json.

    python3 corpus/tools/make_cases.py [--out corpus/cases.jsonl] [--skip-font-check]

Texts: one JSON file per category, corpus/texts/<category>.json:
    {"category": "<id>", "texts": [<entry>, ...]}
an entry is a string, or {"text": "...", "primary": "<file in fonts/>"} to put
a different font first in that text's stack (used by "mixed"). JSON keeps
\\n, \\t, \\r, NBSP, ZWJ, VS16 etc. exact; invisible characters are written as
\\u escapes in those files so that they can be reviewed.

Every case line (JSON, UTF-8, one per line, key order fixed):
    {"id", "category", "text", "fonts", "font_size", "line_height", "width",
     "white_space", "letter_spacing", "dir"}
- fonts: file names relative to fonts/: the primary font for the text's script
  first, then the other bundled regular fonts in the fixed FONT_ORDER.
- line_height: null (= CSS normal) or a px number.

Cases per short text (categories SHORT_CATEGORIES):
    font_size 13/15/17 x width 120/200/320/480 x line_height normal/fixed
    (fixed = LH_FIXED[size]) = 24 base cases, id "<cat>-<nnn>-s<size>-w<width>-lh<N|px>"
  + whitespace, every other text (odd number): the same 24 with white_space
    normal, id suffix "-ws-normal" (whitespace texts are otherwise pre-wrap)
  + texts number 3, 13, 23 of each category (~10%, see letter_spacing_for):
    12 cases (3 sizes x 4 widths, line height normal) with letter_spacing
    0.5, 1 or -0.3 px, id suffix "-ls<value>"
  + the first RTL_TEXTS texts of arabic and hebrew and every mixed text whose
    primary font is Arabic or Hebrew: 12 cases with dir "rtl", suffix "-rtl".
Long-form texts (categories "longform-*"): font_size 15, line height normal,
white_space normal, widths LONGFORM_WIDTHS (200..900 px step 20).

Before writing, every character of every text is checked to be in the cmap of
some font of its stack (controls such as \\n \\t \\r and default-ignorable code
points such as ZWJ, VS16, tags, soft hyphen are exempt); the script exits
non-zero naming the text and character otherwise. That check needs fontTools
(pip install fonttools); the rest is standard library. Output is deterministic.
"""

import argparse
import glob
import json
import os
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.dirname(HERE)
ROOT = os.path.dirname(CORPUS)
FONTS_DIR = os.path.join(ROOT, 'fonts')
TEXTS_DIR = os.path.join(CORPUS, 'texts')

LATIN = 'NotoSans-Regular.ttf'
ARABIC = 'NotoSansArabic-Regular.ttf'
HEBREW = 'NotoSansHebrew-Regular.ttf'
DEVANAGARI = 'NotoSansDevanagari-Regular.ttf'
THAI = 'NotoSansThai-Regular.ttf'
CJK = 'NotoSansCJKjp-Regular.otf'
EMOJI = 'NotoColorEmoji.ttf'
FONT_ORDER = [LATIN, ARABIC, HEBREW, DEVANAGARI, THAI, CJK, EMOJI]

# Short-text categories, in output order, with the primary font of each.
SHORT_CATEGORIES = [
    ('english', LATIN),
    ('latin-accented', LATIN),
    ('russian', LATIN),
    ('greek', LATIN),
    ('arabic', ARABIC),
    ('hebrew', HEBREW),
    ('hindi', DEVANAGARI),
    ('thai', THAI),
    ('chinese', CJK),
    ('japanese', CJK),
    ('korean', CJK),
    ('emoji', LATIN),
    ('mixed', LATIN),
    ('entities', LATIN),
    ('long-words', LATIN),
    ('whitespace', LATIN),
]
LONGFORM_PRIMARY = {
    'english': LATIN, 'russian': LATIN, 'greek': LATIN,
    'arabic': ARABIC, 'hebrew': HEBREW, 'hindi': DEVANAGARI, 'thai': THAI,
    'chinese': CJK, 'japanese': CJK, 'korean': CJK,
}
LONGFORM_ORDER = ['english', 'russian', 'arabic', 'hebrew', 'hindi', 'thai',
                  'chinese', 'japanese', 'korean', 'greek']

SIZES = (13, 15, 17)
WIDTHS = (120, 200, 320, 480)
# One fixed line height per size, chosen to differ from every bundled font's
# `normal` line height at that size (Noto Sans 18/20/23, Arabic 28/32/36,
# Hebrew 18/20/23, Devanagari 17/19/22, Thai 20/23/26, CJK 19/21/25); smaller
# than Arabic's normal, larger than the rest.
LH_FIXED = {13: 21, 15: 24, 17: 27}
LETTER_SPACINGS = (0.5, 1, -0.3)
RTL_TEXTS = 6
LONGFORM_SIZE = 15
LONGFORM_WIDTHS = tuple(range(200, 901, 20))
SHORT_LEN = (10, 400)
LONGFORM_MIN_LEN = 1500


def stack_for(primary):
    if primary not in FONT_ORDER:
        raise SystemExit('unknown primary font %r' % primary)
    return [primary] + [f for f in FONT_ORDER if f != primary]


def load_texts(category):
    path = os.path.join(TEXTS_DIR, category + '.json')
    with open(path, encoding='utf-8') as fh:
        doc = json.load(fh)
    if doc.get('category') != category:
        raise SystemExit('%s: "category" is %r, expected %r'
                         % (path, doc.get('category'), category))
    out = []
    for e in doc['texts']:
        if isinstance(e, str):
            out.append((e, None))
        else:
            out.append((e['text'], e.get('primary')))
    return out


def letter_spacing_for(category_index, n):
    """Texts number 3, 13, 23, ... of every short category (~10%); the value
    cycles through LETTER_SPACINGS with the category and the text number."""
    if n % 10 != 3:
        return None
    return LETTER_SPACINGS[(category_index + n // 10) % len(LETTER_SPACINGS)]


def fmt_num(v):
    return ('%g' % v)


def case(cid, category, text, fonts, size, lh, width, ws='normal', ls=0, dir_='ltr'):
    return {
        'id': cid, 'category': category, 'text': text, 'fonts': fonts,
        'font_size': size, 'line_height': lh, 'width': width,
        'white_space': ws, 'letter_spacing': ls, 'dir': dir_,
    }


def build():
    cases = []
    texts = []   # (tid, text, fonts) for the coverage check
    present = {os.path.basename(p)[:-5] for p in glob.glob(os.path.join(TEXTS_DIR, '*.json'))}
    known = {c for c, _ in SHORT_CATEGORIES} | {'longform-' + l for l in LONGFORM_ORDER}
    known.add('runs')   # multi-run texts: make_run_cases.py writes their cases
    unknown = present - known
    if unknown:
        raise SystemExit('texts files with no known category: %s' % sorted(unknown))

    for ci, (category, default_primary) in enumerate(SHORT_CATEGORIES):
        ws = 'pre-wrap' if category == 'whitespace' else 'normal'
        for n, (text, primary) in enumerate(load_texts(category), 1):
            tid = '%s-%03d' % (category, n)
            if not SHORT_LEN[0] <= len(text) <= SHORT_LEN[1]:
                raise SystemExit('%s: %d characters (want %d..%d)'
                                 % (tid, len(text), SHORT_LEN[0], SHORT_LEN[1]))
            fonts = stack_for(primary or default_primary)
            texts.append((tid, text, fonts))

            def sweep(suffix, ws_, ls=0, dir_='ltr', fixed_too=True):
                for size in SIZES:
                    for width in WIDTHS:
                        lhs = (None, LH_FIXED[size]) if fixed_too else (None,)
                        for lh in lhs:
                            cid = '%s-s%d-w%d-lh%s%s' % (
                                tid, size, width, 'N' if lh is None else fmt_num(lh), suffix)
                            cases.append(case(cid, category, text, fonts, size, lh,
                                              width, ws_, ls, dir_))

            sweep('', ws)
            if category == 'whitespace' and n % 2 == 1:
                sweep('-ws-normal', 'normal')
            ls = letter_spacing_for(ci, n)
            if ls is not None:
                sweep('-ls' + fmt_num(ls), ws, ls=ls, fixed_too=False)
            rtl = ((category in ('arabic', 'hebrew') and n <= RTL_TEXTS) or
                   (category == 'mixed' and fonts[0] in (ARABIC, HEBREW)))
            if rtl:
                sweep('-rtl', ws, dir_='rtl', fixed_too=False)

    for lang in LONGFORM_ORDER:
        category = 'longform-' + lang
        if category not in present:
            continue
        for n, (text, primary) in enumerate(load_texts(category), 1):
            tid = '%s-%03d' % (category, n)
            if len(text) < LONGFORM_MIN_LEN:
                raise SystemExit('%s: %d characters (want >= %d)'
                                 % (tid, len(text), LONGFORM_MIN_LEN))
            fonts = stack_for(primary or LONGFORM_PRIMARY[lang])
            texts.append((tid, text, fonts))
            for width in LONGFORM_WIDTHS:
                cid = '%s-s%d-w%d-lhN' % (tid, LONGFORM_SIZE, width)
                cases.append(case(cid, category, text, fonts, LONGFORM_SIZE, None, width))

    ids = [c['id'] for c in cases]
    if len(set(ids)) != len(ids):
        raise SystemExit('duplicate case ids')
    return cases, texts


def is_exempt(cp):
    """Characters no font needs to have: controls and default ignorables."""
    if unicodedata.category(chr(cp)) == 'Cc':
        return True
    # Default_Ignorable_Code_Point (DerivedCoreProperties.txt).
    ranges = [(0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C),
              (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F),
              (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F),
              (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
              (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
              (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF)]
    return any(a <= cp <= b for a, b in ranges)


def write_cases(cases, out):
    """Writes cases to `out` as JSON Lines (UTF-8, one case per line),
    through a temporary file, so that an interrupted run leaves the old file."""
    os.makedirs(os.path.dirname(out) or '.', exist_ok=True)
    tmp = out + '.tmp'
    with open(tmp, 'w', encoding='utf-8', newline='\n') as fh:
        for c in cases:
            fh.write(json.dumps(c, ensure_ascii=False) + '\n')
    os.replace(tmp, out)


def report_counts(cases, out, width=20):
    """Prints the cases per category and the total, to stderr."""
    per = {}
    for c in cases:
        per[c['category']] = per.get(c['category'], 0) + 1
    for cat, n in per.items():
        sys.stderr.write('%-*s %5d cases\n' % (width, cat, n))
    sys.stderr.write('%-*s %5d cases -> %s\n' % (width, 'total', len(cases), os.path.relpath(out)))


def check_coverage(texts):
    try:
        from fontTools.ttLib import TTFont
    except ImportError:
        raise SystemExit('make_cases: fontTools is needed for the coverage check '
                         '(pip install fonttools), or pass --skip-font-check')
    cmaps = {}
    for f in FONT_ORDER:
        path = os.path.join(FONTS_DIR, f)
        if not os.path.isfile(path):
            raise SystemExit('make_cases: missing font %s' % path)
        cmaps[f] = set(TTFont(path, lazy=True).getBestCmap())
    bad = []
    for tid, text, fonts in texts:
        for i, ch in enumerate(text):
            cp = ord(ch)
            if is_exempt(cp):
                continue
            if not any(cp in cmaps[f] for f in fonts):
                bad.append('%s: U+%04X %s at %d' % (
                    tid, cp, unicodedata.name(ch, '?'), i))
    if bad:
        raise SystemExit('make_cases: characters no font of the stack covers:\n  ' +
                         '\n  '.join(bad))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--out', default=os.path.join(CORPUS, 'cases.jsonl'))
    ap.add_argument('--skip-font-check', action='store_true',
                    help='do not check font coverage (no fontTools needed)')
    args = ap.parse_args()
    cases, texts = build()
    if not args.skip_font_check:
        check_coverage(texts)
    write_cases(cases, args.out)
    per = {}
    ntexts = {}
    for c in cases:
        per[c['category']] = per.get(c['category'], 0) + 1
    for tid, _, _ in texts:
        cat = tid.rsplit('-', 1)[0]
        ntexts[cat] = ntexts.get(cat, 0) + 1
    for cat in per:
        sys.stderr.write('%-18s %3d texts %5d cases\n' % (cat, ntexts[cat], per[cat]))
    sys.stderr.write('%-18s %3d texts %5d cases -> %s\n'
                     % ('total', len(texts), len(cases), os.path.relpath(args.out)))


if __name__ == '__main__':
    main()
