#!/usr/bin/env python3
"""Records Chromium's layout of every corpus case: corpus/expected.jsonl.

    python3 corpus/tools/record.py [--cases corpus/cases.jsonl]
                                   [--out corpus/expected.jsonl] [--jobs 2]
                                   [--scale 1]

Reads the cases written by make_cases.py (fields documented there), lays each
one out in headless Chromium with exactly its font stack (bundled files from
fonts/, loaded with @font-face from file:// URLs) and writes one line per
case, in case order:

    {"id", "category", "chromium", "height", "line_count",
     "lines": [{"start", "end", "width"}, ...], "natural_width", "min_content_width"}

- chromium: `chromium --version` of the browser that measured.
- height: the box's getBoundingClientRect().height (CSS px).
- lines: start/end are code-point offsets into the case's text; the lines
  partition the text (line i covers [start, end)); whitespace that collapses
  or hangs at a line end, and a preserved "\\n", belong to the line they end.
  width: x-extent of the line's glyphs without trailing whitespace (px).
- natural_width: width of the same box with `width: max-content` (px).
- min_content_width: width of the same box with `width: min-content` (px):
  its widest unbreakable piece.
With --full every line also carries "text", "x" (left edge relative to the
box) and "width_with_trailing_ws", and the case "natural_width_text" and
"code_points" (what measure.js computes).

The options corpus (make_option_cases.py; `--cases corpus/options/cases.jsonl
--out corpus/options/expected.jsonl`) names font families instead of files
(each family's files become @font-face rules with their own weight and style,
see families.py) and sets weight, style, word-break, text-align, direction,
line clamps, nowrap + text-overflow (case_options.py). Its rows also give every
line's "x", "truncated", and for a truncated text an "ellipsis" object:
{"text", "x", "width", "visible_end", "visible_is_prefix", "visible"} (see
truncation.js and corpus/README.md).

The runs corpus (make_run_cases.py; `--cases corpus/cases-runs.jsonl --out
corpus/expected-runs.jsonl`) is options-style (font families, weight, style)
and gives every case "runs": spans {"start", "end" in code points, and any of
"font_family"/"fonts", "font_size", "font_weight", "font_style",
"letter_spacing", "line_height"}, laid out as <span>s inside the box (see
corpus/README.md, Multi-run cases).

The CSS corpus (make_css_cases.py; corpus/css) adds the CSS text
properties as options fields: white_space pre-line, pre and break-spaces,
overflow_wrap, text_transform, word_spacing, text_indent (a number is px,
else CSS text such as "2em hanging each-line"), text_align_last,
text_box_trim and text_box_edge; its runs may also set text_transform,
word_spacing, and padding, border_width and margin (a number is px on every
side, else 1-4 CSS lengths; the border is solid and transparent): a chip.
A line's x and width then cover the chips on it, margins included (the cut
line's: the visible chips on its start side); with text_box_trim the fixed
line height check is skipped (the box loses its first line's top and last
line's bottom).

--scale S lays the cases out at a device pixel ratio of S (Chromium's
--force-device-scale-factor=S; the page checks window.devicePixelRatio):
Chromium then lays text out zoomed by S, in device pixels, and every answer
above is still in CSS px, as Chromium reports it (float32: at S = 3 a
height of 59 device px reads 19.666667938). The scaled corpora in
corpus/scaled/ are recorded this way (see corpus/README.md).

No driver: each batch of cases becomes one HTML page whose own JavaScript
(measure.js, next to this file) measures and writes JSON into the DOM, which
`chromium --headless=new --dump-dom` prints. The method and Chromium's
behaviours are described in corpus/README.md.

The run FAILS (exit status 1, naming the case) when:
  - a font file is missing or a @font-face does not reach status "loaded";
  - measure.js reports an error for a case, or a case has no result;
  - a self-check fails: the probe layout (line-height 1000px) is not exactly
    line_count x 1000 px tall; a code point has a glyph rect (of positive
    width) outside the probe line it was assigned to; the real layout, grouped by rect centres, does
    not give the same lines; with a fixed line height, height is not
    line_count x line_height (each line box rounded to 1/64 device px:
    round(L x S x 64) / (64 x S) px; compared within 1/1000 px);
  - window.devicePixelRatio is not S;
  - the canary fails: every batch page also measures "iiiiiiiiii" in Noto Sans
    13px, whose natural width must be 33.546875 px (fractional, unhinted
    advances under Debian's default fontconfig rules; a machine where
    Chromium uses whole-pixel advances would give 30 or 40, and every
    recorded width would be off; at other scales its width is the one
    measured at that scale, CANARY_WIDTHS).
Nothing is written to --out unless every case passes.
"""

