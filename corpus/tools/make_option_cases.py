#!/usr/bin/env python3
"""Writes the options corpus: corpus/options/cases.jsonl from corpus/options/texts/.

    python3 corpus/tools/make_option_cases.py [--texts DIR] [--out FILE] [--seed S]

The main corpus (make_cases.py) lays every text out with CSS defaults. This
one exercises every paragraph option the library and `measure batch` offer,
one category per concern (the file names in corpus/options/texts/):

  options-styles      font weights 300-900 and italic: real faces (Noto Sans
                      has Bold, Italic, Bold Italic) and synthetic bold and
                      oblique (every other family has only a regular face)
  options-clamp       max_lines 1-3 with the ellipsis, LTR, RTL and mixed
                      texts, every text-align value, direction ltr/rtl/auto
  options-word-break  word-break keep-all and break-all in CJK, Korean, Thai,
                      Latin, URLs and code
  options-align       text-align start/end/left/right/center/justify x
                      direction ltr/rtl/auto (pre-wrap for texts with
                      newlines, tabs or runs of spaces)
  options-metrics     sizes 10-40 px, fractional and multiple line heights,
                      negative and positive letter spacing, widths down to 40
  options-nowrap      one line (white-space: nowrap) cut with
                      text-overflow: ellipsis, every alignment and direction
  options-language    the lang attribute (none, ja, zh, ko) x CSS line-break
                      (auto, normal, strict, loose, anywhere) on Japanese,
                      Chinese and Korean texts full of small kana, iteration
                      and prolonged sound marks and CJK punctuation

Each text gets CASES_PER_TEXT cases; the option the category is about cycles
through its values, the rest (size, width, line height, ...) is drawn from a
random generator seeded with --seed, the category and the text number, so the
output is deterministic. A held-out set is the same program over other texts
with another seed (--texts, --out, --seed).

A case (JSON, one per line; the batch protocol's field names):
    {"id", "category", "text", "font_family": [...], "font_size", "font_weight",
     "font_style", "line_height", "line_height_multiple", "width", "white_space",
     "letter_spacing", "word_break", "align", "direction", "max_lines",
     "text_overflow"} and, in options-language only, "lang" (null for none)
    and "line_break".
- font_family: the text's primary family, then the other bundled families in
  FAMILY_ORDER (so every character has a font, as make_cases.py checks too).
- line_height: px or null (normal); line_height_multiple: CSS unitless
  line-height (a multiple of the font size) or null.
- id: "<category>-<text nnn>-<case kk>-" and the options that differ from the
  defaults (s<size>-w<width>-lh<N|px|xM>, b<weight>, i, ls<px>, keep-all,
  break-all, <align>, <direction>, ml<n>, nowrap, pw).
Texts whose characters some family of the stack lacks fail the run (fc-query).
"""

import argparse
import json
import os
import random

import families as fam_index
from make_cases import is_exempt, report_counts, write_cases

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.dirname(HERE)
ROOT = os.path.dirname(CORPUS)
FONTS_DIR = os.path.join(ROOT, 'fonts')
OPTIONS = os.path.join(CORPUS, 'options')

FAMILY_ORDER = ['Noto Sans', 'Noto Sans Arabic', 'Noto Sans Hebrew', 'Noto Sans Devanagari',
                'Noto Sans Thai', 'Noto Sans CJK JP', 'Noto Color Emoji']
RTL_FAMILIES = ('Noto Sans Arabic', 'Noto Sans Hebrew')
CATEGORIES = ['options-styles', 'options-clamp', 'options-word-break', 'options-align',
              'options-metrics', 'options-nowrap', 'options-language']
LANGUAGES = ['', 'ja', 'zh', 'ko']
LINE_BREAKS = ['auto', 'normal', 'strict', 'loose', 'anywhere']
CASES_PER_TEXT = 24
SIZES = [10, 11, 12, 13, 14, 15, 16, 17, 18, 20, 22, 24, 28, 32, 36, 40]
WIDTHS = [40, 50, 60, 75, 90, 110, 130, 160, 200, 250, 320, 400, 480]
LINE_HEIGHT_FACTORS = [1.3, 1.45, 1.6, 1.76, 1.9]   # fixed px = round(size x f, 1)
LINE_HEIGHT_MULTIPLES = [1, 1.2, 1.25, 1.5, 1.75, 2]
LETTER_SPACINGS = [-1, -0.5, -0.25, 0.3, 0.75, 1.5, 2.5]
STYLES = [(700, 'normal'), (400, 'italic'), (700, 'italic'), (600, 'normal'), (300, 'normal'), (900, 'italic')]
ALIGNS = ['start', 'end', 'left', 'right', 'center', 'justify']
SHORT_LEN = (4, 400)


