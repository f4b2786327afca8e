// Small DOM helpers. Text is always inserted with textContent (never innerHTML), so a player's
// name or any other text from the server can never become markup.

const SVG_NS = "http://www.w3.org/2000/svg";

/** h("div.card#id", {attrs, on: {click}}, ...children): build an element; strings become text nodes. */
export function h(spec, props, ...children) {
  if (props === null || typeof props !== "object" || props instanceof Node || Array.isArray(props)) {
    if (props !== undefined && props !== null) children.unshift(props);
    props = {};
  }
  const m = /^([a-z0-9-]+)?((?:[.#][\w-]+)*)$/i.exec(spec);
  if (!m) throw new Error(`bad element spec ${spec}`);
  const el = document.createElement(m[1] || "div");
  for (const part of m[2].match(/[.#][\w-]+/g) || []) {
    if (part[0] === ".") el.classList.add(part.slice(1));
    else el.id = part.slice(1);
  }
  setProps(el, props);
  append(el, children);
  return el;
}

/** An SVG element (icons are built from fixed path data, never from server text). */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) el.appendChild(c);
  return el;
}

function setProps(el, props) {
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "on") {
      for (const [ev, fn] of Object.entries(value)) el.addEventListener(ev, fn);
    } else if (key === "text") {
      el.textContent = String(value);
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (key === "style" && typeof value === "object") {
      for (const [prop, v] of Object.entries(value)) el.style.setProperty(prop, v);
    } else if (key === "class") {
      el.className = value;
    } else if (key in el && typeof value !== "string") {
      el[key] = value;
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
}

export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Replace all children of el. */
export function fill(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];

// words the games spell in capitals (Class of '89's ABC tokens, victory points)
const ACRONYMS = new Map(["abc", "vp", "mcts"].map((w) => [w, w.toUpperCase()]));

/** "objective_scoring" / "wildcatWay" / "abc_token" -> "Objective scoring" / "Wildcat way" / "ABC token". */
export function humanize(key) {
  const s = String(key).replace(/[_-]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").trim();
  if (!s) return s;
  const words = (s[0].toUpperCase() + s.slice(1).toLowerCase()).split(" ");
  return words.map((w) => ACRONYMS.get(w.toLowerCase()) || w).join(" ");
}

/** "ExchangeDone" -> "Exchange done" (action kinds as group titles). */
export function kindLabel(kind) {
  return humanize(kind);
}

export function plural(n, one, many = one + "s") {
  return `${n} ${n === 1 ? one : many}`;
}

/** "3 minutes ago" from an ISO time. */
export function ago(iso) {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return "";
  const s = Math.max(0, Math.round((Date.now() - t) / 1000));
  if (s < 45) return "just now";
  const m = Math.round(s / 60);
  if (m < 60) return `${plural(m, "minute")} ago`;
  const hr = Math.round(m / 60);
  if (hr < 36) return `${plural(hr, "hour")} ago`;
  return `${plural(Math.round(hr / 24), "day")} ago`;
}

/** m:ss or h:mm:ss from milliseconds. */
export function clockText(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hrs = Math.floor(total / 3600);
  const min = Math.floor((total % 3600) / 60);
  const sec = String(total % 60).padStart(2, "0");
  return hrs ? `${hrs}:${String(min).padStart(2, "0")}:${sec}` : `${min}:${sec}`;
}

/** A transient message at the bottom of the screen. */
export function toast(text, kind = "info", ms = 4000) {
  let box = document.getElementById("toasts");
  if (!box) {
    box = h("div#toasts", { role: "status", "aria-live": "polite" });
    document.body.appendChild(box);
  }
  const t = h(`div.toast.toast-${kind}`, text);
  box.appendChild(t);
  setTimeout(() => t.classList.add("leaving"), ms);
  setTimeout(() => t.remove(), ms + 400);
  return t;
}

/** Copy text to the clipboard (falls back to selecting a hidden field). */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const field = h("textarea", { style: { position: "fixed", opacity: "0" } });
    field.value = text;
    document.body.appendChild(field);
    field.select();
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch {
      ok = false;
    }
    field.remove();
    return ok;
  }
}