import argparse
import collections
import concurrent.futures
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from urllib.parse import quote

import case_options
import families as fam_index

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.dirname(HERE)
ROOT = os.path.dirname(CORPUS)
FONTS_DIR = os.path.join(ROOT, 'fonts')
MEASURE_JS = os.path.join(HERE, 'measure.js')
TRUNCATION_JS = os.path.join(HERE, 'truncation.js')
CASE_STYLE_JS = os.path.join(HERE, 'case_style.js')
PAGE_RUNNER_JS = os.path.join(HERE, 'page_runner.js')
CHROMIUM = shutil.which('chromium') or shutil.which('chromium-browser') or 'chromium'


def scale_text(scale):
    """A device pixel ratio as written in flags and file names: 1, 2, 2.625."""
    return '%g' % scale


def chrome_flags(scale=1):
    """Chromium's flags for laying out at device pixel ratio `scale`."""
    return [
        '--headless=new', '--disable-gpu', '--no-sandbox',
        '--hide-scrollbars', '--mute-audio', '--no-first-run',
        '--disable-extensions', '--disable-background-networking',
        '--force-device-scale-factor=' + scale_text(scale), '--window-size=1600,1200',
    ]


CHROME_FLAGS = chrome_flags(1)
RESULT_RE = re.compile(r'<pre id="oracle-result">(.*?)</pre>', re.S)
CANARY_ID = '__canary__'
CANARY = {'id': CANARY_ID, 'category': '__canary__', 'text': 'iiiiiiiiii',
          'fonts': ['NotoSans-Regular.ttf'], 'font_size': 13, 'line_height': None,
          'width': 480, 'white_space': 'normal', 'letter_spacing': 0, 'dir': 'ltr'}
CANARY_WIDTH = 33.546875
# The canary's width at each device pixel ratio the corpora are recorded at,
# as Chromium reports it (float32 CSS px). In device px it is the advance sum
# rounded up to 1/64 device px: 13 px x 2 = 26 px text gives 4294/64 device px
# (33.546875 again), at 3 6440/64 device px. At 2.625 the text is 34.125 px,
# which Chromium lays out as 34.109375 px (a font size that is not a multiple
# of 1/4 px loses 1/64 px, at 1x too), so 5633/64 device px, not 5635.
# (Chromium sets a font at its size in whole hundredths of a px, truncated
# to 1/64 px for FreeType.) The widths at 1.5, 1.75, 3.5 and 4 are that rule's.
CANARY_WIDTHS = {1: CANARY_WIDTH, 2: 33.546875, 3: 33.54166793823242, 2.625: 33.529762268066406,
                 1.5: 33.54166793823242, 1.75: 33.54464340209961, 3.5: 33.54018020629883, 4: 33.54296875}

BASIC_LINE_FIELDS = ('start', 'end', 'width')
# Options-corpus cases also give each line's x (its ink's left edge from the
# box's left edge; a truncated line's x and width include the ellipsis) and,
# when truncated, the ellipsis drawn and which code points stay visible.
OPTION_LINE_FIELDS = ('start', 'end', 'width', 'x')
ELLIPSIS_FIELDS = ('text', 'x', 'width', 'visible_end', 'visible_is_prefix', 'visible')


class RecordError(Exception):
    pass


