// The legal actions as buttons, the confirm step, sending a move and Undo.
import { $, fill, h, kindLabel, toast } from "../dom.js";
import * as store from "../store.js";
import { icon } from "../seats.js";
import { TURN_ENDING, actionKey, isSeat, myTurn, page, seatName } from "./page.js";
import { renderStatus } from "./status.js";
import { explain } from "./why.js";
import { backToLive } from "./replay.js";

// ------------------------------------------------------------------ actions
export function renderActions() {
  const v = page.live;
  const panel = $("#actions-panel");
  const groupsBox = $("#groups");
  const filter = $("#filter");
  if (!v) return;
  if (v.terminal) {
    panel.classList.add("hidden");
    return;
  }
  panel.classList.remove("hidden");
  if (!isSeat()) {
    $("#actions-title").textContent = "Spectating";
    $("#action-tools").classList.add("hidden");
    $("#keys-hint").classList.add("hidden");
    fill(groupsBox, h("p.muted", icon("eye"), " You are watching: you see what every player can see, never a player's hidden cards."));
    return;
  }
  $("#actions-title").textContent = myTurn() ? "Your choices" : "Your choices (not your turn)";
  if (page.viewingStep !== null) {
    $("#action-tools").classList.add("hidden");
    fill(groupsBox, h("p.muted", "You are looking at an earlier moment. ", h("button", { type: "button", on: { click: backToLive } }, "Back to live"), " to play."));
    return;
  }
  if (!myTurn()) {
    $("#action-tools").classList.add("hidden");
    $("#keys-hint").classList.add("hidden");
    const who = v.to_move !== null ? seatName(v, v.to_move) : "the next player";
    fill(groupsBox, h("div.waiting", h("span.spinner"), `Waiting for ${who}. Your moves will appear here when it is your turn.`));
    return;
  }
  $("#action-tools").classList.toggle("hidden", v.legal.length < 8);
  $("#keys-hint").classList.remove("hidden");
  const needle = filter.value.trim().toLowerCase();
  const groups = new Map();
  v.legal.forEach((a, index) => {
    if (needle && !a.text.toLowerCase().includes(needle) && !kindLabel(a.kind).toLowerCase().includes(needle)) return;
    if (!groups.has(a.kind)) groups.set(a.kind, []);
    groups.get(a.kind).push({ ...a, index });
  });
  let n = 0;
  const blocks = [];
  for (const [kind, list] of groups) {
    blocks.push(
      h("div.group", { dataset: { kind } },
        groups.size > 1 || list.length > 1 ? h("h3", `${kindLabel(kind)} (${list.length})`) : null,
        h("div.buttons", list.map((a) => {
          n += 1;
          const key = n <= 9 ? String(n) : n === 10 ? "0" : "";
          const off = !!page.pending || !!page.confirm || !page.socket.isOpen();
          return h(
            `button.act${TURN_ENDING.test(a.kind) ? ".ends-turn" : ""}`,
            { type: "button", dataset: off ? { index: String(a.index), kind: a.kind, key } : { index: String(a.index), kind: a.kind, key, legal: "" }, disabled: off,
              title: TURN_ENDING.test(a.kind) ? "ends your turn" : "", on: { click: () => choose(a.action, a.text, a.kind) } },
            key ? h("span.key", key) : null,
            a.text,
          );
        })),
      ),
    );
  }
  fill(groupsBox, blocks.length ? blocks : h("p.empty", `No choice matches “${filter.value}”.`));
  if (page.pending) groupsBox.prepend(h("div.waiting", h("span.spinner"), `Sending: ${page.pending.text}`));
}

export function needsConfirm(kind) {
  const pref = store.prefs().confirm;
  if (pref === "all") return true;
  if (pref === "never") return false;
  return TURN_ENDING.test(kind);
}

/** The one way an action leaves the page (buttons, keys and the board all come here).
 * Returns "sent", "confirm" (waiting for the player's Confirm) or null (nothing sent). */
export function choose(action, text, kind) {
  if (page.viewingStep !== null) {
    toast("You are looking at an earlier moment: go back to live to play.", "error");
    return null;
  }
  if (!myTurn() || page.pending) return null;
  const offered = page.live.legal.find((a) => actionKey(a.action) === actionKey(action));
  if (!offered) {
    // not one of the offered moves (a board may propose anything): ask the server why
    explain(action).then((reason) => toast(reason ? `Not allowed: ${reason}` : "That move is allowed: try again", "error", 6000));
    return null;
  }
  text = text || offered.text;
  kind = kind || offered.kind;
  if (needsConfirm(kind)) {
    page.confirm = { action, text };
    $("#confirm-what").textContent = `${text}?`;
    $("#confirm-box").classList.remove("hidden");
    renderActions();
    $("#confirm-yes").focus();
    return "confirm";
  }
  return send(action, text) ? "sent" : null;
}

export function send(action, text) {
  if (!page.socket.send({ type: "act", version: page.live.version, action })) {
    toast("Not connected to the table right now: your move was not sent. Try again once reconnected.", "error", 6000);
    return false;
  }
  page.pending = { action, text };
  renderActions();
  renderStatus();
  return true;
}

export function cancelConfirm() {
  page.confirm = null;
  $("#confirm-box").classList.add("hidden");
  renderActions();
}

export function confirmYes() {
  const c = page.confirm;
  cancelConfirm();
  if (c) send(c.action, c.text);
}

export function undo() {
  if (!page.live || !page.live.can_undo) return;
  if (!page.socket.send({ type: "undo", version: page.live.version })) toast("Not connected to the table right now.", "error");
}

