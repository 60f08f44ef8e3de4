// Runs inside headless Chromium: record_hits.py inlines it into each batch
// page (after case_style.js and page_runner.js) in place of measure.js, with the same
// ORACLE_CASES / ORACLE_FAMS globals and the same result envelope.
//
// For each case (main-corpus fields: one text node in a box of the case's
// width and styles) it records what a text view asks of a layout:
//   points: [x, y, offset] for a grid of points over the box and 8 px
//           around it: document.caretPositionFromPoint's UTF-16 offset in
//           the text (x, y relative to the box's top-left).
//   carets: [offset, x, y, height] for every code point boundary (at most
//           60, evenly sampled): the rect of a collapsed Range there (what a
//           caret is drawn from), relative to the box.
//   ranges: [start, end, [[x, y, width, height], ...]] for every word (at
//           most 12) and for two ranges that cross lines: Range.getClientRects.
// A case with "hits": {"carets": "all", "columns": n} (the hit corpus's own
// cases) gets a caret at every code point boundary, n + 1 points per row,
// and every line's range from its first to its last code point with the
// white space after it (what a triple click selects).
(function () {
  'use strict';

  function rel(r, box) {
    return [r.left - box.left, r.top - box.top, r.width, r.height];
  }

  function boundaries(text) {
    const out = [0];
    for (let i = 0; i < text.length;) {
      i += text.codePointAt(i) > 0xffff ? 2 : 1;
      out.push(i);
    }
    return out;
  }

  function sample(list, n) {
    if (list.length <= n) return list;
    const out = [];
    for (let k = 0; k < n; k++) out.push(list[Math.floor(k * (list.length - 1) / (n - 1))]);
    return out;
  }

  function hitCase(c, host) {
    const div = document.createElement('div');
    TypesetCaseStyle.styleBox(div, c, false);
    div.style.width = c.width + 'px';
    div.textContent = c.text;
    host.appendChild(div);
    const node = div.firstChild;
    const box = div.getBoundingClientRect();
    const text = c.text;

    const points = [];
    const rows = Math.max(2, Math.round(box.height / (c.font_size * 0.45)));
    for (let r = 0; r <= rows; r++) {
      const y = -8 + (box.height + 16) * r / rows;
      const columns = (c.hits && c.hits.columns) || 16;
      for (let k = 0; k <= columns; k++) {
        const x = -8 + (c.width + 16) * k / columns;
        const p = document.caretPositionFromPoint(box.left + x, box.top + y);
        if (!p) continue;
        let offset = null;
        if (p.offsetNode === node) offset = p.offset;
        else if (p.offsetNode === div) offset = p.offset === 0 ? 0 : text.length;
        if (offset !== null) points.push([x, y, offset]);
      }
    }

    const range = document.createRange();
    const carets = [];
    const all = c.hits && c.hits.carets === 'all';
    for (const i of all ? boundaries(text) : sample(boundaries(text), 60)) {
      range.setStart(node, i);
      range.setEnd(node, i);
      const rects = range.getClientRects();
      if (rects.length > 0) carets.push([i].concat(rel(rects[0], box).filter(function (_, k) { return k !== 2; })));
    }

    const spans = [];
    const word = /\S+/g;
    let m;
    while ((m = word.exec(text)) !== null) spans.push([m.index, m.index + m[0].length]);
    const ranges = sample(spans, 12);
    if (text.length > 4) {
      ranges.push([1, Math.floor(text.length * 2 / 3)]);
      ranges.push([Math.floor(text.length / 3), text.length]);
    }
    if (all) {
      // Each line's text: a line starts where a boundary's caret is lower
      // than the one before.
      let start = 0, top = null;
      for (const i of boundaries(text)) {
        range.setStart(node, i);
        range.setEnd(node, i);
        const r = range.getClientRects()[0];
        if (!r) continue;
        if (top !== null && r.top > top + c.font_size / 2 && i > start) {
          ranges.push([start, i]);
          start = i;
        }
        top = r.top;
      }
      if (text.length > start) ranges.push([start, text.length]);
    }
    const out = [];
    for (const [a, b] of ranges) {
      range.setStart(node, a);
      range.setEnd(node, b);
      out.push([a, b, Array.from(range.getClientRects()).map(function (r) { return rel(r, box); })]);
    }
    host.removeChild(div);
    return { id: c.id, height: box.height, points: points, carets: carets, ranges: out };
  }

  TypesetPageRunner.run(hitCase);
})();
