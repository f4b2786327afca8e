// What the rules are about to do and what they just did, where the player looks (issue 31): the
// view's `warnings` (automatic rules about to hit this seat, each with its rule section), its
// `announcements` (the log lines since this seat's last decision), and its `batches` ("Keep all":
// a set of independent decisions taken with one click, sent one decision at a time). Also "why
// not?" on typed text, which the server finds among the choices (never asking for JSON).
// Everything is drawn in #status-notes inside the status bar; text is always inserted as text.
import { $, fill, h } from "./dom.js";
import * as learn from "./learn.js";

const state = {
  choose: null, // (action, text, kind) => "sent" | "confirm" | null: the page's one way to play
  send: null, // (action, text) => bool: send without asking again (the set was confirmed once)
  socketSend: null, // (message) => bool
  batch: null, // {pattern, scope, left, sentVersion}: a "Keep all" in progress
  step: null, // the last live step seen (an undo makes it go back)
  whyWaiters: [], // [{text, resolve}]
};

/** Called once by the table page with its ways to play and to talk to the server. */
export function setup({ choose, send, socketSend }) {
  state.choose = choose;
  state.send = send;
  state.socketSend = socketSend;
  // a cancelled confirmation or an Undo ends a "Keep all" in progress
  for (const id of ["#confirm-no", "#undo-btn"]) {
    const el = $(id);
    if (el) el.addEventListener("click", stopBatch);
  }
}

function box() {
  let el = $("#status-notes");
  if (!el) {
    const bar = $("#status");
    if (!bar) return null;
    el = h("div.status-notes#status-notes", { "aria-live": "polite" });
    el.addEventListener("click", (ev) => {
      if (ev.target.closest("a, button")) return;
      el.classList.toggle("open"); // on a phone the notes show one line each until tapped
    });
    bar.append(el); // a row of its own under the status line, the bar's whole width
  }
  return el;
}

/** Redraw the notes for `view` (the live view, or null); `mine`: it is this seat's decision. */
export function update(view, mine, live = true) {
  const el = box();
  if (!el) return;
  if (!view || !live || view.terminal) {
    fill(el);
    el.classList.add("hidden");
    if (view && view.terminal) stopBatch();
    return;
  }
  if (state.step !== null && view.step < state.step) stopBatch(); // moves were taken back
  state.step = view.step;
  const parts = [];
  if (mine && !state.batch) {
    for (const b of view.batches || []) {
      parts.push(h("button.batch", { type: "button", title: `One click for all ${b.count}: each is still its own move, and Undo takes back the last one`, on: { click: () => startBatch(view, b) } }, b.label));
    }
  }
  if (state.batch) parts.push(h("div.note.batching", `${state.batch.label}: ${state.batch.left} to go…`));
  for (const w of view.warnings || []) {
    parts.push(h("div.note.warning", { role: "note" }, h("b", "Heads up: "),
      learn.linkReason(w.section ? `${w.text} (rulebook: ${w.section})` : w.text)));
  }
  const lines = view.announcements || [];
  if (lines.length) {
    const shown = lines.slice(-3);
    parts.push(h("div.note.announce", { title: lines.join("\n") }, h("b", "Since your last move: "),
      shown.join(" · "), lines.length > shown.length ? ` (and ${lines.length - shown.length} more in the log)` : ""));
  }
  fill(el, parts);
  // the box stays (a phone keeps its one line even when empty, so the bar's height holds still
  // and the board's pieces brought into view stay clear of it)
  el.classList.remove("hidden");
  el.classList.toggle("empty", !parts.length);
  // the notes change the status bar's height: give the boards' sticky bars (--hr-top, fit.js) the new
  // height now, before the pieces to click are brought into view in the next frame (a ResizeObserver
  // would only say so after that frame, and a board's bar would then cover the pieces just revealed)
  const status = $("#status");
  if (status) document.documentElement.style.setProperty("--hr-top", `${Math.ceil(status.getBoundingClientRect().height)}px`);
  if (mine) runBatch(view);
}

/** The offered action matching a batch's fields, or null. */
function matching(view, pattern) {
  return (view.legal || []).find((a) => Object.entries(pattern).every(([k, v]) => a.action[k] === v)) || null;
}

function startBatch(view, b) {
  const first = matching(view, b.action);
  if (!first) return;
  const result = state.choose(first.action, first.text, first.kind);
  if (result === null) return;
  state.batch = { pattern: b.action, scope: b.scope, label: b.label, left: b.count - 1, sentVersion: view.version, confirming: result === "confirm" };
  if (state.batch.left <= 0) stopBatch();
}

/** At each of the set's next decisions, send its matching action (once per view). */
function runBatch(view) {
  const b = state.batch;
  if (!b || view.version === b.sentVersion) return;
  const next = matching(view, b.pattern);
  const batches = view.batches || [];
  if (!next || (batches.length && !batches.some((x) => x.scope === b.scope))) {
    stopBatch(); // the set is over (or something else is asked first): the player decides
    return;
  }
  b.sentVersion = view.version;
  if (!state.send(next.action, next.text)) {
    stopBatch();
    return;
  }
  b.left -= 1;
  if (b.left <= 0) stopBatch();
}

/** Stop a "Keep all" in progress (Undo, the game moving on, a cancelled confirmation). */
export function stopBatch() {
  state.batch = null;
}

// ------------------------------------------------------------------ why not? by text
/** Ask the server what `text` names among the choices now; resolves with its `why` answer. */
export function whyByText(text) {
  return new Promise((resolve) => {
    const waiter = { text, resolve };
    state.whyWaiters.push(waiter);
    if (!state.socketSend || !state.socketSend({ type: "why", text })) {
      state.whyWaiters.splice(state.whyWaiters.indexOf(waiter), 1);
      resolve({ action: null, reason: null, note: "Not connected to the table right now." });
      return;
    }
    setTimeout(() => {
      const i = state.whyWaiters.indexOf(waiter);
      if (i >= 0) {
        state.whyWaiters.splice(i, 1);
        resolve({ action: null, reason: null, note: "The server did not answer (check the connection)." });
      }
    }, 8000);
  });
}

/** A `why` message: true if it answered a question asked by text here. */
export function onWhy(msg) {
  if (msg.text === undefined || msg.text === null) return false;
  const i = state.whyWaiters.findIndex((w) => w.text === msg.text);
  if (i < 0) return true;
  const [waiter] = state.whyWaiters.splice(i, 1);
  waiter.resolve(msg);
  return true;
}

/** The answer to show for a `why` asked by text: [kind, sentence]. */
export function whySentence(msg, mine) {
  if (!msg.action) return [msg.reason ? "illegal" : "legal", msg.reason || msg.note || ""];
  const label = msg.label || msg.text;
  if (msg.reason) return ["illegal", `${label}: ${msg.reason}`];
  return ["legal", `${label}: this move is allowed right now${mine ? "" : " (for the seat to move)"}.`];
}
