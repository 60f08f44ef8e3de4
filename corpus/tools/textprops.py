#!/usr/bin/env python3
"""The text-properties set: text-transform, word-spacing, text-indent and
text-align-last, recorded in headless Chromium with the bundled fonts.

    python3 corpus/tools/textprops.py make              # corpus/textprops/cases.jsonl
    python3 corpus/tools/textprops.py record [--scale S] # corpus/textprops/expected@Sx.jsonl

Cases are batch-protocol requests (docs/Protocol.md; offsets in UTF-16
units) with an "id" and a "category"; a case with "hits": true also records
where Chromium's caretPositionFromPoint puts the caret at points along each
line (x in px, y the line's middle). Each expected row has, per line, the
UTF-16 range in the source text (a line owns the spaces it ends with), the
x and width of its non-space characters' rects (the x-extent, as the options
corpus measures lines), the max-content and min-content widths, and the
hits: [x, y, source offset]. Chromium's version is in every row.
"""
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
OUT = os.path.join(ROOT, 'corpus', 'textprops')
FONTS = os.path.join(ROOT, 'fonts')
CHROMIUM = shutil.which('chromium') or shutil.which('chromium-browser') or 'chromium'

FACES = [
    ('Noto Sans', 'NotoSans-Regular.ttf', 400, 'normal'),
    ('Noto Sans', 'NotoSans-Bold.ttf', 700, 'normal'),
    ('Noto Sans Arabic', 'NotoSansArabic-Regular.ttf', 400, 'normal'),
    ('Noto Sans Hebrew', 'NotoSansHebrew-Regular.ttf', 400, 'normal'),
    ('Noto Sans CJK JP', 'NotoSansCJKjp-Regular.otf', 400, 'normal'),
]

EN = 'The quick brown fox jumps over the lazy dog while Straße and ŉ wait'
DE = 'Die Straße am Fluß heißt Maßstab für große Gäste'
TR = 'İstanbul ve Iğdır ile ılık bir istasyon'
EL = 'Ελληνικά άι ΌΣΟΣ ΣΑΣ Ωραία ΐ και οδός'
NL = 'ijsland en het ijzeren IJsselmeer'
MIX = 'ﬁne ﬂow ﬃx — ǆungla ǈ ǰa straße ŉ'
CAP = "hello world-wide don't e.g. end.next 3rd a_b «élan» (paren) x.y"
LONG = ('aa bb cc dd ee ff gg hh ii jj kk ll mm nn oo pp qq rr ss tt uu vv ww xx yy zz '
        'one two three four five six seven eight nine ten')
PARAS = 'First line of text\nsecond paragraph runs on for a while here\nthird'
AR = 'مرحبا بالعالم هذا نص عربي طويل للتجربة'
HE = 'שלום עולם זה טקסט עברי ארוך לבדיקה'
CJK = '日本語の文章は句読点で区切られます。漢字とかなが混ざります。'