def canary_width(scale):
    """The canary's expected width at `scale`; RecordError for a scale
    nobody has measured it at yet."""
    if scale not in CANARY_WIDTHS:
        raise RecordError('no canary width known at scale %s: lay Noto Sans 13 px "iiiiiiiiii" out at that '
                          'scale with fractional advances and add its width to CANARY_WIDTHS' % scale_text(scale))
    return CANARY_WIDTHS[scale]


def check_scale(scale):
    """The --scale value, a positive number (a whole one as an int: the
    page's ORACLE_DPR then reads 1, not 1.0)."""
    if not (scale > 0 and scale < 16):
        raise RecordError('--scale must be in (0, 16), not %r' % scale)
    return int(scale) if scale == int(scale) else scale


def chromium_version():
    try:
        out = subprocess.run([CHROMIUM, '--version'], capture_output=True,
                             text=True, timeout=120)
    except OSError as e:
        raise RecordError('cannot run %s: %s (scripts/setup chromium installs it)'
                          % (CHROMIUM, e))
    v = out.stdout.strip()
    if out.returncode != 0 or not v:
        raise RecordError('%s --version failed: %s' % (CHROMIUM, out.stderr.strip()))
    return v


def font_url(path):
    return 'file://' + quote(os.path.abspath(path))


def normalize_case(c, fonts_dir=FONTS_DIR, index=None):
    """The case as measure.js reads it; index: fonts_dir's families (needed
    by font_family cases)."""
    for k in ('id', 'category', 'text', 'font_size', 'width'):
        if k not in c:
            raise RecordError('case %r lacks %r' % (c.get('id'), k))
    extended = any(c.get(k) is not None for k in case_options.EXTENDED_FIELDS)
    stack, families = [], None
    if c.get('font_family') is not None:
        families = c['font_family']
        if not isinstance(families, list) or not families or len(set(families)) != len(families):
            raise RecordError('case %r: font_family must be a non-empty list of distinct names' % c['id'])
        for f in families:
            if f not in index:
                raise RecordError('case %r: no font of family %r in %s' % (c['id'], f, fonts_dir))
    else:
        fonts = c.get('fonts')
        if not isinstance(fonts, list) or not fonts:
            raise RecordError('case %r: fonts must be a non-empty list' % c['id'])
        if len(set(fonts)) != len(fonts):
            raise RecordError('case %r: a font is listed twice' % c['id'])
        for f in fonts:
            p = os.path.join(fonts_dir, f)
            if not os.path.isfile(p):
                raise RecordError('case %r: no such font file %s' % (c['id'], p))
            stack.append(p)
    ws = c.get('white_space') or 'normal'
    if ws not in WHITE_SPACES:
        raise RecordError('case %r: white_space must be one of %s' % (c['id'], ', '.join(WHITE_SPACES)))
    d = c.get('direction') or c.get('dir') or 'ltr'
    if d not in ('ltr', 'rtl', 'auto'):
        raise RecordError('case %r: direction must be ltr, rtl or auto' % c['id'])
    out = {
        'id': c['id'], 'category': c['category'], 'text': c['text'],
        'stack': stack, 'families': families, 'font_size': c['font_size'],
        'line_height': c.get('line_height'), 'width': c['width'],
        'white_space': ws, 'letter_spacing': c.get('letter_spacing') or 0,
        'dir': d, 'extended': extended,
    }
    if extended:
        out.update(case_options.normalize(c, index, RecordError))
    out['runs'] = normalize_runs(c, fonts_dir, index)
    if 'attachments' in c:  # the attachment corpus (attachments.js)
        out['attachments'] = c['attachments']
    if 'hits' in c:  # the hit corpus's own cases (hits.js)
        out['hits'] = c['hits']
    return out


WHITE_SPACES = ('normal', 'pre-wrap', 'nowrap', 'pre-line', 'pre', 'break-spaces')
RUN_STYLE_FIELDS = ('font_size', 'font_weight', 'font_style', 'letter_spacing', 'line_height',
                    'text_transform', 'word_spacing')
# A run's inline box sides (the CSS corpus's chips), CSS text for measure.js.
RUN_BOX_FIELDS = ('padding', 'border_width', 'margin')


