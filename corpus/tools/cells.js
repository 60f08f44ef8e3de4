// Lays out cell templates (TypesetCells' JSON form) as the HTML/CSS a web
// developer would write, and measures every named element's frame.
// Loaded by record_cells.py into a page with CELL_CASES, CELL_TEMPLATES,
// CELL_FALLBACK (CSS family names appended to every font stack: the bundled
// fonts, standing in for the engine's collection fallback), CELL_LOADS and
// CELL_DPR (the device pixel ratio the page must run at: record_cells.py
// --scale; otherwise the page measures nothing and reports a fatal error).
//
// The mapping (also in Sources/TypesetCells/TypesetCells.docc/CellsAsCSS.md):
// - every element: box-sizing: border-box; padding; min-height.
// - row / column: display: flex; flex-direction; gap: spacing;
//   align-items: flex-start | center | flex-end | baseline (alignment).
//   spacing_before: margin-top (column) / margin-inline-start (row) of
//   spacing_before - spacing, so the gap before the element is spacing_before.
// - width in a column: fill = align-self: stretch; hug = align-self (its
//   alignment) and max-width: 100% (fit-content, at most the column);
//   N = width: Npx; {fraction: f} = width: f*100%.
// - width in a row: fill = flex: 1 1 0; min-width: 0; hug = flex: 0 1 auto;
//   min-width: 0 (texts of the row's lowest priority) or flex: none (higher
//   priorities keep their width); N = flex: none; width: Npx;
//   fraction = flex: none; width: f*100%.
// - width longest_line: laid out as hug first; then its texts' longest line
//   is measured (a probe copy of each text at the same width with 1000 px
//   lines: the extent of each line's non-space code points and boxes) and
//   the element gets width: that plus the paddings between (border-box).
// - max_width: max-width (px or %); align_self / align_self_when: align-self.
// - text: a div of spans (one per part), font-family "family", fallback…,
//   font-size, font-weight, font-style, letter-spacing, line-height,
//   white-space, overflow-wrap: break-word, text-align, dir (auto = dir="auto");
//   max_lines = display: -webkit-box; -webkit-box-orient: vertical;
//   -webkit-line-clamp: N; overflow: hidden;
//   single_line = white-space: nowrap; overflow: hidden; text-overflow: ellipsis.
// - box: height: Npx or aspect-ratio.
// - omitted elements (conditions, empty texts, stacks with nothing shown):
//   display: none; `truncated` conditions are decided after layout, by
//   comparing the clamped text's height with an unclamped copy's.
// - the template's direction: dir on the root; min_height on the root.

'use strict';

function modelText(model, key) {
  const v = model[key];
  if (v === undefined || v === null || v === false) return '';
  if (v === true) return 'true';
  return String(v);
}

function holds(cond, model, truncated) {
  if (cond.present !== undefined) return modelText(model, cond.present) !== '';
  if (cond.absent !== undefined) return modelText(model, cond.absent) === '';
  if (cond.truncated !== undefined) return !!truncated[cond.truncated];
  throw new Error('unknown condition ' + JSON.stringify(cond));
}

function px(v) { return v + 'px'; }

function padding(p) {
  if (p === undefined) return [0, 0, 0, 0];
  if (typeof p === 'number') return [p, p, p, p];
  const h = p.horizontal || 0, v = p.vertical || 0;
  return [p.top ?? v, p.right ?? h, p.bottom ?? v, p.left ?? h];
}

const ALIGN = { start: 'flex-start', center: 'center', end: 'flex-end', baseline: 'baseline' };

// A style object in the canonical field names (font_family, font_size,
// font_weight, font_style: the batch protocol's), from either spelling: the
// templates' former names (font, size, weight, italic) are read too.
function canonicalStyle(s) {
  const out = Object.assign({}, s || {});
  const renames = { font: 'font_family', size: 'font_size', weight: 'font_weight' };
  for (const former of Object.keys(renames)) {
    if (former in out) { out[renames[former]] = out[former]; delete out[former]; }
  }
  if ('italic' in out) { out.font_style = out.italic ? 'italic' : 'normal'; delete out.italic; }
  return out;
}

function styleCSS(s, base) {
  const st = Object.assign({ font_family: ['Noto Sans'], font_size: 15, font_weight: 400, font_style: 'normal',
                             letter_spacing: 0, line_height: 'normal' }, base || {}, canonicalStyle(s));
  const fams = (Array.isArray(st.font_family) ? st.font_family : [st.font_family]).map(f => '"' + f + '"');
  for (const f of CELL_FALLBACK) if (!fams.includes('"' + f + '"')) fams.push('"' + f + '"');
  let lh = 'normal';
  if (typeof st.line_height === 'number') lh = px(st.line_height);
  else if (st.line_height && st.line_height.multiple !== undefined) lh = String(st.line_height.multiple);
  return { css: { fontFamily: fams.join(', '), fontSize: px(st.font_size), fontWeight: String(st.font_weight),
                  fontStyle: st.font_style === 'normal' ? 'normal' : 'italic', letterSpacing: px(st.letter_spacing),
                  lineHeight: lh },
           merged: st };
}

