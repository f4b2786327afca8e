"""What "fits the screen" means, measured in the page (issue 31): the status bar in view, the
pieces to click ([data-legal], BOARDS.md) in the clear part of the window, no text drawn under
10 px, no card text cut off by its box, no word of a card broken over two lines (a break at a soft
hyphen, "Astroche-|mistry", is where a reader expects one: the words either side are checked).

Text size is the effective one: the computed font-size times every CSS zoom (currentCSSZoom),
transform and SVG scale above the text (an SVG element's screen matrix). Text not drawn (transparent, hidden, outside the window's columns) is not counted.
"""

from __future__ import annotations

from typing import Any

MIN_TEXT_PX = 10.0

# the clear band (the window minus the sticky bars stuck to its top or bottom) and what is in it;
# the same rule as web/js/fit.js, written again here so the test does not trust the page's code
FIT_JS = """(minPx) => {
  const H = window.innerHeight, W = window.innerWidth;
  const HOST = document.getElementById('board-host') ? '#board-host' : '#host';  // the table page, or a board harness
  let top = 0, bottom = H;
  for (const el of document.querySelectorAll('#status, [data-sticky]')) {
    const r = el.getBoundingClientRect();
    if (!r.height || getComputedStyle(el).position !== 'sticky') continue;
    if (r.top <= top + 2 && r.bottom > top) top = r.bottom;
    else if (r.bottom >= H - 2 && r.top < bottom) bottom = r.top;
  }
  const covered = (el, x, y) => { const hit = document.elementFromPoint(x, y); return !hit || !(hit === el || el.contains(hit)); };
  const bar = document.getElementById('status');
  const st = bar ? bar.getBoundingClientRect() : {top: 0, bottom: 0, height: 0};
  const statusText = bar ? document.getElementById('status-headline').textContent : '';
  const statusOk = st.top >= -0.5 && st.bottom <= H + 0.5 && st.height > 0;
  const legal = [];
  const all = [...document.querySelectorAll(`${HOST} [data-legal]`)];
  for (const el of all) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const [t, b] = el.closest('[data-sticky], #status') ? [0, H] : [top, bottom];  // on a sticky bar: in view with it
    if (x < 0 || x > W || y < t || y > b || covered(el, x, y)) continue;
    legal.push({el, x, y, key: el.dataset.key || el.dataset.tok || el.textContent.trim().slice(0, 30)});
  }
  // text drawn under minPx (only what is on the page's columns; hidden things are not drawn)
  const small = [];
  const scaleOf = (el) => {
    if (el instanceof SVGElement) {
      const m = el.getScreenCTM ? el.getScreenCTM() : null;
      return m ? Math.hypot(m.a, m.b) : 1;
    }
    // every CSS zoom above (currentCSSZoom) times every transform's scale above
    let s = el.currentCSSZoom || 1;
    for (let a = el; a && a !== document.documentElement; a = a.parentElement) {
      const t = getComputedStyle(a).transform;
      if (t && t !== 'none') { const m = new DOMMatrix(t); s *= Math.hypot(m.a, m.b); }
    }
    return s;
  };
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('script, style, noscript, dialog:not([open]), title, defs, datalist, option')) continue;
    let text = '';
    for (const n of el.childNodes) if (n.nodeType === 3) text += n.textContent;
    text = text.trim();
    if (!text) continue;
    if (!el.getClientRects().length) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility !== 'visible' || Number(cs.opacity) === 0) continue;
    const colour = cs.color.match(/[\\d.]+/g) || [];
    if (colour.length === 4 && Number(colour[3]) === 0) continue;
    if (el.closest('.sr-only')) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    const px = parseFloat(cs.fontSize) * scaleOf(el);
    if (px + 0.01 < minPx) {
      const cls = typeof el.className === 'string' ? el.className : (el.className && el.className.baseVal) || '';
      small.push(`${el.tagName.toLowerCase()}.${cls.trim().split(/\\s+/).join('.')} ${px.toFixed(1)}px ${JSON.stringify(text.slice(0, 24))}`);
    }
  }
  // card text cut off: a box that hides its overflow holds more text than it shows
  const clipped = [];
  for (const el of document.querySelectorAll(`${HOST} *`)) {
    const cs = getComputedStyle(el);
    if (!['hidden', 'clip'].includes(cs.overflowX) && !['hidden', 'clip'].includes(cs.overflowY)) continue;
    if (!el.textContent.trim() || !el.getClientRects().length) continue;
    if (el.closest('.sr-only')) continue;
    const wide = el.scrollWidth > el.clientWidth + 1, tall = el.scrollHeight > el.clientHeight + 1;
    if (wide || tall) clipped.push(`${el.tagName.toLowerCase()}.${String(el.className).trim().split(/\\s+/).join('.')} ${wide ? 'w' : ''}${tall ? 'h' : ''} ${JSON.stringify(el.textContent.trim().slice(0, 30))}`);
  }
  // the pieces to click that are not in view, and what is at their middle (for a failure's message)
  const away = all.filter((el) => !legal.some((l) => l.el === el)).slice(0, 3).map((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return `${el.dataset.key || el.dataset.tok || el.tagName} at y=${Math.round(r.top)}..${Math.round(r.bottom)} (band ${Math.round(top)}..${Math.round(bottom)}) covered by ${hit ? hit.className || hit.tagName : 'nothing'}`;
  });
  for (const l of legal) delete l.el;
  // a text box on the board (an element holding text itself: a card, a piece, a tile, a label) whose
  // text is wider than the box, even where the box lets it spill (scrollWidth counts it)
  for (const el of document.querySelectorAll(`${HOST} *`)) {
    const cs = getComputedStyle(el);
    if (cs.display === 'inline' || cs.display === 'contents' || !el.clientWidth) continue;
    if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    if (['auto', 'scroll'].includes(cs.overflowX)) continue;  // it scrolls: nothing is lost
    if (el.scrollWidth > el.clientWidth + 1) clipped.push(`${el.tagName.toLowerCase()}.${String(el.className).trim().split(/\\s+/).join('.')} spills ${el.scrollWidth - el.clientWidth}px ${JSON.stringify(el.textContent.trim().slice(0, 30))}`);
  }
  // a word broken over two lines anywhere on the board ("Carv|er"): a box too narrow for its words
  const broken = [];
  // the word's letters are on more than one line: each letter's own box (a range that starts just
  // after a soft hyphen also holds the hyphen drawn at the end of the line before: "Astroche-|mistry"
  // is a break where the reader expects it, not one inside "mistry")
  const brokenInside = (n, start, length) => {
    const lines = new Set();
    for (let i = start; i < start + length; i += 1) {
      const letter = document.createRange();
      letter.setStart(n, i);
      letter.setEnd(n, i + 1);
      const boxes = [...letter.getClientRects()].filter((r) => r.width > 0);
      if (boxes.length) lines.add(Math.round(boxes[boxes.length - 1].top));
    }
    return lines.size > 1;
  };
  for (const el of document.querySelectorAll(`${HOST} *`)) {
    if (!el.getClientRects().length || el.closest('.sr-only')) continue;
    const cs = getComputedStyle(el);
    const ink = cs.color.match(/[\\d.]+/g) || [];  // transparent text is not drawn (black, "rgb(0, 0, 0)", is)
    if (cs.visibility !== 'visible' || (ink.length === 4 && Number(ink[3]) === 0)) continue;
    for (const n of el.childNodes) {
      if (n.nodeType !== 3) continue;
      const text = n.textContent;
      for (const m of text.matchAll(/[A-Za-z\\u00C0-\\u024F']{4,}/g)) {
        const range = document.createRange();
        range.setStart(n, m.index);
        range.setEnd(n, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1 && brokenInside(n, m.index, m[0].length)) broken.push(`${el.tagName.toLowerCase()}.${String(el.className).trim().split(/\\s+/).join('.')} ${JSON.stringify(m[0])}`);
      }
    }
  }
  // tooltips and labels: hyphenated lower-case words, to compare with the games' ids (raw ids are not names)
  const hyphenated = new Set();
  for (const el of document.querySelectorAll(`${HOST} [title], ${HOST} [data-info], ${HOST} [aria-label]`)) {
    for (const attr of ['title', 'data-info', 'aria-label']) {
      for (const w of (el.getAttribute(attr) || '').match(/\b[a-z]+(?:-[a-z]+)+\b/g) || []) hyphenated.add(w);
    }
  }
  // text drawn over other text: a badge or label placed on a card (position absolute) whose text
  // covers some of the card's own words or a neighbour badge's ("Cheer Coa[QB]", "Student Electi[2×2]ons",
  // column heads "AstronomyChemistry")
  const overlaps = [];
  const lineBoxes = (n) => { const r = document.createRange(); r.selectNodeContents(n); return [...r.getClientRects()].filter((b) => b.width > 0.5 && b.height > 0.5); };
  const drawn = (el) => { const c = getComputedStyle(el); const ink = c.color.match(/[\\d.]+/g) || [];
    return c.visibility === 'visible' && Number(c.opacity) > 0 && !(ink.length === 4 && Number(ink[3]) === 0); };
  for (const badge of document.querySelectorAll(`${HOST} *`)) {
    if (!['absolute', 'fixed'].includes(getComputedStyle(badge).position) || !badge.textContent.trim()) continue;
    if (!badge.getClientRects().length || !drawn(badge) || badge.closest('.sr-only, [role=tooltip], [popover]')) continue;
    const mine = [];  // the badge's own words (a placed box holding a whole menu or card is not a badge)
    for (const n of badge.childNodes) if (n.nodeType === 3 && n.textContent.trim()) mine.push(...lineBoxes(n));
    if (!mine.length || !badge.parentElement) continue;
    const walk2 = document.createTreeWalker(badge.parentElement, NodeFilter.SHOW_TEXT);
    for (let n = walk2.nextNode(); n; n = walk2.nextNode()) {
      if (!n.textContent.trim() || badge.contains(n) || !drawn(n.parentElement)) continue;
      for (const a of mine) for (const b of lineBoxes(n)) {
        const ix = Math.min(a.right, b.right) - Math.max(a.left, b.left), iy = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (ix > 1.5 && iy > 3) overlaps.push(`${badge.tagName.toLowerCase()}.${String(badge.className).trim().split(/\\s+/).join('.')} ${JSON.stringify(badge.textContent.trim().slice(0, 12))} over ${JSON.stringify(n.textContent.trim().slice(0, 24))}`);
      }
    }
  }
  // pieces to tap too small and too close together (WCAG 2.5.8, target size minimum): a piece under
  // 24x24 px whose 24 px circle around its middle reaches another piece or another small piece's circle
  const cramped = [];
  const boxes = all.map((el) => [el, el.getBoundingClientRect()]).filter(([, r]) => r.width && r.height);
  const mid = (r) => [r.left + r.width / 2, r.top + r.height / 2];
  const gapTo = ([x, y], r) => Math.hypot(Math.max(r.left - x, 0, x - r.right), Math.max(r.top - y, 0, y - r.bottom));
  const under = (r) => r.width < 23.5 || r.height < 23.5;
  for (const [el, r] of boxes) {
    if (!under(r)) continue;
    const c = mid(r);
    for (const [other, q] of boxes) {
      if (other === el || other.contains(el) || el.contains(other)) continue;
      const near = under(q) ? Math.hypot(c[0] - mid(q)[0], c[1] - mid(q)[1]) < 24 : gapTo(c, q) < 12;
      if (near) {
        cramped.push(`${el.dataset.key || el.dataset.tok || el.tagName} ${Math.round(r.width)}x${Math.round(r.height)} next to ${other.dataset.key || other.dataset.tok || other.tagName}`);
        break;
      }
    }
  }
  const hscroll = Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth);
  return {status: statusOk, hscroll, cramped, overlaps: [...new Set(overlaps)], away, hyphenated: [...hyphenated], statusText, legal, legalAll: all.length, small: [...new Set(small)], clipped: [...new Set(clipped)], broken: [...new Set(broken)],
          version: Number(document.body.dataset.version || -1), mine: document.body.dataset.myTurn === 'true',
          terminal: document.body.dataset.terminal === 'true', scrollY: window.scrollY};
}"""


def measure(page: Any) -> dict[str, Any]:
    """The fit facts of the page as it is now (see FIT_JS)."""
    return dict(page.evaluate(FIT_JS, MIN_TEXT_PX))