def normalize_runs(c, fonts_dir, index):
    """The case's runs (the runs corpus, make_run_cases.py) as spans for
    measure.js: UTF-16 offsets a, b; the stack as font files ("stack") or
    family names ("families"); style fields absent = inherited. Runs must be
    sorted, disjoint, non-empty and inside the text."""
    runs = c.get('runs') or []
    if not isinstance(runs, list):
        raise RecordError('case %r: runs must be a list' % c['id'])
    u16 = [0]
    for ch in c['text']:
        u16.append(u16[-1] + (2 if ord(ch) > 0xFFFF else 1))
    out, at = [], 0
    for i, r in enumerate(runs):
        a, b = r.get('start'), r.get('end')
        if not (isinstance(a, int) and isinstance(b, int) and at <= a < b <= len(u16) - 1):
            raise RecordError('case %r: run %d [%r, %r) is empty, overlaps the previous one or '
                              'is outside the text' % (c['id'], i, a, b))
        at = b
        n = {'a': u16[a], 'b': u16[b]}
        if r.get('font_family') is not None:
            fams = r['font_family']
            if not isinstance(fams, list) or not fams or any(f not in index for f in fams):
                raise RecordError('case %r: run %d: font_family must name families in %s' % (c['id'], i, fonts_dir))
            n['families'] = fams
        elif r.get('fonts') is not None:
            paths = [os.path.join(fonts_dir, f) for f in r['fonts']]
            if not paths or any(not os.path.isfile(p) for p in paths):
                raise RecordError('case %r: run %d: a font file is missing' % (c['id'], i))
            n['stack'] = paths
        for k in RUN_STYLE_FIELDS:
            if k in r:
                n[k] = r[k]
        for k in RUN_BOX_FIELDS:
            if r.get(k) is not None:
                def err(msg, i=i):
                    return RecordError('case %r: run %d: %s' % (c['id'], i, msg))
                n[k] = case_options.css_length_list(r[k], k, err, negative=(k == 'margin'))
        if n.get('text_transform', 'none') not in case_options.TEXT_TRANSFORMS:
            raise RecordError('case %r: run %d: text_transform must be one of %s'
                              % (c['id'], i, case_options.TEXT_TRANSFORMS))
        if 'word_spacing' in n and not case_options.is_number(n['word_spacing']):
            raise RecordError('case %r: run %d: word_spacing must be a number (px)' % (c['id'], i))
        if n.get('font_style', 'normal') not in ('normal', 'italic'):
            raise RecordError('case %r: run %d: font_style must be normal or italic' % (c['id'], i))
        out.append(n)
    return out


def case_stacks(c):
    """The case's font stacks, the block's and its runs': (files, families)."""
    yield c['stack'], c['families'] or []
    for r in c['runs']:
        yield r.get('stack', []), r.get('families', [])


JS_FIELDS = ('id', 'text', 'font_size', 'line_height', 'width', 'white_space',
             'letter_spacing', 'dir', 'extended', 'font_weight', 'font_style', 'word_break',
             'align', 'max_lines', 'line_height_multiple', 'nowrap_ellipsis', 'ellipsis_text',
             'lang', 'line_break', 'text_wrap', 'attachments',
             'font_stretch', 'font_variation_settings', 'font_optical_sizing',
             'overflow_wrap', 'text_transform', 'word_spacing', 'text_indent', 'text_align_last',
             'text_box_trim', 'text_box_edge')


