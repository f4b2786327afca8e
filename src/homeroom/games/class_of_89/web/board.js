// The Class of '89 board (BOARDS.md): the school mat with its five locations and the School
// Entrance, the round track, every yearbook (class photo, column board, Wildcat Way grid, staff,
// storage), the club track board, the club objectives with each seat's standing, and Ed E. Tor's
// area in the solo game. Every legal action is made by clicking the pieces it names (gestures.js);
// the next legal pieces glow, the others dim, a click elsewhere asks the engine why not.
import { html, patch, toNodes } from "/static/js/kit.js";
import C from "./components.js";
import { gesture, step, propose } from "./gestures.js";
import { measure, pairs, halfIcon } from "./measure.js";

const ABBR = { council: "SC", quiz: "QB", pep: "PS", arts: "FA", athletics: "AT", honor: "HS" };
const SEAT_SYMBOLS = ["●", "▲", "■", "◆"];
const COST_WORD = ["free", "1 signature", "2 signatures"];
const ED = "Ed E. Tor";

const clubName = (c) => C.names.clubs[c] || c;
const tokenName = (t) => (t === "any" ? "any token" : C.names.tokens[t] || t);
const memberName = (m) => C.names.members[m] || m;
const gainText = (g) => C.gain_texts[g] || g;

/** The name of any card or tile id. */
export function cardName(id) {
  for (const t of [C.students, C.teachers, C.staff, C.tiles]) if (id in t) return t[id].name;
  return id;
}

function cardKind(id) {
  if (id in C.students) return "student";
  if (id in C.teachers) return "teacher";
  if (id in C.staff) return "staff";
  if (id in C.tiles) return "tile";
  return "";
}

/** The full text of a card or tile, for its hover text. */
export function cardText(id, sup) {
  if (id in C.students) {
    const s = C.students[id];
    return `${s.name}: student, initial ${s.letter}; half-icons ${clubName(s.left)} (left) and ${clubName(s.right)} (right)`;
  }
  if (id in C.teachers) {
    const t = C.teachers[id];
    return `${t.name}: teacher (starts a new class); scores ${t.text} in the class; half-icon ${clubName(t.right)} (right)`;
  }
  if (id in C.staff) {
    const s = C.staff[id];
    return `${s.name}: staff, club icon ${clubName(s.club)}; gains ${s.gains.map(gainText).join(", ") || "nothing"}`;
  }
  if (id in C.tiles) {
    const t = C.tiles[id];
    let out = `${t.name}: Wildcat Way tile ${t.letter}, ${t.width}x${t.height} (cannot be rotated)`;
    if (t.gains.length) out += `; gains ${t.gains.map(gainText).join(", ")}`;
    if (t.text) out += `; scores ${t.text}`;
    if (t.superlative) out += sup ? `; Senior Superlative: ${cardName(sup)}` : "; Senior Superlative tile";
    return out;
  }
  return id;
}

// ------------------------------------------------------------------ icons
const TOKEN_PATHS = {
  gavel: '<path d="M3 15.5l6.5-6.5 2 2-6.5 6.5z"/><path d="M8.5 5.5l4-4 6 6-4 4z"/>',
  bookmark: '<path d="M5 2h10v16l-5-4.5L5 18z"/>',
  bolt: '<path d="M11.5 1L3 11.5h6L7 19l9.5-11h-6L13 1z"/>',
  paint: '<path d="M10 1.5C10 1.5 3.5 9 3.5 13a6.5 6.5 0 0 0 13 0C16.5 9 10 1.5 10 1.5z"/>',
  star: '<path d="M10 1l2.7 6 6.3.5-4.8 4.2 1.5 6.3L10 14.6 4.3 18l1.5-6.3L1 7.5 7.3 7z"/>',
  any: '<circle cx="6" cy="6" r="3.2"/><circle cx="14" cy="6" r="3.2"/><circle cx="6" cy="14" r="3.2"/><circle cx="14" cy="14" r="3.2"/>',
};

