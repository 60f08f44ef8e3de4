#!/usr/bin/env python3
"""Writes corpus/whitespace/cases.jsonl: options-corpus cases for CSS
`white-space: pre-line | pre | break-spaces` and `overflow-wrap: normal |
break-word | anywhere` (with `word-break`), recorded in Chromium with

    python3 corpus/tools/record.py --cases corpus/whitespace/cases.jsonl \
        --out corpus/whitespace/expected.jsonl [--scale 2 --out .../expected@2x.jsonl]

Chat messages (newlines, runs of spaces, tabs, spaces around newlines) in
Latin, Arabic, Hebrew, CJK, Thai and Devanagari, at several widths, with
alignments, line clamps and text-wrap styles; long words and URLs for
overflow-wrap. Deterministic (a seeded generator): the same file every run.
"""
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(os.path.dirname(HERE), 'whitespace', 'cases.jsonl')
FAMILIES = ['Noto Sans', 'Noto Sans Arabic', 'Noto Sans Hebrew', 'Noto Sans Devanagari',
            'Noto Sans Thai', 'Noto Sans CJK JP', 'Noto Color Emoji']

# (text, primary family, direction)
CHAT = [
    ("hey!  are you coming tonight?\nwe're at the  usual place   \n\n  bring snacks", 'Noto Sans', 'ltr'),
    ("Meeting notes:\n\t- budget  approved\n\t- launch moved to   March\n  - hiring: 2 engineers", 'Noto Sans', 'ltr'),
    ("ok\n\nok\n\n\nwait  what", 'Noto Sans', 'ltr'),
    ("   leading spaces and a trailing newline\n", 'Noto Sans', 'ltr'),
    ("Line one is long enough to wrap at narrow widths   \nLine two    has   gaps\nthree", 'Noto Sans', 'ltr'),
    ("مرحبا   كيف حالك؟\nأنا بخير    شكرا\n  إلى اللقاء", 'Noto Sans Arabic', 'rtl'),
    ("שלום   מה שלומך?\nהכל  בסדר, תודה   \nלהתראות", 'Noto Sans Hebrew', 'rtl'),
    ("今日は  いい天気ですね。\n明日も晴れるかな？  \n  楽しみです", 'Noto Sans CJK JP', 'ltr'),
    ("สวัสดีครับ  วันนี้อากาศดี\nพรุ่งนี้เจอกัน   นะ", 'Noto Sans Thai', 'ltr'),
    ("नमस्ते   आप कैसे हैं?\nमैं ठीक हूँ  धन्यवाद", 'Noto Sans Devanagari', 'ltr'),
    ("a b  c   d    e     f      g       h        i", 'Noto Sans', 'ltr'),
    ("Price:\t$12.50\nTax:\t$1.05\nTotal:\t$13.55", 'Noto Sans', 'ltr'),
    ("Mixed English and עברית   in one\nmessage  with مرحبا too", 'Noto Sans', 'ltr'),
    ("🎉 party  at 8!\n🍕 pizza   \n🎶 music", 'Noto Sans', 'ltr'),
]
WORDS = [
    ("Check https://example.com/a/very/long/path/that/keeps/going?query=string&more=1 now", 'Noto Sans', 'ltr'),
    ("Supercalifragilisticexpialidocious is a long word indeed", 'Noto Sans', 'ltr'),
    ("pneumonoultramicroscopicsilicovolcanoconiosis", 'Noto Sans', 'ltr'),
    ("email: someone.with.a.long.address@subdomain.example.org", 'Noto Sans', 'ltr'),
    ("日本語の文章は単語の間に空白がありません。", 'Noto Sans CJK JP', 'ltr'),
    ("한국어 문장은 띄어쓰기가 있습니다 가나다라마바사아자차카타파하", 'Noto Sans CJK JP', 'ltr'),
    ("كلمةطويلةجداجداجدابدونمسافات وكلمة", 'Noto Sans Arabic', 'rtl'),
    ("ภาษาไทยไม่มีการเว้นวรรคระหว่างคำ", 'Noto Sans Thai', 'ltr'),
    ("#hashtagthatisreallyreallylong and @mentionthatisalsolong", 'Noto Sans', 'ltr'),
    ("a—b(c)[d]{e} 12,345,678.90 +1-555-0100", 'Noto Sans', 'ltr'),
]
SIZES = [13, 15, 16, 17, 20]
WIDTHS = [50, 80, 120, 160, 240, 320]
ALIGNS = ['start', 'start', 'center', 'end', 'justify', 'left', 'right']


def stack(primary):
    return [primary] + [f for f in FAMILIES if f != primary]


def case(cid, category, text, primary, direction, **kw):
    c = {'id': cid, 'category': category, 'text': text, 'font_family': stack(primary),
         'font_size': 16, 'font_weight': 400, 'font_style': 'normal', 'line_height': None,
         'line_height_multiple': None, 'width': 160, 'white_space': 'normal', 'letter_spacing': 0,
         'word_break': 'normal', 'align': 'start', 'direction': direction, 'max_lines': None,
         'text_overflow': 'clip'}
    c.update(kw)
    return c


def main():
    rnd = random.Random(47)
    out = []
    for ws in ('pre-line', 'pre', 'break-spaces'):
        cat = 'ws-' + ws
        for t, (text, primary, direction) in enumerate(CHAT):
            for k in range(6):
                kw = {'white_space': ws, 'font_size': rnd.choice(SIZES), 'width': rnd.choice(WIDTHS),
                      'align': rnd.choice(ALIGNS)}
                if k == 4:
                    kw['max_lines'] = rnd.choice([1, 2, 3])
                if k == 5 and ws != 'pre':
                    kw['text_wrap'] = rnd.choice(['balance', 'pretty'])
                if k == 3:
                    kw['letter_spacing'] = rnd.choice([0.5, 1.5])
                cid = '%s-%03d-%02d-s%g-w%g-%s' % (cat, t, k, kw['font_size'], kw['width'], kw['align'])
                out.append(case(cid, cat, text, primary, direction, **kw))
    for ow in ('normal', 'break-word', 'anywhere'):
        cat = 'ow-' + ow
        for t, (text, primary, direction) in enumerate(WORDS):
            for k, wb in enumerate(('normal', 'break-all', 'keep-all')):
                kw = {'overflow_wrap': ow, 'word_break': wb, 'font_size': rnd.choice(SIZES),
                      'width': rnd.choice(WIDTHS[:4]), 'align': rnd.choice(ALIGNS[:4])}
                if k == 2 and t % 2 == 0:
                    kw['max_lines'] = 2
                if t % 3 == 1:
                    kw['white_space'] = rnd.choice(['pre-line', 'break-spaces', 'pre-wrap'])
                cid = '%s-%03d-%s-s%g-w%g' % (cat, t, wb, kw['font_size'], kw['width'])
                out.append(case(cid, cat, text, primary, direction, **kw))
    with open(OUT, 'w') as fh:
        for c in out:
            fh.write(json.dumps(c, ensure_ascii=False) + '\n')
    print('%d cases -> %s' % (len(out), OUT))


if __name__ == '__main__':
    main()