// Builds the DOM of an element; returns {node, shown}. ctx: {model, named, clamps}.
function build(el, parentAxis, parentSpacing, ctx) {
  const node = document.createElement('div');
  const s = node.style;
  s.boxSizing = 'border-box';
  const [pt, pr, pb, pl] = padding(el.padding);
  s.padding = [pt, pr, pb, pl].map(px).join(' ');
  s.margin = '0';
  if (el.min_height) s.minHeight = px(el.min_height);
  if (el.name) ctx.named.push({ name: el.name, node });
  let shown = true;
  if (el.visible_when) {
    if (el.visible_when.truncated !== undefined) ctx.deferred.push({ node, cond: el.visible_when });
    else if (!holds(el.visible_when, ctx.model, {})) shown = false;
  }
  const kind = el.kind;
  const width = el.width !== undefined ? el.width : (kind === 'text' ? 'hug' : 'fill');

  if (kind === 'text') {
    const base = styleCSS(el.style);
    Object.assign(s, base.css);
    let parts = el.parts ? el.parts : (el.key !== undefined ? [{ key: el.key }] : [{ text: el.text }]);
    let empty = true, anyKey = false;
    for (const p of parts) {
      const span = document.createElement('span');
      if (p.attachment !== undefined) {
        // An inline attachment: an empty inline-block of its size (an
        // empty inline-block's baseline is its bottom edge, as an <img>'s).
        const a = p.attachment;
        if (a.present !== undefined && modelText(ctx.model, a.present) === '') continue;
        span.style.display = 'inline-block';
        span.style.width = px(a.width);
        span.style.height = px(a.height);
        span.style.verticalAlign = a.vertical_align || 'baseline';
        if (a.name) ctx.named.push({ name: a.name, node: span });
        node.appendChild(span);
        continue;
      }
      let t;
      if (p.key !== undefined) { anyKey = true; t = modelText(ctx.model, p.key); if (t !== '') empty = false; }
      else t = p.text;
      span.textContent = t;
      if (p.style) Object.assign(span.style, styleCSS(p.style, base.merged).css);
      node.appendChild(span);
    }
    if (!anyKey) empty = parts.every(p => p.text === '' || p.attachment !== undefined);
    if (empty && el.omit_when_empty !== false) shown = false;
    s.whiteSpace = el.white_space || 'normal';
    s.overflowWrap = 'break-word';
    s.wordBreak = el.word_break || 'normal';
    s.textWrapStyle = el.text_wrap && el.text_wrap !== 'wrap' ? el.text_wrap : 'auto';
    s.textAlign = el.align || 'start';
    const dir = el.direction || 'auto';
    node.setAttribute('dir', dir);
    if (el.single_line) {
      s.whiteSpace = 'nowrap'; s.overflow = 'hidden'; s.textOverflow = 'ellipsis';
    } else if (el.max_lines) {
      s.display = '-webkit-box'; s.webkitBoxOrient = 'vertical'; s.webkitLineClamp = String(el.max_lines);
      s.overflow = 'hidden';
      ctx.clamps.push({ name: el.name, node });
    }
  } else if (kind === 'box') {
    if (el.height !== undefined) s.height = px(el.height);
    else {
      const r = typeof el.aspect_ratio === 'string' ? Number(modelText(ctx.model, el.aspect_ratio)) : el.aspect_ratio;
      if (!(r > 0 && isFinite(r))) shown = false; else s.aspectRatio = String(r);
    }
  } else {
    const axis = kind === 'row' ? 'row' : 'column';
    s.display = 'flex';
    s.flexDirection = axis;
    s.gap = px(el.spacing || 0);
    s.alignItems = ALIGN[el.alignment || 'start'];
    let anyShown = false;
    const kids = el.children.map(c => build(c, axis, el.spacing || 0, ctx));
    // Priorities: a row's texts of its lowest priority shrink; higher ones keep their width.
    const prios = el.children.map(c => c.priority || 0);
    const lowest = Math.min(...prios);
    el.children.forEach((c, i) => {
      const k = kids[i];
      if (axis === 'row') {
        const w = c.width !== undefined ? c.width : (c.kind === 'text' ? 'hug' : 'fill');
        if (w === 'hug') {
          if ((c.priority || 0) > lowest) k.node.style.flex = 'none';
          else { k.node.style.flex = '0 1 auto'; k.node.style.minWidth = '0'; }
        }
      }
      node.appendChild(k.node);
      if (k.shown) anyShown = true;
    });
    if (!anyShown && ctx.deferred.length === 0) shown = false;
    ctx.stacks.push({ node, kids: kids.map(k => k.node) });
  }

  // Width rule, relative to the parent's axis.
  if (parentAxis === 'row') {
    if (width === 'fill') { s.flex = '1 1 0'; s.minWidth = '0'; }
    else if (typeof width === 'number') { s.flex = 'none'; s.width = px(width); }
    else if (width.fraction !== undefined) { s.flex = 'none'; s.width = (width.fraction * 100) + '%'; }
    if (el.align_self) s.alignSelf = ALIGN[el.align_self];
  } else {
    if (width === 'fill') s.alignSelf = 'stretch';
    else {
      if (typeof width === 'number') s.width = px(width);
      else if (width !== 'hug' && width.fraction !== undefined) s.width = (width.fraction * 100) + '%';
      else s.maxWidth = '100%';
      s.alignSelf = el.align_self ? ALIGN[el.align_self] : null;
    }
    if (width === 'fill' && el.align_self) s.alignSelf = 'stretch';
  }
  if (el.align_self_when && holds(el.align_self_when.condition, ctx.model, {})) s.alignSelf = ALIGN[el.align_self_when.align];
  if (el.max_width !== undefined) {
    const m = el.max_width;
    s.maxWidth = typeof m === 'number' ? px(m) : (m.fraction * 100) + '%';
  }
  if (el.spacing_before !== undefined) {
    const extra = el.spacing_before - parentSpacing;
    if (parentAxis === 'row') s.marginInlineStart = px(extra); else s.marginTop = px(extra);
    node.dataset.extraGap = '1';
  }
  if (width === 'longest_line') ctx.longest.push(node);
  if (kind === 'text') node.dataset.text = '1';
  if (!shown) s.display = 'none';
  node.dataset.shown = shown ? '1' : '0';
  return { node, shown };
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d, 0x0c]);

