"""The options corpus's case fields (corpus/options, make_option_cases.py),
checked and turned into what measure.js reads. Used by record.py."""

import re

import families as fam_index

# Options-corpus fields (the batch protocol's names, see corpus/README.md);
# a case that has any of them, or font_family, is "extended".
EXTENDED_FIELDS = ('font_family', 'font_weight', 'font_style', 'word_break', 'align',
                   'direction', 'max_lines', 'line_height_multiple', 'text_overflow', 'lang', 'line_break', 'text_wrap',
                   'font_stretch', 'font_variation_settings', 'font_optical_sizing',
                   # The CSS text properties of the CSS corpus (corpus/css, make_css_cases.py).
                   'overflow_wrap', 'text_transform', 'word_spacing', 'text_indent', 'text_align_last',
                   'text_box_trim', 'text_box_edge')

# CSS values the CSS corpus's fields take (the batch protocol's names, CSS's values).
TEXT_TRANSFORMS = ('none', 'uppercase', 'lowercase', 'capitalize', 'full-width')
TEXT_INDENT_RE = re.compile(r'^-?(\d+(\.\d+)?|\.\d+)(px|%|em)?( (each-line|hanging))*$')
TEXT_BOX_EDGE_RE = re.compile(r'^(auto|(text|cap|ex)( (text|alphabetic))?)$')
# A run's box sides: a number (px, every side) or CSS shorthand of 1-4 lengths.
BOX_SIDES_RE = re.compile(r'^-?(\d+(\.\d+)?|\.\d+)(px)?( -?(\d+(\.\d+)?|\.\d+)(px)?){0,3}$')


def is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def css_length_list(v, what, error, negative=False):
    """A run's padding, border_width or margin as CSS text: a number is px on
    every side, a string is 1-4 lengths (px or unitless 0)."""
    if is_number(v):
        if v < 0 and not negative:
            raise error('%s must not be negative' % what)
        return '%gpx' % v
    if not isinstance(v, str) or not BOX_SIDES_RE.match(v.strip()):
        raise error('%s must be a number or 1-4 CSS lengths ("2px 6px"), not %r' % (what, v))
    if not negative and '-' in v:
        raise error('%s must not be negative' % what)
    return ' '.join(x if x.endswith('px') or float(x) == 0 else x + 'px' for x in v.split())


def text_fields(c, error):
    """The CSS corpus's paragraph fields of case c, checked (None: absent)."""
    def pick(name, allowed):
        v = c.get(name)
        if v is not None and v not in allowed:
            raise error('case %r: %s must be one of %s, not %r' % (c['id'], name, allowed, v))
        return v
    out = {
        'overflow_wrap': pick('overflow_wrap', ('normal', 'break-word', 'anywhere')),
        'text_transform': pick('text_transform', TEXT_TRANSFORMS),
        'text_align_last': pick('text_align_last', ('auto', 'start', 'end', 'left', 'right', 'center', 'justify')),
        'text_box_trim': pick('text_box_trim', ('none', 'trim-start', 'trim-end', 'trim-both')),
    }
    ws = c.get('word_spacing')
    if ws is not None and not is_number(ws):
        raise error('case %r: word_spacing must be a number (px)' % c['id'])
    out['word_spacing'] = ws
    ti = c.get('text_indent')
    if ti is not None:
        if is_number(ti):
            ti = '%gpx' % ti
        elif not isinstance(ti, str) or not TEXT_INDENT_RE.match(ti):
            raise error('case %r: text_indent must be a number or CSS text such as "2em hanging", not %r' % (c['id'], ti))
    out['text_indent'] = ti
    tbe = c.get('text_box_edge')
    if tbe is not None and (not isinstance(tbe, str) or not TEXT_BOX_EDGE_RE.match(tbe)):
        raise error('case %r: text_box_edge must be CSS text such as "cap alphabetic", not %r' % (c['id'], tbe))
    out['text_box_edge'] = tbe
    return out


def normalize(c, index, error):
    """The options-corpus fields of case c as measure.js reads them; raises
    error(message) naming the case for a bad value."""
    def pick(name, allowed, default):
        v = c.get(name)
        v = default if v is None else v
        if v not in allowed:
            raise error('case %r: %s must be one of %s, not %r' % (c['id'], name, allowed, v))
        return v
    w = c.get('font_weight')
    w = 400 if w is None else w
    if not isinstance(w, int) or not 1 <= w <= 1000:
        raise error('case %r: font_weight must be an integer in 1..1000' % c['id'])
    ml = c.get('max_lines')
    if ml is not None and (not isinstance(ml, int) or isinstance(ml, bool) or ml < 1):
        raise error('case %r: max_lines must be a positive integer or null' % c['id'])
    m = c.get('line_height_multiple')
    if m is not None and (c.get('line_height') is not None or not isinstance(m, (int, float)) or m <= 0):
        raise error('case %r: line_height_multiple must be a positive number, without line_height' % c['id'])
    overflow = pick('text_overflow', ('clip', 'ellipsis'), 'clip')
    style = pick('font_style', ('normal', 'italic'), 'normal')
    if overflow == 'ellipsis' and (c.get('white_space') != 'nowrap' or ml is not None):
        raise error('case %r: text_overflow ellipsis needs white_space nowrap and no max_lines' % c['id'])
    if not c.get('font_family'):
        raise error('case %r: options cases name font_family' % c['id'])
    stretch = c.get('font_stretch')
    if stretch is not None and (not isinstance(stretch, (int, float)) or isinstance(stretch, bool)
                                or not 0 < stretch <= 1000):
        raise error('case %r: font_stretch must be a percentage in (0, 1000]' % c['id'])
    fvs = c.get('font_variation_settings')
    if fvs is not None and not isinstance(fvs, str):
        raise error('case %r: font_variation_settings must be CSS text such as "\'GRAD\' 50"' % c['id'])
    return {
        'font_weight': w, 'font_style': style,
        'font_stretch': stretch, 'font_variation_settings': fvs,
        'font_optical_sizing': pick('font_optical_sizing', ('auto', 'none'), 'auto'),
        'word_break': pick('word_break', ('normal', 'keep-all', 'break-all'), 'normal'),
        'align': pick('align', ('start', 'end', 'left', 'right', 'center', 'justify'), 'start'),
        'max_lines': ml, 'line_height_multiple': m,
        'nowrap_ellipsis': overflow == 'ellipsis',
        'lang': c.get('lang') or '',
        'line_break': pick('line_break', ('auto', 'normal', 'strict', 'loose', 'anywhere'), 'auto'),
        'text_wrap': pick('text_wrap', ('wrap', 'balance', 'pretty'), 'wrap'),
        'ellipsis_text': fam_index.ellipsis_text(index, c['font_family'], w, style),
        **text_fields(c, error),
    }