def load_texts(texts_dir, category):
    path = os.path.join(texts_dir, category + '.json')
    if not os.path.isfile(path):
        return []
    with open(path, encoding='utf-8') as fh:
        doc = json.load(fh)
    if doc.get('category') != category:
        raise SystemExit('%s: "category" is %r, expected %r' % (path, doc.get('category'), category))
    return [(e, 'Noto Sans') if isinstance(e, str) else (e['text'], e.get('primary', 'Noto Sans'))
            for e in doc['texts']]


def stack_for(primary):
    if primary not in FAMILY_ORDER:
        raise SystemExit('unknown primary family %r' % primary)
    return [primary] + [f for f in FAMILY_ORDER if f != primary]


def line_height(rng, size, normal_share):
    """(line_height px or None, line_height_multiple or None)."""
    r = rng.random()
    if r < normal_share:
        return None, None
    if r < normal_share + (1 - normal_share) / 2:
        return round(size * rng.choice(LINE_HEIGHT_FACTORS), 1), None
    return None, rng.choice(LINE_HEIGHT_MULTIPLES)


def directions(primary):
    """Directions to cycle through: the text's own first, auto, the other."""
    own, other = ('rtl', 'ltr') if primary in RTL_FAMILIES else ('ltr', 'rtl')
    return [own, 'auto', own, other]


