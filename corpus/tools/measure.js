// Runs inside headless Chromium. record.py inlines this file into each batch
// page, after a <script> that defines:
//   ORACLE_CASES : [{id, text, css_family, font_size, line_height, width,
//                    white_space, letter_spacing, dir}, ...]
//                  (css_family: the CSS font-family list, e.g.
//                   '"tsf-0", "tsf-1", ..., "tsf-6"')
//   ORACLE_FAMS  : ["tsf-0", ...]  (@font-face families on the page)
//   ORACLE_LOADS : ["italic 700 16px \"tsf-fam-0\"", ...]  (options corpus:
//                  one CSS font shorthand per @font-face of a family)
//   ORACLE_DPR   : the device pixel ratio the page runs at (record.py --scale)
//   A case may also carry runs (the runs corpus): spans [{a, b (UTF-16
//   offsets), css_family, font_size, font_weight, font_style,
//   letter_spacing, line_height}], each style field optional (absent:
//   inherited from the block), sorted and disjoint; text outside them is in
//   the block's own style.
// When done it writes one JSON document into <pre id="oracle-result">, which
// `chromium --dump-dom` prints and record.py parses.
// The method is described in corpus/README.md (How the recorder measures).
//
// How lines are found:
//   1. Lay out a <div> with the case's width and styles; the text is one
//      text node, or with runs, text nodes and <span>s (one per run).
//   2. For every code point, Range(cp).getClientRects() gives the box of the
//      text fragment that holds it; its vertical centre says which line box
//      it sits on. To make that unambiguous the lines are read from a
//      "probe" copy of the div with line-height:1000px (line breaking does
//      not depend on line-height), where line k holds y in [1000k, 1000k+1000).
//      Spans get line-height 0 in the probe: their boxes then lie inside the
//      1000px strut, so every probe line is still exactly 1000px tall.
//      Walking the code points in logical order, a new line starts at a
//      non-whitespace code point on a new line box, or right after a
//      preserved '\n' (pre-wrap forced break). Whitespace (space, tab, CR,
//      LF, FF) never starts a line: collapsed/hanging spaces belong to the
//      end of the line they follow. So lines partition the text.
//      The real layout is grouped too (new line when a centre lies > 0.5em
//      below the line's first centre) and must give the same partition.
//   3. A line's width is the x-extent (max right - min left) of the union of
//      Range.getClientRects() over the line's code points with trailing
//      whitespace removed ("width"), and with it kept, '\n' excluded
//      ("width_with_trailing_ws").
//   4. natural_width: a second <div> with width:max-content and the same
//      styles (CSS max-content inline size: the longest line when nothing
//      wraps but forced breaks).
//   5. Options-corpus cases (extended: true) also carry font_weight,
//      font_style, word_break, align, line_height_multiple, max_lines,
//      nowrap_ellipsis, ellipsis_text, lang (the lang attribute, '' for
//      none) and line_break (CSS line-break). A truncating box (a line clamp, or
//      nowrap with text-overflow: ellipsis) is laid out truncated, real and
//      probe alike; Chromium still lays out the lines after a clamp, so the
//      lines are found as above and the first max_lines kept, and the cut of
//      the last kept line is read by truncation.js (inlined before this file).