def cases():
    out = []

    def add(category, text, width, hits=False, **fields):
        c = {'id': '%s-%03d' % (category, len([x for x in out if x['category'] == category])),
             'category': category, 'text': text, 'font_family': ['Noto Sans'], 'font_size': 16,
             'width': width}
        c.update(fields)
        if hits:
            c['hits'] = True
        out.append(c)

    # text-transform: each value, language-aware, at widths that wrap.
    for t, lang in [('uppercase', None), ('uppercase', 'de'), ('uppercase', 'tr'), ('uppercase', 'el'),
                    ('lowercase', None), ('lowercase', 'tr'), ('capitalize', None), ('capitalize', 'nl'),
                    ('full-width', None)]:
        for text in [EN, DE, TR, EL, NL, MIX, CAP]:
            for w in (120, 230):
                f = {'text_transform': t}
                if lang:
                    f['lang'] = lang
                add('transform', text, w, hits=(w == 120 and text in (DE, MIX, TR)), **f)
    # Transforms with break-all (no break inside ß → SS) and a narrow box.
    for t in ('uppercase', 'capitalize'):
        add('transform-narrow', 'straßestraßeßßß ŉŉŉŉ ﬁﬁﬁﬁ', 40, hits=True, text_transform=t)
        add('transform-narrow', 'straßestraßeßßß ŉŉŉŉ ﬁﬁﬁﬁ', 40, hits=True, text_transform=t, word_break='break-all')
    # Span-level transforms (offsets in UTF-16 units of the source).
    add('transform-runs', 'weiß und straße heißt groß', 150, hits=True,
        runs=[{'start': 0, 'end': 4, 'text_transform': 'uppercase'},
              {'start': 9, 'end': 15, 'text_transform': 'uppercase'}])
    add('transform-runs', 'foo bar.baz qux-quux', 300,
        runs=[{'start': 4, 'end': 11, 'text_transform': 'capitalize'}])
    add('transform-runs', 'foobar straße', 300, text_transform='capitalize',
        runs=[{'start': 3, 'end': 6, 'font_weight': 700}])
    add('transform-runs', 'MIXED Case İI', 300, lang='tr',
        runs=[{'start': 0, 'end': 5, 'text_transform': 'lowercase'},
              {'start': 11, 'end': 13, 'text_transform': 'lowercase'}])
    # word-spacing: values, with justify, pre-wrap tabs, no-break spaces, spans.
    for ws in (4, 10, -2):
        for text in [LONG, EN, 'a\u00a0b\u00a0c d\u3000e\u2002f g']:
            for align in ('start', 'justify'):
                add('word-spacing', text, 200, word_spacing=ws, align=align)
    add('word-spacing', 'a\tbb\tccc dd', 300, word_spacing=6, white_space='pre-wrap')
    add('word-spacing', 'aa bb cc dd ee ff gg', 300, hits=True,
        runs=[{'start': 3, 'end': 9, 'word_spacing': 12}])
    add('word-spacing', AR, 160, word_spacing=8, direction='rtl', font_family=['Noto Sans Arabic', 'Noto Sans'])
    add('word-spacing', CJK, 160, word_spacing=8, font_family=['Noto Sans CJK JP'])
    # text-indent: lengths, each-line, hanging, with alignment, rtl, clamps.
    for ind in (24, '-12px', '10%', '2em', '30px each-line', '30px hanging', '20px hanging each-line', 150):
        for ws, text in (('normal', LONG), ('pre-wrap', PARAS), ('pre-wrap', 'one\n\ntwo three four five six seven')):
            for align in ('start', 'center', 'right', 'justify'):
                add('text-indent', text, 180, text_indent=ind, white_space=ws, align=align)
    for ind in (24, '30px hanging', '10%'):
        add('text-indent', AR, 160, text_indent=ind, direction='rtl', font_family=['Noto Sans Arabic', 'Noto Sans'])
        add('text-indent', HE, 160, text_indent=ind, direction='rtl', align='justify',
            font_family=['Noto Sans Hebrew', 'Noto Sans'])
        add('text-indent', LONG, 170, text_indent=ind, max_lines=3)
        add('text-indent', LONG, 170, text_indent=ind, white_space='nowrap')
    # text-align-last: every value, with justify and forced breaks, rtl.
    for last in ('auto', 'start', 'end', 'left', 'right', 'center', 'justify'):
        for align in ('start', 'justify', 'center'):
            add('align-last', LONG, 190, text_align_last=last, align=align)
            add('align-last', PARAS, 190, text_align_last=last, align=align, white_space='pre-wrap')
        add('align-last', HE, 150, text_align_last=last, direction='rtl', font_family=['Noto Sans Hebrew', 'Noto Sans'])
        add('align-last', CJK, 170, text_align_last=last, font_family=['Noto Sans CJK JP'])
        add('align-last', 'oneword', 190, text_align_last=last)
    # Together.
    add('together', DE + ' ' + LONG, 200, hits=True, text_transform='uppercase', word_spacing=3,
        text_indent='1em each-line', text_align_last='center', align='justify')
    add('together', PARAS, 200, text_transform='capitalize', word_spacing=5, text_indent='-10px hanging',
        text_align_last='right', white_space='pre-wrap')
    return out


def make():
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, 'cases.jsonl'), 'w') as f:
        for c in cases():
            f.write(json.dumps(c, ensure_ascii=False) + '\n')
    print('%d cases' % len(cases()))


