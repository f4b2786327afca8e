// High School Drama! Varsity Edition: the board module for the homeroom table page.
//
// createBoard(container, hooks) draws the seat's observation (the quad, the year and season track, the decks,
// every seat's clique with arrows lined up and bond markers, hands, standouts, signatures) and turns
// clicks on the pieces into the engine's actions. Every clickable piece carries tokens (data-tok);
// every legal action is a set of tokens (tokensOf); a click keeps the legal actions that hold the
// clicked token, highlights the tokens still possible and sends the action once it is complete.
// Card names and numbers come from components.json, generated from the game's data/*.toml.

import { patch } from "/static/js/kit.js";

const COMP = await fetch(new URL("components.json", import.meta.url)).then((r) => r.json());

const TYPE_COLOUR = { jock: "#3b9a4a", popular: "#e0559a", artsy: "#8c55c6", geek: "#7f8690" };
const EVENT_COLOUR = { green: "#3b9a4a", pink: "#e0559a", purple: "#8c55c6", grey: "#7f8690", blue: "#2f73c8" };
const SEAT_COLOUR = ["#c8414c", "#2a78a8", "#2f8a55", "#c98a12", "#7b57a8"];
const SEAT_SHAPE = ["circle", "triangle", "square", "diamond", "star"];
const SEAT_NAME = ["red circle", "blue triangle", "green square", "yellow diamond", "purple star"];
const STEP = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
const OPP = { N: "S", S: "N", E: "W", W: "E" };
const DIR_WORD = { N: "north", E: "east", S: "south", W: "west" };
const KIND_ICON = { hookup: "♥", bond: "∞", breakup: "✂" };
const KIND_TEXT = {
  hookup: "Hookup: a student of your clique joins a card from the quad (same type, or the target's cool at most the student's cool).",
  bond: "Bond: add one bond marker to a relationship of your clique (at most the two hearts added).",
  breakup: "Breakup: remove one bond marker from a rival's relationship your student is cruel enough for.",
};
const TYPE_EVENT = { jock: "jock games", popular: "popular parties", artsy: "art shows", geek: "geek conventions" };
const STANDOUT_TYPE = { "Most Athletic": "jock", "Most Popular": "popular", "Most Artistic": "artsy", "Biggest Dork": "geek" };

// ------------------------------------------------------------------ tiny DOM helpers
function el(tag, attrs, ...kids) {
  const [name, ...classes] = tag.split(".");
  const n = document.createElement(name || "div");
  if (classes.length) n.className = classes.join(" ");
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "style") n.setAttribute("style", v);
    else if (k === "class") n.classList.add(...String(v).split(/\s+/).filter(Boolean));
    else if (k === "text") n.textContent = v;
    else if (k.startsWith("on")) n.addEventListener(k.slice(2), v);
    else n.setAttribute(k, v === true ? "" : String(v));
  }
  for (const kid of kids.flat(Infinity)) {
    if (kid === null || kid === undefined || kid === false) continue;
    n.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return n;
}

const SVGNS = "http://www.w3.org/2000/svg";
function seatSymbol(seat, size = 16) {
  const s = document.createElementNS(SVGNS, "svg");
  s.setAttribute("viewBox", "0 0 24 24");
  s.setAttribute("width", size);
  s.setAttribute("height", size);
  s.setAttribute("class", "hsd-sym");
  s.setAttribute("role", "img");
  s.setAttribute("aria-label", SEAT_NAME[seat % 5]);
  const paths = {
    circle: ["circle", { cx: 12, cy: 12, r: 9 }],
    triangle: ["path", { d: "M12 2.8 L21.6 20 H2.4 Z" }],
    square: ["rect", { x: 3.5, y: 3.5, width: 17, height: 17, rx: 2 }],
    diamond: ["path", { d: "M12 1.8 L22.2 12 L12 22.2 L1.8 12 Z" }],
    star: ["path", { d: "M12 1.8l3 6.9 7.4.6-5.6 4.9 1.7 7.3L12 17.6l-6.5 3.9 1.7-7.3L1.6 9.3 9 8.7z" }],
  };
  const [tag, at] = paths[SEAT_SHAPE[seat % 5]];
  const p = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(at)) p.setAttribute(k, v);
  p.setAttribute("fill", SEAT_COLOUR[seat % 5]);
  p.setAttribute("stroke", "rgba(0,0,0,.45)");
  p.setAttribute("stroke-width", "1.3");
  s.append(p);
  return s;
}