// The longest line of a laid-out text element, from a probe copy at the
// same width whose lines are 1000 px apart: per line, the extent of the
// rects of its non-space code points and inline boxes.
function longestLine(textNode) {
  const probe = textNode.cloneNode(true);
  probe.style.lineHeight = '1000px';
  probe.style.position = 'absolute';
  probe.style.visibility = 'hidden';
  probe.style.width = (textNode.getBoundingClientRect().width + 1 / 1000) + 'px';
  probe.style.maxWidth = 'none';
  probe.style.webkitLineClamp = 'none';
  probe.style.display = 'block';
  for (const span of probe.querySelectorAll('span')) {
    if (span.style.display !== 'inline-block') span.style.lineHeight = '0';
  }
  textNode.parentNode.appendChild(probe);
  const top = probe.getBoundingClientRect().top + parseFloat(getComputedStyle(probe).paddingTop);
  const lines = new Map();
  function add(r) {
    if (r.width <= 0) return;
    const k = Math.floor((r.top + r.height / 2 - top) / 1000);
    const e = lines.get(k) || [Infinity, -Infinity];
    lines.set(k, [Math.min(e[0], r.left), Math.max(e[1], r.right)]);
  }
  const range = document.createRange();
  const walker = document.createTreeWalker(probe, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const text = t.data;
    for (let i = 0; i < text.length;) {
      const cp = text.codePointAt(i);
      const n = cp > 0xffff ? 2 : 1;
      if (!WS.has(cp)) {
        range.setStart(t, i); range.setEnd(t, i + n);
        for (const r of range.getClientRects()) add(r);
      }
      i += n;
    }
  }
  for (const span of probe.querySelectorAll('span')) {
    if (span.style.display === 'inline-block') add(span.getBoundingClientRect());
  }
  probe.remove();
  let longest = 0;
  for (const [a, b] of lines.values()) longest = Math.max(longest, b - a);
  return longest;
}

function horizontalPadding(node) {
  const cs = getComputedStyle(node);
  return parseFloat(cs.paddingLeft) + parseFloat(cs.paddingRight);
}

// Each longest_line element (innermost first) gets its texts' longest line
// plus the paddings between as its width.
function fixLongestLines(ctx) {
  for (let i = ctx.longest.length - 1; i >= 0; i--) {
    const el = ctx.longest[i];
    if (el.style.display === 'none' || !el.getClientRects().length) continue;
    const texts = el.dataset.text ? [el] : Array.from(el.querySelectorAll('[data-text]'));
    let widest = 0;
    for (const t of texts) {
      if (t.style.display === 'none' || !t.getClientRects().length) continue;
      let pad = 0;
      for (let p = t; p !== el; p = p.parentElement) pad += horizontalPadding(p);
      widest = Math.max(widest, longestLine(t) + pad);
    }
    el.style.width = (widest + horizontalPadding(el) + 1 / 1000) + 'px';
  }
}