PAGE_SCRIPT = r'''
const CASES = __CASES__;
function styleBox(d, c) {
  const s = d.style;
  s.position = 'absolute'; s.left = '0px'; s.top = '0px'; s.margin = '0'; s.padding = '0'; s.border = '0';
  s.boxSizing = 'content-box'; s.fontFamily = c.font_family.map(f => '"' + f + '"').join(', ');
  s.fontSize = c.font_size + 'px'; s.fontWeight = String(c.font_weight || 400);
  s.whiteSpace = c.white_space || 'normal'; s.overflowWrap = 'break-word'; s.wordBreak = c.word_break || 'normal';
  s.textAlign = c.align || 'start'; s.textTransform = c.text_transform || 'none';
  s.wordSpacing = (c.word_spacing || 0) + 'px';
  s.textIndent = c.text_indent === undefined ? '0px' : (typeof c.text_indent === 'number' ? c.text_indent + 'px' : c.text_indent);
  s.textAlignLast = c.text_align_last || 'auto';
  if (c.lang) d.lang = c.lang;
  d.dir = c.direction || 'ltr';
}
// The text as spans; returns [node, source start] per text node.
function fill(d, c) {
  const nodes = [];
  let at = 0;
  const runs = (c.runs || []).slice();
  const t = c.text;
  for (const r of runs) {
    if (r.start > at) { const n = document.createTextNode(t.slice(at, r.start)); d.appendChild(n); nodes.push([n, at]); }
    const sp = document.createElement('span');
    if (r.text_transform) sp.style.textTransform = r.text_transform;
    if (r.word_spacing !== undefined) sp.style.wordSpacing = r.word_spacing + 'px';
    if (r.font_weight) sp.style.fontWeight = String(r.font_weight);
    const n = document.createTextNode(t.slice(r.start, r.end)); sp.appendChild(n); d.appendChild(sp); nodes.push([n, r.start]);
    at = r.end;
  }
  if (at < t.length) { const n = document.createTextNode(t.slice(at)); d.appendChild(n); nodes.push([n, at]); }
  return nodes;
}
function box(c, extra) {
  // Wrapped so that a capitalized box takes no context from the text before it.
  const w = document.createElement('div'); w.style.position = 'relative';
  const d = document.createElement('div'); w.appendChild(d); document.body.appendChild(w);
  styleBox(d, c); Object.assign(d.style, extra || {}); const nodes = fill(d, c); return [d, w, nodes];
}
function ch0(s, i) { return s[i]; }
function rectOf(node, i, len) {
  const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + len); return r.getClientRects();
}
function measureCase(c) {
  const row = {id: c.id};
  // Lines: a copy with 1000 px lines; every code point's rect centre gives its line.
  const [d, w, nodes] = box(c, {width: c.width + 'px', lineHeight: '1000px'});
  if (c.max_lines) { d.style.display = '-webkit-box'; d.style.webkitBoxOrient = 'vertical'; d.style.webkitLineClamp = String(c.max_lines); d.style.overflow = 'hidden'; }
  const L = new Map(), pending = [];
  for (const [n, base] of nodes) {
    const s = n.data;
    for (let i = 0; i < s.length; ) {
      const cp = s.codePointAt(i), len = cp > 0xFFFF ? 2 : 1;
      const rs = rectOf(n, i, len);
      if (rs.length) {
        const rc = rs[0];
        const k = Math.floor((rc.top + rc.height / 2) / 1000);
        // (A collapsed space at a span's edge can report an empty rect on the next line: it starts none.)
        if (!L.has(k) && !(ch0(s, i) === ' ' && rc.width === 0)) L.set(k, {start: base + i, left: Infinity, right: -Infinity});
        if (!L.has(k)) { i += len; continue; }
        const line = L.get(k);
        const ch = s.slice(i, i + len);
        if (!/^[ \t\n\u00a0]$/.test(ch) && rc.width > 0) {
          // Each rect counts on its own line (a character a break splits, "ß" as "S|S", has one on each).
          for (const r of rs) {
            pending.push([Math.floor((r.top + r.height / 2) / 1000), r.left, r.right]);
          }
        }
      }
      i += len;
    }
  }
  for (const [kr, l, r] of pending) {
    const lr = L.get(kr); if (!lr) continue;
    lr.left = Math.min(lr.left, l); lr.right = Math.max(lr.right, r);
  }
  const keys = [...L.keys()].sort((a, b) => a - b);
  const shown = c.max_lines ? keys.slice(0, c.max_lines) : keys;
  row.lines = shown.map((k, j) => {
    const l = L.get(k);
    const end = j + 1 < keys.length ? L.get(keys[j + 1]).start : c.text.length;
    return {start: l.start, end: end, x: l.left === Infinity ? 0 : l.left, width: l.left === Infinity ? 0 : l.right - l.left};
  });
  row.line_count = row.lines.length;
  w.remove();
  // Intrinsic widths.
  for (const [name, v] of [['natural_width', 'max-content'], ['min_content_width', 'min-content']]) {
    const [d2, w2] = box(c, {width: v});
    row[name] = d2.getBoundingClientRect().width; w2.remove();
  }
  // Hits along each line of the real box.
  if (c.hits) {
    const [d3, w3, nodes3] = box(c, {width: c.width + 'px'});
    const where = new Map(nodes3.map(([n, b]) => [n, b]));
    const origin = d3.getBoundingClientRect();
    const lines = new Map();
    for (const [n, base] of nodes3) for (let i = 0; i < n.data.length; i++) {
      const rs = rectOf(n, i, 1); if (!rs.length || rs[0].width === 0) continue;
      const y = Math.round((rs[0].top + rs[0].bottom) / 2);
      if (!lines.has(y)) lines.set(y, [rs[0].left, rs[0].right]);
      const e = lines.get(y); e[0] = Math.min(e[0], rs[0].left); e[1] = Math.max(e[1], rs[0].right);
    }
    row.hits = [];
    for (const [y, [l, r]] of lines) {
      for (let x = Math.floor(l) - 2; x <= Math.ceil(r) + 2; x += 3) {
        const p = document.caretPositionFromPoint(x + 0.5, y);
        if (!p || !where.has(p.offsetNode)) continue;
        row.hits.push([x + 0.5 - origin.left, y - origin.top, where.get(p.offsetNode) + p.offset]);
      }
    }
    w3.remove();
  }
  return row;
}
(async () => {
  for (const f of document.fonts) await f.load();
  await document.fonts.ready;
  const bad = [...document.fonts].filter(f => f.status !== 'loaded');
  const out = {dpr: window.devicePixelRatio, rows: []};
  if (bad.length) out.error = 'fonts not loaded: ' + bad.map(f => f.family).join(', ');
  else for (const c of CASES) out.rows.push(measureCase(c));
  document.getElementById('out').textContent = JSON.stringify(out);
})();
'''