function pawn() {
  return el("span.hsd-pawn", { title: "Semester leader icon (blue pawn)", "aria-label": "semester leader" }, "♟");
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const card = (id) => COMP.cards[id];
const nameOf = (id) => {
  if (COMP.cards[id]) return COMP.cards[id].name;
  if (COMP.drama[id]) return `${cap(COMP.drama[id].kind)} (${COMP.drama[id].name})`;
  if (COMP.events[id]) return COMP.events[id].name;
  return id;
};
/** Text from the data with every card id ("track-team") replaced by the card's name ("Track Team"). */
const named = (text) => String(text).replace(/\b[a-z]+(?:-[a-z]+)+\b/g, (id) => (COMP.cards[id] ? COMP.cards[id].name : id));
const typeLabel = (c) => c.types.map(cap).join("/");
const maxStrength = (a, b) => card(a).heart + card(b).heart;

function typeStyle(types) {
  const cs = types.map((t) => TYPE_COLOUR[t]);
  if (cs.length === 1) return `--frame:${cs[0]};--frame2:${cs[0]}`;
  return `--frame:${cs[0]};--frame2:${cs[1]}`;
}

function initials(name) {
  return name.split(/\s+/).map((w) => w[0]).join("").slice(0, 3).toUpperCase();
}

// ------------------------------------------------------------------ card texts (hover / tap)
function cardInfo(id) {
  const c = COMP.cards[id];
  if (c) {
    const lines = [`${c.name}: ${c.student ? "student" : "organization"}, ${typeLabel(c)}`,
      `Cool ${c.cool} · Heart ${c.heart}` + (c.student ? ` · Cruel ${c.cruel}` : ""),
      ...(c.student ? [`Cruel enough: breaks up a rival's relationship of at most ${c.cruel} bonds (more with an event's bonus).`] : []),
      `Arrows: ${c.arrows.map((d) => DIR_WORD[d]).join(", ")}`];
    if (c.quote) lines.push(`“${c.quote}”`);
    if (!c.student) lines.push("Organizations never perform hookups.");
    return lines.join("\n");
  }
  const d = COMP.drama[id];
  if (d) return `${cap(d.kind)} drama card “${d.name}”\n${KIND_TEXT[d.kind]}\nAfter play it goes back face down to its owner.`;
  const e = COMP.events[id];
  if (e) {
    const colour = e.colour === "blue" ? "bonus card" : TYPE_EVENT[Object.keys(TYPE_COLOUR).find((t) => TYPE_COLOUR[t] === EVENT_COLOUR[e.colour])] || e.colour;
    return `${e.name}: special event (${e.colour}, ${colour})\n${named(e.text)}\nEffect: ${named(e.summary)}`;
  }
  return id;
}

// ------------------------------------------------------------------ drawing one card
function attrs(c) {
  return el("div.hsd-attrs", {},
    el("span.hsd-at.cool", { title: `cool ${c.cool}` }, el("i", {}, "❄"), c.cool),
    el("span.hsd-at.heart", { title: `heart ${c.heart}` }, el("i", {}, "♥"), c.heart),
    c.student ? el("span.hsd-at.cruel", { title: `cruel ${c.cruel}: cruel enough for a relationship of at most ${c.cruel} bonds` }, el("i", {}, "☠"), c.cruel) : null);
}

function arrowMarks(c) {
  return c.arrows.map((d) => el(`i.hsd-arrow.${d}`, { "aria-hidden": "true" }));
}

/** A student or organization card face up (quad, clique, transfer deck). */
function drawCard(id, extra = {}) {
  const c = card(id);
  const cls = `div.hsd-card.${c.student ? "student" : "org"}${c.types.length > 1 ? ".dual" : ""}`;
  return el(cls, { style: typeStyle(c.types), "data-card": id, "data-info": cardInfo(id), tabindex: "0",
    "aria-label": `${c.name}, ${c.student ? "student" : "organization"}, ${typeLabel(c)}, cool ${c.cool}, heart ${c.heart}` + (c.student ? `, cruel ${c.cruel}` : ""),
    ...extra },
  arrowMarks(c),
  el("div.hsd-face", {},
    el("div.hsd-name", {}, c.name),
    el("div.hsd-portrait", { "aria-hidden": "true" }, c.student ? initials(c.name) : "★"),
    el("div.hsd-type", {}, c.student ? typeLabel(c) : `${typeLabel(c)} org`),
    attrs(c)));
}

function drawAction(id, extra = {}) {
  const d = COMP.drama[id];
  if (d) {
    return el(`div.hsd-action.drama.${d.kind}`, { "data-card": id, "data-info": cardInfo(id), tabindex: "0", ...extra },
      el("div.hsd-akind", {}, KIND_ICON[d.kind], " ", cap(d.kind)),
      el("div.hsd-aname", {}, d.name),
      el("div.hsd-atext", {}, KIND_TEXT[d.kind].split(":")[1]));
  }
  const e = COMP.events[id];
  return el("div.hsd-action.event", { style: `--ev:${EVENT_COLOUR[e.colour]}`, "data-card": id, "data-info": cardInfo(id), tabindex: "0", ...extra },
    el("div.hsd-akind", {}, "★ Event"),
    el("div.hsd-aname", {}, e.name),
    el("div.hsd-atext", {}, named(e.text)));
}

function cardBack(label, extra = {}, cls = "") {
  return el(`div.hsd-back${cls}`, extra, el("span", {}, label));
}

// ------------------------------------------------------------------ the model: tokens of actions
function tokensOf(a, me) {
  switch (a.type) {
    case "PickMain": return ["quad:" + a.card];
    case "PickTransfer": return ["deck:" + a.card];
    case "Discard": case "PlayCard": return ["hand:" + a.card];
    case "KeepHand": return ["keep"];
    case "DrawDrama": return ["drama:" + a.drama];
    case "DrawEvent": return ["events"];
    case "HookUp": return ["quad:" + a.target, `slot:${a.x},${a.y}`, "perf:" + a.performer];
    case "Bond": case "Exchange": return [`rel:${me}:${a.card}`];
    case "Breakup": return [`rel:${a.rival}:${a.card}`, "perf:" + a.performer];
    case "ExchangeDone": return ["done"];
    default: return [];
  }
}
/** How many of an action's tokens must be clicked (the rest is filled in when unique). */
const REQUIRED = { HookUp: 2, Breakup: 1 };

// ------------------------------------------------------------------ cliques
/** What the other seats' last turns did (view.last_moves; a move the viewer may not see has no
 * action and marks nothing): students who joined a clique, bond changes per relationship, and the
 * cards breakups aimed at (lost when no longer in that clique). Keys are "seat:card". */
function recentMoves(view, me) {
  const out = { joined: new Set(), bonds: new Map(), attacked: new Map() };
  const add = (key, n) => out.bonds.set(key, (out.bonds.get(key) || 0) + n);
  ((view && view.last_moves) || []).forEach((moves, s) => {
    if (s === me) return;
    for (const { action: a } of moves) {
      if (!a) continue;
      if (a.type === "HookUp") out.joined.add(`${s}:${a.target}`);
      else if (a.type === "PickMain" || a.type === "PickTransfer") out.joined.add(`${s}:${a.card}`);
      else if (a.type === "Bond") add(`${s}:${a.card}`, 1);
      else if (a.type === "Exchange") add(`${s}:${a.card}`, -1);
      else if (a.type === "Breakup") {
        add(`${a.rival}:${a.card}`, -1);
        out.attacked.set(a.rival, [...(out.attacked.get(a.rival) || []), a.card]);
      }
    }
  });
  return out;
}

function cliqueOf(player) {
  const m = new Map();
  for (const [id, x, y, parent, bonds] of player.clique) m.set(id, { id, x, y, parent, bonds });
  return m;
}

function openSpots(clique) {
  const taken = new Set([...clique.values()].map((p) => `${p.x},${p.y}`));
  const xs = [...clique.values()].map((p) => p.x);
  const ys = [...clique.values()].map((p) => p.y);
  const out = new Map();
  if (!xs.length) return out;
  const span = COMP.span;
  for (const p of clique.values()) {
    const c = card(p.id);
    if (!c.student) continue;
    for (const d of c.arrows) {
      const x = p.x + STEP[d][0];
      const y = p.y + STEP[d][1];
      if (taken.has(`${x},${y}`)) continue;
      if (Math.max(...xs, x) - Math.min(...xs, x) >= span || Math.max(...ys, y) - Math.min(...ys, y) >= span) continue;
      if (!out.has(`${x},${y}`)) out.set(`${x},${y}`, []);
      out.get(`${x},${y}`).push(OPP[d]);
    }
  }
  return out;
}

/** The cards a broken relationship would send back to the quad: the card and all hanging from it. */
function chainOf(clique, id) {
  const gone = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of clique.values()) {
      if (p.parent && gone.has(p.parent) && !gone.has(p.id)) { gone.add(p.id); grew = true; }
    }
  }
  return [...gone];
}