(function () {
  'use strict';
  const WS = new Set([0x20, 0x09, 0x0a, 0x0d, 0x0c]);
  const DPR = typeof ORACLE_DPR === 'undefined' ? 1 : ORACLE_DPR;
  // Chromium lays out in LayoutUnits of device pixels (1/64 device px) and
  // reports CSS px as float32: at a device pixel ratio of 3 a width of
  // 200 px can read 199.99998. Comparisons of lengths allow this much; it is
  // less than a LayoutUnit at every ratio, and at 1 (where lengths are exact
  // multiples of 1/64 px) changes no comparison.
  const TOL = 1 / 1000;

  // The case's text as pieces: [{a, b, run}] covering it in order (run null
  // for text in the block's own style).
  function pieces(c) {
    const out = [];
    let at = 0;
    for (const r of (c.runs || [])) {
      if (r.a > at) out.push({ a: at, b: r.a, run: null });
      if (r.b > r.a) out.push({ a: r.a, b: r.b, run: r });
      at = r.b;
    }
    if (at < c.text.length || out.length === 0) out.push({ a: at, b: c.text.length, run: null });
    return out;
  }

  // Code points with their piece: k (index into the div's text nodes),
  // a, b (UTF-16 offsets inside that node's text) and ga, gb (in the text).
  function codePoints(c) {
    const text = c.text;
    const ps = pieces(c);
    const cps = [];
    let k = 0;
    for (let i = 0; i < text.length;) {
      while (i >= ps[k].b) k++;
      const cp = text.codePointAt(i);
      const n = cp > 0xffff ? 2 : 1;
      cps.push({ a: i - ps[k].a, b: i + n - ps[k].a, k: k, cp: cp, ga: i, gb: i + n });
      i += n;
    }
    return cps;
  }

  function setRange(range, nodes, cps, i, j) {
    range.setStart(nodes[cps[i].k], cps[i].a);
    range.setEnd(nodes[cps[j - 1].k], cps[j - 1].b);
  }

  // The rects of code points [i, j), one range per text node (so that no
  // element box of a span is included, only text).
  function textRects(range, nodes, cps, i, j) {
    const out = [];
    while (i < j) {
      let e = i + 1;
      while (e < j && cps[e].k === cps[i].k) e++;
      setRange(range, nodes, cps, i, e);
      for (const q of range.getClientRects()) out.push(q);
      i = e;
    }
    return out;
  }

  // Line-height used for the "probe" layout. Line breaking never depends on
  // line-height, so a layout with 1000px line boxes breaks exactly like the
  // real one, but puts line k's glyphs near y = 1000k + 500: the line index of
  // a rect is simply floor((centre - top) / PROBE_LH), with no threshold to
  // tune.
  const PROBE_LH = 1000;

  function probeLine(q, top) {
    return Math.floor(((q.top + q.bottom) / 2 - top) / PROBE_LH);
  }

  // Horizontal extent of the rects with ink width (zero-width rects carry no
  // glyph), optionally only those keep(q) accepts.
  function unionX(rects, keep) {
    let l = Infinity, r = -Infinity;
    for (const q of rects) {
      if (q.width <= 0 || q.height <= 0) continue;
      if (keep && !keep(q)) continue;
      if (q.left < l) l = q.left;
      if (q.right > r) r = q.right;
    }
    return l === Infinity ? null : { left: l, right: r };
  }

  // The rect that says where a code point is drawn. A range can report more
  // than one rect: after a soft-hyphen break, the first code point of the
  // new line also reports the generated hyphen at the end of the previous
  // line (positive width, on the previous line), and a code point at a break
  // can report a zero-width rect on the other line. So: the lowest rect of
  // positive width; for zero-width characters, the first rect.
  // With text-transform a code point can become several (ß -> SS) and a
  // line break can fall between them (FUS|SGÄNGER, an overflow-wrap break):
  // such a code point belongs to the line where it starts, so with
  // firstWins the first rect of positive width is used.
  function placeRect(range, firstWins) {
    let best = null, first = null, firstInk = null;
    for (const q of range.getClientRects()) {
      if (q.height <= 0) continue;
      if (first === null) first = q;
      if (q.width > 0 && firstInk === null) firstInk = q;
      if (q.width > 0 && (best === null || q.top > best.top)) best = q;
    }
    return (firstWins ? firstInk : best) || first;
  }

  // Whether the case transforms text (the box or a run): see placeRect.
  function transforms(c) {
    return (c.text_transform && c.text_transform !== 'none') ||
      (c.runs || []).some(function (r) { return r.text_transform && r.text_transform !== 'none'; });
  }

  function rectCentre(range, firstWins) {
    const q = placeRect(range, firstWins);
    return q ? (q.top + q.bottom) / 2 : null;
  }

  // Check of a probe partition: every positive-width rect of every
  // non-whitespace code point lies on the line box of the line the code point
  // was assigned to; the one exception is the generated hyphen that the first
  // code point of a line reports when the previous line ends with U+00AD.
  function rectsInLines(nodes, cps, lines, top, splits) {
    const range = document.createRange();
    for (let k = 0; k < lines.length; k++) {
      const afterShy = k > 0 && cps[lines[k - 1].end - 1].cp === 0xad;
      for (let i = lines[k].start; i < lines[k].end; i++) {
        if (WS.has(cps[i].cp)) continue;
        setRange(range, nodes, cps, i, i + 1);
        for (const q of range.getClientRects()) {
          if (q.width <= 0 || q.height <= 0) continue;
          const j = probeLine(q, top);
          if (j === k) continue;
          if (j === k - 1 && afterShy && i === lines[k].start) continue;
          // The rest of a transformed code point split by a break (see placeRect).
          if (splits && j === k + 1 && i === lines[k].end - 1) continue;
          return false;
        }
      }
    }
    return true;
  }

  // Partition the code points into lines. sameLine(ref, cy) says whether a
  // code point whose rect centre is cy is on the line whose reference centre
  // is ref (probe: same 1000px box; real layout: not more than 0.5em lower).
  function assignLines(nodes, cps, c, sameLine) {
    const ws = c.white_space || 'normal';
    // White-space values that keep newlines: each '\n' ends its line.
    const keepsNewlines = ws === 'pre-wrap' || ws === 'pre-line' || ws === 'pre' || ws === 'break-spaces';
    // break-spaces: spaces and tabs take room at a line's end and wrap to the
    // next line like letters, so they can start a line.
    const spacesWrap = ws === 'break-spaces';
    const splits = transforms(c);
    const range = document.createRange();
    const lines = [];
    let cur = null;
    let forced = false;
    let anyInk = false;
    for (let k = 0; k < cps.length; k++) {
      const p = cps[k];
      const isWS = WS.has(p.cp) && !(spacesWrap && (p.cp === 0x20 || p.cp === 0x09));
      if (!isWS) anyInk = true;
      setRange(range, nodes, cps, k, k + 1);
      const cy = rectCentre(range, splits);
      let startNew = false;
      if (cur === null || forced) {
        startNew = true;
      } else if (!isWS && cy !== null && cur.cy !== null && !sameLine(cur.cy, cy)) {
        startNew = true;
      }
      if (startNew) {
        cur = { start: k, cy: null, cyFromWS: true };
        lines.push(cur);
        forced = false;
      }
      if (cy !== null) {
        if (cur.cy === null) { cur.cy = cy; cur.cyFromWS = isWS; }
        else if (cur.cyFromWS && !isWS) { cur.cy = cy; cur.cyFromWS = false; }
      }
      if (keepsNewlines && p.cp === 0x0a) forced = true;
    }
    // white-space:normal (and nowrap) collapse a whitespace-only text to nothing.
    if (!keepsNewlines && !anyInk) return [];
    for (let i = 0; i < lines.length; i++) {
      lines[i].end = (i + 1 < lines.length) ? lines[i + 1].start : cps.length;
    }
    return lines;
  }

  // A span's margin-box fragments on probe line k: its border-box rects
  // (getClientRects) on that line, widened by its start margin on the
  // fragment that holds its first character and by its end margin on the one
  // that holds its last (box-decoration-break: slice; start is the right side
  // in a right-to-left span). Bidi can split one span into fragments on one
  // line: "@start" in a right-to-left paragraph draws "start" on the left
  // (its end padding and margin on that fragment's left) and "@" on the right
  // (its start ones on the right), so rects are matched by characters, not
  // by their order. [{left, right, run}]
  function boxFragments(div, k, top) {
    const out = [];
    const range = document.createRange();
    // The rect (on some line) of the first or last code point of a text node.
    function endRect(t, last) {
      const text = t.data;
      if (!text.length) return null;
      let a = 0, b = text.codePointAt(0) > 0xffff ? 2 : 1;
      if (last) {
        b = text.length;
        a = b - ((b >= 2 && text.charCodeAt(b - 1) >= 0xdc00 && text.charCodeAt(b - 1) <= 0xdfff) ? 2 : 1);
      }
      range.setStart(t, a);
      range.setEnd(t, b);
      return placeRect(range, false);
    }
    function holds(q, c) {
      if (!c || probeLine(c, top) !== probeLine(q, top)) return false;
      const mid = (c.left + c.right) / 2;
      return mid >= q.left - 0.01 && mid <= q.right + 0.01;
    }
    for (const b of div.boxSpans || []) {
      const cs = getComputedStyle(b.el);
      const rtl = cs.direction === 'rtl';
      const ml = parseFloat(cs.marginLeft) || 0, mr = parseFloat(cs.marginRight) || 0;
      const t = b.el.firstChild;
      const firstRect = t ? endRect(t, false) : null, lastRect = t ? endRect(t, true) : null;
      const rects = Array.from(b.el.getClientRects()).filter(function (q) { return q.height > 0; });
      rects.forEach(function (q) {
        if (probeLine(q, top) !== k) return;
        let l = q.left, r = q.right;
        if (holds(q, firstRect)) { if (rtl) r += mr; else l -= ml; }
        if (holds(q, lastRect)) { if (rtl) l -= ml; else r += mr; }
        out.push({ left: l, right: r, run: b.run });
      });
    }
    return out;
  }

  // A line's horizontal extent: its text's (u: {left, right} or null) and
  // that of the inline boxes (chips) on it, margins included; keep(run)
  // picks the boxes that count (null: all).
  function boxExtent(u, div, k, top, keep) {
    const frags = boxFragments(div, k, top).filter(function (f) { return !keep || keep(f.run); });
    if (!frags.length) return u;
    let l = u ? u.left : Infinity, r = u ? u.right : -Infinity;
    for (const f of frags) { l = Math.min(l, f.left); r = Math.max(r, f.right); }
    return { left: l, right: r };
  }

  // The text-indent (px) of line li (lines: its probe lines), from the
  // case's CSS text ("2em hanging each-line", a number is px): the first
  // line, and with each-line every line after a kept newline, are indented;
  // hanging swaps indented and not.
  function lineIndent(c, li, lines, cps) {
    if (!c.text_indent) return 0;
    const parts = String(c.text_indent).trim().split(/\s+/);
    const m = /^(-?[0-9.]+)(px|%|em)?$/.exec(parts[0]);
    if (!m) return 0;
    const v = parseFloat(m[1]);
    const px = m[2] === '%' ? v * c.width / 100 : m[2] === 'em' ? v * c.font_size : v;
    const eachLine = parts.indexOf('each-line') >= 0, hanging = parts.indexOf('hanging') >= 0;
    let first = li === 0;
    if (!first && eachLine && lines[li - 1]) first = cps[lines[li - 1].end - 1].cp === 0x0a;
    return first !== hanging ? px : 0;
  }

  // Takes a box made by makeDiv (and its wrapper) off the page.
  function drop(host, div) {
    host.removeChild(div.wrapper || div);
  }

  // The chips on probe line li as the start edges of their first code
  // points (relative to the box's left edge): {k: {left} (ltr) or {right}
  // (rtl)}, the start side of the chip's margin box. Chromium's line
  // truncator counts a chip's start padding, border and margin as the room
  // its text needs, but not its end ones: a line whose last chip's end
  // padding would overflow with the ellipsis keeps the chip's text and draws
  // the ellipsis right after it (checked on screenshots: "#6…" in a 230 px
  // box, "@ccc…", and "Ctrl+…" where the next chip's start padding left no
  // room for its first letter).
  function chipEdges(div, li, pbox, cps) {
    const out = {};
    const frags = boxFragments(div, li, pbox.top);
    for (const b of div.boxSpans || []) {
      const mine = frags.filter(function (f) { return f.run === b.run; });
      if (!mine.length) continue;
      const l = Math.min.apply(null, mine.map(function (f) { return f.left; })) - pbox.left;
      const r = Math.max.apply(null, mine.map(function (f) { return f.right; })) - pbox.left;
      const rtl = getComputedStyle(b.el).direction === 'rtl';
      const first = cpIndex(cps, b.run.a);
      out[first] = Object.assign(out[first] || {}, rtl ? { right: r } : { left: l });
    }
    return out;
  }

  // The index of the code point that starts at UTF-16 offset u of the text.
  function cpIndex(cps, u) {
    let k = 0;
    while (k < cps.length && cps[k].ga < u) k++;
    return k;
  }

  // The box: one text node, or with runs a text node per gap and a <span>
  // (holding one text node) per run; div.textNodes lists the text nodes in
  // order (codePoints' k indexes them). Spans get the probe's line-height 0
  // when lineHeight is given (see above).
  function makeDiv(c, host, width, lineHeight, clamp) {
    const div = document.createElement('div');
    TypesetCaseStyle.styleBox(div, c, clamp);
    div.style.width = width;
    if (lineHeight !== undefined) {
      div.style.lineHeight = lineHeight;
      // The probe's lines are exactly 1000 px apart: text-box-trim (which
      // only takes the first line's top and the last line's bottom off the
      // box, never changing a line break) stays off there.
      div.style.textBoxTrim = 'none';
    }
    const nodes = [];
    const boxes = [];   // spans with padding, border or margin: [{el, run}]
    if (!c.runs || c.runs.length === 0) {
      div.textContent = c.text;
      nodes.push(div.firstChild);
    } else {
      for (const p of pieces(c)) {
        const t = document.createTextNode(c.text.slice(p.a, p.b));
        if (p.run) {
          const span = document.createElement('span');
          TypesetCaseStyle.styleSpan(span, p.run, lineHeight === undefined ? undefined : '0px');
          span.appendChild(t);
          div.appendChild(span);
          if (p.run.padding || p.run.border_width || p.run.margin) boxes.push({ el: span, run: p.run });
        } else {
          div.appendChild(t);
        }
        nodes.push(t);
      }
    }
    div.textNodes = nodes;
    div.boxSpans = boxes;
    // Each box in a static wrapper of its own: an absolutely positioned block
    // right after another one takes that sibling's last character as the
    // character before its text, so text-transform: capitalize leaves its
    // first letter alone when the sibling's text ends with a letter.
    const wrap = document.createElement('div');
    wrap.appendChild(div);
    host.appendChild(wrap);
    div.wrapper = wrap;
    return div;
  }

  function measureCase(c, host) {
    const cps = codePoints(c);
    // The largest font size in the case (rect centres of one line differ
    // by less than half of it).
    let em = c.font_size;
    for (const r of (c.runs || [])) {
      if (r.font_size !== undefined && r.font_size !== null && r.font_size > em) em = r.font_size;
    }
    const range = document.createRange();

    // 1. The real layout: height, and lines found by rect-centre threshold.
    const div = makeDiv(c, host, c.width + 'px', undefined, true);
    const box = div.getBoundingClientRect();
    const realLines = assignLines(div.textNodes, cps, c,
      function (ref, cy) { return cy <= ref + 0.5 * em; });

    // 2. The probe layout (same width, 1000px line boxes): the lines reported.
    const probe = makeDiv(c, host, c.width + 'px', PROBE_LH + 'px', true);
    const pbox = probe.getBoundingClientRect();
    const pnodes = probe.textNodes;
    const lines = assignLines(pnodes, cps, c, function (ref, cy) {
      return Math.floor((cy - pbox.top) / PROBE_LH) ===
             Math.floor((ref - pbox.top) / PROBE_LH);
    });

    // Per-line widths (horizontal layout is the same in both layouts), from
    // the rects of the line's code points that lie on the line's own box
    // (which includes a generated hyphen at its end, and excludes the
    // previous line's hyphen).
    const outLines = lines.map(function (ln, k) {
      const onLine = function (q) { return probeLine(q, pbox.top) === k; };
      let e = ln.end;
      let eNoNL = ln.end;
      while (eNoNL > ln.start && cps[eNoNL - 1].cp === 0x0a) eNoNL--;
      while (e > ln.start && WS.has(cps[e - 1].cp)) e--;
      let width = 0, x = null, widthWs = 0;
      // With text-transform the previous line's last code point may end on this line (ß -> S|S).
      const from = k > 0 && transforms(c) ? ln.start - 1 : ln.start;
      if (e > ln.start) {
        const u = boxExtent(unionX(textRects(range, pnodes, cps, from, e), onLine), probe, k, pbox.top, null);
        if (u) { width = u.right - u.left; x = u.left - pbox.left; }
      }
      if (eNoNL > ln.start) {
        const u = unionX(textRects(range, pnodes, cps, from, eNoNL), onLine);
        if (u) widthWs = u.right - u.left;
      }
      return {
        start: ln.start, end: ln.end,
        text: c.text.slice(cps[ln.start].ga, cps[ln.end - 1].gb),
        width: width, width_with_trailing_ws: widthWs, x: x,
      };
    });

    // Self-checks (all must be true), computed while the boxes are in the
    // document:
    //  probe box height is exactly line_count x 1000px;
    //  every glyph rect of a code point lies on its assigned probe line;
    //  the real layout, grouped by rect centres, gives the same partition.
    const checkProbeHeight = Math.abs(pbox.height - outLines.length * PROBE_LH) < 0.01;
    const checkRects = rectsInLines(pnodes, cps, lines, pbox.top, transforms(c));
    const checkReal = realLines.length === lines.length &&
      realLines.every(function (l, i) { return l.start === lines[i].start; });

    // 3. Natural (unwrapped) width: CSS max-content of the same box.
    const nat = makeDiv(c, host, 'max-content');
    const natW = nat.getBoundingClientRect().width;
    let natRange = 0;
    if (nat.firstChild) {
      range.selectNodeContents(nat);
      const u = unionX(range.getClientRects());
      if (u) natRange = u.right - u.left;
    }

    // 4. CSS min-content of the same box: its widest unbreakable piece.
    const minc = makeDiv(c, host, 'min-content');
    const minW = minc.getBoundingClientRect().width;

    const trunc = c.extended ? truncate(c, host, cps, outLines, probe, pbox) : null;

    drop(host, div);
    drop(host, probe);
    drop(host, nat);
    drop(host, minc);

    const res = {
      id: c.id,
      height: box.height,
      line_count: outLines.length,
      lines: outLines,
      natural_width: natW,
      min_content_width: minW,
      natural_width_text: natRange,
      code_points: cps.length,
      check_probe_height: checkProbeHeight,
      check_rects_in_lines: checkRects,
      check_real_layout_same_lines: checkReal,
    };
    // For the recorder's failure message: where the real layout's lines start.
    if (!checkReal) res.real_starts = realLines.map(function (l) { return l.start; });
    // With a fixed line-height every line box is exactly that tall, in
    // LayoutUnits (1/64 device px) per line box: px values are rounded (26.4 px ->
    // 26.40625), multiples of the font size floored (12 px x 1.2 -> 14.390625);
    // at a device pixel ratio s the line box is L x s device px so rounded,
    // then divided by s (26.4 px at 3: round(5068.8) / 192 = 26.401041).
    const lh = c.line_height_multiple ? c.line_height_multiple * c.font_size : c.line_height;
    const lineBox = lh === null || lh === undefined ? null
      : (c.line_height_multiple ? Math.floor(lh * DPR * 64 + 1e-6) : Math.round(lh * DPR * 64)) / (64 * DPR);
    if (lineBox !== null) {
      // With runs a line is at least that tall (the strut is on every line;
      // taller spans can make it taller).
      res.check_height_eq_lines_x_lh = (c.runs && c.runs.length)
        ? box.height >= outLines.length * lineBox - 0.001
        : Math.abs(box.height - outLines.length * lineBox) < 0.001;
    }
    if (trunc) {
      // The kept lines (a clamp drops the rest; Chromium still lays them out).
      res.line_count_unclamped = outLines.length;
      res.lines = trunc.lines;
      res.line_count = trunc.lines.length;
      res.truncated = !!trunc.ellipsis;
      if (trunc.ellipsis) res.ellipsis = trunc.ellipsis;
      res.check_probe_height = Math.abs(pbox.height - trunc.lines.length * PROBE_LH) < 0.01;
      if (lineBox !== null) {
        res.check_height_eq_lines_x_lh = (c.runs && c.runs.length)
          ? box.height >= trunc.lines.length * lineBox - 0.001
          : Math.abs(box.height - trunc.lines.length * lineBox) < 0.001;
      }
    }
    return res;
  }

  // The lines a truncating box keeps, and the cut of its last kept line (see
  // truncation.js): a clamp that drops lines, or a nowrap line wider than the box.
  function truncate(c, host, cps, outLines, probe, pbox) {
    const n = c.max_lines;
    let li = -1;
    if (n && outLines.length > n) li = n - 1;
    if (c.nowrap_ellipsis && outLines.length === 1 && outLines[0].width > c.width + TOL) li = 0;
    if (li < 0) return { lines: outLines, ellipsis: null };
    const kept = outLines.slice(0, li + 1).map(function (l) { return Object.assign({}, l); });
    const ref = makeDiv(c, host, c.width + 'px', PROBE_LH + 'px', false);
    // The ellipsis' own width: its text shaped alone in the line's font, one
    // unbroken line, without letter spacing.
    // (no runs, no text-indent: the ellipsis alone, in the block's font).
    const ell = makeDiv(Object.assign({}, c, { text: c.ellipsis_text, letter_spacing: 0, white_space: 'pre',
                                               runs: [], text_indent: null }),
                        host, 'max-content');
    const ew = ell.getBoundingClientRect().width;
    drop(host, ell);
    const got = TypesetTruncation.cut({
      c: c, cps: cps, lines: kept, li: li, probe: probe, pbox: pbox,
      ref: ref, rbox: ref.getBoundingClientRect(), ellipsisWidth: ew, probeLH: PROBE_LH,
      indent: lineIndent(c, li, outLines, cps),
      chipEdges: chipEdges(probe, li, pbox, cps),
    });
    drop(host, ref);
    // The cut line's extent also covers, on its start side, the chips whose
    // text stays visible (its end is the ellipsis' edge).
    if (probe.boxSpans && probe.boxSpans.length && got.line.x !== null) {
      const vis = got.ellipsis.visible;
      const shown = function (run) {
        const a = cpIndex(cps, run.a), b = cpIndex(cps, run.b);
        return vis.some(function (v) { return v[0] < b && a < v[1]; });
      };
      const left = got.line.x + pbox.left, right = left + got.line.width;
      const u = boxExtent({ left: left, right: right }, probe, li, pbox.top, shown);
      const rtl = getComputedStyle(probe).direction === 'rtl';
      const l = rtl ? left : u.left, r = rtl ? u.right : right;
      got.line.x = l - pbox.left;
      got.line.width = r - l;
      got.line.width_with_trailing_ws = got.line.width;
    }
    kept[li] = got.line;
    return { lines: kept, ellipsis: got.ellipsis };
  }

  TypesetPageRunner.run(measureCase);
})();