def record(scale):
    with open(os.path.join(OUT, 'cases.jsonl')) as f:
        cs = [json.loads(l) for l in f if l.strip()]
    version = subprocess.run([CHROMIUM, '--version'], capture_output=True, text=True).stdout.strip()
    faces = '\n'.join('@font-face{font-family:"%s";src:url("file://%s");font-weight:%d;font-style:%s}'
                      % (fam, os.path.join(FONTS, file), wt, st) for fam, file, wt, st in FACES)
    with tempfile.TemporaryDirectory() as tmp:
        page = os.path.join(tmp, 'page.html')
        with open(page, 'w') as f:
            f.write('<!doctype html><html><head><meta charset="utf-8"><style>%s body{margin:0}</style></head>'
                    '<body><pre id="out"></pre><script>%s</script></body></html>'
                    % (faces, PAGE_SCRIPT.replace('__CASES__', json.dumps(cs))))
        args = [CHROMIUM, '--headless=new', '--disable-gpu', '--no-sandbox', '--hide-scrollbars',
                '--force-device-scale-factor=%s' % scale, '--window-size=1600,1200',
                '--user-data-dir=' + os.path.join(tmp, 'profile'), '--virtual-time-budget=120000',
                '--dump-dom', 'file://' + page]
        dom = subprocess.run(args, capture_output=True, text=True, timeout=900).stdout
    m = re.search(r'<pre id="out">(.*?)</pre>', dom, re.S)
    if not m:
        sys.exit('no answer from Chromium')
    data = json.loads(html.unescape(m.group(1)))
    if data.get('error'):
        sys.exit(data['error'])
    if abs(data['dpr'] - scale) > 1e-9:
        sys.exit('devicePixelRatio %s, not %s' % (data['dpr'], scale))
    name = 'expected@%sx.jsonl' % (int(scale) if scale == int(scale) else scale)
    with open(os.path.join(OUT, name), 'w') as f:
        for row in data['rows']:
            row['chromium'] = version
            f.write(json.dumps(row, ensure_ascii=False) + '\n')
    print('%d rows -> %s' % (len(data['rows']), name))


if __name__ == '__main__':
    if len(sys.argv) > 1 and sys.argv[1] == 'make':
        make()
    elif len(sys.argv) > 1 and sys.argv[1] == 'record':
        s = float(sys.argv[3]) if len(sys.argv) > 3 and sys.argv[2] == '--scale' else 1.0
        record(s)
    else:
        sys.exit(__doc__)