function relationKind(child, parent) {
  const c = card(child);
  const p = card(parent);
  if (c.student && p.student) return { label: "couple (two students)", colour: "#d2386c", couple: true };
  const org = c.student ? p : c;
  return { label: `${typeLabel(org)} organization`, colour: TYPE_COLOUR[org.types[0]], colour2: TYPE_COLOUR[org.types[1] || org.types[0]] };
}

// ------------------------------------------------------------------ standouts
function standoutValue(name, clique) {
  const t = STANDOUT_TYPE[name];
  const ps = [...clique.values()];
  if (t) return ps.filter((p) => !card(p.id).student && card(p.id).types.includes(t)).reduce((n, p) => n + p.bonds, 0);
  if (name === "Cutest Couple") return Math.max(0, ...ps.filter((p) => p.parent && card(p.id).student && card(p.parent).student).map((p) => p.bonds));
  if (name === "Biggest Flirt") return ps.filter((p) => card(p.id).student).length;
  if (name === "Most School Spirit") return ps.filter((p) => !card(p.id).student).length;
  return 0;
}

// ------------------------------------------------------------------ the board
/** The board contract (homeroom/web/BOARDS.md): createBoard(container, {choose, explain}) -> {update, destroy}. */
export function createBoard(container, hooks) {
  return new Board(container, hooks || {});
}

class Board {
  constructor(host, api) {
    this.host = host;
    this.api = api;
    this.view = null;
    this.chosen = [];
    this.key = null;
    this.message = null;
    this.recent = recentMoves(null, null);
    if (!document.getElementById("hsd-board-css")) {
      document.head.append(el("link", { id: "hsd-board-css", rel: "stylesheet", href: new URL("board.css", import.meta.url).href }));
    }
    this.root = el("div.hsd-board", { "data-board": "high-school-drama" });
    this.tip = el("div.hsd-tip", { role: "tooltip", hidden: true });
    host.replaceChildren(this.root, this.tip);
    this.root.addEventListener("click", (e) => this.onClick(e));
    this.root.addEventListener("mouseover", (e) => this.onHover(e));
    this.root.addEventListener("mouseout", (e) => this.onOut(e));
    this.root.addEventListener("focusin", (e) => this.onHover(e));
    this.root.addEventListener("focusout", (e) => this.onOut(e));
    this.root.addEventListener("keydown", (e) => {
      if (e.key === "Escape") { this.cancel(); return; }
      if ((e.key === "Enter" || e.key === " ") && e.target.closest && e.target.closest("[data-tok]") && e.target.tagName !== "BUTTON") {
        e.preventDefault();
        e.target.closest("[data-tok]").click();
      }
    });
  }

  destroy() { this.host.replaceChildren(); }

  // -------------------------------------------------------------- state
  get me() { return this.view && this.view.role === "seat" ? this.view.seat : null; }
  get obs() { return this.view.observation; }
  get live() { return this.view.live !== false && !this.view.replay; }
  get myTurn() {
    const v = this.view;
    if (v.my_turn !== undefined) return !!v.my_turn && !v.pending;
    return this.live && this.me !== null && v.to_move === this.me && (v.legal || []).length > 0;
  }
  get legal() { return this.myTurn ? (this.view.legal || []).map((l) => l.action) : []; }

  candidates() {
    const me = this.me;
    return this.legal.filter((a) => { const ts = tokensOf(a, me); return this.chosen.every((t) => ts.includes(t)); });
  }

  liveTokens() {
    const out = new Set();
    for (const a of this.candidates()) for (const t of tokensOf(a, this.me)) if (!this.chosen.includes(t)) out.add(t);
    return out;
  }

  update(view) {
    const prev = this.view;
    const key = `${view.table_id}|${view.version}|${view.step}|${view.seat}|${view.replay ? "r" : ""}|${view.my_turn}|${view.pending}`;
    if (key !== this.key) { this.chosen = []; this.message = null; }
    this.key = key;
    // the other seats' last moves, as the view tells them (BOARDS.md: nothing kept from old views)
    this.view = view;
    this.recent = recentMoves(view, this.me);
    this.render();
  }

  cancel() {
    if (!this.chosen.length) return;
    this.chosen = [];
    this.message = null;
    this.refresh();
  }

  /** After a selection click: the prompt and the highlights change, the pieces stay. */
  refresh() {
    this.root.classList.toggle("hsd-selecting", this.chosen.length > 0);
    this.renderPrompt();
    this.mark(this.root);
  }

  // -------------------------------------------------------------- clicks
  onClick(e) {
    const btn = e.target.closest("[data-cmd]");
    if (btn) { if (btn.dataset.cmd === "cancel") this.cancel(); return; }
    const t = e.target.closest("[data-tok]");
    if (!t || !this.root.contains(t)) return;
    const toks = t.dataset.tok.split(" ").filter(Boolean);
    if (!this.myTurn) this.showTip(t);
    if (!this.live) { this.say("You are looking at an earlier moment of the game."); return; }
    if (this.me === null) return;
    if (!this.myTurn) {
      const v = this.view;
      if (v.to_move !== null && v.to_move !== undefined && v.to_move !== this.me) this.say(`Not your turn: ${this.seatName(v.to_move)} is choosing now.`);
      else if (v.pending) this.say("Your move is on its way…");
      return;
    }
    const chosenHit = toks.find((x) => this.chosen.includes(x));
    if (chosenHit) { // clicking a chosen piece again takes that step back
      this.chosen = this.chosen.slice(0, this.chosen.indexOf(chosenHit));
      this.message = null;
      this.refresh();
      return;
    }
    const live = this.liveTokens();
    const hit = toks.find((x) => live.has(x));
    if (!hit) { this.showTip(t); this.explainClick(toks); return; }
    this.chosen.push(hit);
    this.message = null;
    const cands = this.candidates();
    const done = cands.find((a) => {
      const ts = tokensOf(a, this.me);
      const need = ts.slice(0, REQUIRED[a.type] || ts.length);
      return need.every((x) => this.chosen.includes(x)) && cands.length === 1;
    });
    if (done) { this.send(done); return; }
    // several actions hold every required token: wait for the distinguishing click
    this.refresh();
  }

