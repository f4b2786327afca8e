// The board kit (BOARDS.md): the few helpers every board needs, served at /static/js/kit.js.
//   import { h, svg, html, patch, seatSymbol, seatClass, seatColourName } from "/static/js/kit.js";
// - h / svg build elements (text always as text);
// - seatSymbol / seatClass / seatColourName / SEAT_COLOURS / SEAT_SHAPES: the page's seat colours and shapes;
// - html`...` is an auto-escaping template: every ${value} is text (escaped), except another html`...`,
//   a list of them, or a DOM node; null, undefined and false write nothing;
// - patch(target, content) updates target's children to content by key: elements with the same
//   data-key (or, without one, the same tag in the same place) are kept and only what differs changes.
export { h, svg } from "./dom.js";
export { SEAT_COLOURS, SEAT_SHAPES, seatClass, seatColourName, seatSymbol } from "./seats.js";

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Markup made by html`...`: its text is safe to parse (every value in it was escaped). */
export class Markup {
  constructor(text, nodes = []) {
    this.text = text;
    this.nodes = nodes; // DOM nodes put in by value, placed where their <template data-kit-node> marks are
  }

  toString() {
    return this.text;
  }
}

/** Text with &, <, >, " and ' escaped (what html`...` does to every value). */
export function escapeText(value) {
  return String(value ?? "").replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

function piece(value, nodes) {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof Markup) {
    nodes.push(...value.nodes);
    return value.text;
  }
  if (Array.isArray(value)) return value.map((v) => piece(v, nodes)).join("");
  if (typeof Node !== "undefined" && value instanceof Node) {
    nodes.push(value);
    return `<template data-kit-node="${nodes.length - 1}"></template>`;
  }
  return escapeText(value);
}

/** html`<b>${name}</b>`: markup whose values are all escaped (see the top of this file). */
export function html(strings, ...values) {
  const nodes = [];
  let text = strings[0];
  values.forEach((value, i) => {
    text += piece(value, nodes) + strings[i + 1];
  });
  return new Markup(text, nodes);
}

/** The nodes of ``content``: a Markup, a node, text, or a list of them. */
export function toNodes(content) {
  if (content === null || content === undefined || content === false) return [];
  if (Array.isArray(content)) return content.flatMap(toNodes);
  if (content instanceof Markup) {
    // the inert parser: nothing in it runs or loads while it is parsed
    const doc = new DOMParser().parseFromString(`<body>${content.text}</body>`, "text/html");
    for (const mark of doc.querySelectorAll("template[data-kit-node]")) mark.replaceWith(content.nodes[Number(mark.dataset.kitNode)]);
    return [...doc.body.childNodes].map((n) => document.adoptNode(n));
  }
  if (content instanceof Node) return content instanceof DocumentFragment ? [...content.childNodes] : [content];
  // anything else is text (a plain string is never parsed as markup)
  return String(content) === "" ? [] : [document.createTextNode(String(content))];
}

const keyOf = (n) => (n.nodeType === 1 ? n.getAttribute("data-key") ?? n.getAttribute("data-tok") : null);
const sameKind = (a, b) => a.nodeType === b.nodeType && (a.nodeType !== 1 || (a.namespaceURI === b.namespaceURI && a.tagName === b.tagName));

/** Make ``target``'s children look like ``content``, keeping the elements that are already there
 * (by data-key, else by tag and place) and changing only the attributes and text that differ: a
 * focused piece, a hover, a transition or a scroll position survives an update. */
export function patch(target, content) {
  patchChildren(target, toNodes(content));
  return target;
}

function patchChildren(parent, wanted) {
  const old = [...parent.childNodes];
  const byKey = new Map();
  for (const o of old) {
    const k = keyOf(o);
    if (k !== null && !byKey.has(k)) byKey.set(k, o);
  }
  const used = new Set();
  let next = 0; // the next unkeyed old child to match by place
  const result = wanted.map((n) => {
    const k = keyOf(n);
    let match = null;
    if (k !== null) {
      const o = byKey.get(k);
      if (o && !used.has(o) && sameKind(o, n)) match = o;
    } else {
      while (next < old.length && (used.has(old[next]) || keyOf(old[next]) !== null)) next += 1;
      if (next < old.length && sameKind(old[next], n)) {
        match = old[next];
        next += 1;
      }
    }
    if (!match) return n;
    used.add(match);
    morph(match, n);
    return match;
  });
  for (const o of old) if (!used.has(o)) o.remove();
  let ref = parent.firstChild;
  for (const node of result) {
    if (node === ref) ref = ref.nextSibling;
    else parent.insertBefore(node, ref);
  }
}

function morph(el, want) {
  if (el.nodeType !== 1) {
    if (el.nodeValue !== want.nodeValue) el.nodeValue = want.nodeValue;
    return;
  }
  for (const attr of [...el.attributes]) if (!want.hasAttribute(attr.name)) el.removeAttribute(attr.name);
  for (const attr of want.attributes) if (el.getAttribute(attr.name) !== attr.value) el.setAttribute(attr.name, attr.value);
  patchChildren(el, [...want.childNodes]);
}
