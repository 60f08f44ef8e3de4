// Runs inside headless Chromium, inlined by record.py into each batch page
// before measure.js (or hits.js): the CSS of a case's box, shared by every
// page script so that all of them lay a case out alike.
const TypesetCaseStyle = (function () {
  'use strict';
  // The case's CSS. Options-corpus cases (c.extended) also set weight, style,
  // word-break, text-align, direction (dir, "auto" included), a unitless
  // line-height, text-wrap-style, the CSS corpus's text properties
  // (word-spacing, overflow-wrap, text-transform, text-indent,
  // text-align-last, text-box-trim, text-box-edge), and when `clamp` is set their truncation: a line clamp
  // (display:-webkit-box; -webkit-line-clamp) or, for white_space "nowrap"
  // with text_overflow "ellipsis", overflow:hidden; text-overflow:ellipsis.
  function styleBox(el, c, clamp) {
    const s = el.style;
    s.position = 'absolute';
    s.left = '0px';
    s.top = '0px';
    s.margin = '0';
    s.padding = '0';
    s.border = '0';
    s.boxSizing = 'content-box';
    s.fontFamily = c.css_family;
    s.fontSize = c.font_size + 'px';
    s.fontWeight = c.extended ? String(c.font_weight) : '400';
    s.fontStyle = c.extended ? c.font_style : 'normal';
    // The fonts corpus's variable-font fields (absent elsewhere: CSS's initial values).
    s.fontStretch = c.font_stretch ? c.font_stretch + '%' : '100%';
    s.fontVariationSettings = c.font_variation_settings || 'normal';
    s.fontOpticalSizing = c.font_optical_sizing || 'auto';
    if (c.line_height_multiple) s.lineHeight = String(c.line_height_multiple);
    else s.lineHeight = (c.line_height === null || c.line_height === undefined)
      ? 'normal' : (c.line_height + 'px');
    s.whiteSpace = c.white_space || 'normal';
    s.letterSpacing = (c.letter_spacing || 0) + 'px';
    // The CSS corpus's text properties (absent elsewhere: the corpora's
    // defaults, overflow-wrap: break-word and CSS's initial values).
    s.wordSpacing = (c.word_spacing || 0) + 'px';
    s.overflowWrap = c.overflow_wrap || 'break-word';
    s.textTransform = c.text_transform || 'none';
    s.textAlignLast = c.text_align_last || 'auto';
    s.textBoxTrim = c.text_box_trim || 'none';
    s.textBoxEdge = c.text_box_edge || 'auto';
    s.wordBreak = c.extended ? c.word_break : 'normal';
    s.textAlign = c.extended ? c.align : 'start';
    s.lineBreak = c.extended ? c.line_break : 'auto';
    if (c.extended && c.lang) el.lang = c.lang;
    // text-wrap-style (balance, pretty) leaves text-wrap-mode to white-space.
    s.textWrapStyle = c.extended && c.text_wrap ? (c.text_wrap === 'wrap' ? 'auto' : c.text_wrap) : 'auto';
    s.textIndent = c.text_indent || '0px';
    el.dir = c.dir || 'ltr';
    if (clamp && c.extended && c.max_lines) {
      s.display = '-webkit-box';
      s.webkitBoxOrient = 'vertical';
      s.webkitLineClamp = String(c.max_lines);
      s.overflow = 'hidden';
    }
    if (clamp && c.extended && c.nowrap_ellipsis) {
      s.overflow = 'hidden';
      s.textOverflow = 'ellipsis';
    }
  }

  // A run's own style (a <span>): what the run sets, the rest inherited.
  // padding, border_width and margin (CSS text, every side) make it an
  // inline box that takes room on its line (a chip); its border is solid
  // and transparent, so only its width shows.
  function styleSpan(el, r, spanLineHeight) {
    const s = el.style;
    if (r.css_family) s.fontFamily = r.css_family;
    if (r.font_size !== undefined && r.font_size !== null) s.fontSize = r.font_size + 'px';
    if (r.font_weight !== undefined && r.font_weight !== null) s.fontWeight = String(r.font_weight);
    if (r.font_style) s.fontStyle = r.font_style;
    if (r.letter_spacing !== undefined && r.letter_spacing !== null) s.letterSpacing = r.letter_spacing + 'px';
    if (r.word_spacing !== undefined && r.word_spacing !== null) s.wordSpacing = r.word_spacing + 'px';
    if (r.text_transform) s.textTransform = r.text_transform;
    if (r.padding) s.padding = r.padding;
    if (r.border_width) {
      s.borderStyle = 'solid';
      s.borderColor = 'transparent';
      s.borderWidth = r.border_width;
    }
    if (r.margin) s.margin = r.margin;
    if (spanLineHeight !== undefined) s.lineHeight = spanLineHeight;
    else if (r.line_height !== undefined) {
      s.lineHeight = r.line_height === null ? 'normal' : (r.line_height + 'px');
    }
  }

  return { styleBox: styleBox, styleSpan: styleSpan };
})();