  send(action) {
    this.chosen = [];
    this.refresh();
    if (this.api.choose) this.api.choose(action);
  }

  say(text) {
    this.message = text;
    this.renderPrompt();
  }

  /** A click on a piece that is no legal choice now: ask the engine why, as precisely as we can. */
  explainClick(toks) {
    const probe = this.probe(toks);
    if (!probe) {
      this.say(`That is not a choice now. ${this.promptText()}`);
      return;
    }
    this.say("Checking why that is not allowed…");
    const ask = this.api.explain ? Promise.resolve(this.api.explain(probe)) : Promise.resolve(null);
    ask.then((reason) => this.say(reason ? `Not allowed: ${reason}` : "That move is allowed: click it again."))
      .catch(() => this.say("Not allowed now."));
  }

  probe(toks) {
    const o = this.obs;
    const me = this.me;
    const phase = o.phase;
    const tok = toks[0];
    const [kind, a, b] = tok.split(":");
    const clique = cliqueOf(o.players[me]);
    const playing = o.playing;
    const effect = playing ? (COMP.drama[playing] ? { kind: COMP.drama[playing].kind } : COMP.events[playing].effect) : null;
    const chosenOf = (k) => { const t = this.chosen.find((x) => x.startsWith(k + ":")); return t ? t.slice(k.length + 1) : null; };
    const best = [...clique.values()].filter((p) => card(p.id).student).sort((p, q) => card(q.id).cruel - card(p.id).cruel)[0];
    if (phase === "pick" && kind === "quad") return { type: "PickMain", card: a };
    if (phase === "transfer" && kind === "deck") return { type: "PickTransfer", card: a };
    if (phase === "draw" && kind === "drama") return { type: "DrawDrama", drama: a };
    if (phase === "draw" && kind === "events") return { type: "DrawEvent" };
    if (phase === "act" && kind === "hand") return { type: "PlayCard", card: a };
    if (phase === "review" && kind === "hand") return { type: "Discard", card: a };
    if (phase === "exchange" && kind === "rel") return { type: "Exchange", card: b };
    if (phase === "lovin" && kind === "rel") return { type: "Bond", card: b };
    if (phase === "resolve" && effect) {
      if (effect.kind === "bond" && kind === "rel") return { type: "Bond", card: b };
      if (effect.kind === "breakup" && (kind === "rel" || kind === "perf")) {
        const rival = kind === "rel" ? Number(a) : me;
        const target = kind === "rel" ? b : a;
        const perf = chosenOf("perf") || (best ? best.id : null);
        return perf ? { type: "Breakup", performer: perf, rival, card: target } : null;
      }
      if (effect.kind === "hookup" && ["quad", "slot", "perf"].includes(kind)) {
        const target = kind === "quad" ? a : chosenOf("quad") || o.quad[0];
        let perf = kind === "perf" ? a : chosenOf("perf");
        let xy = null;
        if (kind === "slot") {
          const [x, y] = a.split(",").map(Number);
          xy = [x, y];
          if (!perf) {
            const next = [...clique.values()].find((p) => Math.abs(p.x - x) + Math.abs(p.y - y) === 1);
            perf = next ? next.id : null;
          }
        }
        perf = perf || [...clique.keys()][0];
        if (!perf || !target) return null;
        if (!xy) {
          const p = clique.get(perf);
          const d = ["N", "E", "S", "W"].find((d) => ![...clique.values()].some((q) => q.x === p.x + STEP[d][0] && q.y === p.y + STEP[d][1])) || "E";
          xy = [p.x + STEP[d][0], p.y + STEP[d][1]];
        }
        return { type: "HookUp", performer: perf, target, x: xy[0], y: xy[1] };
      }
    }
    return null;
  }

  // -------------------------------------------------------------- hover: texts and the breakup chain
  onHover(e) {
    const t = e.target.closest && e.target.closest("[data-info]");
    if (t && this.root.contains(t)) this.showTip(t);
    const r = e.target.closest && e.target.closest("[data-rel]");
    this.root.querySelectorAll(".hsd-chain").forEach((n) => n.classList.remove("hsd-chain"));
    if (r) {
      const box = r.closest("[data-clique]");
      if (box) {
        const seat = Number(box.dataset.clique);
        const chain = chainOf(cliqueOf(this.obs.players[seat]), r.dataset.rel);
        for (const id of chain) box.querySelectorAll(`.hsd-cell [data-card="${id}"]`).forEach((n) => n.classList.add("hsd-chain"));
      }
    }
  }

  onOut(e) {
    const t = e.target.closest && e.target.closest("[data-info]");
    if (t && (!e.relatedTarget || !t.contains(e.relatedTarget))) this.tip.hidden = true;
    if (e.target.closest && e.target.closest("[data-rel]") && !(e.relatedTarget && e.relatedTarget.closest && e.relatedTarget.closest("[data-rel]"))) {
      this.root.querySelectorAll(".hsd-chain").forEach((n) => n.classList.remove("hsd-chain"));
    }
  }

  showTip(t) {
    const info = t.dataset.info || (t.closest("[data-info]") && t.closest("[data-info]").dataset.info);
    if (!info) return;
    this.tip.textContent = info;
    this.tip.hidden = false;
    const r = t.getBoundingClientRect();
    const hr = this.host.getBoundingClientRect();
    const w = Math.min(300, window.innerWidth - 16);
    let left = r.left - hr.left + r.width / 2 - w / 2;
    left = Math.max(0, Math.min(left, hr.width - w));
    this.tip.style.width = `${w}px`;
    this.tip.style.left = `${left}px`;
    this.tip.style.top = `${r.bottom - hr.top + 6}px`;
  }

  // -------------------------------------------------------------- render
  seatName(s) {
    const seats = this.view.seats || [];
    const found = seats.find((x) => x.seat === s);
    return found ? found.name : this.obs.players[s].name;
  }

