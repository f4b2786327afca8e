// Academic Society board for the homeroom table page (contract: homeroom/web/BOARDS.md):
// createBoard(container, {choose, explain}) -> {update(view), destroy()}.
//
// It draws the Society Board (action spaces, Influence track), the Management Board (round track
// and the six phases, turn order, Secretariat, Authority track with its arrows and the column rule,
// Contribution track with stacked markers, Royal Commissions, the Treatise offer) and every seat's
// Individual Board, from the observation and components.json (built from data/*.toml). Every legal
// action is made by clicking the pieces it names (gestures.js).

import { html, patch } from "/static/js/kit.js";
import { Picker, SUBJECT_IDS, guessAction, plan } from "./gestures.js";

const CSS_URL = new URL("board.css", import.meta.url);
const COMPONENTS_URL = new URL("components.json", import.meta.url);

const SEAT_SYMBOLS = ["●", "▲", "■", "◆"];
const PHASES = ["Contribution to the Nation", "Research Activities", "Maintaining Authority",
  "Effects of Contribution", "Treatise Presentation Results", "Preparation for the Next Round"];
const FLASK = { round: "⚗", triangle: "△" };

let componentsPromise = null;
// what a Secretary does, in every Secretary's tooltip (issue 31: the newcomer could not tell)
const SECRETARY_DOES = "A Secretary is one extra pawn for Phase 2, placed like a scholar but never onto a Sabbatical track; at the end of that round (Phase 6) it goes back to the Secretariat.";

function loadComponents() {
  if (!componentsPromise) {
    componentsPromise = fetch(COMPONENTS_URL).then((r) => {
      if (!r.ok) throw new Error(`components.json: HTTP ${r.status}`);
      return r.json();
    });
  }
  return componentsPromise;
}

function ensureCss() {
  if (document.querySelector("link[data-as-board]")) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = CSS_URL.href;
  link.dataset.asBoard = "1";
  document.head.appendChild(link);
}


