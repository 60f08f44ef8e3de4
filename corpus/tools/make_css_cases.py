#!/usr/bin/env python3
"""Writes the CSS corpus: corpus/css/cases.jsonl from corpus/css/texts.json.

    python3 corpus/tools/make_css_cases.py [--texts FILE] [--out FILE]
                                          [--seed S] [--per-text N]

The CSS text properties feeds and chats use, each in options-corpus cases
(the batch protocol's field names, corpus/README.md) plus its own fields:
white_space pre-line, pre and break-spaces, overflow_wrap, text_transform,
word_spacing, text_indent, text_align_last, text_box_trim, text_box_edge and
runs that are chips (padding, border_width, margin). One category per
concern, and the interactions a user meets (pre-line with clamps and
text_wrap, transforms that change the text's length under a clamp or an
ellipsis, chips at a line's end and at an ellipsis, indents with alignment,
direction and clamps, word spacing with justification):

  css-pre-line          chat messages with newlines and runs of spaces
  css-pre-line-clamp    pre-line with max_lines 1-3 and text_wrap balance/pretty
  css-pre               code, tables, poems: no wrapping, tabs
  css-break-spaces      spaces that take room and wrap
  css-overflow-wrap     normal / break-word / anywhere on URLs, hashes, compounds
  css-transform-case    uppercase/lowercase/capitalize with lang (tr, az, de, el, nl)
  css-transform-width   transforms that change lengths (ß -> SS, ligatures,
                        full-width) under clamps and nowrap + ellipsis
  css-word-spacing      word spacing (negative too), with justify, on spans
  css-text-indent       px, %, em, hanging, each-line x alignment, rtl, clamps
  css-align-last        text-align-last x text-align, newlines, clamps
  css-chips             mentions, hashtags, inline code as padded spans
  css-chips-edge        the same at widths that put chips at lines' ends
  css-text-box          text-box-trim x text-box-edge x normal/fixed line heights
  css-controls          only the options the engine had before (pre-wrap,
                        justify, clamps, tabs, rtl): the controls

Texts: {"categories": [{"category", "texts": [{"text", "primary", "lang"}]}]}.
In a text, [[...]] marks a chip (a run with the case's chip style) and
{{...}} a span that carries the case's span field (text_transform or
word_spacing); the markers are removed and the runs' offsets are code points.
Each text gets --per-text cases (default 14): the property its category is
about cycles through its values, the rest (size, width, line height,
alignment, direction) is drawn from a generator seeded with --seed, the
category and the text number, so the output is deterministic. A held-out set
is the same program over other texts with another seed.
"""

import argparse
import json
import os
import random
import re

from make_cases import report_counts, write_cases
from make_option_cases import check_coverage, stack_for, directions, FAMILY_ORDER

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.dirname(HERE)
CSS = os.path.join(CORPUS, 'css')

CATEGORIES = ['css-pre-line', 'css-pre-line-clamp', 'css-pre', 'css-break-spaces', 'css-overflow-wrap',
              'css-transform-case', 'css-transform-width', 'css-word-spacing', 'css-text-indent',
              'css-align-last', 'css-chips', 'css-chips-edge', 'css-text-box', 'css-controls']
SIZES = [13, 14, 15, 16, 17, 18, 20]
WIDTHS = [60, 80, 100, 120, 140, 160, 200, 240, 280, 320, 400]
ALIGNS = ['start', 'center', 'end', 'justify', 'left', 'right']
LINE_HEIGHT_FACTORS = [1.3, 1.45, 1.6, 1.9]
LINE_HEIGHT_MULTIPLES = [1, 1.25, 1.5, 2]
# Chip styles (a run's inline box): mention, tag, code, spaced, asymmetric.
CHIPS = [
    {'padding': '0 6px', 'border_width': 1, 'margin': '0 2px'},
    {'padding': 4},
    {'padding': '2px 8px', 'border_width': '0 2px'},
    {'margin': '0 6px'},
    {'padding': '0 4px 0 10px', 'border_width': 1, 'smaller': True},
]
INDENTS = ['24px', 16, '2em', '10%', '1em hanging', '-1em hanging', '2em each-line', '3em hanging each-line',
           '-12px', '5%', '1.5em', '40px each-line', '-2em hanging each-line', 0.5]
