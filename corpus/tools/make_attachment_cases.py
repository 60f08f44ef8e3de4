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
"""

import argparse
import json
import os
import random
import unicodedata

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


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--out', default=os.path.join(CORPUS, 'attachments', 'cases.jsonl'))
    ap.add_argument('--seed', default='typeset-attachments-1')
    ap.add_argument('--per-category', type=int, default=40)
    args = ap.parse_args()
    rng = random.Random(args.seed)
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
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, 'w', encoding='utf-8', newline='\n') as fh:
        for c in cases:
            fh.write(json.dumps(c, ensure_ascii=False) + '\n')
    print('%d cases -> %s' % (len(cases), args.out))


if __name__ == '__main__':
    main()
