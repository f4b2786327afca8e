// The host's seat menu (let a bot play, give back, open to the lobby) and the invite links dialog.
import { $, copyText, fill, h, toast } from "../dom.js";
import * as API from "../api.js";
import * as store from "../store.js";
import { icon, seatClass, seatSymbol } from "../seats.js";
import { setupDelete } from "../host-delete.js";
import { page } from "./page.js";
import * as handover from "../handover.js";

export function hostTools(s) {
  if (!page.hostSecret || !page.live || page.live.terminal || page.viewingStep !== null) return null;
  if (s.bot && !createdHuman(s.seat)) return null; // a seat created for a bot has no human to give it back to
  if (!s.bot && s.connected) return null; // a player who is here keeps their seat (PROTOCOL.md: the zombie rule)
  const el = s.bot
    ? h("button", { type: "button", dataset: { host: "human" }, on: { click: () => setSeat(s, "human") } }, "Give back to a human")
    : h("details.seat-menu",
      // handing a seat away is never one stray click: it sits in a menu and asks first
      h("summary", { title: `Seat menu for ${s.name}`, "aria-label": `Seat menu for ${s.name}` }, "…"),
      h("div.seat-menu-items",
        h("button", { type: "button", dataset: { host: "bot" }, on: { click: () => confirmBot(s) } }, icon("bot"), "Let a bot play…"),
        !s.open && hostEntry() && hostEntry().listed !== false
          ? h("button", { type: "button", dataset: { host: "open" }, title: "Give the seat a new link (the old one stops working) and let anyone in the lobby take it",
            on: { click: () => reopenSeat(s) } }, "Open to the lobby")
          : null));
  return { el, sig: `${s.seat}|${s.bot}|${s.name}|${s.connected}|${s.open}` };
}

export function hostEntry() {
  return store.secrets().find((e) => e.table_id === page.tableId && e.role === "host");
}

export async function reopenSeat(s) {
  try {
    await API.reopenSeat(page.tableId, s.seat, page.hostSecret);
    toast(`${s.name}'s seat is open: anyone in the lobby may take it`, "good");
  } catch (e) {
    toast(e.message, "error");
  }
}

export function createdHuman(seat) {
  const host = hostEntry();
  const invite = host && Array.isArray(host.invites) ? host.invites.find((i) => i.seat === seat) : null;
  return invite ? !!invite.url || invite.kind === "human" : true;
}

/** Ask before a bot takes a seat: the player loses it until the host gives it back. */
export function confirmBot(s) {
  const ok = window.confirm(`Let a bot play for ${s.name}? The bot moves for them until you choose "Give back to a human".`);
  if (ok) setSeat(s, "greedy");
}

export async function setSeat(s, kind) {
  try {
    await API.setSeatKind(page.tableId, s.seat, kind, page.hostSecret);
    const t = toast(kind === "human" ? `${s.name}'s seat is a human's again` : `A bot now plays for ${s.name}`, "good", 8000);
    if (kind !== "human") handover.withUndo(t, () => setSeat(s, "human"));
  } catch (e) {
    toast(e.message, "error");
  }
}

// ------------------------------------------------------------------ the host's invite links
export function setupInvites() {
  const host = store.secrets().find((e) => e.table_id === page.tableId && e.role === "host");
  const invites = host && Array.isArray(host.invites) ? host.invites.filter((i) => i.url) : [];
  if (!host) return;
  setupDelete(page.tableId, host.secret);
  const btn = $("#invite-btn");
  btn.classList.remove("hidden");
  btn.addEventListener("click", () => {
    fill($("#invite-rows"), invites.map((i) => h(`div.invite.${seatClass(i.seat)}`,
      seatSymbol(i.seat), h("strong", i.name), h("code", i.url),
      h("button", { type: "button", on: { click: async () => toast((await copyText(i.url)) ? `Copied ${i.name}'s link` : "Copy failed", "good", 2500) } }, icon("copy"), "Copy"),
      h("span"))));
    $("#invites-dialog").showModal();
  });
}