ALIGN_LASTS = ['auto', 'start', 'end', 'left', 'right', 'center', 'justify']
WORD_SPACINGS = [2, 4, 8, -2, 0.5, 12, -1, 6]
TRIMS = ['trim-both', 'trim-start', 'trim-end']
EDGES = ['auto', 'cap alphabetic', 'text', 'ex alphabetic', 'cap', 'text alphabetic', 'ex']
MARK = re.compile(r'\[\[(.*?)\]\]|\{\{(.*?)\}\}')


def parse_marks(text):
    """(plain text, chips [(start, end)], spans [(start, end)]) in code points."""
    out, chips, spans, at = '', [], [], 0
    for m in MARK.finditer(text):
        out += text[at:m.start()]
        inner = m.group(1) if m.group(1) is not None else m.group(2)
        a = len(out)
        out += inner
        (chips if m.group(1) is not None else spans).append((a, len(out)))
        at = m.end()
    out += text[at:]
    if '[[' in out or ']]' in out or '{{' in out or '}}' in out:
        raise SystemExit('unbalanced marker in %r' % text)
    return out, chips, spans


def line_height(rng, size, normal_share=0.6):
    r = rng.random()
    if r < normal_share:
        return None, None
    if r < normal_share + (1 - normal_share) / 2:
        return round(size * rng.choice(LINE_HEIGHT_FACTORS), 1), None
    return None, rng.choice(LINE_HEIGHT_MULTIPLES)


