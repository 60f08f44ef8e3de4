#!/usr/bin/env python3
"""Writes the fonts corpus's cases: corpus/fonts/cases.jsonl.

    python3 corpus/tools/make_font_cases.py [--texts FILE] [--out FILE] [--seed S]
                                            [--per-text N]

The other corpora use the bundled Noto fonts. This one lays text out in fonts
apps and pages bring (corpus/fonts/faces.css, fetched by
scripts/fetch-test-fonts): variable fonts with wght, wdth, opsz and slnt axes
(one with a default instance of wght 900), static families whose kerning
involves the space or whose kern table Chromium's sanitizer drops, and woff2
families split into unicode-range subsets. One category per family
("fonts-<family>").

Each text of a script the family covers gets --per-text cases, drawn from a
generator seeded with --seed, the family and the text number: weights across
the family's range (350 and 650 included, and one beyond the range),
italic (real or synthesized), sizes 9-48 px, widths 80-480 px, normal, fixed
and multiple line heights, letter spacing, and where the family has the
axis, font_stretch, font_optical_sizing "none" and font_variation_settings.

A case (JSON, one per line; the batch protocol's field names):
    {"id", "category", "text", "font_family": [family], "font_size",
     "font_weight", "font_style", "line_height", "line_height_multiple",
     "width", "white_space", "letter_spacing", "word_break", "align", "direction",
     "max_lines", "text_overflow"} (the options corpus's fields)
    and, where drawn, "font_stretch" (percent), "font_optical_sizing"
    ("none") and "font_variation_settings" (CSS text).
A held-out set is the same program over other texts with another seed.
"""

import argparse
import json
import os
import random
import re

HERE = os.path.dirname(os.path.abspath(__file__))
FONTS = os.path.join(os.path.dirname(HERE), 'fonts')

# family -> what its faces.css rules give it: the scripts of texts.json it
# covers, its weight range (None: static, `weights` lists its files' weights),
# whether it has an italic face, its stretch range (wdth), whether it has an
# opsz axis, and the variation settings worth drawing.
FAMILIES = {
    'Inter': dict(scripts='latin latin_ext vietnamese cyrillic greek', weights=(100, 900), italic=True, opsz=True),
    'Roboto Flex': dict(scripts='latin latin_ext vietnamese cyrillic greek', weights=(100, 1000), italic=True,
                        stretch=(25, 151), opsz=True,
                        variations=["'GRAD' 100", "'XTRA' 400", "'wght' 650", "'wdth' 80", "'YTLC' 540",
                                    "'slnt' -6", "'ABCD' 3"]),
    'Fraunces': dict(scripts='latin latin_ext vietnamese', weights=(100, 900), opsz=True,
                     variations=["'SOFT' 100", "'WONK' 1"]),
    'Open Sans': dict(scripts='latin latin_ext vietnamese cyrillic greek', weights=(300, 800), italic=True,
                      stretch=(75, 100)),
    'Cabin Web': dict(scripts='latin latin_ext vietnamese', weights=(400, 700), stretch=(75, 100)),
    'Source Serif Web': dict(scripts='latin latin_ext vietnamese cyrillic greek', weights=(200, 900), opsz=True),
    'Roboto': dict(scripts='latin latin_ext vietnamese cyrillic greek', static=(300, 400, 500, 700), italic=True),
    'Lato': dict(scripts='latin latin_ext vietnamese cyrillic greek', static=(300, 400, 600, 700), italic=True),
    'Open Sans Static': dict(scripts='latin latin_ext vietnamese cyrillic greek', static=(400, 600, 700),
                             italic=True),
    'Liberation Serif': dict(scripts='latin latin_ext vietnamese cyrillic greek', static=(400, 700), italic=True),
    'Liberation Sans': dict(scripts='latin latin_ext vietnamese cyrillic greek', static=(400, 700)),
    'Comic Neue': dict(scripts='latin', static=(400, 700)),
}

SIZES = [9, 11, 12, 13, 14, 15, 16, 17, 18, 20, 22, 24, 28, 32, 40, 48]
WIDTHS = [80, 100, 120, 150, 180, 200, 240, 280, 320, 360, 414, 480]


def slug(name):
    return re.sub(r'[^a-z0-9]+', '-', name.lower()).strip('-')


def draw_weight(rnd, spec):
    if 'static' in spec:
        return rnd.choice(sorted(set(spec['static']) | {500, 800}))
    lo, hi = spec['weights']
    pool = [w for w in (100, 200, 300, 350, 400, 450, 500, 600, 650, 700, 800, 900, 1000) if lo <= w <= hi]
    pool += [350, 650, min(1000, hi + 50) if hi < 1000 else max(1, lo - 50)]
    return rnd.choice(pool)


