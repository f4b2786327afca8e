// The status bar (whose turn, what to decide, offline), the title/favicon turn alert and the connection banner.
import { $, fill, h, kindLabel, toast } from "../dom.js";
import { seatClass, seatColourName, seatSymbol } from "../seats.js";
import { isSeat, myTurn, online, page, seatName } from "./page.js";
import { renderActions } from "./actions.js";
import { renderBoard } from "./boardview.js";

// ------------------------------------------------------------------ status bar
export function renderStatus() {
  const v = page.live;
  const bar = $("#status");
  const headline = $("#status-headline");
  const sub = $("#status-sub");
  bar.className = "status";
  fill($("#status-sym"));
  if (!v) return;
  if (!online() && !v.terminal) {
    // offline: say so where the player looks, and claim nothing about who is thinking
    bar.classList.add("offline");
    headline.textContent = "Offline: moves and Undo are off until the connection is back";
    sub.textContent = `Nothing you played is lost. ${v.to_move !== null && v.to_move !== undefined ? `Last seen: ${myTurn() ? "your turn" : `${seatName(v, v.to_move)} to move`}.` : ""}`;
  } else if (v.terminal) {
    bar.classList.add("over");
    headline.textContent = `Game over: ${v.outcome || "the game has ended"}`;
    sub.textContent = "Step through the replay below, or click any line of the log.";
  } else if (v.to_move === null || v.to_move === undefined) {
    headline.textContent = "Setting up…";
    sub.textContent = "";
  } else {
    const who = seatName(v, v.to_move);
    const seatInfo = v.seats.find((s) => s.seat === v.to_move) || {};
    bar.classList.add(seatClass(v.to_move));
    $("#status-sym").appendChild(seatSymbol(v.to_move, `${who} (${seatColourName(v.to_move)})`));
    if (myTurn()) {
      bar.classList.add("mine");
      headline.textContent = v.turn_seat !== null && v.turn_seat !== v.seat ? `Your decision (during ${seatName(v, v.turn_seat)}'s turn)` : "Your turn";
      sub.textContent = whatToDo(v.legal);
    } else {
      // a bot's name often says so already ("Bot 2 (random)"): no "(bot) (bot)"
      headline.textContent = seatInfo.bot ? `${/\bbot\b/i.test(who) ? who : `${who} (bot)`} is thinking…` : `Waiting for ${who}`;
      const parts = [];
      if (v.turn_seat !== null && v.turn_seat !== undefined && v.turn_seat !== v.to_move) parts.push(`It is ${seatName(v, v.turn_seat)}'s turn; ${who} must decide something first.`);
      if (!seatInfo.bot && seatInfo.connected === false) parts.push(`${who} is not connected right now: the game waits for them (turn-based play is fine).`);
      if (v.role !== "seat") parts.push("You are watching this table.");
      sub.textContent = parts.join(" ");
    }
  }
  if (v.archived) sub.textContent = `This table is archived: it can be read, not played. ${sub.textContent}`;
  if (v.data_notice) {
    // its data set is not offered by this server (PROTOCOL.md): readable, never playable here
    headline.textContent = "This table cannot be played on this server";
    sub.textContent = v.data_notice;
  }
  $("#undo-btn").classList.toggle("hidden", !isSeat() || v.terminal);
  $("#undo-btn").disabled = !v.can_undo || page.viewingStep !== null || !!page.pending || !online();
}

export function whatToDo(legal) {
  if (legal.length === 1) return `One choice: ${legal[0].text}`;
  const kinds = [...new Set(legal.map((a) => kindLabel(a.kind)))];
  const list = kinds.length > 1 ? `${kinds.slice(0, -1).join(", ")} or ${kinds[kinds.length - 1]}` : kinds[0];
  return `Choose one of ${legal.length} moves: ${list}.`;
}

// ------------------------------------------------------------------ turn alert (title + favicon)
let blinkTimer = null;
export function renderAlert() {
  const game = page.game ? page.game.name : page.live ? page.live.game : "homeroom";
  const mine = myTurn();
  const title = `${game} · homeroom`;
  document.title = mine ? `▶ Your turn · ${title}` : title;
  // in a background tab the title blinks until the player comes back
  clearInterval(blinkTimer);
  if (mine && document.hidden) {
    let on = true;
    blinkTimer = setInterval(() => {
      on = !on;
      document.title = on ? `▶ Your turn · ${title}` : `(!) ${title}`;
    }, 1000);
  }
  const fav = $("#favicon");
  const want = mine ? "/static/img/favicon-turn.svg" : page.socket && page.socket.isOpen() ? "/static/img/favicon.svg" : "/static/img/favicon-off.svg";
  if (fav.getAttribute("href") !== want) fav.setAttribute("href", want);
  if (mine && !page.wasMyTurn && document.hidden) toast("It is your turn", "good");
  page.wasMyTurn = mine;
}

// ------------------------------------------------------------------ connection banner
let hideGoodTimer = null;
export function setConnection(state, detail) {
  const conn = $("#conn");
  const restarted = state === "open" && detail && detail.restarted;
  const everOpen = page.socket && page.socket.everOpened;
  conn.className = `conn ${state === "open" ? "online" : state === "closed" ? "offline" : "connecting"}${restarted ? " restarted" : ""}`;
  $("#conn-text").textContent = state === "open" ? (restarted ? "Online (the server restarted)" : "Online")
    : state === "closed" ? "Offline" : everOpen ? "Reconnecting…" : "Connecting…";
  const old = $("#conn-banner");
  if (old) old.remove();
  clearTimeout(hideGoodTimer);
  if (detail) {
    const banner = h(`div.banner.${detail.kind}#conn-banner`, { role: "alert" }, detail.text,
      detail.retry ? h("button", { type: "button", on: { click: () => page.socket.retryNow() } }, "Retry now") : null,
      detail.lobby ? h("a.btn", { href: "/" }, "Go to the lobby") : null);
    $("#banners").appendChild(banner);
    if (detail.kind === "good") hideGoodTimer = setTimeout(() => banner.remove(), 4000);
    if (detail.kind === "bad" && !page.live) {
      $("#status-headline").textContent = "This table cannot be opened";
      $("#status-sub").textContent = detail.text;
      $("#actions-panel").classList.add("hidden");
    }
  }
  renderAlert();
  if (page.live) {
    // no moves can be sent while offline: the buttons, the board and Undo say so
    renderActions();
    renderStatus();
    renderBoard();
  }
}