def build_page(cases, families, generic, fam_css=None, index=None, script=MEASURE_JS, scale=1):
    """families: {absolute font path: CSS family name};
    fam_css: {family name: CSS family name} (font_family cases);
    script: the page script that measures (measure.js, or hits.js for
    record_hits.py); scale: the device pixel ratio the page must run at
    (ORACLE_DPR: page_runner.js checks it, measure.js rounds line boxes
    to its device pixels)."""
    fam_css = fam_css or {}
    faces = ['@font-face { font-family: "%s"; src: url("%s"); }' % (fam, font_url(f))
             for f, fam in families.items()]
    rules, loads = fam_index.font_face_rules(fam_css, index, font_url) if fam_css else ([], [])
    def css_family(stack, fams):
        names = ['"%s"' % fam_css[f] for f in fams] if fams else ['"%s"' % families[f] for f in stack]
        if generic:
            names.append(generic)
        return ', '.join(names)

    js_cases = []
    for c in cases:
        js = {k: c[k] for k in JS_FIELDS if k in c}
        js['css_family'] = css_family(c['stack'], c['families'])
        if c['runs']:
            js['runs'] = []
            for r in c['runs']:
                jr = {k: v for k, v in r.items() if k not in ('stack', 'families')}
                if 'stack' in r or 'families' in r:
                    jr['css_family'] = css_family(r.get('stack', []), r.get('families'))
                js['runs'].append(jr)
        js_cases.append(js)
    data = json.dumps(js_cases, ensure_ascii=True).replace('</', '<\\/')
    fams = json.dumps(list(families.values()))
    with open(TRUNCATION_JS, encoding='utf-8') as fh:
        truncation = fh.read()
    with open(CASE_STYLE_JS, encoding='utf-8') as fh:
        case_style = fh.read()
    with open(script, encoding='utf-8') as fh:
        measure = fh.read()
    with open(PAGE_RUNNER_JS, encoding='utf-8') as fh:  # the case loop and the result envelope
        measure = fh.read() + '\n' + measure
    return ('<!DOCTYPE html>\n<html><head><meta charset="utf-8">\n'
            '<style>\n' + '\n'.join(faces + rules) + '\nhtml,body{margin:0;padding:0}\n'
            '#oracle-host{position:relative}\n</style></head>\n'
            '<body><div id="oracle-host"></div><pre id="oracle-result"></pre>\n'
            '<script>\nconst ORACLE_CASES = ' + data + ';\n'
            'const ORACLE_FAMS = ' + fams + ';\n'
            'const ORACLE_LOADS = ' + json.dumps(loads) + ';\n'
            'const ORACLE_DPR = ' + json.dumps(scale) + ';\n</script>\n'
            '<script>\n' + truncation + '\n</script>\n'
            '<script>\n' + case_style + '\n</script>\n'
            '<script>\n' + measure + '\n</script>\n</body></html>\n')


