// The table page's state and the small questions every part asks (whose turn, am I a seat, online?).
import * as store from "../store.js";

export const TURN_ENDING = /(^|[a-z])(EndTurn|Done|Pass|Finish|EndPhase)$/;

export const page = {
  tableId: decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || ""),
  secret: null, // this seat's secret (null for a spectator)
  hostSecret: null,
  game: null, // game info from /api/games
  live: null, // the latest live view
  shown: null, // the view on screen (live, or a past step)
  viewingStep: null, // null = live
  pending: null, // {action json, text} waiting for the server's answer
  confirm: null, // {action, text} waiting for the player's confirm
  wasMyTurn: false,
  seenActions: new Map(), // json -> text, every action this seat was offered (for "why not?")
  whyWaiters: new Map(), // json -> [resolve]
  board: null,
  standIns: null, // component id -> "all" or [stand-in fields], for the cards' tooltips (GET /api/tables/ID/data)
  socket: null,
  notices: [], // [{afterStep, text}]
  clockBase: 0, // performance.now() when the live view arrived
  historyToken: 0,
};

// ------------------------------------------------------------------ credentials from the link
export function readCredentials() {
  const frag = new URLSearchParams(location.hash.replace(/^#/, ""));
  const fromLink = frag.get("seat");
  if (fromLink) {
    page.secret = fromLink;
  } else if (!frag.has("spectate")) {
    page.secret = store.seatSecret(page.tableId);
  }
  page.hostSecret = store.hostSecret(page.tableId);
}

// ------------------------------------------------------------------ small helpers
export const isSeat = () => page.live && page.live.seat !== null && page.live.seat !== undefined && page.live.role === "seat";
export const mySeat = () => (isSeat() ? page.live.seat : null);
export const seatName = (view, seat) => {
  const s = view && view.seats ? view.seats.find((x) => x.seat === seat) : null;
  return s ? s.name : `Seat ${seat + 1}`;
};
export const online = () => !!page.socket && page.socket.isOpen();
export const myTurn = () => !!page.live && !page.live.terminal && isSeat() && page.live.to_move === page.live.seat && page.live.legal.length > 0;

export function actionKey(action) {
  return JSON.stringify(action);
}