// A stack is omitted when none of its children is shown; the extra gap of a
// child goes when it is the first shown child.
function fixStacks(ctx) {
  for (let i = ctx.stacks.length - 1; i >= 0; i--) {
    const st = ctx.stacks[i];
    const shown = st.kids.filter(k => k.style.display !== 'none');
    if (shown.length === 0) st.node.style.display = 'none';
    if (shown.length && shown[0].dataset.extraGap) { shown[0].style.marginTop = '0'; shown[0].style.marginInlineStart = '0'; }
  }
}

function layoutCase(c, host) {
  const tpl = CELL_TEMPLATES[c.template];
  const outer = document.createElement('div');
  outer.style.cssText = 'display:flex;flex-direction:column;align-items:stretch;position:absolute;left:0;top:0;';
  outer.style.width = px(c.width);
  const ctx = { model: c.model, named: [], clamps: [], deferred: [], stacks: [], longest: [] };
  const root = build(tpl.root, 'column', 0, ctx);
  // The template's direction: "ltr", "rtl", or {"key": k} (the model's text for k, "rtl" or else ltr).
  let dir = tpl.direction || 'ltr';
  if (typeof dir === 'object') dir = modelText(c.model, dir.key) === 'rtl' ? 'rtl' : 'ltr';
  outer.setAttribute('dir', dir);
  if (tpl.min_height) root.node.style.minHeight = px(tpl.min_height);
  outer.appendChild(root.node);
  host.appendChild(outer);
  fixStacks(ctx);
  // Truncated conditions: a clamped text is cut when an unclamped copy is taller.
  const truncated = {};
  for (const cl of ctx.clamps) {
    if (cl.node.style.display === 'none' || !cl.node.offsetParent) continue;
    const copy = cl.node.cloneNode(true);
    copy.style.webkitLineClamp = 'none'; copy.style.display = 'block'; copy.style.overflow = 'visible';
    copy.style.position = 'absolute'; copy.style.visibility = 'hidden';
    // The clamped box's width again. At a device pixel ratio of 3 Chromium
    // reports it as float32 CSS px, up to ~1e-5 px off, and a CSS width a
    // hair short of the box's LayoutUnit (1/64 device px) would lose it:
    // 1/1000 px more keeps the same LayoutUnit at every ratio (at 1 the
    // width is a multiple of 1/64 px, which 1/1000 px does not change).
    copy.style.width = (cl.node.getBoundingClientRect().width + 1 / 1000) + 'px';
    cl.node.parentNode.appendChild(copy);
    truncated[cl.name] = copy.getBoundingClientRect().height > cl.node.getBoundingClientRect().height + 0.01;
    copy.remove();
  }
  let changed = false;
  for (const d of ctx.deferred) {
    const show = holds(d.cond, c.model, truncated) && d.node.dataset.shown !== '0';
    if (!show) { d.node.style.display = 'none'; changed = true; }
  }
  if (changed) fixStacks(ctx);
  fixLongestLines(ctx);
  const o = root.node.getBoundingClientRect();
  const frames = {};
  for (const { name, node } of ctx.named) {
    if (node.style.display === 'none' || !node.getClientRects().length) continue;
    let hidden = false;
    for (let p = node; p && p !== outer; p = p.parentElement) if (p.style.display === 'none') hidden = true;
    if (hidden) continue;
    const r = node.getBoundingClientRect();
    frames[name] = [r.left - o.left, r.top - o.top, r.width, r.height];
  }
  const result = { id: c.id, height: o.height, frames, truncated };
  outer.remove();
  return result;
}

async function main() {
  const out = document.getElementById('cell-result');
  if (typeof CELL_DPR !== 'undefined' && window.devicePixelRatio !== CELL_DPR) {
    out.textContent = JSON.stringify({ fatal: 'devicePixelRatio is ' + window.devicePixelRatio + ', expected ' + CELL_DPR });
    return;
  }
  try {
    for (const l of CELL_LOADS) await document.fonts.load(l);
    await document.fonts.ready;
    const fonts = [];
    document.fonts.forEach(f => fonts.push({ family: f.family, status: f.status }));
    const host = document.getElementById('cell-host');
    const results = [], errors = [];
    for (const c of CELL_CASES) {
      try { results.push(layoutCase(c, host)); } catch (e) { errors.push({ id: c.id, error: String(e && e.stack || e) }); }
    }
    out.textContent = JSON.stringify({ fonts, results, errors, device_pixel_ratio: window.devicePixelRatio });
  } catch (e) {
    out.textContent = JSON.stringify({ fatal: String(e && e.stack || e) });
  }
}
main();