  render() {
    if (!this.view) return;
    const o = this.obs;
    const selecting = this.myTurn;
    this.root.classList.toggle("hsd-my-turn", selecting);
    this.root.dataset.year = o.year;
    this.root.dataset.season = o.season;
    this.root.dataset.phase = o.phase;
    this.root.classList.toggle("hsd-selecting", this.chosen.length > 0);
    const parts = [
      this.drawPrompt(),
      this.drawTrack(),
      el("div.hsd-middle", {}, this.drawQuad(), this.drawDecks()),
      this.drawTransferDeck(),
      this.drawHand(),
      el("div.hsd-seats", {}, this.seatOrder().map((s) => this.drawSeat(s))),
      this.drawLegend(),
      el("div.hsd-lower", {}, this.drawStandouts(), this.drawSignatures()),
    ].filter(Boolean);
    const box = el("div.hsd-inner", {}, parts);
    this.tip.hidden = true;
    this.mark(box);
    patch(this.root, box); // by key: pieces that did not change are kept as they are
  }

  /** Highlight what can be clicked now, dim the rest. */
  mark(box) {
    const live = this.liveTokens();
    const selecting = this.myTurn;
    for (const n of box.querySelectorAll("[data-tok]")) {
      const toks = n.dataset.tok.split(" ");
      const isLive = toks.some((t) => live.has(t));
      const isChosen = toks.some((t) => this.chosen.includes(t));
      n.classList.toggle("hsd-live", selecting && isLive);
      n.toggleAttribute("data-legal", selecting && isLive); // BOARDS.md: every piece a player can click now
      n.classList.toggle("hsd-chosen", isChosen);
      n.classList.toggle("hsd-dim", selecting && !isLive && !isChosen);
      if (selecting && isLive) {
        n.setAttribute("role", n.getAttribute("role") || "button");
        if (!n.hasAttribute("tabindex")) n.setAttribute("tabindex", "0");
      }
    }
  }

  renderPrompt() {
    const old = this.root.querySelector(".hsd-prompt");
    if (!old) return;
    const fresh = this.drawPrompt();
    old.replaceWith(fresh);
    this.mark(fresh);
  }

  seatOrder() {
    const n = this.obs.players.length;
    const first = this.me === null ? 0 : this.me;
    return Array.from({ length: n }, (_, i) => (first + i) % n);
  }

  playingSeat() {
    const o = this.obs;
    if (!o.playing) return null;
    return this.view.turn_seat ?? o.to_move;
  }

  effectOfPlaying() {
    const p = this.obs.playing;
    if (!p) return null;
    return COMP.drama[p] ? { kind: COMP.drama[p].kind, amount: 1 } : COMP.events[p].effect;
  }

  promptText() {
    const o = this.obs;
    const v = this.view;
    if (v.terminal || o.phase === "over") return "Graduation! The game is over: the most yearbook signatures wins (ties: most bonds left in play).";
    const who = o.to_move !== null && o.to_move !== undefined ? this.seatName(o.to_move) : "nobody";
    const limit = COMP.hand_size[COMP.years.indexOf(o.year)];
    const pc = o.playing ? nameOf(o.playing) : "";
    const eff = this.effectOfPlaying();
    const steps = {
      pick: ["pick a main student", "Pick your main student: click a student in the quad."],
      transfer: ["transfer in", "Transfer in: click any student of the student deck below to be your main student."],
      review: ["keep or discard last semester's cards", "Click a card in your hand to discard it, or Keep the rest."],
      draw: ["draw cards", `Draw up to ${limit} cards: click one of your face-down drama cards or the special event deck.`],
      act: [`play their ${o.step} action`, `${cap(o.step)} action: click a card in your hand to play it.`],
      exchange: [`answer ${pc}`, `${pc}: click one of your relationships it names to exchange a bond for a signature, or Done.`],
      lovin: ["place a Summer Lovin' bond", "Summer Lovin': click one of your relationships to place your free bond."],
    };
    if (o.phase === "resolve" && eff) {
      const what = {
        hookup: this.chosen.some((t) => t.startsWith("slot:"))
          ? "Which student performs the hookup? Click a highlighted student of your clique."
          : this.chosen.some((t) => t.startsWith("quad:"))
            ? "Now click a highlighted open square of your clique (the arrows must line up)."
            : `${pc}: click a student or organization in the quad, then the open square of your clique it joins.`,
        bond: `${pc}: click a relationship of your clique (its bond markers) to add a bond.`,
        breakup: this.chosen.some((t) => t.startsWith("rel:"))
          ? "Which of your students performs the breakup? Click a highlighted student."
          : `${pc}: click a rival's relationship (its bond markers or the card it holds) to break it up.`,
      }[eff.kind];
      steps.resolve = [`resolve ${pc}`, what];
    }
    const [theirs, mine] = steps[o.phase] || ["move", "Your move."];
    if (this.myTurn) return mine;
    if (this.view.pending) return "Sending your move…";
    if (!this.live) return `An earlier moment of the game: ${who} was to ${theirs}.`;
    return `${who} is to ${theirs}.`;
  }

  drawPrompt() {
    const o = this.obs;
    const mine = this.myTurn;
    const seatTo = o.to_move;
    return el(`div.hsd-prompt${mine ? ".mine" : ""}`, { role: "status", "aria-live": "polite" },
      seatTo !== null && seatTo !== undefined ? seatSymbol(seatTo, 18) : null,
      el("span.hsd-now", {}, this.promptText()),
      mine && o.phase === "exchange" ? el("button.hsd-btn", { type: "button", "data-tok": "done", "data-button": "done" }, "Done exchanging") : null,
      this.message ? el("span.hsd-msg", {}, this.message) : null,
      this.chosen.length ? el("button.hsd-cancel", { type: "button", "data-cmd": "cancel", title: "Cancel this choice (Esc)" }, "Cancel") : null);
  }

