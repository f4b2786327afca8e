// Drawing the whole page from the latest view, and the socket's messages that feed it.
import { $, h, toast } from "../dom.js";
import * as store from "../store.js";
import * as learn from "../learn.js";
import * as announce from "../announce.js";
import * as turnAlert from "../notify.js";
import * as handover from "../handover.js";
import { actionKey, myTurn, page, seatName } from "./page.js";
import { renderAlert, renderStatus } from "./status.js";
import { renderPlayers, renderScores } from "./players.js";
import { cancelConfirm, renderActions } from "./actions.js";
import { rememberOffered } from "./why.js";
import { renderEnd, renderHistoryBanner, renderLog, renderReplayLabel } from "./replay.js";
import { renderBoard } from "./boardview.js";
import { applyUpdate } from "../socket.js";

export function renderAll() {
  // a few facts on <body> for tests and user styles (never secrets)
  const v = page.live;
  if (v) {
    Object.assign(document.body.dataset, {
      version: String(v.version), step: String(v.step), terminal: String(!!v.terminal), myTurn: String(myTurn()),
      role: v.role || "", viewing: page.viewingStep === null ? "live" : String(page.viewingStep),
    });
  }
  renderStatus();
  renderEnd();
  renderActions();
  renderPlayers();
  renderBoard();
  renderScores();
  renderLog();
  renderAlert();
  renderReplayLabel();
  learn.update(page.live, myTurn());
  announce.update(page.live, myTurn(), page.viewingStep === null);
  turnAlert.update(page.live, myTurn());
  handover.renderBanner();
}

export function onView(view) {
  const first = !page.live;
  if (!view.replay) {
    for (const nt of page.notices) {
      if (nt.fresh) {
        nt.afterStep = Math.min(nt.afterStep, view.step);
        nt.fresh = false;
      }
    }
    page.live = view;
    page.clockBase = performance.now();
    page.pending = null;
    if (page.confirm && !myTurn()) cancelConfirm();
    rememberOffered(view);
    page.chat.onView(view);
    if (page.viewingStep === null) page.shown = view;
    if (first) onFirstView(view);
    renderAll();
    if (page.viewingStep !== null) renderHistoryBanner();
  }
}

export function onFirstView(view) {
  if (page.secret && view.role === "seat") {
    store.remember({ secret: page.secret, table_id: page.tableId, seat: view.seat, role: "seat", game_name: page.game ? page.game.name : view.game, name: seatName(view, view.seat) });
  }
  const tag = view.role === "seat" ? `you play ${seatName(view, view.seat)}` : view.role === "host" ? "host (watching)" : "spectator";
  $("#table-tag").textContent = `table ${page.tableId} · ${tag}`;
  if (view.seed_chosen) {
    // the seed fixes every deal: a table whose creator chose it says so to everyone
    $("#table-tag").append(" · ", h("span.pill.seed", { title: "The host chose this table's seed, which fixes every deal: the host can know every card." }, "seed chosen by the host"));
  }
  if (view.data_set) {
    // played with a data set the server offers, not the packaged data (a tooltip marks each stand-in value)
    $("#table-tag").append(" · ", h("span.pill.data-set", { title: "The component data this table is played with (a data set this server offers)." }, `cards: ${view.data_set}`));
  }
}

export function onMessage(msg) {
  switch (msg.type) {
    case "view":
      onView(msg);
      break;
    case "update":
      // only what changed since the view held (PROTOCOL.md); the first view is always whole
      if (page.live) onView(applyUpdate(page.live, msg));
      break;
    case "welcome":
      break;
    case "seats":
      // who is connected changed; nothing else did
      if (page.live && Array.isArray(msg.seats)) {
        page.live = { ...page.live, seats: msg.seats };
        if (page.viewingStep === null) page.shown = page.live;
        renderPlayers();
        renderStatus();
      }
      break;
    case "error":
      learn.onError(msg);
      onError(msg);
      break;
    case "suggestion":
      learn.onSuggestion(msg);
      break;
    case "why": {
      if (announce.onWhy(msg)) break;
      const key = actionKey(msg.action);
      const list = page.whyWaiters.get(key) || [];
      page.whyWaiters.delete(key);
      for (const resolve of list) resolve(msg.reason);
      break;
    }
    case "notice":
      // placed after the position it explains: the next view's step if one follows (an undo
      // notice then sits where the moves were taken back)
      page.notices.push({ afterStep: page.live ? page.live.step : 0, text: msg.text, fresh: true });
      toast(msg.text);
      renderLog();
      break;
    case "chat":
      page.chat.onLine(msg.line);
      break;
    case "pong":
      break;
    default:
      break;
  }
}

export function onError(msg) {
  const wasPending = page.pending;
  page.pending = null;
  if (msg.code === "stale") {
    toast("The table moved on before your move arrived: here is the current position.", "error", 5000);
  } else if (msg.code === "illegal" || msg.code === "not_your_turn") {
    toast(`Not allowed: ${msg.message}`, "error", 7000);
  } else if (msg.code === "unauthorized" || msg.code === "not_found") {
    // the socket closes; the close handler shows a banner
  } else {
    toast(msg.message || "Something went wrong", "error", 6000);
  }
  if (wasPending) {
    renderActions();
    renderStatus();
  }
}