// Icons are CSS backgrounds (board.css draws them from the shapes below), so a board of a few
// hundred tokens stays a light page; the shapes are written into a <style> once.
const TOKEN_FILL = { gavel: "#7a4a1c", bookmark: "#1f5fbf", bolt: "#e0a100", paint: "#c2327a", star: "#23863a", any: "#555" };
const svgUrl = (body) => `url("data:image/svg+xml,${encodeURIComponent(`<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20'>${body}</svg>`)}")`;
function iconStyles() {
  const rules = Object.entries(TOKEN_PATHS).map(([t, body]) => `.c89 .tk-${t}{background-image:${svgUrl(`<g fill='${TOKEN_FILL[t]}'>${body.replace(/"/g, "'")}</g>`)}}`);
  rules.push(`.c89 .sig{background-image:${svgUrl("<path d='M2 14c3-9 6-9 4-2s3 1 4-3 2 4 3 2 3-2 5-2' fill='none' stroke='#7d2336' stroke-width='2.2' stroke-linecap='round'/>")}}`);
  rules.push(`.c89 .rf{background-image:${svgUrl("<path d='M16 7a7 7 0 1 0 1 5' fill='none' stroke='#14847f' stroke-width='2.4'/><path d='M17.5 2v6h-6z' fill='#14847f'/>")}}`);
  return rules.join("\n");
}

function tokenIcon(t, extra = "") {
  return html`<span class="tk tk-${(t)} ${extra}" title="${(tokenName(t))}"></span>`;
}

const SIG = html`<span class="sig" title="signature"></span>`;
const REFRESH = "";

function clubBadge(club, extra = "") {
  return html`<span class="cb club-${(club)} ${extra}" title="${(clubName(club))}">${ABBR[club] || "?"}</span>`;
}

function gainIcon(g) {
  if (g.startsWith("token:")) return tokenIcon(g.slice(6));
  if (g.startsWith("club:")) return html`${clubBadge(g.slice(5))}<small>+1</small>`;
  if (g === "signature") return SIG;
  if (g === "tile1x1") return html`<span class="one" title="a 1x1 tile">1x1</span>`;
  if (g === "draw_students") return html`<span class="gw" title="draw 3 students, keep up to 1">3▸1 St</span>`;
  if (g === "draw_teachers") return html`<span class="gw" title="draw 3 teachers, keep 1">3▸1 Te</span>`;
  if (g === "pick_student") return html`<span class="gw" title="any face-up student on the school mat">St!</span>`;
  if (g === "pick_teacher") return html`<span class="gw" title="any face-up teacher on the school mat">Te!</span>`;
  return html`<span class="gw">${(g)}</span>`;
}

const gains = (list) => html`<span class="gains" title="${(list.map(gainText).join(", "))}">${list.map(gainIcon)}</span>`;

// ------------------------------------------------------------------ seats
function seatLabel(view, s) {
  const obs = view.observation;
  if (obs.solo && s === 1) return ED;
  const seat = (view.seats || []).find((x) => x.seat === s);
  return seat ? seat.name : `Player ${s + 1}`;
}

function seatChip(view, s, text = "") {
  const ed = view.observation.solo && s === 1;
  const cls = ed ? "ed" : `seat${s}`;
  const sym = ed ? "E" : SEAT_SYMBOLS[s] || "?";
  const name = seatLabel(view, s);
  return html`<span class="chip ${cls}" title="${(name)}">${sym}${text ? html` ${(text)}` : ""}</span>`;
}

function memberPiece(view, s, m, extra = "") {
  const ed = view.observation.solo && s === 1;
  const cls = ed ? "ed" : `seat${s}`;
  const sym = ed ? "E" : SEAT_SYMBOLS[s] || "?";
  return html`<span class="mp ${cls} ${extra}" title="${(seatLabel(view, s))}'s ${(memberName(m))}">${sym}<b>${(memberName(m)[0])}</b></span>`;
}

// ------------------------------------------------------------------ cards
// consonant pairs that begin an English syllable: a word breaks before them ("Bou-dreau", "Kowal-ski")
const ONSETS = new Set(["bl", "br", "ch", "cl", "cr", "dr", "fl", "fr", "gl", "gr", "ph", "pl", "pr", "sc", "sh", "sk", "sl", "sm", "sn", "sp", "st", "sw", "th", "tr", "wh"]);

/** A card's name with a soft hyphen in each long word ("LaFoun-tain", "Migue-lito"), so a phone's
 * narrow photo cell or Wildcat Way tile breaks it between syllables, with a hyphen, never at any letter; a box wide
 * enough shows the word whole. A break goes before a run's last consonant, or before its last two
 * when they begin a syllable, nearest the word's middle, at least three letters from either end. */
export function breakable(name) {
  const vowel = (w, i) => "aeiouAEIOU".includes(w[i]) || (i > 0 && "yY".includes(w[i]));
  const split = (w) => {
    if (w.length < 8) return w;
    let best = -1;
    for (let k = 1; k < w.length; k += 1) {
      if (!vowel(w, k) || vowel(w, k - 1)) continue;
      let j = k; // the consonant run w[j..k) ends before the vowel at k
      while (j > 0 && !vowel(w, j - 1)) j -= 1;
      if (j === 0) continue; // no vowel before it: the word's start
      const at = k - j >= 2 && ONSETS.has(w.slice(k - 2, k).toLowerCase()) ? k - 2 : k - 1;
      if (at >= 3 && w.length - at >= 3 && (best < 0 || Math.abs(at - w.length / 2) < Math.abs(best - w.length / 2))) best = at;
    }
    const ing = w.length - 3; // a closer or as close "-ing" goes first ("March-ing", not "Mar-ching")
    if (/[^aeiou]ing$/i.test(w) && (best < 0 || Math.abs(ing - w.length / 2) <= Math.abs(best - w.length / 2))) best = ing;
    return best < 0 ? w : `${split(w.slice(0, best))}\u00AD${split(w.slice(best))}`;
  };
  return String(name).replace(/[A-Za-z]+/g, split);
}

function tokensHtml(list, keyPrefix) {
  if (!list || !list.length) return "";
  return html`<span class="toks">${list.map((t) => (keyPrefix ? html`<span data-key="tok:${keyPrefix}:${t}">${tokenIcon(t)}</span>` : tokenIcon(t)))}</span>`;
}

function cardFace(id, { key = "", sup = "", tokens = null, tokKey = "", abc = false, extra = "" } = {}) {
  const kind = cardKind(id);
  const k = html` data-card="${(id)}"${key ? html` data-key="${(key)}"` : ""}`;
  const t = (cardText(id, sup));
  if (kind === "student") {
    const s = C.students[id];
    const first = s.name.endsWith(` ${s.letter}`) ? s.name.slice(0, -2) : s.name;
    return html`<div class="cd st ${extra}"${k} title="${t}" data-info="${t}">
      <i class="hi l club-${s.left}">${ABBR[s.left]}</i><span class="nm">${(breakable(first))} <b class="${abc ? "abc" : ""}">${abc ? "ABC" : (s.letter)}</b></span><i class="hi r club-${s.right}">${ABBR[s.right]}</i>${tokensHtml(tokens, tokKey)}</div>`;
  }
  if (kind === "teacher") {
    const c = C.teachers[id]; // its text may break after a "+" ("Bookmark+|Paint"), never inside a token's name
    return html`<div class="cd te ${extra}"${k} title="${t}" data-info="${t}"><span class="nm">${(breakable(c.name))}</span><span class="tx">${(c.text.replace(/\+(?=[A-Za-z])/g, "+\u200B"))}</span><i class="hi r club-${c.right}">${ABBR[c.right]}</i></div>`;
  }
  if (kind === "staff") {
    const c = C.staff[id];
    return html`<div class="cd sf ${extra}"${k} title="${t}" data-info="${t}"><span class="nm">${(breakable(c.name))}</span>${clubBadge(c.club, "corner")}<span class="tx">${gains(c.gains)}</span></div>`;
  }
  if (kind === "tile") {
    const c = C.tiles[id];
    const supHtml = c.superlative ? html`<span class="supst">★ ${(sup ? cardName(sup) : "superlative")}</span>` : "";
    return html`<div class="cd tl tl-${c.letter} ${extra}"${k} title="${t}" data-info="${t}"><span class="lt">${c.letter}</span><span class="nm">${(breakable(c.name))}</span><span class="sz">${c.width}×${c.height}</span><span class="tx">${gains(c.gains)}${c.text ? html` ${(c.text)}` : ""}</span>${supHtml}</div>`;
  }
  return html`<div class="cd ${extra}"${k}>${(id)}</div>`;
}

// ------------------------------------------------------------------ the board
export function createBoard(container, hooks) {
  if (!document.querySelector("link[data-co89-css]")) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = new URL("./board.css", import.meta.url).href;
    link.dataset.co89Css = "1";
    document.head.appendChild(link);
    const style = document.createElement("style");
    style.textContent = iconStyles();
    document.head.appendChild(style);
  }
  const root = document.createElement("div");
  root.className = "c89";
  container.replaceChildren(root);
  // The table page keeps its own status bar stuck to the top of the window: the board's status bar
  // sticks just below it instead of covering it (BOARDS.md names no such offset, so measure it).
  const stickBelowPage = () => {
    const bar = document.getElementById("status");
    const h = bar && getComputedStyle(bar).position === "sticky" ? bar.offsetHeight : 0;
    root.style.setProperty("--c89-top", `${h}px`);
  };
  stickBelowPage();
  window.addEventListener("resize", stickBelowPage);
  const st = { view: null, sel: [], fresh: new Set(), msg: "", msgKind: "", expanded: new Set(), hover: "" };

  const seat = () => (st.view && st.view.role === "seat" ? st.view.seat : null);
  const legal = () => (st.view && st.view.my_turn !== false && !st.view.pending && !st.view.replay ? st.view.legal || [] : []);

  function update(view) {
    const obs = view.observation;
    const me = view.seat ?? null;
    // the other seats' last moves, as the view tells them (BOARDS.md: nothing kept from old views)
    st.fresh = freshKeys(view, obs, me);
    if (!st.view || st.view.version !== view.version || st.view.step !== view.step) {
      st.sel = [];
      if (st.msgKind !== "error") st.msg = "";
    }
    st.view = view;
    root.dataset.version = String(view.version);
    render();
    if (!st.measured) { st.measured = true; stickBelowPage(); }
  }

  /** The table's options (the solo difficulty decides which objective target applies): in the view. */
  const opts = (v) => v.options || {};

  /** Pieces the other seats' last turns placed (view.last_moves; a move the viewer may not see
   * has no action and marks nothing). */
  function freshKeys(view, obs, me) {
    const out = new Set();
    (view.last_moves || []).forEach((moves, s) => {
      if (s === me) return;
      for (const { action: a } of moves) {
        if (!a) continue;
        if (a.type === "Place" && a.location) {
          const i = C.locations.findIndex((lc) => lc.id === a.location);
          if (i >= 0) obs.spaces[i].forEach((occ, j) => { if (occ === s) out.add(`space:${a.location}:${j}`); });
        }
        for (const field of ["at", "target"]) {
          if (typeof a[field] === "number") {
            out.add(`b${s}:cell:${a[field]}`);
            out.add(`b${s}:grid:${a[field]}`);
          }
        }
        const staff = obs.books[s] ? obs.books[s].staff : [];
        if (a.card && staff.includes(a.card)) out.add(`b${s}:staff:${staff.indexOf(a.card)}`);
      }
    });
    return out;
  }

  // ---------------------------------------------------------------- drawing
  function render() {
    const v = st.view;
    const obs = v.observation;
    const me = seat();
    const parts = [];
    parts.push(statusBar(v, obs, me));
    parts.push(html`<div class="c89-top">${roundTrack(v, obs)}${decks(obs)}</div>`);
    parts.push(pendingPanel(v, obs, me));
    parts.push(html`<div class="c89-mat" aria-label="school mat">${C.locations.map((lc, i) => locationHtml(v, obs, lc, i, me))}</div>`);
    parts.push(entranceHtml(v, obs, me));
    const order = obs.books.map((_, s) => s);
    if (me !== null) parts.push(html`<div class="c89-mine">${yearbook(v, obs, me, me, false)}</div>`);
    parts.push(html`<div class="c89-side">${trackBoard(v, obs)}${objectivesHtml(v, obs)}</div>`);
    if (obs.solo) parts.push(edArea(v, obs));
    const others = order.filter((s) => s !== me && !(obs.solo && s === 1));
    if (others.length) {
      parts.push(html`<div class="c89-others">${others.map((s) => yearbook(v, obs, s, me, !st.expanded.has(s) && me !== null))}</div>`);
    }
    parts.push(html`<div class="c89-info" data-sticky aria-live="polite">${(st.hover || "Hover or tap any card, tile or space for its full text.")}</div>`);
    patch(root, parts); // by key: only what changed is touched
    highlight();
  }

  function statusBar(v, obs, me) {
    const turn = obs.turn;
    let who;
    if (v.terminal) who = (v.outcome || "The game is over.");
    else {
      const mover = obs.to_move;
      const mine = me !== null && mover === me;
      who = mine ? html`<strong>Your turn</strong>` : html`${seatChip(v, mover)} <strong>${(seatLabel(v, mover))}</strong> to move`;
      if (obs.pending.length && obs.pending[0].seat !== turn) who = html`${who} (during ${seatLabel(v, turn)}'s turn)`;
    }
    let doing = "";
    if (obs.phase === "act" && obs.member) {
      const where = obs.location === 5 ? "the School Entrance" : `the ${C.locations[obs.location].name}`;
      doing = html`<span class="doing">${memberPiece(v, turn, obs.member)} ${(seatLabel(v, turn))}'s ${(memberName(obs.member))} at ${(where)}</span>`;
    }
    let tray = me !== null && obs.to_move === me && obs.phase === "act" && !obs.pending.length ? turnTray(obs) : "";
    if (legal().some((l) => l.action.type === "Forgo")) {
      tray = html`<div class="tray"><span class="stp">No space you can pay for, and no School Entrance:</span><button type="button" class="piece forgo" data-key="forgo" title="Forgo your turn">Forgo this turn</button></div>`;
    }
    const prompt = promptText(v, obs, me);
    const cancel = st.sel.length ? html`<button type="button" class="c89-cancel" data-cancel="1">Cancel (Esc)</button>` : "";
    const msg = st.msg ? html`<div class="c89-msg ${st.msgKind}" role="status">${(st.msg)}</div>` : "";
    return html`<div class="c89-status" data-sticky><div class="who">${who} ${doing}</div>${tray}<div class="prompt">${(prompt)} ${cancel}</div>${msg}</div>`;
  }

  function turnTray(obs) {
    const step = (done, label) => html`<span class="stp ${done ? "done" : ""}">${done ? "✓" : "○"} ${label}</span>`;
    const member = obs.member;
    let ability = "";
    if (member === "editor") ability = `Editor: +1 on ${clubName(obs.location === 5 ? C.entrance.club : C.locations[obs.location].club)}`;
    else if (member === "designer") ability = `Designer: a signature and ${obs.location === 5 ? "any token" : tokenName(C.locations[obs.location].token)}`;
    else if (member === "photographer") ability = "Photographer: one more student";
    else ability = "Treasurer (no extra action)";
    return html`<div class="tray">${step(obs.main_done, "main action")}${step(obs.sig_done, "signature action")}
      <span class="stp ${obs.member_done ? "done" : ""}" data-key="ability">${obs.member_done ? "✓" : "○"} ${(ability)}</span>
      <button type="button" class="piece endturn" data-key="end" title="End your turn">End turn</button></div>`;
  }

  function promptText(v, obs, me) {
    if (v.terminal) return "The game is over.";
    if (me === null) return v.role === "seat" ? "" : "You are watching.";
    if (v.replay) return "An earlier moment of the game (replay).";
    if (obs.to_move !== me) return `Waiting for ${seatLabel(v, obs.to_move)}.`;
    if (v.pending) return "Sending…";
    const sel = st.sel;
    const first = sel[0] || "";
    if (first.startsWith("card:")) {
      const id = first.slice(5);
      const where = cardKind(id) === "tile" ? "a highlighted Wildcat Way space (its top-left corner)"
        : cardKind(id) === "staff" ? "your staff section" : "a highlighted class-photo space (ABC: uses your ABC token)";
      return `Place ${cardName(id)}: click ${where}.`;
    }
    if (first === "ability" && sel.length === 1) return "Photographer: click a student at this location to take as well.";
    if (first === "ability") return `Photographer: place ${cardName(sel[1].slice(5))} in a highlighted class-photo space.`;
    if (first.startsWith("member:")) return `Send your ${memberName(first.slice(7))}: click a highlighted space in the school (or the School Entrance).`;
    if (first.startsWith("store:")) return `Move the stored ${tokenName(first.slice(6))}: click a highlighted student.`;
    if (obs.phase === "side") return "Choose a side of your column completion board: click side A or B below your class photo.";
    if (obs.pending.length) return pendingPrompt(obs.pending[0]);
    if (obs.phase === "place") return "Click a team member in your yearbook, then a space in the school.";
    if (obs.phase === "act") {
      return obs.main_done ? "Optional: signature action, team member action, token moves; then End turn."
        : "Main action: click a card or tile at your location, then where it goes in your yearbook.";
    }
    return "";
  }

  function pendingPrompt(p) {
    switch (p.kind) {
      case "token": return p.token === "any" ? "Choose any token from the supply (or decline)." : `Place the ${tokenName(p.token)}: click a student, your storage, or Discard.`;
      case "move": return `Move the ${tokenName(p.token)} (2 signatures paid): click the student it goes to.`;
      case "tile1x1": return "Place the 1x1 tile: click an empty Wildcat Way space, or Discard.";
      case "draw_students": case "draw_teachers": return "Keep a drawn card: click it, then where it goes (or keep none).";
      case "pick_student": return "Bonus (!): click any face-up student in the school, then where it goes.";
      case "pick_teacher": return "Bonus (!): click any face-up teacher in the school, then where it goes.";
      case "reward": return `You lead ${clubName(p.club)}: take a signature or the token.`;
      default: return "";
    }
  }

  function roundTrack(v, obs) {
    const cells = [];
    for (let r = 1; r <= C.rounds; r++) {
      cells.push(html`<span class="rt ${r === obs.round ? "on" : ""}" title="Round ${r}${r === 2 ? " (Winter Break after it: the school is wiped)" : ""}">${r}${r === obs.round ? html`<i class="marker" title="round marker"></i>` : ""}</span>`);
      if (r === 2) cells.push(html`<span class="wb" title="Winter Break: the whole school is wiped at the end of round 2">❄</span>`);
    }
    return html`<div class="c89-round"><span class="lbl">Round</span>${cells}<span class="fp" title="first player token">1st ${seatChip(v, obs.first, seatLabel(v, obs.first))}</span></div>`;
  }

  function decks(obs) {
    const d = obs.decks;
    const names = { student: "Students", teacher: "Teachers", staff: "Staff", "tile-A": "A", "tile-B": "B", "tile-C": "C", "tile-D": "D" };
    const items = Object.keys(names).map((k) => html`<span class="dk" title="${(names[k])} deck: ${d[k]} face down">${(names[k])} ${d[k]}</span>`);
    items.push(html`<span class="dk" title="1x1 tiles left in the supply">1x1 ${obs.ones_supply}</span>`);
    return html`<div class="c89-decks">${items}</div>`;
  }

  function locationHtml(v, obs, lc, i, me) {
    const active = obs.phase === "act" && obs.location === i;
    const spaces = obs.spaces[i].map((occ, j) => {
      const m = obs.space_members[i][j];
      const key = `space:${lc.id}:${j}`;
      let inner = "";
      if (occ === -2) inner = html`<span class="janitor" title="a janitor occupies this space">J</span>`;
      else if (occ >= 0) inner = memberPiece(v, occ, m, occ === me && active ? "" : "");
      const abilityKey = occ >= 0 && occ === me && active ? html` data-key="ability"` : "";
      const title = `${lc.name}: ${COST_WORD[j]} space${occ === -2 ? " (janitor)" : occ >= 0 ? ` (${seatLabel(v, occ)}'s ${memberName(m)})` : ""}`;
      return html`<div class="sp ${st.fresh.has(key) ? "fresh" : ""}" data-key="${key}" title="${(title)}" data-info="${(title)}"><span class="cost">${j ? html`${j}${SIG}` : "0"}</span><span${abilityKey}>${inner}</span></div>`;
    });
    const cards = obs.school[i].map((id, j) => {
      if (!id) return html`<div class="cd empty">${(lc.spaces[j].replace("tile-", "tile "))}</div>`;
      return cardFace(id, { key: `card:${id}`, sup: obs.school_sups[id] || "" });
    });
    const sig = active
      ? html`<span class="sa" data-key="buy" title="Signature action: pay 1 signature for a ${(tokenName(lc.token))} token">${SIG}→${tokenIcon(lc.token)}</span><span class="sa" data-key="refresh" title="Signature action: pay 1 signature to wipe and refresh this location">${SIG}→<span class="rf">${REFRESH}</span></span>`
      : html`<span class="sa off" title="Signature action here: 1 signature for a ${(tokenName(lc.token))} token, or wipe and refresh">${SIG}→${tokenIcon(lc.token)}/<span class="rf">${REFRESH}</span></span>`;
    return html`<section class="loc club-edge-${lc.club} ${active ? "active" : ""}" aria-label="${(lc.name)}">
      <header><span class="ln">${(lc.name)}</span>${clubBadge(lc.club)}${tokenIcon(lc.token)}</header>
      <div class="spaces">${spaces}</div><div class="sas">${sig}</div><div class="cards">${cards}</div></section>`;
  }

  function entranceHtml(v, obs, me) {
    const stack = obs.entrance.map(([s, m]) => memberPiece(v, s, m));
    const active = obs.phase === "act" && obs.location === 5;
    const myAbility = active && obs.turn === me ? html` data-key="ability"` : "";
    return html`<section class="c89-entrance" aria-label="School Entrance"><header>School Entrance</header>
      <div class="sp wide" data-key="space:entrance" title="School Entrance: never costs signatures; visit it any number of times" data-info="School Entrance: never costs signatures; any number of visits. Gives a 1x1 tile and 2 signatures; an Editor here advances Honor Society, a Designer takes any token."><span class="stack"${myAbility}>${stack.length ? stack : html`<span class="muted">no one</span>`}</span></div>
      <span class="piece ent" data-key="entrance-take" title="Take a 1x1 tile and ${C.entrance.signatures} signatures">${gainIcon("tile1x1")} + ${C.entrance.signatures}${SIG}</span></section>`;
  }

  function pendingPanel(v, obs, me) {
    if (!obs.pending.length) return "";
    const p = obs.pending[0];
    const mine = me !== null && p.seat === me;
    let body = "";
    if (!mine) {
      body = html`${seatChip(v, p.seat)} ${(seatLabel(v, p.seat))} is deciding: ${(pendingPrompt(p).replace("You lead", "leads").replace("click ", ""))}`;
      return html`<div class="c89-pending other">${body}</div>`;
    }
    const decline = (label) => html`<button type="button" class="piece" data-key="decline">${(label)}</button>`;
    if (p.kind === "token" && p.token === "any") {
      body = html`<span class="lbl">Any token:</span>${C.tokens.map((t) => html`<span class="piece tkc" data-key="choose:${t}" title="Take a ${(tokenName(t))}">${tokenIcon(t)}</span>`)}${decline("Decline")}`;
    } else if (p.kind === "token") {
      body = html`<span class="lbl">New token:</span>${tokenIcon(p.token, "big")}<span class="muted">→ a student, your storage</span>${decline("Discard it")}`;
    } else if (p.kind === "move") {
      body = html`<span class="lbl">Moving:</span>${tokenIcon(p.token, "big")}<span class="muted">→ a student</span>`;
    } else if (p.kind === "tile1x1") {
      body = html`<span class="lbl">New tile:</span>${gainIcon("tile1x1")}<span class="muted">→ a Wildcat Way space</span>${decline("Discard it")}`;
    } else if (p.kind.startsWith("draw_")) {
      const cards = Array.isArray(p.cards) ? p.cards : [];
      body = html`<span class="lbl">Drawn:</span><div class="cards row">${cards.map((id) => cardFace(id, { key: `card:${id}` }))}</div>${decline(p.optional ? "Keep none" : "Discard (none fits)")}`;
    } else if (p.kind.startsWith("pick_")) {
      body = html`<span class="lbl">Bonus:</span><span>any face-up ${p.kind.slice(5)} in the school (highlighted)</span>${decline("Give up the bonus")}`;
    } else if (p.kind === "reward") {
      const tok = p.club === "honor" ? C.tokens : [C.locations[C.clubs.indexOf(p.club)].token];
      body = html`<span class="lbl">${clubBadge(p.club)} leader's reward:</span><span class="piece" data-key="reward:signature" title="Take a signature">${SIG}</span>${tok.map((t) => html`<span class="piece tkc" data-key="reward:${t}" title="Take a ${(tokenName(t))}">${tokenIcon(t)}</span>`)}`;
    }
    return html`<div class="c89-pending">${body}</div>`;
  }

  // ---------------------------------------------------------------- yearbooks
  function yearbook(v, obs, s, me, small) {
    const bk = obs.books[s];
    const mine = s === me;
    const kp = (k) => (mine ? html` data-key="${k}"` : "");
    const fr = (k) => (st.fresh.has(`b${s}:${k}`) ? " fresh" : "");
    const matched = pairs(bk);
    const joinL = new Map(matched.map(([r, c]) => [r, c]));
    const joinR = new Map(matched.map(([r, c]) => [r - 1, c]));
    const cells = [];
    for (let r = 0; r < 4; r++) {
      for (let c = 0; c < 5; c++) {
        const i = r * 5 + c;
        const id = bk.photo[i];
        const extra = [joinL.has(i) ? "jl" : "", joinR.has(i) ? "jr" : "", joinL.has(i) && c === 0 ? "wrapl" : "", joinR.has(i) && c === 4 ? "wrapr" : ""].join(" ");
        const title = `row ${r + 1}, column ${c + 1}`;
        const inner = id ? cardFace(id, { tokens: bk.tokens[i], tokKey: mine ? `cell:${i}` : "", abc: bk.abc_slots.includes(i), extra }) : html`<span class="rc">${r + 1}·${c + 1}</span>`;
        cells.push(html`<div class="pc${id ? "" : " open"}${fr(`cell:${i}`)}"${kp(`cell:${i}`)} title="${(id ? "" : `Class photo ${title}`)}">${inner}${joinR.has(i) && c === 4 ? html`<span class="wrapmark" title="half-icon joined across the row wrap">↩</span>` : ""}</div>`);
      }
      const done = bk.rows_done.includes(r);
      cells.push(html`<div class="rb ${done ? "claimed" : ""}" title="Row ${r + 1} bonus: ${(C.row_bonuses[r].map(gainText).join(", "))}${done ? " (claimed)" : ""}">${gains(C.row_bonuses[r])}${done ? "✓" : ""}</div>`);
    }
    let colRow;
    if (bk.side) {
      colRow = C.column_sides[bk.side].map((g, c) => {
        const done = bk.cols_done.includes(c);
        return html`<div class="colb ${done ? "claimed" : ""}" title="Column ${c + 1} bonus (side ${bk.side}): ${(g.map(gainText).join(", "))}${done ? " (claimed)" : ""}">${gains(g)}${done ? "✓" : ""}</div>`;
      }).concat(html`<div class="colside">side ${bk.side}</div>`);
    } else {
      colRow = html`<div class="sides">${Object.keys(C.column_sides).map((sd) => html`<div class="side"${kp(`side:${sd}`)} title="Column completion board side ${sd}: ${(C.column_sides[sd].map((g) => g.map(gainText).join("+")).join(" | "))}"><b>Side ${sd}</b>${C.column_sides[sd].map((g) => html`<span class="colb">${gains(g)}</span>`)}</div>`)}</div>`;
    }
    const priority = obs.solo && s === 1 ? edPriority(obs) : "";
    const photo = html`<div class="photo">${priority}<div class="pgrid">${cells}${colRow}</div></div>`;
    const grid = wildcat(obs, bk, s, mine, fr);
    const staff = html`<div class="staff"${kp("staff")} title="Staff section: up to 4 staff cards, any order">${[0, 1, 2, 3].map((k) => (bk.staff[k] ? html`<div class="ss${fr(`staff:${k}`)}">${cardFace(bk.staff[k])}</div>` : html`<div class="ss open">staff</div>`))}</div>`;
    const abcLeft = bk.abc_tokens - bk.abc_slots.length;
    const storage = html`<div class="storage"${kp("storage")} title="Token storage: up to ${C.storage_size} tokens (not scored)">
      <span class="lbl">Storage</span>${[0, 1].map((k) => (bk.storage[k] ? html`<span class="slot"${kp(`store:${bk.storage[k]}`)}>${tokenIcon(bk.storage[k])}</span>` : html`<span class="slot"></span>`))}
      <span class="abc ${abcLeft ? "" : "used"}" title="ABC token: once per game, place a student ignoring the alphabet (${abcLeft} left; 2 points each if unused)">ABC×${abcLeft}</span>
      <span class="sigs" title="${bk.signatures} signatures">${SIG}×${bk.signatures}</span></div>`;
    const team = obs.solo && s === 1 ? "" : html`<div class="team">${C.members.map((m) => {
      const used = bk.used.includes(m);
      return html`<span class="tm${used ? " used" : ""}"${kp(`member:${m}`)} title="${(memberName(m))}${used ? " (used this round)" : ""}">${memberPiece(v, s, m)}<small>${(memberName(m))}</small></span>`;
    })}</div>`;
    const score = v.scores && v.scores[s] ? html`<span class="score" title="${(Object.entries(v.scores[s].breakdown || {}).map(([k, x]) => `${k.replace(/_/g, " ")} ${x}`).join(", "))}">${v.scores[s].total} ${v.terminal ? "points (final)" : "pts so far"}</span>` : "";
    const edScore = obs.solo && s === 1 && v.automa_scores && v.automa_scores[ED] ? html`<span class="score">${v.automa_scores[ED].total} ${v.terminal ? "points (final)" : "pts so far"}</span>` : "";
    const name = seatLabel(v, s);
    const toggle = me !== null && !mine ? html`<button type="button" class="tog" data-toggle="${s}">${small ? "Enlarge" : "Shrink"}</button>` : "";
    return html`<section data-seat="${s}" class="yb ${small ? "small" : ""} ${mine ? "mine" : ""} ${obs.solo && s === 1 ? "edbook" : `seat${s}`}" aria-label="${(name)}'s yearbook">
      <header>${seatChip(v, s)} <strong>${(name)}</strong>${mine ? " (you)" : ""} ${score}${edScore} ${toggle}</header>
      ${team}<div class="ybody">${photo}<div class="right">${grid}<div class="rcol">${staff}${storage}</div></div></div></section>`;
  }

  function wildcat(obs, bk, s, mine, fr) {
    const W = C.grid.columns, H = C.grid.rows;
    const parts = [];
    const drawn = new Set();
    bk.grid.forEach((id, i) => {
      const x = i % W, y = Math.floor(i / W);
      const key = mine ? html` data-key="grid:${i}"` : "";
      const icon = C.grid.icons[String(i)];
      parts.push(html`<div class="gc${id ? " covered" : ""}${fr(`grid:${i}`)}" style="grid-column:${x + 1};grid-row:${y + 1}"${key} title="Wildcat Way grid row ${y + 1}, column ${x + 1}${icon ? html`: ${(icon.map(gainText).join(", "))} when covered` : ""}">${icon ? gains(icon) : ""}</div>`);
      if (id && !drawn.has(id) && id !== "1x1") {
        drawn.add(id);
        const t = C.tiles[id];
        const sup = bk.superlatives.find((x2) => x2.tile === id);
        parts.push(html`<div class="gt tl-${t.letter}" style="grid-column:${x + 1}/span ${t.width};grid-row:${y + 1}/span ${t.height}" title="${(cardText(id, sup ? sup.student : ""))}"><b>${t.letter}</b> <span class="gn">${(breakable(t.name))}</span>${sup ? html`<span class="supst" title="Senior Superlative: ${(cardName(sup.student))}">★</span>` : ""}</div>`);
      } else if (id === "1x1") {
        parts.push(html`<div class="gt one1" style="grid-column:${x + 1};grid-row:${y + 1}" title="a 1x1 tile (1 point)">1×1</div>`);
      }
    });
    const halves = Object.entries(C.grid.halves).map(([h, club]) => html`<span class="half ${bk.halves.includes(h) ? "claimed" : ""}" title="Cover the ${h} half: +1 ${(clubName(club))} and 2 points${bk.halves.includes(h) ? " (done)" : ""}">${h} ${clubBadge(club)}${bk.halves.includes(h) ? "✓" : ""}</span>`);
    const sups = bk.superlatives.map((x, k) => html`<div class="supl"${mine ? html` data-key="sup:${k}"` : ""} title="Senior Superlative on ${(cardName(x.tile))}">${cardFace(x.student, { tokens: x.tokens, tokKey: mine ? `sup:${k}` : "" })}</div>`);
    return html`<div class="ww"><div class="wlbl">Wildcat Way</div><div class="wgrid" style="grid-template-columns:repeat(${W},1fr)">${parts}</div><div class="halves">${halves}</div>${sups.length ? html`<div class="sups">${sups}</div>` : ""}</div>`;
  }

  // ---------------------------------------------------------------- tracks and objectives
  function trackBoard(v, obs) {
    const top = Math.max(...C.clubs.map((c) => C.tracks[c].length));
    const rows = [];
    for (let stp = top; stp >= 0; stp--) {
      rows.push(html`<tr><th>${stp === top ? "top" : stp}</th>${C.clubs.map((club) => {
        const reward = stp > 0 ? C.tracks[club][stp - 1] || [] : [];
        const pins = obs.books.map((bk, s) => (bk.tracks[club] === stp ? seatChip(v, s) : ""));
        const t = stp === 0 ? "start" : `${clubName(club)} step ${stp}${reward.length ? `: ${reward.map(gainText).join(", ")}` : ""}${stp === C.tracks[club].length ? " (top: 5 points at the end)" : ""}`;
        return html`<td class="club-bg-${club}" title="${(t)}">${stp > 0 && reward.length ? gains(reward) : ""}${stp === C.tracks[club].length ? html`<i>5</i>` : ""}<span class="pins">${pins}</span></td>`;
      })}</tr>`);
    }
    return html`<section class="tracks" aria-label="club tracks"><header>Club tracks</header><table><thead><tr><th></th>${C.clubs.map((c) => html`<th>${clubBadge(c)}</th>`)}</tr></thead><tbody>${rows}</tbody></table></section>`;
  }

  function objectivesHtml(v, obs) {
    const solo = !!obs.solo;
    const diff = solo ? opts(v).difficulty || "normal" : "";
    const cards = obs.objectives.map((oid) => {
      const o = C.objectives[oid];
      const standing = obs.books.map((bk, s) => {
        if (solo && s === 1) return "";
        const n = measure(bk, o.measure);
        let need = o.min;
        let label = "MIN";
        if (solo) {
          const ed = obs.books[1].tracks[o.club], mine = bk.tracks[o.club];
          const higher = mine > ed;
          if (diff === "normal" && !higher) { need = o.t1; label = "T1"; }
          if (diff === "hard") { need = higher ? o.t1 : o.t2; label = higher ? "T1" : "T2"; }
        }
        const gap = need - n;
        const txt = gap <= 0 ? `${label} ✓` : `${gap} to ${label}`;
        return html`<div class="os ${gap <= 0 ? "met" : ""}" title="${(seatLabel(v, s))} has ${n}; MIN ${o.min}, T1 ${o.t1}, T2 ${o.t2}">${seatChip(v, s)} <b>${n}</b> <span>${(txt)}</span></div>`;
      });
      const t = `${o.name} (${clubName(o.club)}): ${o.text}. MIN ${o.min} to score; T1 ${o.t1}, T2 ${o.t2}.`;
      return html`<div class="obj club-edge-${o.club}" title="${(t)}" data-info="${(t)}"><div class="oh">${clubBadge(o.club)} <b>${(o.name)}</b></div><div class="ot">${(o.text)}</div>
        <div class="targets"><span title="T1 (challenge / solo)">T1 ${o.t1}</span><span class="min" title="minimum to score">MIN ${o.min}</span><span title="T2 (challenge / solo)">T2 ${o.t2}</span></div>${standing}</div>`;
    });
    const note = solo ? html`<div class="muted small">Solo (${(diff)}): the target shown is the one you must reach given your pin against Ed's.</div>` : "";
    return html`<section class="objs" aria-label="club objectives"><header>Club objectives</header><div class="olist">${cards}</div>${note}</section>`;
  }

  // ---------------------------------------------------------------- Ed E. Tor
  function edPriority(obs) {
    const pr = obs.solo.priority;
    const tokenOf = (club) => (C.locations.find((l) => l.club === club) || {}).token;
    return html`<div class="prio">${pr.map((club, c) => {
      if (!club) return html`<div class="pcard down" title="Ed's priority card above column ${c + 1}: face down (preference ${c + 1})">?</div>`;
      const tok = tokenOf(club);
      const n = obs.solo.ed_tokens[tok] || 0;
      return html`<div class="pcard" title="Preference ${c + 1}: ${(clubName(club))}, ${(tokenName(tok))} tokens (${n})">${clubBadge(club)}${tokenIcon(tok)}<b>×${n}</b></div>`;
    })}</div>`;
  }

  function edArea(v, obs) {
    const so = obs.solo;
    const locName = (id) => (C.locations.find((l) => l.id === id) || {}).name || id;
    let locCard = html`<div class="scard down">no Location card yet</div>`;
    if (so.location_card) {
      const lc = C.solo.location_cards[so.location_card];
      locCard = html`<div class="scard" title="Ed's Location card for this round"><b>Location</b><div>✗ ${(locName(lc.x))}</div>${Object.entries(lc.members).map(([m, l]) => html`<div>${(memberName(m))} → ${(locName(l))}</div>`)}</div>`;
    }
    const lastChoice = so.choice_discard.length ? so.choice_discard[so.choice_discard.length - 1] : "";
    let choice = html`<div class="scard down">no Choice card yet</div>`;
    if (lastChoice) {
      const cc = C.solo.choice_cards[lastChoice];
      choice = html`<div class="scard" title="The last revealed Choice card"><b>Choice</b>${Object.entries(cc.items).map(([l, it]) => html`<div>${(locName(l))}: ${(it)}</div>`)}</div>`;
    }
    const back = so.next_choice_back ? html`<div class="scard back" title="The back of the next Choice card: the order Ed uses his team members"><b>Next card's back</b>${so.next_choice_back.map((m, k) => html`<div>${k + 1}. ${(memberName(m))}${obs.books[1].used.includes(m) ? " (used)" : ""}</div>`)}</div>` : "";
    const sc = v.automa_scores && v.automa_scores[ED];
    const score = sc ? html`<div class="scard"><b>Ed's score${v.terminal ? "" : " so far"}: ${sc.total}</b>${Object.entries(sc.breakdown || {}).map(([k, x]) => html`<div>${(k.replace(/_/g, " "))}: ${x}</div>`)}</div>` : "";
    const record = edRecord(v.log || []);
    return html`<section class="edarea" aria-label="Ed E. Tor"><header>${seatChip(v, 1)} <strong>Ed E. Tor</strong> <span class="muted">(${(opts(v).difficulty || "solo")} automa)</span></header>
      <div class="edcards">${locCard}${choice}${back}${score}</div>
      <div class="edlog"><b>Ed's last turn, step by step</b>${record}</div>
      ${yearbook(v, obs, 1, seat(), false)}</section>`;
  }

  function edRecord(log) {
    const lines = log.map((l) => (typeof l === "string" ? l : l.text));
    let start = -1;
    for (let i = lines.length - 1; i >= 0; i--) if (lines[i].startsWith("Ed reveals a Choice card")) { start = i; break; }
    if (start < 0) return html`<div class="muted">Ed has not taken a turn yet.</div>`;
    const out = [];
    for (let i = start; i < lines.length; i++) {
      const t = lines[i];
      if (i > start && !/^(Ed|The Choice card|Nothing at|No Choice card)/.test(t)) break;
      let label = "Gain";
      if (t.startsWith("Ed reveals a Choice card")) label = "1-2. Choice card, team member";
      else if (t.startsWith("Ed's Location card")) label = "3. Location";
      else if (/^Ed's (Photographer|Treasurer)|^Ed puts|^Ed advances/.test(t) && !out.some((o) => o[0].startsWith("5"))) label = "4. Member action";
      else if (/^The Choice card|cannot take that|^Nothing at|^No Choice card/.test(t)) label = "5. Item";
      else if (/^Ed places|^Ed takes/.test(t)) label = "6. Placement";
      out.push([label, t]);
    }
    return html`<ol>${out.map(([l, t]) => html`<li><span class="stepl">${(l)}</span> ${(t)}</li>`)}</ol>`;
  }

  // ---------------------------------------------------------------- interaction
  function highlight() {
    const lg = legal();
    const active = lg.length > 0;
    const { next } = step(lg, st.sel);
    root.classList.toggle("choosing", active);
    for (const el of root.querySelectorAll("[data-key]")) {
      const k = el.dataset.key;
      const on = active && next.has(k);
      el.classList.toggle("legal", on);
      el.toggleAttribute("data-legal", on); // BOARDS.md: every piece a player can click now
      el.classList.toggle("picked", st.sel.includes(k));
      el.classList.toggle("dim", active && !on && !st.sel.includes(k));
      if (on) el.tabIndex = 0; else el.removeAttribute("tabindex");
    }
    if (st.sel.length && st.sel[0].startsWith("card:")) {
      const live = step(lg, st.sel).live;
      for (const l of live) {
        if (l.action.abc) {
          const g = gesture(l.action);
          const el = root.querySelector(`[data-key="${g[g.length - 1]}"]`);
          if (el) el.classList.add("abcspot");
        }
      }
    }
  }

  function say(text, kind = "") {
    st.msg = text;
    st.msgKind = kind;
    const bar = root.querySelector(".c89-status");
    if (!bar) return;
    let box = bar.querySelector(".c89-msg");
    if (!box) {
      box = document.createElement("div");
      box.setAttribute("role", "status");
      bar.appendChild(box);
    }
    box.className = `c89-msg ${kind}`;
    box.textContent = text;
  }

  function click(key) {
    const lg = legal();
    const { next } = step(lg, st.sel);
    if (next.has(key)) {
      st.sel = [...st.sel, key];
      const s2 = step(lg, st.sel);
      if (s2.done && s2.next.size === 0) {
        const chosen = s2.done;
        st.sel = [];
        st.msg = "";
        refreshSelection();
        // "Sent" only once the page really sent it: it may be waiting for the player's confirmation
        if (hooks.choose(chosen.action) === "sent") say(`Sent: ${chosen.text}`, "ok");
        return chosen.action;
      }
      st.msg = "";
      refreshSelection();
      return null;
    }
    // a new first click while part-way: start again from it
    if (st.sel.length && step(lg, []).next.has(key)) {
      st.sel = [];
      return click(key);
    }
    whyNot(key);
    return null;
  }

  function whyNot(key) {
    const v = st.view;
    const obs = v.observation;
    const me = seat();
    if (me === null) { say("You are watching: only the players can move.", "error"); return; }
    if (v.terminal) { say("The game is over.", "error"); return; }
    if (obs.to_move !== me) { say(`It is ${seatLabel(v, obs.to_move)}'s decision now, not yours.`, "error"); return; }
    const action = propose(obs, st.sel, key, me);
    if (!action) {
      say(`Not a choice now. ${promptText(v, obs, me)}`, "error");
      return;
    }
    say("Checking why that is not allowed…", "error");
    Promise.resolve(hooks.explain ? hooks.explain(action) : null).then((reason) => {
      say(reason ? `Not allowed: ${reason}` : `Not a choice now. ${promptText(v, obs, me)}`, "error");
    }).catch(() => say(`Not a choice now. ${promptText(v, obs, me)}`, "error"));
  }

  /** While a tile is chosen, hovering a highlighted grid space shades the cells the tile would cover. */
  function footprint(cell) {
    for (const el of root.querySelectorAll(".gc.foot")) el.classList.remove("foot");
    const first = st.sel[0] || "";
    if (!cell || !cell.classList.contains("legal") || !first.startsWith("card:")) return;
    const t = C.tiles[first.slice(5)];
    if (!t) return;
    const at = Number(cell.dataset.key.slice(5));
    const W = C.grid.columns;
    for (let dy = 0; dy < t.height; dy++) {
      for (let dx = 0; dx < t.width; dx++) {
        const el = root.querySelector(`.c89-mine [data-key="grid:${at + dy * W + dx}"]`);
        if (el) el.classList.add("foot");
      }
    }
  }

  function keyOf(target) {
    const keyed = [];
    for (let el = target; el && el !== root; el = el.parentElement) if (el.dataset && el.dataset.key) keyed.push(el);
    if (!keyed.length) return null;
    return (keyed.find((el) => el.classList.contains("legal")) || keyed[0]).dataset.key;
  }

  function cancel() {
    st.sel = [];
    st.msg = "";
    refreshSelection();
  }

  /** Redraw only what a click changes: the status bar (prompt, cancel) and the highlights. */
  function refreshSelection() {
    const v = st.view;
    const bar = root.querySelector(".c89-status");
    if (!bar) { render(); return; }
    bar.replaceWith(...toNodes(statusBar(v, v.observation, seat())));
    for (const el of root.querySelectorAll(".abcspot")) el.classList.remove("abcspot");
    highlight();
  }

  root.addEventListener("click", (e) => {
    const t = e.target;
    if (t.closest("[data-cancel]")) { cancel(); return; }
    const tog = t.closest("[data-toggle]");
    if (tog) {
      const s = Number(tog.dataset.toggle);
      if (st.expanded.has(s)) st.expanded.delete(s); else st.expanded.add(s);
      render();
      return;
    }
    // a miniature shows no text: a click on it (not on a piece to play) opens it full size
    const mini = t.closest(".yb.small");
    if (mini && !t.closest("[data-legal]")) {
      st.expanded.add(Number(mini.dataset.seat));
      render();
      return;
    }
    const key = keyOf(t);
    if (key && st.view) click(key);
  });
  root.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && st.sel.length) { cancel(); e.preventDefault(); return; }
    if ((e.key === "Enter" || e.key === " ") && e.target.dataset && e.target.dataset.key) {
      e.preventDefault();
      click(e.target.dataset.key);
    }
  });
  root.addEventListener("pointerover", (e) => {
    footprint(e.target.closest('[data-key^="grid:"]'));
    const el = e.target.closest("[data-info],[title]");
    if (!el || !root.contains(el)) return;
    const text = el.dataset.info || el.getAttribute("title");
    if (text && text !== st.hover) {
      st.hover = text;
      const bar = root.querySelector(".c89-info");
      if (bar) bar.textContent = text;
    }
  });

  return {
    update,
    destroy() { window.removeEventListener("resize", stickBelowPage); root.remove(); },
    // for tests and the fallback list: the clicks that make an action, and the selection now
    gestureOf: (action) => gesture(action),
    selection: () => [...st.sel],
  };
}