  // -------------------------------------------------------------- year and season track
  drawTrack() {
    const o = this.obs;
    const opts = this.view.options || {};
    const summerSchool = !!opts.summer_school;
    const lastYear = opts.early_graduation ? 2 : 3;
    const yi = COMP.years.indexOf(o.year);
    const si = COMP.seasons.indexOf(o.season);
    const transfer = opts.transfer_student && opts.transfer_student !== "none" ? opts.transfer_student : null;
    const transferSeat = o.players.length - 1;
    const years = COMP.years.map((y, i) => el(`div.hsd-year${i > lastYear ? ".gone" : ""}`, {},
      el("div.hsd-yname", {}, `${cap(y)} · hand ${COMP.hand_size[i]}`),
      el("div.hsd-seasons", {}, COMP.seasons.map((s, j) => {
        const now = i === yi && j === si;
        const summer = s === "summer";
        const grad = summer && i === lastYear;
        const label = grad ? "✦ Grad." : summer ? (summerSchool ? "☀★ Sum\u00admer" : "★ Votes") : cap(s);  // a 360 px phone's cell breaks it at its soft hyphen, not mid-letter
        const tip = grad ? "Senior graduation: flunk out, the last student standouts, the winner."
          : summer ? `${summerSchool ? "Summer School: summer is played, then " : "Summer semester: "}flunk out, vote for student standouts, Summer Lovin', shuffle events, new year.`
            : `${cap(y)} ${s}: draw up to ${COMP.hand_size[i]}, then midterm and final actions.`;
        return el(`div.hsd-season.${s}${now ? ".now" : ""}${i > lastYear ? ".gone" : ""}`, { "data-info": tip, title: tip },
          label, now ? el("span.hsd-tracker", { "aria-label": "season tracker" }, "●") : null,
          transfer === `${y}-${s}` ? el("span.hsd-joins", { title: "the transfer student joins here" }, "⇢", seatSymbol(transferSeat, 12)) : null);
      }))));
    const flags = [];
    if (opts.travel) flags.push(["Travel HSD", "Signatures are bond markers moved into the travel case."]);
    if (transfer) flags.push([`Transfer: ${transfer.replace("-", " ")}`, "Transfer Student Bonus: the last seat joins then, with 2 signatures per semester missed."]);
    if (summerSchool) flags.push(["Summer School", "Summer is a semester of play too; standouts after it."]);
    if (o.stacks) flags.push(["Public draft", "Public School Draft: drama cards come from three face-up stacks."]);
    if (opts.early_graduation) flags.push(["Early graduation", "The game ends after junior year's summer."]);
    return el("div.hsd-trackrow", {},
      el("div.hsd-track", { "aria-label": `${o.year} ${o.season}, ${o.step} action` }, years),
      el("div.hsd-flags", {}, flags.map(([f, t]) => el("span.hsd-flag", { "data-info": t, title: t }, f))));
  }

  // -------------------------------------------------------------- quad and decks
  drawQuad() {
    const o = this.obs;
    const students = o.quad.filter((c) => card(c).student);
    const orgs = o.quad.filter((c) => !card(c).student);
    const mk = (id) => drawCard(id, { "data-tok": `quad:${id}` });
    return el("section.hsd-quad", { "data-zone": "quad", "aria-label": "The quad", "data-info": "The quad: the cards nobody has. It is not refilled during the year: cards that leave it are gone until summer, when the rest leave and fresh cards arrive." },
      el("h3", {}, "The quad ", el("small", {}, `${students.length} students · ${orgs.length} organizations`)),
      el("div.hsd-quadrow", {}, students.length ? students.map(mk) : el("div.hsd-empty", {}, "no students")),
      el("div.hsd-quadrow", {}, orgs.length ? orgs.map(mk) : el("div.hsd-empty", {}, "no organizations")));
  }

  drawDecks() {
    const o = this.obs;
    const top = o.event_discard.length ? o.event_discard[o.event_discard.length - 1] : null;
    const piles = [
      el("div.hsd-pile", { "data-info": `Student deck: ${o.student_deck} cards face down.` }, cardBack(`${o.student_deck}`, {}, ".student"), el("div.hsd-plabel", {}, "Students")),
      el("div.hsd-pile", { "data-info": `Organization deck: ${o.organization_deck} cards face down.` }, cardBack(`${o.organization_deck}`, {}, ".org"), el("div.hsd-plabel", {}, "Organizations")),
      el("div.hsd-pile", { "data-zone": "events", "data-tok": "events", "data-info": `Special event deck: ${o.event_deck} cards face down` + (o.event_deck ? "." : " (the played events are reshuffled when someone draws).") +
        `\nThe special events (How to play lists what each does): ${[...new Set(Object.values(COMP.events).map((e) => e.name))].join(", ")}.` },
        cardBack(`${o.event_deck}`, {}, ".event"), el("div.hsd-plabel", {}, "Events")),
      el("div.hsd-pile", { "data-info": top ? `Played events (${o.event_discard.length}), newest: ${nameOf(top)}` : "No event played yet." },
        top ? drawAction(top, { class: "mini" }) : el("div.hsd-slotback", {}, "discard"), el("div.hsd-plabel", {}, `Played ${o.event_discard.length}`)),
    ];
    if (o.stacks) {
      for (const k of ["hookup", "bond", "breakup"]) {
        piles.push(el("div.hsd-pile", { "data-drama": k, "data-tok": `drama:${k}`, "data-info": `Public ${k} stack: ${o.stacks[k]} face up. ${KIND_TEXT[k]}` },
          el(`div.hsd-stack.${k}`, {}, el("span", {}, KIND_ICON[k]), el("b", {}, o.stacks[k])), el("div.hsd-plabel", {}, cap(k))));
      }
    }
    return el("section.hsd-decks", { "aria-label": "Decks" }, el("h3", {}, "Decks"), el("div.hsd-piles", {}, piles));
  }

  drawTransferDeck() {
    const picks = this.legal.filter((a) => a.type === "PickTransfer");
    if (!picks.length) return null;
    return el("section.hsd-transfer", { "data-zone": "deck", "aria-label": "The student deck" },
      el("h3", {}, "The student deck: pick your transfer student"),
      el("div.hsd-quadrow", {}, picks.map((a) => drawCard(a.card, { "data-tok": `deck:${a.card}` }))));
  }

  // -------------------------------------------------------------- the viewer's hand
  drawHand() {
    const o = this.obs;
    const me = this.me;
    if (me === null) return null;
    const p = o.players[me];
    if (!p.hand) return null;
    const limit = COMP.hand_size[COMP.years.indexOf(o.year)];
    const review = this.myTurn && o.phase === "review";
    const cards = p.hand.map((id) => drawAction(id, { "data-tok": `hand:${id}` }));
    return el("section.hsd-hand", { "data-zone": "hand", "aria-label": "Your hand" },
      el("h3", {}, "Your hand ", el("small", {}, `${p.hand.length} of ${limit}`),
        review ? el("button.hsd-btn", { type: "button", "data-tok": "keep", "data-button": "keep" }, "Keep these cards") : null),
      el("div.hsd-handrow", {}, cards.length ? cards : el("div.hsd-empty", {}, "no cards in hand")));
  }