export function createBoard(container, hooks) {
  ensureCss();
  const root = document.createElement("div");
  root.className = "as-board";
  root.setAttribute("role", "application");
  root.setAttribute("aria-label", "Academic Society board");
  container.replaceChildren(root);

  const st = {
    C: null, view: null, gestures: [], picker: new Picker([]), message: "", messageKind: "",
    info: "", marks: new Set(), seenLog: 0, p5: null, p5timer: null, destroyed: false,
  };

  loadComponents().then((C) => {
    st.C = C;
    if (st.view) draw();
  }).catch((err) => {
    root.textContent = `The Academic Society board could not load its components: ${err.message}`;
  });

  // ------------------------------------------------------------------ state of the view
  const obs = () => st.view.observation;
  const mySeat = () => (st.view.role === "seat" ? st.view.seat : null);
  const myTurn = () => !!st.view && st.view.live !== false && (st.view.my_turn ?? (st.view.legal || []).length > 0)
    && (st.view.legal || []).length > 0 && !st.view.pending;
  const seatName = (s) => {
    const seats = st.view.seats || [];
    const found = seats.find((x) => x.seat === s);
    return found ? found.name : `Player ${s + 1}`;
  };
  const subj = (id) => st.C.subjects.find((s) => s.id === id) || { id, name: id, short: "?" };

  function update(view) {
    const prev = st.view;
    st.view = view;
    const turnNow = myTurn();
    st.gestures = turnNow ? plan(view.observation, mySeat(), view.legal || []) : [];
    st.picker = new Picker(st.gestures);
    if (!turnNow || !prev || prev.version !== view.version) {
      st.message = "";
    }
    trackMarks(prev, view);
    trackPhase5(view);
    if (st.C) draw();
  }

  // The last moves of the others, from view.last_moves (BOARDS.md: nothing kept from old views):
  // the scholars they placed, the Authority cells they moved to, the Treatises they took.
  function trackMarks(prev, view) {
    const me = mySeat();
    const now = view.observation;
    const marks = new Set();
    (view.last_moves || []).forEach((moves, s) => {
      if (s === me) return;
      for (const { action: a } of moves) {
        if (!a) continue;
        if (a.type === "Place" && a.space) {
          (now.board[a.space] || []).forEach((p, i) => { if (p[0] === s) marks.add(`space:${a.space}:${i}`); });
        } else if (a.type === "Move" && typeof a.to === "number") {
          marks.add(`auth:${s}:${a.to}`);
        } else if (a.type === "Sabbatical" || a.type === "Maintain") {
          if (typeof a.cell === "number" && (now.authority[s] || []).includes(a.cell)) marks.add(`auth:${s}:${a.cell}`);
        } else if (a.type === "TakeTreatise" && typeof a.tile === "number") {
          marks.add(`tile:${s}:${a.tile}`);
        }
      }
    });
    st.marks = marks;
  }

  // Phase 5: each Treatise activation is lit in turn with the log line saying what it did.
  function trackPhase5(view) {
    const log = view.log || [];
    let start = -1;
    for (let i = log.length - 1; i >= 0; i -= 1) {
      if (/^Phase 5\b/.test(log[i].text)) { start = i; break; }
    }
    if (start < 0) { st.p5 = null; return; }
    const lines = [];
    for (let i = start + 1; i < log.length; i += 1) {
      const t = log[i].text;
      if (/^Phase 6\b|^Round \d|^Phase 1\b/.test(t)) break;
      const m = t.match(/^(.*?)'s Treatise (\d+) '/);
      lines.push({ text: t, tile: m ? Number(m[2]) : null, who: m ? m[1] : null, index: i });
    }
    const fresh = lines.filter((l) => l.index >= st.seenLog);
    st.seenLog = log.length;
    const wasKey = st.p5 ? st.p5.start : null;
    st.p5 = { start, lines, step: wasKey === start && st.p5 ? st.p5.step : -1 };
    if (fresh.length && view.live !== false) animatePhase5(lines.indexOf(fresh[0]));
    else st.p5.step = lines.length - 1;
  }

  function animatePhase5(from) {
    clearTimeout(st.p5timer);
    const p5 = st.p5;
    p5.step = from;
    const tick = () => {
      if (st.destroyed || st.p5 !== p5) return;
      if (st.C) lightPhase5();
      if (p5.step < p5.lines.length - 1) {
        p5.step += 1;
        st.p5timer = setTimeout(tick, 450);
      }
    };
    st.p5timer = setTimeout(tick, 0);
  }

  /** Light the Treatise of the current Phase 5 log line and its line, without redrawing the board. */
  function lightPhase5() {
    const p5 = st.p5;
    if (!p5) return;
    root.querySelectorAll(".as-p5 li").forEach((li, i) => {
      li.classList.toggle("as-now", i === p5.step);
      li.classList.toggle("as-later", i > p5.step);
    });
    const act = activatingTile(obs());
    root.querySelectorAll(".as-indiv .as-tile[data-tile]").forEach((el) => {
      el.classList.toggle("as-activating", !!act && Number(el.dataset.tile) === act.tile && Number(el.dataset.seat) === act.seat);
    });
  }

  // ------------------------------------------------------------------ clicks and hovers
  function onClick(ev) {
    if (!st.view || !st.C) return;
    const cancel = ev.target.closest("[data-cancel]");
    if (cancel) {
      st.picker.reset();
      st.message = "Choice cancelled.";
      st.messageKind = "";
      restyle();
      return;
    }
    // the innermost piece with a key, unless it is not lit and a piece around it is (a pawn on a lit cell)
    let el = ev.target.closest("[data-key]");
    for (let up = el; up && root.contains(up); up = up.parentElement ? up.parentElement.closest("[data-key]") : null) {
      if (T.has(up.dataset.key)) { el = up; break; }
    }
    if (!el || !root.contains(el)) {
      const info = ev.target.closest("[data-info]");
      if (info) { st.info = info.dataset.info; drawInfo(); }
      return;
    }
    ev.preventDefault();
    clickKey(el.dataset.key, el);
  }

  function clickKey(key, el) {
    const v = st.view;
    if (!myTurn()) {
      if (el && el.dataset.info) { st.info = el.dataset.info; drawInfo(); }
      if (v.terminal) say("The game is over.", "warn");
      else if (v.live === false) say("You are looking at an earlier moment of the game: go back to live to play.", "warn");
      else if (mySeat() === null) say("You are watching: spectators cannot play.", "warn");
      else if (v.pending) say("Your move is on its way…", "");
      else say(`It is ${seatName(v.to_move)}'s turn, not yours.`, "warn");
      return;
    }
    const res = st.picker.click(key);
    if (res.status === "done") {
      st.message = `${res.gesture.text}`;
      st.messageKind = "sent";
      restyle();
      hooks.choose(res.gesture.action);
      return;
    }
    if (res.status === "more") {
      st.message = "";
      restyle();
      return;
    }
    // Not legal: say why (the engine's explain, with the rulebook section) or what is expected.
    if (el && el.dataset.info) { st.info = el.dataset.info; drawInfo(); }
    const guess = st.picker.prefix.length ? null : guessAction(key, obs(), mySeat());
    const expected = `You are choosing: ${choosingText()}.`;
    if (!guess || !hooks.explain) {
      say(`That is not one of your choices now. ${expected}`, "warn");
      return;
    }
    say(`Not allowed… ${expected}`, "warn");
    Promise.resolve(hooks.explain(guess)).then((reason) => {
      if (st.destroyed) return;
      say(reason ? `Not allowed: ${reason}. ${expected}` : `That is not one of your choices now. ${expected}`, "warn");
    }).catch(() => say(`That is not one of your choices now. ${expected}`, "warn"));
  }

  function say(text, kind) {
    st.message = text;
    st.messageKind = kind;
    drawPrompt();
  }

  function onOver(ev) {
    let el = ev.target.closest("[data-info]");
    if (!el || !root.contains(el)) return;
    // over a pawn on a lit cell (or a lit space), read the lit piece: that is what a click does
    for (let up = el.closest("[data-key]"); up && root.contains(up); up = up.parentElement ? up.parentElement.closest("[data-key]") : null) {
      if (T.has(up.dataset.key)) { el = up; break; }
    }
    if (st.info !== el.dataset.info) { st.info = el.dataset.info; drawInfo(); }
  }

  function onKey(ev) {
    if (ev.key === "Escape" && st.picker.prefix.length) {
      st.picker.reset();
      st.message = "Choice cancelled.";
      restyle();
    } else if ((ev.key === "Enter" || ev.key === " ") && ev.target.dataset && ev.target.dataset.key) {
      ev.preventDefault();
      clickKey(ev.target.dataset.key, ev.target);
    }
  }

  root.addEventListener("click", onClick);
  root.addEventListener("mouseover", onOver);
  root.addEventListener("focusin", onOver);
  root.addEventListener("keydown", onKey);

  // ------------------------------------------------------------------ what is being chosen
  function choosingText() {
    const d = obs().decision;
    if (!d) return "nothing";
    const prefix = st.picker.prefix;
    switch (d.kind) {
      case "declare": return `achieve Royal Commission ${d.n} or not (click the tile's Achieve or Decline)`;
      case "place":
        return prefix.length ? "which pawn goes there (click a pawn in your hand)" : "an action space for a pawn from your hand (click a lit space)";
      case "hq": return "a Sabbatical track: place a scholar from hand on its first space or advance your scholar (click a lit Sabbatical space)";
      case "advance": return "a Sabbatical scholar to advance one space (click the lit space)";
      case "treatise":
        return prefix.length ? "where the Treatise goes (click a lit presentation slot; a filled slot discards its tile)"
          : "a revealed Treatise tile in the offer (click it)" + (st.gestures.some((g) => g.steps[0] === "done") ? ", or Place none" : "");
      case "spend": return `${d.n} Theories to spend (click the markers on your Theory track: ${bagText()})`;
      case "gain": return `${d.n} Theories to gain (click the subjects on your Theory track: ${bagText()})`;
      case "blue": return prefix.length ? "the cell at the end of a blue arrow" : "one of your Authority scholars to move along a blue arrow";
      case "red": return prefix.length ? "the cell at the end of its red arrow" : "one of your Authority scholars to move along its red arrow (lowest Contribution)";
      case "maintain": return `keep your scholar on cell ${d.n} (pay its Research Report cost) or lay it down`;
      case "salon": return "a Salon action (exchange 2 Theories, or 1 Influence)";
      case "bonus": return "whether to take the bonus action (click the lit star, or Skip)";
      case "activate": return `whether to activate Treatise ${d.n} (click the lit tile, or Skip)`;
      default: return d.kind;
    }
  }

  function bagText() {
    const p = st.picker.prefix;
    if (!p.length) return "none chosen yet";
    const counts = {};
    p.forEach((k) => { const s = k.split(":")[1]; counts[s] = (counts[s] || 0) + 1; });
    return Object.entries(counts).map(([s, n]) => `${n} ${subj(s).name}`).join(" + ") + " so far";
  }

  // ------------------------------------------------------------------ drawing helpers
  const targets = () => (myTurn() ? st.picker.targets() : new Set());
  let T = new Set();
  const picked = () => new Set(st.picker.prefix);

  /** Attributes of a clickable piece: its key, lit when legal next, dimmed otherwise. */
  function k(key, info, extra = "") {
    const lit = T.has(key);
    const sel = picked().has(key);
    const cls = lit ? " as-target" : (T.size ? " as-dim" : "");
    return html`data-key="${(key)}" data-info="${(info)}" title="${(info)}"${lit ? html` tabindex="0" role="button" data-legal=""` : ""} class="${extra}${cls}${sel ? " as-picked" : ""}"`;
  }
  const info = (text) => html`data-info="${(text)}" title="${(text)}"`;

  function pawn(seat, kind = "scholar", extra = "") {
    const sym = SEAT_SYMBOLS[seat] || "?";
    if (kind !== "scholar") {
      return html`<span class="as-pawn as-sec as-s${seat} ${extra}" ${info(`${seatName(seat)}'s ${subj(kind).name} Secretary. ${SECRETARY_DOES}`)}><b>${(subj(kind).short)}</b><i>${sym}</i></span>`;
    }
    return html`<span class="as-pawn as-s${seat} ${extra}" ${info(`${seatName(seat)}'s scholar`)}><i>${sym}</i></span>`;
  }

  const theoryIcons = (vec) => vec.map((n, i) => (n ? html`<span class="as-th as-t-${SUBJECT_IDS[i]}">${n}${subj(SUBJECT_IDS[i]).short}</span>` : ""));

  function crestIcon(subject, rank) {
    if (!subject) return html`<span class="as-crest as-nocrest" title="no Crest">✕</span>`;
    return html`<span class="as-crest as-t-${subject}">${"✦".repeat(rank)}</span>`;
  }

  /** A Treatise's name with a soft hyphen in each long word ("Electro-magnetism"), so a phone's
   * narrow slot breaks it where a reader expects, with a hyphen, not at any letter. */
  function breakable(name) {
    const vowel = (c) => "aeiouyAEIOUY".includes(c);
    const split = (w) => {
      if (w.length < 8) return w;
      let best = -1;
      for (const open of [true, false]) { // before a syllable that opens on a vowel ("Thermo-dynamics"), else after any vowel
        for (let i = 4; i <= w.length - 4; i += 1) {
          if (vowel(w[i - 1]) && !vowel(w[i]) && (!open || vowel(w[i + 1]))
              && (best < 0 || Math.abs(i - w.length / 2) < Math.abs(best - w.length / 2))) best = i;
        }
        if (best >= 0) break;
      }
      return best < 0 ? w : `${split(w.slice(0, best))}\u00AD${split(w.slice(best))}`;
    };
    return String(name).replace(/[A-Za-z]+/g, split);
  }

  function treatiseTile(t, { key = null, extraInfo = "", cls = "", order = null, seat = null } = {}) {
    const d = st.C.treatises[String(t)];
    if (!d) return html`<span class="as-tile">#${t}</span>`;
    const subjects = d.subjects.map((s) => subj(s).name).join(" or ");
    const text = `Treatise ${d.id} "${d.name}" (${subjects}${d.four_player ? ", 4-player tile" : ""}): ${d.text} `
      + `Game end: ${d.influence} Influence.${d.flask ? ` Shows a ${d.flask} flask.` : ""}${extraInfo}`;
    const mark = seat !== null && st.marks.has(`tile:${seat}:${t}`) ? " as-new" : "";
    const body = html`<span class="as-tile-band">${d.subjects.map((s) => html`<i class="as-t-${s}">${subj(s).short}</i>`)}${d.four_player ? html`<i class="as-4p">4P</i>` : ""}${order !== null ? html`<b class="as-order">${order}</b>` : ""}</span><span class="as-tile-name">${breakable(d.name)}</span><span class="as-tile-text">${d.text}</span><span class="as-tile-foot"><span class="as-vp">${d.influence}</span>${d.flask ? html`<span class="as-flask">${FLASK[d.flask] || d.flask}</span>` : ""}</span>`;
    const data = seat !== null ? html` data-tile="${t}" data-seat="${seat}"` : "";
    if (key) return html`<div${data} ${k(key, text, `as-tile ${cls}${mark}`)}>${body}</div>`;
    return html`<div${data} class="as-tile ${cls}${mark}" ${info(text)}>${body}</div>`;
  }

  // ------------------------------------------------------------------ the whole board
  function draw() {
    if (!st.view || !st.C || st.destroyed) return;
    T = targets();
    const o = obs();
    const focus = document.activeElement && root.contains(document.activeElement) ? document.activeElement.dataset.key : null;
    patch(root, html`
      <div class="as-prompt" data-sticky aria-live="polite"></div>
      <div class="as-info" aria-live="polite"></div>
      <div class="as-top">
        ${drawSociety(o)}
        ${drawManagement(o)}
      </div>
      ${drawPhase5Panel(o)}
      <div class="as-players">${drawPlayers(o)}</div>`); // by key: only what changed is touched
    restyle();
    drawInfo();
    if (focus) {
      const again = root.querySelector(`[data-key="${CSS.escape(focus)}"]`);
      if (again) again.focus();
    }
  }

  /** The action a lit piece would complete, by key (its full text is shown on hover). */
  function finishing() {
    const out = new Map();
    if (!myTurn() || st.picker.bag) return out;
    const n = st.picker.prefix.length;
    for (const g of st.picker.live()) {
      if (g.steps.length === n + 1) out.set(g.steps[n], g.text);
    }
    return out;
  }

  /** After a click inside a gesture: relight the pieces without redrawing the board. */
  function restyle() {
    if (!st.view || !st.C) return;
    T = targets();
    const sel = picked();
    const fin = finishing();
    root.querySelectorAll("[data-key]").forEach((el) => {
      const key = el.dataset.key;
      const lit = T.has(key);
      if (el.dataset.base === undefined) el.dataset.base = el.dataset.info || "";
      const text = fin.has(key) ? `${fin.get(key)} — ${el.dataset.base}` : el.dataset.base;
      el.dataset.info = text;
      el.title = text;
      el.classList.toggle("as-target", lit);
      el.toggleAttribute("data-legal", lit); // BOARDS.md: every piece a player can click now
      el.classList.toggle("as-dim", !lit && T.size > 0);
      el.classList.toggle("as-picked", sel.has(key));
      if (lit) { el.tabIndex = 0; el.setAttribute("role", "button"); } else { el.removeAttribute("tabindex"); el.removeAttribute("role"); }
    });
    const spending = obs().decision && obs().decision.kind === "spend";
    root.querySelectorAll('.as-mine [data-key^="th:"]').forEach((el) => {
      const n = st.picker.prefix.filter((x) => x === el.dataset.key).length;
      let badge = el.querySelector(".as-badge");
      if (!n) { if (badge) badge.remove(); return; }
      if (!badge) { badge = document.createElement("span"); badge.className = "as-badge"; el.appendChild(badge); }
      badge.textContent = `${spending ? "−" : "+"}${n}`;
    });
    drawPrompt();
  }

  function drawPrompt() {
    const el = root.querySelector(".as-prompt");
    if (!el) return;
    const v = st.view;
    const o = obs();
    const phase = o.phase >= 1 && o.phase <= 6 ? `Phase ${o.phase}: ${PHASES[o.phase - 1]}` : "";
    let who;
    if (v.terminal) who = html`<strong>Game over.</strong> ${(v.outcome || "")}`;
    else if (myTurn()) who = html`<strong class="as-yours">Your turn</strong> — choose ${(choosingText())}.`;
    else if (o.to_move !== null && o.to_move !== undefined) {
      who = html`Waiting for <span class="as-chip as-s${o.to_move}">${SEAT_SYMBOLS[o.to_move]} ${(seatName(o.to_move))}</span>`;
    } else who = "";
    const cancel = myTurn() && st.picker.prefix.length
      ? html`<button type="button" class="as-cancel" data-cancel="1">Cancel (Esc)</button>` : "";
    const msg = st.message ? html`<div class="as-msg as-msg-${st.messageKind}">${(st.message)}</div>` : "";
    patch(el, html`<div class="as-prompt-line"><span class="as-round">Round ${o.round} · ${(phase)}</span>
      <span class="as-who">${who}</span>${cancel}</div>${msg}`);
  }

  function drawInfo() {
    const el = root.querySelector(".as-info");
    if (el) el.textContent = st.info || "Hover or tap any space, tile, cell or pawn to read it in full.";
  }

  // ---------------------------------------------------------------- Society Board
  function drawSociety(o) {
    const players = o.influence.length;
    const locs = st.C.locations.map((loc) => {
      const spaces = st.C.spaces.filter((s) => s.location === loc.id).map((sp) => {
        const pawns = o.board[sp.id] || [];
        const closed = sp.four_player && players < 4;
        const label = `${loc.name}${sp.star ? " (bonus star space)" : ""}${sp.four_player ? " (4-player space)" : ""}`;
        const what = `${label}. Main action: ${loc.main_text}${sp.star && loc.bonus_text ? ` Bonus action: ${loc.bonus_text}` : ""}`
          + `${closed ? " Closed: this space shows the 4-player icon." : ""}`
          + `${pawns.length ? ` Occupied by ${pawns.map((p) => seatName(p[0])).join(", ")}.` : ""}`;
        const key = `space:${sp.id}`;
        const bonusLit = T.has("bonus") && o.decision && o.decision.kind === "bonus" && o.decision.for === loc.id;
        const star = sp.star ? (bonusLit
          ? html`<span ${k("bonus", `Bonus action: ${loc.bonus_text}`, "as-star")}>★</span>`
          : html`<span class="as-star" ${info("Bonus action space")}>★</span>`) : "";
        return html`<div data-card="${(sp.id)}" ${k(key, what, `as-space${loc.unlimited ? " as-unlimited" : ""}${closed ? " as-closed" : ""}`)}>
          ${star}${sp.four_player ? html`<span class="as-4p" title="4-player space">4P</span>` : ""}
          <span class="as-space-pawns">${pawns.map((p, i) => pawn(p[0], p[1], st.marks.has(`space:${sp.id}:${i}`) ? "as-new" : ""))}</span>
        </div>`;
      });
      let extra = "";
      if (loc.main === "salon") {
        extra = html`<div class="as-salon-opts">
          <span ${k("salon:x", "Salon: spend any 2 Theories and gain any 2 Theories", "as-opt")}>2 ⇄ 2</span>
          <span ${k("salon:i", "Salon: gain 1 Influence", "as-opt")}>+1 ★</span></div>`;
      }
      const skip = T.has("done") && o.decision && o.decision.kind === "bonus" && lastLocation(o) === loc.id
        ? html`<button type="button" ${k("done", "Skip the bonus action", "as-skip")}>Skip bonus</button>` : "";
      return html`<section class="as-loc as-loc-${loc.id}" ${info(`${loc.name}. Main action: ${loc.main_text}${loc.bonus_text ? ` Bonus (★ spaces only): ${loc.bonus_text}` : " No bonus action."}`)}>
        <h4>${(loc.name)}</h4>
        <p class="as-loc-main">${(short(loc.main_text))}</p>
        ${loc.bonus_text ? html`<p class="as-loc-bonus">★ ${(short(loc.bonus_text))}</p>` : ""}
        <div class="as-spaces">${spaces}</div>${extra}${skip}
      </section>`;
    });
    return html`<section class="as-society" aria-label="Society Board">
      <h3>Society Board</h3>
      <div class="as-locs">${locs}</div>
      ${drawInfluenceTrack(o)}
    </section>`;
  }

  function short(text) {
    const first = text.split(/(?<=\.)\s/)[0];
    return first.length > 90 ? `${first.slice(0, 88)}…` : first;
  }

  const lastLocation = (o) => (o.decision ? o.decision.for : null);

  function drawInfluenceTrack(o) {
    const cells = [];
    for (let i = 0; i < 50; i += 1) {
      const here = o.influence.map((v, s) => [v, s]).filter(([v]) => v % 50 === i);
      cells.push(html`<span class="as-inf-cell${i % 10 === 0 ? " as-ten" : ""}" ${info(`Influence ${i}${here.length ? `: ${here.map(([v, s]) => `${seatName(s)} (${v})`).join(", ")}` : ""}`)}>
        <em>${i % 5 === 0 ? i : ""}</em>${here.map(([v, s]) => html`<span class="as-marker as-s${s}">${SEAT_SYMBOLS[s]}${v >= 50 ? html`<sup>+${Math.floor(v / 50) * 50}</sup>` : ""}</span>`)}</span>`);
    }
    return html`<div class="as-inftrack" aria-label="Influence track">${cells}</div>`;
  }

  // ---------------------------------------------------------------- Management Board
  function drawManagement(o) {
    return html`<section class="as-management" aria-label="Management Board">
      <h3>Management Board</h3>
      ${drawRounds(o)}
      <div class="as-mgmt-grid">
        <div class="as-mgmt-left">
          ${drawAuthority(o)}
        </div>
        <div class="as-mgmt-right">
          ${drawTurnOrder(o)}
          ${drawContribution(o)}
          ${drawSecretariat(o)}
          ${drawCommissions(o)}
        </div>
      </div>
      ${drawOffer(o)}
    </section>`;
  }

  function drawRounds(o) {
    const per = st.C.rules.royal_commission_per_round;
    const rounds = [];
    for (let r = 1; r <= st.C.rules.rounds; r += 1) {
      rounds.push(html`<span class="as-rd${r === o.round ? " as-now" : ""}${r < o.round ? " as-past" : ""}" ${info(`Round ${r}: ${per[r - 1]} Royal Commission tile(s) revealed`)}>${r}<small>♛${per[r - 1]}</small></span>`);
    }
    rounds.push(html`<span class="as-rd${o.round > st.C.rules.rounds ? " as-now" : ""}" ${info("END: final scoring")}>END</span>`);
    const phases = PHASES.map((p, i) => html`<span class="as-ph${i + 1 === o.phase ? " as-now" : ""}" ${info(`Phase ${i + 1}: ${p}`)}>${i + 1}<small>${(p)}</small></span>`);
    return html`<div class="as-roundtrack" aria-label="Round track">${rounds}</div>
      <div class="as-phasetrack" aria-label="Phases">${phases}</div>`;
  }

  function drawTurnOrder(o) {
    return html`<div class="as-box as-turnorder"><h5>Turn order</h5>${o.order.map((s, i) => html`<span class="as-chip as-s${s}${o.to_move === s ? " as-moving" : ""}" ${info(`${i + 1}. ${seatName(s)}`)}>${i + 1}. ${SEAT_SYMBOLS[s]} ${(seatName(s))}</span>`)}</div>`;
  }

  function drawContribution(o) {
    const spaces = st.C.contribution.slice().reverse().map((sp) => {
      const here = o.contribution.map((v, s) => [v, s]).filter(([v]) => v === sp.index)
        .sort((a, b) => o.contribution_stack[b[1]] - o.contribution_stack[a[1]]);
      const bonus = [sp.influence ? `${sp.influence}★` : "", sp.theory_any ? `${sp.theory_any} Theory` : ""].filter(Boolean).join(" + ");
      const top = sp.index === st.C.contribution.length - 1;
      const text = `Contribution ${sp.name || sp.index}${bonus ? `: Phase 4 bonus ${bonus.replace("★", " Influence")}` : ""}`
        + `${top ? `. Top space: each further Contribution gives ${st.C.rules.overflow_influence} Influence instead.` : ""}`
        + `${here.length ? ` Markers, top first: ${here.map(([, s]) => seatName(s)).join(", ")}.` : ""}`;
      return html`<div class="as-cspace" ${info(text)}><span class="as-cidx">${(sp.name || sp.index)}</span><span class="as-cbonus">${(bonus)}${top ? ` ↑${st.C.rules.overflow_influence}★` : ""}</span>
        <span class="as-stack">${here.map(([, s]) => html`<span class="as-marker as-disc as-s${s}">${SEAT_SYMBOLS[s]}</span>`)}</span></div>`;
    });
    return html`<div class="as-box as-contrib" aria-label="Contribution track"><h5>Contribution <small>(top marker first)</small></h5>${spaces}</div>`;
  }

  function drawSecretariat(o) {
    const spots = SUBJECT_IDS.map((s) => {
      const here = o.secretariat.includes(s);
      const beside = (o.beside || []).includes(s);
      const holder = o.secretaries_in_hand.findIndex((h) => h.includes(s));
      const onBoard = Object.values(o.board).some((ps) => ps.some((p) => p[1] === s));
      const where = here ? "in the Secretariat" : beside ? "beside the board (2 players)" : holder >= 0 ? `in ${seatName(holder)}'s hand` : onBoard ? "on the Society Board" : "";
      return html`<span class="as-secspot as-t-${s}" ${info(`${subj(s).name} Secretary: ${where}. Premier Bonus: the only scholar on the top ${subj(s).name} cell takes it in Phase 6. ${SECRETARY_DOES}`)}>${here ? html`<span class="as-pawn as-sec as-grey"><b>${subj(s).short}</b></span>` : html`<small>${beside ? "beside" : holder >= 0 ? SEAT_SYMBOLS[holder] : onBoard ? "out" : ""}</small>`}</span>`;
    });
    return html`<div class="as-box as-secretariat"><h5>Secretariat</h5>${spots}</div>`;
  }

  function drawCommissions(o) {
    const tiles = o.royal_commissions_revealed.map((t) => {
      const c = st.C.commissions[String(t)];
      const text = `Royal Commission ${t}: pay ${c.cost_text}, gain ${c.contribution} Contribution.`;
      const yes = `rc:${t}:yes`;
      const no = `rc:${t}:no`;
      const buttons = T.has(yes) || T.has(no)
        ? html`<span class="as-rc-btns"><button type="button" ${k(yes, `Achieve: ${text}`, "as-opt")}>Achieve</button><button type="button" ${k(no, `Decline Royal Commission ${t}`, "as-opt")}>Decline</button></span>` : "";
      return html`<div class="as-rc${o.decision && o.decision.kind === "declare" && o.decision.n === t ? " as-current" : ""}" ${info(text)}><span class="as-crown">♛</span><span>${theoryIcons(c.cost)}</span><span class="as-rc-gain">→ ${c.contribution}<span class="as-rosette">✿</span></span>${buttons}</div>`;
    });
    return html`<div class="as-box as-commissions"><h5>Royal Commissions</h5>
      <div class="as-rcs">${tiles.length ? tiles : html`<span class="as-muted">none revealed</span>`}</div>
      <div class="as-muted" ${info(`Royal Commission pile: ${o.royal_commission_pile} face down. Achieved or passed: ${o.royal_commissions_done.join(", ") || "none"}.`)}>pile ${o.royal_commission_pile} · used ${o.royal_commissions_done.length}</div></div>`;
  }

  function drawOffer(o) {
    const piles = SUBJECT_IDS.map((s) => {
      const tiles = (o.treatises_revealed[s] || []).map((t) => treatiseTile(t, { key: `tr:${t}` }));
      return html`<div class="as-pile"><div class="as-pile-back as-t-${s}" ${info(`${subj(s).name} Treatise pile: ${o.treatise_piles[s]} face down, ${(o.treatise_discards[s] || []).length} discarded`)}>${subj(s).short}<small>${o.treatise_piles[s]}</small></div>${tiles}</div>`;
    });
    const none = T.has("done") && o.decision && o.decision.kind === "treatise"
      ? html`<button type="button" ${k("done", "Place no Treatise", "as-skip")}>Place none</button>` : "";
    return html`<div class="as-offer" aria-label="Treatise offer"><h5>Treatise offer</h5><div class="as-piles">${piles}</div>${none}</div>`;
  }

  // The Authority track: cells placed by row and subject column, arrows drawn in SVG beneath.
  function drawAuthority(o) {
    const cells = st.C.cells;
    const columns = [];
    cells.forEach((c) => { if (c.column !== "none" && !columns.includes(c.column)) columns.push(c.column); });
    const rows = Math.max(...cells.map((c) => c.row));
    const W = 100 / columns.length;
    const H = 100 / rows;
    const pos = {};
    cells.forEach((c) => {
      const col = c.column === "none" ? (columns.length - 1) / 2 : columns.indexOf(c.column);
      pos[c.order] = { x: (col + 0.5) * W, y: (c.row - 0.5) * H };
    });
    const players = o.authority.length;
    // Where each scholar ends after the laid-down ones move, and which would return (column rule).
    const returning = new Set();
    for (let s = 0; s < players; s += 1) {
      const after = o.authority[s].map((c) => (o.laid_down[s].includes(c) ? (cells.find((x) => x.order === c).red || c) : c));
      const byCol = {};
      after.forEach((c, i) => {
        const cell = cells.find((x) => x.order === c);
        const col = cell.column === "none" ? "sink" : cell.column;
        (byCol[col] = byCol[col] || []).push([c, o.authority[s][i]]);
      });
      Object.values(byCol).forEach((list) => {
        if (list.length < 2) return;
        list.sort((a, b) => a[0] - b[0]);
        list.slice(0, -1).forEach(([, from]) => returning.add(`${s}:${from}`));
      });
    }
    const arrows = [];
    const seen = new Set();
    const line = (a, b, cls) => {
      const p = pos[a];
      const q = pos[b];
      const dx = q.x - p.x;
      const dy = q.y - p.y;
      const len = Math.hypot(dx, dy) || 1;
      const off = cls === "blue" ? 1.6 : -1.6;
      const nx = (-dy / len) * off;
      const ny = (dx / len) * off;
      const sx = p.x + (dx / len) * 9 + nx;
      const sy = p.y + (dy / len) * 15 + ny;
      const ex = q.x - (dx / len) * 9 + nx;
      const ey = q.y - (dy / len) * 15 + ny;
      arrows.push(html`<line x1="${sx}" y1="${sy}" x2="${ex}" y2="${ey}" class="as-arrow as-${cls}" marker-end="url(#as-head-${cls})"/>`);
    };
    cells.forEach((c) => {
      if (c.red) line(c.order, c.red, "red");
      c.blue.forEach((b) => { if (!seen.has(`${c.order}>${b}`)) { seen.add(`${c.order}>${b}`); line(c.order, b, "blue"); } });
    });
    const d = o.decision;
    const cellDivs = cells.map((c) => {
      const p = pos[c.order];
      const here = [];
      o.authority.forEach((list, s) => list.forEach((cell) => { if (cell === c.order) here.push(s); }));
      here.sort((a, b) => o.order.indexOf(a) - o.order.indexOf(b));
      const pawns = here.map((s) => {
        const laid = o.laid_down[s].includes(c.order);
        const ret = returning.has(`${s}:${c.order}`);
        const mark = st.marks.has(`auth:${s}:${c.order}`) ? " as-new" : "";
        const tip = `${seatName(s)}'s scholar on cell ${c.order}${laid ? ", laid down: it moves along the red arrow after Phase 3" : ""}${ret ? "; it returns to hand by the column rule after the move" : ""}`;
        const inner = html`<i>${SEAT_SYMBOLS[s]}</i>${ret ? html`<u class="as-ret">↩</u>` : ""}`;
        const cls = `as-pawn as-s${s}${laid ? " as-laid" : ""}${ret ? " as-returns" : ""}${mark}`;
        if (s === mySeat()) return html`<span ${k(`auth:${c.order}`, tip, cls)}>${inner}</span>`;
        return html`<span class="${cls}" ${info(tip)}>${inner}</span>`;
      });
      const crest = c.crest ? `${subj(c.crest).name} Crest rank ${c.crest_rank}` : "no Crest";
      const text = `Cell ${c.order} (${c.column === "none" ? "bottom cell" : `${subj(c.column).name} column`}): ${crest}; Research Report cost ${c.cost_text}; `
        + `${c.influence} Influence at game end; red arrow → ${c.red || "none"}; blue arrows → ${c.blue.join(", ") || "none"}.`;
      let btns = "";
      if (d && d.kind === "maintain" && d.n === c.order && (T.has(`keep:${c.order}`) || T.has(`lay:${c.order}`))) {
        // the edge columns' menus open inward: centred under them they passed the board's edge (a phone scrolled sideways)
        const side = p.x < 30 ? " as-maint-l" : p.x > 70 ? " as-maint-r" : "";
        btns = html`<span class="as-maint${side}">${T.has(`keep:${c.order}`) ? html`<button type="button" ${k(`keep:${c.order}`, `Keep: pay ${c.cost_text}`, "as-opt")}>Keep (pay ${(c.cost_text)})</button>` : ""}${T.has(`lay:${c.order}`) ? html`<button type="button" ${k(`lay:${c.order}`, `Lay down: moves to cell ${c.red} after Phase 3`, "as-opt")}>Lay down → ${c.red}</button>` : ""}</span>`;
      }
      const cur = d && d.kind === "maintain" && d.n === c.order;
      const cellAttrs = cur ? html`class="as-cell as-row${c.row}${c.crest ? ` as-c-${c.crest}` : ""} as-current" ${info(text)}`
        : k(`cell:${c.order}`, text, `as-cell as-row${c.row}${c.crest ? ` as-c-${c.crest}` : ""}`);
      return html`<div ${cellAttrs} style="left:${p.x}%;top:${p.y}%">
        <span class="as-corder">${c.order}</span>${crestIcon(c.crest, c.crest_rank)}
        <span class="as-ccost">${c.cost_influence ? `${c.cost_influence}★` : theoryIcons(c.cost)}</span><span class="as-cvp">${c.influence}</span>
        <span class="as-cpawns">${pawns}</span>${btns}</div>`;
    });
    const heads = html`<defs>
      <marker id="as-head-red" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#c0392b"/></marker>
      <marker id="as-head-blue" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#2f6db5"/></marker></defs>`;
    // one grid column a track column (their middles are the cells' middles): a name too long for its
    // column wraps at its soft hyphen instead of running into the next one ("AstronomyChemistry")
    const colHeads = columns.map((c) => html`<span class="as-colhead as-t-${c}">${breakable(subj(c).name)}</span>`);
    return html`<div class="as-authority" aria-label="Authority track">
      <h5>Authority track <small><span class="as-redtxt">red ↓ Phase 3/4</span> · <span class="as-bluetxt">blue ↑ Lecture Hall</span></small></h5>
      <div class="as-colheads" style="grid-template-columns:repeat(${columns.length},minmax(0,1fr))">${colHeads}</div>
      <div class="as-auth-area" style="height:${rows * 4.2}em">
        <svg class="as-arrows" viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true">${heads}${arrows}</svg>
        ${cellDivs}
      </div>
      <p class="as-rule" ${info("Column rule: after any move on the Authority track, a player with two scholars in one column returns to hand the one on the smaller-numbered cell. ↩ and a dashed red ring mark a scholar that will return once the laid-down scholars move (on a phone, the ring alone).")}>Column rule: two of your scholars in one column → the one on the smaller number returns to hand (↩, dashed red ring).</p>
    </div>`;
  }

  // ---------------------------------------------------------------- Phase 5
  function drawPhase5Panel(o) {
    const p5 = st.p5;
    if (!p5 || !p5.lines.length) return "";
    const items = p5.lines.map((l, i) => html`<li class="${i === p5.step ? "as-now" : ""}${i > p5.step ? " as-later" : ""}">${(l.text)}</li>`);
    return html`<section class="as-p5" aria-label="Phase 5 activations"><h5>Phase 5 of round ${o.phase >= 5 || st.view.terminal ? o.round : o.round - 1} — Treatise activations in order</h5><ol>${items}</ol></section>`;
  }

  function activatingTile(o) {
    // during Phase 5, the tile being activated now (decision) or lit by the replay of the log
    if (o.phase === 5 && o.activation >= 0 && o.decision && (o.decision.kind === "activate" || o.decision.kind === "effect")) {
      const seat = o.decision.seat;
      const pos = o.activation;
      const t = (o.presentation[seat][Math.floor(pos / 3)] || [])[pos % 3];
      if (t !== undefined) return { seat, tile: t };
    }
    if (o.phase === 5 && o.activation >= 0 && o.queue.length) {
      const seat = o.queue[0][1];
      const pos = o.activation;
      const t = (o.presentation[seat][Math.floor(pos / 3)] || [])[pos % 3];
      if (t !== undefined) return { seat, tile: t };
    }
    const p5 = st.p5;
    if (p5 && p5.step >= 0 && p5.lines[p5.step] && p5.lines[p5.step].tile !== null) {
      const l = p5.lines[p5.step];
      const seat = o.presentation.findIndex((rows, s) => seatName(s) === l.who && rows.some((r) => r.includes(l.tile)));
      if (seat >= 0) return { seat, tile: l.tile, line: l.text };
    }
    return null;
  }

  // ---------------------------------------------------------------- Individual Boards
  function drawPlayers(o) {
    const me = mySeat();
    const seats = o.order.slice();
    if (me !== null) { seats.splice(seats.indexOf(me), 1); seats.unshift(me); }
    const act = activatingTile(o);
    return seats.map((s) => drawIndividual(o, s, s === me, act));
  }

  function drawIndividual(o, s, mine, act) {
    const rowsC = st.C.rows;
    const theoryMax = st.C.rules.theory_max;
    const d = o.decision;
    let order = 0;
    const rows = rowsC.map((row, r) => {
      const subject = row.subject;
      const sname = subj(subject).name;
      const held = o.theories[s][SUBJECT_IDS.indexOf(subject)];
      const thKey = `th:${subject}`;
      const thCount = mine ? st.picker.prefix.filter((x) => x === thKey).length : 0;
      const cells = [];
      for (let v = 0; v <= theoryMax; v += 1) cells.push(html`<span class="as-thcell${v === held ? " as-on" : ""}">${v === held ? html`<b class="as-t-${subject}">${v}</b>` : v}</span>`);
      const thInfo = `${seatName(s)}: ${held} ${sname} Theor${held === 1 ? "y" : "ies"} (at most ${theoryMax})`;
      const theory = mine
        ? html`<div ${k(thKey, thInfo, "as-theory")}>${cells}${thCount ? html`<span class="as-badge">${d && d.kind === "spend" ? "−" : "+"}${thCount}</span>` : ""}</div>`
        : html`<div class="as-theory" ${info(thInfo)}>${cells}</div>`;
      const at = o.sabbatical[s][r] || 0;
      const sab = row.spaces.map((sp, i) => {
        const here = at === i + 1;
        const text = `${sname} Sabbatical space ${i + 1}: needs a ${sname} Crest of rank ${sp.crest_rank}+; ${sp.effect_text}${i === row.spaces.length - 1 ? `; ${row.influence} Influence at game end` : ""}${here ? ` — ${seatName(s)}'s scholar is here` : ""}${at > i + 1 ? " (active)" : ""}`;
        const cls = `as-sabspace${here ? " as-occupied" : ""}${at >= i + 1 ? " as-active" : ""}`;
        const inner = html`<span class="as-sabcrest as-t-${subject}">${"✦".repeat(sp.crest_rank)}</span><span class="as-sabfx">${sp.effect === "royal_commission" ? "♛−1" : sp.effect === "research_report" ? "✎−1" : "+1"}</span>${here ? pawn(s) : ""}`;
        return mine ? html`<span ${k(`sab:${subject}:${i + 1}`, text, cls)}>${inner}</span>` : html`<span class="${cls}" ${info(text)}>${inner}</span>`;
      });
      const cap = at ? row.capacity : 0;
      const tiles = o.presentation[s][r] || [];
      const slots = [];
      for (let i = 0; i < Math.max(row.capacity, tiles.length); i += 1) {
        const t = tiles[i];
        const slotKey = `slot:${subject}:${i}`;
        const isAct = (act && act.seat === s && act.tile === t) || (mine && d && d.kind === "activate" && d.n === t);
        if (t !== undefined) {
          order += 1;
          const key = d && d.kind === "treatise" ? slotKey : `act:${t}`;
          const tileHtml = treatiseTile(t, { key: mine ? key : null, order, seat: s, cls: isAct ? "as-activating" : "", extraInfo: ` Activation ${order} in Phase 5.${mine && d && d.kind === "treatise" ? " Lit after you pick a Treatise: click to discard this tile and put the new one here." : ""}` });
          const skip = isAct && mine && T.has("done") && d && d.kind === "activate"
            ? html`<button type="button" ${k("done", `Do not activate Treatise ${t}`, "as-skip")}>Skip</button>` : "";
          slots.push(html`<div class="as-slot">${tileHtml}${skip}</div>`);
        } else if (i < cap) {
          const text = `${sname} presentation space, position ${i + 1} (empty)`;
          slots.push(mine ? html`<div ${k(slotKey, text, "as-slot as-empty")}>+</div>` : html`<div class="as-slot as-empty" ${info(text)}></div>`);
        } else {
          slots.push(html`<div class="as-slot as-locked" ${info(`Locked until a scholar stands on the ${sname} Sabbatical track (holds ×${row.capacity} then)`)}>×</div>`);
        }
      }
      return html`<div class="as-prow">
        <span class="as-subj as-t-${subject}" ${info(sname)}>${(subj(subject).short)}</span>
        ${theory}
        <div class="as-sab">${sab}<span class="as-sabvp" ${info(`${row.influence} Influence at game end for a scholar on the rightmost ${sname} Sabbatical space`)}>${row.influence}</span></div>
        <div class="as-present"><span class="as-cap">×${row.capacity}</span>${slots}</div>
      </div>`;
    });
    const hand = [];
    for (let i = 0; i < o.hand[s]; i += 1) hand.push(mine ? html`<span ${k("pawn:scholar", "A scholar in your hand", "as-handpawn")}>${pawn(s)}</span>` : pawn(s));
    (o.secretaries_in_hand[s] || []).forEach((sec) => hand.push(mine ? html`<span ${k(`pawn:${sec}`, `Your ${subj(sec).name} Secretary (a scholar for Phase 2, never on a Sabbatical track)`, "as-handpawn")}>${pawn(s, sec)}</span>` : pawn(s, sec)));
    const score = st.view.scores && st.view.scores[s] ? st.view.scores[s].total : null;
    const turn = o.to_move === s ? " as-moving" : "";
    const stack = o.order.indexOf(s) + 1;
    return html`<section class="as-indiv as-s${s}-border${mine ? " as-mine" : ""}${turn}" aria-label="${(seatName(s))}'s Individual Board">
      <header><span class="as-chip as-s${s}">${SEAT_SYMBOLS[s]} ${(seatName(s))}${mine ? " (you)" : ""}</span>
        <span ${info(`Influence ${o.influence[s]}`)} class="as-stat">★ ${o.influence[s]}</span>
        <span ${info(`Contribution ${o.contribution[s]}`)} class="as-stat">✿ ${o.contribution[s]}</span>
        <span ${info(`Turn order position ${stack}`)} class="as-stat">#${stack}</span>
        ${score !== null ? html`<span class="as-stat" ${info(`Score now (with game-end Influence): ${score}`)}>Σ ${score}</span>` : ""}
        <span class="as-hand" ${info(`${seatName(s)}'s hand: ${o.hand[s]} scholar(s)${(o.secretaries_in_hand[s] || []).length ? ` and Secretaries ${(o.secretaries_in_hand[s]).map((x) => subj(x).name).join(", ")}` : ""}`)}>hand ${hand || "—"}</span>
      </header>
      <div class="as-prows">
        <div class="as-prow as-phead"><span></span><span>Theories 0–${theoryMax}</span><span>Sabbatical (Crest ✦ needed)</span><span>Treatises (Phase 5 order)</span></div>
        ${rows}
      </div>
    </section>`;
  }

  const api = {
    update,
    destroy() {
      st.destroyed = true;
      clearTimeout(st.p5timer);
      root.removeEventListener("click", onClick);
      root.removeEventListener("mouseover", onOver);
      root.removeEventListener("focusin", onOver);
      root.removeEventListener("keydown", onKey);
      root.remove();
    },
    /** For tests and keyboard helpers: the click sequence (piece keys) that makes an action. */
    gestureFor(action) {
      const want = JSON.stringify(action);
      const g = st.gestures.find((x) => JSON.stringify(x.action) === want);
      return g ? g.steps.slice() : null;
    },
    gestures() { return st.gestures.map((g) => ({ action: g.action, steps: g.steps.slice() })); },
    /** Drop a half-made gesture (what the Cancel button does). */
    reset() { st.picker.reset(); restyle(); },
    ready() { return loadComponents().then(() => true); },
    /** The version of the view drawn last (tests wait for it to change after a move). */
    version() { return st.view ? st.view.version : null; },
  };
  root.asBoard = api; // for tests driving the real table page
  return api;
}
