// A resizable game log (issue 31): a handle under the log drags its height (mouse, touch or the
// arrow keys), and the height is remembered in this browser (store.js pref "logHeight").
import { h } from "./dom.js";
import * as store from "./store.js";

const MIN = 80; // px: a few lines always show
const STEP = 24; // px per arrow key

function limit(px) {
  const max = Math.max(MIN, Math.round(window.innerHeight * 0.85));
  return Math.round(Math.min(max, Math.max(MIN, px)));
}

function apply(log, px) {
  log.style.height = `${px}px`;
  log.style.maxHeight = "none";
}

/** Add the handle under `log` and restore the remembered height. */
export function setupLogResize(log) {
  if (!log) return null;
  const saved = Number(store.prefs().logHeight);
  if (Number.isFinite(saved) && saved > 0) apply(log, limit(saved));
  const handle = h("div.log-resize#log-resize", {
    role: "separator", tabindex: "0", "aria-orientation": "horizontal", "aria-controls": log.id,
    "aria-label": "Resize the game log", title: "Drag (or use the arrow keys) to make the log taller or shorter",
  });
  const set = (px) => {
    const next = limit(px);
    apply(log, next);
    handle.setAttribute("aria-valuenow", String(next));
    return next;
  };
  const save = () => store.setPref("logHeight", log.getBoundingClientRect().height);
  handle.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    const startY = e.clientY;
    const startH = log.getBoundingClientRect().height;
    handle.setPointerCapture(e.pointerId);
    const move = (ev) => set(startH + ev.clientY - startY);
    const up = () => {
      handle.removeEventListener("pointermove", move);
      handle.removeEventListener("pointerup", up);
      handle.removeEventListener("pointercancel", up);
      save();
    };
    handle.addEventListener("pointermove", move);
    handle.addEventListener("pointerup", up);
    handle.addEventListener("pointercancel", up);
  });
  handle.addEventListener("keydown", (e) => {
    const delta = e.key === "ArrowDown" ? STEP : e.key === "ArrowUp" ? -STEP : 0;
    if (!delta) return;
    e.preventDefault();
    set(log.getBoundingClientRect().height + delta);
    save();
  });
  log.after(handle);
  return handle;
}
