// The Players panel (kept and updated in place), the live clocks and the scores table.
import { $, clockText, fill, h, humanize } from "../dom.js";
import { icon, seatClass, seatColourName, seatSymbol } from "../seats.js";
import { mySeat, page } from "./page.js";
import { hostTools } from "./seatmenu.js";
import * as handover from "../handover.js";

// ------------------------------------------------------------------ players
export function renderPlayers() {
  const v = page.shown;
  if (!v) return;
  const live = page.live;
  const places = v.placings || null;
  const box = $("#players");
  // panels are kept and updated in place: a button in one must survive a bot's quick moves
  if (!page.playerNodes || page.playerNodes.length !== v.seats.length) {
    page.playerNodes = v.seats.map((s) => {
      const node = { sym: h("span.sym-wrap"), name: h("div.name"), score: h("div.score"), meta: h("div.meta"), tools: h("div.host-tools"), sigs: {} };
      node.root = h("div.player", { dataset: { seat: String(s.seat) } }, node.sym, node.name, node.score, node.meta, node.tools);
      return node;
    });
    page.automaSig = null;
  }
  // a solo game's automa (Ed E. Tor) is a player too: shown after the seats, never with seat tools
  const automa = Object.entries(v.automa_scores || {});
  const automaSig = JSON.stringify(automa.map(([name]) => name));
  if (page.automaSig !== automaSig) {
    page.automaSig = automaSig;
    page.automaNodes = automa.map(([name]) => {
      const node = { score: h("div.score") };
      node.root = h("div.player.automa", { dataset: { automa: name } }, h("span.sym-wrap", icon("bot")), h("div.name", { title: name }, name),
        node.score, h("div.meta", h("span.pill.bot", "automa")));
      return node;
    });
    fill(box, page.playerNodes.map((n) => n.root), page.automaNodes.map((n) => n.root));
  }
  // during the game the points are what each would score if it ended now, not a final result
  const running = !v.terminal;
  $("#players-note").classList.toggle("hidden", !running);
  const scoreTitle = running ? "points if the game ended now" : "final points";
  automa.forEach(([, sc], i) => {
    const node = page.automaNodes[i];
    fill(node.score, sc && sc.total !== undefined ? String(sc.total) : "", h("small", "points"));
    node.score.title = scoreTitle;
  });
  v.seats.forEach((s, i) => {
    const node = page.playerNodes[i];
    const score = v.scores && v.scores[s.seat] ? v.scores[s.seat].total : null;
    const classes = ["player", seatClass(s.seat)];
    if (!v.terminal && v.to_move === s.seat) classes.push("to-move");
    if (live && s.seat === mySeat()) classes.push("me");
    node.root.className = classes.join(" ");
    node.root.dataset.seat = String(s.seat);
    const update = (key, sig, build) => {
      if (node.sigs[key] !== sig) {
        node.sigs[key] = sig;
        build();
      }
    };
    update("sym", `${s.seat}|${s.name}`, () => fill(node.sym, seatSymbol(s.seat, `${s.name} (${seatColourName(s.seat)})`)));
    update("name", s.name, () => {
      node.name.textContent = s.name;
      node.name.title = s.name;
    });
    update("score", String(score), () => fill(node.score, score === null ? "" : String(score), h("small", "points")));
    node.score.title = scoreTitle;
    const place = places && places[s.seat] ? places[s.seat] : null;
    const toMove = !v.terminal && v.to_move === s.seat;
    const clockSig = s.clock ? `${s.clock.running}|${s.clock.remaining_ms}` : "";
    update("meta", JSON.stringify([s.seat, s.bot, s.kind, s.connected, clockSig, toMove, place]), () => fill(node.meta,
      h("span", { title: seatColourName(s.seat) }, seatColourName(s.seat)),
      s.bot ? h("span.pill.bot", { title: `played by the ${s.kind} bot` }, icon("bot"), "bot") : null,
      !s.bot ? h("span", h(`span.online${s.connected ? ".yes" : ""}`), s.connected ? " online" : " offline") : null,
      s.clock ? h(`span.clock${s.clock.running ? ".running" : ""}${s.clock.remaining_ms < 30000 ? ".low" : ""}`, { dataset: { seat: String(s.seat) } }, clockText(s.clock.remaining_ms)) : null,
      toMove ? h("span.pill.turn", "to move") : null,
      place ? h("span.place", ordinal(place)) : null));
    const tools = hostTools(s) || handover.ownSeatTools(s);
    update("tools", tools ? tools.sig : "", () => {
      fill(node.tools, tools ? tools.el : null);
      node.tools.classList.toggle("hidden", !tools);
    });
  });
}

export function ordinal(n) {
  const s = ["th", "st", "nd", "rd"][n % 100 > 10 && n % 100 < 14 ? 0 : n % 10] || "th";
  return `${n}${s} place`;
}

// ------------------------------------------------------------------ live clocks
export function tickClocks() {
  const v = page.live;
  if (!v || page.viewingStep !== null) return;
  const elapsed = performance.now() - page.clockBase;
  for (const s of v.seats) {
    if (!s.clock) continue;
    const el = document.querySelector(`.clock[data-seat="${s.seat}"]`);
    if (!el) continue;
    const ms = s.clock.running ? s.clock.remaining_ms - elapsed : s.clock.remaining_ms;
    el.textContent = clockText(ms);
    el.classList.toggle("low", ms < 30000);
  }
}

// ------------------------------------------------------------------ scores
export function renderScores() {
  const v = page.shown;
  const box = $("#scores");
  if (!v || !v.scores || !v.scores.length) {
    fill(box, h("p.empty", "No scores yet."));
    page.scoreSig = null;
    return;
  }
  const sig = JSON.stringify([v.scores, v.automa_scores, v.seats.map((s) => s.name)]);
  if (sig === page.scoreSig) return;
  page.scoreSig = sig;
  const cols = v.seats.map((s) => ({ label: s.name, seat: s.seat, score: v.scores[s.seat] }));
  for (const [name, score] of Object.entries(v.automa_scores || {})) cols.push({ label: name, seat: null, score });
  const cats = [];
  for (const c of cols) for (const k of Object.keys((c.score && c.score.breakdown) || {})) if (!cats.includes(k)) cats.push(k);
  const best = (vals) => Math.max(...vals.filter((x) => typeof x === "number"));
  const row = (label, vals, tag = "td") => {
    const top = best(vals);
    return h("tr", h(tag === "td" ? "th" : "td", { scope: "row" }, label),
      vals.map((x) => h(`td${x === top && top !== 0 && cols.length > 1 ? ".best" : ""}`, x === undefined ? "—" : String(x))));
  };
  fill(
    box,
    h("table.scores",
      h("thead", h("tr", h("th", "Category"), cols.map((c) => h("th", c.seat === null ? h("span.chip", icon("bot"), c.label) : h(`span.chip.${seatClass(c.seat)}`, seatSymbol(c.seat), c.label))))),
      h("tbody", cats.map((k) => row(humanize(k), cols.map((c) => (c.score && c.score.breakdown ? c.score.breakdown[k] : undefined))))),
      h("tfoot", row("Total", cols.map((c) => (c.score ? c.score.total : undefined)), "tf"))),
  );
}