def make_case(rnd, family, spec, text, cat, n, k, id_tag='', sizes=SIZES, widths=WIDTHS):
    size = rnd.choice(sizes)
    weight = draw_weight(rnd, spec)
    italic = rnd.random() < 0.2
    lh_kind = rnd.random()
    line_height, multiple = None, None
    if lh_kind < 0.25:
        line_height = round(size * rnd.choice([1.2, 1.25, 1.4, 1.5, 1.6]) * 4) / 4
    elif lh_kind < 0.4:
        multiple = rnd.choice([1.15, 1.3, 1.5])
    spacing = rnd.choice([0] * 7 + [0.5, 1, -0.25, 2])
    width = rnd.choice(widths)
    case = {
        'id': '', 'category': cat, 'text': text, 'font_family': [family], 'font_size': size,
        'font_weight': weight, 'font_style': 'italic' if italic else 'normal',
        'line_height': line_height, 'line_height_multiple': multiple, 'width': width,
        'white_space': 'normal', 'letter_spacing': spacing, 'word_break': 'normal', 'align': 'start',
        'direction': 'ltr', 'max_lines': None, 'text_overflow': 'clip',
    }
    tag = 's%d-w%d-lh%s-b%d' % (size, width, 'N' if line_height is None and multiple is None else
                                ('x%g' % multiple if multiple else '%g' % line_height), weight)
    if italic:
        tag += '-i'
    if spacing:
        tag += '-ls%g' % spacing
    if 'stretch' in spec and rnd.random() < 0.5:
        lo, hi = spec['stretch']
        stretch = rnd.choice([v for v in (50, 62.5, 75, 87.5, 100, 112.5, 125, 150) if lo <= v <= hi] + [hi])
        case['font_stretch'] = stretch
        tag += '-st%g' % stretch
    if spec.get('opsz') and rnd.random() < 0.15:
        case['font_optical_sizing'] = 'none'
        tag += '-nopsz'
    if spec.get('variations') and rnd.random() < 0.25:
        case['font_variation_settings'] = rnd.choice(spec['variations'])
        tag += '-fvs'
    case['id'] = '%s-%s%03d-%02d-%s' % (cat, id_tag, n, k, tag)
    return case


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--texts', default=os.path.join(FONTS, 'texts.json'))
    ap.add_argument('--out', default=os.path.join(FONTS, 'cases.jsonl'))
    ap.add_argument('--seed', type=int, default=41)
    ap.add_argument('--per-text', type=int, default=3)
    ap.add_argument('--families', help='comma-separated families (default: every family)')
    ap.add_argument('--spec', help='a JSON file of families in FAMILIES\'s form, used instead of it '
                                   '(a held-out set\'s own faces.css families)')
    ap.add_argument('--id-tag', default='',
                    help='put in every id after the category ("kern-"), so cases drawn from other texts '
                         'can join a corpus without their ids meeting its own')
    ap.add_argument('--text-key', help='draw every family\'s texts from this key of the texts file '
                                       '(default: the keys of the scripts the family covers)')
    ap.add_argument('--sizes', help='comma-separated font sizes to draw from (default: 9-48 px)')
    ap.add_argument('--widths', help='comma-separated box widths to draw from (default: 80-480 px)')
    args = ap.parse_args()
    sizes = [float(v) if '.' in v else int(v) for v in args.sizes.split(',')] if args.sizes else SIZES
    widths = [int(v) for v in args.widths.split(',')] if args.widths else WIDTHS
    with open(args.texts, encoding='utf-8') as fh:
        texts = json.load(fh)
    families = FAMILIES
    if args.spec:
        with open(args.spec, encoding='utf-8') as fh:
            families = {k: dict(v, **{f: tuple(v[f]) for f in ('weights', 'static', 'stretch') if f in v})
                        for k, v in json.load(fh).items()}
    chosen = args.families.split(',') if args.families else list(families)
    cases = []
    for family in chosen:
        spec = families[family]
        cat = 'fonts-' + slug(family)
        keys = [args.text_key] if args.text_key else spec['scripts'].split()
        pool = [t for script in keys for t in texts.get(script, [])]
        for n, text in enumerate(pool):
            rnd = random.Random('%d/%s/%d' % (args.seed, family, n))
            for k in range(args.per_text):
                cases.append(make_case(rnd, family, spec, text, cat, n, k, args.id_tag, sizes, widths))
    with open(args.out, 'w', encoding='utf-8', newline='\n') as fh:
        for c in cases:
            fh.write(json.dumps(c, ensure_ascii=False) + '\n')
    print('make_font_cases: %d cases -> %s' % (len(cases), os.path.relpath(args.out)))


if __name__ == '__main__':
    main()