def run_batch(cases, families, budget_ms, generic, keep_dir=None, fam_css=None, index=None, script=MEASURE_JS,
              scale=1):
    """Measures one batch in one Chromium process at device pixel ratio
    `scale`; returns {id: result}."""
    first = cases[0]['id']
    tmp = tempfile.mkdtemp(prefix='typeset-record-')
    try:
        page = os.path.join(tmp, 'page.html')
        with open(page, 'w', encoding='utf-8') as fh:
            fh.write(build_page(cases, families, generic, fam_css, index, script, scale))
        if keep_dir:
            shutil.copy(page, os.path.join(keep_dir, 'page-%s.html' % first))
        cmd = [CHROMIUM] + chrome_flags(scale) + [
            '--user-data-dir=' + os.path.join(tmp, 'profile'),
            '--virtual-time-budget=%d' % budget_ms,
            '--dump-dom', 'file://' + page]
        try:
            proc = subprocess.run(cmd, capture_output=True, timeout=1800)
        except subprocess.TimeoutExpired:
            raise RecordError('batch starting at %s: chromium timed out' % first)
        dom = proc.stdout.decode('utf-8', 'replace')
        m = RESULT_RE.search(dom)
        if not m or not m.group(1).strip():
            raise RecordError('batch starting at %s: no result in page (exit %d): %s' % (
                first, proc.returncode, proc.stderr.decode('utf-8', 'replace')[-2000:]))
        out = json.loads(html.unescape(m.group(1)))
        if 'fatal' in out:
            raise RecordError('batch starting at %s: page failed: %s' % (first, out['fatal']))
        names = {fam: os.path.relpath(f, ROOT) for f, fam in families.items()}
        names.update((css, fam) for fam, css in (fam_css or {}).items())
        for face in out['fonts']:
            if face['status'] != 'loaded':
                raise RecordError('batch starting at %s: a face of %s did not load (status %r)'
                                  % (first, names.get(face['family'].strip('"'), face['family']), face['status']))
        loaded = {f['family'].strip('"') for f in out['fonts']}
        for fam, what in names.items():
            if fam not in loaded:
                raise RecordError('batch starting at %s: font %s is not on the page' % (first, what))
        if out['device_pixel_ratio'] != scale:
            raise RecordError('devicePixelRatio is %r, expected %s' % (out['device_pixel_ratio'], scale_text(scale)))
        if out['errors']:
            e = out['errors'][0]
            raise RecordError('case %s: measurement error: %s' % (e['id'], e['error']))
        return {r['id']: r for r in out['results']}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def run_script(cases, script, batch=50, jobs=2, label='record', scale=1):
    """Lays `cases` (main-corpus fields) out in Chromium at device pixel
    ratio `scale` with another page script than measure.js (hits.js,
    attachments.js) and returns {id: its result}; raises RecordError as
    run_batch does."""
    index = fam_index.scan_fonts_dir(FONTS_DIR)
    cases = [normalize_case(c, FONTS_DIR, index) for c in cases]
    families = {}
    for c in cases:
        for f in (f for stack, _ in case_stacks(c) for f in stack):
            families.setdefault(f, 'tsf-%d' % len(families))
    # Cases that name font_family (options fields) get one CSS family per
    # family, as in main().
    fam_css = {}
    for c in cases:
        for f in (f for _, fams in case_stacks(c) for f in fams):
            fam_css.setdefault(f, 'tsf-fam-%d' % len(fam_css))
    batches = [cases[i:i + batch] for i in range(0, len(cases), batch)]
    results = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        futs = []
        for b in batches:
            used = {f for c in b for stack, _ in case_stacks(c) for f in stack}
            fams = {f: fam for f, fam in families.items() if f in used}
            used_fams = {f for c in b for _, fs in case_stacks(c) for f in fs}
            fcss = {f: css for f, css in fam_css.items() if f in used_fams}
            futs.append(ex.submit(run_batch, b, fams, 60000, '', None, fcss, index, script, scale))
        for b, fut in zip(batches, futs):
            res = fut.result()
            for c in b:
                if c['id'] not in res:
                    raise RecordError('case %s: no result' % c['id'])
                results[c['id']] = res[c['id']]
            sys.stderr.write('\r%s: %d/%d cases' % (label, len(results), len(cases)))
    sys.stderr.write('\n')
    return results


def write_rows(cases, results, fields, out, version):
    """Writes one JSON line per case: id, category, the Chromium version and
    `fields` of its result (run_script recorders)."""
    os.makedirs(os.path.dirname(out) or '.', exist_ok=True)
    with open(out, 'w', encoding='utf-8', newline='\n') as fh:
        for c in cases:
            r = results[c['id']]
            row = collections.OrderedDict([('id', c['id']), ('category', c['category']), ('chromium', version)])
            for k in fields:
                row[k] = r[k]
            fh.write(json.dumps(row, ensure_ascii=False) + '\n')


