// The game's board module (BOARDS.md) or the generic layout of the observation.
import { $, fill } from "../dom.js";
import { renderObservation } from "../obsview.js";
import { loadBoard } from "../board-host.js";
import { zoomControl } from "../fit.js";
import { choose } from "./actions.js";
import { explain } from "./why.js";
import { mySeat, myTurn, online, page } from "./page.js";

// ------------------------------------------------------------------ board or generic layout
export function renderBoard() {
  const v = page.shown;
  if (!v) return;
  const note = $("#board-note");
  if (page.board) {
    try {
      page.board.update(boardView(v));
    } catch (err) {
      console.error("board update failed", err);
      note.textContent = "the board failed to draw this position; the generic view is shown";
      fill($("#obs"), renderObservation(v.observation, { seats: v.seats, mySeat: v.role === "seat" ? v.seat : null }));
      page.obsSig = null;
      return;
    }
    fill($("#obs"));
    page.obsSig = null;
    note.textContent = "";
    markStandIns();
    return;
  }
  $("#board-title").textContent = v.role === "seat" ? "What you can see" : "What the players can see";
  note.textContent = v.replay ? `after move ${v.step}` : "";
  // redraw only when what is shown changed (most moves change a few fields of a big observation)
  const sig = JSON.stringify([v.observation, v.seats.map((s) => s.name)]);
  if (sig === page.obsSig) return;
  page.obsSig = sig;
  fill($("#obs"), renderObservation(v.observation, { seats: v.seats, mySeat: v.role === "seat" ? v.seat : null }));
}

/** Add to the tooltip of every card the board draws (``data-card``) which of its values are stand-ins
 * (``GET /api/tables/ID/data``): an owner sees at a glance what to check against their own cards. */
export function markStandIns() {
  const marks = page.standIns;
  if (!marks) return;
  for (const el of $("#board-host").querySelectorAll("[data-card]")) {
    const which = marks[el.getAttribute("data-card")];
    if (!which) continue;
    const text = which === "all" ? "Stand-in: not printed in the rulebook (every value is a stand-in)."
      : `Stand-in values (not printed in the rulebook): ${which.join(", ")}.`;
    el.setAttribute("data-stand-in", which === "all" ? "all" : which.join(" "));
    for (const attr of ["title", "data-info"]) {
      const before = el.getAttribute(attr);
      if (before !== null && before.includes(text)) continue; // marked already (a board redraws only what changed)
      if (before !== null || attr === "title") el.setAttribute(attr, before ? `${before}\n${text}` : text);
    }
  }
}

/** What a board's update() receives: the view message plus a few conveniences (see BOARDS.md). */
export function boardView(v) {
  const connected = online();
  return {
    ...v,
    legal: connected ? v.legal : [], // offline: nothing can be sent, so nothing is offered
    live: page.viewingStep === null,
    my_turn: page.viewingStep === null && myTurn() && connected,
    pending: !!page.pending,
    connected,
  };
}


// ------------------------------------------------------------------ loading and dropping the board
/** Load the game's board module into #board-host; without one the generic layout stays. */
export async function setupBoard(gameId, dataSet = null) {
  const board = await loadBoard(gameId, $("#board-host"), {
    choose: (action) => choose(action),
    explain: (action) => explain(action),
  }, dataSet);
  if (!board) return;
  // which component values are stand-ins (not printed in the rulebook): marked in each card's tooltip
  fetch(`/api/tables/${encodeURIComponent(page.tableId)}/data`).then((r) => (r.ok ? r.json() : null))
    .then((data) => { page.standIns = (data && data.stand_ins) || {}; markStandIns(); }).catch(() => {});
  // a board may draw later than its update() returns (in an animation frame, after loading its
  // pictures): whatever it adds is marked too, once a frame
  let queued = false;
  new MutationObserver(() => {
    if (queued || !page.standIns) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; markStandIns(); });
  }).observe($("#board-host"), { childList: true, subtree: true });
  page.board = board;
  $("#board-title").textContent = page.game ? page.game.name : "The board";
  document.body.classList.add("has-board");
  $("#board-panel > header").appendChild(zoomControl(gameId, $("#board-host")));
  // leaving the page (a rematch, the lobby, closing the tab) drops the board: it removes its listeners and timers
  window.addEventListener("pagehide", dropBoard);
  // back from the browser's page cache the board is gone: load the page afresh
  window.addEventListener("pageshow", (e) => { if (e.persisted && !page.board) location.reload(); });
}

/** Drop the board (its destroy() runs once) and fall back to the generic layout. */
export function dropBoard() {
  const board = page.board;
  if (!board) return;
  page.board = null;
  try {
    if (typeof board.destroy === "function") board.destroy();
  } catch (err) {
    console.error("board destroy failed", err);
  }
  $("#board-host").replaceChildren();
  document.body.classList.remove("has-board");
}
