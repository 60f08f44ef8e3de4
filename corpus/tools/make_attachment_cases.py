#!/usr/bin/env python3
"""Writes the attachment corpus: corpus/attachments/cases.jsonl.

    python3 corpus/tools/make_attachment_cases.py [--out FILE] [--seed S]

Inline attachments (a badge after a name, a custom emoji image, an avatar
chip) are fixed-size boxes in the text: U+FFFC in a case's text, one entry of
"attachments" per U+FFFC in order: {"width", "height", "vertical_align"}
(baseline, middle, text-top, text-bottom). The texts are taken from the main
corpus's categories (English, Arabic, Hebrew, Japanese, mixed, emoji,
entities); each case puts 1-4 boxes after words, at the text's start and end,
between letters and, for some, several in a row, with sizes from 8 to 48 px,
at widths from 60 to 320 px (so that boxes fall at line ends), sizes 13-20 px,
line-height normal or fixed, direction ltr or rtl. Recorded by
record_attachments.py (attachments.js) as inline-block boxes of that size.

--options writes attachments/options-cases.jsonl instead: boxes on lines cut
by a line clamp or by text-overflow: ellipsis, and on justified lines (see
option_cases), with the options corpus's fields.
"""

import argparse
import json
import os
import random
import unicodedata

import make_cases

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.dirname(HERE)
CATEGORIES = ['english', 'arabic', 'hebrew', 'japanese', 'mixed', 'emoji', 'entities', 'korean', 'hindi']
STACK = ['NotoSans-Regular.ttf', 'NotoSansArabic-Regular.ttf', 'NotoSansHebrew-Regular.ttf',
         'NotoSansDevanagari-Regular.ttf', 'NotoSansThai-Regular.ttf', 'NotoSansCJKjp-Regular.otf',
         'NotoColorEmoji.ttf']
PRIMARY = {'arabic': 'NotoSansArabic-Regular.ttf', 'hebrew': 'NotoSansHebrew-Regular.ttf',
           'japanese': 'NotoSansCJKjp-Regular.otf', 'korean': 'NotoSansCJKjp-Regular.otf',
           'hindi': 'NotoSansDevanagari-Regular.ttf'}
ALIGNS = ['baseline', 'middle', 'text-top', 'text-bottom']


def texts(category):
    with open(os.path.join(CORPUS, 'texts', category + '.json'), encoding='utf-8') as fh:
        data = json.load(fh)
    out = []
    for t in data['texts']:
        if isinstance(t, dict):
            out.append((t['text'], t.get('primary')))
        else:
            out.append((t, None))
    return out


def at_grapheme_boundary(text, s):
    """Whether offset s is between two grapheme clusters (as far as these
    texts need: not before a combining mark, a joiner or a variation
    selector, not after a joiner, not inside a regional-indicator pair or
    an emoji tag sequence): a text view only ever inserts an object there."""
    if s <= 0 or s >= len(text):
        return True
    a, b = text[s - 1], text[s]
    if unicodedata.category(b) in ('Mn', 'Mc', 'Me') or b in '\u200d\ufe0f\ufe0e' or a == '\u200d':
        return False
    ri = lambda ch: 0x1F1E6 <= ord(ch) <= 0x1F1FF
    if ri(a) and ri(b):
        return False
    if 0xE0020 <= ord(b) <= 0xE007F or 0x1F3FB <= ord(b) <= 0x1F3FF:
        return False
    return True


def insert_boxes(text, rng):
    """The text with 1-4 U+FFFC inserted at word ends, its start or end, or
    between two letters (at grapheme boundaries only)."""
    n = rng.choice([1, 1, 2, 2, 3, 4])
    spots = set()
    words = [i for i, ch in enumerate(text) if ch == ' ']
    for _ in range(n):
        kind = rng.random()
        if kind < 0.5 and words:
            spots.add(rng.choice(words))          # after a word, before its space
        elif kind < 0.65:
            spots.add(0)
        elif kind < 0.8:
            spots.add(len(text))
        else:
            s = rng.randrange(0, len(text) + 1)
            while not at_grapheme_boundary(text, s):
                s -= 1
            spots.add(s)
    out, last = [], 0
    count = 0
    for s in sorted(spots):
        out.append(text[last:s])
        k = 2 if rng.random() < 0.15 else 1       # sometimes two in a row
        out.append('\ufffc' * k)
        count += k
        last = s
    out.append(text[last:])
    return ''.join(out), count


FAMILY = {'NotoSans-Regular.ttf': 'Noto Sans', 'NotoSansArabic-Regular.ttf': 'Noto Sans Arabic',
          'NotoSansHebrew-Regular.ttf': 'Noto Sans Hebrew', 'NotoSansDevanagari-Regular.ttf': 'Noto Sans Devanagari',
          'NotoSansThai-Regular.ttf': 'Noto Sans Thai', 'NotoSansCJKjp-Regular.otf': 'Noto Sans CJK JP',
          'NotoColorEmoji.ttf': 'Noto Color Emoji'}
OPTION_CATEGORIES = ['english', 'arabic', 'hebrew', 'mixed', 'japanese', 'chinese']