def options_for(category, k, rng, text, primary):
    """The options of case k of a text (only those that differ from defaults)."""
    o = {}
    wants_pre = '\n' in text or '\t' in text or '   ' in text
    if category == 'options-styles':
        o['font_weight'], o['font_style'] = STYLES[k % len(STYLES)]
        o['font_size'] = rng.choice(SIZES[2:12])
        o['width'] = rng.choice(WIDTHS[4:])
        o['line_height'], o['line_height_multiple'] = line_height(rng, o['font_size'], 0.7)
    elif category == 'options-clamp':
        o['max_lines'] = 1 + k % 3
        o['align'] = ALIGNS[k % len(ALIGNS)]
        o['direction'] = directions(primary)[(k // 3) % 4]
        o['font_size'] = rng.choice(SIZES[2:10])
        o['width'] = rng.choice(WIDTHS[2:11])
        o['line_height'], o['line_height_multiple'] = line_height(rng, o['font_size'], 0.6)
        if k % 5 == 4:
            o['font_weight'] = 700
    elif category == 'options-word-break':
        o['word_break'] = ('keep-all', 'break-all')[k % 2]
        o['font_size'] = rng.choice(SIZES[1:12])
        o['width'] = rng.choice(WIDTHS[:9])
        o['line_height'], o['line_height_multiple'] = line_height(rng, o['font_size'], 0.7)
        o['direction'] = 'auto'
    elif category == 'options-align':
        o['align'] = ALIGNS[k % len(ALIGNS)]
        o['direction'] = ('ltr', 'rtl', 'auto')[(k // 2) % 3]
        o['font_size'] = rng.choice(SIZES[2:12])
        o['width'] = rng.choice(WIDTHS[2:12])
        o['line_height'], o['line_height_multiple'] = line_height(rng, o['font_size'], 0.6)
        if wants_pre:
            o['white_space'] = 'pre-wrap'
    elif category == 'options-metrics':
        o['font_size'] = SIZES[(k * 5 + rng.randrange(3)) % len(SIZES)]
        o['width'] = rng.choice(WIDTHS)
        o['line_height'], o['line_height_multiple'] = line_height(rng, o['font_size'], 0.3)
        if k % 3 != 0:
            o['letter_spacing'] = rng.choice(LETTER_SPACINGS)
        o['direction'] = 'auto'
    elif category == 'options-nowrap':
        o['white_space'] = 'nowrap'
        o['text_overflow'] = 'ellipsis'
        o['align'] = ALIGNS[k % 5]   # justify does nothing to a single line
        o['direction'] = directions(primary)[(k // 5) % 4]
        o['font_size'] = rng.choice(SIZES[1:10])
        o['width'] = rng.choice(WIDTHS[:10])
        if k % 4 == 3:
            o['font_weight'] = 700
    elif category == 'options-language':
        combo = k % (len(LANGUAGES) * len(LINE_BREAKS))
        o['lang'] = LANGUAGES[combo // len(LINE_BREAKS)]
        o['line_break'] = LINE_BREAKS[combo % len(LINE_BREAKS)]
        o['font_size'] = rng.choice(SIZES[2:10])
        o['width'] = rng.choice(WIDTHS[:9])
        o['line_height'], o['line_height_multiple'] = line_height(rng, o['font_size'], 0.7)
    else:
        raise SystemExit('unknown category %r' % category)
    return o


def fmt(v):
    return '%g' % v


def case_id(category, n, k, o):
    lh = 'N' if o.get('line_height') is None else fmt(o['line_height'])
    if o.get('line_height_multiple'):
        lh = 'x' + fmt(o['line_height_multiple'])
    parts = ['%s-%03d-%02d' % (category, n, k), 's' + fmt(o['font_size']), 'w' + fmt(o['width']), 'lh' + lh]
    if o.get('font_weight', 400) != 400:
        parts.append('b%d' % o['font_weight'])
    if o.get('font_style', 'normal') != 'normal':
        parts.append('i')
    if o.get('letter_spacing'):
        parts.append('ls' + fmt(o['letter_spacing']))
    if o.get('word_break', 'normal') != 'normal':
        parts.append(o['word_break'])
    if o.get('align', 'start') != 'start':
        parts.append(o['align'])
    if o.get('direction'):
        parts.append(o['direction'])
    if o.get('max_lines'):
        parts.append('ml%d' % o['max_lines'])
    if o.get('white_space') == 'nowrap':
        parts.append('nowrap')
    if o.get('white_space') == 'pre-wrap':
        parts.append('pw')
    if 'lang' in o:
        parts.append('lang' + (o['lang'] or 'N'))
        parts.append('lb' + o['line_break'])
    return '-'.join(parts)


def build(texts_dir, seed):
    cases, texts = [], []
    for category in CATEGORIES:
        for n, (text, primary) in enumerate(load_texts(texts_dir, category), 1):
            if not SHORT_LEN[0] <= len(text) <= SHORT_LEN[1]:
                raise SystemExit('%s-%03d: %d characters (want %d..%d)'
                                 % (category, n, len(text), SHORT_LEN[0], SHORT_LEN[1]))
            fams = stack_for(primary)
            texts.append(('%s-%03d' % (category, n), text, fams))
            rng = random.Random('%s/%s/%d' % (seed, category, n))
            for k in range(CASES_PER_TEXT):
                o = options_for(category, k, rng, text, primary)
                case = {
                    'id': case_id(category, n, k, o), 'category': category, 'text': text,
                    'font_family': fams, 'font_size': o['font_size'],
                    'font_weight': o.get('font_weight', 400), 'font_style': o.get('font_style', 'normal'),
                    'line_height': o.get('line_height'), 'line_height_multiple': o.get('line_height_multiple'),
                    'width': o['width'], 'white_space': o.get('white_space', 'normal'),
                    'letter_spacing': o.get('letter_spacing', 0), 'word_break': o.get('word_break', 'normal'),
                    'align': o.get('align', 'start'), 'direction': o.get('direction', 'ltr'),
                    'max_lines': o.get('max_lines'), 'text_overflow': o.get('text_overflow', 'clip'),
                }
                if 'lang' in o:   # only the language category carries them
                    case['lang'] = o['lang'] or None
                    case['line_break'] = o['line_break']
                cases.append(case)
    ids = [c['id'] for c in cases]
    if len(set(ids)) != len(ids):
        raise SystemExit('duplicate case ids')
    return cases, texts


def check_coverage(texts):
    index = fam_index.scan_fonts_dir(FONTS_DIR)
    bad = []
    for tid, text, fams in texts:
        paths = [fam_index.matched_face(index[f], 400, 'normal')['path'] for f in fams]
        for i, ch in enumerate(text):
            cp = ord(ch)
            if not is_exempt(cp) and not any(fam_index.font_covers(p, cp) for p in paths):
                bad.append('%s: U+%04X at %d' % (tid, cp, i))
    if bad:
        raise SystemExit('make_option_cases: characters no family of the stack covers:\n  ' + '\n  '.join(bad))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--texts', default=os.path.join(OPTIONS, 'texts'))
    ap.add_argument('--out', default=os.path.join(OPTIONS, 'cases.jsonl'))
    ap.add_argument('--seed', default='typeset-options-1')
    args = ap.parse_args()
    cases, texts = build(args.texts, args.seed)
    check_coverage(texts)
    write_cases(cases, args.out)
    report_counts(cases, args.out, width=20)


if __name__ == '__main__':
    main()