def options_for(category, k, rng, text, primary, lang, has_spans):
    """The options of case k of a text (only those that differ from the defaults)."""
    o = {'font_size': rng.choice(SIZES), 'width': rng.choice(WIDTHS[2:])}
    o['line_height'], o['line_height_multiple'] = line_height(rng, o['font_size'])
    own = directions(primary)
    multiline = '\n' in text or '\t' in text or '  ' in text
    if lang:
        o['lang'] = lang
    if category == 'css-pre-line':
        o['white_space'] = 'pre-line'
        o['align'] = ALIGNS[k % 6]
        o['direction'] = own[(k // 3) % 4]
        o['width'] = rng.choice(WIDTHS[1:])
    elif category == 'css-pre-line-clamp':
        o['white_space'] = 'pre-line'
        o['max_lines'] = None if k % 5 == 4 else 1 + k % 3
        o['text_wrap'] = ['wrap', 'balance', 'pretty'][(k // 3) % 3]
        o['align'] = ALIGNS[k % 4]
        o['direction'] = own[(k // 4) % 4]
    elif category == 'css-pre':
        o['white_space'] = 'pre'
        o['align'] = ALIGNS[k % 6]
        o['direction'] = own[(k // 2) % 4]
        o['width'] = rng.choice(WIDTHS)
    elif category == 'css-break-spaces':
        o['white_space'] = 'break-spaces'
        o['align'] = ['start', 'end', 'center', 'justify'][k % 4]
        o['direction'] = own[(k // 4) % 4]
        o['width'] = rng.choice(WIDTHS[:8])
        if k % 5 == 4:
            o['letter_spacing'] = 0.5
    elif category == 'css-overflow-wrap':
        o['overflow_wrap'] = ['normal', 'break-word', 'anywhere'][k % 3]
        if (k // 3) % 4 == 3:
            o['word_break'] = 'keep-all'
        o['width'] = rng.choice([40, 50, 60, 80, 100, 120, 160, 200])
        o['align'] = ['start', 'center', 'end'][(k // 3) % 3]
        o['direction'] = 'auto'
    elif category == 'css-transform-case':
        t = ['uppercase', 'lowercase', 'capitalize'][k % 3]
        if has_spans:
            o['span'] = {'text_transform': t}
            if k % 2:
                o['text_transform'] = 'lowercase' if t != 'lowercase' else 'uppercase'
        else:
            o['text_transform'] = t
        if lang and (k // 3) % 2:
            o['lang'] = None   # the same text without its language: language-aware rules off
        o['width'] = rng.choice(WIDTHS[:9])
        o['align'] = ['start', 'center', 'end', 'justify'][(k // 3) % 4]
        o['direction'] = own[0]
        if k % 7 == 6:
            o['letter_spacing'] = 1
    elif category == 'css-transform-width':
        t = ['uppercase', 'full-width', 'capitalize', 'uppercase'][k % 4]
        if has_spans:
            o['span'] = {'text_transform': t}
        else:
            o['text_transform'] = t
        if k % 3 == 1:
            o['max_lines'] = 1 + (k // 3) % 2
        elif k % 3 == 2:
            o['white_space'] = 'nowrap'
            o['text_overflow'] = 'ellipsis'
        o['width'] = rng.choice(WIDTHS[:9])
        o['align'] = ['start', 'end', 'center'][(k // 4) % 3]
        o['direction'] = own[0]
    elif category == 'css-word-spacing':
        ws = WORD_SPACINGS[k % 8]
        if has_spans:
            o['span'] = {'word_spacing': ws}
            if k % 2:
                o['word_spacing'] = WORD_SPACINGS[(k + 3) % 8]
        else:
            o['word_spacing'] = ws
        if k % 3 == 0:
            o['align'] = 'justify'
        else:
            o['align'] = ['start', 'center', 'end'][k % 3]
        if k % 5 == 4:
            o['letter_spacing'] = 0.5
        o['direction'] = own[(k // 3) % 4]
    elif category == 'css-text-indent':
        o['text_indent'] = INDENTS[k % len(INDENTS)]
        o['align'] = ALIGNS[k % 6]
        o['direction'] = own[(k // 2) % 4]
        if k % 4 == 3:
            o['max_lines'] = 1 + (k // 4) % 2
        if '\n' in text:
            o['white_space'] = 'pre-wrap' if k % 2 == 0 else 'pre-line'
    elif category == 'css-align-last':
        o['text_align_last'] = ALIGN_LASTS[k % 7]
        o['align'] = 'justify' if k % 2 == 0 else ['start', 'center', 'end', 'right'][(k // 2) % 4]
        o['direction'] = own[(k // 3) % 4]
        if k % 5 == 4:
            o['max_lines'] = 2
        if multiline:
            o['white_space'] = 'pre-wrap'
    elif category in ('css-chips', 'css-chips-edge'):
        o['chip'] = CHIPS[k % len(CHIPS)]
        if category == 'css-chips':
            o['align'] = ALIGNS[k % 6]
            o['direction'] = own[(k // 3) % 4]
            if k % 4 == 3:
                o['max_lines'] = 1 + (k // 4) % 2
            elif k % 7 == 6:
                o['white_space'] = 'nowrap'
                o['text_overflow'] = 'ellipsis'
        else:
            # Widths every ~17 px: chips land at lines' ends and wrap.
            o['width'] = 90 + 17 * k + rng.randrange(9)
            o['direction'] = own[0]
            o['align'] = ['start', 'end'][k % 2]
            if k % 3 == 2:
                o['max_lines'] = 1 + (k // 3) % 2
    elif category == 'css-text-box':
        o['text_box_trim'] = TRIMS[k % 3]
        o['text_box_edge'] = EDGES[k % 7]
        kind = (k // 3) % 3
        if kind == 0:
            o['line_height'], o['line_height_multiple'] = None, None
        elif kind == 1:
            o['line_height'], o['line_height_multiple'] = round(o['font_size'] * rng.choice(LINE_HEIGHT_FACTORS), 1), None
        else:
            o['line_height'], o['line_height_multiple'] = None, rng.choice(LINE_HEIGHT_MULTIPLES)
        o['width'] = rng.choice(WIDTHS[:9])
        o['direction'] = own[0]
        o['align'] = ['start', 'center'][k % 2]
        if k % 5 == 4:
            o['max_lines'] = 1
        if '\n' in text:
            o['white_space'] = 'pre-wrap'
    elif category == 'css-controls':
        if multiline:
            o['white_space'] = 'pre-wrap'
        o['align'] = ALIGNS[k % 6]
        o['direction'] = own[(k // 2) % 4]
        if k % 4 in (2, 3):   # clamps with centre, justify, start, left, right alignment
            o['max_lines'] = 1 + (k // 4) % 3
        o['width'] = rng.choice(WIDTHS[1:])
    else:
        raise SystemExit('unknown category %r' % category)
    return o


def fmt(v):
    return ('%g' % v) if isinstance(v, (int, float)) else str(v)


def tag(v):
    return re.sub(r'[^A-Za-z0-9.%]+', '_', fmt(v)).replace('%', 'pc')


def case_id(category, n, k, o):
    lh = 'N' if o.get('line_height') is None else fmt(o['line_height'])
    if o.get('line_height_multiple'):
        lh = 'x' + fmt(o['line_height_multiple'])
    parts = ['%s-%03d-%02d' % (category, n, k), 's' + fmt(o['font_size']), 'w' + fmt(o['width']), 'lh' + lh]
    short = [('white_space', 'ws'), ('overflow_wrap', 'ow'), ('word_break', 'wb'), ('text_transform', 'tt'),
             ('word_spacing', 'wsp'), ('text_indent', 'ti'), ('text_align_last', 'tal'), ('text_box_trim', 'tbt'),
             ('text_box_edge', 'tbe'), ('text_wrap', 'tw'), ('letter_spacing', 'ls')]
    for key, p in short:
        if o.get(key) is not None:
            parts.append(p + tag(o[key]))
    if o.get('align', 'start') != 'start':
        parts.append(o['align'])
    if o.get('direction'):
        parts.append(o['direction'])
    if o.get('max_lines'):
        parts.append('ml%d' % o['max_lines'])
    if o.get('text_overflow') == 'ellipsis':
        parts.append('ell')
    if o.get('lang'):
        parts.append('lang' + o['lang'])
    if 'chip' in o:
        parts.append('chip%d' % CHIPS.index(o['chip']))
    if 'span' in o:
        parts.append('span-' + '-'.join('%s%s' % (k[:2], tag(v)) for k, v in sorted(o['span'].items())))
    return '-'.join(parts)


def runs_for(o, chips, spans):
    runs = []
    for a, b in chips:
        if 'chip' not in o:
            continue
        r = {'start': a, 'end': b}
        for k, v in o['chip'].items():
            if k == 'smaller':
                r['font_size'] = o['font_size'] - 2
            else:
                r[k] = v
        runs.append(r)
    for a, b in spans:
        if 'span' in o:
            r = {'start': a, 'end': b}
            r.update(o['span'])
            runs.append(r)
    return sorted(runs, key=lambda r: r['start'])


def build(texts_file, seed, per_text):
    with open(texts_file, encoding='utf-8') as fh:
        doc = json.load(fh)
    cases, texts = [], []
    by_cat = {g['category']: g['texts'] for g in doc['categories']}
    for cat in by_cat:
        if cat not in CATEGORIES:
            raise SystemExit('%s: unknown category %r' % (texts_file, cat))
    for category in CATEGORIES:
        for n, entry in enumerate(by_cat.get(category, []), 1):
            text, chips, spans = parse_marks(entry['text'])
            primary = entry.get('primary', 'Noto Sans')
            fams = stack_for(primary)
            texts.append(('%s-%03d' % (category, n), text, fams))
            rng = random.Random('%s/%s/%d' % (seed, category, n))
            for k in range(per_text):
                o = options_for(category, k, rng, text, primary, entry.get('lang'), bool(spans))
                if o.get('chip') is None and chips and category not in ('css-chips', 'css-chips-edge'):
                    raise SystemExit('%s-%03d: chips only in the chip categories' % (category, n))
                case = {
                    'id': case_id(category, n, k, o), 'category': category, 'text': text,
                    'font_family': fams, 'font_size': o['font_size'], 'font_weight': 400, 'font_style': 'normal',
                    'line_height': o.get('line_height'), 'line_height_multiple': o.get('line_height_multiple'),
                    'width': o['width'], 'white_space': o.get('white_space', 'normal'),
                    'letter_spacing': o.get('letter_spacing', 0), 'word_break': o.get('word_break', 'normal'),
                    'align': o.get('align', 'start'), 'direction': o.get('direction', 'ltr'),
                    'max_lines': o.get('max_lines'), 'text_overflow': o.get('text_overflow', 'clip'),
                }
                for key in ('lang', 'text_wrap', 'overflow_wrap', 'text_transform', 'word_spacing', 'text_indent',
                            'text_align_last', 'text_box_trim', 'text_box_edge'):
                    if o.get(key) is not None:
                        case[key] = o[key]
                runs = runs_for(o, chips, spans)
                if runs:
                    case['runs'] = runs
                cases.append(case)
    ids = [c['id'] for c in cases]
    if len(set(ids)) != len(ids):
        dup = sorted(i for i in set(ids) if ids.count(i) > 1)
        raise SystemExit('duplicate case ids: %s' % dup[:5])
    return cases, texts


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--texts', default=os.path.join(CSS, 'texts.json'))
    ap.add_argument('--out', default=os.path.join(CSS, 'cases.jsonl'))
    ap.add_argument('--seed', default='typeset-css-1')
    ap.add_argument('--per-text', type=int, default=14)
    args = ap.parse_args()
    cases, texts = build(args.texts, args.seed, args.per_text)
    check_coverage(texts)
    write_cases(cases, args.out)
    report_counts(cases, args.out, width=22)


if __name__ == '__main__':
    main()
