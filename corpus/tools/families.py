"""Font families of a fonts directory, as CSS sees them (used by record.py and
make_option_cases.py).

Cases of the options corpus name font *families* (the batch protocol's
`font_family`) rather than files, so that a weight or style picks the family's
Bold or Italic file the way CSS font matching does, and is synthesized (bold,
oblique) where the family has no such file. Every file of a family becomes one
`@font-face` rule of one CSS family with the file's own `font-weight` and
`font-style` descriptors (read with fc-scan: face 0's family, weight, slant).

Only fontconfig's command-line tools are needed (fc-scan, fc-query), no Python
packages.
"""

import os
import subprocess

# fontconfig weight -> CSS/OpenType weight (FcWeightToOpenType's table, linear
# in between).
_FC_TO_CSS = [(0, 100), (40, 200), (50, 300), (55, 350), (75, 380), (80, 400),
              (100, 500), (180, 600), (200, 700), (205, 800), (210, 900), (215, 1000)]


def css_weight(fc_weight):
    w = float(fc_weight)
    for (a, x), (b, y) in zip(_FC_TO_CSS, _FC_TO_CSS[1:]):
        if a <= w <= b:
            return int(round(x + (y - x) * (w - a) / (b - a)))
    return 1000 if w > 215 else 100


def scan_fonts_dir(fonts_dir):
    """{family: [{"file", "path", "weight", "style"}, ...]} for face 0 of every
    font file in fonts_dir, files in name order."""
    fams = {}
    for name in sorted(os.listdir(fonts_dir)):
        if not name.lower().endswith(('.ttf', '.otf', '.ttc', '.otc')):
            continue
        path = os.path.abspath(os.path.join(fonts_dir, name))
        out = subprocess.run(['fc-scan', '--format', '%{index}|%{family[0]}|%{weight}|%{slant}\n', path],
                             capture_output=True, text=True).stdout
        for line in out.splitlines():
            idx, fam, weight, slant = line.split('|')
            if idx != '0':
                continue
            slant = int(slant)
            fams.setdefault(fam, []).append({
                'file': name, 'path': path, 'weight': css_weight(weight),
                'style': 'italic' if slant >= 100 else ('oblique' if slant > 0 else 'normal')})
    return fams


def matched_face(faces, weight, style):
    """The face CSS font matching (CSS Fonts 4, 5.2) picks from one family's
    faces for a weight and style: style first (italic falls back to oblique,
    then normal), then weight (400-500: up to 500, then down, then up; below
    400: down then up; above 500: up then down)."""
    want_italic = style != 'normal'
    styled = [f for f in faces if (f['style'] != 'normal') == want_italic] or faces

    def key(f):
        w = f['weight']
        if 400 <= weight <= 500:
            if weight <= w <= 500:
                return (0, w - weight)
            if w < weight:
                return (1, weight - w)
            return (2, w - weight)
        if weight < 400:
            return (0, weight - w) if w <= weight else (1, w - weight)
        return (0, w - weight) if w >= weight else (1, weight - w)
    return min(styled, key=key)


_coverage = {}


def font_covers(path, cp):
    """Whether face 0 of the file maps code point cp (fc-query's charset)."""
    if path not in _coverage:
        out = subprocess.run(['fc-query', '--index', '0', '--format', '%{charset}', path],
                             capture_output=True, text=True).stdout
        ranges = []
        for tok in out.split():
            a, _, b = tok.partition('-')
            ranges.append((int(a, 16), int(b or a, 16)))
        _coverage[path] = ranges
    return any(a <= cp <= b for a, b in _coverage[path])


def ellipsis_text(index, families, weight, style):
    """The ellipsis Chromium's LineTruncator draws: U+2026 if the paragraph's
    primary font (the first family's matched face) has it, else "..."."""
    face = matched_face(index[families[0]], weight, style)
    return '\u2026' if font_covers(face['path'], 0x2026) else '...'


def font_face_rules(css_names, index, url):
    """@font-face rules and document.fonts.load() strings for the families in
    css_names ({family: CSS family name}); url(path) gives a file's URL."""
    rules, loads = [], []
    for fam, css in css_names.items():
        for face in index[fam]:
            if 'rule' in face:  # a rule of a CSS file (css_index), as it declares the face
                rules.append(face['rule'].format(family=css))
                loads.append('%s %d 16px "%s"' % (face['style'], face['weight'], css))
                continue
            rules.append('@font-face { font-family: "%s"; src: url("%s"); font-weight: %d; font-style: %s; }'
                         % (css, url(face['path']), face['weight'], face['style']))
            loads.append('%s %d 16px "%s"' % (face['style'], face['weight'], css))
    return rules, loads


def _descriptor_weight(value):
    """The lower end of a font-weight descriptor (a number or a range)."""
    v = value.split()[0] if value else '400'
    return {'normal': 400, 'bold': 700}.get(v, None) or int(float(v))


def css_index(css_path, url):
    """{family: [face, ...]} for the @font-face rules of a CSS file (the fonts
    corpus's faces.css), each face with "path" (its first url(), resolved
    against the file's directory), "weight" (the descriptor's lower end),
    "style", and "rule": the rule's text with the family name left as
    "{family}" and every url() absolute (url(path) gives it), so that
    font_face_rules() writes the rules as the file declares them under the
    page's own family names."""
    import re
    base = os.path.dirname(os.path.abspath(css_path))
    with open(css_path, encoding='utf-8') as fh:
        css = re.sub(r'/\*.*?\*/', '', fh.read(), flags=re.S)
    fams = {}
    for body in re.findall(r'@font-face\s*\{(.*?)\}', css, flags=re.S):
        desc = {}
        for part in body.split(';'):
            name, sep, value = part.partition(':')
            if sep:
                desc[name.strip().lower()] = value.strip()
        family = desc.get('font-family', '').strip('"\'')
        urls = re.findall(r'url\(\s*["\']?([^"\')]+)["\']?\s*\)', desc.get('src', ''))
        if not family or not urls:
            raise ValueError('%s: an @font-face rule without font-family or url(): %s' % (css_path, body.strip()))
        path = os.path.normpath(os.path.join(base, urls[0]))
        src = re.sub(r'url\(\s*["\']?([^"\')]+)["\']?\s*\)',
                     lambda m: 'url("%s")' % url(os.path.normpath(os.path.join(base, m.group(1)))), desc['src'])
        lines = ['font-family: "{family}"'] + ['%s: %s' % (k, src if k == 'src' else v)
                                               for k, v in desc.items() if k != 'font-family']
        style = desc.get('font-style', 'normal').split()[0]
        fams.setdefault(family, []).append({
            'file': os.path.basename(path), 'path': path,
            'weight': _descriptor_weight(desc.get('font-weight')),
            'style': 'italic' if style in ('italic', 'oblique') and 'oblique 0deg' not in desc.get('font-style', '')
            else 'normal',
            'rule': '@font-face {{ ' + '; '.join(l.replace('{', '{{').replace('}', '}}').replace('{{family}}', '{family}')
                                                for l in lines) + '; }}'})
    return fams
