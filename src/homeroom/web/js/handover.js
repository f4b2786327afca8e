// A seat handed to a bot, reversible (issue 31): the player's own seat menu ("Let a bot play for
// me…", asked first), the banner on their page while a bot plays for them ("A bot is playing for
// you — Take my seat back"), and an Undo on the notice after any handover. The server side is
// POST /api/tables/{id}/seats/{n} with the seat's own secret (PROTOCOL.md).
import { h, toast } from "./dom.js";
import * as API from "./api.js";
import { icon } from "./seats.js";

const BOT = "medium"; // the level a player hands their own seat to

let ctx = null; // { tableId, secret: () => seat secret, live: () => live view, historical: () => bool }

export function setup(context) {
  ctx = context;
}

const mineLive = () => {
  const v = ctx && ctx.live();
  return v && !v.terminal && v.role === "seat" && typeof v.seat === "number" ? v : null;
};

/** The player's own seat menu on their panel ({el, sig}, as the host's tools), or null. */
export function ownSeatTools(s) {
  const v = mineLive();
  if (!v || v.seat !== s.seat || s.bot || ctx.historical()) return null;
  const el = h("details.seat-menu",
    h("summary", { title: "Your seat menu", "aria-label": "Your seat menu" }, "…"),
    h("div.seat-menu-items",
      h("button", { type: "button", dataset: { own: "bot" }, on: { click: () => letBotPlay(s.seat) } }, icon("bot"), "Let a bot play for me…")));
  return { el, sig: `own|${s.seat}` };
}

async function letBotPlay(seat) {
  // never one stray click: the bot plays every move until "Take my seat back"
  if (!window.confirm('Let a bot play for you? It moves for you until you choose "Take my seat back".')) return;
  try {
    await API.setSeatKind(ctx.tableId, seat, BOT, ctx.secret());
    withUndo(toast("A bot is playing for you", "good", 8000), () => takeBack(seat));
  } catch (e) {
    toast(e.message, "error", 6000);
  }
}

/** The seat is the player's again (their own secret). */
export async function takeBack(seat) {
  try {
    await API.setSeatKind(ctx.tableId, seat, "human", ctx.secret());
    toast("Your seat is yours again", "good");
  } catch (e) {
    toast(e.message, "error", 6000);
  }
}

/** Put an Undo button on a notice `t` (a toast) that runs `undo` once. */
export function withUndo(t, undo) {
  if (!t) return;
  t.append(" ", h("button.toast-undo", { type: "button", on: { click: () => { t.remove(); undo(); } } }, "Undo"));
}

/** While a bot plays this page's seat: a banner with "Take my seat back" (for any handover). */
export function renderBanner() {
  const v = mineLive();
  const me = v ? (v.seats || []).find((x) => x.seat === v.seat) : null;
  let banner = document.getElementById("bot-banner");
  if (!me || !me.bot) {
    if (banner) banner.remove();
    return;
  }
  if (banner) return;
  banner = h("div.banner.warn#bot-banner", { role: "status" }, icon("bot"), "A bot is playing for you.",
    h("button.primary#take-back-btn", { type: "button", on: { click: () => takeBack(v.seat) } }, "Take my seat back"));
  document.getElementById("banners").prepend(banner);
}
