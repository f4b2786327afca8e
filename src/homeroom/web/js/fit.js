// Fitting the table to the screen: the pieces the player can click now ([data-legal], BOARDS.md)
// are brought into view when the decision changes, unless the player is reading elsewhere; the
// board's zoom is remembered per game; the sticky status bar's height is a CSS variable
// (--hr-top) so the boards' own sticky bars sit under it instead of covering it.

const ZOOMS = [0.6, 0.7, 0.8, 0.9, 1, 1.1, 1.25, 1.4, 1.6];
const ZOOM_KEY = "homeroom.zoom.v1";
const QUIET_MS = 4000; // no jump for this long after the player scrolled or typed
const SETTLE_MS = 1500; // after a reveal, a layout change this soon may move the pieces again
const SCROLL_KEYS = new Set(["PageUp", "PageDown", "ArrowUp", "ArrowDown", "Home", "End", " "]);

function readZooms() {
  try {
    const all = JSON.parse(localStorage.getItem(ZOOM_KEY) || "{}");
    return all && typeof all === "object" ? all : {};
  } catch {
    return {};
  }
}

/** The zoom this browser remembers for `gameId` (1 when none or a bad value). */
export function savedZoom(gameId) {
  const z = Number(readZooms()[gameId]);
  return ZOOMS.includes(z) ? z : 1;
}

function saveZoom(gameId, z) {
  try {
    localStorage.setItem(ZOOM_KEY, JSON.stringify({ ...readZooms(), [gameId]: z }));
  } catch {
    /* storage off: the zoom lasts until the page closes */
  }
}

/** The part of the window no sticky bar covers: [top, bottom] in viewport pixels. */
export function clearBand() {
  let top = 0;
  let bottom = window.innerHeight;
  for (const el of document.querySelectorAll("#status, [data-sticky]")) {
    const r = el.getBoundingClientRect();
    if (!r.height || getComputedStyle(el).position !== "sticky") continue;
    if (r.top <= top + 2 && r.bottom > top) top = r.bottom; // stuck at the top, under the bars above it
    else if (r.bottom >= window.innerHeight - 2 && r.top < bottom) bottom = r.top;
  }
  return [top, bottom];
}

/** True when the middle of `el` is in the clear part of the window and nothing covers it. */
export function inView(el, band = clearBand()) {
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height) return false;
  const x = r.left + r.width / 2;
  const y = r.top + r.height / 2;
  // a piece on a sticky bar is in view with the bar; any other must be in the clear band
  const [top, bottom] = el.closest("[data-sticky], #status") ? [0, window.innerHeight] : band;
  if (x < 0 || x > window.innerWidth || y < top || y > bottom) return false;
  const hit = document.elementFromPoint(x, y);
  return !!hit && (hit === el || el.contains(hit));
}

/**
 * Watch the pieces to click and bring one into view when the decision changes.
 * `scope` holds the pieces; `decision()` names the decision (a new one reveals even the same pieces
 * again). While focus is in a text field or a [data-reading] panel outside `scope` (the log, a chat),
 * or for a few seconds after the player scrolled, nothing moves.
 */
