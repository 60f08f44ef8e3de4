// Runs inside headless Chromium, inlined by record.py before measure.js.
// What Chromium's LineTruncator shows of the last kept line
// of a clamped box (-webkit-line-clamp) or of a single line with
// `text-overflow: ellipsis`.
//
// Chromium cuts that line at one x position, working on the line's items in
// visual order from its end edge, *before* text-align moves the line (so the
// line keeps the x of its untruncated width and the ellipsis may overflow the
// box and be clipped): every code point visually before the ellipsis stays,
// every one after it is hidden (its fragment is still laid out and reports
// rects). How the cut is found:
//  * "extra-rects": where an item was cut inside, Chromium inserts a copy of
//    the item's visible part, so each visible code point of that item reports
//    one more rect than in an unclamped copy of the box; the cut is that
//    part's end edge.
//  * "whole-line": no extra rect and the line plus the ellipsis fits: nothing
//    is hidden, the ellipsis follows the line.
//  * "fit-model": no extra rect, but whole items were hidden: the ellipsis
//    follows the last code point that fits with it.
// Positions are the clamped probe's (final, after text-align), relative to the
// box's left edge.

const TypesetTruncation = (function () {
  'use strict';
  const WS = new Set([0x20, 0x09, 0x0a, 0x0d, 0x0c]);

  // Rects (height > 0) of code point k whose centre lies on probe line li.
  function rectsOnLine(range, nodes, cps, k, top, li, probeLH) {
    const tn = nodes[cps[k].k || 0];
    range.setStart(tn, cps[k].a);
    range.setEnd(tn, cps[k].b);
    const out = [];
    for (const q of range.getClientRects()) {
      if (q.height <= 0) continue;
      if (Math.floor(((q.top + q.bottom) / 2 - top) / probeLH) === li) out.push(q);
    }
    return out;
  }

  // Logical ranges [start, end) of the code points where vis[k - from] holds.
  function ranges(vis, from) {
    const out = [];
    for (let i = 0; i < vis.length; i++) {
      if (!vis[i]) continue;
      if (out.length && out[out.length - 1][1] === from + i) out[out.length - 1][1]++;
      else out.push([from + i, from + i + 1]);
    }
    return out;
  }

  // env: {c, host, cps, lines (probe lines with start, end, x, width),
  //       li (index of the cut line), probe, pbox, ref (an untruncated copy of
  //       the probe), rbox, ellipsisWidth, probeLH, indent (the cut line's
  //       text-indent, px), chipEdges (measure.js: the margin-box edges of
  //       chips, by their first and last code points)}
  function cut(env) {
    const c = env.c, cps = env.cps, li = env.li, probeLH = env.probeLH;
    const last = env.lines[li];
    const range = document.createRange();
    // The box's text nodes (several when runs are spans; cps[k].k says whose).
    const nodes = env.probe.textNodes || [env.probe.firstChild];
    const refNodes = env.ref.textNodes || [env.ref.firstChild];
    // Room for the line's text and the ellipsis: the box less the line's text-indent.
    const room = c.width - (env.indent || 0);
    const rtlLine = (getComputedStyle(env.probe).direction === 'rtl');
    const ew = env.ellipsisWidth;
    const per = [];   // [k, left, right, extra] for code points with ink on the line
    let lineL = Infinity, lineR = -Infinity;
    let extraCount = 0;
    for (let k = last.start; k < last.end; k++) {
      const got = rectsOnLine(range, nodes, cps, k, env.pbox.top, li, probeLH);
      const want = rectsOnLine(range, refNodes, cps, k, env.rbox.top, li, probeLH);
      const extra = got.length > want.length;
      if (extra) extraCount++;
      let l = Infinity, r = -Infinity;
      for (const q of got) {
        if (q.width === 0 && WS.has(cps[k].cp)) continue;
        if (q.left < l) l = q.left;
        if (q.right > r) r = q.right;
      }
      if (l === Infinity) continue;
      l -= env.pbox.left; r -= env.pbox.left;
      // A chip's first and last code points carry its padding, border and margin.
      const chip = (env.chipEdges || {})[k];
      if (chip && chip.left !== undefined) l = Math.min(l, chip.left);
      if (chip && chip.right !== undefined) r = Math.max(r, chip.right);
      per.push([k, l, r, extra]);
      if (l < lineL) lineL = l;
      if (r > lineR) lineR = r;
    }
    let method, edge;   // edge: the ellipsis' start edge (LTR: its left; RTL: its right)
    const eps = 1 / 128;
    // Fits: within 1/1000 px, less than a LayoutUnit at every device pixel
    // ratio; the float32 CSS px Chromium reports at a ratio of 3 are off by
    // up to ~1e-5 (at 1 lengths are exact multiples of 1/64 px).
    const fitTol = 1 / 1000;
    const startEdge = rtlLine ? lineR : lineL;
    const fromStart = function (p) { return rtlLine ? startEdge - p[1] : p[2] - startEdge; };
    if (extraCount) {
      method = 'extra-rects';
      edge = rtlLine ? Infinity : -Infinity;
      for (const p of per) {
        if (p[3]) edge = rtlLine ? Math.min(edge, p[1]) : Math.max(edge, p[2]);
      }
    } else if (per.length === 0 || (!c.nowrap_ellipsis && (lineR - lineL) + ew <= room + fitTol)) {
      method = 'whole-line';
      edge = per.length === 0 ? (rtlLine ? c.width : 0) : (rtlLine ? lineL : lineR);
    } else {
      method = 'fit-model';
      edge = rtlLine ? Infinity : -Infinity;
      for (const p of per) {
        if (fromStart(p) + ew <= room + fitTol) edge = rtlLine ? Math.min(edge, p[1]) : Math.max(edge, p[2]);
      }
      if (!isFinite(edge)) edge = startEdge;
    }
    const visible = {};
    let vl = Infinity, vr = -Infinity;
    for (const p of per) {
      const mid = (p[1] + p[2]) / 2;
      if (method === 'whole-line' || (rtlLine ? mid >= edge - eps : mid <= edge + eps)) {
        visible[p[0]] = true;
        if (p[1] < vl) vl = p[1];
        if (p[2] > vr) vr = p[2];
      }
    }
    // Code points without ink of their own (collapsed spaces, joiners) go
    // with the code point before them.
    const inked = {};
    for (const p of per) inked[p[0]] = true;
    let prev = true;
    const vis = [];
    for (let k = last.start; k < last.end; k++) {
      const v = inked[k] ? !!visible[k] : prev;
      vis.push(v);
      prev = v;
    }
    let prefixEnd = last.start;
    while (prefixEnd < last.end && vis[prefixEnd - last.start]) prefixEnd++;
    let isPrefix = true;
    for (let k = prefixEnd; k < last.end; k++) if (vis[k - last.start]) isPrefix = false;
    let trimmed = prefixEnd;
    while (trimmed > last.start && WS.has(cps[trimmed - 1].cp)) trimmed--;
    const hasInk = (vl !== Infinity);
    const ellX = rtlLine ? edge - ew : edge;
    const line = Object.assign({}, last);
    line.end = trimmed;
    line.text = c.text.slice(cps[last.start].a, trimmed > last.start ? cps[trimmed - 1].b : cps[last.start].a);
    line.visible_width = hasInk ? vr - vl : 0;
    // The line as drawn: visible text and the ellipsis.
    line.x = rtlLine ? ellX : (hasInk ? vl : ellX);
    line.width = (rtlLine ? (hasInk ? vr : edge) : ellX + ew) - line.x;
    line.width_with_trailing_ws = line.width;
    return {
      line: line,
      ellipsis: {
        text: c.ellipsis_text, x: ellX, width: ew, method: method,
        visible_end: trimmed, visible_is_prefix: isPrefix,
        visible: ranges(vis, last.start),
        extra_rects: extraCount,
      },
    };
  }

  return { cut: cut };
})();
