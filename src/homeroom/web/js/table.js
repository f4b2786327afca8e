// The generic table page: plays every game through the protocol in homeroom/server/PROTOCOL.md.
// A game's board module (BOARDS.md) plugs into #board-host; without one the observation is shown
// in the generic layout. Text from the server is always inserted as text. The parts live in
// js/table/: page (state), status, players, seatmenu, actions, why, replay (log, end, looking back),
// boardview (board or generic layout) and render (drawing everything from a view, the socket's messages).
import { $, copyText, fill, toast } from "./dom.js";
import * as API from "./api.js";
import * as store from "./store.js";
import { icon, logo } from "./seats.js";
import { TableSocket } from "./socket.js";
import { Chat } from "./chat.js";
import * as learn from "./learn.js";
import * as announce from "./announce.js";
import { trackStatusHeight, watchLegal } from "./fit.js";
import { myTurn, online, page, readCredentials } from "./table/page.js";
import { renderAlert, setConnection } from "./table/status.js";
import { tickClocks } from "./table/players.js";
import { setupInvites } from "./table/seatmenu.js";
import { cancelConfirm, choose, confirmYes, renderActions, send, undo } from "./table/actions.js";
import { askWhy } from "./table/why.js";
import { backToLive, setupReplay } from "./table/replay.js";
import { setupBoard } from "./table/boardview.js";
import { onMessage } from "./table/render.js";
import { rulesTag } from "./options.js";
import * as turnAlert from "./notify.js";
import { setupLogResize } from "./logsize.js";
import * as handover from "./handover.js";

function onKey(e) {
  if (e.target.closest && e.target.closest("input, textarea, select, dialog")) {
    if (e.key === "Escape" && e.target.id === "filter") e.target.value = "";
    return;
  }
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  if (e.key === "Escape") {
    if (page.confirm) cancelConfirm();
    else if (page.viewingStep !== null) backToLive();
    return;
  }
  if (page.confirm && e.key === "Enter" && document.activeElement === document.body) {
    e.preventDefault();
    confirmYes();
    return;
  }
  if (/^[0-9]$/.test(e.key) && myTurn() && !page.confirm && page.viewingStep === null) {
    const btn = $(`#groups button.act[data-key="${e.key}"]`);
    if (btn && !btn.disabled) {
      e.preventDefault();
      btn.click();
    }
    return;
  }
  if (page.live && page.live.terminal) {
    const ids = { ArrowLeft: "#replay-prev", ArrowRight: "#replay-next", Home: "#replay-first", End: "#replay-last" };
    if (ids[e.key]) {
      e.preventDefault();
      $(ids[e.key]).click();
      return;
    }
  }
  if ((e.key === "u" || e.key === "U") && !$("#undo-btn").disabled && !$("#undo-btn").classList.contains("hidden")) {
    e.preventDefault();
    undo();
  }
  if (e.key === "/") {
    e.preventDefault();
    $("#filter").focus();
  }
}

async function main() {
  fill($("#brand"), logo(), "homeroom");
  readCredentials();
  if (!page.tableId) {
    $("#status-headline").textContent = "No table in this address";
    return;
  }
  $("#undo-btn").prepend(icon("undo"));
  $("#undo-btn").addEventListener("click", undo);
  $("#filter").addEventListener("input", renderActions);
  $("#confirm-yes").addEventListener("click", confirmYes);
  $("#confirm-no").addEventListener("click", cancelConfirm);
  $("#why-form").addEventListener("submit", askWhy);
  setupReplay();
  setupLogResize($("#log"));
  handover.setup({ tableId: page.tableId, secret: () => page.secret, live: () => page.live, historical: () => page.viewingStep !== null });
  document.addEventListener("visibilitychange", renderAlert);
  $("#share-btn").addEventListener("click", async () => {
    const url = new URL(`/t/${encodeURIComponent(page.tableId)}#spectate`, location.origin).href;
    toast((await copyText(url)) ? "Copied the link to watch this table" : `Copy failed: ${url}`, "good", 3000);
  });
  setupInvites();
  $("#settings-btn").addEventListener("click", () => {
    $("#pref-confirm").value = store.prefs().confirm;
    $("#settings").showModal();
  });
  $("#pref-confirm").addEventListener("change", () => store.setPref("confirm", $("#pref-confirm").value));
  document.addEventListener("keydown", onKey);
  setInterval(tickClocks, 500);

  try {
    const data = await API.getGames();
    const summary = await API.tableSummary(page.tableId).catch(() => null);
    const gameId = summary ? summary.game : null;
    page.game = (data.games || []).find((g) => g.id === gameId) || null;
    if (page.game) $("#game-title").textContent = page.game.name;
    if (page.game && summary) $("#table-tag").after(rulesTag(page.game, summary)); // the rules in the rulebook's words
    if (gameId) {
      learn.setup(gameId, (m) => !!page.socket && page.socket.send(m));
      announce.setup({ choose, send, socketSend: (m) => !!page.socket && page.socket.send(m) });
      await setupBoard(gameId, summary.data_set || null);
    }
  } catch (e) {
    toast(`Could not load the game's details: ${e.message}`, "error");
  }

  turnAlert.setup($("#settings-btn"), page.game ? page.game.name : "homeroom");
  trackStatusHeight($("#status"));
  // the pieces to click now come into view when the decision changes (not while the player reads)
  watchLegal(page.board ? $("#board-host") : $("#groups"), {
    enabled: () => page.viewingStep === null && myTurn() && online(),
    decision: () => (page.live ? page.live.version : ""),
  });
  page.chat = new Chat((msg) => page.socket.send(msg));
  // without a seat, the host's page says hello with the host secret (role "host": it may chat)
  page.socket = new TableSocket(page.tableId, page.secret || page.hostSecret, { onMessage, onState: setConnection });
  page.socket.connect();
}

main();

