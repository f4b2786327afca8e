// The generic layout of an observation, used when a game has no board module: the observation
// (already only what this seat may see) shown as labelled fields, lists and grids. All text is
// inserted as text.
import { h, humanize } from "./dom.js";
import { seatClass, seatSymbol } from "./seats.js";

const MAX_TOKENS = 60;

function isScalar(v) {
  return v === null || ["string", "number", "boolean"].includes(typeof v);
}

function scalar(v) {
  if (v === null || v === undefined || v === "") return h("span.none", "—");
  if (v === true) return h("span.tok", "yes");
  if (v === false) return h("span.tok", "no");
  return h("span.tok", String(v));
}

function size(v) {
  try {
    return JSON.stringify(v).length;
  } catch {
    return 0;
  }
}

/** Render `value` (any JSON) as readable blocks; `ctx` = {seats: [{name}], depth}. */
export function renderValue(value, ctx, depth = 0) {
  if (isScalar(value)) return scalar(value);
  if (Array.isArray(value)) return renderArray(value, ctx, depth);
  return renderObject(value, ctx, depth);
}

function renderArray(arr, ctx, depth) {
  if (!arr.length) return h("span.none", "none");
  if (arr.every(isScalar)) {
    // empty slots of a row (an empty photo frame, a free space) as a quiet dot
    const shown = arr.slice(0, MAX_TOKENS).map((x) => (x === "" || x === null ? h("span.none", { title: "empty" }, "· ") : scalar(x)));
    if (arr.length > MAX_TOKENS) shown.push(h("span.muted.small", ` … ${arr.length - MAX_TOKENS} more`));
    return h("span", shown);
  }
  const seats = ctx.seats || [];
  // one entry per seat (lists or objects): label each with the seat's name and symbol
  if (seats.length > 1 && arr.length === seats.length && arr.every((x) => !isScalar(x))) {
    // the viewer's own part is never folded away
    return h("div", arr.map((x, i) => h(`div.seat-block.${seatClass(i)}`,
      h("div.who", seatSymbol(i), seats[i] ? seats[i].name : `Seat ${i + 1}`, i === ctx.mySeat ? h("span.muted.small", " (you)") : null),
      renderValue(x, ctx, i === ctx.mySeat ? 0 : depth + 1))));
  }
  // a grid of short scalars
  if (arr.every((row) => Array.isArray(row) && row.every(isScalar)) && arr.length <= 30 && arr.every((r) => r.length <= 12)) {
    return h("table.grid", h("tbody", arr.map((row) => h("tr", row.map((c) => h("td", c === "" || c === null ? "·" : String(c)))))));
  }
  return h("div", arr.map((x, i) => h("div", h("span.muted.small", `#${i + 1} `), renderValue(x, ctx, depth + 1))));
}

// fields that name a seat by its number: shown with the seat's symbol and name
const SEAT_KEYS = new Set(["to_move", "turn", "leader", "first", "first_player", "active", "current", "responder", "turn_seat", "dealer", "starting_player"]);

function seatRef(value, ctx) {
  const seats = ctx.seats || [];
  if (!Number.isInteger(value) || value < 0 || value >= seats.length) return null;
  return h(`span.chip.${seatClass(value)}`, seatSymbol(value), seats[value].name);
}

function renderObject(obj, ctx, depth) {
  const entries = Object.entries(obj);
  if (!entries.length) return h("span.none", "—");
  const dl = h("dl", entries.flatMap(([k, v]) => [
    h("dt", humanize(k)),
    h("dd", (SEAT_KEYS.has(k) && seatRef(v, ctx)) || renderValue(v, ctx, depth + 1)),
  ]));
  if (depth >= 2 && size(obj) > 400) {
    return h("details", h("summary", `${entries.length} fields`), dl);
  }
  return dl;
}

/** The whole observation as a panel body. */
export function renderObservation(obs, ctx) {
  if (obs === null || obs === undefined) return h("p.empty", "Nothing to show yet.");
  return h("div.obs", renderValue(obs, ctx, 0));
}
