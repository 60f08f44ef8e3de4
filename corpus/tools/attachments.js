// Runs inside headless Chromium: record_attachments.py inlines it into each
// batch page (after case_style.js and page_runner.js) in place of measure.js, with the same
// ORACLE_CASES / ORACLE_FAMS globals and the same result envelope.
//
// A case's text holds U+FFFC where an inline attachment goes; each becomes
// an empty inline-block of the attachment's width and height with its
// vertical-align (an empty inline-block's baseline is its bottom edge, as a
// replaced element's: what an <img> does, without loading one). Recorded:
//   height: the box's height;
//   frames: [x, y, width, height] of each attachment, from the box's top-left;
//   hidden: for a case cut by a line clamp or an ellipsis (options fields
//           max_lines, or white_space nowrap with text_overflow ellipsis),
//           whether each box is hidden (on a clamped-away line or past the
//           ellipsis: the hit test at its centre does not reach it);
//   natural_width: the width of a copy laid out at width: max-content (CSS
//           max-content: one number per text, whatever the box's width);
//   starts: the UTF-16 offset where each line starts, read from a probe copy
//           (clamped as the case for a clamped wrap style) with line-height 1000px (line breaking does not depend on it;
//           every line box is then 1000 px tall, so a code point's or a
//           box's vertical centre names its line). White space never starts
//           a line (collapsed and hanging spaces end the line before).
(function () {
  'use strict';
  const WS = new Set([0x20, 0x09, 0x0a, 0x0d, 0x0c]);

  function build(c, host, lineHeight, clamp) {
    const div = document.createElement('div');
    TypesetCaseStyle.styleBox(div, c, !!clamp);
    div.style.width = c.width + 'px';
    if (lineHeight) div.style.lineHeight = lineHeight;
    const parts = [];   // {a (UTF-16 offset), node, box}
    let at = 0, k = 0;
    const pieces = c.text.split('\ufffc');
    pieces.forEach(function (piece, i) {
      if (piece.length > 0) {
        const t = document.createTextNode(piece);
        div.appendChild(t);
        parts.push({ a: at, node: t });
        at += piece.length;
      }
      if (i + 1 < pieces.length) {
        const a = c.attachments[k++];
        const box = document.createElement('span');
        box.style.display = 'inline-block';
        box.style.width = a.width + 'px';
        box.style.height = a.height + 'px';
        box.style.verticalAlign = a.vertical_align;
        box.style.lineHeight = '0';
        div.appendChild(box);
        parts.push({ a: at, box: box });
        at += 1;
      }
    });
    host.appendChild(div);
    return { div: div, parts: parts };
  }

  function lineStarts(c, probe) {
    const top = probe.div.getBoundingClientRect().top;
    const range = document.createRange();
    const starts = [];
    let line = -1;
    for (const p of probe.parts) {
      if (p.box) {
        const r = p.box.getBoundingClientRect();
        const l = Math.floor((r.top + r.height / 2 - top) / 1000);
        if (l > line) { starts.push(p.a); line = l; }
        continue;
      }
      const text = p.node.data;
      for (let i = 0; i < text.length;) {
        const cp = text.codePointAt(i);
        const n = cp > 0xffff ? 2 : 1;
        range.setStart(p.node, i);
        range.setEnd(p.node, i + n);
        const rects = Array.from(range.getClientRects()).filter(function (r) { return r.width > 0 || r.height > 0; });
        if (rects.length > 0 && !WS.has(cp)) {
          const r = rects[0];
          const l = Math.floor((r.top + r.height / 2 - top) / 1000);
          if (l > line) { starts.push(p.a + i); line = l; }
        }
        i += n;
      }
    }
    return starts;
  }

  function attachCase(c, host) {
    // A wrap style's clamped lines are its own (the score stops at the
    // clamp): the probe is clamped too (its clamped-away lines stay laid out).
    const probe = build(c, host, '1000px', !!(c.extended && c.max_lines && c.text_wrap && c.text_wrap !== 'wrap'));
    const starts = lineStarts(c, probe);
    host.removeChild(probe.div);
    // Options cases with a line clamp or a cut single line are laid out cut.
    const cut = !!(c.extended && (c.max_lines || c.nowrap_ellipsis));
    const real = build(c, host, null, cut);
    const box = real.div.getBoundingClientRect();
    const boxes = real.parts.filter(function (p) { return p.box; });
    const frames = boxes.map(function (p) {
      const r = p.box.getBoundingClientRect();
      return [r.left - box.left, r.top - box.top, r.width, r.height];
    });
    // A box on a line the clamp hides, or past the ellipsis of the cut
    // line, is laid out but neither painted nor hit: the hit test at its
    // centre does not find it.
    const hidden = boxes.map(function (p) {
      const r = p.box.getBoundingClientRect();
      return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) !== p.box;
    });
    host.removeChild(real.div);
    const wide = build(c, host);
    wide.div.style.width = 'max-content';
    const natural = wide.div.getBoundingClientRect().width;
    host.removeChild(wide.div);
    const out = { id: c.id, height: box.height, starts: starts, frames: frames, natural_width: natural };
    if (c.extended) out.hidden = hidden;
    return out;
  }

  TypesetPageRunner.run(attachCase);
})();