export function watchLegal(scope, { enabled = () => true, decision = () => "" } = {}) {
  let lastUser = -Infinity;
  let lastSig = "";
  let queued = false;
  let revealedAt = -Infinity;
  const mark = () => { lastUser = performance.now(); };
  window.addEventListener("wheel", mark, { passive: true });
  window.addEventListener("touchmove", mark, { passive: true });
  window.addEventListener("keydown", (e) => { if (SCROLL_KEYS.has(e.key)) mark(); }, { passive: true });
  // a drag on the page's scroll bar
  window.addEventListener("mousedown", (e) => { if (e.clientX >= document.documentElement.clientWidth) mark(); }, { passive: true });

  const reading = () => {
    const a = document.activeElement;
    return !!a && a !== document.body && !!a.closest && !!a.closest("input, textarea, select, dialog[open], [data-reading]")
      && !scope.contains(a);
  };

  function check() {
    queued = false;
    const pieces = [...scope.querySelectorAll("[data-legal]")].filter((el) => el.getClientRects().length);
    const sig = String(decision()) + "#" + pieces.map((el) => el.dataset.key || el.dataset.tok || el.textContent.slice(0, 20)).join("|");
    // the same pieces: only a layout change right after a reveal (a hover text, a picture) moves them again
    if (sig === lastSig && performance.now() - revealedAt > SETTLE_MS) return;
    lastSig = sig;
    if (!pieces.length || !enabled()) return;
    if (performance.now() - lastUser < QUIET_MS || reading()) return;
    if (reveal(pieces)) revealedAt = performance.now();
  }

  const soon = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(check);
  };
  const observer = new MutationObserver(soon);
  observer.observe(scope, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-legal"] });
  const resized = typeof ResizeObserver === "function" ? new ResizeObserver(soon) : null;
  if (resized) resized.observe(scope);
  return { check: () => { lastSig = ""; check(); }, stop: () => { observer.disconnect(); if (resized) resized.disconnect(); } };
}

/** Scroll the least so that one of `pieces` (the first, unless one is already visible) is in view;
 * true if it scrolled. */
export function reveal(pieces) {
  const band = clearBand();
  if (pieces.some((el) => inView(el, band))) return false;
  const el = pieces[0];
  el.scrollIntoView({ block: "nearest", inline: "nearest" });
  // the sticky bars cover part of the window: move on so the piece is in the clear part
  const [top, bottom] = clearBand();
  const r = el.getBoundingClientRect();
  const room = bottom - top;
  if (r.top < top + 4) window.scrollBy(0, r.top - top - 8);
  else if (r.bottom > bottom - 4) window.scrollBy(0, Math.min(r.bottom - bottom + 8, r.top - top - 8, room));
  return true;
}

/** Keep --hr-top (the sticky status bar's height) up to date for the boards' own sticky bars. */
export function trackStatusHeight(status) {
  const set = () => document.documentElement.style.setProperty("--hr-top", `${Math.ceil(status.getBoundingClientRect().height)}px`);
  set();
  if (typeof ResizeObserver === "function") new ResizeObserver(set).observe(status);
}

/** The zoom control (−, the percentage, +) for `host`, remembered per game in this browser. */
export function zoomControl(gameId, host, { onChange = () => {} } = {}) {
  let z = savedZoom(gameId);
  const label = document.createElement("button");
  label.type = "button";
  label.className = "zoom-reset";
  label.title = "Back to 100%";
  const minus = document.createElement("button");
  const plus = document.createElement("button");
  minus.type = plus.type = "button";
  minus.textContent = "−";
  plus.textContent = "+";
  minus.setAttribute("aria-label", "Smaller board");
  plus.setAttribute("aria-label", "Larger board");
  const apply = () => {
    host.style.zoom = z === 1 ? "" : String(z);
    host.style.setProperty("--hr-zoom", String(z)); // the boards' sticky bars divide --hr-top by it
    label.textContent = `${Math.round(z * 100)}%`;
    minus.disabled = z <= ZOOMS[0];
    plus.disabled = z >= ZOOMS[ZOOMS.length - 1];
    onChange(z);
  };
  const step = (d) => {
    const i = ZOOMS.indexOf(z);
    z = ZOOMS[Math.max(0, Math.min(ZOOMS.length - 1, i + d))];
    saveZoom(gameId, z);
    apply();
  };
  minus.addEventListener("click", () => step(-1));
  plus.addEventListener("click", () => step(1));
  label.addEventListener("click", () => { z = 1; saveZoom(gameId, z); apply(); });
  const box = document.createElement("span");
  box.className = "zoom";
  box.id = "zoom";
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", "Board zoom");
  box.append(minus, label, plus);
  apply();
  return box;
}