  // -------------------------------------------------------------- one seat: drama cards, hand, clique
  drawSeat(s) {
    const o = this.obs;
    const p = o.players[s];
    const me = this.me;
    const isMe = s === me;
    const enrolled = o.enrolled[s];
    const playingSeat = this.playingSeat();
    const turn = o.to_move === s;
    const total = Object.values(p.signatures).reduce((a, b) => a + b, 0);
    const opts = this.view.options || {};
    const head = el("div.hsd-seathead", {},
      seatSymbol(s, 20),
      el("b.hsd-seatname", {}, this.seatName(s)),
      isMe ? el("span.hsd-you", {}, "you") : null,
      o.leader === s && o.phase !== "pick" ? pawn() : null,
      turn ? el("span.hsd-turn", {}, "to move") : null,
      el("span.grow", {}),
      el("span.hsd-sig", { "data-info": `Yearbook signatures: ${total} (${Object.entries(p.signatures).map(([k, v]) => `${k} ${v}`).join(", ") || "none yet"})` }, "✍ ", el("b", {}, total)),
      el("span.hsd-supply", { "data-info": `Bond markers left in ${this.seatName(s)}'s supply: ${p.supply}` + (opts.travel ? " (Travel HSD: signatures come out of this supply too)" : "") },
        el("i.hsd-dot", { style: `--c:${SEAT_COLOUR[s % 5]}` }), `×${p.supply}`));
    if (!enrolled) {
      const when = opts.transfer_student && opts.transfer_student !== "none" ? ` at ${opts.transfer_student.replace("-", " ")}` : "";
      return el(`section.hsd-seat.seat-${s}.waiting`, { "data-seat": s, style: `--seat:${SEAT_COLOUR[s % 5]}` }, head,
        el("div.hsd-empty", {}, `Transfer student: joins${when}, with 2 signatures per semester missed.`));
    }
    // the drama cards in front of the player, and the hand as backs
    const handDrama = p.hand ? p.hand.filter((c) => COMP.drama[c]) : null;
    const dramaInHand = p.hand_size - p.events_in_hand;
    const playingMine = o.playing && playingSeat === s && COMP.drama[o.playing] && !o.stacks ? 1 : 0;
    const front = [];
    if (!o.stacks) {
      const faceDown = 3 - dramaInHand - playingMine;
      if (isMe && handDrama) {
        const held = new Set(handDrama.map((c) => COMP.drama[c].kind));
        if (playingMine) held.add(COMP.drama[o.playing].kind);
        for (const k of ["hookup", "bond", "breakup"]) {
          if (held.has(k)) continue;
          const known = p.drama_face_down.find((c) => COMP.drama[c] && COMP.drama[c].kind === k);
          front.push(el("div.hsd-fd", { "data-drama": k, "data-tok": `drama:${k}`, "data-info": `Your face-down ${k} drama card${known ? ` “${COMP.drama[known].name}”` : ""}. ${KIND_TEXT[k]}` },
            el("span", {}, KIND_ICON[k]), el("small", {}, cap(k))));
        }
      } else {
        const known = p.drama_face_down.slice();
        for (let i = 0; i < faceDown; i++) {
          const k = known[i];
          front.push(el("div.hsd-fd.other", { "data-info": k ? `A face-down drama card everyone saw played: ${nameOf(k)}.` : "A face-down drama card." },
            el("span", {}, k ? KIND_ICON[COMP.drama[k].kind] : "?"), el("small", {}, k ? cap(COMP.drama[k].kind) : "drama")));
        }
      }
    }
    const hand = !isMe ? el("div.hsd-backs", { "data-info": `${this.seatName(s)} holds ${p.hand_size} card(s): ${p.events_in_hand} special event(s), ${dramaInHand} drama.` },
      Array.from({ length: p.hand_size }, (_, i) => el(`i.hsd-minib${i < p.events_in_hand ? ".ev" : ""}`, {})),
      el("small", {}, `hand ${p.hand_size}` + (p.events_in_hand ? ` (${p.events_in_hand} ev.)` : ""))) : null;
    const played = o.playing && playingSeat === s ? el("div.hsd-played", {}, el("small", {}, "plays"), drawAction(o.playing, { class: "mini" })) : null;
    return el(`section.hsd-seat.seat-${s}${turn ? ".turn" : ""}${isMe ? ".mine" : ""}`, { "data-seat": s, style: `--seat:${SEAT_COLOUR[s % 5]}` },
      head,
      el("div.hsd-front", {}, front.length ? el("div.hsd-fds", {}, front) : null, hand, played),
      this.drawClique(s));
  }