def check_result(c, r):
    """Self-checks of one case; raises RecordError naming the case."""
    fails = []
    if not r.get('check_probe_height'):
        fails.append('probe height != line_count x 1000px')
    if not r.get('check_rects_in_lines'):
        fails.append('a code point has a glyph rect outside its line')
    if not r.get('check_real_layout_same_lines'):
        fails.append('real layout grouped into different lines than the probe (starts %s vs %s)'
                     % (r.get('real_starts'), [l['start'] for l in r['lines']]))
    fixed = c['line_height'] is not None or c.get('line_height_multiple')
    # text-box-trim takes the first line's top and the last line's bottom
    # off the box: its height is no longer lines x line_height.
    trimmed = c.get('text_box_trim') not in (None, 'none')
    if fixed and not trimmed and not r.get('check_height_eq_lines_x_lh'):
        fails.append('height %r %s %d lines x line_height %r (rounded to 1/64 device px)'
                     % (r['height'], '<' if c['runs'] else '!=', r['line_count'],
                        c['line_height'] or c.get('line_height_multiple')))
    lines = r['lines']
    if len(lines) != r['line_count']:
        fails.append('line_count disagrees with lines')
    if lines:
        # A truncated text's lines partition a prefix: the cut line ends
        # where its visible text ends (it may show nothing but the ellipsis).
        body = lines[:-1] if r.get('truncated') else lines
        ok = lines[0]['start'] == 0 and all(
            a['end'] == b['start'] for a, b in zip(lines, lines[1:])) and all(
            l['start'] < l['end'] for l in body)
        if r.get('truncated'):
            ok = ok and lines[-1]['start'] <= lines[-1]['end'] <= r['code_points']
        else:
            ok = ok and lines[-1]['end'] == r['code_points']
        if not ok:
            fails.append('lines do not partition the text')
    if fails:
        raise RecordError('case %s: self-check failed: %s' % (c['id'], '; '.join(fails)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--cases', default=os.path.join(CORPUS, 'cases.jsonl'))
    ap.add_argument('--out', default=os.path.join(CORPUS, 'expected.jsonl'))
    ap.add_argument('--batch', type=int, default=200, help='cases per page (default 200)')
    ap.add_argument('--jobs', type=int, default=2, help='chromium processes at once (default 2)')
    ap.add_argument('--budget-ms', type=int, default=60000,
                    help='--virtual-time-budget for each page (default 60000)')
    ap.add_argument('--generic', default='',
                    help='generic family appended to each font-family list '
                         '(default none: the stacks cover every character)')
    ap.add_argument('--fonts-dir', default=FONTS_DIR,
                    help='where the cases\' font file names are (default fonts/)')
    ap.add_argument('--font-faces', metavar='FILE.css',
                    help='the @font-face rules that the cases\' font_family names (the fonts corpus: '
                         'corpus/fonts/faces.css), written on the page as the file declares them '
                         'instead of one rule per file of --fonts-dir')
    ap.add_argument('--only', metavar='REGEX',
                    help='record only the cases whose id matches (debugging)')
    ap.add_argument('--full', action='store_true',
                    help='also write text, x, width_with_trailing_ws per line '
                         'and natural_width_text, code_points per case')
    ap.add_argument('--keep-pages', metavar='DIR',
                    help='copy each generated page here (debugging)')
    ap.add_argument('--scale', type=float, default=1,
                    help='device pixel ratio to lay out at (--force-device-scale-factor; default 1); '
                         'answers stay in CSS px')
    args = ap.parse_args()

    t0 = time.time()
    try:
        scale = check_scale(args.scale)
        want_canary = canary_width(scale)
        if args.font_faces:
            index = fam_index.css_index(args.font_faces, font_url)
            for faces in index.values():
                for face in faces:
                    if not os.path.isfile(face['path']):
                        raise RecordError('%s: no such font file %s (scripts/fetch-test-fonts fetches it)'
                                          % (args.font_faces, face['path']))
        else:
            index = fam_index.scan_fonts_dir(args.fonts_dir)
        with open(args.cases, encoding='utf-8') as fh:
            cases = [normalize_case(json.loads(l), args.fonts_dir, index) for l in fh if l.strip()]
        if args.only:
            rx = re.compile(args.only)
            cases = [c for c in cases if rx.search(c['id'])]
        if not cases:
            raise RecordError('no cases')
        ids = [c['id'] for c in cases]
        if len(set(ids)) != len(ids) or CANARY_ID in ids:
            raise RecordError('duplicate case ids')
        version = chromium_version()
        canary = normalize_case(CANARY, args.fonts_dir)

        # One CSS family per font file, named by the file's position in the
        # first case that uses it (same names in every batch).
        families = {}
        for c in cases + [canary]:
            for f in (f for stack, _ in case_stacks(c) for f in stack):
                if f not in families:
                    families[f] = 'tsf-%d' % len(families)
        # And one per family that font_family cases name, its files being
        # that family's @font-face rules.
        fam_css = {}
        for c in cases:
            for f in (f for _, fams in case_stacks(c) for f in fams):
                fam_css.setdefault(f, 'tsf-fam-%d' % len(fam_css))
        jobs = []
        for i in range(0, len(cases), args.batch):
            b = cases[i:i + args.batch] + [canary]
            used = {f for c in b for stack, _ in case_stacks(c) for f in stack}
            used_fams = {f for c in b for _, fams in case_stacks(c) for f in fams}
            jobs.append((b, {f: fam for f, fam in families.items() if f in used},
                         {f: css for f, css in fam_css.items() if f in used_fams}))

        results = {}
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
            futs = [ex.submit(run_batch, b, fams, args.budget_ms, args.generic,
                              args.keep_pages, fcss, index, MEASURE_JS, scale) for b, fams, fcss in jobs]
            for k, fut in enumerate(futs):
                res = fut.result()
                cr = res.get(CANARY_ID)
                if cr is None or abs(cr['natural_width'] - want_canary) > 1e-6:
                    raise RecordError(
                        'canary failed in batch starting at %s: Noto Sans 13px '
                        '"iiiiiiiiii" is %r px wide, expected %r (fractional advances; '
                        'see corpus/README.md, Environment)'
                        % (jobs[k][0][0]['id'], cr and cr['natural_width'], want_canary))
                for c in jobs[k][0]:
                    if c['id'] == CANARY_ID:
                        continue
                    r = res.get(c['id'])
                    if r is None:
                        raise RecordError('case %s: no result' % c['id'])
                    check_result(c, r)
                    results[c['id']] = r
                sys.stderr.write('\rrecord: %d/%d cases' % (len(results), len(cases)))
        sys.stderr.write('\n')
    except RecordError as e:
        sys.stderr.write('\nrecord: FAILED: %s\n' % e)
        return 1

    tmp = args.out + '.tmp'
    per_cat = collections.OrderedDict()
    with open(tmp, 'w', encoding='utf-8', newline='\n') as fh:
        for c in cases:
            r = results[c['id']]
            fields = OPTION_LINE_FIELDS if c['extended'] else BASIC_LINE_FIELDS
            if args.full:
                lines = r['lines']
            else:
                lines = [{k: l[k] for k in fields} for l in r['lines']]
            row = collections.OrderedDict([
                ('id', c['id']), ('category', c['category']), ('chromium', version),
                ('height', r['height']), ('line_count', r['line_count']),
                ('lines', lines), ('natural_width', r['natural_width']),
                ('min_content_width', r['min_content_width']),
            ])
            if c['extended']:
                row['truncated'] = r.get('truncated', False)
                if r.get('ellipsis'):
                    e = r['ellipsis']
                    row['ellipsis'] = collections.OrderedDict(
                        [(k, e[k]) for k in ELLIPSIS_FIELDS] + ([(k, e[k]) for k in ('method', 'extra_rects')] if args.full else []))
            if args.full:
                row['natural_width_text'] = r['natural_width_text']
                row['code_points'] = r['code_points']
            fh.write(json.dumps(row, ensure_ascii=False) + '\n')
            s = per_cat.setdefault(c['category'], [0, 0, 0])
            s[0] += 1
            s[1] += r['line_count']
            s[2] = max(s[2], r['line_count'])
    os.replace(tmp, args.out)

    dt = time.time() - t0
    sys.stderr.write('record: %s%s\n' % (version, '' if scale == 1 else ', device pixel ratio %s' % scale_text(scale)))
    sys.stderr.write('%-18s %6s %9s %9s\n' % ('category', 'cases', 'avg lines', 'max lines'))
    for cat, (n, tot, mx) in per_cat.items():
        sys.stderr.write('%-18s %6d %9.2f %9d\n' % (cat, n, tot / n, mx))
    sys.stderr.write('%-18s %6d   -> %s in %.1f s (%d batches, %d jobs)\n' % (
        'total', len(cases), os.path.relpath(args.out), dt, len(jobs), args.jobs))
    return 0


if __name__ == '__main__':
    sys.exit(main())