def option_cases(rng, per_kind):
    """Attachments on cut and justified lines (options fields, font stacks
    by family): attachments-clamp (max_lines 1-3 with the ellipsis, every
    alignment but justify), attachments-nowrap (one line cut by
    text-overflow: ellipsis), attachments-justify (text-align: justify,
    some also clamped), attachments-wrap (text-wrap-style balance or
    pretty, every alignment, some clamped). Boxes go after words, at the start and the end;
    widths are chosen so that lines wrap and cuts fall near boxes."""
    cases = []
    for kind in ('clamp', 'nowrap', 'justify', 'wrap'):
        for k in range(per_kind):
            cat = OPTION_CATEGORIES[k % len(OPTION_CATEGORIES)]
            pool = texts(cat)
            text, primary = pool[rng.randrange(len(pool))]
            if len(text) > 160:
                cut_at = text.rfind(' ', 60, 160)
                text = text[:cut_at if cut_at > 0 else 160]
            text, count = insert_boxes(text, rng)
            size = rng.choice([13, 15, 17, 20])
            boxes = []
            for _ in range(count):
                w = rng.choice([12, 16, 18, 19, 20, 24, 32])
                h = rng.choice([w, w, 12, 16, 20, 24])
                boxes.append({'width': w, 'height': h, 'vertical_align': rng.choice(ALIGNS)})
            first = primary or PRIMARY.get(cat, 'NotoSans-Regular.ttf')
            if cat == 'chinese':
                first = 'NotoSansCJKjp-Regular.otf'
            stack = [FAMILY[first]] + [FAMILY[f] for f in STACK if f != first]
            lh = rng.choice([None, None, round(size * 1.5)])
            rtl_text = cat in ('arabic', 'hebrew')
            direction = rng.choice(['rtl', 'rtl', 'ltr'] if rtl_text else (['ltr', 'ltr', 'rtl'] if cat == 'mixed' else ['ltr']))
            ws, overflow, max_lines, wrap = 'normal', 'clip', None, None
            if kind == 'clamp':
                align = rng.choice(['start', 'end', 'left', 'right', 'center'])
                max_lines = rng.choice([1, 2, 2, 3])
                width = rng.choice([90, 120, 160, 200, 240])
            elif kind == 'nowrap':
                align = rng.choice(['start', 'end', 'center'])
                ws, overflow = 'nowrap', 'ellipsis'
                width = rng.choice([80, 120, 160, 200])
            elif kind == 'justify':
                align = 'justify'
                max_lines = rng.choice([None, None, None, 2, 3])
                width = rng.choice([120, 160, 200, 240, 320])
            else:
                align = rng.choice(['start', 'end', 'center', 'justify'])
                max_lines = rng.choice([None, None, None, 2, 3])
                width = rng.choice([90, 120, 160, 200, 240])
                wrap = rng.choice(['balance', 'pretty'])
            cases.append({
                'id': 'attachments-%s-%03d-%s-s%d-w%d-lh%s-%s-%s%s' % (
                    kind, k, cat, size, width, 'N' if lh is None else lh, align, direction,
                    '' if max_lines is None else '-ml%d' % max_lines),
                'category': 'attachments-' + kind, 'text': text, 'attachments': boxes,
                'font_family': stack, 'font_size': size, 'font_weight': 400, 'font_style': 'normal',
                'line_height': lh, 'width': width, 'white_space': ws, 'letter_spacing': 0,
                'word_break': 'normal', 'align': align, 'direction': direction,
                'max_lines': max_lines, 'text_overflow': overflow,
            })
            if wrap:
                cases[-1]['id'] += '-' + wrap
                cases[-1]['text_wrap'] = wrap
    return cases


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--out', default=None)
    ap.add_argument('--seed', default=None)
    ap.add_argument('--per-category', type=int, default=40)
    ap.add_argument('--options', action='store_true',
                    help='write the cut and justified cases (attachments/options-cases.jsonl) instead')
    args = ap.parse_args()
    if args.options:
        rng = random.Random(args.seed or 'typeset-attachments-options-1')
        out = args.out or os.path.join(CORPUS, 'attachments', 'options-cases.jsonl')
        cases = option_cases(rng, args.per_category)
        with open(out, 'w', encoding='utf-8', newline='\n') as fh:
            for c in cases:
                fh.write(json.dumps(c, ensure_ascii=False) + '\n')
        print('%d cases -> %s' % (len(cases), out))
        return
    args.out = args.out or os.path.join(CORPUS, 'attachments', 'cases.jsonl')
    rng = random.Random(args.seed or 'typeset-attachments-1')
    cases = []
    for cat in CATEGORIES:
        pool = texts(cat)
        for k in range(args.per_category):
            text, primary = pool[k % len(pool)]
            text, count = insert_boxes(text, rng)
            size = rng.choice([13, 15, 17, 20])
            boxes = []
            for _ in range(count):
                w = rng.choice([8, 12, 16, 18, 20, 24, 32, 48])
                h = rng.choice([w, w, 8, 12, 16, 20, 24, 32, 40, 48])
                boxes.append({'width': w, 'height': h, 'vertical_align': rng.choice(ALIGNS)})
            first = primary or PRIMARY.get(cat, 'NotoSans-Regular.ttf')
            stack = [first] + [f for f in STACK if f != first]
            lh = rng.choice([None, None, round(size * 1.4), round(size * 1.75 * 4) / 4])
            width = rng.choice([60, 90, 120, 160, 200, 320])
            direction = 'rtl' if cat in ('arabic', 'hebrew') and rng.random() < 0.7 else ('rtl' if rng.random() < 0.1 else 'ltr')
            cases.append({
                'id': 'attachments-%s-%03d-s%d-w%d-lh%s-%s' % (cat, k, size, width, 'N' if lh is None else lh, direction),
                'category': 'attachments-' + cat, 'text': text, 'attachments': boxes, 'fonts': stack,
                'font_size': size, 'line_height': lh, 'width': width, 'white_space': 'normal',
                'letter_spacing': 0, 'dir': direction,
            })
    make_cases.write_cases(cases, args.out)
    print('%d cases -> %s' % (len(cases), args.out))


if __name__ == '__main__':
    main()