  drawClique(s) {
    const o = this.obs;
    const p = o.players[s];
    const clique = cliqueOf(p);
    const me = this.me;
    const isMe = s === me;
    const recent = this.recent;
    if (!clique.size) return el("div.hsd-clique.empty", { "data-clique": s }, el("div.hsd-empty", {}, "no main student yet"));
    const spots = openSpots(clique);
    const hookSlots = new Set(this.legal.filter((a) => a.type === "HookUp").map((a) => `${a.x},${a.y}`));
    const slotKeys = new Set(isMe ? [...spots.keys(), ...hookSlots] : spots.keys());
    const xs = [...clique.values()].map((q) => q.x).concat([...slotKeys].map((k) => Number(k.split(",")[0])));
    const ys = [...clique.values()].map((q) => q.y).concat([...slotKeys].map((k) => Number(k.split(",")[1])));
    const x0 = Math.min(...xs);
    const y0 = Math.min(...ys);
    const w = Math.max(...xs) - x0 + 1;
    const hgt = Math.max(...ys) - y0 + 1;
    const grid = el("div.hsd-grid", { style: `--cols:${w};--rows:${hgt}` });
    const pos = (x, y) => `--gx:${x - x0};--gy:${y - y0}`;
    for (const key of slotKeys) {
      const [x, y] = key.split(",").map(Number);
      const dirs = spots.get(key) || [];
      const tip = `An open square of ${this.seatName(s)}'s clique: a card with a ${dirs.map((d) => DIR_WORD[d]).join(" or ")} arrow can join here.\n` +
        `Square (${x},${y}): counted from the main student at (0,0), the first number to the right (east), the second down (south); (0,-1) is just above.`;
      grid.append(el("div.hsd-cell.slot", { style: pos(x, y), "data-slot": key, "data-tok": isMe ? `slot:${key}` : null, "data-info": tip, "aria-label": `open square ${key}` },
        dirs.map((d) => el(`i.hsd-want.${d}`, {}))));
    }
    for (const q of clique.values()) {
      const c = card(q.id);
      const toks = [];
      if (isMe) toks.push(`perf:${q.id}`);
      if (q.parent) toks.push(`rel:${s}:${q.id}`);
      const isNew = recent.joined.has(`${s}:${q.id}`);
      const cell = el("div.hsd-cell", { style: pos(q.x, q.y) },
        drawCard(q.id, { "data-tok": toks.join(" ") || null, "data-rel": q.parent ? q.id : null, class: [q.parent ? null : "main", isNew ? "hsd-new" : null].filter(Boolean).join(" ") || null }),
        q.parent ? null : el("span.hsd-mainbadge", { title: `${this.seatName(s)}'s main student` }, "♛"));
      void c;
      grid.append(cell);
    }
    // relationships: the bond markers over the joined arrows
    for (const q of clique.values()) {
      if (!q.parent) continue;
      const par = clique.get(q.parent);
      const mx = (q.x + par.x) / 2;
      const my = (q.y + par.y) / 2;
      const vertical = q.x !== par.x; // side by side: the markers stack up and down
      const max = maxStrength(q.id, q.parent);
      const rk = relationKind(q.id, q.parent);
      const delta = recent.bonds.get(`${s}:${q.id}`) || 0;
      const chain = chainOf(clique, q.id);
      const info = `${card(q.parent).name} & ${card(q.id).name}: ${q.bonds} of ${max} bond markers (${rk.label}).\n` +
        `Broken, it sends back to the quad: ${chain.map((id) => card(id).name).join(", ")}.\n` +
        `A breakup needs a student with cruel ${q.bonds} or more (cruel enough: at least the bonds on it now).`;
      const dots = Array.from({ length: max }, (_, i) => el(`i.${i < q.bonds ? "on" : "off"}`, {}));
      grid.append(el(`div.hsd-rel${vertical ? ".v" : ".h"}${rk.couple ? ".couple" : ""}${delta ? ".changed" : ""}`, {
        style: `--mx:${mx - x0};--my:${my - y0};--c:${SEAT_COLOUR[s % 5]};--rk:${rk.colour};--rk2:${rk.colour2 || rk.colour}`,
        "data-rel": q.id, "data-tok": `rel:${s}:${q.id}`, "data-info": info, tabindex: "0",
        "aria-label": `${card(q.parent).name} and ${card(q.id).name}, ${q.bonds} of ${max} bonds`,
      }, dots, el("b", {}, q.bonds), delta ? el("span.hsd-delta", {}, delta > 0 ? `+${delta}` : `${delta}`) : null));
    }
    const lost = (recent.attacked.get(s) || []).filter((id) => !clique.has(id));
    return el("div.hsd-clique", { "data-clique": s, "aria-label": `${this.seatName(s)}'s clique` }, grid,
      lost.length ? el("div.hsd-lost", {}, `Lost in the last moves: ${lost.map((id) => card(id).name).join(", ")}`) : null);
  }

  drawLegend() {
    const sw = (t) => el("i.hsd-sw", { style: `background:${TYPE_COLOUR[t]}` });
    return el("div.hsd-legend", { "aria-label": "Legend" },
      el("span", {}, sw("jock"), "Jock ", sw("popular"), "Popular ", sw("artsy"), "Artsy ", sw("geek"), "Geek (border; two colours: dual type)"),
      el("span", {}, el("b.cool", {}, "❄"), " cool ", el("b.heart", {}, "♥"), " heart ", el("b.cruel", {}, "☠"), " cruel"),
      el("span", {}, "▲ relational arrows · ", el("i.hsd-dot", { style: `--c:${SEAT_COLOUR[0]}` }), " bond markers, ○ room left (the two hearts added) · ♛ main student"),
      el("span", {}, "Hover or tap any piece for its full text; hover a relationship to see what a breakup would take with it."));
  }

  // -------------------------------------------------------------- standouts and signatures
  drawStandouts() {
    const o = this.obs;
    const seats = o.players.map((_, s) => s).filter((s) => o.enrolled[s]);
    const cliques = Object.fromEntries(seats.map((s) => [s, cliqueOf(o.players[s])]));
    const rows = COMP.standouts.map((st) => {
      const vals = seats.map((s) => standoutValue(st.name, cliques[s]));
      const best = Math.max(0, ...vals);
      return el("tr", {},
        el("th", { scope: "row", "data-info": `${st.name}: ${st.text}. Voted each summer; every tied leader earns a signature.` }, st.name),
        seats.map((s, i) => el(`td${best > 0 && vals[i] === best ? ".lead" : ""}`, { title: best > 0 && vals[i] === best ? "leads" : "" },
          vals[i], best > 0 && vals[i] === best ? " ★" : "")));
    });
    return el("section.hsd-standouts", { "aria-label": "Student standouts" },
      el("h3", {}, "Student standouts ", el("small", {}, "★ leads now · voted each summer")),
      el("table", {},
        el("thead", {}, el("tr", {}, el("th", {}, ""), seats.map((s) => el("th", { title: this.seatName(s) }, seatSymbol(s, 14), " ", this.seatName(s))))),
        el("tbody", {}, rows)));
  }

  drawSignatures() {
    const o = this.obs;
    const opts = this.view.options || {};
    const seats = o.players.map((_, s) => s);
    const totals = seats.map((s) => Object.values(o.players[s].signatures).reduce((a, b) => a + b, 0));
    const top = Math.max(30, ...totals) + 2;
    const cells = [];
    for (let n = 0; n <= top; n++) {
      const here = seats.filter((s) => totals[s] === n);
      cells.push(el(`div.hsd-yb${n % 5 === 0 ? ".five" : ""}`, { title: here.length ? here.map((s) => this.seatName(s)).join(", ") : null },
        el("small", {}, n), here.map((s) => seatSymbol(s, 12))));
    }
    return el("section.hsd-yearbook", { "aria-label": opts.travel ? "Travel case" : "Yearbook signature tracker" },
      el("h3", {}, opts.travel ? "Travel case (signatures)" : "Yearbook signature tracker"),
      el("div.hsd-ybtrack", {}, cells),
      el("div.hsd-ybsum", {}, seats.map((s) => el("span", { "data-info": Object.entries(o.players[s].signatures).map(([k, v]) => `${k}: ${v}`).join(", ") || "no signatures yet" },
        seatSymbol(s, 12), ` ${this.seatName(s)} ${totals[s]}`))));
  }
}
