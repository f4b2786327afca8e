// The post-game analysis on a finished table (issue 35): the "Analyse this game" button, its
// progress, then the win-chance graph above the replay slider (one line per seat) and each rated
// decision's mark beside its log line; a click on the graph or a mark shows that moment.
// Decision ``index`` i is the move from step i to step i + 1 (its log lines carry step i + 1).
import { $, h, svg } from "../dom.js";
import * as API from "../api.js";
import { seatClass, seatColourName, seatSymbol } from "../seats.js";
import { page, seatName } from "./page.js";
import { showStep, backToLive } from "./replay.js";

const POLL_MS = 2000;
const MARKS = { inaccuracy: "?!", mistake: "?", blunder: "??" };
const W = 600;
const H = 150;
const PAD = { left: 34, right: 8, top: 8, bottom: 18 };

const state = { status: null, done: 0, total: 0, result: null, error: null, asked: false, timer: null };

const path = (id) => `/api/tables/${encodeURIComponent(id)}/analysis`;
const pct = (x) => `${Math.round(x * 100)}%`;

/** The analysis part of the replay panel: called on every render of a finished table. */
export function renderAnalysis() {
  const v = page.live;
  if (!v || !v.terminal) return;
  const box = host();
  if (!state.asked) {
    state.asked = true;
    load();
    return;
  }
  if (state.status === "done" && state.result) {
    if (!box.querySelector(".win-graph")) {
      box.replaceChildren(graph(state.result));
      markLog();
    }
    moveCursor(box);
    return;
  }
  if (state.status === "running") {
    const share = state.total ? state.done / state.total : 0;
    box.replaceChildren(h("div.analysis-progress", { role: "status" },
      h("span", `Analysing the game: ${state.done} of ${state.total} decisions`),
      h("progress", { max: "1", value: String(share), "aria-label": "Analysis progress" })));
    return;
  }
  const button = h("button.primary#analyse-btn", { type: "button", on: { click: start } }, "Analyse this game");
  const note = h("span.small.muted", state.status === "failed"
    ? `The analysis failed: ${state.error || "unknown error"}.`
    : "Every decision rated by the bots' search: where the game was won and lost.");
  box.replaceChildren(h("div.analysis-ask", button, note));
}

/** The box above the replay slider (made on first use). */
function host() {
  let box = $("#analysis");
  if (!box) {
    box = h("div.analysis#analysis");
    $("#replay-panel").insertBefore(box, $("#replay-panel .replay-bar"));
  }
  return box;
}

function take(doc) {
  state.status = doc.status;
  state.done = doc.done || 0;
  state.total = doc.total || 0;
  state.result = doc.result || null;
  state.error = doc.error || null;
  clearTimeout(state.timer);
  if (state.status === "running") state.timer = setTimeout(load, POLL_MS);
  renderAnalysis();
}

async function load() {
  try {
    take(await API.api("GET", path(page.tableId)));
  } catch (e) {
    take({ status: "failed", error: e.message });
  }
}

async function start() {
  try {
    take(await API.api("POST", path(page.tableId)));
  } catch (e) {
    take({ status: "failed", error: e.message });
  }
}

/** The win-chance graph: one line per seat through its decisions (the chance after each move),
 * a seat symbol on every rated one, the step shown marked; a click shows that step. */
function graph(doc) {
  const steps = doc.decisions.length;
  const x = (step) => PAD.left + (steps ? step / steps : 0) * (W - PAD.left - PAD.right);
  const y = (p) => PAD.top + (1 - p) * (H - PAD.top - PAD.bottom);
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "win-graph", role: "img",
    "aria-label": "Each seat's estimated chance to win over the game; click to see that moment" });
  for (const p of [0, 0.5, 1]) {
    root.appendChild(svg("line", { x1: PAD.left, x2: W - PAD.right, y1: y(p), y2: y(p), class: "grid" }));
    const label = svg("text", { x: PAD.left - 4, y: y(p) + 4, "text-anchor": "end", class: "axis" });
    label.textContent = pct(p);
    root.appendChild(label);
  }
  const seats = doc.players || (doc.seats ? doc.seats.length : 0);
  for (let seat = 0; seat < seats; seat++) {
    const mine = doc.decisions.filter((d) => d.seat === seat);
    if (!mine.length) continue;
    const g = svg("g", { class: `seat-line ${seatClass(seat)}` });
    const pts = [[x(mine[0].index), y(mine[0].win_before)], ...mine.map((d) => [x(d.index + 1), y(d.win_after)])];
    g.appendChild(svg("polyline", { points: pts.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(" "),
      fill: "none", stroke: "var(--seat)", "stroke-width": 2 }));
    for (const d of mine.filter((r) => r.rating)) {
      const mark = seatSymbol(seat, `${seatName(page.live, seat)}: ${tip(d)}`);
      for (const [k, val] of Object.entries({ x: x(d.index + 1) - 6, y: y(d.win_after) - 6, width: 12, height: 12 })) {
        mark.setAttribute(k, String(val));
      }
      mark.classList.add("graph-mark");
      mark.dataset.step = String(d.index + 1);
      g.appendChild(mark);
    }
    root.appendChild(g);
  }
  root.appendChild(svg("line", { class: "cursor", x1: 0, x2: 0, y1: PAD.top, y2: H - PAD.bottom }));
  root.dataset.steps = String(steps);
  root.addEventListener("click", (e) => {
    const mark = e.target.closest && e.target.closest(".graph-mark");
    let step;
    if (mark) {
      step = Number(mark.dataset.step);
    } else {
      const box = root.getBoundingClientRect();
      const at = ((e.clientX - box.left) / box.width) * W;
      step = Math.round(((at - PAD.left) / (W - PAD.left - PAD.right)) * steps);
    }
    step = Math.max(0, Math.min(page.live.step, step));
    if (step >= page.live.step) backToLive();
    else showStep(step);
    $("#replay-slider").value = String(step);
  });
  const legend = h("div.graph-legend.small",
    ...Array.from({ length: seats }, (_, seat) => h(`span.${seatClass(seat)}`,
      seatSymbol(seat, seatColourName(seat)), ` ${seatName(page.live, seat)}`)),
    h("span.muted", ` · chance to win after each of the seat's moves (${doc.settings ? doc.settings.iterations : "?"} searches a decision)`));
  const summary = h("div.analysis-summary.small", ...(doc.summary || []).map((s) =>
    h("span", `${s.name}: ${s.inaccuracy} ?!, ${s.mistake} ?, ${s.blunder} ?? (average loss ${(s.average_loss * 100).toFixed(1)}%)`)));
  return h("div", h("div.win-graph-box", root), legend, summary);
}

function moveCursor(box) {
  const root = box.querySelector(".win-graph");
  const cursor = root && root.querySelector(".cursor");
  if (!cursor || !page.live) return;
  const steps = Number(root.dataset.steps) || 1;
  const at = page.viewingStep === null ? page.live.step : page.viewingStep;
  const cx = PAD.left + (Math.min(at, steps) / steps) * (W - PAD.left - PAD.right);
  cursor.setAttribute("x1", String(cx));
  cursor.setAttribute("x2", String(cx));
}

function tip(d) {
  const better = d.best && d.best !== d.move ? `; better: ${d.best}` : "";
  return `${d.rating}: −${pct(d.loss)} to win${better}`;
}

/** Put each rated decision's mark beside its (first) log line; called after every log render. */
export function markLog() {
  if (state.status !== "done" || !state.result) return;
  const byStep = new Map(state.result.decisions.filter((d) => d.rating).map((d) => [String(d.index + 1), d]));
  const seen = new Set();
  for (const li of document.querySelectorAll("#log li[data-step]")) {
    const step = li.dataset.step;
    const d = byStep.get(step);
    if (!d || seen.has(step)) continue;
    seen.add(step);
    if (li.querySelector(".rating")) continue;
    li.appendChild(h(`span.rating.rating-${d.rating}`, { title: tip(d), "aria-label": tip(d) }, MARKS[d.rating]));
  }
}
